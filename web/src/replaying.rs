//! A long game replayed in steps: a log played again on a new map (an
//! edit of the geography under a game, a link to a long game) is played a
//! slice of time at a time, so the page answers between them (249 phases
//! of imperial were one task of 250 ms). The game panel says how far it
//! has gone, with Stop; the game is shown once every phase is played, the
//! map's own game and nothing of the last map's meanwhile. A newer map or
//! log abandons it (its own replay follows). A replay that fits in a slice
//! is played in the task that asked for it, as before.
//!
//! Stopped, the game goes on from the phases replayed so far: the log is
//! cut there ([`stop`] says where) and the later phases are set aside,
//! offered back ([`set_aside`]) while the game is still the one stopped.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::session::{self, Next, PlayKey, Replaying, Session};
use crate::doc::now_ms;

/// How long a slice of phases may run before the page gets the thread
/// back.
const SLICE_MS: f64 = 12.0;

/// A replay under way.
struct Running {
    /// The map it replays on.
    key: PlayKey,
    /// The whole log it replays.
    log: Vec<String>,
    /// The game so far.
    replaying: Replaying,
}

/// The later phases of a stopped replay, offered back while the game is
/// the one stopped (its map and its log cut where it stopped).
struct Aside {
    key: PlayKey,
    log: Vec<String>,
    rest: Vec<String>,
}

/// The replay under way, and the last one finished for the game's memo to
/// take. One game a page, so one of these: kept here, in the later part of
/// the wasm with the game engine (the first module's budget is tight).
struct Replays {
    /// Counts the replays asked for: one that finds it changed is stale.
    generation: Cell<u64>,
    /// The game of the last replay finished (or stopped).
    done: RefCell<Option<Session>>,
    /// The replay under way, if any.
    running: RefCell<Option<Running>>,
    /// What the last replay stopped set aside.
    aside: RefCell<Option<Aside>>,
    /// Phases played and in all, while a replay goes in steps.
    progress: ArcRwSignal<Option<(usize, usize)>>,
}

thread_local! {
    static REPLAYS: Replays = Replays {
        generation: Cell::new(0),
        done: RefCell::new(None),
        running: RefCell::new(None),
        aside: RefCell::new(None),
        progress: ArcRwSignal::new(None),
    };
}

/// Phases played and in all, while a long replay goes in steps.
pub fn progress() -> Option<(usize, usize)> {
    REPLAYS.with(|it| it.progress.get())
}

/// Stops the replay under way: its game so far is the game (the memo
/// takes it once the log is cut), the rest of its log is set aside.
/// Returns how many phases to keep of the log, `None` if no replay was
/// under way.
pub fn stop() -> Option<usize> {
    REPLAYS.with(|this| {
        // Every phase played (the game shown a task later): nothing to stop.
        let (done, all) = this.running.borrow().as_ref()?.replaying.progress();
        if done == all {
            return None;
        }
        let Running { key, mut log, replaying } = this.running.take()?;
        this.generation.set(this.generation.get() + 1);
        this.shown(None);
        let session = replaying.stop();
        let kept = session.log.len();
        let rest = log.split_off(kept);
        this.aside.replace(Some(Aside { key, log, rest }));
        this.done.replace(Some(session));
        Some(kept)
    })
}

/// The phases a stopped replay set aside, while `session` is the game it
/// stopped at (nothing played or taken back since, the same map).
pub fn set_aside(session: &Session) -> Option<Vec<String>> {
    REPLAYS.with(|this| {
        this.aside
            .borrow()
            .as_ref()
            .filter(|it| it.key == session.key && it.log == session.log)
            .map(|it| it.rest.clone())
    })
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
        if this.running.borrow().as_ref().is_some_and(|it| it.key == key && it.log == log) {
            return (None, false);
        }
        // A replay abandoned for this one: the game it replayed on a new
        // map is still the one before.
        let restarts = this.running.take().is_some_and(|it| it.replaying.restarts());
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
        this.running.replace(Some(Running { key, log: log.to_vec(), replaying }));
        leptos::task::spawn_local(async move {
            loop {
                crate::tasks::next_task().await;
                // Abandoned or stopped meanwhile: the replay is not ours.
                let Some(progress) = REPLAYS.with(|this| this.slice(mine)) else { return };
                if progress.is_none() {
                    break;
                }
                REPLAYS.with(|this| this.progress.set(progress));
            }
            // The game shown in a task of its own: its views (the map's
            // colours, its units, the timeline) are a long task's worth.
            crate::tasks::next_task().await;
            let ours = REPLAYS.with(|this| {
                if this.generation.get() != mine {
                    return false;
                }
                let Some(running) = this.running.take() else { return false };
                this.done.replace(Some(running.replaying.finish()));
                true
            });
            if ours {
                finished.update(|it| *it += 1);
            }
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

    /// Plays a slice of replay `mine`: `None` if it is no longer the one
    /// under way, else its progress, `None` within once every phase is
    /// played.
    fn slice(&self, mine: u64) -> Option<Option<(usize, usize)>> {
        if self.generation.get() != mine {
            return None;
        }
        let mut running = self.running.borrow_mut();
        let replaying = &mut running.as_mut()?.replaying;
        let start = now_ms();
        let done = replaying.play(|| now_ms() - start < SLICE_MS);
        Some((!done).then(|| replaying.progress()))
    }
}
