//! Balance at a glance (issue 31): what the map's graph says about each
//! power before anyone plays. Distances are in moves of one unit, an army
//! or a fleet, starting from any of the power's home centres where a unit
//! of that kind may stand, over the moves the map allows that kind (coasts
//! count for fleets); an army may also be convoyed across one sea, which
//! counts two moves (one for a fleet to be there). From them, per power: the centres it reaches at all, the
//! neutral centres it reaches strictly first, those it ties for (and with
//! whom), the moves to its nearest rival's home, its frontier with each
//! rival (provinces both reach at the same move), and between every two
//! powers the first contact: the fewest moves after which a unit of each
//! could stand in the same province. Deterministic; no order of the powers
//! matters (a tie is a tie, never a win for the first listed).

use alloc::vec;
use alloc::vec::Vec;

use crate::map::{LocationId, Map, PowerId, ProvinceId, UnitKind};

/// Moves from a power's homes to each province (`None`: out of reach).
pub type Reach = Vec<Option<u32>>;

/// One power's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerBalance {
    /// The power.
    pub power: PowerId,
    /// Its home centres (its starting centres when it names no homes).
    pub homes: Vec<ProvinceId>,
    /// Moves from its homes to each province.
    pub reach: Reach,
    /// Supply centres it reaches at all.
    pub reachable: usize,
    /// Neutral centres it reaches strictly before every other power.
    pub first_reach: Vec<ProvinceId>,
    /// Neutral centres it reaches first together with others: the centre
    /// and the others.
    pub contested: Vec<(ProvinceId, Vec<PowerId>)>,
    /// Moves to the nearest home centre of another power.
    pub nearest_rival_home: Option<u32>,
    /// Per rival: provinces both reach first, at the same move.
    pub frontier: Vec<(PowerId, Vec<ProvinceId>)>,
}

/// The whole map's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balance {
    /// One entry per power, in map order.
    pub powers: Vec<PowerBalance>,
    /// `contact[a][b]`: the fewest moves after which a unit of each of the
    /// two could stand in the same province (`None`: never; the diagonal
    /// is `Some(0)`).
    pub contact: Vec<Vec<Option<u32>>>,
    /// Neutral centres (owned by nobody at the start), each with the powers
    /// that reach it first (one: a clear first; several: contested; none:
    /// out of everyone's reach).
    pub neutrals: Vec<(ProvinceId, Vec<PowerId>)>,
}

/// The balance figures of `map`.
pub fn balance(map: &Map) -> Balance {
    let n = map.powers.len();
    let all_homes: Vec<Vec<ProvinceId>> = (0..n).map(|p| homes(map, PowerId(p as u32))).collect();
    let steps = Steps::of(map);
    let reaches: Vec<Reach> = all_homes.iter().map(|h| reach(map, &steps, h)).collect();
    let owned = |province: ProvinceId| map.powers.iter().any(|p| p.centers.contains(&province));
    // Per province, the powers at the least distance to it (none out of
    // reach).
    let firsts: Vec<Vec<PowerId>> = (0..map.provinces.len())
        .map(|v| {
            let best = reaches.iter().filter_map(|r| r[v]).min();
            (0..n)
                .filter(|&p| best.is_some() && reaches[p][v] == best)
                .map(|p| PowerId(p as u32))
                .collect()
        })
        .collect();
    let neutrals: Vec<(ProvinceId, Vec<PowerId>)> = (0..map.provinces.len())
        .map(|v| ProvinceId(v as u32))
        .filter(|&v| map.prov(v).supply_center && !owned(v))
        .map(|v| (v, firsts[v.0 as usize].clone()))
        .collect();
    let contact: Vec<Vec<Option<u32>>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| {
                    (0..map.provinces.len())
                        .filter_map(|v| Some(reaches[a][v]?.max(reaches[b][v]?)))
                        .min()
                })
                .collect()
        })
        .collect();
    let powers = (0..n)
        .map(|p| {
            let power = PowerId(p as u32);
            let reach = &reaches[p];
            let reachable = (0..map.provinces.len())
                .filter(|&v| map.provinces[v].supply_center && reach[v].is_some())
                .count();
            let mut first_reach = Vec::new();
            let mut contested = Vec::new();
            for (centre, first) in &neutrals {
                if !first.contains(&power) {
                    continue;
                }
                if first.len() == 1 {
                    first_reach.push(*centre);
                } else {
                    contested
                        .push((*centre, first.iter().copied().filter(|&o| o != power).collect()));
                }
            }
            let nearest_rival_home = (0..n)
                .filter(|&o| o != p)
                .flat_map(|o| &all_homes[o])
                .filter_map(|h| reach[h.0 as usize])
                .min();
            let frontier = (0..n)
                .filter(|&o| o != p)
                .map(|o| {
                    let shared = (0..map.provinces.len())
                        .map(|v| ProvinceId(v as u32))
                        .filter(|&v| {
                            let first = &firsts[v.0 as usize];
                            first.contains(&power) && first.contains(&PowerId(o as u32))
                        })
                        .collect();
                    (PowerId(o as u32), shared)
                })
                .collect();
            PowerBalance {
                power,
                homes: all_homes[p].clone(),
                reach: reach.clone(),
                reachable,
                first_reach,
                contested,
                nearest_rival_home,
                frontier,
            }
        })
        .collect();
    Balance { powers, contact, neutrals }
}

/// A power's home centres, or its starting centres when it names none.
pub fn homes(map: &Map, power: PowerId) -> Vec<ProvinceId> {
    let spec = map.pow(power);
    let mut homes = if spec.homes.is_empty() { spec.centers.clone() } else { spec.homes.clone() };
    homes.sort_unstable();
    homes.dedup();
    homes
}

/// Where a unit may go in one step from each location, worked out once per
/// map (not once per power): moves by kind, and for an army the coasts it
/// may be convoyed to across one sea (two steps).
pub struct Steps {
    /// Moves of an army, of a fleet, from each location.
    moves: [Vec<Vec<LocationId>>; 2],
    /// Convoys of an army from each location.
    convoys: Vec<Vec<LocationId>>,
}

impl Steps {
    /// The steps of `map`.
    pub fn of(map: &Map) -> Steps {
        let all = || (0..map.locations.len()).map(|l| LocationId(l as u32));
        let moves = [UnitKind::Army, UnitKind::Fleet]
            .map(|kind| all().map(|l| map.moves(kind, l)).collect::<Vec<_>>());
        let convoys = all().map(|l| convoyed(map, &moves[1], l)).collect();
        Steps { moves, convoys }
    }
}

/// Moves from `homes` to each province, for the better of an army and a
/// fleet (a search over locations per kind, by rounds of moves). An army
/// on a coast may also be convoyed across one sea to another coast of it:
/// two moves (one for a fleet to be there).
pub fn reach(map: &Map, steps: &Steps, homes: &[ProvinceId]) -> Reach {
    let mut best: Reach = vec![None; map.provinces.len()];
    for (k, kind) in [UnitKind::Army, UnitKind::Fleet].into_iter().enumerate() {
        let mut seen: Vec<Option<u32>> = vec![None; map.locations.len()];
        // Locations to expand, by their number of moves.
        let mut rounds: Vec<Vec<LocationId>> = vec![Vec::new()];
        for &home in homes {
            for loc in locations(map, home) {
                if map.valid_unit(kind, loc) && seen[loc.0 as usize].is_none() {
                    seen[loc.0 as usize] = Some(0);
                    rounds[0].push(loc);
                }
            }
        }
        let mut d = 0;
        while d < rounds.len() {
            let here = core::mem::take(&mut rounds[d]);
            for loc in here {
                if seen[loc.0 as usize] != Some(d as u32) {
                    continue;
                }
                let mut step = |to: LocationId, cost: usize, rounds: &mut Vec<Vec<LocationId>>| {
                    let at = d + cost;
                    if seen[to.0 as usize].is_none_or(|s| at < s as usize) {
                        seen[to.0 as usize] = Some(at as u32);
                        if rounds.len() <= at {
                            rounds.resize(at + 1, Vec::new());
                        }
                        rounds[at].push(to);
                    }
                };
                for &to in &steps.moves[k][loc.0 as usize] {
                    step(to, 1, &mut rounds);
                }
                if kind == UnitKind::Army {
                    for &to in &steps.convoys[loc.0 as usize] {
                        step(to, 2, &mut rounds);
                    }
                }
            }
            d += 1;
        }
        for (loc, d) in seen.iter().enumerate() {
            let Some(d) = *d else { continue };
            let v = map.locations[loc].province.0 as usize;
            best[v] = Some(best[v].map_or(d, |b: u32| b.min(d)));
        }
    }
    best
}

/// A province's locations: the province itself, then its coasts.
fn locations(map: &Map, province: ProvinceId) -> impl Iterator<Item = LocationId> + '_ {
    let province = map.prov(province);
    province.location.into_iter().chain(province.coasts.iter().copied())
}

/// Where an army at `from` may be convoyed across one sea: the army
/// locations of the other coasts of each water province a fleet could
/// reach from `from`'s province (`fleet`: each location's fleet moves).
fn convoyed(map: &Map, fleet: &[Vec<LocationId>], from: LocationId) -> Vec<LocationId> {
    let here = map.province_of(from);
    let mut out = Vec::new();
    for coast in locations(map, here).filter(|&l| map.valid_unit(UnitKind::Fleet, l)) {
        for &sea in &fleet[coast.0 as usize] {
            if map.valid_unit(UnitKind::Army, sea) {
                continue;
            }
            for &shore in &fleet[sea.0 as usize] {
                let province = map.province_of(shore);
                let Some(land) = map.prov(province).location else { continue };
                if province != here && map.valid_unit(UnitKind::Army, land) && !out.contains(&land)
                {
                    out.push(land);
                }
            }
        }
    }
    out
}
