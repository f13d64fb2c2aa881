//! The application shell: state and layout.
//!
//! The variant's files ([`Doc`]) are the single source of truth; the loaded
//! map, the analysis and the game are memos and effects of their settled
//! copy, so the checker never holds up a keystroke.

use leptos::prelude::*;

use crate::bridge::workspace::Workspace;
use crate::bridge::{self, Analysis};
use crate::components::calendar::CalendarPanel;
use crate::components::diagnostics::DiagnosticsPanel;
use crate::components::editor::Editor;
use crate::components::file_tabs::FileTabs;
use crate::components::map_view::MapView;
use crate::components::orders::OrdersPanel;
use crate::components::summary::SummaryPanel;
use crate::components::variant_picker::VariantPicker;
use crate::doc::Doc;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let variant = RwSignal::new(String::from("standard"));
    let doc = Doc::new("standard");
    // One load per settled change; the analysis and the game derive from it.
    let loaded = Memo::new(move |_| {
        let start = crate::doc::now_ms();
        let loaded = doc.settled.with(Workspace::load);
        doc.checked(crate::doc::now_ms() - start);
        loaded
    });
    let analysis: Memo<Analysis> = Memo::new(move |_| loaded.with(bridge::analysis_of));
    // The game restarts whenever the map changes.
    let game = RwSignal::new(None);
    Effect::new(move |_| game.set(loaded.with(bridge::game_of)));
    let on_pick = move |name: String| {
        doc.replace(Workspace::bundled(&name));
        variant.set(name);
    };
    view! {
        <header class="bar">
            <h1>"judgepad"</h1>
            <span class="tagline">"DPjudge map playground"</span>
            <VariantPicker selected=variant on_pick=on_pick />
        </header>
        <main class="layout">
            <section class="editing" aria-label="editor">
                <FileTabs doc=doc loaded=loaded />
                <Editor doc=doc analysis=analysis loaded=loaded />
            </section>
            <MapView loaded=loaded game=game doc=doc />
            <aside class="side">
                <SummaryPanel analysis=analysis />
                <DiagnosticsPanel analysis=analysis doc=doc />
                <OrdersPanel game=game variant=variant />
                <CalendarPanel analysis=analysis />
            </aside>
        </main>
    }
}
