//! Order text over the map's names (`data/orders.txt`): every accepted form
//! reads to the expected normal form; every problem gives its code and span.

use judgepad_core::bundled::{self, Bundled};
use judgepad_core::map;
use judgepad_core::orders::{self, OrderPhase, format_order};
use judgepad_core::text::{FileId, Span};

#[test]
fn order_forms() {
    let load = |name: &str| {
        let (file, text) = match bundled::source(&format!("{name}.map")) {
            Some(text) => (format!("{name}.map"), text),
            None => {
                let path = format!("{}/data/{name}.map", env!("CARGO_MANIFEST_DIR"));
                (format!("{name}.map"), std::fs::read_to_string(path).unwrap())
            }
        };
        let (map, diags) = map::load(&file, &text, &Bundled);
        assert!(!diags.iter().any(|it| it.is_error()), "{name}: {diags:?}");
        map
    };
    let mut map = load("standard");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in include_str!("data/orders.txt")
        .lines()
        .filter(|it| !it.starts_with('#') && !it.trim().is_empty())
    {
        if let Some(name) = line.strip_prefix("@map ") {
            map = load(name.trim());
            continue;
        }
        let (input, want) = line.split_once("=>").unwrap();
        let parts: Vec<&str> = input.splitn(3, '|').map(str::trim).collect();
        let power = map.power(parts[0]).unwrap();
        let phase = match parts[1] {
            "M" => OrderPhase::Movement,
            "R" => OrderPhase::Retreats,
            _ => OrderPhase::Adjustments,
        };
        let text = parts[2];
        let want = want.trim();
        let mut diags = Vec::new();
        let order = orders::parse_order(
            &map,
            power,
            phase,
            FileId(1),
            text,
            Span::new(0, text.len() as u32),
            &mut diags,
        );
        let got = match (&order, diags.first()) {
            (Some(order), _) => {
                let mut got = format_order(&map, order);
                for diag in &diags {
                    got.push_str(&format!(
                        "; {} {} at `{}`",
                        diag.severity.as_str(),
                        diag.code,
                        diag.primary.at.span.text(text)
                    ));
                }
                got
            }
            (None, Some(diag)) => {
                format!("error {} at `{}`", diag.code, diag.primary.at.span.text(text))
            }
            (None, None) => "nothing".to_string(),
        };
        count += 1;
        if got != want {
            failures.push(format!("`{text}`: want {want}, got {got}"));
        }
    }
    assert!(count > 30);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unused_orders_become_diagnostics_at_their_text() {
    use judgepad_core::adjudicate::{Rulebook, adjudicate_movement, order_diagnostics};
    use judgepad_core::board::Board;
    let (map, _) = map::load("standard.map", &bundled::source("standard.map").unwrap(), &Bundled);
    let board = Board::initial(&map);
    let text =
        "A PAR - BUR\nF BRE - BUR\nA VIE - TYR\nA MUN - BUR\nF MAR - GAS\nA PIC - BEL\nA PAR H\n";
    let (orders, diags) = orders::parse_orders(
        &map,
        map.power("FRANCE").unwrap(),
        OrderPhase::Movement,
        FileId(1),
        text,
    );
    assert!(diags.is_empty());
    let res = adjudicate_movement(&map, &board, &orders, Rulebook::of(&map));
    let diags = order_diagnostics(&map, &board, &orders, &res.rejected);
    let got: Vec<String> =
        diags.iter().map(|it| format!("{} `{}`", it.code, it.primary.at.span.text(text))).collect();
    assert_eq!(
        got,
        [
            "duplicate-order `A PAR - BUR`",
            "illegal-order `F BRE - BUR`",
            "not-your-unit `A VIE - TYR`",
            "not-your-unit `A MUN - BUR`",
            "wrong-unit-type `F MAR - GAS`",
            "no-unit `A PIC - BEL`",
            "duplicate-order `A PAR H`",
        ]
    );
    // The geography failure points at the map text that forbids it.
    let fleet = diags.iter().find(|it| it.code == "illegal-order").unwrap();
    assert_eq!(fleet.secondary.len(), 1);
}

/// Every place of every bundled variant, named by its abbreviation and by
/// each of its aliases as written in the map, reads as that place in every
/// order form, even where the name is also an order word (`AND`, `THE`,
/// `VIA`, `H`…): the grammar expects a place there, so a place wins.
#[test]
fn every_place_reads_as_itself_in_every_order_form() {
    use judgepad_core::map::{LocationId, Map, PowerId, UnitKind};
    use judgepad_core::orders::{Command, Order};

    fn parse(map: &Map, phase: OrderPhase, text: &str) -> Result<Order, String> {
        let mut diags = Vec::new();
        let span = Span::new(0, text.len() as u32);
        let order = orders::parse_order(map, PowerId(0), phase, FileId(9), text, span, &mut diags);
        // The normal-form shortcut and the full reader agree.
        let mut full_diags = Vec::new();
        let full = orders::parse_order_full(
            map,
            PowerId(0),
            phase,
            FileId(9),
            text,
            span,
            &mut full_diags,
        );
        if full != order || full_diags != diags {
            return Err(format!(
                "the shortcut gives {order:?} {diags:?}, the full reader {full:?} {full_diags:?}"
            ));
        }
        match (order, diags.first()) {
            (Some(order), None) => Ok(order),
            (_, Some(diag)) => Err(format!("{}: {}", diag.code, diag.message)),
            (None, None) => Err("nothing".into()),
        }
    }

    let mut failures: Vec<String> = Vec::new();
    let mut count = 0usize;
    for variant in bundled::variants() {
        let file = format!("{variant}.map");
        let (map, diags) = map::load(&file, &bundled::source(&file).unwrap(), &Bundled);
        assert!(!diags.iter().any(|it| it.is_error()), "{variant} loads");
        let mut names: Vec<Vec<String>> =
            map.locations.iter().map(|loc| vec![loc.abbr.to_string()]).collect();
        for (_, value, at) in map.alias_defs() {
            if let Some(loc) = map.location(value) {
                names[loc.0 as usize].push(map.text_at(at).trim().to_string());
            }
        }
        // An abbreviation that the map itself makes an alias of another place
        // (zeus: `Libya = lib ben`, warned as duplicate-alias) means that place.
        for (idx, list) in names.iter_mut().enumerate() {
            let abbr = map.locations[idx].abbr.to_string();
            list.retain(|name| {
                let normed = judgepad_core::map::names::norm(name);
                map.alias(&normed).is_none_or(|it| it == abbr)
                    && map.location(&normed).is_none_or(|it| it.0 as usize == idx)
            });
        }
        let mut check = |phase: OrderPhase, text: String, want: (LocationId, Command)| {
            count += 1;
            let got = parse(&map, phase, &text);
            let ok = match &got {
                Ok(order) => {
                    order.unit.map(|it| it.location) == Some(want.0) && order.command == want.1
                }
                Err(_) => false,
            };
            if !ok {
                let got = match got {
                    Ok(order) => format_order(&map, &order),
                    Err(err) => err,
                };
                failures.push(format!("{variant}: `{text}` read as {got}"));
            }
        };
        let shadowed =
            |loc: LocationId| !names[loc.0 as usize].contains(&map.loc(loc).abbr.to_string());
        for (idx, loc) in map.locations.iter().enumerate() {
            let here = LocationId(idx as u32);
            if shadowed(here) {
                continue;
            }
            let kind = if map.valid_unit(UnitKind::Army, here) {
                UnitKind::Army
            } else if map.valid_unit(UnitKind::Fleet, here) {
                UnitKind::Fleet
            } else {
                continue;
            };
            let letter = if kind == UnitKind::Army { "A" } else { "F" };
            let moves = map.moves(kind, here);
            for name in &names[idx] {
                check(OrderPhase::Movement, format!("{name} H"), (here, Command::Hold));
                check(OrderPhase::Movement, format!("{letter} {name} H"), (here, Command::Hold));
                check(
                    OrderPhase::Adjustments,
                    format!("BUILD {letter} {name}"),
                    (here, Command::Build),
                );
                check(OrderPhase::Retreats, format!("{letter} {name} D"), (here, Command::Disband));
                if let Some(&to) = moves.iter().find(|&&it| !shadowed(it)) {
                    let to_name = &map.loc(to).abbr;
                    check(
                        OrderPhase::Movement,
                        format!("{letter} {name} - {to_name}"),
                        (here, Command::Move { to, via_convoy: false }),
                    );
                    check(
                        OrderPhase::Retreats,
                        format!("{letter} {name} R {to_name}"),
                        (here, Command::Retreat { to }),
                    );
                }
            }
            for &to in moves.iter().filter(|&&it| !shadowed(it)) {
                let to_prov = map.province_of(to);
                for to_name in &names[to.0 as usize] {
                    check(
                        OrderPhase::Movement,
                        format!("{letter} {} - {to_name}", loc.abbr),
                        (here, Command::Move { to, via_convoy: false }),
                    );
                    check(
                        OrderPhase::Movement,
                        format!("{} S {to_name}", loc.abbr),
                        (here, Command::Support { target: to_prov, dest: None }),
                    );
                    check(
                        OrderPhase::Retreats,
                        format!("{letter} {} R {to_name}", loc.abbr),
                        (here, Command::Retreat { to }),
                    );
                    // Support of a move into `to` from one of its own neighbours.
                    if let Some(&from) = map
                        .moves(UnitKind::Army, to)
                        .iter()
                        .chain(map.moves(UnitKind::Fleet, to).iter())
                        .find(|&&it| map.province_of(it) != map.province_of(here) && !shadowed(it))
                    {
                        let from_prov = map.province_of(from);
                        let from_name = &map.loc(from).abbr;
                        check(
                            OrderPhase::Movement,
                            format!("{letter} {} S A {from_name} - {to_name}", loc.abbr),
                            (here, Command::Support { target: from_prov, dest: Some(to) }),
                        );
                        if kind == UnitKind::Fleet {
                            check(
                                OrderPhase::Movement,
                                format!("F {} C A {from_name} - {to_name}", loc.abbr),
                                (here, Command::Convoy { from: from_prov, to: to_prov }),
                            );
                        }
                    }
                }
            }
        }
    }
    if let Ok(path) = std::env::var("JUDGEPAD_MISREAD") {
        std::fs::write(path, failures.join("\n")).unwrap();
    }
    assert!(count > 10_000, "only {count} orders");
    assert!(
        failures.is_empty(),
        "{} of {count} orders misread:\n{}",
        failures.len(),
        failures.iter().take(80).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// A long order made of words that are both places and order words (THE is
/// Thessaly on classical) is read in bounded time: the search for readings
/// has a step budget, so it cannot go exponential.
#[test]
fn many_ambiguous_words_are_read_in_bounded_time() {
    let (map, _) = map::load("classical.map", &bundled::source("classical.map").unwrap(), &Bundled);
    let power = map.powers.first().map(|_| judgepad_core::map::PowerId(0)).unwrap();
    for tail in ["", " XYZ"] {
        let text = format!("A SIN - {}{tail}", "THE ".repeat(80));
        let mut diags = Vec::new();
        let started = std::time::Instant::now();
        let order = orders::parse_order(
            &map,
            power,
            OrderPhase::Movement,
            FileId(1),
            &text,
            Span::new(0, text.len() as u32),
            &mut diags,
        );
        assert!(order.is_some() || !diags.is_empty(), "{text}: dropped without a diagnostic");
        assert!(started.elapsed().as_secs() < 10, "{text}: took {:?}", started.elapsed());
    }
}
