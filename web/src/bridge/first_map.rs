//! The default variant's first drawing, made ahead (issue 29): a phone on
//! a slow link waits over a second after the first page for the map's part
//! of the wasm (the layout and the map view, 227 KB), while a visitor's
//! first question is what the map looks like. So the build ships the
//! drawing of the default variant as it is drawn by that build
//! (`www/first-map.html`, 9 KB gzipped, captured from the page by
//! `tests/browser/first-map.mjs`; a browser test checks it is the page's
//! own drawing, byte for byte), and the page shows it, inert, until the
//! map's part has drawn its own: only while the files are exactly the
//! bundled variant it was made from (the text alone decides the map). The
//! page checks that the files are unedited and that the top-level file is
//! the text the drawing was made from; the files it `USE`s are not hashed
//! (standard's top-level file is its three `USE` lines), so a drawing left
//! stale by a change to them is caught by that browser test, not here.
//!
//! The file is one header line and the drawing's SVG:
//! `<!-- judgepad first map: standard.map 0123456789abcdef 598 / 779 -->`
//! (the top-level file, the FNV-1a hash of its text, the drawing's aspect
//! ratio).

use super::workspace::Workspace;

/// A drawing made ahead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstMap {
    /// The top-level file it was drawn from (`standard.map`).
    pub root: String,
    /// The hash of that file's text ([`source_key`]).
    pub source: u64,
    /// The drawing's aspect ratio, as CSS writes it (`598 / 779`).
    pub aspect: String,
    /// The drawing's SVG.
    pub svg: String,
}

const HEADER: &str = "<!-- judgepad first map: ";

/// The drawing in `file`, or `None` if it is not one (a server's error
/// page, a damaged file).
pub fn parse(file: &str) -> Option<FirstMap> {
    let (header, svg) = file.split_once('\n')?;
    let fields = header.strip_prefix(HEADER)?.strip_suffix(" -->")?;
    let mut words = fields.split(' ');
    let root = words.next()?.to_string();
    let source = u64::from_str_radix(words.next()?, 16).ok()?;
    let aspect: Vec<&str> = words.collect();
    let valid = |n: &str| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    if !matches!(aspect[..], [w, "/", h] if valid(w) && valid(h)) {
        return None;
    }
    let svg = svg.trim();
    if !svg.starts_with("<svg") || !svg.ends_with("</svg>") {
        return None;
    }
    Some(FirstMap { root, source, aspect: aspect.join(" "), svg: svg.to_string() })
}

/// The header line for a drawing of `root` whose text is `text`.
pub fn header(root: &str, text: &str, aspect: &str) -> String {
    format!("{HEADER}{root} {:016x} {aspect} -->", source_key(text))
}

/// FNV-1a (64 bits) of `text`'s bytes: which text a drawing was made from.
pub fn source_key(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whether `first` is the drawing of `workspace`: the bundled variant it
/// was made from, unedited, its top-level file the text it was made from.
pub fn applies(first: &FirstMap, workspace: &Workspace, root_text: Option<&str>) -> bool {
    !workspace.is_edited()
        && workspace.root == first.root
        && root_text.is_some_and(|text| source_key(text) == first.source)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SVG: &str = "<svg class=\"drawing\" viewBox=\"0 0 10 10\"><g></g></svg>";

    fn file(root: &str, text: &str) -> String {
        format!("{}\n{SVG}\n", header(root, text, "598 / 779"))
    }

    #[test]
    fn a_file_written_by_header_reads_back() {
        let first = parse(&file("standard.map", "text")).unwrap();
        assert_eq!(first.root, "standard.map");
        assert_eq!(first.source, source_key("text"));
        assert_eq!(first.aspect, "598 / 779");
        assert_eq!(first.svg, SVG);
    }

    #[test]
    fn what_is_not_a_drawing_is_refused() {
        for bad in [
            "",
            "<!doctype html><p>404</p>",
            &format!("<!-- judgepad first map: standard.map xyz 1 / 2 -->\n{SVG}"),
            &format!("<!-- judgepad first map: standard.map 00ff 1 2 -->\n{SVG}"),
            "<!-- judgepad first map: standard.map 00ff 1 / 2 -->\n<p>no</p>",
            &format!("<!-- judgepad first map: standard.map 00ff 1 / 2 -->\n{}", &SVG[..20]),
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    /// The hash the capture script (`tests/browser/first-map.mjs`) writes,
    /// in JavaScript's BigInt, for the same texts.
    #[test]
    fn the_hash_is_fnv1a() {
        assert_eq!(source_key(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(source_key("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(source_key("é"), 0x0ac2_1707_b718_1e01);
    }

    #[test]
    fn only_the_unedited_variant_it_was_made_from() {
        let text = judgepad_core::bundled::source("standard.map").unwrap();
        let first = parse(&file("standard.map", &text)).unwrap();
        let standard = Workspace::bundled("standard");
        assert!(applies(&first, &standard, Some(&text)));
        // Another text of the same file (a rebuilt corpus), another
        // variant, an edit: not this drawing.
        assert!(!applies(&first, &standard, Some("VARIANT other\n")));
        assert!(!applies(&first, &Workspace::bundled("ancmed"), Some(&text)));
        let mut edited = standard.clone();
        edited.set("standard.map", format!("{text}\n# a comment\n"));
        assert!(!applies(&first, &edited, edited.text("standard.map").as_deref()));
    }
}
