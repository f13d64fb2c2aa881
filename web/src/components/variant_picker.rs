//! Picks a bundled variant to load into the editor. Each option says what
//! the variant is (powers, centres, provinces, start, base map, specials);
//! the descriptions are worked out after the page is up, a few variants per
//! tick, so the first paint never waits for 44 maps to load. Beside it,
//! what the map on screen is, as typed (a variant of the user's own is
//! listed under its own name).

use std::collections::BTreeMap;

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
    let described = RwSignal::new(BTreeMap::<String, String>::new());
    let names = bridge::variants();
    // One variant per tick, after the first paint.
    fn next(described: RwSignal<BTreeMap<String, String>>, names: Vec<&'static str>, at: usize) {
        let Some(&name) = names.get(at) else { return };
        set_timeout(
            move || {
                let loaded = bridge::load(&format!("{name}.map"), &bridge::variant_text(name));
                let text = bridge::describe(&loaded.map);
                described.update(|d| {
                    d.insert(name.to_string(), text);
                });
                next(described, names, at + 1);
            },
            std::time::Duration::from_millis(if at == 0 { 300 } else { 0 }),
        );
    }
    next(described, names.clone(), 0);
    let names_now = bridge::variants;
    view! {
        <label class="picker">
            "Variant "
            <select
                data-testid="variant"
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
                    let label = move || match described.with(|d| d.get(name).cloned()) {
                        Some(text) => format!("{name} — {text}"),
                        None => name.to_string(),
                    };
                    view! { <option value=name>{label}</option> }
                }).collect_view()}
            </select>
        </label>
        <span class="about" data-testid="variant-about" title=about>{about}</span>
    }
}
