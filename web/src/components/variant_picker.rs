//! Picks a bundled variant to load into the editor. Each option shows the
//! variant's name, whole at every width (a description in the box was cut
//! off at its edge); what the variant is (powers, centres, provinces,
//! start, base map, specials) is the option's tooltip and the picker's,
//! worked out ahead (`bridge::described`): the page never loads 44 maps to
//! say them. Beside it, what the map on screen is, as typed (a variant of
//! the user's own is listed under its own name).

use leptos::prelude::*;

use crate::bridge;

/// A select over the bundled variants, and the picked one's description.
#[component]
pub fn VariantPicker(
    /// The variant currently loaded.
    selected: Signal<String>,
    /// What the map on screen is (powers, centres, provinces, …).
    about: Memo<String>,
    /// Called with the variant name the user picks.
    on_pick: impl Fn(String) + 'static,
) -> impl IntoView {
    let names = bridge::variants();
    let names_now = bridge::variants;
    view! {
        <label class="picker">
            "Variant "
            <select
                data-testid="variant"
                title=move || {
                    let name = selected.get();
                    match bridge::described(&name) {
                        Some(text) => format!("{name}: {text}"),
                        None => name,
                    }
                }
                on:change=move |ev| on_pick(event_target_value(&ev))
                prop:value=move || selected.get()
            >
                {move || {
                    let name = selected.get();
                    (!names_now().contains(&name.as_str())).then(|| {
                        let label = format!("{name} — your variant");
                        view! { <option value=name>{label}</option> }
                    })
                }}
                {names.into_iter().map(|name| {
                    let about = bridge::described(name).unwrap_or_default();
                    view! { <option value=name title=about>{name}</option> }
                }).collect_view()}
            </select>
        </label>
        // In pieces (" · " between them): the pieces that do not fit the
        // row wrap out of sight whole, none is cut mid-word.
        <span class="about" data-testid="variant-about" title=about>
            {move || about.with(|text| {
                text.split(" · ").enumerate().map(|(at, part)| {
                    let part = if at == 0 { part.to_string() } else { format!(" · {part}") };
                    view! { <span class="part">{part}</span> }
                }).collect_view()
            })}
        </span>
    }
}
