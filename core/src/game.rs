//! The game loop: map + calendar + position, advanced phase by phase.
//!
//! [`Game::advance`] adjudicates the current phase with the given orders,
//! then steps the calendar: it applies the map of the next phase (IN/FROM
//! blocks, moving or removing units the new terrain cannot hold), captures
//! supply centres on entering an adjustment phase (as DPjudge does), checks
//! victory, and skips retreat phases with nothing to retreat and adjustment
//! phases with nothing to adjust (DPjudge's `checkPhase`: no power must
//! remove, and no power owed builds has a place to build). Other phase types (e.g. `INCOME`) are
//! pauses: `advance` with no orders steps past them. Undo pops the history.
//! Same input, same output: nothing here depends on time or hashing.

use alloc::string::String;
use alloc::string::ToString;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;

use crate::adjudicate::{
    self, AdjustmentResult, MovementResult, Outcome, RetreatResult, Rulebook, needs_adjustment,
};
use crate::board::{Board, Piece};
use crate::calendar::{Calendar, Phase, PhaseKind, calendar};
use crate::diagnostics::Diagnostic;
use crate::map::{Map, PowerId, ProvinceId, Unit, UnitKind};
use crate::orders::{Order, OrderPhase};
use crate::rules::Rule;

/// What a phase's adjudication produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A movement phase.
    Movement(MovementResult),
    /// A retreat phase.
    Retreats(RetreatResult),
    /// An adjustment phase.
    Adjustments(AdjustmentResult),
    /// A phase type judgepad does not adjudicate (a pause).
    Pause,
}

/// Whether the game goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Playing.
    Playing,
    /// Won (or shared) by these powers.
    Won(Vec<PowerId>),
}

/// What happens to a unit between two phases, outside any order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitChange {
    /// The unit as it was (`F ROM`).
    pub unit: String,
    /// What happened.
    pub what: Change,
}

/// The kinds of [`UnitChange`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Dislodged with nowhere to retreat: destroyed at once, as DPjudge does.
    NoRetreat,
    /// Its province gained coasts: the fleet moves to this coast.
    MovedTo(String),
    /// The new terrain cannot hold it, but RULE HIBERNATE keeps it.
    Hibernates,
    /// The new terrain cannot hold it: destroyed.
    TerrainCannotHold,
    /// Its power left the map: removed.
    PowerLeft,
}

impl fmt::Display for UnitChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = &self.unit;
        match &self.what {
            Change::NoRetreat => write!(f, "{unit} destroyed: nowhere to retreat"),
            Change::MovedTo(to) => write!(f, "{unit} moved to {to}"),
            Change::Hibernates => write!(f, "{unit} hibernates: the terrain cannot hold it"),
            Change::TerrainCannotHold => write!(f, "{unit} destroyed: the terrain cannot hold it"),
            Change::PowerLeft => write!(f, "{unit} removed: its power left the map"),
        }
    }
}

/// A played phase, for history and undo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The phase.
    pub phase: Phase,
    /// The position before it.
    pub board: Board,
    /// The map in force during it (shared with the game's, unless IN/FROM
    /// blocks changed it since).
    pub map: Arc<Map>,
    /// What happened.
    pub report: Report,
    /// Unit changes on the way to the next phase (dislodged units with
    /// nowhere to go, units moved or removed by the next phase's map).
    pub morphs: Vec<UnitChange>,
}

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The static map (as loaded; shared, so a game on a loaded map and
    /// each played phase copy nothing of it).
    pub base: Arc<Map>,
    /// The calendar.
    pub calendar: Calendar,
    /// The map in force in the current phase: `base` itself while no IN/FROM
    /// block applies.
    pub map: Arc<Map>,
    /// The current phase.
    pub phase: Phase,
    /// The position.
    pub board: Board,
    /// Played phases, oldest first.
    pub history: Vec<Turn>,
    /// Playing or won.
    pub status: Status,
}

impl Game {
    /// A new game at the map's first phase (moved back to the preceding
    /// adjustment phase under RULE MOBILIZE or BLANK_BOARD, as DPjudge's
    /// `findStartPhase` does).
    pub fn new(base: impl Into<Arc<Map>>) -> (Game, Vec<Diagnostic>) {
        let base: Arc<Map> = base.into();
        let (cal, mut diags) = calendar(&base);
        let mut phase = cal.phases().next().unwrap_or_else(|| cal.begin.clone());
        if (base.has(Rule::Mobilize) || base.has(Rule::BlankBoard))
            && phase.phase_kind() != PhaseKind::Adjustments
        {
            let mut back = phase.clone();
            for _ in 0..cal.seq.len() {
                match cal.previous(&back) {
                    Some(prev) if prev.phase_kind() == PhaseKind::Adjustments => {
                        phase = prev;
                        break;
                    }
                    Some(prev) => back = prev,
                    None => break,
                }
            }
        }
        let blocks = cal.blocks_at(&base, &phase);
        let map = if blocks.is_empty() {
            Arc::clone(&base)
        } else {
            let (map, map_diags) = base.with_blocks(&blocks);
            diags.extend(map_diags);
            Arc::new(map)
        };
        let board = Board::initial(&map);
        let game = Game {
            base,
            calendar: cal,
            map,
            phase,
            board,
            history: Vec::new(),
            status: Status::Playing,
        };
        (game, diags)
    }

    /// The kind of orders the current phase takes (`None`: a pause).
    pub fn order_phase(&self) -> Option<OrderPhase> {
        OrderPhase::of(self.phase.phase_kind())
    }

    /// Adjudicates the current phase with `orders` and moves to the next
    /// phase that needs attention.
    pub fn advance(&mut self, orders: &[Order]) -> &Turn {
        let before = self.board.clone();
        let (report, after) = run_phase(&self.map, &self.phase, &self.board, orders);
        self.board = after;
        let played = self.phase.clone();
        let played_map = Arc::clone(&self.map);
        let stepped = step(&self.calendar, &self.base, &self.map, &mut self.board, &played);
        if let Some(map) = stepped.map {
            self.map = Arc::new(map);
        }
        self.status = stepped.status;
        self.phase = stepped.phase;
        self.history.push(Turn {
            phase: played,
            board: before,
            map: played_map,
            report,
            morphs: stepped.morphs,
        });
        self.history.last().expect("just pushed")
    }

    /// Goes back one phase. Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(turn) = self.history.pop() else { return false };
        self.phase = turn.phase;
        self.board = turn.board;
        self.map = turn.map;
        self.status = Status::Playing;
        true
    }
}

/// The centre count a power needs to win in `phase`'s year: the VICTORY
/// list (indexed by year difference, as DPjudge does) or a majority.
pub fn victory_threshold(cal: &Calendar, map: &Map, phase: &Phase) -> i64 {
    cal.victory_threshold(phase.year).unwrap_or(map.supply_centers.len() as i64 / 2 + 1)
}

/// Powers that have won on entering `phase` (DPjudge's criteria: enough
/// centres, and alone in the lead unless RULE SHARED_VICTORY).
pub fn winners(cal: &Calendar, map: &Map, board: &Board, phase: &Phase) -> Vec<PowerId> {
    let win = victory_threshold(cal, map, phase);
    let victory_homes = map.has(Rule::VictoryHomes);
    // RULE VICTORY_HOMES: count the home centres captured from others.
    let counts: Vec<i64> = (0..map.powers.len())
        .map(|idx| {
            board
                .centers_of(PowerId(idx as u32))
                .filter(|&center| {
                    !victory_homes
                        || map
                            .powers
                            .iter()
                            .enumerate()
                            .any(|(other, spec)| other != idx && spec.homes.contains(&center))
                })
                .count() as i64
        })
        .collect();
    let best = counts.iter().copied().max().unwrap_or(0);
    let leaders: Vec<PowerId> = counts
        .iter()
        .enumerate()
        .filter(|(_, count)| **count == best && **count >= win)
        .map(|(idx, _)| PowerId(idx as u32))
        .collect();
    if leaders.len() > 1 && !map.has(Rule::SharedVictory) {
        return Vec::new();
    }
    leaders
}

/// Where [`step`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stepped {
    /// The next phase that needs attention.
    pub phase: Phase,
    /// The map of that phase, if IN/FROM blocks changed it (else the map
    /// given to [`step`] still holds).
    pub map: Option<Map>,
    /// Unit changes on the way (dislodged units destroyed, units moved or
    /// removed by a map change).
    pub morphs: Vec<UnitChange>,
    /// Playing or won.
    pub status: Status,
}

/// Steps from the phase just played (`from`, on `map`, whose result is
/// `board`) to the next phase that needs attention. Dislodged units with
/// nowhere to go are destroyed; the next phase's map is applied (only
/// rebuilt when its IN/FROM blocks differ); centres are captured on entering
/// an adjustment phase; empty retreat and adjustment phases are skipped.
pub fn step(cal: &Calendar, base: &Map, map: &Map, board: &mut Board, from: &Phase) -> Stepped {
    let mut morphs = Vec::new();
    board.dislodged.retain(|it| {
        if it.retreats.is_empty() {
            morphs.push(UnitChange { unit: map.unit_text(it.piece.unit), what: Change::NoRetreat });
            false
        } else {
            true
        }
    });
    let mut changed: Option<Map> = None;
    let mut blocks = cal.blocks_at(base, from);
    let mut next = from.clone();
    for _ in 0..64 {
        let Some(candidate) = cal.next(&next) else { break };
        next = candidate;
        let next_blocks = cal.blocks_at(base, &next);
        if next_blocks != blocks {
            let current = changed.as_ref().unwrap_or(map);
            let (next_map, _) = base.with_blocks(&next_blocks);
            if next_map != *current {
                let (moved, changes) = remap(current, &next_map, board);
                *board = moved;
                morphs.extend(changes);
                changed = Some(next_map);
            }
            blocks = next_blocks;
        }
        let current = changed.as_ref().unwrap_or(map);
        match next.phase_kind() {
            PhaseKind::Movement | PhaseKind::Other => break,
            PhaseKind::Retreats => {
                if !board.dislodged.is_empty() {
                    break;
                }
            }
            PhaseKind::Adjustments => {
                capture_centers(current, board);
                if cal.new_homes.contains(&next.year) {
                    for (idx, homes) in board.homes.iter_mut().enumerate() {
                        *homes = board
                            .owners
                            .iter()
                            .enumerate()
                            .filter(|(_, owner)| **owner == Some(PowerId(idx as u32)))
                            .map(|(p, _)| ProvinceId(p as u32))
                            .collect();
                    }
                }
                let won = winners(cal, current, board, &next);
                if !won.is_empty() {
                    return Stepped { phase: next, map: changed, morphs, status: Status::Won(won) };
                }
                if needs_adjustment(current, board) {
                    break;
                }
            }
        }
    }
    Stepped { phase: next, map: changed, morphs, status: Status::Playing }
}

/// Adjudicates one phase of any kind: the report, and the position after
/// it (taken out of the report, whose [`Report::board`] is then empty).
pub fn run_phase(map: &Map, phase: &Phase, board: &Board, orders: &[Order]) -> (Report, Board) {
    let mut report = match OrderPhase::of(phase.phase_kind()) {
        Some(kind) => adjudicate_phase(map, kind, board, orders),
        None => Report::Pause,
    };
    let after = match &mut report {
        Report::Movement(res) => core::mem::take(&mut res.board),
        Report::Retreats(res) => core::mem::take(&mut res.board),
        Report::Adjustments(res) => core::mem::take(&mut res.board),
        Report::Pause => board.clone(),
    };
    (report, after)
}

/// Adjudicates `orders` as orders of `kind` on `board`.
pub fn adjudicate_phase(map: &Map, kind: OrderPhase, board: &Board, orders: &[Order]) -> Report {
    match kind {
        OrderPhase::Movement => {
            Report::Movement(adjudicate::adjudicate_movement(map, board, orders, Rulebook::of(map)))
        }
        OrderPhase::Retreats => {
            Report::Retreats(adjudicate::adjudicate_retreats(map, board, orders))
        }
        OrderPhase::Adjustments => {
            Report::Adjustments(adjudicate::adjudicate_adjustments(map, board, orders))
        }
    }
}

impl Report {
    /// The orders the phase did not use, and why (indices into the orders
    /// it was given).
    pub fn rejected(&self) -> &[crate::adjudicate::Rejected] {
        match self {
            Report::Movement(res) => &res.rejected,
            Report::Retreats(res) => &res.rejected,
            Report::Adjustments(res) => &res.rejected,
            Report::Pause => &[],
        }
    }

    /// The position after the phase (`None` for a pause: nothing moved;
    /// empty in a report of [`run_phase`], which hands it out beside it).
    pub fn board(&self) -> Option<&Board> {
        match self {
            Report::Movement(res) => Some(&res.board),
            Report::Retreats(res) => Some(&res.board),
            Report::Adjustments(res) => Some(&res.board),
            Report::Pause => None,
        }
    }

    /// What each of a list of orders did: `index` gives each listed order's
    /// place among the orders adjudicated (`None`: it could not be read, so
    /// it is void). A refused order is void; an adjustment that was not
    /// carried out is void.
    pub fn outcomes(&self, index: &[Option<usize>]) -> Vec<Outcome> {
        index
            .iter()
            .map(|idx| {
                let Some(idx) = *idx else { return Outcome::Void };
                match self {
                    Report::Movement(res) => {
                        if res.rejected.iter().any(|rej| rej.order == idx) {
                            return Outcome::Void;
                        }
                        res.resolutions
                            .iter()
                            .find(|it| it.order == Some(idx))
                            .map_or(Outcome::Void, |it| it.outcome)
                    }
                    Report::Retreats(res) => res
                        .resolutions
                        .iter()
                        .find(|it| it.order == Some(idx))
                        .map_or(Outcome::Void, |it| it.outcome),
                    Report::Adjustments(res) => {
                        if res.adjustments.iter().any(|it| it.order == Some(idx)) {
                            Outcome::Succeeds
                        } else {
                            Outcome::Void
                        }
                    }
                    Report::Pause => Outcome::Void,
                }
            })
            .collect()
    }
}

/// Supply centres occupied by a unit change hands (DPjudge's captureCenters).
pub fn capture_centers(map: &Map, board: &mut Board) {
    for piece in &board.pieces {
        let province = map.province_of(piece.unit.location);
        if map.prov(province).supply_center {
            board.owners[province.0 as usize] = Some(piece.power);
        }
    }
}

/// Moves a position from one map to another (IN/FROM changed the map):
/// ids are re-found by abbreviation; a fleet in a province that now has
/// coasts goes to its last-listed coast; a unit the new terrain cannot hold
/// is removed, or kept where RULE HIBERNATE is in force. Returns the changes.
pub fn remap(old: &Map, new: &Map, board: &Board) -> (Board, Vec<UnitChange>) {
    let mut changes = Vec::new();
    let hibernate = new.has(Rule::Hibernate);
    let mut res = Board {
        pieces: Vec::new(),
        dislodged: Vec::new(),
        owners: alloc::vec![None; new.provinces.len()],
        homes: alloc::vec![Vec::new(); new.powers.len()],
        contested: Vec::new(),
    };
    let province = |id: ProvinceId| new.province(&old.prov(id).abbr);
    let power = |id: PowerId| new.power(&old.pow(id).name);
    for (idx, owner) in board.owners.iter().enumerate() {
        if let (Some(owner), Some(province)) =
            (owner.and_then(power), province(ProvinceId(idx as u32)))
        {
            res.owners[province.0 as usize] = Some(owner);
        }
    }
    for (idx, homes) in board.homes.iter().enumerate() {
        if let Some(new_power) = power(PowerId(idx as u32)) {
            res.homes[new_power.0 as usize] = homes.iter().filter_map(|&it| province(it)).collect();
        }
    }
    res.contested = board.contested.iter().filter_map(|&it| province(it)).collect();
    for piece in &board.pieces {
        let text = old.unit_text(piece.unit);
        let Some(new_power) = power(piece.power) else {
            changes.push(UnitChange { unit: text, what: Change::PowerLeft });
            continue;
        };
        let abbr = &old.loc(piece.unit.location).abbr;
        let mut location = new.location(abbr);
        if let Some(loc) = location
            && !new.valid_unit(piece.unit.kind, loc)
        {
            location = None;
            // A fleet in a province that became multi-coast: the last coast.
            if piece.unit.kind == UnitKind::Fleet {
                let prov = new.province_of(loc);
                if let Some(&coast) = new
                    .prov(prov)
                    .coasts
                    .iter()
                    .rev()
                    .find(|&&coast| new.valid_unit(UnitKind::Fleet, coast))
                {
                    changes.push(UnitChange {
                        unit: text.clone(),
                        what: Change::MovedTo(new.loc(coast).abbr.to_string()),
                    });
                    location = Some(coast);
                }
            }
            if location.is_none() && hibernate {
                changes.push(UnitChange { unit: text.clone(), what: Change::Hibernates });
                location = Some(loc);
            }
        } else if location.is_none() {
            // A coast that disappeared: the province itself, for a fleet that can stand there.
            let province = crate::map::names::province_part(abbr);
            location = new.location(province).filter(|&loc| new.valid_unit(piece.unit.kind, loc));
        }
        match location {
            Some(location) => res
                .pieces
                .push(Piece { power: new_power, unit: Unit { kind: piece.unit.kind, location } }),
            None => changes.push(UnitChange { unit: text, what: Change::TerrainCannotHold }),
        }
    }
    (res, changes)
}
