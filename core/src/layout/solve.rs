//! Vertex positions for the mesh: the weighted barycentric (Tutte) drawing
//! with the frame fixed, solved by preconditioned conjugate gradients. For
//! positive weights and a convex frame the drawing of a triangulated mesh is
//! planar (Tutte 1963, Floater 1997), whatever the weights; the weights are
//! then re-chosen from edge lengths a few times, which spreads the crowded
//! middle of a plain Tutte drawing, and every result is checked: all
//! triangles keep one orientation, or the last valid drawing is kept.

#![allow(clippy::needless_range_loop)] // index loops read best in the numeric code

use alloc::vec;
use alloc::vec::Vec;

use super::PinConflict;
use super::geom::{Point, bounds, centroid, cross, dist, sqrt};
use super::mesh::{Mesh, Role};
use super::quality::{self, Similarity};
use crate::map::ProvinceId;

/// A symmetric weighted adjacency in compressed rows.
struct Graph {
    start: Vec<usize>,
    to: Vec<u32>,
}

impl Graph {
    fn of(adj: &[Vec<u32>]) -> Graph {
        let mut start = Vec::with_capacity(adj.len() + 1);
        let mut to = Vec::new();
        for list in adj {
            start.push(to.len());
            to.extend_from_slice(list);
        }
        start.push(to.len());
        Graph { start, to }
    }
}

/// Solves for the free vertices (`fixed[v]` false) with the given edge
/// weights, starting from `pos` (fixed vertices hold their places).
fn tutte(g: &Graph, w: &[f64], fixed: &[bool], pos: &mut [Point], iterations: usize) {
    let n = fixed.len();
    let mut diag = vec![0.0; n];
    let mut rhs = vec![[0.0; 2]; n];
    for v in 0..n {
        if fixed[v] {
            continue;
        }
        for e in g.start[v]..g.start[v + 1] {
            let u = g.to[e] as usize;
            diag[v] += w[e];
            if fixed[u] {
                rhs[v][0] += w[e] * pos[u][0];
                rhs[v][1] += w[e] * pos[u][1];
            }
        }
    }
    let apply = |x: &[Point], out: &mut [Point]| {
        for v in 0..n {
            if fixed[v] {
                out[v] = [0.0, 0.0];
                continue;
            }
            let mut acc = [diag[v] * x[v][0], diag[v] * x[v][1]];
            for e in g.start[v]..g.start[v + 1] {
                let u = g.to[e] as usize;
                if !fixed[u] {
                    acc[0] -= w[e] * x[u][0];
                    acc[1] -= w[e] * x[u][1];
                }
            }
            out[v] = acc;
        }
    };
    // Conjugate gradients for x and y side by side (same matrix). Each
    // sum runs over every vertex in order, from -0.0 as `Iterator::sum`
    // does, so the passes folded together add the same terms in the same
    // order as one pass per sum would.
    let mut r = vec![[0.0; 2]; n];
    let mut ap = vec![[0.0; 2]; n];
    apply(pos, &mut ap);
    for v in 0..n {
        if !fixed[v] {
            r[v] = [rhs[v][0] - ap[v][0], rhs[v][1] - ap[v][1]];
        }
    }
    let precond = |r: Point, v: usize| -> Point {
        if fixed[v] || diag[v] == 0.0 { [0.0, 0.0] } else { [r[0] / diag[v], r[1] / diag[v]] }
    };
    let mut z = vec![[0.0; 2]; n];
    // r·z and r·r, per axis.
    let mut rz = [-0.0; 2];
    let mut rr = [-0.0; 2];
    for v in 0..n {
        z[v] = precond(r[v], v);
        for k in 0..2 {
            rz[k] += r[v][k] * z[v][k];
            rr[k] += r[v][k] * r[v][k];
        }
    }
    let mut p = z.clone();
    let scale: f64 = rhs.iter().map(|it| it[0] * it[0] + it[1] * it[1]).sum::<f64>().max(1e-30);
    for _ in 0..iterations {
        if rr[0] + rr[1] <= 1e-16 * scale {
            break;
        }
        apply(&p, &mut ap);
        let mut pap = [-0.0; 2];
        for v in 0..n {
            for k in 0..2 {
                pap[k] += p[v][k] * ap[v][k];
            }
        }
        let mut alpha = [0.0; 2];
        for k in 0..2 {
            alpha[k] = if pap[k] > 0.0 { rz[k] / pap[k] } else { 0.0 };
        }
        let mut next = [-0.0; 2];
        rr = [-0.0; 2];
        for v in 0..n {
            if !fixed[v] {
                for k in 0..2 {
                    pos[v][k] += alpha[k] * p[v][k];
                    r[v][k] -= alpha[k] * ap[v][k];
                }
            }
            z[v] = precond(r[v], v);
            for k in 0..2 {
                next[k] += r[v][k] * z[v][k];
                rr[k] += r[v][k] * r[v][k];
            }
        }
        for v in 0..n {
            for k in 0..2 {
                let beta = if rz[k] > 0.0 { next[k] / rz[k] } else { 0.0 };
                p[v][k] = z[v][k] + beta * p[v][k];
            }
        }
        rz = next;
    }
}

/// The least-squares conformal map (Lévy, Petitjean, Ray, Maillot 2002)
/// of the mesh's triangles off the frame, each taken as equilateral: the
/// drawing whose triangles are as near equilateral as they can be with
/// `pins` held, the rest starting from `start`. Conformal energy is the
/// Dirichlet energy less the drawing's signed area, a quadratic, solved by
/// conjugate gradients for both orientations (the pins pick one: the
/// lower energy). The boundary is free, so provinces at the edge are not
/// drawn in towards the pins (a barycentric drawing pulls them in), and
/// each province's neighbours keep even angles round it, so the density
/// of provinces varies smoothly between the pins. On the truth boards it
/// is nearer the true places than stress with the pins held or the
/// barycentric drawing (10 pins: 2.8 %, 4.1 %, 2.1 % of the diagonal on
/// standard, ancmed, modern against 4.5 %, 5.9 %, 4.2 % for stress).
/// `None` with fewer than two pins on the triangles.
pub(crate) fn conformal(mesh: &Mesh, pins: &[(u32, Point)], start: &[Point]) -> Option<Vec<Point>> {
    let n = mesh.roles.len();
    let tris: Vec<[u32; 3]> = mesh
        .triangles
        .iter()
        .copied()
        .filter(|t| t.iter().all(|&v| mesh.roles[v as usize] != Role::Frame))
        .collect();
    if tris.is_empty() {
        return None;
    }
    let mut used = vec![false; n];
    for t in &tris {
        for &v in t {
            used[v as usize] = true;
        }
    }
    let mut fixed = vec![false; n];
    let mut pos: Vec<Point> = (0..n).map(|v| start.get(v).copied().unwrap_or([0.0, 0.0])).collect();
    let held: Vec<(u32, Point)> = pins.iter().copied().filter(|&(v, _)| used[v as usize]).collect();
    if held.len() < 2 {
        return None;
    }
    for &(v, at) in &held {
        fixed[v as usize] = true;
        pos[v as usize] = at;
    }
    // The vertices solved for: on a triangle, not held.
    let free: Vec<bool> = (0..n).map(|v| used[v] && !fixed[v]).collect();
    // Every triangle taken as equilateral: each side's weight the
    // cotangent of 60°.
    let cot = 1.0 / sqrt(3.0);
    // The gradient of E_D − s·A at x (all vertices), into `out`.
    let grad = |x: &[Point], s: f64, out: &mut [Point]| {
        out.iter_mut().for_each(|o| *o = [0.0, 0.0]);
        for t in &tris {
            for k in 0..3 {
                let (i, j) = (t[k] as usize, t[(k + 1) % 3] as usize);
                let d = [x[i][0] - x[j][0], x[i][1] - x[j][1]];
                // ¼ cot |xi − xj|²: gradient ½ cot (xi − xj).
                out[i][0] += 0.5 * cot * d[0];
                out[i][1] += 0.5 * cot * d[1];
                out[j][0] -= 0.5 * cot * d[0];
                out[j][1] -= 0.5 * cot * d[1];
            }
            // Area ½ (b − a) × (c − a): its gradient at each corner is ½
            // the perpendicular of the opposite side.
            for k in 0..3 {
                let (a, b, c) = (t[k] as usize, t[(k + 1) % 3] as usize, t[(k + 2) % 3] as usize);
                out[a][0] -= s * 0.5 * (x[b][1] - x[c][1]);
                out[a][1] -= s * 0.5 * (x[c][0] - x[b][0]);
            }
        }
    };
    let solve = |s: f64| -> (Vec<Point>, f64) {
        let mut x = pos.clone();
        let mut r = vec![[0.0; 2]; n];
        grad(&x, s, &mut r);
        for v in 0..n {
            r[v] = if free[v] { [-r[v][0], -r[v][1]] } else { [0.0, 0.0] };
        }
        let mut p = r.clone();
        let mut ap = vec![[0.0; 2]; n];
        let dot = |a: &[Point], b: &[Point]| -> f64 {
            a.iter().zip(b).map(|(x, y)| x[0] * y[0] + x[1] * y[1]).sum()
        };
        let mut rr = dot(&r, &r);
        let first = rr.max(1e-30);
        for _ in 0..(4 * n + 100) {
            if rr <= 1e-20 * first {
                break;
            }
            grad(&p, s, &mut ap);
            for v in 0..n {
                if !free[v] {
                    ap[v] = [0.0, 0.0];
                }
            }
            let pap = dot(&p, &ap);
            if pap <= 0.0 {
                break;
            }
            let alpha = rr / pap;
            for v in 0..n {
                x[v][0] += alpha * p[v][0];
                x[v][1] += alpha * p[v][1];
                r[v][0] -= alpha * ap[v][0];
                r[v][1] -= alpha * ap[v][1];
            }
            let next = dot(&r, &r);
            let beta = next / rr;
            rr = next;
            for v in 0..n {
                p[v] = [r[v][0] + beta * p[v][0], r[v][1] + beta * p[v][1]];
            }
        }
        // The energy: ½ xᵀ H x, H x being the gradient.
        let mut g = vec![[0.0; 2]; n];
        grad(&x, s, &mut g);
        let energy = 0.5 * dot(&x, &g);
        (x, energy)
    };
    let (a, ea) = solve(1.0);
    let (b, eb) = solve(-1.0);
    Some(if ea <= eb { a } else { b })
}

/// The sign (±1) every triangle of a planar drawing shares: that of their
/// total signed area, which is the frame's whatever the inner vertices
/// do; `None` for a mesh without triangles.
fn orientation(mesh: &Mesh, pos: &[Point]) -> Option<f64> {
    if mesh.triangles.is_empty() {
        return None;
    }
    let area: f64 = mesh
        .triangles
        .iter()
        .map(|t| cross(pos[t[0] as usize], pos[t[1] as usize], pos[t[2] as usize]))
        .sum();
    Some(if area < 0.0 { -1.0 } else { 1.0 })
}

/// Whether every triangle has the frame's orientation and a
/// non-negligible area.
pub(crate) fn valid(mesh: &Mesh, pos: &[Point]) -> bool {
    turned_of(mesh, pos).is_empty()
}

/// Unit weights but on the edges to fixed (frame) vertices: those of a
/// vertex share the mean pull of all the vertices that have any, however
/// many it has. The outer walk's corners get runs of one to three frame
/// sides (each centred on its target's place along the frame); with a unit
/// weight each, a province with one was drawn in towards the lake beside
/// one with three, which on a ring of 1,000 provinces made spikes (366
/// barriers, now none; 5,000: 1,216 connectors, now none).
fn frame_even(g: &Graph, fixed: &[bool]) -> Vec<f64> {
    let mut w = vec![1.0; g.to.len()];
    let framed: Vec<usize> = (0..fixed.len())
        .map(|v| {
            let edges = g.start[v]..g.start[v + 1];
            if fixed[v] { 0 } else { edges.filter(|&e| fixed[g.to[e] as usize]).count() }
        })
        .collect();
    let outer = framed.iter().filter(|&&f| f > 0).count();
    if outer == 0 {
        return w;
    }
    let mean = framed.iter().sum::<usize>() as f64 / outer as f64;
    for (v, &f) in framed.iter().enumerate().filter(|(_, f)| **f > 0) {
        for e in g.start[v]..g.start[v + 1] {
            if fixed[g.to[e] as usize] {
                w[e] = mean / f as f64;
            }
        }
    }
    w
}

/// Mean value coordinates (Floater 2003) of each free vertex over its
/// neighbours in cyclic order, at the target positions: the weights with
/// which the vertex is exactly the weighted mean of its neighbours where the
/// target is locally planar. Symmetrised (the mean of both ends' normalised
/// weights) so that the system stays symmetric; never below a small floor,
/// so the Tutte guarantee holds.
fn shape_weights(
    mesh: &Mesh,
    fans: &[Vec<(u32, u32, u32)>],
    target: &[Point],
    g: &Graph,
    fixed: &[bool],
) -> Vec<f64> {
    let n = mesh.roles.len();
    // lambda[v] as (neighbour, weight) normalised to sum 1.
    let mut lambda: Vec<Vec<(u32, f64)>> = vec![Vec::new(); n];
    for v in 0..n {
        if fixed[v] {
            continue;
        }
        let fan = &fans[v];
        let d = fan.len();
        if d == 0 {
            continue;
        }
        let p = target[v];
        let tan_half = |a: Point, b: Point| -> f64 {
            let (ax, ay, bx, by) = (a[0] - p[0], a[1] - p[1], b[0] - p[0], b[1] - p[1]);
            let cr = ax * by - ay * bx;
            let dot = ax * bx + ay * by;
            let la = sqrt(ax * ax + ay * ay);
            let lb = sqrt(bx * bx + by * by);
            let denom = la * lb + dot;
            if denom <= 1e-12 { 1e3 } else { cr / denom }
        };
        let mut weights = Vec::with_capacity(d);
        let mut total = 0.0;
        for i in 0..d {
            let prev = fan[(i + d - 1) % d].0;
            let this = fan[i].0;
            let next = fan[(i + 1) % d].0;
            let (a, b, c) = (target[prev as usize], target[this as usize], target[next as usize]);
            let len = dist(b, p).max(1e-9);
            // Orientation of the fan decides the sign convention.
            let w = (tan_half(a, b) + tan_half(b, c)).abs() / len;
            weights.push((this, w));
            total += w;
        }
        let floor = 0.02 * total / d as f64;
        let mut sum = 0.0;
        for (_, w) in &mut weights {
            *w = w.max(floor);
            sum += *w;
        }
        for (_, w) in &mut weights {
            *w /= sum;
        }
        // By neighbour (stably: the first of a neighbour met twice comes
        // first), looked up by search: a lake in a ring of thousands of
        // provinces has thousands of neighbours.
        crate::sorting::sort_by_key(&mut weights, |it| it.0);
        lambda[v] = weights;
    }
    let of = |a: usize, b: u32| {
        let list = &lambda[a];
        let at = list.partition_point(|it| it.0 < b);
        list.get(at).filter(|it| it.0 == b).map_or(0.0, |it| it.1)
    };
    let mut w = vec![0.0; g.to.len()];
    for v in 0..n {
        for e in g.start[v]..g.start[v + 1] {
            let u = g.to[e];
            let (x, y) = (of(v, u), of(u as usize, v as u32));
            let value = if fixed[v] || fixed[u as usize] { x.max(y) } else { (x + y) / 2.0 };
            w[e] = value.max(1e-4);
        }
    }
    w
}

/// Positions for every mesh vertex, following `target` (one point per mesh
/// vertex) as far as a planar drawing allows, the pins let go, and which
/// vertices were held (the frame and the pins kept). `pins`
/// fix real vertices exactly where they say: the drawing is solved with
/// all of them held; while it is not planar, the pin nearest the turned
/// triangles that pulls hardest against the drawing without pins is let
/// go (and reported), and the rest are solved again; once it is planar,
/// pins let go are tried back one by one, and those still let go are
/// drawn towards their pins ([`toward_pins`]). `untangled`: before a pin
/// is let go, the drawing is untangled round the pins ([`untangle`]), and
/// no triangle may turn but those the drawing without pins has (without:
/// no more may turn than it has).
pub(crate) fn positions(
    mesh: &Mesh,
    fans: &[Vec<(u32, u32, u32)>],
    target: &[Point],
    pins: &[(u32, Point)],
    follow: bool,
    untangled: bool,
) -> (Vec<Point>, Vec<PinConflict>, Vec<bool>) {
    let n = mesh.roles.len();
    let adj = mesh.neighbours();
    let g = Graph::of(&adj);
    let mut fixed = vec![false; n];
    let mut pos: Vec<Point> = target.to_vec();
    for &(v, at) in &mesh.frame {
        fixed[v as usize] = true;
        pos[v as usize] = at;
    }
    let mut goal = pos.clone();
    for &(v, at) in pins {
        goal[v as usize] = at;
    }
    // The plain barycentric weights (valid in exact arithmetic), each
    // outer province pulled to the frame as hard as another whatever the
    // length of its run of frame sides (see [`frame_even`]).
    let uniform = frame_even(&g, &fixed);
    let w = if follow { shape_weights(mesh, fans, &goal, &g, &fixed) } else { uniform.clone() };
    let iterations = 4 * n + 50;
    tutte(&g, &w, &fixed, &mut pos, iterations);
    if !valid(mesh, &pos) {
        tutte(&g, &uniform, &fixed, &mut pos, 20 * n + 200);
    }
    if pins.is_empty() {
        return (pos, Vec::new(), fixed);
    }
    let free = onto_pins(pos, pins);
    // Triangles crushed flat in the drawing without pins (a degenerate
    // corner of the graph) are not the pins' doing.
    let crushed = turned_of(mesh, &free);
    let baseline = crushed.len();
    // No triangle turned but those the drawing without pins has.
    let untouched = |turned: &[usize]| turned.iter().all(|t| crushed.binary_search(t).is_ok());
    // The drawing with `held` pins held: the positions, the triangles it
    // turns, the vertices held, and whether it is planar.
    let attempt = |held: &[(u32, Point)]| {
        let mut start = free.clone();
        let mut fixed_pins = fixed.clone();
        for &(v, at) in held {
            fixed_pins[v as usize] = true;
            start[v as usize] = at;
        }
        let mut pinned = start.clone();
        tutte(&g, &w, &fixed_pins, &mut pinned, iterations);
        let mut turned = turned_of(mesh, &pinned);
        if turned.len() > baseline && follow {
            // The shape's weights fold the drawing round the pins: the
            // plain weights may not.
            let mut plain = start.clone();
            tutte(&g, &uniform, &fixed_pins, &mut plain, iterations);
            let again = turned_of(mesh, &plain);
            if again.len() < turned.len() {
                pinned = plain;
                turned = again;
            }
        }
        if untangled && !untouched(&turned) {
            // Barycentres cannot always fold a drawing round pins that a
            // planar drawing can hold. The drawing without pins, its pins
            // moved onto their places, is untangled where they turned it:
            // each vertex near a turn moves into the kernel of its star,
            // which turns no triangle. Failing that, the barycentric one.
            let mut local = start;
            untangle(mesh, &fixed_pins, &mut local, &crushed);
            let after = turned_of(mesh, &local);
            if untouched(&after) {
                pinned = local;
                turned = after;
            } else {
                untangle(mesh, &fixed_pins, &mut pinned, &crushed);
                turned = turned_of(mesh, &pinned);
            }
        }
        let planar = if untangled { untouched(&turned) } else { turned.len() <= baseline };
        (pinned, turned, fixed_pins, planar)
    };
    let mut held: Vec<(u32, Point)> = pins.to_vec();
    let mut conflicts: Vec<PinConflict> = Vec::new();
    while !held.is_empty() {
        let (mut pinned, turned, mut fixed_pins, planar) = attempt(&held);
        if planar {
            // A pin let go early may not have been in the way of those let
            // go after it: each is tried back, the last let go first, and
            // held again if the drawing stays planar (hundred at twenty
            // true places let nine go, now four). Only while pins are let
            // go one a round, in the untangled solve: with dozens dropped
            // anywhere the tries would cost more than they hold.
            let tries =
                if untangled && conflicts.len() <= ONE_BY_ONE { conflicts.len() } else { 0 };
            for i in (0..tries).rev() {
                let v = conflicts[i].province.0;
                let Some(&pin) = pins.iter().find(|p| p.0 == v) else { continue };
                held.push(pin);
                let (again, _, again_fixed, ok) = attempt(&held);
                if ok {
                    pinned = again;
                    fixed_pins = again_fixed;
                    conflicts.remove(i);
                } else {
                    held.pop();
                }
            }
            toward_pins(mesh, fans, &mut pinned, pins, &conflicts, &mut fixed_pins);
            return (pinned, conflicts, fixed_pins);
        }
        // Pins within two steps of a turned triangle, hardest pulling
        // (furthest from where the drawing without pins has them, in
        // lengths of their own edges) first.
        let mut near = vec![false; n];
        for &t in &turned {
            for &v in &mesh.triangles[t] {
                near[v as usize] = true;
                for &u in &adj[v as usize] {
                    near[u as usize] = true;
                }
            }
        }
        let involved: Vec<usize> = (0..held.len())
            .filter(|&i| {
                let v = held[i].0 as usize;
                near[v] || adj[v].iter().any(|&u| near[u as usize])
            })
            .collect();
        let candidates: Vec<usize> =
            if involved.is_empty() { (0..held.len()).collect() } else { involved };
        let pull = |i: usize| {
            let (v, at) = held[i];
            let v = v as usize;
            let reach = adj[v].iter().map(|&u| dist(free[v], free[u as usize])).sum::<f64>()
                / adj[v].len().max(1) as f64;
            dist(free[v], at) / reach.max(1e-9)
        };
        // One pin let go a round, the hardest pulling; past a few, a
        // quarter of those involved a round (pins dropped anywhere, dozens
        // fighting the graph: one a round took seconds).
        let batch = if conflicts.len() < ONE_BY_ONE { 1 } else { candidates.len().div_ceil(4) };
        let mut order = candidates.clone();
        crate::sorting::sort_by(&mut order, |&x, &y| pull(y).total_cmp(&pull(x)).then(x.cmp(&y)));
        order.truncate(batch);
        // Reported hardest pulling first.
        for &worst in &order {
            // The pins it fought with that are nearest it, a few at most
            // (a warning naming dozens helps no one).
            let mut with: Vec<usize> = candidates.iter().copied().filter(|&i| i != worst).collect();
            let at = held[worst].1;
            crate::sorting::sort_by(&mut with, |&x, &y| {
                dist(held[x].1, at).total_cmp(&dist(held[y].1, at)).then(x.cmp(&y))
            });
            with.truncate(NAMED);
            let with = with.into_iter().map(|i| ProvinceId(held[i].0)).collect();
            conflicts.push(PinConflict { province: ProvinceId(held[worst].0), with });
        }
        // Out of `held` from the back, so the indices stay true.
        order.sort_unstable_by(|a, b| b.cmp(a));
        for i in order {
            held.remove(i);
        }
    }
    (free, conflicts, fixed)
}

/// Each let-go pin's vertex moved from where the solve left it towards its
/// pin as far as its own triangles keep their turn (the whole way, else
/// half, a quarter, …), then held there, so that the province is drawn as
/// near its pin as the graph lets it; three rounds, as the vertices of
/// neighbouring let-go pins make room for each other. A pin that then lies
/// in its region, with room for the label, is held after all (see
/// `layout::draw`).
fn toward_pins(
    mesh: &Mesh,
    fans: &[Vec<(u32, u32, u32)>],
    pos: &mut [Point],
    pins: &[(u32, Point)],
    conflicts: &[PinConflict],
    fixed: &mut [bool],
) {
    if conflicts.is_empty() {
        return;
    }
    let Some(sign) = orientation(mesh, pos) else { return };
    for _ in 0..3 {
        for conflict in conflicts {
            let v = conflict.province.0 as usize;
            let Some(&(_, at)) = pins.iter().find(|p| p.0 as usize == v) else { continue };
            let fan = &fans[v];
            if fan.is_empty() || !star_keeps_turn(fan, pos, pos[v], sign) {
                continue;
            }
            let from = pos[v];
            let mut t = 1.0;
            for _ in 0..12 {
                let p = super::geom::lerp(from, at, t);
                if star_keeps_turn(fan, pos, p, sign) {
                    pos[v] = p;
                    break;
                }
                t /= 2.0;
            }
            fixed[v] = true;
        }
    }
}

/// Whether every triangle `(at, b, c)` of `fan` (a vertex's, the vertex
/// at `at`) keeps the turn `sign`, none crushed flat (as [`turned_of`]
/// counts them).
fn star_keeps_turn(fan: &[(u32, u32, u32)], pos: &[Point], at: Point, sign: f64) -> bool {
    fan.iter().all(|&(b, c, _)| sign * cross(at, pos[b as usize], pos[c as usize]) > 1e-6)
}

/// Pins let go one a round before [`positions`] lets go a quarter of
/// those involved a round.
const ONE_BY_ONE: usize = 6;

/// The pins a let-go pin names at most (the nearest it).
const NAMED: usize = 6;

/// Rounds of [`untangle`] at most.
const UNTANGLE_ROUNDS: usize = 40;

/// Untangles a drawing turned round its pins: each free vertex within two
/// steps of a turned triangle moves to the middle of the kernel of its
/// star (the points from which every triangle round it keeps the frame's
/// orientation), when the kernel is not empty. A move fixes every triangle
/// round the vertex and touches no other, so turns only ever go; the
/// vertices round them move too, which opens kernels that were shut.
/// Stops when no triangle is turned but the `crushed` ones (sorted).
fn untangle(mesh: &Mesh, fixed: &[bool], pos: &mut [Point], crushed: &[usize]) {
    let Some(sign) = orientation(mesh, pos) else { return };
    let n = mesh.roles.len();
    let mut around: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (t, tri) in mesh.triangles.iter().enumerate() {
        for &v in tri {
            around[v as usize].push(t);
        }
    }
    let mut near = vec![0u32; n];
    for round in 1..=UNTANGLE_ROUNDS as u32 {
        let turned: Vec<usize> = turned_of(mesh, pos)
            .into_iter()
            .filter(|t| crushed.binary_search(t).is_err())
            .collect();
        if turned.is_empty() {
            return;
        }
        // First the vertices of the turned triangles; when none of them
        // can move, those within two steps too (which opens their kernels).
        let corners: Vec<u32> = turned.iter().flat_map(|&t| mesh.triangles[t]).collect();
        let mut moved =
            shift_into_kernels(mesh, &around, fixed, pos, sign, &corners, &mut near, 2 * round);
        if !moved {
            // Each vertex once, in the order first reached (the list grew
            // eighteenfold a step with repeats: seconds with dozens of
            // pins let go).
            let mut ring = corners;
            for _ in 0..2 {
                let mut next = ring.clone();
                for &v in &ring {
                    for &t in &around[v as usize] {
                        next.extend(mesh.triangles[t]);
                    }
                }
                ring = first_each(next, n);
            }
            moved = shift_into_kernels(
                mesh,
                &around,
                fixed,
                pos,
                sign,
                &ring,
                &mut near,
                2 * round + 1,
            );
        }
        if !moved {
            return;
        }
    }
}

/// `list` with each vertex only where it first occurs (vertices below `n`).
fn first_each(mut list: Vec<u32>, n: usize) -> Vec<u32> {
    let mut seen = vec![false; n];
    list.retain(|&v| !core::mem::replace(&mut seen[v as usize], true));
    list
}

/// Moves each free vertex of `which` (once: `seen` marks it with `mark`)
/// to the middle of its kernel; whether one moved.
#[allow(clippy::too_many_arguments)]
fn shift_into_kernels(
    mesh: &Mesh,
    around: &[Vec<usize>],
    fixed: &[bool],
    pos: &mut [Point],
    sign: f64,
    which: &[u32],
    seen: &mut [u32],
    mark: u32,
) -> bool {
    let mut moved = false;
    for &v in which {
        if fixed[v as usize] || seen[v as usize] == mark {
            continue;
        }
        seen[v as usize] = mark;
        if let Some(at) = kernel_middle(mesh, &around[v as usize], v, pos, sign) {
            moved |= at != pos[v as usize];
            pos[v as usize] = at;
        }
    }
    moved
}

/// The middle (mean of corners) of the kernel of `v`'s star: the triangles
/// `around` it keep orientation `sign` with clear area wherever `v` is in
/// it. `None` if the kernel is empty.
fn kernel_middle(mesh: &Mesh, around: &[usize], v: u32, pos: &[Point], sign: f64) -> Option<Point> {
    // Start from the box round the star, then cut by each triangle's line.
    let star: Vec<Point> = around
        .iter()
        .flat_map(|&t| mesh.triangles[t])
        .filter(|&u| u != v)
        .map(|u| pos[u as usize])
        .collect();
    let (lo, hi) = bounds(&star);
    let mut poly: Vec<Point> = vec![lo, [hi[0], lo[1]], hi, [lo[0], hi[1]]];
    for &t in around {
        let tri = mesh.triangles[t];
        // The area of the triangle with `x` for `v`, signed: linear in `x`.
        let area = |x: Point| {
            let at = |u: u32| if u == v { x } else { pos[u as usize] };
            cross(at(tri[0]), at(tri[1]), at(tri[2])) * sign - KERNEL_MARGIN
        };
        let mut cut = Vec::with_capacity(poly.len() + 1);
        for i in 0..poly.len() {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            let (fp, fq) = (area(p), area(q));
            if fp >= 0.0 {
                cut.push(p);
            }
            if fp >= 0.0 && fq < 0.0 || fp < 0.0 && fq >= 0.0 {
                let s = fp / (fp - fq);
                cut.push([p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s]);
            }
        }
        poly = cut;
        if poly.len() < 3 {
            return None;
        }
    }
    Some(centroid(&poly))
}

/// The least doubled area a triangle keeps in [`kernel_middle`] (above the
/// 1e-6 under which a triangle counts as crushed).
const KERNEL_MARGIN: f64 = 1e-3;

/// The drawing `pos` moved as a whole onto the pins: shifted by one pin,
/// turned and scaled by two, mirrored too by three or more when that fits
/// better (the least-squares similarity). A whole drawing moved stays
/// planar, so one or two pins are always held exactly, and more start
/// from where they pull least.
fn onto_pins(mut pos: Vec<Point>, pins: &[(u32, Point)]) -> Vec<Point> {
    let pairs: Vec<(Point, Point)> = pins.iter().map(|&(v, at)| (pos[v as usize], at)).collect();
    let moved = match pairs[..] {
        [] => return pos,
        [(from, to)] => {
            let shift = [to[0] - from[0], to[1] - from[1]];
            Similarity { factor: [1.0, 0.0], mirror: false, shift }
        }
        _ => match quality::fit(&pairs, pairs.len() >= 3) {
            Some(it) => it,
            None => return pos,
        },
    };
    for p in &mut pos {
        *p = moved.apply(*p);
    }
    pos
}

/// The areas [`balance`] leaves alone, as shares of the median: a region
/// smaller is pushed out, one larger pulled in.
const SPREAD: (f64, f64) = (0.5, 3.0);

/// [`SPREAD`] with pins: the drawing follows the designer's picture, whose
/// regions may differ more (a sea three times a small land province); only
/// crumbs and giants are evened. Measured on the truth boards (median
/// distance from the true places at 3/5/10/20 pins): with [`SPREAD`],
/// ancmed's labels were 0.2 to 0.8 % of the diagonal further off at every
/// k, and standard's rose from 2.69 % at 10 pins to 2.94 % at 20; with
/// this, the median never rises with k on any board.
const PINNED_SPREAD: (f64, f64) = (0.25, 6.0);

/// Rounds of [`balance`] at most.
const BALANCE_ROUNDS: usize = 60;

/// Rounds of [`balance`] at most on a small map (see [`SLIDE`]).
const SMALL_ROUNDS: usize = 400;

/// A triangle's twice area over its longest side squared below which the
/// balance takes it as flat (an equilateral's is 0.87).
const FLAT: f64 = 0.05;

/// The most provinces of a map on which the balance slides along flat
/// triangles.
const SLIDE: usize = 40;

/// Evens out the regions' areas without changing the embedding. Each
/// province's region is about a third of each mesh triangle round it. A
/// region under half the median presses out on its triangles' corners
/// with a pressure of ln(0.5 / ratio), at most 3; one over three times the
/// median draws them in with ln(ratio / 3), at most 1.5; those between
/// are left as they are (most are, so most vertices never move). Each free
/// vertex moves with the net push on it (a step at most a quarter of its
/// shortest edge); a move that would turn or crush one of its triangles is
/// halved, then given up, so the drawing stays planar; pins and frame stay
/// put. A drawing with pins is balanced with its pins held (the search
/// prefers the drawing that lets fewest pins go, then the most readable).
/// On a small map without pins (at most [`SLIDE`] provinces) the push
/// slides along a near-flat triangle instead of being refused against it,
/// for up to [`SMALL_ROUNDS`] rounds: there one crumb is a large share of
/// the map, and a crumb's neighbours are often pressed flat against the
/// triangles round it.
pub(crate) fn balance(
    mesh: &Mesh,
    fans: &[Vec<(u32, u32, u32)>],
    fixed: &[bool],
    pos: &mut [Point],
    boxed: bool,
) {
    // A drawing folded anywhere (a corner of the graph crushed flat, which
    // pins may leave) is not balanced: through a fold a vertex that keeps
    // its own triangles' turn can still leave the frame.
    if !valid(mesh, pos) {
        return;
    }
    let Some(sign) = orientation(mesh, pos) else { return };
    let n = mesh.roles.len();
    let real: Vec<usize> = (0..n).filter(|&v| mesh.roles[v] == Role::Real).collect();
    if real.len() < 3 {
        return;
    }
    // Twice the signed area of (a, b, c), positive when it keeps its turn.
    let turn =
        |pos: &[Point], a: Point, b: u32, c: u32| sign * cross(a, pos[b as usize], pos[c as usize]);
    // With pins, no vertex leaves the box of the provinces as they stand
    // (the frame moved with the drawing onto the pins may lie far out, and
    // would draw the hull out round by round); without, the frame is the
    // bound.
    let bounds = boxed.then(|| {
        let points: Vec<Point> = real.iter().map(|&v| pos[v]).collect();
        let (lo, hi) = super::geom::bounds(&points);
        let margin = 0.05 * (hi[0] - lo[0]).max(hi[1] - lo[1]);
        ([lo[0] - margin, lo[1] - margin], [hi[0] + margin, hi[1] + margin])
    });
    let inside = |p: Point| {
        bounds
            .is_none_or(|(lo, hi)| p[0] >= lo[0] && p[0] <= hi[0] && p[1] >= lo[1] && p[1] <= hi[1])
    };
    // On a small map without pins a vertex stuck against a flat triangle
    // slides along it, for more rounds (each is cheap there). On larger
    // maps the slide evens areas at the cost of compact shapes and the
    // true order (measured on the random maps).
    let slide = !boxed && real.len() <= SLIDE;
    let (lo, hi) = if boxed { PINNED_SPREAD } else { SPREAD };
    let rounds = if slide { SMALL_ROUNDS } else { BALANCE_ROUNDS };
    let mut area = vec![0.0; n];
    let mut pressure = vec![0.0; n];
    let mut areas = Vec::with_capacity(real.len());
    let mut active = vec![false; n];
    // Whether each vertex's triangles are known to keep their turn.
    let mut turning = vec![false; n];
    // A vertex whose triangles do not close round it never moves.
    let closed: Vec<bool> = fans
        .iter()
        .map(|fan| (0..fan.len()).all(|i| fan[i].1 == fan[(i + 1) % fan.len()].0))
        .collect();
    for _ in 0..rounds {
        for &v in &real {
            area[v] = fans[v].iter().map(|&(b, c, _)| turn(pos, pos[v], b, c)).sum::<f64>() / 6.0;
        }
        areas.clear();
        areas.extend(real.iter().map(|&v| area[v]));
        let middle = areas.len() / 2;
        let median = crate::sorting::nth(&mut areas, middle);
        if median <= 0.0 {
            return;
        }
        for &v in &real {
            let ratio = area[v].max(median * 1e-4) / median;
            pressure[v] = if ratio < lo {
                libm::log(lo / ratio).min(3.0)
            } else if ratio > hi {
                -libm::log(ratio / hi).min(1.5)
            } else {
                0.0
            };
        }
        active.iter_mut().for_each(|a| *a = false);
        for t in &mesh.triangles {
            if t.iter().any(|&v| pressure[v as usize] != 0.0) {
                for &v in t {
                    active[v as usize] = true;
                }
            }
        }
        let mut largest = 0.0f64;
        for v in 0..n {
            let fan = &fans[v];
            if fixed[v] || !active[v] || fan.is_empty() {
                continue;
            }
            let p = pos[v];
            let keeps_turn = |at: Point| inside(at) && star_keeps_turn(fan, pos, at, sign);
            // A vertex of a turned or crushed triangle, or one whose
            // triangles do not close round it, stays where it is. Once its
            // triangles all keep their turn they always do (a step is only
            // taken when every triangle of the vertex keeps it), so that is
            // asked until it holds.
            if !closed[v] || !(turning[v] || keeps_turn(p)) {
                continue;
            }
            turning[v] = true;
            // The push: Σ over the triangles (v, b, c) of their corners'
            // pressure times the area's gradient at v.
            let mut push = [0.0, 0.0];
            // The shortest edge, squared (its root taken once: the root of
            // the least is the least of the roots).
            let mut shortest = f64::INFINITY;
            for &(b, c, _) in fan {
                let (pb, pc) = (pos[b as usize], pos[c as usize]);
                let corners = (pressure[v] + pressure[b as usize] + pressure[c as usize]) / 3.0;
                push[0] += corners * sign * (pb[1] - pc[1]) / 2.0;
                push[1] += corners * sign * (pc[0] - pb[0]) / 2.0;
                let d = [p[0] - pb[0], p[1] - pb[1]];
                shortest = shortest.min(d[0] * d[0] + d[1] * d[1]);
            }
            let shortest = sqrt(shortest);
            // A triangle near flat takes no more of the push that would
            // flatten it: the push slides along it (else the vertex, its
            // step refused, would stay stuck against it).
            for &(b, c, _) in fan.iter().filter(|_| slide) {
                let (pb, pc) = (pos[b as usize], pos[c as usize]);
                let longest = dist(p, pb).max(dist(p, pc)).max(dist(pb, pc));
                if turn(pos, p, b, c) >= FLAT * longest * longest {
                    continue;
                }
                let grow = [sign * (pb[1] - pc[1]) / 2.0, sign * (pc[0] - pb[0]) / 2.0];
                let along = push[0] * grow[0] + push[1] * grow[1];
                let norm = grow[0] * grow[0] + grow[1] * grow[1];
                if along < 0.0 && norm > 1e-18 {
                    push[0] -= along / norm * grow[0];
                    push[1] -= along / norm * grow[1];
                }
            }
            let length = sqrt(push[0] * push[0] + push[1] * push[1]);
            if length <= 1e-12 {
                continue;
            }
            let step = (0.05 * length).min(0.25 * shortest) / length;
            let mut moved = [p[0] + push[0] * step, p[1] + push[1] * step];
            // The step, then half of it, a quarter, an eighth.
            let mut tries = 4;
            let mut keeps = keeps_turn(moved);
            while !keeps && tries > 1 {
                moved = [(p[0] + moved[0]) / 2.0, (p[1] + moved[1]) / 2.0];
                tries -= 1;
                keeps = keeps_turn(moved);
            }
            if keeps {
                largest = largest.max(dist(p, moved));
                pos[v] = moved;
            }
        }
        if largest < 0.05 {
            break;
        }
    }
}

/// The triangles turned against the frame's orientation (or crushed flat).
fn turned_of(mesh: &Mesh, pos: &[Point]) -> Vec<usize> {
    let Some(sign) = orientation(mesh, pos) else {
        return Vec::new();
    };
    (0..mesh.triangles.len())
        .filter(|&i| {
            let t = mesh.triangles[i];
            cross(pos[t[0] as usize], pos[t[1] as usize], pos[t[2] as usize]) * sign <= 1e-6
        })
        .collect()
}

/// Spreads crushed corners of the drawing: a vertex with a tiny triangle
/// around it moves half way towards the mean of its neighbours, when no
/// triangle around it turns over (so the drawing stays planar). A few
/// rounds; the rest of the drawing does not move.
pub(crate) fn spread_crushed(
    mesh: &Mesh,
    fans: &[Vec<(u32, u32, u32)>],
    pos: &mut [Point],
    pinned: &[u32],
) {
    let Some(sign) = orientation(mesh, pos) else { return };
    let n = mesh.roles.len();
    let mut fixed = vec![false; n];
    for &(v, _) in &mesh.frame {
        fixed[v as usize] = true;
    }
    for &v in pinned {
        fixed[v as usize] = true;
    }
    // Twice the area below which a triangle counts as crushed.
    const SMALL: f64 = 40.0;
    for _round in 0..30 {
        let mut moved = false;
        for v in 0..n {
            if fixed[v] || fans[v].is_empty() {
                continue;
            }
            let p = pos[v];
            let smallest = fans[v]
                .iter()
                .map(|&(b, c, _)| sign * cross(p, pos[b as usize], pos[c as usize]))
                .fold(f64::INFINITY, f64::min);
            if smallest >= SMALL {
                continue;
            }
            let mut mean = [0.0, 0.0];
            for &(b, _, _) in &fans[v] {
                mean[0] += pos[b as usize][0];
                mean[1] += pos[b as usize][1];
            }
            let k = fans[v].len() as f64;
            let goal = [mean[0] / k, mean[1] / k];
            let candidate = [p[0] + (goal[0] - p[0]) * 0.5, p[1] + (goal[1] - p[1]) * 0.5];
            let after = fans[v]
                .iter()
                .map(|&(b, c, _)| sign * cross(candidate, pos[b as usize], pos[c as usize]))
                .fold(f64::INFINITY, f64::min);
            if after > smallest.max(1e-6) {
                pos[v] = candidate;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
}
