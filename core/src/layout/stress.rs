//! A target shape for the drawing: pivot MDS (Brandes & Pich 2006) over
//! graph distances: breadth-first distances from a few pivots chosen
//! farthest-first, double-centred, and the two leading eigenvectors by power
//! iteration from a fixed start. Linear in the graph per pivot, no
//! randomness. The result need not be planar; the Tutte solve turns it into
//! a planar drawing that follows it where it can.

#![allow(clippy::needless_range_loop)] // index loops read best in the numeric code

use alloc::collections::VecDeque;
use alloc::vec;
use alloc::vec::Vec;

use super::geom::{Point, sqrt};

/// Breadth-first distances from `from` (unreached: `u32::MAX`).
fn bfs(adj: &[Vec<u32>], from: usize, out: &mut [u32]) {
    out.fill(u32::MAX);
    out[from] = 0;
    let mut queue = VecDeque::new();
    queue.push_back(from as u32);
    while let Some(v) = queue.pop_front() {
        let d = out[v as usize] + 1;
        for &u in &adj[v as usize] {
            if out[u as usize] == u32::MAX {
                out[u as usize] = d;
                queue.push_back(u);
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
    let mut pivot = 0usize;
    for _ in 0..n.min(24) {
        bfs(adj, pivot, &mut dist);
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

/// 2-D coordinates for the vertices of `adj` (a connected graph) whose
/// distances follow the graph's.
pub(crate) fn pivot_mds(adj: &[Vec<u32>]) -> Vec<Point> {
    let n = adj.len();
    if n < 3 {
        return (0..n).map(|i| [i as f64, 0.0]).collect();
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
    for which in 0..2 {
        let mut x: Vec<f64> =
            (0..k).map(|i| 1.0 + (i as f64) * 0.01 * (which as f64 + 1.0)).collect();
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
    }
    let mut pos: Vec<Point> = (0..n)
        .map(|i| {
            let mut p = [0.0; 2];
            for (axis, vector) in vectors.iter().enumerate() {
                p[axis] = (0..k).map(|j| columns[j][i] * vector[j]).sum();
            }
            p
        })
        .collect();
    refine(adj, &pivots, &mut pos);
    orient(&mut pos);
    pos
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
/// pivots chosen farthest-first as in [`pivot_mds`], the same rounds.
pub(crate) fn relax(adj: &[Vec<u32>], start: &[Point]) -> Vec<Point> {
    let n = adj.len();
    let mut pos = start.to_vec();
    if n < 3 {
        return pos;
    }
    let pivots = choose_pivots(adj);
    refine(adj, &pivots, &mut pos);
    pos
}

/// Sparse stress majorisation (Ortmann, Klimenta, Brandes 2016): each
/// vertex moves to where its distances to its neighbours (target 1) and to
/// the pivots (their graph distance) are best kept, a few rounds.
fn refine(adj: &[Vec<u32>], pivots: &[(usize, Vec<u32>)], pos: &mut [Point]) {
    let n = adj.len();
    // Scale the MDS result so that edges are about 1 long.
    let mut total = 0.0;
    let mut count = 0.0;
    for v in 0..n {
        for &u in &adj[v] {
            let d = [pos[v][0] - pos[u as usize][0], pos[v][1] - pos[u as usize][1]];
            total += sqrt(d[0] * d[0] + d[1] * d[1]);
            count += 1.0;
        }
    }
    let mean = if count > 0.0 && total > 0.0 { total / count } else { 1.0 };
    for p in pos.iter_mut() {
        p[0] /= mean;
        p[1] /= mean;
    }
    for _ in 0..20 {
        for v in 0..n {
            let mut acc = [0.0; 2];
            let mut weight = 0.0;
            let mut term = |q: Point, d: f64, w: f64, p: Point| {
                let diff = [p[0] - q[0], p[1] - q[1]];
                let len = sqrt(diff[0] * diff[0] + diff[1] * diff[1]).max(1e-9);
                acc[0] += w * (q[0] + d * diff[0] / len);
                acc[1] += w * (q[1] + d * diff[1] / len);
                weight += w;
            };
            let p = pos[v];
            for &u in &adj[v] {
                term(pos[u as usize], 1.0, 1.0, p);
            }
            for (pivot, dist) in pivots {
                if *pivot == v || dist[v] == u32::MAX || dist[v] <= 1 {
                    continue;
                }
                let d = f64::from(dist[v]);
                term(pos[*pivot], d, 1.0 / (d * d), p);
            }
            if weight > 0.0 {
                pos[v] = [acc[0] / weight, acc[1] / weight];
            }
        }
    }
}
