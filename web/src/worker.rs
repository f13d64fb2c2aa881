//! The worker that owns the heavy work (issue 28): the map's layout, which
//! grows faster than the map, runs off the page's main thread, so a big
//! paste never freezes the page. One gloo actor worker ([`Engine`]) runs in
//! a Web Worker started from the page's own glue and wasm (the same files,
//! fetched once: `www/wasm-hook.mjs` writes the worker's boot script);
//! [`client`] is the page's side.
//!
//! The protocol: each [`Request`] carries a generation; the worker keeps
//! only the newest request it has been sent and works on it once the
//! messages already queued have arrived, so a burst of edits costs one
//! layout, not one per edit. [`answer`] is the pure work, tested natively.

pub mod client;

use judgepad_core::layout::{self, Layout};
use serde::{Deserialize, Serialize};

use crate::bridge::workspace::Workspace;

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Lay out the map the files make (the text alone decides the
    /// picture: the same files give the same drawing, bit for bit, whatever
    /// was on screen before, as `judgepad layout` draws them).
    Layout {
        /// Increases with every request the page sends.
        generation: u64,
        /// The variant's files.
        files: Workspace,
        /// The bundled files it reads, but for the first part's (the
        /// worker fetches nothing: `library`).
        bundled: std::collections::BTreeMap<String, String>,
    },
}

impl Request {
    /// The request's generation.
    pub fn generation(&self) -> u64 {
        match self {
            Request::Layout { generation, .. } => *generation,
        }
    }
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The worker is up (and holds its lock: see [`client`]).
    Ready,
    /// The drawing of the request of that generation.
    Layout {
        /// The request's generation.
        generation: u64,
        /// The drawing.
        drawing: Layout,
        /// How long the worker took (load and layout), in ms.
        took_ms: f64,
    },
}

/// The work itself: the answer to `request` (pure; `now` reads a clock).
pub fn answer(request: Request, now: impl Fn() -> f64) -> Response {
    let start = now();
    match request {
        Request::Layout { generation, files, bundled } => {
            crate::library::insert(bundled);
            let loaded = files.load();
            let drawing = layout::layout(&loaded.map, &[]);
            Response::Layout { generation, drawing, took_ms: now() - start }
        }
    }
}

/// The worker: the newest request and whether a run is due.
pub struct Engine {
    newest: Option<(gloo_worker::HandlerId, Request)>,
    due: bool,
}

/// The worker's own message: run the newest request.
pub struct Run;

impl gloo_worker::Worker for Engine {
    type Message = Run;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &gloo_worker::WorkerScope<Self>) -> Engine {
        Engine { newest: None, due: false }
    }

    fn connected(&mut self, scope: &gloo_worker::WorkerScope<Self>, id: gloo_worker::HandlerId) {
        scope.respond(id, Response::Ready);
    }

    fn update(&mut self, scope: &gloo_worker::WorkerScope<Self>, _run: Run) {
        self.due = false;
        if let Some((id, request)) = self.newest.take() {
            scope.respond(id, answer(request, crate::doc::now_ms));
        }
    }

    fn received(
        &mut self,
        scope: &gloo_worker::WorkerScope<Self>,
        request: Request,
        id: gloo_worker::HandlerId,
    ) {
        // A newer request replaces the one waiting; the run waits for the
        // next task, so the requests already queued arrive first.
        if self.newest.as_ref().is_none_or(|(_, old)| old.generation() <= request.generation()) {
            self.newest = Some((id, request));
        }
        if !self.due {
            self.due = true;
            scope.send_future(async {
                crate::tasks::next_task().await;
                Run
            });
        }
    }
}

/// Whether this wasm runs in a worker (no window): then `main` registers
/// the engine instead of mounting the page.
pub fn in_worker() -> bool {
    web_sys::window().is_none()
}

/// Registers the engine in this worker (called from the later part of the
/// wasm, where the layout code lives).
pub fn register() {
    use gloo_worker::Registrable;
    Engine::registrar().register();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_the_layout_of_the_files() {
        let files = Workspace::bundled("imperial");
        let loaded = files.load();
        let bundled = crate::library::texts_read(loaded.map.files.iter().map(|f| f.name.as_str()));
        assert_eq!(bundled.len(), 5, "imperial's files go with the request");
        let request = Request::Layout { generation: 7, files: files.clone(), bundled };
        let Response::Layout { generation, drawing, .. } = answer(request, || 0.0) else {
            panic!("a layout answers a layout request")
        };
        assert_eq!(generation, 7);
        assert_eq!(drawing, layout::layout(&loaded.map, &[]));
    }

    #[test]
    fn requests_and_answers_cross_the_wire() {
        let files = Workspace::bundled("standard");
        let request = Request::Layout { generation: 3, files, bundled: Default::default() };
        let bytes = bincode::serialize(&request).unwrap();
        assert_eq!(bincode::deserialize::<Request>(&bytes).unwrap(), request);
        let answer = answer(request, || 0.0);
        let bytes = bincode::serialize(&answer).unwrap();
        assert_eq!(bincode::deserialize::<Response>(&bytes).unwrap(), answer);
    }
}
