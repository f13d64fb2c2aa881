//! What the map view draws, as plain strings and numbers: the core's
//! [`Layout`] with terrain fills, owner colours and the position's units
//! placed (fleets on their coast's mark). Pure, so it is tested natively;
//! the component only turns it into SVG elements.

use judgepad_core::board::Board;
use judgepad_core::layout::palette::{power_colour, terrain_colour};
use judgepad_core::layout::svg::{Num, escape, label_size, points};
use judgepad_core::layout::{Crossing, Layout, Point};
use judgepad_core::map::{Map, UnitKind};

/// One province's region.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionView {
    /// `PAR`.
    pub abbr: String,
    /// Hover text: name, terrain, owner.
    pub title: String,
    /// SVG `points`.
    pub points: String,
    /// Fill colour (or pattern).
    pub fill: &'static str,
    /// Label point and font size.
    pub label: Point,
    /// Font size.
    pub font: f64,
    /// Supply-centre dot: centre, radius, colour.
    pub centre: Option<(Point, f64, &'static str)>,
}

/// A unit symbol.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitView {
    /// `A PAR`, `F STP/SC`.
    pub text: String,
    /// Army or fleet.
    pub fleet: bool,
    /// Where.
    pub at: Point,
    /// Size.
    pub r: f64,
    /// Owner's colour.
    pub colour: &'static str,
}

/// The whole drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Width and height in drawing units.
    pub size: (f64, f64),
    /// The box the regions fill (`x, y, width, height`), with a margin: what
    /// "Fit" shows.
    pub fit: (f64, f64, f64, f64),
    /// Regions, in map order.
    pub regions: Vec<RegionView>,
    /// Borders: CSS class and SVG points.
    pub borders: Vec<(&'static str, String)>,
    /// Connectors: SVG points.
    pub connectors: Vec<String>,
    /// Units.
    pub units: Vec<UnitView>,
    /// Coasts of multi-coast provinces: `SPA/NC`, its short name, where.
    pub coasts: Vec<(String, String, Point)>,
}

/// The scene of `layout` (a drawing of `map`) with the position `board`
/// (`None`: the map's starting units and centres).
pub fn scene(map: &Map, layout: &Layout, board: Option<&Board>) -> Scene {
    if layout.provinces.len() != map.provinces.len() {
        // A drawing of another map: nothing rather than a wrong picture.
        return Scene {
            size: (layout.width, layout.height),
            fit: (0.0, 0.0, layout.width, layout.height),
            regions: Vec::new(),
            borders: Vec::new(),
            connectors: Vec::new(),
            units: Vec::new(),
            coasts: Vec::new(),
        };
    }
    // A position from another map (the game restarts a moment after the
    // map changes) is not drawn on this one.
    let board = board.filter(|board| {
        board.owners.len() == map.provinces.len()
            && board.pieces.iter().all(|piece| {
                (piece.unit.location.0 as usize) < map.locations.len()
                    && (piece.power.0 as usize) < map.powers.len()
            })
    });
    let owner_of = |province: judgepad_core::map::ProvinceId| -> Option<usize> {
        match board {
            Some(board) => {
                board.owners.get(province.0 as usize).copied().flatten().map(|p| p.0 as usize)
            }
            None => map.powers.iter().position(|power| power.centers.contains(&province)),
        }
    };
    let regions = layout
        .provinces
        .iter()
        .map(|region| {
            let province = map.prov(region.province);
            let owner = owner_of(region.province);
            let font = label_size(region.room, province.abbr.chars().count());
            let mut title =
                format!("{} ({}), {}", province.name, province.abbr, province.terrain.as_str());
            if province.supply_center {
                title.push_str(", supply centre");
                if let Some(power) = owner.and_then(|owner| map.powers.get(owner)) {
                    title.push_str(&format!(" of {}", power.display));
                }
            }
            RegionView {
                abbr: province.abbr.to_uppercase(),
                title,
                points: points(&region.polygon),
                fill: terrain_colour(province.terrain),
                label: region.label,
                font,
                centre: province.supply_center.then(|| {
                    let r = (region.room * 0.18).clamp(1.5, 4.0);
                    (
                        [region.label[0], region.label[1] + font * 0.9],
                        r,
                        owner.map_or("#ffffff", power_colour),
                    )
                }),
            }
        })
        .collect();
    let borders = layout
        .borders
        .iter()
        .map(|border| {
            let class = match border.kind {
                Crossing::Both => "b both",
                Crossing::Army => "b army",
                Crossing::Fleet => "b fleet",
                Crossing::Barrier => "b barrier",
            };
            (class, points(&border.path))
        })
        .collect();
    let connectors = layout.connectors.iter().map(|link| points(&link.path)).collect();
    let mut placed = Vec::new();
    match board {
        Some(board) => {
            for piece in &board.pieces {
                placed.push((piece.power.0 as usize, piece.unit));
            }
        }
        None => {
            for (p, power) in map.powers.iter().enumerate() {
                placed.extend(power.units.iter().map(|&unit| (p, unit)));
            }
        }
    }
    let units = placed
        .into_iter()
        .filter_map(|(power, unit)| {
            let (at, r) = layout.unit_at(unit.location, map.province_of(unit.location))?;
            Some(UnitView {
                text: map.unit_text(unit),
                fleet: unit.kind == UnitKind::Fleet,
                at: [at[0], at[1] - r * 0.4],
                r,
                colour: power_colour(power),
            })
        })
        .collect();
    let coasts = layout
        .coasts
        .iter()
        .map(|mark| {
            let loc = map.loc(mark.location);
            let short = loc.coast.clone().unwrap_or_default().to_lowercase();
            (loc.abbr.to_uppercase(), short, mark.at)
        })
        .collect();
    let [fx, fy, fw, fh] = layout.fit();
    let fit = (fx, fy, fw, fh);
    Scene { size: (layout.width, layout.height), fit, regions, borders, connectors, units, coasts }
}

/// The inside of the map's `<svg>` element as markup: one string, parsed by
/// the browser in one go (far smaller and faster than one reactive node per
/// element; the view listens on the `<svg>` and finds the province or unit
/// under the pointer by its `data-` attribute).
pub fn markup(scene: &Scene) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(64 * 1024);
    out.push_str(concat!(
        "<defs><pattern id=\"shut\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">",
        "<rect width=\"6\" height=\"6\" fill=\"#c9c3b6\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#8d877a\" stroke-width=\"2\"/></pattern></defs>",
        "<g class=\"regions\">"
    ));
    for r in &scene.regions {
        let _ = write!(
            out,
            "<g class=\"region\" data-province=\"{}\" tabindex=\"0\"><title>{}</title><polygon points=\"{}\" fill=\"{}\"/>",
            escape(&r.abbr),
            escape(&r.title),
            r.points,
            r.fill
        );
        if let Some((at, radius, colour)) = r.centre {
            let _ = write!(
                out,
                "<circle class=\"sc\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\"/>",
                Num(at[0]),
                Num(at[1]),
                Num(radius)
            );
        }
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text></g>",
            Num(r.label[0]),
            Num(r.label[1]),
            Num(r.font),
            escape(&r.abbr)
        );
    }
    out.push_str("</g><g class=\"lines\">");
    for (class, points) in &scene.borders {
        let _ = write!(out, "<polyline class=\"{class}\" points=\"{points}\"/>");
    }
    for points in &scene.connectors {
        let _ = write!(out, "<polyline class=\"c\" points=\"{points}\"/>");
    }
    out.push_str("</g><g class=\"coasts\">");
    for (abbr, short, at) in &scene.coasts {
        let _ = write!(
            out,
            "<g data-coast=\"{}\"><circle cx=\"{}\" cy=\"{}\" r=\"1.2\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
            escape(abbr),
            Num(at[0]),
            Num(at[1]),
            Num(at[0]),
            Num(at[1] - 3.0),
            escape(short)
        );
    }
    out.push_str("</g><g class=\"units\">");
    for u in &scene.units {
        let (x, y, r) = (u.at[0], u.at[1], u.r);
        let _ = write!(
            out,
            "<g class=\"unit\" data-unit=\"{}\"><title>{}</title>",
            escape(&u.text),
            escape(&u.text)
        );
        if u.fleet {
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" transform=\"rotate(45 {} {})\"/>",
                Num(x - r * 0.8),
                Num(y - r * 0.8),
                Num(r * 1.6),
                Num(r * 1.6),
                u.colour,
                Num(x),
                Num(y)
            );
        } else {
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>",
                Num(x),
                Num(y),
                Num(r),
                u.colour
            );
        }
        out.push_str("</g>");
    }
    out.push_str("</g>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_scene() {
        let loaded = crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        let drawing = judgepad_core::layout::layout(&loaded.map, &[]);
        let scene = scene(&loaded.map, &drawing, None);
        assert_eq!(scene.regions.len(), 76);
        assert_eq!(scene.units.len(), 22);
        assert!(scene.regions.iter().any(
            |r| r.abbr == "ENG" && r.fill == terrain_colour(judgepad_core::map::Terrain::Water)
        ));
        assert!(scene.units.iter().any(|u| u.text == "F STP/SC" && u.fleet));
        assert_eq!(scene.regions.iter().filter(|r| r.centre.is_some()).count(), 34);
        let markup = markup(&scene);
        assert_eq!(markup.matches("data-province=").count(), 76);
        assert!(markup.contains("data-unit=\"F STP/SC\""));
        // Spain, St Petersburg and Bulgaria show each coast.
        assert_eq!(markup.matches("data-coast=").count(), 6);
        assert!(markup.contains("data-coast=\"SPA/NC\""));
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
        let scene = scene(&hundred.map, &drawing, Some(&game.board));
        assert_eq!(scene.regions.len(), 41);
    }
}
