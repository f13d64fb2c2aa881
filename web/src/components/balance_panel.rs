//! Balance at a glance: per power, its homes, the centres it reaches, the
//! neutral centres it reaches first or ties for, and the moves to its
//! nearest rival's home, as the designer types (`bridge::balance`). A
//! power's "Show" lights on the map the neutral centres it reaches first
//! or ties for.

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::balance::{BalanceView, PowerRow, view_of};
use crate::components::playout_panel::PlayoutPanel;

/// The balance table.
#[component]
pub fn BalancePanel(
    /// The loaded map.
    loaded: Memo<Loaded>,
    /// Provinces lit on the map.
    highlight: RwSignal<Vec<String>>,
) -> impl IntoView {
    // Worked out while the panel is open only: closed (as it starts), a
    // keystroke on imperial does not pay for it (1.3 ms of each in
    // Chromium's profile).
    let open = RwSignal::new(false);
    let details = NodeRef::<leptos::html::Details>::new();
    let view = Memo::new(move |_| {
        if open.get() { loaded.with(|l| view_of(&l.map)) } else { BalanceView::default() }
    });
    view! {
        <details class="balance" data-testid="balance" node_ref=details
            on:toggle=move |_| open.set(details.get_untracked().is_some_and(|d| d.open()))>
            <summary><h2>"Balance at a glance"</h2></summary>
            <p class="hint">"In moves of one unit from each power's home centres (a convoy across one sea: two)."</p>
            <table>
                <thead>
                    <tr>
                        <th scope="col">"Power"</th>
                        <th scope="col" title="home centres">"Homes"</th>
                        <th scope="col" title="supply centres it can reach at all">"Reach"</th>
                        <th scope="col" title="neutral centres it reaches before anyone">"First"</th>
                        <th scope="col" title="neutral centres it ties for">"Contested"</th>
                        <th scope="col" title="moves to the nearest home of another power">"Rival"</th>
                        <th scope="col"><span class="visually-hidden">"On the map"</span></th>
                    </tr>
                </thead>
                <tbody>
                    <For each=move || view.with(|v| v.powers.clone()) key=|row: &PowerRow| row.clone() let:row>
                        <tr data-power=row.power.clone()>
                            <th scope="row">{row.power.clone()}</th>
                            <td>{row.homes}</td>
                            <td>{row.reachable}</td>
                            <td class="first">{row.first.join(" ")}</td>
                            <td class="contested">{row.contested.join(", ")}</td>
                            <td class="rival">{row.rival.clone()}</td>
                            <td>
                                <button type="button" class="link" data-testid="balance-show"
                                    title="light on the map the neutral centres it reaches first or ties for"
                                    on:click={
                                        let centres: Vec<String> = row.first.iter().cloned()
                                            .chain(row.contested.iter().filter_map(|c| c.split_whitespace().next().map(String::from)))
                                            .collect();
                                        move |_| highlight.set(centres.clone())
                                    }>"Show"</button>
                            </td>
                        </tr>
                    </For>
                </tbody>
            </table>
            {move || {
                let unreached = view.with(|v| v.unreached.join(" "));
                (!unreached.is_empty()).then(|| view! {
                    <p class="hint" data-testid="unreached">"No power reaches: " {unreached}</p>
                })
            }}
            <PlayoutPanel loaded=loaded />
        </details>
    }
}
