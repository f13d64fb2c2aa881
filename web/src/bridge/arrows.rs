//! Orders and results drawn on the map: arrows for moves, retreats,
//! supports and convoys, rings for builds and crosses for removals, each
//! styled by its result (`succeeds`, `fails`, `void`, or `pending` while
//! not yet adjudicated) and dislodged units marked. Plain strings, as the
//! rest of the scene; pure, tested natively.

use judgepad_core::game::Report;
use judgepad_core::layout::svg::Num;
use judgepad_core::layout::{Layout, Point};
use judgepad_core::map::{LocationId, Map, ProvinceId, Unit};
use judgepad_core::orders::{Command, Order};

/// One mark on the map.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArrowView {
    /// CSS classes: the kind (`move`, `support`, `convoy`, `retreat`,
    /// `build`, `remove`) and the result.
    pub class: String,
    /// SVG path.
    pub d: String,
    /// The unit ordered (`A PAR`; the unit built for a build).
    pub unit: String,
    /// The result: `succeeds`, `fails`, `void`, `dislodged` or `pending`.
    pub result: &'static str,
    /// Whether the path ends in an arrow head.
    pub head: bool,
}

/// A drawing of `base` and the map in force (whose ids orders use).
#[derive(Clone, Copy)]
struct Drawn<'a> {
    base: &'a Map,
    layout: &'a Layout,
}

/// Where a unit at `location` (of `map`) is drawn (the scene's unit centre).
fn unit_point(drawn: Drawn<'_>, map: &Map, location: LocationId) -> Option<(Point, f64)> {
    let (at, r) = crate::bridge::scene::drawn_at(drawn.base, map, drawn.layout, location)?;
    Some(([at[0], at[1] - r * 0.4], r))
}

/// Where a move into `province` (at `location`) ends.
fn place_point(drawn: Drawn<'_>, map: &Map, location: LocationId) -> Option<Point> {
    unit_point(drawn, map, location).map(|(at, _)| at)
}

fn province_point(drawn: Drawn<'_>, map: &Map, province: ProvinceId) -> Option<Point> {
    let location =
        map.prov(province).location.or_else(|| map.prov(province).coasts.first().copied())?;
    place_point(drawn, map, location)
}

/// A straight arrow from `a` to `b`, stopping `gap` short of each end.
fn line(a: Point, b: Point, gap: f64) -> Option<String> {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= 2.0 * gap {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    Some(format!(
        "M{} {}L{} {}",
        Num(a[0] + ux * gap),
        Num(a[1] + uy * gap),
        Num(b[0] - ux * gap),
        Num(b[1] - uy * gap)
    ))
}

fn ring(at: Point, r: f64) -> String {
    format!(
        "M{} {}a{} {} 0 1 0 {} 0a{} {} 0 1 0 -{} 0",
        Num(at[0] - r),
        Num(at[1]),
        Num(r),
        Num(r),
        Num(2.0 * r),
        Num(r),
        Num(r),
        Num(2.0 * r)
    )
}

fn cross(at: Point, r: f64) -> String {
    format!(
        "M{} {}L{} {}M{} {}L{} {}",
        Num(at[0] - r),
        Num(at[1] - r),
        Num(at[0] + r),
        Num(at[1] + r),
        Num(at[0] - r),
        Num(at[1] + r),
        Num(at[0] + r),
        Num(at[1] - r)
    )
}

fn midpoint(a: Point, b: Point) -> Point {
    [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
}

/// The mark of one order of `unit` (standing on `board`), with `result`.
fn mark(
    map: &Map,
    drawn: Drawn<'_>,
    orders: &[Order],
    unit: Unit,
    command: &Command,
    result: &'static str,
) -> Option<ArrowView> {
    let text = map.unit_text(unit);
    let (from, r) = unit_point(drawn, map, unit.location)?;
    let make = |kind: &str, d: String, head: bool| ArrowView {
        class: format!("arrow {kind} {result}"),
        d,
        unit: text.clone(),
        result,
        head,
    };
    // Where the unit in `province` is going, by its own order.
    let going = |province: ProvinceId| -> Option<(Point, Point)> {
        let order = orders.iter().find(|o| {
            o.unit.is_some_and(|u| map.province_of(u.location) == province)
                && matches!(o.command, Command::Move { .. })
        })?;
        let Command::Move { to, .. } = order.command else { return None };
        let at = province_point(drawn, map, province)?;
        Some((at, place_point(drawn, map, to)?))
    };
    match command {
        Command::Move { to, .. } | Command::Retreat { to } => {
            let kind = if matches!(command, Command::Retreat { .. }) { "retreat" } else { "move" };
            Some(make(kind, line(from, place_point(drawn, map, *to)?, r * 0.9)?, true))
        }
        Command::Support { target, dest } => {
            let end = match dest {
                Some(dest) => {
                    let start = province_point(drawn, map, *target)?;
                    midpoint(start, place_point(drawn, map, *dest)?)
                }
                None => province_point(drawn, map, *target)?,
            };
            Some(make("support", line(from, end, r * 0.6)?, dest.is_some()))
        }
        Command::Convoy { from: army, to } => {
            let end = match going(*army) {
                Some((a, b)) => midpoint(a, b),
                None => {
                    midpoint(province_point(drawn, map, *army)?, province_point(drawn, map, *to)?)
                }
            };
            Some(make("convoy", line(from, end, r * 0.6)?, false))
        }
        Command::Build => Some(make("build", ring(from, r * 1.3), false)),
        Command::Disband => Some(make("remove", cross(from, r * 1.1), false)),
        Command::Hold | Command::Waive => None,
    }
}

/// The marks of orders not yet adjudicated: `orders` on the map in force
/// `map`, drawn on `layout`, a drawing of `base`.
pub fn pending(base: &Map, layout: &Layout, map: &Map, orders: &[Order]) -> Vec<ArrowView> {
    if layout.provinces.len() != base.provinces.len() {
        return Vec::new();
    }
    let drawn = Drawn { base, layout };
    orders
        .iter()
        .filter_map(|order| {
            let unit = order.unit?;
            mark(map, drawn, orders, unit, &order.command, "pending")
        })
        .collect()
}

/// The marks of a played phase: each order as ordered, styled by what it
/// did (a unit dislodged in it is `dislodged`).
pub fn played(
    base: &Map,
    layout: &Layout,
    map: &Map,
    orders: &[Order],
    report: &Report,
) -> Vec<ArrowView> {
    if layout.provinces.len() != base.provinces.len() {
        return Vec::new();
    }
    let drawn = Drawn { base, layout };
    let ordered = |index: Option<usize>, fallback: &Command| -> Command {
        index.and_then(|i| orders.get(i)).map_or_else(|| fallback.clone(), |o| o.command.clone())
    };
    let mut out = Vec::new();
    match report {
        Report::Movement(res) => {
            for it in &res.resolutions {
                let command = ordered(it.order, &it.command);
                let result = if it.dislodged { "dislodged" } else { it.outcome.as_str() };
                let shown = if it.dislodged { it.outcome.as_str() } else { result };
                if let Some(mut view) = mark(map, drawn, orders, it.piece.unit, &command, shown) {
                    view.result = result;
                    out.push(view);
                }
            }
        }
        Report::Retreats(res) => {
            for it in &res.resolutions {
                let command = ordered(it.order, &it.command);
                out.extend(mark(map, drawn, orders, it.piece.unit, &command, it.outcome.as_str()));
            }
        }
        Report::Adjustments(res) => {
            for it in &res.adjustments {
                let Some(unit) = it.unit else { continue };
                out.extend(mark(map, drawn, orders, unit, &it.command, it.outcome.as_str()));
            }
        }
        Report::Pause => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{game_of, load, read_orders_at, variant_text};

    #[test]
    fn orders_and_results_are_drawn() {
        let loaded = load("standard.map", &variant_text("standard"));
        let mut game = game_of(&loaded).expect("a game");
        let drawing = judgepad_core::layout::layout(&loaded.map, &[]);
        let text = "A PAR - BUR\nA MAR - BUR\nA MUN S A PAR - BUR\nF BRE H\nF LON - NTH\nF EDI C A LVP - NWY\n";
        // Read as written (the page draws the orders the adjudicator takes:
        // this convoy from a coast it would refuse, drawn here all the same).
        let phase = judgepad_core::orders::OrderPhase::Movement;
        let (orders, _) = read_orders_at(&game.map, &game.board, phase, text);
        let marks = pending(&loaded.map, &drawing, &game.map, &orders);
        let kinds: Vec<&str> = marks.iter().map(|m| m.class.as_str()).collect();
        assert_eq!(
            kinds,
            [
                "arrow move pending",
                "arrow move pending",
                "arrow support pending",
                "arrow move pending",
                "arrow convoy pending"
            ]
        );
        assert!(marks.iter().all(|m| m.d.starts_with('M')));
        let turn = game.advance(&orders).clone();
        let marks = played(&loaded.map, &drawing, &turn.map, &orders, &turn.report);
        let result = |unit: &str| marks.iter().find(|m| m.unit == unit).map(|m| m.result);
        // Munich's support carries Paris into Burgundy over Marseilles;
        // the English fleet moves; the convoy matches no order (void).
        assert_eq!(result("A PAR"), Some("succeeds"));
        assert_eq!(result("A MUN"), Some("succeeds"));
        assert_eq!(result("A MAR"), Some("fails"));
        assert_eq!(result("F LON"), Some("succeeds"));
        assert_eq!(result("F EDI"), Some("void"));
        assert_eq!(result("F BRE"), None);
    }
}
