//! Core → view models for play: order text read for every power, results
//! with reasons, and the position. Pure, tested natively.

use judgepad_core::map::{self, Map};
use judgepad_core::text::LineIndex;

use crate::bridge::{DiagnosticRow, diagnostic_row};

/// One line of the orders panel's results.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResultRow {
    /// The unit (`A PAR`), or the power for waives.
    pub unit: String,
    /// The order carried out, normal form.
    pub order: String,
    /// `succeeds`, `fails`, `void` or `dislodged`.
    pub result: &'static str,
    /// Why.
    pub reason: String,
    /// The map text that forbids the order (file and bytes), for a
    /// geography failure.
    pub forbidden: Option<(String, usize, usize)>,
}

/// Reads the orders panel's text for a position (the map in force, the
/// board, the kind of phase). One person orders every power: `FRANCE:
/// order` (and `FRANCE` on a line of its own) sets the power for that line
/// and the lines after it; a line with no power before it belongs to the
/// owner of the unit it names. Every order read comes back (refused ones
/// too: [`crate::bridge::read_orders`] drops those), and each line that
/// could not be read as a row saying so.
pub fn read_orders_at(
    map: &Map,
    board: &judgepad_core::board::Board,
    phase: judgepad_core::orders::OrderPhase,
    text: &str,
) -> (Vec<judgepad_core::orders::Order>, Vec<DiagnosticRow>) {
    use judgepad_core::map::PowerId;
    use judgepad_core::orders::parse_order;
    use judgepad_core::text::{FileId, Span};
    let index = LineIndex::new(text);
    let mut orders = Vec::new();
    let mut diags = Vec::new();
    let mut current: Option<PowerId> = None;
    let mut offset = 0u32;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len() as u32;
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let lead = (body.len() - body.trim_start().len()) as u32;
        let order_start = match trimmed.split_once(':') {
            Some((name, _)) if map.power(&map::names::norm_power(name)).is_some() => {
                current = map.power(&map::names::norm_power(name));
                start + lead + name.len() as u32 + 1
            }
            _ => match map.power(&map::names::norm_power(trimmed)) {
                Some(power) => {
                    current = Some(power);
                    continue;
                }
                None => start + lead,
            },
        };
        let span = Span::new(order_start, start + body.trim_end().len() as u32);
        let mut found = Vec::new();
        // With no power yet, read the order for the first power and give it
        // to the owner of the unit it names (a power named in the order
        // itself, `FRANCE A PAR - BUR`, still wins).
        let reader = current.unwrap_or(PowerId(0));
        let mut order = parse_order(map, reader, phase, FileId(1), text, span, &mut found);
        if current.is_none()
            && let Some(read) = &mut order
            && !names_power(map, span.text(text))
        {
            let owner = read
                .unit
                .and_then(|unit| board.piece_or_dislodged_in(map, map.province_of(unit.location)));
            match owner.map(|piece| piece.power) {
                Some(owner) => read.power = owner,
                None => {
                    let pos = index.line_col(text, start + lead);
                    diags.push(DiagnosticRow {
                        severity: "error",
                        code: "order-syntax",
                        message: "not read: say whose order this is: no unit stands there to tell; write `FRANCE: BUILD A PAR`, or a line `FRANCE` above".into(),
                        file: None,
                        line: pos.line,
                        column: pos.utf16_col,
                        help: None,
                        path: String::new(),
                        span: ((start + lead) as usize, (start + lead) as usize),
                        related: Vec::new(),
                        fix: None,
                        folded: false,
                        caused: Vec::new(),
                    });
                    order = None;
                }
            }
        }
        let dropped = order.is_none();
        orders.extend(order);
        for diag in found {
            let pos = index.line_col(text, diag.primary.at.span.start);
            let mut row = diagnostic_row(&diag, None, pos.line, pos.utf16_col);
            if dropped && row.severity == "error" {
                row.message = format!("not read: {}", row.message);
            }
            diags.push(row);
        }
    }
    (orders, diags)
}

/// Whether order text starts with a power's name (`FRANCE A PAR - BUR`).
fn names_power(map: &Map, text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|word| map.power(&map::names::norm_power(word)).is_some())
}

/// The result rows of a played phase.
pub fn result_rows(turn: &judgepad_core::game::Turn) -> Vec<ResultRow> {
    use judgepad_core::game::Report;
    let map = &turn.map;
    match &turn.report {
        Report::Movement(res) => res
            .resolutions
            .iter()
            .map(|it| {
                let mut row = unit_row(map, it.piece.unit, &it.command, it.outcome, &it.reason);
                if it.dislodged {
                    row.result = "dislodged";
                }
                row.forbidden = it.forbidden_by.and_then(|at| {
                    let file = map.files.get(at.file.0 as usize)?;
                    Some((file.name.clone(), at.span.start as usize, at.span.end as usize))
                });
                row
            })
            .collect(),
        Report::Retreats(res) => res
            .resolutions
            .iter()
            .map(|it| unit_row(map, it.piece.unit, &it.command, it.outcome, &it.reason))
            .collect(),
        Report::Adjustments(res) => res
            .adjustments
            .iter()
            .map(|it| ResultRow {
                unit: it
                    .unit
                    .map_or_else(|| map.pow(it.power).name.clone(), |unit| map.unit_text(unit)),
                order: it
                    .unit
                    .map_or_else(|| "WAIVE".into(), |unit| command_text(map, unit, &it.command)),
                result: it.outcome.as_str(),
                reason: it.reason.clone(),
                forbidden: None,
            })
            .collect(),
        Report::Pause => Vec::new(),
    }
}

/// The result row of one unit's order.
fn unit_row(
    map: &Map,
    unit: judgepad_core::map::Unit,
    command: &judgepad_core::orders::Command,
    outcome: judgepad_core::adjudicate::Outcome,
    reason: &str,
) -> ResultRow {
    ResultRow {
        unit: map.unit_text(unit),
        order: command_text(map, unit, command),
        result: outcome.as_str(),
        reason: reason.to_string(),
        forbidden: None,
    }
}

fn command_text(
    map: &Map,
    unit: judgepad_core::map::Unit,
    command: &judgepad_core::orders::Command,
) -> String {
    let order = judgepad_core::orders::Order {
        power: judgepad_core::map::PowerId(0),
        unit: Some(unit),
        written_kind: None,
        command: command.clone(),
        at: judgepad_core::text::FileSpan::default(),
    };
    judgepad_core::orders::format_order(map, &order)
}

/// Units per power for the position panel, powers in map order.
pub fn position_rows(game: &judgepad_core::game::Game) -> Vec<(String, Vec<String>)> {
    position_rows_of(&game.map, &game.board)
}

/// [`position_rows`] of any position: units (dislodged ones marked) and
/// centre counts per power.
pub fn position_rows_of(
    map: &Map,
    board: &judgepad_core::board::Board,
) -> Vec<(String, Vec<String>)> {
    map.powers
        .iter()
        .enumerate()
        .map(|(idx, power)| {
            let id = judgepad_core::map::PowerId(idx as u32);
            let mut units: Vec<String> =
                board.units_of(id).map(|piece| map.unit_text(piece.unit)).collect();
            units.extend(
                board
                    .dislodged
                    .iter()
                    .filter(|d| d.piece.power == id)
                    .map(|d| format!("{} (dislodged)", map.unit_text(d.piece.unit))),
            );
            let centres = board.centers_of(id).count();
            (format!("{} ({centres})", power.display), units)
        })
        .collect()
}

#[cfg(test)]
mod game_tests {
    use super::*;
    use crate::bridge::{game_of, load, read_orders, variant_text};

    #[test]
    fn orders_panel_reads_and_adjudicates() {
        let mut game = game_of(&load("standard.map", &variant_text("standard"))).unwrap();
        let text = "FRANCE: A PAR - BUR\nGERMANY\nA MUN - BUR\nA XYZ H\nA BER - KIE\n";
        let (orders, diags) = read_orders(&game, text);
        assert_eq!(orders.len(), 3);
        assert_eq!(diags.len(), 1);
        assert_eq!((diags[0].code, diags[0].line, diags[0].column), ("unknown-place", 4, 3));
        let turn = game.advance(&orders).clone();
        let rows = result_rows(&turn);
        let par = rows.iter().find(|it| it.unit == "A PAR").unwrap();
        assert_eq!(par.result, "fails");
        assert!(par.reason.contains("A MUN"), "{}", par.reason);
        assert_eq!(game.phase.abbr(), "F1901M");
    }

    #[test]
    fn a_line_without_a_power_belongs_to_the_units_owner() {
        let game = game_of(&load("standard.map", &variant_text("standard"))).unwrap();
        let name = |orders: &[judgepad_core::orders::Order], idx: usize| {
            game.map.pow(orders[idx].power).name.to_string()
        };
        // `FRANCE:` carries over to the next line.
        let (orders, diags) = read_orders(&game, "FRANCE: A PAR - BUR\nA MAR - BUR\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!((name(&orders, 0), name(&orders, 1)), ("FRANCE".into(), "FRANCE".into()));
        // No power at all: each unit's owner.
        let (orders, diags) = read_orders(&game, "A MAR - BUR\nA MUN - BUR\nF LON - NTH\n");
        assert!(diags.is_empty(), "{diags:?}");
        let owners: Vec<String> = (0..3).map(|idx| name(&orders, idx)).collect();
        assert_eq!(owners, ["FRANCE", "GERMANY", "ENGLAND"]);
        // An empty province tells nobody: say so, at the line.
        let (orders, diags) = read_orders(&game, "A BUR - PAR\n");
        assert!(orders.is_empty());
        assert_eq!((diags[0].code, diags[0].line), ("order-syntax", 1));
    }
}
