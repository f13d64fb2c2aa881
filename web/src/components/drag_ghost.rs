//! What a drag in "Move provinces" mode shows while it lasts (issue 33): the
//! province's outline and name following the pointer, and a dashed line
//! from where its name is now to where it will be pinned. Drawn on a layer
//! of its own, over the others and deaf to the pointer.

use leptos::prelude::*;

use crate::bridge::scene::Scene;

/// The province being moved and how far, in drawing units.
pub type Moving = Option<(String, f64, f64)>;

/// The drag's ghost.
#[component]
pub fn DragGhost(
    /// The scene drawn (the province's outline and label).
    scene: Memo<Scene>,
    /// The province being moved and how far.
    ghost: RwSignal<Moving>,
    /// The view box shown (the drawing's).
    view_box: Memo<String>,
    /// The size in pixels (the drawing's).
    width: Signal<String>,
    height: Signal<String>,
) -> impl IntoView {
    let shown = move || {
        let (abbr, dx, dy) = ghost.get()?;
        let (points, label, font) = scene.with(|s| {
            let region = s.regions.iter().find(|r| r.abbr == abbr)?;
            let [x, y] = crate::bridge::roving::point(&region.label)?;
            Some((region.points.clone(), (x, y), region.font.clone()))
        })?;
        let shift = format!("translate({dx:.2} {dy:.2})");
        let (to_x, to_y) = (format!("{:.2}", label.0 + dx), format!("{:.2}", label.1 + dy));
        let name = abbr.clone();
        Some(view! {
            <g class="drag-ghost" data-testid="drag-ghost" data-ghost=abbr>
                <polygon points=points transform=shift />
                <line x1=format!("{:.2}", label.0) y1=format!("{:.2}", label.1) x2=to_x.clone() y2=to_y.clone() />
                <text x=to_x y=to_y font-size=font>{name}</text>
            </g>
        })
    };
    view! {
        <svg class="ghost-layer" viewBox=view_box width=width height=height aria-hidden="true">
            {shown}
        </svg>
    }
}
