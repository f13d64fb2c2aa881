//! The page's components, one per file.

pub mod app_header;
pub mod balance_panel;
pub mod calendar;
pub mod diagnostics;
pub mod diff_view;
pub mod drafts;
pub mod drag_ghost;
pub mod drawing_layer;
pub mod editor;
pub mod editor_foot;
pub mod editor_gutter;
pub mod editor_layer;
pub mod export_menu;
pub mod file_io;
pub mod file_tabs;
pub mod first_map;
pub mod foreign_panel;
pub mod foreign_view;
pub mod help;
pub mod map_card;
pub mod map_status;
pub mod map_tools;
pub mod map_view;
pub mod njudge_import;
pub mod order_tools;
pub mod orders;
pub mod phone_tabs;
pub mod play_layer;
pub mod play_note;
pub mod playout_panel;
pub mod position_tools;
pub mod power_orders;
pub mod results;
pub mod scenarios;
pub mod share_bar;
pub mod splitter;
pub mod stepper;
pub mod summary;
pub mod theme_toggle;
pub mod undo_note;
pub mod units_layer;
pub mod variant_picker;
pub mod xconq_view;

/// Whether a key event comes from a text field (where keys type text, so
/// page shortcuts such as `?` and the arrows must leave them alone).
pub fn in_text_field(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "TEXTAREA" | "INPUT" | "SELECT"))
}
