//! Order entry: the orders text seen power by power (each power's lines,
//! its orders in normal form, what is missing), the same text rebuilt when
//! one power's box is edited, and the orders a click on the map writes.
//! The text stays the single source of truth: every function here reads
//! it or returns a new one. Pure, tested natively.

use judgepad_core::adjudicate::{
    adjustment_counts, build_options, convoy_options, move_options, retreat_options,
    support_options,
};
use judgepad_core::game::Game;
use judgepad_core::map::{Map, PowerId, UnitKind};
use judgepad_core::orders::{Command, Order, OrderPhase, format_order};

use crate::bridge::{read_orders, read_orders_at};

/// One power's part of the orders.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PowerOrders {
    /// Its name as orders write it (`FRANCE`).
    pub name: String,
    /// Its display name.
    pub display: String,
    /// Its lines of the text, without a leading `FRANCE:`.
    pub text: String,
    /// Its orders, in normal form.
    pub orders: Vec<String>,
    /// What it has not ordered yet (`A MUN has no order: it will hold`).
    pub missing: Vec<String>,
    /// How many orders it owes this phase (units, dislodged units, or
    /// builds and removals).
    pub owed: usize,
}

/// Each line of `text` (with its newline) and the order read from it, if
/// any (`orders` read from the same text).
fn lines_and_orders<'t, 'o>(
    text: &'t str,
    orders: &'o [Order],
) -> impl Iterator<Item = (&'t str, Option<&'o Order>)> {
    let mut offset = 0usize;
    text.split_inclusive('\n').map(move |line| {
        let (start, end) = (offset, offset + line.len());
        offset = end;
        (line, orders.iter().find(|order| (start..end).contains(&(order.at.span.start as usize))))
    })
}

/// The power a line of the text belongs to: the power of the order read
/// from it (refused or not: a line stays where its writer put it), else
/// the power last named (`FRANCE`, `FRANCE: …`).
fn line_owners(game: &Game, text: &str) -> Vec<Option<PowerId>> {
    let phase = game.order_phase().unwrap_or(OrderPhase::Movement);
    let (orders, _) = read_orders_at(&game.map, &game.board, phase, text);
    let power_named = |name: &str| game.map.power(&judgepad_core::map::names::norm_power(name));
    let mut owners = Vec::new();
    let mut current: Option<PowerId> = None;
    for (line, read) in lines_and_orders(text, &orders) {
        let body = line.trim();
        if let Some(power) = power_named(body.trim_end_matches(':')) {
            current = Some(power);
            owners.push(None);
            continue;
        }
        if let Some((name, _)) = body.split_once(':')
            && let Some(power) = power_named(name)
        {
            current = Some(power);
        }
        let read = read.map(|order| order.power);
        owners.push(read.or(if body.is_empty() || body.starts_with('#') { None } else { current }));
    }
    owners
}

/// Strips a leading `POWER:` naming `power`.
fn without_prefix(map: &Map, power: PowerId, line: &str) -> String {
    let trimmed = line.trim();
    match trimmed.split_once(':') {
        Some((name, rest))
            if map.power(&judgepad_core::map::names::norm_power(name)) == Some(power) =>
        {
            rest.trim().to_string()
        }
        _ => trimmed.to_string(),
    }
}

/// The orders text power by power, powers in map order.
pub fn by_power(game: &Game, text: &str) -> Vec<PowerOrders> {
    let map = &game.map;
    let owners = line_owners(game, text);
    // What counts: the orders the phase will use.
    let (orders, _) = read_orders(game, text);
    let phase = game.order_phase();
    let counts = adjustment_counts(map, &game.board);
    (0..map.powers.len())
        .map(|idx| {
            let power = PowerId(idx as u32);
            let spec = map.pow(power);
            let lines: Vec<String> = text
                .split_inclusive('\n')
                .zip(&owners)
                .filter(|(_, owner)| **owner == Some(power))
                .map(|(line, _)| without_prefix(map, power, line))
                .collect();
            let mine: Vec<&Order> = orders.iter().filter(|o| o.power == power).collect();
            let ordered = |unit: judgepad_core::map::Unit| {
                mine.iter().any(|o| {
                    o.unit.is_some_and(|u| {
                        map.province_of(u.location) == map.province_of(unit.location)
                    })
                })
            };
            let mut missing = Vec::new();
            let owed = match phase {
                Some(OrderPhase::Movement) => {
                    let units: Vec<_> = game.board.units_of(power).collect();
                    for piece in &units {
                        if !ordered(piece.unit) {
                            missing.push(format!(
                                "{} has no order: it will hold",
                                map.unit_text(piece.unit)
                            ));
                        }
                    }
                    units.len()
                }
                Some(OrderPhase::Retreats) => {
                    let units: Vec<_> =
                        game.board.dislodged.iter().filter(|d| d.piece.power == power).collect();
                    for dislodged in &units {
                        if !ordered(dislodged.piece.unit) {
                            missing.push(format!(
                                "{} has no order: it will be disbanded",
                                map.unit_text(dislodged.piece.unit)
                            ));
                        }
                    }
                    units.len()
                }
                Some(OrderPhase::Adjustments) => {
                    let count = counts.get(idx).copied().unwrap_or(0);
                    let done = mine.len() as i64;
                    if count > 0
                        && done < count
                        && !build_options(map, &game.board, power).is_empty()
                    {
                        missing.push(format!(
                            "{} may build {} more (unused builds are waived)",
                            spec.display,
                            count - done
                        ));
                    } else if count < 0 && done < -count {
                        missing.push(format!(
                            "{} must remove {} more (else the rules choose)",
                            spec.display,
                            -count - done
                        ));
                    }
                    count.unsigned_abs() as usize
                }
                None => 0,
            };
            PowerOrders {
                name: spec.name.clone(),
                display: spec.display.clone(),
                text: lines.join("\n"),
                orders: mine.iter().map(|o| format_order(map, o)).collect(),
                missing,
                owed,
            }
        })
        .collect()
}

/// The text with the lines of `power` replaced by `lines` (its box was
/// edited): lines no power owns stay first, then each power that has
/// lines, under a `POWER` line of its own.
pub fn set_power_text(game: &Game, text: &str, power: &str, lines: &str) -> String {
    let map = &game.map;
    let Some(edited) = map.power(&judgepad_core::map::names::norm_power(power)) else {
        return text.to_string();
    };
    let owners = line_owners(game, text);
    let mut out = String::new();
    for (line, owner) in text.split_inclusive('\n').zip(&owners) {
        let trimmed = line.trim();
        let header =
            map.power(&judgepad_core::map::names::norm_power(trimmed.trim_end_matches(':')));
        if owner.is_none() && header.is_none() && !trimmed.is_empty() {
            out.push_str(trimmed);
            out.push('\n');
        }
    }
    for idx in 0..map.powers.len() {
        let power = PowerId(idx as u32);
        let body: Vec<String> = if power == edited {
            lines.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect()
        } else {
            text.split_inclusive('\n')
                .zip(&owners)
                .filter(|(_, owner)| **owner == Some(power))
                .map(|(line, _)| without_prefix(map, power, line))
                .filter(|l| !l.is_empty())
                .collect()
        };
        if body.is_empty() {
            continue;
        }
        out.push_str(&map.pow(power).name);
        out.push('\n');
        for line in body {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// An example of orders for the orders box's placeholder, made from the
/// game's own powers and units: the first power's first unit moving, its
/// next unit holding, and another power's line.
pub fn example_orders(game: &Game) -> String {
    let map = &game.map;
    let board = &game.board;
    let mut lines: Vec<String> = Vec::new();
    let mut powers = 0;
    for idx in 0..map.powers.len() {
        let power = PowerId(idx as u32);
        let units: Vec<usize> = (0..board.pieces.len())
            .filter(|&i| board.pieces[i].power == power)
            .take(if powers == 0 { 2 } else { 1 })
            .collect();
        let Some(&first) = units.first() else { continue };
        lines.push(map.pow(power).name.clone());
        let text = map.unit_text(board.pieces[first].unit);
        match move_options(map, board, first).first() {
            Some(option) => lines.push(format!("{text} - {}", map.loc(option.to).abbr)),
            None => lines.push(format!("{text} H")),
        }
        for &next in &units[1..] {
            lines.push(format!("{} H", map.unit_text(board.pieces[next].unit)));
        }
        powers += 1;
        if powers == 2 {
            break;
        }
    }
    if lines.is_empty() { "FRANCE: A PAR - BUR".to_string() } else { lines.join("\n") }
}

/// What a click on the map has picked so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pick {
    /// A unit (`A PAR`): its moves (retreats in a retreat phase) are shown.
    Unit(String),
    /// A unit to support (`supporter`, `target`): the places the target may
    /// go that the supporter reaches.
    Support(String, String),
    /// A fleet to convoy an army (`fleet`, `army`).
    Convoy(String, String),
    /// A unit that will support the next unit picked (the touch and
    /// keyboard way to Shift+click).
    Supporting(String),
    /// A fleet that will convoy the next army picked (Alt+click's).
    Convoying(String),
    /// A build of this kind for any power owed one.
    Build(UnitKind),
}

/// A place a click may choose, and the order line it writes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The province (upper case) to click.
    pub province: String,
    /// The order line (`FRANCE: A PAR - BUR`).
    pub line: String,
}

fn piece_index(game: &Game, unit: &str) -> Option<usize> {
    game.board.pieces.iter().position(|p| game.map.unit_text(p.unit) == unit)
}

fn prov_upper(map: &Map, loc: judgepad_core::map::LocationId) -> String {
    map.prov(map.province_of(loc)).abbr.to_uppercase()
}

/// The places `pick` offers in the game's current phase.
pub fn targets(game: &Game, pick: &Pick) -> Vec<Target> {
    let map = &game.map;
    let board = &game.board;
    let owner_name = |idx: usize| map.pow(board.pieces[idx].power).name.clone();
    let mut out: Vec<Target> = Vec::new();
    let mut add = |province: String, line: String| {
        if !out.iter().any(|t| t.province == province) {
            out.push(Target { province, line });
        }
    };
    match (game.order_phase(), pick) {
        (Some(OrderPhase::Movement), Pick::Unit(unit)) => {
            let Some(idx) = piece_index(game, unit) else { return Vec::new() };
            for option in move_options(map, board, idx) {
                let to = &map.loc(option.to).abbr;
                let via = if option.convoy { " VIA CONVOY" } else { "" };
                add(prov_upper(map, option.to), format!("{}: {unit} - {to}{via}", owner_name(idx)));
            }
        }
        (Some(OrderPhase::Movement), Pick::Support(supporter, target)) => {
            let (Some(s), Some(t)) = (piece_index(game, supporter), piece_index(game, target))
            else {
                return Vec::new();
            };
            for dest in support_options(map, board, s, t) {
                match dest {
                    None => add(
                        prov_upper(map, board.pieces[t].unit.location),
                        format!("{}: {supporter} S {target}", owner_name(s)),
                    ),
                    Some(to) => add(
                        prov_upper(map, to),
                        format!(
                            "{}: {supporter} S {target} - {}",
                            owner_name(s),
                            map.prov(map.province_of(to)).abbr
                        ),
                    ),
                }
            }
        }
        (Some(OrderPhase::Movement), Pick::Convoy(fleet, army)) => {
            let (Some(f), Some(a)) = (piece_index(game, fleet), piece_index(game, army)) else {
                return Vec::new();
            };
            for to in convoy_options(map, board, f, a) {
                let abbr = map.prov(to).abbr.to_uppercase();
                add(abbr.clone(), format!("{}: {fleet} C {army} - {abbr}", owner_name(f)));
            }
        }
        (Some(OrderPhase::Retreats), Pick::Unit(unit)) => {
            let Some(dislodged) =
                board.dislodged.iter().find(|d| map.unit_text(d.piece.unit) == *unit)
            else {
                return Vec::new();
            };
            let power = map.pow(dislodged.piece.power).name.clone();
            for to in retreat_options(map, board, dislodged) {
                add(prov_upper(map, to), format!("{power}: {unit} R {}", map.loc(to).abbr));
            }
        }
        (Some(OrderPhase::Adjustments), Pick::Build(kind)) => {
            let counts = adjustment_counts(map, board);
            for (idx, count) in counts.iter().enumerate() {
                if *count <= 0 {
                    continue;
                }
                let power = PowerId(idx as u32);
                for unit in build_options(map, board, power).into_iter().filter(|u| u.kind == *kind)
                {
                    // A fleet on a coast is chosen by the coast's mark; the
                    // province offers its first coast.
                    add(
                        prov_upper(map, unit.location),
                        format!("{}: BUILD {}", map.pow(power).name, map.unit_text(unit)),
                    );
                }
            }
        }
        _ => {}
    }
    out
}

/// The text with `line` as the order of the unit (or build site) it names:
/// lines that ordered the same unit or site before are removed first.
pub fn put_order(game: &Game, text: &str, line: &str) -> String {
    let map = &game.map;
    // Read as written: a refused order for the unit is replaced too.
    let phase = game.order_phase().unwrap_or(OrderPhase::Movement);
    let (new, _) = read_orders_at(map, &game.board, phase, line);
    let Some(order) = new.first() else { return format!("{}{line}\n", with_newline(text)) };
    let place = order.unit.map(|u| map.province_of(u.location));
    let (orders, _) = read_orders_at(map, &game.board, phase, text);
    let mut out = String::new();
    for (piece, read) in lines_and_orders(text, &orders) {
        let same = read.is_some_and(|o| {
            o.unit.map(|u| map.province_of(u.location)) == place
                && (o.command == Command::Build) == (order.command == Command::Build)
        });
        if !same {
            out.push_str(piece);
        }
    }
    format!("{}{line}\n", with_newline(&out))
}

fn with_newline(text: &str) -> String {
    if text.is_empty() || text.ends_with('\n') { text.to_string() } else { format!("{text}\n") }
}

/// The order line a click on the picked unit itself writes: hold, or
/// disband in a retreat phase, or remove in an adjustment phase.
pub fn self_order(game: &Game, unit: &str) -> Option<String> {
    let map = &game.map;
    let owner = |power: PowerId| map.pow(power).name.clone();
    match game.order_phase()? {
        OrderPhase::Movement => {
            let piece = game.board.pieces.iter().find(|p| map.unit_text(p.unit) == unit)?;
            Some(format!("{}: {unit} H", owner(piece.power)))
        }
        OrderPhase::Retreats => {
            let d = game.board.dislodged.iter().find(|d| map.unit_text(d.piece.unit) == unit)?;
            Some(format!("{}: {unit} D", owner(d.piece.power)))
        }
        OrderPhase::Adjustments => {
            let piece = game.board.pieces.iter().find(|p| map.unit_text(p.unit) == unit)?;
            Some(format!("{}: REMOVE {unit}", owner(piece.power)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{game_of, load, variant_text};

    fn standard() -> Game {
        game_of(&load("standard.map", &variant_text("standard"))).expect("a game")
    }

    #[test]
    fn the_example_orders_are_the_variants_own() {
        let game = standard();
        assert_eq!(example_orders(&game), "AUSTRIA\nA BUD - GAL\nA VIE H\nENGLAND\nF EDI - CLY");
        let (orders, problems) = read_orders(&game, &example_orders(&game));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(orders.len(), 3);
        let hundred = game_of(&load("hundred.map", &variant_text("hundred"))).expect("a game");
        let example = example_orders(&hundred);
        assert!(!example.contains("FRANCE: A PAR"), "{example}");
        assert!(read_orders(&hundred, &example).1.is_empty(), "{example}");
    }

    #[test]
    fn powers_see_their_lines_and_what_is_missing() {
        let game = standard();
        let text = "FRANCE: A PAR - BUR\nA MAR - SPA\nA MUN - RUH\n";
        let view = by_power(&game, text);
        let france = view.iter().find(|p| p.name == "FRANCE").expect("France");
        // `FRANCE:` carries over: the third line is France's too (and the
        // adjudicator will refuse France an order for a German unit).
        assert_eq!(france.text, "A PAR - BUR\nA MAR - SPA\nA MUN - RUH");
        // It counts what the phase will use: two of France's three units.
        assert_eq!(france.orders, ["A PAR - BUR", "A MAR - SPA"]);
        assert_eq!(france.missing, ["F BRE has no order: it will hold"]);
        assert_eq!(france.owed, 3);
        let germany = view.iter().find(|p| p.name == "GERMANY").expect("Germany");
        assert_eq!(germany.missing.len(), 3);
        // Editing Germany's box rebuilds the text power by power.
        let rebuilt =
            set_power_text(&game, "A PAR - BUR\n", "GERMANY", "A MUN - RUH\n\nA BER - KIE");
        assert_eq!(rebuilt, "FRANCE\nA PAR - BUR\nGERMANY\nA MUN - RUH\nA BER - KIE\n");
        let again = by_power(&game, &rebuilt);
        let germany = again.iter().find(|p| p.name == "GERMANY").expect("Germany");
        assert_eq!(germany.orders, ["A MUN - RUH", "A BER - KIE"]);
    }

    #[test]
    fn clicks_offer_legal_orders_and_write_text() {
        let game = standard();
        let moves = targets(&game, &Pick::Unit("A PAR".into()));
        let mut places: Vec<&str> = moves.iter().map(|t| t.province.as_str()).collect();
        judgepad_core::sorting::sort(&mut places);
        assert_eq!(places, ["BRE", "BUR", "GAS", "PIC"]);
        let bur = moves.iter().find(|t| t.province == "BUR").expect("BUR");
        assert_eq!(bur.line, "FRANCE: A PAR - BUR");
        let support = targets(&game, &Pick::Support("A MAR".into(), "A PAR".into()));
        assert!(support.iter().any(|t| t.line == "FRANCE: A MAR S A PAR - BUR"), "{support:?}");
        // A second order for a unit replaces the first.
        let text = put_order(&game, "A PAR - PIC\nA MAR H", &bur.line);
        assert_eq!(text, "A MAR H\nFRANCE: A PAR - BUR\n");
        assert_eq!(self_order(&game, "F LON").as_deref(), Some("ENGLAND: F LON H"));
        // Builds are offered in the adjustment phase only.
        assert!(targets(&game, &Pick::Build(UnitKind::Army)).is_empty());
    }
}
