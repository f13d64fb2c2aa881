//! diplicity (the Diplomacy app for phones and the web, `diplicity.com`):
//! a variant as its two files, DVAR (the variant definition, JSON, schema
//! version 1: nations, provinces with their adjacencies and who may pass,
//! named coasts, the initial state, the phase progression, the victory
//! conditions) and DSVG (the map: the layers `background`, `provinces`,
//! `named-coasts` and `unit-positions` (the three hidden), `province-names`,
//! `borders`, `foreground`, in that order; a position marker of radius 10
//! for every province and named coast).
//!
//! Written from the loaded map and its calendar: a FLOW with NEWYEAR and
//! IFYEARDIV becomes transitions with `yearDelta` and `yearMod` conditions
//! (found by stepping the calendar). What diplicity cannot express is a
//! warning at its line: a one-way adjacency (DVAR's are symmetric), phase
//! types other than movement, retreats and adjustments, years that run
//! backwards, IN/FROM, abut restrictions, ports, shared homes, the power
//! features and rules neither target has.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use serde_json::{Value, json};

use super::{lose, power_features, rules_not_applied};
use crate::calendar::{self, Phase, PhaseKind};
use crate::diagnostics::Diagnostic;
use crate::layout::palette::{power_colour, terrain_colour};
use crate::layout::svg::{Num, abbreviations, centres, escape, marks, path_d, points};
use crate::layout::{Crossing, Layout};
use crate::map::{LocationId, Map, ProvinceId, Terrain, UnitKind};
use crate::rules::Rule;
use crate::text::FileSpan;

/// diplicity's two files for a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diplicity {
    /// The variant's name: the files are `NAME.json` and `NAME.svg`.
    pub name: String,
    /// The DVAR, pretty-printed JSON.
    pub dvar: String,
    /// The DSVG.
    pub dsvg: String,
}

impl Diplicity {
    /// How to upload the files, and what the export left out (`warnings`,
    /// one line each, as `file:line:column: message`).
    pub fn readme(&self, warnings: &[String]) -> String {
        let name = &self.name;
        let mut out = format!(
            "{name} for diplicity, exported by judgepad.\n\n\
             {name}.json is the variant definition (DVAR) and {name}.svg its map (DSVG).\n\
             Upload both as a draft on diplicity's variants page: drafts get sandbox and\n\
             private games, and become public after playtests and a review.\n"
        );
        super::left_out(&mut out, "diplicity", warnings);
        out
    }

    /// The files in one zip archive, in a folder of the variant's name:
    /// `NAME.json`, `NAME.svg` and `README.txt`.
    pub fn archive(&self, warnings: &[String]) -> Vec<u8> {
        let files: [(&str, &[u8]); 2] =
            [("json", self.dvar.as_bytes()), ("svg", self.dsvg.as_bytes())];
        super::folder_zip(&self.name, &files, &self.readme(warnings))
    }
}

/// diplicity's files for `map` drawn as `layout`, and a warning for each
/// thing diplicity cannot express.
pub fn diplicity(map: &Map, layout: &Layout) -> (Diplicity, Vec<Diagnostic>) {
    let mut lost = Vec::new();
    let name = super::package::file_name(&map.name);
    let dvar = dvar(map, &name, &mut lost);
    let dsvg = dsvg(map, layout);
    crate::diagnostics::sort(&mut lost);
    let dvar = serde_json::to_string_pretty(&dvar).unwrap_or_default();
    (Diplicity { name, dvar, dsvg }, lost)
}

/// A DVAR id: lower case letters, digits and `-`.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() { "variant".to_string() } else { out }
}

/// `SPRING` → `Spring`, `B.C.` → `B.C.`: each run of letters capitalised.
fn title(word: &str) -> String {
    let mut out = String::new();
    let mut start = true;
    for c in word.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        start = !c.is_alphabetic();
    }
    out
}

/// A location's id: its province's abbreviation in lower case, a named
/// coast's with `/coast`.
fn location_id(map: &Map, l: LocationId) -> String {
    map.loc(l).abbr.to_lowercase()
}

/// Provinces diplicity has (impassable ones are only drawn).
fn kept(map: &Map, p: ProvinceId) -> bool {
    map.prov(p).terrain != Terrain::Shut
}

fn dvar(map: &Map, name: &str, lost: &mut Vec<Diagnostic>) -> Value {
    let nations: Vec<String> = map.powers.iter().map(|p| slug(&p.name)).collect();
    let root = super::root_span();
    // Moves one way: armies between provinces, fleets between locations
    // (with the line that says so); an adjacency is both ways or lost.
    let mut army: BTreeMap<(String, String), FileSpan> = BTreeMap::new();
    let mut fleet: BTreeMap<(String, String), FileSpan> = BTreeMap::new();
    for (l, loc) in map.locations.iter().enumerate() {
        let from = LocationId(l as u32);
        if !kept(map, loc.province) {
            continue;
        }
        for kind in [UnitKind::Army, UnitKind::Fleet] {
            let able = if kind == UnitKind::Army { loc.army_ok } else { loc.fleet_ok };
            if !able {
                continue;
            }
            for to in map.moves(kind, from) {
                let target = map.loc(to);
                if !kept(map, target.province) || target.province == loc.province {
                    continue;
                }
                match kind {
                    UnitKind::Army => army.entry((
                        map.prov(loc.province).abbr.to_lowercase(),
                        map.prov(target.province).abbr.to_lowercase(),
                    )),
                    UnitKind::Fleet => fleet.entry((location_id(map, from), location_id(map, to))),
                }
                .or_insert(loc.line);
            }
        }
    }
    let mut both_ways = |moves: &BTreeMap<(String, String), FileSpan>, letter: char| {
        let mut edges: alloc::collections::BTreeSet<(String, String)> = Default::default();
        for ((a, b), at) in moves {
            if moves.contains_key(&(b.clone(), a.clone())) {
                edges.insert(if a < b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) });
            } else {
                lose(
                    lost,
                    *at,
                    format!(
                        "diplicity's adjacencies go both ways: {letter} {} → {} (one way) is left out",
                        a.to_uppercase(),
                        b.to_uppercase()
                    ),
                );
            }
        }
        edges
    };
    let army = both_ways(&army, 'A');
    let fleet = both_ways(&fleet, 'F');
    let mut pass: BTreeMap<String, Vec<(String, &str)>> = BTreeMap::new();
    let keys: alloc::collections::BTreeSet<&(String, String)> =
        army.iter().chain(fleet.iter()).collect();
    for key in keys {
        let how = match (army.contains(key), fleet.contains(key)) {
            (true, true) => "both",
            (true, false) => "army",
            _ => "fleet",
        };
        pass.entry(key.0.clone()).or_default().push((key.1.clone(), how));
        pass.entry(key.1.clone()).or_default().push((key.0.clone(), how));
    }
    let adjacencies = |id: &str| -> Vec<Value> {
        pass.get(id)
            .map(|list| list.iter().map(|(to, how)| json!({"to": to, "pass": how})).collect())
            .unwrap_or_default()
    };
    // Provinces and named coasts.
    let mut provinces = Vec::new();
    let mut coasts = Vec::new();
    for (p, province) in map.provinces.iter().enumerate() {
        let id = ProvinceId(p as u32);
        if !kept(map, id) {
            continue;
        }
        let abbr = province.abbr.to_lowercase();
        let kind = match province.terrain {
            Terrain::Water => "sea",
            _ if !province.coasts.is_empty() => "land",
            Terrain::Land => "land",
            Terrain::Port => {
                let at = province.location.map_or(root, |l| map.loc(l).at);
                lose(lost, at, format!("diplicity has no ports: {} is a coast", province.abbr));
                "coastal"
            }
            _ => "coastal",
        };
        let homes: Vec<usize> =
            (0..map.powers.len()).filter(|&i| map.powers[i].homes.contains(&id)).collect();
        if homes.len() > 1 {
            let at = province.location.map_or(root, |l| map.loc(l).at);
            lose(
                lost,
                at,
                format!(
                    "diplicity has one home nation a province: {} is {}'s only",
                    province.abbr, map.powers[homes[0]].name
                ),
            );
        }
        let mut entry = json!({
            "id": abbr,
            "name": province.name,
            "type": kind,
            "supplyCenter": province.supply_center,
            "adjacencies": adjacencies(&abbr),
        });
        if let Some(&home) = homes.first() {
            entry["homeNation"] = json!(nations[home]);
        }
        provinces.push(entry);
        for &c in &province.coasts {
            let coast = map.loc(c);
            let cid = location_id(map, c);
            coasts.push(json!({
                "id": cid,
                "name": coast.name,
                "parentProvince": abbr,
                "adjacencies": adjacencies(&cid),
            }));
        }
    }
    for loc in &map.locations {
        for abut in loc.abuts.iter().filter(|a| !a.rules.is_empty()) {
            lose(
                lost,
                abut.at,
                format!(
                    "diplicity has no abut restrictions: `{}` from {} is an ordinary adjacency",
                    map.text_at(abut.at),
                    loc.abbr
                ),
            );
        }
    }
    for power in &map.powers {
        power_features(power, "diplicity", lost);
    }
    rules_not_applied(map, &[Rule::BuildAny], "diplicity", lost);
    for block in map.dynamic() {
        lose(
            lost,
            block.line_at,
            format!("diplicity has no IN/FROM: the map changes of `{}` are left out", block.key),
        );
    }
    let nation_list: Vec<Value> = map
        .powers
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut nation = json!({
                "id": nations[i],
                "name": crate::map::Map::power_display(&p.name),
                "color": power_colour(i),
            });
            if p.dummy {
                nation["non_playable"] = json!(true);
            }
            nation
        })
        .collect();
    let (cal, _) = calendar::calendar(map);
    let (progression, begin) = progression(map, &cal, lost);
    let mut units = Vec::new();
    let mut centres = Vec::new();
    for (i, power) in map.powers.iter().enumerate() {
        for unit in &power.units {
            units.push(json!({
                "nation": nations[i],
                "type": if unit.kind == UnitKind::Army { "Army" } else { "Fleet" },
                "location": location_id(map, unit.location),
            }));
        }
        for &c in &power.centers {
            centres
                .push(json!({"nation": nations[i], "province": map.prov(c).abbr.to_lowercase()}));
        }
    }
    let majority = map.supply_centers.len() / 2 + 1;
    let needed = match map.victory() {
        Some((counts, at)) => {
            if counts.windows(2).any(|w| w[0] != w[1]) {
                lose(
                    lost,
                    at,
                    format!(
                        "diplicity has one victory count: the first, {}, stands for every year",
                        counts[0]
                    ),
                );
            }
            counts.first().map_or(majority as i64, |&c| c.max(1))
        }
        None => majority as i64,
    };
    let shown = title(&name.replace(['_', '-'], " "));
    let description = format!("{shown} exported by judgepad from {name}.map.");
    let mut out = json!({
        "schemaVersion": 1,
        "id": slug(name),
        "name": shown,
        "description": description,
        "author": "",
        "victoryConditions": [{"type": "supply-center-majority", "supplyCenters": needed}],
        "phaseProgression": progression,
        "nations": nation_list,
        "provinces": provinces,
        "namedCoasts": coasts,
        "initialState": {"phase": begin, "units": units, "supplyCenters": centres},
    });
    if map.has(Rule::BuildAny) {
        out["adjudicationModifiers"] = json!(["allow-builds-in-non-home-centers"]);
    }
    out
}

/// A phase of the progression: its season and type.
type Slot = (String, &'static str);

/// The phase types diplicity has.
fn phase_type(phase: &Phase) -> Option<&'static str> {
    match phase.phase_kind() {
        PhaseKind::Movement => Some("Movement"),
        PhaseKind::Retreats => Some("Retreat"),
        PhaseKind::Adjustments => Some("Adjustment"),
        PhaseKind::Other => None,
    }
}

/// The phase progression and the first phase: the calendar stepped for
/// years; a phase's successor that depends on the year becomes
/// transitions with `yearMod` conditions.
fn progression(map: &Map, cal: &calendar::Calendar, lost: &mut Vec<Diagnostic>) -> (Value, Value) {
    let root = map.flow().first().map_or(super::root_span(), |t| t.at);
    let mut phases: Vec<Phase> = Vec::new();
    let mut skipped: Vec<String> = Vec::new();
    for phase in cal.phases().take(400) {
        if phase_type(&phase).is_some() {
            phases.push(phase);
        } else if !skipped.contains(&phase.kind) {
            skipped.push(phase.kind.clone());
        }
    }
    for kind in &skipped {
        lose(
            lost,
            root,
            format!(
                "diplicity has movement, retreat and adjustment phases only: {kind} phases are left out"
            ),
        );
    }
    let key = |p: &Phase| (calendar::display_word(&p.season), phase_type(p).unwrap_or("Movement"));
    // Each (season, type)'s successors by year.
    let mut seen: BTreeMap<Slot, Vec<(i64, Slot, i64)>> = BTreeMap::new();
    let mut seasons: Vec<String> = Vec::new();
    let mut backwards = false;
    for pair in phases.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let delta = b.year - a.year;
        if delta < 0 {
            backwards = true;
        }
        seen.entry(key(a)).or_default().push((a.year, key(b), delta.abs()));
    }
    for p in &phases {
        let season = calendar::display_word(&p.season);
        if !seasons.contains(&season) {
            seasons.push(season);
        }
    }
    if backwards {
        lose(
            lost,
            root,
            "diplicity's years only run forward: this calendar's count down, and count up there"
                .to_string(),
        );
    }
    let mut transitions = Vec::new();
    let edge = |from: &(String, &str), to: &(String, &str), delta: i64| {
        json!({
            "from": {"season": from.0, "type": from.1},
            "to": {"season": to.0, "type": to.1, "yearDelta": delta},
        })
    };
    for (from, list) in &seen {
        let mut targets: Vec<((String, &str), i64)> = Vec::new();
        for (_, to, delta) in list {
            if !targets.contains(&(to.clone(), *delta)) {
                targets.push((to.clone(), *delta));
            }
        }
        if targets.len() == 1 {
            transitions.push(edge(from, &targets[0].0, targets[0].1));
            continue;
        }
        // The successor as a function of the year modulo m.
        let modulus = (2..=24i64).find(|&m| {
            let mut by: BTreeMap<i64, ((String, &str), i64)> = BTreeMap::new();
            list.iter().all(|(year, to, delta)| {
                let slot = by.entry(year.rem_euclid(m)).or_insert_with(|| (to.clone(), *delta));
                *slot == (to.clone(), *delta)
            })
        });
        // The most common successor is the fallback.
        let count = |t: &((String, &str), i64)| {
            list.iter().filter(|(_, to, d)| (to, d) == (&t.0, &t.1)).count()
        };
        let common =
            targets.iter().max_by_key(|t| count(t)).cloned().unwrap_or_else(|| targets[0].clone());
        match modulus {
            Some(m) => {
                let mut by: BTreeMap<i64, ((String, &str), i64)> = BTreeMap::new();
                for (year, to, delta) in list {
                    by.insert(year.rem_euclid(m), (to.clone(), *delta));
                }
                for (residue, target) in &by {
                    if *target != common {
                        let mut t = edge(from, &target.0, target.1);
                        t["condition"] = json!({"yearMod": m, "yearModValue": residue});
                        transitions.push(t);
                    }
                }
            }
            None => lose(
                lost,
                root,
                format!(
                    "diplicity's phase order depends on the year modulo a number: after {} {} it is always {} {}",
                    from.0, from.1, common.0.0, common.0.1
                ),
            ),
        }
        transitions.push(edge(from, &common.0, common.1));
    }
    let begin = phases.first().map_or_else(
        || json!({"season": "Spring", "year": 1901, "type": "Movement"}),
        |p| json!({"season": calendar::display_word(&p.season), "year": p.year, "type": phase_type(p).unwrap_or("Movement")}),
    );
    (json!({"seasons": seasons, "transitions": transitions}), begin)
}

/// The DSVG: the drawing in the background, the hidden province shapes,
/// named-coast shapes and unit positions, the names, the borders.
fn dsvg(map: &Map, layout: &Layout) -> String {
    let [x, y, w, h] = layout.fit();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" width=\"{}\" height=\"{}\">",
        Num(x),
        Num(y),
        Num(w),
        Num(h),
        Num(layout.width),
        Num(layout.width * h / w.max(1.0))
    );
    out.push_str("<g id=\"background\">\n");
    crate::layout::svg::backdrop([x, y, w, h], &mut out);
    for region in &layout.provinces {
        let province = map.prov(region.province);
        let fill = match province.terrain {
            Terrain::Shut => "#c9c3b6",
            other => terrain_colour(other),
        };
        let _ = writeln!(
            out,
            "<path d=\"{}\" fill=\"{fill}\" stroke=\"#a59c8c\" stroke-width=\"0.4\"/>",
            path_d(&region.polygon)
        );
    }
    out.push_str("</g>\n<g id=\"provinces\" display=\"none\">\n");
    for region in layout.provinces.iter().filter(|r| kept(map, r.province)) {
        let _ = writeln!(
            out,
            "<path id=\"{}\" d=\"{}\"/>",
            escape(&map.prov(region.province).abbr.to_lowercase()),
            path_d(&region.polygon)
        );
    }
    out.push_str("</g>\n<g id=\"named-coasts\" display=\"none\">\n");
    // A named coast's shape: a small diamond round its mark.
    for coast in &layout.coasts {
        let [cx, cy] = coast.at;
        let r = 4.0;
        let _ = writeln!(
            out,
            "<path id=\"{}\" d=\"M{},{} L{},{} L{},{} L{},{} Z\"/>",
            escape(&location_id(map, coast.location)),
            Num(cx),
            Num(cy - r),
            Num(cx + r),
            Num(cy),
            Num(cx),
            Num(cy + r),
            Num(cx - r),
            Num(cy)
        );
    }
    out.push_str("</g>\n<g id=\"unit-positions\" display=\"none\">\n");
    let mut circle = |id: String, at: crate::layout::Point| {
        let _ = writeln!(
            out,
            "<circle id=\"{}\" cx=\"{}\" cy=\"{}\" r=\"10\"/>",
            escape(&id),
            Num(at[0]),
            Num(at[1])
        );
    };
    for region in layout.provinces.iter().filter(|r| kept(map, r.province)) {
        let abbr = &map.prov(region.province).abbr;
        circle(abbr.to_lowercase(), marks(region.label, region.room, abbr.chars().count()).unit);
    }
    for coast in &layout.coasts {
        circle(location_id(map, coast.location), coast.at);
    }
    out.push_str("</g>\n<g id=\"province-names\">\n");
    abbreviations(
        map,
        layout,
        " font-family=\"sans-serif\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#222\"",
        &mut out,
    );
    out.push_str("</g>\n<g id=\"borders\" fill=\"none\">\n");
    for border in &layout.borders {
        let style = match border.kind {
            Crossing::Both | Crossing::Army => "stroke=\"#5b5347\" stroke-width=\"1\"",
            Crossing::Fleet => "stroke=\"#3f7fa8\" stroke-width=\"1.2\" stroke-dasharray=\"4 2\"",
            Crossing::Barrier => "stroke=\"#3b2f20\" stroke-width=\"3\"",
        };
        let _ = writeln!(out, "<polyline points=\"{}\" {style}/>", points(&border.path));
    }
    for connector in &layout.connectors {
        for (piece, _) in connector.pieces() {
            let _ = writeln!(
                out,
                "<polyline points=\"{}\" stroke=\"#7a4f9a\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>",
                points(&piece)
            );
        }
    }
    out.push_str("</g>\n<g id=\"foreground\">\n");
    // Supply centres: a ring beside each centre's unit.
    for (_, at) in centres(map, layout) {
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"0.6\"/>",
            Num(at.dot[0]),
            Num(at.dot[1]),
            Num(at.dot_r.max(1.0))
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}
