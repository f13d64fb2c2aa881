//! Balance at a glance (issue 31): checked on standard, whose geography
//! every player knows, and on rotationally symmetric variants made here
//! (k identical powers round a ring), where every power's figures must be
//! the same whatever order the powers are listed in.

use judgepad_core::balance::balance;
use judgepad_core::bundled::{self, Bundled};
use judgepad_core::map::{self, Map, ProvinceId};

fn load(name: &str, text: &str) -> Map {
    let (map, diags) = map::load(name, text, &Bundled);
    assert!(diags.iter().all(|d| !d.is_error()), "{name}: {diags:?}");
    map
}

#[test]
fn standard_at_a_glance() {
    let map = load("standard.map", &bundled::source("standard.map").unwrap());
    let b = balance(&map);
    let name = |p: ProvinceId| map.prov(p).abbr.to_uppercase();
    let of = |power: &str| &b.powers[map.power(power).unwrap().0 as usize];
    assert_eq!(b.neutrals.len(), 12);
    let france = of("FRANCE");
    let firsts: Vec<String> = france.first_reach.iter().map(|&p| name(p)).collect();
    assert_eq!(firsts, ["POR", "SPA"]);
    let bel = france.contested.iter().find(|(c, _)| name(*c) == "BEL").expect("BEL contested");
    let with: Vec<&str> = bel.1.iter().map(|&p| map.pow(p).name.as_str()).collect();
    assert_eq!(with, ["ENGLAND", "GERMANY"]);
    // Munich, Kiel and London are two moves from Paris, Brest or Marseilles.
    assert_eq!(france.nearest_rival_home, Some(2));
    assert_eq!(france.reachable, 34);
    // Every two powers meet within a few moves; a power meets itself at once.
    for (a, row) in b.contact.iter().enumerate() {
        assert_eq!(row[a], Some(0));
        assert!(row.iter().all(|c| c.is_some_and(|c| c <= 4)), "{row:?}");
    }
    let (eng, tur) = (map.power("ENGLAND").unwrap(), map.power("TURKEY").unwrap());
    assert!(b.contact[eng.0 as usize][tur.0 as usize] > Some(2));
    // Who takes which neutral first, as the page colours them.
    let clear = b.neutrals.iter().filter(|(_, first)| first.len() == 1).count();
    let tied = b.neutrals.iter().filter(|(_, first)| first.len() > 1).count();
    assert_eq!(clear + tied, 12);
}

/// A ring of `k` powers: each has a home and a neutral centre beyond it,
/// lands between them, a sea in the middle; the powers listed from
/// `start` round the ring.
fn ring(k: usize, start: usize) -> String {
    let mut text = String::new();
    let p = |i: usize| format!("P{}", i % k);
    for i in 0..k {
        text.push_str(&format!("Home {i} = H{i:02}\nWild {i} = W{i:02}\nNeutral {i} = N{i:02}\n"));
    }
    text.push_str("Middle Sea = MID\n");
    // Round the ring: H_i - N_i - W_i - H_{i+1}; every land on the sea.
    let ring: Vec<String> =
        (0..k).flat_map(|i| [format!("H{i:02}"), format!("N{i:02}"), format!("W{i:02}")]).collect();
    for (j, here) in ring.iter().enumerate() {
        let prev = &ring[(j + ring.len() - 1) % ring.len()];
        let next = &ring[(j + 1) % ring.len()];
        text.push_str(&format!("COAST {here} ABUTS {prev} {next} MID\n"));
    }
    text.push_str(&format!("WATER MID ABUTS {}\n", ring.join(" ")));
    for n in 0..k {
        let i = (start + n) % k;
        text.push_str(&format!(
            "{} ({}:{}) H{i:02}\nA H{i:02}\n",
            p(i),
            p(i),
            (b'A' + i as u8) as char
        ));
    }
    let neutrals: Vec<String> = (0..k).map(|i| format!("N{i:02}")).collect();
    text.push_str(&format!("UNOWNED {}\n", neutrals.join(" ")));
    text
}

/// A power's figures: centres reached, neutrals first, contested, the
/// nearest rival home.
type Figures = (usize, usize, usize, Option<u32>);

#[test]
fn a_symmetric_ring_is_fair_to_every_power_in_any_order() {
    for k in [3, 4, 5, 7] {
        let mut seen: Option<Vec<Figures>> = None;
        for start in 0..k {
            let map = load("ring.map", &ring(k, start));
            let b = balance(&map);
            // Every power alike.
            let figures: Vec<Figures> = b
                .powers
                .iter()
                .map(|it| {
                    (it.reachable, it.first_reach.len(), it.contested.len(), it.nearest_rival_home)
                })
                .collect();
            assert!(figures.windows(2).all(|w| w[0] == w[1]), "k {k} start {start}: {figures:?}");
            // Each power's own neutral is its own, one move away.
            for it in &b.powers {
                assert_eq!(it.first_reach.len(), 1, "k {k}");
                assert_eq!(it.reach[it.first_reach[0].0 as usize], Some(1));
            }
            // The contact matrix: the same in every row, up to rotation.
            let mut rows: Vec<Vec<Option<u32>>> = b.contact.clone();
            for row in &mut rows {
                row.sort();
            }
            assert!(rows.windows(2).all(|w| w[0] == w[1]), "k {k}: {:?}", b.contact);
            // The order the powers are listed in changes nothing.
            if let Some(first) = &seen {
                assert_eq!(first, &figures);
            }
            seen = Some(figures);
        }
    }
}

/// Every bundled variant: figures for every power, no panic.
#[test]
fn every_bundled_variant_has_its_figures() {
    for name in bundled::variants() {
        let file = format!("{name}.map");
        let (map, _) = map::load(&file, &bundled::source(&file).unwrap(), &Bundled);
        let b = balance(&map);
        assert_eq!(b.powers.len(), map.powers.len(), "{name}");
        assert_eq!(b.contact.len(), map.powers.len(), "{name}");
        for it in &b.powers {
            assert_eq!(it.reach.len(), map.provinces.len(), "{name}");
            for &home in &it.homes {
                assert_eq!(it.reach[home.0 as usize], Some(0), "{name}");
            }
        }
    }
}
