//! The map's upper layer (issue 13): the Diff panel's changed regions,
//! the places a picked unit may go, the units (`[data-unit]`) and the
//! orders drawn. A unit moved relays out this layer only.

use leptos::prelude::*;

use crate::bridge::arrows::ArrowView;
use crate::bridge::scene::Scene;
use crate::components::units_layer::UnitsLayer;
use crate::play::Play;

/// The position's SVG, over the drawing.
#[component]
pub fn PlayLayer(
    /// The scene drawn (its units).
    scene: Memo<Scene>,
    /// The game.
    play: Play,
    /// The view box shown (the drawing's).
    view_box: Memo<String>,
    /// The size in pixels (the drawing's).
    width: Signal<String>,
    height: Signal<String>,
    /// 12 CSS px in drawing units at the zoom shown.
    hit_r: Memo<String>,
    /// Outlines of the regions the Diff panel lights (abbreviation, points).
    changed: Signal<Vec<(String, String)>>,
    /// Outlines of the places the picked unit may go.
    lit: Signal<Vec<(String, String)>>,
    /// The orders drawn.
    marks: Memo<Vec<ArrowView>>,
) -> impl IntoView {
    view! {
    <svg class="units-layer" viewBox=view_box aria-label="units and orders" width=width height=height>
        <defs>
            <marker id="head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse">
                <path d="M0 0L10 5L0 10z" class="head" />
            </marker>
        </defs>
        <g class="changed">
            <For each=move || changed.get() key=|l: &(String, String)| l.clone() let:l>
                <polygon class="changed-region" data-changed=l.0 points=l.1 />
            </For>
        </g>
        <g class="lit">
            <For each=move || lit.get() key=|l: &(String, String)| l.clone() let:l>
                <polygon class="lit-region" data-target=l.0 points=l.1 />
            </For>
        </g>
        <UnitsLayer scene=scene play=play hit_r=hit_r />
        <g class="marks" data-testid="marks">
            <For each=move || marks.get() key=|m: &ArrowView| m.clone() let:m>
                <path class=m.class d=m.d data-order-of=m.unit data-result=m.result
                    marker-end=m.head.then_some("url(#head)") />
            </For>
        </g>
    </svg>
    }
}
