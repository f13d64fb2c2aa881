//! The loader's state: [`Raw`] mirrors the dictionaries and lists DPjudge's
//! loader mutates (`locName`, `aliases`, `locs`, `locType`, `locAbut`,
//! `homes`, …), string keyed and insertion ordered, each fact with the span
//! that stated it. Crate-private: the public model is [`crate::map::Map`].

use alloc::string::String;
use alloc::vec::Vec;

use crate::map::names::{is_lower, is_upper, lower, upper};
use crate::map::terrain::{AbutRule, Terrain};
use crate::name::Name;
use crate::omap::OMap;
use crate::syntax::{DynamicKeyword, Line};
use crate::text::{FileId, FileSpan};

/// A piece of text and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tok {
    /// The text (upper-cased where DPjudge upper-cases it).
    pub text: Name,
    /// Where.
    pub at: FileSpan,
}

impl Tok {
    pub(crate) fn new(text: impl Into<Name>, at: FileSpan) -> Tok {
        Tok { text: text.into(), at }
    }
}

/// One entry of an ABUTS list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AbutTok {
    /// The destination as written, restriction marks stripped (case kept).
    pub dest: Name,
    /// Its restrictions.
    pub rules: Vec<AbutRule>,
    /// The whole token.
    pub at: FileSpan,
}

/// A terrain definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TerrainDef {
    /// The terrain.
    pub terrain: Terrain,
    /// The place word of the line that set it.
    pub at: FileSpan,
    /// The whole line that last defined or amended the place.
    pub line: FileSpan,
}

/// A full-name definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NameDef {
    /// The abbreviation it names (upper case).
    pub abbr: Name,
    /// The name part of the line.
    pub at: FileSpan,
    /// The full name as written (case kept).
    pub written: String,
}

/// An alias definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AliasDef {
    /// What it stands for: a location abbreviation or a power name.
    pub value: Name,
    /// Where.
    pub at: FileSpan,
}

/// A dynamic (`IN`/`FROM`) block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynamicBlock {
    /// IN or FROM.
    pub keyword: DynamicKeyword,
    /// The key as written, upper-cased.
    pub key: String,
    /// Where the key is.
    pub key_at: FileSpan,
    /// The header line.
    pub line_at: FileSpan,
    /// Its directives.
    pub lines: Vec<(FileId, Line)>,
}

/// A `[VARIANT] DIRECTIVES` stanza or the RULE/ROTATE lines of "ALL".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stanza {
    /// `ALL` or the variant name, upper case.
    pub variant: String,
    /// Its lines, verbatim.
    pub lines: Vec<Tok>,
}

/// DPjudge's loader state (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub(crate) struct Raw {
    pub files: Vec<String>,
    pub loc_name: OMap<NameDef>,
    pub aliases: OMap<AliasDef>,
    pub unclear: OMap<AliasDef>,
    pub locs: OMap<FileSpan>,
    pub loc_type: OMap<TerrainDef>,
    pub loc_abut: OMap<Vec<AbutTok>>,
    pub pow_name: OMap<Tok>,
    pub own_word: OMap<String>,
    pub abbrev: OMap<Tok>,
    pub homes: OMap<Vec<Tok>>,
    pub centers: OMap<Vec<Tok>>,
    pub units: OMap<Vec<Tok>>,
    pub owns: Vec<String>,
    pub inhabits: Vec<String>,
    pub dummies: Vec<String>,
    pub reserves: OMap<Tok>,
    pub militia: OMap<Tok>,
    pub factory: OMap<Vec<Tok>>,
    pub partisan: OMap<Vec<Tok>>,
    pub hidden: OMap<Vec<Tok>>,
    pub alternative: OMap<Vec<Vec<Tok>>>,
    pub controls: OMap<Vec<String>>,
    pub leagues: OMap<Tok>,
    pub flag: OMap<String>,
    pub stanzas: Vec<Stanza>,
    pub rules: Vec<Tok>,
    pub flow: Vec<Tok>,
    pub flow_reset: Option<FileSpan>,
    pub begin: Option<Tok>,
    pub victory: Option<(Vec<i64>, FileSpan)>,
    pub home_years: Vec<Tok>,
    pub dynamic: Vec<DynamicBlock>,
    pub text_only: bool,
    pub root_map: Option<String>,
    pub notify: Vec<String>,
    pub flag_dirs: Vec<String>,
    /// Power-line spans, for diagnostics about powers.
    pub power_at: OMap<FileSpan>,
}

impl Raw {
    /// `Map.areatype`: the terrain of `place` in either case.
    pub(crate) fn areatype(&self, place: &str) -> Option<Terrain> {
        self.terrain_def(place).map(|def| def.terrain)
    }

    /// The terrain definition of `place` (upper-case key first).
    pub(crate) fn terrain_def(&self, place: &str) -> Option<&TerrainDef> {
        let upper_def = if is_upper(place) {
            self.loc_type.get(place)
        } else {
            self.loc_type.get(&upper(place))
        };
        upper_def.or_else(|| {
            if is_lower(place) {
                self.loc_type.get(place)
            } else {
                self.loc_type.get(&lower(place))
            }
        })
    }
}
