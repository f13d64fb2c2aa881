//! The application shell: state and layout.
//!
//! The variant's files ([`Doc`]) are the single source of truth; the loaded
//! map, the analysis and the game are memos and effects of their settled
//! copy, so the checker never holds up a keystroke.

use leptos::prelude::*;

use crate::bridge::share;
use crate::bridge::workspace::Workspace;
use crate::bridge::{self, Analysis};
use crate::components::diagnostics::DiagnosticsPanel;
use crate::components::editor::Editor;
use crate::components::file_tabs::FileTabs;
use crate::components::foreign_view::ForeignView;
use crate::components::splitter::Splitter;
use crate::components::summary::SummaryPanel;
use crate::components::theme_toggle::ThemeToggle;
use crate::components::variant_picker::VariantPicker;
use crate::doc::Doc;
use crate::later::{self, later};
use crate::persist;
use crate::play::Play;

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
    // One load per settled change; the analysis and the game derive from it.
    // The map it replaces is dropped after the next frame, not in the
    // keystroke's task (freeing a big map's thousands of strings is a few
    // per cent of a keystroke on imperial).
    let loaded = Memo::new_owning(move |old: Option<bridge::Loaded>| {
        let start = crate::doc::now_ms();
        // A load that missed a bundled file runs again when it arrives.
        crate::library::track();
        let loaded = doc.settled.with(Workspace::load_warm);
        doc.checked(crate::doc::now_ms() - start, doc.settled.with_untracked(Workspace::bytes));
        let changed = old.as_ref() != Some(&loaded);
        if let Some(old) = old {
            leptos::task::spawn_local(async move {
                crate::tasks::next_frame().await;
                drop(old);
            });
        }
        (loaded, changed)
    });
    // The map's analysis, with the drawing's warnings (pin conflicts) while
    // they are about the pins the map has now.
    let analysis: Memo<Analysis> = Memo::new(move |_| {
        loaded.with(|it| {
            doc.drawing_notes.with(|(pins, notes)| {
                let current = *pins == it.map.pins;
                bridge::analysis_with(it, if current { notes } else { &[] })
            })
        })
    });
    // Provinces the Diff panel lights on the map.
    let highlight = RwSignal::new(Vec::<String>::new());
    // The game: replayed from the order log on the map (see play.rs).
    let play = Play::new(loaded);
    // Problems with links and storage, shown in the bar.
    let notice = RwSignal::new(None::<String>);
    let apply = move |shared: share::Shared| {
        let workspace = Workspace {
            variant: shared.variant.clone(),
            root: shared.root.clone(),
            own: shared.files.clone(),
        };
        doc.replace(workspace);
        play.reset(shared.played.clone(), shared.orders.clone());
    };
    let snapshot = Callback::new(move |()| share::Shared {
        variant: doc.workspace.with_untracked(|w| w.variant.clone()),
        root: doc.workspace.with_untracked(|w| w.root.clone()),
        files: doc.workspace.with_untracked(|w| w.own.clone()),
        played: play.log.get_untracked(),
        orders: play.orders.get_untracked(),
    });
    // A share link opened over work on screen: that work is kept as a
    // draft first (unless it is the same), then the link's state is shown.
    let open_link = move |fragment: &str, before: Option<share::Shared>| -> Result<(), String> {
        let shared = share::decode(fragment, persist::known)?;
        if let Some(saved) = before
            && saved != shared
            && let Err(why) = persist::save_draft("before a shared link", &saved)
        {
            notice.set(Some(format!("Your previous work could not be kept as a draft: {why}.")));
        }
        apply(shared);
        Ok(())
    };
    // At start: a share link in the address, else the autosave.
    let autosaved = persist::restore();
    match persist::fragment() {
        Some(fragment) => {
            let before = autosaved.clone().and_then(Result::ok);
            if let Err(why) = open_link(&fragment, before) {
                notice.set(Some(format!(
                    "This link was not opened: {why}. Your autosaved work is shown instead."
                )));
                if let Some(Ok(saved)) = autosaved {
                    apply(saved);
                }
            }
        }
        None => match autosaved {
            Some(Ok(saved)) => apply(saved),
            Some(Err(why)) => {
                notice.set(Some(format!("The autosave could not be read ({why}); starting fresh.")))
            }
            None => {}
        },
    }
    // A link pasted into the address bar of this tab changes only the
    // fragment (no reload): open it the same way.
    let _ = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(fragment) = persist::fragment()
            && let Err(why) = open_link(&fragment, Some(snapshot.run(())))
        {
            notice.set(Some(format!("This link was not opened: {why}. Your work is unchanged.")));
        }
    });
    // Autosave: every change, at most twice a second; a failure is shown
    // (the work stays in the page) and cleared by the next good save.
    let saving = StoredValue::new(false);
    Effect::new(move |first: Option<()>| {
        doc.workspace.track();
        play.orders.track();
        play.log.track();
        if first.is_none() || saving.get_value() {
            return;
        }
        saving.set_value(true);
        // Compressed in the worker once the map's part (which talks to it)
        // is there: a 10,000-province map's is a 150 ms task.
        let save = move |fragment: String| match persist::autosave(&fragment) {
            Ok(()) => {
                if notice
                    .with_untracked(|n| n.as_deref().is_some_and(|n| n.starts_with("Autosave")))
                {
                    notice.set(None);
                }
            }
            Err(why) => notice.set(Some(format!(
                "Autosave failed: {why}. Your work is still here: share a link or \
                 download the files to keep it."
            ))),
        };
        set_timeout(
            move || {
                saving.set_value(false);
                let shared = snapshot.run(());
                if !later::map_parts_loaded() {
                    return save(share::encode(&shared));
                }
                leptos::task::spawn_local(async move {
                    (later::map_parts().await.encode)(shared, Box::new(save));
                });
            },
            std::time::Duration::from_millis(500),
        );
    });
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
    let editor_width = RwSignal::new(None::<f64>);
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
    Effect::new(move |first: Option<()>| {
        if doc.reveal.with(Option::is_some) && first.is_some() {
            phone_tab.set("editor");
        }
    });
    let tab = move |name: &'static str, label: &'static str| {
        view! {
            <button
                type="button"
                data-testid=format!("phone-tab-{name}")
                aria-pressed=move || (phone_tab.get() == name).to_string()
                on:click=move |_| phone_tab.set(name)
            >{label}</button>
        }
    };
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
        <header class="bar">
            <h1>"judgepad"</h1>
            <span class="tagline">"DPjudge map playground"</span>
            <VariantPicker selected=variant about=about on_pick=on_pick />
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
            {later(move |p| (p.share)(snapshot))}
            {later(move |p| (p.drafts)(snapshot, Callback::new(apply), notice))}
            <ThemeToggle />
            {later(|p| (p.help)())}
        </header>
        {move || notice.get().map(|text| view! {
            <div class="notice" role="alert" data-testid="notice">
                <span>{text}</span>
                <button type="button" on:click=move |_| notice.set(None)>"Dismiss"</button>
            </div>
        })}
        <ForeignView foreign=foreign doc=doc note=file_note new_variant=new_variant />
        // Toggle buttons, not `role=tab`: the file tabs own that role.
        <nav class="phone-tabs" aria-label="views">
            {tab("editor", "Editor")}
            {tab("map", "Map")}
            {tab("panels", "Orders and panels")}
        </nav>
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
