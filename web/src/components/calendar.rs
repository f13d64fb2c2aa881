//! The calendar preview: the variant's first phases, from BEGIN.

use leptos::prelude::*;

use crate::bridge::Analysis;

/// Lists the first phases and marks those where IN/FROM blocks change the map.
#[component]
pub fn CalendarPanel(
    /// The current analysis.
    analysis: Memo<Analysis>,
) -> impl IntoView {
    let rows = move || analysis.with(|it| it.phases.clone());
    view! {
        <section class="calendar" aria-label="calendar">
            <h2>"Calendar"</h2>
            <ol data-testid="phases">
                {move || rows().into_iter().map(|row| {
                    let changes = row.changes.join(", ");
                    let has_changes = !changes.is_empty();
                    let abbr = row.abbr.clone();
                    view! {
                        <li data-abbr=abbr>
                            <span class="abbr">{row.abbr}</span>" "
                            <span class="name">{row.name}</span>
                            {has_changes.then(|| view! { <span class="changes">{changes}</span> })}
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
    }
}
