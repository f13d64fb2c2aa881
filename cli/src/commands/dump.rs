//! `judgepad dump FILE --json`: the resolved map.

use judgepad_core::api;

use crate::out::outln;
use crate::sources::read_root;

pub(crate) fn run(file: &str) -> Result<u8, String> {
    let root = read_root(file)?;
    let (map, _) = api::load(&root);
    outln!("{}", serde_json::to_string_pretty(&api::dump(&map)).map_err(|err| err.to_string())?);
    Ok(0)
}
