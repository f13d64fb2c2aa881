//! Share links: the variant's changed files, the orders of every played
//! phase and the pending orders, in a URL fragment (`#v1…`, never sent to a
//! server): JSON, lz-string compressed (URI-safe alphabet). Decoding checks
//! everything and stops decompressing as soon as the text passes 2 MB, so a
//! hostile link costs at most that; every refusal is a message, never a
//! panic. Older payload versions stay readable (a test holds a fixed link).

use std::collections::BTreeMap;

use super::json::{self, Json};

/// What a link carries.
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Shared {
    /// The bundled variant the files start from.
    pub variant: String,
    /// The top-level file.
    pub root: String,
    /// The user's files (only those that differ from the bundled ones).
    pub files: BTreeMap<String, String>,
    /// The orders of each played phase, oldest first.
    pub played: Vec<String>,
    /// The orders being written for the current phase.
    pub orders: String,
}

/// The fragment's version tag.
pub const VERSION: &str = "v1";

/// The most text a link may unpack to (UTF-16 code units, as lz-string
/// counts).
pub const MAX_UNITS: usize = 2 * 1024 * 1024;

/// The fragment (without `#`) for `shared`.
pub fn encode(shared: &Shared) -> String {
    format!("{VERSION}{}", lz_str::compress_to_encoded_uri_component(&payload(shared)))
}

/// The JSON inside a link: an object with its members sorted by name, the
/// empty ones left out, as serde_json wrote it before (links made since
/// are the same text).
fn payload(shared: &Shared) -> String {
    let files = |out: &mut String| {
        out.push('{');
        for (i, (name, text)) in shared.files.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::write_str(out, name);
            out.push(':');
            json::write_str(out, text);
        }
        out.push('}');
    };
    let played = |out: &mut String| {
        out.push('[');
        for (i, orders) in shared.played.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::write_str(out, orders);
        }
        out.push(']');
    };
    let orders = |out: &mut String| json::write_str(out, &shared.orders);
    let root = |out: &mut String| json::write_str(out, &shared.root);
    let variant = |out: &mut String| json::write_str(out, &shared.variant);
    let mut members: Vec<json::Member> = Vec::new();
    if !shared.files.is_empty() {
        members.push(("files", &files));
    }
    if !shared.orders.is_empty() {
        members.push(("orders", &orders));
    }
    if !shared.played.is_empty() {
        members.push(("played", &played));
    }
    members.push(("root", &root));
    members.push(("variant", &variant));
    let mut text = String::new();
    json::write_object(&mut text, &members);
    text
}

/// Reads a fragment (with or without its `#`). `known` says whether a
/// bundled variant of that name exists.
pub fn decode(fragment: &str, known: impl Fn(&str) -> bool) -> Result<Shared, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let Some(body) = fragment.strip_prefix(VERSION) else {
        return Err("this link is not a judgepad link (it does not start with #v1)".into());
    };
    let text = decompress_capped(body, MAX_UNITS)?;
    let object = Json::parse(&text)
        .filter(|value| matches!(value, Json::Object(_)))
        .ok_or("this link is damaged: its contents are not readable")?;
    let string = |key: &str| -> Result<String, String> {
        match object.get(key) {
            None => Ok(String::new()),
            Some(Json::String(s)) => Ok(s.clone()),
            Some(_) => Err(format!("this link is damaged: `{key}` is not text")),
        }
    };
    let variant = string("variant")?;
    let mut root = string("root")?;
    if root.is_empty() {
        root = format!("{variant}.map");
    }
    let mut files = BTreeMap::new();
    match object.get("files") {
        None => {}
        Some(Json::Object(map)) => {
            for (name, text) in map {
                let Json::String(text) = text else {
                    return Err(format!("this link is damaged: file `{name}` is not text"));
                };
                files.insert(name.clone(), text.clone());
            }
        }
        Some(_) => return Err("this link is damaged: `files` is not a list of files".into()),
    }
    let played = match object.get("played") {
        None => Vec::new(),
        Some(Json::Array(items)) => items
            .iter()
            .map(|it| it.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or("this link is damaged: `played` is not a list of orders")?,
        Some(_) => return Err("this link is damaged: `played` is not a list of orders".into()),
    };
    let orders = string("orders")?;
    if !files.contains_key(&root) && !known(&variant) {
        return Err(format!("this link names a variant judgepad does not have: `{variant}`"));
    }
    Ok(Shared { variant, root, files, played, orders })
}

/// Why a compressed text could not be read.
const DAMAGED: &str = "this link is damaged: it does not decompress";

/// lz-string's `decompressFromEncodedURIComponent`, stopping with an error
/// as soon as the output would pass `cap` code units (a small link can
/// unpack to gigabytes; this never holds more than `cap`).
pub fn decompress_capped(input: &str, cap: usize) -> Result<String, String> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";
    let mut values = Vec::with_capacity(input.len());
    for byte in input.bytes() {
        // Browsers may turn a space back from `+`.
        let byte = if byte == b' ' { b'+' } else { byte };
        let at = ALPHABET.iter().position(|&c| c == byte).ok_or(DAMAGED)?;
        values.push(at as u32);
    }
    if values.is_empty() {
        return Err(DAMAGED.into());
    }
    struct Bits<'a> {
        values: &'a [u32],
        val: u32,
        position: u32,
        index: usize,
    }
    impl Bits<'_> {
        fn read(&mut self, count: u32) -> u32 {
            let mut bits = 0;
            for shift in 0..count {
                let bit = u32::from(self.val & self.position != 0);
                self.position >>= 1;
                if self.position == 0 {
                    self.position = 32;
                    self.val = self.values.get(self.index).copied().unwrap_or(0);
                    self.index += 1;
                }
                bits |= bit << shift;
            }
            bits
        }
    }
    let mut bits = Bits { values: &values, val: values[0], position: 32, index: 1 };
    // Dictionary entries: a literal, or a range of the output.
    #[derive(Clone, Copy)]
    enum Entry {
        Literal(u16),
        Range(usize, usize),
    }
    let mut dictionary: Vec<Entry> = vec![Entry::Literal(0); 3];
    let mut out: Vec<u16> = Vec::new();
    let first = match bits.read(2) {
        0 => bits.read(8) as u16,
        1 => bits.read(16) as u16,
        _ => return Ok(String::new()),
    };
    dictionary.push(Entry::Literal(first));
    out.push(first);
    let mut w = (0usize, 1usize);
    let (mut enlarge, mut num_bits) = (4u32, 3u32);
    loop {
        if bits.index > values.len() + 1 {
            return Err(DAMAGED.into());
        }
        let mut code = bits.read(num_bits) as usize;
        match code {
            0 | 1 => {
                let literal = bits.read(if code == 0 { 8 } else { 16 }) as u16;
                dictionary.push(Entry::Literal(literal));
                code = dictionary.len() - 1;
                enlarge -= 1;
            }
            2 => break,
            _ => {}
        }
        if enlarge == 0 {
            enlarge = 1 << num_bits;
            num_bits += 1;
        }
        let start = out.len();
        let length = match dictionary.get(code) {
            Some(Entry::Literal(_)) | Some(Entry::Range(..)) => match dictionary[code] {
                Entry::Literal(_) => 1,
                Entry::Range(_, len) => len,
            },
            None if code == dictionary.len() => w.1 + 1,
            None => return Err(DAMAGED.into()),
        };
        if out.len() + length > cap {
            return Err(format!(
                "this link unpacks to more than {} MB; judgepad does not open it",
                cap / (1024 * 1024)
            ));
        }
        match dictionary.get(code) {
            Some(Entry::Literal(ch)) => out.push(*ch),
            Some(Entry::Range(from, len)) => {
                let (from, len) = (*from, *len);
                out.extend_from_within(from..from + len);
            }
            None => {
                out.extend_from_within(w.0..w.0 + w.1);
                out.push(out[w.0]);
            }
        }
        // w + entry[0] is the output from w's start to one past it.
        dictionary.push(Entry::Range(w.0, w.1 + 1));
        enlarge -= 1;
        w = (start, length);
        if enlarge == 0 {
            enlarge = 1 << num_bits;
            num_bits += 1;
        }
    }
    String::from_utf16(&out).map_err(|_| DAMAGED.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capped_decompression_reads_what_lz_string_writes() {
        let samples = [
            "a".to_string(),
            "hello hello hello".to_string(),
            "Þ 𝄞 ünïcödé ".repeat(50),
            judgepad_core::bundled::source("standard.geography").unwrap(),
            (0..3000).map(|i| char::from(b'a' + (i * 7 % 26) as u8)).collect(),
        ];
        for text in samples {
            let packed = lz_str::compress_to_encoded_uri_component(&text);
            assert_eq!(decompress_capped(&packed, MAX_UNITS).as_deref(), Ok(text.as_str()));
        }
    }

    /// `tests/data/share-bomb-50mb.txt`: 50 million `x`, lz-string
    /// compressed (20 KB), made once with `lz_str`.
    #[test]
    fn a_50_mb_bomb_is_refused_at_2_mb() {
        let bomb = include_str!("../../../tests/data/share-bomb-50mb.txt").trim();
        let err = decode(bomb, |_| true).unwrap_err();
        assert!(err.contains("more than 2 MB"), "{err}");
    }

    /// Link lengths users meet: a ten-phase standard game (every unit
    /// ordered each phase) and imperial with one file edited.
    #[test]
    fn link_lengths() {
        // Each phase: every starting unit moves to its k-th neighbour.
        let loaded = crate::bridge::load("standard.map", &crate::bridge::variant_text("standard"));
        let map = &loaded.map;
        let phase = |k: usize| -> String {
            let mut text = String::new();
            for power in &map.powers {
                text.push_str(&format!("{}\n", power.name));
                for &unit in &power.units {
                    let to = map.moves(unit.kind, unit.location);
                    let to = &map.loc(to[k % to.len()]).abbr;
                    text.push_str(&format!("{} - {to}\n", map.unit_text(unit)));
                }
            }
            text
        };
        let game = Shared {
            variant: "standard".into(),
            root: "standard.map".into(),
            files: BTreeMap::new(),
            played: (0..10).map(phase).collect(),
            orders: phase(10),
        };
        let ten = encode(&game).len();
        let mut files = BTreeMap::new();
        let mut locations = judgepad_core::bundled::source("imperial.locations").expect("bundled");
        locations.push_str("\n# an edit\n");
        files.insert("imperial.locations".to_string(), locations);
        let edited = Shared {
            variant: "imperial".into(),
            root: "imperial.map".into(),
            files,
            played: Vec::new(),
            orders: String::new(),
        };
        let imperial = encode(&edited).len();
        eprintln!(
            "link lengths: ten standard phases {ten} chars, imperial with a file edited {imperial} chars"
        );
        assert!(ten < 4_000, "{ten}");
        assert!(imperial < 64_000, "{imperial}");
    }

    #[test]
    fn bad_links_are_messages() {
        let known = |name: &str| name == "standard";
        for (fragment, says) in [
            ("#x1abc", "not a judgepad link"),
            ("#v1!!!", "does not decompress"),
            ("#v1", "does not decompress"),
            ("#v1AAAA", "damaged"),
        ] {
            let err = decode(fragment, known).unwrap_err();
            assert!(err.contains(says), "{fragment}: {err}");
        }
        let unknown = include_str!("../../../tests/data/share-unknown-variant.txt").trim();
        assert!(decode(unknown, known).unwrap_err().contains("`nowhere`"));
        let not_json = format!("v1{}", lz_str::compress_to_encoded_uri_component("[1,2"));
        assert!(decode(&not_json, known).unwrap_err().contains("not readable"));
    }

    #[test]
    fn a_shared_state_round_trips() {
        let shared = Shared {
            variant: "standard".into(),
            root: "standard.map".into(),
            files: BTreeMap::from([(
                "standard.map".to_string(),
                "USE standard\n# mine\n".to_string(),
            )]),
            played: vec!["A PAR - BUR".into(), String::new()],
            orders: "F BRE - MAO".into(),
        };
        let fragment = encode(&shared);
        assert!(fragment.starts_with("v1"));
        assert_eq!(decode(&format!("#{fragment}"), |_| true), Ok(shared));
        let plain = encode(&Shared {
            variant: "standard".into(),
            root: "standard.map".into(),
            ..Shared::default()
        });
        assert!(plain.len() < 64, "an unchanged bundled variant costs its name: {plain}");
    }

    /// The payload is the text serde_json wrote for it before, so links
    /// made now are the links made then.
    #[test]
    fn the_payload_is_what_serde_json_wrote() {
        let texts = ["", "A PAR - BUR", "\"quoted\" \\ back\tslash\n\u{1}\u{1f} Þ 𝄞"];
        for files in 0..3 {
            for played in 0..3 {
                for text in texts {
                    let shared = Shared {
                        variant: format!("v{text}"),
                        root: format!("{text}.map"),
                        files: (0..files)
                            .map(|i| (format!("f{i}{text}"), format!("{i}{text}")))
                            .collect(),
                        played: (0..played).map(|i| format!("{text}{i}")).collect(),
                        orders: text.to_string(),
                    };
                    let mut want =
                        serde_json::json!({ "variant": shared.variant, "root": shared.root });
                    if !shared.files.is_empty() {
                        want["files"] = serde_json::json!(shared.files);
                    }
                    if !shared.played.is_empty() {
                        want["played"] = serde_json::json!(shared.played);
                    }
                    if !shared.orders.is_empty() {
                        want["orders"] = serde_json::json!(shared.orders);
                    }
                    assert_eq!(payload(&shared), want.to_string());
                    assert_eq!(decode(&encode(&shared), |_| true), Ok(shared));
                }
            }
        }
    }

    /// A link made by the first version of the payload, kept fixed: links
    /// people have shared must keep opening.
    #[test]
    fn a_v1_link_keeps_working() {
        let fixed = include_str!("../../../tests/data/share-v1.txt").trim();
        let shared = decode(fixed, |name| name == "standard").expect("the fixed v1 link");
        assert_eq!(shared.variant, "standard");
        assert_eq!(shared.played, ["FRANCE: A PAR - BUR\nGERMANY: A MUN - RUH"]);
        assert!(shared.files["standard.map"].contains("# shared in a test"));
        assert_eq!(shared.orders, "A MAR - SPA");
    }
}
