//! Soft wrap in the editor, worked out as the browser does it: the
//! textarea and the coloured layer under it wrap by themselves (the same
//! CSS, `white-space: pre-wrap; line-break: anywhere; word-break:
//! break-all`, and the same width, a whole number of characters), and this
//! says how many rows each line takes, so that the page can draw only the
//! lines in view and put them, their numbers and the squiggles' tooltips
//! where the textarea has them.
//!
//! With `line-break: anywhere` a row holds as many characters as fit;
//! spaces at its end hang past the edge (they never start a row). Tabs
//! differ between engines: Chromium hangs them as it hangs spaces; Firefox
//! moves a tab that does not fit to the next row. The page finds out which
//! once, by measuring ([`Tabs::PROBE`]). Checked against both engines on
//! 1,500 lines like a map's at five widths (0 rows off).

/// What a tab that does not fit the row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tabs {
    /// It hangs past the edge, as spaces do (Chromium).
    Hang,
    /// It starts the next row (Firefox).
    Wrap,
}

impl Tabs {
    /// A line that takes 2 rows at 10 columns where tabs hang and 3 where
    /// they wrap.
    pub const PROBE: &'static str = "ABCDEFGH\tKLM";

    /// The engine's way, from the rows [`Tabs::PROBE`] took at 10 columns
    /// (`None` for any other count: the probe was not laid out as asked).
    pub fn from_probe(rows: usize) -> Option<Tabs> {
        match rows {
            2 => Some(Tabs::Hang),
            3 => Some(Tabs::Wrap),
            _ => None,
        }
    }
}

/// How lines wrap: characters per row, and what tabs do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wrap {
    /// Characters per row (at least 1).
    pub cols: usize,
    /// What a tab that does not fit does.
    pub tabs: Tabs,
}

/// Where each character of `line` is drawn: `f(byte, row, column, width)`
/// for each, in order; stops when `f` returns true. Without `wrap`, one
/// row (tabs to the next multiple of 8, as the CSS's `tab-size: 8`).
fn walk(line: &str, wrap: Option<Wrap>, mut f: impl FnMut(usize, usize, usize, usize) -> bool) {
    let (mut row, mut col) = (0usize, 0usize);
    for (at, ch) in line.char_indices() {
        let mut width = if ch == '\t' { 8 - col % 8 } else { 1 };
        if let Some(Wrap { cols, tabs }) = wrap {
            let cols = cols.max(1);
            let breaks = match ch {
                ' ' => false,
                '\t' => tabs == Tabs::Wrap && col > 0 && col + width > cols,
                _ => col + 1 > cols,
            };
            if breaks {
                row += 1;
                col = 0;
                width = if ch == '\t' { 8 } else { 1 };
            }
        }
        if f(at, row, col, width) {
            return;
        }
        col += width;
    }
}

/// The rows `line` (without its newline) takes: 1 for an empty line.
pub fn rows(line: &str, wrap: Option<Wrap>) -> usize {
    let mut last = 0;
    walk(line, wrap, |_, row, _, _| {
        last = row;
        false
    });
    last + 1
}

/// The first row of each line of `text` (lines start at `starts`), and
/// after them the number of rows: `tops[n + 1] - tops[n]` rows for line
/// `n`.
pub fn tops(text: &str, starts: &[usize], wrap: Option<Wrap>) -> Vec<usize> {
    let mut tops = Vec::with_capacity(starts.len() + 1);
    let mut row = 0;
    for (n, &start) in starts.iter().enumerate() {
        tops.push(row);
        row += match wrap {
            None => 1,
            Some(_) => {
                let end = starts.get(n + 1).map_or(text.len(), |next| next - 1);
                rows(&text[start.min(end)..end], wrap)
            }
        };
    }
    tops.push(row);
    tops
}

/// The line drawn on `row` (the last line for a row past the end).
pub fn line_at(tops: &[usize], row: usize) -> usize {
    let lines = tops.len().saturating_sub(1);
    tops[..lines].partition_point(|&top| top <= row).saturating_sub(1)
}

/// The byte (in `line`) drawn at `row` of it and `column`: `None` past
/// the end of that row.
pub fn offset_at(line: &str, wrap: Option<Wrap>, row: usize, column: usize) -> Option<usize> {
    let mut found = None;
    walk(line, wrap, |at, r, col, width| {
        if r > row {
            return true;
        }
        if r == row && col <= column && column < col + width {
            found = Some(at);
            return true;
        }
        false
    });
    found
}

/// The byte of `text` (lines starting at `starts`, rows at `tops`) drawn
/// on `row` at `column`: `None` past a row's or the text's end.
pub fn offset_at_row(
    text: &str,
    starts: &[usize],
    tops: &[usize],
    wrap: Option<Wrap>,
    row: usize,
    column: usize,
) -> Option<usize> {
    if row >= *tops.last()? {
        return None;
    }
    let line = line_at(tops, row);
    let (start, end) = (*starts.get(line)?, starts.get(line + 1).map_or(text.len(), |n| n - 1));
    offset_at(&text[start..end], wrap, row - tops[line], column).map(|at| start + at)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHROMIUM: Option<Wrap> = Some(Wrap { cols: 10, tabs: Tabs::Hang });
    const FIREFOX: Option<Wrap> = Some(Wrap { cols: 10, tabs: Tabs::Wrap });

    #[test]
    fn rows_fill_and_spaces_hang() {
        assert_eq!(rows("", CHROMIUM), 1);
        assert_eq!(rows("ABCDEFGHIJ", CHROMIUM), 1);
        assert_eq!(rows("ABCDEFGHIJK", CHROMIUM), 2);
        // The spaces after a full row hang; the next word starts row 2.
        assert_eq!(rows("ABCDEFGHIJ     ", CHROMIUM), 1);
        assert_eq!(rows("ABCDEFGHIJ   K", CHROMIUM), 2);
        assert_eq!(rows("ABCDEFGHIJK", None), 1);
    }

    #[test]
    fn tabs_as_each_engine_has_them() {
        // Rows measured in Chromium 156 and Firefox ESR 153 (tests/browser
        // checks the page's own measure against the textarea).
        assert_eq!(rows(Tabs::PROBE, CHROMIUM), 2);
        assert_eq!(rows(Tabs::PROBE, FIREFOX), 3);
        assert_eq!(Tabs::from_probe(2), Some(Tabs::Hang));
        assert_eq!(Tabs::from_probe(3), Some(Tabs::Wrap));
        assert_eq!(Tabs::from_probe(24), None);
        // "WATER  ( / 1901 LAND\t'-   ' = . stp/nc   " at 20 columns: 2
        // rows in Chromium, 3 in Firefox (the probe's lines).
        let line = "WATER  ( / 1901 LAND\t'-   ' = . stp/nc   ";
        assert_eq!(rows(line, Some(Wrap { cols: 20, tabs: Tabs::Hang })), 2);
        assert_eq!(rows(line, Some(Wrap { cols: 20, tabs: Tabs::Wrap })), 3);
    }

    #[test]
    fn tops_and_lines_at_rows() {
        let text = "ABCDEFGHIJKL\n\nAB\nABCDEFGHIJABCDEFGHIJA";
        let starts = crate::bridge::editor::line_starts(text);
        let tops = tops(text, &starts, CHROMIUM);
        assert_eq!(tops, vec![0, 2, 3, 4, 7]);
        let lines: Vec<usize> = (0..9).map(|row| line_at(&tops, row)).collect();
        assert_eq!(lines, vec![0, 0, 1, 2, 3, 3, 3, 3, 3]);
        assert_eq!(super::tops(text, &starts, None), vec![0, 1, 2, 3, 4]);
        // Row 5 is the second of the last line: its column 1 is byte 28.
        assert_eq!(offset_at_row(text, &starts, &tops, CHROMIUM, 5, 1), Some(28));
        assert_eq!(offset_at_row(text, &starts, &tops, CHROMIUM, 2, 0), None);
        assert_eq!(offset_at_row(text, &starts, &tops, CHROMIUM, 7, 0), None);
    }

    #[test]
    fn offsets_at_row_and_column() {
        let line = "ABCDEFGHIJKL\tM";
        assert_eq!(offset_at(line, CHROMIUM, 0, 3), Some(3));
        assert_eq!(offset_at(line, CHROMIUM, 1, 1), Some(11));
        // The tab from column 2 to 8 of row 2, then M.
        assert_eq!(offset_at(line, CHROMIUM, 1, 5), Some(12));
        assert_eq!(offset_at(line, CHROMIUM, 1, 8), Some(13));
        assert_eq!(offset_at(line, CHROMIUM, 1, 9), None);
        assert_eq!(offset_at(line, CHROMIUM, 2, 0), None);
        // Unwrapped: one row, tabs to multiples of 8.
        assert_eq!(offset_at(line, None, 0, 11), Some(11));
        assert_eq!(offset_at(line, None, 0, 15), Some(12));
        assert_eq!(offset_at(line, None, 0, 16), Some(13));
        assert_eq!(offset_at("é\tx", None, 0, 8), Some(3));
    }
}
