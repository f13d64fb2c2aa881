//! The page's side of the worker: one worker, spawned as soon as the map's
//! part of the wasm is there ([`start`], before the map view mounts) or on
//! the first request, fed the newest request only. Each request
//! replaces the one in flight (its answer is dropped); the status says
//! when an answer is slow or a big map's sketch is on screen before it
//! ([`request_sketched`]), and [`cancel`] stops the worker outright (the
//! next request starts another). A worker that dies (a panic or running
//! out of memory ends it: its boot script closes it on any uncaught error)
//! is restarted and sent the request it died on once more; if that one
//! kills it again, the page says so and waits for the next edit. Where no
//! worker can start (no worker script named in the page, or one that never
//! says it is up: it fails at once or stays silent for 10 s), the work runs
//! here, as before the worker, for the rest of the session.
//!
//! A worker can end without a word (stopped from outside, or by the
//! browser at its memory limit): each holds a Web Lock of its name (given in
//! its address's fragment, which the boot script makes its name) for its
//! whole life, and the page asks for the same lock once the worker
//! says it is up, so the page is granted it exactly when the worker is gone.
//! gloo-worker hands out its bridge, not the `Worker`: the page's boot
//! script records the one it makes (`globalThis.judgepadWorker`), so that
//! the page can stop it and hear its errors at once.

use std::cell::RefCell;
use std::time::Duration;

use gloo_worker::{Spawnable, WorkerBridge};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use super::wire::{Assembly, Part};
use super::{Engine, Request, Response, answer};

/// What the worker is doing, for the page to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Nothing asked, or everything answered.
    Idle,
    /// Working on a request for less than [`SLOW`].
    Working,
    /// Working on a request for [`SLOW`] or more: the page marks the map
    /// as updating and offers to cancel.
    Slow,
    /// A big map's sketch is on screen (`layout::sketch`) and its drawing
    /// is being made: the page says so and offers to cancel.
    Sketched,
    /// Stopped by the user; the map shows the last drawing, or the sketch
    /// of this one if `sketch`.
    Cancelled {
        /// Whether what is on screen is a sketch.
        sketch: bool,
    },
    /// The worker died; what happened (shown until the next answer).
    Failed(String),
}

/// How long an answer may take before the page says it is updating.
pub const SLOW: Duration = Duration::from_millis(300);

/// How long a worker may take to start (fetch and compile the wasm)
/// before the page draws on its own.
const START: Duration = Duration::from_secs(10);

type Done = Box<dyn FnOnce(Response)>;

/// What to do with an encoded fragment (the autosave).
pub type Encoded = Box<dyn FnOnce(String)>;

/// The encoding in flight: its generation, the state (encoded here if the
/// worker goes) and what to do with the fragment.
struct Encoding {
    generation: u64,
    shared: crate::bridge::share::Shared,
    done: Encoded,
}

/// The request in flight: its generation, itself (to send again if the
/// worker dies on it) and what to do with its answer.
struct Pending {
    generation: u64,
    request: Request,
    done: Done,
    /// What to do with its sketch, until one comes.
    sketched: Option<Done>,
    /// Whether its sketch is on screen.
    sketch_shown: bool,
    /// Why the worker died on it, if it did (it is sent once more).
    crashed: Option<String>,
    /// Its drawing (or sketch, if true), when it comes in parts, while
    /// they come.
    assembly: Option<(Assembly, bool)>,
}

struct Client {
    /// Which worker runs (a number per worker started), if one does.
    running: Option<u64>,
    /// Whether it said it is up.
    ready: bool,
    /// A worker could not start here: the work runs on this thread.
    broken: bool,
    started: u64,
    bridge: Option<WorkerBridge<Engine>>,
    worker: Option<web_sys::Worker>,
    /// Keeps the worker's error listener alive.
    on_error: Option<Closure<dyn Fn(web_sys::ErrorEvent)>>,
    generation: u64,
    pending: Option<Pending>,
    encoding: Option<Encoding>,
    status: Option<RwSignal<Status>>,
}

thread_local! {
    static CLIENT: RefCell<Client> = const {
        RefCell::new(Client {
            running: None,
            ready: false,
            broken: false,
            started: 0,
            bridge: None,
            worker: None,
            on_error: None,
            generation: 0,
            pending: None,
            encoding: None,
            status: None,
        })
    };
}

/// The worker's status (one signal for the page).
pub fn status() -> RwSignal<Status> {
    CLIENT
        .with_borrow_mut(|client| *client.status.get_or_insert_with(|| RwSignal::new(Status::Idle)))
}

fn set_status(value: Status) {
    let status = status();
    if status.with_untracked(|it| *it != value) {
        status.set(value);
    }
}

/// Sends the request `make` builds for the next generation; `done` gets its
/// answer, unless a newer request was sent first.
pub fn request(make: impl FnOnce(u64) -> Request, done: impl FnOnce(Response) + 'static) {
    send(make, None, Box::new(done));
}

/// [`request`], for a layout that may come sketched first: `sketched` gets
/// the sketch (`worker::answers`), if one comes before the answer.
pub fn request_sketched(
    make: impl FnOnce(u64) -> Request,
    sketched: impl FnOnce(Response) + 'static,
    done: impl FnOnce(Response) + 'static,
) {
    send(make, Some(Box::new(sketched)), Box::new(done));
}

fn send(make: impl FnOnce(u64) -> Request, sketched: Option<Done>, done: Done) {
    let (generation, request) = CLIENT.with_borrow_mut(|client| {
        client.generation += 1;
        (client.generation, make(client.generation))
    });
    if !ensure_worker() {
        // No worker here: the work runs on this thread.
        done(answer(request, || 0.0));
        return;
    }
    CLIENT.with_borrow_mut(|client| {
        client.pending = Some(Pending {
            generation,
            request: request.clone(),
            done,
            sketched,
            sketch_shown: false,
            crashed: None,
            assembly: None,
        });
        if let Some(bridge) = &client.bridge {
            bridge.send(request);
        }
    });
    set_status(Status::Working);
    set_timeout(
        move || {
            let still = CLIENT.with_borrow(|client| {
                client.pending.as_ref().is_some_and(|it| it.generation == generation)
            });
            if still && status().with_untracked(|it| *it == Status::Working) {
                set_status(Status::Slow);
            }
        },
        SLOW,
    );
}

/// Starts the worker if none runs (it then loads while the page goes on:
/// the first request finds it up, or queued until it is).
pub fn start() {
    ensure_worker();
}

/// Encodes `shared` as a share fragment (`share::encode`) in the worker if
/// one is up, else here, and hands the fragment to `done`: unless a newer
/// encoding was asked for first, as a newer autosave replaces an older.
pub fn encode(shared: crate::bridge::share::Shared, done: Encoded) {
    let here = CLIENT.with_borrow_mut(|client| {
        let Some(bridge) = client.bridge.as_ref().filter(|_| client.ready) else {
            return Some(Encoding { generation: 0, shared, done });
        };
        client.generation += 1;
        let generation = client.generation;
        bridge.send(Request::Encode { generation, shared: shared.clone() });
        client.encoding = Some(Encoding { generation, shared, done });
        None
    });
    encode_here(here);
}

/// Encodes here what the worker was encoding when it went.
fn encode_here(encoding: Option<Encoding>) {
    if let Some(Encoding { shared, done, .. }) = encoding {
        done(crate::bridge::share::encode(&shared));
    }
}

/// Stops the worker and drops the request in flight (the map keeps the
/// last drawing); the next request starts a new worker.
pub fn cancel() {
    let (had, encoding) = CLIENT.with_borrow_mut(|client| {
        stop(client);
        (client.pending.take(), client.encoding.take())
    });
    encode_here(encoding);
    if let Some(pending) = had {
        set_status(Status::Cancelled { sketch: pending.sketch_shown });
    }
}

/// Ends the worker (if any) and forgets it.
fn stop(client: &mut Client) {
    client.running = None;
    client.ready = false;
    if let Some(worker) = client.worker.take() {
        worker.set_onerror(None);
        worker.terminate();
    }
    client.on_error = None;
    client.bridge = None;
}

/// The worker script the page names (a `link` marked `data-worker`, which
/// also tells the service worker to keep it for offline use), if any.
fn worker_url() -> Option<String> {
    let link = document().query_selector("link[data-worker]").ok()??;
    link.get_attribute("href").filter(|it| !it.is_empty())
}

/// Starts the worker unless it runs; false where none can start.
fn ensure_worker() -> bool {
    let (running, broken) = CLIENT.with_borrow(|client| (client.bridge.is_some(), client.broken));
    if running || broken {
        return running;
    }
    let Some(url) = worker_url() else { return false };
    let number = CLIENT.with_borrow_mut(|client| {
        client.started += 1;
        client.started
    });
    let bridge = Engine::spawner()
        .callback(move |answer| on_answer(number, answer))
        .with_loader(true)
        .as_module(true)
        .spawn(&format!("{url}#{}", lock_name(number)));
    let worker = js_sys::Reflect::get(&js_sys::global(), &"judgepadWorker".into())
        .ok()
        .and_then(|it| it.dyn_into::<web_sys::Worker>().ok());
    let on_error = Closure::<dyn Fn(web_sys::ErrorEvent)>::new(|event: web_sys::ErrorEvent| {
        event.prevent_default();
        leptos::logging::warn!("judgepad: the worker failed: {}", event.message());
        died(event.message());
    });
    if let Some(worker) = &worker {
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    }
    CLIENT.with_borrow_mut(|client| {
        client.running = Some(number);
        client.bridge = Some(bridge);
        client.worker = worker;
        client.on_error = Some(on_error);
    });
    // A worker that neither starts nor fails (a script that loads but never
    // registers) is given up after a while.
    set_timeout(
        move || {
            if CLIENT.with_borrow(|client| client.running == Some(number) && !client.ready) {
                died(format!("it did not start within {} s", START.as_secs()));
            }
        },
        START,
    );
    true
}

/// The lock worker `number` holds while it lives: this page's (a random
/// part, as other tabs run workers too) and the worker's.
fn lock_name(number: u64) -> String {
    thread_local! {
        static PAGE: u64 = (js_sys::Math::random() * 1e15) as u64;
    }
    PAGE.with(|page| format!("judgepad-worker-{page}-{number}"))
}

/// Waits on worker `number`'s lock: granted when the worker is gone.
fn watch(number: u64) {
    let Some(locks) = js_sys::Reflect::get(&window().navigator(), &"locks".into())
        .ok()
        .filter(|it| !it.is_undefined())
    else {
        return;
    };
    let Some(request) = js_sys::Reflect::get(&locks, &"request".into())
        .ok()
        .and_then(|it| it.dyn_into::<js_sys::Function>().ok())
    else {
        return;
    };
    let gone = Closure::once_into_js(move |_lock: wasm_bindgen::JsValue| {
        if CLIENT.with_borrow(|client| client.running == Some(number)) {
            leptos::logging::warn!("judgepad: worker {number} is gone (its lock was released)");
            died(String::new());
        }
    });
    let _ = request.call2(&locks, &lock_name(number).into(), &gone);
}

/// An answer from worker `number`: handed on if it is the newest request's
/// (a drawing in parts once its last part is in).
fn on_answer(number: u64, response: Response) {
    let (generation, response) = match response {
        Response::Ready => {
            CLIENT.with_borrow_mut(|client| client.ready |= client.running == Some(number));
            return watch(number);
        }
        Response::Encoded { generation, fragment } => {
            let encoding = CLIENT.with_borrow_mut(|client| {
                client.encoding.take_if(|it| it.generation == generation)
            });
            if let Some(encoding) = encoding {
                (encoding.done)(fragment);
            }
            return;
        }
        Response::Layout { generation, drawing, shapes, took_ms, parts, sketch } if parts > 0 => {
            CLIENT.with_borrow_mut(|client| {
                if let Some(pending) = newest(client, generation) {
                    pending.assembly =
                        Some((Assembly::new(drawing, shapes, took_ms, parts), sketch));
                }
            });
            return;
        }
        Response::Part { generation, part } => match assemble(generation, part) {
            Some(Ok(whole)) => (generation, whole),
            Some(Err(())) => return died("its drawing came in parts that do not fit".into()),
            None => return,
        },
        whole @ Response::Layout { generation, .. } => (generation, whole),
    };
    if let Response::Layout { sketch: true, .. } = response {
        let sketched = CLIENT.with_borrow_mut(|client| {
            let pending = newest(client, generation)?;
            let sketched = pending.sketched.take();
            pending.sketch_shown |= sketched.is_some();
            sketched
        });
        if let Some(sketched) = sketched {
            set_status(Status::Sketched);
            sketched(response);
        }
        return;
    }
    let pending = CLIENT.with_borrow_mut(|client| {
        newest(client, generation).is_some().then(|| client.pending.take()).flatten()
    });
    if let Some(pending) = pending {
        set_status(match pending.crashed {
            Some(why) => Status::Failed(format!(
                "The map's worker stopped ({why}); it was restarted and the map drawn again."
            )),
            None => Status::Idle,
        });
        (pending.done)(response);
    }
}

/// The request in flight, if it is of `generation`.
fn newest(client: &mut Client, generation: u64) -> Option<&mut Pending> {
    client.pending.as_mut().filter(|it| it.generation == generation)
}

/// Puts `part` into the drawing of `generation` coming in: the whole
/// drawing once it was the last, `None` while more are to come (or the
/// drawing is no longer wanted), an error for a part that does not fit.
fn assemble(generation: u64, part: Part) -> Option<Result<Response, ()>> {
    CLIENT.with_borrow_mut(|client| {
        let pending = newest(client, generation)?;
        let (mut assembly, sketch) = pending.assembly.take()?;
        if !assembly.add(part) {
            return Some(Err(()));
        }
        if !assembly.whole() {
            pending.assembly = Some((assembly, sketch));
            return None;
        }
        let (drawing, shapes, took_ms) = assembly.finish();
        Some(Ok(Response::Layout { generation, drawing, shapes, took_ms, parts: 0, sketch }))
    })
}

/// The worker died (`why`: its error message). One that had started is
/// replaced and sent the request in flight, once; one that never said it
/// was up (no module workers, a blocked script) is given up for the
/// session, and the work runs on this thread as before the worker.
fn died(why: String) {
    let (pending, started, encoding) = CLIENT.with_borrow_mut(|client| {
        let started = client.ready;
        stop(client);
        client.broken |= !started;
        (client.pending.take(), started, client.encoding.take())
    });
    encode_here(encoding);
    let why = if why.is_empty() { "it ended unexpectedly".to_string() } else { why };
    if !started {
        set_status(Status::Failed(format!(
            "The map's worker could not start ({why}); the map is drawn on the page itself."
        )));
        if let Some(pending) = pending {
            (pending.done)(answer(pending.request, crate::doc::now_ms));
        }
        return;
    }
    match pending {
        None => set_status(Status::Failed(format!(
            "The map's worker stopped ({why}); a new one starts with the next drawing."
        ))),
        Some(pending) if pending.crashed.is_some() => set_status(Status::Failed(format!(
            "The map's worker stopped ({why}) on this text; the map shows {}. Your text is unchanged.",
            if pending.sketch_shown { "its quick sketch" } else { "the last drawing" }
        ))),
        Some(pending) if ensure_worker() => {
            set_status(Status::Failed(format!(
                "The map's worker stopped ({why}); it was restarted and is drawing again."
            )));
            CLIENT.with_borrow_mut(|client| {
                if let Some(bridge) = &client.bridge {
                    bridge.send(pending.request.clone());
                }
                client.pending = Some(Pending { crashed: Some(why), assembly: None, ..pending });
            });
        }
        Some(pending) => (pending.done)(answer(pending.request, crate::doc::now_ms)),
    }
}
