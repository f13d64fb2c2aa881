//! What the map view draws, as plain strings and numbers: the core's
//! [`Layout`] with terrain fills, owner colours and the position's units
//! placed (fleets on their coast's mark). Pure, so it is tested natively;
//! the component only turns it into SVG elements.

use judgepad_core::board::Board;
use judgepad_core::layout::palette::{power_colour, terrain_colour};
use judgepad_core::layout::svg::label_size;
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
    /// Regions, in map order.
    pub regions: Vec<RegionView>,
    /// Borders: CSS class and SVG points.
    pub borders: Vec<(&'static str, String)>,
    /// Connectors: SVG points.
    pub connectors: Vec<String>,
    /// Units.
    pub units: Vec<UnitView>,
}

fn points(path: &[Point]) -> String {
    path.iter().map(|p| format!("{},{}", p[0], p[1])).collect::<Vec<_>>().join(" ")
}

/// The scene of `layout` (a drawing of `map`) with the position `board`
/// (`None`: the map's starting units and centres).
pub fn scene(map: &Map, layout: &Layout, board: Option<&Board>) -> Scene {
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
            let font = label_size(region.room);
            let mut title =
                format!("{} ({}), {}", province.name, province.abbr, province.terrain.as_str());
            if province.supply_center {
                title.push_str(", supply centre");
                if let Some(owner) = owner {
                    title.push_str(&format!(" of {}", map.powers[owner].display));
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
            let province = map.province_of(unit.location);
            let region = layout.provinces.get(province.0 as usize)?;
            let at = layout
                .coasts
                .iter()
                .find(|it| it.location == unit.location)
                .map_or(region.label, |it| it.at);
            let r = (region.room * 0.45).clamp(3.0, 7.0);
            Some(UnitView {
                text: map.unit_text(unit),
                fleet: unit.kind == UnitKind::Fleet,
                at: [at[0], at[1] - r * 0.4],
                r,
                colour: power_colour(power),
            })
        })
        .collect();
    Scene { size: (layout.width, layout.height), regions, borders, connectors, units }
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
    }
}
