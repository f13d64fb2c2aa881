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
use crate::doc::Doc;

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
        let worked_out = loaded.with_untracked(|it| {
            doc.drawing_notes.with_untracked(|notes| stepped.take_analysis(&it.map, notes))
        });
        if let Some(it) = worked_out {
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
pub fn of(doc: Doc, it: &Loaded) -> Analysis {
    doc.drawing_notes.with_untracked(|(pins, notes)| {
        let current = *pins == it.map.pins;
        bridge::analysis_with(it, if current { notes } else { &[] })
    })
}

/// Works out the analysis of `loaded` a task from now into `ahead`, and
/// bumps `shown` a task after that (not if the drawing's notes changed in
/// between: then it is worked out afresh).
pub fn ahead_then_shown(doc: Doc, loaded: Memo<Loaded>, ahead: Ahead, shown: RwSignal<u64>) {
    leptos::task::spawn_local(async move {
        crate::tasks::next_task().await;
        let notes = doc.drawing_notes.get_untracked();
        ahead.set_value(loaded.try_with_untracked(|it| (Arc::clone(&it.map), of(doc, it))));
        crate::tasks::next_task().await;
        if doc.drawing_notes.try_with_untracked(|now| *now != notes).unwrap_or(true) {
            ahead.set_value(None);
        }
        shown.update(|n| *n += 1);
    });
}
