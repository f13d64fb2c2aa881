//! Reading an nJudge `seed.` file against its map into [`NjSeed`]: the
//! start phase, the unit lines up to `-1`, and the ownership record (one
//! character per area, or `-1` for "from the map"), each problem a
//! diagnostic in the seed file (file 1).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::read::is_end;
use super::{Coast, MoveKind, NjMap, NjSeed, SEED_FILE, SeedPhase, SeedUnit, at};
use crate::Diagnostic;
use crate::diagnostics::codes;
use crate::text::{Span, lines, span_in as span_of};

/// Reads a `seed.` file against `map`.
pub fn read_seed(text: &str, map: &NjMap) -> (NjSeed, Vec<Diagnostic>) {
    let mut seed = NjSeed::default();
    let mut diags = Vec::new();
    let mut stage = 0u8; // 0 phase, 1 units, 2 ownership, 3 done
    let mut record: Vec<char> = Vec::new();
    let mut record_at: Option<Span> = None;
    for (line_at, line) in lines(text) {
        let start = line_at.start;
        let trimmed = line.trim();
        let span = span_of(line, start, trimmed);
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        match stage {
            0 => {
                match parse_phase(trimmed) {
                    Some((season, year, kind)) => {
                        seed.phase = Some(SeedPhase { season, year, kind, at: span });
                    }
                    None => {
                        diags.push(
                            Diagnostic::new(codes::NJUDGE_SEED, at(SEED_FILE, span), format!("expected the start phase (like `S1901M`), found `{trimmed}`"))
                                .with_help("A seed file starts with the phase, then lines `P: A Name` ended by `-1`, then the ownership record ended by `-1`. This looks like a report file, not a seed."),
                        );
                        return (seed, diags);
                    }
                }
                stage = 1;
            }
            1 if is_end(trimmed) => stage = 2,
            1 => match parse_unit(line, start, map) {
                Ok(unit) => seed.units.push(unit),
                Err(diag) => diags.push(diag),
            },
            2 if is_end(trimmed) => {
                if let Some(span) = record_at {
                    seed.owners = Some((core::mem::take(&mut record), span));
                }
                stage = 3;
            }
            2 => {
                if trimmed.len() > 1 && trimmed.as_bytes()[1] == b':' && !trimmed.contains(' ') {
                    diags.push(Diagnostic::new(
                        codes::NJUDGE_SEED,
                        at(SEED_FILE, span),
                        "a Machiavelli status record (N:, O:, C:, H:, F: lines) is not read",
                    ));
                    continue;
                }
                record.extend(trimmed.chars());
                if let Some(bad) = trimmed
                    .chars()
                    .find(|ch| *ch != '.' && !ch.is_ascii_uppercase() && !ch.is_ascii_digit())
                {
                    diags.push(
                        Diagnostic::new(codes::NJUDGE_SEED, at(SEED_FILE, span), format!("`{bad}` in the ownership record is not a power letter (0-9, A-Z) or `.`; read as `.`"))
                            .with_severity(crate::Severity::Warning),
                    );
                }
                record_at = Some(record_at.map_or(span, |it| it.cover(span)));
            }
            _ => {
                let mut diag = Diagnostic::new(
                    codes::NJUDGE_SEED,
                    at(SEED_FILE, span),
                    "text after the ownership record's `-1` is ignored",
                );
                diag.severity = crate::Severity::Warning;
                diags.push(diag);
                break;
            }
        }
    }
    let end = at(SEED_FILE, Span::empty(text.len() as u32));
    match stage {
        0 => diags.push(Diagnostic::new(
            codes::NJUDGE_SEED,
            end,
            "the seed file is empty: it needs the start phase, units and `-1`",
        )),
        1 => diags.push(Diagnostic::new(
            codes::NJUDGE_SEED,
            end,
            "the unit list has no closing `-1`",
        )),
        2 => diags.push(Diagnostic::new(
            codes::NJUDGE_SEED,
            end,
            "the ownership record has no closing `-1`",
        )),
        _ => (),
    }
    if let Some((owners, span)) = &mut seed.owners {
        let span = &*span;
        let areas = map.areas.len();
        if owners.len() != areas {
            let what = if owners.len() < areas {
                "the missing ones are read as `.`"
            } else {
                "the extra ones are ignored"
            };
            diags.push(
                Diagnostic::new(codes::NJUDGE_SEED, at(SEED_FILE, *span), format!("the ownership record has {} characters; the map has {areas} areas ({what})", owners.len()))
                    .with_help("One character per area, in the map's area order: `.` for none, or the owner's letter.")
                    .with_severity(crate::Severity::Warning),
            );
        }
        owners.resize(map.areas.len(), '.');
        for owner in owners.iter_mut() {
            if !owner.is_ascii_uppercase() && !owner.is_ascii_digit() {
                *owner = '.';
            }
        }
        for (idx, &owner) in owners.iter().enumerate() {
            if owner == '.' {
                continue;
            }
            if let Some(area) = map.areas.get(idx)
                && !area.kind.is_center()
                && owner != '.'
            {
                let mut diag = Diagnostic::new(
                    codes::NJUDGE_SEED,
                    at(
                        SEED_FILE,
                        Span::new(span.start + idx as u32, span.start + idx as u32 + 1)
                            .min_in(*span),
                    ),
                    format!("the record gives {} (no supply centre) to `{owner}`", area.name),
                );
                diag.severity = crate::Severity::Warning;
                diags.push(diag);
            }
        }
    }
    (seed, diags)
}

fn parse_phase(text: &str) -> Option<(char, i64, char)> {
    let word = text.split_whitespace().next()?;
    let mut chars = word.chars();
    let season = chars.next()?.to_ascii_uppercase();
    let kind = word.chars().last()?.to_ascii_uppercase();
    let year = word.get(1..word.len() - 1)?;
    if !matches!(season, 'S' | 'U' | 'F' | 'W') || !matches!(kind, 'M' | 'R' | 'B' | 'A') {
        return None;
    }
    if year.is_empty() || !year.bytes().all(|b| b.is_ascii_digit()) || year.len() > 9 {
        return None;
    }
    Some((season, year.parse().ok()?, kind))
}

// A diagnostic per bad line is the point; boxing it buys nothing here.
#[allow(clippy::result_large_err)]
fn parse_unit(line: &str, base: u32, map: &NjMap) -> Result<SeedUnit, Diagnostic> {
    let trimmed = line.trim();
    let span = span_of(line, base, trimmed);
    let bad = |message: String| Diagnostic::new(codes::NJUDGE_SEED, at(SEED_FILE, span), message);
    let Some((power, rest)) = trimmed.split_once(':') else {
        return Err(bad(format!(
            "a unit line is `P: A Name` (power letter, unit, place): `{trimmed}`"
        )));
    };
    let power = power.trim();
    let mut letters = power.chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return Err(bad(format!("`{power}` is not one power letter")));
    };
    let rest = rest.trim_start();
    let Some((unit, place)) = rest.split_once(char::is_whitespace) else {
        return Err(bad(format!("a unit line is `P: A Name`: `{trimmed}` has no place")));
    };
    let fleet = match unit {
        "A" | "a" => false,
        "F" | "f" => true,
        _ => return Err(bad(format!("`{unit}` is not a unit type (A or F)"))),
    };
    let place = place.trim();
    let place_at = at(SEED_FILE, span_of(line, base, place));
    let (name, coast) = match place.rsplit_once('/') {
        Some((name, coast)) => match Coast::parse(coast) {
            Some(coast) => (name.trim(), Some(coast)),
            None => {
                return Err(Diagnostic::new(
                    codes::NJUDGE_SEED,
                    place_at,
                    format!("unknown coast `/{coast}`"),
                ));
            }
        },
        None => (place, None),
    };
    let Some(area) = map.area(name) else {
        return Err(Diagnostic::new(
            codes::NJUDGE_UNKNOWN_AREA,
            place_at,
            format!("no area is named `{name}`"),
        ));
    };
    let kind = map.areas[area].kind;
    if !fleet && kind.is_water() {
        return Err(Diagnostic::new(
            codes::NJUDGE_SEED,
            place_at,
            format!("an army cannot start at sea ({})", map.areas[area].name),
        ));
    }
    let coasts = map.coasts(area);
    if fleet {
        match coast {
            Some(coast) if !coasts.contains(&coast) => {
                return Err(Diagnostic::new(
                    codes::NJUDGE_SEED,
                    place_at,
                    format!("{} has no {} coast", map.areas[area].name, coast.word()),
                ));
            }
            None if !coasts.is_empty() && map.lines_of(area, MoveKind::Fleet).next().is_none() => {
                return Err(Diagnostic::new(
                    codes::NJUDGE_SEED,
                    place_at,
                    format!(
                        "{} has several coasts: say which (`/nc`, `/sc`…)",
                        map.areas[area].name
                    ),
                ));
            }
            _ => (),
        }
    }
    Ok(SeedUnit { power: letter.to_ascii_uppercase(), fleet, area, coast, at: span })
}

trait MinIn {
    fn min_in(self, outer: Span) -> Span;
}

impl MinIn for Span {
    fn min_in(self, outer: Span) -> Span {
        if self.end <= outer.end { self } else { outer }
    }
}
