//! Warming the page's code on another thread (issue 29). Chromium compiles
//! wasm lazily: each function on its first call, on the calling thread,
//! and a phone's first visit spent most of its blocking time so, on the
//! main thread. Compiled code is shared by every thread running the same
//! module, so the boot script hands the compiled first part to a short-lived
//! worker of this name, which loads and checks the first variant as the
//! page will (the loader, the checks, the calendar, the colours, the
//! diagnostics' rows) and says so; the page waits for that (at most a
//! moment: `www/wasm-hook.mjs`) before its own first load, which then runs
//! code compiled already. The worker fetches nothing.

use core::hint::black_box;

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

/// Warms up, tells the page, and ends this worker.
pub fn run() {
    warm_up();
    let scope = js_sys::global();
    if let Ok(post) = js_sys::Reflect::get(&scope, &"postMessage".into())
        && let Ok(post) = post.dyn_into::<js_sys::Function>()
    {
        let _ = post.call1(&scope, &"warmed".into());
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
