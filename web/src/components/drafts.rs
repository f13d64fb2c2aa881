//! The drafts menu: save the current work as a named draft; list the saved
//! drafts (name, variant, date, size) to open, rename or delete. Drafts live
//! in the browser's storage, as share payloads.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::bridge::drafts::{Draft, short_date};
use crate::bridge::share::Shared;
use crate::persist;

/// The Drafts button and its panel.
#[component]
pub fn Drafts(
    /// The current work, made when asked.
    snapshot: Callback<(), Shared>,
    /// Opens a draft (replaces the work on screen; the autosave follows).
    open: Callback<Shared>,
    /// Where problems are told.
    notice: RwSignal<Option<String>>,
) -> impl IntoView {
    let shown = RwSignal::new(false);
    let list = RwSignal::new(Vec::<Draft>::new());
    let name = RwSignal::new(String::new());
    let refresh = move || list.set(persist::drafts());
    let report = move |result: Result<(), String>| {
        if let Err(why) = result {
            notice.set(Some(format!("Drafts: {why}.")));
        }
        refresh();
    };
    // Ctrl+S saves a draft (with a dated name) from anywhere.
    // Escape closes the panel, as it closes the other popovers.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && shown.get_untracked() {
            shown.set(false);
        }
        if (ev.ctrl_key() || ev.meta_key()) && !ev.shift_key() && ev.key().eq_ignore_ascii_case("s")
        {
            ev.prevent_default();
            match persist::save_draft("", &snapshot.run(())) {
                Ok(()) => notice.set(Some("Saved as a draft (Drafts lists it).".into())),
                Err(why) => notice.set(Some(format!("Drafts: {why}."))),
            }
            refresh();
        }
    });
    // So does a press outside it (another variant picked, the map, the
    // editor).
    let outside = window_event_listener(leptos::ev::pointerdown, move |ev| {
        let inside = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest(".drafts").ok().flatten())
            .is_some();
        if !inside && shown.get_untracked() {
            shown.set(false);
        }
    });
    on_cleanup(move || {
        keys.remove();
        outside.remove();
    });
    let save = move |_| {
        report(persist::save_draft(&name.get_untracked(), &snapshot.run(())));
        name.set(String::new());
    };
    view! {
        <div class="drafts">
            <button
                type="button"
                data-testid="drafts"
                aria-expanded=move || shown.get().to_string()
                on:click=move |_| {
                    refresh();
                    shown.update(|s| *s = !*s);
                }
            >"Drafts"</button>
            <Show when=move || shown.get()>
                <div class="drafts-panel" role="dialog" aria-label="drafts" data-testid="drafts-panel">
                    <div class="drafts-save">
                        <input
                            type="text"
                            placeholder="draft name"
                            aria-label="name of the new draft"
                            data-testid="draft-name"
                            prop:value=move || name.get()
                            on:input=move |ev| name.set(event_target_value(&ev))
                        />
                        <button type="button" data-testid="save-draft" on:click=save>"Save as draft"</button>
                    </div>
                    <table>
                        <thead><tr><th>"Name"</th><th>"Variant"</th><th>"Saved"</th><th>"Size"</th><th></th></tr></thead>
                        <tbody>
                            <For each=move || list.get() key=|d| d.clone() let:draft>
                                {
                                    let id = draft.id;
                                    let title = draft.name.clone();
                                    view! {
                                        <tr data-testid="draft">
                                            <td>
                                                <input
                                                    type="text"
                                                    class="draft-title"
                                                    aria-label="draft name"
                                                    value=title
                                                    on:change=move |ev| report(persist::rename_draft(id, &event_target_value(&ev)))
                                                />
                                            </td>
                                            <td>{draft.variant.clone()}</td>
                                            <td>{short_date(&draft.date)}</td>
                                            <td>{format!("{:.1} KB", draft.size as f64 / 1024.0)}</td>
                                            <td>
                                                <button type="button" data-testid="open-draft" on:click=move |_| {
                                                    match persist::open_draft(id) {
                                                        Ok(shared) => {
                                                            open.run(shared);
                                                            shown.set(false);
                                                        }
                                                        Err(why) => notice.set(Some(format!("Drafts: {why}."))),
                                                    }
                                                }>"Open"</button>
                                                <button type="button" data-testid="delete-draft" on:click=move |_| report(persist::delete_draft(id))>"Delete"</button>
                                            </td>
                                        </tr>
                                    }
                                }
                            </For>
                        </tbody>
                    </table>
                    <Show when=move || list.with(Vec::is_empty)>
                        <p class="muted">"No drafts yet. Opening a share link keeps your previous work here."</p>
                    </Show>
                </div>
            </Show>
        </div>
    }
}
