//! The map's place until its part of the wasm is there (issue 29): the
//! default variant's drawing made ahead (`bridge::first_map`), shown inert
//! (nothing to click yet: a click passes through, as on an empty place)
//! while the files are exactly those it was drawn from. A picture only:
//! the test hooks (`[data-testid=map]`, `[data-province]` …) name the live
//! map, so whatever waits for them waits for a map it can use. The boot script
//! fetches it once the first part has arrived (`globalThis.
//! judgepadFirstMap`, a promise of its text; none in a build without one).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::bridge::first_map::{self, FirstMap};
use crate::doc::Doc;

/// The drawing made ahead, once it has arrived (a context of the page).
#[derive(Clone, Copy)]
pub struct Ahead(RwSignal<Option<FirstMap>>);

impl Ahead {
    /// Waits for the boot script's fetch of the drawing.
    pub fn fetched() -> Ahead {
        let ahead = RwSignal::new(None);
        leptos::task::spawn_local(async move {
            let promise = js_sys::Reflect::get(&js_sys::global(), &"judgepadFirstMap".into())
                .ok()
                .and_then(|it| it.dyn_into::<js_sys::Promise>().ok());
            let Some(promise) = promise else { return };
            let text = wasm_bindgen_futures::JsFuture::from(promise).await.ok();
            // Drawn after the frame that shows the editor and its counts,
            // in a task of its own: not in the mount's (it has usually
            // arrived by then), which it made 0.3 s longer on a phone.
            crate::tasks::next_frame().await;
            if let Some(first) = text.and_then(|t| t.as_string()).and_then(|t| first_map::parse(&t))
            {
                ahead.set(Some(first));
            }
        });
        Ahead(ahead)
    }

    /// `f` of the drawing while `doc`'s files are those it was made from,
    /// else of `None` (tracked).
    pub fn with<T>(self, doc: Doc, f: impl FnOnce(Option<&FirstMap>) -> T) -> T {
        self.0.with(|first| {
            let first = first.as_ref().filter(|first| {
                doc.workspace.with(|w| first_map::applies(first, w, w.text(&w.root).as_deref()))
            });
            f(first)
        })
    }

    /// The drawing's aspect ratio and SVG while `doc`'s files are those it
    /// was made from (tracked).
    pub fn of(self, doc: Doc) -> Option<(String, String)> {
        self.with(doc, |first| first.map(|it| (it.aspect.clone(), it.svg.clone())))
    }
}

/// What the map view shows before its first drawing: the drawing made
/// ahead, if it is the files' (see [`Ahead::of`]).
pub fn ahead_of(doc: Doc) -> Memo<Option<(String, String)>> {
    let ahead = use_context::<Ahead>();
    Memo::new(move |_| ahead.and_then(|it| it.of(doc)))
}

/// The map's column before the map's part has loaded. Its content is set
/// through the DOM, not a view of its own: the first module is what a
/// phone waits for, and such a view cost it 2 KB more (gzipped).
#[component]
pub fn FirstMapView(
    /// The document (the drawing is shown only for the files it was made
    /// from).
    doc: Doc,
) -> impl IntoView {
    let section = NodeRef::<leptos::html::Section>::new();
    let ahead = use_context::<Ahead>();
    // Whether its column has been on screen: the picture is built only
    // then (a phone shows the editor first, the map on a tab of its own,
    // and parsing the picture there was a long task Lighthouse counted).
    let seen = RwSignal::new(false);
    Effect::new(move |_| {
        let Some(el) = section.get() else { return };
        let target = el.clone();
        let callback = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
            if target.client_width() > 0 && !seen.get_untracked() {
                seen.set(true);
            }
        });
        if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
            observer.observe(&el);
        }
        // Once a page: the section goes when the map's part is there.
        callback.forget();
    });
    Effect::new(move |was: Option<bool>| {
        let Some(el) = section.get() else { return false };
        let seen = seen.get();
        let shown = ahead.is_some_and(|ahead| {
            ahead.with(doc, |first| {
                let Some(first) = first else { return false };
                if seen && el.child_element_count() == 0 {
                    el.set_inner_html(&format!(
                        "<div class=\"map-tools\"></div><div class=\"map-stage\"><div class=\"layer\">{}</div></div>",
                        first.svg
                    ));
                    // Through the CSSOM: the page's CSP refuses style
                    // attributes.
                    if let Some(stage) = el.last_element_child() {
                        let stage: web_sys::HtmlElement = stage.unchecked_into();
                        let _ = stage.style().set_property("aspect-ratio", &first.aspect);
                    }
                }
                true
            })
        });
        if was != Some(shown) {
            let style = el.style();
            let _ = if shown {
                style.remove_property("display").map(|_| ())
            } else {
                style.set_property("display", "none")
            };
        }
        shown
    });
    view! { <section class="map first-map" aria-label="map" inert="" node_ref=section></section> }
}
