//! The application shell: state and layout.
//!
//! The variant's files ([`Doc`]) are the single source of truth; the loaded
//! map, the analysis and the game are memos and effects of their settled
//! copy, so the checker never holds up a keystroke.

use leptos::prelude::*;

use crate::bridge;
use crate::bridge::share;
use crate::bridge::workspace::Workspace;
use crate::components::app_header::AppHeader;
use crate::components::diagnostics::DiagnosticsPanel;
use crate::components::editor::Editor;
use crate::components::file_tabs::FileTabs;
use crate::components::foreign_view::ForeignView;
use crate::components::phone_tabs::PhoneTabs;
use crate::components::splitter::Splitter;
use crate::components::summary::SummaryPanel;
use crate::doc::Doc;
use crate::later::{self, later};
use crate::play::Play;
use crate::sessions;
use crate::stepped::{self, Stepped};

/// The variant the page starts from when there is no link and no autosave.
pub const FIRST_VARIANT: &str = "standard";

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let doc = Doc::new(FIRST_VARIANT);
    doc.listen_for_undo();
    // The default variant's drawing made ahead, shown until the map's
    // part has drawn (components/first_map.rs).
    provide_context(crate::components::first_map::Ahead::fetched());
    // The variant the files started from (a bundled name, or the stem of
    // an opened .map file).
    let variant: Signal<String> =
        Memo::new(move |_| doc.workspace.with(|w| w.variant.clone())).into();
    // A load expected to take more than a good part of a long task (a big
    // paste, typing in it) runs in steps over several tasks (stepped.rs);
    // the last map stays until it arrives.
    let stepped = Stepped::default();
    // One load per settled change; the analysis and the game derive from it.
    // The map it replaces is dropped after the next frame, not in the
    // keystroke's task (freeing a big map's thousands of strings is a few
    // per cent of a keystroke on imperial).
    let loaded = Memo::new_owning(move |mut old: Option<bridge::Loaded>| {
        let start = crate::doc::now_ms();
        // A load that missed a bundled file runs again when it arrives.
        crate::library::track();
        stepped.track();
        let (loaded, ms) = match doc.settled.with(|files| stepped.take(files)) {
            Some(done) => done,
            None => {
                let (ms, bytes) = doc.check_ms.get_value();
                let big = doc.settled.with(|files| stepped::in_steps(ms, bytes, files.bytes()));
                // Under way: the last map until it arrives (the first load
                // is never in steps: there is no last map).
                if let Some(old) = old.take_if(|_| big) {
                    stepped.start(doc, doc.settled.get_untracked());
                    return (old, false);
                }
                stepped.cancel();
                (doc.settled.with(Workspace::load_warm), crate::doc::now_ms() - start)
            }
        };
        doc.checked(ms, doc.settled.with_untracked(Workspace::bytes));
        let changed = old.as_ref() != Some(&loaded);
        if let Some(old) = old {
            leptos::task::spawn_local(async move {
                crate::tasks::next_frame().await;
                drop(old);
            });
        }
        (loaded, changed)
    });
    // The map's analysis: in the load's task after a quick load, in tasks
    // of its own after a slow one (analysed.rs).
    let analysis = crate::analysed::analysis(doc, loaded, stepped);
    // Provinces the Diff panel lights on the map.
    let highlight = RwSignal::new(Vec::<String>::new());
    // The game: replayed from the order log on the map (see play.rs).
    let play = Play::new(loaded);
    // Problems with links and storage, shown in the bar.
    let notice = RwSignal::new(None::<String>);
    let apply = Callback::new(move |shared: share::Shared| {
        let workspace = Workspace {
            variant: shared.variant.clone(),
            root: shared.root.clone(),
            own: shared.files.clone(),
        };
        doc.replace(workspace);
        play.reset(shared.played.clone(), shared.orders.clone());
    });
    let snapshot = Callback::new(move |()| share::Shared {
        variant: doc.workspace.with_untracked(|w| w.variant.clone()),
        root: doc.workspace.with_untracked(|w| w.root.clone()),
        files: doc.workspace.with_untracked(|w| w.own.clone()),
        played: play.log.get_untracked(),
        orders: play.orders.get_untracked(),
    });
    // The link or the autosave at start, links pasted later, and the
    // autosave of every change (`sessions`).
    sessions::open_at_start(apply, snapshot, notice);
    sessions::keep_saved(doc, play, snapshot, notice);
    // Files dropped on the editor open like picked ones.
    let file_note = RwSignal::new(String::new());
    // nJudge and Xconq files opened (shown in their own panel).
    let foreign = RwSignal::new(None::<crate::bridge::foreign::Foreign>);
    // Files that start a new variant (opened, or converted) start a new game.
    let new_variant = Callback::new(move |()| play.reset(Vec::new(), String::new()));
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        let Some(list) = ev.data_transfer().and_then(|dt| dt.files()) else { return };
        leptos::task::spawn_local(async move {
            let files = crate::components::file_io::read_files(list).await;
            file_note.set((later::parts().await.open_files)(doc, foreign, new_variant, &files));
        });
    };
    // Edits left by picking another variant are kept (one set), with a
    // button to go back to them.
    let kept = RwSignal::new(None::<Workspace>);
    let on_pick = move |name: String| {
        // Its files first (fetched once, with every bundled map), so the
        // editor never shows the variant without them.
        leptos::task::spawn_local(async move {
            crate::library::fetch().await;
            let current = doc.workspace.get_untracked();
            if current.is_edited() {
                kept.set(Some(current));
            }
            doc.replace(Workspace::bundled(&name));
            play.reset(Vec::new(), String::new());
        });
    };
    // A new variant of the user's own: the same, with its files.
    let start = Callback::new(move |workspace: Workspace| {
        let current = doc.workspace.get_untracked();
        if current.is_edited() {
            kept.set(Some(current));
        }
        doc.replace(workspace);
        play.reset(Vec::new(), String::new());
    });
    // What the header says about the variant: the map on screen, as typed.
    let about = Memo::new(move |_| loaded.with(|l| bridge::describe(&l.map)));
    // The page title: the variant and the phase (set only when it changes:
    // setting it costs a style pass).
    let title = Memo::new(move |_| {
        let name = variant.get();
        let phase = play.session.with(|s| s.as_ref().map(|s| s.game.phase.abbr()));
        match phase {
            Some(phase) => format!("{name} {phase} — judgepad"),
            None => format!("{name} — judgepad"),
        }
    });
    Effect::new(move |_| title.with(|t| leptos::prelude::document().set_title(t)));
    // Phones (below 800 px): the editor, the map and the panels are tabs.
    // Going to a place in the text (a diagnostic, a map line) shows the editor.
    let phone_tab = RwSignal::new("editor");
    // The editor pane's width, set by its handle (None: the page's own).
    let editor_width = RwSignal::new(None::<i32>);
    // Set through the CSSOM: the page's CSP refuses style attributes.
    let layout_ref = NodeRef::<leptos::html::Main>::new();
    Effect::new(move |_| {
        let width = editor_width.get();
        if let Some(main) = layout_ref.get() {
            let style = main.style();
            let _ = match width {
                Some(w) => style.set_property("--editor", &format!("{w}px")),
                None => style.remove_property("--editor").map(|_| ()),
            };
        }
    });
    // The skip link: past the header and the editor to the map (one tab
    // stop; the arrow keys move between its provinces).
    let skip_to_map = move |_| {
        phone_tab.set("map");
        let stop = leptos::prelude::document()
            .query_selector("[data-testid=map] .region[tabindex=\"0\"]")
            .ok()
            .flatten();
        if let Some(el) = stop {
            use wasm_bindgen::JsCast;
            let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
        }
    };
    view! {
        <button type="button" class="skip-link" data-testid="skip-to-map" on:click=skip_to_map>
            "Skip to the map"
        </button>
        <AppHeader variant=variant about=about on_pick=on_pick kept=kept doc=doc snapshot=snapshot apply=apply notice=notice />
        {move || notice.get().map(|text| view! {
            <div class="notice" role="alert" data-testid="notice">
                <span>{text}</span>
                <button type="button" on:click=move |_| notice.set(None)>"Dismiss"</button>
            </div>
        })}
        <ForeignView foreign=foreign doc=doc note=file_note new_variant=new_variant />
        <PhoneTabs tab=phone_tab doc=doc />
        // The workspace a task after the header (the first mount is long
        // on a phone), the editor a task after that.
        {crate::tasks::soon(move || view! {
            <main class="layout" data-tab=move || phone_tab.get() node_ref=layout_ref>
                <section
                    class="editing"
                    aria-label="editor"
                    on:dragover=move |ev: leptos::ev::DragEvent| ev.prevent_default()
                    on:drop=on_drop
                >
                    {later(move |p| (p.file_io)(doc, file_note, foreign, new_variant))}
                    <FileTabs doc=doc loaded=loaded start=start />
                    // A task of its own: the first mount is long on a phone.
                    {crate::tasks::soon(move || view! {
                        <Editor doc=doc analysis=analysis loaded=loaded />
                    }.into_any())}
                    <Splitter width=editor_width />
                </section>
                {later::map_part(doc, move |p| (p.map)(loaded, play, doc, highlight))}
                <aside class="side">
                    {crate::tasks::soon(move || view! {
                        <SummaryPanel analysis=analysis />
                        <DiagnosticsPanel analysis=analysis doc=doc />
                    }.into_any())}
                    {later(move |p| (p.orders)(play, doc))}
                    {later(move |p| (p.scenarios)(loaded, play, doc))}
                    {later(move |p| (p.diff)(loaded, doc, highlight))}
                    {later(move |p| (p.balance)(loaded, highlight))}
                    {later(move |p| (p.calendar)(analysis))}
                </aside>
            </main>
        }.into_any())}
    }
}
