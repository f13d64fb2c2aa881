//! From mesh positions to what is drawn: each province's region is the union
//! of its corners of the mesh triangles around it (corner, a point on each
//! side, a point inside), so two provinces share a border exactly when they
//! share a mesh edge, that is when they are adjacent. Lake and frame corners
//! are left empty. A region is star-shaped around its province's vertex,
//! which places coast marks on rays from it.

#![allow(clippy::needless_range_loop)] // index loops read best in the numeric code

use alloc::vec::Vec;

use super::geom::{Point, dist, lerp};
use super::mesh::{Mesh, Role};

/// How far a region reaches into a lake or towards the frame, in lengths
/// of its province's longest border edge in the mesh (see [`reach`]).
const REACH: f64 = 3.0;

/// For each mesh vertex, how far from it its region may reach into a lake
/// or towards the frame: [`REACH`] times its longest mesh edge to another
/// province (no limit for lakes, the frame and a province with no such
/// edge). On a real board this never binds; it keeps a ring of thousands
/// of provinces round one lake from being drawn as thousands of slivers
/// each reaching half way to the lake's middle.
pub(crate) fn reach(mesh: &Mesh, pos: &[Point], fans: &[Vec<(u32, u32, u32)>]) -> Vec<f64> {
    (0..mesh.roles.len())
        .map(|v| {
            if mesh.roles[v] != Role::Real {
                return f64::INFINITY;
            }
            let longest = fans[v]
                .iter()
                .filter(|it| mesh.roles[it.0 as usize] == Role::Real)
                .map(|it| dist(pos[v], pos[it.0 as usize]))
                .fold(0.0, f64::max);
            if longest > 0.0 { REACH * longest } else { f64::INFINITY }
        })
        .collect()
}

/// `p` moved towards `from` until it is at most `limit` from it.
fn within(from: Point, p: Point, limit: f64) -> Point {
    let d = dist(from, p);
    if d > limit { lerp(from, p, limit / d) } else { p }
}

/// Where the border point sits on a mesh edge from `a`: half way between
/// provinces, nearer the lake or the frame otherwise (and within the
/// province's reach of it).
fn side_point(roles: &[Role], pos: &[Point], reach: &[f64], a: u32, b: u32) -> Point {
    let t = match (roles[a as usize], roles[b as usize]) {
        (Role::Real, Role::Lake) => 0.62,
        (Role::Real, Role::Frame) => 0.3,
        (Role::Lake, Role::Real) => 0.38,
        (Role::Frame, Role::Real) => 0.7,
        _ => 0.5,
    };
    let p = lerp(pos[a as usize], pos[b as usize], t);
    match (roles[a as usize], roles[b as usize]) {
        (Role::Real, Role::Real) => p,
        (Role::Real, _) => within(pos[a as usize], p, reach[a as usize]),
        (_, Role::Real) => within(pos[b as usize], p, reach[b as usize]),
        _ => p,
    }
}

fn mass(role: Role) -> f64 {
    match role {
        Role::Real => 1.0,
        Role::Lake => 0.6,
        Role::Frame => 0.25,
    }
}

/// The point inside triangle `t` where its three corners meet: within
/// the reach of each province corner (see [`reach`]), measured from the
/// middle of the province corners, where the others are a lake or the
/// frame.
pub(crate) fn inner_point(mesh: &Mesh, pos: &[Point], reach: &[f64], t: &[u32; 3]) -> Point {
    let mut acc = [0.0, 0.0];
    let mut total = 0.0;
    let (mut real, mut reals, mut limit) = ([0.0, 0.0], 0.0, f64::INFINITY);
    for &v in t {
        let m = mass(mesh.roles[v as usize]);
        acc[0] += m * pos[v as usize][0];
        acc[1] += m * pos[v as usize][1];
        total += m;
        if mesh.roles[v as usize] == Role::Real {
            real[0] += pos[v as usize][0];
            real[1] += pos[v as usize][1];
            reals += 1.0;
            limit = limit.min(reach[v as usize]);
        }
    }
    let p = [acc[0] / total, acc[1] / total];
    if reals == 0.0 || reals == 3.0 {
        return p;
    }
    within([real[0] / reals, real[1] / reals], p, limit)
}

/// Triangles around each vertex, as `(b, c, triangle)` with the triangle
/// read `(v, b, c)`, in cyclic order.
pub(crate) fn fans(mesh: &Mesh) -> Vec<Vec<(u32, u32, u32)>> {
    let mut at: Vec<Vec<(u32, u32, u32)>> = alloc::vec![Vec::new(); mesh.roles.len()];
    for (idx, t) in mesh.triangles.iter().enumerate() {
        for i in 0..3 {
            at[t[i] as usize].push((t[(i + 1) % 3], t[(i + 2) % 3], idx as u32));
        }
    }
    // Each list's triangles by their first corner (then by place in the
    // list), to find the next one round in a search, not a scan: a lake in
    // a ring of 10,000 provinces has 10,000 triangles round it.
    let mut by_first: Vec<(u32, u32)> = Vec::new();
    for list in &mut at {
        if list.len() < 2 {
            continue;
        }
        by_first.clear();
        by_first.extend(list.iter().enumerate().map(|(i, it)| (it.0, i as u32)));
        crate::sorting::sort_pairs(&mut by_first);
        let mut ordered = Vec::with_capacity(list.len());
        ordered.push(list[0]);
        while ordered.len() < list.len() {
            let last = ordered[ordered.len() - 1].1;
            // The first triangle in the list whose first corner is `last`.
            let at = by_first.partition_point(|&(first, _)| first < last);
            match by_first.get(at).filter(|it| it.0 == last).map(|it| list[it.1 as usize]) {
                Some(next) if next != ordered[0] => ordered.push(next),
                _ => break,
            }
        }
        if ordered.len() == list.len() {
            *list = ordered;
        }
    }
    at
}

/// The region of vertex `v`: for each triangle around it, the point on the
/// side it shares with the previous triangle, then the triangle's inner point.
pub(crate) fn region(
    mesh: &Mesh,
    pos: &[Point],
    reach: &[f64],
    inner: &[Point],
    fan: &[(u32, u32, u32)],
    v: u32,
) -> Vec<Point> {
    let mut polygon = Vec::with_capacity(2 * fan.len());
    for &(b, _, t) in fan {
        polygon.push(side_point(&mesh.roles, pos, reach, v, b));
        polygon.push(inner[t as usize]);
    }
    polygon
}
