//! The game on screen, derived from the map and a small log (the order text
//! of every played phase): replaying the log on the map gives the game, so
//! undo, history, share links and autosave all hold the same log, and
//! nothing of a previous map or variant survives a change of either. Also
//! the phase timeline the stepper shows. Pure, tested natively.

use std::fmt::Write as _;

use judgepad_core::calendar::Phase;
use judgepad_core::game::Game;
use judgepad_core::orders::{Order, OrderPhase};

use judgepad_core::game::{Report, Turn};

use crate::bridge::{DiagnosticRow, Loaded, game_of, order_checks, position, read_orders_at};

/// What the map means for play: the words of every line of every file
/// that is not a comment. A comment, a `# @pos` pin or a change of blanks
/// leaves it as it is, so the game goes on; anything else replays the game
/// on the new map. A 128-bit digest of those words and the files' names,
/// not the words themselves: only ever compared, and a 2 MB map's key,
/// written out, built and copied 2 MB in the page's task (28 ms of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayKey([u64; 2]);

/// The [`PlayKey`] of `loaded`.
pub fn play_key(loaded: &Loaded) -> PlayKey {
    let mut digest = Digest([0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142]);
    // A line that is not written as its words one space apart, rewritten.
    let mut joined = String::new();
    for file in loaded.map.files.iter() {
        digest.write(Digest::NAME, file.name.as_bytes());
        for line in file.text.split('\n') {
            let words = match single_spaced(line) {
                Some(words) => words,
                None => {
                    joined.clear();
                    each_word(line, |word| {
                        if !joined.is_empty() {
                            joined.push(' ');
                        }
                        joined.push_str(word);
                    });
                    &joined
                }
            };
            if !words.is_empty() && !words.starts_with('#') {
                digest.write(Digest::LINE, words.as_bytes());
            }
        }
    }
    PlayKey(digest.0)
}

/// `char::is_whitespace` in ASCII (`u8::is_ascii_whitespace` leaves out the
/// vertical tab).
fn space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `line` without its blanks at either end, if it is ASCII and its words
/// are one space apart (nearly every line of a map): its words as
/// [`each_word`] joins them, without a copy.
fn single_spaced(line: &str) -> Option<&str> {
    let bytes = line.as_bytes();
    let (mut start, mut end) = (0, bytes.len());
    while start < end && space(bytes[start]) {
        start += 1;
    }
    while end > start && space(bytes[end - 1]) {
        end -= 1;
    }
    let mut after_space = false;
    for &byte in &bytes[start..end] {
        if byte >= 0x80 || (space(byte) && (byte != b' ' || after_space)) {
            return None;
        }
        after_space = byte == b' ';
    }
    line.get(start..end)
}

/// Calls `word` with each word of `line` (what `split_whitespace` cuts).
fn each_word(line: &str, mut word: impl FnMut(&str)) {
    if !line.is_ascii() {
        line.split_whitespace().for_each(word);
        return;
    }
    let bytes = line.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        while at < bytes.len() && space(bytes[at]) {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && !space(bytes[at]) {
            at += 1;
        }
        if start < at {
            word(&line[start..at]);
        }
    }
}

/// Two 64-bit lanes, each a bijective mix of its state and the next
/// word; a write is its kind and length, then its bytes eight at a time
/// (so no two sequences of writes are one stream of words).
struct Digest([u64; 2]);

impl Digest {
    /// A file's name.
    const NAME: u64 = 1;
    /// A line's words, one space apart.
    const LINE: u64 = 2;

    fn write(&mut self, kind: u64, bytes: &[u8]) {
        self.word(kind << 56 | bytes.len() as u64);
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.word(u64::from_le_bytes(word.try_into().unwrap_or_default()));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(last));
        }
    }

    fn word(&mut self, word: u64) {
        let [a, b] = &mut self.0;
        *a = (*a ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        *a ^= *a >> 29;
        *b = (*b ^ word).wrapping_mul(0xc2b2_ae3d_27d4_eb4f).rotate_left(31);
    }
}

/// One played phase: its orders as read (for the map's arrows) and the
/// problems reading them.
#[derive(Clone, Debug)]
pub struct Played {
    /// The orders used.
    pub orders: Vec<Order>,
    /// Problems in the order text, with lines and columns in it.
    pub problems: Vec<DiagnosticRow>,
}

/// The game replayed from a log.
#[derive(Clone, Debug)]
pub struct Session {
    /// Bumped on every change (what the page compares: games are large).
    pub stamp: u64,
    /// The [`play_key`] of the map it was played on.
    pub key: PlayKey,
    /// The log replayed.
    pub log: Vec<String>,
    /// The game after the log.
    pub game: Game,
    /// Per played phase, the orders read.
    pub played: Vec<Played>,
    /// Said when the map's rules or geography changed under a game.
    pub note: Option<String>,
}

impl Session {
    /// The position shown for `view` (a played phase's index, `None`: the
    /// current phase): the map in force then and the board before its
    /// orders.
    pub fn position(
        &self,
        view: Option<usize>,
    ) -> (&judgepad_core::map::Map, &judgepad_core::board::Board) {
        match view.and_then(|i| self.game.history.get(i)) {
            Some(turn) => (&turn.map, &turn.board),
            None => (&self.game.map, &self.game.board),
        }
    }
}

impl PartialEq for Session {
    fn eq(&self, other: &Session) -> bool {
        self.stamp == other.stamp
    }
}

/// Plays `text` as the orders of the game's current phase, or applies it
/// as a position edit (which stays in the same phase; undo takes it back
/// like a played phase).
fn play(game: &mut Game, text: &str) -> Played {
    if position::is_edit(text) {
        let (after, problems) = position::apply(&game.map, &game.board, text);
        let before = std::mem::replace(&mut game.board, after);
        game.history.push(Turn {
            phase: game.phase.clone(),
            board: before,
            map: game.map.clone(),
            report: Report::Pause,
            morphs: Vec::new(),
        });
        return Played { orders: Vec::new(), problems };
    }
    let phase = game.order_phase().unwrap_or(OrderPhase::Movement);
    let (orders, mut problems) = read_orders_at(&game.map, &game.board, phase, text);
    // Every order goes to the adjudicator (a refused one can still say why
    // its unit holds); the map draws the ones it used.
    let turn = game.advance(&orders);
    let rejected = turn.report.rejected();
    problems.extend(order_checks::refusal_rows(&turn.map, &turn.board, text, &orders, rejected));
    order_checks::sort_rows(&mut problems);
    let orders = order_checks::usable(&turn.map, &turn.board, orders, rejected);
    Played { orders, problems }
}

/// The session for `log` on `loaded` (whose [`play_key`] is `key`), from
/// the previous one, played to the end (see [`next`]). Returns whether it
/// changed.
pub fn update(
    previous: Option<Session>,
    key: PlayKey,
    loaded: &Loaded,
    log: &[String],
) -> (Option<Session>, bool) {
    match next(previous, key, loaded, log) {
        Next::Ready(session, changed) => (session, changed),
        Next::Replay(mut replaying) => {
            replaying.play(|| true);
            (Some(replaying.finish()), true)
        }
    }
}

/// The way from one session to the next: there already, or phases to play.
pub enum Next {
    /// The session (`None` while the map cannot be played) and whether it
    /// changed.
    Ready(Option<Session>, bool),
    /// Phases to play, as many at a time as the caller likes: a long game
    /// replayed on a new map (on imperial about a millisecond a phase in
    /// the page) is not one long task.
    Replay(Replaying),
}

/// The way to the session for `log` on `loaded` (whose [`play_key`] is
/// `key`) from the previous one: on the same map a log that shares its
/// first phases with the previous one undoes back to them and plays the
/// rest (one phase more plays one, a shorter one only undoes, the same
/// map and log keep it); a new map, or no previous game, replays from the
/// start.
pub fn next(previous: Option<Session>, key: PlayKey, loaded: &Loaded, log: &[String]) -> Next {
    let stamp = previous.as_ref().map_or(1, |s| s.stamp + 1);
    let Some(mut session) = previous else {
        return from_start(stamp, key, loaded, log, None);
    };
    if session.key != key {
        let note = (!log.is_empty() || !session.log.is_empty()).then(|| restarted(log));
        return from_start(stamp, key, loaded, log, note);
    }
    if session.log == log {
        return Next::Ready(Some(session), false);
    }
    let keep = session.log.iter().zip(log).take_while(|(a, b)| a == b).count();
    while session.log.len() > keep && session.game.undo() {
        session.log.pop();
        session.played.pop();
    }
    session.stamp = stamp;
    session.note = None;
    if session.log.len() == log.len() {
        return Next::Ready(Some(session), true);
    }
    Next::Replay(Replaying { session, log: log.to_vec(), note: None })
}

/// How a game replayed on a new map begins its note.
const RESTARTED: &str = "The map's rules or geography changed: the game restarted";

/// What a game replayed on a new map says.
pub fn restarted(log: &[String]) -> String {
    format!(
        "{RESTARTED}{}.",
        if log.is_empty() {
            String::new()
        } else {
            format!(" and its {} played phase(s) were replayed on the new map", log.len())
        }
    )
}

/// What a game whose replay was stopped after `done` of `all` phases says.
fn stopped(done: usize, all: usize) -> String {
    format!(
        "Replay stopped after {done} of {all} phases: the game goes on from there; the {} later phase(s) are set aside.",
        all - done
    )
}

/// A replay from the start, or `None` when the map cannot be played.
fn from_start(
    stamp: u64,
    key: PlayKey,
    loaded: &Loaded,
    log: &[String],
    note: Option<String>,
) -> Next {
    let Some(game) = game_of(loaded) else { return Next::Ready(None, true) };
    let session = Session { stamp, key, log: Vec::new(), game, played: Vec::new(), note: None };
    Next::Replay(Replaying { session, log: log.to_vec(), note })
}

/// A log being played on its map, phase by phase.
pub struct Replaying {
    /// The game so far: its log is the first phases of `log`.
    session: Session,
    /// The whole log.
    log: Vec<String>,
    /// The note for the finished session.
    note: Option<String>,
}

impl Replaying {
    /// Plays phases while `more` says there is time (asked before each).
    /// Returns whether every phase is played.
    pub fn play(&mut self, mut more: impl FnMut() -> bool) -> bool {
        while let Some(text) = self.log.get(self.session.log.len()) {
            if !more() {
                return false;
            }
            let played = play(&mut self.session.game, text);
            self.session.played.push(played);
            self.session.log.push(text.clone());
        }
        true
    }

    /// Phases played so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.session.log.len(), self.log.len())
    }

    /// Whether the finished session will say the map changed under it.
    pub fn restarts(&self) -> bool {
        self.note.is_some()
    }

    /// Says, once finished, that the map changed under the game (a replay
    /// taking over from one abandoned that would have said so).
    pub fn say_restarted(&mut self) {
        self.note = Some(restarted(&self.log));
    }

    /// The session of the phases played so far, saying the replay was
    /// stopped and how many phases it leaves.
    pub fn stop(mut self) -> Session {
        let (done, all) = self.progress();
        let stopped = stopped(done, all);
        self.session.note = Some(if self.restarts() {
            format!("{RESTARTED} on the new map. {stopped}")
        } else {
            stopped
        });
        self.session
    }

    /// The session once every phase is played.
    pub fn finish(mut self) -> Session {
        self.session.note = self.note;
        self.session
    }
}

/// Where a phase of the timeline stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepState {
    /// Played: the index of its turn.
    Played(usize),
    /// The phase to order now.
    Current,
    /// Still to come.
    Future,
}

/// One phase of the timeline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// `S1901M`.
    pub abbr: String,
    /// `Spring 1901 Movement`.
    pub name: String,
    /// Played, current or to come.
    pub state: StepState,
    /// IN/FROM blocks change the map on entering it.
    pub changes: bool,
    /// A position edit (not a phase).
    pub edit: bool,
}

/// How many phases to come the timeline shows.
pub const AHEAD: usize = 6;

/// The timeline: every played phase, the current one, and [`AHEAD`] more
/// as the calendar gives them (skipped phases, custom seasons and years as
/// the map's calendar says). Phases where IN/FROM blocks change the map are
/// marked.
pub fn timeline(game: &Game) -> Vec<Step> {
    let cal = &game.calendar;
    let blocks = |phase: &Phase| cal.blocks_at(&game.base, phase);
    let mut out = Vec::new();
    let mut last: Option<Vec<usize>> = None;
    let mut push = |phase: &Phase, state: StepState, edit: bool, out: &mut Vec<Step>| {
        let now = blocks(phase);
        let changes = last.as_ref().is_some_and(|before| *before != now);
        last = Some(now);
        out.push(Step { abbr: phase.abbr(), name: phase.long_name(), state, changes, edit });
    };
    for (idx, turn) in game.history.iter().enumerate() {
        // A position edit: a pause that stays in its phase.
        let next = game.history.get(idx + 1).map_or(&game.phase, |t| &t.phase);
        let edit = matches!(turn.report, Report::Pause) && *next == turn.phase;
        push(&turn.phase, StepState::Played(idx), edit, &mut out);
    }
    push(&game.phase, StepState::Current, false, &mut out);
    if game.status == judgepad_core::game::Status::Playing {
        for phase in cal.phases_from(game.phase.clone()).skip(1).take(AHEAD) {
            push(&phase, StepState::Future, false, &mut out);
        }
    }
    out
}

/// The timeline's items as markup (one `<li>` a step, its `data-step` its
/// index in `steps`): a long game's hundreds of phases are one parse, not
/// a view and its effects each (250 of them were 12 ms of the task that
/// shows the game). The one on screen is marked apart ([`shown_step`]).
pub fn timeline_markup(steps: &[Step]) -> String {
    use judgepad_core::layout::svg::escape;
    let mut out = String::with_capacity(steps.len() * 96);
    for (i, step) in steps.iter().enumerate() {
        let state = match step.state {
            StepState::Played(_) => "played",
            StepState::Current => "current",
            StepState::Future => "future",
        };
        let _ = write!(
            out,
            "<li class=\"{state}{}{}\" data-phase=\"{}\" data-step=\"{i}\"><button type=\"button\" title=\"{}\"{}>{}</button></li>",
            if step.changes { " changes" } else { "" },
            if step.edit { " edit" } else { "" },
            escape(&step.abbr),
            escape(&step.title()),
            if step.state == StepState::Future { " disabled" } else { "" },
            escape(step.label()),
        );
    }
    out
}

/// Where in `steps` the phase on screen is: the played phase `view`, or
/// the current one.
pub fn shown_step(steps: &[Step], view: Option<usize>) -> Option<usize> {
    steps.iter().position(|s| match (s.state, view) {
        (StepState::Played(i), Some(view)) => i == view,
        (StepState::Current, None) => true,
        _ => false,
    })
}

/// The most characters a step's label has (each item is that wide).
pub fn widest_label(steps: &[Step]) -> usize {
    steps.iter().map(|s| s.label().chars().count()).max().unwrap_or(6)
}

impl Step {
    /// What its button says: the phase, or a position edit's mark.
    pub fn label(&self) -> &str {
        if self.edit { "\u{270e}" } else { &self.abbr }
    }

    /// The hover text: the phase's name, and why it is marked.
    pub fn title(&self) -> String {
        if self.edit {
            format!("position edited in {}", self.name)
        } else if self.changes {
            format!("{} \u{2014} IN/FROM change the map", self.name)
        } else {
            self.name.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{load, variant_text};

    fn log(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_log_is_the_game() {
        let loaded = load("standard.map", &variant_text("standard"));
        let key = play_key(&loaded);
        let (first, changed) = update(None, key, &loaded, &[]);
        assert!(changed);
        let first = first.expect("a game");
        assert_eq!(first.game.phase.abbr(), "S1901M");
        // One phase more: played on the previous game.
        let two = log(&["A PAR - BUR\nA MAR - BUR", "A BUR - MUN"]);
        let (next, changed) = update(Some(first), key, &loaded, &two[..1]);
        assert!(changed);
        let next = next.expect("a game");
        assert_eq!(next.game.phase.abbr(), "F1901M");
        let (next, _) = update(Some(next), key, &loaded, &two);
        let next = next.expect("a game");
        assert_eq!(next.game.history.len(), 2);
        assert_eq!(next.played[0].orders.len(), 2);
        // The same log: unchanged. A shorter one: undone.
        let stamp = next.stamp;
        let (same, changed) = update(Some(next), key, &loaded, &two);
        assert!(!changed);
        assert_eq!(same.as_ref().map(|s| s.stamp), Some(stamp));
        let (back, _) = update(same, key, &loaded, &two[..1]);
        let back = back.expect("a game");
        assert_eq!(back.game.phase.abbr(), "F1901M");
        // Replayed from scratch it is the same game.
        let (fresh, _) = update(None, key, &loaded, &two[..1]);
        assert_eq!(fresh.expect("a game").game, back.game);
        // A comment changes nothing; a rule replays and says so.
        let commented = load("standard.map", &format!("# a note\n{}", variant_text("standard")));
        assert_eq!(play_key(&commented), key);
        // Words are cut alike in ASCII and in other lines, and a line
        // written one space apart is taken as it is.
        let lines =
            ["a  b\tc \x0b d\x0c\r", "\u{a0}x\u{2003} y\u{85}z", "one", " \t ", " a b\r", "a\tb"];
        for line in lines {
            let mut words = Vec::new();
            each_word(line, |word| words.push(word.to_string()));
            let joined = line.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(words.join(" "), joined, "{line:?}");
            if let Some(single) = single_spaced(line) {
                assert_eq!(single, joined, "{line:?}");
            }
        }
        assert_eq!(single_spaced(" a b\r"), Some("a b"));
        assert_eq!(single_spaced("a  b"), None);
        assert_eq!(single_spaced("a\tb"), None);
        let ruled = load("standard.map", &format!("RULE BUILD_ANY\n{}", variant_text("standard")));
        let other = play_key(&ruled);
        assert_ne!(other, key);
        let (replayed, _) = update(Some(back), other, &ruled, &two[..1]);
        let replayed = replayed.expect("a game");
        assert_eq!(replayed.game.phase.abbr(), "F1901M");
        assert!(
            replayed.note.as_deref().is_some_and(|n| n.contains("replayed")),
            "{:?}",
            replayed.note
        );
        // A position edit is an entry of the log; growing it replays only it.
        let edited = vec![two[0].clone(), "# position\nREMOVE MUN\n".to_string()];
        let (with_edit, _) = update(Some(replayed), other, &ruled, &edited);
        let with_edit = with_edit.expect("a game");
        assert_eq!(with_edit.game.phase.abbr(), "F1901M");
        assert_eq!(with_edit.game.board.pieces.len(), 21);
        let more = vec![two[0].clone(), "# position\nREMOVE MUN\nREMOVE BER\n".to_string()];
        let (with_edit, _) = update(Some(with_edit), other, &ruled, &more);
        let with_edit = with_edit.expect("a game");
        assert_eq!((with_edit.game.board.pieces.len(), with_edit.game.history.len()), (20, 2));
        let steps = timeline(&with_edit.game);
        assert_eq!(steps.iter().map(|s| s.edit).collect::<Vec<_>>()[..3], [false, true, false]);
        let replayed = with_edit;
        // A map with errors cannot be played.
        let broken = load("standard.map", "UNKNOWN DIRECTIVE HERE\n");
        assert!(update(Some(replayed), play_key(&broken), &broken, &[]).0.is_none());
    }

    #[test]
    fn a_replay_in_steps_is_the_replay_at_once() {
        let loaded = load("standard.map", &variant_text("standard"));
        let key = play_key(&loaded);
        let orders =
            ["A PAR - BUR\nA MAR - SPA\nF BRE - MAO", "A BUR - BEL", "", "", "A SPA - POR"];
        let log: Vec<String> = orders.iter().cycle().take(25).map(|s| s.to_string()).collect();
        let (at_once, _) = update(None, key, &loaded, &log);
        let at_once = at_once.expect("a game");
        let Next::Replay(mut replaying) = next(None, key, &loaded, &log) else {
            panic!("phases to play")
        };
        // Two phases a slice, as a page's slices of time would.
        let mut slices = 0;
        loop {
            let mut budget = 2;
            let done = replaying.play(|| {
                budget -= 1;
                budget >= 0
            });
            slices += 1;
            if done {
                break;
            }
            assert_eq!(replaying.progress(), (2 * slices, 25));
        }
        assert_eq!(slices, 13);
        let stepped = replaying.finish();
        assert_eq!(stepped.game, at_once.game);
        assert_eq!(stepped.log, log);
        assert_eq!(stepped.played.len(), 25);
        // Back to an early phase of the same map: undone, not replayed,
        // and the same game as one replayed to there.
        let (back, changed) = update(Some(stepped), key, &loaded, &log[..3]);
        assert!(changed);
        let (fresh, _) = update(None, key, &loaded, &log[..3]);
        assert_eq!(back.expect("a game").game, fresh.expect("a game").game);
        // A log that leaves the played one early: undone to there, the
        // rest played.
        let (full, _) = update(None, key, &loaded, &log);
        let mut other = log.clone();
        other[4] = "A MUN - RUH".into();
        let (changed_early, _) = update(full, key, &loaded, &other);
        let (fresh, _) = update(None, key, &loaded, &other);
        assert_eq!(changed_early.expect("a game").game, fresh.expect("a game").game);
    }

    #[test]
    fn a_replay_stopped_is_the_game_of_the_phases_played_and_goes_on_from_there() {
        let loaded = load("standard.map", &variant_text("standard"));
        let key = play_key(&loaded);
        let orders = ["A PAR - BUR\nA MAR - SPA", "A BUR - BEL", "", "", "A SPA - POR"];
        let log: Vec<String> = orders.iter().cycle().take(12).map(|s| s.to_string()).collect();
        let Next::Replay(mut replaying) = next(None, key, &loaded, &log) else {
            panic!("phases to play")
        };
        let mut budget = 7;
        assert!(!replaying.play(|| {
            budget -= 1;
            budget >= 0
        }));
        let stopped = replaying.stop();
        assert_eq!(stopped.log, &log[..7]);
        assert_eq!(stopped.played.len(), 7);
        assert_eq!(
            stopped.note.as_deref(),
            Some(
                "Replay stopped after 7 of 12 phases: the game goes on from there; the 5 later phase(s) are set aside."
            )
        );
        let (fresh, _) = update(None, key, &loaded, &log[..7]);
        assert_eq!(stopped.game, fresh.expect("a game").game);
        // The phases set aside given back: the rest played on from it, the
        // game of the whole log; the note goes.
        let (resumed, changed) = update(Some(stopped), key, &loaded, &log);
        assert!(changed);
        let resumed = resumed.expect("a game");
        let (whole, _) = update(None, key, &loaded, &log);
        assert_eq!(resumed.game, whole.expect("a game").game);
        assert_eq!(resumed.note, None);
    }

    #[test]
    fn the_key_is_the_words_of_each_line_and_the_names() {
        let text = variant_text("standard");
        let key = play_key(&load("standard.map", &text));
        // Blanks squeezed, blank lines and comments left out: the same.
        let spaced = text.replace("\t\t", " ").replace('\n', "\n\n  # note\n");
        assert_eq!(play_key(&load("standard.map", &spaced)), key);
        // Words joined, or a file's name: another.
        let joined = text.replacen("USE\t\t", "USE", 1);
        assert_ne!(play_key(&load("standard.map", &joined)), key);
        assert_ne!(play_key(&load("other.map", &text)), key);
        // No two sequences of writes are one stream of words.
        let digest = |writes: &[(u64, &str)]| {
            let mut digest = Digest([1, 2]);
            for (kind, text) in writes {
                digest.write(*kind, text.as_bytes());
            }
            digest.0
        };
        let (name, line) = (Digest::NAME, Digest::LINE);
        let ab = digest(&[(line, "abcdefghij")]);
        assert_ne!(ab, digest(&[(line, "abcdefgh"), (line, "ij")]));
        assert_ne!(
            digest(&[(name, "x.map"), (line, "a")]),
            digest(&[(line, "x.map"), (line, "a")])
        );
        assert_ne!(digest(&[(line, "a")]), digest(&[(line, "a\0")]));
    }

    #[test]
    fn the_timeline_markup_is_one_item_a_step_escaped() {
        let loaded = load("standard.map", &variant_text("standard"));
        let (session, _) = update(None, play_key(&loaded), &loaded, &log(&["", ""]));
        let mut steps = timeline(&session.expect("a game").game);
        steps[1].changes = true;
        steps[0].name = "Spring <1901> & \"more\"".into();
        let markup = timeline_markup(&steps);
        assert_eq!(markup.matches("<li ").count(), steps.len());
        assert!(markup.starts_with(
            "<li class=\"played\" data-phase=\"S1901M\" data-step=\"0\"><button type=\"button\" title=\"Spring &lt;1901&gt; &amp; &quot;more&quot;\">S1901M</button></li>"
        ));
        assert!(
            markup.contains("<li class=\"played changes\" data-phase=\"F1901M\" data-step=\"1\">")
        );
        assert!(markup.contains("IN/FROM change the map\">F1901M</button>"));
        assert!(markup.contains("<li class=\"current\" data-phase=\"S1902M\" data-step=\"2\"><button type=\"button\" title=\"Spring 1902 Movement\">S1902M</button>"));
        let future = markup.split("<li ").nth(4).expect("a phase to come");
        assert!(
            future.starts_with("class=\"future\"") && future.contains(" disabled>"),
            "{future}"
        );
        // A position edit: its mark, not its phase.
        steps[0].edit = true;
        assert!(timeline_markup(&steps).starts_with("<li class=\"played edit\" data-phase=\"S1901M\" data-step=\"0\"><button type=\"button\" title=\"position edited in Spring &lt;1901&gt;"));
        assert!(timeline_markup(&steps).contains("\u{270e}</button>"));
        // Each item as wide as the longest label; the one on screen.
        assert_eq!(widest_label(&steps), 6);
        assert_eq!(widest_label(&[]), 6);
        assert_eq!(shown_step(&steps, None), Some(2));
        assert_eq!(shown_step(&steps, Some(1)), Some(1));
        assert_eq!(shown_step(&steps, Some(7)), None);
    }

    #[test]
    fn the_timeline_follows_the_calendar() {
        let loaded = load("standard.map", &variant_text("standard"));
        let (session, _) = update(None, play_key(&loaded), &loaded, &log(&["", ""]));
        let steps = timeline(&session.expect("a game").game);
        let abbrs: Vec<&str> = steps.iter().map(|s| s.abbr.as_str()).collect();
        // Two movement phases played with no orders: nothing to retreat or
        // adjust, so the game stands at S1902M.
        assert_eq!(abbrs[..3], ["S1901M", "F1901M", "S1902M"]);
        assert_eq!(steps[2].state, StepState::Current);
        assert_eq!(steps.len(), 3 + AHEAD);
        assert!(steps.iter().all(|s| !s.changes));
        // hundred: its own seasons and phases.
        let hundred = load("hundred.map", &variant_text("hundred"));
        let (session, _) = update(None, play_key(&hundred), &hundred, &[]);
        let steps = timeline(&session.expect("a game").game);
        assert_ne!(steps[0].abbr, "S1901M");
        // loeb9: IN/FROM change the map at some phase ahead.
        let loeb = load("loeb9.map", &variant_text("loeb9"));
        let (session, _) = update(None, play_key(&loeb), &loeb, &[]);
        let steps = timeline(&session.expect("a game").game);
        // The Arctic is water in spring only: the map changes on entering
        // every phase after the first.
        let marks: Vec<(&str, bool)> =
            steps.iter().map(|s| (s.abbr.as_str(), s.changes)).take(5).collect();
        assert_eq!(
            marks,
            [
                ("S1901M", false),
                ("S1901R", false),
                ("F1901M", true),
                ("F1901R", false),
                ("W1901A", false)
            ]
        );
    }
}
