//! The map drawn from the graph (issue 11): one SVG region per province
//! (`[data-province]`), units (`[data-unit]`), borders by who may cross,
//! connectors dashed; wheel zooms, drag pans, "Fit" resets. The layout is a
//! memo on the graph, the pins and the terrain, so typing that does not
//! change them does not lay the map out again.

use leptos::prelude::*;

use judgepad_core::game::Game;
use judgepad_core::layout::{self, ProvinceGraph};

use crate::bridge::Loaded;
use crate::bridge::scene::{Scene, scene};

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
    let key: Memo<Key> = Memo::new(move |_| {
        loaded.with(|it| {
            let provinces = it.map.provinces.iter().map(|p| (p.abbr.clone(), p.terrain)).collect();
            (ProvinceGraph::of(&it.map), it.map.pins.clone(), provinces)
        })
    });
    let drawing = Memo::new(move |_| {
        key.track();
        loaded.with_untracked(|it| layout::layout(&it.map, &[]))
    });
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
        format!("{x} {y} {w} {h}")
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
            >
                <defs>
                    <pattern id="shut" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <rect width="6" height="6" fill="#c9c3b6"></rect>
                        <line x1="0" y1="0" x2="0" y2="6" stroke="#8d877a" stroke-width="2"></line>
                    </pattern>
                </defs>
                {move || view_scene.with(|s| {
                    let regions = s.regions.iter().map(|r| {
                        let centre = r.centre.map(|(at, radius, colour)| view! {
                            <circle class="sc" cx=at[0] cy=at[1] r=radius fill=colour></circle>
                        });
                        view! {
                            <g class="region" data-province=r.abbr.clone() tabindex="0">
                                <title>{r.title.clone()}</title>
                                <polygon points=r.points.clone() fill=r.fill></polygon>
                                {centre}
                                <text x=r.label[0] y=r.label[1] font-size=r.font>{r.abbr.clone()}</text>
                            </g>
                        }
                    }).collect_view();
                    let borders = s.borders.iter().map(|(class, points)| view! {
                        <polyline class=*class points=points.clone()></polyline>
                    }).collect_view();
                    let connectors = s.connectors.iter().map(|points| view! {
                        <polyline class="c" points=points.clone()></polyline>
                    }).collect_view();
                    let units = s.units.iter().map(|u| {
                        let (x, y, r) = (u.at[0], u.at[1], u.r);
                        let shape = if u.fleet {
                            view! { <rect x=x - r * 0.8 y=y - r * 0.8 width=r * 1.6 height=r * 1.6 fill=u.colour transform=format!("rotate(45 {x} {y})")></rect> }.into_any()
                        } else {
                            view! { <circle cx=x cy=y r=r fill=u.colour></circle> }.into_any()
                        };
                        view! { <g class="unit" data-unit=u.text.clone()><title>{u.text.clone()}</title>{shape}</g> }
                    }).collect_view();
                    view! { <g class="regions">{regions}</g><g class="lines">{borders}{connectors}</g><g class="units">{units}</g> }
                })}
            </svg>
        </section>
    }
}
