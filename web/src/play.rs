//! The game on screen: the order log (the text of every played phase), the
//! orders being written, the phase on screen and what a click has picked.
//! The game itself is a memo that replays the log on the map
//! ([`crate::bridge::session`]), never state written by effects, so undo,
//! stepping, share links and autosave all hold the same log.

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::entry::{Pick, put_order};
use crate::bridge::session::Session;

/// Replays a log on a map ([`crate::replaying::replay`]: a long one in
/// steps), handed over by the later part of the wasm (the game engine is
/// not needed for the first page). The signal it is given is bumped when a
/// replay in steps has finished (the memo runs again and takes its game).
pub type Replay = fn(Option<Session>, &Loaded, &[String], RwSignal<u64>) -> (Option<Session>, bool);

/// Handles on the game's signals (cheap to copy into closures).
#[derive(Clone, Copy)]
pub struct Play {
    /// The game replayed from the log (`None` while the map has errors).
    pub session: Memo<Option<Session>>,
    /// The order text of every played phase.
    pub log: RwSignal<Vec<String>>,
    /// The orders being written for the current phase.
    pub orders: RwSignal<String>,
    /// A played phase on screen (`None`: the current phase).
    pub view: RwSignal<Option<usize>>,
    /// What a click on the map has picked.
    pub pick: RwSignal<Option<Pick>>,
    /// Set by [`Play::reset`]: the next game starts afresh (no "the map
    /// changed" note for a new variant or a link).
    fresh: StoredValue<bool>,
    /// Bumped once typing pauses after a change of the map: the game
    /// follows the map a moment later, so typing in the editor never waits
    /// for a replay (the squiggles and counts come first).
    tick: RwSignal<u64>,
    /// Bumped by [`Play::adjudicate`]: the results scroll into view for an
    /// adjudication, not for a game replayed one phase longer (a link, an
    /// edit of the map under a game).
    pub adjudicated: RwSignal<u64>,
}

impl Play {
    /// The game of `loaded`, replayed from a fresh log.
    pub fn new(loaded: Memo<Loaded>) -> Play {
        let log = RwSignal::new(Vec::<String>::new());
        let tick = RwSignal::new(0u64);
        let pending = StoredValue::new(None::<TimeoutHandle>);
        Effect::new(move |first: Option<()>| {
            loaded.track();
            if first.is_some() {
                // Once typing pauses (40 ms): keystrokes in a row replay once,
                // after the frames that show them.
                if let Some(handle) = pending.get_value() {
                    handle.clear();
                }
                let handle = set_timeout_with_handle(
                    move || tick.update(|t| *t += 1),
                    std::time::Duration::from_millis(40),
                );
                pending.set_value(handle.ok());
            }
        });
        let fresh = StoredValue::new(false);
        // The game engine, once the later part of the wasm has loaded.
        let engine = RwSignal::new(None::<Replay>);
        // Worked out again once typing pauses (the map's key says whether
        // the game must be replayed).
        let session = Memo::new_owning(move |previous: Option<Option<Session>>| {
            tick.track();
            let Some(update) = engine.get() else { return (None, false) };
            let previous = previous.flatten();
            let stamp = previous.as_ref().map_or(0, |s| s.stamp);
            // A new game (another variant, a link): replayed from nothing,
            // without "the map changed" note.
            let previous = if fresh.get_value() {
                fresh.set_value(false);
                None
            } else {
                previous
            };
            let (mut next, changed) =
                log.with(|log| loaded.with_untracked(|loaded| update(previous, loaded, log, tick)));
            if let Some(next) = next.as_mut().filter(|_| changed) {
                next.stamp = next.stamp.max(stamp + 1);
            }
            (next, changed)
        });
        let play = Play {
            session,
            log,
            orders: RwSignal::new(String::new()),
            view: RwSignal::new(None),
            pick: RwSignal::new(None),
            fresh,
            tick,
            adjudicated: RwSignal::new(0),
        };
        leptos::task::spawn_local(async move {
            engine.set(Some(crate::later::parts().await.replay));
        });
        // A phase on screen that the log no longer has: back to the present.
        Effect::new(move |_| {
            let played = session.with(|s| s.as_ref().map_or(0, |s| s.game.history.len()));
            if play.view.get_untracked().is_some_and(|i| i >= played) {
                play.view.set(None);
            }
        });
        play
    }

    /// How many phases were played.
    pub fn played(&self) -> usize {
        self.session.with(|s| s.as_ref().map_or(0, |s| s.game.history.len()))
    }

    /// Adjudicates the current phase with the orders written.
    pub fn adjudicate(&self) {
        if self.session.with_untracked(|s| {
            s.as_ref().is_none_or(|s| s.game.status != judgepad_core::game::Status::Playing)
        }) {
            return;
        }
        let text = self.orders.get_untracked();
        self.view.set(None);
        self.pick.set(None);
        self.orders.set(String::new());
        self.log.update(|log| log.push(text));
        self.adjudicated.update(|it| *it += 1);
    }

    /// Takes back the last played phase; its orders come back to the box.
    pub fn undo(&self) {
        let mut back = None;
        self.log.update(|log| back = log.pop());
        if let Some(text) = back.filter(|t| !crate::bridge::position::is_edit(t)) {
            self.orders.set(text);
        }
        self.view.set(None);
        self.pick.set(None);
    }

    /// Steps `by` phases (negative: back) through the played phases and the
    /// current one.
    pub fn step(&self, by: i64) {
        let played =
            self.session.with_untracked(|s| s.as_ref().map_or(0, |s| s.game.history.len()));
        let now = self.view.get_untracked().unwrap_or(played) as i64;
        let next = (now + by).clamp(0, played as i64) as usize;
        self.view.set((next < played).then_some(next));
        self.pick.set(None);
    }

    /// Writes an order picked on the map into the text.
    pub fn write(&self, line: &str) {
        let text = self.orders.get_untracked();
        let next =
            self.session.with_untracked(|s| s.as_ref().map(|s| put_order(&s.game, &text, line)));
        if let Some(next) = next {
            self.orders.set(next);
        }
    }

    /// New orders for the phase on screen. For a played phase this rewrites
    /// history: asks first, then drops the phases after it and makes it the
    /// current phase again with these orders. Returns whether the text was
    /// taken (the box shows the played text again when not).
    pub fn edit(&self, text: String) -> bool {
        match self.view.get_untracked() {
            None => {
                self.orders.set(text);
                true
            }
            Some(index) => {
                let later = self.played() - index;
                let ask = format!(
                    "Change the orders of a played phase? The {later} phase(s) played from it on will be replayed no more: they are dropped."
                );
                if !window().confirm_with_message(&ask).unwrap_or(false) {
                    return false;
                }
                self.log.update(|log| log.truncate(index));
                self.orders.set(text);
                self.view.set(None);
                true
            }
        }
    }

    /// Starts a new game: no log, no orders (another variant, a link).
    pub fn reset(&self, log: Vec<String>, orders: String) {
        self.fresh.set_value(true);
        // The new map at once (not a frame later): the log is for it.
        self.tick.update(|t| *t += 1);
        self.view.set(None);
        self.pick.set(None);
        self.log.set(log);
        self.orders.set(orders);
    }
}
