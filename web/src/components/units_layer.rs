//! The units on the map (`[data-unit]`, a dislodged one
//! `[data-dislodged]`): an army's disc or a fleet's diamond in its owner's
//! colour, the unit picked for an order marked, and on phones and touch
//! screens a touch target 24 CSS px across whatever the zoom.

use leptos::prelude::*;

use crate::bridge::entry::Pick;
use crate::bridge::scene::{Scene, UnitShape, UnitView};
use crate::play::Play;

/// The units layer.
#[component]
pub fn UnitsLayer(
    /// The scene drawn (its units).
    scene: Memo<Scene>,
    /// The game (which unit is picked).
    play: Play,
    /// 12 CSS px in drawing units at the zoom shown.
    hit_r: Memo<String>,
) -> impl IntoView {
    view! {
        <g class="units">
            <For each=move || scene.with(|s| s.units.clone()) key=|u: &UnitView| u.clone() let:u>
                {
                    let UnitView { text, shape, colour, dislodged, centre } = u;
                    let me = text.clone();
                    let (unit_attr, dislodged_attr) =
                        if dislodged { (None, Some(text)) } else { (Some(text), None) };
                    let picked = move || {
                        play.pick.with(|p| {
                            matches!(p, Some(Pick::Unit(u) | Pick::Support(u, _) | Pick::Convoy(u, _) | Pick::Supporting(u) | Pick::Convoying(u)) if *u == me)
                        })
                    };
                    view! {
                        <g class="unit" class:dislodged=dislodged class:picked=picked
                            data-unit=unit_attr data-dislodged=dislodged_attr>
                            {match shape {
                                UnitShape::Fleet { x, y, side, transform } => view! {
                                    <rect x=x y=y width=side.clone() height=side fill=colour transform=transform />
                                }.into_any(),
                                UnitShape::Army { cx, cy, r } => view! {
                                    <circle cx=cx cy=cy r=r fill=colour />
                                }.into_any(),
                            }}
                            // A touch target 24 CSS px across at any zoom.
                            <circle class="hit" cx=centre.0 cy=centre.1 r=move || hit_r.get() />
                        </g>
                    }
                }
            </For>
        </g>
    }
}
