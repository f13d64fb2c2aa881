//! The other formats (issue 15) on judgepad's own fixtures (`data/njudge/`,
//! `data/xconq/`, written from the format documents): `judgepad check`
//! output as snapshots (`data/formats-check.txt`; `UPDATE_SNAPSHOTS=1`
//! rewrites it), and the nJudge conversion as a snapshot
//! (`data/njudge/tiny.converted.map`) that must load with no error and play.
//! The real corpora (../shared) go through `.ci/corpus`.

use std::path::Path;

use judgepad_core::format::{Format, sniff};
use judgepad_core::{game, map};

fn data(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(path).to_string_lossy().into_owned()
}

fn snapshot(file: &str, text: &str) {
    let path = data(file);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, text).expect("write the snapshot");
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(text == want, "{file} changed (UPDATE_SNAPSHOTS=1 to accept):\n{text}");
}

/// Paths in the output relative to tests/data, so snapshots do not depend on the checkout.
fn relative(text: &str) -> String {
    text.replace(&data(""), "")
}

#[test]
fn check_reads_every_format_and_says_which() {
    let mut out = String::new();
    for (file, powers) in [
        ("njudge/map.tiny", None),
        ("njudge/map.tiny", Some("B=Bregia,C=Castria,1=Garthia")),
        ("njudge/seed.tiny", None),
        ("njudge/map.broken", None),
        ("xconq/tiny.scn", None),
        ("xconq/tiny.map", None),
        ("xconq/tiny.per", None),
        ("xconq/broken.map", None),
    ] {
        let (text, code) =
            judgepad_cli::check_report(&[data(file)], None, powers, false).expect("runs");
        out.push_str(&format!(
            "== check {file}{} → exit {code}\n",
            powers.map_or(String::new(), |p| format!(" --powers {p}"))
        ));
        out.push_str(&relative(&text));
    }
    snapshot("formats-check.txt", &out);
    // The clean fixtures are clean; the broken ones fail.
    for (file, code) in [
        ("njudge/map.tiny", 0),
        ("njudge/map.broken", 1),
        ("xconq/tiny.scn", 0),
        ("xconq/broken.map", 1),
    ] {
        let (_, got) = judgepad_cli::check_report(&[data(file)], None, None, false).unwrap();
        assert_eq!(got, code, "{file}");
    }
    // --format overrides the sniffing: the tiny map read as DPjudge is a mess.
    let (text, code) =
        judgepad_cli::check_report(&[data("njudge/map.tiny")], Some("dpjudge"), None, false)
            .unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains("note[dialect]"), "{text}");
    // JSON: one array, the format note first.
    let (json, _) =
        judgepad_cli::check_report(&[data("xconq/tiny.scn")], None, None, true).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value[0]["code"], "dialect");
}

#[test]
fn sniffing_names_each_fixture() {
    for (file, format) in [
        ("njudge/map.tiny", Format::NJudgeMap),
        ("njudge/seed.tiny", Format::NJudgeSeed),
        ("xconq/tiny.scn", Format::Xconq),
        ("xconq/tiny.per", Format::Xconq),
        ("xconq/broken.map", Format::Xconq),
    ] {
        let text = std::fs::read_to_string(data(file)).unwrap();
        let name = file.rsplit('/').next().unwrap();
        assert_eq!(sniff(name, &text), format, "{file}");
        // Content alone is enough (a renamed download).
        assert_eq!(sniff("upload.txt", &text), format, "{file} by content");
    }
    let standard = judgepad_core::bundled::source("standard.geography").unwrap();
    assert_eq!(sniff("standard.geography", &standard), Format::DpJudge);
}

#[test]
fn njudge_conversion_loads_and_plays() {
    let report = judgepad_cli::convert_report(
        &data("njudge/map.tiny"),
        None,
        Some("B=Bregia,C=Castria,1=Garthia"),
    )
    .expect("runs");
    assert_eq!(report.code, 0, "{}", report.diagnostics);
    snapshot("njudge/tiny.converted.map", &report.text);
    let (map, diags) = map::load("tiny.map", &report.text, &map::NoSources);
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // Powers from the table and --powers; the seed's units and ownership.
    let names: Vec<_> = map.powers.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["AUSTRIA", "BREGIA", "CASTRIA", "GARTHIA"]);
    let castra = map.power("CASTRIA").unwrap();
    let dun = map.province("DUN").unwrap();
    let (game, _) = game::Game::new(map);
    assert_eq!(game.board.pieces.len(), 4);
    // Castra starts owning Dunmore (the ownership record), not only its home.
    assert_eq!(game.board.owners[dun.0 as usize], Some(castra));
    // Case rules: Castra–Garth is fleets only (Titlecase), Castra–Fenwick armies only.
    assert!(report.text.contains("COAST CAS ABUTS STH Gar elm fen"), "{}", report.text);
    // Dunmore has two coasts; the province itself takes no fleet.
    assert!(report.text.contains("COAST dun ABUTS"), "{}", report.text);
    assert!(report.text.contains("COAST DUN/NC ABUTS NTH BRE"), "{}", report.text);
    // What DPjudge cannot say is kept as comments.
    for kept in [
        "# nJudge gateways",
        "#   gtk: elm alb bre",
        "# nJudge railways",
        "# nJudge HongKong",
        "SHUT GTK",
        "SHUT IRR",
    ] {
        assert!(report.text.contains(kept), "{kept}");
    }
    // The weak move became a strait on both sides.
    assert!(report.text.contains("hig~") && report.text.contains("alb~"), "{}", report.text);
}

#[test]
fn xconq_world_from_fixtures() {
    let text = std::fs::read_to_string(data("xconq/tiny.scn")).unwrap();
    let dir = data("xconq");
    let sources = move |name: &str| std::fs::read_to_string(Path::new(&dir).join(name)).ok();
    let (world, diags) = judgepad_core::xconq::load("tiny.scn", &text, &sources);
    assert!(diags.is_empty(), "{diags:#?}");
    let grid = world.grid.as_ref().expect("grid");
    assert_eq!((grid.width, grid.height), (8, 5));
    assert_eq!(grid.rows[1].iter().collect::<String>(), ".+++^...");
    assert_eq!(world.period.name.as_deref(), Some("Tiny Wars"));
    assert_eq!(world.period.terrain.len(), 3, "the notes' ttype is skipped");
    assert_eq!(world.sides.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Reds", "Blues"]);
    assert_eq!(world.units[0].name, "Red Town");
    let globals = world.globals.as_ref().unwrap();
    assert_eq!(
        globals.conditions[0].describe(&world.sides),
        "Any side wins holding hex 4,2, turns 0–50"
    );
    assert_eq!(world.files.len(), 3);
}

/// The `diplomacy` package's dialect: one fixture of ours per difference
/// from DPjudge (map language §6), read both ways.
#[test]
fn package_dialect_differences() {
    let mut out = String::new();
    for fixture in ["mini", "utf8", "missing", "oneway", "flow", "rename", "homes", "strait"] {
        let file = data(&format!("package/{fixture}.map"));
        let mut codes = Vec::new();
        for dialect in ["dpjudge", "package"] {
            let (text, code) =
                judgepad_cli::check_report(std::slice::from_ref(&file), Some(dialect), None, false)
                    .expect("runs");
            out.push_str(&format!("== {fixture} as {dialect} → exit {code}\n{}", relative(&text)));
            codes.push(code);
        }
        let want = match fixture {
            // Both read these the same, cleanly.
            "mini" | "utf8" => [0, 0],
            // DPjudge refuses a one-way abut the package allows.
            "oneway" => [1, 0],
            // DPjudge accepts (at most a warning); the package refuses.
            _ => [0, 1],
        };
        assert_eq!(codes, want, "{fixture}");
    }
    snapshot("formats-package.txt", &out);
    // Sniffed: the UTF-8 name beyond latin-1 and the comma list say "package".
    for fixture in ["utf8", "mini"] {
        let (text, _) = judgepad_cli::check_report(
            &[data(&format!("package/{fixture}.map"))],
            None,
            None,
            false,
        )
        .unwrap();
        assert!(
            text.contains("note[dialect]: read as a .map file in the diplomacy package's dialect"),
            "{fixture}: {text}"
        );
    }
}
