//! Counts of the loaded map.

use leptos::prelude::*;

use crate::bridge::Analysis;

/// Locations, powers, supply centres and the files read.
#[component]
pub fn SummaryPanel(
    /// The current analysis.
    analysis: Memo<Analysis>,
) -> impl IntoView {
    let summary = move || analysis.with(|it| it.summary.clone());
    view! {
        <section class="summary" aria-label="map summary">
            <dl>
                <div><dt>"Locations"</dt><dd data-testid="locations">{move || summary().locations}</dd></div>
                <div><dt>"Provinces"</dt><dd data-testid="provinces">{move || summary().provinces}</dd></div>
                <div><dt>"Coasts"</dt><dd data-testid="coasts">{move || summary().coasts}</dd></div>
                <div><dt>"Powers"</dt><dd data-testid="powers">{move || summary().powers}</dd></div>
                <div><dt>"Supply centres"</dt><dd data-testid="supply-centers">{move || summary().supply_centers}</dd></div>
            </dl>
            <p class="files">"Files: " {move || summary().files.join(", ")}" · read as "<span data-testid="dialect">{move || summary().dialect}</span></p>
        </section>
    }
}
