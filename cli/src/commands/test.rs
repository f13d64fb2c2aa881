//! `judgepad test FILE.map [SCENARIOS...] [--json]`: runs the variant's
//! scenarios (the `# @scenario … # @end` blocks of its files, and scenario
//! files given) and prints `ok`/`FAILED` per scenario with each difference
//! at its line; exit 1 on any failure, on a scenario problem, or when there
//! is no scenario to run.

use serde_json::{Value, json};

use judgepad_core::api::Locator;
use judgepad_core::map::{self, SourceFile};
use judgepad_core::scenario::{self, Form, Report};
use judgepad_core::text::{FileId, FileSpan};

use crate::out::outln;
use crate::sources::read_root;

/// One scenario source: its files (for positions) and what it holds.
struct Source {
    files: Vec<SourceFile>,
    display: String,
    /// (file index, scenarios, parse problems)
    parsed: Vec<(usize, Vec<scenario::Scenario>, Vec<judgepad_core::Diagnostic>)>,
}

pub(crate) fn run(file: &str, scenario_files: &[String], json_out: bool) -> Result<u8, String> {
    let (text, code) = report(file, scenario_files, json_out)?;
    outln!("{}", text.trim_end());
    Ok(code)
}

/// What `judgepad test` prints, and its exit code.
pub(crate) fn report(
    file: &str,
    scenario_files: &[String],
    json_out: bool,
) -> Result<(String, u8), String> {
    let mut printed = String::new();
    macro_rules! outln {
        ($($arg:tt)*) => {{
            printed.push_str(&format!($($arg)*));
            printed.push('\n');
        }};
    }
    let root = read_root(file)?;
    let (map, diags) = map::load(&root.name, &root.text, &*root.sources);
    let locator = Locator::new(&map.files, &root.display);
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    if !errors.is_empty() {
        for diag in &errors {
            outln!("{}", locator.text(diag));
        }
        printed.push_str(&format!(
            "{}: the map has errors; fix them to run its scenarios\n",
            root.display
        ));
        return Ok((printed, 1));
    }
    let mut sources = vec![Source {
        files: map.files.clone(),
        display: root.display.clone(),
        parsed: map
            .files
            .iter()
            .enumerate()
            .map(|(idx, f)| {
                let (list, problems) = scenario::parse(FileId(idx as u32), &f.text, Form::Embedded);
                (idx, list, problems)
            })
            .collect(),
    }];
    for path in scenario_files {
        let bytes = std::fs::read(path).map_err(|err| format!("cannot read `{path}`: {err}"))?;
        let text = judgepad_core::text::decode(&bytes).into_owned();
        let (list, problems) = scenario::parse(FileId(0), &text, Form::File);
        sources.push(Source {
            files: vec![SourceFile { name: path.clone(), text: text.into() }],
            display: path.clone(),
            parsed: vec![(0, list, problems)],
        });
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut out = Vec::new();
    let mut problems_json = Vec::new();
    for source in &sources {
        let locator = Locator::new(&source.files, &source.display);
        for (idx, list, problems) in &source.parsed {
            for diag in problems {
                failed += 1;
                if json_out {
                    problems_json.push(locator.json(diag));
                } else {
                    outln!("{}", locator.text(diag));
                }
            }
            let text = &source.files[*idx].text;
            for case in list {
                let report = scenario::run(&map, FileId(*idx as u32), text, case);
                let at = |span| locator.position(FileSpan { file: FileId(*idx as u32), span });
                if report.ok() {
                    passed += 1;
                } else {
                    failed += 1;
                }
                if json_out {
                    out.push(report_json(&report, &locator, *idx));
                } else {
                    let pos = at(report.at);
                    let title = if report.title.is_empty() {
                        String::new()
                    } else {
                        format!(" — {}", report.title)
                    };
                    let verdict = if report.ok() { "ok    " } else { "FAILED" };
                    outln!("{verdict} {}{title} ({}:{})", report.id, pos.file, pos.start.line);
                    for it in &report.mismatches {
                        let pos = at(it.at);
                        outln!(
                            "  {}:{}:{}: {}: expected {}, got {}",
                            pos.file,
                            pos.start.line,
                            pos.start.char_col,
                            it.subject,
                            it.expected,
                            it.actual
                        );
                    }
                    for diag in &report.diagnostics {
                        outln!("  {}", locator.text(diag).replace('\n', "\n  "));
                    }
                }
            }
        }
    }
    if json_out {
        outln!(
            "{}",
            json!({"scenarios": out, "problems": problems_json, "passed": passed, "failed": failed})
        );
    } else if passed + failed == 0 {
        outln!(
            "no scenarios: add `# @scenario ID | title` … `# @end` blocks to the map, or give a scenario file"
        );
    } else {
        outln!("{} scenario(s): {passed} ok, {failed} FAILED", passed + failed);
    }
    Ok((printed, u8::from(failed > 0 || passed + failed == 0)))
}

fn report_json(report: &Report, locator: &Locator<'_>, idx: usize) -> Value {
    let at = |span| locator.position(FileSpan { file: FileId(idx as u32), span });
    let pos = at(report.at);
    json!({
        "id": report.id,
        "title": report.title,
        "file": pos.file,
        "line": pos.start.line,
        "ok": report.ok(),
        "mismatches": report.mismatches.iter().map(|it| {
            let pos = at(it.at);
            json!({"subject": it.subject, "expected": it.expected, "actual": it.actual,
                   "file": pos.file, "line": pos.start.line, "column": pos.start.char_col})
        }).collect::<Vec<_>>(),
        "diagnostics": report.diagnostics.iter().map(|d| locator.json(d)).collect::<Vec<_>>(),
    })
}
