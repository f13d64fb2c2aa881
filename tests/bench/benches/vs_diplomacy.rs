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

/// The phases as `judgepad adjudicate` input lines (docs/batch.md).
fn json_lines(map: &Map, phases: &[judgepad_bench::Phase]) -> String {
    use std::collections::BTreeMap;
    use std::fmt::Write;
    let list = |items: &BTreeMap<String, Vec<String>>| {
        let body: Vec<String> = items
            .iter()
            .map(|(power, items)| {
                let quoted: Vec<String> = items.iter().map(|it| format!("\"{it}\"")).collect();
                format!("\"{power}\":[{}]", quoted.join(","))
            })
            .collect();
        format!("{{{}}}", body.join(","))
    };
    let mut out = String::new();
    for phase in phases {
        let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for piece in &phase.board.pieces {
            units
                .entry(map.pow(piece.power).name.to_string())
                .or_default()
                .push(map.unit_text(piece.unit));
        }
        let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (idx, owner) in phase.board.owners.iter().enumerate() {
            if let Some(owner) = owner {
                centers
                    .entry(map.pow(*owner).name.to_string())
                    .or_default()
                    .push(map.prov(judgepad_core::map::ProvinceId(idx as u32)).abbr.to_string());
            }
        }
        let mut orders: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for order in &phase.orders {
            orders
                .entry(map.pow(order.power).name.to_string())
                .or_default()
                .push(judgepad_core::orders::format_order(map, order));
        }
        writeln!(
            out,
            "{{\"map\":\"standard\",\"phase\":\"S1901M\",\"units\":{},\"centers\":{},\"orders\":{}}}",
            list(&units),
            list(&centers),
            list(&orders)
        )
        .unwrap();
    }
    out
}

/// `judgepad adjudicate` end to end (process start, JSON in and out) on the
/// same phases, repeated `copies` times: the best of three runs, phases/s.
fn cli_rate(input: &str, phases: usize) -> Option<f64> {
    use std::io::Write;
    use std::process::{Command as Process, Stdio};
    let bin = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/judgepad");
    if !std::path::Path::new(bin).exists() {
        eprintln!("(no {bin}: run `cargo build --release -p judgepad-cli` for the CLI figure)");
        return None;
    }
    let mut best = f64::MAX;
    for _ in 0..7 {
        let start = Instant::now();
        let mut child = Process::new(bin)
            .arg("adjudicate")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let mut stdin = child.stdin.take()?;
        let text = input.to_string();
        let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
        let output = child.wait_with_output().ok()?;
        writer.join().ok()?.ok()?;
        let secs = start.elapsed().as_secs_f64();
        let lines = output.stdout.split(|&b| b == b'\n').filter(|it| !it.is_empty()).count();
        assert_eq!(lines, phases, "one output line per input line");
        assert!(!output.stdout.windows(8).any(|it| it == b"\"error\":"), "the CLI refused a line");
        best = best.min(secs);
    }
    Some(phases as f64 / best)
}

fn main() {
    // Random games, then played ones (more supports per phase, as real
    // games have): the same comparison on each, side by side.
    let jsonl = std::env::var("JUDGEPAD_BENCH_JSONL").ok();
    compare(judgepad_bench::Policy::Random, "random", jsonl.clone());
    compare(judgepad_bench::Policy::Played, "played", jsonl.map(|it| format!("{it}.played")));
}

/// Both adjudicators on 300 standard movement phases of games `policy`
/// plays; the phases and the crate's rate written to `jsonl` (for the
/// browser benchmark) if given.
fn compare(policy: judgepad_bench::Policy, what: &str, jsonl: Option<String>) {
    let (map, phases) = judgepad_bench::record_with("standard", 300, 1, policy);
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
    let supports = phases
        .iter()
        .flat_map(|phase| &phase.orders)
        .filter(|order| matches!(order.command, Command::Support { .. }))
        .count();
    let orders: usize = phases.iter().map(|phase| phase.orders.len()).sum();
    println!(
        "standard map, {} {what} movement phases ({:.0} % of orders supports; orders parsed in advance):",
        phases.len(),
        100.0 * supports as f64 / orders.max(1) as f64
    );
    println!(
        "  moves judged differently by the two adjudicators: {disagreements} (in {compared} phases away from the crate's missing borders)"
    );
    println!("  judgepad        {ours:>10.0} phases/s {our_orders:>12.0} orders/s");
    println!(
        "  diplomacy 0.2.0 {crate_rate:>10.0} phases/s {crate_orders:>12.0} orders/s  (in process)"
    );
    println!("  judgepad engine {:>10.2}x the crate", ours / crate_rate);
    // The CLI end to end on the same phases, eight times over (2,400 lines).
    let copies = 8;
    let input = json_lines(&map, &phases).repeat(copies);
    if let Some(path) = jsonl {
        // The phases and the crate's rate, for the browser benchmark.
        std::fs::write(&path, &input).expect("writes the phases");
        std::fs::write(format!("{path}.crate"), format!("{crate_rate:.0}"))
            .expect("writes the rate");
    }
    if let Some(cli) = cli_rate(&input, phases.len() * copies) {
        println!(
            "  judgepad adjudicate (process, JSON in and out) {cli:>10.0} phases/s = {:.2}x the crate in process",
            cli / crate_rate
        );
    }
}
