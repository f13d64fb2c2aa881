//! A newcomer's first mistakes, recognised for what they meant (issue 32):
//! lines written the way a newcomer guesses the syntax read as something
//! else in DPjudge, and each then sets off a cascade (a name for a location
//! that does not exist, a power per line, its "home centres" owned twice).
//! Each such line gets one first diagnostic that names the intended syntax,
//! with a fix, and [`crate::diagnostics::grouped`] folds the cascade on the
//! same line under it.
//!
//! - `LAND NOR = North Point` (or `NOR = North Point`): a name line is
//!   written `North Point = NOR`, the full name first
//!   (`name-line-reversed`);
//! - `NOR ABUTS HIL FAL`: a terrain line starts with its terrain
//!   (`terrain-word-missing`).
//!
//! It runs only when the load reported what these mistakes set off, so a
//! map without them costs nothing.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, Edit, codes, starts_within};
use crate::map::SourceFile;
use crate::omap::OMap;
use crate::syntax::{LineKind, parse};
use crate::text::{FileId, FileSpan, Span};

const TERRAINS: [&str; 4] = ["LAND", "WATER", "COAST", "PORT"];

/// Adds the first diagnostics of a newcomer's mistakes in `files` to
/// `diags`.
#[cfg_attr(judgepad_size, optimize(size))]
pub(crate) fn explain(files: &[SourceFile], diags: &mut Vec<Diagnostic>) {
    // What the mistakes set off where they are.
    let sets_off = |d: &Diagnostic| {
        matches!(d.code, codes::NAMED_NOT_ON_MAP | codes::UNKNOWN_DIRECTIVE | codes::BAD_HOME)
    };
    if !diags.iter().any(sets_off) {
        return;
    }
    crate::diagnostics::sort(diags);
    for (idx, file) in files.iter().enumerate() {
        let id = FileId(idx as u32);
        let text: &str = &file.text;
        let parsed = parse(id, text);
        let word = |s: Span| s.text(text);
        // Terrain named anywhere for an abbreviation (`LAND NOR …`, or the
        // reversed name line `LAND NOR = …`: the first such line's), and the
        // abbreviations that start an ABUTS line: looked up, not searched
        // for, per mistake (a file of 15,000 mistakes took a second).
        let mut terrain_at: OMap<FileSpan> = OMap::default();
        let mut abuts: OMap<()> = OMap::default();
        for line in &parsed.lines {
            let [first, second, ..] = line.words[..] else { continue };
            if TERRAINS.iter().any(|t| word(first).eq_ignore_ascii_case(t)) {
                let key = word(second).to_ascii_uppercase();
                if !terrain_at.contains(&key) {
                    terrain_at.insert(&key, FileSpan::new(id, first));
                }
            }
            if word(second).eq_ignore_ascii_case("ABUTS") {
                abuts.insert(&word(first).to_ascii_uppercase(), ());
            }
        }
        let terrain_of = |abbr: &str| terrain_at.get(abbr).map(|at| word(at.span).to_uppercase());
        let abuts_line = |abbr: &str| abuts.contains(abbr);
        // Only lines whose reading set off a cascade (a correct name line
        // with an alias looks like `NOR = North Point` too).
        // (In order: the diagnostics are sorted before the files are read.)
        let flagged: Vec<(FileId, u32)> = diags
            .iter()
            .filter(|d| sets_off(d))
            .map(|d| (d.primary.at.file, d.primary.at.span.start))
            .collect();
        let mut found = Vec::new();
        // Each mistake's line and the abbreviation it left undefined.
        let mut subjects: Vec<(FileSpan, String)> = Vec::new();
        for line in &parsed.lines {
            let w = &line.words;
            let at = FileSpan::new(id, line.span);
            if !any_starts_within(&flagged, at) {
                continue;
            }
            match line.kind {
                LineKind::Names { eq } => {
                    // `eq` is the `=`'s place in the text.
                    let left: Vec<&str> =
                        w.iter().filter(|s| s.end <= eq).map(|&s| word(s)).collect();
                    let right: Vec<&str> = w
                        .iter()
                        .filter(|s| s.start > eq)
                        .map(|&s| word(s))
                        .filter(|s| *s != "=")
                        .collect();
                    let (terrain, abbr) = match left[..] {
                        [t, a] if TERRAINS.iter().any(|k| t.eq_ignore_ascii_case(k)) => {
                            (Some(t.to_uppercase()), a)
                        }
                        [a] if looks_abbreviation(a) && right.len() >= 2 => (None, a),
                        _ => continue,
                    };
                    if right.is_empty() || !looks_abbreviation(abbr) {
                        continue;
                    }
                    let name = right.join(" ");
                    let abbr = abbr.to_uppercase();
                    subjects.push((at, abbr.clone()));
                    let mut written = format!("{name} = {abbr}");
                    if let Some(terrain) = &terrain
                        && !abuts_line(&abbr)
                    {
                        written.push_str(&format!("\n{terrain} {abbr}"));
                    }
                    let terrain_note = match &terrain {
                        Some(t) if abuts_line(&abbr) => {
                            format!("; the terrain starts its ABUTS line: `{t} {abbr} ABUTS …`")
                        }
                        Some(t) => format!("; the terrain goes on a line of its own: `{t} {abbr}`"),
                        None => String::new(),
                    };
                    found.push(
                        Diagnostic::new(
                            codes::NAME_LINE_REVERSED,
                            at,
                            format!(
                                "a name line is written `{name} = {abbr}`, the full name first{terrain_note}"
                            ),
                        )
                        .with_help(format!(
                            "As written, DPjudge reads `{}` as a full name and `{}` as its abbreviation.",
                            left.join(" "),
                            right[0]
                        ))
                        .with_fix(
                            format!("write `{}`", written.replace('\n', "` and `")),
                            alloc::vec![Edit { at, replacement: written.clone() }],
                        ),
                    );
                }
                LineKind::Power if w.len() >= 2 && word(w[1]).eq_ignore_ascii_case("ABUTS") => {
                    let abbr = word(w[0]).to_uppercase();
                    subjects.push((at, abbr.clone()));
                    let terrain = terrain_of(&abbr).unwrap_or_else(|| "LAND".to_string());
                    let rest = text[w[1].start as usize..line.span.end as usize].to_string();
                    let written = format!("{terrain} {abbr} {rest}");
                    found.push(
                        Diagnostic::new(
                            codes::TERRAIN_WORD_MISSING,
                            at,
                            format!(
                                "a terrain line starts with LAND, WATER, COAST or PORT: `{written}`"
                            ),
                        )
                        .with_help(format!(
                            "As written, DPjudge reads `{}` as a new power whose home centres are the words after it.",
                            word(w[0])
                        ))
                        .with_fix(
                            format!("start the line with `{terrain}`"),
                            alloc::vec![Edit {
                                at: FileSpan::new(id, Span::new(w[0].start, w[0].start)),
                                replacement: format!("{terrain} "),
                            }],
                        ),
                    );
                }
                _ => {}
            }
        }
        // Elsewhere, what follows from a location left undefined (a home
        // centre, a unit, a centre owned twice there) points back at the
        // mistake, so it folds under it. A diagnostic on a mistake's own
        // line stays as it is: the line is the last of `subjects` (in the
        // file's order) to start at or before it.
        let on_a_mistake = |at: FileSpan| {
            let after = subjects.partition_point(|(line, _)| {
                (line.file, line.span.start) <= (at.file, at.span.start)
            });
            after.checked_sub(1).is_some_and(|idx| starts_within(subjects[idx].0, at))
        };
        // Each abbreviation left undefined, with the first mistake's line.
        let mut named: OMap<FileSpan> = OMap::default();
        for (at, abbr) in &subjects {
            if !named.contains(abbr) {
                named.insert(abbr, *at);
            }
        }
        for diag in diags.iter_mut() {
            if !matches!(
                diag.code,
                codes::BAD_HOME
                    | codes::BAD_UNIT
                    | codes::CENTER_OWNED_TWICE
                    | codes::UNKNOWN_PLACE
            ) || on_a_mistake(diag.primary.at)
            {
                continue;
            }
            // The first mistake whose abbreviation the message names.
            let cause = diag
                .message
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter_map(|w| named.get(w).map(|at| (*at, w)))
                .min_by_key(|&(at, _)| at);
            if let Some((at, abbr)) = cause {
                diag.secondary.push(crate::diagnostics::Label {
                    at,
                    message: format!("{abbr} is not a location because of this line"),
                });
            }
        }
        diags.extend(found);
    }
    crate::diagnostics::sort(diags);
}

/// Whether one of `sorted` (file and offset, in order) lies within the
/// line `at`, its end included: [`starts_within`] against each, by halves.
fn any_starts_within(sorted: &[(FileId, u32)], at: FileSpan) -> bool {
    let first = sorted.partition_point(|&key| key < (at.file, at.span.start));
    sorted.get(first).is_some_and(|&(file, start)| file == at.file && start <= at.span.end)
}

/// Two to four letters or digits: what a newcomer writes as an
/// abbreviation.
fn looks_abbreviation(word: &str) -> bool {
    (2..=4).contains(&word.len()) && word.chars().all(|c| c.is_ascii_alphanumeric())
}
