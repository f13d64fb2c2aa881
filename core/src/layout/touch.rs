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
/// `wanted(a, b)`, each with the longest stretch where they do.
pub(crate) fn touching(
    regions: &[Vec<Point>],
    wanted: impl Fn(u32, u32) -> bool,
) -> Vec<((u32, u32), [Point; 2])> {
    let (near, long) = (NEAR, LONG);
    // Every outline edge, region by region: region `r`'s are
    // `first[r]..first[r + 1]`.
    let total: usize = regions.iter().map(Vec::len).sum();
    if total == 0 {
        return Vec::new();
    }
    let mut ends: Vec<[Point; 2]> = Vec::with_capacity(total);
    let mut region_of: Vec<u32> = Vec::with_capacity(total);
    let mut first: Vec<u32> = Vec::with_capacity(regions.len() + 1);
    for (r, polygon) in regions.iter().enumerate() {
        first.push(ends.len() as u32);
        for i in 0..polygon.len() {
            let next = if i + 1 == polygon.len() { 0 } else { i + 1 };
            ends.push([polygon[i], polygon[next]]);
            region_of.push(r as u32);
        }
    }
    first.push(ends.len() as u32);
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for p in ends.iter().flatten() {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    // About one edge per cell on average.
    let cell = (((hi[0] - lo[0]) * (hi[1] - lo[1])) / ends.len() as f64).max(1e-6);
    let cell = sqrt(cell).max(2.0 * near);
    let cols = (((hi[0] - lo[0]) / cell) as usize + 1).min(4096);
    let rows = (((hi[1] - lo[1]) / cell) as usize + 1).min(4096);
    let per = 1.0 / cell;
    // The cell of coordinate `x` on axis `k` of `n` cells (a product, not
    // a quotient, and a conversion to `u32`: asked twice an edge and twice
    // more for each row it covers).
    let at = |x: f64, k: usize, n: usize| -> usize {
        let i = (x - lo[k]) * per;
        if i <= 0.0 {
            0
        } else if i >= (n - 1) as f64 {
            n - 1
        } else {
            i as u32 as usize
        }
    };
    // The cells within NEAR of the segment `a b`, row by row: the part of
    // the segment in the row's band (widened by NEAR), widened by NEAR. A
    // long slanted edge covers about its length in cells, not its box.
    let mut covered: Vec<u32> = Vec::with_capacity(3 * ends.len());
    let mut at_edge: Vec<u32> = Vec::with_capacity(ends.len() + 1);
    at_edge.push(0);
    for &[a, b] in &ends {
        let (y0, y1) = (at(a[1].min(b[1]) - near, 1, rows), at(a[1].max(b[1]) + near, 1, rows));
        let dy = b[1] - a[1];
        let per_dy = 1.0 / dy;
        for gy in y0..=y1 {
            let band_lo = if gy == 0 { f64::NEG_INFINITY } else { lo[1] + gy as f64 * cell - near };
            let band_hi =
                if gy + 1 == rows { f64::INFINITY } else { lo[1] + (gy + 1) as f64 * cell + near };
            let (mut x_lo, mut x_hi) = (a[0].min(b[0]), a[0].max(b[0]));
            if dy != 0.0 {
                let t0 = ((band_lo - a[1]) * per_dy).clamp(0.0, 1.0);
                let t1 = ((band_hi - a[1]) * per_dy).clamp(0.0, 1.0);
                let (xa, xb) = (a[0] + (b[0] - a[0]) * t0, a[0] + (b[0] - a[0]) * t1);
                (x_lo, x_hi) = (xa.min(xb), xa.max(xb));
            }
            let (x0, x1) = (at(x_lo - near, 0, cols), at(x_hi + near, 0, cols));
            covered.extend((x0..x1 + 1).map(|gx| (gy * cols + gx) as u32));
        }
        at_edge.push(covered.len() as u32);
    }
    let cells_of = |idx: usize| &covered[at_edge[idx] as usize..at_edge[idx + 1] as usize];
    // The grid, compressed: each cell's edges in one array, in order.
    let mut start = vec![0u32; cols * rows + 1];
    for &at in &covered {
        start[at as usize + 1] += 1;
    }
    for i in 0..cols * rows {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut members = vec![0u32; start[cols * rows] as usize];
    for idx in 0..ends.len() {
        for &at in cells_of(idx) {
            members[fill[at as usize] as usize] = idx as u32;
            fill[at as usize] += 1;
        }
    }
    // Each edge's line, worked out when first measured against.
    let mut along: Vec<Option<Along>> = vec![None; ends.len()];
    // Regions come in order, so every overlap of region `r` with a later
    // region is found while `r`'s edges are walked: each such region
    // gathers its total and its longest stretch (the first of equal ones)
    // in `sum`, and when `r` is done the pairs that touch long enough are
    // written, in order.
    let mut out: Vec<((u32, u32), [Point; 2])> = Vec::new();
    // Per region: (the region being walked when last met, total, longest,
    // that stretch).
    let mut sum: Vec<(u32, f64, f64, [Point; 2])> =
        vec![(u32::MAX, 0.0, 0.0, [[0.0; 2]; 2]); regions.len()];
    let mut met: Vec<u32> = Vec::new();
    let mut seen: Vec<u32> = vec![u32::MAX; ends.len()];
    let mut asked: Vec<(u32, bool)> = vec![(u32::MAX, false); regions.len()];
    // Per cell, its first edge not of a region walked already: a cell lists
    // its edges in order, so the later regions' are those from there on.
    let mut later = start.clone();
    for r in 0..regions.len() as u32 {
        let past = first[r as usize + 1];
        met.clear();
        for idx in first[r as usize]..past {
            let [a, b] = ends[idx as usize];
            for &at in cells_of(idx as usize) {
                let at = at as usize;
                let (mut from, end) = (later[at], start[at + 1]);
                while from < end && members[from as usize] < past {
                    from += 1;
                }
                later[at] = from;
                for &other in &members[from as usize..end as usize] {
                    if seen[other as usize] == idx {
                        continue;
                    }
                    seen[other as usize] = idx;
                    let s = region_of[other as usize];
                    // `wanted` asked once per pair of regions.
                    if asked[s as usize].0 != r {
                        asked[s as usize] = (r, wanted(r, s));
                    }
                    if !asked[s as usize].1 {
                        continue;
                    }
                    let to = along[other as usize].get_or_insert_with(|| {
                        let [p, q] = ends[other as usize];
                        Along::of(p, q)
                    });
                    let o = overlap(a, b, to, near);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::Rng;

    /// Every pair of edges measured against each other, region by region
    /// in order: what the grid must find.
    fn brute(regions: &[Vec<Point>], wanted: impl Fn(u32, u32) -> bool) -> Vec<(u32, u32)> {
        let (near, long) = (NEAR, LONG);
        let edges = |polygon: &[Point]| -> Vec<[Point; 2]> {
            (0..polygon.len()).map(|i| [polygon[i], polygon[(i + 1) % polygon.len()]]).collect()
        };
        let mut out = Vec::new();
        for r in 0..regions.len() {
            for s in r + 1..regions.len() {
                if !wanted(r as u32, s as u32) {
                    continue;
                }
                let mut total = 0.0;
                for [a, b] in edges(&regions[r]) {
                    for [p, q] in edges(&regions[s]) {
                        total += overlap(a, b, &Along::of(p, q), near);
                    }
                }
                if total >= long {
                    out.push((r as u32, s as u32));
                }
            }
        }
        out
    }

    /// Squares on a grid, each shrunk by a random gap on each side (some
    /// under the touch distance, some over), some turned a little: the
    /// pairs the grid search finds are those every pair of edges finds.
    #[test]
    fn the_grid_finds_what_every_pair_finds() {
        let mut rng = Rng::new(7, 28);
        let mut unit = || (rng.bits() >> 11) as f64 / (1u64 << 53) as f64;
        for round in 0..20 {
            let side = 3 + round % 5;
            let mut regions = Vec::new();
            for gx in 0..side {
                for gy in 0..side {
                    let (x, y) = (gx as f64 * 10.0, gy as f64 * 10.0);
                    let gap: [f64; 4] = core::array::from_fn(|_| unit() * 0.45);
                    let tilt = if unit() < 0.3 { unit() * 0.2 } else { 0.0 };
                    regions.push(vec![
                        [x + gap[0], y + gap[1]],
                        [x + 10.0 - gap[2], y + gap[1] + tilt],
                        [x + 10.0 - gap[2], y + 10.0 - gap[3]],
                        [x + gap[0], y + 10.0 - gap[3] - tilt],
                    ]);
                }
            }
            let skip = round as u32 % 3;
            let wanted = |a: u32, b: u32| (a + b) % 3 != skip;
            let found: Vec<(u32, u32)> =
                touching(&regions, wanted).into_iter().map(|(pair, _)| pair).collect();
            let expected = brute(&regions, wanted);
            assert!(!expected.is_empty(), "round {round}: no pair touches");
            assert_eq!(found, expected, "round {round}");
        }
    }
}
