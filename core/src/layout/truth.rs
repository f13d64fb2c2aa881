//! A drawing against a board whose true geography is known (issue 27): a
//! truth table gives each province's approximate latitude and longitude;
//! projected into the drawing box it is the designer's picture. Pinning k
//! provinces at their true places must hold every pin, bring the rest
//! closer to their true places as k grows, and keep each province's
//! neighbours round it in the true order. The tests assert it and
//! `judgepad bench` prints it.
//!
//! A table is text, one `ABBR lat lon` per line (`#` starts a comment);
//! `include NAME` takes another table's rows, each overridden by a row of
//! the same province after it.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::geom::{Point, bounds, cross, dist};
use super::{HEIGHT, Layout, ProvinceGraph, WIDTH, quality};
use crate::map::{Map, ProvinceId};

/// The variants with a truth table (`tests/data/truth/NAME.tsv`), by the
/// name of their bundled `.map`.
pub const BOARDS: [&str; 13] = [
    "1900",
    "ambition",
    "ancmed",
    "canton",
    "classical",
    "empire",
    "hundred",
    "imperial",
    "modern",
    "sengoku",
    "standard",
    "youngstown",
    "zeus",
];

/// A table's rows, `(ABBR, lat, lon)`, `include` reading other tables by
/// name; `Err` names the line that is not a row.
pub fn read(
    text: &str,
    include: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<(String, f64, f64)>, String> {
    let mut rows: Vec<(String, f64, f64)> = Vec::new();
    for line in text.lines().map(|l| l.split('#').next().unwrap_or("").trim()) {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w[..] {
            [] => {}
            ["include", other] => {
                let text = include(other).ok_or_else(|| alloc::format!("no table {other}"))?;
                rows.extend(read(&text, include)?);
            }
            [abbr, lat, lon] => {
                let (Ok(lat), Ok(lon)) = (lat.parse(), lon.parse()) else {
                    return Err(alloc::format!("`{line}`"));
                };
                rows.retain(|r| r.0 != abbr);
                rows.push((abbr.to_string(), lat, lon));
            }
            _ => return Err(alloc::format!("`{line}`")),
        }
    }
    Ok(rows)
}

/// The rows' places in the drawing box (north up, west left,
/// equirectangular about the middle latitude, a 40-unit margin), to the
/// hundredth.
pub fn project(rows: &[(String, f64, f64)]) -> Vec<(String, Point)> {
    let (lo, hi) = rows
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), r| (lo.min(r.1), hi.max(r.1)));
    let squeeze = libm::cos(((lo + hi) / 2.0).to_radians());
    let raw: Vec<Point> = rows.iter().map(|r| [r.2 * squeeze, -r.1]).collect();
    let (mut a, mut b) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for p in &raw {
        a = [a[0].min(p[0]), a[1].min(p[1])];
        b = [b[0].max(p[0]), b[1].max(p[1])];
    }
    let margin = 40.0;
    let scale =
        ((WIDTH - 2.0 * margin) / (b[0] - a[0])).min((HEIGHT - 2.0 * margin) / (b[1] - a[1]));
    let off = [(WIDTH - (b[0] - a[0]) * scale) / 2.0, (HEIGHT - (b[1] - a[1]) * scale) / 2.0];
    let hundredth = |x: f64| libm::round(x * 100.0) / 100.0;
    rows.iter()
        .zip(&raw)
        .map(|(r, p)| {
            let at = [off[0] + (p[0] - a[0]) * scale, off[1] + (p[1] - a[1]) * scale];
            (r.0.clone(), [hundredth(at[0]), hundredth(at[1])])
        })
        .collect()
}

/// `k` places spread over the board: the one furthest from the middle,
/// then each time the one furthest from those chosen.
pub fn spread(places: &[(String, Point)], k: usize) -> Vec<usize> {
    let n = places.len() as f64;
    let middle = places.iter().fold([0.0, 0.0], |m, (_, p)| [m[0] + p[0] / n, m[1] + p[1] / n]);
    let mut chosen: Vec<usize> = Vec::new();
    let mut nearest: Vec<f64> = places.iter().map(|(_, p)| dist(*p, middle)).collect();
    while chosen.len() < k.min(places.len()) {
        let next = (0..places.len())
            .filter(|i| !chosen.contains(i))
            .max_by(|&x, &y| nearest[x].total_cmp(&nearest[y]).then(y.cmp(&x)))
            .unwrap_or(0);
        if chosen.is_empty() {
            nearest = places.iter().map(|_| f64::MAX).collect();
        }
        chosen.push(next);
        for (i, (_, p)) in places.iter().enumerate() {
            nearest[i] = nearest[i].min(dist(*p, places[next].1));
        }
    }
    chosen
}

/// `# @pos` lines pinning `pins` (indices into `places`) at their places.
pub fn pin_lines(places: &[(String, Point)], pins: &[usize]) -> String {
    pins.iter()
        .map(|&i| alloc::format!("# @pos {} {} {}\n", places[i].0, places[i].1[0], places[i].1[1]))
        .collect()
}

/// The variant whose top-level file is `file` in `sources`, with `pins`
/// (indices into `places`) written as `# @pos` lines at the top of that
/// file; `None` if there is no such file.
pub fn pinned(
    file: &str,
    places: &[(String, Point)],
    pins: &[usize],
    sources: &dyn crate::map::Sources,
) -> Option<Map> {
    let text = pin_lines(places, pins) + &sources.source(file)?;
    Some(crate::map::load(file, &text, sources).0)
}

/// How close a drawing comes to the true board.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Pins asked for.
    pub pins: usize,
    /// Pins whose label is within 1 % of the drawing's width of the pin.
    pub held: usize,
    /// Unpinned labels' distance from their true places after the best
    /// similarity, as a share of the truth's diagonal: median and 90th
    /// percentile.
    pub median: f64,
    /// See `median`.
    pub p90: f64,
    /// Provinces (three neighbours or more) whose neighbours run round
    /// them in the true order, as a share.
    pub cyclic: f64,
}

/// The figures of `drawing` of `map` against `places` (every province of
/// the map must have one), `pinned` (indices into `places`) pinned;
/// `None` if a province has no true place.
pub fn measure(
    map: &Map,
    drawing: &Layout,
    places: &[(String, Point)],
    pinned: &[usize],
) -> Option<Row> {
    let truth: Vec<Point> = map
        .provinces
        .iter()
        .map(|p| places.iter().find(|(a, _)| a.eq_ignore_ascii_case(&p.abbr)).map(|it| it.1))
        .collect::<Option<_>>()?;
    let labels: Vec<Point> = drawing.provinces.iter().map(|r| r.label).collect();
    let pinned: Vec<usize> = pinned
        .iter()
        .map(|&i| map.province(&places[i].0).map(|p| p.0 as usize))
        .collect::<Option<_>>()?;
    let held =
        pinned.iter().filter(|&&v| dist(labels[v], truth[v]) <= 0.01 * drawing.width).count();
    let pairs: Vec<(Point, Point)> =
        (0..truth.len()).filter(|v| !pinned.contains(v)).map(|v| (labels[v], truth[v])).collect();
    let sim = quality::fit(&pairs, true)?;
    let diagonal = diagonal(&truth);
    let mut off: Vec<f64> = pairs.iter().map(|(a, b)| dist(sim.apply(*a), *b) / diagonal).collect();
    crate::sorting::sort_by(&mut off, f64::total_cmp);
    let at = |q: f64| off[libm::round((off.len() - 1) as f64 * q) as usize];
    let moved: Vec<Point> = labels.iter().map(|&p| sim.apply(p)).collect();
    Some(Row {
        pins: pinned.len(),
        held,
        median: at(0.5),
        p90: at(0.9),
        cyclic: cyclic_share(map, &moved, &truth),
    })
}

/// The diagonal of the box round `points`: what the table's distances
/// are shares of.
pub fn diagonal(points: &[Point]) -> f64 {
    let (lo, hi) = bounds(points);
    dist(lo, hi)
}

/// The share of `map`'s provinces (three neighbours or more) whose
/// neighbours run round them in the same order at `drawn` as at `truth`
/// (one point per province each). A province one of whose borders crosses
/// another at the true places (four provinces meeting at a corner, each
/// touching the one across: the graph forces it) has no true order a flat
/// drawing can show, and is not counted.
pub fn cyclic_share(map: &Map, drawn: &[Point], truth: &[Point]) -> f64 {
    let graph = ProvinceGraph::of(map);
    let mut crossed = alloc::vec![false; truth.len()];
    for ((a, b), (c, d)) in crossings(&graph.edges, truth) {
        for v in [a, b, c, d] {
            crossed[v.0 as usize] = true;
        }
    }
    let mut adjacency = alloc::vec![Vec::new(); truth.len()];
    for &(a, b) in &graph.edges {
        if !crossed[a.0 as usize] {
            adjacency[a.0 as usize].push(b.0);
        }
        if !crossed[b.0 as usize] {
            adjacency[b.0 as usize].push(a.0);
        }
    }
    let (same, counted) = quality::cyclic_agreement(&adjacency, drawn, truth);
    same as f64 / counted.max(1) as f64
}

/// The pairs of `edges` (without a shared end) whose straight lines
/// between their ends' points `at` cross.
pub fn crossings(edges: &[(ProvinceId, ProvinceId)], at: &[Point]) -> Vec<Crossing> {
    let mut out = Vec::new();
    for (i, &(a, b)) in edges.iter().enumerate() {
        for &(c, d) in &edges[i + 1..] {
            let (p, q, r, s) =
                (at[a.0 as usize], at[b.0 as usize], at[c.0 as usize], at[d.0 as usize]);
            if a != c
                && a != d
                && b != c
                && b != d
                && cross(p, q, r) * cross(p, q, s) < 0.0
                && cross(r, s, p) * cross(r, s, q) < 0.0
            {
                out.push(((a, b), (c, d)));
            }
        }
    }
    out
}

/// Two edges that cross: see [`crossings`].
pub type Crossing = ((ProvinceId, ProvinceId), (ProvinceId, ProvinceId));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_includes_and_overrides() {
        let base = "A 10 0\nB 0 10 # east\n";
        let include = |name: &str| (name == "base").then(|| String::from(base));
        let rows = read("include base\nB 1 11\nC -10 0\n", &include).unwrap();
        assert_eq!(rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["A", "B", "C"]);
        assert_eq!((rows[1].1, rows[1].2), (1.0, 11.0));
        assert!(read("A 1\n", &include).is_err());
        assert!(read("include nothing\n", &include).is_err());
    }

    #[test]
    fn north_is_up_and_west_is_left() {
        let rows = read("N 10 0\nS -10 0\nW 0 -10\nE 0 10\n", &|_| None).unwrap();
        let places = project(&rows);
        let at = |abbr: &str| places.iter().find(|p| p.0 == abbr).unwrap().1;
        assert!(at("N")[1] < at("S")[1] && at("W")[0] < at("E")[0]);
        // The furthest from the middle first, then the furthest from it.
        let far = spread(&places, 2);
        assert_eq!(far.len(), 2);
        assert!(dist(places[far[0]].1, places[far[1]].1) >= 600.0);
    }

    #[test]
    fn crossing_lines_are_seen() {
        let at = [[0.0, 0.0], [2.0, 2.0], [0.0, 2.0], [2.0, 0.0], [3.0, 3.0]];
        let e = |a: u32, b: u32| (ProvinceId(a), ProvinceId(b));
        // 0-1 crosses 2-3; 0-2 and 1-3 are sides; 1-4 goes on past 1.
        let edges = [e(0, 1), e(2, 3), e(0, 2), e(1, 3), e(1, 4)];
        assert_eq!(crossings(&edges, &at), [(e(0, 1), e(2, 3))]);
    }
}
