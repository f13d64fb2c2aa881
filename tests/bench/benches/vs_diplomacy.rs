//! judgepad against the `diplomacy` crate 0.2.0 on the same random standard
//! movement phases (generated and checked legal by judgepad), orders parsed
//! in advance, phases/second and the ratio.

use std::time::Instant;

use diplomacy::judge::{MappedMainOrder, OrderState, Rulebook, Submission};
use judgepad_core::adjudicate::{Outcome, adjudicate_movement};
use judgepad_core::map::{Map, UnitKind};
use judgepad_core::orders::Command;

fn region(map: &Map, loc: judgepad_core::map::LocationId) -> String {
    let abbr = map.loc(loc).abbr.to_lowercase();
    match abbr.split_once('/') {
        Some((province, coast)) => format!("{province}({coast})"),
        None => abbr,
    }
}

fn their_orders(map: &Map, phase: &judgepad_bench::Phase) -> Vec<MappedMainOrder> {
    phase
        .orders
        .iter()
        .map(|order| {
            let unit = order.unit.unwrap();
            let nation = &map.pow(order.power).name[..3];
            let letter = if unit.kind == UnitKind::Army { "A" } else { "F" };
            let here = region(map, unit.location);
            let body = match &order.command {
                Command::Hold => "hold".to_string(),
                Command::Move { to, .. } => format!("-> {}", region(map, *to)),
                Command::Support { target, dest } => {
                    let supported = phase.board.piece_in(map, *target).unwrap().unit;
                    let supported_letter = if supported.kind == UnitKind::Army { "A" } else { "F" };
                    let from = region(map, supported.location);
                    match dest {
                        None => format!("supports {supported_letter} {from}"),
                        Some(dest) => format!(
                            "supports {supported_letter} {from} -> {}",
                            map.prov(map.province_of(*dest)).abbr.to_lowercase()
                        ),
                    }
                }
                _ => unreachable!("the generator gives holds, moves and supports"),
            };
            format!("{nation}: {letter} {here} {body}")
                .parse()
                .unwrap_or_else(|err| panic!("{err:?}"))
        })
        .collect()
}

fn rate(mut run: impl FnMut() -> usize, phases: usize) -> (f64, f64) {
    run();
    let start = Instant::now();
    let mut rounds = 0;
    let mut orders = 0;
    while start.elapsed().as_secs_f64() < 1.0 {
        orders += run();
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    ((rounds * phases) as f64 / secs, orders as f64 / secs)
}

fn main() {
    let (map, phases) = judgepad_bench::record("standard", 300, 1);
    let theirs: Vec<Vec<MappedMainOrder>> =
        phases.iter().map(|phase| their_orders(&map, phase)).collect();
    let world = diplomacy::geo::standard_map();
    let (ours, our_orders) = rate(|| judgepad_bench::adjudicate_all(&map, &phases), phases.len());
    let (crate_rate, crate_orders) = rate(
        || {
            let mut count = 0;
            for orders in &theirs {
                let submission = Submission::with_inferred_state(world, orders.clone());
                let outcome = submission.adjudicate(Rulebook::edition_2023());
                count += orders.len();
                std::hint::black_box(outcome);
            }
            count
        },
        phases.len(),
    );
    // Differential check: every move must succeed or fail the same way in
    // both. The crate's standard map lacks eight borders (bot-fin, bot-lvn,
    // bot-stp, bot-swe, gal-ukr, lvn-war, nwy-stp, tus-tys), so phases with
    // a unit next to one of them are left out of the comparison.
    const MISSING: &[(&str, &str)] = &[
        ("BOT", "FIN"),
        ("BOT", "LVN"),
        ("BOT", "STP"),
        ("BOT", "SWE"),
        ("GAL", "UKR"),
        ("LVN", "WAR"),
        ("NWY", "STP"),
        ("TUS", "TYS"),
    ];
    let touches_missing = |phase: &judgepad_bench::Phase| {
        phase.orders.iter().any(|order| {
            let from = map.prov(map.province_of(order.unit.unwrap().location)).abbr.as_str();
            let to = match &order.command {
                Command::Move { to, .. } => map.prov(map.province_of(*to)).abbr.as_str(),
                Command::Support { target, dest } => {
                    map.prov(dest.map_or(*target, |it| map.province_of(it))).abbr.as_str()
                }
                _ => return false,
            };
            MISSING.iter().any(|(a, b)| (*a == from && *b == to) || (*a == to && *b == from))
        })
    };
    let mut disagreements = 0;
    let mut compared = 0;
    for (phase, orders) in phases.iter().zip(&theirs) {
        if touches_missing(phase) {
            continue;
        }
        compared += 1;
        let ours = adjudicate_movement(
            &map,
            &phase.board,
            &phase.orders,
            judgepad_core::adjudicate::Rulebook::of(&map),
        );
        let submission = Submission::with_inferred_state(world, orders.clone());
        let outcome = submission.adjudicate(Rulebook::edition_2023());
        for (idx, order) in orders.iter().enumerate() {
            if !matches!(phase.orders[idx].command, Command::Move { .. }) {
                continue;
            }
            let theirs_ok = OrderState::from(outcome.get(order).unwrap()) == OrderState::Succeeds;
            let ours_ok = ours
                .resolutions
                .iter()
                .find(|it| it.order == Some(idx))
                .is_some_and(|it| it.outcome == Outcome::Succeeds);
            if theirs_ok != ours_ok {
                disagreements += 1;
                if disagreements <= 2 {
                    eprintln!("disagreement on {order}: judgepad {ours_ok}, diplomacy {theirs_ok}");
                    for (other_idx, other) in orders.iter().enumerate() {
                        let state = OrderState::from(outcome.get(other).unwrap());
                        let mine = ours
                            .resolutions
                            .iter()
                            .find(|it| it.order == Some(other_idx))
                            .map(|it| (it.outcome, it.reason.clone()));
                        eprintln!("    {other}  | theirs {state:?} | ours {mine:?}");
                    }
                }
            }
        }
    }
    println!("standard map, {} random movement phases (orders parsed in advance):", phases.len());
    println!(
        "  moves judged differently by the two adjudicators: {disagreements} (in {compared} phases away from the crate's missing borders)"
    );
    println!("  judgepad        {ours:>10.0} phases/s {our_orders:>12.0} orders/s");
    println!("  diplomacy 0.2.0 {crate_rate:>10.0} phases/s {crate_orders:>12.0} orders/s");
    println!("  ratio           {:>10.2}x", ours / crate_rate);
}
