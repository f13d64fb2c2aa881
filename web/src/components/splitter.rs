//! The handle between the editor and the map (issue 33): drag it, or focus
//! it and use the arrow keys, to give the editor more or less of the page.
//! Desktop only (narrower pages stack the panes).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The editor's narrowest and the rest's narrowest (CSS px).
const EDITOR_MIN: f64 = 220.0;
const REST_MIN: f64 = 480.0;
/// One arrow key's step (CSS px).
const STEP: f64 = 24.0;

/// The separator; `width` is the editor pane's width in whole CSS px
/// (integers: no float formatting in the first module), `None` for the
/// page's own proportions.
#[component]
pub fn Splitter(width: RwSignal<Option<i32>>) -> impl IntoView {
    let node = NodeRef::<leptos::html::Div>::new();
    let dragging = StoredValue::new(false);
    // The editor pane (the handle's parent) and the layout round it.
    let boxes = move || -> Option<(web_sys::DomRect, web_sys::DomRect)> {
        let pane = node.get_untracked()?.parent_element()?;
        let layout = pane.parent_element()?;
        Some((pane.get_bounding_client_rect(), layout.get_bounding_client_rect()))
    };
    let set = move |w: f64| {
        if let Some((_, layout)) = boxes() {
            let most = (layout.width() - REST_MIN).max(EDITOR_MIN);
            width.set(Some(w.clamp(EDITOR_MIN, most).round() as i32));
        }
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
            let _ = target.set_pointer_capture(ev.pointer_id());
        }
        ev.prevent_default();
        dragging.set_value(true);
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if dragging.get_value()
            && let Some((pane, _)) = boxes()
        {
            set(f64::from(ev.client_x()) - pane.left());
        }
    };
    let on_up = move |_| dragging.set_value(false);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let step = match ev.key().as_str() {
            "ArrowLeft" => -STEP,
            "ArrowRight" => STEP,
            _ => return,
        };
        ev.prevent_default();
        if let Some((pane, _)) = boxes() {
            set(pane.width() + step);
        }
    };
    view! {
        <div
            class="splitter"
            role="separator"
            aria-orientation="vertical"
            aria-label="editor width: drag, or use the arrow keys"
            aria-valuenow=move || width.get().unwrap_or(0).to_string()
            tabindex="0"
            data-testid="splitter"
            node_ref=node
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=on_up
            on:keydown=on_key
            on:dblclick=move |_| width.set(None)
            title="drag to widen the editor; double-click for the page's own widths"
        ></div>
    }
}
