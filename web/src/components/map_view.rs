//! The map drawn from the graph (issue 11): one SVG region per province
//! (`[data-province]`), units (`[data-unit]`), borders by who may cross,
//! connectors dashed; wheel zooms, drag pans, "Fit" resets. The layout is a
//! memo on the graph, the pins and the terrain, so typing that does not
//! change them does not lay the map out again.

use leptos::prelude::*;

use judgepad_core::game::Game;
use judgepad_core::layout::{self, ProvinceGraph};

use crate::bridge::Loaded;
use crate::bridge::scene::{Scene, markup, scene};

type Key =
    (ProvinceGraph, Vec<judgepad_core::map::pins::Pin>, Vec<(String, judgepad_core::map::Terrain)>);

/// The map view.
#[component]
pub fn MapView(
    /// The loaded map.
    loaded: Memo<Loaded>,
    /// The game (its position is drawn).
    game: RwSignal<Option<Game>>,
) -> impl IntoView {
    // The drawing and the key it was made for; a new map with the same key
    // (typing in a comment, a rule, a power) keeps the drawing.
    let drawn: Memo<(Key, layout::Layout)> =
        Memo::new(move |previous: Option<&(Key, layout::Layout)>| {
            loaded.with(|it| {
                let provinces =
                    it.map.provinces.iter().map(|p| (p.abbr.clone(), p.terrain)).collect();
                let key: Key = (ProvinceGraph::of(&it.map), it.map.pins.clone(), provinces);
                match previous {
                    Some((old, drawing)) if *old == key => (key, drawing.clone()),
                    _ => {
                        let drawing = layout::layout(&it.map, &[]);
                        (key, drawing)
                    }
                }
            })
        });
    let drawing = Memo::new(move |_| drawn.with(|it| it.1.clone()));
    let view_scene: Memo<Scene> = Memo::new(move |_| {
        drawing.with(|drawing| {
            loaded.with(|it| game.with(|g| scene(&it.map, drawing, g.as_ref().map(|g| &g.board))))
        })
    });
    // The visible box: x, y, width, height in drawing units.
    let zoom = RwSignal::new(None::<(f64, f64, f64, f64)>);
    let full = move || view_scene.with(|s| (0.0, 0.0, s.size.0, s.size.1));
    let current = move || zoom.get().unwrap_or_else(full);
    let view_box = move || {
        let (x, y, w, h) = current();
        format!("{} {} {} {}", x as i64, y as i64, w as i64, h as i64)
    };
    let drag = StoredValue::new(None::<(f64, f64)>);
    let on_wheel = move |ev: leptos::ev::WheelEvent| {
        ev.prevent_default();
        let (x, y, w, h) = current();
        let factor = if ev.delta_y() > 0.0 { 1.2 } else { 1.0 / 1.2 };
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        let (nw, nh) = (w * factor, h * factor);
        zoom.set(Some((cx - nw / 2.0, cy - nh / 2.0, nw, nh)));
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        drag.set_value(Some((f64::from(ev.client_x()), f64::from(ev.client_y()))));
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        let Some((sx, sy)) = drag.get_value() else { return };
        let (mx, my) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        let (x, y, w, h) = current();
        // About one drawing unit per pixel at the default zoom.
        let scale = w / 1000.0 * 1.4;
        zoom.set(Some((x - (mx - sx) * scale, y - (my - sy) * scale, w, h)));
        drag.set_value(Some((mx, my)));
    };
    let on_up = move |_| drag.set_value(None);
    view! {
        <section class="map" aria-label="map">
            <div class="map-tools">
                <button type="button" data-testid="map-fit" on:click=move |_| zoom.set(None)>"Fit"</button>
                <span class="map-figures" data-testid="map-figures">
                    {move || drawing.with(|d| format!("{} regions, {} borders, {} connectors", d.provinces.len(), d.borders.len(), d.connectors.len()))}
                </span>
            </div>
            <svg
                data-testid="map"
                viewBox=view_box
                on:wheel=on_wheel
                on:pointerdown=on_down
                on:pointermove=on_move
                on:pointerup=on_up
                on:pointerleave=on_up
                inner_html=move || view_scene.with(markup)
            >
            </svg>
        </section>
    }
}
