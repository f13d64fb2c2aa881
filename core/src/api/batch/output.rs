//! Output lines of the batch schema, written straight into one buffer with
//! keys sorted at every level (byte-identical to serde_json's `Value`
//! output, without building one).

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::board::Board;
use crate::calendar::Phase;
use crate::game::Status;
use crate::map::{self, Map, PowerId, Unit};
use crate::orders::{Order, push_order};

use crate::api::json;
use crate::game::UnitChange;

/// One result: the unit (or `POWER WAIVE n`), then the order shown, the
/// result, the reason and whether the unit was dislodged.
pub(super) type Entry<'a> = (crate::name::Name, (Said, &'static str, &'a str, bool));

/// Everything an output line says.
pub(super) struct Written<'a> {
    pub(super) map: &'a Map,
    pub(super) step_map: &'a Map,
    pub(super) orders: &'a [Order],
    pub(super) played: &'a Phase,
    pub(super) next_phase: &'a str,
    pub(super) results: &'a [Entry<'a>],
    pub(super) destroyed: &'a [String],
    pub(super) invalid: &'a [(String, String, String)],
    pub(super) morphs: &'a [UnitChange],
    pub(super) after: &'a Board,
    pub(super) status: &'a Status,
}

/// Writes the output line.
pub(super) fn write(out: &mut String, line: &Written<'_>) {
    let Written {
        map,
        step_map,
        orders,
        played,
        next_phase,
        results,
        destroyed,
        invalid,
        morphs,
        after,
        status,
    } = *line;
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
        json::separated(out, invalid, |out, (power, order, reason)| {
            out.push_str("{\"order\":");
            json::string(out, order);
            out.push_str(",\"power\":");
            json::string(out, power);
            out.push_str(",\"reason\":");
            json::string(out, reason);
            out.push('}');
        });
        out.push(']');
    }
    out.push_str(",\"next_phase\":");
    json::string(out, next_phase);
    out.push_str(",\"outcome\":");
    outcome(out, step_map, after);
    out.push_str(",\"phase\":");
    json::string(out, &played.abbr());
    out.push_str(",\"results\":{");
    let mut text = String::with_capacity(32);
    json::separated(out, results, |out, (unit, (order, result, reason, dislodged))| {
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
    });
    out.push('}');
    if let Status::Won(winners) = status {
        out.push_str(",\"winners\":");
        json::strings(out, winners.iter().map(|&it| step_map.pow(it).name.as_str()));
    }
    out.push('}');
}

/// The order a result line shows.
pub(super) enum Said {
    /// The order used (index into the phase's orders).
    Order(usize),
    /// No order: the unit and the verb it defaulted to (` H`, ` D`).
    Default(Unit, &'static str),
    /// Civil disorder chose it.
    CivilDisorder,
}

/// The position as JSON: units, dislodged units with retreats, centres.
pub(super) fn outcome(out: &mut String, map: &Map, board: &Board) {
    // Powers by name (the map keeps them sorted; this does not rely on it).
    let mut by_name: Vec<PowerId> = (0..map.powers.len()).map(|it| PowerId(it as u32)).collect();
    crate::sorting::sort_by(&mut by_name, |a, b| map.pow(*a).name.cmp(&map.pow(*b).name));
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
    out.push_str("{\"centers\":{");
    by_power(
        out,
        map,
        &by_name,
        |power| {
            board
                .owners
                .iter()
                .enumerate()
                .filter(move |(_, owner)| **owner == Some(power))
                .map(|(idx, _)| map.prov(map::ProvinceId(idx as u32)).abbr.as_str())
        },
        json::string,
    );
    out.push('}');
    if !board.contested.is_empty() {
        out.push_str(",\"contested\":");
        json::strings(out, board.contested.iter().map(|&p| map.prov(p).abbr.as_str()));
    }
    out.push_str(",\"dislodged\":{");
    json::separated(out, &dislodged, |out, (power, list)| {
        json::string(out, power);
        out.push_str(":{");
        json::separated(out, list, |out, (unit, (from, retreats))| {
            json::string(out, unit);
            out.push_str(":{\"attacker_from\":");
            match from {
                Some(from) => json::string(out, from),
                None => out.push_str("null"),
            }
            out.push_str(",\"retreats\":");
            json::strings(out, retreats.iter().copied());
            out.push('}');
        });
        out.push('}');
    });
    out.push_str("},\"units\":{");
    let mut text = String::with_capacity(16);
    by_power(
        out,
        map,
        &by_name,
        |power| board.pieces.iter().filter(move |piece| piece.power == power),
        |out, piece| {
            text.clear();
            text.push(piece.unit.kind.letter());
            text.push(' ');
            text.push_str(&map.loc(piece.unit.location).abbr);
            json::string(out, &text);
        },
    );
    out.push_str("}}");
}

/// `"POWER":[item,…]` for each power in `by_name` that has items, comma
/// separated (powers with none are left out).
fn by_power<I: Iterator>(
    out: &mut String,
    map: &Map,
    by_name: &[PowerId],
    items: impl Fn(PowerId) -> I,
    mut item: impl FnMut(&mut String, I::Item),
) {
    let mut first = true;
    for &power in by_name {
        let mut list = items(power).peekable();
        if list.peek().is_none() {
            continue;
        }
        if !first {
            out.push(',');
        }
        first = false;
        json::string(out, &map.pow(power).name);
        out.push_str(":[");
        json::separated(out, list, &mut item);
        out.push(']');
    }
}
