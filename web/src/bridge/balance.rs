//! Balance at a glance for the page: core's figures as rows (power names,
//! centre abbreviations, plain numbers). Pure, tested natively.

use judgepad_core::balance::balance;
use judgepad_core::map::Map;

/// One power's row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PowerRow {
    /// Display name.
    pub power: String,
    /// Home centres.
    pub homes: usize,
    /// Supply centres it reaches at all.
    pub reachable: usize,
    /// Neutral centres it reaches first, alone.
    pub first: Vec<String>,
    /// Neutral centres it ties for: `BEL (England, Germany)`.
    pub contested: Vec<String>,
    /// Moves to the nearest rival home (`-`: none in reach).
    pub rival: String,
}

/// The panel's content.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BalanceView {
    /// One row per power, in map order.
    pub powers: Vec<PowerRow>,
    /// Neutral centres no power reaches.
    pub unreached: Vec<String>,
}

/// The figures of `map` as rows.
pub fn view_of(map: &Map) -> BalanceView {
    if map.powers.is_empty() {
        return BalanceView::default();
    }
    let b = balance(map);
    let abbr = |p: judgepad_core::map::ProvinceId| map.prov(p).abbr.to_uppercase();
    let powers = b
        .powers
        .iter()
        .map(|it| PowerRow {
            power: map.pow(it.power).display.clone(),
            homes: it.homes.len(),
            reachable: it.reachable,
            first: it.first_reach.iter().map(|&p| abbr(p)).collect(),
            contested: it
                .contested
                .iter()
                .map(|(c, with)| {
                    let with: Vec<&str> =
                        with.iter().map(|&p| map.pow(p).display.as_str()).collect();
                    format!("{} ({})", abbr(*c), with.join(", "))
                })
                .collect(),
            rival: it.nearest_rival_home.map_or("-".to_string(), |d| d.to_string()),
        })
        .collect();
    let unreached =
        b.neutrals.iter().filter(|(_, first)| first.is_empty()).map(|(c, _)| abbr(*c)).collect();
    BalanceView { powers, unreached }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{load, variant_text};

    #[test]
    fn standard_in_rows() {
        let view = view_of(&load("standard.map", &variant_text("standard")).map);
        let france = view.powers.iter().find(|p| p.power == "France").unwrap();
        assert_eq!(france.first, ["POR", "SPA"]);
        assert_eq!(france.contested, ["BEL (England, Germany)"]);
        assert_eq!((france.homes, france.reachable, france.rival.as_str()), (3, 34, "2"));
        assert!(view.unreached.is_empty());
        assert_eq!(view_of(&load("x.map", "").map), BalanceView::default());
    }
}
