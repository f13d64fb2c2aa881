//! A load too long for one task, spread over several: a big map's (a
//! 10,000-province paste: 70–90 ms in one task) goes in small steps
//! ([`judgepad_core::map::Loading`]: its parse and its lines so many at a
//! time, each check, the places and the adjacencies a run at a time), as
//! many a task as fit in a slice of time, so the page answers keys between
//! them. The map it ends in is the one-task load's, bit for bit. The page
//! shows the last map until it arrives; newer text abandons it (its own
//! load follows). The map's analysis (counts, diagnostics) is worked out
//! in a step of its own before the map is handed over, so the page shows
//! the map and its analysis in one task: each task that changes the page
//! while a big text sits in the editor costs a frame of ~100 ms, and the
//! analysis shown two tasks after the map came two such frames later.

use std::sync::Arc;

use judgepad_core::map::Map;
use leptos::prelude::*;

use crate::analysed::Worked;
use crate::bridge::Loaded;
use crate::bridge::workspace::Workspace;
use crate::doc::{Doc, DrawingNotes, now_ms};

/// A load expected to take longer than this runs in steps.
const STEPPED_OVER_MS: f64 = 30.0;

/// What a load is expected to cost at least, per byte of edited text: a
/// middling machine's pace (the 464 KB ring: 60–90 ms in Chromium on a
/// fast one; a 3,000-province ring's 132 KB took 55–66 ms in one task on
/// session 50's, with 8 KB a ms taken as the pace). The last check's pace
/// alone can say nothing of use: the first map was loaded ahead, so its
/// check took no time.
const BYTES_PER_MS: f64 = 4096.0;

/// Whether a load of `now` bytes of edited files goes in steps, the last
/// load, of `then` bytes, having taken `ms`.
pub fn in_steps(ms: f64, then: usize, now: usize) -> bool {
    crate::doc::expected_ms(ms, then, now).max(now as f64 / BYTES_PER_MS) > STEPPED_OVER_MS
}

/// How long a slice of steps may run before the page gets the thread back
/// (the longest step, a check on 26,000 provinces, takes 6 ms natively,
/// about five times that in the page: such steps start a slice, [`whole`]).
const SLICE_MS: f64 = 12.0;

/// How long a slice may have run and still take a step of the whole map
/// ([`whole`]): most such steps are quick, and each slice of its own cost
/// a yield (a 10,000-province ring: five, each 4 ms or more of the timer's
/// clamp).
const WHOLE_AFTER_MS: f64 = 2.0;

/// Lines parsed or read a step.
const LINES: usize = 200;

/// Whether a step of this kind ([`judgepad_core::map::Loading::next_step`])
/// works on the whole map at once, and so starts a slice of its own unless
/// the slice has hardly begun ([`WHOLE_AFTER_MS`]): on a 2 MB map the check
/// of names takes 5 ms natively and 25–35 ms in the page, and after a
/// slice's 12 ms of other steps it made a task of 50.
fn whole(kind: &str) -> bool {
    matches!(kind, "checks" | "names" | "assembly" | "built checks" | "sort")
}

/// Loads in steps: the one under way and the last one finished, for the
/// page's `loaded` memo to take.
#[derive(Clone, Copy)]
pub struct Stepped {
    /// Counts the loads started: a load that finds it changed is stale.
    generation: StoredValue<u64>,
    /// The files of the last load finished, its map and its time at work.
    done: StoredValue<Option<(Workspace, Loaded, f64)>>,
    /// Bumped when a load finishes (the memo tracks it).
    finished: RwSignal<u64>,
    /// The analysis of the last load finished, worked out in its own step
    /// (taken by `analysed`), with the drawing's notes it was worked out
    /// with.
    analysed: StoredValue<Option<(Worked, DrawingNotes)>>,
}

impl Default for Stepped {
    fn default() -> Self {
        Stepped {
            generation: StoredValue::new(0),
            done: StoredValue::new(None),
            finished: RwSignal::new(0),
            analysed: StoredValue::new(None),
        }
    }
}

impl Stepped {
    /// Subscribes the caller to loads finishing.
    pub fn track(&self) {
        self.finished.track();
    }

    /// The finished load of exactly `files` (taken out), with its time at
    /// work in ms.
    pub fn take(&self, files: &Workspace) -> Option<(Loaded, f64)> {
        let done = self.done.try_update_value(|it| it.take_if(|(of, ..)| of == files)).flatten();
        done.map(|(_, loaded, ms)| (loaded, ms))
    }

    /// The analysis worked out with the load just taken, if it is of `map`,
    /// with the drawing's notes it was worked out with
    /// (`analysed::work_out`).
    pub fn take_analysis(&self, map: &Arc<Map>) -> Option<(Worked, DrawingNotes)> {
        let it = self.analysed.try_update_value(Option::take).flatten()?;
        Arc::ptr_eq(&it.0.0, map).then_some(it)
    }

    /// Abandons the load under way, if any (the files it was for are no
    /// longer the newest).
    pub fn cancel(&self) {
        self.generation.update_value(|it| *it += 1);
    }

    /// Starts a load of `files` in steps, abandoning the one under way.
    /// The load itself ([`run`]) is in the map's part of the wasm: no first
    /// page needs it, and the first load's budget is tight.
    pub fn start(&self, doc: Doc, files: Workspace) {
        self.cancel();
        let this = *self;
        let mine = self.generation.get_value();
        leptos::task::spawn_local(async move {
            (crate::later::map_parts().await.load_in_steps)(this, doc, files, mine);
        });
    }
}

/// Loads `files` in steps for `this`, as its load number `mine` (stale, and
/// abandoned, once another has started), and works out its analysis for
/// `doc` in a step of its own.
pub fn run(this: Stepped, doc: Doc, files: Workspace, mine: u64) {
    leptos::task::spawn_local(async move {
        let stale = move || this.generation.try_get_value() != Some(mine);
        let mut loading = files.loading();
        let mut busy = 0.0;
        loop {
            // Yield first: the load starts a task after the one that
            // asked for it (the paste's, the keystroke's).
            crate::tasks::next_task().await;
            if stale() {
                return;
            }
            let start = now_ms();
            let mut more = loading.step(LINES);
            while more {
                let ran = now_ms() - start;
                if ran >= SLICE_MS || (ran >= WHOLE_AFTER_MS && whole(loading.next_step())) {
                    break;
                }
                more = loading.step(LINES);
            }
            busy += now_ms() - start;
            if !more {
                break;
            }
        }
        let loaded = Workspace::loaded(loading);
        // Its analysis, in a step of its own (a 10,000-province ring's:
        // 15 ms in the page).
        crate::tasks::next_task().await;
        if stale() {
            return;
        }
        let start = now_ms();
        this.analysed.set_value(Some(crate::analysed::work_out(doc, &loaded)));
        busy += now_ms() - start;
        // The memo takes both, and the views follow, in a task of their own.
        crate::tasks::next_task().await;
        if stale() {
            return;
        }
        this.done.set_value(Some((files, loaded, busy)));
        this.finished.update(|it| *it += 1);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_loads_go_in_steps() {
        // Typing in imperial (5 ms a load): one task.
        assert!(!in_steps(5.0, 0, 40_000));
        // A 10,000-province paste over a map loaded ahead (no time): steps.
        assert!(in_steps(0.0, 0, 464_000));
        // A 3,000-province one (140 KB, 20–60 ms): steps.
        assert!(in_steps(0.0, 0, 140_000));
        // A 1,000-province one (41 KB): one task.
        assert!(!in_steps(0.0, 0, 41_000));
        // Typing in the 10,000-province map: steps.
        assert!(in_steps(75.0, 464_000, 464_001));
        // A slow machine's 100 KB that took 40 ms: steps.
        assert!(in_steps(40.0, 100_000, 100_010));
    }

    #[test]
    fn the_whole_map_steps_are_steps_a_load_takes() {
        let files = Workspace::bundled("standard");
        let mut loading = files.loading();
        let mut kinds = vec![loading.next_step()];
        while loading.step(LINES) {
            kinds.push(loading.next_step());
        }
        let whole_kinds = ["checks", "names", "assembly", "built checks", "sort"];
        for kind in whole_kinds {
            assert!(whole(kind) && kinds.contains(&kind), "{kind} in {kinds:?}");
        }
        assert!(
            kinds.iter().filter(|k| !whole(k)).all(|k| [
                "parse",
                "lines",
                "places",
                "adjacencies",
                "done"
            ]
            .contains(k)),
            "{kinds:?}"
        );
    }
}
