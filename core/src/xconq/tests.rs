//! Our own small Xconq fixtures (written from "Customizing Xconq").

use super::*;
use crate::diagnostics::codes;
use alloc::string::ToString;

const PERIOD: &str = "Xconq 0 -+---- A tiny period\nPeriod 0\n\n\"Tiny\" period-name\n\"i\" \"infantry\" \"walks\" utype\n\".\" \"sea\" \"sky blue\" ttype\n\"+\" \"plains\" \"green\" ttype ; a comment\nbegin{notes}\n\"x\" \"not\" \"this\" ttype\nend{notes}\n[ 1 2 ] [ sea plains ] min-alt\nend\n";
const MAP: &str = "Xconq 1 --+-++ A tiny world;\nNotes line one.\n.\ntiny.per\nMap 4 3 50 1 0\n4.\n.++.\n2+2.\nSides 2 1 0\nRed\nBlue\nUnits 2 1 0\ni Alpha*Town 1,1 0\ni * 2,1 1\n";

fn sources(name: &str) -> Option<alloc::string::String> {
    (name == "tiny.per").then(|| PERIOD.to_string())
}

#[test]
fn reads_a_small_world() {
    let (world, diags) = load("tiny.scn", MAP, &sources);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(world.description, "A tiny world");
    assert_eq!(world.notes, ["Notes line one."]);
    assert_eq!(world.period.name.as_deref(), Some("Tiny"));
    assert_eq!(world.period.terrain.len(), 2);
    assert_eq!(world.period.units.len(), 1);
    let grid = world.grid.as_ref().unwrap();
    assert_eq!((grid.width, grid.height), (4, 3));
    assert_eq!(grid.rows[2], ['+', '+', '.', '.']);
    assert_eq!(world.sides.len(), 2);
    assert_eq!(world.units[0].name, "Alpha Town");
    assert_eq!(world.files.len(), 2);
}

#[test]
fn rigid_format_errors() {
    let text = "Xconq 0 --+--- bad rows\nMap 3 3 50 1 0\n3.\n..\n.?.\n";
    let (_, diags) = load("bad.map", text, &crate::map::NoSources);
    let row = diags.iter().find(|d| d.code == codes::XCONQ_ROW).expect("row length");
    assert_eq!(row.primary.at.span.text(text), "..");
    let terrain = diags.iter().find(|d| d.code == codes::XCONQ_TERRAIN).expect("terrain");
    assert_eq!(terrain.primary.at.span.text(text), "?");
    let (_, diags) =
        load("short.map", "Xconq 0 --+--- short\nMap 3 3 50 1 0\n3.\n", &crate::map::NoSources);
    assert!(diags.iter().any(|d| d.code == codes::XCONQ_COUNT), "{diags:#?}");
    let (_, diags) = load(
        "x.map",
        "Xconq 1 --+--- missing include\nnothere.per\nMap 1 1 50 1 0\n.\n",
        &crate::map::NoSources,
    );
    assert!(diags.iter().any(|d| d.code == codes::FILE_NOT_FOUND), "{diags:#?}");
    let (_, diags) = load("x.map", "not xconq\n", &crate::map::NoSources);
    assert!(diags.iter().any(|d| d.code == codes::XCONQ_SYNTAX), "{diags:#?}");
}

#[test]
fn globals_conditions() {
    let text = "Xconq 0 ---++- g\nGlobals 0 100 0 0 2 0\n1 0 0 100 -1\n750\n0 3 0 100 0\n5 6 -1\nSides 1 1 0\nRed\n";
    let (world, diags) = load("g.scn", text, &crate::map::NoSources);
    assert!(diags.is_empty(), "{diags:#?}");
    let globals = world.globals.as_ref().unwrap();
    assert_eq!(globals.conditions.len(), 2);
    assert_eq!(
        globals.conditions[1].describe(&world.sides),
        "Red loses losing hex 5,6, turns 0–100"
    );
}
