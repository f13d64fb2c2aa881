//! The map drawn from the graph (issue 11): one SVG region per province
//! (`[data-province]`), units (`[data-unit]`), borders by who may cross,
//! connectors dashed; wheel zooms (a pinch on touch), dragging the background pans, "Fit"
//! resets. In "Move provinces" mode dragging a province pins it: it follows the pointer
//! (`drag_ghost`), and where it is let go a `# @pos ABBR x y` line is written
//! into the text (the source of truth), and the layout follows. Clicking a
//! province shows its card (name, terrain, owner, neighbours, Unpin). The
//! drawing (`drawing.rs`, laid out in the worker) follows the graph, the
//! pins and the terrain, so typing that does not change them does not lay
//! the map out again. The tools above it (`map_tools`), the drawing's layer
//! (`drawing_layer`) and the position's (`play_layer`) are components of
//! their own; what it shows is `map_scene`, what a click means
//! `map_clicks`, the pointer (pan, pinch, drag) `map_pointer`, the keyboard
//! `map_keys`, its size `map_stage`. This one holds the state they share:
//! the view box, the province picked and the one hovered.
//!
//! Play (issue 13): the position of the phase on screen, its orders drawn
//! (pending ones grey, played ones by result), dislodged units beside their
//! province. Clicking a unit picks it and lights its legal destinations;
//! clicking one writes the order into the orders text (Shift+click a unit:
//! support it, Alt+click: convoy it; the unit itself again: hold). The
//! toolbar offers the same (and builds in adjustment phases).

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::viewbox;
use crate::components::drag_ghost::DragGhost;
use crate::components::drawing_layer::DrawingLayer;
use crate::components::map_card::MapCard;
use crate::components::map_tools::MapTools;
use crate::components::play_layer::PlayLayer;
use crate::components::position_tools::EditTool;
use crate::drawing::Drawing;
use crate::map_pointer::{MapPointer, ViewBox, Viewport};
use crate::map_scene::MapScene;
use crate::worker::client::Status;
use crate::{map_clicks, map_keys, map_stage};
use judgepad_core::orders::OrderPhase;

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
    let Drawing { key, drawn, layouts, shapes, redraw, sketch } = Drawing::new(loaded, doc);
    let MapScene { view_scene, pin_marks, marks, lit } = MapScene::new(loaded, play, drawn, shapes);
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
    // The position editor: a power and a tool (see `map_clicks`).
    let editing = RwSignal::new(None::<(String, EditTool)>);
    let click = map_clicks::click(play, editing, lit);
    // The visible box: x, y, width, height in drawing units.
    let zoom = RwSignal::new(None::<ViewBox>);
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let view = Viewport { zoom, scene: view_scene, svg: svg_ref };
    // Another variant (picked, opened or from a link) opens fitted, not
    // zoomed into a corner as the last one was.
    Effect::new(move |before: Option<(String, String)>| {
        let now = doc.workspace.with(|w| (w.variant.clone(), w.root.clone()));
        if before.is_some_and(|before| before != now) {
            zoom.set(None);
        }
        now
    });
    // A memo: the attribute is set only when the box changes (setting an
    // SVG's viewBox, even to the same value, relays out all it holds).
    let view_box = Memo::new(move |_| viewbox::attribute(view.current()));
    let selected = RwSignal::new(None::<String>);
    let hovered = RwSignal::new(None::<String>);
    // Panning, pinching, clicking and moving provinces (`map_pointer`).
    let pointer = MapPointer::new(view, doc, click, selected, hovered);
    let (moving, ghost) = (pointer.moving(), pointer.ghost());
    // The map is one tab stop; the arrow keys move between provinces
    // (`map_keys`).
    let stop = RwSignal::new(None::<String>);
    let tab_stop = map_keys::tab_stop(view_scene, stop);
    // Enter on a province acts as a click on it would (its unit picked, a
    // lit place taken, an edit made); else it opens the card.
    let act = move |province: String| {
        let retreats = play.session.with_untracked(|s| {
            s.as_ref().and_then(|s| s.game.order_phase()) == Some(OrderPhase::Retreats)
        });
        let unit = view_scene.with_untracked(|s| s.unit_in(&province, retreats));
        click(false, false, unit, Some(province))
    };
    let on_key = map_keys::on_key(view_scene, stop, selected, act);
    // The focusable province's accessible name: name, terrain, centre and
    // owner, and the units there in the phase on screen.
    let spoken = Memo::new(move |_| {
        let abbr = tab_stop.get()?;
        let view = play.view.get();
        let text = loaded.with(|it| {
            play.session.with(|s| {
                crate::bridge::scene::spoken(&it.map, s.as_ref().map(|s| s.position(view)), &abbr)
            })
        })?;
        Some((abbr, text))
    });
    // The layers' size in pixels, measured from the stage.
    let stage_ref = NodeRef::<leptos::html::Div>::new();
    let stage_size = map_stage::measured(stage_ref);
    let svg_width = Signal::derive(move || {
        stage_size.get().map_or_else(|| "100%".to_string(), |(w, _)| w.to_string())
    });
    let svg_height = Signal::derive(move || {
        stage_size.get().map_or_else(|| "100%".to_string(), |(_, h)| h.to_string())
    });
    // 12 CSS px in drawing units at the zoom shown: units' touch targets.
    let hit_r = Memo::new(move |_| {
        let (width, height) = stage_size.get().unwrap_or((800, 600));
        let (_, _, w, h) = view.current();
        let scale = (f64::from(width) / w).min(f64::from(height) / h);
        format!("{:.2}", if scale > 0.0 { 12.0 / scale } else { 6.0 })
    });
    // The regions' classes: labels under a pixel at this zoom not drawn.
    let regions_class = Memo::new(move |_| {
        let (width, height) = stage_size.get().unwrap_or((800, 600));
        let (_, _, w, h) = view.current();
        crate::bridge::scene::regions_class((f64::from(width) / w).min(f64::from(height) / h))
    });
    let on_wheel = move |ev: leptos::ev::WheelEvent| {
        ev.prevent_default();
        zoom.set(Some(viewbox::zoomed(view.current(), ev.delta_y())));
    };
    // Until the first drawing arrives, the one made ahead, if it is the
    // files' (inert: it has no handlers; components/first_map.rs).
    let ahead = crate::components::first_map::ahead_of(doc);
    let placeholder = move || drawn.with(Option::is_none).then(|| ahead.get()).flatten();
    // Busy while a drawing is asked for and not answered yet.
    let worker_status = crate::worker::client::status();
    view! {
        <section class="map" aria-label="map" data-layouts=move || layouts.get()
            aria-busy=move || matches!(worker_status.get(), Status::Working | Status::Slow | Status::Sketched).to_string()>
            <MapTools loaded=loaded play=play doc=doc zoom=zoom moving=moving editing=editing redraw=redraw key=key drawn=drawn />
            // Two layers with one view box: the drawing (regions, borders,
            // labels), and over it the position (units, orders). A unit
            // moved relays out only the upper layer: in one SVG it relaid out
            // every label (13 ms on imperial in Chromium).
            <div
                class=move || if moving.get() { "map-stage moving" } else { "map-stage" }
                // The map's own shape (a wide world is not a strip in a
                // tall box), within the window's height.
                style:aspect-ratio=move || match placeholder() {
                    Some((aspect, _)) => aspect,
                    None => { let (_, _, w, h) = view.full(); format!("{w:.0} / {h:.0}") }
                }
                data-testid="map"
                data-sketch=move || sketch.get().then_some("true")
                node_ref=stage_ref
                on:wheel=on_wheel
                on:pointerdown=move |ev| pointer.down(&ev)
                on:pointermove=move |ev| pointer.moved(&ev)
                on:pointerup=move |ev| pointer.up(&ev)
                on:pointerleave=move |_| pointer.leave()
                on:pointercancel=move |ev| pointer.cancel(&ev)
                on:focusin=move |ev| {
                    if let Some(abbr) = map_clicks::province_at(ev.target()) {
                        stop.set(Some(abbr));
                    }
                    pointer.hover(ev.target())
                }
                on:keydown=on_key
            >
            // Each layer in a box of its own: an SVG is not a relayout
            // boundary in Chromium, a contained box is.
            {move || placeholder().map(|(_, svg)| view! { <div class="layer" inert="" inner_html=svg></div> })}
            <div class="layer">
            <DrawingLayer scene=view_scene regions_class=regions_class pin_marks=pin_marks tab_stop=tab_stop spoken=spoken view_box=view_box svg_ref=svg_ref width=svg_width height=svg_height />
            </div>
            <div class="layer upper">
            <PlayLayer scene=view_scene play=play view_box=view_box width=svg_width height=svg_height hit_r=hit_r
                changed=Signal::derive(changed_shapes) lit=Signal::derive(lit_shapes) marks=marks />
            </div>
            <div class="layer upper">
            <DragGhost scene=view_scene ghost=ghost view_box=view_box width=svg_width height=svg_height />
            </div>
            </div>
            <MapCard loaded=loaded play=play doc=doc selected=selected hovered=hovered />
        </section>
    }
}
