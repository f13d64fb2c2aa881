//! The Xconq viewer (issue 15): an Xconq world drawn as a hex map (one path
//! per terrain type, coloured by the period; units as their type's letter in
//! their side's colour), with the map view's wheel zoom, drag pan and
//! hover, and a panel of what the files say: description, notes, period,
//! terrain legend, sides, win/lose conditions and diagnostics.

use std::collections::BTreeMap;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::bridge::DiagnosticRow;
use crate::bridge::foreign::{self, HexScene};
use crate::bridge::viewbox;

/// The hex map and its panel.
#[component]
pub fn XconqView(
    /// The file shown.
    root: String,
    /// Every Xconq file opened (includes resolve among them).
    files: BTreeMap<String, String>,
) -> impl IntoView {
    let (world, rows) = foreign::load_xconq(&root, &files);
    let scene: Option<HexScene> = foreign::hex_scene(&world);
    let full = scene.as_ref().map_or((0.0, 0.0, 100.0, 50.0), |s| (0.0, 0.0, s.width, s.height));
    let zoom = RwSignal::new(None::<viewbox::ViewBox>);
    let current = move || zoom.get().unwrap_or(full);
    let view_box = Memo::new(move |_| viewbox::attribute(current()));
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let to_drawing = move |cx: f64, cy: f64| {
        let svg = svg_ref.get_untracked()?;
        let rect = svg.unchecked_ref::<web_sys::Element>().get_bounding_client_rect();
        viewbox::to_drawing(
            (rect.left(), rect.top(), rect.width(), rect.height()),
            current(),
            (cx, cy),
        )
    };
    let drag = StoredValue::new(None::<(f64, f64)>);
    let hovered = RwSignal::new(String::new());
    // The hover line reads the world (a copy the handler owns).
    let hover_world = world.clone();
    let on_wheel = move |ev: leptos::ev::WheelEvent| {
        ev.prevent_default();
        zoom.set(Some(viewbox::zoomed(current(), ev.delta_y())));
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        drag.set_value(Some((f64::from(ev.client_x()), f64::from(ev.client_y()))));
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        let (mx, my) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        if let Some((sx, sy)) = drag.get_value() {
            if let (Some(a), Some(b)) = (to_drawing(sx, sy), to_drawing(mx, my)) {
                zoom.set(Some(viewbox::panned(current(), a, b)));
                drag.set_value(Some((mx, my)));
            }
            return;
        }
        if let (Some(grid), Some((x, y))) = (&hover_world.grid, to_drawing(mx, my)) {
            let text = foreign::hex_at(x, y, grid.width, grid.height)
                .map_or_else(String::new, |(c, yy)| foreign::hex_description(&hover_world, c, yy));
            if hovered.get_untracked() != text {
                hovered.set(text);
            }
        }
    };
    let stop = move |_| drag.set_value(None);
    // The legend's lines (not a copy of the paths).
    let legend: Vec<(String, String, char, usize)> = scene
        .as_ref()
        .map(|s| {
            s.terrain.iter().map(|l| (l.name.clone(), l.color.clone(), l.ch, l.count)).collect()
        })
        .unwrap_or_default();
    let figures = scene.as_ref().map(|s| {
        format!(
            "{}×{} hexes, {} units",
            world.grid.as_ref().map_or(0, |g| g.width),
            world.grid.as_ref().map_or(0, |g| g.height),
            s.units.len()
        )
    });
    let conditions: Vec<String> = world
        .globals
        .as_ref()
        .map(|g| g.conditions.iter().map(|c| c.describe(&world.sides)).collect())
        .unwrap_or_default();
    let turns = world.globals.as_ref().map(|g| format!("Turn {} of {}", g.game_time, g.end_time));
    let period = format!(
        "{}{}: {} terrain types, {} unit types",
        world.period.name.clone().unwrap_or_else(|| "unnamed period".into()),
        if world.default_period {
            " (no period in the files: Xconq's compiled-in one)"
        } else {
            ""
        },
        world.period.terrain.len(),
        world.period.units.len()
    );
    let sides: Vec<(String, &'static str)> = world
        .sides
        .iter()
        .enumerate()
        .map(|(idx, s)| (s.name.clone(), foreign::side_colour(idx)))
        .collect();
    let file_list = world.files.iter().map(|f| f.name.clone()).collect::<Vec<_>>().join(", ");
    let drawing = match scene {
        Some(scene) => {
            let HexScene { terrain, units, .. } = scene;
            let columns = world.grid.as_ref().map_or(0, |g| g.width as usize);
            let (paths, shown, total) = terrain_paths(terrain, columns);
            // `drawn` once every piece is set (tests wait for it).
            let hexes_class = move || if shown.get() >= total { "hexes drawn" } else { "hexes" };
        view! {
            <div class="hex-stage" data-testid="hex-map" on:wheel=on_wheel on:pointerdown=on_down on:pointermove=on_move on:pointerup=stop on:pointerleave=stop>
                <svg class=hexes_class viewBox=view_box node_ref=svg_ref aria-label="hex map">
                    <g class="terrain">{paths}</g>
                    <g class="xunits">
                        {units.into_iter().map(|u| view! {
                            <g class="xunit" data-side=u.side.to_string()>
                                <title>{u.title}</title>
                                <circle cx=u.at.0 cy=u.at.1 r="5.5" fill=u.color />
                                <text x=u.at.0 y=u.at.1 + 2.5>{u.symbol}</text>
                            </g>
                        }).collect_view()}
                    </g>
                </svg>
            </div>
        }.into_any()
        }
        None => view! { <p class="muted" data-testid="hex-map">"These files hold no map (a period or sides only); their contents are listed here."</p> }.into_any(),
    };
    view! {
        <div class="xconq" data-testid="xconq-view">
            <div class="hex-tools">
                <button type="button" data-testid="hex-fit" on:click=move |_| zoom.set(None)>"Fit"</button>
                <span class="muted">"wheel: zoom · drag: pan · east and west edges wrap around"</span>
                <span data-testid="hex-hover" class="hover">{move || hovered.get()}</span>
            </div>
            {drawing}
            <div class="xconq-info" data-testid="xconq-info">
                <h3>{world.description.clone()}</h3>
                {(!world.notes.is_empty()).then(|| view! { <p class="notes">{world.notes.join(" ")}</p> })}
                <p>{figures}" · "{period}</p>
                <p class="muted">"Files: "{file_list}</p>
                <ul class="legend" data-testid="hex-legend">
                    {legend.into_iter().map(|(name, color, ch, count)| view! {
                        <li><span class="swatch" style:background=color></span>{format!("{name} `{ch}` — {count} hexes")}</li>
                    }).collect_view()}
                </ul>
                {(!sides.is_empty()).then(|| view! {
                    <h4>"Sides"</h4>
                    <ul class="sides" data-testid="xconq-sides">
                        {sides.into_iter().map(|(name, colour)| view! { <li><span class="swatch" style:background=colour></span>{name}</li> }).collect_view()}
                    </ul>
                })}
                <h4>"Globals"</h4>
                <p>{turns.unwrap_or_else(|| "No Globals section.".to_string())}</p>
                <ul data-testid="xconq-conditions">
                    {conditions.into_iter().map(|c| view! { <li>{c}</li> }).collect_view()}
                </ul>
                <ForeignRows rows=rows />
            </div>
        </div>
    }
}

/// The terrains' paths, a path per piece of each (`foreign::HEX_PIECE`,
/// each overlapping the last by a row of `columns` hexes and one), the
/// first of each named by its terrain; their data set a piece a task
/// from the next (`shown` counts the pieces set, of `total`), so no task
/// reads a big map's whole path data (Europe's 1.4 MB: 44 ms).
fn terrain_paths(
    terrain: Vec<foreign::TerrainLayer>,
    columns: usize,
) -> (AnyView, RwSignal<usize>, usize) {
    let shown = RwSignal::new(0usize);
    let mut total = 0;
    let mut paths = Vec::new();
    for layer in terrain {
        for (k, piece) in foreign::path_pieces(&layer.path, foreign::HEX_PIECE, columns + 1)
            .into_iter()
            .enumerate()
        {
            let (at, piece) = (total, piece.to_string());
            // Its data once it is due (the memo changes once: the pieces
            // set already are not copied again as the others come).
            let due = Memo::new(move |_| shown.get() > at);
            let d = move || due.get().then(|| piece.clone());
            let fill = layer.color.clone();
            paths.push(if k == 0 {
                view! { <path d=d fill=fill data-terrain=layer.name.clone() /> }.into_any()
            } else {
                view! { <path d=d fill=fill /> }.into_any()
            });
            total += 1;
        }
    }
    leptos::task::spawn_local(async move {
        loop {
            crate::tasks::next_task().await;
            // Closed (the signal is gone) or done.
            match shown.try_update(|n| {
                *n += 1;
                *n
            }) {
                Some(n) if n < total => {}
                _ => break,
            }
        }
    });
    (paths.into_any(), shown, total)
}

/// Diagnostics of foreign files: `file [Ln, Col] severity[code] message`.
#[component]
pub fn ForeignRows(
    /// The rows.
    rows: Vec<DiagnosticRow>,
) -> impl IntoView {
    let count = rows.iter().filter(|r| r.severity == "error").count();
    view! {
        <h4>{format!("Diagnostics: {}, {} other", crate::bridge::plural(count, "error"), rows.len() - count)}</h4>
        <ul class="foreign-diags" data-testid="foreign-diagnostics" role="list">
            {rows.into_iter().map(|r| {
                let message = match &r.help {
                    Some(help) => format!("{} — {help}", r.message),
                    None => r.message.clone(),
                };
                view! {
                    <li class=format!("diag {}", r.severity) data-code=r.code>
                        <span class="where">{format!("{} [Ln {}, Col {}]", r.path, r.line, r.column)}</span>
                        " "<span class="sev">{format!("{}[{}]", r.severity, r.code)}</span>
                        " "<span class="msg">{message}</span>
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}
