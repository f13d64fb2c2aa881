//! The worker that owns the heavy work (issue 28): the map's layout, which
//! grows faster than the map, and the autosave's compression run off the
//! page's main thread, so a big paste never freezes the page. One gloo actor worker ([`Engine`]) runs in
//! a Web Worker started from the page's own glue and wasm (the same files,
//! fetched once: `www/wasm-hook.mjs` writes the worker's boot script);
//! [`client`] is the page's side.
//!
//! The protocol: each [`Request`] carries a generation; the worker keeps
//! only the newest request of each kind it has been sent and works on it
//! once the messages already queued have arrived, so a burst of edits
//! costs one layout, not one per edit; a big map asked to be sketched is
//! answered twice, its sketch and then its drawing. [`answers`] is the pure
//! work, tested natively.

pub mod client;
pub mod wire;

use judgepad_core::layout::{self, Layout};
use serde::{Deserialize, Serialize};

use crate::bridge::scene::{self, Shapes};
use crate::bridge::share::{self, Shared};
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
        /// Whether a big map is sketched first (`layout::sketch`: no
        /// drawing of it is on screen): the sketch is answered before the
        /// drawing, with the same generation.
        sketch: bool,
    },
    /// The share fragment of the page's state, for the autosave (a
    /// 10,000-province map: a 150 ms compression).
    Encode {
        /// Increases with every request the page sends.
        generation: u64,
        /// The state.
        shared: Shared,
    },
}

impl Request {
    /// The request's generation.
    pub fn generation(&self) -> u64 {
        match self {
            Request::Layout { generation, .. } | Request::Encode { generation, .. } => *generation,
        }
    }

    /// Whether `other` is of the same kind (a newer one replaces it).
    fn same_kind(&self, other: &Request) -> bool {
        core::mem::discriminant(self) == core::mem::discriminant(other)
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
        /// Its outlines and lines, formatted for SVG (`scene::shapes`: a
        /// 10,000-province map's are 60 ms of number formatting).
        shapes: Shapes,
        /// How long the worker took (load and layout), in ms.
        took_ms: f64,
        /// How many [`Response::Part`]s follow with what the drawing and
        /// its shapes leave out (`wire::split`: a big drawing comes in
        /// parts); 0 when they are whole.
        parts: u32,
        /// Whether it is the quick sketch (`layout::sketch`) that comes
        /// before the drawing.
        sketch: bool,
    },
    /// A part of the drawing of that generation (`wire::Part`).
    Part {
        /// The request's generation.
        generation: u64,
        /// The part.
        part: wire::Part,
    },
    /// The share fragment of the request of that generation.
    Encoded {
        /// The request's generation.
        generation: u64,
        /// The fragment (`share::encode`).
        fragment: String,
    },
}

/// The work itself: the answers to `request`, handed to `respond` as each
/// is ready (pure; `now` reads a clock). A layout asking for a sketch whose
/// map has [`layout::SKETCH_FROM`] provinces or more is answered twice:
/// its sketch (`layout::sketch`), then its drawing.
pub fn answers(request: Request, now: impl Fn() -> f64, mut respond: impl FnMut(Response)) {
    let start = now();
    match request {
        Request::Layout { generation, files, bundled, sketch } => {
            crate::library::insert(bundled);
            let loaded = files.load();
            let mut drawn = |drawing: Layout, sketch: bool| {
                let shapes = scene::shapes(&drawing);
                let took_ms = now() - start;
                respond(Response::Layout {
                    generation,
                    drawing,
                    shapes,
                    took_ms,
                    parts: 0,
                    sketch,
                });
            };
            if sketch && loaded.map.provinces.len() >= layout::SKETCH_FROM {
                drawn(layout::sketch(&loaded.map), true);
            }
            drawn(layout::layout(&loaded.map, &[]), false);
        }
        Request::Encode { generation, shared } => {
            respond(Response::Encoded { generation, fragment: share::encode(&shared) });
        }
    }
}

/// The last of [`answers`] to `request`, without a sketch (the page's own
/// thread, where no worker runs, waits for the drawing anyway).
pub fn answer(mut request: Request, now: impl Fn() -> f64) -> Response {
    if let Request::Layout { sketch, .. } = &mut request {
        *sketch = false;
    }
    let mut last = None;
    answers(request, now, |it| last = Some(it));
    last.expect("every request is answered")
}

/// `response` as the messages that carry it: a big drawing as its head and
/// its parts (`wire::split`), anything else as itself.
pub fn messages(response: Response) -> Vec<Response> {
    match response {
        Response::Layout { generation, drawing, shapes, took_ms, parts: 0, sketch } => {
            let (drawing, shapes, parts) = wire::split(drawing, shapes);
            let head = Response::Layout {
                generation,
                drawing,
                shapes,
                took_ms,
                parts: parts.len() as u32,
                sketch,
            };
            core::iter::once(head)
                .chain(parts.into_iter().map(|part| Response::Part { generation, part }))
                .collect()
        }
        other => vec![other],
    }
}

/// The worker: the newest request of each kind and whether a run is due.
pub struct Engine {
    newest: Vec<(gloo_worker::HandlerId, Request)>,
    due: bool,
}

/// The worker's own message: run the newest request.
pub struct Run;

impl gloo_worker::Worker for Engine {
    type Message = Run;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &gloo_worker::WorkerScope<Self>) -> Engine {
        Engine { newest: Vec::new(), due: false }
    }

    fn connected(&mut self, scope: &gloo_worker::WorkerScope<Self>, id: gloo_worker::HandlerId) {
        scope.respond(id, Response::Ready);
    }

    fn update(&mut self, scope: &gloo_worker::WorkerScope<Self>, _run: Run) {
        self.due = false;
        // The quick ones first (an autosave waits for no layout).
        let mut newest = std::mem::take(&mut self.newest);
        judgepad_core::sorting::sort_by_key(&mut newest, |(_, request)| {
            matches!(request, Request::Layout { .. })
        });
        for (id, request) in newest {
            // (A big map's sketch is sent before its drawing is begun.)
            answers(request, crate::doc::now_ms, |answer| {
                for message in messages(answer) {
                    scope.respond(id, message);
                }
            });
        }
    }

    fn received(
        &mut self,
        scope: &gloo_worker::WorkerScope<Self>,
        request: Request,
        id: gloo_worker::HandlerId,
    ) {
        // A newer request replaces the one of its kind waiting; the run
        // waits for the next task, so the requests already queued arrive
        // first.
        match self.newest.iter_mut().find(|(_, old)| old.same_kind(&request)) {
            Some(slot) if slot.1.generation() <= request.generation() => *slot = (id, request),
            Some(_) => {}
            None => self.newest.push((id, request)),
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
        let request =
            Request::Layout { generation: 7, files: files.clone(), bundled, sketch: true };
        let mut all = Vec::new();
        answers(request.clone(), || 0.0, |it| all.push(it));
        assert_eq!(all.len(), 1, "imperial is drawn at typing speed: no sketch");
        let Response::Layout { generation, drawing, .. } = answer(request, || 0.0) else {
            panic!("a layout answers a layout request")
        };
        assert_eq!(generation, 7);
        assert_eq!(drawing, layout::layout(&loaded.map, &[]));
    }

    #[test]
    fn a_big_map_is_sketched_first_when_asked() {
        let n = layout::SKETCH_FROM;
        let files = Workspace {
            variant: "ring".into(),
            root: "ring.map".into(),
            own: [("ring.map".to_string(), crate::test_maps::ring(n))].into(),
        };
        let ask = |sketch| Request::Layout {
            generation: 4,
            files: files.clone(),
            bundled: Default::default(),
            sketch,
        };
        let all = |sketch| {
            let mut all = Vec::new();
            answers(ask(sketch), || 0.0, |it| all.push(it));
            all
        };
        assert_eq!(all(false).len(), 1, "a sketch only when asked");
        let [Response::Layout { generation, drawing, sketch: true, .. }, full] = &all(true)[..]
        else {
            panic!("a big map asked for a sketch is sketched first")
        };
        assert_eq!(*generation, 4);
        assert_eq!(drawing.provinces.len(), n);
        assert_eq!(drawing, &layout::sketch(&files.load().map));
        let Response::Layout { drawing: full, sketch: false, .. } = full else {
            panic!("then drawn")
        };
        assert_eq!((drawing.width, drawing.height), (full.width, full.height), "the same units");
        assert_eq!(answer(ask(true), || 0.0), all(false).remove(0), "answer: the drawing alone");
    }

    #[test]
    fn the_autosave_is_encoded_as_the_page_would() {
        let shared = Shared {
            variant: "standard".into(),
            root: "standard.map".into(),
            orders: "A PAR-BUR".into(),
            ..Shared::default()
        };
        let request = Request::Encode { generation: 2, shared: shared.clone() };
        let bytes = bincode::serialize(&request).unwrap();
        let request: Request = bincode::deserialize(&bytes).unwrap();
        let Response::Encoded { generation, fragment } = answer(request, || 0.0) else {
            panic!("an encoding answers an encode request")
        };
        assert_eq!(generation, 2);
        assert_eq!(fragment, share::encode(&shared));
        assert_eq!(share::decode(&fragment, |_| true), Ok(shared));
    }

    #[test]
    fn requests_and_answers_cross_the_wire() {
        let files = Workspace::bundled("standard");
        let request =
            Request::Layout { generation: 3, files, bundled: Default::default(), sketch: false };
        let bytes = bincode::serialize(&request).unwrap();
        assert_eq!(bincode::deserialize::<Request>(&bytes).unwrap(), request);
        let answer = answer(request, || 0.0);
        let bytes = bincode::serialize(&answer).unwrap();
        assert_eq!(bincode::deserialize::<Response>(&bytes).unwrap(), answer);
    }
}
