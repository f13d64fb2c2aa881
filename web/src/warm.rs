//! Warming the page's code on another thread (issue 29). Chromium compiles
//! wasm lazily: each function on its first call, on the calling thread,
//! and a phone's first visit spent most of its blocking time so, on the
//! main thread. Compiled code is shared by every thread running the same
//! module, so the boot script hands the compiled first part to a short-lived
//! worker of this name, which loads and checks the first variant as the
//! page will (the loader, the checks, the calendar, the colours, the
//! diagnostics' rows) and says so; the page waits for that (at most a
//! moment: `www/wasm-hook.mjs`) before its own first load, which then runs
//! code compiled already. The worker then mounts the page as the page will,
//! against a stand-in document the warming script gives (every property
//! and call answers the stand-in again), while the page runs its first
//! load: the view code the page's mount calls is then compiled too (on a
//! throttled phone the main thread compiled 1,106 functions, 101 ms,
//! before the editor was usable; 78, 26 ms, since). What goes wrong
//! there (a call the stand-in cannot answer) only ends the warming; the
//! page ends the worker once it says it has mounted, or after 3 s. The
//! worker fetches nothing (the later parts never load there).

use core::hint::black_box;
use core::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::JsCast;

use judgepad_core::syntax::highlight::highlight;

use crate::bridge;
use crate::bridge::editor::{line_starts, lines, marks_of, status_line};
use crate::bridge::workspace::Workspace;

/// The warming worker's name (the boot script gives it).
pub const NAME: &str = "judgepad-warm";

/// Whether this is the warming worker.
pub fn in_warm_worker() -> bool {
    crate::worker::in_worker()
        && js_sys::Reflect::get(&js_sys::global(), &"name".into())
            .ok()
            .and_then(|name| name.as_string())
            .is_some_and(|name| name == NAME)
}

/// Runs, on this thread, what the page runs first: the first variant
/// loaded and checked, its files coloured and their first lines cut for
/// the editor.
pub fn warm_up() {
    let workspace = Workspace::bundled(crate::app::FIRST_VARIANT);
    let loaded = workspace.load();
    let analysis = bridge::analysis_with(&loaded, &[]);
    black_box(bridge::describe(&loaded.map));
    for name in workspace.tabs(&loaded) {
        let Some(text) = workspace.text(&name) else { continue };
        let colours = highlight(&text);
        let starts = line_starts(&text);
        let marks = marks_of(&analysis.diagnostics, &name);
        black_box(lines(&text, &starts, &colours, &marks, 0, 80));
        black_box(status_line(&text, 0, &analysis.diagnostics, &name));
    }
    black_box(analysis);
}

/// Warms up, tells the page, then mounts the page against the stand-in
/// document and says so (the page ends this worker).
pub fn run() {
    warm_up();
    let scope = js_sys::global();
    if let Ok(post) = js_sys::Reflect::get(&scope, &"postMessage".into())
        && let Ok(post) = post.dyn_into::<js_sys::Function>()
    {
        let _ = post.call1(&scope, &"warmed".into());
        // Then the page's mount, against the stand-in document the
        // warming script gives: the view code compiled here too.
        let stand_in = js_sys::Reflect::get(&scope, &"judgepadStandIn".into())
            .ok()
            .and_then(|it| it.dyn_into::<js_sys::Function>().ok());
        let Some(stand_in) = stand_in else { return };
        let _ = stand_in.call0(&scope);
        STANDING_IN.store(true, Ordering::Relaxed);
        // The mount goes on over a few tasks (`tasks::soon`).
        leptos::mount::mount_to_body(crate::App);
        wasm_bindgen_futures::spawn_local(async move {
            for _ in 0..6 {
                crate::tasks::next_task().await;
            }
            let _ = post.call1(&scope, &"mounted".into());
        });
    }
}

/// Whether this is the warming worker mounting the page against its
/// stand-in document.
static STANDING_IN: AtomicBool = AtomicBool::new(false);

/// Never resolves in the warming worker's stand-in mount (the later parts
/// of the wasm are not fetched there: the worker fetches nothing); at
/// once elsewhere.
pub async fn never_while_standing_in() {
    if STANDING_IN.load(Ordering::Relaxed) {
        core::future::pending::<()>().await;
    }
}

/// Resolves once the warming worker has said it is done, or the boot
/// script has stopped waiting for it (none started: at once).
pub async fn waited() {
    let promise = js_sys::Reflect::get(&js_sys::global(), &"judgepadWarmed".into())
        .ok()
        .and_then(|it| it.dyn_into::<js_sys::Promise>().ok());
    if let Some(promise) = promise {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}
