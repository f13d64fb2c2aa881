//! The variant's calendar: FLOW compiled into a sequence, phases, their names
//! and abbreviations, next/previous/ordering, BEGIN, VICTORY thresholds, and
//! which dynamic (`IN`/`FROM`) blocks apply in a phase.
//!
//! The algorithm is DPjudge's (`Map.validate` flow parsing,
//! `findNextPhase`, `findPreviousPhase`, `comparePhases`), with floor modulo
//! for negative years, and its documented behaviour where code and docs part:
//! FROM blocks stay in force from their phase on, and every IN block works.
//! The calendar lists every phase; skipping empty retreat and adjustment
//! phases is the game's job.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use crate::diagnostics::{Diagnostic, codes};
use crate::map::Map;
use crate::map::names::{upper, with_upper};
use crate::syntax::DynamicKeyword;
use crate::text::{FileId, FileSpan, Span};

/// The largest year (either way) and NEWYEAR step a map may use: stepping
/// from any such year by any such step cannot overflow.
pub const MAX_YEAR: i64 = 1_000_000_000_000;

/// One element of the compiled FLOW.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlowItem {
    /// `NEWYEAR[:n]`: the year changes by `n`. `implicit` when DPjudge inserted it.
    NewYear { years: i64, implicit: bool },
    /// `IFYEARDIV:d[=m]`: unless `year mod d == m`, restart at the first element.
    IfYearDiv { divisor: i64, modulo: i64 },
    /// A phase: season and type as written.
    Phase { season: String, kind: String },
}

/// What a phase type does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhaseKind {
    /// `MOVEMENT`
    Movement,
    /// `RETREATS`
    Retreats,
    /// `ADJUSTMENTS`
    Adjustments,
    /// A custom type (e.g. `INCOME`): nothing to adjudicate, a pause.
    Other,
}

/// A phase: season, year and type, as the FLOW spells them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phase {
    /// Season as in the FLOW (`SPRING`, `B.C.`).
    pub season: String,
    /// Year (may be negative or zero).
    pub year: i64,
    /// Type as in the FLOW (`MOVEMENT`, `INCOME`).
    pub kind: String,
}

impl Phase {
    /// `S1901M`: first letter of the season, the year, first letter of the type.
    pub fn abbr(&self) -> String {
        let mut res = String::with_capacity(8);
        res.extend(self.season.chars().next());
        crate::text::push_decimal(&mut res, self.year);
        res.extend(self.kind.chars().next());
        res
    }

    /// `Spring 1901 Movement`, `B.C. 273 Adjustments`.
    pub fn long_name(&self) -> String {
        format!("{} {} {}", display_word(&self.season), self.year, display_word(&self.kind))
    }

    /// `SPRING 1901 MOVEMENT` (DPjudge's internal form, upper case).
    pub fn upper_name(&self) -> String {
        format!("{} {} {}", upper(&self.season), self.year, upper(&self.kind))
    }

    /// What the phase's type does.
    pub fn phase_kind(&self) -> PhaseKind {
        // Upper-cased on the stack (no string built for a short ASCII kind).
        with_upper(&self.kind, |kind| match kind {
            "MOVEMENT" => PhaseKind::Movement,
            "RETREATS" => PhaseKind::Retreats,
            "ADJUSTMENTS" => PhaseKind::Adjustments,
            _ => PhaseKind::Other,
        })
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.abbr())
    }
}

/// Title case as DPjudge's `phaseName` shows it: first letter and letters
/// after a `.` upper case, the rest lower case.
pub(crate) fn display_word(word: &str) -> String {
    let mut res = String::with_capacity(word.len());
    let mut capital = true;
    for ch in word.chars() {
        if capital {
            res.extend(ch.to_uppercase());
        } else {
            res.extend(ch.to_lowercase());
        }
        capital = ch == '.';
    }
    res
}

/// The compiled calendar of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calendar {
    /// The compiled sequence (never empty).
    pub seq: Vec<FlowItem>,
    /// +1 when years go forward, -1 when backward.
    pub flow_sign: i64,
    /// The first phase (BEGIN, or the default SPRING 1901 MOVEMENT).
    pub begin: Phase,
    /// Year of the first phase (VICTORY lists are indexed from it).
    pub first_year: i64,
    /// VICTORY counts, if given.
    pub victory: Vec<i64>,
    /// Years in which homes are reassigned (NEWHOMES).
    pub new_homes: Vec<i64>,
}

/// The default FLOW.
const DEFAULT_FLOW: [&str; 3] =
    ["SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"];

/// Compiles the calendar of `map`. Never fails: a broken FLOW or BEGIN gives
/// diagnostics and a usable calendar (the default flow if nothing is left).
#[cfg_attr(judgepad_size, optimize(size))]
pub fn calendar(map: &Map) -> (Calendar, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let root = FileSpan::new(FileId(0), Span::empty(0));
    let tokens: Vec<(String, FileSpan)> = if map.flow().is_empty() {
        DEFAULT_FLOW.iter().map(|it| (it.to_string(), root)).collect()
    } else {
        map.flow().iter().map(|tok| (tok.text.to_string(), tok.at)).collect()
    };
    let mut seq = compile_flow(&tokens, &mut diags);
    if !seq.iter().any(|it| matches!(it, FlowItem::Phase { .. })) {
        let defaults: Vec<(String, FileSpan)> =
            DEFAULT_FLOW.iter().map(|it| (it.to_string(), root)).collect();
        seq = compile_flow(&defaults, &mut Vec::new());
    }
    let flow_sign = seq
        .iter()
        .find_map(|item| match item {
            FlowItem::NewYear { years, .. } => Some(years.signum()),
            _ => None,
        })
        .unwrap_or(1);
    let mut cal = Calendar {
        seq,
        flow_sign,
        begin: Phase { season: "SPRING".into(), year: 1901, kind: "MOVEMENT".into() },
        first_year: 1901,
        victory: map.victory().map(|(counts, _)| counts.to_vec()).unwrap_or_default(),
        new_homes: map.new_homes().iter().filter_map(|tok| tok.text.parse().ok()).collect(),
    };
    if let Some(begin) = map.begin() {
        cal.set_begin(&begin.text, begin.at, &mut diags);
    } else if cal.index_of("SPRING", "MOVEMENT").is_none() {
        // No BEGIN: the default must be in the flow too.
        let first = cal.phases().next();
        diags.push(
            Diagnostic::new(
                codes::BEGIN_NOT_IN_FLOW,
                map.flow().first().map_or(root, |tok| tok.at),
                "no BEGIN line, and the default first phase SPRING 1901 MOVEMENT is not in this FLOW (DPjudge: BAD BEGIN PHASE)",
            )
            .with_help(format!(
                "Add a BEGIN line, e.g. `BEGIN {}`.",
                first.as_ref().map_or_else(|| "SPRING 1901 MOVEMENT".to_string(), Phase::upper_name)
            )),
        );
        if let Some(first) = first {
            cal.first_year = first.year;
            cal.begin = first;
        }
    }
    cal.check_victory(map, &mut diags);
    cal.check_dynamic(map, &mut diags);
    (cal, diags)
}

#[cfg_attr(judgepad_size, optimize(size))]
fn compile_flow(tokens: &[(String, FileSpan)], diags: &mut Vec<Diagnostic>) -> Vec<FlowItem> {
    let mut seq: Vec<FlowItem> = Vec::new();
    let mut sign = 0i64;
    let mut types: Vec<(char, String)> = alloc::vec![
        ('M', "MOVEMENT".into()),
        ('R', "RETREATS".into()),
        ('A', "ADJUSTMENTS".into())
    ];
    let mut seasons: Vec<(String, FileSpan)> = Vec::new();
    let mut implicit_for: Option<FileSpan> = None;
    for (item, at) in tokens {
        let at = *at;
        let Some((season, rest)) = item.split_once(':') else {
            if item == "NEWYEAR" {
                if sign < 0 {
                    diags.push(Diagnostic::new(
                        codes::FLOW_NEWYEAR,
                        at,
                        "NEWYEAR goes forward one year, but an earlier NEWYEAR goes backward (DPjudge: THE NEWYEAR FLOW DIRECTIVE CANNOT BE BOTH POSITIVE AND NEGATIVE)",
                    ));
                } else {
                    sign = 1;
                }
                if let Some(ifyeardiv) = implicit_for.take() {
                    diags.push(
                        Diagnostic::new(
                            codes::IFYEARDIV_BEFORE_NEWYEAR,
                            at,
                            "IFYEARDIV before this NEWYEAR already inserted a NEWYEAR at the start of the flow, so a year can pass twice",
                        )
                        .with_secondary(ifyeardiv, "this IFYEARDIV inserts an implicit NEWYEAR")
                        .with_help("Put NEWYEAR first in the FLOW."),
                    );
                }
                seq.push(FlowItem::NewYear { years: 1, implicit: false });
            } else {
                diags.push(
                    Diagnostic::new(codes::FLOW_NO_COLON, at, format!("FLOW item `{item}` needs a colon: SEASON:PHASE,PHASE (DPjudge: FLOW {item} REQUIRES COLON)"))
                        .with_help("Write e.g. `SPRING:MOVEMENT,RETREATS`; only NEWYEAR stands alone."),
                );
            }
            continue;
        };
        if rest.contains(':') {
            let colon = at.span.start + (season.len() + 1 + rest.find(':').unwrap_or(0)) as u32;
            let colon_at = sub(at, colon, colon + 1);
            diags.push(Diagnostic::new(codes::FLOW_COLONS, colon_at, format!("more than one colon in FLOW item `{item}` (DPjudge: MORE THAN ONE COLON (:) IN FLOW)")));
            continue;
        }
        let value_at = sub(at, at.span.start + season.len() as u32 + 1, at.span.end);
        match season {
            "NEWYEAR" => {
                let Ok(years) = rest.parse::<i64>() else {
                    diags.push(Diagnostic::new(codes::FLOW_NEWYEAR, value_at, format!("NEWYEAR takes a number of years, not `{rest}` (DPjudge: THE NEWYEAR FLOW DIRECTIVE CAN ONLY HAVE A NUMBER AS PARAMETER)")));
                    continue;
                };
                if years == 0 {
                    diags.push(Diagnostic::new(codes::FLOW_NEWYEAR, value_at, "NEWYEAR cannot change the year by 0 (DPjudge: THE NEWYEAR FLOW DIRECTIVE CAN NOT BE 0)"));
                    continue;
                }
                if years.unsigned_abs() > MAX_YEAR as u64 {
                    diags.push(Diagnostic::new(codes::YEAR_RANGE, value_at, format!("NEWYEAR:{years} is out of range: a step is at most {MAX_YEAR} years either way")));
                    continue;
                }
                if sign * years < 0 {
                    diags.push(Diagnostic::new(codes::FLOW_NEWYEAR, value_at, "the flow's NEWYEARs go both forward and backward (DPjudge: THE NEWYEAR FLOW DIRECTIVE CANNOT BE BOTH POSITIVE AND NEGATIVE)"));
                } else {
                    sign = years.signum();
                }
                if let Some(ifyeardiv) = implicit_for.take() {
                    diags.push(
                        Diagnostic::new(codes::IFYEARDIV_BEFORE_NEWYEAR, at, "IFYEARDIV before this NEWYEAR already inserted a NEWYEAR at the start of the flow, so the year changes twice")
                            .with_secondary(ifyeardiv, "this IFYEARDIV inserts an implicit NEWYEAR")
                            .with_help("Put NEWYEAR first in the FLOW."),
                    );
                }
                seq.push(FlowItem::NewYear { years, implicit: false });
            }
            "IFYEARDIV" => {
                let parsed = match rest.split_once('=') {
                    Some((div, modulo)) => div.parse::<i64>().ok().zip(modulo.parse::<i64>().ok()),
                    None => rest.parse::<i64>().ok().map(|div| (div, 0)),
                };
                let Some((divisor, modulo)) = parsed else {
                    diags.push(Diagnostic::new(codes::FLOW_IFYEARDIV, value_at, format!("IFYEARDIV takes a divisor, or divisor=modulo, not `{rest}` (DPjudge: THE IFYEARDIV FLOW DIRECTIVE SHOULD EITHER HAVE A SINGLE NUMBER, OR 2 NUMBERS SEPARATED BY AN EQUAL SIGN)")));
                    continue;
                };
                if divisor <= 0 {
                    diags.push(Diagnostic::new(codes::FLOW_IFYEARDIV, value_at, format!("IFYEARDIV needs a divisor greater than 0, not {divisor} (DPjudge: THE IFYEARDIV FLOW DIRECTIVE REQUIRES A DIVISOR GREATER THAN 0)")));
                    continue;
                }
                if modulo < 0 || modulo >= divisor {
                    diags.push(Diagnostic::new(codes::FLOW_IFYEARDIV, value_at, format!("IFYEARDIV's modulo must be at least 0 and below the divisor {divisor}, not {modulo} (DPjudge: THE IFYEARDIV FLOW DIRECTIVE REQUIRES A POSITIVE MODULO SMALLER THAN THE DIVISOR)")));
                    continue;
                }
                seq.push(FlowItem::IfYearDiv { divisor, modulo });
                if sign == 0 {
                    seq.insert(0, FlowItem::NewYear { years: 1, implicit: true });
                    sign = 1;
                    implicit_for = Some(at);
                }
            }
            _ => {
                let season_at = sub(at, at.span.start, at.span.start + season.len() as u32);
                if season.is_empty() {
                    diags.push(Diagnostic::new(
                        codes::FLOW_EMPTY_PHASE,
                        at,
                        format!("FLOW item `{item}` has no season before the colon"),
                    ));
                    continue;
                }
                if let Some((other, other_at)) = seasons.iter().find(|(other, _)| {
                    other != season && other.chars().next() == season.chars().next()
                }) {
                    diags.push(
                        Diagnostic::new(
                            codes::SEASON_INITIALS,
                            season_at,
                            format!("seasons {other} and {season} share the initial `{}`, so their phase abbreviations collide; DPjudge does not check this", season.chars().next().unwrap_or('?')),
                        )
                        .with_secondary(*other_at, "the other season")
                        .with_help("Abbreviations like S1901M then always mean the first of them."),
                    );
                }
                if !seasons.iter().any(|(other, _)| other == season) {
                    seasons.push((season.to_string(), season_at));
                }
                let mut offset = at.span.start + season.len() as u32 + 1;
                for kind in rest.split(',') {
                    let kind_at = sub(at, offset, offset + kind.len() as u32);
                    offset += kind.len() as u32 + 1;
                    let Some(initial) = kind.chars().next() else {
                        diags.push(Diagnostic::new(
                            codes::FLOW_EMPTY_PHASE,
                            kind_at,
                            format!("FLOW item `{item}` has an empty phase type"),
                        ));
                        continue;
                    };
                    if let Some((_, existing)) = types.iter().find(|(letter, _)| *letter == initial)
                    {
                        if existing != kind {
                            diags.push(
                                Diagnostic::new(
                                    codes::FLOW_PHASE_TYPE,
                                    kind_at,
                                    format!("phase type {kind} starts with `{initial}`, which is already {existing} (DPjudge: BAD PHASE TYPE IN FLOW)"),
                                )
                                .with_help("Each phase type needs its own first letter; M, R and A are MOVEMENT, RETREATS and ADJUSTMENTS (in upper case)."),
                            );
                            continue;
                        }
                    } else {
                        types.push((initial, kind.to_string()));
                    }
                    let twice = seq.iter().any(|it| matches!(it, FlowItem::Phase { season: s, kind: k } if s == season && k == kind));
                    if twice {
                        diags.push(Diagnostic::new(codes::FLOW_TWICE, kind_at, format!("{season} {kind} is already in the FLOW (DPjudge: PHASE IN FLOW TWICE)")));
                        continue;
                    }
                    seq.push(FlowItem::Phase {
                        season: season.to_string(),
                        kind: kind.to_string(),
                    });
                }
            }
        }
    }
    if sign == 0 {
        seq.insert(0, FlowItem::NewYear { years: 1, implicit: true });
    }
    seq
}

/// A sub-span of a token's span (clamped to it).
fn sub(at: FileSpan, start: u32, end: u32) -> FileSpan {
    let start = start.clamp(at.span.start, at.span.end);
    let end = end.clamp(start, at.span.end);
    FileSpan::new(at.file, Span::new(start, end))
}

impl Calendar {
    /// Index of `SEASON KIND` in the sequence (exact case).
    pub fn index_of(&self, season: &str, kind: &str) -> Option<usize> {
        self.seq.iter().position(
            |it| matches!(it, FlowItem::Phase { season: s, kind: k } if s == season && k == kind),
        )
    }

    fn phase_at(&self, idx: usize, year: i64) -> Option<Phase> {
        match &self.seq[idx] {
            FlowItem::Phase { season, kind } => {
                Some(Phase { season: season.clone(), year, kind: kind.clone() })
            }
            _ => None,
        }
    }

    /// The phase after `phase` (`findNextPhase`), or `None` if `phase` is not
    /// in the flow.
    pub fn next(&self, phase: &Phase) -> Option<Phase> {
        let len = self.seq.len();
        let mut idx = (self.index_of(&phase.season, &phase.kind)? + 1) % len;
        let mut year = phase.year;
        for _ in 0..len {
            match &self.seq[idx] {
                FlowItem::IfYearDiv { divisor, modulo } => {
                    if year.rem_euclid(*divisor) != *modulo {
                        // Restart at the first element.
                        idx = len - 1;
                    }
                }
                // Past the years judgepad counts, the calendar ends.
                FlowItem::NewYear { years, .. } => year = year.checked_add(*years)?,
                FlowItem::Phase { .. } => return self.phase_at(idx, year),
            }
            idx = (idx + 1) % len;
        }
        None
    }

    /// The phase before `phase` (`findPreviousPhase`).
    pub fn previous(&self, phase: &Phase) -> Option<Phase> {
        let len = self.seq.len() as i64;
        let mut idx = self.index_of(&phase.season, &phase.kind)? as i64;
        let mut year = phase.year;
        for _ in 0..len {
            idx -= 1;
            if idx == -1 {
                // Wrapping: resume just before the first IFYEARDIV that fails.
                for item in &self.seq {
                    if let FlowItem::IfYearDiv { divisor, modulo } = item
                        && year.rem_euclid(*divisor) != *modulo
                    {
                        break;
                    }
                    idx += 1;
                }
                if idx == -1 {
                    idx = len - 1;
                }
            }
            match &self.seq[idx as usize] {
                FlowItem::IfYearDiv { .. } => (),
                FlowItem::NewYear { years, .. } => year = year.checked_sub(*years)?,
                FlowItem::Phase { .. } => return self.phase_at(idx as usize, year),
            }
        }
        None
    }

    /// Chronological order of two phases of this calendar (`comparePhases`).
    pub fn compare(&self, a: &Phase, b: &Phase) -> Ordering {
        if a.year != b.year {
            let ord = a.year.cmp(&b.year);
            return if self.flow_sign < 0 { ord.reverse() } else { ord };
        }
        let (Some(ia), Some(ib)) =
            (self.index_of(&a.season, &a.kind), self.index_of(&b.season, &b.kind))
        else {
            return Ordering::Equal;
        };
        let newyear_between = |lo: usize, hi: usize| {
            self.seq[lo + 1..hi].iter().any(|it| matches!(it, FlowItem::NewYear { .. }))
        };
        match ia.cmp(&ib) {
            Ordering::Greater => {
                if newyear_between(ib, ia) {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            Ordering::Less => {
                if newyear_between(ia, ib) {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            Ordering::Equal => Ordering::Equal,
        }
    }

    /// Every phase from `start` on (an endless iterator unless the flow is broken).
    pub fn phases_from(&self, start: Phase) -> impl Iterator<Item = Phase> + '_ {
        core::iter::successors(Some(start), move |phase| self.next(phase))
    }

    /// Every phase from BEGIN on.
    pub fn phases(&self) -> impl Iterator<Item = Phase> + '_ {
        let first = self
            .index_of(&self.begin.season, &self.begin.kind)
            .map(|_| self.begin.clone())
            .or_else(|| {
                self.seq
                    .iter()
                    .position(|it| matches!(it, FlowItem::Phase { .. }))
                    .and_then(|idx| self.phase_at(idx, self.first_year))
            });
        core::iter::successors(first, move |phase| self.next(phase))
    }

    /// Reads `S1901M`, `Spring 1901 Movement` or `SPRING 1901 MOVEMENT` (any
    /// case). The phase must be in the flow.
    pub fn parse(&self, text: &str) -> Option<Phase> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [season, year, kind] => {
                let year = year.parse().ok()?;
                self.seq.iter().find_map(|item| match item {
                    FlowItem::Phase { season: s, kind: k }
                        if upper(s) == upper(season) && upper(k) == upper(kind) =>
                    {
                        Some(Phase { season: s.clone(), year, kind: k.clone() })
                    }
                    _ => None,
                })
            }
            [abbr] => {
                let mut chars = abbr.chars();
                let first = chars.next()?;
                let last = chars.next_back()?;
                let year: i64 = chars.as_str().parse().ok()?;
                // Each letter upper-cased as `upper` would (no strings built).
                let same = |a: char, b: Option<char>| {
                    b.is_some_and(|b| a.to_uppercase().eq(b.to_uppercase()))
                };
                self.seq.iter().find_map(|item| match item {
                    FlowItem::Phase { season, kind }
                        if same(first, season.chars().next())
                            && same(last, kind.chars().next()) =>
                    {
                        Some(Phase { season: season.clone(), year, kind: kind.clone() })
                    }
                    _ => None,
                })
            }
            _ => None,
        }
    }

    /// The VICTORY threshold in `year`: DPjudge indexes the list by the
    /// difference from the first year; `None` if no list was given.
    pub fn victory_threshold(&self, year: i64) -> Option<i64> {
        let last = self.victory.len().checked_sub(1)?;
        let idx = usize::try_from(year.abs_diff(self.first_year)).unwrap_or(usize::MAX).min(last);
        Some(self.victory[idx])
    }

    /// The dynamic blocks of `map` that apply in `phase`, in the order to
    /// apply them: FROM blocks whose phase has been reached (in phase order,
    /// then file order), then IN blocks whose key starts the phase's name or
    /// abbreviation (file order).
    pub fn blocks_at(&self, map: &Map, phase: &Phase) -> Vec<usize> {
        if map.dynamic().is_empty() {
            return Vec::new();
        }
        let mut from: Vec<(Phase, usize)> = Vec::new();
        let mut ins: Vec<usize> = Vec::new();
        let name = phase.upper_name();
        let abbr = upper(&phase.abbr());
        for (idx, block) in map.dynamic().iter().enumerate() {
            match block.keyword {
                DynamicKeyword::From => {
                    if let Some(start) = self.parse(&block.key)
                        && self.compare(&start, phase) != Ordering::Greater
                    {
                        from.push((start, idx));
                    }
                }
                DynamicKeyword::In => {
                    if name.starts_with(&block.key) || abbr.starts_with(&block.key) {
                        ins.push(idx);
                    }
                }
            }
        }
        crate::sorting::sort_by(&mut from, |a, b| self.compare(&a.0, &b.0).then(a.1.cmp(&b.1)));
        from.into_iter().map(|(_, idx)| idx).chain(ins).collect()
    }

    /// The map as it stands in `phase` (dynamic blocks applied).
    pub fn map_at(&self, map: &Map, phase: &Phase) -> (Map, Vec<Diagnostic>) {
        map.with_blocks(&self.blocks_at(map, phase))
    }

    fn set_begin(&mut self, text: &str, at: FileSpan, diags: &mut Vec<Diagnostic>) {
        let words: Vec<&str> = text.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [season, year, kind] => year.parse::<i64>().ok().map(|year| (*season, year, *kind)),
            _ => None,
        };
        let Some((season, year, kind)) = parsed else {
            diags.push(
                Diagnostic::new(codes::BAD_BEGIN, at, format!("BEGIN needs SEASON YEAR PHASE, e.g. SPRING 1901 MOVEMENT, not `{text}` (DPjudge: BAD PHASE IN MAP FILE)"))
                    .with_help("The year is a whole number; season and phase come from the FLOW."),
            );
            return;
        };
        if year.unsigned_abs() > MAX_YEAR as u64 {
            diags.push(
                Diagnostic::new(codes::YEAR_RANGE, at, format!("BEGIN year {year} is out of range: years run from -{MAX_YEAR} to {MAX_YEAR}"))
                    .with_help("DPjudge counts years in Python integers; judgepad keeps them where stepping the calendar cannot overflow."),
            );
            return;
        }
        self.first_year = year;
        // BEGIN is upper-cased; FLOW items keep their case.
        match self.index_of(season, kind) {
            Some(_) => {
                self.begin = Phase { season: season.to_string(), year, kind: kind.to_string() }
            }
            None => {
                let near = self.seq.iter().find_map(|item| match item {
                    FlowItem::Phase { season: s, kind: k }
                        if upper(s) == season && upper(k) == kind =>
                    {
                        Some((s, k))
                    }
                    _ => None,
                });
                let mut diag = Diagnostic::new(
                    codes::BEGIN_NOT_IN_FLOW,
                    at,
                    format!(
                        "BEGIN phase {season} {kind} is not in the FLOW (DPjudge: BAD BEGIN PHASE)"
                    ),
                );
                diag = match near {
                    Some((s, k)) => diag.with_help(format!("The FLOW writes it `{s}:{k}`; DPjudge upper-cases BEGIN but not FLOW, so write the FLOW item in upper case.")),
                    None => diag.with_help("BEGIN's season and phase type must be one of the FLOW's SEASON:PHASE items."),
                };
                diags.push(diag);
                let first = self.phases().next();
                if let Some(first) = first {
                    self.begin = Phase { year, ..first };
                }
            }
        }
    }

    fn check_victory(&self, map: &Map, diags: &mut Vec<Diagnostic>) {
        let Some((counts, at)) = map.victory() else { return };
        let step = self
            .seq
            .iter()
            .map(|it| match it {
                FlowItem::NewYear { years, .. } => years.unsigned_abs(),
                _ => 1,
            })
            .max()
            .unwrap_or(1);
        if step > 1 && counts.len() > 1 {
            let unreachable: Vec<String> = (1..counts.len())
                .filter(|idx| !(*idx as u64).is_multiple_of(step))
                .map(|idx| counts[idx].to_string())
                .collect();
            if !unreachable.is_empty() {
                diags.push(
                    Diagnostic::new(
                        codes::VICTORY_UNREACHABLE,
                        at,
                        format!("VICTORY entries {} are never used: years advance by {step}, and DPjudge indexes the list by the difference from the first year", unreachable.join(", ")),
                    )
                    .with_help("List one count per year of difference (entry n applies n years after the first year)."),
                );
            }
        }
    }

    fn check_dynamic(&self, map: &Map, diags: &mut Vec<Diagnostic>) {
        for block in map.dynamic() {
            let key = &block.key;
            let reachable = match block.keyword {
                DynamicKeyword::From => self.parse(key).is_some(),
                DynamicKeyword::In => {
                    self.parse(key).is_some()
                        || self.seq.iter().any(|item| match item {
                            FlowItem::Phase { season, .. } => {
                                let season = upper(season);
                                let initial_then_digits = key.chars().next()
                                    == season.chars().next()
                                    && key
                                        .chars()
                                        .skip(1)
                                        .all(|ch| ch.is_ascii_digit() || ch == '-');
                                season.starts_with(key.as_str())
                                    || key.starts_with(&format!("{season} "))
                                    || initial_then_digits
                            }
                            _ => false,
                        })
                }
            };
            if !reachable {
                diags.push(
                    Diagnostic::new(codes::DYNAMIC_NEVER, block.key_at, format!("`{}` matches no phase of this calendar, so this block never applies", block.key))
                        .with_help("IN takes a phase abbreviation (S1904M) or the start of a phase name (SPRING, SPRING 1904); FROM takes a movement-phase abbreviation."),
                );
            }
        }
    }
}
