//! Drawing a variant from its graph (issue 11): every province a filled
//! region, two regions sharing a border exactly when the provinces are
//! adjacent; adjacencies no plane drawing can carry as borders become drawn
//! *connectors*. Deterministic: the same map and pins give the same
//! picture, bit for bit, native and in wasm (`+ - * /`, correctly rounded
//! `sqrt`, and a globe's `atan2`/`asin` from pure-Rust `libm`; no hash
//! order, no randomness).
//!
//! The pipeline, one module each:
//! 1. [`graph`]: the province graph (adjacencies with who may cross, and the
//!    ABUTS of impassable provinces, which only place them);
//! 2. `planar`: a maximal planar subgraph and its embedding (left-right
//!    planarity test); what is left out becomes connectors;
//! 3. `mesh`: the embedding triangulated with lake vertices in every face
//!    that is not a triangle of provinces, the outer face zipped to a frame;
//! 4. `solve`: positions by a weighted Tutte drawing (planar for any
//!    positive weights) that follows a goal: the first shape, or with pins
//!    the conformal map of the mesh through them (the rest follows the
//!    pins); pins honoured as far as planarity allows;
//! 5. `regions`: each province's region from its corners of the triangles,
//!    labels at the pole of each region (with pins, the pole drawn
//!    towards the province's place in the solve), coast marks towards
//!    their seas.

mod follow;
pub(crate) mod geom;
mod graph;
mod join;
mod mesh;
pub mod palette;
mod planar;
pub mod quality;
mod regions;
pub mod sheet;
mod shortcut;
mod sketch;
mod solve;
mod stress;
pub mod svg;
mod touch;
pub mod truth;

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

pub use geom::Point;
pub use graph::{Crossing, ProvinceGraph};

use crate::diagnostics::{Diagnostic, Edit, codes};
use crate::map::{LocationId, Map, ProvinceId, Terrain, UnitKind};
use crate::text::{FileSpan, Span};
use geom::{dist, pole, ray_exit, snap, sqrt, sub};
use mesh::{Mesh, Role};

/// Width of every drawing, in drawing units.
pub const WIDTH: f64 = 1000.0;
/// Height of every drawing.
pub const HEIGHT: f64 = 700.0;

/// A drawn map.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct Layout {
    /// Width of the drawing ([`WIDTH`]).
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    /// One region per province, in map order (impassable ones included).
    pub provinces: Vec<Region>,
    /// Shared borders, `a < b`, sorted.
    pub borders: Vec<Border>,
    /// Adjacencies drawn as links instead of borders, sorted.
    pub connectors: Vec<Connector>,
    /// Where each coast of a multi-coast province is.
    pub coasts: Vec<CoastMark>,
    /// Pins the drawing could not hold (see [`PinConflict`]).
    pub pin_conflicts: Vec<PinConflict>,
}

/// A pin let go: held where it says, its province would lie beyond the
/// ring of its own neighbours (which other pins hold), so no drawing with
/// every border can honour it with the others.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct PinConflict {
    /// The province whose pin was let go.
    pub province: ProvinceId,
    /// The pinned provinces round it that it fought with.
    pub with: Vec<ProvinceId>,
}

impl Default for Layout {
    /// An empty drawing of the usual size.
    fn default() -> Layout {
        Layout {
            width: WIDTH,
            height: HEIGHT,
            provinces: Vec::new(),
            borders: Vec::new(),
            connectors: Vec::new(),
            coasts: Vec::new(),
            pin_conflicts: Vec::new(),
        }
    }
}

impl Region {
    /// The area of the region's outline.
    pub fn area(&self) -> f64 {
        geom::polygon_area(&self.polygon).abs()
    }
}

impl Layout {
    /// Where a unit at `location` (in `province`, whose abbreviation has
    /// `chars` characters) is drawn, and its radius: on its coast's mark
    /// for a fleet on a coast, else under the label ([`svg::marks`]).
    pub fn unit_at(
        &self,
        location: LocationId,
        province: ProvinceId,
        chars: usize,
    ) -> Option<(Point, f64)> {
        let region = self.provinces.get(province.0 as usize)?;
        let marks = svg::marks(region.label, region.room, chars);
        let at =
            self.coasts.iter().find(|it| it.location == location).map_or(marks.unit, |it| it.at);
        Some((at, marks.unit_r.max(2.0)))
    }

    /// The corners of the box around every region's outline.
    fn bounds(&self) -> (Point, Point) {
        // Walked, not gathered: a 10,000-province drawing's outlines are
        // 3 MB of points (12 ms of the page's task its drawing arrives in).
        geom::bounds(self.provinces.iter().flat_map(|r| r.polygon.iter()))
    }

    /// The box around every region, 3 % larger each way, as `[x, y, width,
    /// height]` (the whole drawing when there is no region): what a viewer
    /// shows first.
    pub fn fit(&self) -> [f64; 4] {
        let (lo, hi) = self.bounds();
        if !(lo[0] < hi[0] && lo[1] < hi[1]) {
            return [0.0, 0.0, self.width, self.height];
        }
        let pad = 0.03 * (hi[0] - lo[0]).max(hi[1] - lo[1]);
        [lo[0] - pad, lo[1] - pad, hi[0] - lo[0] + 2.0 * pad, hi[1] - lo[1] + 2.0 * pad]
    }
}

/// A province's region.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct Region {
    /// The province.
    pub province: ProvinceId,
    /// The outline, a simple polygon.
    pub polygon: Vec<Point>,
    /// The label point (inside the polygon).
    pub label: Point,
    /// The distance from the label point to the outline: room for text.
    pub room: f64,
}

/// A border between two adjacent provinces.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct Border {
    /// The lower province.
    pub a: ProvinceId,
    /// The higher province.
    pub b: ProvinceId,
    /// Who may cross.
    pub kind: Crossing,
    /// The border line.
    pub path: Vec<Point>,
}

/// An adjacency drawn as a link (a strait, a wrap-around).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct Connector {
    /// The lower province.
    pub a: ProvinceId,
    /// The higher province.
    pub b: ProvinceId,
    /// Who may cross.
    pub kind: Crossing,
    /// The link, from `a`'s label to `b`'s; when it `wraps`, four points:
    /// `a`'s label, where it leaves the map, where it comes back on the
    /// other side, `b`'s label (the middle stretch is off the map).
    pub path: Vec<Point>,
    /// A link round the back of a globe: drawn as two stubs off opposite
    /// edges of the map (see [`Connector::pieces`]).
    pub wraps: bool,
}

impl Connector {
    /// What to draw: the path, or for a link that wraps, its two stubs from
    /// a label to the map's edge, each with the province it leads to (to
    /// name at its outer end, the stub's last point).
    pub fn pieces(&self) -> Vec<(Vec<Point>, Option<ProvinceId>)> {
        if self.wraps && self.path.len() == 4 {
            vec![
                (self.path[..2].to_vec(), Some(self.b)),
                (vec![self.path[3], self.path[2]], Some(self.a)),
            ]
        } else {
            vec![(self.path.clone(), None)]
        }
    }
}

/// The place of one coast of a multi-coast province.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct CoastMark {
    /// The coast (`SPA/NC`).
    pub location: LocationId,
    /// A point inside the province, towards the seas of that coast.
    pub at: Point,
}

/// The pins `drawing` could not hold, as `pin-conflict` warnings at their
/// `# @pos` lines: each names the province let go and the pinned provinces
/// round it it fought with (marked at their own pin lines), with a fix
/// that removes the pin. Pins not written in the file (a drag not yet
/// written back) have no line and are left out.
pub fn pin_diagnostics(map: &Map, drawing: &Layout) -> Vec<Diagnostic> {
    let line_of = |p: ProvinceId| map.pins.iter().find(|pin| pin.province == p).map(|pin| pin.line);
    let text = map.files.first().map_or("", |f| &*f.text);
    let mut out = Vec::new();
    for conflict in &drawing.pin_conflicts {
        let Some(line) = line_of(conflict.province) else { continue };
        let abbr = |p: ProvinceId| map.prov(p).abbr.to_uppercase();
        let name = abbr(conflict.province);
        let others: Vec<String> = conflict.with.iter().map(|&p| abbr(p)).collect();
        let message = if others.is_empty() {
            format!("{name} cannot be drawn at its pin with every border kept")
        } else {
            format!(
                "{name} cannot be drawn at its pin: it would lie beyond its neighbours, which the pins of {} hold",
                others.join(", ")
            )
        };
        let mut diag = Diagnostic::new(codes::PIN_CONFLICT, line, message)
            .with_label("this pin was not honoured")
            .with_help("Move this pin (or the others named) so that the province lies among its neighbours, or remove it and let the drawing place it.");
        for &other in &conflict.with {
            if let Some(at) = line_of(other) {
                diag = diag.with_secondary(at, format!("holds {}", abbr(other)));
            }
        }
        // The whole line with its line break.
        let mut end = line.span.end as usize;
        if text.as_bytes().get(end) == Some(&b'\r') {
            end += 1;
        }
        if text.as_bytes().get(end) == Some(&b'\n') {
            end += 1;
        }
        let whole =
            FileSpan { file: line.file, span: Span { start: line.span.start, end: end as u32 } };
        out.push(diag.with_fix(
            format!("remove the pin of {name}"),
            vec![Edit { at: whole, replacement: String::new() }],
        ));
    }
    out
}

/// Draws `map`. The map's `# @pos` pins and then `extra` pins (a drag not
/// yet written back) place provinces, in drawing units, as far as the graph
/// allows.
pub fn layout(map: &Map, extra: &[(ProvinceId, Point)]) -> Layout {
    layout_near(map, extra, &[])
}

/// [`layout`], starting from a drawing already on screen: `previous` gives
/// where provinces were (their label points), and the new drawing is turned
/// to line up with them, so an edit never spins or mirrors the map.
pub fn layout_near(
    map: &Map,
    extra: &[(ProvinceId, Point)],
    previous: &[(ProvinceId, Point)],
) -> Layout {
    // Past 1,000 provinces the drawing grows with the map (see
    // [`scale_of`]): it is made in the 1000-wide box and scaled out, so
    // pins and the drawing on screen are taken into the box.
    let scale = scale_of(map.provinces.len());
    let inward = |p: Point| [p[0] / scale, p[1] / scale];
    let mut pins: Vec<(ProvinceId, Point)> = map
        .pins
        .iter()
        .filter(|pin| !extra.iter().any(|(p, _)| *p == pin.province))
        .map(|pin| (pin.province, inward(pin.point())))
        .collect();
    pins.extend(extra.iter().map(|&(p, at)| (p, inward(at))));
    let previous: Vec<(ProvinceId, Point)> =
        previous.iter().map(|&(p, at)| (p, inward(at))).collect();
    let previous = &previous[..];
    let graph = ProvinceGraph::of(map);
    // One pin or two: the drawing without pins, moved as a whole onto them
    // (see [`onto_pins`]).
    let drawing = match pins.len() {
        0 => unbarred(map, &graph, &[], previous).0,
        1 | 2 => onto_pins(unbarred(map, &graph, &[], previous).0, &pins),
        _ => {
            let pinned = unbarred(map, &graph, &pins, previous);
            let crushed = |drawing: &Layout| roominess(drawing) < CRUSHED;
            if pinned.1 >= READABLE && pinned.0.pin_conflicts.is_empty() && !crushed(&pinned.0) {
                pinned.0
            } else {
                // A drawing the pins crushed or tore (pins dropped where
                // the graph cannot follow them): the drawing without pins,
                // moved as a whole onto as many as it can hold, is kept
                // if the pinned one is crushed and it is not, or if it is
                // better (readable first, then fewer pins let go).
                let rigid = best_fit_onto(unbarred(map, &graph, &[], previous).0, &pins);
                // Its provinces' places are its labels.
                let quality = readability(
                    &rigid.provinces,
                    geom::bounds(rigid.provinces.iter().map(|r| &r.label)),
                );
                let roomier = crushed(&pinned.0) && !crushed(&rigid);
                if roomier || better((&rigid, quality), (&pinned.0, pinned.1)) {
                    rigid
                } else {
                    pinned.0
                }
            }
        }
    };
    with_barriers(scaled(drawing, scale), &graph)
}

/// A quick sketch of `map` (see [`sketch`]): each province a small
/// hexagon where the drawing's first shape has it, no borders, no
/// connectors; in the same units as [`layout`]'s drawing and moved onto
/// the pins as a whole. What the page shows of a big map while [`layout`]
/// draws it.
pub fn sketch(map: &Map) -> Layout {
    let scale = scale_of(map.provinces.len());
    let pins: Vec<(ProvinceId, Point)> = map
        .pins
        .iter()
        .map(|pin| {
            let at = pin.point();
            (pin.province, [at[0] / scale, at[1] / scale])
        })
        .collect();
    scaled(sketch::sketch(map, &pins), scale)
}

/// Provinces from which a map is sketched first in the page: its drawing
/// takes a second or more to reach the screen there (a 3,000-province
/// ring: 1.0 s, 10,000: 3.3 s), and the sketch comes a second or more
/// before it (10,000: at 1.4 s); on smaller maps the drawing itself
/// comes about as soon, and a sketch would only flash before it.
pub const SKETCH_FROM: usize = 4000;

/// The province graph as the drawing takes it: every edge it knows
/// (adjacencies, then walls), each province's neighbours by them (sorted,
/// each once), and one province of each piece of the map (sorted).
struct Lists {
    all: Vec<(u32, u32)>,
    neighbours: Vec<Vec<u32>>,
    reps: Vec<u32>,
}

/// The [`Lists`] of `graph`, a graph of `n` provinces.
fn lists(graph: &ProvinceGraph, n: usize) -> Lists {
    let mut all: Vec<(u32, u32)> = graph.edges.iter().map(|&(a, b)| (a.0, b.0)).collect();
    all.extend(graph.walls.iter().map(|&(a, b)| (a.0, b.0)));
    let mut neighbours = vec![Vec::new(); n];
    for &(a, b) in &all {
        neighbours[a as usize].push(b);
        neighbours[b as usize].push(a);
    }
    for list in &mut neighbours {
        list.sort_unstable();
        list.dedup();
    }
    let mut comp = join::Join::new(n);
    for &(a, b) in &all {
        comp.union(a, b);
    }
    let mut reps: Vec<u32> = (0..n as u32).filter(|&v| comp.find(v) == v).collect();
    reps.sort_unstable();
    Lists { all, neighbours, reps }
}

/// A map of several pieces (`reps`, one province of each) joined through
/// a hub vertex (a lake) after the provinces of `adj`, so that it is drawn
/// as one piece; a map of one piece is left as it is.
fn join_pieces(adj: &mut Vec<Vec<u32>>, reps: &[u32]) {
    if reps.len() > 1 {
        let hub = adj.len() as u32;
        for &r in reps {
            adj[r as usize].push(hub);
        }
        adj.push(reps.to_vec());
    }
}

/// How much larger than the 1000-wide box a drawing of `n` provinces is:
/// past 1,000 provinces, with the square root of n (a region's share of
/// the box), so a region keeps its size in drawing units however large the
/// map, and the viewer zooms in as far. In the box, a ring of 20,000
/// provinces drawn round it would leave each a tenth of a unit: hundreds
/// of thousands of pairs of provinces within a hair of each other, every
/// one a barrier to find and draw.
pub fn scale_of(n: usize) -> f64 {
    sqrt((n as f64 / 1000.0).max(1.0))
}

/// `drawing` (made in the 1000-wide box) scaled by `scale`, to the
/// hundredth.
fn scaled(drawing: Layout, scale: f64) -> Layout {
    if scale == 1.0 {
        return drawing;
    }
    let similarity = quality::Similarity { factor: [scale, 0.0], mirror: false, shift: [0.0, 0.0] };
    let mut drawing = moved(drawing, &similarity);
    drawing.width = geom::round2(drawing.width * scale);
    drawing.height = geom::round2(drawing.height * scale);
    drawing
}

/// The drawing of `map` held by `pins`, before the barriers are found, and
/// its quality (the share of provinces with room for a label).
fn unbarred(
    map: &Map,
    graph: &ProvinceGraph,
    pins: &[(ProvinceId, Point)],
    previous: &[(ProvinceId, Point)],
) -> (Layout, f64) {
    let n = map.provinces.len();
    let out = Layout::default();
    if n == 0 {
        return (out, 0.0);
    }
    let Lists { all, neighbours, reps } = lists(graph, n);
    let adjacencies = graph.edges.len();
    let hub = if reps.len() > 1 { Some(n as u32) } else { None };
    let total = n + usize::from(hub.is_some());
    // Trial order: hub edges, then adjacencies shortest first in a first
    // shape of the whole graph (a strait or a wrap-around is long there, so
    // it is the one left to a connector), then walls.
    let planar = graph.is_planar();
    let loose = shortcut::Loose::of(&neighbours);
    let nearly_planar = planar || shortcut::nearly_planar(graph, &loose, n);
    let plain = if nearly_planar { Plain::First } else { Plain::Last };
    // The first shape, with shortcuts left out: long in it, they are left
    // to connectors and fold nothing.
    let shaped = |left_out: &[(u32, u32)]| {
        let mut adj = neighbours.clone();
        for &(a, b) in left_out {
            adj[a as usize].retain(|&w| w != b);
            adj[b as usize].retain(|&w| w != a);
        }
        join_pieces(&mut adj, &reps);
        let mut first = stress::first_shape(&adj, !planar);
        // Two pins or more set the shape's turn and mirror themselves.
        if pins.len() < 2 {
            let towards: Vec<(usize, Point)> =
                previous.iter().map(|&(p, at)| (p.0 as usize, at)).collect();
            geom::turn_towards(&mut first.shape, &towards, first.globe);
            if let Some(round) = &mut first.or_globe {
                geom::turn_towards(round, &towards, true);
            }
        }
        first
    };
    let shortcuts = loose.shortcuts(&neighbours, shortcut::FAR);
    let stress::FirstShape { shape: first_shape, globe, or_globe } = shaped(&shortcuts);
    let prepared = Prepared {
        map,
        graph,
        all: &all,
        adjacencies,
        neighbours: &neighbours,
        reps: &reps,
        hub,
        total,
        n,
        pins,
        first_shape: &first_shape,
        globe,
        plain,
        guide: None,
        untangled: false,
        by_pins: false,
    };
    let mut drawing = drawn(&prepared);
    // A graph nearly round enough for a globe: drawn on one too, and the
    // globe kept if it is better, or as good with fewer connectors (a flat
    // drawing of a world folds it: imperial edited flat had 69-436).
    if let Some(round) = or_globe {
        let on_globe = drawn(&Prepared { first_shape: &round, globe: true, ..prepared });
        let (a, b) = ((&on_globe.0, on_globe.1), (&drawing.0, drawing.1));
        if better(a, b) || !better(b, a) && on_globe.0.connectors.len() < drawing.0.connectors.len()
        {
            drawing = on_globe;
        }
    }
    // Links rather far (see `shortcut::RATHER_FAR`), then every loose one
    // (`shortcut::APART`), left out of the shape too: each kept only with
    // fewer connectors and no worse.
    let mut tried = shortcuts.len();
    for reach in [shortcut::RATHER_FAR, shortcut::APART] {
        let rather = loose.shortcuts(&neighbours, reach);
        if rather.len() <= tried {
            continue;
        }
        tried = rather.len();
        let other = shaped(&rather);
        let without =
            drawn(&Prepared { first_shape: &other.shape, globe: other.globe, ..prepared });
        if without.0.connectors.len() < drawing.0.connectors.len()
            && !better((&drawing.0, drawing.1), (&without.0, without.1))
        {
            drawing = without;
        }
    }
    // How many adjacencies a plain drawing would leave out: a map planar
    // but for a few on one triangle or none (see `shortcut::plain_left_out`),
    // not a world. A drawing with many more connectors than that is drawn
    // again, each try kept with fewer connectors, no worse and no more
    // crumbs ([`saves`]).
    let left =
        if nearly_planar || globe { None } else { shortcut::plain_left_out(graph, &neighbours) };
    let many = |drawing: &(Layout, f64), share: usize| {
        left.is_some_and(|left| share * left < drawing.0.connectors.len())
    };
    // With pins, over three times as many or a pin let go: adjacencies
    // tried shortest first where the pins put them. A designer's link
    // across a pinned map is short in the first shape (it pulls its ends
    // together there), and kept before real borders; where the pins are,
    // it is long (youngstown with three links added: 20 connectors and
    // three pins let go, now 14 and none). Not the only order: on
    // classical it leaves 12 for 9.
    if !pins.is_empty() && (many(&drawing, 3) || !drawing.0.pin_conflicts.is_empty()) {
        let by_pins = drawn(&Prepared { by_pins: true, ..prepared });
        if saves(&by_pins, &drawing) {
            drawing = by_pins;
        }
    }
    // Over twice as many (four times with pins): drawn as a planar map,
    // the plain drawing alone (a plain drawing of the corpus's 1900 left
    // one connector instead of six, but Portugal at 0.09 of the median
    // area: a crumb). With pins it is costlier (it lets some go and
    // untangles round them: youngstown, 2 left out of 5, went 5.4 -> 14 ms
    // and was never kept), so it is made only where it can save most
    // (crowded with Paris joined to Spain: 1 left out of 16).
    if many(&drawing, if pins.is_empty() { 2 } else { 4 }) {
        let (alone, quality, ..) = search(&Prepared { plain: Plain::Only, ..prepared });
        let alone = (alone, quality);
        if saves(&alone, &drawing) {
            drawing = alone;
        }
    }
    drawing
}

/// The least [`onto_pins`] scales a drawing by: two pins nearer together
/// than that (half as far apart as the drawing without them puts
/// their provinces) would shrink the whole map round them.
const LEAST_SCALE: f64 = 0.5;

/// `drawing` (made without pins) moved as a whole onto one pin or two: a
/// shift for one; for two the turn, scale and shift that take both labels
/// onto their pins. A drawing moved as a whole keeps every border, region
/// and label as they were, so one pin or two never make the map worse (a
/// pin on chromatic drawn round it crushed every region but two; two pins
/// a hand apart on standard, every region to 0.03 of the median). Two
/// pins so near each other that the map would shrink below
/// [`LEAST_SCALE`] hold the later one (the newer drag) and report the
/// other as a conflict.
fn onto_pins(mut drawing: Layout, pins: &[(ProvinceId, Point)]) -> Layout {
    let label = |p: ProvinceId| drawing.provinces.get(p.0 as usize).map(|r| r.label);
    let placed: Vec<(ProvinceId, Point, Point)> =
        pins.iter().filter_map(|&(p, at)| label(p).map(|from| (p, from, at))).collect();
    let similarity = match placed[..] {
        [(_, from, to)] => anchored([1.0, 0.0], false, from, to),
        [(first, a, to_a), (_, b, to_b)] => {
            let Some(through) = through([a, b], [to_a, to_b], false) else { return drawing };
            let [x, y] = through.factor;
            let scale = geom::sqrt(x * x + y * y);
            if scale >= LEAST_SCALE {
                through
            } else {
                let factor = if scale > 0.0 {
                    [x * LEAST_SCALE / scale, y * LEAST_SCALE / scale]
                } else {
                    [LEAST_SCALE, 0.0]
                };
                drawing
                    .pin_conflicts
                    .push(PinConflict { province: first, with: vec![placed[1].0] });
                anchored(factor, false, b, to_b)
            }
        }
        _ => return drawing,
    };
    let mut drawing = moved(drawing, &similarity);
    // A held pin's label is its pin.
    let let_go = |p: ProvinceId| drawing.pin_conflicts.iter().any(|c| c.province == p);
    let held: Vec<(ProvinceId, Point)> =
        pins.iter().copied().filter(|&(p, _)| !let_go(p)).collect();
    for (p, at) in held {
        if let Some(region) = drawing.provinces.get_mut(p.0 as usize) {
            region.label = at;
        }
    }
    drawing
}

/// The similarity with `factor` (a turn and scale, as a complex number)
/// after `mirror` that takes `from` to `to`.
fn anchored(factor: Point, mirror: bool, from: Point, to: Point) -> quality::Similarity {
    let at = quality::Similarity { factor, mirror, shift: [0.0, 0.0] }.apply(from);
    quality::Similarity { factor, mirror, shift: [to[0] - at[0], to[1] - at[1]] }
}

/// The similarity (after `mirror`) that takes `from[0]` to `to[0]` and
/// `from[1]` to `to[1]`: its factor `to`'s run over `from`'s, as complex
/// numbers; `None` when the two `from` points are one.
fn through(from: [Point; 2], to: [Point; 2], mirror: bool) -> Option<quality::Similarity> {
    let flip = |p: Point| if mirror { [p[0], -p[1]] } else { p };
    let (a, b) = (flip(from[0]), flip(from[1]));
    let run = [b[0] - a[0], b[1] - a[1]];
    let goal = [to[1][0] - to[0][0], to[1][1] - to[0][1]];
    let norm = run[0] * run[0] + run[1] * run[1];
    if norm == 0.0 {
        return None;
    }
    let factor = [
        (goal[0] * run[0] + goal[1] * run[1]) / norm,
        (goal[1] * run[0] - goal[0] * run[1]) / norm,
    ];
    Some(anchored(factor, mirror, from[0], to[0]))
}

/// `drawing` taken by `similarity` as a whole, to the hundredth; shrunk,
/// a border too short to see is drawn as a link as well (as `draw` draws
/// one).
fn moved(mut drawing: Layout, similarity: &quality::Similarity) -> Layout {
    let [a, b] = similarity.factor;
    let scale = geom::sqrt(a * a + b * b);
    let apply = |p: &mut Point| *p = snap(similarity.apply(*p));
    for region in &mut drawing.provinces {
        region.polygon.iter_mut().for_each(apply);
        apply(&mut region.label);
        region.room = geom::round2(region.room * scale);
    }
    for border in &mut drawing.borders {
        border.path.iter_mut().for_each(apply);
    }
    for connector in &mut drawing.connectors {
        connector.path.iter_mut().for_each(apply);
    }
    for coast in &mut drawing.coasts {
        apply(&mut coast.at);
    }
    if scale < 1.0 {
        let mut links = Vec::new();
        for border in &drawing.borders {
            let length: f64 = border.path.windows(2).map(|w| dist(w[0], w[1])).sum();
            let linked = drawing.connectors.iter().any(|c| (c.a, c.b) == (border.a, border.b));
            if length < short_border(drawing.provinces.len()) && !linked {
                let path = vec![
                    drawing.provinces[border.a.0 as usize].label,
                    drawing.provinces[border.b.0 as usize].label,
                ];
                links.push(Connector {
                    a: border.a,
                    b: border.b,
                    kind: border.kind,
                    path,
                    wraps: false,
                });
            }
        }
        drawing.connectors.extend(links);
        crate::sorting::sort_by_key(&mut drawing.connectors, |c| (c.a, c.b));
    }
    drawing
}

/// Whether drawing `new` (with its quality) is kept over `old`: fewer
/// connectors, no worse (see [`better`]) and no more crumbs.
fn saves(new: &(Layout, f64), old: &(Layout, f64)) -> bool {
    new.0.connectors.len() < old.0.connectors.len()
        && !better((&old.0, old.1), (&new.0, new.1))
        && crumbs(&new.0) <= crumbs(&old.0)
}

/// How many regions of `drawing` have under a tenth of the median area.
fn crumbs(drawing: &Layout) -> usize {
    let mut areas: Vec<f64> = drawing.provinces.iter().map(Region::area).collect();
    if areas.is_empty() {
        return 0;
    }
    let middle = areas.len() / 2;
    let median = crate::sorting::nth(&mut areas, middle);
    areas.iter().filter(|&&a| a < 0.1 * median).count()
}

/// The drawing from `prepared`'s first shape, and its quality: the search,
/// again untangling round the pins it let go, then guided by them.
fn drawn(prepared: &Prepared<'_>) -> (Layout, f64) {
    // Pins the plain solve lets go: solved again, untangling round them.
    let (mut drawing, mut quality, mut strategy, mut spread) = search(prepared);
    if !drawing.pin_conflicts.is_empty() {
        let untangled = Prepared { untangled: true, ..*prepared };
        let again = search(&untangled);
        if better((&again.0, again.1), (&drawing, quality)) {
            (drawing, quality, strategy, spread) = again;
        }
    }
    let prepared = Prepared { untangled: true, ..*prepared };
    guided(&prepared, (drawing, quality), strategy, spread.as_deref())
}

/// The best drawing of the strategies (see [`layout_near`]), its quality,
/// the strategy
/// that drew it and the first shape it followed (`None`: the prepared one).
fn search(prepared: &Prepared<'_>) -> (Layout, f64, Strategy, Option<Vec<Point>>) {
    let out = Layout::default();
    // A planar map: the plain strategy (edges most embedded in triangles
    // first, the longest face outside) keeps every border and is readable
    // on every planar variant we ship; the shape strategy follows the first
    // shape, which suits maps with straits. Each drawing readable enough
    // ends the search; otherwise the best of up to three.
    // The best drawing: a readable one before one that is not, then the
    // one that lets fewest pins go, then the most readable.
    let mut best: Option<(Layout, f64, Strategy, Option<Vec<Point>>)> = None;
    let mut keep = |drawing: Layout, q: f64, strategy: Strategy, shape: Option<&[Point]>| {
        if best.as_ref().is_none_or(|b| better((&drawing, q), (&b.0, b.1))) {
            best = Some((drawing, q, strategy, shape.map(<[Point]>::to_vec)));
        }
    };
    let mut plain = None;
    if prepared.plain != Plain::Last {
        let (drawing, q, spread) = draw_plain(prepared, out.clone());
        if q >= 0.99 || prepared.plain == Plain::Only {
            return (drawing, q, Strategy::Plain, None);
        }
        keep(drawing, q, Strategy::Plain, None);
        plain = Some(spread);
    }
    if let Some((first, quality, _)) = draw(prepared, Strategy::Shape, out.clone()) {
        if quality >= 0.9 {
            return (first, quality, Strategy::Shape, None);
        }
        keep(first, quality, Strategy::Shape, None);
    }
    // A shape the embedding could not follow (a world map that closes into
    // a ring): the plain drawing, spread by stress, is a better first shape,
    // drawn again with the shape strategy.
    let spread = match plain {
        Some(spread) => spread,
        None => {
            let (drawing, q, spread) = draw_plain(prepared, out.clone());
            if q >= 0.99 {
                return (drawing, q, Strategy::Plain, None);
            }
            keep(drawing, q, Strategy::Plain, None);
            spread
        }
    };
    let again = Prepared { first_shape: &spread, globe: false, ..*prepared };
    if let Some((third, last, _)) = draw(&again, Strategy::Shape, out) {
        keep(third, last, Strategy::Shape, Some(&spread));
    }
    match best {
        Some((drawing, q, strategy, shape)) => (drawing, q, strategy, shape),
        None => (Layout::default(), 0.0, Strategy::Plain, None),
    }
}

/// `drawing` drawn again if it let pins go: the embedding taken from it
/// with those pins moved onto their places, so that each such province
/// sits among the neighbours round its pin (a province with two neighbours
/// on the other side of the border between them, a peninsula flipped).
/// The redraw is kept if it is [`better`].
fn guided(
    prepared: &Prepared<'_>,
    (mut drawing, mut quality): (Layout, f64),
    strategy: Strategy,
    shape: Option<&[Point]>,
) -> (Layout, f64) {
    for _ in 0..2 {
        if drawing.pin_conflicts.is_empty() || drawing.provinces.len() != prepared.n {
            break;
        }
        let mut guide: Vec<Point> = drawing.provinces.iter().map(|r| r.label).collect();
        for conflict in &drawing.pin_conflicts {
            let v = conflict.province.0 as usize;
            if let Some(&(_, at)) = prepared.pins.iter().find(|(p, _)| p.0 as usize == v) {
                guide[v] = at;
            }
        }
        let again = match shape {
            Some(shape) => {
                Prepared { guide: Some(&guide), first_shape: shape, globe: false, ..*prepared }
            }
            None => Prepared { guide: Some(&guide), ..*prepared },
        };
        match draw(&again, strategy, Layout::default()) {
            Some((redrawn, q, _)) if better((&redrawn, q), (&drawing, quality)) => {
                drawing = redrawn;
                quality = q;
            }
            _ => break,
        }
    }
    (drawing, quality)
}

/// Whether drawing `a` (with its quality) is better than `b`: a readable
/// one before one that is not, then the one that lets fewest pins go, then
/// the more readable.
fn better(a: (&Layout, f64), b: (&Layout, f64)) -> bool {
    let (mine, theirs) = (a.0.pin_conflicts.len(), b.0.pin_conflicts.len());
    let (readable, was) = (a.1 >= READABLE, b.1 >= READABLE);
    readable && !was || readable == was && (mine < theirs || mine == theirs && a.1 > b.1)
}

/// The share of provinces with room for a label that makes a drawing
/// readable: the search prefers any such drawing to one that is not,
/// whatever pins it lets go.
const READABLE: f64 = 0.6;

/// How the triangular faces turn in `target`: the sum of their signs
/// (+1 one way, −1 the other) and their number.
fn turning_of(faces: &[Vec<u32>], target: &[Point]) -> (f64, f64) {
    faces
        .iter()
        .filter(|walk| walk.len() == 3)
        .map(|w| geom::cross(target[w[0] as usize], target[w[1] as usize], target[w[2] as usize]))
        .fold((0.0f64, 0.0f64), |(sum, count), a| {
            let sign = if a > 0.0 {
                1.0
            } else if a < 0.0 {
                -1.0
            } else {
                0.0
            };
            (sum + sign, count + 1.0)
        })
}

/// The plain strategy's drawing (never given up: it follows no shape).
fn draw_plain(prepared: &Prepared<'_>, out: Layout) -> (Layout, f64, Vec<Point>) {
    draw(prepared, Strategy::Plain, out).unwrap_or_else(|| (Layout::default(), 0.0, Vec::new()))
}

/// Non-adjacent regions that came out touching (a gap thinner than the eye
/// sees) are barriers, drawn and listed as such.
fn with_barriers(mut out: Layout, graph: &ProvinceGraph) -> Layout {
    // `graph.edges` is sorted with `a < b`: the touch search asks it once
    // for each pair of regions whose outlines come near each other.
    let adjacent = |a: u32, b: u32| {
        graph.edges.binary_search(&(ProvinceId(a.min(b)), ProvinceId(a.max(b)))).is_ok()
    };
    let outlines: Vec<Vec<Point>> = out.provinces.iter().map(|r| r.polygon.clone()).collect();
    for ((a, b), stretch) in touch::touching(&outlines, |a, b| !adjacent(a, b)) {
        out.borders.push(Border {
            a: ProvinceId(a),
            b: ProvinceId(b),
            kind: Crossing::Barrier,
            path: stretch.to_vec(),
        });
    }
    crate::sorting::sort_by_key(&mut out.borders, |border| (border.a, border.b));
    out
}

/// `drawing` (made without pins) moved as a whole onto three pins or more
/// as near as a similarity takes it: through the two pins (with the mirror
/// the least-squares fit of all of them chooses) that bring most of the
/// others within 1 % of the width of theirs, then least far off in all.
/// The pins so held are held exactly (their labels at their pins, where
/// the pin is inside the region); the rest are let go.
fn best_fit_onto(drawing: Layout, pins: &[(ProvinceId, Point)]) -> Layout {
    let placed: Vec<(ProvinceId, Point, Point)> = pins
        .iter()
        .filter_map(|&(p, at)| drawing.provinces.get(p.0 as usize).map(|r| (p, r.label, at)))
        .collect();
    let pairs: Vec<(Point, Point)> = placed.iter().map(|&(_, from, to)| (from, to)).collect();
    let Some(least) = quality::fit(&pairs, true) else { return drawing };
    let mirror = least.mirror;
    let near = 0.01 * WIDTH;
    // Each pair's similarity: (held, how far off in all, the similarity).
    let mut best: Option<(usize, f64, quality::Similarity)> = None;
    for i in 0..placed.len() {
        for j in i + 1..placed.len() {
            let Some(similarity) =
                through([pairs[i].0, pairs[j].0], [pairs[i].1, pairs[j].1], mirror)
            else {
                continue;
            };
            let [x, y] = similarity.factor;
            if x * x + y * y < LEAST_SCALE * LEAST_SCALE {
                continue;
            }
            let offs: Vec<f64> =
                pairs.iter().map(|&(from, to)| dist(similarity.apply(from), to)).collect();
            let held = offs.iter().filter(|&&d| d <= near).count();
            let off: f64 = offs.iter().sum();
            if best.as_ref().is_none_or(|b| held > b.0 || held == b.0 && off < b.1) {
                best = Some((held, off, similarity));
            }
        }
    }
    let Some((_, _, similarity)) = best else { return drawing };
    let mut drawing = moved(drawing, &similarity);
    for &(p, from, to) in &placed {
        let region = &mut drawing.provinces[p.0 as usize];
        if dist(similarity.apply(from), to) <= near && geom::depth(to, &region.polygon) > 0.0 {
            region.label = to;
        } else {
            drawing.pin_conflicts.push(PinConflict { province: p, with: Vec::new() });
        }
    }
    drawing
}

/// [`roominess`] under which a drawing is crushed: the drawings without
/// pins of every bundled variant are at 0.19-0.34 (K7, pure, at 0.12),
/// with up to twenty pins at their true places on twelve truth boards at
/// 0.15-0.29; three pins dropped on standard where its graph cannot go
/// drew every province but the pinned three in a sliver at 0.01.
const CRUSHED: f64 = 0.08;

/// How roomy `drawing`'s regions are for their number: the median room
/// (label depth) over the side of a square with a region's share of the
/// box round the drawing.
fn roominess(drawing: &Layout) -> f64 {
    let n = drawing.provinces.len();
    if n == 0 {
        return 0.0;
    }
    let [_, _, w, h] = drawing.fit();
    let mut rooms: Vec<f64> = drawing.provinces.iter().map(|r| r.room).collect();
    let median = crate::sorting::nth(&mut rooms, n / 2);
    median / sqrt(w * h / n as f64).max(1e-9)
}

/// A drawing's quality: the share of its `regions` with room for a
/// readable label (a median would reward a few huge regions round a
/// crushed middle). Room is counted at the scale the drawing is shown at,
/// the box `lo..hi` round its provinces fitted to the 1000-wide box: pins
/// that pull a drawing far out of the box make every region look roomy in
/// its own units. Past 1000 provinces the viewer zooms in: a region's due
/// room shrinks as its share of the box does (with the square root of n).
fn readability(regions: &[Region], (lo, hi): (Point, Point)) -> f64 {
    let shown = ((hi[0] - lo[0]) / WIDTH).max((hi[1] - lo[1]) / HEIGHT).max(1.0);
    let zoomed = scale_of(regions.len());
    let roomy = regions.iter().filter(|r| r.room * zoomed >= 2.0 * shown).count();
    roomy as f64 / regions.len().max(1) as f64
}

/// How the planar part and the outer face are chosen.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Strategy {
    /// Shortest edges of the first shape first; the outer face through the
    /// shape's hull; the solve follows the shape.
    Shape,
    /// Edges in most triangles first; the longest face outside.
    Plain,
}

/// When [`search`] tries the plain strategy.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Plain {
    /// First: the graph is planar, or planar but for a few adjacencies on
    /// no triangle ([`shortcut::nearly_planar`]).
    First,
    /// After the shape strategy, if that is not readable.
    Last,
    /// Alone (see [`shortcut::plain_left_out`]).
    Only,
}

/// What every strategy starts from.
struct Prepared<'a> {
    map: &'a Map,
    graph: &'a ProvinceGraph,
    all: &'a [(u32, u32)],
    adjacencies: usize,
    neighbours: &'a [Vec<u32>],
    reps: &'a [u32],
    hub: Option<u32>,
    total: usize,
    n: usize,
    pins: &'a [(ProvinceId, Point)],
    first_shape: &'a [Point],
    /// Whether the first shape is a globe's map (cut open along a meridian).
    globe: bool,
    /// When the plain strategy is tried.
    plain: Plain,
    /// A drawing to take the embedding from (a point per province): the
    /// last drawing with the pins it let go put at their pins.
    guide: Option<&'a [Point]>,
    /// Whether the solve untangles the drawing round its pins before it
    /// lets one go (`solve::positions`).
    untangled: bool,
    /// Whether the shape strategy tries adjacencies shortest first where
    /// the pins put them (the first shape brought onto the pins), not in
    /// the first shape itself.
    by_pins: bool,
}

/// Below this share of consistently turning triangles (|Σ sign| over the
/// triangle faces, as a share of them), an embedding is folded in its
/// shape. Drawings that follow their shape sit far above it (0.15 to 0.6
/// on the bundled variants); folded ones far below (0.01 to 0.02).
const FOLDED: f64 = 0.05;

/// One drawing, its quality (the share of provinces with room for a
/// readable label) and its positions (a shape for another drawing); `None`
/// for a shape strategy whose shape is folded (see [`FOLDED`]).
fn draw(
    prepared: &Prepared<'_>,
    strategy: Strategy,
    mut out: Layout,
) -> Option<(Layout, f64, Vec<Point>)> {
    let Prepared {
        map,
        graph,
        all,
        adjacencies,
        neighbours,
        reps,
        hub,
        total,
        n,
        pins,
        first_shape,
        globe,
        plain: _,
        guide,
        untangled,
        by_pins,
    } = *prepared;
    let common =
        |a: u32, b: u32| shortcut::common(&neighbours[a as usize], &neighbours[b as usize]);
    let mut order: Vec<usize> = (0..all.len()).collect();
    let target = shape(first_shape, total, pins, neighbours, globe);
    let measured: &[Point] = if by_pins { &target } else { first_shape };
    let lengths: Vec<f64> =
        all.iter().map(|&(a, b)| dist(measured[a as usize], measured[b as usize])).collect();
    // Triangles only rank the plain strategy's order.
    let triangles: Vec<usize> = if strategy == Strategy::Plain {
        all.iter().map(|&(a, b)| common(a, b)).collect()
    } else {
        Vec::new()
    };
    crate::sorting::sort_by(&mut order, |&x, &y| {
        let by = if strategy == Strategy::Shape {
            lengths[x].total_cmp(&lengths[y])
        } else {
            triangles[y].cmp(&triangles[x])
        };
        (x >= adjacencies).cmp(&(y >= adjacencies)).then(by).then(x.cmp(&y))
    });
    let mut trial: Vec<(u32, u32)> = Vec::new();
    if let Some(hub) = hub {
        trial.extend(reps.iter().map(|&r| (r, hub)));
    }
    let hubs = trial.len();
    trial.extend(order.iter().map(|&idx| all[idx]));
    let (mut kept, mut rot) = planar::maximal_planar(total, &trial);
    // Wrap-arounds: a world map joined east to west is planar as a ring,
    // but drawn as a ring it no longer looks like the map. Adjacencies far
    // longer than the rest in the shape become connectors, which cuts the
    // ring open (a planar map keeps all its borders: none is that long).
    let long = {
        let mut lens: Vec<f64> = (hubs..trial.len())
            .filter(|&i| kept[i])
            .map(|i| dist(target[trial[i].0 as usize], target[trial[i].1 as usize]))
            .collect();
        crate::sorting::sort_by(&mut lens, f64::total_cmp);
        lens.get(lens.len() / 2).copied().unwrap_or(0.0) * 5.0
    };
    let mut cut = false;
    for i in hubs..trial.len() {
        let (a, b) = trial[i];
        if kept[i] && long > 0.0 && dist(target[a as usize], target[b as usize]) > long {
            kept[i] = false;
            cut = true;
        }
    }
    if cut {
        let chosen: Vec<(u32, u32)> =
            (0..trial.len()).filter(|&i| kept[i]).map(|i| trial[i]).collect();
        rot = planar::embed(total, &chosen).unwrap_or(rot);
    }
    let mut faces = planar::faces(&rot);
    let (mut turning, triangles) = turning_of(&faces, &target);
    // A shape folded over itself (a world map whose ring the first shape
    // laid flat in two layers): the embedding's triangles turn both ways in
    // it about equally, and a drawing that follows it is crushed. Such a
    // draw is given up here, before the solve; another shape follows.
    if strategy == Strategy::Shape && turning.abs() < FOLDED * triangles {
        return None;
    }
    // Of the embeddings of the kept edges, the one the guide shows (each
    // province's neighbours round it in the guide's order), where it is
    // near enough to planar to show one: a pin let go then sits among its
    // neighbours.
    if let (None, Some(guide)) = (hub, guide) {
        let chosen: Vec<(u32, u32)> =
            (0..trial.len()).filter(|&i| kept[i]).map(|i| trial[i]).collect();
        if let Some(followed) = follow::follow(total, &chosen, guide) {
            rot = followed;
            faces = planar::faces(&rot);
            turning = turning_of(&faces, &target).0;
        }
    }
    if turning > 0.0 {
        for list in &mut rot {
            list.reverse();
        }
        faces = planar::faces(&rot);
    }
    // The outer face: the one through most of the shape's hull (the
    // provinces on the outside of the map), then the largest.
    let hull = geom::convex_hull(&target[..n]);
    // Looked up by place (-0.0 read as 0.0, as `==` does).
    let key = |p: &Point| (p[0] + 0.0, p[1] + 0.0);
    let by_place = |a: &Point, b: &Point| {
        let (a, b) = (key(a), key(b));
        a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1))
    };
    let mut sorted = hull.clone();
    crate::sorting::sort_by(&mut sorted, by_place);
    let on_hull: Vec<bool> = target
        .iter()
        .enumerate()
        .map(|(v, p)| v < n && sorted.binary_search_by(|h| by_place(h, p)).is_ok())
        .collect();
    let score = |walk: &Vec<u32>| -> (usize, f64) {
        let mut seen: Vec<u32> = walk.iter().copied().filter(|&v| on_hull[v as usize]).collect();
        seen.sort_unstable();
        seen.dedup();
        let points: Vec<Point> = walk.iter().map(|&v| target[v as usize]).collect();
        (seen.len(), geom::polygon_area(&points).abs())
    };
    // Shape: the face through most of the shape's hull, then the largest;
    // plain: the longest face.
    // With pins the shape is the designer's: the outer face follows it.
    let by_hull = strategy == Strategy::Shape || !pins.is_empty();
    let pick_outer = |faces: &[Vec<u32>]| {
        if by_hull {
            // Each face scored once, not at every comparison.
            let scores: Vec<(usize, f64)> = faces.iter().map(score).collect();
            (0..faces.len()).max_by(|&x, &y| {
                let (a, b) = (scores[x], scores[y]);
                a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(y.cmp(&x))
            })
        } else {
            (0..faces.len()).max_by_key(|&idx| (faces[idx].len(), core::cmp::Reverse(idx)))
        }
    };
    let outer = pick_outer(&faces);
    // A map that closes into a ring (a world joined east to west) leaves a
    // hole: a large inner face. It is cut open to the outside along the
    // fewest edges, which become connectors, so the map lies flat. Only on
    // maps that are not planar anyway: a planar map keeps every border.
    let mut outer = outer;
    let flat = kept.iter().all(|&k| k);
    if strategy == Strategy::Shape && !flat {
        let hull_area = geom::polygon_area(&hull).abs();
        for _ in 0..4 {
            let Some(out_face) = outer else { break };
            let hole = (0..faces.len())
                .filter(|&f| f != out_face && faces[f].len() >= 6)
                .map(|f| (f, score(&faces[f]).1))
                .filter(|&(_, a)| a > 0.04 * hull_area)
                .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.cmp(&x.0)));
            let Some((hole, _)) = hole else { break };
            let cut = planar::cut_open(&mut rot, hole, out_face, hub);
            if cut.is_empty() {
                break;
            }
            for (a, b) in cut {
                if let Some(i) = trial.iter().position(|&(x, y)| (x.min(y), x.max(y)) == (a, b)) {
                    kept[i] = false;
                }
            }
            faces = planar::faces(&rot);
            outer = pick_outer(&faces);
        }
    }
    let build = |target: &[Point], lakes: Option<&[Point]>| {
        let border = frame_border(&target[..n], !pins.is_empty());
        let mut mesh = Mesh::build(total, &faces, outer, &border, target);
        if let Some(hub) = hub {
            mesh.roles[hub as usize] = Role::Lake;
        }
        let fans = regions::fans(&mesh);
        // Targets for lakes and frame: the mean of their placed neighbours.
        let mut goal = target.to_vec();
        goal.resize(mesh.roles.len(), [WIDTH / 2.0, HEIGHT / 2.0]);
        for &(v, at) in &mesh.frame {
            goal[v as usize] = at;
        }
        for v in total..mesh.roles.len() {
            if mesh.roles[v] == Role::Lake {
                if let Some(at) = lakes.and_then(|l| l.get(v)) {
                    goal[v] = *at;
                    continue;
                }
                let placed: Vec<Point> = fans[v]
                    .iter()
                    .filter(|it| (it.0 as usize) < total)
                    .map(|it| goal[it.0 as usize])
                    .collect();
                if !placed.is_empty() {
                    goal[v] = geom::centroid(&placed);
                }
            }
        }
        (mesh, fans, goal)
    };
    let (mut mesh, mut fans, mut goal) = build(&target, None);
    // With pins, the goal is the embedding's conformal map through them
    // (`solve::conformal`), and the frame is rebuilt round it. Lakes keep
    // their indices: the mesh fills the same faces in the same order
    // before it adds the frame.
    let pins: Vec<(u32, Point)> =
        pins.iter().filter(|(p, _)| (p.0 as usize) < n).map(|&(p, at)| (p.0, at)).collect();
    if let Some(conformal) = solve::conformal(&mesh, &pins, &goal) {
        let mut shaped: Vec<Point> = conformal[..total].to_vec();
        for &(v, at) in &pins {
            shaped[v as usize] = at;
        }
        (mesh, fans, goal) = build(&shaped, Some(&conformal));
    }
    let follow = strategy == Strategy::Shape || !pins.is_empty();
    let (mut pos, released, held) = solve::positions(&mesh, &fans, &goal, &pins, follow, untangled);
    // Regions evened out, the pins held. A drawing with pins is balanced
    // after its spread is taken (below): the spread, a first shape for
    // another drawing, follows the graph, not the balance.
    if pins.is_empty() {
        solve::balance(&mesh, &fans, &held, &mut pos, false);
    }
    let mut spread_out = Vec::new();
    let pinned: Vec<u32> =
        pins.iter().map(|p| p.0).filter(|&v| released.iter().all(|c| c.province.0 != v)).collect();
    out.pin_conflicts = released;
    if strategy == Strategy::Plain {
        // The plain drawing is planar but crowded in the middle: spread by
        // stress from where it is, it is a shape for another drawing.
        let spread = stress::relax(&rot, &pos[..total]);
        let (lo, hi) = geom::bounds(&pos[..total]);
        let (slo, shi) = geom::bounds(&spread);
        let scale = ((hi[0] - lo[0]) / (shi[0] - slo[0]).max(1e-9))
            .min((hi[1] - lo[1]) / (shi[1] - slo[1]).max(1e-9));
        spread_out = spread
            .iter()
            .map(|p| [lo[0] + (p[0] - slo[0]) * scale, lo[1] + (p[1] - slo[1]) * scale])
            .collect();
    }
    if !pins.is_empty() {
        solve::balance(&mesh, &fans, &held, &mut pos, true);
    }
    solve::spread_crushed(&mesh, &fans, &mut pos, &pinned);
    let reach = regions::reach(&mesh, &pos, &fans);
    let inner: Vec<Point> =
        mesh.triangles.iter().map(|t| regions::inner_point(&mesh, &pos, &reach, t)).collect();
    let shut = |v: usize| map.provinces[v].terrain == Terrain::Shut;
    let mut polygons: Vec<Vec<Point>> = Vec::with_capacity(n);
    for v in 0..n {
        let mut polygon = regions::region(&mesh, &pos, &reach, &inner, &fans[v], v as u32);
        if shut(v) {
            // Impassable: drawn apart from its neighbours (no border).
            for p in &mut polygon {
                *p = geom::lerp(pos[v], *p, 0.8);
            }
        }
        polygons.push(polygon.into_iter().map(snap).collect());
    }
    for (v, polygon) in polygons.into_iter().enumerate() {
        // A held pin is where the designer put the label (or, where the
        // pin is near the region's edge, the roomiest point within 0.9 %
        // of the width of it: still held); elsewhere the pole of the
        // region (the point furthest inside it), in a drawing with pins
        // drawn towards where the solve put the province (depth less half
        // the distance from there): the conformal map through the pins
        // placed it, and a pole far from it (a big sea's, at the far end
        // of its region) turned the order of neighbours round it (on
        // standard at 20 pins the Channel and the North Sea: 94.6 % in
        // the true order, 97.3 % now).
        // A pin let go whose point its region still holds, with room for
        // a label there (its vertex drawn towards it, `solve::positions`),
        // is held after all: the label is at the pin.
        let let_go = pins.iter().find(|p| p.0 == v as u32 && !pinned.contains(&p.0));
        let kept = let_go.map(|p| near_pin(p.1, &polygon)).filter(|(_, room)| *room >= PIN_ROOM);
        let (label, room) = if let Some(kept) = kept {
            out.pin_conflicts.retain(|c| c.province.0 != v as u32);
            kept
        } else if pinned.contains(&(v as u32)) {
            near_pin(pos[v], &polygon)
        } else {
            pole(&polygon, pos[v], if pins.is_empty() { 0.0 } else { LABEL_PULL })
        };
        out.provinces.push(Region {
            province: ProvinceId(v as u32),
            polygon,
            label: snap(label),
            room: geom::round2(room.max(0.0)),
        });
    }
    // Borders: mesh edges between two adjacent provinces; connectors: the
    // adjacencies the planar subgraph left out.
    let kept_adjacency: Vec<bool> = {
        let mut flags = vec![false; adjacencies];
        for (pos_in_trial, &keep) in kept.iter().enumerate().skip(hubs) {
            let idx = order[pos_in_trial - hubs];
            if keep && idx < adjacencies {
                flags[idx] = true;
            }
        }
        flags
    };
    for (idx, &(a, b)) in graph.edges.iter().enumerate() {
        let kind = graph.crossings[idx];
        if kept_adjacency[idx] {
            let path = border_path(&fans, &inner, &pos, a.0, b.0);
            let length: f64 = path.windows(2).map(|w| dist(w[0], w[1])).sum();
            if length < short_border(n) {
                // Too short to see (or to measure): drawn as a link as well.
                let link =
                    vec![out.provinces[a.0 as usize].label, out.provinces[b.0 as usize].label];
                out.connectors.push(Connector { a, b, kind, path: link, wraps: false });
            }
            out.borders.push(Border { a, b, kind, path });
        } else {
            let path = vec![out.provinces[a.0 as usize].label, out.provinces[b.0 as usize].label];
            out.connectors.push(Connector { a, b, kind, path, wraps: false });
        }
    }
    if globe && strategy == Strategy::Shape {
        wrap_round(&mut out);
    }
    out.coasts = coasts(map, &out, &pos);
    let quality = readability(&out.provinces, geom::bounds(&pos[..n]));
    if spread_out.is_empty() {
        spread_out = pos[..total].to_vec();
    }
    Some((out, quality, spread_out))
}

/// A border shorter than this (drawing units) is too short to see, or for
/// the outside check to measure: it is drawn as a link as well.
const SHORT_BORDER: f64 = 3.0;

/// [`SHORT_BORDER`] in the 1000-wide box a drawing of `n` provinces is
/// made in (it is then scaled by [`scale_of`]).
fn short_border(n: usize) -> f64 {
    SHORT_BORDER / scale_of(n)
}

/// With pins, how strongly an unpinned label keeps to its province's
/// place in the solve (depth given up per unit nearer).
const LABEL_PULL: f64 = 0.5;

/// Room at a pin below which the label may leave it (drawing units).
const PIN_ROOM: f64 = 6.0;

/// The label of a held pin at `pin` in `polygon`, and its room: the pin
/// itself if it has room; else the roomiest point within 0.9 % of the
/// width of it (a pin the solve left at its region's edge, its neighbours
/// crowded round it, would get a label too small to read).
fn near_pin(pin: Point, polygon: &[Point]) -> (Point, f64) {
    let at_pin = geom::depth(pin, polygon);
    if at_pin >= PIN_ROOM {
        return (pin, at_pin);
    }
    let reach = 0.009 * WIDTH;
    let mut best = (pin, at_pin);
    for ring in 1..=3 {
        let r = reach * f64::from(ring) / 3.0;
        for step in 0..16 {
            let angle = core::f64::consts::PI * f64::from(step) / 8.0;
            let p = [pin[0] + r * libm::cos(angle), pin[1] + r * libm::sin(angle)];
            let room = geom::depth(p, polygon);
            if room > best.1 + 0.5 {
                best = (p, room);
            }
        }
    }
    best
}

/// On a globe's map, the links between the two ends of the map (across
/// the seam it was cut open along: ends more than half the map apart)
/// leave by one edge and come back by the other, as a printed world map
/// draws them, instead of crossing the whole map.
fn wrap_round(out: &mut Layout) {
    let (lo, hi) = out.bounds();
    let span = hi[0] - lo[0];
    if span.is_nan() || span <= 0.0 {
        return;
    }
    let reach = 0.015 * span;
    for link in &mut out.connectors {
        let (pa, pb) =
            (out.provinces[link.a.0 as usize].label, out.provinces[link.b.0 as usize].label);
        if (pa[0] - pb[0]).abs() <= span / 2.0 {
            continue;
        }
        let (off_a, off_b) = if pa[0] < pb[0] {
            (lo[0] - reach, hi[0] + reach)
        } else {
            (hi[0] + reach, lo[0] - reach)
        };
        link.path = vec![pa, snap([off_a, pa[1]]), snap([off_b, pb[1]]), pb];
        link.wraps = true;
    }
}

/// The first shape in drawing units, pinned provinces at their pins.
/// Without pins it is scaled into the drawing's rectangle (a margin all
/// round). With pins it is first brought into line with them (with two or
/// more, the turn, uniform scale and shift that lay its pinned provinces
/// nearest their pins; with three or more, mirrored if that fits better;
/// one pin moves it), then spread by stress with the pins held, so the rest
/// follows the pins instead of pulling against them. A `globe`'s shape (cut
/// open along a meridian) is only moved: stress by graph distances would
/// fold it shut again round the seam.
fn shape(
    raw: &[Point],
    total: usize,
    pins: &[(ProvinceId, Point)],
    neighbours: &[Vec<u32>],
    globe: bool,
) -> Vec<Point> {
    let placed: Vec<(Point, Point)> =
        pins.iter().filter_map(|&(p, at)| raw.get(p.0 as usize).map(|&from| (from, at))).collect();
    // Turned and scaled by two pins or more; one pin only moves the shape
    // scaled into the rectangle.
    let aligned = match placed.len() {
        0 => None,
        1 => {
            let boxed = boxed(raw);
            let at = boxed.apply(placed[0].0);
            let to = placed[0].1;
            Some(quality::Similarity {
                shift: [boxed.shift[0] + to[0] - at[0], boxed.shift[1] + to[1] - at[1]],
                ..boxed
            })
        }
        _ => quality::fitted(&placed, placed.len() >= 3).map(in_scale),
    };
    let mut target: Vec<Point> = match aligned {
        Some(similarity) => {
            // Then spread by stress with the pins held, so that each
            // pinned province's neighbours gather round its pin.
            let mut moved: Vec<Point> = raw.iter().map(|&p| similarity.apply(p)).collect();
            let n = neighbours.len().min(moved.len());
            let at: Vec<(usize, Point)> = pins
                .iter()
                .filter(|(p, _)| (p.0 as usize) < n)
                .map(|&(p, at)| (p.0 as usize, at))
                .collect();
            if !globe {
                stress::pinned(&neighbours[..n], &mut moved[..n], &at);
            }
            moved
        }
        None => {
            let boxed = boxed(raw);
            raw.iter().map(|&p| boxed.apply(p)).collect()
        }
    };
    target.resize(total, [WIDTH / 2.0, HEIGHT / 2.0]);
    for &(p, at) in pins {
        if let Some(slot) = target.get_mut(p.0 as usize) {
            *slot = at;
        }
    }
    target
}

/// The least-squares similarity taking the shape's points of the pinned
/// provinces onto their pins, scaled, if need be, to at least half the
/// spread of the pins over the spread of those points. Pins the shape
/// disagrees with (three dropped anywhere on a world map) have a
/// least-squares scale near nought: the whole shape shrunk onto the middle
/// of the pins, every adjacency but a few far longer than the median in it
/// and so left to a connector, and every region crushed (imperial with
/// three such pins: 291 of 356 regions with no area, 853 connectors). Pins
/// that agree with the shape (the shipped ones) fit at nearly their spread
/// and are left as they are.
fn in_scale(fit: quality::Fitted) -> quality::Similarity {
    // `fitted` gives no fit of points with no spread.
    let quality::Fitted { similarity, middles: [from, to], spreads: [shape, pins] } = fit;
    let least = 0.5 * sqrt(pins / shape);
    let [a, b] = similarity.factor;
    let scale = sqrt(a * a + b * b);
    if scale >= least {
        return similarity;
    }
    let factor = if scale > 0.0 { [a * least / scale, b * least / scale] } else { [least, 0.0] };
    let mut out = quality::Similarity { factor, mirror: similarity.mirror, shift: [0.0, 0.0] };
    let moved = out.apply(from);
    out.shift = [to[0] - moved[0], to[1] - moved[1]];
    out
}

/// The shape scaled into the drawing's rectangle, a margin all round.
fn boxed(raw: &[Point]) -> quality::Similarity {
    let (lo, hi) = geom::bounds(raw);
    let span = [(hi[0] - lo[0]).max(1e-9), (hi[1] - lo[1]).max(1e-9)];
    let margin = 0.04 * WIDTH;
    let scale = ((WIDTH - 2.0 * margin) / span[0]).min((HEIGHT - 2.0 * margin) / span[1]);
    let offset = [(WIDTH - span[0] * scale) / 2.0, (HEIGHT - span[1] * scale) / 2.0];
    quality::Similarity {
        factor: [scale, 0.0],
        mirror: false,
        shift: [offset[0] - lo[0] * scale, offset[1] - lo[1] * scale],
    }
}

/// The most sides a frame's border has: a hull of more points is
/// circumscribed (`geom::circumscribe`), so zipping the outer walk to it
/// costs a few dozen steps per corner, not the hull's length.
const FRAME_SIDES: usize = 64;

/// The frame: the convex hull of the provinces' targets (at most
/// [`FRAME_SIDES`] sides), grown about its centre so that it clears them; within the drawing's rectangle unless
/// `pinned` (pins are the designer's coordinates, and the drawing goes
/// where they lead); the rectangle itself when the hull is degenerate.
fn frame_border(points: &[Point], pinned: bool) -> Vec<Point> {
    let rectangle = vec![[0.0, 0.0], [WIDTH, 0.0], [WIDTH, HEIGHT], [0.0, HEIGHT]];
    let hull = geom::circumscribe(&geom::convex_hull(points), FRAME_SIDES);
    if hull.len() < 3 || geom::polygon_area(&hull) < 100.0 {
        return rectangle;
    }
    let c = geom::centroid(&hull);
    let clear = if pinned { 0.06 } else { 0.03 } * WIDTH;
    let mut reach = f64::INFINITY;
    for i in 0..hull.len() {
        reach = reach.min(geom::segment_distance(c, hull[i], hull[(i + 1) % hull.len()]));
    }
    let mut grow = 1.0 + clear / reach.max(1.0);
    if !pinned {
        for p in &hull {
            for (k, limit) in [WIDTH, HEIGHT].into_iter().enumerate() {
                let d = p[k] - c[k];
                if d > 0.0 {
                    grow = grow.min((limit - 1.0 - c[k]) / d);
                } else if d < 0.0 {
                    grow = grow.min((1.0 - c[k]) / d);
                }
            }
        }
    }
    let grow = grow.max(1.0);
    hull.iter().map(|p| [c[0] + (p[0] - c[0]) * grow, c[1] + (p[1] - c[1]) * grow]).collect()
}

/// The border line between mesh neighbours `a` and `b`: the inner point of
/// the triangle on one side, the point on the edge, the inner point on the
/// other side.
fn border_path(
    fans: &[Vec<(u32, u32, u32)>],
    inner: &[Point],
    pos: &[Point],
    a: u32,
    b: u32,
) -> Vec<Point> {
    let left = fans[a as usize].iter().find(|it| it.0 == b).map(|it| inner[it.2 as usize]);
    let right = fans[b as usize].iter().find(|it| it.0 == a).map(|it| inner[it.2 as usize]);
    let middle = geom::lerp(pos[a as usize], pos[b as usize], 0.5);
    let mut path = Vec::new();
    path.extend(left);
    path.push(middle);
    path.extend(right);
    path.into_iter().map(snap).collect()
}

/// A mark for each coast of each multi-coast province, on the ray from the
/// province's vertex towards the middle of the borders with the seas that
/// coast reaches.
fn coasts(map: &Map, out: &Layout, pos: &[Point]) -> Vec<CoastMark> {
    let mut marks = Vec::new();
    for (p, province) in map.provinces.iter().enumerate() {
        if province.coasts.len() < 2 {
            continue;
        }
        let site = pos[p];
        let polygon = &out.provinces[p].polygon;
        for &coast in &province.coasts {
            let mut dir = [0.0, 0.0];
            for to in map.moves(UnitKind::Fleet, coast) {
                let other = map.province_of(to).0 as usize;
                let d = sub(pos[other], site);
                let len = dist(pos[other], site).max(1e-9);
                dir[0] += d[0] / len;
                dir[1] += d[1] / len;
            }
            let len = dist(dir, [0.0, 0.0]);
            let at = if len < 1e-9 {
                out.provinces[p].label
            } else {
                let dir = [dir[0] / len, dir[1] / len];
                let reach = ray_exit(site, dir, polygon);
                [site[0] + dir[0] * reach * 0.6, site[1] + dir[1] * reach * 0.6]
            };
            marks.push(CoastMark { location: coast, at: snap(at) });
        }
    }
    marks
}
