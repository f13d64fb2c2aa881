//! Retreat phases: where dislodged units may go, and who gets there.
//!
//! A dislodged unit may retreat to a location it could move to that is
//! empty after the movement phase, was not left vacant by a standoff, and is
//! not where its attacker came from, unless that attack came by convoy
//! (DATC 4.A.5b). Two or more retreats to one province all disband, except
//! that retreats across a `~` strait drop out first, then across a `*` cape;
//! if one remains it succeeds (DPjudge semantics notes §3.7).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::adjudicate::{Outcome, Rejected};
use crate::board::{Board, Dislodged, Piece};
use crate::map::{AbutRule, LocationId, Map, ProvinceId, Reach};
use crate::orders::{Command, Order};

/// Where `dislodged` may retreat on `board` (the position after movement).
pub fn retreat_options(map: &Map, board: &Board, dislodged: &Dislodged) -> Vec<LocationId> {
    let unit = dislodged.piece.unit;
    let mut res: Vec<LocationId> = Vec::new();
    for to in map.moves(unit.kind, unit.location) {
        let province = map.province_of(to);
        let restricted =
            map.abuts(Some(unit.kind), unit.location, Reach::Move, to).is_some_and(|abut| {
                crate::adjudicate::restriction(map, board, dislodged.piece.power, abut).is_some()
            });
        if restricted {
            continue;
        }
        if board.piece_in(map, province).is_some() || board.contested.contains(&province) {
            continue;
        }
        if dislodged.attacker_from == Some(province) && !dislodged.by_convoy {
            continue;
        }
        if !res.contains(&to) {
            res.push(to);
        }
    }
    res
}

/// What happened to one dislodged unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatResolution {
    /// The unit (where it was dislodged).
    pub piece: Piece,
    /// Index of the order used, if any.
    pub order: Option<usize>,
    /// Retreat or disband.
    pub command: Command,
    /// Succeeds (retreated or disbanded as ordered), fails (bounced, so disbanded) or void.
    pub outcome: Outcome,
    /// Where it ended, if it survived.
    pub to: Option<LocationId>,
    /// Why.
    pub reason: String,
}

/// The result of a retreat phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatResult {
    /// One per dislodged unit.
    pub resolutions: Vec<RetreatResolution>,
    /// Orders not used.
    pub rejected: Vec<Rejected>,
    /// The position after the phase (no dislodged units, no standoffs).
    pub board: Board,
}

/// Adjudicates a retreat phase.
pub fn adjudicate_retreats(map: &Map, board: &Board, orders: &[Order]) -> RetreatResult {
    let mut rejected = Vec::new();
    // Chosen order per dislodged unit: (order index, target).
    let mut chosen: Vec<Option<(usize, Option<LocationId>)>> =
        alloc::vec![None; board.dislodged.len()];
    for (order_idx, order) in orders.iter().enumerate() {
        let Some(unit) = order.unit else {
            rejected.push(Rejected::new(order_idx, "not a retreat order".into()));
            continue;
        };
        let province = map.province_of(unit.location);
        let Some(idx) = board
            .dislodged
            .iter()
            .position(|it| map.province_of(it.piece.unit.location) == province)
        else {
            rejected.push(Rejected::new(
                order_idx,
                format!("no dislodged unit in {}", map.prov(province).abbr),
            ));
            continue;
        };
        let dislodged = &board.dislodged[idx];
        if !crate::adjudicate::may_order(map, order.power, dislodged.piece.power) {
            rejected.push(Rejected::new(
                order_idx,
                format!(
                    "{} belongs to {}",
                    map.unit_text(dislodged.piece.unit),
                    map.pow(dislodged.piece.power).name
                ),
            ));
            continue;
        }
        if chosen[idx].is_some() {
            rejected.push(Rejected::new(order_idx, "the unit already has an order".into()));
            continue;
        }
        match &order.command {
            Command::Disband => chosen[idx] = Some((order_idx, None)),
            Command::Retreat { to } => match pick_target(map, dislodged, *to) {
                Some(target) => chosen[idx] = Some((order_idx, Some(target))),
                None => {
                    let options: Vec<&str> =
                        dislodged.retreats.iter().map(|&it| map.loc(it).abbr.as_str()).collect();
                    let options =
                        if options.is_empty() { String::from("none") } else { options.join(", ") };
                    rejected.push(Rejected::new(
                        order_idx,
                        format!(
                            "cannot retreat to {} (may retreat to: {options})",
                            map.loc(*to).abbr
                        ),
                    ));
                }
            },
            _ => rejected.push(Rejected::new(order_idx, "not a retreat-phase order".into())),
        }
    }
    // Conflicts: several retreats into one province.
    let mut by_province: Vec<Vec<usize>> = alloc::vec![Vec::new(); map.provinces.len()];
    for (idx, choice) in chosen.iter().enumerate() {
        if let Some((_, Some(to))) = choice {
            by_province[map.province_of(*to).0 as usize].push(idx);
        }
    }
    let mut survives = alloc::vec![false; board.dislodged.len()];
    let mut bounced_with: Vec<Vec<usize>> = alloc::vec![Vec::new(); board.dislodged.len()];
    for (province, contenders) in by_province.iter().enumerate() {
        if contenders.is_empty() {
            continue;
        }
        let province = ProvinceId(province as u32);
        let mut left: Vec<usize> = contenders.clone();
        if left.len() > 1 {
            for mark in [AbutRule::Strait, AbutRule::Cape] {
                let weak: Vec<usize> = left
                    .iter()
                    .copied()
                    .filter(|&idx| crosses(map, &board.dislodged[idx], province, &mark))
                    .collect();
                if !weak.is_empty() && weak.len() < left.len() {
                    left.retain(|idx| !weak.contains(idx));
                }
            }
        }
        if left.len() == 1 {
            survives[left[0]] = true;
        } else {
            for &idx in contenders {
                bounced_with[idx] =
                    contenders.iter().copied().filter(|&other| other != idx).collect();
            }
        }
    }
    let mut after = board.clone();
    after.dislodged.clear();
    after.contested.clear();
    let mut resolutions = Vec::new();
    for (idx, dislodged) in board.dislodged.iter().enumerate() {
        let piece = dislodged.piece;
        let (order, command, outcome, to, reason) = match chosen[idx] {
            None => (
                None,
                Command::Disband,
                Outcome::Fails,
                None,
                String::from("no retreat ordered: disbanded"),
            ),
            Some((order, None)) => {
                (Some(order), Command::Disband, Outcome::Succeeds, None, String::from("disbanded"))
            }
            Some((order, Some(to))) if survives[idx] => (
                Some(order),
                Command::Retreat { to },
                Outcome::Succeeds,
                Some(to),
                format!("retreats to {}", map.loc(to).abbr),
            ),
            Some((order, Some(to))) => {
                let others: Vec<String> = bounced_with[idx]
                    .iter()
                    .map(|&other| map.unit_text(board.dislodged[other].piece.unit))
                    .collect();
                let reason = if others.is_empty() {
                    format!("lost the retreat to {}: disbanded", map.loc(to).abbr)
                } else {
                    format!(
                        "bounced with {} retreating to {}: disbanded",
                        others.join(", "),
                        map.prov(map.province_of(to)).abbr
                    )
                };
                (Some(order), Command::Retreat { to }, Outcome::Fails, None, reason)
            }
        };
        if let Some(to) = to {
            after.pieces.push(Piece {
                power: piece.power,
                unit: crate::map::Unit { kind: piece.unit.kind, location: to },
            });
        }
        resolutions.push(RetreatResolution { piece, order, command, outcome, to, reason });
    }
    RetreatResult { resolutions, rejected, board: after }
}

/// The retreat target for an order naming `to`: an allowed location, the
/// only allowed coast of a named province, or `None`.
fn pick_target(map: &Map, dislodged: &Dislodged, to: LocationId) -> Option<LocationId> {
    if dislodged.retreats.contains(&to) {
        return Some(to);
    }
    let province = map.province_of(to);
    let matches: Vec<LocationId> =
        dislodged.retreats.iter().copied().filter(|&it| map.province_of(it) == province).collect();
    match (matches.as_slice(), map.loc(to).coast.is_some()) {
        ([one], false) => Some(*one),
        _ => None,
    }
}

/// Whether a retreat into `province` crosses an abut carrying `mark`.
fn crosses(map: &Map, dislodged: &Dislodged, province: ProvinceId, mark: &AbutRule) -> bool {
    let from = dislodged.piece.unit.location;
    let Some(target) = map.prov(province).location else { return false };
    map.abuts(None, from, Reach::Support, target).is_some_and(|abut| abut.rules.contains(mark))
}
