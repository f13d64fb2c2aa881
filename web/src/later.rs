//! The parts of the page whose code loads after the first page, in two
//! `#[lazy]` functions: `www/wasm-hook.mjs` splits what only one of them
//! reaches into a wasm module of its own (and what both reach into one
//! they share). [`map_parts`], the drawn map and the worker's engine (the
//! layout), comes first: a visitor's first question is what the map looks
//! like. [`parts`], everything else (play, scenarios, diff, balance,
//! sharing, other formats, the JS API), is asked for only once the map's
//! part is there. Both are named in the page as `rel=judgepad-later`
//! (fetched once the first page is up, not before: on a slow link they
//! would compete with the first part; cached by the service worker for
//! offline use). The first page (the editor, the counts and the
//! diagnostics) never waits for them; each part shows as soon as it is
//! there.

use leptos::prelude::*;

use crate::bridge::foreign::Foreign;
use crate::bridge::share::Shared;
use crate::bridge::{Analysis, Loaded};
use crate::components::balance_panel::BalancePanel;
use crate::components::calendar::CalendarPanel;
use crate::components::diff_view::DiffView;
use crate::components::drafts::Drafts;
use crate::components::file_io::FileIo;
use crate::components::first_map::FirstMapView;
use crate::components::foreign_panel::ForeignPanel;
use crate::components::help::Help;
use crate::components::map_view::MapView;
use crate::components::orders::OrdersPanel;
use crate::components::scenarios::Scenarios;
use crate::components::share_bar::ShareBar;
use crate::doc::Doc;
use crate::play::Play;

/// Where the page says what happened (links, storage).
type Notice = RwSignal<Option<String>>;
/// The foreign files open, if any.
type ForeignFiles = RwSignal<Option<Foreign>>;
/// Files read from the disk: names and bytes.
type Files = [(String, Vec<u8>)];

/// What the map's part of the wasm holds.
#[derive(Clone, Copy)]
pub struct MapParts {
    /// The map drawn from the graph.
    pub map: fn(Memo<Loaded>, Play, Doc, RwSignal<Vec<String>>) -> AnyView,
    /// Registers the worker's engine (in the worker only).
    pub worker: fn(),
    /// Starts the page's worker (in the page only), so that it loads while
    /// the map view mounts and is up when the first drawing is asked for.
    pub start: fn(),
    /// Encodes the page's state as a share fragment in the worker (the
    /// autosave; see `worker::client::encode`).
    pub encode: fn(Shared, crate::worker::client::Encoded),
    /// Loads a big map in steps (`stepped.rs`).
    pub load_in_steps: fn(crate::stepped::Stepped, Doc, crate::bridge::workspace::Workspace, u64),
    /// Works out a slow load's analysis a task before the views show it
    /// (`analysed.rs`).
    pub analyse_ahead: fn(Doc, Memo<Loaded>, crate::analysed::Ahead, RwSignal<u64>),
}

/// Whether the map's part has loaded (the autosave then asks the worker).
static MAP_PARTS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether the map's part has loaded.
pub fn map_parts_loaded() -> bool {
    MAP_PARTS.load(std::sync::atomic::Ordering::Relaxed)
}

/// The map's part of the wasm, loaded on the first call.
#[lazy]
pub fn map_parts() -> MapParts {
    MAP_PARTS.store(true, std::sync::atomic::Ordering::Relaxed);
    MapParts {
        map: |loaded, play, doc, highlight| {
            view! { <MapView loaded=loaded play=play doc=doc highlight=highlight /> }.into_any()
        },
        worker: crate::worker::register,
        start: crate::worker::client::start,
        encode: crate::worker::client::encode,
        load_in_steps: crate::stepped::run,
        analyse_ahead: crate::analysed::ahead_then_shown,
    }
}

/// What the later part of the wasm holds: a constructor per part.
#[derive(Clone, Copy)]
pub struct Parts {
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
    /// The panel of a file of another format: the nJudge import or the
    /// Xconq viewer.
    pub foreign: fn(Foreign, Doc, Callback<String>, Callback<()>) -> AnyView,
    /// Installs `window.judgepad`.
    pub install_api: fn(),
    /// The game engine: replays a log on a map.
    pub replay: crate::play::Replay,
    /// The variant for the diplomacy package: a zip and its warnings.
    pub package: PackageExport,
    /// The variant for diplicity: a zip and its warnings.
    pub diplicity: PackageExport,
}

/// A map and its drawing to a zip for another platform, and what it could
/// not express.
type PackageExport = fn(
    &judgepad_core::map::Map,
    &judgepad_core::layout::Layout,
) -> (Vec<u8>, Vec<judgepad_core::diagnostics::Diagnostic>);

/// The later part of the wasm, asked for once the map's part is there.
pub async fn parts() -> Parts {
    map_parts().await;
    // The bundled maps next, beside the rest (not before the map: a
    // visitor who opens the default variant never waits for them).
    #[cfg(target_arch = "wasm32")]
    crate::library::prefetch();
    rest().await
}

/// The later part of the wasm itself, loaded on the first call.
#[lazy]
fn rest() -> Parts {
    Parts {
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
        foreign: |opened, doc, done, close| {
            view! { <ForeignPanel opened=opened doc=doc done=done close=close /> }.into_any()
        },
        install_api: crate::js_api::install,
        replay: crate::replaying::replay,
        package: crate::export::package_zip,
        diplicity: crate::export::diplicity_zip,
    }
}

/// Shows the map once its part of the wasm has loaded (in a task of its
/// own, as [`later`]); until then the drawing made ahead, if it is
/// `doc`'s (`FirstMapView`).
pub fn map_part(
    doc: Doc,
    part: impl FnOnce(MapParts) -> AnyView + Send + 'static,
) -> impl IntoView {
    // The worker starts before the map view mounts (a task), not when the
    // view first asks for a drawing: its start (its script, an isolate, the
    // wasm from the cache) no longer waits for the mount, and the mount no
    // longer waits for it.
    let ready = async {
        let parts = map_parts().await;
        (parts.start)();
        parts
    };
    crate::tasks::after_or(ready, part, move || view! { <FirstMapView doc=doc /> })
}

/// Shows a part once the later part of the wasm has loaded (nothing
/// before: it arrives within a few frames of the first page), each part in
/// a task of its own: mounted together they blocked a phone's main thread
/// for a quarter of a second.
pub fn later(part: impl FnOnce(Parts) -> AnyView + Send + 'static) -> impl IntoView {
    crate::tasks::after(parts(), part)
}
