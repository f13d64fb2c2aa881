//! The orders power by power: a collapsed entry per power with how many of
//! its orders are written, opening to its own box (editing it rewrites the
//! one orders text, power by power), its orders in normal form and what it
//! has not ordered yet.

use leptos::prelude::*;

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
    let set = move |power: String, lines: String| {
        let text = play.orders.get_untracked();
        let next = play.session.with_untracked(|s| {
            s.as_ref().map(|s| entry::set_power_text(&s.game, &text, &power, &lines))
        });
        if let Some(next) = next {
            play.orders.set(next);
        }
    };
    // Powers with something to order or written.
    let shown = move || {
        parts.get().into_iter().filter(|p| p.owed > 0 || !p.text.is_empty()).collect::<Vec<_>>()
    };
    view! {
        <div class="powers" data-testid="orders-by-power">
            <For each=shown key=|p: &Part| p.clone() let:part>
                {
                    let Part { name, display, text, orders, missing, owed } = part;
                    let power = name.clone();
                    let count = format!("{}/{owed}", orders.len());
                    view! {
                        <details class="power" data-power=name.clone()>
                            <summary>
                                <span class="power-name">{display}</span>
                                " " <span class="count" data-testid="power-count">{count}</span>
                            </summary>
                            <textarea
                                class="power-text"
                                data-testid="power-orders"
                                spellcheck="false"
                                aria-label=format!("orders of {name}")
                                prop:value=text
                                on:change=move |ev| set(power.clone(), event_target_value(&ev))
                            ></textarea>
                            <ul class="normal">
                                {orders.into_iter().map(|o| view! { <li>{o}</li> }).collect_view()}
                            </ul>
                            <ul class="missing" data-testid="missing">
                                {missing.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}
                            </ul>
                        </details>
                    }
                }
            </For>
        </div>
    }
}
