//! The map by keyboard (issues 32 and 33): the map is one tab stop, not
//! one per province; the arrow keys move between provinces, to the
//! nearest label that lies that way. Pure: the places are the labels as
//! drawn.

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// `ArrowLeft`.
    Left,
    /// `ArrowRight`.
    Right,
    /// `ArrowUp` (towards the top of the drawing).
    Up,
    /// `ArrowDown`.
    Down,
}

impl Step {
    /// The step of a `KeyboardEvent.key`, if it is an arrow.
    pub fn of_key(key: &str) -> Option<Step> {
        match key {
            "ArrowLeft" => Some(Step::Left),
            "ArrowRight" => Some(Step::Right),
            "ArrowUp" => Some(Step::Up),
            "ArrowDown" => Some(Step::Down),
            _ => None,
        }
    }

    /// The unit vector of the step (y grows downwards, as in SVG).
    fn direction(self) -> [f64; 2] {
        match self {
            Step::Left => [-1.0, 0.0],
            Step::Right => [1.0, 0.0],
            Step::Up => [0.0, -1.0],
            Step::Down => [0.0, 1.0],
        }
    }
}

/// The province `step` moves to from `from`, among `places` (abbreviation
/// and label point): of those whose label lies within 60° of the step's
/// direction, the nearest, a distance across the direction counting
/// twice one along it. `None` at the edge of the map in that direction.
pub fn step(places: &[(String, [f64; 2])], from: &str, step: Step) -> Option<String> {
    let (_, at) = places.iter().find(|(abbr, _)| abbr == from)?;
    let d = step.direction();
    places
        .iter()
        .filter(|(abbr, _)| abbr != from)
        .filter_map(|(abbr, p)| {
            let v = [p[0] - at[0], p[1] - at[1]];
            let along = v[0] * d[0] + v[1] * d[1];
            let across = (v[0] * d[1] - v[1] * d[0]).abs();
            // Within 60° of the direction: across ≤ tan 60° × along.
            (along > 0.0 && across <= 1.733 * along).then_some((along + 2.0 * across, abbr))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, abbr)| abbr.clone())
}

/// A label point read from the scene's `(x, y)` text.
pub fn point(label: &(String, String)) -> Option<[f64; 2]> {
    Some([label.0.parse().ok()?, label.1.parse().ok()?])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Vec<(String, [f64; 2])> {
        // A B C
        // D E F      (G below F, a little to the left)
        //     G
        [("A", 0.0, 0.0), ("B", 10.0, 0.0), ("C", 20.0, 0.0), ("D", 0.0, 10.0)]
            .into_iter()
            .chain([("E", 10.0, 10.0), ("F", 20.0, 10.0), ("G", 18.0, 20.0)])
            .map(|(a, x, y)| (a.to_string(), [x, y]))
            .collect()
    }

    #[test]
    fn arrows_move_to_the_nearest_label_that_way() {
        let g = grid();
        let go = |from: &str, s: Step| step(&g, from, s);
        assert_eq!(go("E", Step::Left).as_deref(), Some("D"));
        assert_eq!(go("E", Step::Right).as_deref(), Some("F"));
        assert_eq!(go("E", Step::Up).as_deref(), Some("B"));
        assert_eq!(go("F", Step::Down).as_deref(), Some("G"));
        assert_eq!(go("E", Step::Down).as_deref(), Some("G"));
        // The edge: nothing further that way.
        assert_eq!(go("A", Step::Left), None);
        assert_eq!(go("A", Step::Up), None);
        assert_eq!(go("nowhere", Step::Up), None);
        assert_eq!(Step::of_key("ArrowUp"), Some(Step::Up));
        assert_eq!(Step::of_key("a"), None);
        assert_eq!(point(&("1.5".into(), "-2".into())), Some([1.5, -2.0]));
    }
}
