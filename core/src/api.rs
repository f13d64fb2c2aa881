//! The JSON face of the core (feature `json`): the batch schema
//! (`docs/batch.md`), diagnostics as `judgepad check --json` gives them, the
//! map as `judgepad dump --json` gives it, and the calendar. The CLI and the
//! page's `window.judgepad` (`docs/js-api.md`) both call these, so their
//! outputs are byte-identical by construction.
//!
//! Why here and behind a feature: the schema is a contract on the core's
//! results, and one implementation keeps the CLI and the page in step; the
//! default core stays serde-free (`serde` and `serde_json` run `no_std` with
//! `alloc`). Files come from the caller: a [`Resolver`] finds maps by name
//! (the CLI: paths, then bundled variants), and a map can always be given as
//! text with the files it USEs ([`text_root`]).

mod batch;
mod locate;

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{Value, json};

use crate::calendar;
use crate::map::{self, Map, Sources, UnitKind};

pub use batch::{Session, run_line, write_line};
pub use locate::{Locator, Position};

/// A root map file ready to load.
pub struct Root {
    /// How diagnostics name it (a path, or `maps/standard.map`).
    pub display: String,
    /// Its file name (`standard.map`).
    pub name: String,
    /// Its text.
    pub text: String,
    /// Where its USE lines are found.
    pub sources: Box<dyn Sources>,
}

/// Finds the maps that input names (`"map": "standard"`).
pub trait Resolver {
    /// The root map called `name`, or why there is none.
    fn resolve(&self, name: &str) -> Result<Root, String>;
    /// Where the USE lines of a map given as text find the files it was
    /// not given with (the bundled maps).
    fn sources(&self) -> Box<dyn Sources>;
}

/// Resolves bundled variants only.
#[cfg(feature = "bundled")]
pub struct BundledOnly;

#[cfg(feature = "bundled")]
impl Resolver for BundledOnly {
    fn resolve(&self, name: &str) -> Result<Root, String> {
        bundled_root(name).ok_or_else(|| format!("no bundled variant `{name}`"))
    }

    fn sources(&self) -> Box<dyn Sources> {
        Box::new(crate::bundled::Bundled)
    }
}

/// The file a variant name names: `standard` is `standard.map`, a name
/// with an extension is itself.
pub fn variant_file(name: &str) -> String {
    if name.contains('.') { String::from(name) } else { format!("{name}.map") }
}

/// The root file `name` names in `files` (`standard`, `standard.map`, shown
/// as `maps/standard.map`), its USEs resolved in `files` too; `None` for a
/// path or a name `files` lacks.
pub fn named_root(name: &str, files: Box<dyn Sources>) -> Option<Root> {
    if name.contains('/') {
        return None;
    }
    let file = variant_file(name);
    let text = files.source(&file)?;
    Some(Root { display: format!("maps/{file}"), name: file, text, sources: files })
}

/// The bundled root file `name` names ([`named_root`] in the bundle).
#[cfg(feature = "bundled")]
pub fn bundled_root(name: &str) -> Option<Root> {
    named_root(name, Box::new(crate::bundled::Bundled))
}

/// USE resolution over the given files first, then `then` (the bundled
/// ones).
struct FileSources {
    files: BTreeMap<String, String>,
    then: Box<dyn Sources>,
}

impl Sources for FileSources {
    fn source(&self, name: &str) -> Option<String> {
        self.files.get(name).cloned().or_else(|| self.then.source(name))
    }
}

/// A root map given as text (`variant.map`), with the files it USEs by name
/// (then those of `then`: the bundled ones).
pub fn text_root(text: &str, files: BTreeMap<String, String>, then: Box<dyn Sources>) -> Root {
    Root {
        display: String::from("variant.map"),
        name: String::from("variant.map"),
        text: String::from(text),
        sources: Box::new(FileSources { files, then }),
    }
}

/// Loads `root`: the map and its diagnostics.
pub fn load(root: &Root) -> (Map, Vec<crate::Diagnostic>) {
    map::load(&root.name, &root.text, &*root.sources)
}

/// Diagnostics as `judgepad check --json` gives them for one file.
pub fn check(root: &Root) -> Vec<Value> {
    let (map, diags) = load(root);
    let locator = Locator::new(&map.files, &root.display);
    diags.iter().map(|diag| locator.json(diag)).collect()
}

/// The phases of the calendar from `from` (or its first phase):
/// `[{"abbr", "name"}]`, at most `count`.
pub fn phases(root: &Root, count: usize, from: Option<&str>) -> Result<Value, String> {
    let (map, _) = load(root);
    let (cal, _) = calendar::calendar(&map);
    let start = match from {
        Some(text) => {
            cal.parse(text).ok_or_else(|| format!("`{text}` is not a phase of this calendar"))?
        }
        None => cal.phases().next().ok_or("this calendar has no phases")?,
    };
    let list: Vec<Value> = cal
        .phases_from(start)
        .take(count)
        .map(|phase| json!({"abbr": phase.abbr(), "name": phase.long_name()}))
        .collect();
    Ok(Value::Array(list))
}

/// The resolved map as `judgepad dump --json` gives it.
pub fn dump(map: &Map) -> Value {
    let prov = |id: map::ProvinceId| Value::from(map.prov(id).abbr.to_string());
    let powers: Vec<Value> = map
        .powers
        .iter()
        .map(|power| {
            json!({
                "name": power.name,
                "display": power.display,
                "own_word": power.own_word,
                "abbrev": power.abbrev.to_string(),
                "homes": power.homes.iter().map(|&id| prov(id)).collect::<Vec<_>>(),
                "centers": power.centers.iter().map(|&id| prov(id)).collect::<Vec<_>>(),
                "units": power.units.iter().map(|&unit| map.unit_text(unit)).collect::<Vec<_>>(),
                "dummy": power.dummy,
            })
        })
        .collect();
    let locations: Vec<Value> = map
        .locations
        .iter()
        .enumerate()
        .map(|(idx, loc)| {
            let id = map::LocationId(idx as u32);
            let moves = |kind| {
                map.moves(kind, id)
                    .into_iter()
                    .map(|to| map.loc(to).abbr.to_string())
                    .collect::<Vec<_>>()
            };
            json!({
                "abbr": loc.abbr,
                "name": loc.name,
                "terrain": loc.terrain.as_str(),
                "supply_center": loc.coast.is_none() && map.prov(loc.province).supply_center,
                "army": if loc.army_ok { moves(UnitKind::Army) } else { Vec::new() },
                "fleet": if loc.fleet_ok { moves(UnitKind::Fleet) } else { Vec::new() },
            })
        })
        .collect();
    json!({
        "name": map.name,
        "powers": powers,
        "locations": locations,
        "supply_centers": map.supply_centers.iter().map(|&id| prov(id)).collect::<Vec<_>>(),
        "rules": map.rules,
    })
}

/// JSON text output, escaped as serde_json escapes.
mod json {
    use alloc::string::String;

    /// `text` as a JSON string (serde_json's escapes).
    pub(super) use crate::text::json_string as string;

    /// A JSON array of strings.
    pub(super) fn strings<'a>(out: &mut String, items: impl Iterator<Item = &'a str>) {
        out.push('[');
        separated(out, items, string);
        out.push(']');
    }

    /// `items` written by `each`, comma separated (the inside of an array
    /// or an object).
    pub(super) fn separated<T>(
        out: &mut String,
        items: impl IntoIterator<Item = T>,
        mut each: impl FnMut(&mut String, T),
    ) {
        for (idx, item) in items.into_iter().enumerate() {
            if idx > 0 {
                out.push(',');
            }
            each(out, item);
        }
    }
}

/// The drawing of `map` as JSON (`judgepad layout --json`): width, height,
/// provinces with polygon, label and terrain, borders, connectors, coasts.
pub fn layout(map: &Map, drawing: &crate::layout::Layout) -> Value {
    let abbr = |id: map::ProvinceId| map.prov(id).abbr.to_uppercase();
    let point = |p: crate::layout::Point| json!([p[0], p[1]]);
    let path =
        |points: &[crate::layout::Point]| points.iter().map(|&p| point(p)).collect::<Vec<_>>();
    json!({
        "width": drawing.width,
        "height": drawing.height,
        "provinces": drawing.provinces.iter().map(|region| {
            let province = map.prov(region.province);
            json!({
                "abbr": abbr(region.province),
                "name": province.name,
                "terrain": province.terrain.as_str(),
                "polygon": path(&region.polygon),
                "label": point(region.label),
                "room": region.room,
                "supply_center": province.supply_center,
            })
        }).collect::<Vec<_>>(),
        "borders": drawing.borders.iter().map(|border| json!({
            "a": abbr(border.a),
            "b": abbr(border.b),
            "kind": border.kind.as_str(),
            "path": path(&border.path),
        })).collect::<Vec<_>>(),
        "connectors": drawing.connectors.iter().map(|link| json!({
            "a": abbr(link.a),
            "b": abbr(link.b),
            "kind": link.kind.as_str(),
            "path": path(&link.path),
            "wraps": link.wraps,
        })).collect::<Vec<_>>(),
        "coasts": drawing.coasts.iter().map(|coast| json!({
            "abbr": map.loc(coast.location).abbr.to_uppercase(),
            "at": point(coast.at),
        })).collect::<Vec<_>>(),
        "pin_conflicts": drawing.pin_conflicts.iter().map(|conflict| json!({
            "abbr": abbr(conflict.province),
            "with": conflict.with.iter().map(|&p| abbr(p)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}
