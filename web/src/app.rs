//! The application shell: state and layout.
//!
//! The editor text is the single source of truth; the analysis is a memo of
//! it, so every keystroke re-checks the map (a few milliseconds for the
//! largest variants), and the game restarts on the new map.

use leptos::prelude::*;

use crate::bridge::{self, Analysis};
use crate::components::calendar::CalendarPanel;
use crate::components::diagnostics::DiagnosticsPanel;
use crate::components::editor::Editor;
use crate::components::map_view::MapView;
use crate::components::orders::OrdersPanel;
use crate::components::summary::SummaryPanel;
use crate::components::variant_picker::VariantPicker;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let variant = RwSignal::new(String::from("standard"));
    let text = RwSignal::new(bridge::variant_text("standard"));
    // One load per keystroke; the analysis and the game derive from it.
    let loaded = Memo::new(move |_| {
        let name = format!("{}.map", variant.get());
        text.with(|text| bridge::load(&name, text))
    });
    let analysis: Memo<Analysis> = Memo::new(move |_| loaded.with(bridge::analysis_of));
    // The game restarts whenever the map changes.
    let game = RwSignal::new(None);
    Effect::new(move |_| game.set(loaded.with(bridge::game_of)));
    let on_pick = move |name: String| {
        text.set(bridge::variant_text(&name));
        variant.set(name);
    };
    view! {
        <header class="bar">
            <h1>"judgepad"</h1>
            <span class="tagline">"DPjudge map playground"</span>
            <VariantPicker selected=variant on_pick=on_pick />
        </header>
        <main class="layout">
            <Editor text=text />
            <MapView loaded=loaded game=game text=text />
            <aside class="side">
                <SummaryPanel analysis=analysis />
                <DiagnosticsPanel analysis=analysis />
                <OrdersPanel game=game variant=variant />
                <CalendarPanel analysis=analysis />
            </aside>
        </main>
    }
}
