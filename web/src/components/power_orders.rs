//! The orders power by power: a collapsed entry per power with how many of
//! its orders are written, opening to its own box (editing it rewrites the
//! one orders text, power by power), its orders in normal form and what it
//! has not ordered yet. Entries are keyed by power, and an entry's box is
//! built only while it is open, so typing and adjudicating do not rebuild
//! them.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::bridge::entry::{self, PowerOrders as Part};
use crate::play::Play;

/// One entry per power.
#[component]
pub fn PowerOrders(play: Play) -> impl IntoView {
    let parts = Memo::new(move |_| {
        if play.view.get().is_some() {
            return Vec::new();
        }
        let text = play.orders.get();
        play.session
            .with(|s| s.as_ref().map(|s| entry::by_power(&s.game, &text)).unwrap_or_default())
    });
    // Powers with something to order or written, by name.
    let names = Memo::new(move |_| {
        parts.with(|parts| {
            parts
                .iter()
                .filter(|p| p.owed > 0 || !p.text.is_empty())
                .map(|p| (p.name.clone(), p.display.clone()))
                .collect::<Vec<_>>()
        })
    });
    let set = move |power: &str, lines: String| {
        let text = play.orders.get_untracked();
        let next = play.session.with_untracked(|s| {
            s.as_ref().map(|s| entry::set_power_text(&s.game, &text, power, &lines))
        });
        if let Some(next) = next {
            play.orders.set(next);
        }
    };
    view! {
        <div class="powers" data-testid="orders-by-power">
            <For each=move || names.get() key=|p| p.clone() let:power>
                {
                    let (name, display) = power;
                    let open = RwSignal::new(false);
                    let part = {
                        let name = name.clone();
                        move || parts.with(|parts| parts.iter().find(|p| p.name == name).cloned())
                    };
                    let count = {
                        let part = part.clone();
                        move || part().map(|p| format!("{}/{}", p.orders.len(), p.owed)).unwrap_or_default()
                    };
                    let power = name.clone();
                    view! {
                        <details class="power" data-power=name.clone()
                            on:toggle=move |ev| {
                                let shown = ev
                                    .target()
                                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                                    .is_some_and(|el| el.has_attribute("open"));
                                open.set(shown);
                            }>
                            <summary>
                                <span class="power-name">{display}</span>
                                " " <span class="count" data-testid="power-count">{count}</span>
                            </summary>
                            {move || open.get().then(|| {
                                let Part { text, orders, missing, .. } = part().unwrap_or_else(|| Part {
                                    name: String::new(),
                                    display: String::new(),
                                    text: String::new(),
                                    orders: Vec::new(),
                                    missing: Vec::new(),
                                    owed: 0,
                                });
                                let power = power.clone();
                                view! {
                                    <textarea
                                        class="power-text"
                                        data-testid="power-orders"
                                        spellcheck="false"
                                        aria-label=format!("orders of {power}")
                                        prop:value=text
                                        on:change=move |ev| set(&power, event_target_value(&ev))
                                    ></textarea>
                                    <ul class="normal">
                                        {orders.into_iter().map(|o| view! { <li>{o}</li> }).collect_view()}
                                    </ul>
                                    <ul class="missing" data-testid="missing">
                                        {missing.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}
                                    </ul>
                                }
                            })}
                        </details>
                    }
                }
            </For>
        </div>
    }
}
