//! A long game replayed in steps: a log played again on a new map (an
//! edit of the geography under a game, a link to a long game) is played a
//! slice of time at a time, so the page answers between them (249 phases
//! of imperial were one task of 250 ms). The game panel says how far it
//! has gone; the game is shown once every phase is played, the map's own
//! game and nothing of the last map's meanwhile. A newer map or log
//! abandons it (its own replay follows). A replay that fits in a slice is
//! played in the task that asked for it, as before.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::session::{self, Next, PlayKey, Session};
use crate::doc::now_ms;

/// How long a slice of phases may run before the page gets the thread
/// back.
const SLICE_MS: f64 = 12.0;

/// The replay under way, and the last one finished for the game's memo to
/// take. One game a page, so one of these: kept here, in the later part of
/// the wasm with the game engine (the first module's budget is tight).
struct Replays {
    /// Counts the replays asked for: one that finds it changed is stale.
    generation: Cell<u64>,
    /// The game of the last replay finished.
    done: RefCell<Option<Session>>,
    /// The map and log of the replay under way, if any, and whether it
    /// replays a game on a new map (and will say so).
    running: RefCell<Option<(PlayKey, Vec<String>, bool)>>,
    /// Phases played and in all, while a replay goes in steps.
    progress: ArcRwSignal<Option<(usize, usize)>>,
}

thread_local! {
    static REPLAYS: Replays = Replays {
        generation: Cell::new(0),
        done: RefCell::new(None),
        running: RefCell::new(None),
        progress: ArcRwSignal::new(None),
    };
}

/// Phases played and in all, while a long replay goes in steps.
pub fn progress() -> Option<(usize, usize)> {
    REPLAYS.with(|it| it.progress.get())
}

/// The game for `log` on `loaded` from the previous one, and whether it
/// changed: at once if its phases fit in a slice; else `None` for now,
/// the rest played in steps, then `finished` bumped (the game's memo runs
/// again and takes it). Asked again for the map and log under way (a
/// comment typed meanwhile), the replay goes on.
pub fn replay(
    previous: Option<Session>,
    loaded: &Loaded,
    log: &[String],
    finished: RwSignal<u64>,
) -> (Option<Session>, bool) {
    let key = session::play_key(loaded);
    REPLAYS.with(|this| {
        let same = |it: &Option<(PlayKey, Vec<String>, bool)>| {
            it.as_ref().is_some_and(|(of, played, _)| *of == key && played == log)
        };
        if same(&this.running.borrow()) {
            return (None, false);
        }
        // A replay abandoned for this one: the game it replayed on a new
        // map is still the one before.
        let restarts = this.running.take().is_some_and(|(.., restarts)| restarts);
        let mine = this.generation.get() + 1;
        this.generation.set(mine);
        // A game finished for another map or log than these is the one
        // before (the memo showed nothing meanwhile).
        let previous = match this.done.take() {
            Some(done) if done.key == key && done.log == log => {
                this.shown(None);
                return (Some(done), true);
            }
            done => previous.or(done),
        };
        let mut replaying = match session::next(previous, key, loaded, log) {
            Next::Ready(session, changed) => {
                this.shown(None);
                return (session, changed);
            }
            Next::Replay(replaying) => replaying,
        };
        if restarts {
            replaying.say_restarted();
        }
        let start = now_ms();
        if replaying.play(|| now_ms() - start < SLICE_MS) {
            this.shown(None);
            return (Some(replaying.finish()), true);
        }
        this.shown(Some(replaying.progress()));
        this.running.replace(Some((key, log.to_vec(), replaying.restarts())));
        leptos::task::spawn_local(async move {
            loop {
                crate::tasks::next_task().await;
                if REPLAYS.with(|this| this.generation.get()) != mine {
                    return;
                }
                let start = now_ms();
                if replaying.play(|| now_ms() - start < SLICE_MS) {
                    break;
                }
                REPLAYS.with(|this| this.progress.set(Some(replaying.progress())));
            }
            // The game shown in a task of its own: its views (the map's
            // colours, its units, the timeline) are a long task's worth.
            let done = replaying.finish();
            crate::tasks::next_task().await;
            if REPLAYS.with(|this| this.generation.get()) != mine {
                return;
            }
            REPLAYS.with(|this| {
                this.running.replace(None);
                this.done.replace(Some(done));
            });
            finished.update(|it| *it += 1);
        });
        (None, true)
    })
}

impl Replays {
    /// Sets the progress shown, if it changes.
    fn shown(&self, progress: Option<(usize, usize)>) {
        if self.progress.get_untracked() != progress {
            self.progress.set(progress);
        }
    }
}
