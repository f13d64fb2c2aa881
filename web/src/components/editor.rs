//! The map text editor (a plain textarea for now).

use leptos::prelude::*;

/// Edits the map text.
#[component]
pub fn Editor(
    /// The map text; written on every input event.
    text: RwSignal<String>,
) -> impl IntoView {
    view! {
        <textarea
            class="editor"
            data-testid="editor"
            spellcheck="false"
            autocomplete="off"
            aria-label="map file"
            prop:value=move || text.get()
            on:input=move |ev| text.set(event_target_value(&ev))
        ></textarea>
    }
}
