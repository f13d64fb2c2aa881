//! Picks a bundled variant to load into the editor.

use leptos::prelude::*;

use crate::bridge;

/// A select over the bundled variants.
#[component]
pub fn VariantPicker(
    /// The variant currently loaded.
    selected: Signal<String>,
    /// Called with the variant name the user picks.
    on_pick: impl Fn(String) + 'static,
) -> impl IntoView {
    view! {
        <label class="picker">
            "Variant "
            <select
                data-testid="variant"
                on:change=move |ev| on_pick(event_target_value(&ev))
                prop:value=move || selected.get()
            >
                {bridge::variants().into_iter().map(|name| view! { <option value=name>{name}</option> }).collect_view()}
            </select>
        </label>
    }
}
