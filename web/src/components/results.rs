//! The results of a played phase: one row per unit (`data-unit`,
//! `data-result`) with the order carried out and why; a failure the map's
//! geography decided links to the `.map` line that forbids it. Shows the
//! phase on screen, or the last played one while orders are written.

use leptos::prelude::*;

use crate::bridge::{self, ResultRow};
use crate::doc::Doc;
use crate::play::Play;

/// The results list.
#[component]
pub fn Results(play: Play, doc: Doc) -> impl IntoView {
    // The played phase shown: the one on screen, else the last one.
    let shown = Memo::new(move |_| {
        let view = play.view.get();
        play.session
            .with(|s| s.as_ref().and_then(|s| view.or_else(|| s.game.history.len().checked_sub(1))))
    });
    // The lines of that phase's orders that could not be read.
    let unread = Memo::new(move |_| {
        let index = shown.get();
        play.session.with(|s| {
            s.as_ref()
                .and_then(|s| s.played.get(index?))
                .map(|p| p.problems.clone())
                .unwrap_or_default()
        })
    });
    let rows = Memo::new(move |_| {
        let index = shown.get();
        play.session.with(|s| {
            let Some(s) = s else { return (String::new(), Vec::new()) };
            match index.and_then(|i| s.game.history.get(i)) {
                Some(turn) => {
                    let mut rows = bridge::result_rows(turn);
                    rows.extend(turn.morphs.iter().map(|m| ResultRow {
                        unit: m.unit.clone(),
                        order: String::new(),
                        result: "changed",
                        reason: m.to_string(),
                        forbidden: None,
                    }));
                    (format!("Results of {}", turn.phase.long_name()), rows)
                }
                None => (String::new(), Vec::new()),
            }
        })
    });
    // A new adjudication's results are scrolled into view (they landed
    // below the fold): once they are on the page, in the next frame.
    let box_ref = NodeRef::<leptos::html::Div>::new();
    let played =
        Memo::new(move |_| play.session.with(|s| s.as_ref().map_or(0, |s| s.game.history.len())));
    Effect::new(move |before: Option<(usize, u64)>| {
        let now = (played.get(), play.adjudicated.get_untracked());
        // One phase more after an adjudication; a game replayed (a link, a
        // new map) is not scrolled to, even one phase longer.
        if before.is_some_and(|(b, asked)| now.0 == b + 1 && now.1 != asked) {
            request_animation_frame(move || {
                if let Some(el) = box_ref.get_untracked() {
                    let options = web_sys::ScrollIntoViewOptions::new();
                    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                    options.set_behavior(web_sys::ScrollBehavior::Smooth);
                    el.scroll_into_view_with_scroll_into_view_options(&options);
                }
            });
        }
        now
    });
    view! {
        <div class="results-box" node_ref=box_ref>
            <h3>{move || rows.with(|r| r.0.clone())}</h3>
            <ul class="problems" data-testid="results-problems">
                {move || unread.get().into_iter().map(|row| view! {
                    <li class=format!("diag {}", row.severity) data-code=row.code>
                        {format!("[{}, {}] {}", row.line, row.column, row.message)}
                    </li>
                }).collect_view()}
            </ul>
            <ul class="results" data-testid="results">
                <For each=move || rows.with(|r| r.1.clone()) key=|r: &ResultRow| r.clone() let:row>
                    {
                        let ResultRow { unit, order, result, reason, forbidden } = row;
                        view! {
                            <li class=format!("result {result}") data-unit=unit data-result=result>
                                <span class="order">{order}</span>" "
                                <span class="outcome">{result}</span>" "
                                <span class="reason">{reason}</span>
                                {forbidden.map(|(path, start, end)| view! {
                                    " "
                                    <button type="button" class="link" data-testid="forbidden-by"
                                        title="show the map line that forbids it"
                                        on:click=move |_| {
                                            doc.reveal.set(Some((path.clone(), start, end)));
                                        }>"map line"</button>
                                })}
                            </li>
                        }
                    }
                </For>
            </ul>
        </div>
    }
}
