//! Order text over the map's names (`data/orders.txt`): every accepted form
//! reads to the expected normal form; every problem gives its code and span.

use judgepad_core::bundled::{self, Bundled};
use judgepad_core::map;
use judgepad_core::orders::{self, OrderPhase, format_order};
use judgepad_core::text::{FileId, Span};

#[test]
fn order_forms() {
    let (map, _) = map::load("standard.map", &bundled::source("standard.map").unwrap(), &Bundled);
    let mut failures = Vec::new();
    let mut count = 0;
    for line in include_str!("data/orders.txt")
        .lines()
        .filter(|it| !it.starts_with('#') && !it.trim().is_empty())
    {
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
            (Some(order), None) => format_order(&map, order),
            (_, Some(diag)) => {
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
