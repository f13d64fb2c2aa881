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
/// Zoomed in, still a margin over the outside check's 0.5 units.
const LEAST_NEAR: f64 = 0.55;

/// An outline edge from `a` along `d` (its length `len`), the terms
/// [`overlap`] measures against, worked out once per edge.
#[derive(Clone, Copy)]
struct Along {
    a: Point,
    d: Point,
    len: f64,
}

impl Along {
    fn of(a: Point, b: Point) -> Along {
        let d = [b[0] - a[0], b[1] - a[1]];
        Along { a, d, len: sqrt(d[0] * d[0] + d[1] * d[1]) }
    }

    /// How far `p` lies from the edge's line.
    fn line_distance(&self, p: Point) -> f64 {
        if self.len == 0.0 {
            return dist(p, self.a);
        }
        ((p[0] - self.a[0]) * self.d[1] - (p[1] - self.a[1]) * self.d[0]).abs() / self.len
    }
}

/// Length of `a1 b1` lying along `to`.
fn overlap(a1: Point, b1: Point, to: &Along, near: f64) -> f64 {
    if to.line_distance(a1) > near || to.line_distance(b1) > near {
        return 0.0;
    }
    let Along { a: a2, d: [dx, dy], len } = *to;
    if len == 0.0 {
        return 0.0;
    }
    let t = |p: Point| ((p[0] - a2[0]) * dx + (p[1] - a2[1]) * dy) / len;
    let (s0, s1) = (t(a1).min(t(b1)), t(a1).max(t(b1)));
    (s1.min(len) - s0.max(0.0)).max(0.0)
}

/// Pairs `(a, b)`, `a < b`, of regions whose outlines touch, for which
/// `wanted(a, b)`, each with the longest stretch where they do; `zoom`:
/// how far the viewer zooms in on the drawing (1 up to 1,000 provinces).
pub(crate) fn touching(
    regions: &[Vec<Point>],
    zoom: f64,
    wanted: impl Fn(u32, u32) -> bool,
) -> Vec<((u32, u32), [Point; 2])> {
    let (near, long) = ((NEAR / zoom.max(1.0)).max(LEAST_NEAR), LONG / zoom.max(1.0));
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
    let cell = sqrt(cell).max(2.0 * near);
    let cols = (((hi[0] - lo[0]) / cell) as usize + 1).min(4096);
    let rows = (((hi[1] - lo[1]) / cell) as usize + 1).min(4096);
    let at = |x: f64, k: usize, n: usize| -> usize {
        let i = (x - lo[k]) / cell;
        if i <= 0.0 { 0 } else { (i as usize).min(n - 1) }
    };
    // The cells within NEAR of the segment `a b`, row by row: the part of
    // the segment in the row's band (widened by NEAR), widened by NEAR. A
    // long slanted edge covers about its length in cells, not its box.
    let cells = |a: Point, b: Point, out: &mut Vec<usize>| {
        out.clear();
        let (y0, y1) = (at(a[1].min(b[1]) - near, 1, rows), at(a[1].max(b[1]) + near, 1, rows));
        for gy in y0..=y1 {
            let band_lo = if gy == 0 { f64::NEG_INFINITY } else { lo[1] + gy as f64 * cell - near };
            let band_hi =
                if gy + 1 == rows { f64::INFINITY } else { lo[1] + (gy + 1) as f64 * cell + near };
            let (mut x_lo, mut x_hi) = (a[0].min(b[0]), a[0].max(b[0]));
            let dy = b[1] - a[1];
            if dy != 0.0 {
                let t0 = ((band_lo - a[1]) / dy).clamp(0.0, 1.0);
                let t1 = ((band_hi - a[1]) / dy).clamp(0.0, 1.0);
                let (xa, xb) = (a[0] + (b[0] - a[0]) * t0, a[0] + (b[0] - a[0]) * t1);
                (x_lo, x_hi) = (xa.min(xb), xa.max(xb));
            }
            let (x0, x1) = (at(x_lo - near, 0, cols), at(x_hi + near, 0, cols));
            out.extend((x0..=x1).map(|gx| gy * cols + gx));
        }
    };
    // Each edge's cells, worked out once: `covered[at[i]..at[i + 1]]`.
    let mut scratch = Vec::new();
    let mut covered: Vec<u32> = Vec::new();
    let mut at_edge: Vec<u32> = Vec::with_capacity(edges.len() + 1);
    at_edge.push(0);
    for &(_, a, b) in &edges {
        cells(a, b, &mut scratch);
        covered.extend(scratch.iter().map(|&c| c as u32));
        at_edge.push(covered.len() as u32);
    }
    let cells_of = |idx: usize| &covered[at_edge[idx] as usize..at_edge[idx + 1] as usize];
    let along: Vec<Along> = edges.iter().map(|&(_, a, b)| Along::of(a, b)).collect();
    // The grid, compressed: each cell's edges in one array.
    let mut start = vec![0u32; cols * rows + 1];
    for &at in &covered {
        start[at as usize + 1] += 1;
    }
    for i in 0..cols * rows {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut members = vec![0u32; start[cols * rows] as usize];
    for idx in 0..edges.len() {
        for &at in cells_of(idx) {
            members[fill[at as usize] as usize] = idx as u32;
            fill[at as usize] += 1;
        }
    }
    // Edges come region by region, so every overlap of region `r` with a
    // later region is found while `r`'s edges are walked: each such region
    // gathers its total and its longest stretch (the first of equal ones)
    // in `sum`, and when `r` is done the pairs that touch long enough are
    // written, in order.
    let mut out: Vec<((u32, u32), [Point; 2])> = Vec::new();
    // Per region: (the region being walked when last met, total, longest,
    // that stretch).
    let mut sum: Vec<(u32, f64, f64, [Point; 2])> =
        vec![(u32::MAX, 0.0, 0.0, [[0.0; 2]; 2]); regions.len()];
    let mut met: Vec<u32> = Vec::new();
    let mut seen: Vec<u32> = vec![u32::MAX; edges.len()];
    let mut asked: Vec<(u32, bool)> = vec![(u32::MAX, false); regions.len()];
    let mut idx = 0;
    while idx < edges.len() {
        let r = edges[idx].0;
        // A cell lists its edges in order, so those of later regions are
        // the ones after `r`'s last edge.
        let past = idx + edges[idx..].iter().take_while(|e| e.0 == r).count();
        met.clear();
        while idx < past {
            let (_, a, b) = edges[idx];
            for &at in cells_of(idx) {
                let at = at as usize;
                let listed = &members[start[at] as usize..start[at + 1] as usize];
                let later = listed.partition_point(|&other| (other as usize) < past);
                for &other in &listed[later..] {
                    let s = edges[other as usize].0;
                    if seen[other as usize] == idx as u32 {
                        continue;
                    }
                    seen[other as usize] = idx as u32;
                    // `wanted` asked once per pair of regions.
                    if asked[s as usize].0 != r {
                        asked[s as usize] = (r, wanted(r, s));
                    }
                    if !asked[s as usize].1 {
                        continue;
                    }
                    let o = overlap(a, b, &along[other as usize], near);
                    if o <= 0.0 {
                        continue;
                    }
                    let entry = &mut sum[s as usize];
                    if entry.0 != r {
                        *entry = (r, 0.0, 0.0, [a, b]);
                        met.push(s);
                    }
                    entry.1 += o;
                    if o > entry.2 {
                        entry.2 = o;
                        entry.3 = [a, b];
                    }
                }
            }
            idx += 1;
        }
        met.sort_unstable();
        out.extend(
            met.iter()
                .filter(|&&s| sum[s as usize].1 >= long)
                .map(|&s| ((r, s), sum[s as usize].3)),
        );
    }
    out
}
