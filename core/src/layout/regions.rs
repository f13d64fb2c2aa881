//! From mesh positions to what is drawn: each province's region is the union
//! of its corners of the mesh triangles around it (corner, a point on each
//! side, a point inside), so two provinces share a border exactly when they
//! share a mesh edge, that is when they are adjacent. Lake and frame corners
//! are left empty. A region is star-shaped around its province's vertex,
//! which places coast marks on rays from it.

#![allow(clippy::needless_range_loop)] // index loops read best in the numeric code

use alloc::vec::Vec;

use super::geom::{Point, lerp};
use super::mesh::{Mesh, Role};

/// Where the border point sits on a mesh edge from `a`: half way between
/// provinces, nearer the lake or the frame otherwise.
fn side_point(roles: &[Role], pos: &[Point], a: u32, b: u32) -> Point {
    let t = match (roles[a as usize], roles[b as usize]) {
        (Role::Real, Role::Lake) => 0.62,
        (Role::Real, Role::Frame) => 0.3,
        (Role::Lake, Role::Real) => 0.38,
        (Role::Frame, Role::Real) => 0.7,
        _ => 0.5,
    };
    lerp(pos[a as usize], pos[b as usize], t)
}

fn mass(role: Role) -> f64 {
    match role {
        Role::Real => 1.0,
        Role::Lake => 0.6,
        Role::Frame => 0.25,
    }
}

/// The point inside triangle `t` where its three corners meet.
pub(crate) fn inner_point(mesh: &Mesh, pos: &[Point], t: &[u32; 3]) -> Point {
    let mut acc = [0.0, 0.0];
    let mut total = 0.0;
    for &v in t {
        let m = mass(mesh.roles[v as usize]);
        acc[0] += m * pos[v as usize][0];
        acc[1] += m * pos[v as usize][1];
        total += m;
    }
    [acc[0] / total, acc[1] / total]
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
    for list in &mut at {
        if list.len() < 2 {
            continue;
        }
        let mut ordered = Vec::with_capacity(list.len());
        ordered.push(list[0]);
        while ordered.len() < list.len() {
            let last = ordered[ordered.len() - 1].1;
            match list.iter().find(|it| it.0 == last) {
                Some(&next) if next != ordered[0] => ordered.push(next),
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
    inner: &[Point],
    fan: &[(u32, u32, u32)],
    v: u32,
) -> Vec<Point> {
    let mut polygon = Vec::with_capacity(2 * fan.len());
    for &(b, _, t) in fan {
        polygon.push(side_point(&mesh.roles, pos, v, b));
        polygon.push(inner[t as usize]);
    }
    polygon
}
