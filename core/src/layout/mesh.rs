//! The triangulated mesh the drawing is solved on: the embedded graph of
//! provinces, each face that is not a triangle of three provinces filled
//! with *lake* vertices (a gap in the drawing, never a border between
//! provinces that are not adjacent), and the outer face zipped to a fixed
//! *frame* of vertices on the drawing's rectangle. Every face of the mesh is
//! a triangle of three distinct vertices and no two vertices are joined
//! twice, so the barycentric (Tutte) drawing of it is planar.
//!
//! Triangles are listed with one consistent orientation: `(a, b, x)` where
//! `a → b` is a half-edge of the face walk and `x` lies in that face.

#![allow(clippy::needless_range_loop)] // index loops read best in the numeric code

use alloc::vec;
use alloc::vec::Vec;

use super::geom::{Point, polygon_area};

/// What a mesh vertex stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// A province (index into the layout's vertex list).
    Real,
    /// A filler inside a face that is not a triangle of provinces.
    Lake,
    /// A fixed vertex on the rectangle around the drawing.
    Frame,
}

pub(crate) struct Mesh {
    pub(crate) roles: Vec<Role>,
    pub(crate) triangles: Vec<[u32; 3]>,
    /// Fixed positions of the frame vertices (by vertex index).
    pub(crate) frame: Vec<(u32, Point)>,
}

impl Mesh {
    /// The mesh of `real` vertices embedded as `faces` (walks), with
    /// `outer` the index of the face that goes round the outside, zipped
    /// to a frame on `border` near each outer vertex's `target`.
    pub(crate) fn build(
        real: usize,
        faces: &[Vec<u32>],
        outer: Option<usize>,
        border: &[Point],
        target: &[Point],
    ) -> Mesh {
        let mut mesh =
            Mesh { roles: vec![Role::Real; real], triangles: Vec::new(), frame: Vec::new() };
        for (idx, walk) in faces.iter().enumerate() {
            if Some(idx) == outer {
                continue;
            }
            mesh.fill(walk);
        }
        let outer_walk: Vec<u32> = match outer {
            Some(idx) => faces[idx].clone(),
            None if real > 0 => vec![0],
            None => Vec::new(),
        };
        if !outer_walk.is_empty() {
            mesh.zip_frame(&outer_walk, border, target);
        }
        mesh
    }

    fn add(&mut self, role: Role) -> u32 {
        self.roles.push(role);
        (self.roles.len() - 1) as u32
    }

    fn fill(&mut self, walk: &[u32]) {
        let k = walk.len();
        let distinct = {
            let mut sorted = walk.to_vec();
            sorted.sort_unstable();
            sorted.windows(2).all(|w| w[0] != w[1])
        };
        if k == 3 && distinct {
            self.triangles.push([walk[0], walk[1], walk[2]]);
        } else if distinct && k > 3 {
            let z = self.add(Role::Lake);
            for i in 0..k {
                self.triangles.push([walk[i], walk[(i + 1) % k], z]);
            }
        } else if k >= 3 {
            // A walk through the same vertex twice: a ring of lake vertices
            // (one per side of the walk) keeps the mesh simple.
            let ring: Vec<u32> = (0..k).map(|_| self.add(Role::Lake)).collect();
            let z = self.add(Role::Lake);
            for i in 0..k {
                let j = (i + 1) % k;
                self.triangles.push([walk[i], walk[j], ring[i]]);
                self.triangles.push([walk[j], ring[j], ring[i]]);
                self.triangles.push([ring[i], ring[j], z]);
            }
        }
    }

    /// Joins the outer walk to a ring of frame vertices on the convex
    /// polygon `border` (clockwise on screen): each corner of the walk gets
    /// a run of at least one frame side, centred as near as the others
    /// allow on the point of the border nearest its target.
    fn zip_frame(&mut self, walk: &[u32], border: &[Point], target: &[Point]) {
        let k = walk.len();
        let sides = (2 * k).max(16);
        let frame: Vec<u32> = (0..sides).map(|_| self.add(Role::Frame)).collect();
        // The border is walked the way the outer walk turns at its targets,
        // so the drawing is not mirrored against them.
        let turn: Vec<Point> =
            walk.iter().filter_map(|&v| target.get(v as usize).copied()).collect();
        let turning = polygon_area(&turn);
        let reversed: Vec<Point>;
        let border = if k >= 3 && turning != 0.0 && (turning > 0.0) != (polygon_area(border) > 0.0)
        {
            reversed = border.iter().rev().copied().collect();
            &reversed[..]
        } else {
            border
        };
        let perimeter = perimeter(border);
        let step = perimeter / sides as f64;
        let at: Vec<f64> = walk
            .iter()
            .map(|&v| target.get(v as usize).map_or(0.0, |&p| offset_of(border, p)))
            .collect();
        // Each corner's place in sides from the first corner's, increasing
        // round the ring: a step back (a corner out of order) counts as
        // none, and each corner leaves room for those still to come.
        let mut place = vec![0.0; k];
        for i in 1..k {
            let mut d = if step > 0.0 { (at[i] - at[i - 1]) / step } else { 0.0 };
            d -= sides as f64 * libm::floor(d / sides as f64);
            if d > sides as f64 / 2.0 {
                d = 0.0;
            }
            place[i] = (place[i - 1] + d).min((sides - (k - i)) as f64);
        }
        // Where each corner's run starts: half way between its place and
        // the one before, at least one side after the previous start and
        // leaving a side for each corner still to come.
        let round = |x: f64| libm::floor(x + 0.5) as i64;
        let sides_i = sides as i64;
        let mut start = vec![0i64; k + 1];
        start[0] = round((place[k - 1] - sides as f64) / 2.0).min(0);
        if k == 1 {
            start[0] = -sides_i / 2;
        }
        for i in 1..k {
            let want = round((place[i - 1] + place[i]) / 2.0);
            start[i] = want.max(start[i - 1] + 1).min(start[0] + sides_i - (k - i) as i64);
        }
        start[k] = start[0] + sides_i;
        for (m, &f) in frame.iter().enumerate() {
            self.frame.push((f, along(border, at[0] + step * (start[0] + m as i64) as f64)));
        }
        let index = |j: i64| frame[((j - start[0]) as usize) % sides];
        for i in 0..k {
            for j in start[i]..start[i + 1] {
                self.triangles.push([index(j + 1), index(j), walk[i]]);
            }
            if k > 1 {
                self.triangles.push([walk[i], walk[(i + 1) % k], index(start[i + 1])]);
            }
        }
    }

    /// Each vertex's neighbours (from the triangles), sorted.
    pub(crate) fn neighbours(&self) -> Vec<Vec<u32>> {
        let mut adj = vec![Vec::new(); self.roles.len()];
        for t in &self.triangles {
            for i in 0..3 {
                let (a, b) = (t[i], t[(i + 1) % 3]);
                adj[a as usize].push(b);
                adj[b as usize].push(a);
            }
        }
        for list in &mut adj {
            list.sort_unstable();
            list.dedup();
        }
        adj
    }
}

/// The length of a closed polygon's outline.
pub(crate) fn perimeter(polygon: &[Point]) -> f64 {
    let n = polygon.len();
    (0..n).map(|i| super::geom::dist(polygon[i], polygon[(i + 1) % n])).sum()
}

/// The point at distance `s` along a closed polygon's outline (any `s`).
pub(crate) fn along(polygon: &[Point], s: f64) -> Point {
    let total = perimeter(polygon);
    if total <= 0.0 {
        return polygon.first().copied().unwrap_or([0.0, 0.0]);
    }
    let mut s = s;
    while s < 0.0 {
        s += total;
    }
    while s >= total {
        s -= total;
    }
    let n = polygon.len();
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        let len = super::geom::dist(a, b);
        if s <= len && len > 0.0 {
            return super::geom::lerp(a, b, s / len);
        }
        s -= len;
    }
    polygon[0]
}

/// The distance along a closed polygon's outline of its point nearest `p`.
pub(crate) fn offset_of(polygon: &[Point], p: Point) -> f64 {
    let n = polygon.len();
    let mut best = (f64::INFINITY, 0.0);
    let mut walked = 0.0;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        let len = super::geom::dist(a, b);
        let t = if len > 0.0 {
            let ab = super::geom::sub(b, a);
            let ap = super::geom::sub(p, a);
            ((ab[0] * ap[0] + ab[1] * ap[1]) / (len * len)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let d = super::geom::dist(p, super::geom::lerp(a, b, t));
        if d < best.0 {
            best = (d, walked + t * len);
        }
        walked += len;
    }
    best.1
}
