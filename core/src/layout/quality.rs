//! How close a drawing comes to a picture: the similarity (turn, mirror,
//! uniform scale, shift) that best lays one set of points on another
//! (orthogonal Procrustes), and the share of provinces whose neighbours
//! run round them in the same cyclic order. The layout uses the fit to
//! bring its first shape into line with the designer's pins; the tests
//! measure drawings against boards whose true geography is known with
//! both.

use alloc::vec::Vec;

use super::geom::Point;

/// `p ↦ a·p + shift` on points read as complex numbers, `p` conjugated
/// first (mirrored in x) when `mirror`: any composition of turn, mirror,
/// uniform scale and shift.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Similarity {
    /// The complex factor (`[re, im]`): scale and turn.
    pub factor: Point,
    /// Whether points are mirrored (y ↦ -y) before the turn.
    pub mirror: bool,
    /// The shift after the turn.
    pub shift: Point,
}

impl Similarity {
    /// Where the similarity takes `p`.
    pub fn apply(&self, p: Point) -> Point {
        let (x, y) = (p[0], if self.mirror { -p[1] } else { p[1] });
        let [a, b] = self.factor;
        [a * x - b * y + self.shift[0], b * x + a * y + self.shift[1]]
    }
}

/// The similarity that takes each `pairs[i].0` nearest `pairs[i].1` in the
/// least-squares sense: with a mirror only when `mirror` allows it and it
/// fits better. `None` for fewer than two distinct source points.
pub fn fit(pairs: &[(Point, Point)], mirror: bool) -> Option<Similarity> {
    fitted(pairs, mirror).map(|it| it.similarity)
}

/// [`fit`], with what it measured on the way.
pub(crate) struct Fitted {
    pub(crate) similarity: Similarity,
    /// The middles of the sources and of the targets.
    pub(crate) middles: [Point; 2],
    /// The spreads of the sources and of the targets: the sums of their
    /// squared distances from their middles.
    pub(crate) spreads: [f64; 2],
}

/// [`fit`] with the middles and spreads it measured.
pub(crate) fn fitted(pairs: &[(Point, Point)], mirror: bool) -> Option<Fitted> {
    if pairs.len() < 2 {
        return None;
    }
    let n = pairs.len() as f64;
    let (mut cx, mut cy) = ([0.0, 0.0], [0.0, 0.0]);
    for (x, y) in pairs {
        cx = [cx[0] + x[0] / n, cx[1] + x[1] / n];
        cy = [cy[0] + y[0] / n, cy[1] + y[1] / n];
    }
    // Σ conj(z)·w (turn) and Σ z·w (mirror), with z, w centred; |z|², |w|².
    let (mut turn, mut flip, mut norm, mut target) = ([0.0, 0.0], [0.0, 0.0], 0.0, 0.0);
    for (x, y) in pairs {
        let (zx, zy) = (x[0] - cx[0], x[1] - cx[1]);
        let (wx, wy) = (y[0] - cy[0], y[1] - cy[1]);
        turn[0] += zx * wx + zy * wy;
        turn[1] += zx * wy - zy * wx;
        flip[0] += zx * wx - zy * wy;
        flip[1] += zx * wy + zy * wx;
        norm += zx * zx + zy * zy;
        target += wx * wx + wy * wy;
    }
    if norm < 1e-18 {
        return None;
    }
    let size = |c: Point| c[0] * c[0] + c[1] * c[1];
    let mirrored = mirror && size(flip) > size(turn);
    let c = if mirrored { flip } else { turn };
    let factor = [c[0] / norm, c[1] / norm];
    let mut out = Similarity { factor, mirror: mirrored, shift: [0.0, 0.0] };
    let moved = out.apply(cx);
    out.shift = [cy[0] - moved[0], cy[1] - moved[1]];
    Some(Fitted { similarity: out, middles: [cx, cy], spreads: [norm, target] })
}

/// The neighbours of `v` in the order they run round it at `places`
/// (counter-clockwise from the first in angle), as a rotation-free key: the
/// sequence starting at its smallest neighbour.
fn cyclic(v: usize, neighbours: &[u32], places: &[Point]) -> Vec<u32> {
    let at = places[v];
    let mut around: Vec<(f64, u32)> = neighbours
        .iter()
        .map(|&u| {
            let d = [places[u as usize][0] - at[0], places[u as usize][1] - at[1]];
            (pseudo_angle(d), u)
        })
        .collect();
    crate::sorting::sort_by(&mut around, |x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    let start = around.iter().enumerate().min_by_key(|(_, it)| it.1).map_or(0, |(i, _)| i);
    around[start..].iter().chain(&around[..start]).map(|it| it.1).collect()
}

/// A monotone stand-in for the angle of `d` (0 to 4), without trigonometry.
pub(crate) fn pseudo_angle(d: Point) -> f64 {
    let s = d[0].abs() + d[1].abs();
    if s == 0.0 {
        return 0.0;
    }
    let t = d[1] / s;
    if d[0] >= 0.0 { if t >= 0.0 { t } else { 4.0 + t } } else { 2.0 - t }
}

/// Of the vertices with three neighbours or more (`adjacency[v]`, the
/// other ends), how many have them in the same cyclic order at `drawn` as
/// at `truth`, and how many were compared.
pub fn cyclic_agreement(
    adjacency: &[Vec<u32>],
    drawn: &[Point],
    truth: &[Point],
) -> (usize, usize) {
    let mut same = 0;
    let mut counted = 0;
    for (v, list) in adjacency.iter().enumerate() {
        if list.len() < 3 {
            continue;
        }
        counted += 1;
        same += usize::from(cyclic(v, list, drawn) == cyclic(v, list, truth));
    }
    (same, counted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn fit_recovers_a_mirrored_turned_scaled_shift() {
        let truth = Similarity { factor: [0.0, 2.0], mirror: true, shift: [5.0, -3.0] };
        let points = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [3.0, 2.0]];
        let pairs: Vec<_> = points.iter().map(|&p| (p, truth.apply(p))).collect();
        let got = fit(&pairs, true).unwrap();
        for &p in &points {
            let (a, b) = (got.apply(p), truth.apply(p));
            assert!((a[0] - b[0]).abs() < 1e-9 && (a[1] - b[1]).abs() < 1e-9);
        }
        // Without the mirror the fit is a proper one (and worse).
        assert!(!fit(&pairs, false).unwrap().mirror);
    }

    #[test]
    fn cyclic_order_sees_a_swap() {
        let adjacency = vec![vec![1, 2, 3], vec![0], vec![0], vec![0]];
        let truth = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]];
        assert_eq!(cyclic_agreement(&adjacency, &truth, &truth), (1, 1));
        let swapped = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [-1.0, -1.0]];
        assert_eq!(cyclic_agreement(&adjacency, &swapped, &truth), (0, 1));
    }
}
