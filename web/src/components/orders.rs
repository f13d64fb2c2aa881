//! Orders for every power, adjudicated in the browser, phase by phase.

use leptos::prelude::*;

use judgepad_core::game::{Game, Status};

use crate::bridge::{self, DiagnosticRow, ResultRow};

/// The game panel: the current phase, an orders box, Adjudicate and Undo,
/// the results of the last phase and the position.
#[component]
pub fn OrdersPanel(
    /// The game on the current map (`None` while the map has errors).
    game: RwSignal<Option<Game>>,
    /// The variant picked: another variant clears the results.
    variant: Signal<String>,
    /// The orders being written (the app clears them on a new variant).
    orders: RwSignal<String>,
    /// The orders of each played phase (what a share link replays).
    played: RwSignal<Vec<String>>,
) -> impl IntoView {
    let results: RwSignal<Vec<ResultRow>> = RwSignal::new(Vec::new());
    let problems: RwSignal<Vec<DiagnosticRow>> = RwSignal::new(Vec::new());
    // Results belong to the variant they were made on.
    Effect::new(move |_| {
        variant.with(|_| ());
        results.set(Vec::new());
        problems.set(Vec::new());
    });
    let phase = move || {
        game.with(|it| match it {
            None => "fix the map's errors to play".to_string(),
            Some(game) => match &game.status {
                Status::Playing => format!("{} — {}", game.phase.abbr(), game.phase.long_name()),
                Status::Won(winners) => {
                    let names: Vec<String> =
                        winners.iter().map(|&it| game.map.pow(it).display.clone()).collect();
                    format!("{} — won by {}", game.phase.abbr(), names.join(", "))
                }
            },
        })
    };
    let adjudicate = move |_| {
        let text = orders.get_untracked();
        game.update(|it| {
            let Some(game) = it else { return };
            let (read, diags) = bridge::read_orders(game, &text);
            problems.set(diags);
            let turn = game.advance(&read);
            results.set(bridge::result_rows(turn));
            played.update(|log| log.push(text.clone()));
        });
    };
    let undo = move |_| {
        game.update(|it| {
            if let Some(game) = it
                && game.undo()
            {
                played.update(|log| {
                    log.pop();
                });
            }
        });
        results.set(Vec::new());
        problems.set(Vec::new());
    };
    let position =
        move || game.with(|it| it.as_ref().map(bridge::position_rows).unwrap_or_default());
    view! {
        <section class="orders" aria-label="orders">
            <h2>"Play " <span data-testid="phase">{phase}</span></h2>
            <textarea
                class="orders-text"
                data-testid="orders"
                spellcheck="false"
                placeholder="FRANCE: A PAR - BUR\nGERMANY\nA MUN - RUH"
                prop:value=move || orders.get()
                on:input=move |ev| orders.set(event_target_value(&ev))
            ></textarea>
            <div class="buttons">
                <button data-testid="adjudicate" on:click=adjudicate disabled=move || game.with(|it| it.as_ref().is_none_or(|g| g.status != Status::Playing))>
                    "Adjudicate"
                </button>
                <button data-testid="undo" on:click=undo disabled=move || game.with(|it| it.as_ref().is_none_or(|g| g.history.is_empty()))>
                    "Undo"
                </button>
            </div>
            <ul class="problems" data-testid="order-problems">
                {move || problems.get().into_iter().map(|row| view! {
                    <li class="diag error" data-code=row.code>{format!("{}:{} {}", row.line, row.column, row.message)}</li>
                }).collect_view()}
            </ul>
            <ul class="results" data-testid="results">
                {move || results.get().into_iter().map(|row| view! {
                    <li class=format!("result {}", row.result) data-unit=row.unit.clone()>
                        <span class="order">{row.order}</span>" "
                        <span class="outcome">{row.result}</span>" "
                        <span class="reason">{row.reason}</span>
                    </li>
                }).collect_view()}
            </ul>
            <dl class="position" data-testid="position">
                {move || position().into_iter().map(|(power, units)| view! {
                    <div><dt>{power}</dt><dd>{units.join(", ")}</dd></div>
                }).collect_view()}
            </dl>
        </section>
    }
}
