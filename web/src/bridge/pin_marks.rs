//! The pin marks on the map (issue 27): one at each `# @pos` pin, held or
//! let go (a pin conflict), in drawing units.

use judgepad_core::layout;

/// A pin's mark on the map: at the pin, a head and a short needle below
/// it, in drawing units (`let_go`: the drawing could not hold it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PinMark {
    pub abbr: String,
    pub x: String,
    pub y: String,
    pub tip: String,
    pub let_go: bool,
}

/// The marks of `pins` (the drawing's own) on `drawing` of `map`.
pub fn pin_marks_of(
    map: &judgepad_core::map::Map,
    pins: &[judgepad_core::map::pins::Pin],
    drawing: &layout::Layout,
) -> Vec<PinMark> {
    pins.iter()
        .filter_map(|pin| {
            let abbr = map.provinces.get(pin.province.0 as usize)?.abbr.clone();
            let let_go = drawing.pin_conflicts.iter().any(|c| c.province == pin.province);
            let [x, y] = pin.point();
            // The head sits above the label, the needle's tip at the pin.
            let (head, tip) = (y - 9.0, y - 4.0);
            Some(PinMark {
                abbr,
                x: format!("{x:.1}"),
                y: format!("{head:.1}"),
                tip: format!("{tip:.1}"),
                let_go,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use judgepad_core::{bundled, map};

    #[test]
    fn a_mark_at_each_pin_and_the_let_go_one_marked() {
        let text = "USE standard\n# @pos LON 300 300\n# @pos MOS 800 250\n";
        let (map, _) = map::load("pins.map", text, &bundled::Bundled);
        let mut drawing = layout::layout(&map, &[]);
        let marks = pin_marks_of(&map, &map.pins, &drawing);
        assert!(marks.iter().any(|m| m.abbr == "LON" && m.x == "300.0" && m.tip == "296.0"));
        assert!(marks.iter().all(|m| !m.let_go), "{:?}", drawing.pin_conflicts);
        let lon = map.province("LON").unwrap();
        drawing.pin_conflicts.push(layout::PinConflict { province: lon, with: Vec::new() });
        let marks = pin_marks_of(&map, &map.pins, &drawing);
        assert!(marks.iter().any(|m| m.abbr == "LON" && m.let_go));
        assert_eq!(marks.len(), map.pins.len());
    }
}
