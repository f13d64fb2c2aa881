//! Movement adjudication: DATC v3.0 with its preferred choices.
//!
//! Two steps, as in TedDriggs' `diplomacy` and the DATC's chapter 5:
//! 1. **Submission** ([`submit`]): each unit gets its one legal order, or
//!    holds. Illegal orders (impossible geography, foreign units, wrong
//!    phase…) are reported and ignored (DATC 4.E.1); a unit with two
//!    different legal orders holds (4.D.3).
//! 2. **Resolution**: Kruijswijk's guess algorithm (DATC 5.F). Each move,
//!    support and convoy resolves to success or failure once; `resolve`
//!    guesses, detects dependency cycles and applies the backup rule:
//!    circular movement succeeds, and in a convoy paradox the convoying
//!    fleets hold (Szykman, 4.A.2). Strengths follow DATC 5.B exactly.
//!
//! Choices (datc.md §3): multi-route convoys are disrupted only when every
//! route is (4.A.1b); a move to an adjacent province goes by convoy only if
//! it says VIA CONVOY or a fleet of the same power legally convoys it, with
//! no fallback to land (4.A.3, 2023 rule); a convoyed army attacking a unit
//! that supports an attack on its origin does not cut that support (4.A.4a);
//! a unit dislodged by a convoyed attack may retreat to the attacker's origin
//! (4.A.5b); a dislodged unit still bounces others unless it lost a
//! head-to-head battle (4.A.7b); coasts are read leniently except an
//! impossible coast (4.B). DPjudge's `~` strait and `*` cape abuts change
//! strengths and cuts (semantics notes §3.7).
//!
//! Performance: strengths and paths are computed on demand from index
//! tables built once; nothing clones the board during resolution.

mod adjust;
mod retreat;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::board::{Board, Dislodged, Piece};
use crate::map::{AbutRule, LocationId, Map, PowerId, ProvinceId, Reach, Terrain, Unit, UnitKind};
use crate::orders::{Command, Order, format_order};
use crate::rules::Rule;
use crate::text::FileSpan;

pub use adjust::{
    AdjustmentResult, adjudicate_adjustments, adjustment_counts, has_build_site, needs_adjustment,
};
pub use retreat::{RetreatResult, adjudicate_retreats, retreat_options};

/// How an order ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It did what it said.
    Succeeds,
    /// It was legal but did not happen (bounced, cut, disrupted…).
    Fails,
    /// It could not be carried out at all (illegal, or a support or convoy
    /// that matches no order); the unit held.
    Void,
}

impl Outcome {
    /// `succeeds`, `fails` or `void`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Succeeds => "succeeds",
            Outcome::Fails => "fails",
            Outcome::Void => "void",
        }
    }
}

/// What happened to one unit in a movement phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The unit (where it stood).
    pub piece: Piece,
    /// Index of the order used, in the submitted list (`None`: no order, it held).
    pub order: Option<usize>,
    /// The command carried out (Hold if the order was void or missing).
    pub command: Command,
    /// Success, failure or void.
    pub outcome: Outcome,
    /// Whether the unit was dislodged.
    pub dislodged: bool,
    /// Why, naming the deciding units and strengths.
    pub reason: String,
    /// For geography failures: the map text that forbids it (the abut token or terrain line).
    pub forbidden_by: Option<FileSpan>,
}

/// An order that was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// Index in the submitted list.
    pub order: usize,
    /// Why it was not used.
    pub reason: String,
    /// Map text that forbids it, if geography did.
    pub forbidden_by: Option<FileSpan>,
    /// What kind of refusal (the diagnostic code follows from it).
    pub kind: RejectKind,
}

/// Why an order was not used, as a type: the shells and the order
/// diagnostics match on this, never on the reason's wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RejectKind {
    /// The order cannot be carried out (geography, phase, rules, limits).
    Illegal,
    /// The unit has another order too (DATC 4.D.3), or the same one twice.
    Duplicate,
}

impl Rejected {
    /// An order not used, for a reason that is not geography.
    pub fn new(order: usize, reason: String) -> Rejected {
        Rejected { order, reason, forbidden_by: None, kind: RejectKind::Illegal }
    }

    /// A second order for a unit that already has one.
    pub fn duplicate(order: usize, reason: String) -> Rejected {
        Rejected { order, reason, forbidden_by: None, kind: RejectKind::Duplicate }
    }
}

/// The result of a movement phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementResult {
    /// One per unit on the board, in board order.
    pub resolutions: Vec<Resolution>,
    /// Orders not used (illegal, foreign, duplicate, no such unit).
    pub rejected: Vec<Rejected>,
    /// The position after the phase: units moved, dislodged units with their
    /// retreat options, standoff provinces.
    pub board: Board,
}

/// Why a unit with two different orders holds.
const ANOTHER_ORDER: &str = "the unit has another order too, so it holds (DATC 4.D.3)";

pub use crate::rules::Rulebook;

/// A move as the resolver sees it.
#[derive(Clone, Debug)]
struct Move {
    to: LocationId,
    to_prov: ProvinceId,
    /// Goes by convoy (not adjacent, VIA CONVOY, or an own fleet convoys it).
    convoy: bool,
    /// Strength of the unit itself, in half points: 2, 1 across a cape, 0 across a strait.
    base: u32,
    cape: bool,
    strait: bool,
}

#[derive(Clone, Debug)]
enum Kind {
    Hold,
    Move(Move),
    /// Support to hold the unit `target`, or to move it to `dest` (coast optional).
    Support {
        target: usize,
        dest: Option<(ProvinceId, Option<LocationId>)>,
        matched: bool,
    },
    /// Convoy of the army `army` to `to`.
    Convoy {
        army: usize,
        to: ProvinceId,
        matched: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// Adjudicates a movement phase: `orders` from every power, on `board`.
pub fn adjudicate_movement(
    map: &Map,
    board: &Board,
    orders: &[Order],
    rules: Rulebook,
) -> MovementResult {
    let mut ctx = Ctx::new(map, board, orders, rules);
    for idx in 0..ctx.kinds.len() {
        ctx.resolve(idx);
    }
    ctx.finish()
}

struct Ctx<'a> {
    map: &'a Map,
    board: &'a Board,
    orders: &'a [Order],
    rules: Rulebook,
    kinds: Vec<Kind>,
    used: Vec<Option<usize>>,
    void_reason: Vec<Option<(String, Option<FileSpan>)>>,
    rejected: Vec<Rejected>,
    /// Unit index standing in each province.
    at: Vec<Option<usize>>,
    /// Move orders into each province.
    into: Vec<Vec<usize>>,
    /// Matched supports of each unit's order (hold or move).
    supports: Vec<Vec<usize>>,
    /// Matched convoy orders for each move.
    convoys: Vec<Vec<usize>>,
    state: Vec<State>,
    resolution: Vec<bool>,
    deps: Vec<usize>,
    /// How many times a guessed result was read. An adjudication that read
    /// none is final. (Growth of `deps` alone misses reads of a guess that is
    /// already listed, which once let a result based on a guess stand.)
    guess_reads: u64,
}

impl<'a> Ctx<'a> {
    fn new(map: &'a Map, board: &'a Board, orders: &'a [Order], rules: Rulebook) -> Ctx<'a> {
        let n = board.pieces.len();
        let mut at = alloc::vec![None; map.provinces.len()];
        for (idx, piece) in board.pieces.iter().enumerate() {
            at[map.province_of(piece.unit.location).0 as usize] = Some(idx);
        }
        let mut ctx = Ctx {
            map,
            board,
            orders,
            rules,
            kinds: alloc::vec![Kind::Hold; n],
            used: alloc::vec![None; n],
            void_reason: alloc::vec![None; n],
            rejected: Vec::new(),
            at,
            into: alloc::vec![Vec::new(); map.provinces.len()],
            supports: alloc::vec![Vec::new(); n],
            convoys: alloc::vec![Vec::new(); n],
            state: alloc::vec![State::Unresolved; n],
            resolution: alloc::vec![false; n],
            deps: Vec::new(),
            guess_reads: 0,
        };
        ctx.submit();
        ctx.link();
        ctx
    }

    fn piece(&self, idx: usize) -> Piece {
        self.board.pieces[idx]
    }

    fn prov_of(&self, idx: usize) -> ProvinceId {
        self.map.province_of(self.board.pieces[idx].unit.location)
    }

    fn unit_in(&self, province: ProvinceId) -> Option<usize> {
        self.at[province.0 as usize]
    }

    /// Submission: one legal order per unit (DATC 4.E.1, 4.D.3).
    fn submit(&mut self) {
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
        self.rejected.sort_by_key(|it| it.order);
        self.rejected.dedup_by_key(|it| it.order);
    }

    /// Whether the unit at `idx` may be given `command`, and as what.
    fn legal(&self, idx: usize, command: &Command) -> Result<Kind, (String, Option<FileSpan>)> {
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
    fn fleet_target(
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
    fn no_abut(
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

    fn make_move(&self, to: LocationId, convoy: bool, rules: &[AbutRule]) -> Move {
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

    fn convoyable(&self, province: ProvinceId) -> bool {
        match self.map.prov(province).terrain {
            Terrain::Water | Terrain::Port => true,
            Terrain::Coast => self.rules.has(Rule::CoastalConvoy),
            Terrain::Land | Terrain::Shut => false,
        }
    }

    /// Fleets' provinces that can carry an army (any power's fleets).
    fn fleet_carrier(&self, province: ProvinceId) -> Option<usize> {
        let idx = self.unit_in(province)?;
        (self.piece(idx).unit.kind == UnitKind::Fleet && self.convoyable(province)).then_some(idx)
    }

    /// Convoy-graph adjacency: an army's origin or destination to a carrier, or carrier to carrier.
    fn touches(&self, from: ProvinceId, to: ProvinceId) -> bool {
        let (Some(from_loc), Some(to_loc)) =
            (self.map.prov(from).location, self.map.prov(to).location)
        else {
            return false;
        };
        self.map.abuts(Some(UnitKind::Army), from_loc, Reach::Convoy, to_loc).is_some()
            || self.map.abuts(Some(UnitKind::Fleet), from_loc, Reach::Support, to_loc).is_some()
    }

    /// Some chain of fleets (any power, any orders) could carry an army from `from` to `to`.
    fn route_possible(&self, from: ProvinceId, to: ProvinceId) -> bool {
        let n = self.map.provinces.len();
        let mut seen = alloc::vec![false; n];
        let mut queue: Vec<ProvinceId> = Vec::new();
        for province in 0..n {
            let province = ProvinceId(province as u32);
            if self.fleet_carrier(province).is_some() && self.touches(from, province) {
                seen[province.0 as usize] = true;
                queue.push(province);
            }
        }
        while let Some(here) = queue.pop() {
            if self.touches(here, to) {
                return true;
            }
            for next in 0..n {
                let next = ProvinceId(next as u32);
                if !seen[next.0 as usize]
                    && self.fleet_carrier(next).is_some()
                    && self.touches(here, next)
                {
                    seen[next.0 as usize] = true;
                    queue.push(next);
                }
            }
        }
        false
    }

    /// Whether the fleet in `fleet` lies on a route from `from` to `to` that
    /// needs every fleet on it (an induced path: no fleet can be skipped).
    fn needed(&self, fleet: ProvinceId, from: ProvinceId, to: ProvinceId) -> bool {
        let carriers: Vec<ProvinceId> = (0..self.map.provinces.len())
            .map(|it| ProvinceId(it as u32))
            .filter(|&it| self.fleet_carrier(it).is_some())
            .collect();
        let mut path: Vec<ProvinceId> = Vec::new();
        let mut budget = 20_000usize;
        self.needed_dfs(&carriers, fleet, from, to, &mut path, &mut budget)
    }

    fn needed_dfs(
        &self,
        carriers: &[ProvinceId],
        fleet: ProvinceId,
        from: ProvinceId,
        to: ProvinceId,
        path: &mut Vec<ProvinceId>,
        budget: &mut usize,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let last = path.last().copied().unwrap_or(from);
        if !path.is_empty() && self.touches(last, to) {
            return path.contains(&fleet);
        }
        for &next in carriers {
            if path.contains(&next) || !self.touches(last, next) {
                continue;
            }
            // Induced: the new fleet touches no earlier step but its predecessor,
            // and nothing before the last step touches the destination.
            let shortcut = (!path.is_empty() && self.touches(from, next))
                || path
                    .iter()
                    .take(path.len().saturating_sub(1))
                    .any(|&earlier| self.touches(earlier, next));
            if shortcut {
                continue;
            }
            path.push(next);
            let found = self.needed_dfs(carriers, fleet, from, to, path, budget);
            path.pop();
            if found {
                return true;
            }
        }
        false
    }

    /// Matches supports and convoys to the orders they name; decides which
    /// adjacent moves go by convoy (4.A.3); builds the index tables.
    fn link(&mut self) {
        let n = self.kinds.len();
        // Convoys first: they decide whether adjacent moves go by convoy.
        for idx in 0..n {
            if let Kind::Convoy { army, to, .. } = self.kinds[idx].clone() {
                let matched = match &self.kinds[army] {
                    Kind::Move(mv) => mv.to_prov == to,
                    _ => false,
                };
                if matched {
                    self.convoys[army].push(idx);
                    // An own fleet convoying an adjacent move shows intent (2023 rule).
                    if self.piece(idx).power == self.piece(army).power
                        && let Kind::Move(mv) = &mut self.kinds[army]
                    {
                        mv.convoy = true;
                    }
                }
                if let Kind::Convoy { matched: m, .. } = &mut self.kinds[idx] {
                    *m = matched;
                }
            }
        }
        for idx in 0..n {
            match self.kinds[idx].clone() {
                Kind::Move(mv) => self.into[mv.to_prov.0 as usize].push(idx),
                Kind::Support { target, dest, .. } => {
                    let matched = match (&self.kinds[target], dest) {
                        (Kind::Move(_), None) => false,
                        (_, None) => true,
                        (Kind::Move(mv), Some((prov, coast))) => {
                            mv.to_prov == prov && coast.is_none_or(|coast| coast == mv.to)
                        }
                        (_, Some(_)) => false,
                    };
                    if matched {
                        self.supports[target].push(idx);
                    }
                    if let Kind::Support { matched: m, .. } = &mut self.kinds[idx] {
                        *m = matched;
                    }
                }
                _ => (),
            }
        }
    }

    // ---- The guess algorithm (DATC 5.F) ----

    fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => return self.resolution[nr],
            State::Guessing => {
                if !self.deps.contains(&nr) {
                    self.deps.push(nr);
                }
                self.guess_reads += 1;
                return self.resolution[nr];
            }
            State::Unresolved => (),
        }
        let old_len = self.deps.len();
        let reads = self.guess_reads;
        self.resolution[nr] = false;
        self.state[nr] = State::Guessing;
        let first = self.adjudicate(nr);
        if self.guess_reads == reads {
            // No guess was read: the result is final.
            if self.state[nr] != State::Resolved {
                self.resolution[nr] = first;
                self.state[nr] = State::Resolved;
            }
            return first;
        }
        if self.deps.len() == old_len || self.deps[old_len] != nr {
            // Depends on another order's guess: ours stays a guess too, and
            // whoever reads it depends on a guess.
            if !self.deps.contains(&nr) {
                self.deps.push(nr);
            }
            self.resolution[nr] = first;
            return first;
        }
        // Our own guess is in the cycle: try the other guess.
        for &dep in &self.deps[old_len..] {
            self.state[dep] = State::Unresolved;
        }
        self.deps.truncate(old_len);
        self.resolution[nr] = true;
        self.state[nr] = State::Guessing;
        let second = self.adjudicate(nr);
        if first == second {
            // One solution.
            for &dep in &self.deps[old_len..] {
                self.state[dep] = State::Unresolved;
            }
            self.deps.truncate(old_len);
            self.resolution[nr] = first;
            self.state[nr] = State::Resolved;
            return first;
        }
        // No or two solutions: the backup rule.
        self.backup_rule(old_len);
        self.resolve(nr)
    }

    /// Circular movement succeeds; in a convoy paradox the convoys fail (Szykman).
    fn backup_rule(&mut self, old_len: usize) {
        let cycle: Vec<usize> = self.deps[old_len..].to_vec();
        self.deps.truncate(old_len);
        let convoys = cycle.iter().any(|&idx| matches!(self.kinds[idx], Kind::Convoy { .. }));
        for idx in cycle {
            match (&self.kinds[idx], convoys) {
                (Kind::Move(_), false) => {
                    self.resolution[idx] = true;
                    self.state[idx] = State::Resolved;
                }
                (Kind::Convoy { .. }, true) => {
                    self.resolution[idx] = false;
                    self.state[idx] = State::Resolved;
                }
                _ => self.state[idx] = State::Unresolved,
            }
        }
    }

    fn adjudicate(&mut self, nr: usize) -> bool {
        match self.kinds[nr].clone() {
            Kind::Hold => !self.dislodged(nr),
            Kind::Move(mv) => self.move_succeeds(nr, &mv),
            Kind::Support { matched, target, dest } => {
                matched && !self.support_cut(nr, target, dest.map(|it| it.0))
            }
            Kind::Convoy { matched, .. } => matched && !self.dislodged(nr),
        }
    }

    fn dislodged(&mut self, nr: usize) -> bool {
        let province = self.prov_of(nr);
        let attackers = self.into[province.0 as usize].clone();
        for attacker in attackers {
            if self.resolve(attacker) {
                return true;
            }
        }
        false
    }

    /// Whether a convoyed move has a route of successful convoys.
    fn path(&mut self, nr: usize, mv: &Move) -> bool {
        if !mv.convoy {
            return true;
        }
        let from = self.prov_of(nr);
        let fleets = self.convoys[nr].clone();
        let mut ok: Vec<ProvinceId> = Vec::new();
        for fleet in fleets {
            if self.resolve(fleet) {
                ok.push(self.prov_of(fleet));
            }
        }
        // Breadth-first over the successful convoys.
        let mut seen = alloc::vec![false; ok.len()];
        let mut frontier: Vec<usize> = Vec::new();
        for (idx, &province) in ok.iter().enumerate() {
            if self.touches(from, province) {
                seen[idx] = true;
                frontier.push(idx);
            }
        }
        while let Some(idx) = frontier.pop() {
            if self.touches(ok[idx], mv.to_prov) {
                return true;
            }
            for next in 0..ok.len() {
                if !seen[next] && self.touches(ok[idx], ok[next]) {
                    seen[next] = true;
                    frontier.push(next);
                }
            }
        }
        false
    }

    fn supports_count(&mut self, nr: usize, exclude: Option<PowerId>) -> u32 {
        let supports = self.supports[nr].clone();
        let mut count = 0;
        for support in supports {
            if exclude == Some(self.piece(support).power) {
                continue;
            }
            if self.resolve(support) {
                count += 2;
            }
        }
        count
    }

    /// The move of the unit in `mv.to_prov` back into `nr`'s province, if it is a head-to-head battle.
    fn head_to_head(&self, nr: usize, mv: &Move) -> Option<usize> {
        if mv.convoy {
            return None;
        }
        let other = self.unit_in(mv.to_prov)?;
        match &self.kinds[other] {
            Kind::Move(back) if !back.convoy && back.to_prov == self.prov_of(nr) => Some(other),
            _ => None,
        }
    }

    fn attack(&mut self, nr: usize, mv: &Move) -> u32 {
        if !self.path(nr, mv) {
            return 0;
        }
        let defender = self.unit_in(mv.to_prov);
        let moves_away = match defender {
            None => true,
            Some(other) => match self.kinds[other].clone() {
                Kind::Move(_) if self.head_to_head(nr, mv) != Some(other) => self.resolve(other),
                _ => false,
            },
        };
        if moves_away {
            return mv.base + self.supports_count(nr, None);
        }
        let defender = defender.expect("a unit that does not move away exists");
        let defender_power = self.piece(defender).power;
        if defender_power == self.piece(nr).power {
            return 0;
        }
        mv.base + self.supports_count(nr, Some(defender_power))
    }

    fn defend(&mut self, nr: usize, mv: &Move) -> u32 {
        mv.base + self.supports_count(nr, None)
    }

    fn prevent(&mut self, nr: usize, mv: &Move) -> u32 {
        if !self.path(nr, mv) {
            return 0;
        }
        if let Some(other) = self.head_to_head(nr, mv)
            && self.resolve(other)
        {
            return 0;
        }
        mv.base + self.supports_count(nr, None)
    }

    fn hold_strength(&mut self, province: ProvinceId) -> u32 {
        let Some(idx) = self.unit_in(province) else { return 0 };
        match &self.kinds[idx] {
            Kind::Move(_) => {
                if self.resolve(idx) {
                    0
                } else {
                    2
                }
            }
            _ => 2 + self.supports_count(idx, None),
        }
    }

    fn move_succeeds(&mut self, nr: usize, mv: &Move) -> bool {
        let attack = self.attack(nr, mv);
        if attack == 0 && !self.path(nr, mv) {
            return false;
        }
        match self.head_to_head(nr, mv) {
            Some(other) => {
                let Kind::Move(back) = self.kinds[other].clone() else { return false };
                if attack <= self.defend(other, &back) {
                    return false;
                }
            }
            None => {
                if attack <= self.hold_strength(mv.to_prov) {
                    return false;
                }
            }
        }
        let rivals = self.into[mv.to_prov.0 as usize].clone();
        for rival in rivals {
            if rival == nr {
                continue;
            }
            let Kind::Move(other) = self.kinds[rival].clone() else { continue };
            if attack <= self.prevent(rival, &other) {
                return false;
            }
        }
        true
    }

    /// Whether the support of `nr` is cut (DATC 5.B; `~`/`*` rules of §3.7).
    fn support_cut(&mut self, nr: usize, _target: usize, dest: Option<ProvinceId>) -> bool {
        let province = self.prov_of(nr);
        let power = self.piece(nr).power;
        let attackers = self.into[province.0 as usize].clone();
        for attacker in attackers {
            if self.piece(attacker).power == power {
                continue;
            }
            let Kind::Move(mv) = self.kinds[attacker].clone() else { continue };
            // A unit cannot cut support for an attack on itself, convoyed or not (4.A.4a).
            if dest == Some(self.prov_of(attacker)) {
                continue;
            }
            if !self.path(attacker, &mv) {
                continue;
            }
            if mv.cape {
                continue;
            }
            if mv.strait && self.supports_count(attacker, None) == 0 {
                continue;
            }
            return true;
        }
        self.dislodged(nr)
    }

    // ---- Results ----

    fn finish(mut self) -> MovementResult {
        let n = self.kinds.len();
        let mut moved = alloc::vec![false; n];
        let mut dislodged_by: Vec<Option<usize>> = alloc::vec![None; n];
        for (idx, moved) in moved.iter_mut().enumerate() {
            if let Kind::Move(_) = self.kinds[idx] {
                *moved = self.resolve(idx);
            }
        }
        for idx in 0..n {
            if moved[idx]
                && let Kind::Move(mv) = &self.kinds[idx]
                && let Some(victim) = self.unit_in(mv.to_prov)
                && !moved[victim]
            {
                dislodged_by[victim] = Some(idx);
            }
        }
        let mut resolutions = Vec::with_capacity(n);
        for idx in 0..n {
            let resolution = self.describe(idx, moved[idx], dislodged_by[idx]);
            resolutions.push(resolution);
        }
        // The board after the phase.
        let mut board = self.board.clone();
        board.dislodged.clear();
        board.pieces.clear();
        for idx in 0..n {
            let mut piece = self.piece(idx);
            if let Some(by) = dislodged_by[idx] {
                let by_convoy = matches!(&self.kinds[by], Kind::Move(mv) if mv.convoy);
                board.dislodged.push(Dislodged {
                    piece,
                    attacker_from: Some(self.prov_of(by)),
                    by_convoy,
                    retreats: Vec::new(),
                });
                continue;
            }
            if moved[idx]
                && let Kind::Move(mv) = &self.kinds[idx]
            {
                piece.unit.location = mv.to;
            }
            board.pieces.push(piece);
        }
        // Standoffs: vacant provinces that some move with a route failed to enter.
        let mut contested = Vec::new();
        for province in 0..self.map.provinces.len() {
            let province = ProvinceId(province as u32);
            let attackers = self.into[province.0 as usize].clone();
            if attackers.is_empty() || board.piece_in(self.map, province).is_some() {
                continue;
            }
            // A move that failed but still had prevent strength bounced
            // there; one that lost a head-to-head battle or had no convoy
            // route did not (DATC 4.A.7, 6.H.9).
            let mut bounced = false;
            for attacker in attackers {
                if let Kind::Move(mv) = self.kinds[attacker].clone()
                    && !moved[attacker]
                    && self.prevent(attacker, &mv) > 0
                {
                    bounced = true;
                }
            }
            if bounced {
                contested.push(province);
            }
        }
        board.contested = contested;
        let dislodged = core::mem::take(&mut board.dislodged);
        board.dislodged = dislodged
            .into_iter()
            .map(|mut it| {
                it.retreats = retreat_options(self.map, &board, &it);
                it
            })
            .collect();
        MovementResult { resolutions, rejected: self.rejected, board }
    }

    fn unit_name(&self, idx: usize) -> String {
        self.map.unit_text(self.piece(idx).unit)
    }

    fn describe(&mut self, idx: usize, moved: bool, dislodged_by: Option<usize>) -> Resolution {
        let piece = self.piece(idx);
        let order = self.used[idx];
        let command = order.map_or(Command::Hold, |it| self.orders[it].command.clone());
        let dislodged_text = dislodged_by.map(|by| {
            let Kind::Move(mv) = self.kinds[by].clone() else { return String::new() };
            let strength = self.attack(by, &mv);
            format!(
                "dislodged by {} - {} (strength {})",
                self.unit_name(by),
                self.map.loc(mv.to).abbr,
                half(strength)
            )
        });
        let (outcome, reason) = match self.kinds[idx].clone() {
            Kind::Hold => match (&order, &dislodged_text) {
                (_, Some(text)) => (Outcome::Fails, text.clone()),
                (None, None) => (Outcome::Succeeds, "no order: holds".into()),
                (Some(_), None) => (Outcome::Succeeds, "holds".into()),
            },
            Kind::Move(mv) => {
                if moved {
                    (Outcome::Succeeds, format!("moves to {}", self.map.loc(mv.to).abbr))
                } else {
                    let why = self.why_move_failed(idx, &mv);
                    let why = match &dislodged_text {
                        Some(text) => format!("{why}; {text}"),
                        None => why,
                    };
                    (Outcome::Fails, why)
                }
            }
            Kind::Support { matched, target, dest } => {
                if !matched {
                    let target_order = self.describe_order(target);
                    (
                        Outcome::Void,
                        format!(
                            "void: {} did not order that, it ordered {}",
                            self.unit_name(target),
                            target_order
                        ),
                    )
                } else if self.resolve(idx) {
                    (Outcome::Succeeds, format!("supports {}", self.unit_name(target)))
                } else {
                    let cutter = self.cutter(idx, dest.map(|it| it.0));
                    let why = match (cutter, &dislodged_text) {
                        (_, Some(text)) => format!("support cut: {text}"),
                        (Some(by), None) => format!("support cut by {}", self.describe_order(by)),
                        (None, None) => "support cut".into(),
                    };
                    (Outcome::Fails, why)
                }
            }
            Kind::Convoy { matched, army, .. } => {
                if !matched {
                    (
                        Outcome::Void,
                        format!(
                            "void: {} did not order that move, it ordered {}",
                            self.unit_name(army),
                            self.describe_order(army)
                        ),
                    )
                } else if self.resolve(idx) {
                    (Outcome::Succeeds, format!("convoys {}", self.unit_name(army)))
                } else {
                    match &dislodged_text {
                        Some(text) => (Outcome::Fails, format!("convoy disrupted: {text}")),
                        None => (
                            Outcome::Fails,
                            "convoy paradox: the convoying fleets hold (Szykman rule)".into(),
                        ),
                    }
                }
            }
        };
        // A void order: the unit held.
        let (outcome, reason, forbidden_by) = match (order, self.void_reason[idx].clone()) {
            (_, Some((why, at))) => (Outcome::Void, why, at),
            _ => (outcome, reason, None),
        };
        Resolution {
            piece,
            order,
            command,
            outcome,
            dislodged: dislodged_by.is_some(),
            reason,
            forbidden_by,
        }
    }

    fn describe_order(&self, idx: usize) -> String {
        match self.used[idx] {
            Some(order) => format_order(self.map, &self.orders[order]),
            None => format!("{} H", self.unit_name(idx)),
        }
    }

    fn cutter(&mut self, nr: usize, dest: Option<ProvinceId>) -> Option<usize> {
        let province = self.prov_of(nr);
        let power = self.piece(nr).power;
        let attackers = self.into[province.0 as usize].clone();
        for attacker in attackers {
            let Kind::Move(mv) = self.kinds[attacker].clone() else { continue };
            if self.piece(attacker).power == power
                || dest == Some(self.prov_of(attacker))
                || !self.path(attacker, &mv)
            {
                continue;
            }
            if mv.cape || (mv.strait && self.supports_count(attacker, None) == 0) {
                continue;
            }
            return Some(attacker);
        }
        None
    }

    fn why_move_failed(&mut self, nr: usize, mv: &Move) -> String {
        if !self.path(nr, mv) {
            let mut failed: Vec<usize> = Vec::new();
            for fleet in self.convoys[nr].clone() {
                if !self.resolve(fleet) {
                    failed.push(fleet);
                }
            }
            let disrupted: Vec<String> = failed.into_iter().map(|it| self.unit_name(it)).collect();
            if self.convoys[nr].is_empty() {
                return "no convoy route: no fleet convoys it".into();
            }
            return format!("no convoy route: {} failed", disrupted.join(", "));
        }
        let attack = self.attack(nr, mv);
        let to = self.map.loc(mv.to).abbr.clone();
        if let Some(other) = self.unit_in(mv.to_prov)
            && self.piece(other).power == self.piece(nr).power
            && attack == 0
            && !matches!(self.kinds[other], Kind::Move(_))
        {
            return format!("cannot dislodge its own {} in {to}", self.unit_name(other));
        }
        if let Some(other) = self.head_to_head(nr, mv) {
            let Kind::Move(back) = self.kinds[other].clone() else { return "bounced".into() };
            let defend = self.defend(other, &back);
            if attack <= defend {
                return format!(
                    "lost a head-to-head battle with {} (strength {} against {})",
                    self.unit_name(other),
                    half(attack),
                    half(defend)
                );
            }
        } else {
            let hold = self.hold_strength(mv.to_prov);
            if attack <= hold {
                let holder =
                    self.unit_in(mv.to_prov).map_or_else(String::new, |it| self.unit_name(it));
                return format!(
                    "bounced: {holder} holds {to} with strength {}, this move has {}",
                    half(hold),
                    half(attack)
                );
            }
        }
        let rivals = self.into[mv.to_prov.0 as usize].clone();
        for rival in rivals {
            if rival == nr {
                continue;
            }
            let Kind::Move(other) = self.kinds[rival].clone() else { continue };
            let prevent = self.prevent(rival, &other);
            if attack <= prevent {
                return format!(
                    "bounced: {} also moved to {to} with strength {}, this move has {}",
                    self.unit_name(rival),
                    half(prevent),
                    half(attack)
                );
            }
        }
        "failed".into()
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

/// Diagnostics for a phase's orders, each at its own text: one for every
/// order the phase did not use (`rejected`, from any phase's result), and a
/// note where an order names the wrong unit type, which is ignored (DATC
/// 4.C.2). `board` is the position the orders were given for.
pub fn order_diagnostics(
    map: &Map,
    board: &Board,
    orders: &[Order],
    rejected: &[Rejected],
) -> Vec<crate::diagnostics::Diagnostic> {
    use crate::diagnostics::{Diagnostic, codes};
    let unit_at = |order: &Order| -> Option<Piece> {
        let province = map.province_of(order.unit?.location);
        board
            .pieces
            .iter()
            .chain(board.dislodged.iter().map(|it| &it.piece))
            .find(|piece| map.province_of(piece.unit.location) == province)
            .copied()
    };
    let mut res = Vec::new();
    for rejected in rejected {
        let Some(order) = orders.get(rejected.order) else { continue };
        let unit = unit_at(order);
        let code = match (order.command == Command::Build || order.command == Command::Waive, unit)
        {
            (true, _) => codes::ILLEGAL_ORDER,
            (false, None) => codes::NO_UNIT,
            (false, Some(piece)) if !may_order(map, order.power, piece.power) => {
                codes::NOT_YOUR_UNIT
            }
            (false, Some(_)) if rejected.kind == RejectKind::Duplicate => codes::DUPLICATE_ORDER,
            (false, Some(_)) => codes::ILLEGAL_ORDER,
        };
        let mut diag = Diagnostic::new(code, order.at, rejected.reason.clone());
        if let Some(at) = rejected.forbidden_by {
            diag = diag.with_secondary(at, "the map says so here");
        }
        res.push(diag);
    }
    for order in orders {
        if let (Some(written), Some(piece)) = (order.written_kind, unit_at(order))
            && order.command != Command::Build
            && written != piece.unit.kind
        {
            res.push(Diagnostic::new(
                codes::WRONG_UNIT_TYPE,
                order.at,
                format!(
                    "the unit in {} is {}, not {written}: the type is ignored (DATC 4.C.2)",
                    map.prov(map.province_of(piece.unit.location)).abbr,
                    map.unit_text(piece.unit)
                ),
            ));
        }
    }
    crate::diagnostics::sort(&mut res);
    res
}

/// Half-point strengths as text: `2`, `1.5`.
fn half(value: u32) -> String {
    if value.is_multiple_of(2) { format!("{}", value / 2) } else { format!("{}.5", value / 2) }
}

/// Whether a unit of `kind` may stand at `location` (helper for shells).
pub fn can_stand(map: &Map, unit: Unit) -> bool {
    map.valid_unit(unit.kind, unit.location)
}
