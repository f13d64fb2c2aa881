//! The map's lower layer (issue 11): one region per province
//! (`[data-province]`, the map's single tab stop among them, named for a
//! screen reader: province, terrain, owner, units), borders and
//! connectors, wrap-around tags, pin marks (`[data-pin]`) and coast marks.
//! It changes only when the drawing or the names do.

use leptos::prelude::*;

use crate::bridge::pin_marks::PinMark;
use crate::bridge::scene::{CoastView, LineView, RegionView, Scene, TagView};

/// The drawing's SVG.
#[component]
pub fn DrawingLayer(
    /// The scene drawn.
    scene: Memo<Scene>,
    /// A mark at each pin.
    pin_marks: Memo<Vec<PinMark>>,
    /// The province that holds the map's tab stop.
    tab_stop: Memo<Option<String>>,
    /// The tab stop's accessible name (its province, and what it says).
    spoken: Memo<Option<(String, String)>>,
    /// The view box shown.
    view_box: Memo<String>,
    /// The SVG (pointer positions are read against it).
    svg_ref: NodeRef<leptos::svg::Svg>,
    /// The size in pixels (or a percentage before the stage is measured).
    width: Signal<String>,
    height: Signal<String>,
) -> impl IntoView {
    view! {
    <svg class="drawing" viewBox=view_box node_ref=svg_ref width=width height=height>
        <defs>
            <pattern id="shut" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" fill="#c9c3b6" />
                <line x1="0" y1="0" x2="0" y2="6" stroke="#8d877a" stroke-width="2" />
            </pattern>
        </defs>
        <g class="regions">
            <For each=move || scene.with(|s| s.regions.clone()) key=|r: &RegionView| r.clone() let:r>
                {
                    let RegionView { abbr, points, fill, label, font, centre } = r;
                    let name = abbr.clone();
                    let me = abbr.clone();
                    let tab = move || if tab_stop.with(|s| s.as_deref() == Some(me.as_str())) { "0" } else { "-1" };
                    let said = abbr.clone();
                    let named = move || spoken.with(|s| s.as_ref().filter(|(a, _)| *a == said).map(|(_, text)| text.clone()));
                    view! {
                        <g class="region" data-province=abbr tabindex=tab aria-label=named>
                            <polygon points=points fill=fill />
                            {centre.map(|(cx, cy, radius, colour)| view! {
                                <circle class="sc" cx=cx cy=cy r=radius fill=colour />
                            })}
                            <text x=label.0 y=label.1 font-size=font>{name}</text>
                        </g>
                    }
                }
            </For>
        </g>
        <g class="lines">
            <For each=move || scene.with(|s| s.lines.clone()) key=|l: &LineView| l.clone() let:l>
                <path class=l.class d=l.d />
            </For>
        </g>
        <g class="wrap-tags">
            <For each=move || scene.with(|s| s.tags.clone()) key=|t: &TagView| t.clone() let:t>
                <text class="wt" x=t.x y=t.y>{t.text}</text>
            </For>
        </g>
        <g class="pins">
            <For each=move || pin_marks.get() key=|m: &PinMark| m.clone() let:m>
                <g class="pin-mark" class:let-go=m.let_go data-pin=m.abbr>
                    <title>{if m.let_go { "pin let go: see the diagnostics" } else { "pinned" }}</title>
                    <circle cx=m.x.clone() cy=m.y.clone() r="2.4" />
                    <line x1=m.x.clone() y1=m.y.clone() x2=m.x y2=m.tip />
                </g>
            </For>
        </g>
        <g class="coasts">
            <For each=move || scene.with(|s| s.coasts.clone()) key=|c: &CoastView| c.clone() let:c>
                <g data-coast=c.abbr>
                    <circle cx=c.at.0.clone() cy=c.at.1 r="1.2" />
                    <text x=c.at.0 y=c.at.2>{c.short}</text>
                </g>
            </For>
        </g>
    </svg>
    }
}
