//! Position edits: a designer sets up a situation to test (places and
//! removes units, gives centres to powers) without playing to it. An edit
//! is an entry of the order log like a played phase, so undo, stepping,
//! share links and autosave carry it: its first line is [`HEADER`], then
//! one edit per line:
//!
//! ```text
//! # position
//! FRANCE: A BUR        place a unit (replacing any unit in the province)
//! ENGLAND: F SPA/NC    a fleet on a coast
//! REMOVE MUN           remove the unit in a province
//! OWNER BEL FRANCE     give a centre to a power (`NONE`: to nobody)
//! ```
//!
//! Pure, tested natively.

use judgepad_core::board::{Board, Piece};
use judgepad_core::map::{Map, PowerId, Unit, UnitKind};

use crate::bridge::DiagnosticRow;

/// The first line of a position edit in the log.
pub const HEADER: &str = "# position";

/// Whether a log entry is a position edit.
pub fn is_edit(text: &str) -> bool {
    text.lines().next().is_some_and(|line| line.trim().eq_ignore_ascii_case(HEADER))
}

fn problem(line: u32, column: u32, message: String) -> DiagnosticRow {
    DiagnosticRow {
        severity: "error",
        code: "position-edit",
        message,
        file: None,
        line,
        column,
        help: Some("edits read `FRANCE: A BUR`, `REMOVE BUR` or `OWNER BUR FRANCE`".into()),
        path: String::new(),
        span: (0, 0),
        related: Vec::new(),
        fix: None,
        folded: false,
        caused: Vec::new(),
    }
}

fn power_named(map: &Map, word: &str) -> Option<PowerId> {
    map.power(&judgepad_core::map::names::norm_power(word))
}

/// `board` with the edits of `text` applied; each line that cannot be
/// applied is a problem at its line and column (the rest still apply).
pub fn apply(map: &Map, board: &Board, text: &str) -> (Board, Vec<DiagnosticRow>) {
    let mut board = board.clone();
    let mut problems = Vec::new();
    for (idx, raw) in text.lines().enumerate().skip(1) {
        let line = idx as u32 + 1;
        let column = (raw.len() - raw.trim_start().len()) as u32 + 1;
        let body = raw.trim();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = body.split_whitespace().collect();
        let province_of = |word: &str| {
            let abbr = word.split('/').next().unwrap_or(word);
            map.province(abbr)
        };
        match words.as_slice() {
            [verb, place] if verb.eq_ignore_ascii_case("REMOVE") => match province_of(place) {
                Some(province) => {
                    board.pieces.retain(|p| map.province_of(p.unit.location) != province)
                }
                None => {
                    problems.push(problem(line, column, format!("no place `{place}` on this map")))
                }
            },
            [verb, place, owner] if verb.eq_ignore_ascii_case("OWNER") => {
                let Some(province) = province_of(place) else {
                    problems.push(problem(line, column, format!("no place `{place}` on this map")));
                    continue;
                };
                if !map.prov(province).supply_center {
                    problems.push(problem(line, column, format!("{place} is not a supply centre")));
                    continue;
                }
                let who = if owner.eq_ignore_ascii_case("NONE") {
                    None
                } else {
                    match power_named(map, owner) {
                        Some(power) => Some(power),
                        None => {
                            problems.push(problem(
                                line,
                                column,
                                format!("no power `{owner}` on this map"),
                            ));
                            continue;
                        }
                    }
                };
                if let Some(slot) = board.owners.get_mut(province.0 as usize) {
                    *slot = who;
                }
            }
            _ => {
                let (power, rest) = match body.split_once(':') {
                    Some((name, rest)) => (power_named(map, name.trim()), rest.trim()),
                    None => (None, body),
                };
                let Some(power) = power else {
                    problems.push(problem(
                        line,
                        column,
                        format!("cannot read `{body}` as a position edit"),
                    ));
                    continue;
                };
                let mut parts = rest.split_whitespace();
                let (Some(kind), Some(place), None) = (parts.next(), parts.next(), parts.next())
                else {
                    problems.push(problem(
                        line,
                        column,
                        format!("say the unit: `{} A BUR`", map.pow(power).name),
                    ));
                    continue;
                };
                let kind = match kind.to_ascii_uppercase().as_str() {
                    "A" => UnitKind::Army,
                    "F" => UnitKind::Fleet,
                    _ => {
                        problems.push(problem(line, column, format!("`{kind}` is not A or F")));
                        continue;
                    }
                };
                let Some(location) = map.location(place) else {
                    problems.push(problem(line, column, format!("no place `{place}` on this map")));
                    continue;
                };
                let unit = Unit { kind, location };
                if !judgepad_core::adjudicate::can_stand(map, unit) {
                    problems.push(problem(
                        line,
                        column,
                        format!(
                            "{} cannot stand in {}",
                            if kind == UnitKind::Army { "an army" } else { "a fleet" },
                            map.loc(location).abbr
                        ),
                    ));
                    continue;
                }
                let province = map.province_of(location);
                board.pieces.retain(|p| map.province_of(p.unit.location) != province);
                board.pieces.push(Piece { power, unit });
            }
        }
    }
    (board, problems)
}

/// `log` with `line` added to the position edit at its end (a new edit
/// entry if the last entry is a played phase).
pub fn add_edit(log: &[String], line: &str) -> Vec<String> {
    let mut out = log.to_vec();
    match out.last_mut() {
        Some(last) if is_edit(last) => {
            if !last.ends_with('\n') {
                last.push('\n');
            }
            last.push_str(line);
            last.push('\n');
        }
        _ => out.push(format!("{HEADER}\n{line}\n")),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{game_of, load, variant_text};

    #[test]
    fn edits_place_remove_and_own() {
        let game = game_of(&load("standard.map", &variant_text("standard"))).expect("a game");
        let map = &game.map;
        let text = "# position\nFRANCE: A BUR\nREMOVE MUN\nOWNER BEL FRANCE\nENGLAND: F SPA/NC\nGERMANY: A NTH\nOWNER BUR FRANCE\nITALY A ROM\n";
        let (board, problems) = apply(map, &game.board, text);
        let units: Vec<String> = board.pieces.iter().map(|p| map.unit_text(p.unit)).collect();
        assert!(units.contains(&"A BUR".to_string()) && units.contains(&"F SPA/NC".to_string()));
        assert!(!units.contains(&"A MUN".to_string()));
        let bel = map.province("BEL").expect("BEL");
        assert_eq!(board.owners[bel.0 as usize], map.power("FRANCE"));
        let lines: Vec<(u32, &str)> =
            problems.iter().map(|p| (p.line, p.message.as_str())).collect();
        assert_eq!(
            lines,
            [
                (6, "an army cannot stand in NTH"),
                (7, "BUR is not a supply centre"),
                (8, "cannot read `ITALY A ROM` as a position edit")
            ]
        );
        // Edits gather in the last entry.
        let log = add_edit(&["A PAR - BUR".to_string()], "REMOVE MUN");
        let log = add_edit(&log, "OWNER BEL FRANCE");
        assert_eq!(log, ["A PAR - BUR", "# position\nREMOVE MUN\nOWNER BEL FRANCE\n"]);
    }
}
