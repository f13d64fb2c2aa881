//! The bundled DPjudge map corpus (`maps/`), compiled in with `include_bytes!`
//! so the web app works offline with every variant and the CLI can resolve
//! `USE standard` anywhere. Files are latin-1 or UTF-8; [`source`] decodes.
//!
//! Only with the `bundled` feature. Copyright 2017 Manus Hand, MIT (see
//! `maps/README.md`).

use alloc::string::String;

use crate::text::decode;

macro_rules! bundle {
    ($($name:literal),* $(,)?) => {
        /// Every bundled file: name and raw bytes, sorted by name.
        pub const FILES: &[(&str, &[u8])] = &[$(($name, include_bytes!(concat!("../../maps/", $name)))),*];
    };
}

crate::bundled_names::with_names!(bundle);

/// The raw bytes of bundled file `name` (e.g. `standard.map`).
pub fn bytes(name: &str) -> Option<&'static [u8]> {
    FILES.binary_search_by(|(it, _)| (*it).cmp(name)).ok().map(|idx| FILES[idx].1)
}

/// The decoded text of bundled file `name`.
pub fn source(name: &str) -> Option<String> {
    bytes(name).map(|bytes| decode(bytes).into_owned())
}

/// Names of every bundled file, sorted.
pub fn files() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(name, _)| *name)
}

/// Names of the bundled variants (the `.map` files, without extension).
pub fn variants() -> impl Iterator<Item = &'static str> {
    FILES.iter().filter_map(|(name, _)| name.strip_suffix(".map"))
}

/// [`crate::map::Sources`] over the bundled files.
pub struct Bundled;

impl crate::map::Sources for Bundled {
    fn source(&self, name: &str) -> Option<String> {
        source(name)
    }
}

/// [`crate::map::Sources`] over the bundled files without their `# @pos`
/// pins: a variant drawn from its graph alone, or with exactly the pins a
/// measurement names (`layout::truth::pinned`).
pub struct Unpinned;

impl crate::map::Sources for Unpinned {
    fn source(&self, name: &str) -> Option<String> {
        source(name).map(|text| crate::map::pins::without_pins(&text))
    }
}
