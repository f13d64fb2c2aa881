//! Plane geometry for the layout: points, signed areas, distances, and the
//! label point of a polygon (a pole of inaccessibility, found by a coarse
//! grid and a shrinking local search). Only `+ - * /` and `sqrt` (correctly
//! rounded everywhere), so native and wasm give the same bits.

#![allow(clippy::needless_range_loop)] // index loops read best in the numeric code

use alloc::vec::Vec;

/// A point of the drawing, `[x, y]`, y downwards.
pub type Point = [f64; 2];

/// The square root, correctly rounded. With the `std` feature, std's (in
/// wasm the `f64.sqrt` instruction, where `libm` on stable Rust runs its
/// software loop for the same bits); else `libm` (the instruction too on
/// x86-64 and aarch64).
pub(crate) fn sqrt(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        extern crate std;
        std::primitive::f64::sqrt(x)
    }
    #[cfg(not(feature = "std"))]
    {
        libm::sqrt(x)
    }
}

pub(crate) fn sub(a: Point, b: Point) -> Point {
    [a[0] - b[0], a[1] - b[1]]
}

pub(crate) fn lerp(a: Point, b: Point, t: f64) -> Point {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

pub(crate) fn dist(a: Point, b: Point) -> f64 {
    let d = sub(a, b);
    sqrt(d[0] * d[0] + d[1] * d[1])
}

/// Twice the signed area of the triangle `a b c`.
pub(crate) fn cross(a: Point, b: Point, c: Point) -> f64 {
    let (u, v) = (sub(b, a), sub(c, a));
    u[0] * v[1] - u[1] * v[0]
}

/// Distance from `p` to the segment `a b`.
pub(crate) fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let ab = sub(b, a);
    let len2 = ab[0] * ab[0] + ab[1] * ab[1];
    let t = if len2 > 0.0 {
        let ap = sub(p, a);
        ((ap[0] * ab[0] + ap[1] * ab[1]) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    dist(p, lerp(a, b, t))
}

/// Signed distance from `p` to the polygon's boundary: positive inside.
/// One pass: the even-odd test and the nearest edge (squared distances, one
/// square root at the end).
pub(crate) fn depth(p: Point, polygon: &[Point]) -> f64 {
    deeper(p, polygon, 0.0, &mut 0).unwrap_or(f64::NEG_INFINITY)
}

/// [`depth`] when it may exceed `floor`; `None` as soon as an edge comes
/// nearer than `floor` (when `floor > 0`: then `p` cannot be deeper). The
/// pole search asks this of most of its candidates, and most lose early.
/// The edges are walked from `*near` round, and `*near` is left at the
/// nearest edge met (or the one that gave up): the candidates of a search
/// lie close together, so the edge that beat one usually beats the next
/// at once. The walk's order changes no answer (a least and a parity).
fn deeper(p: Point, polygon: &[Point], floor: f64, near: &mut usize) -> Option<f64> {
    let n = polygon.len();
    let mut best = f64::INFINITY;
    let mut inside = false;
    // Squared, and a hair under, so that no candidate the full test would
    // find deeper is given up.
    let give_up = if floor > 0.0 { floor * floor * (1.0 - 1e-9) } else { f64::NEG_INFINITY };
    let mut i = if *near < n { *near } else { 0 };
    for _ in 0..n {
        let j = if i + 1 == n { 0 } else { i + 1 };
        let (a, b) = (polygon[i], polygon[j]);
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if p[0] < x {
                inside = !inside;
            }
        }
        let ab = [b[0] - a[0], b[1] - a[1]];
        let ap = [p[0] - a[0], p[1] - a[1]];
        let len2 = ab[0] * ab[0] + ab[1] * ab[1];
        let t =
            if len2 > 0.0 { ((ap[0] * ab[0] + ap[1] * ab[1]) / len2).clamp(0.0, 1.0) } else { 0.0 };
        let d = [ap[0] - ab[0] * t, ap[1] - ab[1] * t];
        let d2 = d[0] * d[0] + d[1] * d[1];
        if d2 < best {
            best = d2;
            *near = i;
            if best < give_up {
                return None;
            }
        }
        i = j;
    }
    let best = sqrt(best);
    Some(if inside { best } else { -best })
}

/// A point deep inside the polygon and its depth: the better of `seed` (a
/// point known to be inside) and the area centroid, refined by a local
/// search whose step halves each round. With `pull` above 0 it is drawn
/// towards `seed`: the point that best trades depth for nearness, depth
/// less `pull` times its distance from `seed` (0: the deepest found).
pub(crate) fn pole(polygon: &[Point], seed: Point, pull: f64) -> (Point, f64) {
    if polygon.len() < 3 {
        return (seed, 0.0);
    }
    let area = polygon_area(polygon);
    // The best so far: (point, depth, score).
    let mut near = 0;
    let at_seed = deeper(seed, polygon, 0.0, &mut near).unwrap_or(f64::NEG_INFINITY);
    let mut best = (seed, at_seed, at_seed);
    let mut try_point = |p: Point, best: &mut (Point, f64, f64)| {
        let cost = pull * dist(p, seed);
        if let Some(d) = deeper(p, polygon, (best.2 + cost).max(0.0), &mut near)
            && d - cost > best.2
        {
            *best = (p, d, d - cost);
        }
    };
    if area.abs() > 1e-9 {
        let n = polygon.len();
        let mut c = [0.0, 0.0];
        for i in 0..n {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            let w = a[0] * b[1] - b[0] * a[1];
            c[0] += (a[0] + b[0]) * w;
            c[1] += (a[1] + b[1]) * w;
        }
        try_point([c[0] / (6.0 * area), c[1] / (6.0 * area)], &mut best);
    }
    let mut step = sqrt(area.abs()) / 4.0;
    for _ in 0..5 {
        let centre = best.0;
        for (dx, dy) in [
            (-1.0, 0.0),
            (1.0, 0.0),
            (0.0, -1.0),
            (0.0, 1.0),
            (-0.7, -0.7),
            (0.7, -0.7),
            (-0.7, 0.7),
            (0.7, 0.7),
        ] {
            try_point([centre[0] + dx * step, centre[1] + dy * step], &mut best);
        }
        step /= 2.0;
    }
    (best.0, best.1)
}

/// Where the ray from `from` (inside a polygon star-shaped around it) in
/// direction `dir` leaves the polygon: the distance along the ray.
pub(crate) fn ray_exit(from: Point, dir: Point, polygon: &[Point]) -> f64 {
    let n = polygon.len();
    let mut best = f64::INFINITY;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        let e = sub(b, a);
        let denom = dir[0] * e[1] - dir[1] * e[0];
        if denom.abs() < 1e-12 {
            continue;
        }
        let w = sub(a, from);
        let t = (w[0] * e[1] - w[1] * e[0]) / denom;
        let s = (w[0] * dir[1] - w[1] * dir[0]) / denom;
        if t > 0.0 && (-1e-9..=1.0 + 1e-9).contains(&s) {
            best = best.min(t);
        }
    }
    if best.is_finite() { best } else { 0.0 }
}

/// Rounds to 1/100 of a unit (what the JSON prints), so that shared corners
/// of neighbouring regions stay identical.
pub(crate) fn snap(p: Point) -> Point {
    [round2(p[0]), round2(p[1])]
}

pub(crate) fn round2(x: f64) -> f64 {
    libm::round(x * 100.0) / 100.0
}

pub(crate) fn polygon_area(polygon: &[Point]) -> f64 {
    let n = polygon.len();
    let mut twice = 0.0;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        twice += a[0] * b[1] - b[0] * a[1];
    }
    twice / 2.0
}

pub(crate) fn centroid(points: &[Point]) -> Point {
    let mut c = [0.0, 0.0];
    for p in points {
        c[0] += p[0];
        c[1] += p[1];
    }
    let n = points.len().max(1) as f64;
    [c[0] / n, c[1] / n]
}

pub(crate) fn bounds<'a>(points: impl IntoIterator<Item = &'a Point>) -> (Point, Point) {
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for p in points {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    (lo, hi)
}

/// The convex hull, counter-clockwise in `x, y` (clockwise on a y-down
/// screen), without collinear points (Andrew's monotone chain).
pub(crate) fn convex_hull(points: &[Point]) -> Vec<Point> {
    let mut sorted: Vec<Point> = points.to_vec();
    crate::sorting::sort_by(&mut sorted, |a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    let mut hull: Vec<Point> = Vec::with_capacity(2 * sorted.len());
    for pass in 0..2 {
        let start = hull.len();
        let iter: Vec<Point> =
            if pass == 0 { sorted.clone() } else { sorted.iter().rev().copied().collect() };
        for p in iter {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// At most `sides` sides round the convex polygon `hull` (counter-clockwise
/// in maths axes, as [`convex_hull`] gives it): `hull` itself when it has no
/// more, else its support lines in `sides` evenly turned directions, each
/// crossed with the next. The result contains `hull` and hugs it within
/// 1 - cos(π/sides) of its reach (0.12 % for 64 sides), so a frame built
/// on a hull of thousands of points stays cheap to walk.
pub(crate) fn circumscribe(hull: &[Point], sides: usize) -> Vec<Point> {
    if hull.len() <= sides || sides < 3 {
        return hull.to_vec();
    }
    let turn = 2.0 * core::f64::consts::PI / sides as f64;
    // Each direction's unit normal and the support line's offset along it.
    let lines: Vec<(Point, f64)> = (0..sides)
        .map(|j| {
            let u = [libm::cos(turn * j as f64), libm::sin(turn * j as f64)];
            let reach = hull.iter().map(|p| p[0] * u[0] + p[1] * u[1]).fold(f64::MIN, f64::max);
            (u, reach)
        })
        .collect();
    (0..sides)
        .map(|j| {
            let ((u, a), (v, b)) = (lines[j], lines[(j + 1) % sides]);
            // u·p = a, v·p = b.
            let det = u[0] * v[1] - u[1] * v[0];
            [(a * v[1] - b * u[1]) / det, (u[0] * b - v[0] * a) / det]
        })
        .collect()
}

/// Turns (and mirrors, if that fits better) `points` about their centre so
/// that those listed in `towards` (index, point) line up best with where
/// they were: the orthogonal Procrustes fit, without trigonometry. Scale
/// and position are left to the caller. With `flips_only`, only mirrored
/// left to right and/or top to bottom (a globe's map keeps its seam at the
/// sides).
pub(crate) fn turn_towards(points: &mut [Point], towards: &[(usize, Point)], flips_only: bool) {
    let pairs: Vec<(Point, Point)> =
        towards.iter().filter(|(i, _)| *i < points.len()).map(|&(i, q)| (points[i], q)).collect();
    if pairs.len() < 3 {
        return;
    }
    let n = pairs.len() as f64;
    let (mut cx, mut cy) = ([0.0, 0.0], [0.0, 0.0]);
    for (x, y) in &pairs {
        cx = [cx[0] + x[0] / n, cx[1] + x[1] / n];
        cy = [cy[0] + y[0] / n, cy[1] + y[1] / n];
    }
    // Cross-covariance.
    let mut a = [[0.0; 2]; 2];
    for (x, y) in &pairs {
        let (dx, dy) = (sub(*x, cx), sub(*y, cy));
        for i in 0..2 {
            for j in 0..2 {
                a[i][j] += dx[i] * dy[j];
            }
        }
    }
    if flips_only {
        // Of the four flips, the one whose axes agree best.
        let (sx, sy) = [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
            .into_iter()
            .fold(((1.0, 1.0), f64::NEG_INFINITY), |best, (sx, sy)| {
                let score = sx * a[0][0] + sy * a[1][1];
                if score > best.1 { ((sx, sy), score) } else { best }
            })
            .0;
        let centre = centroid(points);
        for p in points.iter_mut() {
            *p = [centre[0] + (p[0] - centre[0]) * sx, centre[1] + (p[1] - centre[1]) * sy];
        }
        return;
    }
    // Rotation: maximises a00+a11 over the angle; reflection (x → -x
    // first): maximises -a00+a11 likewise.
    let (rc, rs) = (a[0][0] + a[1][1], a[0][1] - a[1][0]);
    let (mc, ms) = (a[1][1] - a[0][0], -a[0][1] - a[1][0]);
    let (r, m) = (sqrt(rc * rc + rs * rs), sqrt(mc * mc + ms * ms));
    let mirror = m > r;
    let (c, s, len) = if mirror { (mc, ms, m) } else { (rc, rs, r) };
    if len < 1e-12 {
        return;
    }
    let (cos, sin) = (c / len, s / len);
    let centre = centroid(points);
    for p in points.iter_mut() {
        let mut d = sub(*p, centre);
        if mirror {
            d[0] = -d[0];
        }
        *p = [centre[0] + d[0] * cos - d[1] * sin, centre[1] + d[0] * sin + d[1] * cos];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circumscribe_hugs_a_round_hull() {
        let round: Vec<Point> = (0..1000)
            .map(|i| {
                let a = 2.0 * core::f64::consts::PI * i as f64 / 1000.0;
                [500.0 + 300.0 * libm::cos(a), 350.0 + 200.0 * libm::sin(a)]
            })
            .collect();
        let hull = convex_hull(&round);
        assert_eq!(hull.len(), 1000);
        let frame = circumscribe(&hull, 64);
        assert_eq!(frame.len(), 64);
        assert!(polygon_area(&frame) > 0.0, "counter-clockwise as the hull");
        for i in 0..frame.len() {
            let (a, b) = (frame[i], frame[(i + 1) % frame.len()]);
            // Every hull point on the inner side of every side, and each
            // side touches the hull.
            let worst = hull.iter().map(|&p| cross(a, b, p)).fold(f64::INFINITY, f64::min);
            assert!(worst > -1e-6, "side {i} cuts the hull");
            assert!(worst / dist(a, b) < 1e-6, "side {i} clears the hull");
        }
        let grown = polygon_area(&frame) / polygon_area(&hull);
        assert!(grown < 1.003, "{grown}");
        // A small hull is kept as it is.
        assert_eq!(circumscribe(&hull[..10], 64), hull[..10].to_vec());
    }
}
