//! An undo notice after a change that drops work (a file reverted to the
//! bundled one, a file deleted): "standard.geography reverted · Undo". It
//! goes at the next change to the files, so its Undo never undoes anything
//! else. (Every change can also be undone with Ctrl+Z or the map's ↶.)

use leptos::prelude::*;

/// The notice of `note` (what was done), while nothing else has changed.
#[component]
pub fn UndoNote(
    /// The document (its changes, its undo).
    doc: crate::doc::Doc,
    /// What was just done; set by the caller right after the change.
    note: RwSignal<Option<String>>,
) -> impl IntoView {
    // At each change to the files: a note that was already there before
    // it (not set with it) goes.
    Effect::new(move |before: Option<Option<String>>| {
        doc.workspace.track();
        let now = note.get_untracked();
        if now.is_some() && before.as_ref() == Some(&now) {
            note.set(None);
            return None;
        }
        now
    });
    move || {
        note.get().map(|what| {
            view! {
                <span class="undo-note" role="status" data-testid="undo-note">
                    {what}
                    <button type="button" data-testid="undo-note-undo" on:click=move |_| {
                        doc.undo();
                        note.set(None);
                    }>"Undo"</button>
                </span>
            }
        })
    }
}
