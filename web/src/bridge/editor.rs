//! The editor's view model: which lines to draw, cut into coloured pieces
//! (syntax classes from the core's highlighter, squiggles from diagnostics,
//! other uses of the word at the caret), and the offsets the browser counts
//! (UTF-16) against the core's bytes. Pure; tested natively.

use judgepad_core::syntax::highlight::{Class, Highlight};

/// A range of the text marked for the eye: a squiggle (`sq-error`,
/// `sq-warning`, `sq-note`, `sq-related`) or another use of a word (`same`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// First byte.
    pub start: usize,
    /// End byte (exclusive; an empty mark covers the next character).
    pub end: usize,
    /// CSS class.
    pub class: &'static str,
}

/// A piece of one line with its classes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The text.
    pub text: String,
    /// Space-separated CSS classes (may be empty).
    pub class: String,
}

/// One drawn line: its 0-based number and pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LineView {
    /// 0-based line number.
    pub number: usize,
    /// The pieces, covering the line.
    pub pieces: Vec<Piece>,
}

/// Byte offsets where each line starts.
pub fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(at, _)| at + 1));
    starts
}

/// The most pieces a line is cut into; a line that would need more is one
/// plain piece.
pub const MAX_PIECES: usize = 2_000;

/// Lines `first..first + count` of `text`, cut into pieces.
pub fn lines(
    text: &str,
    starts: &[usize],
    highlights: &[Highlight],
    marks: &[Mark],
    first: usize,
    count: usize,
) -> Vec<LineView> {
    let last = (first + count).min(starts.len());
    let first = first.min(last);
    // The marks that reach these lines (a line is cut by each mark it
    // meets: the whole file's, 26,000 on a 2 MB paste, were walked per line).
    let (from, to) = (starts.get(first).copied().unwrap_or(0), starts.get(last).copied());
    let near: Vec<Mark> = marks
        .iter()
        .filter(|mark| {
            // As `line` widens them: an empty mark covers a character.
            let start = mark.start.min(text.len());
            start <= to.unwrap_or(usize::MAX) && mark.end.max(start + 4) > from
        })
        .cloned()
        .collect();
    (first..last).map(|number| line(text, starts, highlights, &near, number)).collect()
}

fn line(
    text: &str,
    starts: &[usize],
    highlights: &[Highlight],
    marks: &[Mark],
    number: usize,
) -> LineView {
    let start = starts[number];
    let end = starts.get(number + 1).map_or(text.len(), |next| next - 1);
    // Marks, with an empty one widened to the character after it.
    let widened: Vec<(usize, usize, &'static str)> = marks
        .iter()
        .map(|mark| {
            let s = mark.start.min(text.len());
            let e = if mark.end > s {
                mark.end.min(text.len())
            } else {
                text[s..].chars().next().map_or(s, |ch| s + ch.len_utf8())
            };
            (s, e, mark.class)
        })
        .filter(|&(s, e, _)| s <= end && e > start)
        .collect();
    let first_hl = highlights.partition_point(|h| (h.span.end as usize) <= start);
    let in_line: Vec<&Highlight> =
        highlights[first_hl..].iter().take_while(|h| (h.span.start as usize) < end).collect();
    let mut cuts = vec![start, end];
    for h in &in_line {
        cuts.push((h.span.start as usize).clamp(start, end));
        cuts.push((h.span.end as usize).clamp(start, end));
    }
    for &(s, e, _) in &widened {
        cuts.push(s.clamp(start, end));
        cuts.push(e.clamp(start, end));
    }
    cuts.retain(|&at| text.is_char_boundary(at));
    judgepad_core::sorting::sort(&mut cuts);
    cuts.dedup();
    // A line of thousands of words is drawn plain, as one piece: a line of
    // 60,000 words drawn as 120,000 spans took Chromium minutes to lay
    // out when lines do not wrap (a file over 256 KB).
    if cuts.len() > MAX_PIECES {
        return LineView {
            number,
            pieces: vec![Piece { text: text[start..end].to_string(), class: String::new() }],
        };
    }
    // One sweep over the cuts: the highlight under each piece found by a
    // cursor (they are in order and do not overlap), the marks under it
    // kept as a running set (a line of 20,000 words, each marked, took
    // seconds searched piece by piece).
    let mut by_start: Vec<usize> = (0..widened.len()).collect();
    judgepad_core::sorting::sort_by_key(&mut by_start, |&idx| widened[idx].0);
    let (mut next_mark, mut active) = (0, Vec::<usize>::new());
    let mut hl = 0;
    let mut pieces = Vec::new();
    for pair in cuts.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let mut class = String::new();
        while hl < in_line.len() && (in_line[hl].span.end as usize) <= a {
            hl += 1;
        }
        if let Some(h) = in_line.get(hl).filter(|h| (h.span.start as usize) <= a) {
            class.push_str("t-");
            class.push_str(h.class.as_str());
        }
        while next_mark < by_start.len() && widened[by_start[next_mark]].0 <= a {
            active.push(by_start[next_mark]);
            next_mark += 1;
        }
        active.retain(|&idx| a < widened[idx].1);
        judgepad_core::sorting::sort(&mut active);
        for &idx in &active {
            if !class.is_empty() {
                class.push(' ');
            }
            class.push_str(widened[idx].2);
        }
        pieces.push(Piece { text: text[a..b].to_string(), class });
    }
    // A mark at the end of the line (a missing word) shows on a space.
    for &(s, _, mark) in &widened {
        if s == end {
            pieces.push(Piece { text: " ".to_string(), class: mark.to_string() });
        }
    }
    LineView { number, pieces }
}

/// The highlights of lines `first..first + count` only, read as a text of
/// their own (for very large files: the cost is a screenful, whatever the
/// file's size; a stanza that opens above the window is not seen).
pub fn visible_highlights(
    text: &str,
    starts: &[usize],
    first: usize,
    count: usize,
) -> Vec<Highlight> {
    let first = first.min(starts.len().saturating_sub(1));
    let from = starts.get(first).copied().unwrap_or(0);
    let to = starts.get(first + count).copied().unwrap_or(text.len());
    let shift = from as u32;
    judgepad_core::syntax::highlight::highlight(&text[from..to])
        .into_iter()
        .map(|mut h| {
            h.span.start += shift;
            h.span.end += shift;
            h
        })
        .collect()
}

/// The UTF-16 offset of byte `at` (what a textarea's selection counts).
pub fn utf16_offset(text: &str, at: usize) -> u32 {
    let at = floor_boundary(text, at);
    text[..at].encode_utf16().count() as u32
}

/// `text` with `clip` pasted over the UTF-16 range `from..to` (what a
/// textarea reports), line ends as a textarea keeps them (`\r\n` and `\r`
/// read as `\n`), and the caret after it, in UTF-16 units.
pub fn paste(text: &str, from: u32, to: u32, clip: &str) -> (String, u32) {
    let clip = clip.replace("\r\n", "\n").replace('\r', "\n");
    let (from, to) = (from.min(to), from.max(to));
    let (a, b) = (byte_offset(text, from), byte_offset(text, to));
    let mut out = String::with_capacity(text.len() - (b - a) + clip.len());
    out.push_str(&text[..a]);
    out.push_str(&clip);
    out.push_str(&text[b..]);
    (out, from + clip.encode_utf16().count() as u32)
}

/// The byte offset of UTF-16 offset `at`.
pub fn byte_offset(text: &str, at: u32) -> usize {
    let mut units = 0u32;
    for (byte, ch) in text.char_indices() {
        if units >= at {
            return byte;
        }
        units += ch.len_utf16() as u32;
    }
    text.len()
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The highlighted word at byte `at` (or just before it), if any.
pub fn word_at(highlights: &[Highlight], at: usize) -> Option<Highlight> {
    highlights
        .iter()
        .find(|h| {
            (h.span.start as usize) <= at && at <= h.span.end as usize && h.class != Class::Comment
        })
        .copied()
}

/// The other uses of the abbreviation `word` (any case, coast suffix
/// ignored) among `highlights`.
pub fn uses(text: &str, highlights: &[Highlight], word: &str) -> Vec<Mark> {
    let key = province_key(word);
    if key.is_empty() {
        return Vec::new();
    }
    highlights
        .iter()
        .filter(|h| {
            h.class == Class::Abbr && province_key(h.span.text(text)).eq_ignore_ascii_case(key)
        })
        .map(|h| Mark { start: h.span.start as usize, end: h.span.end as usize, class: "same" })
        .collect()
}

/// The squiggles of `rows` in file `open`: each diagnostic's primary span
/// by its severity, and its related places.
pub fn marks_of(rows: &[crate::bridge::DiagnosticRow], open: &str) -> Vec<Mark> {
    let mut marks = Vec::new();
    for row in rows {
        if row.path == open {
            let class = match row.severity {
                "error" => "sq-error",
                "warning" => "sq-warning",
                _ => "sq-note",
            };
            marks.push(Mark { start: row.span.0, end: row.span.1, class });
        }
        for (path, span, _) in &row.related {
            if *path == open {
                marks.push(Mark { start: span.0, end: span.1, class: "sq-related" });
            }
        }
    }
    marks
}

/// The status line at byte `at` of `text` (file `open`): `Ln 3, Col 7`,
/// and the diagnostic there, if any.
pub fn status_line(
    text: &str,
    at: usize,
    rows: &[crate::bridge::DiagnosticRow],
    open: &str,
) -> String {
    let at = floor_boundary(text, at);
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count() + 1;
    let col = utf16_offset(&text[line_start..], at - line_start) + 1;
    let here = rows
        .iter()
        .find(|row| row.path == open && row.span.0 <= at && at <= row.span.1)
        .map(|row| format!(" — {}[{}]: {}", row.severity, row.code, row.message));
    format!("Ln {line}, Col {col}{}", here.unwrap_or_default())
}

/// The tooltip over byte `at` of file `open`: the first diagnostic whose
/// squiggle covers it (an empty span covers the character after it), with
/// its help.
pub fn tip_at(rows: &[crate::bridge::DiagnosticRow], open: &str, at: usize) -> String {
    rows.iter()
        .find(|row| row.path == open && row.span.0 <= at && at <= row.span.1.max(row.span.0 + 1))
        .map(|row| {
            let mut tip = format!("{}[{}]: {}", row.severity, row.code, row.message);
            if let Some(help) = &row.help {
                tip.push('\n');
                tip.push_str(help);
            }
            tip
        })
        .unwrap_or_default()
}

/// Where `word` (an abbreviation, any case, a coast ignored) is defined in
/// `map`: the file and the bytes of the abbreviation on its terrain line.
pub fn definition(map: &judgepad_core::map::Map, word: &str) -> Option<(String, usize, usize)> {
    let key = province_key(word).to_ascii_uppercase();
    let loc = map.locations.iter().find(|loc| loc.abbr == key)?;
    let file = map.files.get(loc.at.file.0 as usize)?;
    Some((file.name.clone(), loc.at.span.start as usize, loc.at.span.end as usize))
}

/// `SPA/NC` → `SPA`; `(own:x)` and other punctuation stay as they are.
pub fn province_key(word: &str) -> &str {
    word.split('/').next().unwrap_or(word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use judgepad_core::syntax::highlight::highlight;

    fn show(view: &LineView) -> String {
        view.pieces
            .iter()
            .map(|p| {
                if p.class.is_empty() {
                    p.text.clone()
                } else {
                    format!("[{}|{}]", p.class, p.text)
                }
            })
            .collect()
    }

    #[test]
    fn pieces_carry_classes_and_squiggles() {
        let text = "Paris = par\nLAND PAR ABUTS bur\n";
        let hl = highlight(text);
        let starts = line_starts(text);
        let marks = [Mark { start: 27, end: 30, class: "sq-error" }];
        let views = lines(text, &starts, &hl, &marks, 0, 10);
        assert_eq!(views.len(), 3);
        assert_eq!(show(&views[0]), "[t-name|Paris] [t-keyword|=] [t-abbr|par]");
        assert_eq!(
            show(&views[1]),
            "[t-keyword|LAND] [t-abbr|PAR] [t-keyword|ABUTS] [t-abbr sq-error|bur]"
        );
        assert_eq!(show(&views[2]), "");
    }

    #[test]
    fn empty_marks_widen_and_line_ends_show() {
        let text = "LAND PAR ABUTS\n";
        let hl = highlight(text);
        let starts = line_starts(text);
        let at_end = [Mark { start: 14, end: 14, class: "sq-error" }];
        let views = lines(text, &starts, &hl, &at_end, 0, 1);
        assert!(show(&views[0]).ends_with("[sq-error| ]"), "{}", show(&views[0]));
        let inside = [Mark { start: 5, end: 5, class: "sq-warning" }];
        let views = lines(text, &starts, &hl, &inside, 0, 1);
        assert!(show(&views[0]).contains("[t-abbr sq-warning|P]"), "{}", show(&views[0]));
    }

    #[test]
    fn a_line_of_thousands_of_words_is_one_plain_piece() {
        let text = format!("Some {}long name = vln\n", "very ".repeat(5_000));
        let hl = highlight(&text);
        let starts = line_starts(&text);
        let marks = [Mark { start: 5, end: 9, class: "sq-error" }];
        let views = lines(&text, &starts, &hl, &marks, 0, 1);
        assert_eq!(views[0].pieces.len(), 1);
        assert_eq!(views[0].pieces[0].text, text.trim_end());
        assert_eq!(views[0].pieces[0].class, "");
        let short = "Some very long name = vln\n";
        let views = lines(short, &line_starts(short), &highlight(short), &[], 0, 1);
        assert!(views[0].pieces.len() > 1);
    }

    #[test]
    fn the_sweep_classes_every_piece_as_a_search_would() {
        // standard.geography with marks that overlap, nest, are empty and
        // cross lines, against each piece's classes searched one by one.
        let text = judgepad_core::bundled::source("standard.geography").unwrap();
        let starts = line_starts(&text);
        let hl = highlight(&text);
        let mut marks = Vec::new();
        for (idx, at) in (0..text.len()).step_by(37).enumerate() {
            let len = [0, 3, 11, 60][idx % 4];
            let class = ["sq-error", "same", "sq-related", "sq-warning"][idx % 4];
            marks.push(Mark { start: at, end: (at + len).min(text.len()), class });
        }
        for view in lines(&text, &starts, &hl, &marks, 0, starts.len()) {
            let mut at = starts[view.number];
            for piece in &view.pieces {
                let end = starts.get(view.number + 1).map_or(text.len(), |next| next - 1);
                if at >= end && piece.text == " " {
                    continue; // a mark at the line's end
                }
                let mut want = String::new();
                if let Some(h) =
                    hl.iter().find(|h| (h.span.start as usize) <= at && at < h.span.end as usize)
                {
                    want = format!("t-{}", h.class.as_str());
                }
                for mark in &marks {
                    let e = if mark.end > mark.start {
                        mark.end
                    } else {
                        text[mark.start..]
                            .chars()
                            .next()
                            .map_or(mark.start, |ch| mark.start + ch.len_utf8())
                    };
                    if mark.start <= at && at < e {
                        if !want.is_empty() {
                            want.push(' ');
                        }
                        want.push_str(mark.class);
                    }
                }
                assert_eq!(piece.class, want, "line {} at {at}", view.number);
                at += piece.text.len();
            }
        }
    }

    #[test]
    fn a_window_colours_like_the_whole() {
        let text = judgepad_core::bundled::source("standard.geography").unwrap();
        let starts = line_starts(&text);
        let whole = highlight(&text);
        let window = visible_highlights(&text, &starts, 40, 30);
        let (from, to) = (starts[40], starts[70]);
        let inside: Vec<_> = whole
            .into_iter()
            .filter(|h| h.span.start as usize >= from && (h.span.end as usize) <= to)
            .collect();
        assert_eq!(window, inside);
    }

    #[test]
    fn a_window_of_lines_meets_the_marks_each_line_meets() {
        // Marks everywhere: empty ones, at line ends, across lines, past
        // the end of the text; each window's lines as each line alone.
        let text = "é LAND A\nWATER B\n\nCOAST C ABUTS A B\nx\n";
        let starts = line_starts(text);
        let hl = highlight(text);
        let mut marks = Vec::new();
        let boundary = |at: usize| at > text.len() || text.is_char_boundary(at);
        for start in (0..=text.len() + 2).filter(|&at| boundary(at)) {
            for len in [0, 1, 3, 9].into_iter().filter(|&len| boundary(start + len)) {
                marks.push(Mark { start, end: start + len, class: "sq-error" });
            }
        }
        for first in 0..starts.len() {
            for count in 0..=starts.len() - first {
                let window = lines(text, &starts, &hl, &marks, first, count);
                let alone: Vec<LineView> =
                    (first..first + count).map(|n| line(text, &starts, &hl, &marks, n)).collect();
                assert_eq!(window, alone, "lines {first}..{}", first + count);
            }
        }
    }

    #[test]
    fn offsets_round_trip_through_utf16() {
        let text = "Þ 𝄞 x";
        for (byte, _) in text.char_indices() {
            assert_eq!(byte_offset(text, utf16_offset(text, byte)), byte);
        }
        assert_eq!(utf16_offset(text, text.len()), 6);
    }

    #[test]
    fn status_names_line_column_and_the_diagnostic_there() {
        let text = "Paris = par\nLAND PAR ABUTS zzz\n";
        let loaded = crate::bridge::load("x.map", text);
        let rows = crate::bridge::analysis_with(&loaded, &[]).diagnostics;
        assert!(status_line(text, 0, &rows, "x.map").starts_with("Ln 1, Col 1"));
        assert_eq!(status_line(text, 3, &rows, "x.map"), "Ln 1, Col 4");
        let at = text.find("zzz").unwrap();
        let line = status_line(text, at, &rows, "x.map");
        assert!(line.starts_with("Ln 2, Col 16 — error["), "{line}");
        assert!(marks_of(&rows, "x.map").iter().any(|m| m.start == at && m.class == "sq-error"));
        assert!(marks_of(&rows, "other.map").is_empty());
        assert!(tip_at(&rows, "x.map", at + 1).contains("zzz"));
        // The terrain line that makes the location.
        assert_eq!(definition(&loaded.map, "Par/nc"), Some(("x.map".to_string(), 17, 20)));
        assert_eq!(definition(&loaded.map, "zzz"), None);
    }

    #[test]
    fn uses_ignore_case_and_coasts() {
        let text = "LAND SPA ABUTS por\nWATER MAO ABUTS spa/nc SPA/SC\n";
        let hl = highlight(text);
        assert_eq!(uses(text, &hl, "Spa").len(), 3);
    }

    #[test]
    fn paste_replaces_the_selection_in_utf16_units() {
        assert_eq!(paste("abc", 1, 2, "XY"), ("aXYc".to_string(), 3));
        // After a character outside the BMP (two UTF-16 units).
        assert_eq!(paste("é😀z", 3, 3, "a\r\nb\rc"), ("é😀a\nb\ncz".to_string(), 8));
        // A backwards range, and a paste over everything.
        assert_eq!(paste("hello", 5, 0, "x"), ("x".to_string(), 1));
    }
}
