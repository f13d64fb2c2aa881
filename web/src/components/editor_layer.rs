//! The editor's coloured layer: the lines in view under the transparent
//! text area, in the core's syntax classes with their squiggles, each as
//! many rows tall as its line takes (and, wrapped, as wide as a row), moved
//! with the text's scroll.

use leptos::prelude::*;

use crate::bridge::editor::LineView;
use crate::editor_box::{LINE, px};

/// The lines drawn and their rows.
#[component]
pub fn EditorLayer(
    /// The lines drawn, each with the rows it takes.
    drawn: Signal<Vec<(LineView, usize)>>,
    /// The CSS transform that follows the scroll.
    shift: Signal<String>,
    /// Whether lines wrap.
    wrapped: Signal<bool>,
    /// The layer's right padding (the text area's, and its scrollbar).
    pad_right: Signal<String>,
    /// A wrapped row's width (empty unwrapped).
    row_width: Signal<String>,
    /// 32 characters, measured for one's width.
    sample: NodeRef<leptos::html::Span>,
) -> impl IntoView {
    view! {
        <pre class=move || if wrapped.get() { "hl wrapped" } else { "hl" }
            aria-hidden="true" style:padding-right=pad_right>
            <span class="measure" node_ref=sample>"MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM"</span>
            <div style:transform=shift>
                // Keyed by the line's number, pieces and rows: a keystroke
                // redraws the line it changed, not the screen.
                <For each=move || drawn.get() key=|line: &(LineView, usize)| line.clone() let:line>
                    <div class="l" style:height=px(line.1 as f64 * LINE) style:width=row_width>
                        {line.0.pieces.into_iter().map(|piece| {
                            if piece.class.is_empty() {
                                piece.text.into_any()
                            } else {
                                view! { <span class=piece.class>{piece.text}</span> }.into_any()
                            }
                        }).collect_view()}
                    </div>
                </For>
            </div>
        </pre>
    }
}
