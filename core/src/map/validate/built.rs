//! Checks on the built [`Map`]: coasts without their province, abuts listed
//! twice or naming nothing, and one-way adjacencies, decided by the same
//! `abuts` the adjudicator uses.

use alloc::format;

use crate::diagnostics::{Diagnostic, Edit, codes};
use crate::map::names::{lower, upper_cow};
use crate::map::{LocationId, Map, Reach, Terrain, UnitKind};
use crate::text::{FileSpan, Span};
use alloc::vec::Vec;

/// Checks on the built map: coasts, abut lists, one-way adjacencies.
#[cfg_attr(judgepad_size, optimize(size))]
pub(crate) fn check_map(map: &Map, diags: &mut Vec<Diagnostic>) {
    for prov in &map.provinces {
        if prov.location.is_none() {
            for &coast in &prov.coasts {
                let loc = map.loc(coast);
                diags.push(
                    Diagnostic::new(
                        codes::COAST_WITHOUT_PROVINCE,
                        loc.at,
                        format!("coast {} has no province {}", loc.abbr, prov.abbr),
                    )
                    .with_help(format!("Add `COAST {} ABUTS …` (lower case: fleets stand only on its coasts) after its coasts.", lower(&prov.abbr))),
                );
            }
        }
    }
    // Lists are short: a scan, not a set (this ran a set of owned strings
    // for every location of every keystroke's check); a long one (20,000
    // places typed on one line: 0.3 s scanned) goes through a set.
    let mut seen: Vec<alloc::borrow::Cow<'_, str>> = Vec::new();
    let mut seen_many: alloc::collections::BTreeSet<alloc::borrow::Cow<'_, str>> =
        alloc::collections::BTreeSet::new();
    for (idx, loc) in map.locations.iter().enumerate() {
        let here = LocationId(idx as u32);
        seen.clear();
        seen_many.clear();
        let many = loc.abuts.len() > 32;
        for abut in &loc.abuts {
            let written_upper = upper_cow(&abut.written);
            let twice = if many {
                !seen_many.insert(written_upper.clone())
            } else {
                seen.contains(&written_upper)
            };
            if twice {
                diags.push(Diagnostic::new(
                    codes::ABUT_TWICE,
                    abut.at,
                    format!(
                        "{} is listed twice in {}'s ABUTS (DPjudge: SITES ABUT TWICE)",
                        written_upper, loc.abbr
                    ),
                ));
                continue;
            }
            if !many {
                seen.push(written_upper);
            }
            let Some(other) = abut.target else {
                diags.push(
                    Diagnostic::new(codes::UNKNOWN_ABUT, abut.at, format!("{} abuts `{}`, which has no terrain line", loc.abbr, abut.written))
                        .with_help("ABUTS lists name locations defined by WATER/LAND/COAST/PORT/SHUT lines, with coasts as XXX/NC."),
                );
                continue;
            };
            let other_loc = map.loc(other);
            if loc.terrain == Terrain::Shut || other_loc.terrain == Terrain::Shut {
                continue;
            }
            let back = map.abuts(Some(UnitKind::Army), other, Reach::Move, here).is_some()
                || map.abuts(Some(UnitKind::Fleet), other, Reach::Move, here).is_some();
            if back {
                continue;
            }
            let add = if loc.upper { loc.abbr.clone() } else { lower(&loc.abbr) };
            let line_end = FileSpan::new(other_loc.line.file, Span::empty(other_loc.line.span.end));
            let has_abuts = !other_loc.abuts.is_empty();
            let insert = if has_abuts { format!(" {add}") } else { format!(" ABUTS {add}") };
            diags.push(
                Diagnostic::new(
                    codes::ONE_WAY,
                    abut.at,
                    format!("{} abuts {} but {} does not abut {} (DPjudge: ONE-WAY ADJACENCY IN MAP)", loc.abbr, other_loc.abbr, other_loc.abbr, loc.abbr),
                )
                .with_secondary(other_loc.line, format!("{}'s ABUTS has no way back", other_loc.abbr))
                .with_help(format!("Add `{add}` to {}'s ABUTS, or write `:{}` here for a deliberate one-way adjacency.", other_loc.abbr, abut.written))
                .with_fix(format!("add `{add}` to {}'s ABUTS", other_loc.abbr), alloc::vec![Edit { at: line_end, replacement: insert }]),
            );
        }
    }
}
