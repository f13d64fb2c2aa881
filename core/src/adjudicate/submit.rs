//! Submission (DATC 4.E.1, 4.D.3): each unit gets its one legal order, or
//! holds. What makes an order legal: geography with the map's own words
//! for why not (`no_abut`), coasts (4.B), power, one-way and ownership
//! restrictions on abuts, and who may order whose units.

use crate::board::Board;
use crate::map::{AbutRule, LocationId, Map, PowerId, ProvinceId, Reach, Terrain, UnitKind};
use crate::orders::Command;
use crate::rules::Rule;
use crate::text::FileSpan;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::adjudicate::{ANOTHER_ORDER, Ctx, Kind, Move, RejectKind, Rejected};

impl Ctx<'_> {
    /// Submission: one legal order per unit (DATC 4.E.1, 4.D.3).
    pub(super) fn submit(&mut self) {
        let mut chosen: Vec<Option<(usize, Kind)>> = alloc::vec![None; self.kinds.len()];
        let mut conflict = alloc::vec![false; self.kinds.len()];
        let mut illegal: Vec<Option<(usize, String, Option<FileSpan>)>> =
            alloc::vec![None; self.kinds.len()];
        for (order_idx, order) in self.orders.iter().enumerate() {
            let reject = |ctx: &mut Ctx<'_>, reason: String, forbidden_by: Option<FileSpan>| {
                ctx.rejected.push(Rejected {
                    order: order_idx,
                    reason,
                    forbidden_by,
                    kind: RejectKind::Illegal,
                });
            };
            let Some(unit) = order.unit else {
                reject(self, "not a movement order".into(), None);
                continue;
            };
            let province = self.map.province_of(unit.location);
            let Some(idx) = self.unit_in(province) else {
                reject(self, format!("no unit in {}", self.map.prov(province).abbr), None);
                continue;
            };
            let piece = self.piece(idx);
            if !may_order(self.map, order.power, piece.power) {
                let owner = &self.map.pow(piece.power).name;
                reject(
                    self,
                    format!("{} belongs to {owner}", self.map.unit_text(piece.unit)),
                    None,
                );
                continue;
            }
            if self.map.pow(piece.power).dummy {
                if self.map.has(Rule::CdDummies) {
                    reject(
                        self,
                        "a dummy power is in civil disorder: its units hold (RULE CD_DUMMIES)"
                            .into(),
                        None,
                    );
                    continue;
                }
                if self.map.has(Rule::ImmobileDummies)
                    && matches!(order.command, Command::Move { .. })
                {
                    reject(
                        self,
                        "a dummy power's units cannot move (RULE IMMOBILE_DUMMIES)".into(),
                        None,
                    );
                    continue;
                }
            }
            match self.legal(idx, &order.command) {
                Ok(kind) => match &chosen[idx] {
                    Some((other, _)) if self.orders[*other].command != order.command => {
                        conflict[idx] = true;
                        self.rejected.push(Rejected::duplicate(order_idx, ANOTHER_ORDER.into()));
                    }
                    Some(_) => self
                        .rejected
                        .push(Rejected::duplicate(order_idx, "the same order twice".into())),
                    None => chosen[idx] = Some((order_idx, kind)),
                },
                Err((reason, forbidden_by)) => {
                    if illegal[idx].is_none() {
                        illegal[idx] = Some((order_idx, reason.clone(), forbidden_by));
                    }
                    reject(self, reason, forbidden_by);
                }
            }
        }
        for (idx, choice) in chosen.into_iter().enumerate() {
            if conflict[idx] {
                if let Some((order_idx, _)) = choice {
                    self.rejected.push(Rejected::duplicate(order_idx, ANOTHER_ORDER.into()));
                }
                continue;
            }
            match (choice, illegal[idx].take()) {
                (Some((order_idx, kind)), _) => {
                    self.used[idx] = Some(order_idx);
                    self.kinds[idx] = kind;
                }
                // Only illegal orders: the unit holds, and says why.
                (None, Some((order_idx, reason, at))) => {
                    self.used[idx] = Some(order_idx);
                    self.void_reason[idx] = Some((format!("void, the unit holds: {reason}"), at));
                }
                (None, None) => (),
            }
        }
        crate::sorting::sort_by_key(&mut self.rejected, |it| it.order);
        self.rejected.dedup_by_key(|it| it.order);
    }

    /// Whether the unit at `idx` may be given `command`, and as what.
    ///
    /// Long on purpose: one match over the order kinds, each arm the DATC
    /// rules for that kind (6.A, 6.B, 4.A.3, 4.E.1), so the legality rules
    /// read as one table; the geography details live in `fleet_target`,
    /// `no_abut` and [`restriction`].
    pub(super) fn legal(
        &self,
        idx: usize,
        command: &Command,
    ) -> Result<Kind, (String, Option<FileSpan>)> {
        let map = self.map;
        let piece = self.piece(idx);
        let here = piece.unit.location;
        let here_prov = map.province_of(here);
        let kind = piece.unit.kind;
        match command {
            Command::Hold => Ok(Kind::Hold),
            Command::Move { to, via_convoy } => {
                let to_prov = map.province_of(*to);
                if to_prov == here_prov {
                    return Err((
                        "a unit cannot move to its own province (DATC 6.A.4)".into(),
                        None,
                    ));
                }
                match kind {
                    UnitKind::Fleet => {
                        if *via_convoy {
                            return Err(("only armies can be convoyed (DATC 6.A.7)".into(), None));
                        }
                        let target = self.fleet_target(here, *to)?;
                        let abut = map
                            .abuts(Some(UnitKind::Fleet), here, Reach::Move, target)
                            .expect("checked by fleet_target");
                        if let Some(why) = restriction(map, self.board, piece.power, abut) {
                            return Err((why, Some(abut.at)));
                        }
                        Ok(Kind::Move(self.make_move(target, false, abut.rules.as_slice())))
                    }
                    UnitKind::Army => {
                        let target = map.prov(to_prov).location.unwrap_or(*to);
                        if map.loc(target).terrain == Terrain::Water {
                            return Err((
                                format!(
                                    "an army cannot move to {}, which is water (DATC 6.A.2)",
                                    map.loc(target).abbr
                                ),
                                Some(map.loc(target).line),
                            ));
                        }
                        let direct = map.abuts(Some(UnitKind::Army), here, Reach::Move, target);
                        if let (Some(abut), false) = (direct, *via_convoy) {
                            match restriction(map, self.board, piece.power, abut) {
                                None => {
                                    return Ok(Kind::Move(self.make_move(
                                        target,
                                        false,
                                        abut.rules.as_slice(),
                                    )));
                                }
                                Some(why) if !self.route_possible(here_prov, to_prov) => {
                                    return Err((why, Some(abut.at)));
                                }
                                Some(_) => (),
                            }
                        }
                        if self.route_possible(here_prov, to_prov) {
                            let rules = direct.map_or(&[][..], |abut| abut.rules.as_slice());
                            let mut mv = self.make_move(target, true, rules);
                            mv.convoy = true;
                            return Ok(Kind::Move(mv));
                        }
                        if *via_convoy && direct.is_some() {
                            return Err(("no fleets could convoy this army there".into(), None));
                        }
                        Err(self.no_abut(
                            here,
                            target,
                            UnitKind::Army,
                            "and no fleets could convoy it",
                        ))
                    }
                }
            }
            Command::Support { target, dest } => {
                let Some(target_idx) = self.unit_in(*target) else {
                    return Err((
                        format!("there is no unit in {} to support", map.prov(*target).abbr),
                        None,
                    ));
                };
                if target_idx == idx {
                    return Err(("a unit cannot support itself (DATC 6.A.8)".into(), None));
                }
                let (reach_prov, coast) = match dest {
                    None => (*target, None),
                    Some(dest) => {
                        let dest_prov = map.province_of(*dest);
                        if dest_prov == *target {
                            return Err((
                                "a unit cannot move to its own province, so this support is void"
                                    .into(),
                                None,
                            ));
                        }
                        (dest_prov, map.loc(*dest).coast.as_ref().map(|_| *dest))
                    }
                };
                if reach_prov == here_prov {
                    return Err((
                        "a unit cannot support a move into its own province".into(),
                        None,
                    ));
                }
                let Some(reach_loc) = map.prov(reach_prov).location else {
                    return Err(("that province has no location".into(), None));
                };
                match map.abuts(Some(kind), here, Reach::Support, reach_loc) {
                    None => Err(self.no_abut(
                        here,
                        reach_loc,
                        kind,
                        "so it cannot support there (DATC 6.A.10)",
                    )),
                    Some(abut)
                        if abut
                            .rules
                            .iter()
                            .any(|rule| matches!(rule, AbutRule::Strait | AbutRule::Cape)) =>
                    {
                        Err((
                            format!(
                                "no support across the {} between {} and {}",
                                if abut.rules.contains(&AbutRule::Strait) {
                                    "strait (~)"
                                } else {
                                    "cape (*)"
                                },
                                map.loc(here).abbr,
                                map.prov(reach_prov).abbr
                            ),
                            Some(abut.at),
                        ))
                    }
                    Some(abut) => match restriction(map, self.board, piece.power, abut) {
                        Some(why) => Err((why, Some(abut.at))),
                        None if kind == UnitKind::Fleet
                            && self.only_route_through(target_idx, reach_prov, here_prov) =>
                        {
                            Err((
                                format!(
                                    "the only convoy route from {} to {} goes through {}, and a fleet cannot convoy and support at once (DATC 6.D.31)",
                                    map.prov(*target).abbr,
                                    map.prov(reach_prov).abbr,
                                    map.prov(here_prov).abbr
                                ),
                                None,
                            ))
                        }
                        None => Ok(Kind::Support {
                            target: target_idx,
                            dest: dest.map(|_| (reach_prov, coast)),
                            matched: false,
                        }),
                    },
                }
            }
            Command::Convoy { from, to } => {
                if kind != UnitKind::Fleet {
                    return Err(("only fleets convoy".into(), None));
                }
                if !self.convoyable(here_prov) {
                    return Err((
                        format!(
                            "a fleet on {} cannot convoy (only in water{})",
                            map.prov(here_prov).abbr,
                            if self.rules.has(Rule::CoastalConvoy) {
                                ", ports and coasts"
                            } else {
                                " and ports"
                            }
                        ),
                        Some(map.loc(here).line),
                    ));
                }
                let Some(army) = self.unit_in(*from) else {
                    return Err((
                        format!("there is no unit in {} to convoy", map.prov(*from).abbr),
                        None,
                    ));
                };
                if self.piece(army).unit.kind != UnitKind::Army {
                    return Err(("only armies can be convoyed (DATC 6.A.7)".into(), None));
                }
                if from == to || !self.needed(here_prov, *from, *to) {
                    return Err((
                        format!(
                            "no convoy route from {} to {} needs this fleet (DATC 4.E.1)",
                            map.prov(*from).abbr,
                            map.prov(*to).abbr
                        ),
                        None,
                    ));
                }
                Ok(Kind::Convoy { army, to: *to, matched: false })
            }
            Command::Retreat { .. } | Command::Disband | Command::Build | Command::Waive => {
                Err(("not a movement-phase order".into(), None))
            }
        }
    }

    /// The location a fleet at `here` ordered to `to` moves to (DATC 4.B).
    pub(super) fn fleet_target(
        &self,
        here: LocationId,
        to: LocationId,
    ) -> Result<LocationId, (String, Option<FileSpan>)> {
        let map = self.map;
        let to_loc = map.loc(to);
        if to_loc.coast.is_some() {
            if map.abuts(Some(UnitKind::Fleet), here, Reach::Move, to).is_some() {
                return Ok(to);
            }
            return Err(self.no_abut(here, to, UnitKind::Fleet, "on that coast (DATC 4.B.3)"));
        }
        let province = map.prov(to_loc.province);
        if !province.coasts.is_empty() && !to_loc.upper {
            let reachable: Vec<LocationId> = province
                .coasts
                .iter()
                .copied()
                .filter(|&coast| {
                    map.abuts(Some(UnitKind::Fleet), here, Reach::Move, coast).is_some()
                })
                .collect();
            return match reachable.as_slice() {
                [one] => Ok(*one),
                [] => Err(self.no_abut(here, to, UnitKind::Fleet, "")),
                _ => {
                    let names: Vec<&str> =
                        reachable.iter().map(|&it| map.loc(it).abbr.as_str()).collect();
                    Err((format!("say which coast: {} (DATC 4.B.1)", names.join(" or ")), None))
                }
            };
        }
        if map.abuts(Some(UnitKind::Fleet), here, Reach::Move, to).is_some() {
            return Ok(to);
        }
        Err(self.no_abut(here, to, UnitKind::Fleet, ""))
    }

    /// Why `kind` at `from` cannot reach `to`, pointing at the map text.
    pub(super) fn no_abut(
        &self,
        from: LocationId,
        to: LocationId,
        kind: UnitKind,
        tail: &str,
    ) -> (String, Option<FileSpan>) {
        let map = self.map;
        let to_loc = map.loc(to);
        let entry = map.abuts(None, from, Reach::Move, to);
        let unit = if kind == UnitKind::Army { "an army" } else { "a fleet" };
        let tail = if tail.is_empty() { String::new() } else { format!(" {tail}") };
        let (why, at) = match entry {
            None => (
                format!("{} does not abut {}", map.loc(from).abbr, to_loc.abbr),
                Some(map.loc(from).line),
            ),
            Some(abut) if kind == UnitKind::Fleet && abut.no_fleet => (
                format!(
                    "{}'s ABUTS lists `{}` in lower case: no fleet crosses",
                    map.loc(from).abbr,
                    abut.written
                ),
                Some(abut.at),
            ),
            Some(abut) if kind == UnitKind::Army && abut.no_army => (
                format!(
                    "{}'s ABUTS lists `{}` in Titlecase: no army crosses directly",
                    map.loc(from).abbr,
                    abut.written
                ),
                Some(abut.at),
            ),
            Some(_) if kind == UnitKind::Fleet && to_loc.terrain == Terrain::Land => {
                (format!("{} is land", to_loc.abbr), Some(to_loc.line))
            }
            Some(_) if kind == UnitKind::Fleet && !to_loc.upper => {
                (format!("{} has coasts; name one", to_loc.abbr), Some(to_loc.line))
            }
            Some(_) => (format!("{} cannot enter {}", unit, to_loc.abbr), Some(to_loc.line)),
        };
        (
            format!("{unit} cannot go from {} to {}: {why}{tail}", map.loc(from).abbr, to_loc.abbr),
            at,
        )
    }

    /// The fleet in `fleet` supporting the army `target` into `dest`, where
    /// the army can only get there by convoy and every possible route needs
    /// that fleet: impossible, since a fleet cannot support and convoy at
    /// once (DATC 6.D.31, where the preferred reading makes it illegal).
    fn only_route_through(&self, target: usize, dest: ProvinceId, fleet: ProvinceId) -> bool {
        let map = self.map;
        let army = self.piece(target).unit;
        let from = self.prov_of(target);
        // A support to hold names the army's own province.
        if army.kind != UnitKind::Army || dest == from {
            return false;
        }
        let Some(dest_loc) = map.prov(dest).location else { return false };
        if map.abuts(Some(UnitKind::Army), army.location, Reach::Move, dest_loc).is_some() {
            return false;
        }
        self.route_possible(from, dest) && !self.route_possible_without(from, dest, Some(fleet))
    }

    pub(super) fn make_move(&self, to: LocationId, convoy: bool, rules: &[AbutRule]) -> Move {
        let strait = rules.contains(&AbutRule::Strait);
        let cape = rules.contains(&AbutRule::Cape);
        Move {
            to,
            to_prov: self.map.province_of(to),
            convoy,
            base: if strait {
                0
            } else if cape {
                1
            } else {
                2
            },
            cape,
            strait,
        }
    }
}

/// Whether `by` may order the units of `owner`: its own, or a dummy it
/// CONTROLs (or leads in a TEAM).
pub fn may_order(map: &Map, by: PowerId, owner: PowerId) -> bool {
    by == owner || map.pow(owner).controllers.iter().any(|name| *name == map.pow(by).name)
}

/// Why a unit of `power` may not cross `abut` (`P:X` power restrictions,
/// `:X` one-way abuts, `X(SC,…)` ownership restrictions), or `None`.
pub fn restriction(
    map: &Map,
    board: &Board,
    power: PowerId,
    abut: &crate::map::Abut,
) -> Option<String> {
    for rule in &abut.rules {
        match rule {
            AbutRule::Powers(letters) => {
                let letter = map.pow(power).abbrev;
                if !letters.contains(letter) {
                    return Some(if letters.is_empty() {
                        format!("`:{}` is a one-way abut: nobody crosses this way", abut.written)
                    } else {
                        format!(
                            "only powers {letters} may cross to {} (`{letters}:{}`)",
                            abut.written, abut.written
                        )
                    });
                }
            }
            AbutRule::Centers(centers) => {
                let missing: Vec<&str> = centers
                    .iter()
                    .map(|it| it.as_str())
                    .filter(|center| {
                        map.province(center).is_none_or(|p| {
                            board.owners.get(p.0 as usize).copied().flatten() != Some(power)
                        })
                    })
                    .collect();
                if !missing.is_empty() {
                    return Some(format!(
                        "crossing to {} needs owning {} (`{}({})`)",
                        abut.written,
                        missing.join(", "),
                        abut.written,
                        centers.join(",")
                    ));
                }
            }
            AbutRule::Strait | AbutRule::Cape | AbutRule::Other(_) => (),
        }
    }
    None
}
