//! An embedding that follows a shape. A planar graph that is not
//! 3-connected has many embeddings: a province with two neighbours may sit
//! on either side of the border between them, a peninsula may flip over.
//! The left-right test picks one by the order of its search; this module
//! picks the one the shape (the designer's pins, or the first shape) shows.
//!
//! The edges that cross in the shape drawn with straight lines are taken
//! out, most-crossed first, until none cross: what is left is drawn without
//! a crossing, so the order of neighbours round each vertex in the shape is
//! a planar embedding. The edges taken out go back one by one, each into a
//! face both its ends lie on, at the corners nearest their directions. If
//! one cannot, the shape is too far from planar to follow and the caller
//! keeps its own embedding.

use alloc::vec;
use alloc::vec::Vec;

use super::geom::{Point, cross};
use super::join::Join;
use super::planar::{self, Rotation};
use super::quality::pseudo_angle;

/// Past this many edges the search is not tried (it is quadratic in the
/// edges taken out; a map that large is drawn without pins in practice).
const LARGEST: usize = 4000;

/// The embedding of `edges` (on `total` vertices) that follows `at` (one
/// point per vertex), or `None` when the shape is too far from planar (more
/// than an eighth of the edges cross, an edge whose ends share a point, or
/// an edge that cannot go back).
pub(crate) fn follow(total: usize, edges: &[(u32, u32)], at: &[Point]) -> Option<Rotation> {
    if at.len() < total || edges.is_empty() || edges.len() > LARGEST {
        return None;
    }
    let taken = crossed(edges, at)?;
    let mut out = vec![false; edges.len()];
    for &e in &taken {
        out[e] = true;
    }
    let mut rot: Rotation = vec![Vec::new(); total];
    for (e, &(a, b)) in edges.iter().enumerate() {
        if !out[e] {
            rot[a as usize].push(b);
            rot[b as usize].push(a);
        }
    }
    for (v, list) in rot.iter_mut().enumerate() {
        crate::sorting::sort_by(list, |&x, &y| {
            angle(at[v], at[x as usize]).total_cmp(&angle(at[v], at[y as usize])).then(x.cmp(&y))
        });
    }
    let mut join = Join::new(total);
    for (e, &(a, b)) in edges.iter().enumerate() {
        if !out[e] {
            join.union(a, b);
        }
    }
    // Back in, shortest first: a short edge is local, its face plain.
    let mut back = taken;
    let length = |e: usize| {
        let (a, b) = edges[e];
        let d = [at[b as usize][0] - at[a as usize][0], at[b as usize][1] - at[a as usize][1]];
        d[0] * d[0] + d[1] * d[1]
    };
    crate::sorting::sort_by(&mut back, |&x, &y| length(x).total_cmp(&length(y)).then(x.cmp(&y)));
    for e in back {
        let (a, b) = edges[e];
        let (ja, jb) = corners(&rot, at, a, b, join.find(a) == join.find(b))?;
        rot[a as usize].insert(ja, b);
        rot[b as usize].insert(jb, a);
        join.union(a, b);
    }
    planar_embedding(&rot).then_some(rot)
}

/// The edges to take out (indices into `edges`) so that none of the rest
/// cross at `at`, most-crossed first; `None` if there are too many or an
/// edge's ends share a point.
fn crossed(edges: &[(u32, u32)], at: &[Point]) -> Option<Vec<usize>> {
    let lo = |e: usize| at[edges[e].0 as usize][0].min(at[edges[e].1 as usize][0]);
    let hi = |e: usize| at[edges[e].0 as usize][0].max(at[edges[e].1 as usize][0]);
    let mut by_x: Vec<usize> = (0..edges.len()).collect();
    crate::sorting::sort_by(&mut by_x, |&x, &y| lo(x).total_cmp(&lo(y)).then(x.cmp(&y)));
    let mut partners: Vec<Vec<usize>> = vec![Vec::new(); edges.len()];
    for (i, &e) in by_x.iter().enumerate() {
        let (a, b) = edges[e];
        if at[a as usize] == at[b as usize] {
            return None;
        }
        for &f in &by_x[i + 1..] {
            if lo(f) > hi(e) {
                break;
            }
            let (c, d) = edges[f];
            if a == c || a == d || b == c || b == d {
                continue;
            }
            let (p, q, r, s) = (at[a as usize], at[b as usize], at[c as usize], at[d as usize]);
            if meet(p, q, r, s) {
                partners[e].push(f);
                partners[f].push(e);
            }
        }
    }
    let mut count: Vec<usize> = partners.iter().map(Vec::len).collect();
    let mut gone = vec![false; edges.len()];
    let mut taken = Vec::new();
    let most = |count: &[usize]| {
        (0..count.len())
            .filter(|&e| count[e] > 0)
            .max_by(|&x, &y| count[x].cmp(&count[y]).then(y.cmp(&x)))
    };
    while let Some(e) = most(&count) {
        if taken.len() * 8 >= edges.len() {
            return None;
        }
        taken.push(e);
        gone[e] = true;
        count[e] = 0;
        for &f in &partners[e] {
            if !gone[f] {
                count[f] -= 1;
            }
        }
    }
    Some(taken)
}

/// Whether the segments `p q` and `r s` meet (touching or overlapping
/// counts: such a pair is not drawn apart either).
fn meet(p: Point, q: Point, r: Point, s: Point) -> bool {
    let (d1, d2) = (cross(p, q, r), cross(p, q, s));
    let (d3, d4) = (cross(r, s, p), cross(r, s, q));
    if (d1 > 0.0 && d2 < 0.0 || d1 < 0.0 && d2 > 0.0)
        && (d3 > 0.0 && d4 < 0.0 || d3 < 0.0 && d4 > 0.0)
    {
        return true;
    }
    let within = |a: Point, b: Point, c: Point| {
        c[0] >= a[0].min(b[0])
            && c[0] <= a[0].max(b[0])
            && c[1] >= a[1].min(b[1])
            && c[1] <= a[1].max(b[1])
    };
    d1 == 0.0 && within(p, q, r)
        || d2 == 0.0 && within(p, q, s)
        || d3 == 0.0 && within(r, s, p)
        || d4 == 0.0 && within(r, s, q)
}

/// Where `b` goes in `a`'s rotation and `a` in `b`'s (insertion indices):
/// corners on one face (any corners if the ends are not yet joined), the
/// ones nearest the directions between them.
fn corners(rot: &Rotation, at: &[Point], a: u32, b: u32, joined: bool) -> Option<(usize, usize)> {
    let (_, face_of, offsets) = planar::faces_and_darts(rot);
    // Each corner of `v`: the face it lies on (none for a bare vertex) and
    // how far the direction to `w` turns outside it.
    let options = |v: u32, w: u32| -> Vec<(usize, Option<u32>, f64)> {
        let list = &rot[v as usize];
        if list.is_empty() {
            return vec![(0, None, 0.0)];
        }
        let to = angle(at[v as usize], at[w as usize]);
        (0..list.len())
            .map(|j| {
                let from = angle(at[v as usize], at[list[j] as usize]);
                let until = angle(at[v as usize], at[list[(j + 1) % list.len()] as usize]);
                let wedge = turn(from, until);
                let into = turn(from, to);
                let off = if list.len() == 1 || into <= wedge {
                    0.0
                } else {
                    (into - wedge).min(4.0 - into)
                };
                (j + 1, Some(face_of[offsets[v as usize] + j]), off)
            })
            .collect()
    };
    let (from_a, from_b) = (options(a, b), options(b, a));
    let mut best: Option<(f64, usize, usize)> = None;
    for &(ja, fa, oa) in &from_a {
        for &(jb, fb, ob) in &from_b {
            let shared = !joined || fa.is_none() || fb.is_none() || fa == fb;
            if shared && best.is_none_or(|(o, ..)| oa + ob < o) {
                best = Some((oa + ob, ja, jb));
            }
        }
    }
    best.map(|(_, ja, jb)| (ja, jb))
}

/// The pseudo-angle (0 to 4) of the direction from `from` to `to`
/// (`quality::pseudo_angle`).
fn angle(from: Point, to: Point) -> f64 {
    pseudo_angle([to[0] - from[0], to[1] - from[1]])
}

/// How far one turns from `from` to `to` in the rotation's direction
/// (pseudo-angle, 0 up to 4).
fn turn(from: f64, to: f64) -> f64 {
    let d = to - from;
    if d < 0.0 { d + 4.0 } else { d }
}

/// Whether `rot` is a planar embedding: Euler's formula on each component
/// with an edge (vertices − edges + faces = 2).
fn planar_embedding(rot: &Rotation) -> bool {
    let mut join = Join::new(rot.len());
    let mut edges = 0;
    for (v, list) in rot.iter().enumerate() {
        for &w in list {
            join.union(v as u32, w);
            edges += 1;
        }
    }
    let used: Vec<usize> = (0..rot.len()).filter(|&v| !rot[v].is_empty()).collect();
    let mut roots: Vec<u32> = used.iter().map(|&v| join.find(v as u32)).collect();
    roots.sort_unstable();
    roots.dedup();
    let faces = planar::faces(rot).len();
    used.len() + faces == edges / 2 + 2 * roots.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square with a diagonal and a vertex `4` joined to two opposite
    /// corners: `4` is drawn outside, east; the embedding puts it there.
    #[test]
    fn a_two_neighbour_vertex_sits_where_the_shape_has_it() {
        let edges = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 4), (2, 4)];
        let at = [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0], [20.0, 5.0]];
        let rot = follow(5, &edges, &at).expect("planar as drawn");
        assert!(planar_embedding(&rot));
        // Round 1 (at 10, 0): 0 west, 2 south, 4 south-east, in angle order.
        let mut round = rot[1].clone();
        let start = round.iter().position(|&v| v == 0).unwrap();
        round.rotate_left(start);
        assert_eq!(round, [0, 4, 2]);
    }

    /// An edge drawn across two others goes back into a face its ends share.
    #[test]
    fn a_crossing_edge_goes_back_in() {
        // K4 drawn with its two diagonals crossing: one goes round outside.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)];
        let at = [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]];
        let rot = follow(4, &edges, &at).expect("K4 is planar");
        assert!(planar_embedding(&rot));
        assert_eq!(rot.iter().map(Vec::len).sum::<usize>(), 12);
    }

    /// K5 cannot be embedded: no edge order brings all ten back.
    #[test]
    fn k5_is_refused() {
        let mut edges = Vec::new();
        for a in 0..5u32 {
            for b in a + 1..5 {
                edges.push((a, b));
            }
        }
        let at = [[0.0, 0.0], [10.0, 0.0], [12.0, 8.0], [5.0, 12.0], [-2.0, 8.0]];
        assert!(follow(5, &edges, &at).is_none());
    }
}
