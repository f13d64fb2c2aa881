//! A finished variant leaving judgepad for the tools where people play it
//! (issue 30). Each target is a pure function of the resolved map and its
//! drawing, returning the files it writes and a warning for everything the
//! target cannot express, at the span that says it (never dropped
//! silently).
//!
//! - [`package`]: the Python `diplomacy` package (its dialect of the map
//!   language and its jDip-style SVG, which its `Renderer` draws games on);
//! - [`zip`]: the files in one archive, as the page downloads them.

pub mod package;
mod package_svg;
pub mod zip;
