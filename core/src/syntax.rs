//! The lossless, line-level syntax of DPjudge `.map` files.
//!
//! Two steps, both infallible:
//! 1. [`lexer`] cuts the text into tokens (words, whitespace, comments, line
//!    ends). Every byte belongs to exactly one token; tests assert it on the
//!    whole corpus.
//! 2. [`parse`] groups the words of each non-comment line and classifies the
//!    line with DPjudge's own dispatch order (`Map.load`): a line whose last
//!    word is `DIRECTIVE(S)` first, then stanza bodies, then `IN`/`FROM`, the
//!    bodies of dynamic blocks, the keywords, any line containing `=`, more
//!    keywords, terrain lines, `UNPLAYED`, and finally anything else, which
//!    DPjudge reads as a power declaration.
//!
//! The classification needs only the file itself (stanza and block state are
//! per file), never the meaning of earlier files; that is the lowering's job
//! ([`crate::map`]). Arguments keep their case: case is meaningful in ABUTS
//! lists, FLOW items and IN/FROM keys.

pub mod highlight;
pub mod lexer;

use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, codes};
use crate::text::{FileId, FileSpan, Span};

pub use lexer::{Token, TokenKind, lex};

/// The parse of one file: its tokens and its classified lines.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Parse {
    /// Every byte of the text, in order.
    pub tokens: Vec<Token>,
    /// Each non-blank, non-comment line (and each one-line IN/FROM body).
    pub lines: Vec<Line>,
    /// Syntax-level problems.
    pub diagnostics: Vec<Diagnostic>,
}

/// One directive line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// From the first to the last word.
    pub span: Span,
    /// The words (whitespace-separated), the keyword included.
    pub words: Vec<Span>,
    /// What DPjudge's dispatch makes of it.
    pub kind: LineKind,
    /// Where it applies.
    pub scope: Scope,
}

/// Where a line applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Always (the static map).
    Static,
    /// Inside a `[VARIANT] DIRECTIVES` stanza, kept verbatim.
    Stanza,
    /// In a dynamic block: index into [`Parse::lines`] of its `IN`/`FROM` header.
    Dynamic(u32),
}

/// The kind of terrain line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TerrainKeyword {
    /// `WATER`
    Water,
    /// `LAND`
    Land,
    /// `COAST`
    Coast,
    /// `PORT`
    Port,
    /// `SHUT`
    Shut,
    /// `AMEND`
    Amend,
}

/// `USE`, `USES` or `MAP`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UseKeyword {
    /// `USE` or `USES`.
    Use,
    /// `MAP`: USE plus "this is the root map".
    Map,
}

/// `IN` or `FROM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DynamicKeyword {
    /// Applies in every phase whose name or abbreviation starts with the key.
    In,
    /// Applies from the phase onward.
    From,
}

impl DynamicKeyword {
    /// `IN` or `FROM`, as written in map files.
    pub const fn as_str(self) -> &'static str {
        match self {
            DynamicKeyword::In => "IN",
            DynamicKeyword::From => "FROM",
        }
    }
}

/// A line's classification. Arguments are the line's words after the keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum LineKind {
    /// `DIRECTIVES` or `VARIANT DIRECTIVES`: opens a stanza (`variant` = word index 0 if given).
    StanzaOpen {
        variant: bool,
    },
    /// `END DIRECTIVES`.
    StanzaEnd,
    /// More than two words ending in DIRECTIVES.
    StanzaBad,
    /// A line inside a stanza, kept verbatim.
    StanzaLine,
    /// `IN key` / `FROM key` (block header) or `IN key: directive` (then the
    /// directive follows as its own line with this line as its scope).
    Dynamic {
        keyword: DynamicKeyword,
        key: Span,
        inline: bool,
    },
    TextOnly,
    Victory,
    Use(UseKeyword),
    Flags,
    Flow,
    Notify,
    Begin,
    Rule,
    Rotate,
    NewHomes,
    /// `[old ->] Full Name = abbr alias…`; `eq` is the first `=`.
    Names {
        eq: u32,
    },
    Flag,
    Owns,
    Centers,
    Inhabits,
    Homes,
    Units,
    Reserves,
    Militia,
    Control,
    League,
    /// `A xxx` / `F xxx`.
    Unit,
    Dummy,
    Team,
    Drop,
    Terrain(TerrainKeyword),
    Unplayed,
    /// Anything else: `[Old ->] NAME [(own:X)] homes…`.
    Power,
}

/// Parses one file's text (infallible; problems become diagnostics).
pub fn parse(file: FileId, text: &str) -> Parse {
    let mut parser = Parser::new(file, text);
    while parser.step(text, usize::MAX) {}
    parser.finish()
}

/// A parse under way, so many lines a step ([`Parser::step`]): a load that
/// must not block for a whole big file (the page's, on its main thread;
/// a 2 MB file's parse took 60 ms there) spreads it over several tasks. Its
/// parse is [`parse`]'s, bit for bit: that function is this one run to the
/// end.
#[derive(Debug)]
pub struct Parser {
    file: FileId,
    parse: Parse,
    /// The bytes lexed and parsed so far.
    at: usize,
    /// Inside this `DIRECTIVES` stanza.
    stanza: Option<Span>,
    /// Inside the dynamic block of this header line.
    block: Option<u32>,
    /// The words of the line at hand.
    words: Vec<Span>,
}

impl Parser {
    /// A parse of `text` as `file`, nothing read yet.
    pub fn new(file: FileId, text: &str) -> Parser {
        // About a line per newline: sized once, not grown by doubling (3.5 MB
        // copied on a 10,000-province map).
        let newlines = text.bytes().filter(|&it| it == b'\n').count();
        let parse = Parse {
            tokens: Vec::with_capacity(text.len() / 4),
            lines: Vec::with_capacity(newlines + 1),
            diagnostics: Vec::new(),
        };
        Parser { file, parse, at: 0, stanza: None, block: None, words: Vec::new() }
    }

    /// Lexes and parses up to `lines` more lines of `text` (the text it was
    /// made for). Returns whether lines are left.
    #[cfg_attr(judgepad_size, optimize(size))]
    pub fn step(&mut self, text: &str, lines: usize) -> bool {
        let from = self.at;
        let mut to = from;
        for _ in 0..lines.max(1) {
            match text.as_bytes()[to..].iter().position(|&it| it == b'\n') {
                Some(nl) => to += nl + 1,
                None => {
                    to = text.len();
                    break;
                }
            }
        }
        let first = self.parse.tokens.len();
        lexer::lex_into(text, from, to, &mut self.parse.tokens);
        let mut idx = first;
        let n_tokens = self.parse.tokens.len();
        while idx < n_tokens {
            // Collect one line's words.
            self.words.clear();
            let mut comment: Option<Span> = None;
            while idx < n_tokens {
                let token = self.parse.tokens[idx];
                idx += 1;
                match token.kind {
                    TokenKind::Newline => break,
                    TokenKind::Word => self.words.push(token.span),
                    TokenKind::Comment => comment = Some(token.span),
                    TokenKind::Whitespace => (),
                }
            }
            self.line(text, comment);
        }
        self.at = to;
        to < text.len()
    }

    /// The parse (a stanza may run to the end of the file, documented, so
    /// one left open is fine).
    pub fn finish(self) -> Parse {
        self.parse
    }

    /// Classifies the line at hand: its words and its comment, if any.
    #[cfg_attr(judgepad_size, optimize(size))]
    fn line(&mut self, text: &str, comment: Option<Span>) {
        let Parser { file, parse: res, stanza, block, words, .. } = self;
        let file = *file;
        if let Some(comment) = comment
            && let (Some(first), Some(last)) = (words.first(), words.last())
        {
            // DPjudge has no trailing comments: it would read these words.
            // The fix moves the comment (nothing is lost) to its own line
            // above, with the line's indentation.
            let line_start = text[..first.start as usize].rfind('\n').map_or(0, |it| it + 1) as u32;
            let indent = &text[line_start as usize..first.start as usize];
            let moved = alloc::format!("{}\n{indent}", comment.text(text).trim_end());
            res.diagnostics.push(
                Diagnostic::new(
                    codes::TRAILING_COMMENT,
                    FileSpan::new(file, comment),
                    "`#` after a directive is not a comment: DPjudge reads it as more words",
                )
                .with_help("Put the comment on its own line; judgepad ignores it here.")
                .with_fix(
                    "move the comment to its own line",
                    alloc::vec![
                        crate::diagnostics::Edit {
                            at: FileSpan::new(file, Span::new(first.start, first.start)),
                            replacement: moved,
                        },
                        crate::diagnostics::Edit {
                            at: FileSpan::new(file, Span::new(last.end, comment.end)),
                            replacement: alloc::string::String::new(),
                        },
                    ],
                ),
            );
        }
        if words.is_empty() {
            return;
        }
        let line_span = words[0].cover(*words.last().unwrap());
        let first = words[0].text(text);
        let last = words.last().unwrap().text(text);
        // 1. Stanza headers and ends.
        if eq_ignore_case(last, "DIRECTIVE") || eq_ignore_case(last, "DIRECTIVES") {
            let kind = if words.len() > 2 {
                res.diagnostics.push(Diagnostic::new(
                    codes::BAD_DIRECTIVES,
                    FileSpan::new(file, line_span),
                    "a DIRECTIVES line has at most two words: `[VARIANT] DIRECTIVES` or `END DIRECTIVES`",
                ));
                LineKind::StanzaBad
            } else if words.len() == 1 {
                *stanza = Some(line_span);
                LineKind::StanzaOpen { variant: false }
            } else if eq_ignore_case(first, "END") {
                *stanza = None;
                LineKind::StanzaEnd
            } else {
                *stanza = Some(line_span);
                LineKind::StanzaOpen { variant: true }
            };
            let scope = block.map_or(Scope::Static, Scope::Dynamic);
            res.lines.push(Line { span: line_span, words: words.clone(), kind, scope });
            return;
        }
        // 2. Stanza bodies.
        if stanza.is_some() {
            res.lines.push(Line {
                span: line_span,
                words: words.clone(),
                kind: LineKind::StanzaLine,
                scope: Scope::Stanza,
            });
            return;
        }
        // 3. Dynamic headers.
        let dynamic = if eq_ignore_case(first, "IN") {
            Some(DynamicKeyword::In)
        } else if eq_ignore_case(first, "FROM") {
            Some(DynamicKeyword::From)
        } else {
            None
        };
        if let Some(keyword) = dynamic {
            let rest_start = words[0].end;
            let rest = Span::new(rest_start, line_span.end);
            let rest_text = rest.text(text);
            let colon = rest_text.find(':').map(|at| rest_start + at as u32);
            let key_end = colon.unwrap_or(line_span.end);
            let key = trim_span(text, Span::new(rest_start, key_end));
            let header_idx = res.lines.len() as u32;
            let is_start =
                keyword == DynamicKeyword::From && eq_ignore_case(key.text(text), "START");
            res.lines.push(Line {
                span: line_span,
                words: words.clone(),
                kind: LineKind::Dynamic { keyword, key, inline: colon.is_some() },
                scope: Scope::Static,
            });
            *block = None;
            if let Some(colon) = colon {
                let body = trim_span(text, Span::new(colon + 1, line_span.end));
                if let Some(second) = body.text(text).find(':') {
                    let at = body.start + second as u32;
                    res.diagnostics.push(
                        Diagnostic::new(
                            codes::DYNAMIC_COLON,
                            FileSpan::new(file, Span::new(at, at + 1)),
                            "a one-line IN/FROM directive cannot contain `:`",
                        )
                        .with_label("DPjudge cuts the directive here")
                        .with_help(
                            "Use the block form: put the directive on the next line, under the IN/FROM line. judgepad applies the whole text.",
                        ),
                    );
                }
                if !body.is_empty() && !is_start {
                    let body_words = split_words(text, body);
                    let kind = classify(text, &body_words);
                    res.lines.push(Line {
                        span: body,
                        words: body_words,
                        kind,
                        scope: Scope::Dynamic(header_idx),
                    });
                }
            } else if !is_start && !key.is_empty() {
                *block = Some(header_idx);
            }
            return;
        }
        // 4.–11. Everything else, inside a dynamic block or not.
        let kind = classify(text, words);
        let scope = block.map_or(Scope::Static, Scope::Dynamic);
        res.lines.push(Line { span: line_span, words: words.clone(), kind, scope });
    }
}

/// Classifies a line by DPjudge's dispatch steps 5–11.
/// Directives recognised before a name line (a line with `=` is a name
/// line unless its first word is one of these), in DPjudge's dispatch order.
const EARLY_DIRECTIVES: &[(&str, LineKind)] = &[
    ("TEXTONLY", LineKind::TextOnly),
    ("VICTORY", LineKind::Victory),
    ("USE", LineKind::Use(UseKeyword::Use)),
    ("USES", LineKind::Use(UseKeyword::Use)),
    ("MAP", LineKind::Use(UseKeyword::Map)),
    ("FLAGS", LineKind::Flags),
    ("FLOW", LineKind::Flow),
    ("NOTIFY", LineKind::Notify),
    ("BEGIN", LineKind::Begin),
    ("RULE", LineKind::Rule),
    ("RULES", LineKind::Rule),
    ("ROTATE", LineKind::Rotate),
    ("NEWHOMES", LineKind::NewHomes),
];

/// Directives recognised after name lines. Terrain keywords need a place
/// after them (a lone `LAND` is a power); `A`/`F` start unit lines.
const LATE_DIRECTIVES: &[(&str, LineKind)] = &[
    ("FLAG", LineKind::Flag),
    ("OWNS", LineKind::Owns),
    ("CENTERS", LineKind::Centers),
    ("INHABITS", LineKind::Inhabits),
    ("HOME", LineKind::Homes),
    ("HOMES", LineKind::Homes),
    ("UNITS", LineKind::Units),
    ("RESERVES", LineKind::Reserves),
    ("MILITIA", LineKind::Militia),
    ("CONTROL", LineKind::Control),
    ("LEAGUE", LineKind::League),
    ("DUMMY", LineKind::Dummy),
    ("DUMMIES", LineKind::Dummy),
    ("TEAM", LineKind::Team),
    ("TEAMS", LineKind::Team),
    ("DROP", LineKind::Drop),
    ("AMEND", LineKind::Terrain(TerrainKeyword::Amend)),
    ("WATER", LineKind::Terrain(TerrainKeyword::Water)),
    ("LAND", LineKind::Terrain(TerrainKeyword::Land)),
    ("COAST", LineKind::Terrain(TerrainKeyword::Coast)),
    ("PORT", LineKind::Terrain(TerrainKeyword::Port)),
    ("SHUT", LineKind::Terrain(TerrainKeyword::Shut)),
    ("UNPLAYED", LineKind::Unplayed),
];

/// Every directive word (for "did you mean" help on a line that declares a
/// power by accident), from the same tables [`classify`] dispatches on, plus
/// the words that only appear inside other lines.
pub fn directive_words() -> impl Iterator<Item = &'static str> {
    EARLY_DIRECTIVES.iter().chain(LATE_DIRECTIVES).map(|(word, _)| *word).chain([
        "UNOWNED",
        "NEUTRAL",
        "DIRECTIVES",
    ])
}

fn classify(text: &str, words: &[Span]) -> LineKind {
    let first = words[0].text(text);
    // The tables' words are upper-case ASCII: compared without a copy.
    let find = |table: &[(&str, LineKind)]| {
        table
            .iter()
            .find(|(word, _)| word.eq_ignore_ascii_case(first))
            .map(|(_, kind)| kind.clone())
    };
    if let Some(kind) = find(EARLY_DIRECTIVES) {
        return kind;
    }
    let line = words[0].cover(*words.last().unwrap());
    if let Some(eq) = line.text(text).find('=') {
        return LineKind::Names { eq: line.start + eq as u32 };
    }
    match find(LATE_DIRECTIVES) {
        Some(LineKind::Terrain(_)) if words.len() == 1 => LineKind::Power,
        Some(kind) => kind,
        None if first.eq_ignore_ascii_case("A") || first.eq_ignore_ascii_case("F") => {
            LineKind::Unit
        }
        None => LineKind::Power,
    }
}

/// Whitespace as DPjudge's `str.split()` sees it (Unicode white space plus
/// the ASCII file/group/record separators).
pub fn is_space(ch: char) -> bool {
    ch.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&ch)
}

/// The words of `span` in `text`.
pub fn split_words(text: &str, span: Span) -> Vec<Span> {
    let mut res = Vec::new();
    let mut start: Option<usize> = None;
    let base = span.start as usize;
    for (at, ch) in span.text(text).char_indices() {
        if is_space(ch) {
            if let Some(begin) = start.take() {
                res.push(Span::new((base + begin) as u32, (base + at) as u32));
            }
        } else if start.is_none() {
            start = Some(at);
        }
    }
    if let Some(begin) = start {
        res.push(Span::new((base + begin) as u32, span.end));
    }
    res
}

/// `span` without leading and trailing whitespace.
pub fn trim_span(text: &str, span: Span) -> Span {
    let inner = span.text(text);
    let lead = inner.len() - inner.trim_start_matches(is_space).len();
    let trail = inner.len() - inner.trim_end_matches(is_space).len();
    if lead == inner.len() {
        return Span::empty(span.start);
    }
    Span::new(span.start + lead as u32, span.end - trail as u32)
}

/// ASCII case-insensitive equality (keywords are ASCII).
pub fn eq_ignore_case(word: &str, keyword: &str) -> bool {
    word.eq_ignore_ascii_case(keyword)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(LineKind, Scope)> {
        parse(FileId(0), text).lines.into_iter().map(|line| (line.kind, line.scope)).collect()
    }

    #[test]
    fn a_parse_in_steps_is_the_parse() {
        // Comments, trailing ones, a stanza and blocks open across steps,
        // blank lines, CRLF, white space that is not ASCII, no final line end.
        let text = "# top\r\nDIRECTIVES\n  x y\nEND DIRECTIVES\nIN SPRING\n\n\tLAND PAR ABUTS BUR # c\n\
                    FROM 1901: UNITS\r\n\u{a0}Paris = par\u{2003}pa\n\n#\nFRANCE (FRENCH) PAR";
        let whole = parse(FileId(3), text);
        for lines in [1, 2, 3, 5, 100] {
            let mut parser = Parser::new(FileId(3), text);
            let mut steps = 1;
            while parser.step(text, lines) {
                steps += 1;
            }
            assert_eq!(parser.finish(), whole, "{lines} a step");
            assert_eq!(steps, text.lines().count().div_ceil(lines), "{lines} a step");
        }
    }

    #[test]
    fn dispatch_order() {
        let got =
            kinds("use x\nParis = par\nOWNS = x\nLAND PAR ABUTS BUR\nLAND\nFRANCE (FRENCH) PAR\n");
        let want = [
            LineKind::Use(UseKeyword::Use),
            LineKind::Names { eq: 12 },
            LineKind::Names { eq: 23 },
            LineKind::Terrain(TerrainKeyword::Land),
            LineKind::Power,
            LineKind::Power,
        ];
        assert_eq!(got.into_iter().map(|it| it.0).collect::<Vec<_>>(), want);
    }

    #[test]
    fn stanzas_and_blocks() {
        let text = "PAYOLA DIRECTIVES\nIN SPRING\nTAX 1\nEND DIRECTIVES\nIN SPRING\nWATER ARC\nFROM START\nLAND X\nIN S1901M: WATER ARC\n";
        let got = kinds(text);
        assert_eq!(got[0].0, LineKind::StanzaOpen { variant: true });
        assert_eq!(got[1], (LineKind::StanzaLine, Scope::Stanza));
        assert_eq!(got[3].0, LineKind::StanzaEnd);
        assert!(matches!(
            got[4].0,
            LineKind::Dynamic { keyword: DynamicKeyword::In, inline: false, .. }
        ));
        assert_eq!(got[5], (LineKind::Terrain(TerrainKeyword::Water), Scope::Dynamic(4)));
        assert_eq!(got[7], (LineKind::Terrain(TerrainKeyword::Land), Scope::Static));
        assert_eq!(got[9], (LineKind::Terrain(TerrainKeyword::Water), Scope::Dynamic(8)));
    }

    #[test]
    fn one_line_dynamic_with_colon() {
        let text = "IN SPRING: AMEND X ABUTS E:Y\n";
        let parse = parse(FileId(0), text);
        assert_eq!(parse.diagnostics.len(), 1);
        assert_eq!(parse.diagnostics[0].code, codes::DYNAMIC_COLON);
        assert_eq!(parse.diagnostics[0].primary.at.span.text(text), ":");
        assert_eq!(parse.diagnostics[0].primary.at.span.start, 26);
        assert_eq!(parse.lines[1].span.text(text), "AMEND X ABUTS E:Y");
    }

    #[test]
    fn trailing_comment() {
        let text = "LAND PAR ABUTS BUR # comment\n";
        let parse = parse(FileId(0), text);
        assert_eq!(parse.diagnostics[0].code, codes::TRAILING_COMMENT);
        assert_eq!(parse.lines[0].words.len(), 4);
    }
}
