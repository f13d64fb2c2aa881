//! Where two regions touch without a mesh edge between them: outlines that
//! run within a hair of each other (a thin gap the eye cannot see). The
//! drawing lists such pairs of non-adjacent provinces as *barriers* (drawn
//! as a mountain line), measured as the outside check measures touching:
//! edges overlapping over at least 2 units, points within 0.5 units of the
//! other edge's line (here with a margin: 0.75 and 1.5).

use alloc::vec;
use alloc::vec::Vec;

use super::geom::{Point, dist, sqrt};

const NEAR: f64 = 0.75;
const LONG: f64 = 1.5;

fn line_distance(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = sqrt(dx * dx + dy * dy);
    if len == 0.0 {
        return dist(p, a);
    }
    ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx).abs() / len
}

/// Length of `a1 b1` lying along `a2 b2`.
fn overlap(a1: Point, b1: Point, a2: Point, b2: Point) -> f64 {
    if line_distance(a1, a2, b2) > NEAR || line_distance(b1, a2, b2) > NEAR {
        return 0.0;
    }
    let (dx, dy) = (b2[0] - a2[0], b2[1] - a2[1]);
    let len = sqrt(dx * dx + dy * dy);
    if len == 0.0 {
        return 0.0;
    }
    let t = |p: Point| ((p[0] - a2[0]) * dx + (p[1] - a2[1]) * dy) / len;
    let (s0, s1) = (t(a1).min(t(b1)), t(a1).max(t(b1)));
    (s1.min(len) - s0.max(0.0)).max(0.0)
}

/// Pairs `(a, b)`, `a < b`, of regions whose outlines touch, for which
/// `wanted(a, b)`, each with the longest stretch where they do.
pub(crate) fn touching(
    regions: &[Vec<Point>],
    wanted: impl Fn(u32, u32) -> bool,
) -> Vec<((u32, u32), [Point; 2])> {
    // Every outline edge, in a grid of cells.
    let mut edges: Vec<(u32, Point, Point)> = Vec::new();
    for (r, polygon) in regions.iter().enumerate() {
        for i in 0..polygon.len() {
            edges.push((r as u32, polygon[i], polygon[(i + 1) % polygon.len()]));
        }
    }
    if edges.is_empty() {
        return Vec::new();
    }
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for &(_, a, b) in &edges {
        for p in [a, b] {
            for k in 0..2 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
    }
    // About one edge per cell on average.
    let cell = (((hi[0] - lo[0]) * (hi[1] - lo[1])) / edges.len() as f64).max(1e-6);
    let cell = sqrt(cell).max(2.0 * NEAR);
    let cols = (((hi[0] - lo[0]) / cell) as usize + 1).min(4096);
    let rows = (((hi[1] - lo[1]) / cell) as usize + 1).min(4096);
    let at = |x: f64, k: usize, n: usize| -> usize {
        let i = (x - lo[k]) / cell;
        if i <= 0.0 { 0 } else { (i as usize).min(n - 1) }
    };
    let mut grid: Vec<Vec<u32>> = vec![Vec::new(); cols * rows];
    let span = |a: Point, b: Point| {
        (
            at(a[0].min(b[0]) - NEAR, 0, cols),
            at(a[0].max(b[0]) + NEAR, 0, cols),
            at(a[1].min(b[1]) - NEAR, 1, rows),
            at(a[1].max(b[1]) + NEAR, 1, rows),
        )
    };
    for (idx, &(_, a, b)) in edges.iter().enumerate() {
        let (x0, x1, y0, y1) = span(a, b);
        for gy in y0..=y1 {
            for gx in x0..=x1 {
                grid[gy * cols + gx].push(idx as u32);
            }
        }
    }
    // Overlap per pair, and the longest single stretch.
    // (pair, total overlap, longest stretch, that stretch)
    type Found = ((u32, u32), f64, f64, [Point; 2]);
    let mut found: Vec<Found> = Vec::new();
    let mut seen: Vec<u32> = vec![u32::MAX; edges.len()];
    for (idx, &(r, a, b)) in edges.iter().enumerate() {
        let (x0, x1, y0, y1) = span(a, b);
        for gy in y0..=y1 {
            for gx in x0..=x1 {
                for &other in &grid[gy * cols + gx] {
                    let (s, c, d) = edges[other as usize];
                    if s <= r || seen[other as usize] == idx as u32 || !wanted(r, s) {
                        continue;
                    }
                    seen[other as usize] = idx as u32;
                    let o = overlap(a, b, c, d);
                    if o <= 0.0 {
                        continue;
                    }
                    match found.iter_mut().find(|f| f.0 == (r, s)) {
                        Some(f) => {
                            f.1 += o;
                            if o > f.2 {
                                f.2 = o;
                                f.3 = [a, b];
                            }
                        }
                        None => found.push(((r, s), o, o, [a, b])),
                    }
                }
            }
        }
    }
    let mut out: Vec<((u32, u32), [Point; 2])> =
        found.into_iter().filter(|f| f.1 >= LONG).map(|f| (f.0, f.3)).collect();
    crate::sorting::sort_by_key(&mut out, |x| x.0);
    out
}
