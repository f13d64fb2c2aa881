//! The period section: a postfix program (numbers, `"strings"`, symbols,
//! `[ … ]` vectors, `;` comments, `begin{x}` … `end{x}` notes), ended by
//! the word `end`. A viewer needs only the terrain types
//! (`"." "sea" "sky blue" ttype`), the unit types (`utype`) and the period's
//! name (`period-name`); every other word is counted and left alone.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{TerrainType, UnitType};
use crate::text::Span;

/// What a period program defines (as far as judgepad reads it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Period {
    /// `period-name`.
    pub name: Option<String>,
    /// Terrain types in definition order.
    pub terrain: Vec<TerrainType>,
    /// Unit types in definition order.
    pub units: Vec<UnitType>,
    /// Words executed that judgepad does not interpret.
    pub other_words: usize,
}

impl Period {
    /// The terrain of Xconq's compiled-in period (used when a mapfile has
    /// none): the characters every standard map uses.
    pub fn standard() -> Period {
        let terrain = [
            ('.', "sea", "sky blue"),
            (',', "shallows", "cyan"),
            ('=', "swamp", "yellowgreen"),
            ('~', "desert", "yellow"),
            ('+', "plains", "green"),
            ('%', "forest", "forest green"),
            ('^', "mountains", "sienna"),
            ('_', "ice", "white"),
            (':', "vacuum", "black"),
        ];
        Period {
            name: Some(String::from("standard (built in)")),
            terrain: terrain
                .iter()
                .map(|&(ch, name, color)| TerrainType {
                    ch,
                    name: name.to_string(),
                    color: color.to_string(),
                })
                .collect(),
            units: Vec::new(),
            other_words: 0,
        }
    }

    /// Adds or replaces a terrain type (by character).
    fn put_terrain(&mut self, terrain: TerrainType) {
        match self.terrain.iter_mut().find(|it| it.ch == terrain.ch) {
            Some(slot) => *slot = terrain,
            None => self.terrain.push(terrain),
        }
    }
}

/// One token.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    Number,
    Str(&'a str),
    Word(&'a str),
}

/// A problem in the program: where and what.
pub(super) struct Problem {
    pub(super) at: Span,
    pub(super) message: String,
    pub(super) error: bool,
}

/// Runs the period program in `text[start..]` into `period`; returns the
/// offset after `end` (or the text's end) and the problems found.
pub(super) fn run(text: &str, start: usize, period: &mut Period) -> (usize, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut stack: Vec<Token<'_>> = Vec::new();
    let bytes = text.as_bytes();
    let mut pos = start;
    let mut skip_to: Option<String> = None;
    while pos < bytes.len() {
        let ch = bytes[pos];
        if ch.is_ascii_whitespace() {
            pos += 1;
            continue;
        }
        if ch == b';' && skip_to.is_none() {
            while pos < bytes.len() && bytes[pos] != b'\n' {
                pos += 1;
            }
            continue;
        }
        let token_start = pos;
        if ch == b'"' && skip_to.is_none() {
            pos += 1;
            while pos < bytes.len() && bytes[pos] != b'"' && bytes[pos] != b'\n' {
                pos += 1;
            }
            if pos >= bytes.len() || bytes[pos] != b'"' {
                problems.push(Problem {
                    at: Span::new(token_start as u32, pos as u32),
                    message: String::from("this string has no closing `\"` on its line"),
                    error: true,
                });
                stack.push(Token::Str(&text[token_start + 1..pos]));
                continue;
            }
            stack.push(Token::Str(&text[token_start + 1..pos]));
            pos += 1;
            continue;
        }
        while pos < bytes.len() && !bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let word = &text[token_start..pos];
        let span = Span::new(token_start as u32, pos as u32);
        if let Some(end) = &skip_to {
            if word == end {
                skip_to = None;
            }
            continue;
        }
        if let Some(name) = word.strip_prefix("begin{") {
            skip_to = Some(alloc::format!("end{{{name}"));
            continue;
        }
        let numeric = {
            let digits = word.trim_start_matches(['+', '-']).trim_end_matches('%');
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        };
        if numeric {
            stack.push(Token::Number);
            continue;
        }
        match word {
            "end" => return (pos, problems),
            "[" | "]" => (),
            "ttype" | "utype" | "rtype" => {
                let args = take_strings(&stack);
                match args {
                    Some([ch, name, third]) => {
                        let mut chars = ch.chars();
                        match (chars.next(), chars.next()) {
                            (Some(c), None) => {
                                if word == "ttype" {
                                    period.put_terrain(TerrainType {
                                        ch: c,
                                        name: name.to_string(),
                                        color: third.to_string(),
                                    });
                                } else if word == "utype" {
                                    period.units.push(UnitType {
                                        ch: c,
                                        name: name.to_string(),
                                        help: third.to_string(),
                                    });
                                }
                            }
                            _ => problems.push(Problem {
                                at: span,
                                message: alloc::format!(
                                    "`{word}` needs a one-character string first, not \"{ch}\""
                                ),
                                error: true,
                            }),
                        }
                    }
                    None => problems.push(Problem {
                        at: span,
                        message: alloc::format!(
                            "`{word}` needs three strings before it: \"c\" \"name\" \"{}\"",
                            if word == "ttype" { "colour" } else { "description" }
                        ),
                        error: true,
                    }),
                }
                stack.clear();
            }
            "period-name" => {
                if let Some(Token::Str(name)) = stack.pop() {
                    period.name = Some(name.to_string());
                }
                stack.clear();
            }
            _ => {
                // A defined word consumes its arguments; a name (a terrain or
                // unit type) is pushed as a value. Either way the strings
                // before it are not a type definition.
                if period.terrain.iter().any(|it| it.name == word)
                    || period.units.iter().any(|it| it.name == word)
                {
                    stack.push(Token::Word(word));
                } else {
                    period.other_words += 1;
                    stack.clear();
                }
            }
        }
    }
    problems.push(Problem {
        at: Span::empty(text.len() as u32),
        message: String::from("the period has no closing `end`"),
        error: false,
    });
    (pos, problems)
}

fn take_strings<'a>(stack: &[Token<'a>]) -> Option<[&'a str; 3]> {
    if stack.len() < 3 {
        return None;
    }
    let n = stack.len();
    match (&stack[n - 3], &stack[n - 2], &stack[n - 1]) {
        (Token::Str(a), Token::Str(b), Token::Str(c)) => Some([a, b, c]),
        _ => None,
    }
}
