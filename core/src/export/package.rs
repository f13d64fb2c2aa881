//! The Python `diplomacy` package (PyPI `diplomacy`, its `engine/map.py`
//! and `engine/renderer.py`): a variant as one self-contained `.map` file
//! in the package's dialect (USEs, DROPs and renames resolved; docs: map
//! language §6) and an SVG in the package's map-art format, drawn from
//! judgepad's layout (see `package_svg`).
//!
//! What the package cannot express is a warning ([`codes::EXPORT_LOST`])
//! at the line that says it: a FLOW other than spring, fall and winter,
//! IN/FROM blocks, abut restrictions, build sites other than home centres
//! (factories, partisans, claims, alternatives), reserves and militia,
//! leagues and controllers, rules judgepad applies and the package does
//! not, abbreviations the package would read by their first three letters.
//! The written file, read back as the package reads it, must load without
//! an error; if it does not, that is a warning too.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use crate::diagnostics::{Diagnostic, Severity, codes};
use crate::layout::Layout;
use crate::map::{Map, PowerId};
use crate::rules::Rule;

/// The files of an export to the package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Package {
    /// The variant's name: the files are `NAME.map` and `NAME.svg`.
    pub name: String,
    /// The `.map` text, in the package's dialect.
    pub map: String,
    /// The SVG the package's `Renderer` draws on.
    pub svg: String,
}

/// The package's files for `map` drawn as `layout`, and a warning for each
/// thing the package cannot express.
pub fn package(map: &Map, layout: &Layout) -> (Package, Vec<Diagnostic>) {
    let mut lost = Vec::new();
    let text = map_text(map, &mut lost);
    let svg = super::package_svg::svg(map, layout);
    let name = file_name(&map.name);
    // Read back as the package reads it: an error there is one more thing
    // the export could not carry.
    let file = format!("{name}.map");
    let (_, read) =
        crate::map::load_as(&file, &text, &crate::map::NoSources, crate::map::Dialect::Package);
    let root = super::root_span();
    for d in read.iter().filter(|d| d.severity == Severity::Error).take(5) {
        lost.push(Diagnostic::new(
            codes::EXPORT_LOST,
            root,
            format!("the package would refuse the exported file: {}", d.message),
        ));
    }
    crate::diagnostics::sort(&mut lost);
    (Package { name, map: text, svg }, lost)
}

impl Package {
    /// How to load the files, and what the export left out (`warnings`,
    /// one line each, as `file:line:column: message`).
    pub fn readme(&self, warnings: &[String]) -> String {
        let name = &self.name;
        let mut out = format!(
            "{name} for the Python diplomacy package (pip install diplomacy), exported by judgepad.\n\n\
             from diplomacy import Game\n\
             from diplomacy.engine.renderer import Renderer\n\
             game = Game(map_name='{name}.map')   # the path to {name}.map\n\
             Renderer(game, svg_path='{name}.svg').render(output_path='{name}-now.svg')\n\n\
             The package works out every convoy route the first time it loads a map:\n\
             on a map with many seas that takes minutes, once.\n"
        );
        super::left_out(&mut out, "the package", warnings);
        out
    }

    /// The files in one zip archive, in a folder of the variant's name:
    /// `NAME.map`, `NAME.svg` and `README.txt` ([`Package::readme`]).
    pub fn archive(&self, warnings: &[String]) -> Vec<u8> {
        let files: [(&str, &[u8]); 2] =
            [("map", self.map.as_bytes()), ("svg", self.svg.as_bytes())];
        super::folder_zip(&self.name, &files, &self.readme(warnings))
    }
}

/// The variant's name as a file name: its root file's name without
/// directories and `.map`.
pub(crate) fn file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let base = base.strip_suffix(".map").unwrap_or(base);
    if base.is_empty() { "variant".to_string() } else { base.to_string() }
}

/// The seasons and phases the package plays, in its fixed order.
const PACKAGE_FLOW: [&str; 3] =
    ["SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"];

/// Words of the package's order text (its `KEYWORDS` that rewrite a word
/// of up to four letters): it refuses them as abbreviations.
const PACKAGE_WORDS: &[&str] = &[
    "ARMY", "AT", "BY", "CUT", "EC", "FROM", "HOLD", "IN", "IS", "KEEP", "MOVE", "NC", "OF", "ON",
    "OR", "OVER", "SC", "THE", "TO", "TSR", "VOID", "WC", "WILL", "WING", "WITH",
];

use super::lose;

/// The map in the package's dialect.
fn map_text(map: &Map, lost: &mut Vec<Diagnostic>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {}: exported by judgepad for the diplomacy package (Game(map_name=this file)).",
        file_name(&map.name)
    );
    calendar(map, &mut out, lost);
    rules(map, &mut out, lost);
    out.push('\n');
    for p in 0..map.powers.len() {
        power(map, PowerId(p as u32), &mut out, lost);
    }
    // Centres that are nobody's home.
    let neutral: Vec<&str> = map
        .supply_centers
        .iter()
        .filter(|&&c| map.powers.iter().all(|power| !power.homes.contains(&c)))
        .map(|&c| map.prov(c).abbr.as_str())
        .collect();
    let _ = writeln!(out, "UNOWNED {}\n", neutral.join(" "));
    names(map, &mut out, lost);
    out.push('\n');
    places(map, &mut out, lost);
    // The drawing's pins, as comments the package skips and judgepad reads.
    if !map.pins.is_empty() {
        out.push('\n');
        for pin in &map.pins {
            let abbr = &map.prov(pin.province).abbr;
            let _ = writeln!(
                out,
                "# @pos {abbr} {} {}",
                crate::layout::svg::Num(pin.point()[0]),
                crate::layout::svg::Num(pin.point()[1])
            );
        }
    }
    out
}

/// VICTORY and BEGIN; a FLOW or IN/FROM the package cannot play is lost.
fn calendar(map: &Map, out: &mut String, lost: &mut Vec<Diagnostic>) {
    if let Some((counts, _)) = map.victory() {
        let counts: Vec<String> = counts.iter().map(i64::to_string).collect();
        let _ = writeln!(out, "VICTORY {}", counts.join(" "));
    }
    let flow: Vec<String> = map.flow().iter().map(|t| t.text.as_str().to_uppercase()).collect();
    if !flow.is_empty() && flow.iter().map(String::as_str).ne(PACKAGE_FLOW) {
        lose(
            lost,
            map.flow()[0].at,
            format!(
                "the package plays spring, fall and winter only: this FLOW (`{}`) is played as theirs",
                flow.join(" ")
            ),
        );
    }
    if let Some(begin) = map.begin() {
        let words: Vec<&str> = begin.text.as_str().split_whitespace().collect();
        let known = matches!(
            (words.first().copied(), words.last().copied()),
            (Some("SPRING" | "FALL"), Some("MOVEMENT" | "RETREATS"))
                | (Some("WINTER"), Some("ADJUSTMENTS"))
        );
        if known && words.len() == 3 {
            let _ = writeln!(out, "BEGIN {}", words.join(" "));
        } else {
            lose(
                lost,
                begin.at,
                format!(
                    "the package begins only in a spring, fall or winter phase: `BEGIN {}` is left out (it begins in SPRING 1901 MOVEMENT)",
                    begin.text.as_str()
                ),
            );
        }
    }
    for block in map.dynamic() {
        lose(
            lost,
            block.line_at,
            format!("the package has no IN/FROM: the map changes of `{}` are left out", block.key),
        );
    }
}

/// The map's rules (the package ignores those it does not know); those
/// judgepad applies and the package does not are lost.
fn rules(map: &Map, out: &mut String, lost: &mut Vec<Diagnostic>) {
    if !map.rules.is_empty() {
        let _ = writeln!(out, "RULE {}", map.rules.join(" "));
    }
    super::rules_not_applied(map, &[Rule::BuildAny, Rule::SharedVictory], "the package", lost);
}

/// One power: its line with homes, its units, the centres it owns at the
/// start when they are not its homes, DUMMY.
fn power(map: &Map, id: PowerId, out: &mut String, lost: &mut Vec<Diagnostic>) {
    let power = map.pow(id);
    let homes: Vec<&str> = power.homes.iter().map(|&h| map.prov(h).abbr.as_str()).collect();
    let normed = crate::map::names::norm(&power.name);
    if matches!(normed.split('/').next().map(str::len), Some(1 | 3)) {
        lose(
            lost,
            power.at,
            format!(
                "the package refuses a power name of one or three letters (it could be read as a place): {}",
                power.name
            ),
        );
    }
    // The package refuses `M` and `?` (and any letter that is not one).
    let letter = power.abbrev.is_ascii_alphanumeric() && !matches!(power.abbrev, 'M' | 'm');
    if letter {
        let (own, abbrev) = (&power.own_word, power.abbrev);
        let _ = writeln!(out, "{} ({own}:{abbrev}) {}", power.name, homes.join(" "));
    } else {
        let _ = writeln!(out, "{} ({}) {}", power.name, power.own_word, homes.join(" "));
        lose(
            lost,
            power.at,
            format!(
                "the package refuses the abbreviation `{}`: {} gets the package's own",
                power.abbrev, power.name
            ),
        );
    }
    if power.centers != power.homes {
        let owns: Vec<&str> = power.centers.iter().map(|&c| map.prov(c).abbr.as_str()).collect();
        let _ = writeln!(out, "OWNS {}", owns.join(" "));
    }
    for unit in &power.units {
        let _ = writeln!(out, "{}", map.unit_text(*unit));
    }
    if power.dummy {
        out.push_str("DUMMY\n");
    }
    out.push('\n');
    super::power_features(power, "the package", lost);
}

/// One name line per location (the package wants a full name for each),
/// with the aliases that name it. The package keeps one meaning per word:
/// a place named like a power (its name or its own word) is named
/// `NAME (place)`, and an alias that is also a power's is left out.
fn names(map: &Map, out: &mut String, lost: &mut Vec<Diagnostic>) {
    use crate::map::names::norm;
    let powers: Vec<String> =
        map.powers.iter().flat_map(|p| [norm(&p.name), norm(&p.own_word)]).collect();
    for loc in &map.locations {
        let province = map.prov(loc.province);
        let full = if loc.coast.is_none() { &province.name } else { &loc.name };
        let mut full =
            if full.trim().is_empty() { loc.abbr.clone() } else { full.replace('=', "-") };
        if powers.contains(&norm(&full)) {
            lose(
                lost,
                loc.at,
                format!(
                    "the package refuses a place named like a power: {} is named `{full} (place)`",
                    loc.abbr
                ),
            );
            full.push_str(" (place)");
        }
        let mut line = format!("{full} = {}", loc.abbr.to_lowercase());
        let own = norm(&full);
        for (alias, value, at) in map.alias_defs() {
            let plain = alias.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '/');
            if !value.eq_ignore_ascii_case(&loc.abbr)
                || !plain
                || alias == own
                || alias.eq_ignore_ascii_case(&loc.abbr)
            {
                continue;
            }
            if powers.iter().any(|p| p == alias) {
                lose(
                    lost,
                    at,
                    format!(
                        "the package refuses an alias that is also a power's: `{}` for {} is left out",
                        alias.to_lowercase(),
                        loc.abbr
                    ),
                );
                continue;
            }
            let word = alias.to_lowercase().replace(" /", "/").replace("/ ", "/");
            let _ = write!(line, " {}", word.replace(' ', "+"));
        }
        let _ = writeln!(out, "{line}");
    }
}

/// One terrain line per location, abuts as loaded (case kept: lower, no
/// fleets; Titlecase, no armies); restrictions are lost.
fn places(map: &Map, out: &mut String, lost: &mut Vec<Diagnostic>) {
    for loc in &map.locations {
        let word = loc.terrain.as_str().to_ascii_uppercase();
        let place = if loc.upper { loc.abbr.to_uppercase() } else { loc.abbr.to_lowercase() };
        let province = loc.abbr.split('/').next().unwrap_or("");
        if province.chars().count() != 3 {
            lose(
                lost,
                loc.at,
                format!(
                    "the package reads a place by its first three letters: `{province}` may be taken for another"
                ),
            );
        }
        if loc.coast.is_none() && PACKAGE_WORDS.contains(&province.to_uppercase().as_str()) {
            lose(
                lost,
                loc.at,
                format!(
                    "the package reads `{province}` as an order word, not a place: it refuses the abbreviation"
                ),
            );
        }
        let mut line = format!("{word} {place}");
        if !loc.abuts.is_empty() {
            line.push_str(" ABUTS");
        }
        // From a place no fleet stands on, a coast is its province (an army
        // moves and supports by the province all the same; the package's
        // check would call `X ABUTS Y/NC` one-way).
        let mut written: Vec<&str> = Vec::new();
        for abut in &loc.abuts {
            let name = abut.written.as_str();
            let name = if loc.upper { name } else { name.split('/').next().unwrap_or(name) };
            if written.iter().any(|w| w.eq_ignore_ascii_case(name)) {
                continue;
            }
            written.push(name);
            let _ = write!(line, " {name}");
            if !abut.rules.is_empty() {
                lose(
                    lost,
                    abut.at,
                    format!(
                        "the package has no abut restrictions: `{}` from {} is an ordinary abut",
                        map.text_at(abut.at),
                        loc.abbr
                    ),
                );
            }
        }
        let _ = writeln!(out, "{line}");
    }
}
