//! The DATC v3.0 chapter-6 cases (`datc/6.*.txt`), run through one harness.
//! The format is described in `datc/README.md`.

use std::collections::BTreeSet;
use std::fmt::Write;

use judgepad_core::adjudicate::{self, Outcome, Rulebook};
use judgepad_core::board::{Board, Piece};
use judgepad_core::bundled::{self, Bundled};
use judgepad_core::calendar;
use judgepad_core::game::{self, Status};
use judgepad_core::map::{self, Map, PowerId, Unit, UnitKind};
use judgepad_core::orders::{self, Order, OrderPhase};
use judgepad_core::text::{FileId, Span};

const SECTIONS: &[(&str, &str)] = &[
    ("6.A", include_str!("datc/6.A.txt")),
    ("6.B", include_str!("datc/6.B.txt")),
    ("6.C", include_str!("datc/6.C.txt")),
    ("6.D", include_str!("datc/6.D.txt")),
    ("6.E", include_str!("datc/6.E.txt")),
    ("6.F", include_str!("datc/6.F.txt")),
    ("6.G", include_str!("datc/6.G.txt")),
    ("6.H", include_str!("datc/6.H.txt")),
    ("6.I", include_str!("datc/6.I.txt")),
    ("6.J", include_str!("datc/6.J.txt")),
];

#[derive(Default)]
pub(crate) struct Case {
    pub(crate) id: String,
    phase: String,
    owns: Vec<(String, Vec<String>)>,
    units: Vec<(String, String, String)>,
    orders: Vec<(String, String, String)>,
    retreat_orders: Vec<(String, String, String)>,
    after: Vec<(String, String, String)>,
    dislodged: Vec<(String, String, String)>,
    has_after: bool,
    /// `next …`: the phase the game loop goes to after the case's last phase
    /// (with ` won POWER…` if the game ends there).
    next: Option<String>,
    /// `owner-after PROV POWER`: supply-centre owners once `next` is reached.
    owners_after: Vec<(String, String)>,
    /// Map text (`map …` lines); empty means the standard map.
    map_text: String,
}

pub(crate) fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut in_retreat = false;
    for line in text.lines().map(str::trim).filter(|it| !it.is_empty() && !it.starts_with('#')) {
        if let Some(rest) = line.strip_prefix("=== ") {
            let id = rest.split('|').next().unwrap().trim().to_string();
            cases.push(Case { id, ..Case::default() });
            in_retreat = false;
            continue;
        }
        let case = cases.last_mut().expect("a case header first");
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let unit = |rest: &str| -> (String, String, String) {
            let parts: Vec<&str> = rest.split_whitespace().collect();
            (parts[0].to_string(), parts[1].to_string(), parts[2].to_string())
        };
        match word {
            "map" => {
                case.map_text.push_str(rest);
                case.map_text.push('\n');
            }
            "phase" => case.phase = rest.to_string(),
            "owns" => {
                let (power, locs) = rest.split_once(':').unwrap();
                case.owns.push((
                    power.trim().to_string(),
                    locs.split_whitespace().map(String::from).collect(),
                ));
            }
            "unit" => case.units.push(unit(rest)),
            "order" => {
                let (power, rest) = rest.split_once(':').unwrap();
                let (text, result) = rest.split_once("=>").unwrap();
                let entry =
                    (power.trim().to_string(), text.trim().to_string(), result.trim().to_string());
                if in_retreat { case.retreat_orders.push(entry) } else { case.orders.push(entry) }
            }
            "then" => in_retreat = true,
            "after" => {
                case.has_after = true;
                case.after.push(unit(rest));
            }
            "none-after" => case.has_after = true,
            "dislodged" => case.dislodged.push(unit(rest)),
            "next" => case.next = Some(rest.to_string()),
            "owner-after" => {
                let (prov, power) = rest.split_once(' ').expect("owner-after PROV POWER");
                case.owners_after.push((prov.to_string(), power.trim().to_string()));
            }
            other => panic!("{}: unknown line `{other}`", case.id),
        }
    }
    cases
}

/// Parser refusals that mean the order is void in a case: the DATC's
/// orders given in the wrong phase.
const VOID_REFUSALS: &[&str] = &["wrong-phase"];

fn power(map: &Map, name: &str) -> PowerId {
    map.power(name).unwrap_or_else(|| panic!("no power {name}"))
}

fn piece_text(map: &Map, piece: &Piece) -> String {
    format!("{} {}", map.pow(piece.power).name, map.unit_text(piece.unit))
}

/// Parses a list of `(power, text, expected)` orders.
fn read_orders(
    map: &Map,
    phase: OrderPhase,
    list: &[(String, String, String)],
    id: &str,
) -> Vec<Option<Order>> {
    list.iter()
        .map(|(power_name, text, _)| {
            let mut diags = Vec::new();
            let order = orders::parse_order(
                map,
                power(map, power_name),
                phase,
                FileId(1),
                text,
                Span::new(0, text.len() as u32),
                &mut diags,
            );
            // Only the refusals a case means count as void: an order for
            // another phase (DATC 6.A.x, 6.H.x). Any other refusal is a typo
            // in the case data or a reader bug, and fails loudly.
            if order.is_none() {
                assert!(!diags.is_empty(), "{id}: `{text}` dropped without a diagnostic");
                let meant = diags.iter().all(|it| VOID_REFUSALS.contains(&it.code));
                assert!(
                    meant,
                    "{id}: `{text}` cannot be read: {:?}",
                    diags.iter().map(|it| (&it.code, &it.message)).collect::<Vec<_>>()
                );
            }
            order
        })
        .collect()
}

pub(crate) fn run_case(case: &Case) -> Result<(), String> {
    if case.map_text.is_empty() {
        let (map, _) =
            map::load("standard.map", &bundled::source("standard.map").unwrap(), &Bundled);
        return run(&map, case);
    }
    let (map, diags) = map::load("variant.map", &case.map_text, &Bundled);
    if let Some(error) = diags.iter().find(|it| it.is_error()) {
        return Err(format!("  the case's map has an error: {} {}\n", error.code, error.message));
    }
    run(&map, case)
}

fn run(map: &Map, case: &Case) -> Result<(), String> {
    let mut problems = String::new();
    let mut board = Board::initial(map);
    board.pieces = case
        .units
        .iter()
        .map(|(power_name, kind, loc)| Piece {
            power: power(map, power_name),
            unit: Unit {
                kind: UnitKind::from_letter(kind).unwrap(),
                location: map.location(loc).unwrap_or_else(|| panic!("{}: no {loc}", case.id)),
            },
        })
        .collect();
    if !case.owns.is_empty() {
        board.owners = vec![None; map.provinces.len()];
        for (power_name, locs) in case.owns.iter().filter(|(_, locs)| !locs.is_empty()) {
            for loc in locs {
                board.owners[map.province(loc).unwrap().0 as usize] = Some(power(map, power_name));
            }
        }
    }
    let check = |problems: &mut String, list: &[(String, String, String)], got: Vec<Outcome>| {
        for ((_, text, want), got) in list.iter().zip(got) {
            if want != "-" && want != got.as_str() {
                writeln!(problems, "  `{text}`: expected {want}, got {}", got.as_str()).unwrap();
            }
        }
    };
    let rules = Rulebook::of(map);
    let mut played_retreats = false;
    let final_board = if case.phase.ends_with('A') {
        let parsed = read_orders(map, OrderPhase::Adjustments, &case.orders, &case.id);
        let (kept, index) = compact(&parsed);
        let res = adjudicate::adjudicate_adjustments(map, &board, &kept);
        let outcomes = index
            .iter()
            .map(|idx| match idx {
                None => Outcome::Void,
                Some(idx) => {
                    if res.adjustments.iter().any(|it| it.order == Some(*idx)) {
                        Outcome::Succeeds
                    } else {
                        Outcome::Void
                    }
                }
            })
            .collect();
        check(&mut problems, &case.orders, outcomes);
        res.board
    } else {
        let parsed = read_orders(map, OrderPhase::Movement, &case.orders, &case.id);
        let (kept, index) = compact(&parsed);
        let res = adjudicate::adjudicate_movement(map, &board, &kept, rules);
        if std::env::var("DATC_CASE").is_ok_and(|it| it == case.id) {
            for it in &res.resolutions {
                eprintln!("{} {:?}: {}", piece_text(map, &it.piece), it.outcome, it.reason);
            }
            for it in &res.rejected {
                eprintln!("rejected {}: {}", it.order, it.reason);
            }
        }
        let outcomes = index
            .iter()
            .map(|idx| match idx {
                None => Outcome::Void,
                Some(idx) => res.resolutions.iter().find(|it| it.order == Some(*idx)).map_or(
                    Outcome::Void,
                    |it| {
                        if res.rejected.iter().any(|rej| rej.order == *idx) {
                            Outcome::Void
                        } else {
                            it.outcome
                        }
                    },
                ),
            })
            .collect();
        check(&mut problems, &case.orders, outcomes);
        let mut board = res.board;
        if !case.retreat_orders.is_empty() || case.phase.ends_with('R') {
            let parsed = read_orders(map, OrderPhase::Retreats, &case.retreat_orders, &case.id);
            let (kept, index) = compact(&parsed);
            let res = adjudicate::adjudicate_retreats(map, &board, &kept);
            let outcomes = index
                .iter()
                .map(|idx| match idx {
                    None => Outcome::Void,
                    Some(idx) => res
                        .resolutions
                        .iter()
                        .find(|it| it.order == Some(*idx))
                        .map_or(Outcome::Void, |it| it.outcome),
                })
                .collect();
            check(&mut problems, &case.retreat_orders, outcomes);
            board = res.board;
            played_retreats = true;
        }
        board
    };
    if let Some(want) = &case.next {
        check_next(&mut problems, map, case, final_board.clone(), played_retreats, want);
    }
    if case.has_after {
        let board: Vec<&Piece> = final_board.pieces.iter().collect();
        let dislodged: Vec<&Piece> = final_board.dislodged.iter().map(|it| &it.piece).collect();
        compare(&mut problems, "board", map, &board, &case.after);
        compare(&mut problems, "dislodged", map, &dislodged, &case.dislodged);
    } else {
        writeln!(problems, "  no expected board").unwrap();
    }
    if problems.is_empty() { Ok(()) } else { Err(problems) }
}

/// Steps the game loop from the case's last phase and compares where it
/// stops (and the centre owners there) with the case.
fn check_next(
    problems: &mut String,
    map: &Map,
    case: &Case,
    mut board: Board,
    played_retreats: bool,
    want: &str,
) {
    let (cal, _) = calendar::calendar(map);
    let Some(mut played) = cal.parse(&case.phase) else {
        writeln!(problems, "  `{}` is not a phase of this map", case.phase).unwrap();
        return;
    };
    if played_retreats && !case.phase.ends_with('R') {
        played = cal.next(&played).expect("a retreat phase follows");
    }
    let stepped = game::step(&cal, map, map, &mut board, &played);
    let step_map = stepped.map.as_ref().unwrap_or(map);
    let next = stepped.phase;
    let got = match stepped.status {
        Status::Playing => next.abbr(),
        Status::Won(powers) => {
            let names: Vec<&str> =
                powers.iter().map(|&it| step_map.pow(it).name.as_str()).collect();
            format!("{} won {}", next.abbr(), names.join(" "))
        }
    };
    if got != want {
        writeln!(problems, "  next phase: expected {want}, got {got}").unwrap();
    }
    for (prov, power_name) in &case.owners_after {
        let province = step_map.province(prov).expect("owner-after names a province");
        let got = board.owners[province.0 as usize].map(|it| step_map.pow(it).name.clone());
        if got.as_deref() != Some(power_name.as_str()) {
            writeln!(problems, "  owner of {prov}: expected {power_name}, got {got:?}").unwrap();
        }
    }
}

/// Reports the difference between the units `got` and the units `want`.
fn compare(
    problems: &mut String,
    what: &str,
    map: &Map,
    got: &[&Piece],
    want: &[(String, String, String)],
) {
    let got: BTreeSet<String> = got.iter().map(|it| piece_text(map, it)).collect();
    let want: BTreeSet<String> = want.iter().map(|(p, k, l)| format!("{p} {k} {l}")).collect();
    if got != want {
        let missing: Vec<_> = want.difference(&got).collect();
        let unexpected: Vec<_> = got.difference(&want).collect();
        writeln!(problems, "  {what}: missing {missing:?}, unexpected {unexpected:?}").unwrap();
    }
}

/// Keeps the parsed orders; maps each listed order to its index among them.
fn compact(parsed: &[Option<Order>]) -> (Vec<Order>, Vec<Option<usize>>) {
    let mut kept = Vec::new();
    let mut index = Vec::new();
    for order in parsed {
        match order {
            Some(order) => {
                index.push(Some(kept.len()));
                kept.push(order.clone());
            }
            None => index.push(None),
        }
    }
    (kept, index)
}

#[test]
fn datc() {
    let (map, diags) =
        map::load("standard.map", &bundled::source("standard.map").unwrap(), &Bundled);
    assert!(diags.is_empty());
    let mut failures = Vec::new();
    let mut ids = BTreeSet::new();
    let mut total = 0;
    for (section, text) in SECTIONS {
        for case in parse_cases(text) {
            assert!(case.id.starts_with(section), "{} is filed under {section}", case.id);
            // 6.J.9's second scenario counts with the first.
            ids.insert(case.id.split('.').take(3).collect::<Vec<_>>().join("."));
            total += 1;
            if let Err(problems) = run(&map, &case) {
                failures.push(format!("{}:\n{problems}", case.id));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} DATC cases fail:\n{}",
        failures.len(),
        failures.join("")
    );
    assert_eq!(ids.len(), 164, "every DATC v3.0 chapter-6 case is encoded");
}
