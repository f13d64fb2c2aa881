//! The DATC v3.0 chapter-6 cases (`datc/6.*.txt`), run through one harness.
//! The format is described in `datc/README.md`.

use std::collections::BTreeSet;
use std::fmt::Write;

use judgepad_core::bundled::{self, Bundled};
use judgepad_core::map::{self, Map};
use judgepad_core::scenario::{self, Form, Scenario};
use judgepad_core::text::FileId;

const SECTIONS: &[(&str, &str)] = &[
    ("6.A", include_str!("datc/6.A.txt")),
    ("6.B", include_str!("datc/6.B.txt")),
    ("6.C", include_str!("datc/6.C.txt")),
    ("6.D", include_str!("datc/6.D.txt")),
    ("6.E", include_str!("datc/6.E.txt")),
    ("6.F", include_str!("datc/6.F.txt")),
    ("6.G", include_str!("datc/6.G.txt")),
    ("6.H", include_str!("datc/6.H.txt")),
    ("6.I", include_str!("datc/6.I.txt")),
    ("6.J", include_str!("datc/6.J.txt")),
];

/// A case: a scenario in the core's format, run by the core's scenario
/// runner (`judgepad test` runs designers' scenarios the same way).
pub(crate) struct Case {
    pub(crate) id: String,
    scenario: Scenario,
    text: &'static str,
}

pub(crate) fn parse_cases(text: &'static str) -> Vec<Case> {
    let (scenarios, diags) = scenario::parse(FileId(0), text, Form::File);
    assert!(diags.is_empty(), "case file problems: {diags:?}");
    scenarios.into_iter().map(|scenario| Case { id: scenario.id.clone(), scenario, text }).collect()
}

pub(crate) fn run_case(case: &Case) -> Result<(), String> {
    if case.scenario.map_text.is_empty() {
        let (map, _) =
            map::load("standard.map", &bundled::source("standard.map").unwrap(), &Bundled);
        return run(&map, case);
    }
    let (map, diags) = map::load("variant.map", &case.scenario.map_text, &Bundled);
    if let Some(error) = diags.iter().find(|it| it.is_error()) {
        return Err(format!("  the case's map has an error: {} {}\n", error.code, error.message));
    }
    run(&map, case)
}

fn run(map: &Map, case: &Case) -> Result<(), String> {
    let mut problems = String::new();
    // Every case asserts its whole board.
    if !case.scenario.has_after {
        writeln!(problems, "  no expected board").unwrap();
    }
    let report = scenario::run(map, FileId(0), case.text, &case.scenario);
    for it in &report.mismatches {
        writeln!(problems, "  {}: expected {}, got {}", it.subject, it.expected, it.actual)
            .unwrap();
    }
    // An order the map cannot read is a typo in the case data or a reader
    // bug (orders of another phase are void, as the DATC means them).
    for diag in &report.diagnostics {
        writeln!(problems, "  {}: {}", diag.code, diag.message).unwrap();
    }
    if problems.is_empty() { Ok(()) } else { Err(problems) }
}

#[test]
fn datc() {
    let (map, diags) =
        map::load("standard.map", &bundled::source("standard.map").unwrap(), &Bundled);
    assert!(diags.is_empty());
    let mut failures = Vec::new();
    let mut ids = BTreeSet::new();
    let mut total = 0;
    for (section, text) in SECTIONS {
        // Every order's result is asserted: `=> -` (not asserted) is for
        // designers' scenarios, never for the DATC.
        for (no, line) in text.lines().enumerate() {
            assert!(
                !(line.starts_with("order ") && line.trim_end().ends_with("=> -")),
                "datc/{section}.txt:{}: every DATC order states its result",
                no + 1
            );
        }
        for case in parse_cases(text) {
            assert!(case.id.starts_with(section), "{} is filed under {section}", case.id);
            // 6.J.9's second scenario counts with the first.
            ids.insert(case.id.split('.').take(3).collect::<Vec<_>>().join("."));
            total += 1;
            if let Err(problems) = run(&map, &case) {
                failures.push(format!("{}:\n{problems}", case.id));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} DATC cases fail:\n{}",
        failures.len(),
        failures.join("")
    );
    assert_eq!(ids.len(), 164, "every DATC v3.0 chapter-6 case is encoded");
}
