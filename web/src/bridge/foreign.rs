//! Files of other formats opened in the page (issue 15): which format each
//! opened file is (sniffed by the core), nJudge map+seed pairs offered for
//! conversion into a `.map` variant, and Xconq worlds drawn as hex maps.
//! Pure: the components show what this computes.

use std::collections::BTreeMap;

use judgepad_core::format::{Format, sniff};
use judgepad_core::layout::svg::Num;
use judgepad_core::njudge::{self, PowerNames};
use judgepad_core::xconq::{self, Xconq};

use super::{DiagnosticRow, diagnostic_rows};

/// A file that is not a DPjudge `.map`, opened in the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Foreign {
    /// An nJudge map file and, if it came along, its seed file.
    NJudge {
        /// Name and text of the map file.
        map: (String, String),
        /// Name and text of the seed file.
        seed: Option<(String, String)>,
    },
    /// Xconq mapfiles: the one to show and every file opened with it
    /// (includes resolve among them by base name).
    Xconq {
        /// The file shown (a scenario before a map before a period).
        root: String,
        /// Every Xconq file opened, by name.
        files: BTreeMap<String, String>,
    },
}

/// Opened files sorted by format: DPjudge-family files stay with the
/// variant; the others become a [`Foreign`] view.
#[derive(Debug, Default)]
pub struct Sorted {
    /// Files for the variant (name, bytes), as before.
    pub variant: Vec<(String, Vec<u8>)>,
    /// The foreign view, if any file was nJudge or Xconq.
    pub foreign: Option<Foreign>,
    /// One phrase per file: its name, encoding and format.
    pub notes: Vec<String>,
}

/// Sorts opened files (name, bytes) by their sniffed format.
pub fn sort(files: &[(String, Vec<u8>)]) -> Sorted {
    let mut sorted = Sorted::default();
    let mut njudge_maps = Vec::new();
    let mut njudge_seeds = Vec::new();
    let mut xconq_files = BTreeMap::new();
    for (name, bytes) in files {
        let utf8 = std::str::from_utf8(bytes).is_ok();
        let text = judgepad_core::text::decode(bytes).into_owned();
        let format = sniff(name, &text);
        sorted.notes.push(format!(
            "{name}: {}, {}",
            format.describe(),
            if utf8 { "UTF-8" } else { "not UTF-8, read as latin-1" }
        ));
        match format {
            Format::DpJudge | Format::Package => sorted.variant.push((name.clone(), bytes.clone())),
            Format::NJudgeMap => njudge_maps.push((name.clone(), text)),
            Format::NJudgeSeed => njudge_seeds.push((name.clone(), text)),
            Format::Xconq => {
                xconq_files.insert(name.clone(), text);
            }
        }
    }
    if !xconq_files.is_empty() {
        let rank = |name: &str| {
            if name.ends_with(".scn") {
                0
            } else if name.ends_with(".map") {
                1
            } else {
                2
            }
        };
        let root = xconq_files.keys().min_by_key(|name| (rank(name), (*name).clone())).cloned();
        if let Some(root) = root {
            sorted.foreign = Some(Foreign::Xconq { root, files: xconq_files });
        }
    } else if let Some(map) = njudge_maps.into_iter().next() {
        let wanted = njudge::seed_name_for(&map.0);
        let seed = match njudge_seeds.iter().position(|(name, _)| Some(name) == wanted.as_ref()) {
            Some(idx) => Some(njudge_seeds.swap_remove(idx)),
            None => njudge_seeds.into_iter().next(),
        };
        sorted.foreign = Some(Foreign::NJudge { map, seed });
    } else if let Some(seed) = njudge_seeds.into_iter().next() {
        sorted.notes.push(format!(
            "{} is an nJudge seed file: open it together with its map file ({})",
            seed.0,
            njudge::map_name_for(&seed.0).unwrap_or_else(|| "map.NAME".into())
        ));
    }
    sorted
}

/// An nJudge pair converted: the `.map` text, its name, the reading's rows,
/// and whether the converted text loads without error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The new variant's root file name (`colonial.map`).
    pub name: String,
    /// The DPjudge text.
    pub text: String,
    /// What reading the nJudge files found.
    pub rows: Vec<DiagnosticRow>,
    /// Errors among them.
    pub errors: usize,
    /// Errors the converted text has when loaded.
    pub load_errors: usize,
}

/// Converts an nJudge pair with the power names `powers` (`B=Britain, C=China`).
pub fn convert(
    map_file: &(String, String),
    seed: Option<&(String, String)>,
    powers: &str,
) -> Result<Converted, String> {
    let mut names = PowerNames::default();
    names.parse_list(powers)?;
    let (conversion, diags) = njudge::convert(
        (&map_file.0, &map_file.1),
        seed.map(|(name, text)| (name.as_str(), text.as_str())),
        &names,
    );
    let name = format!("{}.map", conversion.title);
    let (_, load) = conversion.load();
    Ok(Converted {
        name,
        text: conversion.text,
        rows: diagnostic_rows(&conversion.files, &diags),
        errors: diags.iter().filter(|d| d.is_error()).count(),
        load_errors: load.iter().filter(|d| d.is_error()).count(),
    })
}

/// Loads an Xconq world from the opened files.
pub fn load_xconq(root: &str, files: &BTreeMap<String, String>) -> (Xconq, Vec<DiagnosticRow>) {
    let text = files.get(root).cloned().unwrap_or_default();
    let sources = |name: &str| files.get(name).cloned();
    let (world, diags) = xconq::load(root, &text, &sources);
    let rows = diagnostic_rows(&world.files, &diags);
    (world, rows)
}

/// Hex geometry: pointy-top hexes 14 wide and 16 tall (√3/2 ≈ 0.875), rows
/// 12 apart; each row up shifts half a hex right (Xconq's oblique y axis),
/// wrapped east–west.
pub const HEX_W: f64 = 14.0;
/// Row spacing.
pub const ROW_H: f64 = 12.0;

/// An Xconq world drawn: one path per terrain type, units, legend.
#[derive(Clone, Debug, PartialEq)]
pub struct HexScene {
    /// Drawing width.
    pub width: f64,
    /// Drawing height.
    pub height: f64,
    /// Per terrain type: name, CSS colour, the hexes as one path, count.
    pub terrain: Vec<TerrainLayer>,
    /// Units.
    pub units: Vec<UnitMark>,
}

/// One terrain type's hexes.
#[derive(Clone, Debug, PartialEq)]
pub struct TerrainLayer {
    /// Its character.
    pub ch: char,
    /// Its name.
    pub name: String,
    /// A CSS colour.
    pub color: String,
    /// The path of all its hexes.
    pub path: String,
    /// How many hexes.
    pub count: usize,
}

/// One unit on the hex map.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitMark {
    /// Centre.
    pub at: (f64, f64),
    /// The type character.
    pub symbol: String,
    /// Tooltip text.
    pub title: String,
    /// Side colour.
    pub color: String,
    /// Side index or −1.
    pub side: i64,
}

/// Colours for sides (colour-blind safe, Okabe–Ito), neutral grey.
const SIDE_COLOURS: [&str; 8] =
    ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000"];

/// An X11 colour name as CSS (`sky blue` → `skyblue`); unknown → grey.
pub fn css_colour(name: &str) -> String {
    let squeezed: String =
        name.chars().filter(|ch| !ch.is_whitespace()).collect::<String>().to_ascii_lowercase();
    if !squeezed.is_empty() && squeezed.chars().all(|ch| ch.is_ascii_alphanumeric()) {
        squeezed
    } else {
        "#bbbbbb".to_string()
    }
}

/// The centre of hex (`col`, `y`) (y counted from the bottom) on a map
/// `width` hexes wide and `height` tall.
pub fn hex_centre(col: i64, y: i64, width: u32, height: u32) -> (f64, f64) {
    let w = f64::from(width) * HEX_W;
    let row = f64::from(height) - 1.0 - y as f64;
    let x = (col as f64 * HEX_W + y as f64 * HEX_W / 2.0).rem_euclid(w) + HEX_W / 2.0;
    (x, row * ROW_H + 8.0)
}

/// How many bytes of path data a piece of a terrain's path holds at most
/// (and a hex more): the browser reads a path's data when it is set, so a
/// big map's (Europe: 1.4 MB, one task of 44 ms) is set a piece a task.
pub const HEX_PIECE: usize = 128 * 1024;

/// `path` (a move per hex) cut before a move once a piece holds `bytes`,
/// each piece after the first starting `overlap` hexes back: two paths
/// that abut show a hairline between them where both are smoothed, and a
/// hex's neighbours of its terrain come at most a row of the grid (its
/// width, and one) before it, so the next piece covers every such seam.
pub fn path_pieces(path: &str, bytes: usize, overlap: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    while path.len() - start > bytes {
        let Some(at) = path[start + bytes..].find('M') else { break };
        let end = start + bytes + at;
        pieces.push(&path[start..end]);
        // `overlap` moves back from the cut, but after this piece's start.
        let mut next = end;
        for _ in 0..overlap {
            match path[start + 1..next].rfind('M') {
                Some(at) => next = start + 1 + at,
                None => break,
            }
        }
        start = next;
    }
    pieces.push(&path[start..]);
    pieces
}

/// Draws `world`.
pub fn hex_scene(world: &Xconq) -> Option<HexScene> {
    let grid = world.grid.as_ref()?;
    let mut layers: Vec<TerrainLayer> = Vec::new();
    for (row_idx, row) in grid.rows.iter().enumerate() {
        let y = i64::from(grid.height) - 1 - row_idx as i64;
        for (col, &ch) in row.iter().enumerate() {
            let layer = match layers.iter().position(|l| l.ch == ch) {
                Some(idx) => &mut layers[idx],
                None => {
                    let (name, color) = match world.terrain(ch) {
                        Some(t) => (t.name.clone(), css_colour(&t.color)),
                        None => (format!("unknown `{ch}`"), "#ff00ff".to_string()),
                    };
                    layers.push(TerrainLayer { ch, name, color, path: String::new(), count: 0 });
                    layers.last_mut().expect("pushed")
                }
            };
            // Whole numbers (hexes are 14 wide, rows 12 apart), written
            // digit by digit (through `write!`, Europe's 48,000 hexes took
            // 20 ms of the drop's task in the page).
            let (cx, cy) = hex_centre(col as i64, y, grid.width, grid.height);
            layer.path.push('M');
            Num((cx as i64 - 7) as f64).push_to(&mut layer.path);
            layer.path.push(' ');
            Num((cy as i64 - 4) as f64).push_to(&mut layer.path);
            layer.path.push_str("l7-4 7 4v8l-7 4-7-4z");
            layer.count += 1;
        }
    }
    // Legend order: the period's order.
    judgepad_core::sorting::sort_by_key(&mut layers, |l| {
        world.period.terrain.iter().position(|t| t.ch == l.ch).unwrap_or(usize::MAX)
    });
    let units = world
        .units
        .iter()
        .map(|unit| {
            let at = hex_centre(unit.x, unit.y, grid.width, grid.height);
            let kind = world.unit_type_name(unit.kind);
            let side = world.side(unit.side).map_or("no side", |s| s.name.as_str());
            let name = if unit.name.is_empty() { String::new() } else { format!("{} ", unit.name) };
            let color = usize::try_from(unit.side)
                .map_or("#777777", |s| SIDE_COLOURS[s % SIDE_COLOURS.len()]);
            UnitMark {
                at,
                symbol: unit.kind.to_string(),
                title: format!("{name}({kind}, {side}) at {},{}", unit.x, unit.y),
                color: color.to_string(),
                side: unit.side,
            }
        })
        .collect();
    Some(HexScene {
        width: f64::from(grid.width) * HEX_W + HEX_W / 2.0,
        height: f64::from(grid.height) * ROW_H + 4.0,
        terrain: layers,
        units,
    })
}

/// What the hover line says of hex (`col`, `y`): its coordinates, terrain
/// and units.
pub fn hex_description(world: &Xconq, col: i64, y: i64) -> String {
    let Some(grid) = &world.grid else { return String::new() };
    let row = (i64::from(grid.height) - 1 - y) as u32;
    let terrain = grid
        .at(col as u32, row)
        .and_then(|ch| world.terrain(ch))
        .map_or("no terrain", |t| t.name.as_str());
    let units: Vec<String> = world
        .units
        .iter()
        .filter(|u| u.x.rem_euclid(i64::from(grid.width)) == col && u.y == y)
        .map(|u| {
            let kind = world.unit_type_name(u.kind);
            if u.name.is_empty() { kind } else { format!("{} ({kind})", u.name) }
        })
        .collect();
    let units = if units.is_empty() { String::new() } else { format!(" · {}", units.join(", ")) };
    format!("{col},{y}: {terrain}{units}")
}

/// The colour of side `idx`.
pub fn side_colour(idx: usize) -> &'static str {
    SIDE_COLOURS[idx % SIDE_COLOURS.len()]
}

/// The hex under drawing point (`x`, `y`): column and y (from the bottom).
pub fn hex_at(x: f64, y: f64, width: u32, height: u32) -> Option<(i64, i64)> {
    let row = ((y - 2.0) / ROW_H).floor() as i64;
    if row < 0 || row >= i64::from(height) {
        return None;
    }
    let yy = i64::from(height) - 1 - row;
    let w = f64::from(width) * HEX_W;
    let shifted = (x - HEX_W / 2.0 - yy as f64 * HEX_W / 2.0).rem_euclid(w);
    let col = ((shifted + HEX_W / 2.0) / HEX_W).floor() as i64 % i64::from(width);
    Some((col, yy))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terrains_path_is_cut_before_a_hex() {
        let mut out = String::new();
        for value in [0, 7, -7, 1234, -3367] {
            out.clear();
            Num(value as f64).push_to(&mut out);
            assert_eq!(out, value.to_string());
        }
        let path: String = (0..10).map(|i| format!("M{i} 0l7-4z")).collect();
        for bytes in [1, 9, 20, 200] {
            let pieces = path_pieces(&path, bytes, 0);
            assert_eq!(pieces.concat(), path, "{bytes}");
            assert!(pieces.iter().all(|p| p.starts_with('M') && p.len() <= bytes + 9), "{bytes}");
        }
        assert_eq!(path_pieces(&path, 20, 0).len(), 4);
        assert_eq!(path_pieces(&path, 200, 0), vec![path.as_str()]);
        assert_eq!(path_pieces("", 20, 0), vec![""]);
        // Each piece after the first starts two hexes back, and every hex
        // is in some piece; the pieces still move on.
        let pieces = path_pieces(&path, 20, 2);
        assert_eq!(pieces[0], "M0 0l7-4zM1 0l7-4zM2 0l7-4z");
        assert_eq!(&pieces[1][..18], "M1 0l7-4zM2 0l7-4z");
        assert!(pieces.last().is_some_and(|p| p.ends_with("M9 0l7-4z")));
        for hex in 0..10 {
            assert!(pieces.iter().any(|p| p.contains(&format!("M{hex} "))), "{hex}");
        }
        // An overlap longer than a piece still moves on.
        assert!(path_pieces(&path, 9, 50).len() <= 10);
    }

    #[test]
    fn sorts_opened_files_by_format() {
        let files = vec![
            (
                "map.tiny".to_string(),
                b"Alpha, A alp\nBeta, B bet\n-1\nalp-mv: bet\nbet-mv: alp\n-1\n-1\n".to_vec(),
            ),
            ("seed.tiny".to_string(), b"S1901M\nA: A Alpha\n-1\n-1\n".to_vec()),
            ("x.map".to_string(), b"USE standard\n".to_vec()),
        ];
        let sorted = sort(&files);
        assert_eq!(sorted.variant.len(), 1);
        let Some(Foreign::NJudge { map, seed }) = &sorted.foreign else {
            panic!("{:?}", sorted.foreign)
        };
        assert_eq!(map.0, "map.tiny");
        assert_eq!(seed.as_ref().map(|s| s.0.as_str()), Some("seed.tiny"));
        assert!(sorted.notes[0].contains("an nJudge map file"), "{:?}", sorted.notes);
        let converted = convert(map, seed.as_ref(), "B=Bravo").unwrap();
        assert_eq!(converted.name, "tiny.map");
        assert_eq!((converted.errors, converted.load_errors), (0, 0), "{:?}", converted.rows);
        assert!(converted.text.contains("BRAVO (:B) bet"));
        assert!(convert(map, None, "nonsense").is_err());
    }

    #[test]
    fn xconq_files_draw_as_hexes() {
        let mut files = BTreeMap::new();
        files.insert(
            "w.map".to_string(),
            "Xconq 0 --+--+ w\nMap 3 2 50 1 0\n.+.\n3+\nUnits 1 1 0\ni Home 1,0 -1\n".to_string(),
        );
        files.insert("junk.per".to_string(), "Xconq 0 ------ nothing\n".to_string());
        let sorted = sort(&[("w.map".to_string(), files["w.map"].clone().into_bytes())]);
        assert!(matches!(sorted.foreign, Some(Foreign::Xconq { ref root, .. }) if root == "w.map"));
        let (world, rows) = load_xconq("w.map", &files);
        assert!(rows.is_empty(), "{rows:?}");
        let scene = hex_scene(&world).unwrap();
        assert_eq!(
            scene.terrain.iter().map(|l| (l.ch, l.count)).collect::<Vec<_>>(),
            [('.', 2), ('+', 4)]
        );
        assert_eq!(scene.terrain[0].color, "skyblue");
        assert_eq!(scene.units.len(), 1);
        assert_eq!(hex_description(&world, 1, 0), "1,0: plains · Home (i)");
        assert_eq!(hex_description(&world, 0, 1), "0,1: sea");
        // Round trip: the centre of a hex is in that hex.
        for (col, y) in [(0, 0), (2, 1), (1, 0)] {
            let (x, yy) = hex_centre(col, y, 3, 2);
            assert_eq!(hex_at(x, yy, 3, 2), Some((col, y)));
        }
        assert_eq!(css_colour("<script>"), "#bbbbbb");
    }
}
