//! Bot games in the page (issue 31): plays N games of the variant with the
//! core's bots, a few at a time between frames (the page never blocks),
//! with progress and Cancel; per power its solo wins, survivals,
//! eliminations, mean final centres and a small chart of its centres by
//! year, then who most often takes each neutral centre first. A change of
//! the map stops a run (its figures would be of another map).

use leptos::prelude::*;

use judgepad_core::diagnostics::Diagnostic;
use judgepad_core::playout::Lab;

use crate::bridge::Loaded;
use crate::bridge::playout::{CHART, PlayoutRow, rows_of, takers};

/// Time a chunk of games may take before the page gets a frame (ms; a
/// task under 50 ms does not block input).
const CHUNK_MS: f64 = 25.0;

/// How often the table follows the games played (ms): the figures of all
/// games so far are worked out afresh each time.
const REDRAW_MS: f64 = 400.0;

/// The bot games section.
#[component]
pub fn PlayoutPanel(
    /// The loaded map.
    loaded: Memo<Loaded>,
) -> impl IntoView {
    let games = RwSignal::new(100u32);
    let years = RwSignal::new(10u32);
    let seed = RwSignal::new(1u64);
    let running = RwSignal::new(false);
    let progress = RwSignal::new((0u32, 0u32));
    let shown = RwSignal::new(None::<(Vec<PlayoutRow>, Vec<String>)>);
    let note = RwSignal::new(None::<String>);
    // Bumped to stop a run: each run checks it is still the newest.
    let generation = StoredValue::new(0u64);
    let stop = move || {
        generation.update_value(|g| *g += 1);
        running.set(false);
    };
    // Another map: the run in progress stops.
    Effect::new(move |first: Option<()>| {
        loaded.track();
        if first.is_some() && running.get_untracked() {
            stop();
            note.set(Some("Stopped: the map changed.".to_string()));
        }
    });
    let run = move |_| {
        let map = loaded.with_untracked(|l| {
            let broken = l.diags.iter().any(Diagnostic::is_error);
            (!broken && !l.map.powers.is_empty()).then(|| l.map.clone())
        });
        let Some(map) = map else {
            note.set(Some("Fix the map's errors to play it.".to_string()));
            return;
        };
        if let Some(why) = judgepad_core::playout::unplayable(&map) {
            note.set(Some(format!("The bots cannot play this map: {why}.")));
            return;
        }
        stop();
        let id = generation.get_value();
        let (n, years, seed) = (games.get_untracked(), years.get_untracked(), seed.get_untracked());
        note.set(None);
        running.set(true);
        progress.set((0, n));
        leptos::task::spawn_local(async move {
            let mut lab = Lab::new(&map, years, seed);
            let mut drawn = f64::NEG_INFINITY;
            while lab.played() < n {
                if generation.get_value() != id {
                    return;
                }
                let start = crate::doc::now_ms();
                // A phase at a time: a game of a big map (imperial) is
                // longer than a chunk.
                while lab.played() < n && crate::doc::now_ms() - start < CHUNK_MS {
                    lab.step();
                }
                progress.set((lab.played(), n));
                let now = crate::doc::now_ms();
                if lab.played() == n || now - drawn >= REDRAW_MS {
                    drawn = now;
                    let figures = lab.figures();
                    shown.set(Some((rows_of(&map, &figures), takers(&map, &figures))));
                }
                crate::tasks::next_task().await;
            }
            if generation.get_value() == id {
                running.set(false);
            }
        });
    };
    let number = |signal: RwSignal<u32>, max: u32| {
        move |ev: leptos::ev::Event| {
            if let Ok(v) = event_target_value(&ev).trim().parse::<u32>() {
                signal.set(v.clamp(1, max));
            }
        }
    };
    view! {
        <section class="playout" data-testid="playout" aria-label="bot games">
            <h3>"Bot games"</h3>
            <p class="hint">"Every power a simple bot: it takes and holds centres, supports moves into contested ones and defends its own; none sees another's orders."</p>
            <div class="playout-controls">
                <label>"Games " <input type="number" min="1" max="1000" data-testid="playout-games"
                    prop:value=move || games.get().to_string() on:change=number(games, 1000) /></label>
                <label>"Years " <input type="number" min="1" max="100" data-testid="playout-years"
                    prop:value=move || years.get().to_string() on:change=number(years, 100) /></label>
                <label>"Seed " <input type="number" min="0" data-testid="playout-seed"
                    prop:value=move || seed.get().to_string()
                    on:change=move |ev| {
                        if let Ok(v) = event_target_value(&ev).trim().parse::<u64>() {
                            seed.set(v);
                        }
                    } /></label>
                <button type="button" data-testid="playout-run" on:click=run disabled=move || running.get()>"Play"</button>
                <button type="button" data-testid="playout-cancel" on:click=move |_| stop() disabled=move || !running.get()>"Cancel"</button>
                <span data-testid="playout-progress" aria-live="polite">{move || {
                    let (done, of) = progress.get();
                    (of > 0).then(|| format!("{done} of {of} games"))
                }}</span>
            </div>
            {move || note.get().map(|n| view! { <p class="hint" data-testid="playout-note">{n}</p> })}
            {move || shown.get().map(|(rows, taken)| view! {
                <div class="playout-table"><table>
                    <thead><tr>
                        <th scope="col">"Power"</th>
                        <th scope="col" title="games won alone">"Solos"</th>
                        <th scope="col" title="games ended with a centre or a unit">"Survived"</th>
                        <th scope="col" title="games ended with neither">"Out"</th>
                        <th scope="col" title="mean centres at the end">"Mean"</th>
                        <th scope="col" title="centres by year: the median, in the band of the middle half of the games">"By year"</th>
                    </tr></thead>
                    <tbody>
                        {rows.into_iter().map(|row| view! {
                            <tr data-power=row.power.clone()>
                                <th scope="row">{row.power.clone()}</th>
                                <td class="solos">{row.solos}</td>
                                <td class="survivals">{row.survivals}</td>
                                <td class="eliminations">{row.eliminations}</td>
                                <td class="mean">{row.mean.clone()}</td>
                                <td>
                                    <svg class="playout-chart" viewBox=format!("0 0 {} {}", CHART.0, CHART.1)
                                        width=CHART.0 height=CHART.1 role="img" aria-label=row.by_year.clone()>
                                        <path class="band" d=row.band.clone() />
                                        <path class="median" d=row.median.clone() />
                                    </svg>
                                </td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table></div>
                <p class="hint" data-testid="playout-takers">"Most often first to take: " {taken.join(" · ")}</p>
            })}
        </section>
    }
}
