//! `judgepad check`: diagnostics for each file; exit 1 if any error.

use crate::out::outln;
use judgepad_core::map;

use crate::sources::read_root;
use judgepad_core::api::Locator;

pub(crate) fn run(files: &[String], json: bool) -> Result<u8, String> {
    let mut errors = 0usize;
    let mut all_json = Vec::new();
    for arg in files {
        let root = read_root(arg)?;
        let (map, diags) = map::load(&root.name, &root.text, &*root.sources);
        let locator = Locator::new(&map.files, &root.display);
        for diag in &diags {
            errors += usize::from(diag.is_error());
            if json {
                all_json.push(locator.json(diag));
            } else {
                outln!("{}", locator.text(diag));
            }
        }
    }
    if json {
        outln!("{}", serde_json::Value::Array(all_json));
    }
    Ok(u8::from(errors > 0))
}
