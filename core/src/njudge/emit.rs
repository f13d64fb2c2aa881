//! Writing DPjudge `.map` text from a read nJudge variant.
//!
//! Places: one name line per area (and per coast: `Bulgaria (east coast) =
//! bul/ec`). Terrain: water → WATER; land with fleet moves → COAST (PORT
//! when the area's `w` flag lets its fleets convoy); land without → LAND;
//! an area that moves nowhere, gateways and railways → SHUT. Abut lists use
//! DPjudge's case rules: UPPER for both unit kinds, lower for armies only,
//! Titlecase for fleets only between two lands. Powers: one line per letter
//! with its homes, `OWNS` from the seed's ownership record, its units.
//! What DPjudge cannot express (high seas, arctic water, gateways, railways,
//! HongKong, moves with less support) is written as comments and reported.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use super::{
    AreaKind, MAP_FILE, Modifier, MoveKind, NjMap, NjSeed, OptionKind, PowerNames, SEED_FILE, at,
};
use crate::Diagnostic;
use crate::diagnostics::codes;

pub(super) fn emit(
    title: &str,
    map: &NjMap,
    seed: Option<&NjSeed>,
    powers: &PowerNames,
    diags: &mut Vec<Diagnostic>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {title}: converted from nJudge by judgepad.");
    if !map.header.is_empty() {
        out.push_str("# The nJudge file's own comments:\n");
        for line in &map.header {
            let _ = writeln!(out, "#   {}", line.trim());
        }
    }
    out.push('\n');
    begin_line(&mut out, seed, diags);
    names(&mut out, map);
    terrain(&mut out, map, diags);
    options(&mut out, map, diags);
    powers_section(&mut out, map, seed, powers, diags);
    out
}

fn begin_line(out: &mut String, seed: Option<&NjSeed>, diags: &mut Vec<Diagnostic>) {
    let Some(phase) = seed.and_then(|it| it.phase.as_ref()) else { return };
    let (season, kind) = match (phase.season, phase.kind) {
        ('F' | 'W', 'B' | 'A') => ("WINTER", "ADJUSTMENTS"),
        ('S', 'M') => ("SPRING", "MOVEMENT"),
        ('S', 'R') => ("SPRING", "RETREATS"),
        ('F', 'M') => ("FALL", "MOVEMENT"),
        ('F', 'R') => ("FALL", "RETREATS"),
        _ => {
            diags.push(Diagnostic::new(
                codes::NJUDGE_CARRIED,
                at(SEED_FILE, phase.at),
                format!("the phase {}{}{} is not in DPjudge's standard calendar; the game starts in spring", phase.season, phase.year, phase.kind),
            ));
            ("SPRING", "MOVEMENT")
        }
    };
    if (season, phase.year, kind) != ("SPRING", 1901, "MOVEMENT") {
        let _ = writeln!(out, "BEGIN {season} {} {kind}\n", phase.year);
    }
}

fn names(out: &mut String, map: &NjMap) {
    out.push_str("# Places: full name = abbreviation and aliases\n");
    for (idx, area) in map.areas.iter().enumerate() {
        let aliases: Vec<&str> = area.abbrs.iter().map(|it| it.0.as_str()).collect();
        let _ = writeln!(out, "{} = {}", clean_name(&area.name), aliases.join(" "));
        for coast in map.coasts(idx) {
            let _ = writeln!(
                out,
                "{} ({} coast) = {}/{}",
                clean_name(&area.name),
                coast.word(),
                area.abbr(),
                coast.as_str()
            );
        }
    }
    out.push('\n');
}

/// A full name as a DPjudge name line can hold it (no `=`, `#` or `->`).
fn clean_name(name: &str) -> String {
    name.replace(['=', '#'], " ")
        .replace("->", " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// One abut entry: its text and the area it reaches (for de-duplication).
struct Entries {
    list: Vec<String>,
    seen: BTreeSet<String>,
}

impl Entries {
    fn new() -> Entries {
        Entries { list: Vec::new(), seen: BTreeSet::new() }
    }

    fn push(&mut self, key: String, text: String) {
        if self.seen.insert(key) {
            self.list.push(text);
        }
    }
}

fn terrain(out: &mut String, map: &NjMap, diags: &mut Vec<Diagnostic>) {
    out.push_str("# Terrain and adjacency: UPPER for both unit kinds, lower for armies only,\n");
    out.push_str("# Titlecase for fleets only\n");
    let mut weak_noted = false;
    let mut half_noted = false;
    for (idx, area) in map.areas.iter().enumerate() {
        let abbr = area.abbr();
        match area.kind {
            AreaKind::Gateway | AreaKind::Railway => {
                let what = if area.kind == AreaKind::Gateway { "gateway" } else { "railway" };
                let _ = writeln!(out, "# nJudge {what} province (see below)");
                let _ = writeln!(out, "SHUT {}", abbr.to_uppercase());
                continue;
            }
            AreaKind::HighSea | AreaKind::Arctic => {
                let (what, rule) = if area.kind == AreaKind::HighSea {
                    ("high sea", "any number of fleets may stand there")
                } else {
                    ("arctic water", "it freezes in fall moves")
                };
                diags.push(Diagnostic::new(
                    codes::NJUDGE_CARRIED,
                    at(MAP_FILE, area.name_at),
                    format!("{} is nJudge {what} ({rule}); DPjudge has plain WATER", area.name),
                ));
                let _ = writeln!(out, "# nJudge {what}: {rule}");
            }
            _ => (),
        }
        let coasts = map.coasts(idx);
        let fleet_lines = map.lines_of(idx, MoveKind::Fleet).count();
        let water = area.kind.is_water();
        // Fleet entries from the province itself.
        let mut entries = Entries::new();
        let army_targets: BTreeSet<usize> =
            map.army_lines(idx).flat_map(|line| line.targets.iter().map(|it| it.area)).collect();
        for line in map.lines_of(idx, MoveKind::Fleet) {
            for target in &line.targets {
                if target.area == idx {
                    continue;
                }
                let other = &map.areas[target.area];
                let key = map.place(target.area, target.coast());
                let text = if target.coast().is_none()
                    && !water
                    && !other.kind.is_water()
                    && !army_targets.contains(&target.area)
                {
                    titlecase(other.abbr())
                } else {
                    key.to_uppercase()
                };
                entries.push(key, text);
            }
        }
        if water && map.army_lines(idx).any(|line| line.targets.iter().any(|it| it.area != idx)) {
            diags.push(Diagnostic::new(
                codes::NJUDGE_CARRIED,
                at(MAP_FILE, area.name_at),
                format!(
                    "army moves from {} (water) are left out: armies cannot stand at sea",
                    area.name
                ),
            ));
        }
        if !water {
            for line in map.army_lines(idx) {
                for target in &line.targets {
                    if target.area == idx {
                        continue;
                    }
                    let other = &map.areas[target.area];
                    let weak =
                        line.kind == MoveKind::ArmyWeak || target.modifier == Some(Modifier::Weak);
                    let half =
                        matches!(target.modifier, Some(Modifier::Half | Modifier::HalfConvoy));
                    let key = other.abbr().to_string();
                    let upper = entries.seen.contains(&key);
                    let mut text = if upper {
                        other.abbr().to_uppercase()
                    } else {
                        other.abbr().to_lowercase()
                    };
                    if weak {
                        text.push('~');
                        if !weak_noted {
                            weak_noted = true;
                            diags.push(Diagnostic::new(codes::NJUDGE_CARRIED, at(MAP_FILE, target.at), "moves with one less support (`mx`) become DPjudge straits (`~`): strength without the move's own weight, and no support across them"));
                        }
                    } else if half {
                        text.push('*');
                        if !half_noted {
                            half_noted = true;
                            diags.push(Diagnostic::new(codes::NJUDGE_CARRIED, at(MAP_FILE, target.at), "half-value moves (`hx`, `lx`) become DPjudge capes (`*`): half strength, and no support across them"));
                        }
                    }
                    if weak || half {
                        // Replace a plain entry for the same place.
                        if let Some(pos) =
                            entries.list.iter().position(|it| it.eq_ignore_ascii_case(other.abbr()))
                        {
                            entries.list[pos] = text;
                            continue;
                        }
                    }
                    entries.push(key, text);
                }
            }
        }
        let fleet_here = fleet_lines > 0 || !coasts.is_empty();
        let kind = if water {
            "WATER"
        } else if entries.list.is_empty() && coasts.is_empty() {
            "SHUT"
        } else if fleet_here && area.convoys {
            "PORT"
        } else if fleet_here {
            "COAST"
        } else {
            "LAND"
        };
        if area.convoys && kind != "PORT" {
            diags.push(Diagnostic::new(
                codes::NJUDGE_CARRIED,
                at(MAP_FILE, area.name_at),
                format!("{} may convoy (`w`) but no fleet can reach it", area.name),
            ));
        }
        let def = if !water && fleet_lines == 0 && !coasts.is_empty() {
            abbr.to_lowercase()
        } else {
            abbr.to_uppercase()
        };
        if entries.list.is_empty() {
            let _ = writeln!(out, "{kind} {def}");
        } else {
            let _ = writeln!(out, "{kind} {def} ABUTS {}", entries.list.join(" "));
        }
        for coast in coasts {
            let mut entries = Entries::new();
            for line in map.lines_of(idx, MoveKind::Coast(coast)) {
                for target in &line.targets {
                    if target.area == idx {
                        continue;
                    }
                    let key = map.place(target.area, target.coast());
                    entries.push(key.clone(), key.to_uppercase());
                }
            }
            let _ = writeln!(
                out,
                "COAST {}/{} ABUTS {}",
                abbr.to_uppercase(),
                coast.as_str().to_uppercase(),
                entries.list.join(" ")
            );
        }
    }
    out.push('\n');
}

fn titlecase(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars.flat_map(char::to_lowercase)).collect(),
        None => String::new(),
    }
}

fn options(out: &mut String, map: &NjMap, diags: &mut Vec<Diagnostic>) {
    for block in &map.options {
        let what = match block.kind {
            OptionKind::Centers => {
                check_centers(map, block, diags);
                continue;
            }
            OptionKind::HongKong => {
                "HongKong (SC restriction) provinces: the power may build there but not count it"
            }
            OptionKind::Gateway => "gateways: the gatekeeper's owner lets units pass",
            OptionKind::Railway => {
                "railways: armies of the listed powers move along the line in one turn"
            }
            OptionKind::Other => "an option block judgepad does not read",
        };
        diags.push(Diagnostic::new(
            codes::NJUDGE_CARRIED,
            at(MAP_FILE, block.at),
            format!("nJudge {what}; DPjudge cannot express this, so it is kept as a comment"),
        ));
        let _ = writeln!(out, "# nJudge {what}:");
        for (line, _) in &block.lines {
            let _ = writeln!(out, "#   {}", line.trim());
        }
        out.push('\n');
    }
}

fn check_centers(map: &NjMap, block: &super::OptionBlock, diags: &mut Vec<Diagnostic>) {
    let mut listed = BTreeSet::new();
    for (line, span) in &block.lines {
        let mut offset = 0usize;
        for word in line.split_whitespace() {
            let start = line[offset..].find(word).map_or(offset, |it| it + offset);
            offset = start + word.len();
            let word_at =
                crate::text::Span::new(span.start + start as u32, span.start + offset as u32);
            match map.area(word) {
                Some(area) if !map.areas[area].kind.is_center() => diags.push(
                    Diagnostic::new(codes::NJUDGE_UNKNOWN_AREA, at(MAP_FILE, word_at), format!("{} in the summary centre list is not a supply centre", map.areas[area].name))
                        .with_severity(crate::Severity::Warning),
                ),
                Some(area) => {
                    if !listed.insert(area) {
                        diags.push(Diagnostic::new(codes::NJUDGE_NAMING, at(MAP_FILE, word_at), format!("{} is listed twice in the summary centre list", map.areas[area].name)).with_severity(crate::Severity::Warning));
                    }
                }
                None => diags.push(Diagnostic::new(codes::NJUDGE_UNKNOWN_AREA, at(MAP_FILE, word_at), format!("unknown abbreviation `{word}` in the summary centre list (it only orders the summary report)")).with_severity(crate::Severity::Warning)),
            }
        }
    }
}

fn powers_section(
    out: &mut String,
    map: &NjMap,
    seed: Option<&NjSeed>,
    powers: &PowerNames,
    diags: &mut Vec<Diagnostic>,
) {
    let owners =
        seed.and_then(|it| it.owners.as_ref()).filter(|(it, _)| it.len() == map.areas.len());
    let mut letters: BTreeSet<char> = map
        .areas
        .iter()
        .filter_map(|area| match area.kind {
            AreaKind::Home(letter) => Some(letter),
            _ => None,
        })
        .collect();
    if let Some(seed) = seed {
        letters.extend(seed.units.iter().map(|it| it.power));
    }
    if let Some((owners, _)) = owners {
        letters.extend(owners.iter().copied().filter(|it| it.is_ascii_alphanumeric()));
    }
    out.push_str("# Powers: home centres, centres owned at the start (OWNS) and units\n");
    let unowned: Vec<String> = map
        .areas
        .iter()
        .filter(|area| area.kind == AreaKind::Center)
        .map(|area| area.abbr().to_string())
        .collect();
    if !unowned.is_empty() {
        let _ = writeln!(out, "UNOWNED {}\n", unowned.join(" "));
    }
    let mut helped = false;
    for letter in letters {
        let (name, known) = powers.name(letter);
        if !known {
            let first = map.areas.iter().find(|area| area.kind == AreaKind::Home(letter));
            let where_ = match first {
                Some(area) => at(MAP_FILE, area.name_at),
                None => at(
                    SEED_FILE,
                    seed.and_then(|s| s.units.iter().find(|u| u.power == letter))
                        .map_or_else(Default::default, |u| u.at),
                ),
            };
            let mut diag = Diagnostic::new(
                codes::NJUDGE_POWER,
                where_,
                format!(
                    "power letter `{letter}` has no name; it is called {}",
                    crate::map::Map::power_display(&name)
                ),
            );
            if !helped {
                helped = true;
                diag = diag.with_help("nJudge keeps power names in its C source. Name the letters (CLI: --powers B=Britain,C=China; page: the power names field).");
            }
            diags.push(diag);
        }
        let homes: Vec<String> = map
            .areas
            .iter()
            .filter(|area| area.kind == AreaKind::Home(letter))
            .map(|area| area.abbr().to_string())
            .collect();
        // The letter is given explicitly: it is what abut restrictions and
        // the nJudge files call the power, and the ownership word is unknown.
        let abbrev = format!(" (:{letter})");
        let _ = writeln!(out, "{name}{abbrev} {}", homes.join(" ").trim_end());
        if let Some((owners, _)) = owners {
            let owned: Vec<String> = owners
                .iter()
                .enumerate()
                .filter(|(_, owner)| owner.to_ascii_uppercase() == letter)
                .map(|(idx, _)| map.areas[idx].abbr().to_string())
                .collect();
            if owned != homes {
                let _ = writeln!(out, "OWNS {}", owned.join(" "));
            }
        }
        if let Some(seed) = seed {
            for unit in seed.units.iter().filter(|it| it.power == letter) {
                let place = map.place(unit.area, unit.coast);
                let _ = writeln!(out, "{} {}", if unit.fleet { 'F' } else { 'A' }, place);
            }
        }
        out.push('\n');
    }
}
