//! The diagnostic data model shared by every stage that reads user input.
//!
//! A [`Diagnostic`] is plain data: a stable code, a severity, a short message
//! without a final period, one primary label (the most specific span), any
//! number of secondary labels (the "other side": the first definition of a
//! duplicate, the line that lacks a return adjacency), optional help and an
//! optional machine-applicable [`Fix`]. Rendering (terminal, JSON, DOM) is the
//! shells' business; nothing here knows about lines and columns.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::text::FileSpan;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The input is wrong; the result may be incomplete.
    Error,
    /// The input works, but probably not as intended, or DPjudge reads it differently.
    Warning,
    /// Information.
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A span with a short explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub at: FileSpan,
    /// What is there (may be empty for the primary label).
    pub message: String,
}

/// One text replacement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The bytes to replace (empty span = insertion).
    pub at: FileSpan,
    /// The new text.
    pub replacement: String,
}

/// A machine-applicable fix: a description and the edits that make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// What applying it does, e.g. "add `ION` to TUN's ABUTS".
    pub description: String,
    /// The edits, non-overlapping.
    pub edits: Vec<Edit>,
}

/// A problem found in user input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable identifier, kebab-case (e.g. `one-way-adjacency`). See [`codes`].
    pub code: &'static str,
    /// Error, warning or note.
    pub severity: Severity,
    /// One line, no final period.
    pub message: String,
    /// The most specific span.
    pub primary: Label,
    /// Related places.
    pub secondary: Vec<Label>,
    /// Advice, full sentences.
    pub help: Option<String>,
    /// A fix that can be applied mechanically.
    pub fix: Option<Fix>,
}

impl Diagnostic {
    /// A new diagnostic with the code's default severity.
    pub fn new(code: &'static str, at: FileSpan, message: impl Into<String>) -> Diagnostic {
        Diagnostic::made(code, at, message.into())
    }

    /// [`Diagnostic::new`], once for every kind of message: the loader and
    /// the checks make diagnostics at two hundred places, and a copy of
    /// this at each would weigh on the page's first load.
    #[inline(never)]
    fn made(code: &'static str, at: FileSpan, message: String) -> Diagnostic {
        Diagnostic {
            code,
            severity: codes::severity(code),
            message,
            primary: Label { at, message: String::new() },
            secondary: Vec::new(),
            help: None,
            fix: None,
        }
    }

    /// Adds a secondary label.
    pub fn with_secondary(mut self, at: FileSpan, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label { at, message: message.into() });
        self
    }

    /// Sets the primary label's text.
    pub fn with_label(mut self, message: impl Into<String>) -> Diagnostic {
        self.primary.message = message.into();
        self
    }

    /// Sets the severity (when the code's default does not fit).
    pub fn with_severity(mut self, severity: Severity) -> Diagnostic {
        self.severity = severity;
        self
    }

    /// Sets the help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Sets the fix.
    pub fn with_fix(mut self, description: impl Into<String>, edits: Vec<Edit>) -> Diagnostic {
        self.fix = Some(Fix { description: description.into(), edits });
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Codes of mistakes that set off others on their line: the first
/// diagnostic a newcomer should read there.
pub const ROOTS: &[&str] = &[codes::NAME_LINE_REVERSED, codes::TERRAIN_WORD_MISSING];

/// The diagnostics as a reader should meet them: each one not caused by
/// another, with the indices of those it caused folded under it (the
/// others on the line of a [`ROOTS`] mistake, whose span is the whole
/// line, and those with a secondary label on that line). In the order
/// given.
pub fn grouped(diagnostics: &[Diagnostic]) -> Vec<(usize, Vec<usize>)> {
    let is_root = |d: &Diagnostic| ROOTS.contains(&d.code);
    let roots: Vec<usize> = (0..diagnostics.len()).filter(|&i| is_root(&diagnostics[i])).collect();
    // The roots by where they start, and by their span: a diagnostic's
    // cause is found by a search, not a scan of every root (a file of
    // 10,000 reversed name lines has 10,000 roots).
    let at = |r: usize| diagnostics[r].primary.at;
    let mut by_start = roots.clone();
    crate::sorting::sort_by_key(&mut by_start, |&r| (at(r).file, at(r).span.start, r));
    let longest = roots.iter().map(|&r| at(r).span.end - at(r).span.start).max().unwrap_or(0);
    let mut by_span: alloc::collections::BTreeMap<FileSpan, usize> =
        alloc::collections::BTreeMap::new();
    for &r in &roots {
        by_span.entry(at(r)).or_insert(r);
    }
    // The first root (in the given order) on whose line `i` starts or at
    // whose span one of its labels points.
    let cause = |i: usize| {
        let d = &diagnostics[i];
        if is_root(d) {
            return None;
        }
        let (file, start) = (d.primary.at.file, d.primary.at.span.start);
        let upto = by_start.partition_point(|&r| (at(r).file, at(r).span.start) <= (file, start));
        let on_its_line = by_start[..upto]
            .iter()
            .rev()
            .take_while(|&&r| {
                at(r).file == file && at(r).span.start.saturating_add(longest) >= start
            })
            .filter(|&&r| starts_within(at(r), d.primary.at))
            .copied()
            .min();
        let points_at =
            d.secondary.iter().filter_map(|label| by_span.get(&label.at).copied()).min();
        on_its_line.into_iter().chain(points_at).min()
    };
    let causes: Vec<Option<usize>> = (0..diagnostics.len()).map(cause).collect();
    // Each root's cascade in one pass (a scan of every diagnostic per
    // diagnostic was 10^8 steps for a file with 10,000 warnings).
    let mut caused: Vec<Vec<usize>> = alloc::vec![Vec::new(); diagnostics.len()];
    for (j, root) in causes.iter().enumerate() {
        if let Some(root) = root {
            caused[*root].push(j);
        }
    }
    (0..diagnostics.len())
        .filter(|&i| causes[i].is_none())
        .map(|i| (i, core::mem::take(&mut caused[i])))
        .collect()
}

/// Whether `inner` starts within `outer` (its end included): on its line,
/// for a span that is a whole line.
pub fn starts_within(outer: FileSpan, inner: FileSpan) -> bool {
    outer.file == inner.file
        && outer.span.start <= inner.span.start
        && inner.span.start <= outer.span.end
}

/// Sorts diagnostics by file, then position, then code, keeping emission order
/// otherwise (stable), so every shell shows the same order.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    crate::sorting::sort_by(diagnostics, |a, b| {
        (a.primary.at.file, a.primary.at.span.start, a.primary.at.span.end).cmp(&(
            b.primary.at.file,
            b.primary.at.span.start,
            b.primary.at.span.end,
        ))
    });
}

pub mod codes {
    //! Every diagnostic code, its default severity and a one-line summary.
    //!
    //! Codes are stable: tests and users' CI scripts match on them. Add new
    //! ones at the end of their group; never reuse a retired code.

    use super::Severity;

    macro_rules! codes {
        ($($name:ident = $code:literal, $sev:ident, $doc:literal;)*) => {
            $(#[doc = $doc] pub const $name: &str = $code;)*
            /// All codes with their default severity and summary, in definition order.
            pub const ALL: &[(&str, Severity, &str)] = &[$(($code, Severity::$sev, $doc)),*];
        };
    }

    codes! {
        // Files and USE.
        FILE_NOT_FOUND = "file-not-found", Error, "A USE or MAP names a file that cannot be found";
        USE_CYCLE = "use-cycle", Error, "A file USEs itself, directly or through others";
        FILE_USED_TWICE = "file-used-twice", Error, "A file is USEd a second time (DPjudge: FILE MULTIPLY USED)";
        USE_TOO_DEEP = "use-too-deep", Error, "USE chains nest deeper than the loader allows";
        BAD_ROOT_MAP = "bad-root-map", Error, "A MAP line must name exactly one map, once (DPjudge: BAD ROOT MAP LINE, TWO ROOT MAPS)";
        // Lines.
        UNKNOWN_DIRECTIVE = "unknown-directive", Warning, "An unknown first word declares a power in DPjudge; usually a typo";
        TRAILING_COMMENT = "trailing-comment", Warning, "`#` after other words is not a comment in DPjudge";
        ARITY = "arity", Error, "A directive has too few or too many words";
        NAME_LINE_REVERSED = "name-line-reversed", Error, "A name line written abbreviation first (`LAND NOR = North Point`): it is `North Point = NOR`";
        TERRAIN_WORD_MISSING = "terrain-word-missing", Error, "An ABUTS line without its terrain (`NOR ABUTS …`): it is `LAND NOR ABUTS …`";
        // Names and aliases.
        BAD_ALIASES = "bad-aliases", Error, "A name line is malformed (DPjudge: BAD ALIASES IN MAP FILE)";
        BAD_ABBREVIATION = "bad-abbreviation", Error, "A location abbreviation is malformed (DPjudge: INVALID LOCATION ABBREVIATION)";
        ABBREVIATION_LENGTH = "abbreviation-length", Warning, "A location abbreviation is not three characters (plus /coast)";
        KEYWORD_ABBREVIATION = "keyword-abbreviation", Warning, "An abbreviation or name is an order keyword (DPjudge since 2017 rejects it)";
        RESERVED_NAME = "reserved-name", Error, "A location name is a reserved keyword";
        DUPLICATE_NAME = "duplicate-name", Error, "A location or power name is defined twice";
        DUPLICATE_ALIAS = "duplicate-alias", Warning, "An alias names two different places or powers (the first meaning is kept)";
        AMBIGUOUS_ALIAS = "ambiguous-alias", Error, "A `?` alias contains a `+`";
        BAD_RENAME = "bad-rename", Error, "A rename (`->`) is malformed or names nothing";
        NAMED_NOT_ON_MAP = "named-not-on-map", Error, "A named location has no terrain line";
        NO_FULL_NAME = "no-full-name", Error, "A location has terrain but no name line";
        // Terrain and adjacency.
        AMEND_UNKNOWN = "amend-unknown", Error, "AMEND of a place with no terrain yet";
        NO_ABUTS = "no-abuts", Error, "The third word of a terrain line must be ABUTS";
        BAD_SPECIAL_ABUT = "bad-special-abut", Error, "An abut token is only restriction marks";
        ABUT_TWICE = "abut-twice", Error, "The same place is listed twice in one ABUTS list";
        ONE_WAY = "one-way-adjacency", Error, "A abuts B but B does not abut A";
        UNKNOWN_ABUT = "unknown-abut", Error, "An ABUTS list names a place that has no terrain";
        TERRAIN_CASE = "terrain-case", Warning, "A terrain line's place is neither upper nor lower case";
        COAST_WITHOUT_PROVINCE = "coast-without-province", Error, "A coast XXX/YY exists without its province XXX";
        BAD_OWNERSHIP_ABUT = "bad-ownership-abut", Error, "An X(SC) abut names something that is not a supply centre";
        BAD_POWER_ABUT = "bad-power-abut", Error, "A P:X abut names an unknown power letter";
        UNKNOWN_SPECIAL_ABUT = "unknown-special-abut", Error, "An abut carries a restriction mark other than ~ or *";
        STRAIT_AND_CAPE = "strait-and-cape", Warning, "~ and * abuts in one map (DPjudge refuses this)";
        ONE_WAY_SYNTAX = "one-way-syntax", Warning, "`:X` one-way abuts follow the documentation; DPjudge rejects them";
        MULTI_CENTER_ABUT = "multi-center-abut", Warning, "`X(A,B)` abuts follow the documentation; DPjudge rejects them";
        ABUT_REMOVAL = "abut-removal", Warning, "`-X` removal: DPjudge also deletes matching restrictions map-wide";
        DROP_UNKNOWN = "drop-unknown", Warning, "DROP of a place that does not exist";
        DROP_LEFTOVER = "drop-leftover", Warning, "A dropped place is still named in ownership or build lists";
        RENAME_WITH_RULES = "rename-with-rules", Warning, "Renaming a place with abut restrictions crashes DPjudge";
        // Powers.
        TOO_FEW_POWERS = "too-few-powers", Error, "A map needs at least two powers";
        BAD_POWER_ABBREV = "bad-power-abbreviation", Error, "Power abbreviation is missing, M or ?";
        DUPLICATE_POWER_ABBREV = "duplicate-power-abbreviation", Warning, "Two powers share an abbreviation letter";
        POWER_NAME_LENGTH = "power-name-length", Warning, "A power name of 1 or 3 letters can be read as a location or order";
        DEFAULT_POWER_ABBREV = "default-power-abbreviation", Warning, "Documented default abbreviation differs from DPjudge's";
        BEFORE_POWER = "before-power", Error, "A directive that needs a current power comes before any";
        BAD_HOME = "bad-home", Error, "A home centre is not a location";
        BAD_FACTORY = "bad-factory", Error, "A factory (+) site is invalid";
        BAD_PARTISAN = "bad-partisan", Error, "A partisan (*) site is invalid";
        BAD_ALTERNATIVE = "bad-alternative", Error, "An alternative home (@X(H)) limit is invalid";
        BAD_OWNED_CENTER = "bad-owned-center", Error, "An owned centre is not a location";
        CENTER_OWNED_TWICE = "center-owned-twice", Error, "Two powers own one centre";
        BAD_UNIT = "bad-unit", Error, "A unit line is malformed or stands where it cannot";
        BAD_RESERVES = "bad-reserves", Error, "RESERVES/MILITIA count or power is invalid";
        RESERVES_SEMANTICS = "reserves-semantics", Warning, "DPjudge counts RESERVES twice and MILITIA as reserves";
        NO_SUCH_POWER = "no-such-power", Error, "A directive names a power that does not exist";
        BAD_DUMMY = "bad-dummy", Error, "A DUMMY/DUMMIES line is malformed";
        BAD_TEAM = "bad-team", Error, "A TEAM line is malformed";
        BAD_CONTROL = "bad-control", Error, "CONTROL needs a current dummy power";
        BAD_LEAGUE = "bad-league", Error, "A LEAGUE line is malformed";
        BAD_FLAG = "bad-flag", Error, "A FLAG line is malformed";
        BAD_UNPLAYED = "bad-unplayed", Error, "An UNPLAYED line is malformed";
        POWER_RENAME = "power-rename", Warning, "Power renames follow the documentation; DPjudge crashes on them";
        CENTERS_SYNONYM = "centers-synonym", Warning, "CENTERS: DPjudge reads it as OWNS, the documentation as UNOWNED";
        // Behaviour.
        BAD_VICTORY = "bad-victory", Error, "VICTORY needs whole numbers";
        VICTORY_UNREACHABLE = "victory-unreachable", Warning, "VICTORY entries that no game year reaches";
        BAD_NEWHOMES = "bad-newhomes", Error, "NEWHOMES needs years";
        BAD_DIRECTIVES = "bad-directives", Error, "A DIRECTIVES stanza line is malformed";
        UNCLOSED_DIRECTIVES = "unclosed-directives", Warning, "A DIRECTIVES stanza runs to the end of the file";
        UNKNOWN_RULE = "unknown-rule", Warning, "A RULE name DPjudge does not know";
        UNIMPLEMENTED_RULE = "unimplemented-rule", Warning, "A DPjudge RULE judgepad does not implement yet";
        JUDGE_RULE = "judge-rule", Note, "A RULE about running games on the judge, nothing to adjudicate";
        // Calendar.
        FLOW_NO_COLON = "flow-no-colon", Error, "A FLOW item needs SEASON:PHASE";
        FLOW_COLONS = "flow-colons", Error, "A FLOW item has more than one colon";
        FLOW_NEWYEAR = "flow-newyear", Error, "NEWYEAR:n needs a non-zero number of one sign";
        FLOW_IFYEARDIV = "flow-ifyeardiv", Error, "IFYEARDIV:d[=m] needs d > 0 and 0 <= m < d";
        FLOW_PHASE_TYPE = "flow-phase-type", Error, "Two phase types share a first letter";
        FLOW_TWICE = "flow-phase-twice", Error, "A season:phase appears twice in the FLOW";
        FLOW_EMPTY_PHASE = "flow-empty-phase", Error, "A FLOW item has an empty season or phase";
        SEASON_INITIALS = "season-initials", Warning, "Two seasons share an initial, so phase abbreviations collide";
        IFYEARDIV_BEFORE_NEWYEAR = "ifyeardiv-before-newyear", Warning, "IFYEARDIV before an explicit NEWYEAR adds a second year step";
        BAD_BEGIN = "bad-begin", Error, "BEGIN needs SEASON YEAR PHASE with a number year";
        YEAR_RANGE = "year-range", Error, "A year or NEWYEAR step is too large to count with";
        BEGIN_NOT_IN_FLOW = "begin-not-in-flow", Error, "BEGIN's season and phase are not in the FLOW";
        // Dynamic directives.
        BAD_DYNAMIC = "bad-dynamic", Error, "An IN/FROM line is malformed";
        DYNAMIC_COLON = "dynamic-colon", Error, "A one-line IN/FROM directive cannot contain `:`";
        DPJUDGE_IN = "dpjudge-in", Warning, "DPjudge (since 2017) flags every IN line as BAD FROM DIRECTIVE";
        DPJUDGE_FROM = "dpjudge-from", Warning, "DPjudge applies FROM only in its exact phase";
        DYNAMIC_NEVER = "dynamic-never", Warning, "An IN/FROM key matches no phase of the calendar";
        // Orders.
        ORDER_SYNTAX = "order-syntax", Error, "An order cannot be read";
        UNKNOWN_PLACE = "unknown-place", Error, "An order names an unknown place";
        UNKNOWN_COAST = "unknown-coast", Error, "An order names a coast that does not exist";
        NO_UNIT = "no-unit", Error, "No unit stands where the order says";
        WRONG_UNIT_TYPE = "wrong-unit-type", Note, "The order names the wrong unit type; it is ignored (DATC 4.C)";
        NOT_YOUR_UNIT = "not-your-unit", Error, "A power orders a unit it does not own";
        ILLEGAL_ORDER = "illegal-order", Error, "The order is impossible on this map";
        DUPLICATE_ORDER = "duplicate-order", Warning, "A unit received more than one order";
        WRONG_PHASE = "wrong-phase", Error, "The order does not belong to this phase";
        AMBIGUOUS_ORDER = "ambiguous-order", Warning, "A word of an order is both a place and an order word, and both readings make an order";
        // Pins (`# @pos ABBR x y` comments that place provinces in the drawing).
        BAD_PIN = "bad-pin", Warning, "A `# @pos` pin is not `ABBR x y` with two numbers";
        UNKNOWN_PIN = "unknown-pin", Warning, "A `# @pos` pin names no province of the map";
        PIN_CONFLICT = "pin-conflict", Warning, "A `# @pos` pin puts its province beyond the neighbours other pins hold, so the drawing could not honour it";
        // Scenarios (`judgepad test`, `# @scenario` blocks).
        SCENARIO_SYNTAX = "scenario-syntax", Error, "A scenario line cannot be read";
        SCENARIO_UNKNOWN = "scenario-unknown", Error, "A scenario names a power, place or unit the map does not have";
        // Other formats: nJudge `map.`/`seed.` files.
        NJUDGE_SYNTAX = "njudge-syntax", Error, "A line of an nJudge map file cannot be read";
        NJUDGE_AREA_TYPE = "njudge-area-type", Error, "An nJudge area type letter is unknown or misplaced";
        NJUDGE_UNKNOWN_AREA = "njudge-unknown-area", Error, "An nJudge move or seed line names an unknown abbreviation";
        NJUDGE_NAMING = "njudge-naming-conflict", Error, "Two nJudge areas share a name or abbreviation (the judge does not catch this)";
        NJUDGE_ONE_WAY = "njudge-one-way", Error, "An nJudge move has no move back (Can't get back to X from Y)";
        NJUDGE_SEED = "njudge-seed", Error, "A line of an nJudge seed file cannot be read";
        NJUDGE_CARRIED = "njudge-carried", Warning, "An nJudge feature DPjudge cannot express, carried as a comment";
        NJUDGE_POWER = "njudge-power-letter", Note, "An nJudge power letter has no name in the table; it gets a placeholder name";
        // Other formats: Xconq mapfiles.
        XCONQ_SYNTAX = "xconq-syntax", Error, "A line of an Xconq mapfile cannot be read";
        XCONQ_ROW = "xconq-row-length", Error, "An Xconq terrain row is not as long as the map is wide";
        XCONQ_COUNT = "xconq-count", Error, "An Xconq section has fewer or more lines than its header says";
        XCONQ_TERRAIN = "xconq-terrain", Error, "An Xconq terrain character is not defined by the period";
        XCONQ_PERIOD = "xconq-period", Warning, "A word of an Xconq period is not understood (kept, not fatal)";
        // Dialects.
        MISSING_ADJACENCY = "missing-adjacency", Warning, "A coastless province does not abut a water space its coasts abut (the diplomacy package rejects this)";
        DIALECT = "dialect", Note, "Which format or map dialect a file is read as";
        EXPORT_LOST = "export-lost", Warning, "Something the export target cannot express: the exported variant leaves it out or plays it otherwise";
        PACKAGE_UNSUPPORTED = "package-unsupported", Error, "The diplomacy package does not read this as DPjudge does (a power, a bogus name, or refused)";
    }

    /// The default severity of `code` (error for unknown codes).
    pub fn severity(code: &str) -> Severity {
        ALL.iter().find(|(name, _, _)| *name == code).map_or(Severity::Error, |it| it.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{FileId, Span};
    use alloc::vec::Vec;

    /// `grouped` finds each cause by a search; a scan of every root (what
    /// it replaced, quadratic in the roots) gives the same groups on
    /// random diagnostics: roots on lines, some sharing a line, others
    /// inside or after them, labels pointing at roots or elsewhere.
    #[test]
    fn grouped_finds_the_causes_a_scan_finds() {
        let mut seed = 11u64;
        let mut next = move |below: u32| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) as u32) % below
        };
        let span = |file: u32, start: u32, len: u32| FileSpan {
            file: FileId(file),
            span: Span { start, end: start + len },
        };
        for round in 0..200 {
            let count = 1 + next(40) as usize;
            let mut diags: Vec<Diagnostic> = Vec::new();
            for _ in 0..count {
                let (file, start) = (next(2), next(300));
                let code = match next(4) {
                    0 => codes::NAME_LINE_REVERSED,
                    1 => codes::TERRAIN_WORD_MISSING,
                    _ => codes::ARITY,
                };
                let len = if ROOTS.contains(&code) { 10 + next(30) } else { next(5) };
                let mut d = Diagnostic::new(code, span(file, start, len), "m");
                if next(3) == 0 {
                    // A label at an earlier diagnostic's span (often a root's).
                    let at = if diags.is_empty() {
                        span(file, next(300), 3)
                    } else {
                        diags[next(diags.len() as u32) as usize].primary.at
                    };
                    d = d.with_secondary(at, "there");
                }
                diags.push(d);
            }
            let roots: Vec<usize> =
                (0..diags.len()).filter(|&i| ROOTS.contains(&diags[i].code)).collect();
            let scan = |i: usize| {
                let d = &diags[i];
                roots.iter().copied().find(|&r| {
                    let root = &diags[r];
                    let on_its_line = starts_within(root.primary.at, d.primary.at);
                    let points_at_it = d.secondary.iter().any(|l| l.at == root.primary.at);
                    r != i && !ROOTS.contains(&d.code) && (on_its_line || points_at_it)
                })
            };
            let mut expected: Vec<(usize, Vec<usize>)> = Vec::new();
            for i in (0..diags.len()).filter(|&i| scan(i).is_none()) {
                expected.push((i, (0..diags.len()).filter(|&j| scan(j) == Some(i)).collect()));
            }
            assert_eq!(grouped(&diags), expected, "round {round}");
        }
    }

    #[test]
    fn codes_are_unique_and_kebab_case() {
        for (idx, (code, _, doc)) in codes::ALL.iter().enumerate() {
            assert!(code.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{code}");
            assert!(!doc.ends_with('.'), "{code}");
            assert!(codes::ALL[idx + 1..].iter().all(|other| other.0 != *code), "{code}");
        }
    }
}
