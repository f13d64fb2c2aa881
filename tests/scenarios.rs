//! Designers' scenarios (`scenarios/*.scenarios`) run as `judgepad test`
//! runs them: the bundled variants' own scenarios pass, and a scenario
//! with wrong expectations fails with the report held in
//! `data/scenario-failing.txt` (set `UPDATE_SNAPSHOTS=1` to rewrite it).

use std::path::Path;

/// The report for `file`, named relative to this crate (cargo runs tests
/// from it), as a user in `tests/` would type it.
fn report(variant: &str, file: &str, json: bool) -> (String, u8) {
    judgepad_cli::test_report(variant, &[format!("scenarios/{file}")], json).expect("runs")
}

#[test]
fn bundled_variants_pass_their_scenarios() {
    for (variant, count) in [("ancmed", 3), ("imperial", 1), ("hundred", 2)] {
        let (text, code) = report(variant, &format!("{variant}.scenarios"), false);
        assert_eq!(code, 0, "{variant}:\n{text}");
        assert_eq!(
            text.matches("\nok ").count() + usize::from(text.starts_with("ok ")),
            count,
            "{text}"
        );
        let (json, _) = report(variant, &format!("{variant}.scenarios"), true);
        let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(value["passed"], count);
        assert_eq!(value["failed"], 0);
    }
}

#[test]
fn a_failing_scenario_reports_each_difference_at_its_line() {
    let (text, code) = report("standard", "failing.scenarios", false);
    assert_eq!(code, 1);
    let snapshot = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/scenario-failing.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&snapshot, &text).expect("write the snapshot");
    }
    let want = std::fs::read_to_string(&snapshot).expect("the snapshot");
    assert_eq!(text, want, "the report changed (UPDATE_SNAPSHOTS=1 to accept)");
    let (json, _) = report("standard", "failing.scenarios", true);
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let case = &value["scenarios"][0];
    assert_eq!(case["ok"], false);
    assert_eq!(case["mismatches"][0]["line"], 8);
    assert_eq!(case["diagnostics"][0]["code"], "unknown-place");
}

#[test]
fn embedded_scenarios_run_from_the_map_itself() {
    let dir = std::env::temp_dir().join(format!("judgepad-scenarios-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let map = dir.join("mine.map");
    std::fs::write(
        &map,
        "USE standard.map\n# @scenario hold | a hold holds\n# phase S1901M\n# unit FRANCE A PAR\n# order FRANCE: A PAR H => succeeds\n# after FRANCE A PAR\n# @end\n# @scenario typo\n# phase S1901M\n# unit FRANCE A ZZZ\n# @end\n",
    )
    .expect("write");
    let path = map.to_string_lossy().into_owned();
    let (text, code) = judgepad_cli::test_report(&path, &[], false).expect("runs");
    assert_eq!(code, 1, "{text}");
    assert!(text.starts_with("ok     hold — a hold holds"), "{text}");
    assert!(
        text.contains("mine.map:10:3: error[scenario-unknown]: no place `ZZZ` on this map"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
