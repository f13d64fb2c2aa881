//! Touch on the map as plain data: the fingers down and a pinch. Two
//! fingers pinch (zoom round the point between them, [`viewbox::pinched`]);
//! a pinch is never a click, a pan or a province moved, and it lasts until
//! the last finger lifts. Pure, tested natively; the map view feeds it
//! pointer events.

use crate::bridge::viewbox::{self, ViewBox};

/// The fingers on the map, and the pinch they make.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fingers {
    down: Vec<(i32, f64, f64)>,
    pinch: Option<(ViewBox, (f64, f64), f64)>,
}

impl Fingers {
    /// A finger down at client (`x`, `y`). With two down, a pinch begins:
    /// returns the client point between them (the caller gives it in
    /// drawing units to [`Fingers::start`]).
    pub fn down(&mut self, id: i32, x: f64, y: f64) -> Option<(f64, f64)> {
        self.down.retain(|f| f.0 != id);
        self.down.push((id, x, y));
        match self.down[..] {
            [a, b, ..] if self.pinch.is_none() => Some(((a.1 + b.1) / 2.0, (a.2 + b.2) / 2.0)),
            _ => None,
        }
    }

    /// The pinch begins on `view`, round drawing point `at`.
    pub fn start(&mut self, view: ViewBox, at: (f64, f64)) {
        if let Some(apart) = self.apart() {
            self.pinch = Some((view, at, apart));
        }
    }

    /// Whether a pinch is on (the pointer events are its, not a drag's).
    pub fn pinching(&self) -> bool {
        self.pinch.is_some()
    }

    /// A finger moved: the box the pinch now shows, if pinching.
    pub fn moved(&mut self, id: i32, x: f64, y: f64) -> Option<ViewBox> {
        let (view, at, apart) = self.pinch?;
        if let Some(f) = self.down.iter_mut().find(|f| f.0 == id) {
            (f.1, f.2) = (x, y);
        }
        Some(viewbox::pinched(view, at, apart, self.apart()?))
    }

    /// A finger lifted (or cancelled): whether it was part of a pinch. The
    /// pinch ends with the last finger.
    pub fn up(&mut self, id: i32) -> bool {
        self.down.retain(|f| f.0 != id);
        let was = self.pinch.is_some();
        if self.down.is_empty() {
            self.pinch = None;
        }
        was
    }

    fn apart(&self) -> Option<f64> {
        match self.down[..] {
            [a, b, ..] => Some(((a.1 - b.1).powi(2) + (a.2 - b.2).powi(2)).sqrt()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_fingers_pinch_until_the_last_lifts() {
        let mut f = Fingers::default();
        assert_eq!(f.down(1, 100.0, 100.0), None);
        assert!(!f.pinching());
        assert_eq!(f.down(2, 140.0, 100.0), Some((120.0, 100.0)));
        f.start((0.0, 0.0, 100.0, 50.0), (60.0, 25.0));
        assert!(f.pinching());
        // Spread to twice as far apart: half the box round (60, 25).
        assert_eq!(f.moved(2, 180.0, 100.0), Some((30.0, 12.5, 50.0, 25.0)));
        assert!(f.up(2));
        assert!(f.pinching(), "one finger still down");
        assert!(f.up(1));
        assert!(!f.pinching());
        // One finger alone is no pinch: its moves are a drag's.
        assert_eq!(f.down(3, 0.0, 0.0), None);
        assert_eq!(f.moved(3, 10.0, 0.0), None);
        assert!(!f.up(3));
    }
}
