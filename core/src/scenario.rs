//! Designer test scenarios: "from this position, these orders give these
//! results and this board", in the plain-text format of the DATC cases
//! (`tests/datc/README.md`, for designers `docs/scenarios.md`). A scenario
//! lives in a file of its own (`=== id | title` then its lines) or inside
//! the map text as a comment block DPjudge ignores:
//!
//! ```text
//! # @scenario strait | a fleet crosses the strait
//! # phase S1901M
//! # unit GREECE F ATH
//! # order GREECE: F ATH - ION => succeeds
//! # after GREECE F ION
//! # @end
//! ```
//!
//! [`parse`] reads scenarios with a span for every line (problems are
//! diagnostics, never panics); [`run`] plays one on a map with the
//! adjudicator and reports each difference from what it expects.

mod run;

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::diagnostics::Diagnostic;
use crate::text::{FileId, FileSpan, Span};

pub use run::{Mismatch, Report, run};

/// One `POWER KIND PLACE` unit line (`FRANCE A PAR`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitLine {
    /// Power name as written.
    pub power: String,
    /// `A` or `F` as written.
    pub kind: String,
    /// Place as written.
    pub place: String,
    /// The line's text.
    pub at: Span,
}

/// One `order POWER: TEXT => RESULT` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderLine {
    /// Power name as written.
    pub power: String,
    /// The order text's span in the file.
    pub text: Span,
    /// The expected result (`succeeds`, `fails`, `void`, or `-`: not asserted).
    pub expect: String,
    /// The line.
    pub at: Span,
}

/// A scenario as written.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Scenario {
    /// The id after `===` / `@scenario`.
    pub id: String,
    /// The free text after `|`.
    pub title: String,
    /// The header line.
    pub at: Span,
    /// `phase S1901M` (the phase the orders are for), and where.
    pub phase: Option<(String, Span)>,
    /// `owns POWER: PROV…` lines (replace the map's starting owners).
    pub owns: Vec<(String, Vec<String>, Span)>,
    /// `unit` lines: the position before the phase.
    pub units: Vec<UnitLine>,
    /// `order` lines of the phase.
    pub orders: Vec<OrderLine>,
    /// `order` lines after `then`: the retreat phase that follows.
    pub retreats: Vec<OrderLine>,
    /// `after` lines: every unit after the last phase.
    pub after: Vec<UnitLine>,
    /// `dislodged` lines: every unit dislodged after the last phase.
    pub dislodged: Vec<UnitLine>,
    /// The board after is asserted (`after` or `none-after` given).
    pub has_after: bool,
    /// `next PHASE [won POWER…]`: where the game loop goes next.
    pub next: Option<(String, Span)>,
    /// `owner-after PROV POWER`: centre owners once `next` is reached.
    pub owners_after: Vec<(String, String, Span)>,
    /// `map` lines (the DATC's own small maps): map text for the caller.
    pub map_text: String,
}

/// Where a scenario's lines are: the file, and whether they sit in a map's
/// comment blocks (`# @scenario … # @end`) or form a scenario file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A scenario file: `=== id | title` headers.
    File,
    /// A `.map` file: `# @scenario id | title` … `# @end` comment blocks.
    Embedded,
}

/// Reads the scenarios of `text` (file `file`).
pub fn parse(file: FileId, text: &str, form: Form) -> (Vec<Scenario>, Vec<Diagnostic>) {
    let mut out: Vec<Scenario> = Vec::new();
    let mut diags = Vec::new();
    let mut open = false;
    let mut in_retreat = false;
    let at = |span: Span| FileSpan { file, span };
    for (line_at, line) in crate::text::lines(text) {
        let start = line_at.start as usize;
        // The line's content and where it starts.
        let (body, body_start) = match form {
            Form::File => {
                let lead = line.len() - line.trim_start().len();
                (line.trim(), start + lead)
            }
            Form::Embedded => {
                let trimmed = line.trim_start();
                let Some(rest) = trimmed.strip_prefix('#') else {
                    if open && !line.trim().is_empty() {
                        diags.push(Diagnostic::new(
                            crate::diagnostics::codes::SCENARIO_SYNTAX,
                            at(Span::new(start as u32, (start + line.len()) as u32)),
                            "a scenario block ends with `# @end` before the map's lines go on",
                        ));
                        open = false;
                    }
                    continue;
                };
                let lead = rest.len() - rest.trim_start().len();
                let content = rest.trim();
                let content_start = start + (line.len() - trimmed.len()) + 1 + lead;
                if let Some(header) = content.strip_prefix("@scenario") {
                    open = true;
                    in_retreat = false;
                    let (id, title) = header_parts(header);
                    out.push(Scenario {
                        id,
                        title,
                        at: Span::new(content_start as u32, (content_start + content.len()) as u32),
                        ..Scenario::default()
                    });
                    continue;
                }
                if content == "@end" {
                    if !open {
                        diags.push(Diagnostic::new(
                            crate::diagnostics::codes::SCENARIO_SYNTAX,
                            at(Span::new(content_start as u32, (content_start + 4) as u32)),
                            "`# @end` without a `# @scenario` before it",
                        ));
                    }
                    open = false;
                    continue;
                }
                if !open {
                    continue;
                }
                (content, content_start)
            }
        };
        if body.is_empty() || (form == Form::File && body.starts_with('#')) {
            continue;
        }
        let span = Span::new(body_start as u32, (body_start + body.len()) as u32);
        if form == Form::File
            && let Some(header) = body.strip_prefix("===")
        {
            let (id, title) = header_parts(header);
            out.push(Scenario { id, title, at: span, ..Scenario::default() });
            in_retreat = false;
            continue;
        }
        let Some(case) = out.last_mut() else {
            diags.push(Diagnostic::new(
                crate::diagnostics::codes::SCENARIO_SYNTAX,
                at(span),
                "a scenario line before any scenario header (`=== id | title`)",
            ));
            continue;
        };
        let (word, rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let rest = rest.trim();
        let rest_start = body_start + (body.len() - rest.len());
        let bad = |message: &str| {
            Diagnostic::new(crate::diagnostics::codes::SCENARIO_SYNTAX, at(span), message)
        };
        match word {
            "map" => {
                case.map_text.push_str(rest);
                case.map_text.push('\n');
            }
            "phase" => case.phase = Some((rest.to_string(), span)),
            "owns" => match rest.split_once(':') {
                Some((power, places)) => case.owns.push((
                    power.trim().to_string(),
                    places.split_whitespace().map(String::from).collect(),
                    span,
                )),
                None => diags.push(bad("`owns POWER: PROV PROV…`")),
            },
            "unit" | "after" | "dislodged" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let [power, kind, place] = parts[..] else {
                    diags.push(bad(&alloc::format!("`{word} POWER A|F PLACE`")));
                    continue;
                };
                let unit = UnitLine {
                    power: power.to_string(),
                    kind: kind.to_string(),
                    place: place.to_string(),
                    at: span,
                };
                match word {
                    "unit" => case.units.push(unit),
                    "after" => {
                        case.has_after = true;
                        case.after.push(unit);
                    }
                    _ => case.dislodged.push(unit),
                }
            }
            "none-after" => case.has_after = true,
            "order" => {
                let (Some((power, after_power)), Some(arrow)) = (rest.split_once(':'), rest.find("=>"))
                else {
                    diags.push(bad("`order POWER: ORDER => succeeds|fails|void|-`"));
                    continue;
                };
                let colon = power.len() + 1;
                if arrow < colon {
                    diags.push(bad("`order POWER: ORDER => succeeds|fails|void|-`"));
                    continue;
                }
                let order_text = &rest[colon..arrow];
                let lead = order_text.len() - order_text.trim_start().len();
                let text_start = rest_start + colon + lead;
                let text = Span::new(text_start as u32, (text_start + order_text.trim().len()) as u32);
                let expect = rest[arrow + 2..].trim().to_string();
                if !matches!(expect.as_str(), "succeeds" | "fails" | "void" | "-") {
                    let from = rest_start + arrow + 2 + (rest[arrow + 2..].len() - rest[arrow + 2..].trim_start().len());
                    diags.push(Diagnostic::new(
                        crate::diagnostics::codes::SCENARIO_SYNTAX,
                        at(Span::new(from as u32, (from + expect.len()) as u32)),
                        alloc::format!("`{expect}` is not a result: succeeds, fails, void or -"),
                    ));
                    continue;
                }
                let _ = after_power;
                let entry = OrderLine { power: power.trim().to_string(), text, expect, at: span };
                if in_retreat { case.retreats.push(entry) } else { case.orders.push(entry) }
            }
            "then" => in_retreat = true,
            "next" => case.next = Some((rest.to_string(), span)),
            "owner-after" => match rest.split_once(char::is_whitespace) {
                Some((prov, power)) => {
                    case.owners_after.push((prov.to_string(), power.trim().to_string(), span))
                }
                None => diags.push(bad("`owner-after PROV POWER`")),
            },
            other => diags.push(bad(&alloc::format!(
                "unknown scenario line `{other}`: phase, owns, unit, order, then, after, none-after, dislodged, next, owner-after"
            ))),
        }
    }
    if open && form == Form::Embedded {
        let end = text.len() as u32;
        diags.push(Diagnostic::new(
            crate::diagnostics::codes::SCENARIO_SYNTAX,
            at(Span::new(end, end)),
            "the last scenario block has no `# @end`",
        ));
    }
    (out, diags)
}

fn header_parts(header: &str) -> (String, String) {
    match header.split_once('|') {
        Some((id, title)) => (id.trim().to_string(), title.trim().to_string()),
        None => (header.trim().to_string(), String::new()),
    }
}
