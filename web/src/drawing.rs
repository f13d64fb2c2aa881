//! The map's drawing as the page keeps it: the key a drawing depends on
//! (the graph, the pins, the provinces' names and terrain), the drawing on
//! screen with the key it was made for, and when to ask the worker for a
//! new one: at once for the first drawing, a pin or another variant; once
//! typing pauses (300 ms) for an edit that adds or drops a province or two;
//! never for typing that leaves the key as it is. A big map with no drawing
//! of it on screen (pasted, opened, another variant) is sketched first
//! (`layout::sketch`, shown marked `data-sketch` until its drawing comes).

use leptos::prelude::*;

use crate::bridge::scene::Shapes;

use std::sync::Arc;

use judgepad_core::layout::{self, ProvinceGraph};
use judgepad_core::map::Map;
use judgepad_core::map::pins::Pin;

use crate::bridge::Loaded;
use crate::doc::Doc;

/// What a drawing depends on: the map's graph, its pins and its
/// provinces' names and terrain. It keeps the map itself and compares
/// these in place ([`ProvinceGraph::same`]): building the graph to compare
/// took 50 ms of one task on a 26,000-province map.
#[derive(Clone, Debug)]
pub struct Key(Arc<Map>);

impl Key {
    /// The key of `map`.
    pub fn of(map: &Arc<Map>) -> Key {
        Key(map.clone())
    }

    /// The pins.
    pub fn pins(&self) -> &[Pin] {
        &self.0.pins
    }

    /// How many provinces.
    pub fn provinces(&self) -> usize {
        self.0.provinces.len()
    }

    /// Whether a drawing made for this key fits `map` (same provinces, in
    /// order).
    pub fn fits(&self, map: &Map) -> bool {
        self.0.provinces.len() == map.provinces.len()
            && self.0.provinces.iter().zip(&map.provinces).all(|(d, p)| d.abbr == p.abbr)
    }

    /// The same graph and provinces (the pins may differ).
    pub fn same_but_pins(&self, other: &Key) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (ProvinceGraph::same(&self.0, &other.0)
                && self
                    .0
                    .provinces
                    .iter()
                    .zip(&other.0.provinces)
                    .all(|(a, b)| a.abbr == b.abbr && a.terrain == b.terrain))
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.same_but_pins(other) && self.0.pins == other.0.pins
    }
}

/// The drawing's signals.
#[derive(Clone, Copy)]
pub struct Drawing {
    /// What the map on screen should be drawn for now.
    pub key: Memo<Key>,
    /// The drawing on screen and the key it was made for.
    pub drawn: RwSignal<Option<(Key, layout::Layout)>>,
    /// How many drawings arrived (a test hook: typing must not add any).
    pub layouts: RwSignal<u32>,
    /// The outlines and lines of the drawing that just arrived, formatted
    /// by the worker (taken by the scene; `scene::shapes`).
    pub shapes: StoredValue<Option<Shapes>>,
    /// Asks for the drawing of the text as it is (after a cancel).
    pub redraw: Callback<()>,
    /// Whether the drawing on screen is a big map's quick sketch.
    pub sketch: RwSignal<bool>,
}

impl Drawing {
    /// Follows `loaded` (the map of `doc`'s settled files).
    pub fn new(loaded: Memo<Loaded>, doc: Doc) -> Drawing {
        // What the drawing depends on: the graph, the pins, the provinces'
        // names and terrain. Typing anything else (a comment, a rule, a power)
        // leaves the key, and so the drawing, as it is.
        // It follows the map a frame after each change: working it out (the
        // whole map's graph: 0.5 ms of a keystroke's 6.5 on imperial) is not
        // needed for the frame that shows the keystroke's squiggles and
        // counts, and a drawing waits for the worker anyway.
        let after = RwSignal::new(0u64);
        let waiting = StoredValue::new(false);
        Effect::new(move |_| {
            loaded.track();
            if !waiting.get_value() {
                waiting.set_value(true);
                leptos::task::spawn_local(async move {
                    crate::tasks::next_frame().await;
                    waiting.set_value(false);
                    after.update(|n| *n += 1);
                });
            }
        });
        let key: Memo<Key> = Memo::new(move |_| {
            after.track();
            loaded.with_untracked(|it| Key::of(&it.map))
        });
        // The drawing and the key it was made for.
        let drawn = RwSignal::new(None::<(Key, layout::Layout)>);
        // How many layouts ran (a test hook: typing must not add any).
        let layouts = RwSignal::new(0u32);
        let made = StoredValue::new(None::<Shapes>);
        let pending = StoredValue::new(None::<leptos::prelude::TimeoutHandle>);
        // The layout runs in the worker (worker.rs): the request names the
        // files, and the text alone decides the picture (a small edit moves
        // the map little by the method itself: the first shape is turned to
        // its own frame); the answer is shown if it is still the newest
        // request's.
        let sketch = RwSignal::new(false);
        let draw_now = move |sketched: bool| {
            let files = doc.settled.get_untracked();
            let made_for = key.get_untracked();
            let bundled = loaded.with_untracked(|it| {
                crate::library::texts_read(
                    it.map
                        .files
                        .iter()
                        .map(|f| f.name.as_str())
                        .filter(|n| !files.own.contains_key(*n)),
                )
            });
            let made_for_sketch = made_for.clone();
            crate::worker::client::request_sketched(
                move |generation| crate::worker::Request::Layout {
                    generation,
                    files,
                    bundled,
                    sketch: sketched,
                },
                move |answer| {
                    let crate::worker::Response::Layout { drawing, shapes, .. } = answer else {
                        return;
                    };
                    made.set_value(Some(shapes));
                    sketch.set(true);
                    drawn.set(Some((made_for_sketch, drawing)));
                },
                move |answer| {
                    let crate::worker::Response::Layout { drawing, shapes, .. } = answer else {
                        return;
                    };
                    // Pins the drawing let go: warnings in the diagnostics list.
                    loaded.with_untracked(|it| {
                        if key.with_untracked(|now| *now == made_for) {
                            let notes = layout::pin_diagnostics(&it.map, &drawing);
                            // (With no notes before or after, the pins they
                            // were for do not matter: the list stays as it is.)
                            if doc.drawing_notes.with_untracked(|(pins, old)| {
                                *old != notes || (!notes.is_empty() && *pins != it.map.pins)
                            }) {
                                doc.drawing_notes.set((it.map.pins.clone(), notes));
                            }
                        }
                    });
                    made.set_value(Some(shapes));
                    if sketch.get_untracked() {
                        sketch.set(false);
                    }
                    drawn.set(Some((made_for, drawing)));
                    if layouts.get_untracked() == 0 {
                        first_drawn();
                    }
                    layouts.update(|n| *n += 1);
                },
            );
        };
        Effect::new(move |_| {
            let now = key.get();
            let due = drawn.with_untracked(|d| Due::of(d.as_ref().map(|(old, _)| old), &now));
            if let Some(handle) = pending.get_value() {
                handle.clear();
                pending.set_value(None);
            }
            match due {
                Due::Drawn => {}
                Due::OncePaused => {
                    let handle = set_timeout_with_handle(
                        move || draw_now(false),
                        std::time::Duration::from_millis(300),
                    );
                    pending.set_value(handle.ok());
                }
                Due::Now { sketch } => draw_now(sketch),
            }
        });
        let redraw = Callback::new(move |()| draw_now(false));
        Drawing { key, drawn, layouts, shapes: made, redraw, sketch }
    }
}

/// When the map on screen (drawn for `old`) is drawn again for `now`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Due {
    /// Never: it is drawn for `now`.
    Drawn,
    /// Once typing pauses: an edit that adds or drops a province or two.
    OncePaused,
    /// At once: the first drawing, a pin (the drawing on screen kept
    /// meanwhile), another variant; a big map with no drawing of it on
    /// screen is sketched first.
    Now {
        /// Whether it is sketched first (`layout::sketch`).
        sketch: bool,
    },
}

impl Due {
    fn of(old: Option<&Key>, now: &Key) -> Due {
        let Some(old) = old else {
            return Due::Now { sketch: now.provinces() >= layout::SKETCH_FROM };
        };
        if old == now {
            Due::Drawn
        } else if old.same_but_pins(now) {
            Due::Now { sketch: false }
        } else if old.provinces().abs_diff(now.provinces()) <= 2 {
            Due::OncePaused
        } else {
            Due::Now { sketch: now.provinces() >= layout::SKETCH_FROM }
        }
    }
}

/// Tells the page's scripts the first drawing is on screen (`pwa.js`
/// registers the service worker then: its install downloads the whole
/// build, which must not share a slow link with the map's part).
fn first_drawn() {
    if let Ok(event) = web_sys::Event::new("judgepad-drawn") {
        let _ = window().dispatch_event(&event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_maps::ring;

    fn key(text: &str) -> Key {
        let (map, _) = judgepad_core::map::load("ring.map", text, &crate::library::Library);
        Key::of(&Arc::new(map))
    }

    #[test]
    fn a_big_map_is_sketched_only_when_no_drawing_of_it_is_on_screen() {
        let (small, big) = (key(&ring(8)), key(&ring(layout::SKETCH_FROM)));
        assert_eq!(Due::of(None, &small), Due::Now { sketch: false });
        assert_eq!(Due::of(None, &big), Due::Now { sketch: true });
        assert_eq!(Due::of(Some(&small), &big), Due::Now { sketch: true }, "another map");
        assert_eq!(Due::of(Some(&big), &big), Due::Drawn);
        let pinned = key(&format!("# @pos L3 10 10\n{}", ring(layout::SKETCH_FROM)));
        assert_eq!(Due::of(Some(&big), &pinned), Due::Now { sketch: false }, "a pin");
        let one_more = key(&format!("{}Zed = zed\nLAND ZED\n", ring(layout::SKETCH_FROM)));
        assert_eq!(Due::of(Some(&big), &one_more), Due::OncePaused, "typing");
    }
}
