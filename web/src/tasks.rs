//! Yielding to the browser: [`next_task`] resolves in a task of its own,
//! so long work split at its awaits lets the page paint and take input in
//! between (a phone's first visit counts every main-thread task over
//! 50 ms as blocking).

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// Shows `view` of what `ready` gives, once it has, in a task of its own:
/// the page mounts in pieces a phone can paint between, not in one long
/// task (nothing is shown before).
pub fn after<T: Send + 'static>(
    ready: impl Future<Output = T> + Send + 'static,
    view: impl FnOnce(T) -> AnyView + Send + 'static,
) -> impl IntoView {
    after_or(ready, view, || ())
}

/// [`after`], showing `fallback` until then.
pub fn after_or<T: Send + 'static, F: IntoView + 'static>(
    ready: impl Future<Output = T> + Send + 'static,
    view: impl FnOnce(T) -> AnyView + Send + 'static,
    fallback: impl Fn() -> F + Send + Sync + 'static,
) -> impl IntoView {
    let view = async move {
        let it = ready.await;
        next_task().await;
        view(it)
    };
    view! { <Suspense fallback=fallback>{Suspend::new(view)}</Suspense> }
}

/// Shows `view` a task after the rest of the page it is part of.
pub fn soon(view: impl FnOnce() -> AnyView + Send + 'static) -> impl IntoView {
    after(async {}, |()| view())
}

/// Resolves in a task of its own, after the tasks already queued (a
/// zero-delay timer, in the page or in a worker). `Send`, as Leptos's
/// `Suspend` asks (the state is shared through an `Arc`, not a `JsValue`).
pub fn next_task() -> NextTask {
    NextTask { state: None, frame: false }
}

/// Resolves in a task of its own after the browser's next frame (work
/// split at these awaits is drawn piece by piece; zero-delay timers alone
/// may all run before the frame). In a worker, as [`next_task`].
pub fn next_frame() -> NextTask {
    NextTask { state: None, frame: true }
}

/// Whether the timer has fired, and who to wake when it does.
type Fired = Arc<Mutex<(bool, Option<Waker>)>>;

/// The future of [`next_task`] and [`next_frame`]: the timer (or the
/// frame's callback, which sets it) is set on the first poll.
pub struct NextTask {
    state: Option<Fired>,
    frame: bool,
}

impl Future for NextTask {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        match &self.state {
            Some(state) => {
                let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
                if state.0 {
                    return Poll::Ready(());
                }
                state.1 = Some(cx.waker().clone());
                Poll::Pending
            }
            None => {
                let state: Fired = Arc::new(Mutex::new((false, Some(cx.waker().clone()))));
                let fired = state.clone();
                let callback = Closure::once_into_js(move || {
                    let mut state = fired.lock().unwrap_or_else(|e| e.into_inner());
                    state.0 = true;
                    if let Some(waker) = state.1.take() {
                        waker.wake();
                    }
                });
                let callback: &js_sys::Function = callback.unchecked_ref();
                let global = js_sys::global();
                let queued = if let Some(window) = global.dyn_ref::<web_sys::Window>() {
                    if self.frame {
                        let (timer, callback) = (window.clone(), callback.clone());
                        let after = Closure::once_into_js(move || {
                            let _ = timer.set_timeout_with_callback(&callback);
                        });
                        window.request_animation_frame(after.unchecked_ref()).is_ok()
                    } else {
                        window.set_timeout_with_callback(callback).is_ok()
                    }
                } else if let Some(scope) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
                    scope.set_timeout_with_callback(callback).is_ok()
                } else {
                    false
                };
                if !queued {
                    return Poll::Ready(());
                }
                self.state = Some(state);
                Poll::Pending
            }
        }
    }
}
