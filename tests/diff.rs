//! `judgepad diff`: what changed in play between versions of a variant,
//! as snapshots (`data/diff-OLD-NEW.txt`; `UPDATE_SNAPSHOTS=1` rewrites
//! them): standard against `shiftleft` (powers moved), `fleetrome` (one
//! unit), `standard_dutch` (every name translated: no change in play), and
//! `1897` against `1898`.

use std::path::Path;

#[test]
fn variant_diffs_match_their_snapshots() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut changed = Vec::new();
    for (old, new, code) in [
        ("standard", "shiftleft", 1),
        ("standard", "fleetrome", 1),
        ("standard", "standard_dutch", 0),
        ("1897", "1898", 1),
        ("standard", "standard", 0),
    ] {
        let (text, got) = judgepad_cli::diff_report(old, new, false).expect("runs");
        assert_eq!(got, code, "{old} → {new}:\n{text}");
        let file = data.join(format!("diff-{old}-{new}.txt"));
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&file, &text).expect("write the snapshot");
        }
        let want = std::fs::read_to_string(&file).unwrap_or_default();
        if text != want {
            changed.push(format!("{}", file.display()));
        }
    }
    assert!(changed.is_empty(), "diffs changed (UPDATE_SNAPSHOTS=1 to accept): {changed:?}");
    // The translation is names only; fleetrome is the one unit.
    let dutch = std::fs::read_to_string(data.join("diff-standard-standard_dutch.txt")).unwrap();
    assert!(dutch.ends_with("no change in play\n") && dutch.contains("BLA (Black Sea) is now ZWA"));
    let rome = std::fs::read_to_string(data.join("diff-standard-fleetrome.txt")).unwrap();
    assert!(
        rome.contains("units: ITALY: A ROM removed") && rome.contains("units: ITALY: F ROM added")
    );
    let (json, _) = judgepad_cli::diff_report("1897", "1898", true).expect("runs");
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["play_changes"], 3);
    assert_eq!(value["changes"][2]["section"], "calendar");
}
