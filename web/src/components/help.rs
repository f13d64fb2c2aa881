//! The keyboard help: a button in the bar (and `?` outside text fields)
//! opens a dialog listing every shortcut of the page.

use leptos::prelude::*;

/// The shortcuts, as (keys, what they do).
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Ctrl+Z / ⌘Z", "undo (typing, quick fixes, pins)"),
    ("Ctrl+Shift+Z / Ctrl+Y", "redo"),
    ("Ctrl+click / ⌘+click", "on an abbreviation: go to its definition"),
    ("Alt+Z", "in the editor: wrap long lines, or not (also the Wrap button)"),
    ("Tab / Shift+Tab", "move between the editor, the file tabs, the lists and the map"),
    ("Enter on a diagnostic", "show it in the editor"),
    ("Enter on a province", "show its card (name, owner, neighbours)"),
    (
        "Wheel / drag on the map",
        "zoom / pan (never edits); Move provinces, then drag one to pin it",
    ),
    ("Ctrl+Enter", "adjudicate the phase"),
    ("← / →", "step through the played phases (outside text fields)"),
    ("Click a unit, then a lit place", "order it there; the unit again: hold"),
    ("Shift+click / Alt+click a unit", "with a unit picked: support / convoy it"),
    ("Ctrl+S", "save a draft"),
    ("Ctrl+Shift+S", "share: copy the link"),
    ("?", "this help (outside text fields)"),
    ("Esc", "close this help"),
];

/// The help button and dialog.
#[component]
pub fn Help() -> impl IntoView {
    let open = RwSignal::new(false);
    let _keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "?" && !crate::components::in_text_field(&ev) {
            open.set(true);
        } else if ev.key() == "Escape" {
            open.set(false);
        }
    });
    view! {
        <button type="button" class="help-button" data-testid="help" aria-haspopup="dialog" on:click=move |_| open.set(true)>
            "Shortcuts"
        </button>
        <Show when=move || open.get()>
            <div class="dialog-backdrop" on:click=move |_| open.set(false)></div>
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help-dialog">
                <h2 id="help-title">"Keyboard shortcuts"</h2>
                <dl>
                    {SHORTCUTS.iter().map(|(keys, what)| view! {
                        <div><dt><kbd>{*keys}</kbd></dt><dd>{*what}</dd></div>
                    }).collect_view()}
                </dl>
                <button type="button" autofocus on:click=move |_| open.set(false)>"Close"</button>
            </div>
        </Show>
    }
}
