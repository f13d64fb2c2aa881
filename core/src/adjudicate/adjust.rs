//! Adjustment phases: builds, removals, waives and civil disorder.
//!
//! Each power builds or removes the difference between its supply centres
//! and its units. The first legal orders are used (DATC 4.D.4–4.D.6); a fleet
//! built in a multi-coast province needs its coast (4.B.7); unordered builds
//! are waived. Unordered removals follow the 2023 civil-disorder rule (4.D.8):
//! the unit farthest from the power's nearest owned centre goes first,
//! distance counted in moves with armies and fleets both crossing land and
//! sea; ties go fleets first, then by the province's name.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::adjudicate::{Outcome, Rejected};
use crate::board::{Board, Piece};
use crate::map::{Map, PowerId, ProvinceId, Terrain, Unit, UnitKind};
use crate::orders::{Command, Order};
use crate::rules::Rule;

/// How many units each power must build (positive) or remove (negative):
/// centres minus units, plus RESERVES while the power owns a home centre,
/// plus MILITIA for units standing on its own home centres (as documented;
/// RULE NO_RESERVES / NO_MILITIA turn them off).
pub fn adjustment_counts(map: &Map, board: &Board) -> Vec<i64> {
    (0..map.powers.len())
        .map(|idx| {
            let power = PowerId(idx as u32);
            let homes = board.homes.get(idx).map(Vec::as_slice).unwrap_or(&[]);
            let owns_home = homes
                .iter()
                .any(|home| board.owners.get(home.0 as usize).copied().flatten() == Some(power));
            let mut allowed = board.centers_of(power).count() as i64;
            if owns_home && !map.has(Rule::NoReserves) {
                allowed += i64::from(map.pow(power).reserves);
            }
            if !map.has(Rule::NoMilitia) {
                let on_homes = board
                    .units_of(power)
                    .filter(|piece| {
                        let province = map.province_of(piece.unit.location);
                        homes.contains(&province)
                            && board.owners.get(province.0 as usize).copied().flatten()
                                == Some(power)
                    })
                    .count() as i64;
                allowed += on_homes.min(i64::from(map.pow(power).militia));
            }
            allowed - board.units_of(power).count() as i64
        })
        .collect()
}

/// Whether the adjustment phase on `board` has anything to do, as DPjudge's
/// `checkPhase` decides: some power must remove units, or is owed builds
/// and has at least one place to build (its build limit under the map's
/// rules). Uses the same build-site test as [`adjudicate_adjustments`], so
/// the game loop never stops on a phase in which no order could do anything.
pub fn needs_adjustment(map: &Map, board: &Board) -> bool {
    adjustment_counts(map, board).iter().enumerate().any(|(idx, &count)| {
        count < 0 || (count > 0 && has_build_site(map, board, PowerId(idx as u32)))
    })
}

/// Whether `power` could build at least one unit somewhere on `board`.
pub fn has_build_site(map: &Map, board: &Board, power: PowerId) -> bool {
    build_sites(map, board, power).next().is_some()
}

/// Every unit `power` could build on `board`, each judged on its own by the
/// adjudicator's own test ([`can_build`]): a home an `&SC` claim would add
/// for one candidate is taken back before the next. The one enumeration
/// behind [`has_build_site`] (the game loop) and the page's build options.
pub(super) fn build_sites<'a>(
    map: &'a Map,
    board: &'a Board,
    power: PowerId,
) -> impl Iterator<Item = Unit> + 'a {
    let build_any = map.has(Rule::BuildAny);
    let mut scratch = board.clone();
    map.provinces.iter().flat_map(build_candidates).filter_map(move |unit| {
        let mut claims_left = map.pow(power).claims;
        let placed =
            can_build(map, &mut scratch, power, unit, build_any, &mut claims_left, &[]).ok();
        let idx = power.0 as usize;
        if let (Some(homes), Some(before)) = (scratch.homes.get_mut(idx), board.homes.get(idx))
            && homes.len() != before.len()
        {
            homes.clone_from(before);
        }
        placed
    })
}

/// What one adjustment order (or civil disorder) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjustment {
    /// The power.
    pub power: PowerId,
    /// The order used (`None` for civil disorder and automatic waives).
    pub order: Option<usize>,
    /// Build, disband (removal) or waive.
    pub command: Command,
    /// The unit built or removed.
    pub unit: Option<Unit>,
    /// Succeeds or void.
    pub outcome: Outcome,
    /// Why.
    pub reason: String,
}

/// The result of an adjustment phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjustmentResult {
    /// Builds, removals and waives carried out, in order.
    pub adjustments: Vec<Adjustment>,
    /// Orders not used.
    pub rejected: Vec<Rejected>,
    /// The position after the phase.
    pub board: Board,
}

/// Adjudicates an adjustment phase.
pub fn adjudicate_adjustments(map: &Map, board: &Board, orders: &[Order]) -> AdjustmentResult {
    let counts = adjustment_counts(map, board);
    let mut after = board.clone();
    let mut adjustments = Vec::new();
    let mut rejected = Vec::new();
    let build_any = map.has(Rule::BuildAny);
    for (power_idx, &count) in counts.iter().enumerate() {
        let power = PowerId(power_idx as u32);
        let mine: Vec<(usize, &Order)> =
            orders.iter().enumerate().filter(|(_, order)| order.power == power).collect();
        if count > 0 {
            let mut left = count;
            let mut claims_left = map.pow(power).claims;
            // Provinces built in so far this phase (for alternative-home limits).
            let mut built: Vec<ProvinceId> = Vec::new();
            for (order_idx, order) in mine {
                if left == 0 {
                    rejected.push(Rejected::new(
                        order_idx,
                        format!("{} has no more builds", map.pow(power).name),
                    ));
                    continue;
                }
                match (&order.command, order.unit) {
                    (Command::Waive, _) => {
                        left -= 1;
                        adjustments.push(Adjustment {
                            power,
                            order: Some(order_idx),
                            command: Command::Waive,
                            unit: None,
                            outcome: Outcome::Succeeds,
                            reason: "build waived".into(),
                        });
                    }
                    (Command::Build, Some(unit)) => {
                        match can_build(
                            map,
                            &mut after,
                            power,
                            unit,
                            build_any,
                            &mut claims_left,
                            &built,
                        ) {
                            Ok(unit) => {
                                left -= 1;
                                after.pieces.push(Piece { power, unit });
                                built.push(map.province_of(unit.location));
                                adjustments.push(Adjustment {
                                    power,
                                    order: Some(order_idx),
                                    command: Command::Build,
                                    unit: Some(unit),
                                    outcome: Outcome::Succeeds,
                                    reason: format!("builds {}", map.unit_text(unit)),
                                });
                            }
                            Err(reason) => rejected.push(Rejected::new(order_idx, reason)),
                        }
                    }
                    _ => rejected.push(Rejected::new(
                        order_idx,
                        format!(
                            "{} builds {count}; only builds and waives are possible",
                            map.pow(power).name
                        ),
                    )),
                }
            }
            if left > 0
                && map.has(Rule::CdBuilds)
                && !orders.iter().any(|order| order.power == power)
            {
                // A power in civil disorder builds (DPjudge picks at random;
                // judgepad picks deterministically: sites in order, armies first).
                let sites: Vec<ProvinceId> =
                    after.homes.get(power_idx).cloned().unwrap_or_default();
                for site in sites {
                    if left == 0 {
                        break;
                    }
                    for unit in build_candidates(map.prov(site)) {
                        if let Ok(unit) = can_build(
                            map,
                            &mut after,
                            power,
                            unit,
                            build_any,
                            &mut claims_left,
                            &built,
                        ) {
                            left -= 1;
                            after.pieces.push(Piece { power, unit });
                            built.push(map.province_of(unit.location));
                            adjustments.push(Adjustment {
                                power,
                                order: None,
                                command: Command::Build,
                                unit: Some(unit),
                                outcome: Outcome::Succeeds,
                                reason: format!(
                                    "civil disorder builds {} (RULE CD_BUILDS)",
                                    map.unit_text(unit)
                                ),
                            });
                            break;
                        }
                    }
                }
            }
            for _ in 0..left {
                adjustments.push(Adjustment {
                    power,
                    order: None,
                    command: Command::Waive,
                    unit: None,
                    outcome: Outcome::Succeeds,
                    reason: "no build ordered: waived".into(),
                });
            }
        } else if count < 0 {
            let mut left = -count;
            for (order_idx, order) in mine {
                if left == 0 {
                    rejected.push(Rejected::new(
                        order_idx,
                        format!("{} has no more removals", map.pow(power).name),
                    ));
                    continue;
                }
                let (Command::Disband, Some(unit)) = (&order.command, order.unit) else {
                    rejected.push(Rejected::new(
                        order_idx,
                        format!(
                            "{} removes {}; only removals are possible",
                            map.pow(power).name,
                            -count
                        ),
                    ));
                    continue;
                };
                let province = map.province_of(unit.location);
                let Some(pos) = after.pieces.iter().position(|piece| {
                    piece.power == power && map.province_of(piece.unit.location) == province
                }) else {
                    rejected.push(Rejected::new(
                        order_idx,
                        format!(
                            "{} has no unit in {}",
                            map.pow(power).name,
                            map.prov(province).abbr
                        ),
                    ));
                    continue;
                };
                let removed = after.pieces.remove(pos);
                left -= 1;
                adjustments.push(Adjustment {
                    power,
                    order: Some(order_idx),
                    command: Command::Disband,
                    unit: Some(removed.unit),
                    outcome: Outcome::Succeeds,
                    reason: format!("removes {}", map.unit_text(removed.unit)),
                });
            }
            for unit in civil_disorder(map, &after, power, left as usize) {
                let pos = after
                    .pieces
                    .iter()
                    .position(|piece| piece.power == power && piece.unit == unit)
                    .expect("chosen from the board");
                after.pieces.remove(pos);
                adjustments.push(Adjustment {
                    power,
                    order: None,
                    command: Command::Disband,
                    unit: Some(unit),
                    outcome: Outcome::Succeeds,
                    reason: format!("civil disorder removes {}", map.unit_text(unit)),
                });
            }
        } else {
            for (order_idx, _) in mine {
                rejected.push(Rejected::new(
                    order_idx,
                    format!("{} has nothing to adjust", map.pow(power).name),
                ));
            }
        }
    }
    crate::sorting::sort_by_key(&mut rejected, |it| it.order);
    after.dislodged.clear();
    after.contested.clear();
    AdjustmentResult { adjustments, rejected, board: after }
}

/// The units one might build in `prov`, armies first: an army in the
/// province, a fleet in the province and on each of its coasts.
pub(super) fn build_candidates(prov: &crate::map::Province) -> Vec<Unit> {
    let armies = prov.location.into_iter().map(|location| Unit { kind: UnitKind::Army, location });
    let fleets = prov
        .location
        .into_iter()
        .chain(prov.coasts.iter().copied())
        .map(|location| Unit { kind: UnitKind::Fleet, location });
    armies.chain(fleets).collect()
}

/// Whether `power` may build `unit` now; the unit to place (coast resolved).
/// Sites: owned, empty home centres (any owned centre under RULE BUILD_ANY,
/// or with an unused `&SC` claim, which makes it a home); factories (`+X`,
/// unless NO_FACTORIES); partisan sites (`*X`) while the power owns some but
/// not all of its home centres (unless NO_PARTISANS).
pub(super) fn can_build(
    map: &Map,
    board: &mut Board,
    power: PowerId,
    unit: Unit,
    build_any: bool,
    claims_left: &mut u32,
    built_here: &[ProvinceId],
) -> Result<Unit, String> {
    let province = map.province_of(unit.location);
    let name = map.prov(province).abbr.clone();
    let spec = map.pow(power);
    let homes = board.homes.get(power.0 as usize).cloned().unwrap_or_default();
    let owned = board.owners.get(province.0 as usize).copied().flatten() == Some(power);
    let owned_homes = homes
        .iter()
        .filter(|home| board.owners.get(home.0 as usize).copied().flatten() == Some(power))
        .count();
    let factory = spec.factories.contains(&province) && !map.has(Rule::NoFactories);
    let partisan = spec.partisans.contains(&province)
        && !map.has(Rule::NoPartisans)
        && owned_homes > 0
        && owned_homes < homes.len();
    let mut claim = false;
    // RULE HOME_BUILDS: any owned centre that was anyone's home at the start.
    let any_home =
        map.has(Rule::HomeBuilds) && map.powers.iter().any(|it| it.homes.contains(&province));
    // RULE REMOTE_BUILDS: only while owning an original home; then anywhere
    // owned, unless HOME_BUILDS restricts the sites.
    let remote = map.has(Rule::RemoteBuilds);
    if remote
        && !spec
            .homes
            .iter()
            .any(|home| board.owners.get(home.0 as usize).copied().flatten() == Some(power))
    {
        return Err(format!(
            "{} owns none of its original home centres, so it cannot build (RULE REMOTE_BUILDS)",
            spec.name
        ));
    }
    let build_any = build_any || (remote && !map.has(Rule::HomeBuilds));
    if !factory && !partisan {
        if !owned {
            return Err(format!("{name} is not owned by {}", spec.name));
        }
        if !homes.contains(&province) && !build_any && !any_home {
            if *claims_left == 0 || !map.prov(province).supply_center {
                return Err(format!("{name} is not a home centre of {} (DATC 6.I.6)", spec.name));
            }
            claim = true;
        }
    }
    if board.piece_in(map, province).is_some() {
        return Err(format!("{name} is occupied (DATC 6.I.3)"));
    }
    // Alternative homes (@X(H1,H2)) add sites, not builds: X and the homes
    // it stands for share their builds.
    for (site, limits) in spec.alternatives.iter().filter(|(_, limits)| !limits.is_empty()) {
        let group: Vec<ProvinceId> =
            core::iter::once(*site).chain(limits.iter().copied()).collect();
        if group.contains(&province) {
            let built = built_here.iter().filter(|it| group.contains(it)).count();
            if built >= limits.len() {
                let names: Vec<&str> = group.iter().map(|&it| map.prov(it).abbr.as_str()).collect();
                return Err(format!(
                    "{} is an alternative to {}: only {} build(s) among {}",
                    map.prov(*site).abbr,
                    names[1..].join(", "),
                    limits.len(),
                    names.join(", ")
                ));
            }
        }
    }
    let loc = map.loc(unit.location);
    let placed = match unit.kind {
        UnitKind::Army => {
            let Some(province_loc) = map.prov(province).location.filter(|&it| map.loc(it).army_ok)
            else {
                return Err(format!("an army cannot stand in {name}"));
            };
            Unit { kind: UnitKind::Army, location: province_loc }
        }
        UnitKind::Fleet => {
            if map.prov(province).terrain == Terrain::Land {
                return Err(format!("a fleet cannot be built inland in {name} (DATC 6.I.2)"));
            }
            if !loc.fleet_ok {
                return Err(format!(
                    "say which coast of {name} the fleet is built on (DATC 6.B.14)"
                ));
            }
            unit
        }
    };
    if claim {
        // An `&SC` claim: the centre becomes a home for good.
        *claims_left -= 1;
        if let Some(homes) = board.homes.get_mut(power.0 as usize) {
            homes.push(province);
        }
    }
    Ok(placed)
}

/// The units civil disorder removes (2023 rule, DATC 4.D.8).
pub(super) fn civil_disorder(map: &Map, board: &Board, power: PowerId, count: usize) -> Vec<Unit> {
    if count == 0 {
        return Vec::new();
    }
    let owned: Vec<ProvinceId> = board.centers_of(power).collect();
    let distances = distances_to(map, &owned);
    let mut units: Vec<(u32, bool, String, Unit)> = board
        .units_of(power)
        .map(|piece| {
            let province = map.province_of(piece.unit.location);
            let distance = distances[province.0 as usize];
            (
                distance,
                piece.unit.kind == UnitKind::Fleet,
                map.prov(province).name.to_uppercase(),
                piece.unit,
            )
        })
        .collect();
    // Farthest first; fleets before armies; then alphabetical.
    crate::sorting::sort_by(&mut units, |a, b| {
        b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2))
    });
    units.into_iter().take(count).map(|it| it.3).collect()
}

/// Moves from every province to the nearest of `targets`, armies and fleets
/// both crossing land and sea (`u32::MAX` if unreachable).
fn distances_to(map: &Map, targets: &[ProvinceId]) -> Vec<u32> {
    let n = map.provinces.len();
    let mut neighbours: Vec<Vec<ProvinceId>> = alloc::vec![Vec::new(); n];
    for loc in &map.locations {
        for abut in &loc.abuts {
            if let Some(other) = abut.province
                && map.prov(other).terrain != Terrain::Shut
                && other != loc.province
            {
                neighbours[loc.province.0 as usize].push(other);
                neighbours[other.0 as usize].push(loc.province);
            }
        }
    }
    let mut dist = alloc::vec![u32::MAX; n];
    let mut queue: alloc::collections::VecDeque<ProvinceId> = alloc::collections::VecDeque::new();
    for &target in targets {
        dist[target.0 as usize] = 0;
        queue.push_back(target);
    }
    while let Some(here) = queue.pop_front() {
        let next_dist = dist[here.0 as usize] + 1;
        for &next in &neighbours[here.0 as usize] {
            if dist[next.0 as usize] == u32::MAX {
                dist[next.0 as usize] = next_dist;
                queue.push_back(next);
            }
        }
    }
    dist
}
