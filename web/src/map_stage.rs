//! The map's stage: its size in pixels, measured on mount and whenever its
//! box changes (the window, the page's columns) by a ResizeObserver. The
//! layers take that size in pixels: a percentage size made Chromium lay
//! out every label again whenever anything on the page changed (~13 ms on
//! imperial per adjudication); a pixel size does not.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The size of `stage_ref`'s element (`None` until it is laid out).
pub fn measured(stage_ref: NodeRef<leptos::html::Div>) -> RwSignal<Option<(i32, i32)>> {
    let stage_size = RwSignal::new(None::<(i32, i32)>);
    let measure = move || {
        if let Some(stage) = stage_ref.get_untracked() {
            let size = (stage.client_width(), stage.client_height());
            if size.0 > 0 && stage_size.get_untracked() != Some(size) {
                stage_size.set(Some(size));
            }
        }
    };
    // Measured whenever the stage's box changes (first layout, window,
    // the page's columns), by a ResizeObserver.
    Effect::new(move |_| {
        let Some(stage) = stage_ref.get() else { return };
        let callback = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(measure);
        if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
            // The map view lives as long as the page: so does its observer.
            observer.observe(&stage);
        }
        callback.forget();
    });
    stage_size
}
