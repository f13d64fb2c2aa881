//! The phone's views (below 800 px the editor, the map and the panels are
//! tabs): toggle buttons, not `role=tab` (the file tabs own that role).
//! Going to a place in the text (a diagnostic, a map line) shows the
//! editor.

use leptos::prelude::*;

use crate::doc::Doc;

/// The views' buttons.
#[component]
pub fn PhoneTabs(
    /// The view shown: "editor", "map" or "panels".
    tab: RwSignal<&'static str>,
    /// The document (a place revealed in the text shows the editor).
    doc: Doc,
) -> impl IntoView {
    Effect::new(move |first: Option<()>| {
        if doc.reveal.with(Option::is_some) && first.is_some() {
            tab.set("editor");
        }
    });
    let button = move |name: &'static str, label: &'static str| {
        view! {
            <button
                type="button"
                data-testid=format!("phone-tab-{name}")
                aria-pressed=move || (tab.get() == name).to_string()
                on:click=move |_| tab.set(name)
            >{label}</button>
        }
    };
    view! {
        <nav class="phone-tabs" aria-label="views">
            {button("editor", "Editor")}
            {button("map", "Map")}
            {button("panels", "Orders and panels")}
        </nav>
    }
}
