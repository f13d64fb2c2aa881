//! The batch schema (`docs/batch.md`): one JSON object per input line (a
//! position and orders), one JSON object per output line (results, the new
//! position and the next phase). A bad line gives `{"error": {"line",
//! "message"}}`. Shared by `judgepad adjudicate` and `judgepad.adjudicate` in
//! the page, so the two give byte-identical lines.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use crate::adjudicate::{Outcome, Rejected, retreat_options};
use crate::board::{Board, Dislodged, Piece};
use crate::calendar::{self, Calendar, Phase, PhaseKind};
use crate::game::{self, Change, Report, Status};
use crate::map::{self, Map, PowerId, Unit, UnitKind};
use crate::orders::{self, Order, OrderPhase, push_order};
use crate::text::{FileId, Span};

use super::{Resolver, json};
use serde_json::{Map as Object, Value};

/// Reads JSON Lines on stdin, writes JSON Lines on stdout (one output line
/// per input line, flushed in batches).
/// Maps loaded during one run: each map, its calendar, and its map in each
/// distinct set of IN/FROM blocks, built once and shared by reference.
pub struct Session {
    maps: BTreeMap<String, Loaded>,
    resolver: Box<dyn Resolver>,
}

impl Session {
    /// A session that finds the maps input lines name with `resolver`.
    pub fn new(resolver: Box<dyn Resolver>) -> Session {
        Session { maps: BTreeMap::new(), resolver }
    }
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

/// Adjudicates one input line (1-based `number`): the output line, JSON.
pub fn run_line(line: &str, number: usize, session: &mut Session) -> String {
    let mut out = String::with_capacity(4096);
    write_line(line, number, session, &mut out);
    out
}

/// [`run_line`] into `out` (cleared by the caller).
pub fn write_line(line: &str, number: usize, session: &mut Session, out: &mut String) {
    if let Err(message) = process(line, session, out) {
        out.clear();
        out.push_str("{\"error\":{\"line\":");
        out.push_str(&number.to_string());
        out.push_str(",\"message\":");
        json::string(out, &message);
        out.push_str("}}");
    }
}

fn load_map<'s>(map: &MapRef<'_>, session: &'s mut Session) -> Result<&'s mut Loaded, String> {
    let key = match map {
        MapRef::Name(name) => String::from(&**name),
        MapRef::Text { text, files } => {
            let mut key = format!("text:{}:{text}", text.len());
            for (name, file) in files {
                key.push_str(&format!("\u{0}{name}\u{0}{file}"));
            }
            key
        }
    };
    if !session.maps.contains_key(&key) {
        let root = match map {
            MapRef::Name(name) => session.resolver.resolve(name)?,
            MapRef::Text { text, files } => super::text_root(
                text,
                files.iter().map(|(name, text)| (name.to_string(), text.to_string())).collect(),
            ),
        };
        let (base, diags) = map::load(&root.name, &root.text, &*root.sources);
        if let Some(error) = diags.iter().find(|it| it.is_error()) {
            return Err(format!(
                "map `{}` has errors, e.g. {}: {}",
                root.display, error.code, error.message
            ));
        }
        let (cal, _) = calendar::calendar(&base);
        session.maps.insert(key.clone(), Loaded { base, cal, at: BTreeMap::new() });
    }
    Ok(session.maps.get_mut(&key).expect("just loaded"))
}

/// The `map` of an input line: a name (bundled variant, or whatever the
/// session's resolver knows, e.g. a path) or the text itself.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum MapRef<'a> {
    Name(#[serde(borrow)] Cow<'a, str>),
    Text {
        #[serde(borrow)]
        text: Cow<'a, str>,
        #[serde(borrow, default)]
        files: BTreeMap<Cow<'a, str>, Cow<'a, str>>,
    },
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
            "map" => {
                value.is_string()
                    || value.is_null()
                    || value.as_object().is_some_and(|it| {
                        it.get("text").is_some_and(Value::is_string)
                            && it.get("files").is_none_or(|files| {
                                files.is_null()
                                    || files
                                        .as_object()
                                        .is_some_and(|it| it.values().all(Value::is_string))
                            })
                            && it.keys().all(|key| key == "text" || key == "files")
                    })
            }
            "phase" => value.is_string() || value.is_null(),
            "contested" => value.is_null() || strings(value),
            "orders" => {
                value.is_null()
                    || value
                        .as_object()
                        .is_some_and(|it| it.values().all(|list| list.is_null() || strings(list)))
            }
            "dislodged" => value.is_null() || value.is_object(),
            _ => value.is_null() || value.as_object().is_some_and(|it| it.values().all(strings)),
        };
        if !ok {
            let want = match key.as_str() {
                "map" => "a variant name or {\"text\": …, \"files\": {name: text}}",
                "phase" => "a string",
                "contested" => "an array of province names",
                "orders" => "an object of power: [order, …] (or null)",
                "dislodged" => "an object of power: {unit: {attacker_from, by_convoy}}",
                _ => "an object of power: [name, …]",
            };
            return Err(format!("`{key}` must be {want}, not {}", shape_of(value)));
        }
        if key == "dislodged"
            && let Some(powers) = value.as_object()
        {
            check_dislodged(powers)?;
        }
    }
    Ok(fields)
}

/// Whether `value` is an array of strings.
fn strings(value: &Value) -> bool {
    value.as_array().is_some_and(|it| it.iter().all(Value::is_string))
}

/// `dislodged`: power → unit → {attacker_from, by_convoy, retreats}.
fn check_dislodged(powers: &Object<String, Value>) -> Result<(), String> {
    for units in powers.values() {
        let Value::Object(units) = units else {
            return Err(format!("`dislodged` maps powers to objects, not {}", kind_of(units)));
        };
        for (unit, info) in units {
            let Value::Object(info) = info else {
                return Err(format!(
                    "`dislodged` {unit}: expected {{\"attacker_from\": …, \"by_convoy\": …}}, not {}",
                    kind_of(info)
                ));
            };
            for (key, value) in info {
                let ok = match key.as_str() {
                    "attacker_from" => value.is_string() || value.is_null(),
                    "by_convoy" => value.is_boolean() || value.is_null(),
                    "retreats" => value.is_null() || strings(value),
                    _ => {
                        return Err(format!(
                            "`dislodged` {unit}: unknown key `{key}` (known: attacker_from, by_convoy, retreats)"
                        ));
                    }
                };
                if !ok {
                    let want = match key.as_str() {
                        "attacker_from" => "a province name",
                        "by_convoy" => "true or false",
                        _ => "an array of province names",
                    };
                    return Err(format!("`{key}` must be {want}, not {}", kind_of(value)));
                }
            }
        }
    }
    Ok(())
}

/// What `value` is, naming the first element that is not a string.
fn shape_of(value: &Value) -> String {
    let bad_item = match value {
        Value::Array(items) => items.iter().find(|it| !it.is_string()),
        Value::Object(fields) => fields.values().find(|it| !it.is_array() && !it.is_null()),
        _ => None,
    };
    match bad_item {
        Some(item) => format!("{} holding {}", kind_of(value), kind_of(item)),
        None => kind_of(value).to_string(),
    }
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
    map.power(name)
        .or_else(|| map.power(&map::names::norm_power(name)))
        .ok_or_else(|| format!("unknown power `{name}`"))
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

/// Something for each power, by name.
type ByPower<'a, T> = BTreeMap<Cow<'a, str>, T>;

/// An input line (docs/batch.md), borrowed from the line's text.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Input<'a> {
    #[serde(borrow, default)]
    map: Option<MapRef<'a>>,
    #[serde(borrow, default)]
    phase: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    units: Option<BTreeMap<Cow<'a, str>, Vec<Cow<'a, str>>>>,
    #[serde(borrow, default)]
    dislodged: Option<ByPower<'a, BTreeMap<Cow<'a, str>, DislodgedInput<'a>>>>,
    #[serde(borrow, default)]
    contested: Option<Vec<Cow<'a, str>>>,
    #[serde(borrow, default)]
    centers: Option<BTreeMap<Cow<'a, str>, Vec<Cow<'a, str>>>>,
    #[serde(borrow, default)]
    homes: Option<BTreeMap<Cow<'a, str>, Vec<Cow<'a, str>>>>,
    #[serde(borrow, default)]
    orders: Option<ByPower<'a, Option<Vec<Cow<'a, str>>>>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DislodgedInput<'a> {
    #[serde(borrow, default)]
    attacker_from: Option<Cow<'a, str>>,
    #[serde(default)]
    by_convoy: Option<bool>,
    /// Ignored (recomputed): lets an output's `dislodged` be fed back.
    #[serde(default, rename = "retreats")]
    _retreats: Option<Vec<Cow<'a, str>>>,
}

/// Reads an input line; a line that does not fit the schema is explained
/// by [`check_shape`], which names the key at fault.
fn read_input(line: &str) -> Result<Input<'_>, String> {
    match serde_json::from_str::<Input<'_>>(line) {
        Ok(input) => Ok(input),
        Err(err) => {
            let value: Value =
                serde_json::from_str(line).map_err(|err| format!("not JSON: {err}"))?;
            check_shape(&value)?;
            Err(format!("does not fit the schema (docs/batch.md): {err}"))
        }
    }
}

fn process(line: &str, session: &mut Session, out: &mut String) -> Result<(), String> {
    let input = read_input(line)?;
    let standard = MapRef::Name(Cow::Borrowed("standard"));
    let loaded = load_map(input.map.as_ref().unwrap_or(&standard), session)?;
    let phase = match input.phase.as_deref() {
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
    if let Some(units) = &input.units {
        board.pieces.clear();
        for (power, list) in units {
            let power = power_id(map, power)?;
            for text in list {
                let unit = parse_unit(map, text)?;
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
    if let Some(centers) = &input.centers {
        board.owners = vec![None; map.provinces.len()];
        for (power, list) in centers {
            let power = power_id(map, power)?;
            for text in list {
                let province =
                    map.province(text).ok_or_else(|| format!("unknown centre `{text}`"))?;
                board.owners[province.0 as usize] = Some(power);
            }
        }
    }
    if let Some(homes) = &input.homes {
        for (power, list) in homes {
            let power = power_id(map, power)?;
            board.homes[power.0 as usize] = list
                .iter()
                .map(|text| map.province(text).ok_or_else(|| format!("unknown home `{text}`")))
                .collect::<Result<_, _>>()?;
        }
    }
    if let Some(contested) = &input.contested {
        for text in contested {
            board
                .contested
                .push(map.province(text).ok_or_else(|| format!("unknown province `{text}`"))?);
        }
    }
    if let Some(dislodged) = &input.dislodged {
        for (power, units) in dislodged {
            let power = power_id(map, power)?;
            for (text, info) in units {
                let unit = parse_unit(map, text)?;
                let attacker_from = match info.attacker_from.as_deref() {
                    None => None,
                    Some(place) => Some(
                        map.province(place).ok_or_else(|| format!("unknown province `{place}`"))?,
                    ),
                };
                let by_convoy = info.by_convoy.unwrap_or(false);
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
    let mut order_texts: Vec<&str> = Vec::new();
    // Unused orders: (power, order text, reason).
    let mut invalid: Vec<(String, String, String)> = Vec::new();
    if let (Some(list), Some(order_phase)) = (&input.orders, order_phase) {
        for (power_name, list) in list {
            let power = power_id(map, power_name)?;
            let Some(list) = list else { continue };
            for text in list {
                let text: &str = text;
                let mut diags = Vec::new();
                match orders::parse_order(
                    map,
                    power,
                    order_phase,
                    FileId(1),
                    text,
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
                        invalid.push((map.pow(power).name.to_string(), text.to_string(), message));
                    }
                }
            }
        }
    }
    let (report, mut after) = game::run_phase(map, &phase, &board, &orders);
    // results: unit text → (order, result, reason, dislodged), sorted by unit.
    let mut results: BTreeMap<String, (Said, &'static str, &str, bool)> = BTreeMap::new();
    let mut destroyed: Vec<String> = Vec::new();
    let rejected: &[Rejected] = match &report {
        Report::Movement(res) => {
            for it in &res.resolutions {
                let order = it.order.map_or(Said::Default(it.piece.unit, " H"), Said::Order);
                results.insert(
                    map.unit_text(it.piece.unit),
                    (order, it.outcome.as_str(), &it.reason, it.dislodged),
                );
            }
            &res.rejected
        }
        Report::Retreats(res) => {
            for it in &res.resolutions {
                let order = it.order.map_or(Said::Default(it.piece.unit, " D"), Said::Order);
                results.insert(
                    map.unit_text(it.piece.unit),
                    (order, it.outcome.as_str(), &it.reason, false),
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
                let order = it.order.map_or(Said::CivilDisorder, Said::Order);
                results.insert(key, (order, Outcome::Succeeds.as_str(), &it.reason, false));
                if matches!(it.command, crate::orders::Command::Disband)
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
        invalid.push((
            map.pow(order.power).name.to_string(),
            order_texts[rejected.order].to_string(),
            rejected.reason.clone(),
        ));
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
    // Dislodged units with nowhere to go are destroyed (and listed as a
    // change too); units the next map cannot hold are only changes.
    for morph in morphs {
        if morph.what == Change::NoRetreat {
            destroyed.push(morph.unit.clone());
        }
    }
    // The output line, keys sorted at every level (docs/batch.md).
    out.push('{');
    if !morphs.is_empty() {
        out.push_str("\"changes\":");
        let texts: Vec<String> = morphs.iter().map(ToString::to_string).collect();
        json::strings(out, texts.iter().map(String::as_str));
        out.push(',');
    }
    out.push_str("\"destroyed\":");
    json::strings(out, destroyed.iter().map(String::as_str));
    if !invalid.is_empty() {
        out.push_str(",\"invalid\":[");
        for (idx, (power, order, reason)) in invalid.iter().enumerate() {
            if idx > 0 {
                out.push(',');
            }
            out.push_str("{\"order\":");
            json::string(out, order);
            out.push_str(",\"power\":");
            json::string(out, power);
            out.push_str(",\"reason\":");
            json::string(out, reason);
            out.push('}');
        }
        out.push(']');
    }
    out.push_str(",\"next_phase\":");
    json::string(out, &next_phase);
    out.push_str(",\"outcome\":");
    outcome(out, step_map, &after);
    out.push_str(",\"phase\":");
    json::string(out, &played.abbr());
    out.push_str(",\"results\":{");
    let mut text = String::with_capacity(32);
    for (idx, (unit, (order, result, reason, dislodged))) in results.iter().enumerate() {
        if idx > 0 {
            out.push(',');
        }
        json::string(out, unit);
        out.push_str(if *dislodged { ":{\"dislodged\":true,\"order\":" } else { ":{\"order\":" });
        text.clear();
        match order {
            Said::Order(idx) => push_order(&mut text, map, &orders[*idx]),
            Said::Default(unit, verb) => {
                text.push(unit.kind.letter());
                text.push(' ');
                text.push_str(&map.loc(unit.location).abbr);
                text.push_str(verb);
            }
            Said::CivilDisorder => text.push_str("(civil disorder)"),
        }
        json::string(out, &text);
        out.push_str(",\"reason\":");
        json::string(out, reason);
        out.push_str(",\"result\":");
        json::string(out, result);
        out.push('}');
    }
    out.push('}');
    if let Status::Won(winners) = status {
        out.push_str(",\"winners\":");
        json::strings(out, winners.iter().map(|&it| step_map.pow(it).name.as_str()));
    }
    out.push('}');
    Ok(())
}

/// The order a result line shows.
enum Said {
    /// The order used (index into the phase's orders).
    Order(usize),
    /// No order: the unit and the verb it defaulted to (` H`, ` D`).
    Default(Unit, &'static str),
    /// Civil disorder chose it.
    CivilDisorder,
}

/// The position as JSON: units, dislodged units with retreats, centres.
fn outcome(out: &mut String, map: &Map, board: &Board) {
    let mut units: BTreeMap<&str, Vec<Unit>> = BTreeMap::new();
    for piece in &board.pieces {
        units.entry(map.pow(piece.power).name.as_str()).or_default().push(piece.unit);
    }
    // power → unit → (attacker's province, retreats)
    type Waiting<'m> = BTreeMap<String, (Option<&'m str>, Vec<&'m str>)>;
    let mut dislodged: BTreeMap<&str, Waiting<'_>> = BTreeMap::new();
    for it in &board.dislodged {
        let retreats: Vec<&str> =
            it.retreats.iter().map(|&loc| map.loc(loc).abbr.as_str()).collect();
        dislodged.entry(map.pow(it.piece.power).name.as_str()).or_default().insert(
            map.unit_text(it.piece.unit),
            (it.attacker_from.map(|p| map.prov(p).abbr.as_str()), retreats),
        );
    }
    let mut centers: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (idx, owner) in board.owners.iter().enumerate() {
        if let Some(owner) = owner {
            centers
                .entry(map.pow(*owner).name.as_str())
                .or_default()
                .push(map.prov(map::ProvinceId(idx as u32)).abbr.as_str());
        }
    }
    out.push_str("{\"centers\":{");
    for (idx, (power, list)) in centers.iter().enumerate() {
        if idx > 0 {
            out.push(',');
        }
        json::string(out, power);
        out.push(':');
        json::strings(out, list.iter().copied());
    }
    out.push('}');
    if !board.contested.is_empty() {
        out.push_str(",\"contested\":");
        json::strings(out, board.contested.iter().map(|&p| map.prov(p).abbr.as_str()));
    }
    out.push_str(",\"dislodged\":{");
    for (idx, (power, list)) in dislodged.iter().enumerate() {
        if idx > 0 {
            out.push(',');
        }
        json::string(out, power);
        out.push_str(":{");
        for (idx, (unit, (from, retreats))) in list.iter().enumerate() {
            if idx > 0 {
                out.push(',');
            }
            json::string(out, unit);
            out.push_str(":{\"attacker_from\":");
            match from {
                Some(from) => json::string(out, from),
                None => out.push_str("null"),
            }
            out.push_str(",\"retreats\":");
            json::strings(out, retreats.iter().copied());
            out.push('}');
        }
        out.push('}');
    }
    out.push_str("},\"units\":{");
    let mut text = String::with_capacity(16);
    for (idx, (power, list)) in units.iter().enumerate() {
        if idx > 0 {
            out.push(',');
        }
        json::string(out, power);
        out.push_str(":[");
        for (idx, unit) in list.iter().enumerate() {
            if idx > 0 {
                out.push(',');
            }
            text.clear();
            text.push(unit.kind.letter());
            text.push(' ');
            text.push_str(&map.loc(unit.location).abbr);
            json::string(out, &text);
        }
        out.push(']');
    }
    out.push_str("}}");
}
