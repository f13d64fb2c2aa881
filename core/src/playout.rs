//! Bot playouts (issue 31): how a variant plays when every power is a
//! simple, honest bot. Each game is played from the map's first phase for
//! a number of years; every power orders from the same position, none
//! sees another's orders (all orders of a phase are made before it is
//! adjudicated). Deterministic: a game is a function of the map, the seed
//! and its number (so the figures do not depend on how the games are cut
//! into chunks).
//!
//! The heuristic, per power:
//! - **Targets** are the supply centres it does not own. For each unit
//!   kind, every location's distance in moves to the nearest target is
//!   found once per phase (a search backwards from the targets).
//! - **Movement.** Units are taken in a random order. A unit on a target
//!   holds (it takes the centre at the year's end). A unit next to one of
//!   its power's centres that is empty and threatened (a foreign unit
//!   borders it) moves in to defend it. Otherwise it moves to the option
//!   nearest a target (a target itself first), never where another of its
//!   power's units is going, and never onto a target another of its units
//!   already claimed; ties are broken at random. A unit with no better
//!   option holds, and then supports one of its power's moves into a
//!   centre or an occupied place, where the rules allow. Half the time a
//!   move into a contested target (a foreign unit borders it) gets the
//!   support of another unit of its power, which gives up its own move.
//! - **Retreats** go to the option nearest a target (never two to one
//!   place); with none, the unit disbands.
//! - **Adjustments.** Builds at home sites, an army or a fleet by which is
//!   nearer a target (ties at random); removals take the units furthest
//!   from any target. What it cannot build is waived.

use alloc::collections::VecDeque;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;

use crate::adjudicate::{
    adjustment_counts, build_options, move_options, retreat_options, support_options,
};
use crate::board::Board;
use crate::game::{Game, Status, run_phase, step};
use crate::map::{LocationId, Map, PowerId, ProvinceId, Unit, UnitKind};
use crate::orders::{Command, Order, OrderPhase};
use crate::text::FileSpan;

/// A small deterministic generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` and `stream` (a game's number).
    pub fn new(seed: u64, stream: u64) -> Rng {
        let mut state = seed ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x2545_f491_4f6c_dd1d;
        if state == 0 {
            state = 1;
        }
        let mut rng = Rng(state);
        for _ in 0..4 {
            rng.bits();
        }
        rng
    }

    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.bits() % n as u64) as usize
    }

    /// Shuffles `items` in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// One game's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Centres per power at the end of each year played (`[year][power]`).
    pub centres: Vec<Vec<u32>>,
    /// The winner, if one power won alone.
    pub solo: Option<PowerId>,
    /// Units per power at the end.
    pub units: Vec<u32>,
    /// Per neutral centre (in `map.unowned` order), the first power to own it.
    pub first_owner: Vec<Option<PowerId>>,
}

/// Distances, per unit kind and location, to the nearest target.
struct Distances {
    army: Vec<u32>,
    fleet: Vec<u32>,
}

impl Distances {
    fn of(&self, unit: Unit) -> u32 {
        match unit.kind {
            UnitKind::Army => self.army[unit.location.0 as usize],
            UnitKind::Fleet => self.fleet[unit.location.0 as usize],
        }
    }
}

/// Moves into each location, per kind (`[kind][to]` = the places one move
/// away that lead there): the searches run backwards from the targets.
pub struct Paths {
    into: [Vec<Vec<LocationId>>; 2],
}

impl Paths {
    /// The paths of `map`.
    pub fn new(map: &Map) -> Paths {
        let mut into =
            [vec![Vec::new(); map.locations.len()], vec![Vec::new(); map.locations.len()]];
        for (k, kind) in [UnitKind::Army, UnitKind::Fleet].into_iter().enumerate() {
            for from in 0..map.locations.len() {
                let from = LocationId(from as u32);
                if !map.valid_unit(kind, from) {
                    continue;
                }
                for to in map.moves(kind, from) {
                    into[k][to.0 as usize].push(from);
                }
            }
        }
        Paths { into }
    }

    /// Moves from every location to the nearest of `targets` (provinces).
    fn distances(&self, map: &Map, targets: &[ProvinceId]) -> Distances {
        let mut out = [vec![u32::MAX; map.locations.len()], vec![u32::MAX; map.locations.len()]];
        let mut target = vec![false; map.provinces.len()];
        for t in targets {
            target[t.0 as usize] = true;
        }
        for (k, kind) in [UnitKind::Army, UnitKind::Fleet].into_iter().enumerate() {
            let dist = &mut out[k];
            let mut queue = VecDeque::new();
            for (idx, loc) in map.locations.iter().enumerate() {
                if target[loc.province.0 as usize] && map.valid_unit(kind, LocationId(idx as u32)) {
                    dist[idx] = 0;
                    queue.push_back(idx);
                }
            }
            while let Some(at) = queue.pop_front() {
                for &from in &self.into[k][at] {
                    let from = from.0 as usize;
                    if dist[from] == u32::MAX {
                        dist[from] = dist[at] + 1;
                        queue.push_back(from);
                    }
                }
            }
        }
        let [army, fleet] = out;
        Distances { army, fleet }
    }
}

fn order(power: PowerId, unit: Unit, command: Command) -> Order {
    Order { power, unit: Some(unit), written_kind: None, command, at: FileSpan::default() }
}

/// The supply centres `power` does not own.
fn targets(map: &Map, board: &Board, power: PowerId) -> Vec<ProvinceId> {
    map.supply_centers
        .iter()
        .copied()
        .filter(|&c| board.owners.get(c.0 as usize).copied().flatten() != Some(power))
        .collect()
}

/// The movement orders of `power`.
/// `reach[piece]`: the provinces each unit on the board borders.
fn movement(
    map: &Map,
    paths: &Paths,
    board: &Board,
    reach: &[Vec<ProvinceId>],
    power: PowerId,
    rng: &mut Rng,
) -> Vec<Order> {
    let goals = targets(map, board, power);
    let dist = paths.distances(map, &goals);
    let province_of = |unit: Unit| map.province_of(unit.location);
    let mut mine: Vec<usize> =
        (0..board.pieces.len()).filter(|&i| board.pieces[i].power == power).collect();
    rng.shuffle(&mut mine);
    // Own centres with no unit of ours on them that a foreign unit borders.
    let mut foreign = vec![false; map.provinces.len()];
    for (piece, near) in board.pieces.iter().zip(reach) {
        if piece.power != power {
            for p in near {
                foreign[p.0 as usize] = true;
            }
        }
    }
    let foreign = |p: ProvinceId| foreign[p.0 as usize];
    let mut threatened: Vec<ProvinceId> = map
        .supply_centers
        .iter()
        .copied()
        .filter(|&c| board.owners.get(c.0 as usize).copied().flatten() == Some(power))
        .filter(|&c| board.piece_in(map, c).is_none() && foreign(c))
        .collect();
    let mut going: Vec<ProvinceId> = Vec::new();
    let mut plan: Vec<(usize, Option<LocationId>)> = Vec::new();
    for &piece in &mine {
        let unit = board.pieces[piece].unit;
        let here = province_of(unit);
        let options = move_options(map, board, piece);
        let direct = options.iter().filter(|o| !o.convoy).map(|o| o.to);
        let free: Vec<LocationId> =
            direct.filter(|&to| !going.contains(&map.province_of(to))).collect();
        if goals.contains(&here) && !going.contains(&here) {
            going.push(here);
            plan.push((piece, None));
            continue;
        }
        if let Some(at) =
            threatened.iter().position(|c| free.iter().any(|&to| map.province_of(to) == *c))
        {
            let centre = threatened.remove(at);
            let to = *free.iter().find(|&&to| map.province_of(to) == centre).expect("found");
            going.push(centre);
            plan.push((piece, Some(to)));
            continue;
        }
        // The option nearest a target, ties at random; holding counts as
        // staying at this distance.
        let stay = dist.of(unit);
        let mut best: Vec<LocationId> = Vec::new();
        let mut best_d = stay;
        for &to in &free {
            let d = dist.of(Unit { kind: unit.kind, location: to });
            if d < best_d {
                best_d = d;
                best.clear();
            }
            if d == best_d && d < stay {
                best.push(to);
            }
        }
        if best.is_empty() {
            going.push(here);
            plan.push((piece, None));
        } else {
            let to = best[rng.below(best.len())];
            going.push(map.province_of(to));
            plan.push((piece, Some(to)));
        }
    }
    // A move into a contested target (a foreign unit borders it) is, half
    // the time, supported by another unit of ours that can: that unit
    // gives up its own move (powers alike would otherwise bounce for ever).
    let mut helping: Vec<Option<(usize, LocationId)>> = vec![None; plan.len()];
    let mut busy = vec![false; plan.len()];
    let mut moves: Vec<usize> = (0..plan.len()).collect();
    rng.shuffle(&mut moves);
    for i in moves {
        let (piece, Some(to)) = plan[i] else { continue };
        let dest = map.province_of(to);
        if busy[i] || !goals.contains(&dest) || !foreign(dest) || rng.below(2) == 0 {
            continue;
        }
        let mut helpers: Vec<usize> = (0..plan.len()).filter(|&j| j != i && !busy[j]).collect();
        rng.shuffle(&mut helpers);
        for j in helpers {
            if reach[plan[j].0].contains(&dest)
                && support_options(map, board, plan[j].0, piece).contains(&Some(to))
            {
                plan[j].1 = None;
                helping[j] = Some((piece, to));
                busy[i] = true;
                busy[j] = true;
                break;
            }
        }
    }
    // Other holding units support a move into a centre or an occupied place.
    let mut orders = Vec::with_capacity(plan.len());
    for (idx, &(piece, to)) in plan.iter().enumerate() {
        let unit = board.pieces[piece].unit;
        if let Some((other, to)) = helping[idx] {
            let target = province_of(board.pieces[other].unit);
            orders.push(order(power, unit, Command::Support { target, dest: Some(to) }));
            continue;
        }
        if let Some(to) = to {
            orders.push(order(power, unit, Command::Move { to, via_convoy: false }));
            continue;
        }
        let mut supported = None;
        let mut candidates: Vec<(usize, LocationId)> = plan
            .iter()
            .filter_map(|&(other, to)| Some((other, to?)))
            .filter(|&(_, to)| {
                let p = map.province_of(to);
                map.supply_centers.contains(&p) || board.piece_in(map, p).is_some()
            })
            .collect();
        rng.shuffle(&mut candidates);
        for (other, to) in candidates {
            if reach[piece].contains(&map.province_of(to))
                && support_options(map, board, piece, other).contains(&Some(to))
            {
                supported = Some((other, to));
                break;
            }
        }
        let command = match supported {
            Some((other, to)) => {
                Command::Support { target: province_of(board.pieces[other].unit), dest: Some(to) }
            }
            None => Command::Hold,
        };
        orders.push(order(power, unit, command));
    }
    orders
}

/// The retreat orders of `power`.
fn retreats(map: &Map, paths: &Paths, board: &Board, power: PowerId, rng: &mut Rng) -> Vec<Order> {
    let dist = paths.distances(map, &targets(map, board, power));
    let mut orders = Vec::new();
    let mut taken: Vec<ProvinceId> = Vec::new();
    for dislodged in board.dislodged.iter().filter(|d| d.piece.power == power) {
        let unit = dislodged.piece.unit;
        let mut options: Vec<LocationId> = retreat_options(map, board, dislodged)
            .into_iter()
            .filter(|&to| !taken.contains(&map.province_of(to)))
            .collect();
        rng.shuffle(&mut options);
        let best = options
            .iter()
            .copied()
            .min_by_key(|&to| dist.of(Unit { kind: unit.kind, location: to }));
        match best {
            Some(to) => {
                taken.push(map.province_of(to));
                orders.push(order(power, unit, Command::Retreat { to }));
            }
            None => orders.push(order(power, unit, Command::Disband)),
        }
    }
    orders
}

/// The adjustment orders of `power` (`count` builds, or removals if below 0).
fn adjustments(
    map: &Map,
    paths: &Paths,
    board: &Board,
    power: PowerId,
    count: i64,
    rng: &mut Rng,
) -> Vec<Order> {
    let dist = paths.distances(map, &targets(map, board, power));
    let mut orders = Vec::new();
    if count > 0 {
        let mut options = build_options(map, board, power);
        rng.shuffle(&mut options);
        // Nearest a target first; one unit per province.
        crate::sorting::sort_by_key(&mut options, |&unit| dist.of(unit));
        let mut used: Vec<ProvinceId> = Vec::new();
        for unit in options {
            if orders.len() as i64 == count {
                break;
            }
            let province = map.province_of(unit.location);
            if !used.contains(&province) {
                used.push(province);
                orders.push(order(power, unit, Command::Build));
            }
        }
    } else if count < 0 {
        let mut units: Vec<Unit> = board.units_of(power).map(|p| p.unit).collect();
        rng.shuffle(&mut units);
        crate::sorting::sort_by_key(&mut units, |&unit| core::cmp::Reverse(dist.of(unit)));
        for unit in units.into_iter().take((-count) as usize) {
            orders.push(order(power, unit, Command::Disband));
        }
    }
    orders
}

/// Every power's orders for a phase of `kind` (`None`: a pause) on `board`.
pub fn orders(
    map: &Map,
    board: &Board,
    kind: Option<OrderPhase>,
    paths: &Paths,
    rng: &mut Rng,
) -> Vec<Order> {
    let mut out = Vec::new();
    let Some(kind) = kind else { return out };
    let counts =
        if kind == OrderPhase::Adjustments { adjustment_counts(map, board) } else { Vec::new() };
    let reach: Vec<Vec<ProvinceId>> = if kind == OrderPhase::Movement {
        board
            .pieces
            .iter()
            .map(|p| {
                let moves = map.moves(p.unit.kind, p.unit.location);
                moves.into_iter().map(|l| map.province_of(l)).collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    for p in 0..map.powers.len() {
        let power = PowerId(p as u32);
        out.extend(match kind {
            OrderPhase::Movement => movement(map, paths, board, &reach, power, rng),
            OrderPhase::Retreats => retreats(map, paths, board, power, rng),
            OrderPhase::Adjustments => {
                let count = counts.get(p).copied().unwrap_or(0);
                adjustments(map, paths, board, power, count, rng)
            }
        });
    }
    out
}

fn centre_counts(map: &Map, board: &Board) -> Vec<u32> {
    let mut counts = vec![0u32; map.powers.len()];
    for owner in board.owners.iter().flatten() {
        if let Some(c) = counts.get_mut(owner.0 as usize) {
            *c += 1;
        }
    }
    counts
}

/// A game being played, a phase at a time ([`Run::step`]): the game loop
/// without its history (`Game::advance` keeps a copy of the map and the
/// board per phase, for undo).
pub struct Run {
    rng: Rng,
    years: u32,
    calendar: crate::calendar::Calendar,
    map: Arc<Map>,
    phase: crate::calendar::Phase,
    board: Board,
    centres: Vec<Vec<u32>>,
    first_owner: Vec<Option<PowerId>>,
    year: i64,
    /// A bound on phases: a calendar of pauses cannot run for ever.
    budget: usize,
    solo: Option<PowerId>,
    done: bool,
}

impl Run {
    /// Game number `number` of `base` for `years` years with `seed`.
    pub fn new(base: &Arc<Map>, years: u32, seed: u64, number: u64) -> Run {
        let (game, _) = Game::new(Arc::clone(base));
        Run {
            rng: Rng::new(seed, number),
            years,
            year: game.phase.year,
            calendar: game.calendar,
            map: game.map,
            phase: game.phase,
            board: game.board,
            centres: Vec::new(),
            first_owner: vec![None; base.unowned.len()],
            budget: (years as usize + 1) * 64,
            solo: None,
            done: false,
        }
    }

    /// Plays one phase; whether the game is over.
    pub fn step(&mut self, base: &Map, paths: &Paths) -> bool {
        if self.done {
            return true;
        }
        let kind = OrderPhase::of(self.phase.phase_kind());
        let orders = orders(&self.map, &self.board, kind, paths, &mut self.rng);
        let (_, after) = run_phase(&self.map, &self.phase, &self.board, &orders);
        self.board = after;
        let stepped = step(&self.calendar, base, &self.map, &mut self.board, &self.phase);
        if let Some(next) = stepped.map {
            self.map = Arc::new(next);
        }
        self.phase = stepped.phase;
        for (i, &centre) in base.unowned.iter().enumerate() {
            if self.first_owner[i].is_none() {
                self.first_owner[i] = self.board.owners.get(centre.0 as usize).copied().flatten();
            }
        }
        if self.phase.year != self.year {
            // A year (or more, in a calendar that skips) has ended.
            let counts = centre_counts(&self.map, &self.board);
            while self.year != self.phase.year && self.centres.len() < self.years as usize {
                self.centres.push(counts.clone());
                self.year += if self.phase.year > self.year { 1 } else { -1 };
            }
            self.year = self.phase.year;
        }
        if let Status::Won(winners) = &stepped.status {
            if winners.len() == 1 {
                self.solo = Some(winners[0]);
            }
            self.done = true;
        }
        self.budget -= 1;
        if self.centres.len() >= self.years as usize || self.budget == 0 {
            self.done = true;
        }
        self.done
    }

    /// The outcome (of a game over: [`Run::step`] said so).
    pub fn result(self, base: &Map) -> GameResult {
        let mut centres = self.centres;
        // A game won early: its last count stands for the years not played.
        let last = centres.last().cloned().unwrap_or_else(|| centre_counts(&self.map, &self.board));
        while centres.len() < self.years as usize {
            centres.push(last.clone());
        }
        let mut units = vec![0u32; base.powers.len()];
        for piece in &self.board.pieces {
            if let Some(u) = units.get_mut(piece.power.0 as usize) {
                *u += 1;
            }
        }
        GameResult { centres, solo: self.solo, units, first_owner: self.first_owner }
    }
}

/// Plays game number `number` of `base` for `years` years with `seed`.
pub fn play(base: &Arc<Map>, paths: &Paths, years: u32, seed: u64, number: u64) -> GameResult {
    let mut run = Run::new(base, years, seed, number);
    while !run.step(base, paths) {}
    run.result(base)
}

/// One power's figures over the games.
#[derive(Clone, Debug, PartialEq)]
pub struct PowerFigures {
    /// The power.
    pub power: PowerId,
    /// Games it won alone.
    pub solos: u32,
    /// Games it ended with a centre or a unit.
    pub survivals: u32,
    /// Games it ended with neither.
    pub eliminations: u32,
    /// Its mean centre count at the end.
    pub mean_final_centres: f64,
    /// The standard deviation of its centre count at the end (over games).
    pub final_centres_sd: f64,
    /// Per year: the first quartile, median and third quartile of its centres.
    pub centres_by_year: Vec<(i64, u32, u32, u32)>,
}

/// The figures of a set of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Games played.
    pub games: u32,
    /// Years per game.
    pub years: u32,
    /// The seed.
    pub seed: u64,
    /// Per power, in map order.
    pub powers: Vec<PowerFigures>,
    /// Per neutral centre: how many games each power was first to own it.
    pub neutrals: Vec<(ProvinceId, Vec<u32>)>,
}

/// A set of games being played: [`Lab::play`] a few at a time (the page
/// plays them in chunks between frames), [`Lab::figures`] at any point.
pub struct Lab {
    map: Arc<Map>,
    paths: Paths,
    years: u32,
    seed: u64,
    first_year: i64,
    results: Vec<GameResult>,
    /// The game under way, if a [`Lab::step`] left one.
    current: Option<Run>,
}

impl Lab {
    /// Games of `map` for `years` years from `seed`.
    pub fn new(map: &Map, years: u32, seed: u64) -> Lab {
        let map = Arc::new(map.clone());
        let (game, _) = Game::new(Arc::clone(&map));
        Lab {
            paths: Paths::new(&map),
            map,
            years,
            seed,
            first_year: game.phase.year,
            results: Vec::new(),
            current: None,
        }
    }

    /// Plays one phase of the next game (the page plays in slices shorter
    /// than a game of a big map); whether that finished a game.
    pub fn step(&mut self) -> bool {
        let number = self.results.len() as u64;
        let run =
            self.current.get_or_insert_with(|| Run::new(&self.map, self.years, self.seed, number));
        if run.step(&self.map, &self.paths) {
            let run = self.current.take().expect("under way");
            self.results.push(run.result(&self.map));
            return true;
        }
        false
    }

    /// Plays `n` more games (finishing the one under way first).
    pub fn play(&mut self, n: u32) {
        let goal = self.results.len() as u32 + n;
        while (self.results.len() as u32) < goal {
            self.step();
        }
    }

    /// Games played so far.
    pub fn played(&self) -> u32 {
        self.results.len() as u32
    }

    /// The figures of the games played so far.
    pub fn figures(&self) -> Figures {
        let games = self.results.len();
        let powers = (0..self.map.powers.len())
            .map(|p| {
                let power = PowerId(p as u32);
                let end = |r: &GameResult| r.centres.last().map_or(0, |c| c[p]);
                let alive = |r: &GameResult| end(r) > 0 || r.units[p] > 0;
                let mean = if games == 0 {
                    0.0
                } else {
                    self.results.iter().map(|r| f64::from(end(r))).sum::<f64>() / games as f64
                };
                let centres_by_year = (0..self.years as usize)
                    .map(|y| {
                        let mut counts: Vec<u32> =
                            self.results.iter().map(|r| r.centres[y][p]).collect();
                        crate::sorting::sort(&mut counts);
                        let at = |q: usize| {
                            counts.get((counts.len().max(1) - 1) * q / 4).copied().unwrap_or(0)
                        };
                        (self.first_year + y as i64, at(1), at(2), at(3))
                    })
                    .collect();
                PowerFigures {
                    power,
                    solos: self.results.iter().filter(|r| r.solo == Some(power)).count() as u32,
                    survivals: self.results.iter().filter(|r| alive(r)).count() as u32,
                    eliminations: self.results.iter().filter(|r| !alive(r)).count() as u32,
                    mean_final_centres: mean,
                    final_centres_sd: if games == 0 {
                        0.0
                    } else {
                        let var = self
                            .results
                            .iter()
                            .map(|r| (f64::from(end(r)) - mean) * (f64::from(end(r)) - mean))
                            .sum::<f64>()
                            / games as f64;
                        crate::layout::geom::sqrt(var)
                    },
                    centres_by_year,
                }
            })
            .collect();
        let neutrals = self
            .map
            .unowned
            .iter()
            .enumerate()
            .map(|(i, &centre)| {
                let mut counts = vec![0u32; self.map.powers.len()];
                for r in &self.results {
                    if let Some(owner) = r.first_owner[i] {
                        counts[owner.0 as usize] += 1;
                    }
                }
                (centre, counts)
            })
            .collect();
        Figures { games: games as u32, years: self.years, seed: self.seed, powers, neutrals }
    }
}

/// Why the bots cannot play `map`, if they cannot: no powers, no supply
/// centres, or no units and no builds to come.
pub fn unplayable(map: &Map) -> Option<&'static str> {
    if map.powers.is_empty() {
        return Some("the map has no powers");
    }
    if map.supply_centers.is_empty() {
        return Some("the map has no supply centres: there is nothing to play for");
    }
    let (game, _) = Game::new(map.clone());
    let builds = game.order_phase() == Some(OrderPhase::Adjustments);
    if game.board.pieces.is_empty() && !builds {
        return Some("no power has a unit at the start, and the game does not start with builds");
    }
    None
}

/// The figures of `games` games of `map` for `years` years from `seed`.
pub fn playout(map: &Map, games: u32, years: u32, seed: u64) -> Figures {
    let mut lab = Lab::new(map, years, seed);
    lab.play(games);
    lab.figures()
}
