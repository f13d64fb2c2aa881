//! The lexer: text → tokens, losslessly.
//!
//! A token is a word (a run of non-white characters), a run of whitespace, a
//! line end (`\n`), or a comment: from a `#` that is the first non-white
//! character of a line (DPjudge's only comment form) or any later word
//! starting with `#` (not a comment to DPjudge; the parser reports it), to the
//! end of the line. Tokens are contiguous and cover the whole text.

use alloc::vec::Vec;

use crate::syntax::is_space;
use crate::text::Span;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// Non-white characters.
    Word,
    /// Spaces, tabs, `\r` and other white space (not `\n`).
    Whitespace,
    /// One `\n`.
    Newline,
    /// `#…` to the end of the line.
    Comment,
}

/// A token and its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// Its kind.
    pub kind: TokenKind,
    /// Its bytes.
    pub span: Span,
}

/// Cuts `text` into tokens. Never fails; the tokens cover every byte once.
pub fn lex(text: &str) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(text.len() / 4);
    lex_into(text, 0, text.len(), &mut tokens);
    tokens
}

/// Cuts `text[from..to]` into tokens, pushed onto `tokens`: `lex`'s tokens
/// of those bytes when `from` and `to` are each the text's start or end or
/// just after a `\n` (no token runs past a line end).
pub(crate) fn lex_into(text: &str, from: usize, to: usize, tokens: &mut Vec<Token>) {
    let text = &text[..to];
    let bytes = text.as_bytes();
    let mut at = from;
    while at < bytes.len() {
        let start = at;
        let ch = text[at..].chars().next().unwrap_or('\u{fffd}');
        let kind = if ch == '\n' {
            at += 1;
            TokenKind::Newline
        } else if ch == '#' {
            at = text[at..].find('\n').map_or(bytes.len(), |nl| at + nl);
            TokenKind::Comment
        } else if is_space(ch) {
            let mut end = bytes.len();
            for (offset, next) in text[at..].char_indices() {
                if next == '\n' || !is_space(next) {
                    end = at + offset;
                    break;
                }
            }
            at = end;
            TokenKind::Whitespace
        } else {
            let mut end = bytes.len();
            for (offset, next) in text[at..].char_indices() {
                if is_space(next) {
                    end = at + offset;
                    break;
                }
            }
            at = end;
            TokenKind::Word
        };
        tokens.push(Token { kind, span: Span::new(start as u32, at as u32) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lossless() {
        let text = "  # c\nLAND PAR\tABUTS  bur #x\r\n\u{a0}Þ\n";
        let tokens = lex(text);
        let mut at = 0;
        for token in &tokens {
            assert_eq!(token.span.start, at);
            assert!(token.span.end > token.span.start);
            at = token.span.end;
        }
        assert_eq!(at as usize, text.len());
        let kinds: Vec<TokenKind> = tokens.iter().map(|t| t.kind).collect();
        use TokenKind::*;
        assert_eq!(
            kinds,
            [
                Whitespace, Comment, Newline, Word, Whitespace, Word, Whitespace, Word, Whitespace,
                Word, Whitespace, Comment, Newline, Whitespace, Word, Newline
            ]
        );
    }
}
