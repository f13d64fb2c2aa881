//! The document: the variant's files (the single source of truth), the file
//! open in the editor, undo/redo, and the deferred copy the checker reads.
//! A keystroke updates the text and its colours at once; the check follows
//! in the same task when checks are fast (the squiggles arrive in the frame
//! that shows the character), and after the frame when the last check was
//! slow (a very large file: typing never waits for it; keystrokes typed
//! meanwhile are checked together).

use leptos::prelude::*;

use judgepad_core::Diagnostic;
use judgepad_core::map::pins::Pin;

use crate::bridge::history::History;
use crate::bridge::workspace::Workspace;

/// The drawing's notes on the text: the `pin-conflict` warnings of a
/// layout, with the pins it was made for.
pub type DrawingNotes = (Vec<Pin>, Vec<Diagnostic>);

/// Handles on the document's signals (cheap to copy into closures).
#[derive(Clone, Copy)]
pub struct Doc {
    /// The files as typed.
    pub workspace: RwSignal<Workspace>,
    /// The file shown in the editor.
    pub open: RwSignal<String>,
    /// The files as last checked.
    pub settled: RwSignal<Workspace>,
    /// A place to show in the editor: file and bytes (set by a click on a
    /// diagnostic or a go-to-definition; the editor selects it).
    pub reveal: RwSignal<Option<(String, usize, usize)>>,
    /// How long the last check took, in ms, and the bytes of the edited
    /// files it checked (see [`Doc::checked`]).
    pub check_ms: StoredValue<(f64, usize)>,
    /// What the drawing says about the text: the `pin-conflict` warnings of
    /// the last layout, with the pins it was made for (the diagnostics list
    /// shows them while the map still has exactly those pins).
    pub drawing_notes: RwSignal<DrawingNotes>,
    history: StoredValue<History<Workspace>>,
    pending: StoredValue<bool>,
}

/// A check slower than this goes after the frame instead of before it.
const FRAME_BUDGET_MS: f64 = 8.0;

impl Doc {
    /// A bundled variant, unchanged.
    pub fn new(variant: &str) -> Doc {
        let workspace = Workspace::bundled(variant);
        Doc {
            open: RwSignal::new(workspace.root.clone()),
            settled: RwSignal::new(workspace.clone()),
            workspace: RwSignal::new(workspace),
            reveal: RwSignal::new(None),
            check_ms: StoredValue::new((0.0, 0)),
            drawing_notes: RwSignal::new((Vec::new(), Vec::new())),
            history: StoredValue::new(History::new()),
            pending: StoredValue::new(false),
        }
    }

    /// Changes the files with `change` as one undoable step; `typing` names
    /// the file typed in (keystrokes in a row join one step).
    pub fn change(&self, typing: Option<&str>, change: impl FnOnce(&mut Workspace)) {
        let before = self.workspace.get_untracked();
        let mut next = before.clone();
        change(&mut next);
        if next == before {
            return;
        }
        let now = js_sys::Date::now();
        let size = before.bytes();
        self.history.update_value(|h| h.record(before, size, typing.map(|file| (file, now))));
        self.workspace.set(next);
        self.settle_soon();
    }

    /// Ctrl/⌘+Z (undo) and Ctrl/⌘+Shift+Z or Ctrl+Y (redo) anywhere on the
    /// page outside text fields (the editor handles its own; the orders
    /// box keeps the browser's), so a pin written by a drag on the map is
    /// undone from the map.
    pub fn listen_for_undo(self) {
        let keys = window_event_listener(leptos::ev::keydown, move |ev| {
            if crate::components::in_text_field(&ev) || !(ev.ctrl_key() || ev.meta_key()) {
                return;
            }
            match ev.key().to_ascii_lowercase().as_str() {
                "z" if ev.shift_key() => self.redo(),
                "z" => self.undo(),
                "y" => self.redo(),
                _ => return,
            }
            ev.prevent_default();
        });
        // The document lives as long as the page.
        std::mem::forget(keys);
    }

    /// Undoes the last step.
    pub fn undo(&self) {
        let now = self.workspace.get_untracked();
        if let Some(back) = self.history.try_update_value(|h| h.undo(now)).flatten() {
            self.workspace.set(back);
            self.settle_soon();
        }
    }

    /// Redoes the step undone last.
    pub fn redo(&self) {
        let now = self.workspace.get_untracked();
        if let Some(next) = self.history.try_update_value(|h| h.redo(now)).flatten() {
            self.workspace.set(next);
            self.settle_soon();
        }
    }

    /// Starts over on another set of files (a picked variant).
    pub fn replace(&self, workspace: Workspace) {
        self.history.update_value(History::clear);
        self.open.set(workspace.root.clone());
        self.settled.set(workspace.clone());
        self.workspace.set(workspace);
    }

    /// Hands the current files to the checker: now when checks are fast,
    /// after the next frame when they are slow, or would be: a check is
    /// taken to grow with the text, so a paste that makes the files much
    /// larger is checked in a task of its own, not in the paste's.
    fn settle_soon(&self) {
        let (ms, bytes) = self.check_ms.get_value();
        let now = self.workspace.with_untracked(Workspace::bytes);
        if expected_ms(ms, bytes, now) <= FRAME_BUDGET_MS {
            self.settled.set(self.workspace.get_untracked());
            return;
        }
        if self.pending.get_value() {
            return;
        }
        self.pending.set_value(true);
        let (pending, workspace, settled) = (self.pending, self.workspace, self.settled);
        set_timeout(
            move || {
                pending.set_value(false);
                settled.set(workspace.get_untracked());
            },
            std::time::Duration::ZERO,
        );
    }

    /// Records how long a check of `bytes` of edited files took (the
    /// caller times it).
    pub fn checked(&self, ms: f64, bytes: usize) {
        self.check_ms.set_value((ms, bytes));
    }
}

/// What a check of `now` bytes of edited files is expected to take, the
/// last one of `then` bytes having taken `ms` (a bundled variant's files,
/// unedited, count as 32 KB: standard's four are 30 KB).
pub(crate) fn expected_ms(ms: f64, then: usize, now: usize) -> f64 {
    const BASE: usize = 32 * 1024;
    ms * now.max(BASE) as f64 / then.max(BASE) as f64
}

/// Milliseconds from the page's clock (for timing checks).
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_is_expected_to_grow_with_the_text() {
        // Typing in standard (4 ms a check): checked in the keystroke's task.
        assert!(expected_ms(4.0, 0, 30_000) <= FRAME_BUDGET_MS);
        // A 10,000-province paste (454 KB) over it: a task of its own.
        assert!(expected_ms(4.0, 0, 454_000) > FRAME_BUDGET_MS);
        // Typing in the pasted map: its own checks say how long.
        assert_eq!(expected_ms(120.0, 454_000, 454_001), 120.0 * 454_001.0 / 454_000.0);
    }
}
