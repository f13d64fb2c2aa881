//! What changed between two versions of a variant, in meaning rather than
//! text: provinces and coasts added, removed or renamed, terrain, supply
//! centres, adjacencies gained or lost per unit type, powers, home centres,
//! starting centres and units, rules, and the calendar (the first phase
//! that differs). Each change carries the source line on each side.
//!
//! Places are matched by abbreviation first; a place whose abbreviation
//! changed is matched by its neighbours (a rename such as `standard_dutch`'s
//! `BLA` → `ZWA` is a rename, not a removal and an addition). Comments,
//! the order of lines and `# @pos` pins are not changes: two versions that
//! differ only so give no [`Change`] with `play` set.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::calendar;
use crate::map::{LocationId, Map, ProvinceId, UnitKind};
use crate::text::FileSpan;

/// One change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// `province`, `terrain`, `supply centre`, `adjacency`, `power`, `homes`,
    /// `centres`, `units`, `rule`, `calendar`, `name`.
    pub section: &'static str,
    /// What changed, in words (`A PAR – BUR lost`).
    pub text: String,
    /// Whether play changes (renames and names alone do not).
    pub play: bool,
    /// Where it is in the old version.
    pub old: Option<FileSpan>,
    /// Where it is in the new version.
    pub new: Option<FileSpan>,
    /// Provinces concerned (new abbreviations, or old ones if removed): the
    /// map highlights them.
    pub provinces: Vec<String>,
}

/// How places of the old map correspond to the new one's.
struct Matching {
    provinces: BTreeMap<ProvinceId, ProvinceId>,
}

fn neighbours(map: &Map, province: ProvinceId) -> BTreeSet<ProvinceId> {
    let mut out = BTreeSet::new();
    for (idx, loc) in map.locations.iter().enumerate() {
        if loc.province != province {
            continue;
        }
        for kind in [UnitKind::Army, UnitKind::Fleet] {
            for to in map.moves(kind, LocationId(idx as u32)) {
                out.insert(map.province_of(to));
            }
        }
    }
    out
}

fn matching(old: &Map, new: &Map) -> Matching {
    let mut provinces = BTreeMap::new();
    let mut taken = BTreeSet::new();
    for (idx, province) in old.provinces.iter().enumerate() {
        // The same abbreviation, and the same ground or name (a
        // translation may give an old abbreviation to another place).
        if let Some(there) = new.province(&province.abbr)
            && (new.prov(there).terrain == province.terrain
                || new.prov(there).name == province.name)
        {
            provinces.insert(ProvinceId(idx as u32), there);
            taken.insert(there);
        }
    }
    // Renames: an unmatched place whose matched neighbours are those of an
    // unmatched place on the other side, with the same terrain.
    loop {
        let mut progress = false;
        for idx in 0..old.provinces.len() {
            let id = ProvinceId(idx as u32);
            if provinces.contains_key(&id) {
                continue;
            }
            let mapped: BTreeSet<ProvinceId> =
                neighbours(old, id).iter().filter_map(|n| provinces.get(n).copied()).collect();
            if mapped.is_empty() {
                continue;
            }
            let candidates: Vec<ProvinceId> = (0..new.provinces.len())
                .map(|it| ProvinceId(it as u32))
                .filter(|it| !taken.contains(it))
                .filter(|it| new.prov(*it).terrain == old.prov(id).terrain)
                .filter(|it| {
                    let theirs: BTreeSet<ProvinceId> =
                        neighbours(new, *it).into_iter().filter(|n| taken.contains(n)).collect();
                    theirs == mapped
                })
                .collect();
            if let [only] = candidates[..] {
                provinces.insert(id, only);
                taken.insert(only);
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    Matching { provinces }
}

fn line_of(map: &Map, province: ProvinceId) -> Option<FileSpan> {
    map.prov(province).location.map(|loc| map.loc(loc).line)
}

/// The changes from `old` to `new`, in a fixed order (sections, then map
/// order).
pub fn diff(old: &Map, new: &Map) -> Vec<Change> {
    let m = matching(old, new);
    let back: BTreeMap<ProvinceId, ProvinceId> =
        m.provinces.iter().map(|(a, b)| (*b, *a)).collect();
    let mut out = Vec::new();
    let abbr = |map: &Map, p: ProvinceId| map.prov(p).abbr.clone();
    // Provinces.
    for (idx, province) in old.provinces.iter().enumerate() {
        let id = ProvinceId(idx as u32);
        match m.provinces.get(&id) {
            None => out.push(Change {
                section: "province",
                text: format!("removed: {} ({})", province.abbr, province.name),
                play: true,
                old: line_of(old, id),
                new: None,
                provinces: alloc::vec![province.abbr.clone()],
            }),
            Some(&there) => {
                let theirs = new.prov(there);
                if theirs.abbr != province.abbr || theirs.name != province.name {
                    out.push(Change {
                        section: "name",
                        text: format!(
                            "{} ({}) is now {} ({})",
                            province.abbr, province.name, theirs.abbr, theirs.name
                        ),
                        play: false,
                        old: line_of(old, id),
                        new: line_of(new, there),
                        provinces: alloc::vec![theirs.abbr.clone()],
                    });
                }
                if theirs.terrain != province.terrain {
                    out.push(Change {
                        section: "terrain",
                        text: format!(
                            "{}: {} → {}",
                            theirs.abbr,
                            province.terrain.as_str(),
                            theirs.terrain.as_str()
                        ),
                        play: true,
                        old: line_of(old, id),
                        new: line_of(new, there),
                        provinces: alloc::vec![theirs.abbr.clone()],
                    });
                }
                if theirs.supply_center != province.supply_center {
                    out.push(Change {
                        section: "supply centre",
                        text: format!(
                            "{} {}",
                            theirs.abbr,
                            if theirs.supply_center {
                                "becomes a supply centre"
                            } else {
                                "is no longer a supply centre"
                            }
                        ),
                        play: true,
                        old: line_of(old, id),
                        new: line_of(new, there),
                        provinces: alloc::vec![theirs.abbr.clone()],
                    });
                }
            }
        }
    }
    for (idx, province) in new.provinces.iter().enumerate() {
        let id = ProvinceId(idx as u32);
        if !back.contains_key(&id) {
            out.push(Change {
                section: "province",
                text: format!("added: {} ({})", province.abbr, province.name),
                play: true,
                old: None,
                new: line_of(new, id),
                provinces: alloc::vec![province.abbr.clone()],
            });
        }
    }
    // Adjacencies per unit type, by matched province pairs, written once
    // per pair when both directions changed alike.
    let edges = |map: &Map, kind: UnitKind, to_new: &dyn Fn(ProvinceId) -> Option<ProvinceId>| {
        let mut set = BTreeSet::new();
        for (idx, loc) in map.locations.iter().enumerate() {
            let ok = match kind {
                UnitKind::Army => loc.army_ok,
                UnitKind::Fleet => loc.fleet_ok,
            };
            if !ok {
                continue;
            }
            for to in map.moves(kind, LocationId(idx as u32)) {
                if let (Some(a), Some(b)) = (to_new(loc.province), to_new(map.province_of(to))) {
                    set.insert((a, b));
                }
            }
        }
        set
    };
    for kind in [UnitKind::Army, UnitKind::Fleet] {
        let before = edges(old, kind, &|p| m.provinces.get(&p).copied());
        let after = edges(new, kind, &|p| Some(p).filter(|p| back.contains_key(p)));
        for (set, other, word) in [(&before, &after, "lost"), (&after, &before, "gained")] {
            for &(a, b) in set.difference(other) {
                if a > b && set.contains(&(b, a)) && !other.contains(&(b, a)) {
                    continue; // written as (b, a)
                }
                let both = set.contains(&(b, a)) && !other.contains(&(b, a));
                let arrow = if both { "–" } else { "→" };
                let old_p = back.get(&a).copied();
                out.push(Change {
                    section: "adjacency",
                    text: format!(
                        "{} {} {arrow} {} {word}",
                        kind.letter(),
                        abbr(new, a),
                        abbr(new, b)
                    ),
                    play: true,
                    old: old_p.and_then(|p| line_of(old, p)),
                    new: line_of(new, a),
                    provinces: alloc::vec![abbr(new, a), abbr(new, b)],
                });
            }
        }
    }
    // Powers: by name, then a renamed power by its starting centres.
    let to_new = |p: ProvinceId| m.provinces.get(&p).copied();
    let mut power_match: BTreeMap<usize, usize> = BTreeMap::new();
    for (idx, power) in old.powers.iter().enumerate() {
        if let Some(there) = new.power(&power.name) {
            power_match.insert(idx, there.0 as usize);
        }
    }
    for (idx, power) in old.powers.iter().enumerate() {
        if power_match.contains_key(&idx) || power.centers.is_empty() {
            continue;
        }
        let mine: BTreeSet<Option<ProvinceId>> = power.centers.iter().map(|&p| to_new(p)).collect();
        let free: Vec<usize> = (0..new.powers.len())
            .filter(|j| !power_match.values().any(|v| v == j))
            .filter(|&j| {
                new.powers[j].centers.iter().map(|&p| Some(p)).collect::<BTreeSet<_>>() == mine
            })
            .collect();
        if let [only] = free[..] {
            power_match.insert(idx, only);
            out.push(Change {
                section: "name",
                text: format!("power {} is now {}", power.name, new.powers[only].name),
                play: false,
                old: Some(power.at),
                new: Some(new.powers[only].at),
                provinces: Vec::new(),
            });
        }
    }
    let names = |map: &Map,
                 list: &[ProvinceId],
                 to_new: &dyn Fn(ProvinceId) -> Option<ProvinceId>|
     -> BTreeSet<String> {
        list.iter()
            .map(|&p| {
                to_new(p).map_or_else(|| map.prov(p).abbr.clone(), |q| new.prov(q).abbr.clone())
            })
            .collect()
    };
    let same = |p: ProvinceId| Some(p);
    for (idx, power) in old.powers.iter().enumerate() {
        if !power_match.contains_key(&idx) {
            out.push(Change {
                section: "power",
                text: format!("removed: {}", power.name),
                play: true,
                old: Some(power.at),
                new: None,
                provinces: Vec::new(),
            });
        }
    }
    for (j, theirs) in new.powers.iter().enumerate() {
        let Some(id) =
            power_match.iter().find(|(_, v)| **v == j).map(|(k, _)| crate::map::PowerId(*k as u32))
        else {
            out.push(Change {
                section: "power",
                text: format!("added: {}", theirs.name),
                play: true,
                old: None,
                new: Some(theirs.at),
                provinces: Vec::new(),
            });
            continue;
        };
        let mine = old.pow(id);
        for (section, a, b) in [
            ("homes", names(old, &mine.homes, &to_new), names(new, &theirs.homes, &same)),
            ("centres", names(old, &mine.centers, &to_new), names(new, &theirs.centers, &same)),
        ] {
            for gone in a.difference(&b) {
                out.push(Change {
                    section,
                    text: format!("{}: {gone} removed", theirs.name),
                    play: true,
                    old: Some(mine.at),
                    new: Some(theirs.at),
                    provinces: alloc::vec![gone.clone()],
                });
            }
            for added in b.difference(&a) {
                out.push(Change {
                    section,
                    text: format!("{}: {added} added", theirs.name),
                    play: true,
                    old: Some(mine.at),
                    new: Some(theirs.at),
                    provinces: alloc::vec![added.clone()],
                });
            }
        }
        let unit_names = |map: &Map,
                          units: &[crate::map::Unit],
                          map_new: bool|
         -> BTreeSet<String> {
            units
                .iter()
                .map(|u| {
                    let p = map.province_of(u.location);
                    let name = if map_new {
                        new.prov(p).abbr.clone()
                    } else {
                        to_new(p)
                            .map_or_else(|| map.prov(p).abbr.clone(), |q| new.prov(q).abbr.clone())
                    };
                    // A coast by its place among the province's coasts (a
                    // translation renames them: STP/SC is STP/ZK).
                    let coast = match (map_new, to_new(p)) {
                        (false, Some(q)) => map
                            .prov(p)
                            .coasts
                            .iter()
                            .position(|&c| c == u.location)
                            .and_then(|i| new.prov(q).coasts.get(i))
                            .and_then(|&c| new.loc(c).coast.clone()),
                        _ => map.loc(u.location).coast.clone(),
                    };
                    let coast = coast.map(|c| format!("/{c}")).unwrap_or_default();
                    format!("{} {name}{coast}", u.kind.letter())
                })
                .collect()
        };
        let (a, b) = (unit_names(old, &mine.units, false), unit_names(new, &theirs.units, true));
        for gone in a.difference(&b) {
            out.push(Change {
                section: "units",
                text: format!("{}: {gone} removed", theirs.name),
                play: true,
                old: Some(mine.at),
                new: Some(theirs.at),
                provinces: Vec::new(),
            });
        }
        for added in b.difference(&a) {
            out.push(Change {
                section: "units",
                text: format!("{}: {added} added", theirs.name),
                play: true,
                old: Some(mine.at),
                new: Some(theirs.at),
                provinces: Vec::new(),
            });
        }
    }
    // Rules.
    let (ra, rb): (BTreeSet<&String>, BTreeSet<&String>) =
        (old.rules.iter().collect(), new.rules.iter().collect());
    for gone in ra.difference(&rb) {
        out.push(Change {
            section: "rule",
            text: format!("RULE {gone} removed"),
            play: true,
            old: None,
            new: None,
            provinces: Vec::new(),
        });
    }
    for added in rb.difference(&ra) {
        out.push(Change {
            section: "rule",
            text: format!("RULE {added} added"),
            play: true,
            old: None,
            new: None,
            provinces: Vec::new(),
        });
    }
    // Calendar: the first of 60 phases that differs.
    let (ca, _) = calendar::calendar(old);
    let (cb, _) = calendar::calendar(new);
    let pa: Vec<String> = ca.phases().take(60).map(|p| p.abbr()).collect();
    let pb: Vec<String> = cb.phases().take(60).map(|p| p.abbr()).collect();
    // The same years and kinds of phase under other names (a translation).
    let shape = |cal: &calendar::Calendar| -> Vec<(i64, calendar::PhaseKind)> {
        cal.phases().take(60).map(|p| (p.year, p.phase_kind())).collect()
    };
    if pa != pb && shape(&ca) == shape(&cb) {
        let at = pa.iter().zip(&pb).take_while(|(a, b)| a == b).count();
        out.push(Change {
            section: "name",
            text: format!("calendar: {} is now {}", pa[at], pb[at]),
            play: false,
            old: None,
            new: None,
            provinces: Vec::new(),
        });
    } else if pa != pb {
        let at = pa.iter().zip(&pb).take_while(|(a, b)| a == b).count();
        let show = |list: &[String]| {
            list.get(at).cloned().unwrap_or_else(|| String::from("(no more phases)"))
        };
        out.push(Change {
            section: "calendar",
            text: format!("phase {} differs: {} → {}", at + 1, show(&pa), show(&pb)),
            play: true,
            old: None,
            new: None,
            provinces: Vec::new(),
        });
    }
    out
}
