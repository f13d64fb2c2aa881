//! Source text positions: byte spans, file ids, and the one place where byte
//! offsets become lines and columns.
//!
//! Core speaks only in byte offsets ([`Span`]) plus a [`FileId`]. Shells need
//! lines and columns: the CLI prints 1-based lines and character columns, the
//! editor needs UTF-16 code-unit columns (JavaScript strings). Both conversions
//! live in [`LineIndex`] and nowhere else.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Index of a loaded file in the order the loader read it (the root file is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct FileId(pub u32);

/// A half-open byte range `start..end` into one file's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// An empty span at `offset`.
    pub const fn empty(offset: u32) -> Span {
        Span { start: offset, end: offset }
    }

    /// Number of bytes covered.
    pub const fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// The text the span covers; empty if it is out of bounds (never panics).
    pub fn text(self, text: &str) -> &str {
        text.get(self.start as usize..self.end as usize).unwrap_or("")
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A span in a given file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct FileSpan {
    /// The file.
    pub file: FileId,
    /// The bytes in it.
    pub span: Span,
}

impl FileSpan {
    /// `span` in `file`.
    pub const fn new(file: FileId, span: Span) -> FileSpan {
        FileSpan { file, span }
    }
}

/// A position as shells show it. `line` is 1-based; the columns are 1-based
/// and count bytes, Unicode scalar values, or UTF-16 code units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LineCol {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column in bytes.
    pub byte_col: u32,
    /// 1-based column in characters (what terminals and humans count).
    pub char_col: u32,
    /// 1-based column in UTF-16 code units (what JavaScript and editors count).
    pub utf16_col: u32,
}

/// Line starts of one text, for offset → line/column conversion and back.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LineIndex {
    line_starts: Vec<u32>,
    /// The lines (0-based, ascending) holding a byte outside ASCII: on the
    /// others a column in bytes is one in characters and in UTF-16 units,
    /// found without counting (a line of 20,000 words had a diagnostic per
    /// word, each column counted from the line's start: 1.4 s).
    wide: Vec<u32>,
}

impl LineIndex {
    /// Indexes `text`. Lines end at `\n`; a `\r` before it belongs to the line.
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = Vec::with_capacity(text.len() / 32 + 1);
        line_starts.push(0);
        let mut wide = Vec::new();
        for (idx, byte) in text.bytes().enumerate() {
            if byte == b'\n' {
                line_starts.push(idx as u32 + 1);
            } else if byte >= 0x80 {
                let line = line_starts.len() as u32 - 1;
                if wide.last() != Some(&line) {
                    wide.push(line);
                }
            }
        }
        LineIndex { line_starts, wide }
    }

    /// Number of lines (a text without a final newline still has its last line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Byte offset where 0-based line `line` starts, if it exists.
    pub fn line_start(&self, line: usize) -> Option<u32> {
        self.line_starts.get(line).copied()
    }

    /// Line and columns of byte `offset` in `text` (the text this index was
    /// built from). Offsets past the end clamp to the end; offsets inside a
    /// multi-byte character count as that character's start.
    pub fn line_col(&self, text: &str, offset: u32) -> LineCol {
        let offset = offset.min(text.len() as u32);
        let line = match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        };
        let start = self.line_starts[line] as usize;
        if self.wide.binary_search(&(line as u32)).is_err() {
            let col = offset - start as u32 + 1;
            return LineCol { line: line as u32 + 1, byte_col: col, char_col: col, utf16_col: col };
        }
        let mut end = offset as usize;
        while end > start && !text.is_char_boundary(end) {
            end -= 1;
        }
        let prefix = text.get(start..end).unwrap_or("");
        LineCol {
            line: line as u32 + 1,
            byte_col: prefix.len() as u32 + 1,
            char_col: prefix.chars().count() as u32 + 1,
            utf16_col: prefix.chars().map(char::len_utf16).sum::<usize>() as u32 + 1,
        }
    }

    /// Byte offset of 1-based `line` and 1-based UTF-16 column `utf16_col`
    /// (the inverse of [`LineIndex::line_col`] for editors). Clamps to the line.
    pub fn offset_of_utf16(&self, text: &str, line: u32, utf16_col: u32) -> u32 {
        let line_idx = (line.max(1) - 1) as usize;
        let Some(&start) = self.line_starts.get(line_idx) else {
            return text.len() as u32;
        };
        let end = self.line_starts.get(line_idx + 1).map_or(text.len(), |&next| next as usize - 1);
        let mut units = 0u32;
        let mut offset = start as usize;
        for ch in text.get(start as usize..end).unwrap_or("").chars() {
            if units + 1 >= utf16_col {
                break;
            }
            units += ch.len_utf16() as u32;
            offset += ch.len_utf8();
        }
        offset as u32
    }
}

/// The lines of `text`, each with the byte span it covers (without its
/// `\n` or `\r\n`). The one line walk of the readers (map pins, scenarios,
/// order text, nJudge files, the package dialect's checks).
pub fn lines(text: &str) -> impl Iterator<Item = (Span, &str)> {
    let mut offset = 0u32;
    text.split_inclusive('\n').map(move |raw| {
        let start = offset;
        offset += raw.len() as u32;
        let line = raw.trim_end_matches(['\n', '\r']);
        (Span::new(start, start + line.len() as u32), line)
    })
}

/// The span of `part`, a sub-slice of `line`, where `line` starts at byte
/// `base` of its file.
pub fn span_in(line: &str, base: u32, part: &str) -> Span {
    let start = base + (part.as_ptr() as usize).saturating_sub(line.as_ptr() as usize) as u32;
    Span::new(start, start + part.len() as u32)
}

/// Decodes file bytes: UTF-8 when valid, otherwise latin-1 (ISO-8859-1), as
/// DPjudge reads every map file. Never fails.
pub fn decode(bytes: &[u8]) -> alloc::borrow::Cow<'_, str> {
    match core::str::from_utf8(bytes) {
        Ok(text) => alloc::borrow::Cow::Borrowed(text),
        Err(_) => alloc::borrow::Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}

/// `value` in decimal digits, written into `buf` (no formatting machinery:
/// a phase's name and a result's strengths are written many times a phase).
pub fn decimal(value: u64, buf: &mut [u8; 20]) -> &str {
    let at = digits_before(buf, 20, value);
    core::str::from_utf8(&buf[at..]).unwrap_or_default()
}

/// Writes `value`'s decimal digits into `buf` ending just before `end`;
/// returns where they start. `buf[..end]` must hold them (20 bytes hold
/// any `u64`).
pub(crate) fn digits_before(buf: &mut [u8], end: usize, mut value: u64) -> usize {
    let mut at = end;
    loop {
        at -= 1;
        buf[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return at;
        }
    }
}

/// Appends `value` in decimal, as `value.to_string()` writes it.
pub fn push_decimal(out: &mut String, value: i64) {
    if value < 0 {
        out.push('-');
    }
    out.push_str(decimal(value.unsigned_abs(), &mut [0; 20]));
}

/// Appends `text` as a JSON string, escaped as serde_json escapes it (no
/// serde needed: the CLI's JSON output and the page's share links both
/// write strings with it).
pub fn json_string(out: &mut String, text: &str) {
    out.reserve(text.len() + 2);
    out.push('"');
    let mut rest = text;
    loop {
        // Up to the next byte to escape (ASCII, so a character boundary).
        let run = plain_run(rest.as_bytes());
        out.push_str(&rest[..run]);
        let Some(&byte) = rest.as_bytes().get(run) else { break };
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            _ => "",
        };
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(HEX[(byte >> 4) as usize] as char);
            out.push(HEX[(byte & 0xf) as usize] as char);
        } else {
            out.push_str(escape);
        }
        rest = &rest[run + 1..];
    }
    out.push('"');
}

/// How many bytes `bytes` start with that JSON writes as they are (none a
/// control character, `"` or `\\`), eight bytes a step: a line's strings
/// are short and many (the batch output writes ~150 a phase, its input
/// reads ~100), and a byte a step was a tenth of `judgepad adjudicate`'s
/// instructions.
pub(crate) fn plain_run(bytes: &[u8]) -> usize {
    const ONES: u64 = u64::MAX / 255;
    const HIGH: u64 = ONES * 0x80;
    // The high bit of each byte under `n` (bit tricks: the lowest one set
    // is exact, a borrow can only mark bytes above it).
    let under = |word: u64, n: u64| word.wrapping_sub(ONES * n) & !word & HIGH;
    let found = |word: [u8; 8]| {
        let word = u64::from_le_bytes(word);
        under(word, 0x20)
            | under(word ^ (ONES * u64::from(b'"')), 1)
            | under(word ^ (ONES * u64::from(b'\\')), 1)
    };
    let mut chunks = bytes.chunks_exact(8);
    let mut done = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let found = found(word);
        if found != 0 {
            return done + found.trailing_zeros() as usize / 8;
        }
        done += 8;
    }
    // The last bytes (most strings are shorter than eight) padded with a
    // plain one.
    let rest = chunks.remainder();
    let mut word = [b'a'; 8];
    word[..rest.len()].copy_from_slice(rest);
    done + (found(word).trailing_zeros() as usize / 8).min(rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn escapes_are_found_eight_bytes_a_step() {
        // Every byte value at every place of texts up to 19 bytes long, over
        // a background of plain, high (UTF-8 continuation) and edge bytes.
        let plain = |b: u8| !(b < 0x20 || b == b'"' || b == b'\\');
        for background in [b'a', 0x80, 0xff, 0x20, 0x21, 0x23, 0x5b, 0x5d] {
            for len in 0..20 {
                let mut bytes = alloc::vec![background; len];
                assert_eq!(plain_run(&bytes) < len, !plain(background) && len > 0);
                for at in 0..len {
                    for b in 0..=255u8 {
                        bytes[at] = b;
                        let want = bytes.iter().any(|&it| !plain(it));
                        assert_eq!(plain_run(&bytes) < len, want, "{bytes:?}");
                        let run = bytes.iter().position(|&it| !plain(it)).unwrap_or(len);
                        assert_eq!(plain_run(&bytes), run, "{bytes:?}");
                    }
                    bytes[at] = background;
                }
            }
        }
    }

    #[test]
    fn columns_on_ascii_lines_are_not_counted_but_agree() {
        // Every offset of a text mixing ASCII lines and wide ones, against
        // columns counted from the line's start.
        let text = "LAND PAR\r\nÞIVEREU = thi\n\nwater 𝄞X ABUTS\nlast ascii line";
        let index = LineIndex::new(text);
        for offset in 0..=text.len() as u32 + 3 {
            let at = (offset as usize).min(text.len());
            let mut end = at;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let start = text[..end].rfind('\n').map_or(0, |nl| nl + 1);
            let prefix = &text[start..end];
            let want = LineCol {
                line: text[..end].matches('\n').count() as u32 + 1,
                byte_col: prefix.len() as u32 + 1,
                char_col: prefix.chars().count() as u32 + 1,
                utf16_col: prefix.encode_utf16().count() as u32 + 1,
            };
            let got = index.line_col(text, offset);
            if text.is_char_boundary(at) {
                assert_eq!(got, want, "offset {offset}");
            } else {
                let got = (got.line, got.char_col, got.utf16_col);
                assert_eq!(got, (want.line, want.char_col, want.utf16_col), "offset {offset}");
            }
        }
    }

    #[test]
    fn columns_on_non_ascii() {
        // "ÞIVEREU" as in standard_glhetg.map, after latin-1 decoding.
        let text = decode(b"FLOW \xdeIVEREU:ADJUSTMENTS\nBEGIN x\n");
        let index = LineIndex::new(&text);
        let colon = text.find(':').unwrap() as u32;
        let pos = index.line_col(&text, colon);
        assert_eq!((pos.line, pos.byte_col, pos.char_col, pos.utf16_col), (1, 14, 13, 13));
        let begin = text.find("BEGIN").unwrap() as u32;
        assert_eq!(index.line_col(&text, begin).line, 2);
        assert_eq!(index.offset_of_utf16(&text, 1, 13), colon);
        // Astral characters take two UTF-16 units.
        let text = "a\u{1F600}b";
        let index = LineIndex::new(text);
        let pos = index.line_col(text, 5);
        assert_eq!((pos.byte_col, pos.char_col, pos.utf16_col), (6, 3, 4));
        assert_eq!(index.offset_of_utf16(text, 1, 4), 5);
    }

    #[test]
    fn offsets_clamp() {
        let text = "ab\ncd";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 99).line, 2);
        assert_eq!(index.line_col(text, 99).char_col, 3);
        assert_eq!(index.offset_of_utf16(text, 9, 1), 5);
        assert_eq!(index.offset_of_utf16(text, 1, 99), 2);
    }

    #[test]
    fn lines_with_spans() {
        let text = "ab\r\n\ncd";
        let got: Vec<_> = lines(text).map(|(span, line)| (span.start, span.end, line)).collect();
        assert_eq!(got, [(0, 2, "ab"), (4, 4, ""), (5, 7, "cd")]);
        let line = &text[5..7];
        assert_eq!(span_in(line, 5, &line[1..]), Span::new(6, 7));
    }

    #[test]
    fn decode_keeps_utf8_and_falls_back_to_latin1() {
        assert_eq!(decode("Ü".as_bytes()), "Ü");
        assert_eq!(decode(b"\xdc"), "Ü");
    }

    #[test]
    fn decimals_are_written_as_to_string_writes_them() {
        let mut out = String::new();
        for value in [0, 1, -1, 9, 10, 99, 100, 1901, -273, 1_000_000_007, i64::MAX, i64::MIN] {
            out.clear();
            push_decimal(&mut out, value);
            assert_eq!(out, value.to_string());
        }
        assert_eq!(decimal(u64::MAX, &mut [0; 20]), u64::MAX.to_string());
    }
}
