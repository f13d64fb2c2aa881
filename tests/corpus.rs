//! Every bundled variant against DPjudge's own figures (`data/corpus-counts.txt`).

use judgepad_core::bundled::{self, Bundled};
use judgepad_core::map::{self, Map};
use judgepad_core::{Diagnostic, Severity};

fn load(name: &str) -> (Map, Vec<Diagnostic>) {
    let file = format!("{name}.map");
    let text = bundled::source(&file).expect("bundled");
    map::load(&file, &text, &Bundled)
}

#[test]
fn counts_match_dpjudge() {
    let table = include_str!("data/corpus-counts.txt");
    let mut seen = 0;
    let mut failures = Vec::new();
    for line in table.lines().filter(|it| !it.starts_with('#') && !it.trim().is_empty()) {
        let mut parts = line.splitn(3, '|');
        let cols: Vec<&str> = parts.next().unwrap().split_whitespace().collect();
        let name = cols[0];
        let dpjudge = [cols[1], cols[2], cols[3]].map(|it| it.parse::<usize>().unwrap());
        // A documented deviation replaces DPjudge's figures and must give a reason.
        let want = match (parts.next(), parts.next()) {
            (Some(ours), Some(reason)) => {
                assert!(reason.trim().len() > 20, "{name}: a deviation needs its reason");
                let ours: Vec<usize> =
                    ours.split_whitespace().map(|it| it.parse().unwrap()).collect();
                assert_ne!(ours, dpjudge, "{name}: a deviation must differ");
                [ours[0], ours[1], ours[2]]
            }
            _ => dpjudge,
        };
        let (map, _) = load(name);
        let got = [map.powers.len(), map.locations.len(), map.supply_centers.len()];
        if got != want {
            failures.push(format!("{name}: got {got:?}, want {want:?}"));
        }
        seen += 1;
    }
    assert_eq!(seen, bundled::variants().count(), "every bundled variant is in the table");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_has_no_errors() {
    let mut failures = Vec::new();
    for name in bundled::variants() {
        let (_, diags) = load(name);
        for diag in diags.iter().filter(|it| it.severity == Severity::Error) {
            failures.push(format!("{name}: {} {}", diag.code, diag.message));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lexing_is_lossless_on_every_file() {
    for (name, bytes) in bundled::FILES {
        let text = judgepad_core::text::decode(bytes);
        let tokens = judgepad_core::syntax::lex(&text);
        let mut at = 0;
        for token in &tokens {
            assert_eq!(token.span.start, at, "{name}: gap or overlap at byte {at}");
            assert!(token.span.end > token.span.start, "{name}: empty token");
            at = token.span.end;
        }
        assert_eq!(at as usize, text.len(), "{name}: tokens stop early");
    }
}

#[test]
fn corpus_warnings_are_explained() {
    let allowed: Vec<(&str, &str)> = include_str!("data/corpus-warnings.txt")
        .lines()
        .filter(|it| !it.starts_with('#') && !it.trim().is_empty())
        .map(|line| {
            let mut cols = line.splitn(3, ' ');
            (cols.next().unwrap(), cols.next().unwrap())
        })
        .collect();
    let mut unexplained = Vec::new();
    let mut used = vec![false; allowed.len()];
    for name in bundled::variants() {
        let (_, diags) = load(name);
        for diag in diags.iter().filter(|it| it.severity == Severity::Warning) {
            if diag.message.contains("DPjudge") {
                continue;
            }
            match allowed.iter().position(|(variant, code)| *variant == name && *code == diag.code)
            {
                Some(idx) => used[idx] = true,
                None => unexplained.push(format!("{name}: {} {}", diag.code, diag.message)),
            }
        }
    }
    assert!(unexplained.is_empty(), "unexplained corpus warnings:\n{}", unexplained.join("\n"));
    assert!(
        used.iter().all(|it| *it),
        "an entry of corpus-warnings.txt no longer matches anything"
    );
}

#[test]
fn standard_adjacency_matches_the_board() {
    use judgepad_core::map::{LocationId, UnitKind};
    let (map, _) = load("standard");
    let mut failures = Vec::new();
    let mut seen = 0;
    for line in
        include_str!("data/standard-adjacency.txt").lines().filter(|it| !it.starts_with('#'))
    {
        let (loc, rest) = line.split_once(' ').unwrap();
        let (army, fleet) = rest.split_once("F:").unwrap();
        let army = army.trim().trim_start_matches("A:");
        let parse = |list: &str| -> Vec<String> {
            let mut res: Vec<String> =
                list.split_whitespace().filter(|it| *it != "-").map(String::from).collect();
            res.sort();
            res
        };
        let id = map.location(loc).unwrap_or_else(|| panic!("no location {loc}"));
        for (kind, want) in [(UnitKind::Army, parse(army)), (UnitKind::Fleet, parse(fleet))] {
            let mut got: Vec<String> = if map.valid_unit(kind, id) {
                map.moves(kind, id)
                    .into_iter()
                    .map(|to: LocationId| map.loc(to).abbr.clone())
                    .collect()
            } else {
                Vec::new()
            };
            got.sort();
            if got != want {
                failures.push(format!("{kind} {loc}: got {got:?}, board {want:?}"));
            }
        }
        seen += 1;
    }
    assert_eq!(seen, map.locations.len(), "every location of the standard map is listed");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The bundled table is binary-searched: it must be sorted, and it must hold
/// every file of `maps/` (a map added to the folder but not to the table
/// would load on the CLI from disk and fail in the page).
#[test]
fn bundled_table_is_sorted_and_complete() {
    let names: Vec<&str> = judgepad_core::bundled::FILES.iter().map(|(name, _)| *name).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(names, sorted, "bundled::FILES must be sorted, without duplicates");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../maps");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|it| it.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "README.md")
        .collect();
    on_disk.sort_unstable();
    assert_eq!(names, on_disk, "bundled::FILES must list every file of maps/");
    // The page's list (names only; it fetches the text) is the same one.
    assert_eq!(judgepad_core::bundled_names::NAMES, names);
    for name in &names {
        assert!(judgepad_core::bundled::source(name).is_some(), "{name} is found by search");
    }
}

/// The province adjacency graph the map drawing starts from (army or fleet,
/// any coast, impassable provinces left out), against the corpus facts in
/// `../shared/docs/map-drawing.md`.
/// `ProvinceGraph::same` (the page's test for a new drawing) never says
/// "the same" of two maps whose graphs differ: ancmed and pure with each
/// of their lines left out in turn, commented or given a neighbour far
/// away; and it does say so when only comments, names or spacing change.
#[test]
fn the_same_graph_is_seen_in_place() {
    use judgepad_core::layout::ProvinceGraph;
    for name in ["ancmed", "pure"] {
        let file = format!("{name}.map");
        let text = bundled::source(&file).unwrap();
        let (whole, _) = map::load(&file, &text, &Bundled);
        let graph = ProvinceGraph::of(&whole);
        let lines: Vec<&str> = text.lines().collect();
        let (mut same, mut differ) = (0, 0);
        for idx in 0..lines.len() {
            // Its last word written over by the second of a line far off
            // (an ABUTS list gets a neighbour far away, a name line another
            // alias, …).
            let words: Vec<&str> = lines[idx].split_whitespace().collect();
            let far: Vec<&str> =
                lines[(idx + lines.len() / 2) % lines.len()].split_whitespace().collect();
            let moved = match (words.len(), far.get(1)) {
                (0 | 1, _) | (_, None) => lines[idx].to_string(),
                (n, Some(other)) => format!("{} {other}", words[..n - 1].join(" ")),
            };
            let edits =
                [String::new(), format!("# {}", lines[idx]), format!("  {}  ", lines[idx]), moved];
            for edit in edits {
                let mut edited = lines.clone();
                edited[idx] = &edit;
                let (map, _) = map::load(&file, &edited.join("\n"), &Bundled);
                if ProvinceGraph::same(&whole, &map) {
                    assert!(ProvinceGraph::of(&map) == graph, "{name}: line {} edited", idx + 1);
                    same += 1;
                } else {
                    differ += 1;
                }
            }
        }
        // Most edits (spacing, names, comments, powers) leave the graph.
        assert!(same > 2 * differ, "{name}: {same} the same, {differ} not");
    }
}

#[test]
fn province_graph_sizes() {
    use judgepad_core::layout::ProvinceGraph;
    use judgepad_core::map;
    for (name, provinces, edges) in
        [("standard", 75, 206), ("imperial", 346, 1005), ("youngstown", 180, 500), ("pure", 7, 21)]
    {
        let file = format!("{name}.map");
        let (map, _) = map::load(
            &file,
            &judgepad_core::bundled::source(&file).unwrap(),
            &judgepad_core::bundled::Bundled,
        );
        let graph = ProvinceGraph::of(&map);
        assert_eq!((graph.provinces.len(), graph.edges.len()), (provinces, edges), "{name}");
        assert!(graph.edges.windows(2).all(|it| it[0] < it[1]), "{name}: sorted, once each");
        assert!(graph.edges.iter().all(|(a, b)| a < b), "{name}: (low, high) pairs");
    }
    // Pure: seven provinces, every pair adjacent (K7, not planar).
    let (map, _) = judgepad_core::map::load(
        "pure.map",
        &judgepad_core::bundled::source("pure.map").unwrap(),
        &judgepad_core::bundled::Bundled,
    );
    let graph = ProvinceGraph::of(&map);
    assert!(graph.provinces.iter().all(|&it| graph.neighbours(it).count() == 6));
}

/// A big map's load goes in small steps (the page runs a few in a task),
/// its parse, places and adjacencies each in runs, and ends in the map
/// loaded in one go.
#[test]
fn a_big_map_is_loaded_in_small_steps() {
    // 10,000 provinces in a ring (20,002 lines): more lines, places and
    // locations than one step takes.
    let n = 10_000;
    let text = judgepad_cli::synthetic::ring(n);
    let whole = map::load("ring.map", &text, &Bundled);
    let mut loading =
        map::Loading::new("ring.map", &text, &Bundled, map::Dialect::DpJudge, Default::default());
    let mut steps: Vec<(&str, usize)> = Vec::new();
    while {
        match steps.last_mut() {
            Some((kind, count)) if *kind == loading.next_step() => *count += 1,
            _ => steps.push((loading.next_step(), 1)),
        }
        loading.step(5_000)
    } {}
    assert_eq!(loading.next_step(), "done");
    let (map, diags, _) = loading.finish();
    assert_eq!(
        steps,
        [
            // Made ready, then 5,000 lines a step.
            ("parse", 6),
            ("lines", 5),
            // One check a step (validate's STEPS).
            ("checks", 8),
            // 2 × 10,000 (provinces, then locations), 4,096 a step.
            ("places", 5),
            ("names", 1),
            // 10,000 locations, 2,048 a step.
            ("adjacencies", 5),
            ("assembly", 1),
            ("built checks", 4),
            ("sort", 1),
        ]
    );
    assert!(map == whole.0, "another map");
    assert_eq!(diags, whole.1);
    assert_eq!(map.locations.iter().map(|loc| loc.abuts.len()).sum::<usize>(), 2 * n);
}

/// A load in steps (the page's main thread spreads a big map's over
/// tasks) is the load, bit for bit: every bundled variant, in both
/// dialects, a line at a time and a few at a time, with and without the
/// last load's parses. A line's state carried wrong from one step to the
/// next (the power being described, the stanza or IN/FROM block open)
/// shows here.
#[test]
fn loading_in_steps_is_the_load() {
    for name in bundled::variants() {
        let file = format!("{name}.map");
        let text = bundled::source(&file).expect("bundled");
        for dialect in [map::Dialect::DpJudge, map::Dialect::Package] {
            let mut parses = map::Parses::default();
            let whole = map::load_as_reusing(&file, &text, &Bundled, dialect, &mut parses);
            for lines in [1, 7] {
                for reuse in [map::Parses::default(), parses.clone()] {
                    let mut loading = map::Loading::new(&file, &text, &Bundled, dialect, reuse);
                    let mut steps = 0;
                    while loading.step(lines) {
                        steps += 1;
                    }
                    let (map, diags, _) = loading.finish();
                    // The parse, the lines (a used file is read whole in
                    // the step of its USE line), the build and the checks.
                    // A line a step: about a step a written line (1900,
                    // the fewest, 243 of 293, as a line continued or in
                    // a stanza is no line of its own).
                    let written = text.lines().filter(|it| !it.trim().is_empty()).count();
                    let least = if lines == 1 { (written * 3 / 4).max(2) } else { 2 };
                    assert!(steps >= least, "{name}: {steps} steps for {written} lines");
                    assert!(map == whole.0, "{name} ({dialect:?}, {lines} a step): another map");
                    assert_eq!(diags, whole.1, "{name} ({dialect:?}, {lines} a step)");
                }
            }
        }
    }
}
