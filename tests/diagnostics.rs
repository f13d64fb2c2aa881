//! Map fixtures (`data/diagnostics/*.map`) against their expected diagnostics
//! and, for `model-*` fixtures, a summary of the resolved model
//! (`*.expected`). `UPDATE_EXPECT=1 cargo test` rewrites the expectations;
//! review the diff before committing it.
//!
//! Every fixture also checks the invariants: spans in bounds and on
//! character boundaries, and the same output when loaded twice.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use judgepad_core::calendar;
use judgepad_core::map::{self, Map, Sources};
use judgepad_core::text::LineIndex;
use judgepad_core::{Diagnostic, bundled};

struct FixtureSources(PathBuf);

impl Sources for FixtureSources {
    fn source(&self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.0.join(name)).ok().or_else(|| bundled::source(name))
    }
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/diagnostics")
}

/// Loads and checks a map; all diagnostics (map and calendar).
pub(crate) fn load(name: &str, text: &str) -> (Map, Vec<Diagnostic>) {
    let (map, mut diags) = map::load(name, text, &FixtureSources(dir()));
    let (_, cal_diags) = calendar::calendar(&map);
    diags.extend(cal_diags);
    judgepad_core::diagnostics::sort(&mut diags);
    (map, diags)
}

pub(crate) fn render(map: &Map, diags: &[Diagnostic]) -> String {
    let indexes: Vec<LineIndex> = map.files.iter().map(|file| LineIndex::new(&file.text)).collect();
    let place = |at: judgepad_core::text::FileSpan| {
        let idx = at.file.0 as usize;
        let (text, index) = (&map.files[idx].text, &indexes[idx]);
        let start = index.line_col(text, at.span.start);
        let end = index.line_col(text, at.span.end);
        let prefix = if idx == 0 { String::new() } else { format!("{}:", map.files[idx].name) };
        format!(
            "{prefix}{}:{}-{}:{} `{}`",
            start.line,
            start.char_col,
            end.line,
            end.char_col,
            at.span.text(text)
        )
    };
    let mut res = String::new();
    for diag in diags {
        writeln!(
            res,
            "{} {}[{}] {}",
            place(diag.primary.at),
            diag.severity,
            diag.code,
            diag.message
        )
        .unwrap();
        for label in &diag.secondary {
            writeln!(res, "    note {} {}", place(label.at), label.message).unwrap();
        }
        if let Some(help) = &diag.help {
            writeln!(res, "    help: {help}").unwrap();
        }
        if let Some(fix) = &diag.fix {
            for edit in &fix.edits {
                writeln!(
                    res,
                    "    fix {} -> {:?} ({})",
                    place(edit.at),
                    edit.replacement,
                    fix.description
                )
                .unwrap();
            }
        }
    }
    res
}

pub(crate) fn model(map: &Map) -> String {
    let prov = |ids: &[map::ProvinceId]| {
        ids.iter().map(|&id| map.prov(id).abbr.clone()).collect::<Vec<_>>().join(",")
    };
    let mut res = String::from("# model\n");
    for power in &map.powers {
        write!(
            res,
            "{} {} own={} display={}",
            power.name, power.abbrev, power.own_word, power.display
        )
        .unwrap();
        write!(res, " homes={} centers={}", prov(&power.homes), prov(&power.centers)).unwrap();
        let units: Vec<String> = power.units.iter().map(|&unit| map.unit_text(unit)).collect();
        write!(res, " units={}", units.join(",")).unwrap();
        for (label, ids) in [
            ("factories", &power.factories),
            ("partisans", &power.partisans),
            ("hidden", &power.hidden),
        ] {
            if !ids.is_empty() {
                write!(res, " {label}={}", prov(ids)).unwrap();
            }
        }
        if !power.alternatives.is_empty() {
            let alts: Vec<String> = power
                .alternatives
                .iter()
                .map(|(site, limits)| format!("{}({})", map.prov(*site).abbr, prov(limits)))
                .collect();
            write!(res, " alternatives={}", alts.join(",")).unwrap();
        }
        if power.claims > 0 {
            write!(res, " claims={}", power.claims).unwrap();
        }
        if !power.center_claims.is_empty() {
            write!(res, " center_claims={}", power.center_claims.join(",")).unwrap();
        }
        if power.reserves > 0 || power.militia > 0 {
            write!(res, " reserves={} militia={}", power.reserves, power.militia).unwrap();
        }
        if power.dummy {
            write!(res, " dummy").unwrap();
        }
        if !power.controllers.is_empty() {
            write!(res, " controllers={}", power.controllers.join(",")).unwrap();
        }
        if let Some(league) = &power.league {
            write!(
                res,
                " league={} strict={} benign={:?}",
                league.name, league.strict, league.benign
            )
            .unwrap();
        }
        res.push('\n');
    }
    writeln!(
        res,
        "locations={} supply_centers={} unowned={}",
        map.locations.len(),
        map.supply_centers.len(),
        prov(&map.unowned)
    )
    .unwrap();
    writeln!(
        res,
        "rules={} text_only={} root_map={}",
        map.rules.join(","),
        map.text_only,
        map.root_map
    )
    .unwrap();
    for stanza in map.stanzas() {
        let lines: Vec<&str> = stanza.lines.iter().map(|tok| tok.text.as_str()).collect();
        writeln!(res, "stanza {}: {}", stanza.variant, lines.join(" | ")).unwrap();
    }
    for block in map.dynamic() {
        let lines: Vec<&str> = block
            .lines
            .iter()
            .map(|(file, line)| line.span.text(&map.files[file.0 as usize].text))
            .collect();
        writeln!(res, "dynamic {:?} {}: {}", block.keyword, block.key, lines.join(" | ")).unwrap();
    }
    for loc in &map.locations {
        for abut in loc.abuts.iter().filter(|abut| !abut.rules.is_empty()) {
            writeln!(res, "abut {} -> {} {:?}", loc.abbr, abut.written, abut.rules).unwrap();
        }
    }
    res
}

fn check_invariants(name: &str, map: &Map, diags: &[Diagnostic]) {
    for diag in diags {
        for at in std::iter::once(diag.primary.at).chain(diag.secondary.iter().map(|it| it.at)) {
            let file = &map.files[at.file.0 as usize];
            assert!(
                at.span.start <= at.span.end && at.span.end as usize <= file.text.len(),
                "{name}: span out of bounds"
            );
            assert!(
                file.text.is_char_boundary(at.span.start as usize)
                    && file.text.is_char_boundary(at.span.end as usize),
                "{name}: span splits a character"
            );
        }
        assert!(
            !diag.message.ends_with('.'),
            "{name}: message ends with a period: {}",
            diag.message
        );
    }
}

/// The fixture maps, sorted by name.
fn fixture_maps() -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|it| it.unwrap().path())
        .filter(|it| it.extension().is_some_and(|ext| ext == "map"))
        .collect();
    entries.sort();
    entries
}

#[test]
fn fixtures() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let entries = fixture_maps();
    assert!(entries.len() > 40, "fixtures missing");
    let mut failures = Vec::new();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (map, diags) = load(&name, &text);
        check_invariants(&name, &map, &diags);
        let again = load(&name, &text);
        assert!(again.1 == diags && again.0 == map, "{name}: not deterministic");
        let mut got = render(&map, &diags);
        if name.starts_with("model-") {
            got.push_str(&model(&map));
        } else {
            assert!(!diags.is_empty(), "{name}: a diagnostics fixture must produce diagnostics");
        }
        let expected_path = path.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if want != got {
            failures.push(format!("{name}:\n--- want\n{want}--- got\n{got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} fixtures differ (UPDATE_EXPECT=1 to rewrite):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every machine-applicable fix in the fixtures does what it says: applied
/// to the text, the diagnostic it belongs to goes away (one fewer of its
/// code) and no error appears that was not there.
#[test]
fn fixes_remove_their_diagnostic() {
    let mut applied = 0;
    let mut failures = Vec::new();
    for path in fixture_maps() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, diags) = load(&name, &text);
        let count =
            |diags: &[Diagnostic], code: &str| diags.iter().filter(|it| it.code == code).count();
        let errors = |diags: &[Diagnostic]| -> Vec<String> {
            diags
                .iter()
                .filter(|it| it.is_error())
                .map(|it| format!("{} {}", it.code, it.message))
                .collect()
        };
        for diag in &diags {
            let Some(fix) = &diag.fix else { continue };
            // Fixes in USEd files (bundled) are not the fixture's to edit.
            if fix.edits.iter().any(|edit| edit.at.file.0 != 0) {
                continue;
            }
            let mut edits = fix.edits.clone();
            edits.sort_by_key(|edit| std::cmp::Reverse(edit.at.span.start));
            let mut fixed = text.clone();
            for edit in &edits {
                fixed.replace_range(
                    edit.at.span.start as usize..edit.at.span.end as usize,
                    &edit.replacement,
                );
            }
            let (_, after) = load(&name, &fixed);
            applied += 1;
            // Moving a comment keeps it: nothing the user wrote is lost.
            let written = diag.primary.at.span.text(&text).trim_end();
            if diag.code == "trailing-comment" && !fixed.contains(&format!("{written}\n")) {
                failures
                    .push(format!("{name}: `{}` lost the comment `{written}`", fix.description));
            }
            if count(&after, diag.code) >= count(&diags, diag.code) {
                failures.push(format!(
                    "{name}: `{}` did not remove {} {}",
                    fix.description, diag.code, diag.message
                ));
            }
            let before_errors = errors(&diags);
            for error in errors(&after) {
                if !before_errors.contains(&error) && !error.starts_with(diag.code) {
                    failures.push(format!(
                        "{name}: `{}` brought a new error: {error}",
                        fix.description
                    ));
                }
            }
        }
    }
    assert!(applied >= 3, "only {applied} fixes in the fixtures");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A newcomer's first map (`tests/data/newcomer.map`: every name line
/// written `LAND NOR = North Point`, every ABUTS line without its terrain):
/// one first diagnostic per mistaken line naming the intended syntax, the
/// cascade folded under it (57 diagnostics, 9 shown), and the fixes
/// together give a map with no error.
#[test]
fn a_newcomers_first_mistakes_are_named_and_their_cascades_folded() {
    use judgepad_core::diagnostics::grouped;
    let text = include_str!("data/newcomer.map");
    let (_, diags) = map::load("newcomer.map", text, &map::NoSources);
    let groups = grouped(&diags);
    let roots: Vec<(&str, u32)> = groups
        .iter()
        .map(|(i, _)| (diags[*i].code, diags[*i].primary.at.span.start))
        .filter(|(code, _)| code.starts_with("name-line") || code.starts_with("terrain-word"))
        .collect();
    assert_eq!(roots.len(), 8, "{roots:?}");
    // A cascade points back at the mistake's line, never at its own (the
    // bad homes on a terrain line without its terrain name its power).
    let power_line = "FRANCE (FRENCH) PAR\nGERMANY (GERMAN) BER\nNOR ABUTS HIL FAL\n";
    for text in [text, power_line] {
        let (_, diags) = map::load("newcomer.map", text, &map::NoSources);
        let line_of = |at: u32| text[..at as usize].matches('\n').count();
        for diag in &diags {
            for label in &diag.secondary {
                if label.message.ends_with("because of this line") {
                    let (here, there) = (diag.primary.at.span.start, label.at.span.start);
                    assert_ne!(line_of(there), line_of(here), "{}", diag.message);
                }
            }
        }
    }
    assert!(groups.len() <= 10, "{} shown of {}", groups.len(), diags.len());
    assert!(diags.len() > 40);
    let first = &diags[groups[0].0];
    assert_eq!(first.code, "name-line-reversed");
    assert!(
        first.message.starts_with("a name line is written `North Point = NOR`"),
        "{}",
        first.message
    );
    let abuts = diags.iter().find(|d| d.code == "terrain-word-missing").unwrap();
    assert_eq!(
        abuts.message,
        "a terrain line starts with LAND, WATER, COAST or PORT: `LAND NOR ABUTS HIL FAL SEA`"
    );
    // Every fix applied (from the end): the map loads with no error.
    let mut edits: Vec<(usize, usize, String)> = groups
        .iter()
        .filter_map(|(i, _)| diags[*i].fix.as_ref())
        .flat_map(|fix| fix.edits.iter())
        .map(|e| (e.at.span.start as usize, e.at.span.end as usize, e.replacement.clone()))
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut fixed = text.to_string();
    for (start, end, with) in edits {
        fixed.replace_range(start..end, &with);
    }
    let (_, after) = map::load("newcomer.map", &fixed, &map::NoSources);
    let errors: Vec<String> = after
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(errors.is_empty(), "{fixed}\n{errors:#?}");
}

/// The bundled files, one of them edited.
struct Edited<'a>(&'a str, &'a str);

impl Sources for Edited<'_> {
    fn source(&self, name: &str) -> Option<String> {
        if name == self.0 { Some(self.1.to_string()) } else { bundled::source(name) }
    }
}

/// A load that reuses the last load's parses (the page's keystrokes) is
/// the load from scratch, on every bundled variant: unchanged, with one
/// of its `USE`d files edited (a name line added, then commented out) and
/// with its top-level file edited. It fails if a parse is reused for a
/// file whose text changed.
#[test]
fn reusing_parses_loads_the_same_map() {
    let mut used = 0;
    for variant in bundled::variants() {
        let root = format!("{variant}.map");
        let text = bundled::source(&root).unwrap();
        let mut parses = map::Parses::default();
        let fresh = map::load(&root, &text, &bundled::Bundled);
        assert_eq!(map::load_reusing(&root, &text, &bundled::Bundled, &mut parses), fresh);
        assert_eq!(map::load_reusing(&root, &text, &bundled::Bundled, &mut parses), fresh);
        let Some(other) = fresh.0.files.iter().skip(1).map(|f| f.name.clone()).next() else {
            continue;
        };
        used += 1;
        let original = bundled::source(&other).unwrap();
        for edited in [
            format!("{original}\nNowhere Land = nwl\n"),
            format!("{original}\n# Nowhere Land = nwl\n"),
        ] {
            let sources = Edited(&other, &edited);
            let fresh = map::load(&root, &text, &sources);
            assert_eq!(
                map::load_reusing(&root, &text, &sources, &mut parses),
                fresh,
                "{variant}, {other} edited"
            );
        }
        let root_edited = format!("{text}\nNowhere Land = nwl\n");
        let fresh = map::load(&root, &root_edited, &bundled::Bundled);
        assert_eq!(
            map::load_reusing(&root, &root_edited, &bundled::Bundled, &mut parses),
            fresh,
            "{variant}, top-level file edited"
        );
    }
    assert!(used > 20, "only {used} variants read more than one file");
}
