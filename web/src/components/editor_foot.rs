//! Under the editor: where the caret is (line, column, the diagnostic
//! there; read out politely) and the Wrap toggle (Alt+Z in the editor).

use leptos::prelude::*;

use crate::editor_box::WrapChoice;

/// The status line and the Wrap toggle.
#[component]
pub fn EditorFoot(
    /// `Ln 3, Col 7 — …`.
    status: Signal<String>,
    /// Whether long lines wrap.
    wrap: WrapChoice,
    /// Whether the file is too large to wrap.
    big: Signal<bool>,
) -> impl IntoView {
    let title = move || {
        if big.get() {
            "long lines are not wrapped in a file over 256 KB (Alt+Z)"
        } else {
            "wrap long lines (Alt+Z)"
        }
    };
    view! {
        <div class="editor-foot">
            <div class="status" data-testid="editor-status" aria-live="polite">{status}</div>
            <button type="button" class="help-button" data-testid="wrap"
                aria-pressed=move || wrap.on.get().to_string() title=title
                on:click=move |_| wrap.toggle()>"Wrap"</button>
        </div>
    }
}
