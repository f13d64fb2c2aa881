//! Input lines of the batch schema: the borrowed, typed line, the shape
//! check that names the key at fault, and the position and orders a line
//! describes.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use crate::adjudicate::retreat_options;
use crate::board::{Board, Dislodged, Piece};
use crate::calendar::Phase;
use crate::map::{self, Map, PowerId, Unit, UnitKind};
use crate::orders::{self, Order, OrderPhase};
use crate::text::{FileId, Span};

use serde_json::{Map as Object, Value};

/// The `map` of an input line: a name (bundled variant, or whatever the
/// session's resolver knows, e.g. a path) or the text itself.
#[derive(serde::Deserialize)]
#[serde(untagged)]
pub(super) enum MapRef<'a> {
    Name(#[serde(borrow)] Cow<'a, str>),
    Text {
        #[serde(borrow)]
        text: Cow<'a, str>,
        #[serde(borrow, default)]
        files: BTreeMap<Cow<'a, str>, Cow<'a, str>>,
    },
}

/// The keys of an input line (docs/batch.md).
pub(super) const KEYS: &[&str] =
    &["map", "phase", "units", "dislodged", "contested", "centers", "homes", "orders"];

/// Checks the shape of an input line: an object with known keys whose
/// values have the documented types. Every problem names the key.
pub(super) fn check_shape(input: &Value) -> Result<&Object<String, Value>, String> {
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
pub(super) fn strings(value: &Value) -> bool {
    value.as_array().is_some_and(|it| it.iter().all(Value::is_string))
}

/// `dislodged`: power → unit → {attacker_from, by_convoy, retreats}.
pub(super) fn check_dislodged(powers: &Object<String, Value>) -> Result<(), String> {
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
pub(super) fn shape_of(value: &Value) -> String {
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

pub(super) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub(super) fn power_id(map: &Map, name: &str) -> Result<PowerId, String> {
    map.power(name)
        .or_else(|| map.power(&map::names::norm_power(name)))
        .ok_or_else(|| format!("unknown power `{name}`"))
}

pub(super) fn parse_unit(map: &Map, text: &str) -> Result<Unit, String> {
    let (kind, place) = match unit_words(text) {
        Some(words) => words,
        None => {
            let mut words = text.split_whitespace();
            let (Some(kind), Some(place), None) = (words.next(), words.next(), words.next()) else {
                return Err(format!("a unit is `A PAR` or `F STP/SC`, not `{text}`"));
            };
            (kind, place)
        }
    };
    let kind =
        UnitKind::from_letter(kind).ok_or_else(|| format!("unknown unit type in `{text}`"))?;
    let location = map.location(place).ok_or_else(|| format!("unknown location in `{text}`"))?;
    if !map.valid_unit(kind, location) {
        return Err(format!("`{text}` cannot stand there"));
    }
    Ok(Unit { kind, location })
}

/// A unit's two words when written as every judge writes them (`A PAR`:
/// one letter, one space, a place of printable ASCII), the words
/// `split_whitespace` would give; `None` for anything else.
fn unit_words(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let printable = |it: &u8| it.is_ascii_graphic();
    (bytes.len() > 2
        && printable(&bytes[0])
        && bytes[1] == b' '
        && bytes[2..].iter().all(printable))
    .then(|| (&text[..1], &text[2..]))
}

/// Something for each power, by name.
pub(super) type ByPower<'a, T> = BTreeMap<Text<'a>, T>;

/// A string of an input line, borrowed from the line when it has no
/// escapes. serde's own `Cow<str>` borrows only as a field of its own: in a
/// list or a map it always copies, and a played phase's line holds some 90
/// such strings (units, centres, orders, the powers' names), each then a
/// heap allocation and a free (a fifth of `judgepad adjudicate`'s time).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Text<'a>(pub(super) Cow<'a, str>);

impl core::ops::Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl core::fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de: 'a, 'a> serde::Deserialize<'de> for Text<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(Visit)
    }
}

/// An input line (docs/batch.md), borrowed from the line's text.
#[derive(Default)]
pub(super) struct Input<'a> {
    pub(super) map: Option<MapRef<'a>>,
    pub(super) phase: Option<Cow<'a, str>>,
    pub(super) units: Option<Lists<'a>>,
    pub(super) dislodged: Option<ByPower<'a, BTreeMap<Text<'a>, DislodgedInput<'a>>>>,
    pub(super) contested: Option<Vec<Text<'a>>>,
    pub(super) centers: Option<Lists<'a>>,
    pub(super) homes: Option<Lists<'a>>,
    pub(super) orders: Option<Lists<'a>>,
}

/// Lists of strings by power: every list a range of one vector, the powers
/// sorted by name, the last list of a power named twice kept (as a JSON
/// object read into a map keeps it).
#[derive(Default)]
pub(super) struct Lists<'a> {
    pub(super) items: Vec<Text<'a>>,
    /// Each power: its name, its items, and whether it has a list (`null`
    /// orders: civil disorder).
    powers: Vec<(Text<'a>, u32, u32, bool)>,
}

impl<'a> Lists<'a> {
    /// Room for `items` strings and `powers` powers.
    pub(super) fn with_capacity(items: usize, powers: usize) -> Self {
        Lists { items: Vec::with_capacity(items), powers: Vec::with_capacity(powers) }
    }

    /// A power whose list is `items[start..]` (or `null`).
    pub(super) fn push(&mut self, power: Text<'a>, start: usize, listed: bool) {
        self.powers.push((power, start as u32, self.items.len() as u32, listed));
    }

    /// Sorts the powers by name, the last of a name kept.
    pub(super) fn settle(&mut self) {
        if self.powers.windows(2).all(|pair| pair[0].0 < pair[1].0) {
            return;
        }
        self.powers.reverse();
        crate::sorting::sort_by(&mut self.powers, |a, b| a.0.cmp(&b.0));
        self.powers.dedup_by(|later, earlier| later.0 == earlier.0);
    }

    /// Each power by name and its list (`None`: `null`).
    pub(super) fn iter(&self) -> impl Iterator<Item = (&Text<'a>, Option<&[Text<'a>]>)> {
        self.powers.iter().map(|(power, start, end, listed)| {
            (power, listed.then(|| &self.items[*start as usize..*end as usize]))
        })
    }

    fn of<L>(map: BTreeMap<Text<'a>, L>, list: impl Fn(L) -> Option<Vec<Text<'a>>>) -> Self {
        let mut lists = Lists::default();
        for (power, items) in map {
            let start = lists.items.len();
            let items = list(items);
            let listed = items.is_some();
            lists.items.extend(items.into_iter().flatten());
            lists.push(power, start, listed);
        }
        lists
    }
}

/// An input line as serde reads it (the lines the fast reader leaves).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw<'a> {
    #[serde(borrow, default)]
    map: Option<MapRef<'a>>,
    #[serde(borrow, default)]
    phase: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    units: Option<BTreeMap<Text<'a>, Vec<Text<'a>>>>,
    #[serde(borrow, default)]
    dislodged: Option<ByPower<'a, BTreeMap<Text<'a>, DislodgedInput<'a>>>>,
    #[serde(borrow, default)]
    contested: Option<Vec<Text<'a>>>,
    #[serde(borrow, default)]
    centers: Option<BTreeMap<Text<'a>, Vec<Text<'a>>>>,
    #[serde(borrow, default)]
    homes: Option<BTreeMap<Text<'a>, Vec<Text<'a>>>>,
    #[serde(borrow, default)]
    orders: Option<ByPower<'a, Option<Vec<Text<'a>>>>>,
}

impl<'a> From<Raw<'a>> for Input<'a> {
    fn from(raw: Raw<'a>) -> Input<'a> {
        Input {
            map: raw.map,
            phase: raw.phase,
            units: raw.units.map(|it| Lists::of(it, Some)),
            dislodged: raw.dislodged,
            contested: raw.contested,
            centers: raw.centers.map(|it| Lists::of(it, Some)),
            homes: raw.homes.map(|it| Lists::of(it, Some)),
            orders: raw.orders.map(|it| Lists::of(it, |list| list)),
        }
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DislodgedInput<'a> {
    #[serde(borrow, default)]
    attacker_from: Option<Text<'a>>,
    #[serde(default)]
    by_convoy: Option<bool>,
    /// Ignored (recomputed): lets an output's `dislodged` be fed back.
    #[serde(default, rename = "retreats")]
    _retreats: Option<Vec<Text<'a>>>,
}

/// Reads an input line; a line that does not fit the schema is explained
/// by [`check_shape`], which names the key at fault.
pub(super) fn read_input(line: &str) -> Result<Input<'_>, String> {
    if let Some(input) = super::fast::read(line) {
        return Ok(input);
    }
    read_by_serde(line)
}

/// [`read_input`] without the fast reader (tests compare the two).
pub(super) fn read_by_serde(line: &str) -> Result<Input<'_>, String> {
    match serde_json::from_str::<Raw<'_>>(line) {
        Ok(input) => Ok(input.into()),
        Err(err) => {
            let value: Value =
                serde_json::from_str(line).map_err(|err| format!("not JSON: {err}"))?;
            check_shape(&value)?;
            Err(format!("does not fit the schema (docs/batch.md): {err}"))
        }
    }
}

/// The position a line describes (the map's initial position where it is
/// silent).
pub(super) fn board_of(input: &Input<'_>, map: &Map) -> Result<Board, String> {
    let mut board = Board::initial(map);
    if let Some(units) = &input.units {
        board.pieces.clear();
        let mut taken = vec![false; map.provinces.len()];
        for (power, list) in units.iter() {
            let power = power_id(map, power)?;
            for text in list.unwrap_or_default() {
                let unit = parse_unit(map, text)?;
                let province = map.province_of(unit.location);
                if core::mem::replace(&mut taken[province.0 as usize], true) {
                    return Err(format!("two units in {}", map.prov(province).abbr));
                }
                board.pieces.push(Piece { power, unit });
            }
        }
    }
    if let Some(centers) = &input.centers {
        board.owners.fill(None);
        for (power, list) in centers.iter() {
            let power = power_id(map, power)?;
            for text in list.unwrap_or_default() {
                let province =
                    map.province(text).ok_or_else(|| format!("unknown centre `{text}`"))?;
                board.owners[province.0 as usize] = Some(power);
            }
        }
    }
    if let Some(homes) = &input.homes {
        for (power, list) in homes.iter() {
            let power = power_id(map, power)?;
            board.homes[power.0 as usize] = list
                .unwrap_or_default()
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
    Ok(board)
}

/// The orders of a line that read, their texts, and the ones that did not
/// read: (power, text, reason).
pub(super) type ReadOrders<'i> = (Vec<Order>, Vec<&'i str>, Vec<(String, String, String)>);

/// Reads a line's orders for `phase` (none for a phase type that takes none).
pub(super) fn orders_of<'i>(
    input: &'i Input<'_>,
    map: &Map,
    phase: &Phase,
) -> Result<ReadOrders<'i>, String> {
    // Orders: null (or absent) = civil disorder.
    let order_phase = OrderPhase::of(phase.phase_kind());
    let mut orders: Vec<Order> = Vec::new();
    let mut order_texts: Vec<&str> = Vec::new();
    // Unused orders: (power, order text, reason).
    let mut invalid: Vec<(String, String, String)> = Vec::new();
    if let (Some(list), Some(order_phase)) = (&input.orders, order_phase) {
        for (power_name, list) in list.iter() {
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
    Ok((orders, order_texts, invalid))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_units_words_are_split_whitespaces() {
        let texts = [
            "A PAR",
            "F STP/SC",
            "A  PAR",
            " A PAR",
            "A PAR ",
            "A PAR BUR",
            "A",
            "A ",
            "AB PAR",
            "A\tPAR",
            "A P\u{e4}R",
            "\u{e4} PAR",
            "A\u{a0}PAR",
            "A PAR\u{2003}",
            "",
            "  ",
            "A P",
        ];
        for text in texts {
            let mut words = text.split_whitespace();
            let split = match (words.next(), words.next(), words.next()) {
                (Some(kind), Some(place), None) => Some((kind, place)),
                _ => None,
            };
            // The shortcut reads a unit exactly as the split does, or leaves it to it.
            if let Some(words) = unit_words(text) {
                assert_eq!(Some(words), split, "{text:?}");
            }
        }
        assert_eq!(unit_words("A PAR"), Some(("A", "PAR")));
        assert_eq!(unit_words("F STP/SC"), Some(("F", "STP/SC")));
        assert_eq!(unit_words("A  PAR"), None);
    }
}
