//! Legal games on any map, played by judgepad, recorded as movement phases
//! (position + orders) for benchmarks: random ones, and *played* ones,
//! whose powers attack like players do (each unit that can reach a centre
//! it does not own moves there, its neighbours support it in, the rest
//! support a neighbour's hold), so phases carry the supports real games
//! carry.

use judgepad_core::adjudicate::{Rulebook, adjudicate_movement};
use judgepad_core::board::Board;
use judgepad_core::bundled::{self, Bundled};
use judgepad_core::calendar::PhaseKind;
use judgepad_core::game;
use judgepad_core::map::{self, Map, PowerId, Reach};
use judgepad_core::orders::{Command, Order};
use judgepad_core::text::{FileId, FileSpan, Span};

/// A deterministic xorshift generator.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A recorded movement phase.
pub struct Phase {
    pub board: Board,
    pub orders: Vec<Order>,
}

pub fn load(name: &str) -> Map {
    let file = format!("{name}.map");
    map::load(&file, &bundled::source(&file).expect("bundled map"), &Bundled).0
}

fn order(power: PowerId, unit: judgepad_core::map::Unit, command: Command) -> Order {
    Order {
        power,
        unit: Some(unit),
        written_kind: Some(unit.kind),
        command,
        at: FileSpan::new(FileId(1), Span::default()),
    }
}

/// Random legal movement orders: a third hold, a third move, a third support
/// a neighbour's hold or move.
pub fn random_orders(map: &Map, board: &Board, rng: &mut Rng) -> Vec<Order> {
    let mut orders = Vec::new();
    let mut moves: Vec<(usize, judgepad_core::map::LocationId)> = Vec::new();
    for (idx, piece) in board.pieces.iter().enumerate() {
        let targets = map.moves(piece.unit.kind, piece.unit.location);
        match rng.below(3) {
            1 if !targets.is_empty() => {
                let to = targets[rng.below(targets.len())];
                moves.push((idx, to));
                orders.push(order(
                    piece.power,
                    piece.unit,
                    Command::Move { to, via_convoy: false },
                ));
            }
            2 => {
                // Support a neighbour: its hold, or its move if that move is reachable.
                let neighbours: Vec<usize> = board
                    .pieces
                    .iter()
                    .enumerate()
                    .filter(|(other, it)| {
                        *other != idx
                            && map
                                .province(&map.prov(map.province_of(it.unit.location)).abbr)
                                .is_some_and(|p| {
                                    map.prov(p).location.is_some_and(|loc| {
                                        map.abuts(
                                            Some(piece.unit.kind),
                                            piece.unit.location,
                                            Reach::Support,
                                            loc,
                                        )
                                        .is_some()
                                    })
                                })
                    })
                    .map(|(other, _)| other)
                    .collect();
                if neighbours.is_empty() {
                    orders.push(order(piece.power, piece.unit, Command::Hold));
                } else {
                    let target = neighbours[rng.below(neighbours.len())];
                    let target_prov = map.province_of(board.pieces[target].unit.location);
                    orders.push(order(
                        piece.power,
                        piece.unit,
                        Command::Support { target: target_prov, dest: None },
                    ));
                }
            }
            _ => orders.push(order(piece.power, piece.unit, Command::Hold)),
        }
    }
    // Turn some hold supports into move supports for moves the supporter can reach.
    for (idx, to) in moves {
        let to_prov = map.province_of(to);
        let mover_prov = map.province_of(board.pieces[idx].unit.location);
        for (sidx, piece) in board.pieces.iter().enumerate() {
            if sidx == idx
                || !matches!(orders[sidx].command, Command::Support { .. })
                || rng.below(2) == 0
            {
                continue;
            }
            let Some(dest_loc) = map.prov(to_prov).location else { continue };
            if map.province_of(piece.unit.location) != to_prov
                && map
                    .abuts(Some(piece.unit.kind), piece.unit.location, Reach::Support, dest_loc)
                    .is_some()
            {
                orders[sidx].command =
                    Command::Support { target: mover_prov, dest: Some(dest_loc) };
            }
        }
    }
    orders
}

/// How the recorded games choose their orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// [`random_orders`].
    Random,
    /// [`played_orders`].
    Played,
}

/// Orders as players give them: each power sends a unit at each centre it
/// does not own that one of its units can reach (one unit per target), the
/// other units of that power next to the target support the move in (up
/// to two), and the rest support a neighbouring unit of theirs in place,
/// or hold. Random choices break ties, so games differ by seed.
pub fn played_orders(map: &Map, board: &Board, rng: &mut Rng) -> Vec<Order> {
    let n = board.pieces.len();
    let mut command: Vec<Option<Command>> = vec![None; n];
    let mut targeted: Vec<judgepad_core::map::ProvinceId> = Vec::new();
    let start = rng.below(n.max(1));
    // Attacks first, in a random rotation of the units.
    for step in 0..n {
        let idx = (start + step) % n;
        let piece = &board.pieces[idx];
        let mut options: Vec<_> = map
            .moves(piece.unit.kind, piece.unit.location)
            .into_iter()
            .filter(|&to| {
                let prov = map.province_of(to);
                map.prov(prov).supply_center
                    && board.owners[prov.0 as usize] != Some(piece.power)
                    && !targeted.contains(&prov)
                    && board.piece_in(map, prov).is_none_or(|it| it.power != piece.power)
            })
            .collect();
        if options.is_empty() || rng.below(4) == 0 {
            continue;
        }
        let to = options.swap_remove(rng.below(options.len()));
        targeted.push(map.province_of(to));
        command[idx] = Some(Command::Move { to, via_convoy: false });
    }
    // Supports into the attacks, then in place.
    for idx in 0..n {
        if command[idx].is_some() {
            continue;
        }
        let piece = &board.pieces[idx];
        let reaches = |dest| {
            map.abuts(Some(piece.unit.kind), piece.unit.location, Reach::Support, dest).is_some()
        };
        let helped = (0..n).find(|&other| {
            let Some(Command::Move { to, .. }) = command[other] else { return false };
            let supporters = (0..n)
                .filter(|&s| matches!(&command[s], Some(Command::Support { dest: Some(d), .. }) if *d == to))
                .count();
            board.pieces[other].power == piece.power
                && supporters < 2
                && map.province_of(to) != map.province_of(piece.unit.location)
                && reaches(to)
        });
        command[idx] = Some(match helped {
            Some(other) => {
                let Some(Command::Move { to, .. }) = command[other] else { unreachable!() };
                let target = map.province_of(board.pieces[other].unit.location);
                Command::Support { target, dest: Some(to) }
            }
            None => {
                let friend = (0..n).find(|&other| {
                    other != idx
                        && board.pieces[other].power == piece.power
                        && command[other]
                            .as_ref()
                            .is_none_or(|it| !matches!(it, Command::Move { .. }))
                        && reaches(board.pieces[other].unit.location)
                });
                match friend {
                    Some(other) => Command::Support {
                        target: map.province_of(board.pieces[other].unit.location),
                        dest: None,
                    },
                    None => Command::Hold,
                }
            }
        });
    }
    board
        .pieces
        .iter()
        .zip(command)
        .map(|(piece, command)| order(piece.power, piece.unit, command.unwrap_or(Command::Hold)))
        .collect()
}

/// Plays `count` movement phases of a random game on `map` and records them.
pub fn record(map_name: &str, count: usize, seed: u64) -> (Map, Vec<Phase>) {
    record_with(map_name, count, seed, Policy::Random)
}

/// Plays `count` movement phases of games on `map` whose orders `policy`
/// chooses, and records them.
pub fn record_with(map_name: &str, count: usize, seed: u64, policy: Policy) -> (Map, Vec<Phase>) {
    let base = load(map_name);
    let (mut game, _) = game::Game::new(base.clone());
    let mut rng = Rng(seed);
    let mut phases = Vec::new();
    let mut guard = 0;
    while phases.len() < count && guard < count * 10 {
        guard += 1;
        if !matches!(game.status, game::Status::Playing) {
            let (fresh, _) = game::Game::new(base.clone());
            game = fresh;
        }
        let orders = match game.phase.phase_kind() {
            PhaseKind::Movement => {
                let orders = match policy {
                    Policy::Random => random_orders(&game.map, &game.board, &mut rng),
                    Policy::Played => played_orders(&game.map, &game.board, &mut rng),
                };
                phases.push(Phase { board: game.board.clone(), orders: orders.clone() });
                orders
            }
            PhaseKind::Retreats => Vec::new(),
            PhaseKind::Adjustments => build_orders(&game.map, &game.board),
            PhaseKind::Other => Vec::new(),
        };
        game.advance(&orders);
    }
    ((*game.map).clone(), phases)
}

/// Builds armies wherever possible (removals go to civil disorder).
fn build_orders(map: &Map, board: &Board) -> Vec<Order> {
    let mut orders = Vec::new();
    for (idx, homes) in board.homes.iter().enumerate() {
        let power = PowerId(idx as u32);
        for &home in homes {
            if board.owners[home.0 as usize] == Some(power) && board.piece_in(map, home).is_none() {
                if let Some(loc) = map.prov(home).location.filter(|&loc| map.loc(loc).army_ok) {
                    orders.push(order(
                        power,
                        judgepad_core::map::Unit {
                            kind: judgepad_core::map::UnitKind::Army,
                            location: loc,
                        },
                        Command::Build,
                    ));
                }
            }
        }
    }
    orders
}

/// Adjudicates every phase once; returns the number of orders.
pub fn adjudicate_all(map: &Map, phases: &[Phase]) -> usize {
    let rules = Rulebook::of(map);
    let mut orders = 0;
    for phase in phases {
        let res = adjudicate_movement(map, &phase.board, &phase.orders, rules);
        orders += res.resolutions.len();
        std::hint::black_box(res);
    }
    orders
}
