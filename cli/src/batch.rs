//! `judgepad adjudicate`: one JSON object per input line (a position and
//! orders), one JSON object per output line (results, the new position and
//! the next phase). A bad line gives `{"error": {"line", "message"}}` and the
//! run goes on. The schema is in `docs/batch.md`.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};

use judgepad_core::adjudicate::{Outcome, Rejected, retreat_options};
use judgepad_core::board::{Board, Dislodged, Piece};
use judgepad_core::bundled;
use judgepad_core::calendar::{self, Calendar, Phase, PhaseKind};
use judgepad_core::game::{self, Report, Status};
use judgepad_core::map::{self, Map, PowerId, Unit, UnitKind};
use judgepad_core::orders::{self, Order, OrderPhase, format_order};
use judgepad_core::text::{FileId, Span, decode};
use serde_json::{Map as Object, Value, json};

/// Reads JSON Lines on stdin, writes JSON Lines on stdout (one output line
/// per input line, flushed in batches).
pub fn run_stdio() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut session = Session::default();
    for (idx, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let value = run_line(&line, idx + 1, &mut session);
        writeln!(out, "{value}")?;
    }
    out.flush()
}

/// Maps loaded during one run: each map, its calendar, and its map in each
/// distinct set of IN/FROM blocks, built once and shared by reference.
#[derive(Default)]
pub struct Session {
    maps: BTreeMap<String, Loaded>,
}

struct Loaded {
    base: Map,
    cal: Calendar,
    /// The map with these dynamic blocks applied (empty: `base` itself).
    at: BTreeMap<Vec<usize>, Map>,
}

impl Loaded {
    fn map_at(&mut self, phase: &Phase) -> &Map {
        let blocks = self.cal.blocks_at(&self.base, phase);
        if blocks.is_empty() {
            return &self.base;
        }
        let base = &self.base;
        self.at.entry(blocks).or_insert_with_key(|blocks| base.with_blocks(blocks).0)
    }
}

/// Adjudicates one input line (1-based `number`).
pub fn run_line(line: &str, number: usize, session: &mut Session) -> Value {
    match process(line, session) {
        Ok(value) => value,
        Err(message) => json!({"error": {"line": number, "message": message}}),
    }
}

fn load_map<'s>(name: &str, session: &'s mut Session) -> Result<&'s mut Loaded, String> {
    if !session.maps.contains_key(name) {
        let file = if name.contains('.') { name.to_string() } else { format!("{name}.map") };
        let (text, sources): (String, crate::sources::FsSources) = match bundled::source(&file) {
            Some(text) if !name.contains('/') => {
                (text, crate::sources::FsSources::new(std::path::Path::new("/nonexistent")))
            }
            _ => {
                let bytes = std::fs::read(name)
                    .map_err(|err| format!("cannot read map `{name}`: {err}"))?;
                let dir = std::path::Path::new(name).parent().unwrap_or(std::path::Path::new("."));
                (decode(&bytes).into_owned(), crate::sources::FsSources::new(dir))
            }
        };
        let (base, diags) = map::load(&file, &text, &sources);
        if let Some(error) = diags.iter().find(|it| it.is_error()) {
            return Err(format!("map `{name}` has errors, e.g. {}: {}", error.code, error.message));
        }
        let (cal, _) = calendar::calendar(&base);
        session.maps.insert(name.to_string(), Loaded { base, cal, at: BTreeMap::new() });
    }
    Ok(session.maps.get_mut(name).expect("just loaded"))
}

/// The keys of an input line (docs/batch.md).
const KEYS: &[&str] =
    &["map", "phase", "units", "dislodged", "contested", "centers", "homes", "orders"];

/// Checks the shape of an input line: an object with known keys whose
/// values have the documented types. Every problem names the key.
fn check_shape(input: &Value) -> Result<&Object<String, Value>, String> {
    let Value::Object(fields) = input else {
        return Err(format!("a line must be a JSON object, not {}", kind_of(input)));
    };
    for (key, value) in fields {
        if !KEYS.contains(&key.as_str()) {
            let near = KEYS
                .iter()
                .map(|it| (map::names::edit_distance(key, it), *it))
                .min()
                .filter(|(distance, _)| *distance <= 2)
                .map_or_else(String::new, |(_, it)| format!("; did you mean `{it}`?"));
            return Err(format!("unknown key `{key}`{near} (known: {})", KEYS.join(", ")));
        }
        let ok = match key.as_str() {
            "map" | "phase" => value.is_string() || value.is_null(),
            "contested" => value.is_array() || value.is_null(),
            _ => value.is_object() || value.is_null(),
        };
        if !ok {
            let want = match key.as_str() {
                "map" | "phase" => "a string",
                "contested" => "an array of province names",
                "orders" => "an object of power: [order, …]",
                "dislodged" => "an object of power: {unit: {attacker_from, by_convoy}}",
                _ => "an object of power: [name, …]",
            };
            return Err(format!("`{key}` must be {want}, not {}", kind_of(value)));
        }
    }
    Ok(fields)
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
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

fn process(line: &str, session: &mut Session) -> Result<Value, String> {
    let input: Value = serde_json::from_str(line).map_err(|err| format!("not JSON: {err}"))?;
    check_shape(&input)?;
    let map_name = input.get("map").and_then(Value::as_str).unwrap_or("standard");
    let loaded = load_map(map_name, session)?;
    let phase = match input.get("phase").and_then(Value::as_str) {
        Some(text) => {
            loaded.cal.parse(text).ok_or_else(|| format!("`{text}` is not a phase of this map"))?
        }
        None => loaded.cal.phases().next().ok_or("the map has no phases")?,
    };
    loaded.map_at(&phase);
    let loaded = &*loaded;
    let blocks = loaded.cal.blocks_at(&loaded.base, &phase);
    let map = if blocks.is_empty() { &loaded.base } else { &loaded.at[&blocks] };
    let (cal, base) = (&loaded.cal, &loaded.base);
    let mut board = Board::initial(map);
    if let Some(units) = object(&input, "units")? {
        board.pieces.clear();
        for (power, list) in units {
            let power = power_id(map, power)?;
            for text in strings(list, "units")? {
                let unit = parse_unit(map, &text)?;
                if board.piece_in(map, map.province_of(unit.location)).is_some() {
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
            let power = power_id(map, power)?;
            for text in strings(list, "centers")? {
                let province =
                    map.province(&text).ok_or_else(|| format!("unknown centre `{text}`"))?;
                board.owners[province.0 as usize] = Some(power);
            }
        }
    }
    if let Some(homes) = object(&input, "homes")? {
        for (power, list) in homes {
            let power = power_id(map, power)?;
            board.homes[power.0 as usize] = strings(list, "homes")?
                .iter()
                .map(|text| map.province(text).ok_or_else(|| format!("unknown home `{text}`")))
                .collect::<Result<_, _>>()?;
        }
    }
    if let Some(Value::Array(contested)) = input.get("contested") {
        for item in contested {
            let text = item.as_str().ok_or("`contested` must be an array of province names")?;
            board
                .contested
                .push(map.province(text).ok_or_else(|| format!("unknown province `{text}`"))?);
        }
    }
    if let Some(dislodged) = object(&input, "dislodged")? {
        for (power, units) in dislodged {
            let power = power_id(map, power)?;
            let Value::Object(units) = units else {
                return Err("`dislodged` maps powers to objects".into());
            };
            for (text, info) in units {
                let unit = parse_unit(map, text)?;
                let Value::Object(info) = info else {
                    return Err(format!(
                        "`dislodged` {text}: expected {{\"attacker_from\": …, \"by_convoy\": …}}, not {}",
                        kind_of(info)
                    ));
                };
                if let Some(key) = info
                    .keys()
                    .find(|it| !["attacker_from", "by_convoy", "retreats"].contains(&it.as_str()))
                {
                    return Err(format!(
                        "`dislodged` {text}: unknown key `{key}` (known: attacker_from, by_convoy, retreats)"
                    ));
                }
                let attacker_from = match info.get("attacker_from") {
                    None | Some(Value::Null) => None,
                    Some(Value::String(place)) => Some(
                        map.province(place).ok_or_else(|| format!("unknown province `{place}`"))?,
                    ),
                    Some(other) => {
                        return Err(format!(
                            "`attacker_from` must be a province name, not {}",
                            kind_of(other)
                        ));
                    }
                };
                let by_convoy = match info.get("by_convoy") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(value)) => *value,
                    Some(other) => {
                        return Err(format!(
                            "`by_convoy` must be true or false, not {}",
                            kind_of(other)
                        ));
                    }
                };
                let mut entry = Dislodged {
                    piece: Piece { power, unit },
                    attacker_from,
                    by_convoy,
                    retreats: Vec::new(),
                };
                entry.retreats = retreat_options(map, &board, &entry);
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
            let power = power_id(map, power_name)?;
            if list.is_null() {
                continue;
            }
            for text in strings(list, "orders")? {
                let mut diags = Vec::new();
                match orders::parse_order(
                    map,
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
    let (report, mut after) = game::run_phase(map, &phase, &board, &orders);
    let mut results = Object::new();
    let mut destroyed: Vec<String> = Vec::new();
    let rejected: &[Rejected] = match &report {
        Report::Movement(res) => {
            for it in &res.resolutions {
                let order = it.order.map_or_else(
                    || format!("{} H", map.unit_text(it.piece.unit)),
                    |idx| format_order(map, &orders[idx]),
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
                    |idx| format_order(map, &orders[idx]),
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
                    |idx| format_order(map, &orders[idx]),
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
    let played = phase.clone();
    let stepped = game::step(cal, base, map, &mut after, &played);
    let step_map = stepped.map.as_ref().unwrap_or(map);
    let (morphs, status) = (&stepped.morphs, &stepped.status);
    let next_phase = match status {
        Status::Won(_) => "COMPLETED".to_string(),
        Status::Playing => stepped.phase.abbr(),
    };
    for morph in morphs {
        if let Some(unit) = morph.strip_suffix(" destroyed: nowhere to retreat") {
            destroyed.push(unit.to_string());
        }
    }
    let mut res = json!({
        "phase": played.abbr(),
        "results": results,
        "outcome": outcome(step_map, &after),
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
