//! The map from the keyboard (issue 33): the map is one tab stop (the
//! province last focused, else the first drawn); the arrow keys move to the
//! nearest province that way (`bridge::roving`); Enter or Space does what
//! a click on the province does while ordering (picks its unit, takes a
//! lit place) or editing the position, else opens the province's card;
//! Escape closes it.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::bridge::roving;
use crate::bridge::scene::Scene;
use crate::map_clicks::province_at;

/// The province holding the tab stop: `stop` (the one last focused) while
/// it is on the map, else the first drawn.
pub fn tab_stop(scene: Memo<Scene>, stop: RwSignal<Option<String>>) -> Memo<Option<String>> {
    Memo::new(move |_| {
        scene.with(|s| {
            stop.with(|want| {
                want.as_ref()
                    .filter(|w| s.regions.iter().any(|r| &r.abbr == *w))
                    .cloned()
                    .or_else(|| s.regions.first().map(|r| r.abbr.clone()))
            })
        })
    })
}

/// The map's keydown handler: moves `stop` and the focus; Enter or Space
/// first offers the province to `act` (what a click on it does while
/// ordering or editing: true if it did something), else sets `selected`
/// (the province whose card is open).
pub fn on_key(
    scene: Memo<Scene>,
    stop: RwSignal<Option<String>>,
    selected: RwSignal<Option<String>>,
    act: impl Fn(String) -> bool + Copy,
) -> impl Fn(leptos::ev::KeyboardEvent) + Copy {
    move |ev: leptos::ev::KeyboardEvent| {
        let Some(from) = province_at(ev.target()) else { return };
        let key = ev.key();
        if let Some(step) = roving::Step::of_key(&key) {
            let places: Vec<(String, [f64; 2])> = scene.with_untracked(|s| {
                s.regions
                    .iter()
                    .filter_map(|r| Some((r.abbr.clone(), roving::point(&r.label)?)))
                    .collect()
            });
            ev.prevent_default();
            if let Some(next) = roving::step(&places, &from, step) {
                let query = format!("[data-testid=map] .region[data-province=\"{next}\"]");
                stop.set(Some(next));
                if let Ok(Some(el)) = document().query_selector(&query) {
                    let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
                }
            }
        } else if key == "Enter" || key == " " {
            ev.prevent_default();
            if !act(from.clone()) {
                selected.set(Some(from));
            }
        } else if key == "Escape" {
            selected.set(None);
        }
    }
}
