//! Movement adjudication: DATC v3.0 with its preferred choices.
//!
//! Two steps, as in TedDriggs' `diplomacy` and the DATC's chapter 5:
//! 1. **Submission** (`submit.rs`): each unit gets its one legal order, or
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
mod convoy;
mod explain;
mod options;
mod resolve;
mod retreat;
mod submit;

use alloc::string::String;
use alloc::vec::Vec;

use crate::board::{Board, Dislodged, Piece};
use crate::map::{LocationId, Map, ProvinceId, Unit};
use crate::orders::{Command, Order};
use crate::text::FileSpan;

pub use adjust::{
    AdjustmentResult, adjudicate_adjustments, adjustment_counts, has_build_site, needs_adjustment,
};
pub use explain::order_diagnostics;
pub use options::{MoveOption, build_options, convoy_options, move_options, support_options};
pub use retreat::{RetreatResult, adjudicate_retreats, retreat_options};
pub use submit::{may_order, restriction};

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
pub(crate) const ANOTHER_ORDER: &str = "the unit has another order too, so it holds (DATC 4.D.3)";

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
    into: Groups,
    /// Matched supports of each unit's order (hold or move).
    supports: Groups,
    /// Matched convoy orders for each move.
    convoys: Groups,
    state: Vec<State>,
    resolution: Vec<bool>,
    deps: Vec<usize>,
    /// How many times a guessed result was read. An adjudication that read
    /// none is final. (Growth of `deps` alone misses reads of a guess that is
    /// already listed, which once let a result based on a guess stand.)
    guess_reads: u64,
}

/// Items by key (orders by the province they move into, supports and
/// convoys by the order they name), each key's items in the order given,
/// all in two vectors: a phase's tables were a vector per province and per
/// unit, each copied before it was walked.
#[derive(Default)]
struct Groups {
    /// Key `k`'s items are `items[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    items: Vec<usize>,
}

impl Groups {
    /// `pairs` of (key, item) grouped by key, in their order (a counting
    /// sort, stable).
    fn new(keys: usize, pairs: &[(usize, usize)]) -> Groups {
        let mut start = alloc::vec![0u32; keys + 1];
        for &(key, _) in pairs {
            start[key + 1] += 1;
        }
        for key in 0..keys {
            start[key + 1] += start[key];
        }
        let mut next: Vec<u32> = start[..keys].to_vec();
        let mut items = alloc::vec![0; pairs.len()];
        for &(key, item) in pairs {
            items[next[key] as usize] = item;
            next[key] += 1;
        }
        Groups { start, items }
    }
}

impl core::ops::Index<usize> for Groups {
    type Output = [usize];
    fn index(&self, key: usize) -> &[usize] {
        match (self.start.get(key), self.start.get(key + 1)) {
            (Some(&from), Some(&to)) => &self.items[from as usize..to as usize],
            _ => &[],
        }
    }
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
            into: Groups::default(),
            supports: Groups::default(),
            convoys: Groups::default(),
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

    // ---- The guess algorithm (DATC 5.F) ----

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
        let mut board = Board {
            pieces: Vec::with_capacity(n),
            dislodged: Vec::new(),
            owners: self.board.owners.clone(),
            homes: self.board.homes.clone(),
            contested: Vec::new(),
        };
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
            let count = self.into[province.0 as usize].len();
            if count == 0 || board.piece_in(self.map, province).is_some() {
                continue;
            }
            // A move that failed but still had prevent strength bounced
            // there; one that lost a head-to-head battle or had no convoy
            // route did not (DATC 4.A.7, 6.H.9).
            let mut bounced = false;
            for nth in 0..count {
                let attacker = self.into[province.0 as usize][nth];
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
}

/// Whether a unit of `kind` may stand at `location` (helper for shells).
pub fn can_stand(map: &Map, unit: Unit) -> bool {
    map.valid_unit(unit.kind, unit.location)
}
