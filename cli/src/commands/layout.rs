//! `judgepad layout FILE [--json|--svg|--sheet]`: the map drawn from its
//! graph (as JSON, as an SVG, or as a printable HTML sheet with the powers
//! and the provinces).

use judgepad_core::{api, layout, map};

use crate::out::outln;
use crate::sources::read_root;
use judgepad_core::api::Locator;

pub(crate) fn run(file: &str, svg: bool, sheet: bool) -> Result<u8, String> {
    let root = read_root(file)?;
    let (map, diags) = map::load(&root.name, &root.text, &*root.sources);
    let locator = Locator::new(&map.files, &root.display);
    for diag in diags.iter().filter(|it| it.is_error() || it.code.ends_with("-pin")) {
        eprintln!("{}", locator.text(diag));
    }
    let drawing = layout::layout(&map, &[]);
    if sheet {
        outln!("{}", layout::sheet::sheet(&map, &drawing).trim_end());
    } else if svg {
        outln!("{}", layout::svg::render(&map, &drawing).trim_end());
    } else {
        let json =
            serde_json::to_string(&api::layout(&map, &drawing)).map_err(|err| err.to_string())?;
        outln!("{json}");
    }
    Ok(0)
}
