//! What a unit may be ordered to do, for order entry by clicks: its legal
//! moves (direct, or by convoy over the fleets now on the board), the moves
//! it may support or convoy, and each power's build sites. Every answer
//! comes from the same legality test the adjudicator applies (`legal`,
//! `can_build`), so the page never offers an order the adjudicator would
//! call illegal.

use alloc::vec::Vec;

use crate::adjudicate::adjust::build_sites;
use crate::adjudicate::{Ctx, Kind};
use crate::board::Board;
use crate::map::{LocationId, Map, PowerId, ProvinceId, Terrain, Unit, UnitKind};
use crate::orders::Command;
use crate::rules::Rulebook;

/// One place a unit may move to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOption {
    /// Where (a coast for fleets in multi-coast provinces).
    pub to: LocationId,
    /// Only by convoy (no direct border, or a direct one it may not cross).
    pub convoy: bool,
}

/// The legal moves of the unit `piece` (an index into `board.pieces`) in
/// a movement phase, in map order.
pub fn move_options(map: &Map, board: &Board, piece: usize) -> Vec<MoveOption> {
    let Some(&found) = board.pieces.get(piece) else { return Vec::new() };
    let ctx = Ctx::new(map, board, &[], Rulebook::of(map));
    let unit = found.unit;
    let here = map.province_of(unit.location);
    let mut out: Vec<MoveOption> = Vec::new();
    // Direct moves: every place the unit borders, checked as an order.
    for to in map.moves(unit.kind, unit.location) {
        if let Ok(Kind::Move(mv)) = ctx.legal(piece, &Command::Move { to, via_convoy: false })
            && !mv.convoy
            && !out.iter().any(|o| o.to == mv.to)
        {
            out.push(MoveOption { to: mv.to, convoy: false });
        }
    }
    // Convoys: the provinces touched by a chain of fleets from here.
    if unit.kind == UnitKind::Army {
        for province in ctx.convoy_reach(here) {
            let Some(to) = map.prov(province).location else { continue };
            if province != here
                && map.loc(to).army_ok
                && map.loc(to).terrain != Terrain::Water
                && !out.iter().any(|o| map.province_of(o.to) == province)
            {
                out.push(MoveOption { to, convoy: true });
            }
        }
    }
    crate::sorting::sort_by_key(&mut out, |o| o.to);
    out
}

/// Where the unit `supporter` may support the unit `target` (both indices
/// into `board.pieces`): `None` for a support to hold, `Some(place)` for a
/// support of its move there.
pub fn support_options(
    map: &Map,
    board: &Board,
    supporter: usize,
    target: usize,
) -> Vec<Option<LocationId>> {
    let (Some(_), Some(&supported)) = (board.pieces.get(supporter), board.pieces.get(target))
    else {
        return Vec::new();
    };
    let ctx = Ctx::new(map, board, &[], Rulebook::of(map));
    let target_prov = map.province_of(supported.unit.location);
    let mut out = Vec::new();
    if ctx.legal(supporter, &Command::Support { target: target_prov, dest: None }).is_ok() {
        out.push(None);
    }
    for option in move_options(map, board, target) {
        let dest = Some(option.to);
        if ctx.legal(supporter, &Command::Support { target: target_prov, dest }).is_ok() {
            out.push(dest);
        }
    }
    out
}

/// Where the fleet `fleet` may convoy the army `army` (indices into
/// `board.pieces`): the provinces of the army's convoy moves whose route
/// needs this fleet.
pub fn convoy_options(map: &Map, board: &Board, fleet: usize, army: usize) -> Vec<ProvinceId> {
    let Some(&carried) = board.pieces.get(army) else { return Vec::new() };
    if board.pieces.get(fleet).is_none() {
        return Vec::new();
    }
    let ctx = Ctx::new(map, board, &[], Rulebook::of(map));
    let from = map.province_of(carried.unit.location);
    let mut out: Vec<ProvinceId> = Vec::new();
    for province in ctx.convoy_reach(from) {
        if province != from
            && map.prov(province).terrain != Terrain::Water
            && ctx.legal(fleet, &Command::Convoy { from, to: province }).is_ok()
            && !out.contains(&province)
        {
            out.push(province);
        }
    }
    crate::sorting::sort(&mut out);
    out
}

/// The units `power` could build now, one per site and kind (fleets on
/// each coast of a multi-coast province), in map order.
pub fn build_options(map: &Map, board: &Board, power: PowerId) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::new();
    for placed in build_sites(map, board, power) {
        if !out.contains(&placed) {
            out.push(placed);
        }
    }
    out
}

#[cfg(all(test, feature = "bundled"))]
mod tests {
    use super::*;
    use crate::bundled;
    use alloc::string::{String, ToString};

    fn standard() -> (Map, Board) {
        let text = bundled::source("standard.map").expect("bundled");
        let (map, diags) = crate::map::load("standard.map", &text, &bundled::Bundled);
        assert!(diags.is_empty(), "{diags:?}");
        let board = Board::initial(&map);
        (map, board)
    }

    fn index(map: &Map, board: &Board, text: &str) -> usize {
        board.pieces.iter().position(|p| map.unit_text(p.unit) == text).expect(text)
    }

    fn names(map: &Map, options: &[MoveOption]) -> Vec<(String, bool)> {
        options.iter().map(|o| (map.loc(o.to).abbr.clone(), o.convoy)).collect()
    }

    #[test]
    fn moves_of_the_opening_position() {
        let (map, board) = standard();
        let par = move_options(&map, &board, index(&map, &board, "A PAR"));
        let mut got = names(&map, &par);
        crate::sorting::sort(&mut got);
        let want: Vec<(String, bool)> =
            ["BRE", "BUR", "GAS", "PIC"].iter().map(|s| (s.to_string(), false)).collect();
        assert_eq!(got, want);
        // A fleet in a multi-coast province's neighbour names the coast.
        let mao_reach = move_options(&map, &board, index(&map, &board, "F BRE"));
        assert!(names(&map, &mao_reach).contains(&("MAO".into(), false)));
        let stp = move_options(&map, &board, index(&map, &board, "F STP/SC"));
        let mut got = names(&map, &stp);
        crate::sorting::sort(&mut got);
        assert_eq!(got, [("BOT".to_string(), false), ("FIN".into(), false), ("LVN".into(), false)]);
    }

    #[test]
    fn convoys_follow_the_fleets_on_the_board() {
        let (map, mut board) = standard();
        // F LON to the North Sea: A LVP? No: move A EDI's neighbour. Put an
        // English army in YOR and the fleet in NTH.
        let lon = index(&map, &board, "F LON");
        board.pieces[lon].unit.location = map.location("NTH").expect("NTH");
        let lvp = index(&map, &board, "A LVP");
        board.pieces[lvp].unit.location = map.location("YOR").expect("YOR");
        let yor = move_options(&map, &board, lvp);
        let got = names(&map, &yor);
        for by_sea in ["NWY", "DEN", "HOL", "BEL"] {
            assert!(got.contains(&(by_sea.into(), true)), "{by_sea}: {got:?}");
        }
        assert!(got.contains(&("LON".into(), false)));
        let fleet = index(&map, &board, "F NTH");
        let convoys = convoy_options(&map, &board, fleet, lvp);
        let abbrs: Vec<&str> = convoys.iter().map(|&p| map.prov(p).abbr.as_str()).collect();
        assert!(abbrs.contains(&"NWY") && abbrs.contains(&"LON"), "{abbrs:?}");
        assert!(!abbrs.contains(&"NTH"));
    }

    #[test]
    fn supports_and_builds() {
        let (map, mut board) = standard();
        let mar = index(&map, &board, "A MAR");
        let par = index(&map, &board, "A PAR");
        let got: Vec<Option<String>> = support_options(&map, &board, mar, par)
            .into_iter()
            .map(|o| o.map(|to| map.loc(to).abbr.clone()))
            .collect();
        // Marseilles reaches Burgundy and Gascony, not Paris itself.
        assert_eq!(got, [Some("BUR".to_string()), Some("GAS".into())]);
        // Builds: France's empty owned homes, a fleet at each coast.
        let france = map.power("FRANCE").expect("France");
        board.pieces.retain(|p| p.power != france);
        let builds: Vec<String> =
            build_options(&map, &board, france).into_iter().map(|u| map.unit_text(u)).collect();
        assert_eq!(builds, ["A BRE", "F BRE", "A MAR", "F MAR", "A PAR"]);
        let russia = map.power("RUSSIA").expect("Russia");
        board.pieces.retain(|p| p.power != russia);
        let builds: Vec<String> =
            build_options(&map, &board, russia).into_iter().map(|u| map.unit_text(u)).collect();
        assert!(builds.contains(&"F STP/NC".to_string()) && builds.contains(&"F STP/SC".into()));
        assert!(!builds.contains(&"F STP".to_string()), "{builds:?}");
        assert!(!builds.contains(&"F MOS".to_string()));
    }
}
