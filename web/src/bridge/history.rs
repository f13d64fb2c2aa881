//! Undo and redo over whole states (the variant's files are small): every
//! change records the state before it; typing in one file within a second
//! of the last keystroke joins the same step.

/// Past and future states.
#[derive(Clone, Debug, Default)]
pub struct History<T> {
    /// Past states and their sizes in bytes.
    past: Vec<(T, usize)>,
    future: Vec<T>,
    /// The file and time (ms) of the last typing step, to join keystrokes.
    typing: Option<(String, f64)>,
}

/// Steps kept.
const DEPTH: usize = 200;
/// Bytes of past states kept (a 1 MB file keeps its last 32 steps).
const BYTES: usize = 32 << 20;

impl<T> History<T> {
    /// An empty history.
    pub fn new() -> History<T> {
        History { past: Vec::new(), future: Vec::new(), typing: None }
    }

    /// Records `before`, the state a change leaves, `size` bytes. `typing`
    /// (file, time in ms) joins the step to the previous keystroke in that
    /// file.
    pub fn record(&mut self, before: T, size: usize, typing: Option<(&str, f64)>) {
        let joined = match (&self.typing, typing) {
            (Some((file, last)), Some((now_file, now))) => file == now_file && now - last < 1000.0,
            _ => false,
        };
        self.typing = typing.map(|(file, at)| (file.to_string(), at));
        if joined {
            return;
        }
        self.past.push((before, size));
        let mut total: usize = self.past.iter().map(|p| p.1).sum();
        while self.past.len() > DEPTH || (total > BYTES && self.past.len() > 1) {
            total -= self.past.remove(0).1;
        }
        self.future.clear();
    }

    /// The state to go back to, given the one on screen.
    pub fn undo(&mut self, now: T) -> Option<T> {
        let (back, _) = self.past.pop()?;
        self.future.push(now);
        self.typing = None;
        Some(back)
    }

    /// The state to go forward to, given the one on screen.
    pub fn redo(&mut self, now: T) -> Option<T> {
        let next = self.future.pop()?;
        self.past.push((now, 0));
        self.typing = None;
        Some(next)
    }

    /// Forgets everything (another variant).
    pub fn clear(&mut self) {
        *self = History::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keystrokes_join_and_changes_undo() {
        let mut h = History::new();
        h.record(0, 1, Some(("a", 0.0)));
        h.record(1, 1, Some(("a", 500.0)));
        h.record(2, 1, Some(("b", 600.0)));
        h.record(3, 1, None);
        assert_eq!(h.undo(4), Some(3));
        assert_eq!(h.undo(3), Some(2));
        assert_eq!(h.undo(2), Some(0));
        assert_eq!(h.undo(0), None);
        assert_eq!(h.redo(0), Some(2));
        h.record(2, 1, None);
        assert_eq!(h.redo(5), None, "a new change drops the future");
    }

    #[test]
    fn big_states_are_dropped_oldest_first() {
        let mut h = History::new();
        for step in 0..40 {
            h.record(step, 1 << 20, None);
        }
        let mut back = 0;
        while h.undo(0).is_some() {
            back += 1;
        }
        assert_eq!(back, 32);
    }
}
