//! `judgepad adjudicate`: one JSON object per input line (a position and
//! orders), one JSON object per output line (results, the new position and
//! the next phase). A bad line gives `{"error": {"line", "message"}}` and the
//! run goes on. The schema is in `docs/batch.md`.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};

use judgepad_core::adjudicate::{Outcome, Rejected, retreat_options};
use judgepad_core::board::{Board, Dislodged, Piece};
use judgepad_core::bundled;
use judgepad_core::calendar::{self, PhaseKind};
use judgepad_core::game::{self, Report, Status};
use judgepad_core::map::{self, Map, PowerId, Unit, UnitKind};
use judgepad_core::orders::{self, Order, OrderPhase, format_order};
use judgepad_core::text::{FileId, Span, decode};
use serde_json::{Map as Object, Value, json};

/// Reads JSON Lines on stdin, writes JSON Lines on stdout.
pub fn run_stdio() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut maps: BTreeMap<String, Map> = BTreeMap::new();
    for (idx, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let value = run_line(&line, idx + 1, &mut maps);
        writeln!(out, "{value}")?;
    }
    out.flush()
}

/// Adjudicates one input line (1-based `number`); `maps` caches loaded maps.
pub fn run_line(line: &str, number: usize, maps: &mut BTreeMap<String, Map>) -> Value {
    match process(line, maps) {
        Ok(value) => value,
        Err(message) => json!({"error": {"line": number, "message": message}}),
    }
}

fn load_map(name: &str, maps: &mut BTreeMap<String, Map>) -> Result<Map, String> {
    if let Some(map) = maps.get(name) {
        return Ok(map.clone());
    }
    let file = if name.contains('.') { name.to_string() } else { format!("{name}.map") };
    let (text, sources): (String, crate::sources::FsSources) = match bundled::source(&file) {
        Some(text) if !name.contains('/') => {
            (text, crate::sources::FsSources::new(std::path::Path::new("/nonexistent")))
        }
        _ => {
            let bytes =
                std::fs::read(name).map_err(|err| format!("cannot read map `{name}`: {err}"))?;
            let dir = std::path::Path::new(name).parent().unwrap_or(std::path::Path::new("."));
            (decode(&bytes).into_owned(), crate::sources::FsSources::new(dir))
        }
    };
    let (map, diags) = map::load(&file, &text, &sources);
    if let Some(error) = diags.iter().find(|it| it.is_error()) {
        return Err(format!("map `{name}` has errors, e.g. {}: {}", error.code, error.message));
    }
    maps.insert(name.to_string(), map.clone());
    Ok(map)
}

fn power_id(map: &Map, name: &str) -> Result<PowerId, String> {
    map.power(&map::names::norm_power(name)).ok_or_else(|| format!("unknown power `{name}`"))
}

fn parse_unit(map: &Map, text: &str) -> Result<Unit, String> {
    let mut words = text.split_whitespace();
    let (Some(kind), Some(place), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("a unit is `A PAR` or `F STP/SC`, not `{text}`"));
    };
    let kind =
        UnitKind::from_letter(kind).ok_or_else(|| format!("unknown unit type in `{text}`"))?;
    let location = map.location(place).ok_or_else(|| format!("unknown location in `{text}`"))?;
    if !map.valid_unit(kind, location) {
        return Err(format!("`{text}` cannot stand there"));
    }
    Ok(Unit { kind, location })
}

fn object<'a>(value: &'a Value, key: &str) -> Result<Option<&'a Object<String, Value>>, String> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(object)) => Ok(Some(object)),
        Some(_) => Err(format!("`{key}` must be an object")),
    }
}

fn strings(value: &Value, what: &str) -> Result<Vec<String>, String> {
    match value {
        Value::Array(items) => items
            .iter()
            .map(|it| {
                it.as_str().map(String::from).ok_or_else(|| format!("{what} must be strings"))
            })
            .collect(),
        _ => Err(format!("{what} must be an array of strings")),
    }
}

fn process(line: &str, maps: &mut BTreeMap<String, Map>) -> Result<Value, String> {
    let input: Value = serde_json::from_str(line).map_err(|err| format!("not JSON: {err}"))?;
    let map_name = input.get("map").and_then(Value::as_str).unwrap_or("standard");
    let base = load_map(map_name, maps)?;
    let (cal, _) = calendar::calendar(&base);
    let phase = match input.get("phase").and_then(Value::as_str) {
        Some(text) => {
            cal.parse(text).ok_or_else(|| format!("`{text}` is not a phase of this map"))?
        }
        None => cal.phases().next().ok_or("the map has no phases")?,
    };
    let (map, _) = cal.map_at(&base, &phase);
    let mut board = Board::initial(&map);
    if let Some(units) = object(&input, "units")? {
        board.pieces.clear();
        for (power, list) in units {
            let power = power_id(&map, power)?;
            for text in strings(list, "units")? {
                let unit = parse_unit(&map, &text)?;
                if board.piece_in(&map, map.province_of(unit.location)).is_some() {
                    return Err(format!(
                        "two units in {}",
                        map.prov(map.province_of(unit.location)).abbr
                    ));
                }
                board.pieces.push(Piece { power, unit });
            }
        }
    }
    if let Some(centers) = object(&input, "centers")? {
        board.owners = vec![None; map.provinces.len()];
        for (power, list) in centers {
            let power = power_id(&map, power)?;
            for text in strings(list, "centers")? {
                let province =
                    map.province(&text).ok_or_else(|| format!("unknown centre `{text}`"))?;
                board.owners[province.0 as usize] = Some(power);
            }
        }
    }
    if let Some(homes) = object(&input, "homes")? {
        for (power, list) in homes {
            let power = power_id(&map, power)?;
            board.homes[power.0 as usize] = strings(list, "homes")?
                .iter()
                .map(|text| map.province(text).ok_or_else(|| format!("unknown home `{text}`")))
                .collect::<Result<_, _>>()?;
        }
    }
    if let Some(Value::Array(contested)) = input.get("contested") {
        for text in contested.iter().filter_map(Value::as_str) {
            board
                .contested
                .push(map.province(text).ok_or_else(|| format!("unknown province `{text}`"))?);
        }
    }
    if let Some(dislodged) = object(&input, "dislodged")? {
        for (power, units) in dislodged {
            let power = power_id(&map, power)?;
            let Value::Object(units) = units else {
                return Err("`dislodged` maps powers to objects".into());
            };
            for (text, info) in units {
                let unit = parse_unit(&map, text)?;
                let attacker_from = match info.get("attacker_from").and_then(Value::as_str) {
                    Some(place) => Some(
                        map.province(place).ok_or_else(|| format!("unknown province `{place}`"))?,
                    ),
                    None => None,
                };
                let by_convoy = info.get("by_convoy").and_then(Value::as_bool).unwrap_or(false);
                let mut entry = Dislodged {
                    piece: Piece { power, unit },
                    attacker_from,
                    by_convoy,
                    retreats: Vec::new(),
                };
                entry.retreats = retreat_options(&map, &board, &entry);
                board.dislodged.push(entry);
            }
        }
    }
    // Orders: null (or absent) = civil disorder.
    let order_phase = match phase.phase_kind() {
        PhaseKind::Movement => Some(OrderPhase::Movement),
        PhaseKind::Retreats => Some(OrderPhase::Retreats),
        PhaseKind::Adjustments => Some(OrderPhase::Adjustments),
        PhaseKind::Other => None,
    };
    let mut orders: Vec<Order> = Vec::new();
    let mut order_texts: Vec<String> = Vec::new();
    let mut invalid: Vec<Value> = Vec::new();
    if let (Some(list), Some(order_phase)) = (object(&input, "orders")?, order_phase) {
        for (power_name, list) in list {
            let power = power_id(&map, power_name)?;
            if list.is_null() {
                continue;
            }
            for text in strings(list, "orders")? {
                let mut diags = Vec::new();
                match orders::parse_order(
                    &map,
                    power,
                    order_phase,
                    FileId(1),
                    &text,
                    Span::new(0, text.len() as u32),
                    &mut diags,
                ) {
                    Some(order) => {
                        orders.push(order);
                        order_texts.push(text);
                    }
                    None => {
                        let message = diags.first().map_or_else(
                            || "unreadable order".to_string(),
                            |it| it.message.clone(),
                        );
                        invalid.push(
                            json!({"power": map.pow(power).name, "order": text, "reason": message}),
                        );
                    }
                }
            }
        }
    }
    let (report, mut after) = game::run_phase(&map, &phase, &board, &orders);
    let mut results = Object::new();
    let mut destroyed: Vec<String> = Vec::new();
    let rejected: &[Rejected] = match &report {
        Report::Movement(res) => {
            for it in &res.resolutions {
                let order = it.order.map_or_else(
                    || format!("{} H", map.unit_text(it.piece.unit)),
                    |idx| format_order(&map, &orders[idx]),
                );
                let mut entry =
                    json!({"order": order, "result": it.outcome.as_str(), "reason": it.reason});
                if it.dislodged {
                    entry["dislodged"] = json!(true);
                }
                results.insert(map.unit_text(it.piece.unit), entry);
            }
            &res.rejected
        }
        Report::Retreats(res) => {
            for it in &res.resolutions {
                let order = it.order.map_or_else(
                    || format!("{} D", map.unit_text(it.piece.unit)),
                    |idx| format_order(&map, &orders[idx]),
                );
                results.insert(
                    map.unit_text(it.piece.unit),
                    json!({"order": order, "result": it.outcome.as_str(), "reason": it.reason}),
                );
                if it.to.is_none() {
                    destroyed.push(map.unit_text(it.piece.unit));
                }
            }
            &res.rejected
        }
        Report::Adjustments(res) => {
            let mut waives: BTreeMap<String, usize> = BTreeMap::new();
            for it in &res.adjustments {
                let key = match it.unit {
                    Some(unit) => map.unit_text(unit),
                    None => {
                        let power = map.pow(it.power).name.clone();
                        let count = waives.entry(power.clone()).or_default();
                        *count += 1;
                        format!("{power} WAIVE {count}")
                    }
                };
                let order = it.order.map_or_else(
                    || "(civil disorder)".to_string(),
                    |idx| format_order(&map, &orders[idx]),
                );
                results.insert(key, json!({"order": order, "result": Outcome::Succeeds.as_str(), "reason": it.reason}));
                if matches!(it.command, judgepad_core::orders::Command::Disband)
                    && let Some(unit) = it.unit
                {
                    destroyed.push(map.unit_text(unit));
                }
            }
            &res.rejected
        }
        Report::Pause => &[],
    };
    for rejected in rejected {
        let order = &orders[rejected.order];
        invalid.push(json!({"power": map.pow(order.power).name, "order": order_texts[rejected.order], "reason": rejected.reason}));
    }
    // The next phase that needs attention.
    let mut step_map = map.clone();
    let played = phase.clone();
    let (next, morphs, status) = game::step(&cal, &base, &mut step_map, &mut after, &played);
    let next_phase = match status {
        Status::Won(_) => "COMPLETED".to_string(),
        Status::Playing => next.abbr(),
    };
    for morph in &morphs {
        if let Some(unit) = morph.strip_suffix(" destroyed: nowhere to retreat") {
            destroyed.push(unit.to_string());
        }
    }
    let mut res = json!({
        "phase": played.abbr(),
        "results": results,
        "outcome": outcome(&step_map, &after),
        "destroyed": destroyed,
        "next_phase": next_phase,
    });
    if !invalid.is_empty() {
        res["invalid"] = Value::Array(invalid);
    }
    if !morphs.is_empty() {
        res["changes"] = json!(morphs);
    }
    if let Status::Won(winners) = status {
        res["winners"] =
            json!(winners.iter().map(|&it| step_map.pow(it).name.clone()).collect::<Vec<_>>());
    }
    Ok(res)
}

/// The position as JSON: units, dislodged units with retreats, centres.
fn outcome(map: &Map, board: &Board) -> Value {
    let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for piece in &board.pieces {
        units.entry(map.pow(piece.power).name.clone()).or_default().push(map.unit_text(piece.unit));
    }
    let mut dislodged: BTreeMap<String, Object<String, Value>> = BTreeMap::new();
    for it in &board.dislodged {
        let retreats: Vec<String> =
            it.retreats.iter().map(|&loc| map.loc(loc).abbr.clone()).collect();
        dislodged.entry(map.pow(it.piece.power).name.clone()).or_default().insert(
            map.unit_text(it.piece.unit),
            json!({"attacker_from": it.attacker_from.map(|p| map.prov(p).abbr.clone()), "retreats": retreats}),
        );
    }
    let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (idx, owner) in board.owners.iter().enumerate() {
        if let Some(owner) = owner {
            centers
                .entry(map.pow(*owner).name.clone())
                .or_default()
                .push(map.prov(map::ProvinceId(idx as u32)).abbr.clone());
        }
    }
    let mut res = json!({"units": units, "dislodged": dislodged, "centers": centers});
    if !board.contested.is_empty() {
        res["contested"] =
            json!(board.contested.iter().map(|&p| map.prov(p).abbr.clone()).collect::<Vec<_>>());
    }
    res
}
