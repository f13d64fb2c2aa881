//! The game loop on real variants: stepping, skipping empty phases, pauses,
//! builds, captures, victory and undo.

use judgepad_core::bundled::{self, Bundled};
use judgepad_core::game::{Game, Report, Status};
use judgepad_core::map::{self, PowerId};
use judgepad_core::orders::{self, OrderPhase};
use judgepad_core::text::FileId;

fn game(name: &str) -> Game {
    let file = format!("{name}.map");
    let (map, _) = map::load(&file, &bundled::source(&file).unwrap(), &Bundled);
    Game::new(map).0
}

fn orders_for(game: &Game, power: &str, text: &str) -> Vec<judgepad_core::orders::Order> {
    let phase = game.order_phase().unwrap_or(OrderPhase::Movement);
    let (orders, diags) =
        orders::parse_orders(&game.map, game.map.power(power).unwrap(), phase, FileId(1), text);
    assert!(diags.is_empty(), "{diags:?}");
    orders
}

fn abbrs(game: &Game) -> Vec<String> {
    let mut res: Vec<String> = game.history.iter().map(|turn| turn.phase.abbr()).collect();
    res.push(game.phase.abbr());
    res
}

#[test]
fn holding_skips_empty_retreat_and_adjustment_phases() {
    let mut game = game("classical");
    for _ in 0..3 {
        game.advance(&[]);
    }
    assert_eq!(abbrs(&game), ["B273M", "B272M", "B271M", "B270M"]);
    let mut game = self::game("hundred");
    for _ in 0..2 {
        game.advance(&[]);
    }
    // France starts with five units and four centres: the first adjustment
    // phase (every ten years) has a removal, so it is not skipped.
    assert_eq!(abbrs(&game), ["A1425M", "A1430M", "A1430A"]);
}

#[test]
fn custom_phase_types_pause() {
    let mut game = game("ambition");
    game.advance(&[]);
    assert_eq!(game.phase.abbr(), "F1763I");
    assert_eq!(game.order_phase(), None);
    assert_eq!(game.advance(&[]).report, Report::Pause);
    assert_eq!(game.phase.abbr(), "F1763M");
}

#[test]
fn mobilize_starts_with_builds() {
    let game = game("1898");
    assert_eq!(game.phase.abbr(), "W1898A");
    assert!(game.board.pieces.is_empty());
}

#[test]
fn a_standard_year_with_a_capture_and_a_build() {
    let mut game = game("standard");
    let mut turn = orders_for(&game, "FRANCE", "A PAR - BUR\nA MAR - SPA\nF BRE - MAO");
    turn.extend(orders_for(&game, "GERMANY", "A MUN - RUH"));
    game.advance(&turn);
    assert_eq!(game.phase.abbr(), "F1901M");
    let turn = orders_for(&game, "FRANCE", "A SPA - POR\nF MAO - SPA/NC");
    game.advance(&turn);
    // Portugal and Spain are French now: two builds in Winter.
    assert_eq!(game.phase.abbr(), "W1901A");
    let france = game.map.power("FRANCE").unwrap();
    assert_eq!(game.board.centers_of(france).count(), 5);
    let turn = orders_for(&game, "FRANCE", "BUILD A PAR\nBUILD F MAR");
    game.advance(&turn);
    assert_eq!(game.phase.abbr(), "S1902M");
    assert_eq!(game.board.units_of(france).count(), 5);
    // Undo goes back through every phase played.
    assert!(game.undo());
    assert_eq!(game.phase.abbr(), "W1901A");
    assert!(game.undo() && game.undo());
    assert_eq!(game.phase.abbr(), "S1901M");
    assert!(!game.undo());
}

#[test]
fn victory_ends_the_game() {
    // VICTORY 5 on the standard map: France takes Belgium and Spain in 1901,
    // ends the year alone in the lead with five centres, and wins.
    let (map, _) = map::load("quick.map", "USE standard\nVICTORY 5\n", &Bundled);
    let (mut game, _) = Game::new(map);
    let turn = orders_for(&game, "FRANCE", "A PAR - BUR\nA MAR - GAS");
    game.advance(&turn);
    assert_eq!(game.status, Status::Playing);
    let turn = orders_for(&game, "FRANCE", "A BUR - BEL\nA GAS - SPA");
    game.advance(&turn);
    let france: PowerId = game.map.power("FRANCE").unwrap();
    assert_eq!(game.status, Status::Won(vec![france]));
}
