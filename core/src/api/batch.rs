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
use alloc::vec::Vec;

use crate::adjudicate::{Outcome, Rejected};
use crate::calendar::{self, Calendar};
use crate::game::{self, Change, Report, Status};
use crate::map::{self, Map};

use super::{Resolver, json};

mod fast;
mod input;
mod output;

use input::{MapRef, board_of, orders_of, read_input};
use output::{Entry, Said, Written, write};

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
    /// Builds the map with `blocks` applied, unless it is already here.
    fn prepare(&mut self, blocks: &[usize]) {
        if !blocks.is_empty() && !self.at.contains_key(blocks) {
            let map = self.base.with_blocks(blocks).0;
            self.at.insert(blocks.to_vec(), map);
        }
    }

    /// The map with `blocks` applied (after [`Loaded::prepare`]).
    fn map(&self, blocks: &[usize]) -> &Map {
        if blocks.is_empty() { &self.base } else { &self.at[blocks] }
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
    let key: Cow<'_, str> = match map {
        MapRef::Name(name) => Cow::Borrowed(name),
        MapRef::Text { text, files } => {
            let mut key = format!("text:{}:{text}", text.len());
            for (name, file) in files {
                key.push_str(&format!("\u{0}{name}\u{0}{file}"));
            }
            Cow::Owned(key)
        }
    };
    if !session.maps.contains_key(&*key) {
        let root = match map {
            MapRef::Name(name) => session.resolver.resolve(name)?,
            MapRef::Text { text, files } => super::text_root(
                text,
                files.iter().map(|(name, text)| (name.to_string(), text.to_string())).collect(),
                session.resolver.sources(),
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
        session.maps.insert(key.to_string(), Loaded { base, cal, at: BTreeMap::new() });
    }
    Ok(session.maps.get_mut(&*key).expect("just loaded"))
}

/// Sorts a phase's results by unit, stably: an insertion sort for a board's
/// few dozen units (the general sort, through indices and a `dyn`
/// comparison in the page's wasm, was 7 % of `window.judgepad.adjudicate`),
/// the general sort past that.
fn sort_results(results: &mut [Entry<'_>]) {
    if results.len() > 64 {
        crate::sorting::sort_by(results, |a, b| a.0.cmp(&b.0));
        return;
    }
    for end in 1..results.len() {
        let mut at = end;
        while at > 0 && results[at - 1].0.as_bytes() > results[at].0.as_bytes() {
            results.swap(at - 1, at);
            at -= 1;
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
    let blocks = loaded.cal.blocks_at(&loaded.base, &phase);
    loaded.prepare(&blocks);
    let loaded = &*loaded;
    let map = loaded.map(&blocks);
    let (cal, base) = (&loaded.cal, &loaded.base);
    let board = board_of(&input, map)?;
    let (orders, order_texts, mut invalid) = orders_of(&input, map, &phase)?;
    let (report, mut after) = game::run_phase(map, &phase, &board, &orders);
    // results: unit text → (order, result, reason, dislodged), sorted by unit
    // below (one entry per unit; a later one for the same key wins).
    let mut results: Vec<Entry<'_>> = Vec::with_capacity(64);
    let mut destroyed: Vec<String> = Vec::new();
    let rejected: &[Rejected] = match &report {
        Report::Movement(res) => {
            for it in &res.resolutions {
                let order = it.order.map_or(Said::Default(it.piece.unit, " H"), Said::Order);
                results.push((
                    map.unit_name(it.piece.unit),
                    (order, it.outcome.as_str(), &it.reason, it.dislodged),
                ));
            }
            &res.rejected
        }
        Report::Retreats(res) => {
            for it in &res.resolutions {
                let order = it.order.map_or(Said::Default(it.piece.unit, " D"), Said::Order);
                results.push((
                    map.unit_name(it.piece.unit),
                    (order, it.outcome.as_str(), &it.reason, false),
                ));
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
                    Some(unit) => map.unit_name(unit),
                    None => {
                        let power = map.pow(it.power).name.clone();
                        let count = waives.entry(power.clone()).or_default();
                        *count += 1;
                        format!("{power} WAIVE {count}").into()
                    }
                };
                let order = it.order.map_or(Said::CivilDisorder, Said::Order);
                results.push((key, (order, Outcome::Succeeds.as_str(), &it.reason, false)));
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
    // Sorted by unit, the last entry of a key kept (as a map would).
    results.reverse();
    sort_results(&mut results);
    results.dedup_by(|later, earlier| later.0 == earlier.0);
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
    write(
        out,
        &Written {
            map,
            step_map,
            orders: &orders,
            played: &played,
            next_phase: &next_phase,
            results: &results,
            destroyed: &destroyed,
            invalid: &invalid,
            morphs,
            after: &after,
            status,
        },
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_sort_as_the_general_sort_does() {
        // Few and many units, names repeated (the sort must be stable: the
        // entry kept of a repeated unit is the one sorted first).
        let mut seed = 7u64;
        for len in [0, 1, 2, 5, 34, 64, 65, 200] {
            let mut results: Vec<Entry<'_>> = (0..len)
                .map(|idx| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let name = ["A PAR", "F STP/SC", "A BER", "F BRE", "A MUN", "F NAO"]
                        [(seed >> 33) as usize % 6];
                    let unit = crate::name::Name::from(name);
                    (
                        unit,
                        (
                            Said::CivilDisorder,
                            "succeeds",
                            if idx % 2 == 0 { "a" } else { "b" },
                            idx % 3 == 0,
                        ),
                    )
                })
                .collect();
            let mut general: Vec<(String, &str, bool)> =
                results.iter().map(|it| (it.0.to_string(), it.1.2, it.1.3)).collect();
            crate::sorting::sort_by(&mut general, |a, b| a.0.cmp(&b.0));
            sort_results(&mut results);
            let sorted: Vec<(String, &str, bool)> =
                results.iter().map(|it| (it.0.to_string(), it.1.2, it.1.3)).collect();
            assert_eq!(sorted, general, "{len} results");
        }
    }
}
