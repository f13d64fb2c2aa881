//! Syntax colouring: every word and comment of one file, classed from the
//! lossless tokens and DPjudge's line dispatch ([`super::parse`]), so the
//! editor colours exactly what the loader reads (no second grammar).

use alloc::vec::Vec;

use super::{LineKind, TokenKind, eq_ignore_case, parse};
use crate::text::{FileId, Span};

/// What a highlighted piece of text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// A comment line.
    Comment,
    /// A `# @pos ABBR x y` pin (a comment DPjudge ignores).
    Pin,
    /// A directive or terrain keyword (`USE`, `LAND`, `ABUTS`, `OWNS`…).
    Keyword,
    /// A full place name, or a file name after `USE`.
    Name,
    /// A place abbreviation.
    Abbr,
    /// A power.
    Power,
    /// Words the line reads as plain values (a FLOW list, a BEGIN phase…).
    Value,
}

impl Class {
    /// A short stable name (the page's CSS class suffix).
    pub const fn as_str(self) -> &'static str {
        match self {
            Class::Comment => "comment",
            Class::Pin => "pin",
            Class::Keyword => "keyword",
            Class::Name => "name",
            Class::Abbr => "abbr",
            Class::Power => "power",
            Class::Value => "value",
        }
    }
}

/// One classed span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// Its bytes.
    pub span: Span,
    /// What it is.
    pub class: Class,
}

/// Every comment and word of `text` with its class, in text order, without
/// overlaps (white space is left out).
pub fn highlight(text: &str) -> Vec<Highlight> {
    let parse = parse(FileId(0), text);
    let mut out: Vec<Highlight> = Vec::with_capacity(parse.tokens.len() / 2);
    for token in &parse.tokens {
        if token.kind == TokenKind::Comment {
            let body = token.span.text(text);
            let class = if crate::map::pins::pin_words(body).is_some() {
                Class::Pin
            } else {
                Class::Comment
            };
            out.push(Highlight { span: token.span, class });
        }
    }
    for line in &parse.lines {
        let words = &line.words;
        let mut push = |span: Span, class: Class| out.push(Highlight { span, class });
        match &line.kind {
            LineKind::StanzaLine => {}
            LineKind::Names { eq } => {
                // `eq` is the byte of the first `=`: names before, the
                // abbreviation and aliases after (a word may hold the `=`).
                let eq = *eq;
                for &word in words {
                    if word.end <= eq {
                        let arrow = word.text(text) == "->";
                        push(word, if arrow { Class::Keyword } else { Class::Name });
                    } else if word.start > eq {
                        push(word, Class::Abbr);
                    } else {
                        let before = Span::new(word.start, eq);
                        let after = Span::new(eq + 1, word.end);
                        if !before.is_empty() {
                            push(before, Class::Name);
                        }
                        push(Span::new(eq, eq + 1), Class::Keyword);
                        if !after.is_empty() {
                            push(after, Class::Abbr);
                        }
                    }
                }
            }
            LineKind::Terrain(_) => {
                for (idx, &word) in words.iter().enumerate() {
                    let keyword = idx == 0 || eq_ignore_case(word.text(text), "ABUTS");
                    push(word, if keyword { Class::Keyword } else { Class::Abbr });
                }
            }
            LineKind::Power => {
                for (idx, &word) in words.iter().enumerate() {
                    let keyword = word.text(text) == "->";
                    let class = if keyword {
                        Class::Keyword
                    } else if idx == 0
                        || words.get(idx.wrapping_sub(1)).is_some_and(|w| w.text(text) == "->")
                    {
                        Class::Power
                    } else {
                        Class::Abbr
                    };
                    push(word, class);
                }
            }
            kind => {
                let rest = match kind {
                    LineKind::Use(_) => Class::Name,
                    LineKind::Owns
                    | LineKind::Centers
                    | LineKind::Inhabits
                    | LineKind::Homes
                    | LineKind::Reserves
                    | LineKind::Militia
                    | LineKind::Unit
                    | LineKind::Drop => Class::Abbr,
                    LineKind::Unplayed
                    | LineKind::Dummy
                    | LineKind::Team
                    | LineKind::Control
                    | LineKind::League => Class::Power,
                    _ => Class::Value,
                };
                for (idx, &word) in words.iter().enumerate() {
                    push(word, if idx == 0 { Class::Keyword } else { rest });
                }
            }
        }
    }
    crate::sorting::sort_by_key(&mut out, |h| (h.span.start, h.span.end));
    out.dedup_by_key(|h| h.span.start);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(text: &str) -> Vec<(&str, &'static str)> {
        highlight(text).iter().map(|h| (h.span.text(text), h.class.as_str())).collect()
    }

    #[test]
    fn classes_follow_the_dispatch() {
        let text = "# a map\nParis = par\nRome=rom\nLAND PAR ABUTS bur gas\nFRANCE bre mar\nUSE standard.geography\nOWNS par\n# @pos PAR 10 20\nBEGIN SPRING 1901 MOVEMENT\n";
        assert_eq!(
            classes(text),
            [
                ("# a map", "comment"),
                ("Paris", "name"),
                ("=", "keyword"),
                ("par", "abbr"),
                ("Rome", "name"),
                ("=", "keyword"),
                ("rom", "abbr"),
                ("LAND", "keyword"),
                ("PAR", "abbr"),
                ("ABUTS", "keyword"),
                ("bur", "abbr"),
                ("gas", "abbr"),
                ("FRANCE", "power"),
                ("bre", "abbr"),
                ("mar", "abbr"),
                ("USE", "keyword"),
                ("standard.geography", "name"),
                ("OWNS", "keyword"),
                ("par", "abbr"),
                ("# @pos PAR 10 20", "pin"),
                ("BEGIN", "keyword"),
                ("SPRING", "value"),
                ("1901", "value"),
                ("MOVEMENT", "value"),
            ]
        );
    }

    #[cfg(feature = "bundled")]
    #[test]
    fn spans_are_ordered_and_disjoint_on_the_corpus() {
        for name in crate::bundled::files() {
            let text = crate::bundled::source(name).unwrap_or_default();
            let spans = highlight(&text);
            for pair in spans.windows(2) {
                assert!(pair[0].span.end <= pair[1].span.start, "{name}: overlapping highlights");
            }
        }
    }
}
