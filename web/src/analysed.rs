//! The map's analysis (the diagnostics list, the squiggles, the counts and
//! the calendar preview) as the page shows it: after a quick load in the
//! load's own task, so a keystroke's counts and squiggles come in its
//! frame; after a slow one worked out in a task of its own and shown a
//! task later, so neither the load, the analysis nor the views that show
//! it make one long task (a 2 MB paste: 25,910 warnings, their rows about
//! 20 ms and the views 25 ms more in the page). A load in steps works its
//! analysis out in a step of its own ([`crate::stepped`]), and it is shown
//! with the map, in the task that takes the load.

use std::sync::Arc;

use leptos::prelude::*;

use judgepad_core::map::Map;

use crate::bridge::{self, Analysis, Loaded};
use crate::doc::{Doc, DrawingNotes};

/// An analysis worked out, with the map it is of.
pub type Worked = (Arc<Map>, Analysis);

/// An analysis worked out ahead, with the map it is of.
pub type Ahead = StoredValue<Option<Worked>>;

/// A load that took longer than this (in ms) has its analysis worked out
/// and shown in tasks of their own.
const QUICK_LOAD_MS: f64 = 25.0;

/// The analysis of `loaded`, with the drawing's warnings (pin conflicts)
/// while they are about the pins the map has now.
pub fn analysis(
    doc: Doc,
    loaded: Memo<Loaded>,
    stepped: crate::stepped::Stepped,
) -> Memo<Analysis> {
    // Bumped when the views are to show the analysis of the map loaded.
    let shown = RwSignal::new(0u64);
    let ahead: Ahead = StoredValue::new(None);
    Effect::new(move |first: Option<()>| {
        loaded.track();
        let worked_out = loaded
            .with_untracked(|it| stepped.take_analysis(&it.map))
            .filter(|(_, notes)| notes_still(doc, notes));
        if let Some((it, _)) = worked_out {
            ahead.set_value(Some(it));
            shown.update(|n| *n += 1);
        } else if first.is_none() || doc.check_ms.get_value().0 <= QUICK_LOAD_MS {
            shown.update(|n| *n += 1);
        } else {
            // The later part's (a slow load is a big map's, in steps there).
            leptos::task::spawn_local(async move {
                (crate::later::map_parts().await.analyse_ahead)(doc, loaded, ahead, shown);
            });
        }
    });
    Memo::new(move |_| {
        shown.track();
        doc.drawing_notes.track();
        loaded.with_untracked(|it| match ahead.try_update_value(Option::take).flatten() {
            Some((map, analysis)) if Arc::ptr_eq(&map, &it.map) => analysis,
            _ => of(doc, it),
        })
    })
}

/// The analysis of `it` with the drawing's notes (read untracked) if they
/// are about its pins.
fn of(doc: Doc, it: &Loaded) -> Analysis {
    doc.drawing_notes.with_untracked(|notes| with_notes(it, notes))
}

/// The analysis of `it` with `notes` if they are about its pins.
fn with_notes(it: &Loaded, (pins, notes): &DrawingNotes) -> Analysis {
    bridge::analysis_with(it, if *pins == it.map.pins { notes } else { &[] })
}

/// The analysis of `it` worked out now, with its map, and the drawing's
/// notes it was worked out with (shown only while they are the notes:
/// [`notes_still`]).
pub fn work_out(doc: Doc, it: &Loaded) -> (Worked, DrawingNotes) {
    let notes = doc.drawing_notes.get_untracked();
    ((Arc::clone(&it.map), with_notes(it, &notes)), notes)
}

/// Whether the drawing's notes are still `notes`.
fn notes_still(doc: Doc, notes: &DrawingNotes) -> bool {
    doc.drawing_notes.try_with_untracked(|now| now == notes).unwrap_or(false)
}

/// Works out the analysis of `loaded` a task from now into `ahead`, and
/// bumps `shown` a task after that (not if the drawing's notes changed in
/// between: then it is worked out afresh).
pub fn ahead_then_shown(doc: Doc, loaded: Memo<Loaded>, ahead: Ahead, shown: RwSignal<u64>) {
    leptos::task::spawn_local(async move {
        crate::tasks::next_task().await;
        let (worked, notes) = loaded.try_with_untracked(|it| work_out(doc, it)).unzip();
        ahead.set_value(worked);
        crate::tasks::next_task().await;
        if !notes.is_some_and(|notes| notes_still(doc, &notes)) {
            ahead.set_value(None);
        }
        shown.update(|n| *n += 1);
    });
}
