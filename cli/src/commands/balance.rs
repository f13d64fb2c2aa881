//! `judgepad balance FILE [--json]`: what the map's graph says about each
//! power before anyone plays (core's `balance`).

use judgepad_core::balance::{self, Balance};
use judgepad_core::map::{Map, PowerId, ProvinceId};
use serde_json::{Value, json};

use crate::out::outln;
use crate::sources::load_root;

pub(crate) fn run(file: &str, json: bool) -> Result<u8, String> {
    let (root, map, errors) = load_root(file)?;
    if map.powers.is_empty() {
        return Err(format!("{}: no powers, so nothing to balance", root.display));
    }
    let figures = balance::balance(&map);
    if json {
        outln!("{}", serde_json::to_string(&to_json(&map, &figures)).map_err(|e| e.to_string())?);
    } else {
        print_table(&map, &figures);
    }
    Ok(u8::from(errors))
}

fn centre(map: &Map, p: ProvinceId) -> String {
    map.prov(p).abbr.to_uppercase()
}

/// A power's name as `dump` gives it.
pub(super) fn power(map: &Map, p: PowerId) -> String {
    map.pow(p).name.clone()
}

/// `{"powers": [{"power", "homes", "reachable", "first_reach", "contested":
/// [{"centre", "with"}], "nearest_rival_home", "frontier": [{"with",
/// "provinces"}]}], "neutrals": [{"centre", "first"}], "contact": [[…]]}`.
fn to_json(map: &Map, b: &Balance) -> Value {
    let names = |list: &[ProvinceId]| list.iter().map(|&p| centre(map, p)).collect::<Vec<_>>();
    let powers: Vec<Value> = b
        .powers
        .iter()
        .map(|it| {
            json!({
                "power": power(map, it.power),
                "homes": names(&it.homes),
                "reachable": it.reachable,
                "first_reach": names(&it.first_reach),
                "contested": it.contested.iter().map(|(c, with)| json!({
                    "centre": centre(map, *c),
                    "with": with.iter().map(|&p| power(map, p)).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
                "nearest_rival_home": it.nearest_rival_home,
                "frontier": it.frontier.iter().map(|(with, provinces)| json!({
                    "with": power(map, *with),
                    "provinces": names(provinces),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "powers": powers,
        "neutrals": b.neutrals.iter().map(|(c, first)| json!({
            "centre": centre(map, *c),
            "first": first.iter().map(|&p| power(map, p)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "contact": b.contact,
    })
}

fn print_table(map: &Map, b: &Balance) {
    outln!("power            homes  reach  first  contested  nearest rival home");
    for it in &b.powers {
        let rival = it.nearest_rival_home.map_or("-".to_string(), |d| d.to_string());
        outln!(
            "{:16} {:5}  {:5}  {:5}  {:9}  {rival}",
            map.pow(it.power).display,
            it.homes.len(),
            it.reachable,
            it.first_reach.len(),
            it.contested.len()
        );
    }
    outln!("");
    outln!("neutral centres, and who reaches each first (in moves from the homes):");
    for (c, first) in &b.neutrals {
        let who: Vec<String> = first.iter().map(|&p| map.pow(p).display.clone()).collect();
        let when = first
            .first()
            .and_then(|p| b.powers[p.0 as usize].reach[c.0 as usize])
            .map_or(String::new(), |d| format!(" ({d})"));
        let who = if who.is_empty() { "nobody".to_string() } else { who.join(", ") };
        outln!("  {:5} {who}{when}", centre(map, *c));
    }
    outln!("");
    outln!("first contact (moves until a unit of each could stand in one province):");
    let short: Vec<String> =
        map.powers.iter().map(|p| p.display.chars().take(3).collect()).collect();
    outln!("      {}", short.iter().map(|s| format!("{s:>4}")).collect::<String>());
    for (a, row) in b.contact.iter().enumerate() {
        let cells: String =
            row.iter().map(|c| c.map_or("   -".to_string(), |c| format!("{c:>4}"))).collect();
        outln!("  {:3} {cells}", short[a]);
    }
}
