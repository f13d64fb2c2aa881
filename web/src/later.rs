//! The parts of the page whose code loads after the first page. [`parts`]
//! is the one `#[lazy]` function: `www/wasm-hook.mjs` splits everything
//! only it reaches into a wasm module of its own, which the page names as
//! `rel=judgepad-later` (fetched once the first page is up, not before: on a
//! slow link it would compete with the first part; cached by the service
//! worker for offline use). The first page (the editor, the map,
//! the counts and the diagnostics) never waits for it; each part shows as
//! soon as it is there. One split point, not one per part: parts share
//! much code, and each point would add a module per piece they share.

use leptos::prelude::*;

use crate::bridge::foreign::Foreign;
use crate::bridge::share::Shared;
use crate::bridge::{Analysis, Loaded};
use crate::components::balance_panel::BalancePanel;
use crate::components::calendar::CalendarPanel;
use crate::components::diff_view::DiffView;
use crate::components::drafts::Drafts;
use crate::components::file_io::FileIo;
use crate::components::help::Help;
use crate::components::map_view::MapView;
use crate::components::njudge_import::NjudgeImport;
use crate::components::orders::OrdersPanel;
use crate::components::scenarios::Scenarios;
use crate::components::share_bar::ShareBar;
use crate::components::xconq_view::XconqView;
use crate::doc::Doc;
use crate::play::Play;

/// Where the page says what happened (links, storage).
type Notice = RwSignal<Option<String>>;
/// The foreign files open, if any.
type ForeignFiles = RwSignal<Option<Foreign>>;
/// Files read from the disk: names and bytes.
type Files = [(String, Vec<u8>)];

/// What the later part of the wasm holds: a constructor per part.
#[derive(Clone, Copy)]
pub struct Parts {
    /// The map drawn from the graph.
    pub map: fn(Memo<Loaded>, Play, Doc, RwSignal<Vec<String>>) -> AnyView,
    /// The orders, results and position editor.
    pub orders: fn(Play, Doc) -> AnyView,
    /// The variant's scenarios.
    pub scenarios: fn(Memo<Loaded>, Play, Doc) -> AnyView,
    /// What the variant changes in play.
    pub diff: fn(Memo<Loaded>, Doc, RwSignal<Vec<String>>) -> AnyView,
    /// The calendar's phases.
    pub calendar: fn(Memo<Analysis>) -> AnyView,
    /// Balance at a glance.
    pub balance: fn(Memo<Loaded>, RwSignal<Vec<String>>) -> AnyView,
    /// Share links and their copies.
    pub share: fn(Callback<(), Shared>) -> AnyView,
    /// The drafts menu.
    pub drafts: fn(Callback<(), Shared>, Callback<Shared>, Notice) -> AnyView,
    /// The shortcuts dialog.
    pub help: fn() -> AnyView,
    /// Opening and downloading files.
    pub file_io: fn(Doc, RwSignal<String>, ForeignFiles, Callback<()>) -> AnyView,
    /// Files dropped on the editor, opened as picked ones are; what to say.
    pub open_files: fn(Doc, ForeignFiles, Callback<()>, &Files) -> String,
    /// The nJudge import or the Xconq viewer.
    pub foreign: fn(Foreign, Doc, Callback<String>) -> AnyView,
    /// Installs `window.judgepad`.
    pub install_api: fn(),
    /// The game engine: replays a log on a map.
    pub replay: crate::play::Replay,
    /// Registers the worker's engine (in the worker only).
    pub worker: fn(),
}

/// The later part of the wasm, loaded on the first call.
#[lazy]
pub fn parts() -> Parts {
    Parts {
        map: |loaded, play, doc, highlight| {
            view! { <MapView loaded=loaded play=play doc=doc highlight=highlight /> }.into_any()
        },
        orders: |play, doc| view! { <OrdersPanel play=play doc=doc /> }.into_any(),
        scenarios: |loaded, play, doc| {
            view! { <Scenarios loaded=loaded play=play doc=doc /> }.into_any()
        },
        diff: |loaded, doc, highlight| {
            view! { <DiffView loaded=loaded doc=doc highlight=highlight /> }.into_any()
        },
        calendar: |analysis| view! { <CalendarPanel analysis=analysis /> }.into_any(),
        balance: |loaded, highlight| {
            view! { <BalancePanel loaded=loaded highlight=highlight /> }.into_any()
        },
        share: |snapshot| view! { <ShareBar snapshot=snapshot /> }.into_any(),
        drafts: |snapshot, open, notice| {
            view! { <Drafts snapshot=snapshot open=open notice=notice /> }.into_any()
        },
        help: || view! { <Help /> }.into_any(),
        file_io: |doc, note, foreign, new_variant| {
            view! { <FileIo doc=doc note=note foreign=foreign new_variant=new_variant /> }
                .into_any()
        },
        open_files: crate::components::file_io::open_into,
        foreign: |opened, doc, done| match opened {
            Foreign::NJudge { map, seed } => {
                view! { <NjudgeImport map=map seed=seed doc=doc done=done /> }.into_any()
            }
            Foreign::Xconq { root, files } => {
                view! { <XconqView root=root files=files /> }.into_any()
            }
        },
        install_api: crate::js_api::install,
        replay: crate::bridge::session::update,
        worker: crate::worker::register,
    }
}

/// Shows a part once the later part of the wasm has loaded (nothing
/// before: it arrives within a few frames of the first page), each part in
/// a task of its own: mounted together they blocked a phone's main thread
/// for a quarter of a second.
pub fn later(part: impl FnOnce(Parts) -> AnyView + Send + 'static) -> impl IntoView {
    let part = async move {
        let parts = parts().await;
        crate::tasks::next_task().await;
        part(parts)
    };
    view! { <Suspense fallback=|| ()>{Suspend::new(part)}</Suspense> }
}
