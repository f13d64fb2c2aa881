//! The map drawn from the graph (issue 11): one SVG region per province
//! (`[data-province]`), units (`[data-unit]`), borders by who may cross,
//! connectors dashed; wheel zooms (a pinch on touch), dragging the background pans, "Fit"
//! resets. In "Move provinces" mode dragging a province pins it: a `# @pos ABBR x y` line is written
//! into the text (the source of truth), and the layout follows. Clicking a
//! province shows its card (name, terrain, owner, neighbours, Unpin). The
//! drawing (`drawing.rs`, laid out in the worker) follows the graph, the
//! pins and the terrain, so typing that does not change them does not lay
//! the map out again. The tools above it (`map_tools`), the drawing's layer
//! (`drawing_layer`) and the position's (`play_layer`) are components of
//! their own; this one holds the state they share, zoom and pointers.
//!
//! Play (issue 13): the position of the phase on screen, its orders drawn
//! (pending ones grey, played ones by result), dislodged units beside their
//! province. Clicking a unit picks it and lights its legal destinations;
//! clicking one writes the order into the orders text (Shift+click a unit:
//! support it, Alt+click: convoy it; the unit itself again: hold). The
//! toolbar offers the same (and builds in adjustment phases).

use leptos::prelude::*;

use crate::bridge::gesture::Fingers;
use crate::bridge::roving;
use crate::bridge::viewbox;
use wasm_bindgen::JsCast;

use judgepad_core::layout;
use judgepad_core::orders::OrderPhase;

use crate::bridge::Loaded;
use crate::bridge::arrows::{self, ArrowView};
use crate::bridge::entry::{Pick, Target, self_order, targets};
use crate::bridge::position::add_edit;

use crate::bridge::pin_marks::{PinMark, pin_marks_of};
use crate::bridge::pins::set_pin;
use crate::bridge::scene::{Scene, Shapes, scene, shapes};
use crate::components::drawing_layer::DrawingLayer;
use crate::components::map_card::MapCard;
use crate::components::map_tools::MapTools;
use crate::components::play_layer::PlayLayer;
use crate::components::position_tools::EditTool;
use crate::drawing::{Drawing, same_provinces};
use crate::worker::client::Status;

/// The map view.
#[component]
pub fn MapView(
    /// The loaded map.
    loaded: Memo<Loaded>,
    /// The game (the position on screen is drawn, with its orders).
    play: crate::play::Play,
    /// The document (pins are written into the top-level file).
    doc: crate::doc::Doc,
    /// Provinces to light (the Diff panel's changes).
    highlight: RwSignal<Vec<String>>,
) -> impl IntoView {
    let Drawing { key, drawn, layouts, redraw } = Drawing::new(loaded, doc);
    // The scene: the drawing with this map's names, owners and units. A
    // drawing made for other provinces (an edit not yet laid out) keeps the
    // previous scene on screen.
    //
    // What the scene reads from the map and the game, compared on each
    // check, so that typing which changes none of it (most typing) does not
    // build the scene again: provinces' names, terrain and centres, the
    // powers' starting centres and units, and the position.
    let scene_key = Memo::new(move |_| {
        loaded.with(|it| {
            let provinces: Vec<_> = it
                .map
                .provinces
                .iter()
                .map(|p| (p.abbr.clone(), p.terrain, p.supply_center))
                .collect();
            let powers: Vec<_> =
                it.map.powers.iter().map(|p| (p.centers.clone(), p.units.clone())).collect();
            let units: Vec<String> = it
                .map
                .powers
                .iter()
                .flat_map(|p| p.units.iter().map(|&u| it.map.unit_text(u)))
                .collect();
            (provinces, powers, units)
        })
    });
    // A mark at each pin: held, or let go (a pin conflict).
    let pin_marks: Memo<Vec<PinMark>> = Memo::new(move |_| {
        drawn.with(|d| {
            let Some((key, drawing)) = d else { return Vec::new() };
            loaded.with_untracked(|it| pin_marks_of(&it.map, &key.1, drawing))
        })
    });
    // Outlines and lines formatted once per drawing.
    let drawn_shapes: Memo<Shapes> =
        Memo::new(move |_| drawn.with(|d| d.as_ref().map(|(_, l)| shapes(l)).unwrap_or_default()));
    let view_scene: Memo<Scene> = Memo::new(move |previous: Option<&Scene>| {
        scene_key.track();
        let view = play.view.get();
        drawn.with(|d| {
            loaded.with_untracked(|it| {
                match d {
                    // The phase on screen: its map in force (IN/FROM may
                    // change terrain) and its board.
                    Some((k, drawing)) if same_provinces(&k.2, &it.map) => play.session.with(|s| {
                        let position = s.as_ref().map(|s| s.position(view));
                        drawn_shapes.with(|sh| scene(&it.map, drawing, sh, position))
                    }),
                    _ => previous.cloned().unwrap_or_else(|| {
                        let empty = layout::Layout::default();
                        scene(&it.map, &empty, &Shapes::default(), None)
                    }),
                }
            })
        })
    });
    // The orders of the phase on screen, drawn: pending ones while they are
    // written, played ones by result.
    let marks: Memo<Vec<ArrowView>> = Memo::new(move |_| {
        let view = play.view.get();
        let text = play.orders.get();
        drawn.with(|d| {
            let Some((_, drawing)) = d else { return Vec::new() };
            play.session.with(|s| {
                let Some(s) = s else { return Vec::new() };
                match view.and_then(|i| Some((s.game.history.get(i)?, s.played.get(i)?))) {
                    Some((turn, played)) => loaded.with_untracked(|it| {
                        arrows::played(&it.map, drawing, &turn.map, &played.orders, &turn.report)
                    }),
                    None => {
                        let (orders, _) = crate::bridge::read_orders(&s.game, &text);
                        loaded.with_untracked(|it| {
                            arrows::pending(&it.map, drawing, &s.game.map, &orders)
                        })
                    }
                }
            })
        })
    });
    // The places the pick offers (only in the current phase).
    let lit: Memo<Vec<Target>> = Memo::new(move |_| {
        let Some(pick) = play.pick.get() else { return Vec::new() };
        if play.view.get().is_some() {
            return Vec::new();
        }
        play.session.with(|s| s.as_ref().map(|s| targets(&s.game, &pick)).unwrap_or_default())
    });
    // The lit places' outlines, drawn on the upper layer (a class on the
    // regions themselves would touch every region's attribute: in SVG that
    // relays out every label).
    let lit_shapes = move || {
        lit.with(|lit| {
            view_scene.with(|scene| scene.outlines(|abbr| lit.iter().any(|t| t.province == abbr)))
        })
    };
    let changed_shapes = move || {
        highlight.with(|wanted| {
            view_scene.with(|scene| {
                scene.outlines(|abbr| wanted.iter().any(|w| w.eq_ignore_ascii_case(abbr)))
            })
        })
    };
    let phase_kind = move || play.session.with(|s| s.as_ref().and_then(|s| s.game.order_phase()));
    // The position editor: a power and a tool; a click on a province (or a
    // coast mark) writes one edit into the log (see bridge/position.rs).
    let editing = RwSignal::new(None::<(String, EditTool)>);
    let edit_click = move |place: Option<String>| -> bool {
        let Some((power, tool)) = editing.get_untracked() else { return false };
        let Some(place) = place else { return true };
        let province = place.split('/').next().unwrap_or(&place).to_string();
        let line = match tool {
            EditTool::Army => format!("{power}: A {province}"),
            EditTool::Fleet => format!("{power}: F {place}"),
            EditTool::Remove => format!("REMOVE {province}"),
            EditTool::Owner => format!("OWNER {province} {power}"),
        };
        play.view.set(None);
        play.log.update(|log| *log = add_edit(log, &line));
        true
    };
    // A click on the map while ordering: `unit` (or dislodged unit) and
    // `place` (a coast mark, else the province) under the pointer. Returns
    // whether the click was an order click.
    let order_click = move |shift: bool, alt: bool, unit: Option<String>, place: Option<String>| {
        if play.view.get_untracked().is_some() {
            return false;
        }
        let Some(phase) = phase_kind() else { return false };
        let pick = play.pick.get_untracked();
        let game_line = |unit: &str| {
            play.session.with_untracked(|s| s.as_ref().and_then(|s| self_order(&s.game, unit)))
        };
        if let Some(picked) = &pick {
            if let (Pick::Unit(u), Some(clicked)) = (picked, &unit)
                && u == clicked
                && !shift
                && !alt
            {
                if let Some(line) = game_line(u) {
                    play.write(&line);
                }
                play.pick.set(None);
                return true;
            }
            if let (Pick::Unit(u), Some(other), OrderPhase::Movement) = (picked, &unit, phase)
                && (shift || alt)
            {
                play.pick.set(Some(if shift {
                    Pick::Support(u.clone(), other.clone())
                } else {
                    Pick::Convoy(u.clone(), other.clone())
                }));
                return true;
            }
            let found = lit.with_untracked(|lit| {
                place.as_ref().and_then(|p| lit.iter().find(|t| t.province == *p).cloned())
            });
            if let Some(target) = found {
                play.write(&target.line);
                if !matches!(picked, Pick::Build(_)) {
                    play.pick.set(None);
                }
                return true;
            }
        }
        if let Some(u) = unit {
            match phase {
                OrderPhase::Movement | OrderPhase::Retreats => play.pick.set(Some(Pick::Unit(u))),
                OrderPhase::Adjustments => {
                    if let Some(line) = game_line(&u) {
                        play.write(&line);
                    }
                }
            }
            return true;
        }
        if pick.is_some() {
            play.pick.set(None);
            return true;
        }
        false
    };
    // The visible box: x, y, width, height in drawing units.
    let zoom = RwSignal::new(None::<(f64, f64, f64, f64)>);
    // Another variant (picked, opened or from a link) opens fitted, not
    // zoomed into a corner as the last one was.
    Effect::new(move |before: Option<(String, String)>| {
        let now = doc.workspace.with(|w| (w.variant.clone(), w.root.clone()));
        if before.is_some_and(|before| before != now) {
            zoom.set(None);
        }
        now
    });
    let full = move || view_scene.with(|s| s.fit);
    let current = move || zoom.get().unwrap_or_else(full);
    // A memo: the attribute is set only when the box changes (setting an
    // SVG's viewBox, even to the same value, relays out all it holds).
    let view_box = Memo::new(move |_| viewbox::attribute(current()));
    // A drag: where it started (client pixels) and the province grabbed.
    let drag = StoredValue::new(None::<(f64, f64, Option<String>, bool)>);
    let selected = RwSignal::new(None::<String>);
    let hovered = RwSignal::new(None::<String>);
    let province_at = |target: Option<web_sys::EventTarget>| {
        target
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-province]").ok().flatten())
            .and_then(|el| el.get_attribute("data-province"))
    };
    let hover = move |target: Option<web_sys::EventTarget>| {
        let now = province_at(target);
        if hovered.get_untracked() != now {
            hovered.set(now);
        }
    };
    // The map is one tab stop (the province last focused, else the first);
    // the arrow keys move between provinces, Enter opens the province's
    // card, Escape closes it.
    let stop = RwSignal::new(None::<String>);
    // The province holding the tab stop: the one last focused while it is
    // on the map, else the first drawn.
    let tab_stop = Memo::new(move |_| {
        view_scene.with(|s| {
            stop.with(|want| {
                want.as_ref()
                    .filter(|w| s.regions.iter().any(|r| &r.abbr == *w))
                    .cloned()
                    .or_else(|| s.regions.first().map(|r| r.abbr.clone()))
            })
        })
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(from) = province_at(ev.target()) else { return };
        let key = ev.key();
        if let Some(step) = roving::Step::of_key(&key) {
            let places: Vec<(String, [f64; 2])> = view_scene.with_untracked(|s| {
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
            selected.set(Some(from));
        } else if key == "Escape" {
            selected.set(None);
        }
    };
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    // The layers' size in pixels, measured from the stage (on mount and
    // when the window resizes). A percentage size made Chromium lay out
    // every label again whenever anything on the page changed (~13 ms on
    // imperial per adjudication); a pixel size does not.
    let stage_ref = NodeRef::<leptos::html::Div>::new();
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
    let svg_width = Signal::derive(move || {
        stage_size.get().map_or_else(|| "100%".to_string(), |(w, _)| w.to_string())
    });
    let svg_height = Signal::derive(move || {
        stage_size.get().map_or_else(|| "100%".to_string(), |(_, h)| h.to_string())
    });
    // Client pixels → drawing units (the default preserveAspectRatio: meet,
    // centred).
    let to_drawing = move |cx: f64, cy: f64| -> Option<(f64, f64)> {
        let svg = svg_ref.get_untracked()?;
        let element: &web_sys::Element = svg.unchecked_ref();
        let rect = element.get_bounding_client_rect();
        viewbox::to_drawing(
            (rect.left(), rect.top(), rect.width(), rect.height()),
            current(),
            (cx, cy),
        )
    };
    // 12 CSS px in drawing units at the zoom shown: units' touch targets.
    let hit_r = Memo::new(move |_| {
        let (width, height) = stage_size.get().unwrap_or((800, 600));
        let (_, _, w, h) = current();
        let scale = (f64::from(width) / w).min(f64::from(height) / h);
        format!("{:.2}", if scale > 0.0 { 12.0 / scale } else { 6.0 })
    });
    let on_wheel = move |ev: leptos::ev::WheelEvent| {
        ev.prevent_default();
        zoom.set(Some(viewbox::zoomed(current(), ev.delta_y())));
    };
    // Dragging pans; a province moves (and is pinned where it is let go)
    // only in "Move provinces" mode, so panning never edits the text.
    let moving = RwSignal::new(false);
    // Fingers on the map (touch): two of them pinch (bridge::gesture).
    let fingers = StoredValue::new(Fingers::default());
    let touch = |ev: &leptos::ev::PointerEvent| {
        (ev.pointer_type() == "touch")
            .then(|| (ev.pointer_id(), f64::from(ev.client_x()), f64::from(ev.client_y())))
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if let Some((id, x, y)) = touch(&ev) {
            let between = fingers.try_update_value(|f| f.down(id, x, y)).flatten();
            if let Some((mx, my)) = between {
                drag.set_value(None);
                if let Some(at) = to_drawing(mx, my) {
                    fingers.update_value(|f| f.start(current(), at));
                }
                return;
            }
        }
        let province = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-province]").ok().flatten())
            .and_then(|el| el.get_attribute("data-province"));
        drag.set_value(Some((f64::from(ev.client_x()), f64::from(ev.client_y()), province, false)));
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if fingers.with_value(Fingers::pinching) {
            if let Some((id, x, y)) = touch(&ev)
                && let Some(view) = fingers.try_update_value(|f| f.moved(id, x, y)).flatten()
            {
                zoom.set(Some(view));
            }
            return;
        }
        let Some((sx, sy, province, moved)) = drag.get_value() else {
            hover(ev.target());
            return;
        };
        let (mx, my) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        let far = moved || (mx - sx).abs() + (my - sy).abs() > 4.0;
        if (province.is_none() || !moving.get_untracked()) && far {
            let (Some(a), Some(b)) = (to_drawing(sx, sy), to_drawing(mx, my)) else { return };
            zoom.set(Some(viewbox::panned(current(), a, b)));
            drag.set_value(Some((mx, my, None, true)));
        } else {
            drag.set_value(Some((sx, sy, province, far)));
        }
    };
    let on_up = move |ev: leptos::ev::PointerEvent| {
        // A pinch's fingers lifting click nothing.
        if touch(&ev).is_some_and(|(id, _, _)| fingers.try_update_value(|f| f.up(id)) == Some(true))
        {
            drag.set_value(None);
            return;
        }
        let Some((_, _, province, moved)) = drag.get_value() else { return };
        drag.set_value(None);
        if !moved {
            let element = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
            let attr = |selector: &str, name: &str| {
                element
                    .as_ref()
                    .and_then(|el| el.closest(selector).ok().flatten())
                    .and_then(|el| el.get_attribute(name))
            };
            let unit = attr("[data-unit]", "data-unit")
                .or_else(|| attr("[data-dislodged]", "data-dislodged"));
            let unit_province = unit
                .as_ref()
                .and_then(|u| u.split_whitespace().nth(1))
                .map(|p| p.split('/').next().unwrap_or(p).to_string());
            let place = attr("[data-coast]", "data-coast")
                .or_else(|| attr("[data-target]", "data-target"))
                .or_else(|| province.clone())
                .or(unit_province);
            if editing.with_untracked(Option::is_some) {
                edit_click(place);
                return;
            }
            if order_click(ev.shift_key(), ev.alt_key(), unit, place) {
                return;
            }
        }
        let Some(abbr) = province else { return };
        if moved && moving.get_untracked() {
            if let Some((x, y)) = to_drawing(f64::from(ev.client_x()), f64::from(ev.client_y())) {
                doc.change(None, |w| {
                    let root = w.root.clone();
                    w.edit(&root, |text| set_pin(text, &abbr, x, y));
                });
            }
        } else {
            selected.set(Some(abbr));
        }
    };
    let on_leave = move |_| {
        drag.set_value(None);
        hovered.set(None);
    };
    let on_cancel = move |ev: leptos::ev::PointerEvent| {
        if let Some((id, _, _)) = touch(&ev) {
            fingers.update_value(|f| {
                f.up(id);
            });
        }
        drag.set_value(None);
    };
    // Busy while a drawing is asked for and not answered yet.
    let worker_status = crate::worker::client::status();
    view! {
        <section class="map" aria-label="map" data-layouts=move || layouts.get()
            aria-busy=move || matches!(worker_status.get(), Status::Working | Status::Slow).to_string()>
            <MapTools loaded=loaded play=play doc=doc zoom=zoom moving=moving editing=editing redraw=redraw key=key drawn=drawn />
            // Two layers with one view box: the drawing (regions, borders,
            // labels), and over it the position (units, orders). A unit
            // moved relays out only the upper layer: in one SVG it relaid out
            // every label (13 ms on imperial in Chromium).
            <div
                class="map-stage"
                data-testid="map"
                node_ref=stage_ref
                on:wheel=on_wheel
                on:pointerdown=on_down
                on:pointermove=on_move
                on:pointerup=on_up
                on:pointerleave=on_leave
                on:pointercancel=on_cancel
                on:focusin=move |ev| {
                    if let Some(abbr) = province_at(ev.target()) {
                        stop.set(Some(abbr));
                    }
                    hover(ev.target())
                }
                on:keydown=on_key
            >
            // Each layer in a box of its own: an SVG is not a relayout
            // boundary in Chromium, a contained box is.
            <div class="layer">
            <DrawingLayer scene=view_scene pin_marks=pin_marks tab_stop=tab_stop view_box=view_box svg_ref=svg_ref width=svg_width height=svg_height />
            </div>
            <div class="layer upper">
            <PlayLayer scene=view_scene play=play view_box=view_box width=svg_width height=svg_height hit_r=hit_r
                changed=Signal::derive(changed_shapes) lit=Signal::derive(lit_shapes) marks=marks />
            </div>
            </div>
            <MapCard loaded=loaded play=play doc=doc selected=selected hovered=hovered />
        </section>
    }
}
