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
use crate::components::file_io::FileIo;
use crate::components::file_tabs::FileTabs;
use crate::components::help::Help;
use crate::components::map_view::MapView;
use crate::components::orders::OrdersPanel;
use crate::components::summary::SummaryPanel;
use crate::components::variant_picker::VariantPicker;
use crate::doc::Doc;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let doc = Doc::new("standard");
    // The variant the files started from (a bundled name, or the stem of
    // an opened .map file).
    let variant: Signal<String> =
        Memo::new(move |_| doc.workspace.with(|w| w.variant.clone())).into();
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
    // Files dropped on the editor open like picked ones.
    let file_note = RwSignal::new(String::new());
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        let Some(list) = ev.data_transfer().and_then(|dt| dt.files()) else { return };
        leptos::task::spawn_local(async move {
            let files = crate::components::file_io::read_files(list).await;
            file_note.set(crate::components::file_io::open_into(doc, &files));
        });
    };
    // Edits left by picking another variant are kept (one set), with a
    // button to go back to them.
    let kept = RwSignal::new(None::<Workspace>);
    let on_pick = move |name: String| {
        let current = doc.workspace.get_untracked();
        if current.is_edited() {
            kept.set(Some(current));
        }
        doc.replace(Workspace::bundled(&name));
    };
    view! {
        <header class="bar">
            <h1>"judgepad"</h1>
            <span class="tagline">"DPjudge map playground"</span>
            <VariantPicker selected=variant on_pick=on_pick />
            {move || kept.get().map(|w| {
                let label = format!("Back to your edited {}", w.variant);
                view! {
                    <button type="button" data-testid="restore-edits" on:click=move |_| {
                        if let Some(w) = kept.get_untracked() {
                            kept.set(None);
                            doc.replace(w);
                        }
                    }>{label}</button>
                }
            })}
            <Help />
        </header>
        <main class="layout">
            <section
                class="editing"
                aria-label="editor"
                on:dragover=move |ev: leptos::ev::DragEvent| ev.prevent_default()
                on:drop=on_drop
            >
                <FileIo doc=doc note=file_note />
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
