//! The visible box of a drawing (x, y, width, height in drawing units) and
//! what the mouse does to it: the wheel zooms about the centre, a drag pans,
//! client pixels map to drawing units under SVG's default
//! `preserveAspectRatio` (meet, centred). Shared by the map view and the
//! Xconq hex viewer, so both move the same way.

/// x, y, width, height in drawing units.
pub type ViewBox = (f64, f64, f64, f64);

/// The box after one wheel step (`delta_y` > 0 zooms out), about its centre.
pub fn zoomed((x, y, w, h): ViewBox, delta_y: f64) -> ViewBox {
    let factor = if delta_y > 0.0 { 1.2 } else { 1.0 / 1.2 };
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let (nw, nh) = (w * factor, h * factor);
    (cx - nw / 2.0, cy - nh / 2.0, nw, nh)
}

/// The box after a pinch: `start` was the box when two fingers touched at
/// `apart` pixels from each other round drawing point `at`; they are now
/// `now` pixels apart. Spreading zooms in round that point (it stays where
/// it was on screen), closing zooms out; within 1/50 and 50 times the box
/// the pinch began with.
pub fn pinched((x, y, w, h): ViewBox, at: (f64, f64), apart: f64, now: f64) -> ViewBox {
    if apart <= 0.0 || now <= 0.0 {
        return (x, y, w, h);
    }
    let factor = (apart / now).clamp(0.02, 50.0);
    (at.0 - (at.0 - x) * factor, at.1 - (at.1 - y) * factor, w * factor, h * factor)
}

/// The box after dragging from drawing point `a` to drawing point `b`.
pub fn panned((x, y, w, h): ViewBox, a: (f64, f64), b: (f64, f64)) -> ViewBox {
    (x - (b.0 - a.0), y - (b.1 - a.1), w, h)
}

/// The client point (`cx`, `cy`) in drawing units, for an SVG whose client
/// rectangle is (`left`, `top`, `width`, `height`) showing `view`.
pub fn to_drawing(
    (left, top, width, height): (f64, f64, f64, f64),
    (x, y, w, h): ViewBox,
    (cx, cy): (f64, f64),
) -> Option<(f64, f64)> {
    let scale = (width / w).min(height / h);
    if scale.is_nan() || scale <= 0.0 {
        return None;
    }
    let ox = (width - w * scale) / 2.0;
    let oy = (height - h * scale) / 2.0;
    Some((x + (cx - left - ox) / scale, y + (cy - top - oy) / scale))
}

/// The `viewBox` attribute text (whole units: the attribute is set only when
/// it changes, and a fractional jitter would relayout for nothing).
pub fn attribute((x, y, w, h): ViewBox) -> String {
    format!("{} {} {} {}", x as i64, y as i64, w.ceil() as i64, h.ceil() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pinch_zooms_round_the_fingers() {
        let view = (0.0, 0.0, 100.0, 50.0);
        // Fingers spread to twice their distance round (75, 25): half the box,
        // (75, 25) where it was, three quarters across and half way down.
        let out = pinched(view, (75.0, 25.0), 100.0, 200.0);
        assert_eq!(out, (37.5, 12.5, 50.0, 25.0));
        assert_eq!(pinched(view, (10.0, 10.0), 100.0, 50.0).2, 200.0);
        assert_eq!(pinched(view, (10.0, 10.0), 0.0, 50.0), view);
    }

    #[test]
    fn zoom_keeps_the_centre_and_pan_follows_the_mouse() {
        let view = (0.0, 0.0, 100.0, 50.0);
        let out = zoomed(view, 1.0);
        assert!((out.0 + out.2 / 2.0 - 50.0).abs() < 1e-9 && (out.2 - 120.0).abs() < 1e-9);
        let back = zoomed(out, -1.0);
        assert!((back.2 - 100.0).abs() < 1e-9);
        assert_eq!(panned(view, (10.0, 10.0), (15.0, 5.0)), (-5.0, 5.0, 100.0, 50.0));
        // A 200×100 client box shows 100×50 units at scale 2, no letterbox.
        assert_eq!(to_drawing((0.0, 0.0, 200.0, 100.0), view, (100.0, 50.0)), Some((50.0, 25.0)));
        // Taller client box: letterboxed vertically.
        assert_eq!(to_drawing((0.0, 0.0, 200.0, 200.0), view, (0.0, 50.0)), Some((0.0, 0.0)));
        assert_eq!(to_drawing((0.0, 0.0, 0.0, 0.0), view, (0.0, 0.0)), None);
        assert_eq!(attribute((1.6, -2.2, 10.2, 5.0)), "1 -2 11 5");
    }
}
