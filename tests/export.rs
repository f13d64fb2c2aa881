//! Exports to the Python `diplomacy` package (issue 30), checked here on
//! our side (the package's own loader and renderer check them in
//! `tests/export/check_package.py`, run by `.ci/test`): every bundled
//! variant exports; the exported `.map` reads back without an error both as
//! DPjudge and as the package reads it, with the same provinces,
//! adjacencies, powers, centres and units (`diff`: no change in play but
//! the calendar, and that only where a warning said so); every warning is
//! at a real line; the SVG has what the package's renderer reads.

use judgepad_core::bundled::{self, Bundled};
use judgepad_core::diagnostics::Severity;
use judgepad_core::export::package;
use judgepad_core::map::{self, Dialect, NoSources};
use judgepad_core::{diff, layout};

#[test]
fn every_bundled_variant_exports_and_reads_back() {
    let mut failures = Vec::new();
    let mut count = 0;
    let mut refused = Vec::new();
    for name in bundled::variants() {
        let file = &format!("{name}.map");
        let text = bundled::source(file).expect("bundled");
        let (original, _) = map::load(file, &text, &Bundled);
        let drawing = layout::layout(&original, &[]);
        let (out, lost) = package::package(&original, &drawing);
        count += 1;
        if lost.iter().any(|d| {
            d.message.contains("package refuses a power name")
                || d.message.contains("as an order word")
        }) {
            refused.push(name.to_string());
        }
        assert_eq!(&format!("{}.map", out.name), file);
        for d in &lost {
            assert_eq!(d.code, "export-lost", "{file}: {}", d.message);
            let source = &original.files[d.primary.at.file.0 as usize].text;
            assert!(d.primary.at.span.end as usize <= source.len(), "{file}: {}", d.message);
            if d.message.starts_with("the package would refuse") {
                failures.push(format!("{file}: {}", d.message));
            }
        }
        for dialect in [Dialect::DpJudge, Dialect::Package] {
            let (_, read) = map::load_as(file, &out.map, &NoSources, dialect);
            for d in read.iter().filter(|d| d.severity == Severity::Error) {
                failures.push(format!("{file} read back ({}): {}", dialect.as_str(), d.message));
            }
        }
        let (exported, _) = map::load(file, &out.map, &NoSources);
        let calendar_lost =
            lost.iter().any(|d| d.message.contains("FLOW") || d.message.contains("BEGIN"));
        for change in diff::diff(&original, &exported).iter().filter(|c| c.play) {
            if !(change.section == "calendar" && calendar_lost) {
                failures.push(format!("{file}: {} {}", change.section, change.text));
            }
        }
        // What the renderer reads: one unit point per location, one shape
        // per province, the layers it writes into.
        let svg = &out.svg;
        let points = svg.matches("<jdipNS:PROVINCE name=").count();
        if points != original.locations.len() {
            failures.push(format!(
                "{file}: {points} unit points, {} locations",
                original.locations.len()
            ));
        }
        for province in &original.provinces {
            let id = format!("<path id=\"_{}\"", province.abbr.to_lowercase());
            if svg.matches(&id).count() != 1 {
                failures.push(format!("{file}: no single shape {id}"));
            }
        }
        for layer in [
            "MapLayer",
            "SupplyCenterLayer",
            "OrderLayer",
            "Layer1",
            "Layer2",
            "UnitLayer",
            "DislodgedUnitLayer",
        ] {
            if !svg.contains(&format!("<g id=\"{layer}\"")) {
                failures.push(format!("{file}: no {layer}"));
            }
        }
        for power in &original.powers {
            let colour = format!("<jdipNS:POWERCOLOR power=\"{}\"", power.name.to_lowercase());
            if !svg.contains(&colour) {
                failures.push(format!("{file}: no colour for {}", power.name));
            }
        }
    }
    assert_eq!(count, 44);
    // The variants whose export the package refuses are exactly those
    // `check_package.py` expects it to refuse.
    let listed: Vec<String> =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/export/inexpressible.txt"))
            .expect("the list")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.split(':').next().unwrap_or("").trim().to_string())
            .collect();
    assert_eq!(refused, listed);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What the package cannot express is named at its line, never dropped:
/// FLOW, BEGIN, IN/FROM, abut restrictions, partisans, leagues, rules.
#[test]
fn what_the_package_cannot_express_is_a_warning_at_its_line() {
    let lost = |name: &str| {
        let file = format!("{name}.map");
        let text = bundled::source(&file).unwrap();
        let (m, _) = map::load(&file, &text, &Bundled);
        let drawing = layout::layout(&m, &[]);
        let (_, lost) = package::package(&m, &drawing);
        let locator = judgepad_core::api::Locator::new(&m.files, &file);
        lost.iter()
            .map(|d| locator.text(d).lines().next().unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    assert!(lost("standard").is_empty());
    assert!(lost("youngstown").is_empty());
    let has = |list: &[String], text: &str| list.iter().any(|l| l.contains(text));
    let classical = lost("classical");
    assert!(
        has(
            &classical,
            "classical.map:15:7: warning[export-lost]: the package plays spring, fall and winter only"
        ),
        "{classical:?}"
    );
    assert!(has(&classical, "BEGIN B.C. 273 MOVEMENT"));
    let loeb9 = lost("loeb9");
    assert!(
        has(&loeb9, "loeb9.map:17:1: warning[export-lost]: the package has no IN/FROM"),
        "{loeb9:?}"
    );
    assert!(has(&loeb9, "`naf~` from COR is an ordinary abut"));
    assert!(has(&loeb9, "RULE HIBERNATE"));
    let v1900 = lost("1900");
    assert!(has(&v1900, "no partisans"), "{v1900:?}");
    let ambition = lost("ambition");
    assert!(has(&ambition, "no leagues"));
    assert!(has(&ambition, "refuses the abbreviation `M`"));
}

/// The zip the page downloads for standard, written for the browser test
/// (which checks the page gives the same bytes); deterministic here.
#[test]
fn the_archive_is_the_same_bytes_every_time() {
    let text = bundled::source("standard.map").unwrap();
    let (m, _) = map::load("standard.map", &text, &Bundled);
    let drawing = layout::layout(&m, &[]);
    let (files, lost) = package::package(&m, &drawing);
    assert!(lost.is_empty());
    let zip = files.archive(&[]);
    assert_eq!(zip, package::package(&m, &layout::layout(&m, &[])).0.archive(&[]));
    assert!(files.readme(&[]).contains("Game(map_name='standard.map')"));
    let text = String::from_utf8_lossy(&zip);
    for name in ["standard/standard.map", "standard/standard.svg", "standard/README.txt"] {
        assert_eq!(text.matches(name).count(), 2, "{name}: a local header and a directory entry");
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/browser");
    std::fs::create_dir_all(&dir).expect("target/browser");
    std::fs::write(dir.join("export-standard-diplomacy.zip"), zip).expect("write");
}
