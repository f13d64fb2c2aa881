//! Plays a scenario on a map and compares: each order's result, the board
//! after (units and dislodged units), where the game loop goes next and the
//! centre owners there. What the scenario itself gets wrong (an unknown
//! power or place, an order the map cannot read) is a diagnostic at its
//! line, and the scenario fails.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::adjudicate::Outcome;
use crate::board::{Board, Piece};
use crate::calendar::{self, PhaseKind};
use crate::diagnostics::{Diagnostic, codes};
use crate::game::{self, Status};
use crate::map::{Map, PowerId, Unit, UnitKind};
use crate::orders::{self, Order, OrderPhase};
use crate::text::{FileId, FileSpan, Span};

use super::{OrderLine, Scenario, UnitLine};

/// One difference between what a scenario expects and what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The scenario line it is about (the header for the board as a whole).
    pub at: Span,
    /// What: an order's text, `board`, `dislodged`, `next phase`, `owner of X`.
    pub subject: String,
    /// Expected (`-` for nothing).
    pub expected: String,
    /// What happened (`-` for nothing).
    pub actual: String,
}

/// A scenario's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its header line.
    pub at: Span,
    /// Differences from the expectation (none: it passes).
    pub mismatches: Vec<Mismatch>,
    /// Problems in the scenario itself (it fails when one is an error).
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Whether the scenario passes.
    pub fn ok(&self) -> bool {
        self.mismatches.is_empty() && !self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

struct Ctx<'a> {
    map: &'a Map,
    file: FileId,
    text: &'a str,
    diags: Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn problem(&mut self, at: Span, message: String) {
        self.diags.push(Diagnostic::new(
            codes::SCENARIO_UNKNOWN,
            FileSpan { file: self.file, span: at },
            message,
        ));
    }

    fn power(&mut self, name: &str, at: Span) -> Option<PowerId> {
        let found = self.map.power(&crate::map::names::norm_power(name));
        if found.is_none() {
            self.problem(at, format!("no power `{name}` on this map"));
        }
        found
    }

    fn piece(&mut self, line: &UnitLine) -> Option<Piece> {
        let power = self.power(&line.power, line.at)?;
        let Some(kind) = UnitKind::from_letter(&line.kind.to_uppercase()) else {
            self.problem(line.at, format!("`{}` is not A or F", line.kind));
            return None;
        };
        let Some(location) = self.map.location(&line.place) else {
            self.problem(line.at, format!("no place `{}` on this map", line.place));
            return None;
        };
        let unit = Unit { kind, location };
        if !self.map.valid_unit(kind, location) {
            let what = if kind == UnitKind::Army { "an army" } else { "a fleet" };
            self.problem(
                line.at,
                format!("{what} cannot stand in {}", self.map.loc(location).abbr),
            );
            return None;
        }
        Some(Piece { power, unit })
    }

    /// Reads order lines; `None` for an order the phase refuses (void).
    fn orders(&mut self, lines: &[OrderLine], phase: OrderPhase) -> Vec<Option<Order>> {
        lines
            .iter()
            .map(|line| {
                let power = self.power(&line.power, line.at)?;
                let mut found = Vec::new();
                let order = orders::parse_order(
                    self.map, power, phase, self.file, self.text, line.text, &mut found,
                );
                // An order of another phase is void, as the DATC expects;
                // any other refusal is the scenario's problem.
                if order.is_none() && !found.iter().all(|d| d.code == codes::WRONG_PHASE) {
                    self.diags.extend(found);
                }
                order
            })
            .collect()
    }
}

fn piece_text(map: &Map, piece: &Piece) -> String {
    format!("{} {}", map.pow(piece.power).name, map.unit_text(piece.unit))
}

/// Keeps the parsed orders; maps each listed order to its index among them.
fn compact(parsed: &[Option<Order>]) -> (Vec<Order>, Vec<Option<usize>>) {
    let mut kept = Vec::new();
    let mut index = Vec::new();
    for order in parsed {
        match order {
            Some(order) => {
                index.push(Some(kept.len()));
                kept.push(order.clone());
            }
            None => index.push(None),
        }
    }
    (kept, index)
}

fn check(out: &mut Vec<Mismatch>, text: &str, lines: &[OrderLine], got: &[Outcome]) {
    for (line, got) in lines.iter().zip(got) {
        if line.expect != "-" && line.expect != got.as_str() {
            out.push(Mismatch {
                at: line.at,
                subject: format!("`{}`", line.text.text(text)),
                expected: line.expect.clone(),
                actual: got.as_str().to_string(),
            });
        }
    }
}

/// Reads `lines` as orders of `kind`, adjudicates them on `board` and
/// checks each one's result; the board after.
fn play_lines(
    ctx: &mut Ctx<'_>,
    mismatches: &mut Vec<Mismatch>,
    lines: &[OrderLine],
    kind: OrderPhase,
    board: &Board,
) -> Board {
    let parsed = ctx.orders(lines, kind);
    let (kept, index) = compact(&parsed);
    let report = game::adjudicate_phase(ctx.map, kind, board, &kept);
    check(mismatches, ctx.text, lines, &report.outcomes(&index));
    report.board().cloned().unwrap_or_else(|| board.clone())
}

/// Plays `scenario` (read from `text`, file `file`) on `map`.
pub fn run(map: &Map, file: FileId, text: &str, scenario: &Scenario) -> Report {
    let mut ctx = Ctx { map, file, text, diags: Vec::new() };
    let mut mismatches = Vec::new();
    let report = |ctx: Ctx<'_>, mismatches| Report {
        id: scenario.id.clone(),
        title: scenario.title.clone(),
        at: scenario.at,
        mismatches,
        diagnostics: ctx.diags,
    };
    let (cal, _) = calendar::calendar(map);
    let Some((phase_text, phase_at)) = &scenario.phase else {
        ctx.problem(
            scenario.at,
            "a scenario needs a `phase` line (e.g. `phase S1901M`)".to_string(),
        );
        return report(ctx, mismatches);
    };
    let Some(phase) = cal.parse(phase_text) else {
        ctx.problem(*phase_at, format!("`{phase_text}` is not a phase of this map's calendar"));
        return report(ctx, mismatches);
    };
    let mut board = Board::initial(map);
    board.pieces = scenario.units.iter().filter_map(|line| ctx.piece(line)).collect();
    if !scenario.owns.is_empty() {
        board.owners = alloc::vec![None; map.provinces.len()];
        for (power, places, at) in &scenario.owns {
            let Some(power) = ctx.power(power, *at) else { continue };
            for place in places {
                match map.province(place) {
                    Some(province) => board.owners[province.0 as usize] = Some(power),
                    None => ctx.problem(*at, format!("no place `{place}` on this map")),
                }
            }
        }
    }
    // A custom phase type (a pause in the game) is read as movement.
    let kind = phase.phase_kind();
    let order_phase = OrderPhase::of(kind).unwrap_or(OrderPhase::Movement);
    let mut final_board =
        play_lines(&mut ctx, &mut mismatches, &scenario.orders, order_phase, &board);
    let mut played_retreats = order_phase == OrderPhase::Retreats;
    if order_phase == OrderPhase::Movement && !scenario.retreats.is_empty() {
        final_board = play_lines(
            &mut ctx,
            &mut mismatches,
            &scenario.retreats,
            OrderPhase::Retreats,
            &final_board,
        );
        played_retreats = true;
    }
    if let Some((want, at)) = &scenario.next {
        let mut board = final_board.clone();
        let mut played = phase.clone();
        if played_retreats && kind != PhaseKind::Retreats {
            match cal.next(&played) {
                Some(next) => played = next,
                None => ctx.problem(*at, "no retreat phase follows in this calendar".to_string()),
            }
        }
        let stepped = game::step(&cal, map, map, &mut board, &played);
        let step_map = stepped.map.as_ref().unwrap_or(map);
        let got = match stepped.status {
            Status::Playing => stepped.phase.abbr(),
            Status::Won(powers) => {
                let names: Vec<&str> =
                    powers.iter().map(|&it| step_map.pow(it).name.as_str()).collect();
                format!("{} won {}", stepped.phase.abbr(), names.join(" "))
            }
        };
        if got != *want {
            mismatches.push(Mismatch {
                at: *at,
                subject: "next phase".into(),
                expected: want.clone(),
                actual: got,
            });
        }
        for (prov, power, at) in &scenario.owners_after {
            let Some(province) = step_map.province(prov) else {
                ctx.problem(*at, format!("no place `{prov}` on this map"));
                continue;
            };
            let got = board
                .owners
                .get(province.0 as usize)
                .copied()
                .flatten()
                .map(|it| step_map.pow(it).name.clone());
            if got.as_deref() != Some(power.as_str()) {
                mismatches.push(Mismatch {
                    at: *at,
                    subject: format!("owner of {prov}"),
                    expected: power.clone(),
                    actual: got.unwrap_or_else(|| "-".into()),
                });
            }
        }
    }
    if scenario.has_after {
        let mut compare = |what: &str, got: Vec<String>, want: &[UnitLine]| {
            let got: BTreeSet<String> = got.into_iter().collect();
            let lines: Vec<(String, Span)> = want
                .iter()
                .map(|l| {
                    (
                        format!(
                            "{} {} {}",
                            l.power.to_uppercase(),
                            l.kind.to_uppercase(),
                            l.place.to_uppercase()
                        ),
                        l.at,
                    )
                })
                .collect();
            for (unit, at) in &lines {
                if !got.contains(unit) {
                    mismatches.push(Mismatch {
                        at: *at,
                        subject: what.into(),
                        expected: unit.clone(),
                        actual: "-".into(),
                    });
                }
            }
            for unit in &got {
                if !lines.iter().any(|(want, _)| want == unit) {
                    mismatches.push(Mismatch {
                        at: scenario.at,
                        subject: what.into(),
                        expected: "-".into(),
                        actual: unit.clone(),
                    });
                }
            }
        };
        compare(
            "board",
            final_board.pieces.iter().map(|p| piece_text(map, p)).collect(),
            &scenario.after,
        );
        compare(
            "dislodged",
            final_board.dislodged.iter().map(|d| piece_text(map, &d.piece)).collect(),
            &scenario.dislodged,
        );
    }
    report(ctx, mismatches)
}
