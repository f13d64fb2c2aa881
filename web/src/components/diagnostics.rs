//! The diagnostics list.

use leptos::prelude::*;

use crate::bridge::Analysis;

/// Every diagnostic with its position, or a note that there are none.
#[component]
pub fn DiagnosticsPanel(
    /// The current analysis.
    analysis: Memo<Analysis>,
) -> impl IntoView {
    let rows = move || analysis.with(|it| it.diagnostics.clone());
    view! {
        <section class="diagnostics" aria-label="diagnostics">
            <h2>
                "Diagnostics "
                <span data-testid="error-count">{move || analysis.with(|it| it.errors)}</span>" errors, "
                <span data-testid="warning-count">{move || analysis.with(|it| it.warnings)}</span>" warnings"
            </h2>
            <ul data-testid="diagnostics">
                {move || rows().into_iter().map(|row| {
                    let place = match &row.file {
                        Some(file) => format!("{file}:{}:{}", row.line, row.column),
                        None => format!("{}:{}", row.line, row.column),
                    };
                    view! {
                        <li class=format!("diag {}", row.severity) data-code=row.code>
                            <span class="where">{place}</span>
                            " "<span class="sev">{row.severity}"["{row.code}"]"</span>
                            " "<span class="msg">{row.message.clone()}</span>
                            {row.help.clone().map(|help| view! { <div class="help">{help}</div> })}
                        </li>
                    }
                }).collect_view()}
            </ul>
        </section>
    }
}
