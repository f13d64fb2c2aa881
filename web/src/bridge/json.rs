//! A small JSON reader and writer for the texts the page keeps itself:
//! share links, the autosave (a share payload) and the drafts' index. They
//! are read before the page mounts, so this sits in the first module, which
//! a phone waits for; serde_json's reader and `Value` cost it 8 KB gzipped
//! (issue 29). It reads what RFC 8259 allows, as serde_json does (nesting
//! capped at 127 levels, lone surrogates refused), and writes what serde_json
//! writes: a link made before reads the same and a link made now is the
//! same text (tests compare the two on every payload shape).

/// A JSON value. Numbers keep their text (the page's texts hold only
/// counts and ids); an object keeps its members in order, duplicates too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// How deep arrays and objects may nest (serde_json's limit): a hostile
/// link of a million `[` is refused, not a stack overflow.
const MAX_DEPTH: usize = 127;

impl Json {
    /// Reads a whole text; `None` when it is not JSON.
    pub fn parse(text: &str) -> Option<Json> {
        let mut reader = Reader { bytes: text.as_bytes(), at: 0, depth: 0 };
        let value = reader.value()?;
        reader.space();
        (reader.at == reader.bytes.len()).then_some(value)
    }

    /// An object's member (the last of that name, as serde_json keeps).
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// A number written as a whole non-negative integer that fits.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(n) if n.bytes().all(|b| b.is_ascii_digit()) => n.parse().ok(),
            _ => None,
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    depth: usize,
}

impl Reader<'_> {
    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, word: &[u8]) -> Option<()> {
        self.bytes[self.at..].starts_with(word).then(|| self.at += word.len())
    }

    fn value(&mut self) -> Option<Json> {
        match self.peek()? {
            b'{' | b'[' => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return None;
                }
                let value = if self.bytes[self.at] == b'{' { self.object() } else { self.array() };
                self.depth -= 1;
                value
            }
            b'"' => self.string().map(Json::String),
            b'n' => self.eat(b"null").map(|()| Json::Null),
            b't' => self.eat(b"true").map(|()| Json::Bool(true)),
            b'f' => self.eat(b"false").map(|()| Json::Bool(false)),
            _ => self.number(),
        }
    }

    /// `[`, then values separated by commas, then `]`.
    fn array(&mut self) -> Option<Json> {
        self.at += 1;
        let mut items = Vec::new();
        if self.peek()? == b']' {
            self.at += 1;
            return Some(Json::Array(items));
        }
        loop {
            items.push(self.value()?);
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return Some(Json::Array(items));
                }
                _ => return None,
            }
        }
    }

    fn object(&mut self) -> Option<Json> {
        self.at += 1;
        let mut members = Vec::new();
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(Json::Object(members));
        }
        loop {
            if self.peek()? != b'"' {
                return None;
            }
            let key = self.string()?;
            if self.peek()? != b':' {
                return None;
            }
            self.at += 1;
            members.push((key, self.value()?));
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(Json::Object(members));
                }
                _ => return None,
            }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    fn number(&mut self) -> Option<Json> {
        let start = self.at;
        let digits = |r: &mut Self| {
            let from = r.at;
            while r.bytes.get(r.at).is_some_and(u8::is_ascii_digit) {
                r.at += 1;
            }
            r.at - from
        };
        if self.bytes.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let whole = digits(self);
        if whole == 0 || (whole > 1 && self.bytes[self.at - whole] == b'0') {
            return None;
        }
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            if digits(self) == 0 {
                return None;
            }
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.at) {
                self.at += 1;
            }
            if digits(self) == 0 {
                return None;
            }
        }
        let text = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
        Some(Json::Number(text.to_string()))
    }

    /// A string, the reader on its opening quote.
    fn string(&mut self) -> Option<String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            // The run up to the next quote, backslash or control character
            // is copied as it is (the text is UTF-8 already).
            let start = self.at;
            while let Some(&b) = self.bytes.get(self.at) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            out.push_str(std::str::from_utf8(&self.bytes[start..self.at]).ok()?);
            match *self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    return Some(out);
                }
                b'\\' => {
                    let escape = *self.bytes.get(self.at + 1)?;
                    self.at += 2;
                    out.push(match escape {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode()?,
                        _ => return None,
                    });
                }
                _ => return None,
            }
        }
    }

    /// After `\u`: four hex digits, and a second `\uXXXX` for a surrogate
    /// pair.
    fn unicode(&mut self) -> Option<char> {
        let first = self.hex4()?;
        match first {
            0xD800..=0xDBFF => {
                self.eat(b"\\u")?;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return None;
                }
                char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            }
            0xDC00..=0xDFFF => None,
            _ => char::from_u32(first),
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.bytes.get(self.at..self.at + 4)?;
        self.at += 4;
        digits.iter().try_fold(0, |acc, &d| Some(acc * 16 + char::from(d).to_digit(16)?))
    }
}

/// Appends `text` as a JSON string, escaped as serde_json escapes it.
pub use judgepad_core::text::json_string as write_str;

/// An object's member to write: its name, and what writes its value.
pub type Member<'a> = (&'a str, &'a dyn Fn(&mut String));

/// Writes an object's members in the order given (callers give them in
/// serde_json's order: sorted by name). Each member's value is written by
/// its closure.
pub fn write_object(out: &mut String, members: &[Member]) {
    out.push('{');
    for (i, (key, write)) in members.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_str(out, key);
        out.push(':');
        write(out);
    }
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// serde_json's reading, in this module's terms.
    fn by_serde(text: &str) -> Option<Json> {
        fn convert(value: serde_json::Value) -> Json {
            match value {
                serde_json::Value::Null => Json::Null,
                serde_json::Value::Bool(b) => Json::Bool(b),
                serde_json::Value::Number(n) => Json::Number(n.to_string()),
                serde_json::Value::String(s) => Json::String(s),
                serde_json::Value::Array(items) => {
                    Json::Array(items.into_iter().map(convert).collect())
                }
                serde_json::Value::Object(map) => {
                    Json::Object(map.into_iter().map(|(k, v)| (k, convert(v))).collect())
                }
            }
        }
        serde_json::from_str(text).ok().map(convert)
    }

    /// Members sorted (serde_json's map sorts them) and numbers blanked
    /// (serde_json writes `1e3` back as `1000.0`).
    fn normal(json: Json) -> Json {
        match json {
            Json::Number(_) => Json::Number(String::new()),
            Json::Array(items) => Json::Array(items.into_iter().map(normal).collect()),
            Json::Object(members) => {
                let mut members: Vec<_> =
                    members.into_iter().map(|(k, v)| (k, normal(v))).collect();
                judgepad_core::sorting::sort_by(&mut members, |a, b| a.0.cmp(&b.0));
                Json::Object(members)
            }
            other => other,
        }
    }

    #[test]
    fn reads_what_serde_json_reads_and_refuses_what_it_refuses() {
        let deep_ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        let too_deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        let bomb = "[".repeat(1_000_000);
        let cases: Vec<&str> = vec![
            r#"{"variant":"standard","root":"standard.map","files":{"a.map":"x\ny"},"played":["A PAR - BUR",""],"orders":"F BRE - MAO"}"#,
            r#"[{"id":1,"name":"n","variant":"v","date":"d","size":120}]"#,
            " { \"a\" : [ 1 , -2 , 0 , 3.5 , 1e3 , -0.25E-2 , true , false , null ] } ",
            r#""\" \\ \/ \b \f \n \r \t \u00e9 \u20AC \ud834\udd1e""#,
            "\"Þ 𝄞 ünïcödé\"",
            r#"{"a":1,"a":2}"#,
            "[]",
            "{}",
            "0",
            &deep_ok,
            // Refused by both.
            "",
            " ",
            "[1,2",
            "[1,]",
            "{\"a\"}",
            "{\"a\":1,}",
            "{a:1}",
            "01",
            "-",
            "1.",
            ".5",
            "1e",
            "+1",
            "tru",
            "nul",
            "\"\\ud834\"",
            "\"\\udd1e\"",
            "\"\\ud834\\u0041\"",
            "\"\\x\"",
            "\"\\u12\"",
            "\"a\tb\"",
            "\"open",
            "[1] 2",
            "NaN",
            &too_deep,
            &bomb,
        ];
        for text in cases {
            let ours = Json::parse(text);
            let theirs = by_serde(text);
            // serde_json keeps the last of a duplicated key; this module
            // keeps both and `get` answers the last.
            if text == r#"{"a":1,"a":2}"# {
                assert_eq!(ours.as_ref().and_then(|j| j.get("a")), Some(&Json::Number("2".into())));
                continue;
            }
            assert_eq!(ours.map(normal), theirs.map(normal), "{}", &text[..text.len().min(80)]);
        }
    }

    #[test]
    fn strings_are_written_as_serde_json_writes_them() {
        let mut all: String = (0u32..0x80).filter_map(char::from_u32).collect();
        all.push_str("Þ 𝄞 ünïcödé \u{7f} \u{2028} </script>");
        for text in [all.as_str(), "", "plain", "\"quoted\"", "a\\b", "line\nline\r\n"] {
            let mut ours = String::new();
            write_str(&mut ours, text);
            assert_eq!(ours, serde_json::to_string(text).unwrap());
            assert_eq!(Json::parse(&ours), Some(Json::String(text.to_string())));
        }
    }
}
