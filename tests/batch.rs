//! `judgepad adjudicate` (the batch interface): a whole 1901–1920 standard
//! game of random legal orders round-trips with no error line, never stops
//! on an adjustment phase in which nothing can happen, and the same input
//! gives byte-identical output.

use judgepad_core::api::Session;
use judgepad_core::bundled::{self, Bundled};
use judgepad_core::map::{self, Map, UnitKind};
use judgepad_tests::Rng;
use serde_json::{Value, json};

/// One line through `judgepad adjudicate`'s line handler, as JSON.
fn run_line(line: &str, number: usize, session: &mut Session) -> Value {
    let out = judgepad_core::api::run_line(line, number, session);
    serde_json::from_str(&out).unwrap_or_else(|err| panic!("not JSON ({err}): {out}"))
}

/// Random but legal orders for the position in `outcome`, for `phase`.
fn random_orders(map: &Map, rng: &mut Rng, phase: &str, outcome: &Value) -> Value {
    let mut orders = serde_json::Map::new();
    let kind = phase.chars().last().unwrap();
    for power in &map.powers {
        let mut list: Vec<String> = Vec::new();
        match kind {
            'M' => {
                for text in outcome["units"][&power.name].as_array().into_iter().flatten() {
                    let text = text.as_str().unwrap();
                    let (letter, place) = text.split_once(' ').unwrap();
                    let kind = UnitKind::from_letter(letter).unwrap();
                    let loc = map.location(place).unwrap();
                    let moves = map.moves(kind, loc);
                    if moves.is_empty() || rng.below(4) == 0 {
                        list.push(format!("{text} H"));
                    } else {
                        let to = moves[rng.below(moves.len())];
                        list.push(format!("{text} - {}", map.loc(to).abbr));
                    }
                }
            }
            'R' => {
                for (unit, info) in
                    outcome["dislodged"][&power.name].as_object().into_iter().flatten()
                {
                    let retreats = info["retreats"].as_array().unwrap();
                    if retreats.is_empty() || rng.below(5) == 0 {
                        list.push(format!("{unit} D"));
                    } else {
                        list.push(format!(
                            "{unit} R {}",
                            retreats[rng.below(retreats.len())].as_str().unwrap()
                        ));
                    }
                }
            }
            _ => {
                let units = outcome["units"][&power.name].as_array().map_or(0, Vec::len);
                let centers: Vec<&str> = outcome["centers"][&power.name]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                if centers.len() > units {
                    for &home in power
                        .homes
                        .iter()
                        .map(|it| &map.prov(*it).abbr)
                        .filter(|it| centers.contains(&it.as_str()))
                        .collect::<Vec<_>>()
                        .iter()
                    {
                        list.push(format!("BUILD A {home}"));
                    }
                } else {
                    for text in outcome["units"][&power.name].as_array().into_iter().flatten() {
                        list.push(format!("REMOVE {}", text.as_str().unwrap()));
                    }
                }
            }
        }
        orders.insert(power.name.clone(), json!(list));
    }
    Value::Object(orders)
}

/// Standard rules, checked independently of the core: some power has more
/// units than centres, or fewer and an owned, empty home centre to build in.
fn something_to_adjust(map: &Map, outcome: &Value) -> bool {
    let list = |key: &str, power: &str| -> Vec<String> {
        outcome[key][power]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(String::from)
            .collect()
    };
    let occupied: Vec<String> = map
        .powers
        .iter()
        .flat_map(|power| list("units", &power.name))
        .map(|unit| unit[2..].split('/').next().unwrap().to_string())
        .collect();
    map.powers.iter().any(|power| {
        let units = list("units", &power.name).len();
        let centers = list("centers", &power.name);
        let free_home = power.homes.iter().any(|&home| {
            let abbr = &map.prov(home).abbr;
            centers.contains(abbr) && !occupied.contains(abbr)
        });
        units > centers.len() || (units < centers.len() && free_home)
    })
}

fn play(seed: u64) -> Vec<String> {
    let (map, _) = map::load("standard.map", &bundled::source("standard.map").unwrap(), &Bundled);
    let mut rng = Rng(seed);
    let mut maps = judgepad_cli::batch::session();
    let mut lines = Vec::new();
    let mut phase = "S1901M".to_string();
    // The first line uses the map's own starting position.
    let first = json!({"map": "standard", "phase": phase, "orders": {}});
    let out = run_line(&first.to_string(), 1, &mut maps);
    // Everything holds in S1901M; the output gives the position as JSON.
    assert!(out.get("error").is_none(), "{out}");
    let mut outcome = out["outcome"].clone();
    phase = out["next_phase"].as_str().unwrap().to_string();
    lines.push(out.to_string());
    let mut number = 1;
    while phase != "COMPLETED"
        && phase.get(1..5).and_then(|it| it.parse::<i32>().ok()).is_some_and(|year| year <= 1920)
    {
        number += 1;
        let orders = random_orders(&map, &mut rng, &phase, &outcome);
        let mut input = json!({
            "map": "standard",
            "phase": phase,
            "units": outcome["units"],
            "centers": outcome["centers"],
            "orders": orders,
        });
        if phase.ends_with('R') {
            let dislodged: serde_json::Map<String, Value> = outcome["dislodged"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(power, units)| {
                    let units: serde_json::Map<String, Value> = units
                        .as_object()
                        .unwrap()
                        .iter()
                        .map(|(unit, info)| {
                            (unit.clone(), json!({"attacker_from": info["attacker_from"]}))
                        })
                        .collect();
                    (power.clone(), Value::Object(units))
                })
                .collect();
            input["dislodged"] = Value::Object(dislodged);
            input["contested"] = outcome.get("contested").cloned().unwrap_or(json!([]));
        }
        let out = run_line(&input.to_string(), number, &mut maps);
        assert!(out.get("error").is_none(), "line {number} ({phase}): {out}");
        if phase.ends_with('M') {
            assert!(
                out.get("invalid").is_none(),
                "random legal orders were refused: {}",
                out["invalid"]
            );
        }
        outcome = out["outcome"].clone();
        phase = out["next_phase"].as_str().unwrap().to_string();
        if phase.ends_with('A') {
            assert!(
                something_to_adjust(&map, &outcome),
                "line {number}: stopped on {phase} with nothing to adjust: {outcome}"
            );
        }
        lines.push(input.to_string());
        lines.push(out.to_string());
    }
    assert!(lines.len() > 40, "a whole game was played ({} lines)", lines.len());
    lines
}

#[test]
fn a_random_game_round_trips_deterministically() {
    let first = play(7);
    let second = play(7);
    assert_eq!(first, second);
    // The same lines, for the browser test that runs them through
    // `window.judgepad.adjudicate` and expects these very bytes.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/browser");
    std::fs::create_dir_all(dir).unwrap();
    let mut session = judgepad_cli::batch::session();
    let inputs: Vec<&String> = first.iter().skip(1).step_by(2).collect();
    let outputs: Vec<String> = inputs
        .iter()
        .enumerate()
        .map(|(idx, line)| judgepad_core::api::run_line(line, idx + 1, &mut session))
        .collect();
    let joined = |lines: &[&String]| lines.iter().map(|it| format!("{it}\n")).collect::<String>();
    std::fs::write(format!("{dir}/batch.in.jsonl"), joined(&inputs)).unwrap();
    std::fs::write(
        format!("{dir}/batch.out.jsonl"),
        outputs.iter().map(|it| format!("{it}\n")).collect::<String>(),
    )
    .unwrap();
    assert_ne!(first, play(8), "the seed matters");
}

#[test]
fn bad_lines_report_and_continue() {
    let mut maps = judgepad_cli::batch::session();
    let out = run_line("{\"phase\": \"X1901M\"}", 3, &mut maps);
    assert_eq!(out["error"]["line"], 3);
    let out = run_line("{\"units\": {\"FRANCE\": [\"A MAO\"]}}", 4, &mut maps);
    assert!(out["error"]["message"].as_str().unwrap().contains("cannot stand"), "{out}");
    let out = run_line("{\"orders\": {\"FRANCE\": [\"A PAR - XYZ\"]}}", 5, &mut maps);
    assert!(out["invalid"][0]["reason"].as_str().unwrap().contains("unknown place"), "{out}");
    // Never a silent default: the shape of every line is checked, by key.
    for (line, want) in [
        ("[1,2]", "must be a JSON object, not an array"),
        ("{\"untis\": {}}", "unknown key `untis`; did you mean `units`?"),
        ("{\"phase\": 1901}", "`phase` must be a string, not a number"),
        ("{\"units\": [\"A PAR\"]}", "`units` must be an object"),
        ("{\"contested\": [1]}", "`contested` must be an array of province names"),
        (
            "{\"phase\": \"S1901R\", \"dislodged\": {\"FRANCE\": {\"A PAR\": {\"from\": \"BUR\"}}}}",
            "unknown key `from`",
        ),
        (
            "{\"phase\": \"S1901R\", \"dislodged\": {\"FRANCE\": {\"A PAR\": {\"by_convoy\": 1}}}}",
            "`by_convoy` must be true or false",
        ),
    ] {
        let out = run_line(line, 6, &mut maps);
        let message = out["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(want), "{line}: {out}");
        assert_eq!(out["error"]["line"], 6);
    }
}

/// Strings with JSON escapes (read into owned copies) and without (read in
/// place from the line) mean the same: the same line written both ways
/// gives the same output.
#[test]
fn escaped_strings_read_as_plain_ones() {
    let plain = r#"{"phase":"S1901M","units":{"FRANCE":["A PAR"],"GERMANY":["A MUN"]},"orders":{"FRANCE":["A PAR - BUR"],"GERMANY":["A MUN - BUR"]},"contested":["BEL"],"centers":{"FRANCE":["PAR"]}}"#;
    let escaped = r#"{"phase":"S1901M","units":{"FR\u0041NCE":["A P\u0041R"],"GERMANY":["A MUN"]},"orders":{"FRANCE":["A PAR \u002d BUR"],"GERM\u0041NY":["A MUN - B\u0055R"]},"contested":["B\u0045L"],"centers":{"FRANCE":["P\u0041R"]}}"#;
    let mut session = judgepad_cli::batch::session();
    let a = run_line(plain, 1, &mut session);
    let b = run_line(escaped, 2, &mut session);
    assert!(a.get("error").is_none(), "{a}");
    assert_eq!(a, b);
    assert_eq!(a["results"]["A PAR"]["result"], "fails", "{a}");
    assert_eq!(a["outcome"]["contested"][0], "BUR", "{a}");
}
