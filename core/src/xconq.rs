//! Xconq 5 mapfiles (maps, scenarios, periods): reading them into one
//! [`Xconq`] world — terrain grid, terrain types from the period, globals
//! with win/lose conditions, sides and units — with diagnostics for the rigid
//! format (row length ≠ width, wrong counts, unknown terrain characters).
//!
//! A mapfile is a header line `Xconq n ±±±±±± description[;]` (notes up to
//! a lone `.` when the description ends with `;`), `n` included file names
//! (loaded first, "conflicts resolved by simple overwriting", each file once),
//! then the sections the six flags announce: version, period, map, globals,
//! sides, units. Include names resolve through [`Sources`] by their base
//! name (`lib/beirut.map` → `beirut.map`), like USE. The period is a postfix
//! program ([`period`]); only what a viewer needs is interpreted (terrain
//! and unit types, the period's name), other words are counted, not fatal.

mod period;
mod read;

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::Diagnostic;
use crate::map::{SourceFile, Sources};
use crate::text::{FileId, FileSpan, Span};

pub use period::Period;

/// A terrain type: its map character, name and colour (an X11 colour name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainType {
    /// The character in terrain rows.
    pub ch: char,
    /// Its name.
    pub name: String,
    /// Its colour as the period names it (`sky blue`).
    pub color: String,
}

/// A unit type (a character in the Units section).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitType {
    /// The character.
    pub ch: char,
    /// Its name.
    pub name: String,
    /// Its one-line description.
    pub help: String,
}

/// The terrain grid (`Map w h scale seen ext`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Width of a hex in km.
    pub scale: i64,
    /// Whether the map is known to the players.
    pub seen: bool,
    /// Terrain characters, row by row, as written (row 0 first in the file;
    /// Xconq's y counts up from the bottom, so row r is y = height − 1 − r).
    /// Rows the file lacks are empty.
    pub rows: Vec<Vec<char>>,
    /// Where the header is.
    pub at: FileSpan,
    /// Each distinct terrain character with where it first appears.
    pub chars: Vec<(char, FileSpan)>,
}

impl Grid {
    /// The terrain at file row `row`, column `col`.
    pub fn at(&self, col: u32, row: u32) -> Option<char> {
        self.rows.get(row as usize)?.get(col as usize).copied()
    }
}

/// A win/lose condition of the Globals section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// `true` to win, `false` to lose.
    pub win: bool,
    /// 0 territory, 1 units, 2 resources, 3 possession.
    pub kind: i64,
    /// First turn it is tested.
    pub start: i64,
    /// Last turn it is tested.
    pub end: i64,
    /// The side it applies to, or −1 for all.
    pub side: i64,
    /// The numbers of its second line.
    pub values: Vec<i64>,
}

impl Condition {
    /// One sentence for people.
    pub fn describe(&self, sides: &[Side]) -> String {
        use alloc::format;
        let who = match side_at(sides, self.side) {
            Some(side) => side.name.clone(),
            None if self.side < 0 => String::from("Any side"),
            None => format!("Side {}", self.side),
        };
        let verb = if self.win { "wins" } else { "loses" };
        let what = match (self.kind, self.values.as_slice()) {
            (0, [amount, ..]) if self.win => format!("with at least {amount} territory"),
            (0, [amount, ..]) => format!("with less than {amount} territory"),
            (1, counts) => format!("by unit counts {counts:?}"),
            (2, counts) => format!("by resources {counts:?}"),
            (3, [x, y, unit, ..]) if *unit < 0 => {
                format!("{} hex {x},{y}", if self.win { "holding" } else { "losing" })
            }
            (3, [x, y, unit, ..]) => format!(
                "{} hex {x},{y} with unit type {unit}",
                if self.win { "holding" } else { "losing" }
            ),
            _ => format!("(condition type {})", self.kind),
        };
        format!("{who} {verb} {what}, turns {}–{}", self.start, self.end)
    }
}

/// The Globals section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Globals {
    /// Elapsed turns.
    pub game_time: i64,
    /// The last turn.
    pub end_time: i64,
    /// Whether production can be changed.
    pub set_product: bool,
    /// Whether units may leave by the edges.
    pub leave_map: bool,
    /// Win/lose conditions.
    pub conditions: Vec<Condition>,
}

/// A side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// Its name.
    pub name: String,
}

/// A unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XUnit {
    /// Its type character.
    pub kind: char,
    /// Its name (`*` in the file means none).
    pub name: String,
    /// Column.
    pub x: i64,
    /// Row counted from the bottom.
    pub y: i64,
    /// Its side, or −1 for none.
    pub side: i64,
}

/// A loaded Xconq world: what all its files add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Xconq {
    /// The root file's description.
    pub description: String,
    /// Its notes (the lines up to `.`).
    pub notes: Vec<String>,
    /// The period (terrain and unit types).
    pub period: Period,
    /// The terrain grid.
    pub grid: Option<Grid>,
    /// Globals with conditions.
    pub globals: Option<Globals>,
    /// Sides.
    pub sides: Vec<Side>,
    /// Units.
    pub units: Vec<XUnit>,
    /// Every file read, the root first.
    pub files: Vec<SourceFile>,
    /// Whether the period came from the built-in standard table.
    pub default_period: bool,
}

impl Xconq {
    /// The terrain type of character `ch`.
    pub fn terrain(&self, ch: char) -> Option<&TerrainType> {
        self.period.terrain.iter().find(|it| it.ch == ch)
    }

    /// The name of unit type `ch` (the character itself when the period
    /// does not define it).
    pub fn unit_type_name(&self, ch: char) -> String {
        self.period
            .units
            .iter()
            .find(|it| it.ch == ch)
            .map_or_else(|| ch.into(), |t| t.name.clone())
    }

    /// Side `idx` of a unit or condition (−1, or out of range: none).
    pub fn side(&self, idx: i64) -> Option<&Side> {
        side_at(&self.sides, idx)
    }
}

fn side_at(sides: &[Side], idx: i64) -> Option<&Side> {
    usize::try_from(idx).ok().and_then(|it| sides.get(it))
}

/// Loads the mapfile `name` with text `text`; included files come from `sources`.
pub fn load(name: &str, text: &str, sources: &dyn Sources) -> (Xconq, Vec<Diagnostic>) {
    let mut world = Xconq::default();
    let mut diags = Vec::new();
    let mut loading = Vec::new();
    read::load_file(&mut world, &mut diags, &mut loading, name, Arc::from(text), sources, None, 0);
    if world.period.terrain.is_empty() {
        world.period = Period::standard();
        world.default_period = true;
    }
    read::check_terrain(&world, &mut diags);
    crate::diagnostics::sort(&mut diags);
    (world, diags)
}

fn fs(file: FileId, span: Span) -> FileSpan {
    FileSpan::new(file, span)
}

#[cfg(test)]
mod tests;
