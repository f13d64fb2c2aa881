//! Name normalisation as DPjudge does it (`Map.norm`), and the keyword table
//! that order text and aliases share.
//!
//! `norm` upper-cases, glues coasts (`SPA /NC`), drops `.` and `:`, turns
//! `- + ,` into spaces, pads punctuation with spaces and maps single-word
//! keywords (`ARMY` → `A`, `NC` → `/NC`, `THE` → nothing). Aliases are stored
//! normalised, so the order parser can look up greedy n-grams.

use alloc::string::String;

/// DPjudge's single-word keywords and what `norm` turns them into.
pub const KEYWORDS: &[(&str, &str)] = &[
    (">", ""),
    ("-", "-"),
    ("ARMY", "A"),
    ("FLEET", "F"),
    ("WING", "W"),
    ("THE", ""),
    ("NC", "/NC"),
    ("SC", "/SC"),
    ("EC", "/EC"),
    ("WC", "/WC"),
    ("MOVE", ""),
    ("MOVES", ""),
    ("MOVING", ""),
    ("ATTACK", ""),
    ("ATTACKS", ""),
    ("ATTACKING", ""),
    ("RETREAT", "R"),
    ("RETREATS", "R"),
    ("RETREATING", "R"),
    ("SUPPORT", "S"),
    ("SUPPORTS", "S"),
    ("SUPPORTING", "S"),
    ("CONVOY", "C"),
    ("CONVOYS", "C"),
    ("CONVOYING", "C"),
    ("HOLD", "H"),
    ("HOLDS", "H"),
    ("HOLDING", "H"),
    ("BUILD", "B"),
    ("BUILDS", "B"),
    ("BUILDING", "B"),
    ("DISBAND", "D"),
    ("DISBANDS", "D"),
    ("DISBANDING", "D"),
    ("REMOVE", "D"),
    ("REMOVES", "D"),
    ("REMOVING", "D"),
    ("WAIVE", "V"),
    ("WAIVES", "V"),
    ("WAIVING", "V"),
    ("WAIVED", "V"),
    ("KEEP", "K"),
    ("KEEPS", "K"),
    ("KEEPING", "K"),
    ("PROXY", "P"),
    ("PROXIES", "P"),
    ("PROXYING", "P"),
    ("IS", ""),
    ("WILL", ""),
    ("IN", ""),
    ("AT", ""),
    ("ON", ""),
    ("TO", ""),
    ("OF", "\\"),
    ("FROM", "\\"),
    ("WITH", "?"),
    ("TSR", "="),
    ("VIA", "~"),
    ("THROUGH", "~"),
    ("OVER", "~"),
    ("BY", "~"),
    ("AND", ""),
    ("OR", "|"),
    ("BOUNCE", "|"),
    ("CUT", "|"),
    ("VOID", "?"),
    ("DISLODGED", "~"),
    ("DESTROYED", "*"),
];

/// Per length (up to the longest keyword's), the first bytes a keyword of
/// that length starts with: bit `byte % 64` (a filter; the table decides).
const STARTS: [u64; 11] = {
    let mut starts = [0u64; 11];
    let mut i = 0;
    while i < KEYWORDS.len() {
        let key = KEYWORDS[i].0.as_bytes();
        starts[key.len()] |= 1u64 << (key[0] & 63);
        i += 1;
    }
    starts
};

/// What `norm` maps a single upper-case word to, if it is a keyword.
pub fn keyword(word: &str) -> Option<&'static str> {
    // Most words are not keywords: their length and first byte rule them
    // out before any is compared.
    let (Some(&first), Some(starts)) = (word.as_bytes().first(), STARTS.get(word.len())) else {
        return None;
    };
    if starts & (1u64 << (first & 63)) == 0 {
        return None;
    }
    KEYWORDS
        .iter()
        .find(|(key, _)| key.len() == word.len() && *key == word)
        .map(|(_, value)| *value)
}

/// Whether `text` has no lower-case letter (so `upper(text) == text`).
pub fn is_upper(text: &str) -> bool {
    !text.chars().any(char::is_lowercase)
}

/// Whether `text` has no upper-case letter (so `lower(text) == text`).
pub fn is_lower(text: &str) -> bool {
    !text.chars().any(char::is_uppercase)
}

/// Upper-cases like Python's `unicode.upper()` for the characters maps use.
pub fn upper(text: &str) -> String {
    if text.is_ascii() { text.to_ascii_uppercase() } else { text.to_uppercase() }
}

/// [`upper`], borrowed when it would change nothing (ASCII without a
/// lower-case letter: most abbreviations).
pub fn upper_cow(text: &str) -> alloc::borrow::Cow<'_, str> {
    if text.bytes().all(|b| b.is_ascii() && !b.is_ascii_lowercase()) {
        alloc::borrow::Cow::Borrowed(text)
    } else {
        alloc::borrow::Cow::Owned(upper(text))
    }
}

/// Lower-cases like Python's `unicode.lower()`.
pub fn lower(text: &str) -> String {
    if text.is_ascii() { text.to_ascii_lowercase() } else { text.to_lowercase() }
}

/// `f` of [`lower`]`(text)`, lowered on the stack when it is short ASCII
/// (a lookup of a lower-case key, without allocating).
pub fn with_lower<R>(text: &str, f: impl FnOnce(&str) -> R) -> R {
    on_stack(text, <[u8]>::make_ascii_lowercase, lower, f)
}

/// `f` of [`upper`]`(text)`, upper-cased on the stack when it is short
/// ASCII (a lookup, without allocating).
pub fn with_upper<R>(text: &str, f: impl FnOnce(&str) -> R) -> R {
    on_stack(text, <[u8]>::make_ascii_uppercase, upper, f)
}

/// `f` of `text` recased: by `ascii` in a stack buffer when the text is
/// short ASCII, else by `full` (a `String`).
fn on_stack<R>(
    text: &str,
    ascii: fn(&mut [u8]),
    full: fn(&str) -> String,
    f: impl FnOnce(&str) -> R,
) -> R {
    let mut buf = [0u8; 32];
    if text.len() <= buf.len() && text.is_ascii() {
        let buf = &mut buf[..text.len()];
        buf.copy_from_slice(text.as_bytes());
        ascii(buf);
        // ASCII in, ASCII out: always UTF-8.
        if let Ok(recased) = core::str::from_utf8(buf) {
            return f(recased);
        }
    }
    f(&full(text))
}

/// Whether [`upper`] leaves `text` as it is (without allocating for ASCII).
pub fn upper_keeps(text: &str) -> bool {
    if text.is_ascii() {
        !text.bytes().any(|b| b.is_ascii_lowercase())
    } else {
        upper(text) == text
    }
}

/// Whether [`lower`] leaves `text` as it is (without allocating for ASCII).
pub fn lower_keeps(text: &str) -> bool {
    if text.is_ascii() {
        !text.bytes().any(|b| b.is_ascii_uppercase())
    } else {
        lower(text) == text
    }
}

/// `Map.norm`: the normal form used for aliases and order text.
pub fn norm(phrase: &str) -> String {
    // Fast path: one plain ASCII word (most aliases and abbreviations).
    if !phrase.is_empty() && phrase.bytes().all(|b| b.is_ascii_alphanumeric()) {
        let word = phrase.to_ascii_uppercase();
        return match keyword(&word) {
            Some(value) => String::from(value),
            None => word,
        };
    }
    let phrase = upper_cow(phrase);
    let phrase = if phrase.contains('/') {
        alloc::borrow::Cow::Owned(phrase.replace('/', " /").replace(" / ", ""))
    } else {
        phrase
    };
    let mut res = String::with_capacity(phrase.len() + 8);
    let mut word = String::new();
    // Adds a finished word, mapped through the keyword table; keywords that
    // map to nothing vanish (DPjudge's later `split()` drops them too).
    fn flush(word: &mut String, res: &mut String) {
        if word.is_empty() {
            return;
        }
        let mapped = keyword(word).unwrap_or(word);
        if !mapped.is_empty() {
            if !res.is_empty() {
                res.push(' ');
            }
            res.push_str(mapped);
        }
        word.clear();
    }
    for ch in phrase.chars() {
        match char_class(ch) {
            CharClass::Dropped => (),
            CharClass::Mark => {
                flush(&mut word, &mut res);
                word.push(ch);
                flush(&mut word, &mut res);
            }
            CharClass::Space | CharClass::Joiner | CharClass::Dash => flush(&mut word, &mut res),
            // `norm` has already split `/` off; `>` is a letter to it.
            CharClass::Slash | CharClass::Arrow | CharClass::Letter => word.push(ch),
        }
    }
    flush(&mut word, &mut res);
    res
}

/// How DPjudge's `Map.norm` treats a character; the one table behind
/// [`norm`] and the order tokenizer (`orders::words`), which differ only in
/// what they do with `/` and `>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CharClass {
    /// `.` and `:`: removed.
    Dropped,
    /// `-`: a word break (the order tokenizer: a hyphen or a move arrow).
    Dash,
    /// `>`: a letter to `norm`, a move arrow to the order tokenizer.
    Arrow,
    /// `+` and `,`: a word break.
    Joiner,
    /// `/`: starts a coast (`/NC`).
    Slash,
    /// `| * ? ! ~ ( ) [ ] = _ ^`: a word of its own.
    Mark,
    /// White space (DPjudge's `split()`): a word break.
    Space,
    /// Anything else: part of a word.
    Letter,
}

/// The class of `ch` (see [`CharClass`]).
pub(crate) fn char_class(ch: char) -> CharClass {
    match ch {
        '.' | ':' => CharClass::Dropped,
        '-' => CharClass::Dash,
        '>' => CharClass::Arrow,
        '+' | ',' => CharClass::Joiner,
        '/' => CharClass::Slash,
        '|' | '*' | '?' | '!' | '~' | '(' | ')' | '[' | ']' | '=' | '_' | '^' => CharClass::Mark,
        _ if crate::syntax::is_space(ch) => CharClass::Space,
        _ => CharClass::Letter,
    }
}

/// `Map.normPower`: `norm` without spaces (`U+S+A` → `USA`).
pub fn norm_power(power: &str) -> String {
    norm(power).replace(' ', "")
}

/// Whether a name written in an ABUTS list is Titlecase (army cannot move
/// there directly): an upper-case first letter followed only by lower-case
/// letters (and non-letters), with at least one lower-case letter.
pub fn is_titlecase(word: &str) -> bool {
    let mut chars = word.chars();
    let Some(first) = chars.next() else { return false };
    if !first.is_uppercase() {
        return false;
    }
    let mut lower_seen = false;
    for ch in chars {
        if ch.is_uppercase() {
            return false;
        }
        lower_seen |= ch.is_lowercase();
    }
    lower_seen
}

/// Whether `word` starts with a lower-case letter (fleet cannot move there).
pub fn starts_lowercase(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_lowercase)
}

/// Levenshtein distance between two words (for "did you mean" help).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: alloc::vec::Vec<char> = b.chars().collect();
    let mut prev: alloc::vec::Vec<usize> = (0..=b.len()).collect();
    let mut cur = alloc::vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        core::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The province part of a location abbreviation: before the `/`.
pub fn province_part(abbr: &str) -> &str {
    abbr.split('/').next().unwrap_or(abbr)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcuts that do not allocate agree with `upper` and `lower`,
    /// on ASCII and beyond it (ß upper-cases to SS; a name longer than the
    /// stack buffer).
    #[test]
    fn shortcuts_agree_with_upper_and_lower() {
        let long = "a".repeat(40);
        for text in
            ["", "SPA", "spa", "Spa/nc", "MAO-2", "ß", "Égée", "ÉGÉE", "égée", long.as_str()]
        {
            assert_eq!(upper_keeps(text), upper(text) == text, "{text}");
            assert_eq!(lower_keeps(text), lower(text) == text, "{text}");
            assert_eq!(upper_cow(text), upper(text), "{text}");
            assert_eq!(with_lower(text, |it| String::from(it)), lower(text), "{text}");
            assert_eq!(with_upper(text, |it| String::from(it)), upper(text), "{text}");
        }
    }

    #[test]
    fn norm_like_dpjudge() {
        assert_eq!(norm("spa(nc)"), "SPA ( /NC )");
        assert_eq!(norm("bul/ec"), "BUL /EC");
        assert_eq!(norm("st.+petersburg/nc"), "ST PETERSBURG /NC");
        assert_eq!(norm("Army Paris -> Burgundy"), "A PARIS BURGUNDY");
        assert_eq!(norm("THE"), "");
        assert_eq!(norm_power("U+S+A"), "USA");
        assert_eq!(norm_power("_Catholic"), "_CATHOLIC");
        assert_eq!(norm("egeïsche"), "EGEÏSCHE");
    }

    /// The filter before the table passes every keyword, and the lookup
    /// answers as a plain scan of the table does, for the keywords, their
    /// neighbours and every word of one to three letters.
    #[test]
    fn keywords_found_as_the_table_says() {
        let scan = |word: &str| KEYWORDS.iter().find(|(key, _)| *key == word).map(|(_, v)| *v);
        let mut words: alloc::vec::Vec<String> = alloc::vec::Vec::new();
        for (key, _) in KEYWORDS {
            words.push(String::from(*key));
            words.push(alloc::format!("{key}S"));
            words.push(String::from(&key[1..]));
        }
        let letters: alloc::vec::Vec<char> = ('A'..='Z').chain(['>', '-', '/', '1']).collect();
        for &a in &letters {
            words.push(alloc::format!("{a}"));
            for &b in &letters {
                words.push(alloc::format!("{a}{b}"));
                for &c in &letters {
                    words.push(alloc::format!("{a}{b}{c}"));
                }
            }
        }
        words.push(String::from("A VERY LONG WORD INDEED"));
        for word in &words {
            assert_eq!(keyword(word), scan(word), "{word}");
        }
        assert_eq!(keyword("ARMY"), Some("A"));
        assert_eq!(keyword("DISLODGED"), Some("~"));
    }

    #[test]
    fn upper_cow_is_upper() {
        for text in
            ["SPA/NC", "spa/nc", "Spa", "", "ST.PETE", "straße", "ÉCOSSE", "écosse", "A-1_b"]
        {
            assert_eq!(upper_cow(text), upper(text), "{text}");
        }
        assert!(matches!(upper_cow("SPA/NC"), alloc::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn case_rules() {
        assert!(is_titlecase("Tar"));
        assert!(!is_titlecase("TAR"));
        assert!(!is_titlecase("tar"));
        assert!(!is_titlecase("X"));
        assert!(starts_lowercase("tus"));
        assert!(!starts_lowercase("TUS"));
    }
}
