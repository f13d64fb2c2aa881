//! The judgepad playground: a Leptos CSR app over `judgepad-core`.
//!
//! Reading order: [`bridge`] turns core results into view models (pure,
//! tested natively); [`app`] owns the state (the editor text is the single
//! source of truth, everything else is a memo of it); `components/` holds one
//! component per file; [`js_api`] installs `window.judgepad`. Only this crate
//! knows the DOM.

pub mod analysed;
pub mod app;
pub mod bridge;
pub mod components;
pub mod doc;
pub mod drawing;
pub mod editor_box;
pub mod editor_input;
pub mod editor_rows;
pub mod export;
pub mod js_api;
pub mod later;
pub mod library;
pub mod map_clicks;
pub mod map_keys;
pub mod map_pointer;
pub mod map_scene;
pub mod map_stage;
pub mod persist;
pub mod play;
pub mod replaying;
pub mod sessions;
pub mod stepped;
pub mod tasks;
#[cfg(test)]
mod test_maps;
pub mod warm;
pub mod worker;

pub use app::App;
