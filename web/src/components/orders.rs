//! The game panel: the phase and its stepper, the single orders box for
//! every power (`[data-testid=orders]`), live problems, the boxes per power,
//! Adjudicate (Ctrl+Enter) and Undo, the results of the phase on screen and
//! the position. Orders of a played phase can be changed: that asks, then
//! drops the phases after it.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use judgepad_core::game::Status;

use crate::bridge;
use crate::bridge::editor::{line_starts, utf16_offset};
use crate::bridge::order_checks::{OrderFix, OrderProblem, check_orders};
use crate::components::play_note::PlayNote;
use crate::components::power_orders::PowerOrders;
use crate::components::results::Results;
use crate::components::stepper::Stepper;
use crate::doc::Doc;
use crate::play::Play;

/// The game panel.
#[component]
pub fn OrdersPanel(play: Play, doc: Doc) -> impl IntoView {
    let phase = move || {
        play.session.with(|s| match s {
            None => match crate::replaying::progress() {
                Some((done, all)) => format!("replaying the game: {done} of {all} phases…"),
                None => "fix the map's errors to play".to_string(),
            },
            Some(s) => {
                let game = &s.game;
                match &game.status {
                    Status::Playing => {
                        format!("{} — {}", game.phase.abbr(), game.phase.long_name())
                    }
                    Status::Won(winners) => {
                        let names: Vec<String> =
                            winners.iter().map(|&it| game.map.pow(it).display.clone()).collect();
                        format!("{} — won by {}", game.phase.abbr(), names.join(", "))
                    }
                }
            }
        })
    };
    // The text in the box: the orders being written, or a played phase's.
    let text = move || match play.view.get() {
        None => play.orders.get(),
        Some(i) => play.log.with(|log| log.get(i).cloned().unwrap_or_default()),
    };
    // Live problems of the text on screen, against its position.
    let problems = Memo::new(move |_| -> Vec<OrderProblem> {
        let view = play.view.get();
        let text = text();
        play.session.with(|s| {
            let Some(s) = s else { return Vec::new() };
            match view {
                None => check_orders(&s.game, &text),
                Some(i) => s
                    .played
                    .get(i)
                    .map(|p| {
                        p.problems
                            .iter()
                            .map(|row| OrderProblem { row: row.clone(), fixes: Vec::new() })
                            .collect()
                    })
                    .unwrap_or_default(),
            }
        })
    });
    let area = NodeRef::<leptos::html::Textarea>::new();
    let on_input = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        if !play.edit(value) {
            // Not taken: the box shows the played text again.
            if let Some(el) = area.get_untracked() {
                el.set_value(&text());
            }
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if (ev.ctrl_key() || ev.meta_key()) && ev.key() == "Enter" {
            ev.prevent_default();
            play.adjudicate();
        }
    };
    // Ctrl+Enter adjudicates from anywhere but the editor.
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if !((ev.ctrl_key() || ev.meta_key()) && ev.key() == "Enter") {
            return;
        }
        let inside = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.closest(".editing, .orders").ok().flatten().is_some());
        if !inside {
            ev.prevent_default();
            play.adjudicate();
        }
    });
    on_cleanup(move || handle.remove());
    // A problem's line and column: select its line in the box.
    let jump = move |line: u32| {
        let Some(el) = area.get_untracked() else { return };
        let value = el.value();
        let starts = line_starts(&value);
        let idx = (line.saturating_sub(1) as usize).min(starts.len() - 1);
        let start = starts[idx];
        let end = starts.get(idx + 1).map_or(value.len(), |next| next - 1);
        let _ = el.focus();
        let _ = el.set_selection_range(utf16_offset(&value, start), utf16_offset(&value, end));
    };
    let can_play = move || {
        play.view.get().is_none()
            && play.session.with(|s| s.as_ref().is_some_and(|s| s.game.status == Status::Playing))
    };
    let position = move || {
        let view = play.view.get();
        play.session.with(|s| {
            s.as_ref()
                .map(|s| {
                    let (map, board) = s.position(view);
                    bridge::position_rows_of(map, board)
                })
                .unwrap_or_default()
        })
    };
    view! {
        <section class="orders" aria-label="orders">
            <h2>"Play " <span data-testid="phase">{phase}</span></h2>
            <Stepper play=play />
            {move || {
                let i = play.view.get()?;
                let name = play.session.with(|s| {
                    s.as_ref().and_then(|s| s.game.history.get(i)).map(|t| format!("{} — {}", t.phase.abbr(), t.phase.long_name()))
                })?;
                Some(view! {
                    <p class="shown-phase">
                        "Showing " <strong data-testid="shown-phase">{name}</strong> ", as played. "
                        <button type="button" class="link" on:click=move |_| play.view.set(None)>"Back to the current phase"</button>
                    </p>
                })
            }}
            <PlayNote play=play />
            <textarea
                class="orders-text"
                data-testid="orders"
                spellcheck="false"
                aria-label="orders for every power"
                placeholder=move || play.session.with(|s| s.as_ref().map(|s| bridge::entry::example_orders(&s.game))).unwrap_or_default()
                node_ref=area
                prop:value=text
                on:input=on_input
                on:keydown=on_key
            ></textarea>
            <div class="buttons">
                <button data-testid="adjudicate" title="Ctrl+Enter" on:click=move |_| play.adjudicate() disabled=move || !can_play()>
                    "Adjudicate"
                </button>
                <button data-testid="undo" on:click=move |_| play.undo() disabled=move || play.log.with(Vec::is_empty)>
                    "Undo"
                </button>
            </div>
            <ul class="problems" data-testid="order-problems">
                {move || problems.get().into_iter().map(|OrderProblem { row, fixes }| {
                    let line = row.line;
                    view! {
                        <li class=format!("diag {}", row.severity) data-code=row.code>
                            <button type="button" class="link" on:click=move |_| jump(line)>
                                {format!("[{}, {}]", row.line, row.column)}
                            </button>
                            " " {row.message}
                            {fixes.into_iter().map(|OrderFix { label, text }| view! {
                                " "
                                <button type="button" class="fix" data-testid="order-fix"
                                    on:click=move |_| { play.edit(text.clone()); }>{label}</button>
                            }).collect_view()}
                        </li>
                    }
                }).collect_view()}
            </ul>
            <PowerOrders play=play />
            <Results play=play doc=doc />
            <dl class="position" data-testid="position">
                <For each=position key=|row| row.clone() let:row>
                    <div><dt>{row.0}</dt><dd>{row.1.join(", ")}</dd></div>
                </For>
            </dl>
        </section>
    }
}
