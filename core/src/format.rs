//! Which format a file is in: DPjudge `.map` (or the `diplomacy` package's
//! dialect of it), an nJudge `map.` or `seed.` file, or an Xconq mapfile.
//! Sniffed from the name and the first lines, so that open, drag-and-drop
//! and `judgepad check` can say what they read without being told.

use crate::map::Dialect;

/// A file format judgepad reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    /// DPjudge `.map` text.
    DpJudge,
    /// The `diplomacy` package's dialect of `.map` text.
    Package,
    /// An nJudge `map.` file.
    NJudgeMap,
    /// An nJudge `seed.` file.
    NJudgeSeed,
    /// An Xconq mapfile (map, scenario or period).
    Xconq,
}

impl Format {
    /// The name the CLI's `--format` takes and JSON prints.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::DpJudge => "dpjudge",
            Format::Package => "package",
            Format::NJudgeMap => "njudge-map",
            Format::NJudgeSeed => "njudge-seed",
            Format::Xconq => "xconq",
        }
    }

    /// A phrase for people ("an nJudge map file").
    pub fn describe(self) -> &'static str {
        match self {
            Format::DpJudge => "a DPjudge .map file",
            Format::Package => "a .map file in the diplomacy package's dialect",
            Format::NJudgeMap => "an nJudge map file",
            Format::NJudgeSeed => "an nJudge seed file",
            Format::Xconq => "an Xconq mapfile",
        }
    }

    /// Parses `--format` values (`njudge` means the map file).
    pub fn parse(text: &str) -> Option<Format> {
        Some(match text {
            "dpjudge" | "map" => Format::DpJudge,
            "package" | "diplomacy" => Format::Package,
            "njudge" | "njudge-map" => Format::NJudgeMap,
            "njudge-seed" | "seed" => Format::NJudgeSeed,
            "xconq" => Format::Xconq,
            _ => return None,
        })
    }

    /// The map dialect a `.map` of this format is read in (the package's
    /// for [`Format::Package`], DPjudge's otherwise).
    pub fn dialect(self) -> Dialect {
        if self == Format::Package { Dialect::Package } else { Dialect::DpJudge }
    }

    /// Whether the file is a DPjudge-family `.map` (either dialect).
    pub fn is_dpjudge(self) -> bool {
        matches!(self, Format::DpJudge | Format::Package)
    }
}

/// The format of a file called `name` (its base name) holding `text`.
pub fn sniff(name: &str, text: &str) -> Format {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let first = text.lines().map(str::trim).find(|line| !line.is_empty()).unwrap_or("");
    if first.starts_with("Xconq ") || first == "Xconq" {
        return Format::Xconq;
    }
    let lower = base.to_ascii_lowercase();
    if lower.starts_with("seed.") || looks_like_seed(text) {
        return Format::NJudgeSeed;
    }
    if lower == "map"
        || (lower.starts_with("map.") && !lower.ends_with(".map"))
        || looks_like_njudge_map(text)
    {
        return Format::NJudgeMap;
    }
    if lower.ends_with(".per") || lower.ends_with(".scn") {
        return Format::Xconq;
    }
    if looks_like_package(text) { Format::Package } else { Format::DpJudge }
}

/// The dialect of a file known to be `.map` text: the package's when it
/// looks like it, else DPjudge's. What [`sniff`] decides for such a file,
/// without its checks for the other formats (the page runs this on every
/// settled edit of the top-level file).
pub fn dialect_of(text: &str) -> Dialect {
    if looks_like_package(text) { Dialect::Package } else { Dialect::DpJudge }
}

/// An nJudge map: area lines `Name, type abbr` and a `-1` line, and no
/// DPjudge `=` name lines.
fn looks_like_njudge_map(text: &str) -> bool {
    let mut areas = 0usize;
    let mut end = false;
    for line in text.lines().take(400) {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if line == "-1" {
            end = true;
            break;
        }
        if line.contains('=') {
            return false;
        }
        if let Some((_, rest)) = line.split_once(',') {
            let mut words = rest.split_whitespace();
            let types = words.next().unwrap_or("");
            if words.next().is_some()
                && types.len() <= 2
                && types.chars().next().is_some_and(|ch| {
                    "hglrvwx".contains(ch) || ch.is_ascii_uppercase() || ch.is_ascii_digit()
                })
            {
                areas += 1;
            }
        }
    }
    end && areas > 0
}

/// An nJudge seed: a phase word (`S1901M`) first, then `P: A Name` lines.
fn looks_like_seed(text: &str) -> bool {
    let mut lines =
        text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#'));
    let Some(first) = lines.next() else { return false };
    let bytes = first.as_bytes();
    let phase = bytes.len() >= 3
        && b"SUFW".contains(&bytes[0])
        && b"MRBA".contains(&bytes[bytes.len() - 1])
        && bytes[1..bytes.len() - 1].iter().all(u8::is_ascii_digit);
    phase && lines.next().is_some_and(|line| line == "-1" || line.get(1..3) == Some(": "))
}

/// The package's dialect: `UNPLAYED A, B` comma lists, or UTF-8 text that
/// is not latin-1 (a character above U+00FF).
fn looks_like_package(text: &str) -> bool {
    // Read without a string per line (a 10,000-province map has 20,000):
    // a character above U+00FF is one whose UTF-8 lead byte is 0xC4 or
    // more.
    text.lines().any(|line| {
        let line = line.trim_start();
        line.get(..8).is_some_and(|word| word.eq_ignore_ascii_case("UNPLAYED"))
            && line.contains(',')
    }) || text.bytes().any(|byte| byte >= 0xc4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs() {
        assert_eq!(
            sniff("europe.map", "Xconq 0 --+--+ saved game\nMap 2 2 50 1 0\n"),
            Format::Xconq
        );
        assert_eq!(sniff("standard.map", "USE standard.geography\n"), Format::DpJudge);
        assert_eq!(sniff("map.colonial", ""), Format::NJudgeMap);
        assert_eq!(sniff("map", ""), Format::NJudgeMap);
        assert_eq!(sniff("seed.colonial", ""), Format::NJudgeSeed);
        assert_eq!(
            sniff("x.txt", "# c\nAlpha, l alp\nBeta, x bet\n-1\nalp-mv: bet\n"),
            Format::NJudgeMap
        );
        assert_eq!(sniff("x.txt", "S1901M\nA: A Vienna\n-1\n-1\n"), Format::NJudgeSeed);
        assert_eq!(sniff("x.map", "MAP standard\nUNPLAYED ITALY, RUSSIA\n"), Format::Package);
        assert_eq!(sniff("x.map", "Alpha = alp, beta\nLAND ALP\n"), Format::DpJudge);
        assert_eq!(sniff("x.map", "  unplayed a, b\n"), Format::Package);
        assert_eq!(sniff("x.map", "UNPLAYED ITALY\nÉire = eir\n"), Format::DpJudge);
        assert_eq!(sniff("x.map", "Ēire = eir\n"), Format::Package);
    }
}
