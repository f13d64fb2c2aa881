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
#[cfg_attr(judgepad_size, optimize(size))]
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
        let (Some(px), Some(py)) = (hundredths(x), hundredths(y)) else {
            diags.push(
                Diagnostic::new(codes::BAD_PIN, at(x0, y1), format!("`{x} {y}` is not a position"))
                    .with_label("two numbers, x then y, in drawing units (the map is 1000 wide, wider past 1,000 provinces)"),
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

/// The most a coordinate may be, in hundredths (a million drawing units).
const MOST: u64 = 100_000_000;

/// A decimal number written as Rust reads an `f64` (`-12`, `3.5`, `.25`,
/// `1e3`; no `inf` or `nan`), in hundredths, rounded half away from zero;
/// `None` past a million either way. Exact decimal arithmetic, not `f64`:
/// the same as `round(value * 100)` for every number of two decimals or
/// fewer (the page writes whole units), and it keeps the float parser and
/// its tables (10 KB) out of the page's first module.
fn hundredths(word: &str) -> Option<i64> {
    let bytes = word.as_bytes();
    let (negative, rest) = match bytes.first()? {
        b'-' => (true, &bytes[1..]),
        b'+' => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    let (mantissa, exponent) = match rest.iter().position(|&b| b == b'e' || b == b'E') {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = match mantissa.iter().position(|&b| b == b'.') {
        Some(at) => (&mantissa[..at], &mantissa[at + 1..]),
        None => (mantissa, &[][..]),
    };
    let all_digits = |part: &[u8]| part.iter().all(u8::is_ascii_digit);
    if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    // The power of ten of the digits' last place, in hundredths.
    let mut shift: i64 = 2 - fraction.len() as i64;
    if let Some(exponent) = exponent {
        let (sign, digits) = match exponent.first()? {
            b'-' => (-1, &exponent[1..]),
            b'+' => (1, &exponent[1..]),
            _ => (1, exponent),
        };
        if digits.is_empty() || !all_digits(digits) {
            return None;
        }
        // Past 10^9 either way the number is 0 or out of range anyway.
        let value =
            digits.iter().fold(0i64, |acc, &d| (acc * 10 + i64::from(d - b'0')).min(1_000_000_000));
        shift += sign * value;
    }
    // The significant digits, without leading zeros.
    let digits: Vec<u8> = whole
        .iter()
        .chain(fraction)
        .copied()
        .skip_while(|&d| d == b'0')
        .map(|d| d - b'0')
        .collect();
    // The digits kept (those left of the decimal point in hundredths) and
    // the first one dropped, which rounds.
    let kept = digits.len() as i64 + shift.min(0);
    if kept + shift.max(0) > 10 {
        return None;
    }
    let mut value: u64 = 0;
    for &d in digits.iter().take(kept.max(0) as usize) {
        value = value * 10 + u64::from(d);
    }
    for _ in 0..shift.max(0) {
        value *= 10;
    }
    if kept >= 0 && digits.get(kept as usize).is_some_and(|&d| d >= 5) {
        value += 1;
    }
    (value <= MOST).then(|| if negative { -(value as i64) } else { value as i64 })
}

#[cfg(test)]
mod tests {
    use super::hundredths;
    use alloc::format;

    /// What the reader did before: Rust's `f64` parser, then `round(v * 100)`.
    fn by_float(word: &str) -> Option<i64> {
        let value: f64 = word.parse().ok()?;
        (value.is_finite() && value.abs() <= 1e6).then(|| libm::round(value * 100.0) as i64)
    }

    #[test]
    fn hundredths_agree_with_the_float_parser_on_two_decimals() {
        for n in (-200_000i64..200_000).step_by(7).chain(-1_000..1_000) {
            let (sign, abs) = (if n < 0 { "-" } else { "" }, n.unsigned_abs());
            for word in [
                format!("{sign}{}.{:02}", abs / 100, abs % 100),
                format!("{sign}{}", abs),
                format!("{sign}{}.{}", abs / 10, abs % 10),
                format!("{sign}{}e-2", abs),
                format!("{sign}{}E1", abs),
                format!("{sign}0{}.{:02}0", abs / 100, abs % 100),
            ] {
                assert_eq!(hundredths(&word), by_float(&word), "{word}");
            }
        }
    }

    #[test]
    fn hundredths_read_every_form_and_refuse_the_rest() {
        let cases: [(&str, Option<i64>); 24] = [
            ("300", Some(30_000)),
            ("+7", Some(700)),
            ("-0", Some(0)),
            (".5", Some(50)),
            ("5.", Some(500)),
            ("0.125", Some(13)),
            ("-0.125", Some(-13)),
            ("0.124999", Some(12)),
            ("1e3", Some(100_000)),
            ("1.5e-1", Some(15)),
            ("1000000", Some(100_000_000)),
            ("-1000000.004", Some(-100_000_000)),
            ("1000000.01", None),
            ("1e7", None),
            ("1e-400", Some(0)),
            ("99999999999999999999e-20", Some(100)),
            ("1e99999999999999999999", None),
            ("", None),
            (".", None),
            ("-", None),
            ("e5", None),
            ("1e", None),
            ("inf", None),
            ("1.2.3", None),
        ];
        for (word, want) in cases {
            assert_eq!(hundredths(word), want, "{word}");
        }
        for word in ["nan", "NaN", "infinity", "0x10", "1_000", "١٢"] {
            assert_eq!(hundredths(word), None, "{word}");
        }
    }
}
