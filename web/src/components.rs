//! The page's components, one per file.

pub mod calendar;
pub mod diagnostics;
pub mod editor;
pub mod orders;
pub mod summary;
pub mod variant_picker;
