//! Splitting order text into words like DPjudge's `Map.norm`, keeping each
//! word's span, its raw form (a place may be called `AND`) and what separates
//! it from the word before (a move arrow or a hyphen inside a name).

use alloc::string::String;
use alloc::vec::Vec;

use crate::map::names::{CharClass, char_class, keyword, upper};
use crate::text::Span;

/// One word of order text: as written (upper-cased) and as `Map.norm` maps
/// it, with the bytes it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Word {
    /// Upper-cased, not mapped (`AND`, `VIA`): how a place abbreviation reads.
    pub(crate) raw: String,
    /// Through the keyword table (`AND` → empty, `VIA` → `~`, `NC` → `/NC`).
    pub(crate) text: String,
    pub(crate) span: Span,
    /// What separates it from the word before.
    pub(crate) after: Sep,
}

/// What separates two words of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Sep {
    /// Spaces, `+`, `,`, brackets.
    Space,
    /// A `-` between two letters (`Mid-Atlantic`): a name or a move.
    Hyphen,
    /// A `-` with a space beside it, or `>` (`A PAR - BUR`, `PAR->BUR`): a move.
    Arrow,
}

/// Splits order text like `Map.norm`, keeping spans. Filler words (`THE`,
/// `TO`, `AND`) stay, with empty `text`: they may be place names.
pub(crate) fn words(text: &str, line: Span) -> Vec<Word> {
    let mut res: Vec<Word> = Vec::new();
    let mut cur = String::new();
    let mut start = line.start;
    let base = line.start;
    let mut dash = Sep::Space;
    let flush = |cur: &mut String, start: u32, end: u32, res: &mut Vec<Word>, dash: &mut Sep| {
        if cur.is_empty() {
            return;
        }
        let raw = upper(cur);
        cur.clear();
        let text = keyword(&raw).map_or_else(|| raw.clone(), String::from);
        res.push(Word { raw, text, span: Span::new(start, end), after: *dash });
        *dash = Sep::Space;
    };
    let line_text = line.text(text);
    for (offset, ch) in line_text.char_indices() {
        let at = base + offset as u32;
        match char_class(ch) {
            CharClass::Dropped => (),
            CharClass::Dash | CharClass::Arrow => {
                let glued = ch == '-'
                    && !cur.is_empty()
                    && line_text[offset + 1..].chars().next().is_some_and(char::is_alphanumeric);
                flush(&mut cur, start, at, &mut res, &mut dash);
                dash = dash.max(if glued { Sep::Hyphen } else { Sep::Arrow });
            }
            CharClass::Joiner | CharClass::Space => flush(&mut cur, start, at, &mut res, &mut dash),
            CharClass::Slash => {
                flush(&mut cur, start, at, &mut res, &mut dash);
                cur.push('/');
                start = at;
            }
            CharClass::Mark => {
                flush(&mut cur, start, at, &mut res, &mut dash);
                let end = at + ch.len_utf8() as u32;
                cur.push(ch);
                flush(&mut cur, at, end, &mut res, &mut dash);
            }
            CharClass::Letter => {
                if cur.is_empty() {
                    start = at;
                }
                cur.push(ch);
            }
        }
    }
    flush(&mut cur, start, line.end, &mut res, &mut dash);
    res
}

/// Filler words that mean a move: like `-`, a place is expected after them.
pub(crate) const MOVE_WORDS: &[&str] =
    &["MOVE", "MOVES", "MOVING", "ATTACK", "ATTACKS", "ATTACKING", "TO"];
