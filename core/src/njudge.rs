//! nJudge `map.` and `seed.` files: reading them (with diagnostics at their
//! spans) and turning them into DPjudge `.map` text that the rest of the core
//! loads like any other variant.
//!
//! The format ("How to create a map file for the Diplomacy Judge", v1.7.1):
//! a `map.` file has three sections ended by a line `-1` — areas
//! (`Name, types abbr aliases…`), moves (`abc-mv: …`, `abc-xc: …`,
//! `abc-nc: …`) and options (blocks closed by `#end`: the summary centre
//! list, HongKong, gateways, railways). A `seed.` file holds the start phase
//! (`S1901M`), unit lines (`A: F Trieste`, up to `-1`) and an ownership
//! record (one character per area, or `-1` for "from the map").
//!
//! [`read_map`] and [`read_seed`] build the nJudge model ([`NjMap`],
//! [`NjSeed`]); [`convert`] writes DPjudge text from it ([`emit`]). Files are
//! numbered as a load numbers them: the map is file 0, the seed file 1.
//! Power letters get names from [`PowerNames`] (the standard seven unless the
//! user says otherwise).

mod emit;
mod read;
mod seed;

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::Diagnostic;
use crate::map::SourceFile;
use crate::text::{FileId, FileSpan, Span};

pub use read::read_map;
pub use seed::read_seed;

/// The map file's id in diagnostics.
pub const MAP_FILE: FileId = FileId(0);
/// The seed file's id in diagnostics.
pub const SEED_FILE: FileId = FileId(1);

/// What an area is (the type letter of its area line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AreaKind {
    /// `l`: land without a supply centre.
    Land,
    /// `x`: a supply centre that is nobody's home.
    Center,
    /// A power letter: a home supply centre of that power.
    Home(char),
    /// `w`: water.
    Water,
    /// `h`: high sea (any number of fleets; DPjudge cannot say so).
    HighSea,
    /// `v`: arctic water (ice in fall moves; DPjudge cannot say so).
    Arctic,
    /// `g`: a gateway's notional gatekeeper province.
    Gateway,
    /// `r`: a notional railway province.
    Railway,
}

impl AreaKind {
    /// Water of any kind.
    pub fn is_water(self) -> bool {
        matches!(self, AreaKind::Water | AreaKind::HighSea | AreaKind::Arctic)
    }

    /// A supply centre (home or not).
    pub fn is_center(self) -> bool {
        matches!(self, AreaKind::Center | AreaKind::Home(_))
    }

    /// A notional province (gateway or railway), not a place units stand.
    pub fn is_notional(self) -> bool {
        matches!(self, AreaKind::Gateway | AreaKind::Railway)
    }
}

/// One area line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// The full name (before the comma).
    pub name: String,
    /// Its span.
    pub name_at: Span,
    /// The type letter(s).
    pub kind: AreaKind,
    /// `w` after a land type: fleets here may convoy (duality).
    pub convoys: bool,
    /// Abbreviations, lower case; the first is the area's own.
    pub abbrs: Vec<(String, Span)>,
}

impl Area {
    /// The area's own abbreviation (lower case).
    pub fn abbr(&self) -> &str {
        self.abbrs.first().map_or("", |it| it.0.as_str())
    }
}

/// The kind of a move line (`abc-KIND:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveKind {
    /// `mv`: army moves.
    Army,
    /// `xc`: fleet moves from the whole province.
    Fleet,
    /// `nc`/`sc`/`ec`/`wc`: fleet moves from one coast.
    Coast(Coast),
    /// `mx`: army moves with one less support (loeb9).
    ArmyWeak,
    /// `cc`: a Machiavelli controlled conduit.
    Conduit,
}

impl MoveKind {
    /// Army moves (`mv`, `mx`).
    pub fn is_army(self) -> bool {
        matches!(self, MoveKind::Army | MoveKind::ArmyWeak)
    }
}

/// A coast of a province.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Coast {
    /// `nc`.
    North,
    /// `sc`.
    South,
    /// `ec`.
    East,
    /// `wc`.
    West,
}

impl Coast {
    /// `nc`, `sc`, `ec` or `wc`.
    pub fn as_str(self) -> &'static str {
        match self {
            Coast::North => "nc",
            Coast::South => "sc",
            Coast::East => "ec",
            Coast::West => "wc",
        }
    }

    /// "north", …
    pub fn word(self) -> &'static str {
        match self {
            Coast::North => "north",
            Coast::South => "south",
            Coast::East => "east",
            Coast::West => "west",
        }
    }

    /// Parses `nc`, `sc`, `ec`, `wc` (any case).
    pub fn parse(text: &str) -> Option<Coast> {
        match text.to_ascii_lowercase().as_str() {
            "nc" => Some(Coast::North),
            "sc" => Some(Coast::South),
            "ec" => Some(Coast::East),
            "wc" => Some(Coast::West),
            _ => None,
        }
    }
}

/// What follows a target's `/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Modifier {
    /// A coast of the target.
    Coast(Coast),
    /// `mx`: one less support (loeb9).
    Weak,
    /// `hx`: half value (1900 rules).
    Half,
    /// `lx`: moves and is convoyed with half value (1900 rules).
    HalfConvoy,
    /// `cc`: controlled conduit (Machiavelli).
    Conduit,
}

/// One target of a move line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The target area (index into [`NjMap::areas`]).
    pub area: usize,
    /// Its modifier.
    pub modifier: Option<Modifier>,
    /// The token's span.
    pub at: Span,
}

impl Target {
    /// The coast, if the modifier is one.
    pub fn coast(&self) -> Option<Coast> {
        match self.modifier {
            Some(Modifier::Coast(coast)) => Some(coast),
            _ => None,
        }
    }
}

/// One move line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    /// The source area.
    pub from: usize,
    /// Which moves.
    pub kind: MoveKind,
    /// The `abc-kind:` span.
    pub head: Span,
    /// The targets, as written.
    pub targets: Vec<Target>,
}

/// One block of the options section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionBlock {
    /// Which option.
    pub kind: OptionKind,
    /// The header line's span.
    pub at: Span,
    /// The block's lines (header and `#end` excluded), verbatim.
    pub lines: Vec<(String, Span)>,
}

/// The options the how-to describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// The summary centre list.
    Centers,
    /// SC restrictions ("HongKong" provinces).
    HongKong,
    /// Movement control (gateways).
    Gateway,
    /// Railways.
    Railway,
    /// Anything else (Machiavelli tables, unknown blocks).
    Other,
}

/// A read `map.` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NjMap {
    /// Comment lines before the first area, without `#`.
    pub header: Vec<String>,
    /// The areas in file order (the ownership record follows it).
    pub areas: Vec<Area>,
    /// The move lines in file order.
    pub moves: Vec<MoveLine>,
    /// The option blocks.
    pub options: Vec<OptionBlock>,
    /// Lower-case abbreviation or full name → area (first definition wins).
    pub names: BTreeMap<String, usize>,
}

impl NjMap {
    /// The area that `word` names (an abbreviation or full name, any case).
    pub fn area(&self, word: &str) -> Option<usize> {
        self.names.get(&word.to_lowercase()).copied()
    }

    /// The move lines of `area` of `kind`.
    pub fn lines_of(&self, area: usize, kind: MoveKind) -> impl Iterator<Item = &MoveLine> {
        self.moves.iter().filter(move |line| line.from == area && line.kind == kind)
    }

    /// The army move lines (`mv` and `mx`) of `area`.
    pub fn army_lines(&self, area: usize) -> impl Iterator<Item = &MoveLine> {
        self.moves.iter().filter(move |line| line.from == area && line.kind.is_army())
    }

    /// `abbr`, or `abbr/nc` for a coast: how a place is named in messages
    /// and (upper-cased) in DPjudge abut lists.
    pub fn place(&self, area: usize, coast: Option<Coast>) -> String {
        let abbr = self.areas[area].abbr();
        match coast {
            Some(coast) => alloc::format!("{abbr}/{}", coast.as_str()),
            None => abbr.to_string(),
        }
    }

    /// The coasts `area` has move lines for, in coast order.
    pub fn coasts(&self, area: usize) -> Vec<Coast> {
        let mut coasts: Vec<Coast> = self
            .moves
            .iter()
            .filter(|line| line.from == area)
            .filter_map(|line| match line.kind {
                MoveKind::Coast(coast) => Some(coast),
                _ => None,
            })
            .collect();
        crate::sorting::sort(&mut coasts);
        coasts.dedup();
        coasts
    }
}

/// The phase a seed starts in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedPhase {
    /// `S`, `U`, `F` or `W`.
    pub season: char,
    /// The year.
    pub year: i64,
    /// `M`, `R`, `B` or `A`.
    pub kind: char,
    /// Where it is written.
    pub at: Span,
}

/// One unit of a seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedUnit {
    /// The power letter.
    pub power: char,
    /// `true` for a fleet.
    pub fleet: bool,
    /// The area.
    pub area: usize,
    /// The coast, if given.
    pub coast: Option<Coast>,
    /// The line's span.
    pub at: Span,
}

/// A read `seed.` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NjSeed {
    /// The start phase, if it could be read.
    pub phase: Option<SeedPhase>,
    /// The units.
    pub units: Vec<SeedUnit>,
    /// The ownership record (one owner letter or `.` per area), if given.
    pub owners: Option<(Vec<char>, Span)>,
}

/// Names for power letters. The standard seven are built in; the user may
/// name the rest (or rename these).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerNames {
    names: BTreeMap<char, String>,
}

impl Default for PowerNames {
    fn default() -> Self {
        let names = [
            ('A', "AUSTRIA"),
            ('E', "ENGLAND"),
            ('F', "FRANCE"),
            ('G', "GERMANY"),
            ('I', "ITALY"),
            ('R', "RUSSIA"),
            ('T', "TURKEY"),
        ];
        PowerNames { names: names.iter().map(|&(l, n)| (l, n.to_string())).collect() }
    }
}

impl PowerNames {
    /// Names `letter` (upper-cased; spaces become `+` joins in DPjudge).
    pub fn set(&mut self, letter: char, name: &str) {
        let name: String = name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join("+")
            .chars()
            .filter(|ch| ch.is_alphanumeric() || *ch == '+' || *ch == '_')
            .collect();
        if !name.is_empty() {
            self.names.insert(letter.to_ascii_uppercase(), name.to_uppercase());
        }
    }

    /// Reads `A=Austria,B=Britain` (the CLI's `--powers`); returns what could
    /// not be read.
    pub fn parse_list(&mut self, list: &str) -> Result<(), String> {
        for item in list.split(',').map(str::trim).filter(|it| !it.is_empty()) {
            let Some((letter, name)) = item.split_once('=') else {
                return Err(alloc::format!("`{item}` is not LETTER=Name"));
            };
            let mut chars = letter.trim().chars();
            match (chars.next(), chars.next()) {
                (Some(letter), None) if letter.is_ascii_alphanumeric() => {
                    self.set(letter, name.trim())
                }
                _ => return Err(alloc::format!("`{letter}` is not one power letter")),
            }
        }
        Ok(())
    }

    /// The DPjudge name of `letter`, and whether it came from the table.
    pub fn name(&self, letter: char) -> (String, bool) {
        match self.names.get(&letter.to_ascii_uppercase()) {
            Some(name) => (name.clone(), true),
            None => (alloc::format!("POWER+{}", letter.to_ascii_uppercase()), false),
        }
    }

    /// Every named letter.
    pub fn iter(&self) -> impl Iterator<Item = (char, &str)> {
        self.names.iter().map(|(l, n)| (*l, n.as_str()))
    }
}

/// A converted variant: the DPjudge text and what the reading found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conversion {
    /// The variant's name (`colonial`; `standard` for nJudge's `map`).
    pub title: String,
    /// DPjudge `.map` text.
    pub text: String,
    /// The nJudge files as the diagnostics number them (map 0, seed 1).
    pub files: Vec<SourceFile>,
    /// The nJudge model it came from.
    pub map: NjMap,
    /// The seed, if one was given.
    pub seed: Option<NjSeed>,
}

impl Conversion {
    /// Loads the converted text as the variant `TITLE.map` (nothing to USE):
    /// what the converted variant is, and what the loader says of it.
    pub fn load(&self) -> (crate::Map, Vec<Diagnostic>) {
        crate::map::load(&alloc::format!("{}.map", self.title), &self.text, &crate::map::NoSources)
    }
}

/// The variant a map file is for: `map.colonial` → `colonial`, nJudge's
/// `map` → `standard`, any other name as it is.
pub fn variant_name(map_file: &str) -> String {
    match map_file {
        "map" => String::from("standard"),
        name => name.strip_prefix("map.").unwrap_or(name).to_string(),
    }
}

/// Reads the map file `map` (name, text) and the seed file `seed`, if any,
/// and writes the DPjudge `.map` text. Diagnostics are in the nJudge files
/// (map = file 0, seed = file 1, as [`Conversion::files`] lists them).
pub fn convert(
    map: (&str, &str),
    seed: Option<(&str, &str)>,
    powers: &PowerNames,
) -> (Conversion, Vec<Diagnostic>) {
    let (map_name, map_text) = map;
    let title = variant_name(map_name);
    let (nj_map, mut diags) = read_map(map_text);
    let nj_seed = seed.map(|(_, text)| {
        let (seed, more) = read_seed(text, &nj_map);
        diags.extend(more);
        seed
    });
    let text = emit::emit(&title, &nj_map, nj_seed.as_ref(), powers, &mut diags);
    crate::diagnostics::sort(&mut diags);
    let files = core::iter::once(map)
        .chain(seed)
        .map(|(name, text)| SourceFile { name: name.to_string(), text: text.into() })
        .collect();
    (Conversion { title, text, files, map: nj_map, seed: nj_seed }, diags)
}

fn at(file: FileId, span: Span) -> FileSpan {
    FileSpan::new(file, span)
}

/// The seed file that goes with map file `map_name` (`map` → `seed.standard`,
/// `map.x` → `seed.x`), by nJudge's naming.
pub fn seed_name_for(map_name: &str) -> Option<String> {
    match map_name {
        "map" => Some(String::from("seed.standard")),
        _ => map_name.strip_prefix("map.").map(|it| alloc::format!("seed.{it}")),
    }
}

/// The map file that goes with seed file `seed_name`.
pub fn map_name_for(seed_name: &str) -> Option<String> {
    match seed_name {
        "seed.standard" => Some(String::from("map")),
        _ => seed_name.strip_prefix("seed.").map(|it| alloc::format!("map.{it}")),
    }
}

#[cfg(test)]
mod tests;
