//! Pins written into the map text (the text is the source of truth): a
//! dragged province becomes one `# @pos ABBR x y` comment line, grouped at
//! the end of the top-level file, one per province; unpinning removes it.

use judgepad_core::map::pins::{MARKER, pin_words};

/// Whether `line` is a pin of `abbr` (any case).
fn pins_province(line: &str, abbr: &str) -> bool {
    pin_words(line)
        .and_then(|rest| rest.split_whitespace().next())
        .is_some_and(|word| word.eq_ignore_ascii_case(abbr))
}

/// `text` with `abbr` pinned at `(x, y)` (drawing units, rounded to 0.1).
pub fn set_pin(text: &str, abbr: &str, x: f64, y: f64) -> String {
    let mut out = remove_pin(text, abbr);
    let tenth = |v: f64| {
        let t = (v * 10.0).round() as i64;
        let sign = if t < 0 { "-" } else { "" };
        let t = t.unsigned_abs();
        if t.is_multiple_of(10) {
            format!("{sign}{}", t / 10)
        } else {
            format!("{sign}{}.{}", t / 10, t % 10)
        }
    };
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    let last_is_pin =
        out.lines().last().is_some_and(|line| pin_words(line.trim_end_matches('\r')).is_some());
    if !out.is_empty() && !last_is_pin {
        out.push('\n');
    }
    out.push_str(&format!("# {MARKER} {} {} {}\n", abbr.to_uppercase(), tenth(x), tenth(y)));
    out
}

/// `text` without the pins of `abbr`.
pub fn remove_pin(text: &str, abbr: &str) -> String {
    text.split_inclusive('\n').filter(|line| !pins_province(line, abbr)).collect()
}

/// Whether `text` pins `abbr`.
pub fn is_pinned(text: &str, abbr: &str) -> bool {
    text.lines().any(|line| pins_province(line, abbr))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_are_one_line_each_grouped_at_the_end() {
        let text = "MAP standard\nUSE standard.geography\n";
        let once = set_pin(text, "eng", 412.04, 120.0);
        assert_eq!(once, "MAP standard\nUSE standard.geography\n\n# @pos ENG 412 120\n");
        let twice = set_pin(&once, "PAR", 1.25, -3.0);
        assert_eq!(
            twice,
            "MAP standard\nUSE standard.geography\n\n# @pos ENG 412 120\n# @pos PAR 1.3 -3\n"
        );
        let moved = set_pin(&twice, "ENG", 10.0, 20.5);
        assert_eq!(moved.matches("@pos ENG").count(), 1);
        assert!(moved.ends_with("# @pos PAR 1.3 -3\n# @pos ENG 10 20.5\n"));
        assert!(is_pinned(&moved, "eng"));
        let unpinned = remove_pin(&moved, "ENG");
        assert!(!is_pinned(&unpinned, "ENG"));
        assert!(unpinned.contains("USE standard.geography"));
        // No trailing newline in the user's text: nothing they wrote is lost.
        assert_eq!(set_pin("X", "A", 1.0, 2.0), "X\n\n# @pos A 1 2\n");
        assert_eq!(set_pin("", "A", -0.5, 0.04), "# @pos A -0.5 0\n");
    }

    #[test]
    fn what_is_written_is_what_the_map_reads() {
        let text = set_pin(&crate::bridge::variant_text("standard"), "ENG", 400.0, 100.0);
        let loaded = crate::bridge::load("standard.map", &text);
        assert_eq!(loaded.map.pins.len(), 1);
        assert_eq!(loaded.map.pins[0].at, [40000, 10000]);
        assert!(loaded.diags.iter().all(|d| !d.code.ends_with("-pin")));
    }
}
