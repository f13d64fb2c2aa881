//! The common input line read without serde: a map named by a string, a
//! phase, and `units`, `centers`, `homes`, `orders` and `contested` as
//! lists of strings with no escapes, every string borrowed from the line and
//! every power's list a range of one vector. Anything else (a map's text,
//! `dislodged`, an escape, a number, a repeated key, a malformed line) is
//! left to serde ([`super::input::read_input`]), which reads the same lines
//! the same way and explains the ones that do not fit. serde's reading of a
//! played phase was an eighth of `judgepad adjudicate`'s instructions, and
//! its lists a heap allocation each.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::input::{Input, Lists, MapRef, Text};

/// Reads `line` if it is the common shape; `None` leaves it to serde.
pub(super) fn read(line: &str) -> Option<Input<'_>> {
    let mut reader = Reader { line, at: 0 };
    let mut input = Input::default();
    let mut seen = 0u8;
    reader.expect(b'{')?;
    if !reader.eat(b'}') {
        loop {
            let key = reader.string()?;
            reader.expect(b':')?;
            let bit = match key {
                "map" => 1,
                "phase" => 2,
                "units" => 4,
                "centers" => 8,
                "homes" => 16,
                "orders" => 32,
                "contested" => 64,
                _ => return None,
            };
            if seen & bit != 0 {
                return None;
            }
            seen |= bit;
            match bit {
                1 => {
                    input.map =
                        reader.nullable(Reader::string)?.map(|it| MapRef::Name(Cow::Borrowed(it)))
                }
                2 => input.phase = reader.nullable(Reader::string)?.map(Cow::Borrowed),
                4 => input.units = reader.nullable(|it| it.lists(false))?,
                8 => input.centers = reader.nullable(|it| it.lists(false))?,
                16 => input.homes = reader.nullable(|it| it.lists(false))?,
                32 => input.orders = reader.nullable(|it| it.lists(true))?,
                _ => {
                    input.contested = reader.nullable(|it| {
                        let mut items = Vec::new();
                        it.strings(&mut items)?;
                        Some(items)
                    })?;
                }
            }
            if reader.eat(b',') {
                continue;
            }
            reader.expect(b'}')?;
            break;
        }
    }
    reader.space();
    (reader.at == line.len()).then_some(input)
}

struct Reader<'a> {
    line: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.line.as_bytes()
    }

    /// Skips JSON's white space.
    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes().get(self.at) {
            self.at += 1;
        }
    }

    /// Takes `byte` (after white space) if it is next.
    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        let found = self.bytes().get(self.at) == Some(&byte);
        if found {
            self.at += 1;
        }
        found
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.eat(byte).then_some(())
    }

    /// A string with no escapes and no control characters.
    fn string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let start = self.at;
        let end = start + crate::text::plain_run(&self.bytes()[start..]);
        if self.bytes().get(end) != Some(&b'"') {
            return None;
        }
        self.at = end + 1;
        // Both ends are quotes (ASCII), so both are character boundaries.
        self.line.get(start..end)
    }

    /// `null`, or what `read` reads.
    fn nullable<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        self.space();
        if self.bytes()[self.at..].starts_with(b"null") {
            self.at += 4;
            return Some(None);
        }
        read(self).map(Some)
    }

    /// `[string, …]`, pushed onto `items`.
    fn strings(&mut self, items: &mut Vec<Text<'a>>) -> Option<()> {
        self.expect(b'[')?;
        if self.eat(b']') {
            return Some(());
        }
        loop {
            items.push(Text(Cow::Borrowed(self.string()?)));
            if self.eat(b',') {
                continue;
            }
            return self.expect(b']');
        }
    }

    /// `{power: [string, …], …}` (a list may be `null` where `nulls`).
    fn lists(&mut self, nulls: bool) -> Option<Lists<'a>> {
        let mut lists = Lists::with_capacity(64, 8);
        self.expect(b'{')?;
        if self.eat(b'}') {
            return Some(lists);
        }
        loop {
            let power = Text(Cow::Borrowed(self.string()?));
            self.expect(b':')?;
            let start = lists.items.len();
            let listed = if nulls {
                self.nullable(|it| it.strings(&mut lists.items))?.is_some()
            } else {
                self.strings(&mut lists.items)?;
                true
            };
            lists.push(power, start, listed);
            if self.eat(b',') {
                continue;
            }
            self.expect(b'}')?;
            lists.settle();
            return Some(lists);
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::super::input::{Input, Lists, MapRef, read_by_serde};

    fn lists(out: &mut String, name: &str, lists: Option<&Lists<'_>>) {
        let Some(lists) = lists else { return };
        out.push_str(name);
        for (power, list) in lists.iter() {
            let list: Option<Vec<&str>> = list.map(|it| it.iter().map(|it| &**it).collect());
            out.push_str(&format!(" {}={list:?}", &**power));
        }
        out.push('\n');
    }

    /// What a reading holds, as text.
    fn render(input: &Input<'_>) -> String {
        let mut out = String::new();
        match &input.map {
            Some(MapRef::Name(name)) => out.push_str(&format!("map {name}\n")),
            Some(MapRef::Text { .. }) => out.push_str("map text\n"),
            None => (),
        }
        if let Some(phase) = &input.phase {
            out.push_str(&format!("phase {phase}\n"));
        }
        lists(&mut out, "units", input.units.as_ref());
        lists(&mut out, "centers", input.centers.as_ref());
        lists(&mut out, "homes", input.homes.as_ref());
        lists(&mut out, "orders", input.orders.as_ref());
        if let Some(contested) = &input.contested {
            let list: Vec<&str> = contested.iter().map(|it| &**it).collect();
            out.push_str(&format!("contested {list:?}\n"));
        }
        if input.dislodged.is_some() {
            out.push_str("dislodged\n");
        }
        out
    }

    /// The fast reader reads `line` as serde does, or leaves it to serde.
    fn agrees(line: &str) -> bool {
        let Some(fast) = super::read(line) else { return false };
        let serde = read_by_serde(line).unwrap_or_else(|err| {
            panic!("the fast reader read a line serde refuses: {line}: {err}")
        });
        assert_eq!(render(&fast), render(&serde), "{line}");
        true
    }

    const LINE: &str = r#"{"map":"standard","phase":"F1902M","units":{"AUSTRIA":["A BUD","F TRI"],"ENGLAND":["F LON"]},"centers":{"AUSTRIA":["BUD","TRI"]},"homes":{"ENGLAND":["LON"]},"orders":{"AUSTRIA":["A BUD - SER","F TRI H"],"ENGLAND":null},"contested":["BUR"]}"#;

    #[test]
    fn the_fast_reader_reads_as_serde_does() {
        let read = [
            LINE,
            "{}",
            " { } ",
            r#"{"units":{}}"#,
            r#"{"orders":{"FRANCE":[]}}"#,
            r#"{"map":null,"phase":null,"units":null,"orders":null,"contested":null}"#,
            "{ \"units\" : { \"B\" : [ \"A PAR\" ] , \"A\" : [ ] } }\t\r\n",
            r#"{"units":{"FRANCE":["A PAR"],"ENGLAND":["F LON"],"FRANCE":["A MAR"]}}"#,
            r#"{"orders":{"B":["x"],"A":null,"B":null}}"#,
            r#"{"phase":"Été 1901 ✓"}"#,
        ];
        for line in read {
            assert!(agrees(line), "left to serde: {line}");
        }
        // Left to serde (which reads some and refuses others).
        let left = [
            r#"{"units":{"FRANCE":["A\u0020PAR"]}}"#,
            r#"{"map":{"text":"x"}}"#,
            r#"{"dislodged":{}}"#,
            r#"{"phase":"S1901M","phase":"F1901M"}"#,
            r#"{"unit":{}}"#,
            r#"{"units":{"FRANCE":null}}"#,
            r#"{"units":{"FRANCE":[1]}}"#,
            r#"{"units":[]}"#,
            r#"{} x"#,
            r#"{"phase":"S1901M",}"#,
            "{\"phase\":\"S19\t01M\"}",
            "[]",
            "",
        ];
        for line in left {
            assert!(!agrees(line), "read fast: {line}");
        }
    }

    #[test]
    fn a_line_cut_or_stuffed_anywhere_reads_as_serde_reads_it() {
        // Every byte taken out, and each of a few bytes put in at every
        // place: the fast reader reads what serde reads, or leaves it.
        let mut fast = 0;
        for at in 0..LINE.len() {
            let mut cut = String::from(&LINE[..at]);
            cut.push_str(&LINE[at + 1..]);
            fast += usize::from(agrees(&cut));
            for stuff in [" ", "\"", ",", ":", "[", "]", "{", "}", "n", "null", "\\", "\n", "1"] {
                let line = format!("{}{stuff}{}", &LINE[..at], &LINE[at..]);
                fast += usize::from(agrees(&line));
            }
        }
        // Spaces anywhere between tokens, and letters inside strings, read.
        assert!(fast > 600, "{fast}");
    }
}
