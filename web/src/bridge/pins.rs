//! Pins written into the map text (the text is the source of truth): a
//! dragged province becomes one `# @pos ABBR x y` comment line, grouped at
//! the end of the top-level file, one per province; unpinning removes a
//! province's pins (or all pins) from whichever files hold them.

use judgepad_core::map::Map;
use judgepad_core::map::pins::{MARKER, pin_words, without_pins};

use super::workspace::Workspace;

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

/// The files of `map` that pin `abbr` (every province's pins when `abbr`
/// is `None`), by name.
pub fn files_pinning(map: &Map, abbr: Option<&str>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for file in &map.files {
        let text = &*file.text;
        let pins = match abbr {
            Some(abbr) => is_pinned(text, abbr),
            None => text.lines().any(|line| pin_words(line).is_some()),
        };
        if pins && !names.contains(&file.name) {
            names.push(file.name.clone());
        }
    }
    names
}

/// Unpins `abbr` (every province when `None`) in each file of `map` that
/// pins it: the top-level file, and a bundled file's pins too (the
/// workspace keeps the user's copy, which can be reverted).
pub fn unpin(workspace: &mut Workspace, map: &Map, abbr: Option<&str>) {
    for name in files_pinning(map, abbr) {
        workspace.edit(&name, |text| match abbr {
            Some(abbr) => remove_pin(text, abbr),
            None => without_pins(text),
        });
    }
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
        assert_eq!(without_pins(&moved), "MAP standard\nUSE standard.geography\n\n");
        // No trailing newline in the user's text: nothing they wrote is lost.
        assert_eq!(set_pin("X", "A", 1.0, 2.0), "X\n\n# @pos A 1 2\n");
        assert_eq!(set_pin("", "A", -0.5, 0.04), "# @pos A -0.5 0\n");
    }

    #[test]
    fn what_is_written_is_what_the_map_reads() {
        let text = set_pin(&crate::bridge::variant_text("standard"), "ENG", 400.0, 100.0);
        let loaded = crate::bridge::load("standard.map", &text);
        // ENG in the top-level file, beside the pins standard.geography ships.
        let own: Vec<_> = loaded.map.pins.iter().filter(|p| p.line.file.0 == 0).collect();
        assert_eq!(own.len(), 1);
        assert_eq!(own[0].at, [40000, 10000]);
        assert!(loaded.diags.iter().all(|d| !d.code.ends_with("-pin")));
    }

    #[test]
    fn unpinning_reaches_the_file_that_pins() {
        let mut workspace = Workspace::bundled("standard");
        let root = workspace.root.clone();
        workspace.edit(&root, |t| set_pin(t, "ENG", 400.0, 100.0));
        let map = |w: &Workspace| w.load().map;
        // BUR is pinned by standard.geography (a shipped pin), ENG by the
        // top-level file.
        assert_eq!(files_pinning(&map(&workspace), Some("bur")), ["standard.geography"]);
        assert_eq!(files_pinning(&map(&workspace), Some("ENG")), [root.as_str()]);
        let before = map(&workspace);
        unpin(&mut workspace, &before, Some("BUR"));
        let after = map(&workspace);
        assert!(after.pins.iter().all(|p| after.prov(p.province).abbr != "BUR"));
        assert!(!after.pins.is_empty());
        unpin(&mut workspace, &after, None);
        assert!(map(&workspace).pins.is_empty());
    }
}
