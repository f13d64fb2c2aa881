//! Every region roomy (issue 27): the drawn regions measured by their
//! areas against the median region's and by their compactness, on the
//! hand-typed island, on every bundled variant, and on random maps whose
//! true geometry we know (Voronoi cells of random points, the cells on the
//! edge seas), where the drawing must also keep each province's
//! neighbours round it in the true order.

use judgepad_core::bundled;
use judgepad_core::diagnostics::Severity;
use judgepad_core::layout::{self, Layout, Point, quality};
use judgepad_core::map::{self, Map};

fn perimeter(polygon: &[Point]) -> f64 {
    (0..polygon.len())
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
        })
        .sum()
}

/// A regular hexagon's isoperimetric quotient 4πA/P².
const HEXAGON: f64 = 0.9069;

/// The region figures of a drawing.
#[derive(Debug)]
pub(crate) struct Room {
    pub regions: usize,
    /// Each area over the median's: the smallest and the largest.
    pub smallest: f64,
    pub largest: f64,
    /// Regions under a tenth of the median area.
    pub under_tenth: usize,
    /// The least compact region's 4πA/P² over a hexagon's.
    pub thinnest: f64,
    /// The province of the smallest region.
    pub crumb: String,
}

pub(crate) fn room(map: &Map, drawing: &Layout) -> Room {
    let areas: Vec<f64> = drawing.provinces.iter().map(|r| r.area()).collect();
    let mut sorted = areas.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2].max(1e-9);
    let (crumb, smallest) = areas
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(b.1))
        .map(|(i, a)| (map.provinces[i].abbr.clone(), a / median))
        .unwrap();
    Room {
        regions: areas.len(),
        smallest,
        largest: sorted[sorted.len() - 1] / median,
        under_tenth: areas.iter().filter(|&&a| a < median / 10.0).count(),
        thinnest: drawing
            .provinces
            .iter()
            .map(|r| {
                let p = perimeter(&r.polygon).max(1e-9);
                4.0 * std::f64::consts::PI * r.area() / (p * p) / HEXAGON
            })
            .fold(f64::INFINITY, f64::min),
        crumb,
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The Delaunay triangulation of `points` (Bowyer–Watson), as its edges.
fn delaunay(points: &[Point]) -> Vec<(usize, usize)> {
    let n = points.len();
    let mut all = points.to_vec();
    all.extend([[-1e5, -1e5], [1e5, -1e5], [0.0, 1e5]]);
    let mut triangles: Vec<[usize; 3]> = vec![[n, n + 1, n + 2]];
    let circum = |t: &[usize; 3], p: Point| -> bool {
        let [a, b, c] = t.map(|i| all[i]);
        let (ax, ay) = (a[0] - p[0], a[1] - p[1]);
        let (bx, by) = (b[0] - p[0], b[1] - p[1]);
        let (cx, cy) = (c[0] - p[0], c[1] - p[1]);
        let det = (ax * ax + ay * ay) * (bx * cy - cx * by)
            - (bx * bx + by * by) * (ax * cy - cx * ay)
            + (cx * cx + cy * cy) * (ax * by - bx * ay);
        let orient = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        det * orient.signum() > 0.0
    };
    for (i, &p) in points.iter().enumerate() {
        let (bad, good): (Vec<[usize; 3]>, Vec<[usize; 3]>) =
            triangles.into_iter().partition(|t| circum(t, p));
        triangles = good;
        // The hole's outline: the edges of only one bad triangle.
        let mut count = std::collections::BTreeMap::new();
        for t in &bad {
            for k in 0..3 {
                let e = (t[k].min(t[(k + 1) % 3]), t[k].max(t[(k + 1) % 3]));
                *count.entry(e).or_insert(0) += 1;
            }
        }
        for (e, c) in count {
            if c == 1 {
                triangles.push([e.0, e.1, i]);
            }
        }
    }
    let mut out: Vec<(usize, usize)> = triangles
        .iter()
        .flat_map(|t| (0..3).map(move |k| (t[k].min(t[(k + 1) % 3]), t[k].max(t[(k + 1) % 3]))))
        .filter(|&(a, b)| a < n && b < n)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A random map of `n` provinces: Voronoi cells of random points in the
/// 1000 × 700 box, adjacent when their points share a Delaunay edge; the
/// cells on the hull are seas. Returns the map text and each province's
/// true place.
pub(crate) fn voronoi(n: usize, seed: u64) -> (String, Vec<(String, Point)>) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let points: Vec<Point> =
        (0..n).map(|_| [40.0 + 920.0 * rng.next(), 40.0 + 620.0 * rng.next()]).collect();
    let mut around = vec![Vec::new(); n];
    for (a, b) in delaunay(&points) {
        around[a].push(b);
        around[b].push(a);
    }
    let name = |i: usize| {
        let b = |k: usize| (b'A' + (k % 26) as u8) as char;
        format!("{}{}{}", b(i / 676), b(i / 26), b(i))
    };
    // A hull point: its neighbours leave a gap of over 180 degrees round it.
    let hull: Vec<bool> = (0..n)
        .map(|v| {
            let mut angles: Vec<f64> = around[v]
                .iter()
                .map(|&u| (points[u][1] - points[v][1]).atan2(points[u][0] - points[v][0]))
                .collect();
            angles.sort_by(f64::total_cmp);
            let gap = (0..angles.len())
                .map(|i| {
                    let next = if i + 1 < angles.len() {
                        angles[i + 1]
                    } else {
                        angles[0] + 2.0 * std::f64::consts::PI
                    };
                    next - angles[i]
                })
                .fold(0.0, f64::max);
            gap > std::f64::consts::PI
        })
        .collect();
    let mut text = format!("# A random map of {n} provinces (seed {seed})\n");
    for i in 0..n {
        text.push_str(&format!("Province {} = {}\n", name(i), name(i)));
    }
    for v in 0..n {
        let list: Vec<String> = around[v].iter().map(|&u| name(u)).collect();
        let kind = if hull[v] { "WATER" } else { "LAND" };
        text.push_str(&format!("{kind} {} ABUTS {}\n", name(v), list.join(" ")));
    }
    // Two powers, each with a home in the middle (nothing is measured of them).
    let inland: Vec<usize> = (0..n).filter(|&v| !hull[v]).collect();
    let homes = if inland.len() >= 2 { [inland[0], inland[1]] } else { [0, 1] };
    text.push_str(&format!(
        "EAST (EASTERN:E) {}\nWEST (WESTERN:W) {}\n",
        name(homes[0]),
        name(homes[1])
    ));
    let truth = (0..n).map(|i| (name(i), points[i])).collect();
    (text, truth)
}

/// The share of provinces whose neighbours run round them in the true
/// order (after the best similarity, mirror allowed).
fn cyclic(map: &Map, drawing: &Layout, truth: &[(String, Point)]) -> f64 {
    let places: Vec<Point> = map
        .provinces
        .iter()
        .map(|p| truth.iter().find(|t| t.0 == p.abbr).expect("a true place").1)
        .collect();
    let labels: Vec<Point> = drawing.provinces.iter().map(|r| r.label).collect();
    let pairs: Vec<(Point, Point)> = labels.iter().copied().zip(places.iter().copied()).collect();
    let sim = quality::fit(&pairs, true).expect("a fit");
    let moved: Vec<Point> = labels.iter().map(|&p| sim.apply(p)).collect();
    crate::layout_truth::cyclic_share(map, &moved, &places)
}

fn island() -> Map {
    let path = format!("{}/../../shared/examples/island.map", env!("CARGO_MANIFEST_DIR"));
    // The shared copy when it is there, the repository's copy otherwise.
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| include_str!("data/island.map").to_string());
    map::load("island.map", &text, &bundled::Bundled).0
}

/// The island of the issue: every region between 1/3 and 3 times the
/// median. South Point, a land joined only to two others, sits in a
/// triangle of them beside a gap; the balance once left it stuck at 1/12,
/// its neighbours pressed against flat triangles (see `solve::balance`).
#[test]
fn the_island_has_no_crumbs() {
    let m = island();
    let r = room(&m, &layout::layout(&m, &[]));
    println!("island {r:?}");
    assert!(r.smallest >= 1.0 / 3.0 && r.largest <= 3.0, "{r:?}");
}

/// The bundled variants with shipped pins (`pinned`) or without: what
/// fails of every pin held, no region under 1/50 of the median, none
/// thinner than `thinnest` of a hexagon's compactness, and at most 0.6 %
/// of all regions under a tenth.
fn bundled_room(pinned: bool, thinnest: f64) -> Vec<String> {
    let (mut regions, mut under, mut failures) = (0, 0, Vec::new());
    for name in bundled::variants() {
        let file = format!("{name}.map");
        let text = bundled::source(&file).unwrap();
        let m = map::load(&file, &text, &bundled::Bundled).0;
        if m.pins.is_empty() == pinned {
            continue;
        }
        let drawing = layout::layout(&m, &[]);
        let r = room(&m, &drawing);
        println!(
            "{name:16} smallest {:.3} ({}) largest {:5.2} under a tenth {} thinnest {:.3}",
            r.smallest, r.crumb, r.largest, r.under_tenth, r.thinnest
        );
        regions += r.regions;
        under += r.under_tenth;
        if !drawing.pin_conflicts.is_empty() {
            failures.push(format!("{name}: {} pins let go", drawing.pin_conflicts.len()));
        }
        if r.smallest < 1.0 / 50.0 || r.thinnest < thinnest {
            failures.push(format!("{name}: {} the smallest, {r:?}", r.crumb));
        }
    }
    println!("{under} of {regions} regions under a tenth of the median");
    if under as f64 > 0.006 * regions as f64 {
        failures.push(format!("{under} of {regions} regions under a tenth of the median"));
    }
    failures
}

/// Every bundled variant drawn without pins: no region under 1/50 of the
/// median, at most 0.6 % of all regions under a tenth, none thinner than
/// a fifth of a hexagon's compactness (those with shipped pins: below).
#[test]
fn bundled_regions_are_roomy() {
    let failures = bundled_room(false, 0.2);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Random maps of 8 to 300 provinces with known geometry: at most 0.5 %
/// of regions under a tenth of the median, the smallest at least 1/50 of
/// it, and (from 50 provinces, where enough provinces have three
/// neighbours inland to count) the true cyclic order kept for 98 %.
#[test]
fn random_maps_are_roomy_and_in_order() {
    let (mut regions, mut under, mut failures) = (0, 0, Vec::new());
    for n in [8, 20, 50, 100, 200, 300] {
        for seed in 0..3 {
            let (text, truth) = voronoi(n, seed);
            let (m, diags) = map::load("random.map", &text, &bundled::Bundled);
            assert!(diags.iter().all(|d| d.severity != Severity::Error), "{diags:?}");
            let d = layout::layout(&m, &[]);
            let r = room(&m, &d);
            let order = cyclic(&m, &d, &truth);
            println!(
                "random {n:3}/{seed}: smallest {:.3}, largest {:.1}, thinnest {:.2}, cyclic {:.3}",
                r.smallest, r.largest, r.thinnest, order
            );
            regions += r.regions;
            under += r.under_tenth;
            if r.smallest < 1.0 / 50.0 || (n >= 50 && order < 0.98) {
                failures.push(format!("random {n}/{seed}: {r:?}, cyclic {order:.3}"));
            }
        }
    }
    if under as f64 > 0.005 * regions as f64 {
        failures.push(format!("{under} of {regions} regions under a tenth of the median"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every bundled variant drawn with its shipped pins (the standard and
/// modern families, ancmed), balanced with the pins held: every shipped
/// pin held, no region under 1/50 of the median, at most 0.6 % of all
/// regions under a tenth, none thinner than 0.12 of a hexagon's
/// compactness. Measured: 6 of 2549 regions under a tenth (35 before the
/// pinned drawings were balanced; with 1900 and ambition pinned too, 6 of
/// 2734), standard's smallest (POR) 0.019 → 0.105
/// of the median, its thinnest 0.056 → 0.295; the thinnest of all is v8's
/// Iceland (0.127: an island province with two neighbours, drawn in the
/// triangle they leave), then midi's (0.188).
#[test]
fn pinned_regions_are_roomy() {
    let failures = bundled_room(true, 0.12);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
