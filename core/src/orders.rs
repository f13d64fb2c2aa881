//! Orders: the text players type, read over the map's own names, and the
//! resolved [`Order`] values the adjudicator takes.
//!
//! Reading follows DPjudge (`Map.norm`, `compact`, `rearrange`): the text is
//! upper-cased, punctuation is split off, single-word keywords map to order
//! letters (`SUPPORTS` → `S`, `ARMY` → `A`, `MOVE`/`TO` → nothing, `VIA` →
//! `~`), and places are the longest run of words that is an alias of the map
//! (`Gulf of Lyon`, `St Petersburg (north coast)`, `stp/nc`). Two places in a
//! row are a move. Every problem is a diagnostic with the span of the words
//! at fault; an unreadable order is dropped, never half-applied.
//!
//! Reading order: `words` (text to words), `read` (the readings of the
//! words and how they rank), `grammar` (one reading to an [`Order`]).

mod grammar;
mod read;
mod words;

use alloc::string::String;
use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, codes};
use crate::map::{LocationId, Map, PowerId, ProvinceId, Unit, UnitKind};
use crate::orders::grammar::grammar;
use crate::orders::read::{
    Item, Piece, ambiguity, normal_form, place_words, plausibility, readings,
};
use crate::orders::words::words;
use crate::text::{FileId, FileSpan, Span};

/// What an order tells a unit (or a power, for builds and waives) to do.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `H`
    Hold,
    /// `- X` (a path `- Y - X` keeps only X; DATC 4.A.6). `via_convoy`: `VIA CONVOY` written.
    Move { to: LocationId, via_convoy: bool },
    /// `S A X` (hold) or `S A X - Y` (move; `dest` may name a coast).
    Support { target: ProvinceId, dest: Option<LocationId> },
    /// `C A X - Y`
    Convoy { from: ProvinceId, to: ProvinceId },
    /// `R X` or `- X` in a retreat phase.
    Retreat { to: LocationId },
    /// `D` in a retreat phase; `REMOVE` in an adjustment phase.
    Disband,
    /// `BUILD A X`
    Build,
    /// `WAIVE`
    Waive,
}

/// An order as read: who gave it, which unit, what to do, and where its text is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// The power giving the order.
    pub power: PowerId,
    /// The unit ordered (for a build: the unit to build; `None` for WAIVE).
    pub unit: Option<Unit>,
    /// The unit type as written, if any (DATC 4.C: a wrong type is ignored).
    pub written_kind: Option<UnitKind>,
    /// What to do.
    pub command: Command,
    /// The whole order text.
    pub at: FileSpan,
}

/// What phase the orders are for (which order forms are allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderPhase {
    /// Moves, holds, supports, convoys.
    Movement,
    /// Retreats and disbands.
    Retreats,
    /// Builds, removals, waives.
    Adjustments,
}

impl OrderPhase {
    /// The orders a phase of `kind` takes (`None`: a phase type judgepad
    /// does not adjudicate, a pause).
    pub fn of(kind: crate::calendar::PhaseKind) -> Option<OrderPhase> {
        use crate::calendar::PhaseKind;
        match kind {
            PhaseKind::Movement => Some(OrderPhase::Movement),
            PhaseKind::Retreats => Some(OrderPhase::Retreats),
            PhaseKind::Adjustments => Some(OrderPhase::Adjustments),
            PhaseKind::Other => None,
        }
    }
}

/// Reads the orders of `power` (one per line; `#` starts a comment line).
/// `file` names the order text in diagnostics.
pub fn parse_orders(
    map: &Map,
    power: PowerId,
    phase: OrderPhase,
    file: FileId,
    text: &str,
) -> (Vec<Order>, Vec<Diagnostic>) {
    let mut orders = Vec::new();
    let mut diags = Vec::new();
    for (line, _) in crate::text::lines(text) {
        let span = crate::syntax::trim_span(text, line);
        if span.is_empty() || span.text(text).starts_with('#') {
            continue;
        }
        if let Some(order) = parse_order(map, power, phase, file, text, span, &mut diags) {
            orders.push(order);
        }
    }
    (orders, diags)
}

/// Reads one order occupying `span` of `text`.
///
/// A word can be a place name and an order word at once (`AND`, `THE`,
/// `VIA`, `H` are places on some maps). Every reading is tried, places
/// first: the first one the order grammar accepts wins, so a place wins
/// wherever the grammar expects one. If another reading gives a different
/// order, that is an `ambiguous-order` warning at the word; no word changes
/// an order's meaning silently.
pub fn parse_order(
    map: &Map,
    power: PowerId,
    phase: OrderPhase,
    file: FileId,
    text: &str,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Order> {
    // Most orders come in normal form (`A PAR - BUR`, from bots and from
    // format_order): read those without building readings.
    if let Some(pieces) = normal_form(map, span.text(text), span.start)
        && let Ok(order) = grammar(map, power, phase, file, span, &pieces)
    {
        return Some(order);
    }
    parse_order_full(map, power, phase, file, text, span, diags)
}

/// [`parse_order`] without the normal-form shortcut (for tests that check
/// the two agree).
#[doc(hidden)]
pub fn parse_order_full(
    map: &Map,
    power: PowerId,
    phase: OrderPhase,
    file: FileId,
    text: &str,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Order> {
    let words = words(text, span);
    let (readings, reading_error) = readings(map, file, text, &words);
    // Every reading the grammar accepts: (reading, order, plausibility).
    let mut accepted: Vec<(usize, Order, u8)> = Vec::new();
    let mut last_error = reading_error;
    for (idx, reading) in readings.iter().enumerate() {
        let pieces: Vec<Piece> =
            reading.iter().filter(|it| !matches!(it.item, Item::Skip { .. })).cloned().collect();
        match grammar(map, power, phase, file, span, &pieces) {
            Ok(order) => accepted.push((idx, order, plausibility(reading, &words))),
            Err(diag) => last_error = Some(diag),
        }
    }
    // The first of the most plausible readings (places first).
    let top = accepted.iter().map(|it| it.2).max();
    let Some(best) = accepted.iter().position(|it| Some(it.2) == top) else {
        let diag = last_error.map_or_else(
            || {
                Diagnostic::new(
                    codes::ORDER_SYNTAX,
                    FileSpan::new(file, span),
                    "this order names no unit",
                )
            },
            |it| *it,
        );
        diags.push(diag);
        return None;
    };
    let (chosen_idx, chosen, level) = &accepted[best];
    let chosen_places = place_words(&readings[*chosen_idx], words.len());
    // Another reading that takes a word the other way (place or order word)
    // and makes a different order: say so at that word.
    for (other_idx, other, other_level) in &accepted {
        if other == chosen || *other_level < (*level).min(1) {
            continue;
        }
        let other_places = place_words(&readings[*other_idx], words.len());
        if let Some(word) = (0..words.len()).find(|&it| chosen_places[it] != other_places[it]) {
            diags.push(ambiguity(
                map,
                text,
                file,
                &words[word],
                chosen_places[word],
                chosen,
                other,
            ));
            break;
        }
    }
    Some(accepted.swap_remove(best).1)
}

/// DPjudge's normal form: `A PAR - BUR`, `F MAO C A BRE - LON`, `BUILD A PAR`.
pub fn format_order(map: &Map, order: &Order) -> String {
    let mut res = String::with_capacity(24);
    push_order(&mut res, map, order);
    res
}

/// Appends [`format_order`]'s text to `out` (no allocation of its own).
pub fn push_order(out: &mut String, map: &Map, order: &Order) {
    let Some(piece) = order.unit else {
        out.push_str("WAIVE");
        return;
    };
    let unit = |out: &mut String| {
        out.push(piece.kind.letter());
        out.push(' ');
        out.push_str(&map.loc(piece.location).abbr);
    };
    match &order.command {
        Command::Hold => {
            unit(out);
            out.push_str(" H");
        }
        Command::Move { to, via_convoy } => {
            unit(out);
            out.push_str(" - ");
            out.push_str(&map.loc(*to).abbr);
            if *via_convoy {
                out.push_str(" VIA CONVOY");
            }
        }
        Command::Support { target, dest } => {
            unit(out);
            out.push_str(" S ");
            out.push_str(&map.prov(*target).abbr);
            if let Some(dest) = dest {
                out.push_str(" - ");
                out.push_str(&map.loc(*dest).abbr);
            }
        }
        Command::Convoy { from, to } => {
            unit(out);
            out.push_str(" C A ");
            out.push_str(&map.prov(*from).abbr);
            out.push_str(" - ");
            out.push_str(&map.prov(*to).abbr);
        }
        Command::Retreat { to } => {
            unit(out);
            out.push_str(" R ");
            out.push_str(&map.loc(*to).abbr);
        }
        Command::Disband => {
            unit(out);
            out.push_str(" D");
        }
        Command::Build => {
            out.push_str("BUILD ");
            unit(out);
        }
        Command::Waive => out.push_str("WAIVE"),
    }
}
