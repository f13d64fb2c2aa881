//! A target shape for the drawing: pivot MDS (Brandes & Pich 2006) over
//! graph distances: breadth-first distances from a few pivots chosen
//! farthest-first, double-centred, and the leading eigenvectors by power
//! iteration from a fixed start. Linear in the graph per pivot, no
//! randomness. A graph round as a ball (a world whose seas close round it)
//! folds in two layers in any plane; it is laid on a globe from three
//! eigenvectors instead and cut open along a meridian. The result need not
//! be planar; the Tutte solve turns it into a planar drawing that follows
//! it where it can.

#![allow(clippy::needless_range_loop)] // index loops read best in the numeric code

use alloc::vec;
use alloc::vec::Vec;

use super::geom::{Point, sqrt};

/// Breadth-first distances from `from` (unreached: `u32::MAX`).
/// The queue is a plain list read from its front (each vertex enters it
/// once), kept by the caller between searches.
fn bfs(adj: &[Vec<u32>], from: usize, out: &mut [u32], queue: &mut Vec<u32>) {
    out.fill(u32::MAX);
    out[from] = 0;
    queue.clear();
    queue.push(from as u32);
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        let d = out[v as usize] + 1;
        for &u in &adj[v as usize] {
            if out[u as usize] == u32::MAX {
                out[u as usize] = d;
                queue.push(u);
            }
        }
    }
}

/// Up to 24 pivots, farthest first from vertex 0, each with its
/// breadth-first distances.
fn choose_pivots(adj: &[Vec<u32>]) -> Vec<(usize, Vec<u32>)> {
    let n = adj.len();
    let mut dist = vec![0u32; n];
    let mut nearest = vec![u32::MAX; n];
    let mut pivots: Vec<(usize, Vec<u32>)> = Vec::new();
    let mut queue = Vec::with_capacity(n);
    let mut pivot = 0usize;
    for _ in 0..n.min(24) {
        bfs(adj, pivot, &mut dist, &mut queue);
        pivots.push((pivot, dist.clone()));
        let mut best = (0u32, 0usize);
        for v in 0..n {
            let d = dist[v].min(nearest[v]);
            nearest[v] = d;
            if d != u32::MAX && d > best.0 {
                best = (d, v);
            }
        }
        if best.0 == 0 {
            break;
        }
        pivot = best.1;
    }
    pivots
}

/// A first shape (see [`first_shape`]), and for a graph nearly round
/// enough to be a globe the globe's map as well (see [`NEARLY_ROUND`]).
pub(crate) struct FirstShape {
    pub(crate) shape: Vec<Point>,
    /// Whether `shape` is a globe's map.
    pub(crate) globe: bool,
    /// A globe's map of a flat `shape` whose graph is nearly round.
    pub(crate) or_globe: Option<Vec<Point>>,
}

/// 2-D coordinates for the vertices of `adj` (a connected graph) whose
/// distances follow the graph's, by pivot MDS; with `globe_ok`, a round
/// graph's are a map of its globe (see [`ROUND`]), and then `globe` is
/// true.
pub(crate) fn first_shape(adj: &[Vec<u32>], globe_ok: bool) -> FirstShape {
    let n = adj.len();
    if n < 3 {
        let shape = (0..n).map(|i| [i as f64, 0.0]).collect();
        return FirstShape { shape, globe: false, or_globe: None };
    }
    let pivots = choose_pivots(adj);
    let mut columns: Vec<Vec<f64>> = pivots
        .iter()
        .map(|(_, dist)| {
            let far = dist.iter().filter(|&&d| d != u32::MAX).max().copied().unwrap_or(0);
            dist.iter()
                .map(|&d| {
                    let d = f64::from(if d == u32::MAX { far + 1 } else { d });
                    d * d
                })
                .collect()
        })
        .collect();
    let k = columns.len();
    // Double centring: c[i][j] = -1/2 (d² - row mean - column mean + mean).
    let col_mean: Vec<f64> = columns.iter().map(|c| c.iter().sum::<f64>() / n as f64).collect();
    let row_mean: Vec<f64> =
        (0..n).map(|i| columns.iter().map(|c| c[i]).sum::<f64>() / k as f64).collect();
    let all_mean = col_mean.iter().sum::<f64>() / k as f64;
    for (j, c) in columns.iter_mut().enumerate() {
        for i in 0..n {
            c[i] = -0.5 * (c[i] - row_mean[i] - col_mean[j] + all_mean);
        }
    }
    // The k×k matrix CᵀC and its two leading eigenvectors.
    let mut ctc = vec![0.0; k * k];
    for a in 0..k {
        for b in a..k {
            let s: f64 = (0..n).map(|i| columns[a][i] * columns[b][i]).sum();
            ctc[a * k + b] = s;
            ctc[b * k + a] = s;
        }
    }
    let mut vectors: Vec<Vec<f64>> = Vec::new();
    let mut values: Vec<f64> = Vec::new();
    // A third only when a globe may be drawn: it is what tells one.
    let wanted = if globe_ok && n >= ROUND_MIN { 3 } else { 2 };
    for which in 0..wanted {
        let mut x: Vec<f64> =
            (0..k).map(|i| 1.0 + (i as f64) * 0.01 * (which as f64 + 1.0)).collect();
        let mut value = 0.0;
        for _ in 0..100 {
            let mut y: Vec<f64> =
                (0..k).map(|a| (0..k).map(|b| ctc[a * k + b] * x[b]).sum()).collect();
            for prev in &vectors {
                let dot: f64 = y.iter().zip(prev).map(|(p, q)| p * q).sum();
                for (yi, pi) in y.iter_mut().zip(prev) {
                    *yi -= dot * pi;
                }
            }
            let norm = sqrt(y.iter().map(|v| v * v).sum::<f64>());
            value = norm;
            if norm < 1e-300 {
                break;
            }
            for yi in &mut y {
                *yi /= norm;
            }
            let change: f64 = y.iter().zip(&x).map(|(a, b)| (a - b) * (a - b)).sum();
            x = y;
            if change < 1e-18 {
                break;
            }
        }
        vectors.push(x);
        values.push(value);
    }
    if wanted == 3 && values[2] >= ROUND * values[0] {
        return FirstShape { shape: globe(&columns, &vectors, adj), globe: true, or_globe: None };
    }
    let or_globe = (wanted == 3 && values[2] >= NEARLY_ROUND * values[0])
        .then(|| globe(&columns, &vectors, adj));
    let mut pos: Vec<Point> = (0..n)
        .map(|i| {
            let mut p = [0.0; 2];
            for (axis, vector) in vectors.iter().take(2).enumerate() {
                p[axis] = (0..k).map(|j| columns[j][i] * vector[j]).sum();
            }
            p
        })
        .collect();
    refine(adj, &pivots, &mut pos, ROUNDS);
    orient(&mut pos);
    FirstShape { shape: pos, globe: false, or_globe }
}

/// A graph as round as a ball (a world map whose seas close round it): its
/// third eigenvalue (of the pivots' matrix) is this share of its first or
/// more. Two dimensions fold it in two layers; it is laid on a globe
/// instead. The bundled maps: imperial 0.36 and zeus 0.38, both worlds; the
/// flattest of the rest sengoku 0.31, then midi, azov, slovenia 0.27-0.28.
const ROUND: f64 = 0.34;
/// A graph rounder than this share but not [`ROUND`] may be either: its
/// figure swings with a single edit (imperial, 0.36, went to 0.26-0.33 with
/// one to three adjacencies added or taken away in one edit in ten, and
/// drew flat with 69 to 436 connectors instead of 34), so it is drawn both
/// ways and the better drawing kept. Of the bundled maps only sengoku
/// (0.31) is drawn twice, and kept flat.
const NEARLY_ROUND: f64 = 0.25;
/// Fewer vertices than this are never a globe (`pure`, K7, is round only
/// because every distance is 1).
const ROUND_MIN: usize = 24;

/// The globe of a round graph: its three leading MDS coordinates, seen from
/// their centre, as longitude and latitude (an equirectangular map), cut
/// open along the meridian the fewest edges cross, then spread by stress
/// on the graph so cut (a flat map: no distance runs across the seam).
/// `atan2` and `asin` are `libm`'s, pure Rust: the same bits native and in
/// wasm.
fn globe(columns: &[Vec<f64>], vectors: &[Vec<f64>], adj: &[Vec<u32>]) -> Vec<Point> {
    let n = adj.len();
    let p3: Vec<[f64; 3]> = (0..n)
        .map(|i| {
            let mut p = [0.0; 3];
            for (axis, vector) in vectors.iter().enumerate() {
                p[axis] = columns.iter().zip(vector).map(|(c, w)| c[i] * w).sum();
            }
            p
        })
        .collect();
    let mut c = [0.0; 3];
    for p in &p3 {
        for a in 0..3 {
            c[a] += p[a] / n as f64;
        }
    }
    // Longitude and latitude about the third axis (the globe's least
    // spread: its poles are where the map thins out).
    let mut lon = vec![0.0; n];
    let mut lat = vec![0.0; n];
    for (i, p) in p3.iter().enumerate() {
        let d = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
        let len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).max(1e-12);
        lon[i] = libm::atan2(d[1], d[0]);
        lat[i] = libm::asin((d[2] / len).clamp(-1.0, 1.0));
    }
    // The seam: of 64 meridians, the one the fewest edges cross (an edge
    // crosses a meridian on the shorter way round between its ends).
    const TURN: f64 = 2.0 * core::f64::consts::PI;
    let wrap = |a: f64| {
        let mut a = a % TURN;
        if a < 0.0 {
            a += TURN;
        }
        a
    };
    let candidates = 64;
    let meridian = |s: usize| -core::f64::consts::PI + TURN * s as f64 / candidates as f64;
    let mut crossings = vec![0usize; candidates];
    for v in 0..n {
        for &u in &adj[v] {
            let u = u as usize;
            if u <= v {
                continue;
            }
            // From the smaller longitude on the shorter way round.
            let span = wrap(lon[u] - lon[v]);
            let (from, span) =
                if span <= TURN / 2.0 { (lon[v], span) } else { (lon[u], TURN - span) };
            // The meridians it crosses are a run from the first one at or
            // after `from`: from an index just before it, past those before
            // `from`, then along the run.
            let guess = ((from + core::f64::consts::PI) / TURN * candidates as f64) as isize;
            let mut s = (guess - 1).rem_euclid(candidates as isize) as usize;
            let mut steps = 0;
            while steps < candidates && wrap(meridian(s) - from) >= TURN / 2.0 {
                s = (s + 1) % candidates;
                steps += 1;
            }
            let mut left = candidates;
            while left > 0 && wrap(meridian(s) - from) < span {
                crossings[s] += 1;
                s = (s + 1) % candidates;
                left -= 1;
            }
        }
    }
    let best = (0..candidates).min_by_key(|&s| (crossings[s], s)).unwrap_or(0);
    let seam = meridian(best);
    let mut out: Vec<Point> = (0..n).map(|i| [wrap(lon[i] - seam), -lat[i]]).collect();
    // Refined by stress on the graph cut along the seam (its edges across
    // it dropped), so distances in it are those of the flat map.
    let cut: Vec<Vec<u32>> = (0..n)
        .map(|v| {
            adj[v]
                .iter()
                .copied()
                .filter(|&u| (out[v][0] - out[u as usize][0]).abs() < TURN / 2.0)
                .collect()
        })
        .collect();
    let pivots = choose_pivots(&cut);
    // Half the rounds of a plane shape: the globe starts close (imperial:
    // the same figures at 10 rounds as at 20, 1 ms sooner).
    refine(&cut, &pivots, &mut out, ROUNDS / 2);
    out
}

/// Turns the shape to a fixed frame of its own (the two leading
/// eigenvectors span the plane, but their direction within it is arbitrary
/// and a small edit may turn them): the direction in which the vertices'
/// order grows points right, and y is flipped so that a fixed shuffle of
/// the order grows downwards. Both are sums over all vertices, so one
/// vertex more turns the shape very little.
fn orient(pos: &mut [Point]) {
    let n = pos.len();
    if n < 2 {
        return;
    }
    let mid = (n as f64 - 1.0) / 2.0;
    let c = super::geom::centroid(pos);
    let mut g = [0.0, 0.0];
    for (i, p) in pos.iter().enumerate() {
        let w = i as f64 - mid;
        g[0] += (p[0] - c[0]) * w;
        g[1] += (p[1] - c[1]) * w;
    }
    let len = sqrt(g[0] * g[0] + g[1] * g[1]);
    let (cos, sin) = if len > 1e-12 { (g[0] / len, g[1] / len) } else { (1.0, 0.0) };
    for p in pos.iter_mut() {
        let (x, y) = (p[0] - c[0], p[1] - c[1]);
        *p = [x * cos + y * sin, -x * sin + y * cos];
    }
    let mut sy = 0.0;
    for (i, p) in pos.iter().enumerate() {
        sy += p[1] * (((i * 7919) % n) as f64 - mid);
    }
    if sy < 0.0 {
        for p in pos.iter_mut() {
            p[1] = -p[1];
        }
    }
}

/// Sparse stress from given positions (a plane drawing to spread out):
/// pivots chosen farthest-first as in [`first_shape`], the same rounds.
pub(crate) fn relax(adj: &[Vec<u32>], start: &[Point]) -> Vec<Point> {
    let n = adj.len();
    let mut pos = start.to_vec();
    if n < 3 {
        return pos;
    }
    let pivots = choose_pivots(adj);
    refine(adj, &pivots, &mut pos, ROUNDS);
    pos
}

/// Rounds of [`refine`] for a plane shape.
const ROUNDS: usize = 20;

/// Sparse stress majorisation (Ortmann, Klimenta, Brandes 2016): each
/// vertex moves to where its distances to its neighbours (target 1) and to
/// the pivots (their graph distance) are best kept, `rounds` rounds.
fn refine(adj: &[Vec<u32>], pivots: &[(usize, Vec<u32>)], pos: &mut [Point], rounds: usize) {
    // Scale the MDS result so that edges are about 1 long.
    let mean = mean_edge(adj, pos).unwrap_or(1.0);
    for p in pos.iter_mut() {
        p[0] /= mean;
        p[1] /= mean;
    }
    majorise(adj, pivots, pos, rounds, 1.0, &[]);
}

/// The mean length of the edges at `pos`; `None` without edges of length.
fn mean_edge(adj: &[Vec<u32>], pos: &[Point]) -> Option<f64> {
    let mut total = 0.0;
    let mut count = 0.0;
    for v in 0..adj.len() {
        for &u in &adj[v] {
            let d = [pos[v][0] - pos[u as usize][0], pos[v][1] - pos[u as usize][1]];
            total += sqrt(d[0] * d[0] + d[1] * d[1]);
            count += 1.0;
        }
    }
    (count > 0.0 && total > 0.0).then(|| total / count)
}

/// Pinned provinces held, the rest of `pos` spread by sparse stress from
/// where they are (edges as long as they are on average, pivots at their
/// graph distance in edges): the first shape of a map with pins, so that
/// each pinned province's neighbours gather round its pin and the rest
/// keeps the graph's distances between the pins. The mean edge is taken
/// before the pins are placed (`at`), from the shape lined up with them.
pub(crate) fn pinned(adj: &[Vec<u32>], pos: &mut [Point], at: &[(usize, Point)]) {
    let Some(unit) = mean_edge(adj, pos) else { return };
    let mut fixed = vec![false; adj.len()];
    for &(v, p) in at {
        fixed[v] = true;
        pos[v] = p;
    }
    if adj.len() < 3 {
        return;
    }
    let pivots = choose_pivots(adj);
    majorise(adj, &pivots, pos, ROUNDS, unit, &fixed);
}

/// The rounds of [`refine`] and [`pinned`]: vertices marked in `fixed`
/// stay put.
fn majorise(
    adj: &[Vec<u32>],
    pivots: &[(usize, Vec<u32>)],
    pos: &mut [Point],
    rounds: usize,
    unit: f64,
    fixed: &[bool],
) {
    let n = adj.len();
    // Each vertex's pivot terms, taken once: (pivot, distance, weight).
    let mut start = Vec::with_capacity(n + 1);
    let mut terms: Vec<(u32, f64, f64)> = Vec::with_capacity(n * pivots.len());
    for v in 0..n {
        start.push(terms.len());
        for (pivot, dist) in pivots {
            if *pivot == v || dist[v] == u32::MAX || dist[v] <= 1 {
                continue;
            }
            let d = f64::from(dist[v]);
            terms.push((*pivot as u32, d * unit, 1.0 / (d * d)));
        }
    }
    start.push(terms.len());
    for _ in 0..rounds {
        for v in 0..n {
            if fixed.get(v).copied().unwrap_or(false) {
                continue;
            }
            let mut acc = [0.0; 2];
            let mut weight = 0.0;
            let p = pos[v];
            let mut term = |q: Point, d: f64, w: f64| {
                let diff = [p[0] - q[0], p[1] - q[1]];
                let len = sqrt(diff[0] * diff[0] + diff[1] * diff[1]).max(1e-9);
                acc[0] += w * (q[0] + d * diff[0] / len);
                acc[1] += w * (q[1] + d * diff[1] / len);
                weight += w;
            };
            for &u in &adj[v] {
                term(pos[u as usize], unit, 1.0);
            }
            for &(pivot, d, w) in &terms[start[v]..start[v + 1]] {
                term(pos[pivot as usize], d, w);
            }
            if weight > 0.0 {
                pos[v] = [acc[0] / weight, acc[1] / weight];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::geom::cross;

    /// A globe as a graph: `rings` circles of `around` vertices, each
    /// joined to its neighbours on the circle and to the circle below, and
    /// a pole vertex above the first circle and below the last.
    fn globe_graph(rings: usize, around: usize) -> Vec<Vec<u32>> {
        let n = rings * around + 2;
        let mut adj = vec![Vec::new(); n];
        let mut join = |a: usize, b: usize| {
            adj[a].push(b as u32);
            adj[b].push(a as u32);
        };
        let at = |r: usize, i: usize| r * around + i % around;
        for r in 0..rings {
            for i in 0..around {
                join(at(r, i), at(r, i + 1));
                if r + 1 < rings {
                    join(at(r, i), at(r + 1, i));
                    join(at(r, i), at(r + 1, i + 1));
                }
            }
        }
        for i in 0..around {
            join(n - 2, at(0, i));
            join(n - 1, at(rings - 1, i));
        }
        adj
    }

    /// Pairs of edges (no shared end, each shorter than a quarter of the
    /// drawing: not the seam's or a pole's) that cross in the straight-line
    /// drawing `pos`.
    fn crossings(adj: &[Vec<u32>], pos: &[Point]) -> usize {
        let (lo, hi) = crate::layout::geom::bounds(pos);
        let short = 0.25 * (hi[0] - lo[0]).max(hi[1] - lo[1]);
        let edges: Vec<(usize, usize)> = (0..adj.len())
            .flat_map(|v| adj[v].iter().map(move |&u| (v, u as usize)))
            .filter(|&(v, u)| v < u && crate::layout::geom::dist(pos[v], pos[u]) < short)
            .collect();
        let mut count = 0;
        for (i, &(a, b)) in edges.iter().enumerate() {
            for &(c, d) in &edges[i + 1..] {
                if a == c || a == d || b == c || b == d {
                    continue;
                }
                let (pa, pb, pc, pd) = (pos[a], pos[b], pos[c], pos[d]);
                if cross(pa, pb, pc) * cross(pa, pb, pd) < 0.0
                    && cross(pc, pd, pa) * cross(pc, pd, pb) < 0.0
                {
                    count += 1;
                }
            }
        }
        count
    }

    #[test]
    fn a_round_graph_is_laid_on_a_globe_not_folded() {
        let adj = globe_graph(6, 16);
        let edges: usize = adj.iter().map(Vec::len).sum::<usize>() / 2;
        let FirstShape { shape: flat, globe: folded, .. } = first_shape(&adj, false);
        let FirstShape { shape: globe, globe: round, .. } = first_shape(&adj, true);
        assert!(!folded && round, "only the globe is a globe");
        let (folded, open) = (crossings(&adj, &flat), crossings(&adj, &globe));
        // Folded in the plane, short edges cross each other everywhere; on
        // the globe hardly any do.
        assert!(folded > edges / 2, "flat shape: {folded} crossings of {edges} edges");
        assert!(open * 10 < folded, "globe: {open} crossings, flat: {folded}");
        // Deterministic.
        assert_eq!(globe, first_shape(&adj, true).shape);
    }
}
