//! Core → view models: the one boundary between `judgepad-core` and the DOM.
//!
//! Pure functions over plain data, tested natively: the map's analysis here,
//! play (orders, results, position) in `bridge/play.rs`. Spans become 1-based
//! lines and UTF-16 columns here (what the browser's text APIs count).

pub mod arrows;
pub mod balance;
pub mod drafts;
pub mod editor;
pub mod entry;
pub mod first_map;
pub mod foreign;
pub mod gesture;
pub mod history;
pub mod json;
pub mod order_checks;
pub mod pin_marks;
pub mod pins;
mod play;
pub mod playout;
pub mod position;
pub mod roving;
pub mod scenarios;
pub mod scene;
pub mod session;
pub mod share;
pub mod viewbox;
pub mod workspace;
pub mod wrap;

use std::sync::Arc;

use crate::library::Library;
use judgepad_core::map::{self, Map};
use judgepad_core::text::LineIndex;
use judgepad_core::{Diagnostic, Severity};

pub use order_checks::read_orders;
pub use play::{ResultRow, position_rows, position_rows_of, read_orders_at, result_rows};

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
    /// How the files were read (DPjudge, or the diplomacy package's dialect).
    pub dialect: &'static str,
}

/// One diagnostic as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// The file the primary span is in (the top-level file too).
    pub path: String,
    /// The primary span's bytes in that file.
    pub span: (usize, usize),
    /// Related places: file, bytes, what is there.
    pub related: Vec<(String, (usize, usize), String)>,
    /// A machine-applicable fix.
    pub fix: Option<FixRow>,
    /// Folded under a newcomer's mistake that set it off (the list shows
    /// it under that one, not on its own).
    pub folded: bool,
    /// The diagnostics this one set off: their places in the same list
    /// (written out, [`caused_line`], only for the rows shown: 73,000
    /// diagnostics' took 18 ms).
    pub caused: Vec<usize>,
}

/// A diagnostic set off by another, as the list writes it under that
/// one: `[Ln, Col] code: message`.
pub fn caused_line(row: &DiagnosticRow) -> String {
    format!("[Ln {}, Col {}] {}: {}", row.line, row.column, row.code, row.message)
}

/// `noun` after `count` as English has it: "1 error", "2 errors".
pub fn plural(count: usize, noun: &str) -> String {
    format!("{count} {}", noun_for(count, noun))
}

/// `noun`, in the plural unless `count` is one.
pub fn noun_for(count: usize, noun: &str) -> String {
    if count == 1 { noun.to_string() } else { format!("{noun}s") }
}

/// A fix the page can apply: its description and edits (file, bytes, new text).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FixRow {
    /// What applying it does.
    pub description: String,
    /// The edits, non-overlapping.
    pub edits: Vec<(String, (usize, usize), String)>,
}

/// Applies `fix` to the files of `workspace` (each file's edits from the
/// end, so earlier offsets stay valid).
pub fn apply_fix(workspace: &mut workspace::Workspace, fix: &FixRow) {
    let mut edits = fix.edits.clone();
    judgepad_core::sorting::sort_by(&mut edits, |a, b| (&a.0, b.1.0).cmp(&(&b.0, a.1.0)));
    for (path, (start, end), replacement) in edits {
        workspace.edit(&path, |text| {
            let (start, end) = (start.min(text.len()), end.min(text.len()));
            if !text.is_char_boundary(start) || !text.is_char_boundary(end) || start > end {
                return text.to_string();
            }
            format!("{}{replacement}{}", &text[..start], &text[end..])
        });
    }
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
    /// The map (shared with the game played on it).
    pub map: Arc<Map>,
    /// Its diagnostics (map language only; the calendar adds its own).
    pub diags: Vec<Diagnostic>,
    /// The dialect it was read in (sniffed from the top-level file).
    pub dialect: map::Dialect,
}

/// Loads `text` as the map file `name`, USE resolved from the bundled maps.
pub fn load(name: &str, text: &str) -> Loaded {
    let (map, diags) = map::load(name, text, &Library);
    Loaded { map: Arc::new(map), diags, dialect: map::Dialect::DpJudge }
}

/// A new game on a loaded map, or `None` while the map has errors.
pub fn game_of(loaded: &Loaded) -> Option<judgepad_core::game::Game> {
    if loaded.diags.iter().any(Diagnostic::is_error) || loaded.map.powers.is_empty() {
        return None;
    }
    Some(judgepad_core::game::Game::new(Arc::clone(&loaded.map)).0)
}

/// Loads and analyses `text` as the map file `name`.
pub fn analyze(name: &str, text: &str) -> Analysis {
    analysis_of(&load(name, text))
}

/// Counts, diagnostics (map and calendar) and the calendar preview of a loaded map.
pub fn analysis_of(loaded: &Loaded) -> Analysis {
    analysis_with(loaded, &[])
}

/// Loads' analysis with `drawing`'s diagnostics too (the layout's
/// `pin-conflict` warnings).
pub fn analysis_with(loaded: &Loaded, drawing: &[Diagnostic]) -> Analysis {
    let map = &loaded.map;
    let (cal, calendar_diags) = judgepad_core::calendar::calendar(map);
    // The load's diagnostics are sorted already: copied (and their copy
    // dropped) only when others join them (a 2 MB paste's 26,000 warnings
    // took 13 ms to drop).
    let merged;
    let diags: &[Diagnostic] = if drawing.is_empty() && calendar_diags.is_empty() {
        &loaded.diags
    } else {
        let mut all = loaded.diags.clone();
        all.extend_from_slice(drawing);
        all.extend(calendar_diags);
        judgepad_core::diagnostics::sort(&mut all);
        merged = all;
        &merged
    };
    let mut res = analysis(map, diags);
    res.summary.dialect = match loaded.dialect {
        map::Dialect::DpJudge => "DPjudge",
        map::Dialect::Package => "the diplomacy package's dialect",
    };
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
        dialect: "DPjudge",
    };
    let diagnostics = diagnostic_rows(&map.files, diags);
    Analysis {
        phases: Vec::new(),
        summary,
        errors: diags.iter().filter(|it| it.severity == Severity::Error).count(),
        warnings: diags.iter().filter(|it| it.severity == Severity::Warning).count(),
        diagnostics,
    }
}

/// Diagnostics as list rows over `files` (numbered as the reader numbered
/// them): line and UTF-16 column, the file (none for the top-level one),
/// related places and fixes. The map's diagnostics list and the panel of
/// files of other formats show the same rows.
pub fn diagnostic_rows(
    files: &[judgepad_core::map::SourceFile],
    diags: &[Diagnostic],
) -> Vec<DiagnosticRow> {
    let indexes: Vec<LineIndex> = files.iter().map(|file| LineIndex::new(&file.text)).collect();
    let rows = diags
        .iter()
        .map(|diag| {
            let at = diag.primary.at;
            let idx = at.file.0 as usize;
            let (line, column) = match (files.get(idx), indexes.get(idx)) {
                (Some(file), Some(index)) => {
                    let pos = index.line_col(&file.text, at.span.start);
                    (pos.line, pos.utf16_col)
                }
                _ => (1, 1),
            };
            let file = (idx != 0)
                .then(|| files.get(idx).map_or_else(String::new, |file| file.name.clone()));
            let name_of = |at: judgepad_core::text::FileSpan| {
                files.get(at.file.0 as usize).map_or_else(String::new, |file| file.name.clone())
            };
            let bytes =
                |at: judgepad_core::text::FileSpan| (at.span.start as usize, at.span.end as usize);
            let mut row = diagnostic_row(diag, file, line, column);
            row.path = name_of(at);
            row.span = bytes(at);
            row.related = diag
                .secondary
                .iter()
                .map(|label| (name_of(label.at), bytes(label.at), label.message.clone()))
                .collect();
            row.fix = diag.fix.as_ref().map(|fix| FixRow {
                description: fix.description.clone(),
                edits: fix
                    .edits
                    .iter()
                    .map(|edit| (name_of(edit.at), bytes(edit.at), edit.replacement.clone()))
                    .collect(),
            });
            row
        })
        .collect::<Vec<_>>();
    // A newcomer's mistake with the cascade it set off folded under it.
    let mut rows = rows;
    for (root, caused) in judgepad_core::diagnostics::grouped(diags) {
        for &i in &caused {
            rows[i].folded = true;
        }
        rows[root].caused = caused;
    }
    rows
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
        path: String::new(),
        span: (0, 0),
        related: Vec::new(),
        fix: None,
        folded: false,
        caused: Vec::new(),
    }
}

/// A one-line description of a variant for the picker: its size, what it
/// builds on, when it starts, and what is special about it.
pub fn describe(map: &Map) -> String {
    let mut parts = vec![format!(
        "{} powers, {} centres, {} provinces",
        map.powers.len(),
        map.supply_centers.len(),
        map.provinces.len()
    )];
    let (cal, _) = judgepad_core::calendar::calendar(map);
    if let Some(first) = cal.phases().next() {
        parts.push(format!("from {}", first.long_name()));
    }
    let root = map.files.first().map(|f| f.name.trim_end_matches(".map").to_string());
    let base: Vec<String> = map
        .files
        .iter()
        .skip(1)
        .filter(|f| f.name.ends_with(".map"))
        .map(|f| f.name.trim_end_matches(".map").to_string())
        .filter(|name| Some(name) != root.as_ref())
        .collect();
    if !base.is_empty() {
        parts.push(format!("on {}", base.join(", ")));
    }
    if !map.dynamic().is_empty() {
        parts.push("map changes during play".to_string());
    }
    if !map.rules.is_empty() {
        parts.push(format!("rules: {}", map.rules.join(" ").to_lowercase()));
    }
    parts.join(" · ")
}

/// The bundled variants offered in the picker, sorted.
pub fn variants() -> Vec<&'static str> {
    crate::library::variants().collect()
}

/// What each bundled variant is (`describe` of its map), worked out ahead
/// (`described.txt`, kept current by a test): the picker shows it at once
/// and the page never loads 44 maps to say it.
pub fn described(variant: &str) -> Option<&'static str> {
    include_str!("bridge/described.txt")
        .lines()
        .find_map(|line| line.strip_prefix(variant)?.strip_prefix('\t'))
}

/// The text of a bundled variant's root file.
pub fn variant_text(variant: &str) -> String {
    crate::library::source(&format!("{variant}.map")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `described.txt` is what `describe` says of each bundled variant
    /// (`JUDGEPAD_UPDATE=1 cargo test -p judgepad-web described` writes it).
    #[test]
    fn described_is_current() {
        let text: String = variants()
            .into_iter()
            .map(|name| {
                let loaded = load(&format!("{name}.map"), &variant_text(name));
                format!("{name}\t{}\n", describe(&loaded.map))
            })
            .collect();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/bridge/described.txt");
        if std::env::var_os("JUDGEPAD_UPDATE").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        assert_eq!(
            include_str!("bridge/described.txt"),
            text,
            "stale: run JUDGEPAD_UPDATE=1 cargo test -p judgepad-web described"
        );
        assert_eq!(described("standard"), text.lines().find_map(|l| l.strip_prefix("standard\t")));
    }

    #[test]
    fn plural_says_one_error_and_two_errors() {
        assert_eq!(plural(0, "error"), "0 errors");
        assert_eq!(plural(1, "error"), "1 error");
        assert_eq!(plural(2, "warning"), "2 warnings");
        assert_eq!(noun_for(1, "warning"), "warning");
    }

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
    fn variants_describe_themselves() {
        let standard = describe(&load("standard.map", &variant_text("standard")).map);
        assert_eq!(standard, "7 powers, 34 centres, 76 provinces · from Spring 1901 Movement");
        let loeb9 = describe(&load("loeb9.map", &variant_text("loeb9")).map);
        assert!(loeb9.contains("on standard") && loeb9.contains("map changes"), "{loeb9}");
        for name in variants() {
            let text = describe(&load(&format!("{name}.map"), &variant_text(name)).map);
            assert!(text.contains(" powers, "), "{name}: {text}");
        }
    }

    #[test]
    fn calendar_preview_marks_dynamic_blocks() {
        let res = analyze("loeb9.map", &variant_text("loeb9"));
        assert_eq!(res.phases[0].changes, ["IN SPRING"]);
        assert!(res.phases[2].changes.is_empty());
    }

    #[test]
    fn a_newcomers_mistake_lists_what_it_set_off() {
        let text = include_str!("../../tests/data/newcomer.map");
        let rows = analyze("island.map", text).diagnostics;
        let root = rows.iter().find(|r| !r.caused.is_empty()).expect("a mistake with a cascade");
        assert_eq!(root.code, "name-line-reversed");
        for &i in &root.caused {
            assert!(rows[i].folded, "{:?}", rows[i]);
            let line = caused_line(&rows[i]);
            assert!(line.starts_with(&format!("[Ln {}, Col {}] ", rows[i].line, rows[i].column)));
            assert!(line.ends_with(&rows[i].message), "{line}");
        }
    }

    #[test]
    fn a_fix_applies_to_the_right_file() {
        let mut ws = workspace::Workspace::bundled("standard");
        ws.edit("standard.geography", |t| t.replacen("MUN PAR PIC SWI", "MUN PAR SWI", 1));
        let res = analysis_of(&ws.load());
        let row =
            res.diagnostics.iter().find(|row| row.fix.is_some()).expect("a fixable diagnostic");
        assert_eq!(row.path, "standard.geography");
        apply_fix(&mut ws, row.fix.as_ref().unwrap());
        let after = analysis_of(&ws.load());
        assert!(after.diagnostics.len() < res.diagnostics.len(), "{:?}", after.diagnostics);
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
#[cfg(test)]
mod timing {
    #[test]
    #[ignore]
    fn time_the_check() {
        for variant in ["standard", "imperial"] {
            let ws = super::workspace::Workspace::bundled(variant);
            let t = std::time::Instant::now();
            for _ in 0..20 {
                let loaded = ws.load();
                let a = super::analysis_of(&loaded);
                let g = super::game_of(&loaded);
                std::hint::black_box((a, g));
            }
            let total = t.elapsed().as_secs_f64() * 1000.0 / 20.0;
            let t = std::time::Instant::now();
            for _ in 0..20 {
                std::hint::black_box(ws.load());
            }
            let load = t.elapsed().as_secs_f64() * 1000.0 / 20.0;
            let loaded = ws.load();
            let t = std::time::Instant::now();
            for _ in 0..20 {
                std::hint::black_box(super::analysis_of(&loaded));
            }
            let analysis = t.elapsed().as_secs_f64() * 1000.0 / 20.0;
            let t = std::time::Instant::now();
            for _ in 0..20 {
                std::hint::black_box(super::game_of(&loaded));
            }
            let game = t.elapsed().as_secs_f64() * 1000.0 / 20.0;
            let t = std::time::Instant::now();
            for _ in 0..20 {
                std::hint::black_box(judgepad_core::layout::ProvinceGraph::of(&loaded.map));
            }
            let graph = t.elapsed().as_secs_f64() * 1000.0 / 20.0;
            eprintln!(
                "{variant}: all {total:.2} load {load:.2} analysis {analysis:.2} game {game:.2} graph {graph:.2} ms"
            );
        }
    }
}
