//! `# @pos ABBR x y` pins: comment lines (DPjudge ignores them) that place
//! a province in the drawing (issue 11). They are read here, with the map,
//! so that `check`, the editor and the layout see the same pins and the same
//! warnings. Every file of the map may hold pins: the bundled base files
//! ship pins from real geography (issue 27), so `USE standard.geography`
//! draws Europe north up; a file's pins override those of the files it
//! `USE`s, and the top-level file's (the designer's, the page's drags) win.
//! Coordinates are kept in hundredths of a drawing unit, so the map stays
//! exact (`Eq`) and the layout gets the same numbers everywhere.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Map, ProvinceId};
use crate::diagnostics::{Diagnostic, codes};
use crate::text::{FileId, FileSpan, Span};

/// One pin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pin {
    /// The province placed.
    pub province: ProvinceId,
    /// Its position, in hundredths of a drawing unit: `[x, y]`.
    pub at: [i64; 2],
    /// The whole line.
    pub line: FileSpan,
}

impl Pin {
    /// The position in drawing units.
    pub fn point(&self) -> [f64; 2] {
        [self.at[0] as f64 / 100.0, self.at[1] as f64 / 100.0]
    }
}

/// The marker after `#` that makes a comment a pin.
pub const MARKER: &str = "@pos";

/// What follows the marker when `line` is a pin (`# @pos …`), a suffix of
/// `line`; `None` for any other line. The one test of "is this a pin line",
/// for the reader here and for the page that writes and removes pins.
pub fn pin_words(line: &str) -> Option<&str> {
    let body = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = body.strip_prefix(MARKER)?;
    (rest.is_empty() || rest.starts_with([' ', '\t'])).then_some(rest)
}

/// `text` without its pin lines (each with its line break).
pub fn without_pins(text: &str) -> String {
    text.split_inclusive('\n').filter(|line| pin_words(line.trim_end()).is_none()).collect()
}

/// The pins of every file of the map, the deepest `USE`d file first and the
/// top-level file last; the last pin of a province wins. A pin in a `USE`d
/// file naming a province the map lacks is passed over in silence: the
/// variant that uses the file may have dropped the province.
pub(crate) fn read(map: &Map, diags: &mut Vec<Diagnostic>) -> Vec<Pin> {
    let mut pins: Vec<Pin> = Vec::new();
    for index in (0..map.files.len()).rev() {
        read_file(map, index, &mut pins, diags);
    }
    pins
}

/// The pins of the file `index` of `map`, added to `pins`.
fn read_file(map: &Map, index: usize, pins: &mut Vec<Pin>, diags: &mut Vec<Diagnostic>) {
    let text = &*map.files[index].text;
    let file = FileId(index as u32);
    let at = |start: usize, end: usize| FileSpan {
        file,
        span: Span { start: start as u32, end: end as u32 },
    };
    for (span, line) in crate::text::lines(text) {
        let line_start = span.start as usize;
        let Some(rest) = pin_words(line) else { continue };
        let line_span = FileSpan { file, span };
        // Words with their byte offsets in the file.
        let rest_start = line_start + (line.len() - rest.len());
        let mut words = Vec::new();
        let mut i = 0;
        let bytes = rest.as_bytes();
        while i < bytes.len() {
            while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
                i += 1;
            }
            let start = i;
            while i < bytes.len() && bytes[i] != b' ' && bytes[i] != b'\t' {
                i += 1;
            }
            if i > start {
                words.push((&rest[start..i], rest_start + start, rest_start + i));
            }
        }
        let [(abbr, a0, a1), (x, x0, x1), (y, _, y1)] = words[..] else {
            diags.push(
                Diagnostic::new(codes::BAD_PIN, line_span, "a pin is `# @pos ABBR x y`")
                    .with_help("Pins place provinces in the drawn map; DPjudge ignores them. Drag a province in the map to write one."),
            );
            continue;
        };
        let number = |word: &str| -> Option<i64> {
            let value: f64 = word.parse().ok()?;
            (value.is_finite() && value.abs() <= 1e6).then(|| libm::round(value * 100.0) as i64)
        };
        let (Some(px), Some(py)) = (number(x), number(y)) else {
            diags.push(
                Diagnostic::new(codes::BAD_PIN, at(x0, y1), format!("`{x} {y}` is not a position"))
                    .with_label("two numbers, x then y, in drawing units (the map is 1000 wide)"),
            );
            continue;
        };
        let Some(province) = map.province(abbr).filter(|_| !abbr.contains('/')) else {
            if index > 0 {
                continue;
            }
            diags.push(
                Diagnostic::new(
                    codes::UNKNOWN_PIN,
                    at(a0, a1),
                    format!("no province `{abbr}` to pin"),
                )
                .with_help("A pin names a province by its abbreviation, as in its ABUTS line."),
            );
            continue;
        };
        let _ = x1;
        pins.retain(|pin| pin.province != province);
        pins.push(Pin { province, at: [px, py], line: line_span });
    }
}
