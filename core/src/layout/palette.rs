//! The colours of a drawing, shared by the SVG writer and the page: terrain
//! fills and one deterministic, colour-blind-safe colour per power (the
//! Okabe–Ito palette first, then tints of it).

use crate::map::Terrain;

/// The paper under a drawn map.
pub const PAPER: &str = "#f4f1ea";

/// The fill of a region of this terrain.
pub fn terrain_colour(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Water => "#a9cfe6",
        Terrain::Land => "#eadfc0",
        Terrain::Coast | Terrain::Port => "#e2d3a6",
        Terrain::Shut => "url(#shut)",
    }
}

const POWERS: [&str; 16] = [
    "#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#F0E442", "#000000",
    "#7f3c8d", "#11a579", "#3969ac", "#f2b701", "#e73f74", "#80ba5a", "#e68310", "#008695",
];

/// The colour of the power at this index of the map's power list.
pub fn power_colour(index: usize) -> &'static str {
    POWERS[index % POWERS.len()]
}
