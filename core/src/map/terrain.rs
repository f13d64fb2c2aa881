//! Terrain and the restrictions an ABUTS entry can carry: model types shared
//! by the loader, the built map and the adjudicator.

use alloc::string::String;
use alloc::vec::Vec;

/// Terrain of a location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Terrain {
    /// Fleets only.
    Water,
    /// Armies only.
    Land,
    /// Both.
    Coast,
    /// Both, and fleets there convoy.
    Port,
    /// Impassable.
    Shut,
}

impl Terrain {
    /// Lower-case name: `water`, `land`, `coast`, `port`, `shut`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Terrain::Water => "water",
            Terrain::Land => "land",
            Terrain::Coast => "coast",
            Terrain::Port => "port",
            Terrain::Shut => "shut",
        }
    }
}

/// A restriction mark on one abut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbutRule {
    /// `EI:X`: only units of powers with these abbreviation letters may cross.
    /// Empty (`:X`) means nobody: a one-way adjacency.
    Powers(String),
    /// `X(CON,SMY)`: only a power owning every listed centre may cross.
    Centers(Vec<String>),
    /// `~`: strait (no strength, no support across).
    Strait,
    /// `*`: cape (half strength, no support across, weak retreats).
    Cape,
    /// Any other mark (an error).
    Other(char),
}
