//! `judgepad dump FILE --json`: the resolved map.

use crate::out::outln;
use judgepad_core::map::{self, Map, UnitKind};
use serde_json::{Value, json};

use crate::sources::read_root;

pub(crate) fn run(file: &str) -> Result<u8, String> {
    let root = read_root(file)?;
    let (map, _) = map::load(&root.name, &root.text, &root.sources);
    outln!("{}", serde_json::to_string_pretty(&to_json(&map)).map_err(|err| err.to_string())?);
    Ok(0)
}

/// The resolved map as JSON (also used by the integration tests).
pub(crate) fn to_json(map: &Map) -> Value {
    let prov = |id: map::ProvinceId| Value::from(map.prov(id).abbr.clone());
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
                    .map(|to| map.loc(to).abbr.clone())
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
