//! The map's pointer (`MapView`'s stage): dragging the background pans,
//! two fingers pinch (`bridge::gesture`), a click picks (`map_clicks`) or
//! opens a province's card; in "Move provinces" mode dragging a province
//! moves it (drawn following the pointer by `drag_ghost`) and where it is
//! let go a `# @pos ABBR x y` line is written into the text, so panning
//! never edits it. The view box it moves and the client pixels it reads
//! are a [`Viewport`].

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::bridge::gesture::Fingers;
use crate::bridge::pins::set_pin;
use crate::bridge::scene::Scene;
use crate::bridge::viewbox;
use crate::components::drag_ghost::Moving;
use crate::doc::Doc;
use crate::map_clicks;

/// A box in drawing units: x, y, width, height.
pub type ViewBox = (f64, f64, f64, f64);

/// The visible part of the drawing: zoomed and panned, or the whole.
#[derive(Clone, Copy)]
pub struct Viewport {
    /// The box chosen by zooming and panning (`None`: the whole drawing).
    pub zoom: RwSignal<Option<ViewBox>>,
    /// The scene (its `fit` is the whole drawing's box).
    pub scene: Memo<Scene>,
    /// The drawing layer's SVG (client pixels are read from it).
    pub svg: NodeRef<leptos::svg::Svg>,
}

impl Viewport {
    /// The whole drawing's box.
    pub fn full(self) -> ViewBox {
        self.scene.with(|s| s.fit)
    }

    /// The box shown.
    pub fn current(self) -> ViewBox {
        self.zoom.get().unwrap_or_else(|| self.full())
    }

    /// Client pixels → drawing units (the default preserveAspectRatio:
    /// meet, centred).
    pub fn to_drawing(self, cx: f64, cy: f64) -> Option<(f64, f64)> {
        let svg = self.svg.get_untracked()?;
        let element: &web_sys::Element = svg.unchecked_ref();
        let rect = element.get_bounding_client_rect();
        viewbox::to_drawing(
            (rect.left(), rect.top(), rect.width(), rect.height()),
            self.current(),
            (cx, cy),
        )
    }
}

/// A drag: where it started (client pixels), the province grabbed and
/// whether it has gone far enough to be a drag.
type Drag = Option<(f64, f64, Option<String>, bool)>;

/// The pointer's state and what it moves.
#[derive(Clone, Copy)]
pub struct MapPointer<C> {
    view: Viewport,
    doc: Doc,
    click: C,
    /// "Move provinces" mode.
    moving: RwSignal<bool>,
    /// The province being moved, and how far, while the drag lasts.
    ghost: RwSignal<Moving>,
    /// The province whose card is open.
    selected: RwSignal<Option<String>>,
    /// The province under the pointer.
    hovered: RwSignal<Option<String>>,
    drag: StoredValue<Drag>,
    fingers: StoredValue<Fingers>,
}

/// The pointer id and client point of a touch (`None` for a mouse or pen).
fn touch(ev: &web_sys::PointerEvent) -> Option<(i32, f64, f64)> {
    (ev.pointer_type() == "touch")
        .then(|| (ev.pointer_id(), f64::from(ev.client_x()), f64::from(ev.client_y())))
}

impl<C> MapPointer<C>
where
    C: Fn(bool, bool, Option<String>, Option<String>) -> bool + Copy + 'static,
{
    /// The pointer over `view`; `click` says what a click means (true: it
    /// did something, so no card opens).
    pub fn new(
        view: Viewport,
        doc: Doc,
        click: C,
        selected: RwSignal<Option<String>>,
        hovered: RwSignal<Option<String>>,
    ) -> MapPointer<C> {
        MapPointer {
            view,
            doc,
            click,
            moving: RwSignal::new(false),
            ghost: RwSignal::new(None),
            selected,
            hovered,
            drag: StoredValue::new(None),
            fingers: StoredValue::new(Fingers::default()),
        }
    }

    /// "Move provinces" mode (the toolbar's switch).
    pub fn moving(self) -> RwSignal<bool> {
        self.moving
    }

    /// The province being moved, drawn following the pointer.
    pub fn ghost(self) -> RwSignal<Moving> {
        self.ghost
    }

    /// The province under `target` becomes the hovered one.
    pub fn hover(self, target: Option<web_sys::EventTarget>) {
        let now = map_clicks::province_at(target);
        if self.hovered.get_untracked() != now {
            self.hovered.set(now);
        }
    }

    /// A pointer goes down: a second finger starts a pinch; else a drag
    /// starts, on the province under it if any.
    pub fn down(self, ev: &web_sys::PointerEvent) {
        if let Some((id, x, y)) = touch(ev) {
            let between = self.fingers.try_update_value(|f| f.down(id, x, y)).flatten();
            if let Some((mx, my)) = between {
                self.drag.set_value(None);
                if let Some(at) = self.view.to_drawing(mx, my) {
                    let shown = self.view.current();
                    self.fingers.update_value(|f| f.start(shown, at));
                }
                return;
            }
        }
        let province = map_clicks::province_at(ev.target());
        let at = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        self.drag.set_value(Some((at.0, at.1, province, false)));
    }

    /// The pointer moves: a pinch zooms; a drag pans, or moves the
    /// province grabbed in "Move provinces" mode; else it hovers.
    pub fn moved(self, ev: &web_sys::PointerEvent) {
        if self.fingers.with_value(Fingers::pinching) {
            if let Some((id, x, y)) = touch(ev)
                && let Some(view) = self.fingers.try_update_value(|f| f.moved(id, x, y)).flatten()
            {
                self.view.zoom.set(Some(view));
            }
            return;
        }
        let Some((sx, sy, province, moved)) = self.drag.get_value() else {
            self.hover(ev.target());
            return;
        };
        let (mx, my) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        let far = moved || (mx - sx).abs() + (my - sy).abs() > 4.0;
        let to = |x, y| self.view.to_drawing(x, y);
        if (province.is_none() || !self.moving.get_untracked()) && far {
            let (Some(a), Some(b)) = (to(sx, sy), to(mx, my)) else { return };
            self.view.zoom.set(Some(viewbox::panned(self.view.current(), a, b)));
            self.drag.set_value(Some((mx, my, None, true)));
        } else {
            if far && let Some(abbr) = &province {
                let (Some(a), Some(b)) = (to(sx, sy), to(mx, my)) else { return };
                self.ghost.set(Some((abbr.clone(), b.0 - a.0, b.1 - a.1)));
            }
            self.drag.set_value(Some((sx, sy, province, far)));
        }
    }

    /// The pointer goes up: a click (a unit picked, an order, a card
    /// opened), or a moved province pinned where it is let go.
    pub fn up(self, ev: &web_sys::PointerEvent) {
        // A pinch's fingers lifting click nothing.
        let lifted = touch(ev).map(|(id, _, _)| self.fingers.try_update_value(|f| f.up(id)));
        if lifted.flatten() == Some(true) {
            self.drag.set_value(None);
            return;
        }
        let Some((_, _, province, moved)) = self.drag.get_value() else { return };
        self.drag.set_value(None);
        self.ghost.set(None);
        if !moved {
            let (unit, place) = map_clicks::under_pointer(ev.target(), province.clone());
            if (self.click)(ev.shift_key(), ev.alt_key(), unit, place) {
                return;
            }
        }
        let Some(abbr) = province else { return };
        if moved && self.moving.get_untracked() {
            let at = (f64::from(ev.client_x()), f64::from(ev.client_y()));
            if let Some((x, y)) = self.view.to_drawing(at.0, at.1) {
                self.doc.change(None, |w| {
                    let root = w.root.clone();
                    w.edit(&root, |text| set_pin(text, &abbr, x, y));
                });
            }
        } else {
            self.selected.set(Some(abbr));
        }
    }

    /// The pointer leaves the map: the drag and the hover end.
    pub fn leave(self) {
        self.drag.set_value(None);
        self.ghost.set(None);
        self.hovered.set(None);
    }

    /// The browser takes the pointer (a scroll, a gesture of its own).
    pub fn cancel(self, ev: &web_sys::PointerEvent) {
        if let Some((id, _, _)) = touch(ev) {
            self.fingers.update_value(|f| {
                f.up(id);
            });
        }
        self.drag.set_value(None);
        self.ghost.set(None);
    }
}
