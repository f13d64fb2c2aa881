//! `judgepad export FILE --to diplomacy-package|diplicity --out DIR`: the
//! variant as files another platform loads (core's `export`), its warnings
//! on stderr.

use std::path::Path;

use judgepad_core::api::Locator;
use judgepad_core::export::{diplicity, package};
use judgepad_core::layout;

use crate::sources::load_root;

pub(crate) fn run(file: &str, to: &str, out: &str) -> Result<u8, String> {
    let (root, map, errors) = load_root(file)?;
    if errors {
        eprintln!("{}: the map has errors, so nothing is exported", root.display);
        return Ok(1);
    }
    let drawing = layout::layout(&map, &[]);
    let (name, files, lost) = if to == "diplicity" {
        let (files, lost) = diplicity::diplicity(&map, &drawing);
        (files.name, [("json", files.dvar), ("svg", files.dsvg)], lost)
    } else {
        let (files, lost) = package::package(&map, &drawing);
        (files.name, [("map", files.map), ("svg", files.svg)], lost)
    };
    let locator = Locator::new(&map.files, &root.display);
    for diag in &lost {
        eprintln!("{}", locator.text(diag));
    }
    let dir = Path::new(out);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create `{out}`: {e}"))?;
    for (ext, text) in &files {
        let path = dir.join(format!("{name}.{ext}"));
        std::fs::write(&path, text)
            .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if !lost.is_empty() {
        eprintln!(
            "{} warning{}: what the target cannot express is left out (listed above)",
            lost.len(),
            if lost.len() == 1 { "" } else { "s" }
        );
    }
    Ok(0)
}
