//! The Scenarios panel: the variant's `# @scenario` blocks run after every
//! settled edit (`[data-testid=scenario]` rows with `data-result` ok or
//! failed, each difference listed; a click shows the block), and "Save as
//! scenario": the current position and orders written into the top-level
//! file as a new block expecting what the adjudicator gives now.

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::scenarios::{ScenarioRow, from_game, run_all};
use crate::doc::Doc;
use crate::play::Play;

/// The panel.
#[component]
pub fn Scenarios(loaded: Memo<Loaded>, play: Play, doc: Doc) -> impl IntoView {
    let rows = Memo::new(move |_| loaded.with(run_all));
    let save = move |_| {
        let count = rows.with_untracked(Vec::len);
        let block = play.session.with_untracked(|s| {
            let s = s.as_ref()?;
            let text = play.orders.get_untracked();
            let (orders, _) = crate::bridge::read_orders(&s.game, &text);
            Some(from_game(&s.game, &orders, &format!("saved-{}", count + 1)))
        });
        let Some(block) = block else { return };
        doc.change(None, |w| {
            let root = w.root.clone();
            w.edit(&root, |text| {
                let sep = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
                format!("{text}{sep}{block}")
            });
        });
    };
    let summary = move || {
        rows.with(|rows| {
            let failed = rows.iter().filter(|r| !r.ok).count();
            match (rows.len(), failed) {
                (0, _) => "none yet".to_string(),
                (n, 0) => format!("{n} ok"),
                (n, f) => format!("{f} of {n} failed"),
            }
        })
    };
    view! {
        <section class="scenarios" aria-label="scenarios">
            <h2>"Scenarios " <span class="muted" data-testid="scenario-summary">{summary}</span></h2>
            <button type="button" data-testid="save-scenario"
                title="write the current position and orders into the map as a scenario"
                disabled=move || play.session.with(Option::is_none) || play.view.get().is_some()
                on:click=save>"Save position as scenario"</button>
            <ul>
                <For each=move || rows.get() key=|r: &ScenarioRow| r.clone() let:row>
                    {
                        let ScenarioRow { id, title, ok, path, span, details } = row;
                        let result = if ok { "ok" } else { "failed" };
                        let name = id.clone();
                        view! {
                            <li class=format!("scenario {result}") data-testid="scenario" data-result=result data-id=id.clone()>
                                <button type="button" class="go" on:click=move |_| {
                                    doc.reveal.set(Some((path.clone(), span.0, span.1)));
                                }>
                                    <span class="verdict">{if ok { "ok" } else { "FAILED" }}</span>" "
                                    <strong>{name}</strong>" "{title}
                                </button>
                                <ul class="details">
                                    {details.into_iter().map(|d| view! { <li>{d}</li> }).collect_view()}
                                </ul>
                            </li>
                        }
                    }
                </For>
            </ul>
        </section>
    }
}
