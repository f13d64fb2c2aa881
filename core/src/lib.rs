//! judgepad's core: the DPjudge map language, the calendar, orders and the
//! adjudicator, as pure functions over plain data.
//!
//! Reading order: [`text`] (spans, line/column conversion) and
//! [`diagnostics`] (the diagnostic model) first; then [`syntax`] (lossless
//! lexing and line classification), [`map`] (loading, validation and the
//! resolved [`map::Map`]), [`calendar`] (FLOW, phases, IN/FROM), [`orders`]
//! (order text over the map's names), [`board`] (the position),
//! [`adjudicate`] (movement, retreats, adjustments) and [`game`] (the loop).
//!
//! Invariants: no IO (files come through [`map::Sources`]), no clocks, no
//! panics on user input (everything that reads user text returns a value and
//! diagnostics), deterministic output (no hash-map iteration anywhere).

#![no_std]
// The page's release build (www/wasm-hook.mjs) compiles the loader's big
// functions for size: they run once per edit, and they are in the first load.
#![cfg_attr(judgepad_size, feature(optimize_attribute))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::std_instead_of_core, clippy::std_instead_of_alloc)]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod adjudicate;
#[cfg(feature = "json")]
pub mod api;
pub mod balance;
pub mod board;
#[cfg(feature = "bundled")]
pub mod bundled;
pub mod bundled_names;
pub mod calendar;
pub mod diagnostics;
pub mod diff;
pub mod export;
pub mod format;
pub mod game;
pub mod layout;
pub mod map;
pub mod name;
pub mod njudge;
mod omap;
pub mod orders;
pub mod playout;
pub mod rules;
pub mod scenario;
pub mod sorting;
pub mod syntax;
pub mod text;
pub mod xconq;

pub use diagnostics::{Diagnostic, Severity};
pub use map::{Map, Sources, load};

#[cfg(test)]
mod tests {
    /// Core results are plain data that can sit in a Leptos `Memo`.
    #[test]
    fn plain_data() {
        fn plain<T: Clone + PartialEq + Send + Sync + 'static>() {}
        plain::<crate::map::Map>();
        plain::<crate::diagnostics::Diagnostic>();
        plain::<crate::calendar::Calendar>();
        plain::<crate::board::Board>();
        plain::<crate::adjudicate::MovementResult>();
        plain::<crate::game::Game>();
        plain::<crate::syntax::Parse>();
    }
}
