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

/// The bundled variant `name` loaded, and its drawing.
fn drawn(name: &str) -> (map::Map, layout::Layout) {
    let file = format!("{name}.map");
    let text = bundled::source(&file).expect("bundled");
    let (m, _) = map::load(&file, &text, &Bundled);
    let drawing = layout::layout(&m, &[]);
    (m, drawing)
}

#[test]
fn every_bundled_variant_exports_and_reads_back() {
    let mut failures = Vec::new();
    let mut count = 0;
    let mut refused = Vec::new();
    for name in bundled::variants() {
        let file = &format!("{name}.map");
        let (original, drawing) = drawn(name);
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
        let (m, drawing) = drawn(name);
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
    let (m, drawing) = drawn("standard");
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

/// diplicity (issue 30, part 3): every bundled variant's DVAR keeps the
/// rules diplicity's loader checks (`service/variant/utils.py`
/// `validate_dvar`, `validate_dsvg`; its schema `variant.schema.yaml`):
/// ids, references, two-way adjacencies with one `pass`, unambiguous
/// transitions; the DSVG's layers in order, three of them hidden, a shape
/// and a position marker of radius 10 for every province and named coast.
/// The phase progression replays judgepad's own calendar.
#[test]
fn diplicity_exports_keep_its_rules_and_replay_the_calendar() {
    use judgepad_core::export::diplicity;
    use serde_json::Value;
    use std::collections::{BTreeMap, BTreeSet};
    let mut failures = Vec::new();
    let slug = |s: &str| {
        !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    };
    for name in bundled::variants() {
        let (m, drawing) = drawn(name);
        let (out, lost) = diplicity::diplicity(&m, &drawing);
        let mut fail = |what: String| failures.push(format!("{name}: {what}"));
        for d in &lost {
            let source = &m.files[d.primary.at.file.0 as usize].text;
            if d.code != "export-lost" || d.primary.at.span.end as usize > source.len() {
                fail(format!("warning {} {}", d.code, d.message));
            }
        }
        let dvar: Value = serde_json::from_str(&out.dvar).expect("JSON");
        for key in [
            "schemaVersion",
            "id",
            "name",
            "description",
            "author",
            "victoryConditions",
            "phaseProgression",
            "nations",
            "provinces",
            "namedCoasts",
            "initialState",
        ] {
            if dvar.get(key).is_none() {
                fail(format!("no {key}"));
            }
        }
        if !slug(dvar["id"].as_str().unwrap_or("")) {
            fail(format!("id {}", dvar["id"]));
        }
        let nations: BTreeSet<&str> =
            dvar["nations"].as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap()).collect();
        for n in dvar["nations"].as_array().unwrap() {
            let colour = n["color"].as_str().unwrap_or("");
            if !slug(n["id"].as_str().unwrap()) || colour.len() != 7 || !colour.starts_with('#') {
                fail(format!("nation {n}"));
            }
        }
        let ids = |key: &str| -> BTreeSet<&str> {
            dvar[key].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect()
        };
        let (provinces, coasts) = (ids("provinces"), ids("namedCoasts"));
        let mut edges: BTreeMap<(String, String), String> = BTreeMap::new();
        for place in dvar["provinces"]
            .as_array()
            .unwrap()
            .iter()
            .chain(dvar["namedCoasts"].as_array().unwrap())
        {
            let id = place["id"].as_str().unwrap();
            for a in place["adjacencies"].as_array().unwrap() {
                edges.insert(
                    (id.to_string(), a["to"].as_str().unwrap().to_string()),
                    a["pass"].as_str().unwrap().to_string(),
                );
            }
            if let Some(home) = place.get("homeNation")
                && !nations.contains(home.as_str().unwrap())
            {
                fail(format!("{id}: home {home}"));
            }
            if let Some(parent) = place.get("parentProvince")
                && !provinces.contains(parent.as_str().unwrap())
            {
                fail(format!("{id}: parent {parent}"));
            }
        }
        for ((a, b), pass) in &edges {
            match edges.get(&(b.clone(), a.clone())) {
                Some(back) if back == pass => {}
                other => fail(format!("{a} → {b} {pass}, back {other:?}")),
            }
            if !provinces.contains(b.as_str()) && !coasts.contains(b.as_str()) {
                fail(format!("{a} → unknown {b}"));
            }
        }
        let state = &dvar["initialState"];
        for unit in state["units"].as_array().unwrap() {
            let at = unit["location"].as_str().unwrap();
            if !nations.contains(unit["nation"].as_str().unwrap())
                || !provinces.contains(at) && !coasts.contains(at)
            {
                fail(format!("unit {unit}"));
            }
        }
        for sc in state["supplyCenters"].as_array().unwrap() {
            if !nations.contains(sc["nation"].as_str().unwrap())
                || !provinces.contains(sc["province"].as_str().unwrap())
            {
                fail(format!("centre {sc}"));
            }
        }
        // Transitions: one unconditional per (season, type); replaying them
        // from the first phase gives the calendar's phases.
        let transitions = dvar["phaseProgression"]["transitions"].as_array().unwrap();
        let mut plain = BTreeSet::new();
        for t in transitions.iter().filter(|t| t.get("condition").is_none()) {
            if !plain.insert((t["from"]["season"].to_string(), t["from"]["type"].to_string())) {
                fail(format!("two transitions from {}", t["from"]));
            }
        }
        let next = |(season, year, kind): (String, i64, String)| -> Option<(String, i64, String)> {
            let from = |t: &&Value| {
                t["from"]["season"] == season.as_str() && t["from"]["type"] == kind.as_str()
            };
            let pick = transitions
                .iter()
                .filter(from)
                .find(|t| {
                    t.get("condition").is_some_and(|c| {
                        year % c["yearMod"].as_i64().unwrap() == c["yearModValue"].as_i64().unwrap()
                    })
                })
                .or_else(|| {
                    transitions.iter().filter(from).find(|t| t.get("condition").is_none())
                })?;
            let to = &pick["to"];
            Some((
                to["season"].as_str()?.to_string(),
                year + to["yearDelta"].as_i64()?,
                to["type"].as_str()?.to_string(),
            ))
        };
        let backwards = lost.iter().any(|d| d.message.contains("only run forward"));
        if !backwards {
            let (cal, _) = judgepad_core::calendar::calendar(&m);
            let kind = |k: &str| match k {
                "MOVEMENT" => Some("Movement"),
                "RETREATS" => Some("Retreat"),
                "ADJUSTMENTS" => Some("Adjustment"),
                _ => None,
            };
            let ours: Vec<(String, i64, String)> = cal
                .phases()
                .take(300)
                .filter_map(|p| {
                    Some((
                        p.season.to_uppercase(),
                        p.year,
                        kind(&p.kind.to_uppercase())?.to_string(),
                    ))
                })
                .take(60)
                .collect();
            let b = &state["phase"];
            let mut at = (
                b["season"].as_str().unwrap().to_uppercase(),
                b["year"].as_i64().unwrap(),
                b["type"].as_str().unwrap().to_string(),
            );
            for (i, want) in ours.iter().enumerate() {
                if at != *want {
                    fail(format!("phase {i}: DVAR {at:?}, calendar {want:?}"));
                    break;
                }
                match next((
                    if i == 0 {
                        b["season"].as_str().unwrap().to_string()
                    } else {
                        season_of(transitions, &at.0)
                    },
                    at.1,
                    at.2.clone(),
                )) {
                    Some((s, y, k)) => at = (s.to_uppercase(), y, k),
                    None => {
                        fail(format!("no transition after {at:?}"));
                        break;
                    }
                }
            }
        }
        // The DSVG.
        let svg = &out.dsvg;
        let layers = [
            "background",
            "provinces",
            "named-coasts",
            "unit-positions",
            "province-names",
            "borders",
            "foreground",
        ];
        let at: Vec<Option<usize>> =
            layers.iter().map(|l| svg.find(&format!("<g id=\"{l}\""))).collect();
        if at.iter().any(Option::is_none) || at.windows(2).any(|w| w[0] > w[1]) {
            fail(format!("layers {at:?}"));
        }
        for hidden in ["provinces", "named-coasts", "unit-positions"] {
            if !svg.contains(&format!("<g id=\"{hidden}\" display=\"none\">")) {
                fail(format!("{hidden} not hidden"));
            }
        }
        if svg.matches("<g id=").count() != layers.len() {
            fail("a layer more".to_string());
        }
        for id in provinces.iter().chain(&coasts) {
            if !svg.contains(&format!("<circle id=\"{id}\" ")) {
                fail(format!("no position for {id}"));
            }
        }
        for id in &provinces {
            if !svg.contains(&format!("<path id=\"{id}\" ")) {
                fail(format!("no shape for {id}"));
            }
        }
        for id in &coasts {
            if !svg.contains(&format!("<path id=\"{id}\" ")) {
                fail(format!("no named-coast shape for {id}"));
            }
        }
        if svg.contains("<circle id=")
            && svg.matches(" r=\"10\"/>").count() < provinces.len() + coasts.len()
        {
            fail("a position marker not of radius 10".to_string());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The season as the DVAR spells it (`SPRING` → `Spring`).
fn season_of(transitions: &[serde_json::Value], upper: &str) -> String {
    transitions
        .iter()
        .flat_map(|t| [t["from"]["season"].as_str(), t["to"]["season"].as_str()])
        .flatten()
        .find(|s| s.to_uppercase() == upper)
        .unwrap_or(upper)
        .to_string()
}
