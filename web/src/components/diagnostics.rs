//! The diagnostics list: `[Ln, Col] code message` per diagnostic, in file
//! order; a click shows the place in the editor (opening its file), and a
//! machine-applicable fix has its button. A newcomer's mistake comes with
//! the diagnostics it set off folded under it (counted, expandable).

use leptos::prelude::*;

use crate::bridge::{self, Analysis, noun_for};
use crate::doc::Doc;

/// Rows drawn at most (a file with thousands of errors stays responsive:
/// 300 rows took 32 ms to build after a 10,000-province paste, 56 ms after
/// a 2 MB one, in one task).
const SHOWN: usize = 100;

/// Every diagnostic with its position, or a note that there are none.
#[component]
pub fn DiagnosticsPanel(
    /// The current analysis.
    analysis: Memo<Analysis>,
    /// The document (where a click goes, what a fix changes).
    doc: Doc,
) -> impl IntoView {
    // Keyed by position and content: a check that changes one diagnostic
    // rebuilds that row, not the list.
    // A newcomer's mistake shows first, the cascade it set off folded
    // under it.
    let rows = move || {
        analysis.with(|it| {
            it.diagnostics
                .iter()
                .filter(|row| !row.folded)
                .take(SHOWN)
                .cloned()
                .enumerate()
                .collect::<Vec<_>>()
        })
    };
    let more = move || {
        analysis.with(|it| {
            let shown = it.diagnostics.iter().filter(|row| !row.folded).count();
            (shown > SHOWN)
                .then(|| format!("… and {} more (fix the first ones first)", shown - SHOWN))
        })
    };
    view! {
        <section class="diagnostics" aria-label="diagnostics">
            <h2>
                "Diagnostics "
                <span data-testid="error-count">{move || analysis.with(|it| it.errors)}</span>
                {move || format!(" {}, ", noun_for(analysis.with(|it| it.errors), "error"))}
                <span data-testid="warning-count">{move || analysis.with(|it| it.warnings)}</span>
                {move || format!(" {}", noun_for(analysis.with(|it| it.warnings), "warning"))}
            </h2>
            <ul data-testid="diagnostics" role="list">
                <For each=rows key=|(idx, row)| (*idx, row.clone()) let:item>{{
                    let row = item.1;
                    let place = format!("[Ln {}, Col {}]", row.line, row.column);
                    let file = row.file.clone().map(|f| format!("{f} "));
                    let target = (row.path.clone(), row.span.0, row.span.1);
                    let fix = row.fix.clone();
                    let severity = row.severity;
                    view! {
                        <li class=format!("diag {severity}") data-code=row.code data-path=row.path.clone() role="listitem">
                            <button
                                type="button"
                                class="go"
                                data-testid="diagnostic"
                                title="show in the editor"
                                on:click=move |_| doc.reveal.set(Some(target.clone()))
                            >
                                <span class="where">{file}{place}</span>
                                " "<span class="sev">{severity}"["{row.code}"]"</span>
                                " "<span class="msg">{row.message.clone()}</span>
                            </button>
                            {row.help.clone().map(|help| view! { <div class="help">{help}</div> })}
                            {(!row.caused.is_empty()).then(|| {
                                let caused: Vec<String> = analysis.with_untracked(|a| {
                                    row.caused
                                        .iter()
                                        .filter_map(|&i| a.diagnostics.get(i))
                                        .map(bridge::caused_line)
                                        .collect()
                                });
                                let title = format!(
                                    "{} more follow{} from it",
                                    caused.len(),
                                    if caused.len() == 1 { "s" } else { "" }
                                );
                                view! {
                                    <details class="caused" data-testid="caused">
                                        <summary>{title}</summary>
                                        <ul>{caused.into_iter().map(|c| view! { <li>{c}</li> }).collect_view()}</ul>
                                    </details>
                                }
                            })}
                            {fix.map(|fix| {
                                let label = format!("Fix: {}", fix.description);
                                view! {
                                    <button
                                        type="button"
                                        class="fix"
                                        data-testid="quick-fix"
                                        on:click=move |_| doc.change(None, |w| bridge::apply_fix(w, &fix))
                                    >{label}</button>
                                }
                            })}
                        </li>
                    }
                }}</For>
            </ul>
            <p class="more">{more}</p>
        </section>
    }
}
