//! `judgepad playout FILE [--games N] [--years Y] [--seed S] [--json]`: how
//! the variant plays when every power is a simple bot (core's `playout`).

use judgepad_core::map::{Map, PowerId};
use judgepad_core::playout::{self, Figures};
use serde_json::{Value, json};

use super::balance::power;
use crate::out::outln;
use crate::sources::load_root;

pub(crate) fn run(file: &str, games: u32, years: u32, seed: u64, json: bool) -> Result<u8, String> {
    let (root, map, errors) = load_root(file)?;
    if errors {
        eprintln!("{}: the map has errors, so it cannot be played", root.display);
        return Ok(1);
    }
    if let Some(why) = playout::unplayable(&map) {
        eprintln!("{}: the bots cannot play it: {why}", root.display);
        return Ok(1);
    }
    let figures = playout::playout(&map, games, years, seed);
    if json {
        outln!("{}", serde_json::to_string(&to_json(&map, &figures)).map_err(|e| e.to_string())?);
    } else {
        print_table(&map, &figures);
    }
    Ok(0)
}

/// `{"games", "years", "seed", "powers": [{"power", "solos", "survivals",
/// "eliminations", "mean_final_centres", "centres_by_year": [{"year", "q1",
/// "median", "q3"}]}], "neutrals": [{"centre", "taken_first": [{"power",
/// "games"}]}]}`.
pub(crate) fn to_json(map: &Map, f: &Figures) -> Value {
    let powers: Vec<Value> = f
        .powers
        .iter()
        .map(|p| {
            json!({
                "power": power(map, p.power),
                "solos": p.solos,
                "survivals": p.survivals,
                "eliminations": p.eliminations,
                "mean_final_centres": (p.mean_final_centres * 1000.0).round() / 1000.0,
                "centres_by_year": p.centres_by_year.iter().map(|&(year, q1, median, q3)| json!({
                    "year": year, "q1": q1, "median": median, "q3": q3,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let neutrals: Vec<Value> = f
        .neutrals
        .iter()
        .map(|(centre, counts)| {
            let mut takers: Vec<(usize, u32)> =
                counts.iter().copied().enumerate().filter(|&(_, n)| n > 0).collect();
            judgepad_core::sorting::sort_by_key(&mut takers, |&(p, n)| (std::cmp::Reverse(n), p));
            json!({
                "centre": map.prov(*centre).abbr.to_uppercase(),
                "taken_first": takers.iter().map(|&(p, n)| json!({
                    "power": power(map, PowerId(p as u32)),
                    "games": n,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({"games": f.games, "years": f.years, "seed": f.seed, "powers": powers, "neutrals": neutrals})
}

fn print_table(map: &Map, f: &Figures) {
    outln!("{} games of {} years, seed {}", f.games, f.years, f.seed);
    outln!(
        "power            solos  survived  eliminated  mean final centres  centres by year (median)"
    );
    for p in &f.powers {
        let medians: Vec<String> = p.centres_by_year.iter().map(|y| y.2.to_string()).collect();
        outln!(
            "{:16} {:5}  {:8}  {:10}  {:18.2}  {}",
            power(map, p.power),
            p.solos,
            p.survivals,
            p.eliminations,
            p.mean_final_centres,
            medians.join(" ")
        );
    }
    outln!("");
    outln!("neutral centre  most often taken first by");
    for (centre, counts) in &f.neutrals {
        let best = counts.iter().enumerate().max_by_key(|&(p, &n)| (n, std::cmp::Reverse(p)));
        let who = match best {
            Some((p, &n)) if n > 0 => {
                format!("{} ({} of {} games)", power(map, PowerId(p as u32)), n, f.games)
            }
            _ => "nobody".to_string(),
        };
        outln!("{:15} {}", map.prov(*centre).abbr.to_uppercase(), who);
    }
}
