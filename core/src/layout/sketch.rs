//! A quick sketch of a big map (issue 28: "a map too large to draw at
//! typing speed is drawn quickly first and refined after"): each province
//! a small hexagon at its place in the first shape (pivot MDS and a few
//! rounds of sparse stress, [`stress::first_shape`]), no borders, no
//! connectors. On a 10,000-province map it takes a twentieth (a ring) to a
//! sixth (a planar grid) of the drawing's time; the page shows it while
//! the drawing is made.
//!
//! The hexagons never overlap: each has a radius under half the distance
//! from its place to the nearest other, found in a grid of buckets (a
//! province's search stops at the first ring of buckets past its nearest),
//! and at most the median of those radii, so a province far from the rest
//! is not drawn larger than them.

use alloc::vec;
use alloc::vec::Vec;

use super::geom::{self, Point, dist};
use super::graph::ProvinceGraph;
use super::{Layout, Region, quality, stress};
use crate::map::{Map, ProvinceId};

/// The share of the distance to the nearest other place a hexagon reaches.
const REACH: f64 = 0.45;

/// The sketch of `map` in the 1000-wide box, pins (in the box) moving it
/// as a whole (two or more set its turn, scale and place, three or more its
/// mirror too, one only its place) and each pinned province at its pin.
pub(crate) fn sketch(map: &Map, pins: &[(ProvinceId, Point)]) -> Layout {
    let n = map.provinces.len();
    let mut out = Layout::default();
    if n == 0 {
        return out;
    }
    let places = places(map);
    let pinned: Vec<(Point, Point)> = pins
        .iter()
        .filter_map(|&(p, at)| places.get(p.0 as usize).map(|&from| (from, at)))
        .collect();
    let similarity = match pinned.len() {
        0 => super::boxed(&places),
        1 => super::anchored(super::boxed(&places).factor, false, pinned[0].0, pinned[0].1),
        _ => quality::fit(&pinned, pinned.len() >= 3).unwrap_or_else(|| super::boxed(&places)),
    };
    let mut places: Vec<Point> = places.iter().map(|&p| similarity.apply(p)).collect();
    // A pinned province at its pin (the radii follow, so none overlap).
    for &(p, at) in pins {
        if let Some(place) = places.get_mut(p.0 as usize) {
            *place = at;
        }
    }
    let radii = radii(&places);
    out.provinces = places
        .iter()
        .zip(&radii)
        .enumerate()
        .map(|(i, (&at, &r))| Region {
            province: ProvinceId(i as u32),
            polygon: hexagon(at, r),
            label: [geom::round2(at[0]), geom::round2(at[1])],
            room: geom::round2(r * HALF_ROOT_3),
        })
        .collect();
    out
}

/// √3 / 2: a hexagon's inner radius over its outer.
const HALF_ROOT_3: f64 = 0.866_025_403_784_438_6;

/// The regular hexagon of outer radius `r` round `at`, to the hundredth.
fn hexagon(at: Point, r: f64) -> Vec<Point> {
    let corners = [
        [1.0, 0.0],
        [0.5, HALF_ROOT_3],
        [-0.5, HALF_ROOT_3],
        [-1.0, 0.0],
        [-0.5, -HALF_ROOT_3],
        [0.5, -HALF_ROOT_3],
    ];
    corners
        .iter()
        .map(|c| [geom::round2(at[0] + r * c[0]), geom::round2(at[1] + r * c[1])])
        .collect()
}

/// Each province's place in the first shape of the whole graph (walls
/// included; the map's pieces joined through one extra vertex, as the
/// drawing joins them).
fn places(map: &Map) -> Vec<Point> {
    let n = map.provinces.len();
    let super::Lists { neighbours: mut adj, reps, .. } = super::lists(&ProvinceGraph::of(map), n);
    super::join_pieces(&mut adj, &reps);
    let mut shape = stress::first_shape(&adj, false).shape;
    shape.truncate(n);
    shape
}

/// Each place's hexagon radius: [`REACH`] of the distance to its nearest
/// other place, at most the median of those (a place on another's gets a
/// hundredth of the median).
fn radii(places: &[Point]) -> Vec<f64> {
    let n = places.len();
    if n == 1 {
        return vec![10.0];
    }
    let (lo, hi) = geom::bounds(places);
    let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-9);
    // About one place a bucket.
    let side = (geom::sqrt(n as f64) as usize).clamp(1, 4096);
    let size = span / side as f64;
    let cell = |p: Point| {
        let x = (((p[0] - lo[0]) / size) as usize).min(side - 1);
        let y = (((p[1] - lo[1]) / size) as usize).min(side - 1);
        (x, y)
    };
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); side * side];
    for (i, &p) in places.iter().enumerate() {
        let (x, y) = cell(p);
        buckets[y * side + x].push(i as u32);
    }
    let nearest: Vec<f64> = places
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let (cx, cy) = cell(p);
            let mut best = f64::INFINITY;
            for ring in 0..side {
                if best == 0.0 {
                    break;
                }
                // Every place in a bucket `ring` away is at least
                // `(ring - 1) * size` away.
                if ring > 0 && (ring - 1) as f64 * size > best {
                    break;
                }
                let (x0, x1) = (cx.saturating_sub(ring), (cx + ring).min(side - 1));
                let (y0, y1) = (cy.saturating_sub(ring), (cy + ring).min(side - 1));
                for y in y0..=y1 {
                    for x in x0..=x1 {
                        if x.abs_diff(cx).max(y.abs_diff(cy)) != ring {
                            continue;
                        }
                        for &j in &buckets[y * side + x] {
                            if j as usize != i {
                                best = best.min(dist(p, places[j as usize]));
                            }
                        }
                    }
                }
            }
            best
        })
        .collect();
    let mut sorted = nearest.clone();
    crate::sorting::sort_by(&mut sorted, f64::total_cmp);
    let median = sorted[n / 2].max(1e-6);
    nearest.iter().map(|&d| (REACH * d).min(REACH * median).max(0.01 * median)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagons_never_overlap_and_hold_their_labels() {
        let places = [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [500.0, 500.0], [3.0, 0.0]];
        let radii = radii(&places);
        for (i, a) in places.iter().enumerate() {
            for (j, b) in places.iter().enumerate() {
                if i != j {
                    assert!(radii[i] + radii[j] < dist(*a, *b), "{i} and {j} overlap");
                }
            }
        }
        // The lone place is drawn no larger than the median.
        assert!(radii[3] <= radii[1] + 1e-9, "{radii:?}");
        let hex = hexagon([5.0, 5.0], 2.0);
        assert_eq!(hex.len(), 6);
        assert!(geom::depth([5.0, 5.0], &hex) > 1.7);
    }
}
