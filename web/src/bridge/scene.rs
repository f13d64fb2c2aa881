//! What the map view draws, as plain strings: the core's [`Layout`] with
//! terrain fills, owner colours and the position's units placed (fleets on
//! their coast's mark), every number already formatted for SVG. Pure, so it
//! is tested natively. The regions, thousands on a big map, become one
//! piece of markup ([`regions_markup`], every name escaped: a name is
//! text, never markup); the components turn the other pieces into SVG
//! elements, keyed by the piece itself, so an edit redraws only what
//! changed, each name a text node.

use std::fmt::Write as _;
use std::sync::Arc;

use judgepad_core::board::{Board, Piece};
use judgepad_core::layout::palette::{power_colour, terrain_colour};
use judgepad_core::layout::svg::{Num, marks, points};
use judgepad_core::layout::{Crossing, Layout, Point};
use judgepad_core::map::{Map, ProvinceId, UnitKind};

/// A number as SVG writes it.
fn num(x: f64) -> String {
    Num(x).to_string()
}

/// One province's region.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionView {
    /// `PAR`.
    pub abbr: String,
    /// SVG `points` (shared with the drawing's [`Shapes`]: a scene is
    /// worked out again whenever a unit moves).
    pub points: Arc<str>,
    /// Fill colour (or pattern).
    pub fill: &'static str,
    /// Label point: x, y.
    pub label: (String, String),
    /// Label font size.
    pub font: String,
    /// The label's size class ([`label_size`]).
    pub size: u8,
    /// Supply-centre dot: cx, cy, r, colour.
    pub centre: Option<(String, String, String, &'static str)>,
}

/// A unit symbol.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnitView {
    /// `A PAR`, `F STP/SC`.
    pub text: String,
    /// The symbol.
    pub shape: UnitShape,
    /// Owner's colour.
    pub colour: &'static str,
    /// Dislodged (drawn beside its province, awaiting its retreat).
    pub dislodged: bool,
    /// The symbol's centre: where its touch target (24 CSS px across
    /// whatever the zoom) is centred.
    pub centre: (String, String),
}

/// An army's disc or a fleet's diamond, in SVG attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnitShape {
    /// `<circle cx cy r>`.
    Army {
        /// Centre x.
        cx: String,
        /// Centre y.
        cy: String,
        /// Radius.
        r: String,
    },
    /// `<rect x y width height transform>` (a square turned 45°).
    Fleet {
        /// Left.
        x: String,
        /// Top.
        y: String,
        /// Side.
        side: String,
        /// `rotate(45 cx cy)`.
        transform: String,
    },
}

/// The borders of one kind, or the connectors: one SVG path of many
/// pieces (a map of 10,000 provinces has 150,000 border lines; one element
/// each made the page build and lay out 150,000 elements).
/// A class's path is cut into lines of at most about [`LINE_PIECE`] bytes
/// (at a move), drawn a frame apart on a big map.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct LineView {
    /// CSS class (`b both`, `b fleet`, `c`…: one of [`LINE_CLASSES`]).
    pub class: &'static str,
    /// SVG path data: a move and lines per piece (shared: a scene is
    /// worked out again whenever a unit moves, and the lines' layer keys
    /// its paths by them; a 26,000-province map's are 4 MB).
    pub d: Arc<str>,
}

/// About how many bytes of path data a [`LineView`] holds at most: the
/// browser reads a path's data as it is set (16 ms a MB in a slow
/// Chromium), and the lines' layer sets one a frame on a big map.
pub const LINE_PIECE: usize = 256 * 1024;

/// The name at the outer end of a link that leaves the map by one edge
/// and comes back by the other (a globe's map): where it leads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TagView {
    /// SVG x and y.
    pub x: String,
    pub y: String,
    /// The province it leads to (`HAW`).
    pub text: String,
}

/// A coast mark of a multi-coast province.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoastView {
    /// `SPA/NC`.
    pub abbr: String,
    /// `nc`.
    pub short: String,
    /// Mark centre x, y; label y.
    pub at: (String, String, String),
}

/// The whole drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Width and height in drawing units.
    pub size: (f64, f64),
    /// The box the regions fill (`x, y, width, height`), with a margin: what
    /// "Fit" shows.
    pub fit: (f64, f64, f64, f64),
    /// Regions, in map order (shared: the regions' layer keeps them to
    /// draw in pieces, and a scene kept on screen is a copy).
    pub regions: Arc<[RegionView]>,
    /// Borders, then connectors (shared, as the regions are).
    pub lines: Arc<[LineView]>,
    /// Names at the ends of links off the map's edges.
    pub tags: Vec<TagView>,
    /// Units.
    pub units: Vec<UnitView>,
    /// Coasts of multi-coast provinces.
    pub coasts: Vec<CoastView>,
}

impl Scene {
    /// The unit in `province` (its text, `A PAR`): the dislodged one if
    /// `dislodged` and there is one, else the one standing there.
    pub fn unit_in(&self, province: &str, dislodged: bool) -> Option<String> {
        let here = |u: &&UnitView| {
            u.text.split_whitespace().nth(1).is_some_and(|at| {
                at.split('/').next().is_some_and(|p| p.eq_ignore_ascii_case(province))
            })
        };
        let mut units = self.units.iter().filter(here);
        let first = units.clone().find(|u| u.dislodged == dislodged);
        first.or_else(|| units.next()).map(|u| u.text.clone())
    }

    /// The outlines (abbreviation, SVG points) of the regions `wanted`
    /// picks: what the upper layer draws over them (lit places, changes).
    pub fn outlines(&self, wanted: impl Fn(&str) -> bool) -> Vec<(String, String)> {
        self.regions
            .iter()
            .filter(|r| wanted(&r.abbr))
            .map(|r| (r.abbr.clone(), r.points.to_string()))
            .collect()
    }
}

/// The parts of a drawing that depend on the drawing alone, formatted once
/// per layout (not once per check): each region's outline, and the lines.
#[derive(Clone, Debug, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Shapes {
    /// SVG points of each region, in province order.
    pub outlines: Vec<Arc<str>>,
    /// Borders, then connectors (a link off the map's edges as two stubs).
    pub lines: Vec<LineView>,
    /// Where each stub off the map's edge ends, and the province it leads to.
    pub tags: Vec<(Point, ProvinceId)>,
}

/// The regions of a map drawn at once, in the task that brings its
/// drawing; a bigger map's arrive in pieces, the first of
/// [`START_PIECE`].
pub const FIRST_PIECE: usize = 1000;

/// The first piece of a map whose regions arrive in pieces (the pace sets
/// the next ones, [`next_piece`]): a first piece of 1,000 regions of a
/// 3,000-province ring took 57 ms to parse on session 50's machine, a
/// task over 50.
pub const START_PIECE: usize = 500;

/// How long the browser may take to parse one piece of regions, in ms (the
/// frame's style, layout and paint come after, in a task of their own).
/// Each frame also paints the whole map again, so the map fills in sooner
/// in fewer, bigger pieces: at 25 ms a 10,000-province map took 0.5 s
/// longer than at 40, but at 40 the pace's swings (a piece of 1,250
/// regions parsed in 21 ms, the next of 1,560 in 64) made tasks of 100 ms.
/// Two pieces of 15 ms a frame ([`PIECES_A_FRAME`]) fill in as soon as one
/// of 30 (a 2 MB map: 4.8–5.4 s against 5.4–6.9 s), and the swings of the
/// pace make tasks of 32–52 ms, not 54–64.
pub const PIECE_BUDGET_MS: f64 = 15.0;

/// Pieces of regions parsed between two frames, each in a task of its own
/// (the frames paint the whole map: fewer of them fill it in sooner).
pub const PIECES_A_FRAME: usize = 2;

/// How many regions the next piece holds, the last of `size` having taken
/// `took_ms` to parse: as many as fit [`PIECE_BUDGET_MS`] at that pace,
/// growing by a fifth at most (a clock of whole ms reads a fast parse as
/// 0, and the pace swings as the map fills), shrinking as fast as the pace
/// says, between 250 and 2,000.
pub fn next_piece(size: usize, took_ms: f64) -> usize {
    let at_pace = size as f64 * PIECE_BUDGET_MS / took_ms.max(1.0);
    (at_pace.min(size as f64 * 1.2) as usize).clamp(250, 2000)
}

/// The regions as SVG markup, the layer's whole content: each a
/// `<g class="region" data-province tabindex="-1">` holding its polygon,
/// its centre's dot and its label, as the map view drew them element by
/// element. One string parsed by the browser costs a fraction of building
/// 50,000 elements one call at a time (a 10,000-province map: 630 ms of
/// element building in one task, most of it passing strings and
/// attributes across). The abbreviation is escaped: it is the user's
/// text, and stays text; the rest is numbers this module formatted and
/// the palette's colours.
pub fn regions_markup(regions: &[RegionView]) -> String {
    let mut out = String::with_capacity(regions.iter().map(|r| r.points.len() + 160).sum());
    for r in regions {
        let abbr = judgepad_core::layout::svg::escape(&r.abbr);
        let _ = write!(
            out,
            "<g class=\"region\" data-province=\"{abbr}\" tabindex=\"-1\"><polygon points=\"{}\" fill=\"{}\"></polygon>",
            r.points, r.fill
        );
        if let Some((cx, cy, radius, colour)) = &r.centre {
            let _ = write!(
                out,
                "<circle class=\"sc\" cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\" fill=\"{colour}\"></circle>"
            );
        }
        let _ = write!(
            out,
            "<text class=\"s{}\" x=\"{}\" y=\"{}\" font-size=\"{}\">{abbr}</text></g>",
            r.size, r.label.0, r.label.1, r.font
        );
    }
    out
}

/// The size classes of labels: class `s{k}` holds fonts of `2^(k-8)` to
/// `2^(k-7)` units (1/256 unit and less in `s0`, 128 and more in `s15`).
pub const LABEL_SIZES: u8 = 16;

/// The size class of a label of `font` units.
pub fn label_size(font: f64) -> u8 {
    if font.is_nan() || font <= 0.0 {
        return 0;
    }
    (font.log2().floor() + 8.0).clamp(0.0, f64::from(LABEL_SIZES - 1)) as u8
}

/// A label smaller than this (CSS pixels) is not drawn at all: a
/// map of thousands of provinces, fitted, has labels of a tenth of a
/// pixel, and laying them out and painting them made each frame of its
/// drawing 60–100 ms (10,000 provinces).
pub const LABEL_MIN_PX: f64 = 1.0;

/// The regions' classes at `scale` (CSS pixels per unit): `h{k}` for
/// each label size class `k` that may hold a label under [`LABEL_MIN_PX`]
/// there (the style sheet hides `.h{k} .s{k}`), so every label drawn is
/// at least that (and none over twice that is hidden).
pub fn regions_class(scale: f64) -> String {
    let mut class = String::from("regions");
    for k in 0..LABEL_SIZES {
        // The smallest font of class k is 2^(k-8) units.
        if (f64::from(k) - 8.0).exp2() * scale >= LABEL_MIN_PX {
            break;
        }
        let _ = write!(class, " h{k}");
    }
    class
}

/// The lines' classes: borders by who may cross, then connectors.
pub const LINE_CLASSES: [&str; 5] = ["b both", "b army", "b fleet", "b barrier", "c"];

/// A line read back from the worker's wire: its class by name, as the one
/// of [`LINE_CLASSES`] it names.
impl<'de> serde::Deserialize<'de> for LineView {
    fn deserialize<D: serde::Deserializer<'de>>(from: D) -> Result<LineView, D::Error> {
        #[derive(serde::Deserialize)]
        struct Wire {
            class: String,
            d: String,
        }
        let wire = Wire::deserialize(from)?;
        let class =
            LINE_CLASSES.into_iter().find(|class| *class == wire.class).ok_or_else(|| {
                <D::Error as serde::de::Error>::custom(format!("no line class `{}`", wire.class))
            })?;
        Ok(LineView { class, d: Arc::from(wire.d) })
    }
}

/// The [`Shapes`] of `layout`.
pub fn shapes(layout: &Layout) -> Shapes {
    shapes_cut(layout, LINE_PIECE)
}

/// [`shapes`], each class's path cut at a move once it holds `piece` bytes.
fn shapes_cut(layout: &Layout, piece_bytes: usize) -> Shapes {
    let outlines =
        layout.provinces.iter().map(|region| Arc::from(points(&region.polygon))).collect();
    // The paths of each class, in a fixed order, each cut at a move once
    // it holds `piece_bytes`.
    let classes = LINE_CLASSES;
    let mut paths = vec![vec![String::new()]; classes.len()];
    let mut piece = |class: usize, path: &[Point]| {
        let cut = &mut paths[class];
        if cut.last().is_some_and(|d| d.len() >= piece_bytes) {
            cut.push(String::new());
        }
        let Some(d) = cut.last_mut() else { return };
        for (idx, p) in path.iter().enumerate() {
            let step = if idx == 0 { 'M' } else { 'L' };
            let _ = write!(d, "{step}{},{}", Num(p[0]), Num(p[1]));
        }
    };
    for border in &layout.borders {
        let class = match border.kind {
            Crossing::Both => 0,
            Crossing::Army => 1,
            Crossing::Fleet => 2,
            Crossing::Barrier => 3,
        };
        piece(class, &border.path);
    }
    let mut tags = Vec::new();
    for link in &layout.connectors {
        for (part, to) in link.pieces() {
            piece(4, &part);
            if let (Some(to), Some(&end)) = (to, part.last()) {
                tags.push((end, to));
            }
        }
    }
    let lines = classes
        .iter()
        .zip(paths)
        .flat_map(|(class, cut)| cut.into_iter().map(move |d| (*class, d)))
        .filter(|(_, d)| !d.is_empty())
        .map(|(class, d)| LineView { class, d: Arc::from(d) })
        .collect();
    Shapes { outlines, lines, tags }
}

/// Where a location of `in_force` (the map of a phase: IN/FROM blocks may
/// renumber places) is drawn on `layout`, a drawing of `map`; matched by
/// abbreviation.
pub fn drawn_at(
    map: &Map,
    in_force: &Map,
    layout: &Layout,
    location: judgepad_core::map::LocationId,
) -> Option<(judgepad_core::layout::Point, f64)> {
    let here = if core::ptr::eq(map, in_force) {
        location
    } else {
        map.location(&in_force.loc(location).abbr)?
    };
    let province = map.province_of(here);
    layout.unit_at(here, province, map.prov(province).abbr.chars().count())
}

/// The scene of `layout` (a drawing of `map`) with a position: the map in
/// force in its phase and its board (`None`: the map's starting units and
/// centres).
pub fn scene(
    map: &Map,
    layout: &Layout,
    shapes: &Shapes,
    position: Option<(&Map, &Board)>,
) -> Scene {
    let in_force = position.map_or(map, |(m, _)| m);
    let board = position.map(|(_, b)| b);
    if layout.provinces.len() != map.provinces.len() {
        // A drawing of another map: nothing rather than a wrong picture.
        return Scene {
            size: (layout.width, layout.height),
            fit: (0.0, 0.0, layout.width, layout.height),
            regions: Arc::from([]),
            lines: Arc::from([]),
            tags: Vec::new(),
            units: Vec::new(),
            coasts: Vec::new(),
        };
    }
    // A position from another map (the game restarts a moment after the
    // map changes) is not drawn on this one.
    let board = board.filter(|board| {
        board.owners.len() == in_force.provinces.len()
            && board.pieces.iter().all(|piece| {
                (piece.unit.location.0 as usize) < in_force.locations.len()
                    && (piece.power.0 as usize) < in_force.powers.len()
            })
    });
    // A province of the drawing in the map in force.
    let here = |province: judgepad_core::map::ProvinceId| {
        if core::ptr::eq(map, in_force) {
            Some(province)
        } else {
            in_force.province(&map.prov(province).abbr)
        }
    };
    let owner_of = |province: judgepad_core::map::ProvinceId| -> Option<usize> {
        match board {
            Some(board) => here(province)
                .and_then(|p| board.owners.get(p.0 as usize).copied().flatten())
                .map(|p| p.0 as usize),
            None => map.powers.iter().position(|power| power.centers.contains(&province)),
        }
    };
    let regions = layout
        .provinces
        .iter()
        .enumerate()
        .map(|(idx, region)| {
            let province = map.prov(region.province);
            let owner = owner_of(region.province);
            let terrain =
                here(region.province).map_or(province.terrain, |p| in_force.prov(p).terrain);
            let at = marks(region.label, region.room, province.abbr.chars().count());
            RegionView {
                abbr: province.abbr.to_uppercase(),
                points: shapes.outlines.get(idx).cloned().unwrap_or_default(),
                fill: terrain_colour(terrain),
                label: (num(at.label[0]), num(at.label[1])),
                font: num(at.font),
                size: label_size(at.font),
                centre: province.supply_center.then(|| {
                    (
                        num(at.dot[0]),
                        num(at.dot[1]),
                        num(at.dot_r.max(1.2)),
                        owner.map_or("#ffffff", power_colour),
                    )
                }),
            }
        })
        .collect();
    let lines = Arc::from(shapes.lines.as_slice());
    let mut placed = Vec::new();
    match board {
        Some(board) => {
            for piece in &board.pieces {
                placed.push((piece.power.0 as usize, piece.unit, false));
            }
            for dislodged in &board.dislodged {
                placed.push((dislodged.piece.power.0 as usize, dislodged.piece.unit, true));
            }
        }
        None => {
            for (p, power) in map.powers.iter().enumerate() {
                placed.extend(power.units.iter().map(|&unit| (p, unit, false)));
            }
        }
    }
    let units = placed
        .into_iter()
        .filter_map(|(power, unit, dislodged)| {
            let (at, r) = drawn_at(map, in_force, layout, unit.location)?;
            let shift = if dislodged { r * 1.2 } else { 0.0 };
            let (x, y) = (at[0] + shift, at[1] + shift);
            let shape = if unit.kind == UnitKind::Fleet {
                UnitShape::Fleet {
                    x: num(x - r * 0.7),
                    y: num(y - r * 0.7),
                    side: num(r * 1.4),
                    transform: format!("rotate(45 {} {})", Num(x), Num(y)),
                }
            } else {
                UnitShape::Army { cx: num(x), cy: num(y), r: num(r) }
            };
            Some(UnitView {
                text: in_force.unit_text(unit),
                shape,
                colour: power_colour(power),
                dislodged,
                centre: (num(x), num(y)),
            })
        })
        .collect();
    let coasts = layout
        .coasts
        .iter()
        .map(|mark| {
            let loc = map.loc(mark.location);
            let short = loc.coast.clone().unwrap_or_default().to_lowercase();
            CoastView {
                abbr: loc.abbr.to_uppercase(),
                short,
                at: (num(mark.at[0]), num(mark.at[1]), num(mark.at[1] - 3.0)),
            }
        })
        .collect();
    let [fx, fy, fw, fh] = layout.fit();
    let fit = (fx, fy, fw, fh);
    let tags = shapes
        .tags
        .iter()
        .filter_map(|&(at, to)| {
            let province = map.provinces.get(to.0 as usize)?;
            Some(TagView { x: num(at[0]), y: num(at[1] - 3.0), text: province.abbr.to_uppercase() })
        })
        .collect();
    Scene { size: (layout.width, layout.height), fit, regions, lines, tags, units, coasts }
}

/// What the map's card says about a province: a title (name, abbreviation,
/// terrain, centre and owner) and where armies and fleets may go from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// `Paris (PAR), land, supply centre of France`.
    pub title: String,
    /// Army neighbours, upper case.
    pub army: Vec<String>,
    /// Fleet neighbours, upper case.
    pub fleet: Vec<String>,
}

/// The card of province `abbr` (any case), with owners from a position
/// (the map in force and its board; `None`: the map's starting centres).
pub fn card(map: &Map, position: Option<(&Map, &Board)>, abbr: &str) -> Option<Card> {
    let id = map.province(abbr)?;
    let province = map.prov(id);
    let mut title = format!(
        "{} ({}), {}",
        province.name,
        province.abbr.to_uppercase(),
        province.terrain.as_str()
    );
    if province.supply_center {
        title.push_str(", supply centre");
        let owner = match position.filter(|(m, b)| b.owners.len() == m.provinces.len()) {
            Some((in_force, board)) => in_force
                .province(abbr)
                .and_then(|here| board.owners.get(here.0 as usize).copied().flatten()),
            None => map
                .powers
                .iter()
                .position(|power| power.centers.contains(&id))
                .map(|p| judgepad_core::map::PowerId(p as u32)),
        };
        if let Some(power) = owner.and_then(|owner| map.powers.get(owner.0 as usize)) {
            title.push_str(&format!(" of {}", power.display));
        }
    }
    // Where a unit here may move: armies from the province's army
    // locations, fleets from each of its fleet locations (coasts).
    let reach = |kind: UnitKind| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (idx, loc) in map.locations.iter().enumerate() {
            let ok = match kind {
                UnitKind::Army => loc.army_ok,
                UnitKind::Fleet => loc.fleet_ok,
            };
            if loc.province != id || !ok {
                continue;
            }
            for to in map.moves(kind, judgepad_core::map::LocationId(idx as u32)) {
                let name = map.prov(map.province_of(to)).abbr.to_uppercase();
                if !out.contains(&name) {
                    out.push(name);
                }
            }
        }
        judgepad_core::sorting::sort(&mut out);
        out
    };
    let (army, fleet) = (reach(UnitKind::Army), reach(UnitKind::Fleet));
    Some(Card { title, army, fleet })
}

/// What a screen reader says of province `abbr` (any case) when it has
/// the map's focus: the card's title (name, abbreviation, terrain, centre
/// and its owner) and the units there, with their powers: "Paris (PAR),
/// land, supply centre of France; army of France".
pub fn spoken(map: &Map, position: Option<(&Map, &Board)>, abbr: &str) -> Option<String> {
    let Card { mut title, .. } = card(map, position, abbr)?;
    let initial;
    let (in_force, board) = match position {
        Some(shown) => shown,
        None => {
            initial = Board::initial(map);
            (map, &initial)
        }
    };
    let here = in_force.province(abbr)?;
    let kind = |kind: UnitKind| if kind == UnitKind::Army { "army" } else { "fleet" };
    let power = |id: judgepad_core::map::PowerId| {
        in_force.powers.get(id.0 as usize).map_or("?", |p| p.display.as_str())
    };
    for piece in &board.pieces {
        if in_force.province_of(piece.unit.location) == here {
            title.push_str(&format!("; {} of {}", kind(piece.unit.kind), power(piece.power)));
        }
    }
    for gone in &board.dislodged {
        let Piece { power: owner, unit } = gone.piece;
        if in_force.province_of(unit.location) == here {
            title.push_str(&format!("; dislodged {} of {}", kind(unit.kind), power(owner)));
        }
    }
    Some(title)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spoken_names_the_province_and_its_units() {
        let loaded = crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        let map = &loaded.map;
        assert_eq!(
            spoken(map, None, "par").as_deref(),
            Some("Paris (PAR), land, supply centre of France; army of France")
        );
        assert_eq!(spoken(map, None, "NAO").as_deref(), Some("North Atlantic Ocean (NAO), water"));
        assert_eq!(spoken(map, None, "nowhere"), None);
    }

    #[test]
    fn a_big_class_of_lines_is_cut_at_moves() {
        let loaded = crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        let drawing = judgepad_core::layout::layout(&loaded.map, &[]);
        let whole = shapes_cut(&drawing, usize::MAX);
        assert_eq!(whole, shapes(&drawing), "standard's lines are under a piece");
        let cut = shapes_cut(&drawing, 200);
        assert!(cut.lines.len() > 2 * whole.lines.len(), "{} lines", cut.lines.len());
        for line in &cut.lines {
            assert!(line.d.starts_with('M'), "a line starts with a move: {}", line.d);
            // Its last piece began under the size: one piece past it at most.
            let last = line.d.rfind('M').unwrap_or(0);
            assert!(last < 200, "{} bytes, the last piece from {last}", line.d.len());
        }
        for whole in &whole.lines {
            let joined: String =
                cut.lines.iter().filter(|l| l.class == whole.class).map(|l| &*l.d).collect();
            assert_eq!(joined, *whole.d, "class {}", whole.class);
        }
        assert_eq!((cut.outlines, cut.tags), (whole.outlines, whole.tags));
    }

    #[test]
    fn a_piece_of_regions_fills_the_budget_at_the_last_pace() {
        // 1,000 regions in 30 ms: 500 fit the budget; in 150 ms, 250.
        assert_eq!(next_piece(1000, 30.0), 500);
        assert_eq!(next_piece(1000, 150.0), 250);
        // in 13.75 ms: 1,090; never more than a fifth more than the last.
        assert_eq!(next_piece(1000, 13.75), 1090);
        assert_eq!(next_piece(1000, 0.0), 1200, "a parse the clock reads as 0");
        assert_eq!(next_piece(1000, 10.0), 1200);
        // and between 250 and 2,000.
        assert_eq!(next_piece(300, 100.0), 250);
        assert_eq!(next_piece(1900, 1.0), 2000);
        // A regular pace settles on the budget.
        let mut size = FIRST_PIECE;
        for _ in 0..8 {
            size = next_piece(size, size as f64 / 40.0);
        }
        assert_eq!(size, 600, "40 regions a ms: 600 in 15 ms");
    }

    #[test]
    fn regions_are_markup_with_every_name_escaped() {
        let region = |abbr: &str, centre| RegionView {
            abbr: abbr.into(),
            points: "1,2 3,4 5,6".into(),
            fill: "#abc",
            label: ("3".into(), "4".into()),
            font: "7".into(),
            size: label_size(7.0),
            centre,
        };
        let markup = regions_markup(&[
            region("PAR", Some(("1".into(), "2".into(), "0.5".into(), "#fff"))),
            region("<b\"x'&", None),
        ]);
        assert_eq!(
            markup,
            "<g class=\"region\" data-province=\"PAR\" tabindex=\"-1\"><polygon points=\"1,2 3,4 5,6\" fill=\"#abc\"></polygon>\
             <circle class=\"sc\" cx=\"1\" cy=\"2\" r=\"0.5\" fill=\"#fff\"></circle>\
             <text class=\"s10\" x=\"3\" y=\"4\" font-size=\"7\">PAR</text></g>\
             <g class=\"region\" data-province=\"&lt;b&quot;x&#39;&amp;\" tabindex=\"-1\"><polygon points=\"1,2 3,4 5,6\" fill=\"#abc\"></polygon>\
             <text class=\"s10\" x=\"3\" y=\"4\" font-size=\"7\">&lt;b&quot;x&#39;&amp;</text></g>"
        );
    }

    #[test]
    fn labels_under_a_pixel_are_hidden_by_size_class() {
        assert_eq!(label_size(12.0), 11);
        assert_eq!(label_size(1.0), 8);
        assert_eq!(label_size(0.999), 7);
        assert_eq!(label_size(0.3), 6);
        assert_eq!(label_size(1e-9), 0);
        assert_eq!(label_size(1e9), 15);
        assert_eq!(label_size(f64::NAN), 0);
        // Standard fitted on a phone (0.39 px a unit): fonts under 4
        // units (class 9 and below) may be under a pixel; its smallest
        // label (4.2 units, class 10) stays.
        assert_eq!(regions_class(0.39), "regions h0 h1 h2 h3 h4 h5 h6 h7 h8 h9");
        assert_eq!(label_size(4.2), 10);
        // At one pixel a unit, fonts under one unit; nothing hidden at 256.
        assert_eq!(regions_class(1.0), "regions h0 h1 h2 h3 h4 h5 h6 h7");
        assert_eq!(regions_class(256.0), "regions");
        // Every label of a class shown is at least a pixel; every class
        // hidden has a label under one, and none over two.
        for scale in [0.01, 0.1, 0.37, 1.0, 3.0, 40.0] {
            let hidden = regions_class(scale).matches(" h").count() as u8;
            for k in 0..hidden {
                assert!((f64::from(k) - 8.0).exp2() * scale < LABEL_MIN_PX);
                assert!((f64::from(k) - 7.0).exp2() * scale < 2.0 * LABEL_MIN_PX);
            }
            for k in hidden..LABEL_SIZES {
                assert!((f64::from(k) - 8.0).exp2() * scale >= LABEL_MIN_PX);
            }
        }
    }

    #[test]
    fn standard_scene() {
        let loaded = crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        let drawing = judgepad_core::layout::layout(&loaded.map, &[]);
        let scene = scene(&loaded.map, &drawing, &shapes(&drawing), None);
        assert_eq!(scene.regions.len(), 76);
        assert_eq!(scene.units.len(), 22);
        assert!(scene.regions.iter().any(
            |r| r.abbr == "ENG" && r.fill == terrain_colour(judgepad_core::map::Terrain::Water)
        ));
        assert!(
            scene
                .units
                .iter()
                .any(|u| u.text == "F STP/SC" && matches!(u.shape, UnitShape::Fleet { .. }))
        );
        assert_eq!(scene.regions.iter().filter(|r| r.centre.is_some()).count(), 34);
        // Spain, St Petersburg and Bulgaria show each coast.
        assert_eq!(scene.coasts.len(), 6);
        assert!(scene.coasts.iter().any(|c| c.abbr == "SPA/NC" && c.short == "nc"));
    }

    /// A globe's map: links across its seam are two stubs off opposite
    /// edges, each named with where it leads; a flat map has none.
    #[test]
    fn the_unit_in_a_province_by_its_coast_too() {
        let loaded = crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        let drawing = judgepad_core::layout::layout(&loaded.map, &[]);
        let mut scene = scene(&loaded.map, &drawing, &shapes(&drawing), None);
        assert_eq!(scene.unit_in("par", false).as_deref(), Some("A PAR"));
        assert_eq!(scene.unit_in("STP", false).as_deref(), Some("F STP/SC"));
        assert_eq!(scene.unit_in("BUR", false), None);
        // A dislodged unit beside the one that took its place.
        let mut beaten = scene.units[0].clone();
        let standing = beaten.text.clone();
        beaten.text = format!("F {}", &standing[2..]);
        beaten.dislodged = true;
        scene.units.push(beaten.clone());
        assert_eq!(scene.unit_in(&standing[2..], true), Some(beaten.text));
        assert_eq!(scene.unit_in(&standing[2..], false), Some(standing));
    }

    #[test]
    fn links_round_a_globe_leave_by_the_edges() {
        let loaded = crate::bridge::load("imperial.map", &crate::bridge::variant_text("imperial"));
        let drawing = judgepad_core::layout::layout(&loaded.map, &[]);
        let wraps = drawing.connectors.iter().filter(|c| c.wraps).count();
        assert!(wraps > 5, "{wraps} links round the globe");
        let shapes = shapes(&drawing);
        assert_eq!(shapes.tags.len(), 2 * wraps);
        let scene = scene(&loaded.map, &drawing, &shapes, None);
        assert_eq!(scene.tags.len(), 2 * wraps);
        let link = drawing.connectors.iter().find(|c| c.wraps).expect("a link");
        let (a, b) = (
            loaded.map.prov(link.a).abbr.to_uppercase(),
            loaded.map.prov(link.b).abbr.to_uppercase(),
        );
        assert!(scene.tags.iter().any(|t| t.text == a) && scene.tags.iter().any(|t| t.text == b));
        let standard =
            crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        assert!(super::shapes(&judgepad_core::layout::layout(&standard.map, &[])).tags.is_empty());
    }

    #[test]
    fn cards_name_owners_and_neighbours() {
        let loaded = crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        let card = card(&loaded.map, None, "par").expect("Paris");
        assert_eq!(card.title, "Paris (PAR), land, supply centre of France");
        assert_eq!(card.army, ["BRE", "BUR", "GAS", "PIC"]);
        assert!(card.fleet.is_empty());
        let spa = super::card(&loaded.map, None, "SPA").expect("Spain");
        assert!(spa.fleet.contains(&"MAO".to_string()) && spa.army.contains(&"POR".to_string()));
        assert!(super::card(&loaded.map, None, "XYZ").is_none());
    }

    /// IN/FROM blocks renumber places: the scene of a phase finds them by
    /// name (loeb9's Arctic is water in spring only).
    #[test]
    fn the_map_in_force_is_drawn() {
        let loaded = crate::bridge::load("loeb9.map", &crate::bridge::variant_text("loeb9"));
        let mut game = crate::bridge::game_of(&loaded).expect("a game");
        let drawing = judgepad_core::layout::layout(&loaded.map, &[]);
        let shapes = shapes(&drawing);
        let fill = |scene: &Scene| scene.regions.iter().find(|r| r.abbr == "ARC").map(|r| r.fill);
        let water = terrain_colour(judgepad_core::map::Terrain::Water);
        let spring = scene(&loaded.map, &drawing, &shapes, Some((&game.map, &game.board)));
        assert_eq!(fill(&spring), Some(water));
        assert_eq!(spring.units.len(), 28);
        let starting = scene(&loaded.map, &drawing, &shapes, None);
        assert_eq!(starting.units, spring.units);
        game.advance(&[]);
        let fall = scene(&loaded.map, &drawing, &shapes, Some((&game.map, &game.board)));
        assert_ne!(fill(&fall), Some(water));
        assert_eq!(fall.units, spring.units);
    }

    /// The game of the previous map is ignored, not a panic, while the new
    /// map's game is being made.
    #[test]
    fn stale_position() {
        let standard =
            crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        let game = crate::bridge::game_of(&standard).expect("a game");
        let hundred = crate::bridge::load("hundred.map", &crate::bridge::variant_text("hundred"));
        let drawing = judgepad_core::layout::layout(&hundred.map, &[]);
        let scene =
            scene(&hundred.map, &drawing, &shapes(&drawing), Some((&game.map, &game.board)));
        assert_eq!(scene.regions.len(), 41);
    }
}
