//! Core → view models: the one boundary between `judgepad-core` and the DOM.
//!
//! Pure functions over plain data, tested natively. Spans become 1-based
//! lines and UTF-16 columns here (what the browser's text APIs count).

use judgepad_core::bundled::Bundled;
use judgepad_core::map::{self, Map};
use judgepad_core::text::LineIndex;
use judgepad_core::{Diagnostic, Severity};

/// What the summary panel shows about a map.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Summary {
    /// Locations, counting coasts and impassable spaces (DPjudge's count).
    pub locations: usize,
    /// Provinces.
    pub provinces: usize,
    /// Coasts of multi-coast provinces.
    pub coasts: usize,
    /// Powers.
    pub powers: usize,
    /// Supply centres.
    pub supply_centers: usize,
    /// Files read (the root and what it USEs).
    pub files: Vec<String>,
}

/// One diagnostic as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagnosticRow {
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// Stable code.
    pub code: &'static str,
    /// Message.
    pub message: String,
    /// File name (the editor's own file is `None`).
    pub file: Option<String>,
    /// 1-based line.
    pub line: u32,
    /// 1-based UTF-16 column.
    pub column: u32,
    /// Help text, if any.
    pub help: Option<String>,
}

/// One phase of the calendar preview.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseRow {
    /// `S1901M`.
    pub abbr: String,
    /// `Spring 1901 Movement`.
    pub name: String,
    /// The IN/FROM blocks in force, as `IN SPRING`, if any.
    pub changes: Vec<String>,
}

/// Everything derived from the editor text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Analysis {
    /// The first phases of the calendar, from BEGIN.
    pub phases: Vec<PhaseRow>,
    /// Counts.
    pub summary: Summary,
    /// Diagnostics in file order.
    pub diagnostics: Vec<DiagnosticRow>,
    /// Errors among them.
    pub errors: usize,
    /// Warnings among them.
    pub warnings: usize,
}

/// How many phases the calendar preview lists.
pub const PREVIEW_PHASES: usize = 12;

/// A loaded map and its map-language diagnostics: what the page derives
/// everything else from (counts, diagnostics, calendar, the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The map.
    pub map: Map,
    /// Its diagnostics (map language only; the calendar adds its own).
    pub diags: Vec<Diagnostic>,
}

/// Loads `text` as the map file `name`, USE resolved from the bundled maps.
pub fn load(name: &str, text: &str) -> Loaded {
    let (map, diags) = map::load(name, text, &Bundled);
    Loaded { map, diags }
}

/// A new game on a loaded map, or `None` while the map has errors.
pub fn game_of(loaded: &Loaded) -> Option<judgepad_core::game::Game> {
    if loaded.diags.iter().any(Diagnostic::is_error) || loaded.map.powers.is_empty() {
        return None;
    }
    Some(judgepad_core::game::Game::new(loaded.map.clone()).0)
}

/// Loads and analyses `text` as the map file `name`.
pub fn analyze(name: &str, text: &str) -> Analysis {
    analysis_of(&load(name, text))
}

/// Counts, diagnostics (map and calendar) and the calendar preview of a loaded map.
pub fn analysis_of(loaded: &Loaded) -> Analysis {
    let map = &loaded.map;
    let mut diags = loaded.diags.clone();
    let (cal, calendar_diags) = judgepad_core::calendar::calendar(map);
    diags.extend(calendar_diags);
    judgepad_core::diagnostics::sort(&mut diags);
    let mut res = analysis(map, &diags);
    res.phases = cal
        .phases()
        .take(PREVIEW_PHASES)
        .map(|phase| PhaseRow {
            abbr: phase.abbr(),
            name: phase.long_name(),
            changes: cal
                .blocks_at(map, &phase)
                .into_iter()
                .map(|idx| {
                    let block = &map.dynamic()[idx];
                    format!("{} {}", block.keyword.as_str(), block.key)
                })
                .collect(),
        })
        .collect();
    res
}

/// The view model of a loaded map.
pub fn analysis(map: &Map, diags: &[Diagnostic]) -> Analysis {
    let summary = Summary {
        locations: map.locations.len(),
        provinces: map.provinces.len(),
        coasts: map.locations.iter().filter(|loc| loc.coast.is_some()).count(),
        powers: map.powers.len(),
        supply_centers: map.supply_centers.len(),
        files: map.files.iter().map(|file| file.name.clone()).collect(),
    };
    let indexes: Vec<LineIndex> = map.files.iter().map(|file| LineIndex::new(&file.text)).collect();
    let diagnostics: Vec<DiagnosticRow> = diags
        .iter()
        .map(|diag| {
            let at = diag.primary.at;
            let idx = at.file.0 as usize;
            let (line, column) = match (map.files.get(idx), indexes.get(idx)) {
                (Some(file), Some(index)) => {
                    let pos = index.line_col(&file.text, at.span.start);
                    (pos.line, pos.utf16_col)
                }
                _ => (1, 1),
            };
            let file = (idx != 0)
                .then(|| map.files.get(idx).map_or_else(String::new, |file| file.name.clone()));
            diagnostic_row(diag, file, line, column)
        })
        .collect();
    Analysis {
        phases: Vec::new(),
        summary,
        errors: diags.iter().filter(|it| it.severity == Severity::Error).count(),
        warnings: diags.iter().filter(|it| it.severity == Severity::Warning).count(),
        diagnostics,
    }
}

/// A diagnostic as a list row, at 1-based `line` and UTF-16 `column`.
fn diagnostic_row(
    diag: &Diagnostic,
    file: Option<String>,
    line: u32,
    column: u32,
) -> DiagnosticRow {
    DiagnosticRow {
        severity: diag.severity.as_str(),
        code: diag.code,
        message: diag.message.clone(),
        file,
        line,
        column,
        help: diag.help.clone(),
    }
}

/// The bundled variants offered in the picker, sorted.
pub fn variants() -> Vec<&'static str> {
    judgepad_core::bundled::variants().collect()
}

/// The text of a bundled variant's root file.
pub fn variant_text(variant: &str) -> String {
    judgepad_core::bundled::source(&format!("{variant}.map")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_counts() {
        let res = analyze("standard.map", &variant_text("standard"));
        assert_eq!(
            (
                res.summary.locations,
                res.summary.powers,
                res.summary.supply_centers,
                res.summary.coasts
            ),
            (82, 7, 34, 6)
        );
        assert_eq!(res.errors, 0);
        assert_eq!(res.summary.files.len(), 4);
        assert_eq!(res.phases[0].abbr, "S1901M");
        assert_eq!(res.phases[4].name, "Winter 1901 Adjustments");
    }

    #[test]
    fn calendar_preview_marks_dynamic_blocks() {
        let res = analyze("loeb9.map", &variant_text("loeb9"));
        assert_eq!(res.phases[0].changes, ["IN SPRING"]);
        assert!(res.phases[2].changes.is_empty());
    }

    #[test]
    fn diagnostics_use_utf16_columns() {
        let text = "USE standard\n# ÞIVEREU\nÞ LAND XYZ ABUTS QQQ\n";
        let res = analyze("mine.map", text);
        let row = res
            .diagnostics
            .iter()
            .find(|row| row.code == "unknown-directive" || row.line == 3)
            .unwrap();
        assert_eq!(row.line, 3);
        assert_eq!(row.file, None);
        let typo = analyze("mine.map", "USE standard\nÞ = ÞÞx\nLAMD PAR\n");
        let row = typo.diagnostics.iter().find(|row| row.code == "unknown-directive").unwrap();
        assert_eq!((row.line, row.column), (3, 1));
    }
}

/// One line of the orders panel's results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// The unit (`A PAR`), or the power for waives.
    pub unit: String,
    /// The order carried out, normal form.
    pub order: String,
    /// `succeeds`, `fails` or `void`.
    pub result: &'static str,
    /// Why.
    pub reason: String,
}

/// Reads the orders panel: `POWER: order` lines, or a power's name on a line
/// of its own followed by its orders. Problems come back as rows.
pub fn read_orders(
    game: &judgepad_core::game::Game,
    text: &str,
) -> (Vec<judgepad_core::orders::Order>, Vec<DiagnosticRow>) {
    use judgepad_core::orders::{OrderPhase, parse_order};
    use judgepad_core::text::{FileId, Span};
    let map = &game.map;
    let phase = game.order_phase().unwrap_or(OrderPhase::Movement);
    let index = LineIndex::new(text);
    let mut orders = Vec::new();
    let mut diags = Vec::new();
    let mut current = None;
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
        let (power, order_start) = match trimmed.split_once(':') {
            Some((name, _)) if map.power(&map::names::norm_power(name)).is_some() => {
                (map.power(&map::names::norm_power(name)), start + lead + name.len() as u32 + 1)
            }
            _ => match map.power(&map::names::norm_power(trimmed)) {
                Some(power) => {
                    current = Some(power);
                    continue;
                }
                None => (current, start + lead),
            },
        };
        let span = Span::new(order_start, start + body.trim_end().len() as u32);
        let Some(power) = power else {
            let pos = index.line_col(text, start + lead);
            diags.push(DiagnosticRow {
                severity: "error",
                code: "order-syntax",
                message: "say whose order this is: `FRANCE: A PAR - BUR`, or a line `FRANCE` above"
                    .into(),
                file: None,
                line: pos.line,
                column: pos.utf16_col,
                help: None,
            });
            continue;
        };
        let mut found = Vec::new();
        if let Some(order) = parse_order(map, power, phase, FileId(1), text, span, &mut found) {
            orders.push(order);
        }
        for diag in found {
            let pos = index.line_col(text, diag.primary.at.span.start);
            diags.push(diagnostic_row(&diag, None, pos.line, pos.utf16_col));
        }
    }
    (orders, diags)
}

/// The result rows of a played phase.
pub fn result_rows(turn: &judgepad_core::game::Turn) -> Vec<ResultRow> {
    use judgepad_core::game::Report;
    let map = &turn.map;
    match &turn.report {
        Report::Movement(res) => res
            .resolutions
            .iter()
            .map(|it| unit_row(map, it.piece.unit, &it.command, it.outcome, &it.reason))
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
    let map = &game.map;
    map.powers
        .iter()
        .enumerate()
        .map(|(idx, power)| {
            let id = judgepad_core::map::PowerId(idx as u32);
            let units: Vec<String> =
                game.board.units_of(id).map(|piece| map.unit_text(piece.unit)).collect();
            (power.display.clone(), units)
        })
        .collect()
}

#[cfg(test)]
mod game_tests {
    use super::*;

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
}
