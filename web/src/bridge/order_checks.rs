//! Orders checked as they are typed, by the adjudicator's own submission
//! rules: an order the phase would not use (no unit there, another power's
//! unit, impossible on the map, a second order for the unit) and a unit
//! type read as the one standing there are found before Adjudicate, at
//! their line, each with the fixes there are (the coast to name, the power
//! that owns the unit, the type that stands there). Nothing a player types
//! is dropped or changed without a line saying so. Pure, tested natively.

use judgepad_core::Diagnostic;
use judgepad_core::adjudicate::{Rejected, order_diagnostics};
use judgepad_core::board::Board;
use judgepad_core::diagnostics::codes;
use judgepad_core::game::{Game, adjudicate_phase};
use judgepad_core::map::{Map, Reach, UnitKind};
use judgepad_core::orders::{Command, Order, OrderPhase, format_order};
use judgepad_core::text::LineIndex;

use crate::bridge::play::read_orders_at;
use crate::bridge::{DiagnosticRow, diagnostic_row};

/// A fix for a problem in the orders text: what it does, and the whole
/// text after it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OrderFix {
    /// `name SPA/NC`, `give it to ENGLAND`.
    pub label: String,
    /// The orders text with the fix applied.
    pub text: String,
}

/// A problem in the orders text and its fixes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderProblem {
    /// Where and what.
    pub row: DiagnosticRow,
    /// What the player may click to fix it (often none).
    pub fixes: Vec<OrderFix>,
}

/// The orders of the game's current phase in `text` that the phase will
/// use (what the map draws and the boxes count), and every problem: lines
/// not read, and orders read but refused.
pub fn read_orders(game: &Game, text: &str) -> (Vec<Order>, Vec<DiagnosticRow>) {
    let phase = game.order_phase().unwrap_or(OrderPhase::Movement);
    let (orders, mut rows) = read_orders_at(&game.map, &game.board, phase, text);
    let report = adjudicate_phase(&game.map, phase, &game.board, &orders);
    let rejected = report.rejected();
    rows.extend(refusal_rows(&game.map, &game.board, text, &orders, rejected));
    sort_rows(&mut rows);
    (usable(&game.map, &game.board, orders, rejected), rows)
}

/// [`read_orders`]'s problems for the orders panel, each with its fixes.
pub fn check_orders(game: &Game, text: &str) -> Vec<OrderProblem> {
    let (map, board) = (&game.map, &game.board);
    let phase = game.order_phase().unwrap_or(OrderPhase::Movement);
    let (orders, rows) = read_orders_at(map, board, phase, text);
    let report = adjudicate_phase(map, phase, board, &orders);
    let mut problems: Vec<OrderProblem> =
        rows.into_iter().map(|row| OrderProblem { row, fixes: Vec::new() }).collect();
    for (diag, row) in refusals(map, board, text, &orders, report.rejected()) {
        let Some(order) = orders.iter().find(|o| o.at == diag.primary.at) else { continue };
        let fixes = fixes(map, board, text, order, diag.code);
        problems.push(OrderProblem { row, fixes });
    }
    judgepad_core::sorting::sort_by_key(&mut problems, |p| (p.row.line, p.row.column));
    problems
}

/// The rows for orders the phase refused (`rejected`, indices into
/// `orders`) and for unit types read as another, at their text.
pub fn refusal_rows(
    map: &Map,
    board: &Board,
    text: &str,
    orders: &[Order],
    rejected: &[Rejected],
) -> Vec<DiagnosticRow> {
    refusals(map, board, text, orders, rejected).into_iter().map(|(_, row)| row).collect()
}

/// Core's diagnostics for the refused orders and wrong unit types, each
/// with its row (the refusal said first, at the order's text).
fn refusals(
    map: &Map,
    board: &Board,
    text: &str,
    orders: &[Order],
    rejected: &[Rejected],
) -> Vec<(Diagnostic, DiagnosticRow)> {
    let index = LineIndex::new(text);
    order_diagnostics(map, board, orders, rejected)
        .into_iter()
        .map(|diag| {
            let pos = index.line_col(text, diag.primary.at.span.start);
            let mut row = diagnostic_row(&diag, None, pos.line, pos.utf16_col);
            row.message = phrase(diag.code, &diag.message);
            row.span = (diag.primary.at.span.start as usize, diag.primary.at.span.end as usize);
            (diag, row)
        })
        .collect()
}

/// The orders not refused, in their order, each for the unit that stands
/// where it says (a wrong type is read as the right one, DATC 4.C.2).
pub fn usable(map: &Map, board: &Board, orders: Vec<Order>, rejected: &[Rejected]) -> Vec<Order> {
    orders
        .into_iter()
        .enumerate()
        .filter(|(idx, _)| !rejected.iter().any(|r| r.order == *idx))
        .map(|(_, mut order)| {
            if order.command != Command::Build
                && let Some(unit) = &mut order.unit
                && let Some(piece) =
                    board.piece_or_dislodged_in(map, map.province_of(unit.location))
            {
                unit.kind = piece.unit.kind;
            }
            order
        })
        .collect()
}

/// Rows by line, then column.
pub fn sort_rows(rows: &mut [DiagnosticRow]) {
    judgepad_core::sorting::sort_by_key(rows, |row| (row.line, row.column));
}

/// What a refusal means for the order, said first.
fn phrase(code: &str, reason: &str) -> String {
    match code {
        codes::NO_UNIT | codes::NOT_YOUR_UNIT | codes::DUPLICATE_ORDER => {
            format!("not read: {reason}")
        }
        codes::ILLEGAL_ORDER => format!("not carried out: {reason}"),
        _ => reason.to_string(),
    }
}

/// The fixes for `order`, refused or noted with `code`.
fn fixes(map: &Map, board: &Board, text: &str, order: &Order, code: &str) -> Vec<OrderFix> {
    let (start, end) = (order.at.span.start as usize, order.at.span.end as usize);
    let span = (end - text[start..end].trim_start().len(), end);
    let replace = |with: &str| format!("{}{with}{}", &text[..span.0], &text[span.1..]);
    let Some(unit) = order.unit else { return Vec::new() };
    let piece = board.piece_or_dislodged_in(map, map.province_of(unit.location)).copied();
    let mut out = Vec::new();
    if code == codes::NOT_YOUR_UNIT
        && let Some(piece) = piece
    {
        let owner = &map.pow(piece.power).name;
        out.push(OrderFix {
            label: format!("give it to {owner}"),
            text: moved_to(map, text, span, owner),
        });
    }
    if code == codes::WRONG_UNIT_TYPE
        && let Some(piece) = piece
    {
        let read = Order { unit: Some(piece.unit), written_kind: None, ..order.clone() };
        let written = format_order(map, &read);
        out.push(OrderFix { label: format!("write {written}"), text: replace(&written) });
    }
    if code == codes::ILLEGAL_ORDER
        && let Some(piece) = piece
        && piece.unit.kind == UnitKind::Fleet
        && let Command::Move { to, .. } | Command::Retreat { to } = order.command
    {
        let to_loc = map.loc(to);
        let province = map.prov(to_loc.province);
        if to_loc.coast.is_none() && !province.coasts.is_empty() {
            for &coast in &province.coasts {
                if map
                    .abuts(Some(UnitKind::Fleet), piece.unit.location, Reach::Move, coast)
                    .is_none()
                {
                    continue;
                }
                let command = match order.command {
                    Command::Move { via_convoy, .. } => Command::Move { to: coast, via_convoy },
                    _ => Command::Retreat { to: coast },
                };
                let fixed =
                    Order { unit: Some(piece.unit), written_kind: None, command, ..order.clone() };
                let written = format_order(map, &fixed);
                out.push(OrderFix {
                    label: format!("name {}", map.loc(coast).abbr),
                    text: replace(&written),
                });
            }
        }
    }
    out
}

/// `text` with the order at `span` moved to the end, under `owner`: its
/// line becomes a bare `POWER` line where it began with `POWER:` (the lines
/// after it keep their power), and is removed otherwise.
fn moved_to(map: &Map, text: &str, span: (usize, usize), owner: &str) -> String {
    let start = text[..span.0].rfind('\n').map_or(0, |i| i + 1);
    let end = text[span.1..].find('\n').map_or(text.len(), |i| span.1 + i + 1);
    let before = text[start..span.0].trim();
    let mut order = text[span.0..span.1].trim();
    // An order that names its power (`FRANCE A LON - WAL`) loses it.
    if let Some((first, rest)) = order.split_once(char::is_whitespace)
        && map.power(&judgepad_core::map::names::norm_power(first)).is_some()
    {
        order = rest.trim_start();
    }
    let mut out = String::with_capacity(text.len() + owner.len() + 2);
    out.push_str(&text[..start]);
    if let Some(header) = before.strip_suffix(':') {
        out.push_str(header.trim());
        out.push('\n');
    }
    out.push_str(&text[end..]);
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&format!("{owner}: {order}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{game_of, load, variant_text};

    fn standard() -> Game {
        game_of(&load("standard.map", &variant_text("standard"))).unwrap()
    }

    /// The orders: another power's units, a wrong type, a missing
    /// coast and an impossible move are all said before Adjudicate, each at
    /// its line, and none is counted or drawn.
    #[test]
    fn refused_orders_are_said_as_typed() {
        let game = standard();
        let text = "FRANCE: F LON - WAL\nA MUN - BUR\nA PAR - BUR\nITALY: F ROM - TUS\nENGLAND: F EDI - NTH\nFRANCE: F BRE - MAO\nGERMANY: A BER - LON\n";
        let (used, rows) = read_orders(&game, text);
        let said: Vec<(u32, &str)> = rows.iter().map(|r| (r.line, r.code)).collect();
        assert_eq!(
            said,
            [
                (1, "not-your-unit"),
                (2, "not-your-unit"),
                (4, "wrong-unit-type"),
                (7, "illegal-order")
            ]
        );
        assert!(
            rows[0].message.starts_with("not read: F LON belongs to ENGLAND"),
            "{}",
            rows[0].message
        );
        assert!(
            rows[2].message.starts_with("no fleet in ROM; there is an army"),
            "{}",
            rows[2].message
        );
        assert!(rows[3].message.starts_with("not carried out: "), "{}", rows[3].message);
        // A PAR, A ROM (as an army), F EDI, F BRE: what the map draws.
        let drawn: Vec<String> = used.iter().map(|o| format_order(&game.map, o)).collect();
        assert_eq!(drawn, ["A PAR - BUR", "A ROM - TUS", "F EDI - NTH", "F BRE - MAO"]);
    }

    #[test]
    fn fixes_name_the_coast_the_owner_and_the_type() {
        let mut game = standard();
        // Spring: F BRE to MAO, so that MAO may go to either coast of Spain.
        game.advance(&read_orders(&game, "FRANCE: F BRE - MAO\n").0);
        assert_eq!(game.phase.abbr(), "F1901M");
        let problems = check_orders(&game, "FRANCE: F MAO - SPA\nF LON H\nITALY: F ROM H\n");
        let fixes: Vec<Vec<&str>> =
            problems.iter().map(|p| p.fixes.iter().map(|f| f.label.as_str()).collect()).collect();
        assert_eq!(
            fixes,
            [vec!["name SPA/NC", "name SPA/SC"], vec!["give it to ENGLAND"], vec!["write A ROM H"]]
        );
        assert_eq!(problems[0].fixes[0].text, "FRANCE: F MAO - SPA/NC\nF LON H\nITALY: F ROM H\n");
        // The line moves to its owner; the lines after it stay France's.
        let moved = &problems[1].fixes[0].text;
        assert_eq!(moved, "FRANCE: F MAO - SPA\nITALY: F ROM H\nENGLAND: F LON H\n");
        assert!(check_orders(&game, moved).iter().all(|p| p.row.code != "not-your-unit"));
        assert_eq!(problems[2].fixes[0].text, "FRANCE: F MAO - SPA\nF LON H\nITALY: A ROM H\n");
    }

    #[test]
    fn a_prefixed_line_keeps_its_power_for_the_lines_after_it() {
        let game = standard();
        let text = "FRANCE: F LON H\nA PAR - BUR\n";
        let problems = check_orders(&game, text);
        let moved = &problems[0].fixes[0].text;
        assert_eq!(moved, "FRANCE\nA PAR - BUR\nENGLAND: F LON H\n");
        let (used, rows) = read_orders(&game, moved);
        assert!(rows.is_empty(), "{rows:?}");
        assert_eq!(used.len(), 2);
    }
}
