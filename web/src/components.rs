//! The page's components, one per file.

pub mod calendar;
pub mod diagnostics;
pub mod diff_view;
pub mod drafts;
pub mod editor;
pub mod file_io;
pub mod file_tabs;
pub mod help;
pub mod map_view;
pub mod orders;
pub mod power_orders;
pub mod results;
pub mod scenarios;
pub mod share_bar;
pub mod stepper;
pub mod summary;
pub mod theme_toggle;
pub mod variant_picker;
