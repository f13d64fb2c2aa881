//! What the map's worker is doing, beside the map's tools: "Drawing the
//! map…" with Cancel once an answer takes over 300 ms (the map on screen is
//! the last drawing until the new one arrives), the same for a big map's
//! sketch while its drawing is made, "Drawing cancelled" with Draw again,
//! and what happened when the worker died.

use leptos::prelude::*;

use crate::worker::client::{self, Status};

/// The worker's status line (`data-testid="map-status"`).
#[component]
pub fn MapStatus(
    /// Asks for the drawing again (after a cancel).
    redraw: Callback<()>,
) -> impl IntoView {
    let status = client::status();
    move || {
        let (text, action) = match status.get() {
            Status::Idle | Status::Working => return None,
            Status::Slow => ("Drawing the map…".to_string(), Some(("Cancel", "map-cancel"))),
            Status::Sketched => (
                "A quick sketch of the map: drawing it in full…".to_string(),
                Some(("Cancel", "map-cancel")),
            ),
            Status::Cancelled { sketch } => (
                if sketch {
                    "Drawing cancelled: the map shows its quick sketch."
                } else {
                    "Drawing cancelled: the map shows the last drawing."
                }
                .to_string(),
                Some(("Draw again", "map-redraw")),
            ),
            Status::Failed(why) => (why, Some(("Dismiss", "map-dismiss"))),
        };
        let busy = status.with_untracked(|it| matches!(it, Status::Slow | Status::Sketched));
        Some(view! {
            <span class="map-status" data-testid="map-status" role="status" aria-busy=busy.to_string()>
                <span>{text}</span>
                {action.map(|(label, id)| view! {
                    <button type="button" data-testid=id on:click=move |_| match status.get_untracked() {
                        Status::Slow | Status::Sketched => client::cancel(),
                        Status::Cancelled { .. } => redraw.run(()),
                        _ => status.set(Status::Idle),
                    }>{label}</button>
                })}
            </span>
        })
    }
}
