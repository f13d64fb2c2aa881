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

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, codes};
use crate::map::names::{edit_distance, keyword, upper};
use crate::map::{LocationId, Map, PowerId, ProvinceId, Unit, UnitKind};
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

/// One word of order text: as written (upper-cased) and as `Map.norm` maps
/// it, with the bytes it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Word {
    /// Upper-cased, not mapped (`AND`, `VIA`): how a place abbreviation reads.
    raw: String,
    /// Through the keyword table (`AND` → empty, `VIA` → `~`, `NC` → `/NC`).
    text: String,
    span: Span,
    /// What separates it from the word before.
    after: Sep,
}

/// What separates two words of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Sep {
    /// Spaces, `+`, `,`, brackets.
    Space,
    /// A `-` between two letters (`Mid-Atlantic`): a name or a move.
    Hyphen,
    /// A `-` with a space beside it, or `>` (`A PAR - BUR`, `PAR->BUR`): a move.
    Arrow,
}

/// Splits order text like `Map.norm`, keeping spans. Filler words (`THE`,
/// `TO`, `AND`) stay, with empty `text`: they may be place names.
fn words(text: &str, line: Span) -> Vec<Word> {
    let mut res: Vec<Word> = Vec::new();
    let mut cur = String::new();
    let mut start = line.start;
    let base = line.start;
    let mut dash = Sep::Space;
    let flush = |cur: &mut String, start: u32, end: u32, res: &mut Vec<Word>, dash: &mut Sep| {
        if cur.is_empty() {
            return;
        }
        let raw = upper(cur);
        cur.clear();
        let text = keyword(&raw).map_or_else(|| raw.clone(), String::from);
        res.push(Word { raw, text, span: Span::new(start, end), after: *dash });
        *dash = Sep::Space;
    };
    let line_text = line.text(text);
    for (offset, ch) in line_text.char_indices() {
        let at = base + offset as u32;
        match ch {
            '.' | ':' => (),
            '-' | '>' => {
                let glued = ch == '-'
                    && !cur.is_empty()
                    && line_text[offset + 1..].chars().next().is_some_and(char::is_alphanumeric);
                flush(&mut cur, start, at, &mut res, &mut dash);
                dash = dash.max(if glued { Sep::Hyphen } else { Sep::Arrow });
            }
            '+' | ',' => flush(&mut cur, start, at, &mut res, &mut dash),
            '/' => {
                flush(&mut cur, start, at, &mut res, &mut dash);
                cur.push('/');
                start = at;
            }
            '|' | '*' | '?' | '!' | '~' | '(' | ')' | '[' | ']' | '=' | '_' | '^' => {
                flush(&mut cur, start, at, &mut res, &mut dash);
                let end = at + ch.len_utf8() as u32;
                cur.push(ch);
                flush(&mut cur, at, end, &mut res, &mut dash);
            }
            _ if crate::syntax::is_space(ch) => flush(&mut cur, start, at, &mut res, &mut dash),
            _ => {
                if cur.is_empty() {
                    start = at;
                }
                cur.push(ch);
            }
        }
    }
    flush(&mut cur, start, line.end, &mut res, &mut dash);
    res
}

/// A classified piece of an order.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    /// A filler word read as nothing (`THE`, `TO`); `arrow`: it means a
    /// move (`MOVE`, `TO`, `ATTACKS`), like `-`.
    Skip {
        arrow: bool,
    },
    Kind(UnitKind),
    Place(LocationId),
    Power(PowerId),
    Letter(char),
    Via,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    item: Item,
    span: Span,
    /// The separator before its first word.
    after: Sep,
    /// Its words: `words[first..first + len]`.
    first: usize,
    len: usize,
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
    let mut offset = 0u32;
    for line in text.split_inclusive('\n') {
        let span = crate::syntax::trim_span(
            text,
            Span::new(offset, offset + line.trim_end_matches(['\n', '\r']).len() as u32),
        );
        offset += line.len() as u32;
        if span.is_empty() || span.text(text).starts_with('#') {
            continue;
        }
        if let Some(order) = parse_order(map, power, phase, file, text, span, &mut diags) {
            orders.push(order);
        }
    }
    (orders, diags)
}

/// A reason an order (or a reading of it) cannot be read.
type Problem = Box<Diagnostic>;

/// Filler words that mean a move: like `-`, a place is expected after them.
const MOVE_WORDS: &[&str] = &["MOVE", "MOVES", "MOVING", "ATTACK", "ATTACKS", "ATTACKING", "TO"];

/// At most this many readings of one order are tried (each word that is
/// both a place and an order word doubles them; real orders have one or two).
const MAX_READINGS: usize = 64;

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

/// The pieces of an order written in normal form: single spaces, unit
/// letters and order letters, ` - `, and abbreviations that name exactly one
/// place and nothing else (no alias elsewhere, no order word, no power).
/// `None` for anything else, which the full reader takes; both give the same
/// order (a test checks it on every bundled variant).
fn normal_form(map: &Map, text: &str, base: u32) -> Option<Vec<Piece>> {
    if !text.is_ascii() || text.len() > 64 {
        return None;
    }
    let mut pieces = Vec::with_capacity(8);
    let mut after = Sep::Space;
    let mut offset = 0usize;
    for token in text.split(' ') {
        let start = base + offset as u32;
        offset += token.len() + 1;
        let span = Span::new(start, start + token.len() as u32);
        let item = match token {
            "" => return None,
            "-" => {
                if after != Sep::Space {
                    return None;
                }
                after = Sep::Arrow;
                continue;
            }
            "A" => Item::Kind(UnitKind::Army),
            "F" => Item::Kind(UnitKind::Fleet),
            "H" | "S" | "C" | "R" | "D" | "B" | "V" | "BUILD" | "WAIVE" | "REMOVE" => {
                // A map may call a place `H`.
                if map.location(token).is_some() || map.alias(token).is_some() {
                    return None;
                }
                Item::Letter(match token {
                    "BUILD" => 'B',
                    "WAIVE" => 'V',
                    "REMOVE" => 'D',
                    _ => token.as_bytes()[0] as char,
                })
            }
            _ => {
                let loc = map.plain_location(token)?;
                Item::Place(loc)
            }
        };
        pieces.push(Piece { item, span, after, first: 0, len: 1 });
        after = Sep::Space;
    }
    (after == Sep::Space && well_formed_normal(&pieces)).then_some(pieces)
}

/// A normal-form reading must be the reading the full reader ranks first:
/// places after `-`, no two places in a row without one.
fn well_formed_normal(pieces: &[Piece]) -> bool {
    pieces.windows(2).all(|pair| {
        !(matches!(pair[0].item, Item::Place(_)) && matches!(pair[1].item, Item::Place(_)))
            || pair[1].after == Sep::Arrow
    })
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

/// Which words a reading takes as (part of) a place or power name.
fn place_words(reading: &[Piece], n: usize) -> Vec<bool> {
    let mut res = alloc::vec![false; n];
    for piece in reading {
        if matches!(piece.item, Item::Place(_) | Item::Power(_)) {
            for it in &mut res[piece.first..piece.first + piece.len] {
                *it = true;
            }
        }
    }
    res
}

/// How much a reading looks like an order as people write it.
///
/// - 2: two places in a row are separated by `-` or a move word (a move or
///   a convoy path), and a unit's own place (the first place, or the one
///   after `S`/`C` and a unit letter) does not follow one;
/// - 1: DPjudge's compact form, a place right after a place (`A PAR BUR`);
/// - 0: a unit's place after `-`, or a one-letter place with no `-` before
///   it (`A PAR H` on a map with a place called H).
fn plausibility(pieces: &[Piece], words: &[Word]) -> u8 {
    let mut level = 2;
    let mut unit_expected = true;
    let mut after_place = false;
    let mut arrow = false;
    for piece in pieces {
        let arrow_before = arrow || piece.after != Sep::Space;
        arrow = false;
        match piece.item {
            Item::Skip { arrow: means_move } => {
                arrow = arrow_before || means_move;
                continue;
            }
            Item::Place(_) => {
                let one_letter = piece.len == 1 && words[piece.first].raw.chars().count() == 1;
                if (unit_expected && arrow_before) || (one_letter && !arrow_before) {
                    return 0;
                }
                if after_place && !arrow_before {
                    level = 1;
                }
                unit_expected = false;
                after_place = true;
                continue;
            }
            Item::Letter('S' | 'C') => unit_expected = true,
            Item::Kind(_) | Item::Power(_) => (),
            Item::Letter(_) | Item::Via => unit_expected = false,
        }
        after_place = false;
    }
    level
}

/// The warning for an order whose `word` two readings take differently.
fn ambiguity(
    map: &Map,
    text: &str,
    file: FileId,
    word: &Word,
    as_place: bool,
    chosen: &Order,
    other: &Order,
) -> Diagnostic {
    let written = word.span.text(text);
    let what = if as_place {
        format!("`{written}` is read as (part of) a place name")
    } else {
        format!("`{written}` is read as an order word")
    };
    Diagnostic::new(
        codes::AMBIGUOUS_ORDER,
        FileSpan::new(file, word.span),
        format!(
            "{what}, so this order is `{}`; read the other way it would be `{}`",
            format_order(map, chosen),
            format_order(map, other)
        ),
    )
    .with_help("Name the place by another of its names, or write the order with `-` and one-letter order words (`A PAR - BUR`, `A PAR H`).")
}

/// The grammar of one order over a reading of its words.
fn grammar(
    map: &Map,
    power: PowerId,
    phase: OrderPhase,
    file: FileId,
    span: Span,
    pieces: &[Piece],
) -> Result<Order, Problem> {
    let at = FileSpan::new(file, span);
    let mut idx = 0;
    let mut power = power;
    // A leading power name ("FRANCE: A PAR - BUR") names who gives the order.
    if let Some(Piece { item: Item::Power(named), .. }) = pieces.first() {
        power = *named;
        idx = 1;
    }
    let rest = &pieces[idx..];
    let err = |span: Span, message: String| -> Result<Order, Problem> {
        Err(Box::new(Diagnostic::new(codes::ORDER_SYNTAX, FileSpan::new(file, span), message).with_help(
            "Orders look like `A PAR - BUR`, `A PAR H`, `A BUR S A PAR - MAR`, `F NTH C A LON - NWY`, `A PAR R BUR`, `BUILD A PAR`, `REMOVE F LON`, `WAIVE`.",
        )))
    };
    if rest.is_empty() {
        return err(span, "this order names no unit".to_string());
    }
    // Adjustment forms with the verb first.
    match &rest[0].item {
        Item::Letter('V') if rest.len() == 1 => {
            return Ok(Order {
                power,
                unit: None,
                written_kind: None,
                command: Command::Waive,
                at,
            });
        }
        Item::Letter(letter @ ('B' | 'D')) => {
            let (kind, loc, used) = unit_ref(&rest[1..]);
            let Some(loc) = loc else {
                return err(
                    span,
                    format!(
                        "`{}` needs a unit: `BUILD A PAR`, `REMOVE F LON`",
                        if *letter == 'B' { "BUILD" } else { "REMOVE" }
                    ),
                );
            };
            if 1 + used < rest.len() {
                return err(rest[1 + used].span, "unexpected words after the unit".to_string());
            }
            let command = if *letter == 'B' { Command::Build } else { Command::Disband };
            return finish(map, power, kind, loc, command, at, phase);
        }
        _ => (),
    }
    let (kind, loc, used) = unit_ref(rest);
    let Some(loc) = loc else {
        return err(rest[0].span, "an order starts with a unit: `A PAR`, `F STP/NC`".to_string());
    };
    let body = &rest[used..];
    let command = match body.first().map(|it| &it.item) {
        None => {
            if phase == OrderPhase::Adjustments {
                return err(span, "say what to do: `BUILD A PAR` or `REMOVE A PAR`".to_string());
            }
            Command::Hold
        }
        Some(Item::Letter(letter @ ('H' | 'B' | 'D'))) => {
            if let Some(extra) = body.get(1) {
                return err(extra.span, "unexpected words after the order".to_string());
            }
            match letter {
                'H' => Command::Hold,
                'B' => Command::Build,
                _ => Command::Disband,
            }
        }
        Some(Item::Letter('R')) | Some(Item::Place(_)) => {
            let places = if matches!(body[0].item, Item::Letter('R')) { &body[1..] } else { body };
            let mut dest: Option<LocationId> = None;
            let mut via = false;
            for (offset, piece) in places.iter().enumerate() {
                match piece.item {
                    Item::Place(to) if !via => dest = Some(to),
                    Item::Via if !via => {
                        via = true;
                        // `VIA CONVOY`: the `C` belongs to VIA.
                        if matches!(
                            places.get(offset + 1).map(|it| &it.item),
                            Some(Item::Letter('C'))
                        ) && offset + 2 == places.len()
                        {
                            break;
                        }
                    }
                    Item::Letter('C') if via => (),
                    _ => {
                        return err(
                            piece.span,
                            "a move lists places: `A PAR - BUR` (a convoy path `A LON - NTH - NWY` is allowed)".to_string(),
                        );
                    }
                }
            }
            let Some(to) = dest else {
                return err(body[0].span, "where to? Write `A PAR - BUR`".to_string());
            };
            if matches!(body[0].item, Item::Letter('R')) || phase == OrderPhase::Retreats {
                Command::Retreat { to }
            } else {
                Command::Move { to, via_convoy: via }
            }
        }
        Some(Item::Letter(letter @ ('S' | 'C'))) => {
            let (_, target, used_target) = unit_ref(&body[1..]);
            let Some(target) = target else {
                return err(
                    body[0].span,
                    format!(
                        "{} whom? Write `{} A PAR{}`",
                        if *letter == 'S' { "support" } else { "convoy" },
                        letter,
                        if *letter == 'S' { "" } else { " - BUR" }
                    ),
                );
            };
            // One destination (or `H` for a support to hold).
            let tail = &body[1 + used_target..];
            let dest = match tail {
                [] => None,
                [Piece { item: Item::Letter('H'), .. }] => None,
                [Piece { item: Item::Place(to), .. }] => Some(*to),
                [_, extra, ..] | [extra] => {
                    return err(extra.span, "unexpected words in this order".to_string());
                }
            };
            let target_prov = map.province_of(target);
            if *letter == 'S' {
                Command::Support { target: target_prov, dest }
            } else {
                let Some(to) = dest else {
                    return err(
                        span,
                        "a convoy names where the army goes: `F NTH C A LON - NWY`".to_string(),
                    );
                };
                Command::Convoy { from: target_prov, to: map.province_of(to) }
            }
        }
        Some(_) => {
            return err(
                body[0].span,
                "unexpected word; expected H, -, S, C, R, D or B".to_string(),
            );
        }
    };
    finish(map, power, kind, loc, command, at, phase)
}

/// `[A|F] PLACE` at the start of `pieces`: (written kind, location, pieces used).
fn unit_ref(pieces: &[Piece]) -> (Option<UnitKind>, Option<LocationId>, usize) {
    match pieces {
        [Piece { item: Item::Kind(kind), .. }, Piece { item: Item::Place(loc), .. }, ..] => {
            (Some(*kind), Some(*loc), 2)
        }
        // DPjudge also reads `PAR A`.
        [Piece { item: Item::Place(loc), .. }, Piece { item: Item::Kind(kind), .. }, ..] => {
            (Some(*kind), Some(*loc), 2)
        }
        [Piece { item: Item::Place(loc), .. }, ..] => (None, Some(*loc), 1),
        _ => (None, None, 0),
    }
}

fn finish(
    map: &Map,
    power: PowerId,
    kind: Option<UnitKind>,
    loc: LocationId,
    command: Command,
    at: FileSpan,
    phase: OrderPhase,
) -> Result<Order, Problem> {
    let allowed = matches!(
        (&command, phase),
        (
            Command::Hold | Command::Move { .. } | Command::Support { .. } | Command::Convoy { .. },
            OrderPhase::Movement
        ) | (Command::Retreat { .. } | Command::Disband, OrderPhase::Retreats)
            | (Command::Build | Command::Disband | Command::Waive, OrderPhase::Adjustments)
    );
    if !allowed {
        let what = match phase {
            OrderPhase::Movement => "a movement phase takes moves, holds, supports and convoys",
            OrderPhase::Retreats => {
                "a retreat phase takes retreats (`A PAR R BUR`) and disbands (`A PAR D`)"
            }
            OrderPhase::Adjustments => "an adjustment phase takes builds, removals and waives",
        };
        return Err(Box::new(Diagnostic::new(
            codes::WRONG_PHASE,
            at,
            format!("this order does not belong to this phase: {what}"),
        )));
    }
    let unit_kind = kind.unwrap_or_else(|| {
        if map.loc(loc).coast.is_some() { UnitKind::Fleet } else { UnitKind::Army }
    });
    Ok(Order {
        power,
        unit: Some(Unit { kind: unit_kind, location: loc }),
        written_kind: kind,
        command,
        at,
    })
}

/// One way to read the words from some position: an item, how many words
/// it takes, its span and the separator before it.
type Reading = (Item, usize, Span, Sep);

/// Every reading of `words` as pieces (places first, at most
/// [`MAX_READINGS`]), and the last problem met on a path that could not be
/// read at all.
fn readings(
    map: &Map,
    file: FileId,
    text: &str,
    words: &[Word],
) -> (Vec<Vec<Piece>>, Option<Problem>) {
    let mut walker = Walker {
        map,
        file,
        text,
        words,
        options: alloc::vec![None; words.len()],
        steps: MAX_STEPS,
        res: Vec::new(),
        error: None,
    };
    let mut acc: Vec<Piece> = Vec::new();
    walker.walk(0, &mut acc);
    (walker.res, walker.error)
}

/// At most this many steps of the search for readings: a long line of
/// words that are both places and order words cannot make it exponential.
const MAX_STEPS: usize = 4096;

/// The depth-first search for readings, places first. The options at each
/// word are computed once, and only for words some reading reaches (so an
/// unreadable word stops the search there, as a reader would).
struct Walker<'a> {
    map: &'a Map,
    file: FileId,
    text: &'a str,
    words: &'a [Word],
    options: Vec<Option<Result<Vec<Reading>, Problem>>>,
    steps: usize,
    res: Vec<Vec<Piece>>,
    /// The last problem met on a path that could not be read.
    error: Option<Problem>,
}

impl Walker<'_> {
    fn walk(&mut self, idx: usize, acc: &mut Vec<Piece>) {
        if self.res.len() >= MAX_READINGS || self.steps == 0 {
            return;
        }
        self.steps -= 1;
        if idx >= self.words.len() {
            self.res.push(acc.clone());
            return;
        }
        if self.options[idx].is_none() {
            self.options[idx] = Some(options_at(self.map, self.file, self.text, self.words, idx));
        }
        let list = match &self.options[idx] {
            Some(Ok(list)) => list.clone(),
            Some(Err(diag)) => {
                self.error = Some(diag.clone());
                return;
            }
            None => return,
        };
        for (item, used, span, after) in list {
            acc.push(Piece { item, span, after, first: idx, len: used });
            self.walk(idx + used, acc);
            acc.pop();
        }
    }
}

/// The ways to read the words starting at `idx`: a place or power (the
/// longest run of words that names one, with a coast after it), then the
/// order word, in that order of preference.
fn options_at(
    map: &Map,
    file: FileId,
    text: &str,
    words: &[Word],
    idx: usize,
) -> Result<Vec<Reading>, Problem> {
    let word = &words[idx];
    let mut res: Vec<Reading> = Vec::new();
    let keyword_item = match word.text.as_str() {
        "" => Some(Item::Skip { arrow: MOVE_WORDS.contains(&word.raw.as_str()) }),
        "(" | ")" | "|" => Some(Item::Skip { arrow: false }),
        "A" => Some(Item::Kind(UnitKind::Army)),
        "F" => Some(Item::Kind(UnitKind::Fleet)),
        "~" => Some(Item::Via),
        one if one.len() == 1 && "HSCBDVR".contains(one) => {
            Some(Item::Letter(one.chars().next().unwrap_or(' ')))
        }
        _ => None,
    };
    // A unit letter is never a place by itself (`A PAR`).
    let kind_letter = matches!(keyword_item, Some(Item::Kind(_)));
    match places_at(map, file, words, idx, kind_letter) {
        Ok(places) => res.extend(places),
        Err(diag) if keyword_item.is_none() => return Err(diag),
        Err(_) => (),
    }
    // Right after a move arrow the grammar expects a place: a place name
    // there is never read as an order word (`F MAL - AND`).
    let place_only = word.after == Sep::Arrow && !res.is_empty();
    match keyword_item {
        Some(_) if place_only => (),
        Some(item) => res.push((item, 1, word.span, word.after)),
        None if res.is_empty() => {
            let single_char = word.text.chars().count() == 1;
            return Err(Box::new(if single_char {
                Diagnostic::new(
                    codes::ORDER_SYNTAX,
                    FileSpan::new(file, word.span),
                    format!("unexpected `{}`", word.span.text(text)),
                )
            } else {
                unknown_place(map, FileSpan::new(file, word.span), word.span.text(text))
            }));
        }
        None => (),
    }
    Ok(res)
}

/// The places (or power) the words from `idx` can name, best first: the
/// longest run of words that names something (`Gulf of Lyon`, `The Hague`,
/// `Mid-Atlantic`), then the same without crossing a hyphen, then the word
/// alone as an abbreviation (`AND`, `THE`). Each with the coast written
/// after it. A run never crosses a move arrow (` - `, `->`) and never starts
/// with a unit letter alone.
fn places_at(
    map: &Map,
    file: FileId,
    words: &[Word],
    idx: usize,
    kind_letter: bool,
) -> Result<Vec<Reading>, Problem> {
    let max = (idx + 6).min(words.len());
    let ends_before = |sep: Sep| {
        words[idx + 1..max].iter().position(|it| it.after >= sep).map_or(max, |pos| idx + 1 + pos)
    };
    let longest = |limit: usize| -> Option<(Item, usize)> {
        (idx + 1..=limit).rev().find_map(|end| {
            let run = &words[idx..end];
            if run.len() == 1 && kind_letter {
                return None;
            }
            // A name never ends with a filler word (`PAR THE` is PAR, then
            // THE), and a filler does not start one before a letter (`AND H`).
            if run.len() > 1
                && (run[run.len() - 1].text.is_empty()
                    || (run[0].text.is_empty() && run[1].text.chars().count() < 2))
            {
                return None;
            }
            name_of(map, run).map(|item| (item, run.len()))
        })
    };
    let mut found: Vec<(Item, usize)> = Vec::new();
    let mut add = |it: Option<(Item, usize)>| {
        if let Some(it) = it
            && !found.contains(&it)
        {
            found.push(it);
        }
    };
    let as_written = (!kind_letter).then(|| map.location(&words[idx].raw)).flatten();
    // An order word that is an abbreviation (`AND`, `THE`) is that place
    // first; other words are read as the longest name first (`Mar Noire`
    // before MAR), and an alias before a clashing abbreviation, as in DPjudge.
    let keyword_word = words[idx].text != words[idx].raw;
    if keyword_word {
        add(as_written.map(|loc| (Item::Place(loc), 1)));
    }
    add(longest(ends_before(Sep::Arrow)));
    add(longest(ends_before(Sep::Hyphen)));
    add(as_written.map(|loc| (Item::Place(loc), 1)));
    let mut res = Vec::with_capacity(found.len());
    let mut error = None;
    for (item, used) in found {
        match with_coast(map, file, words, idx, item, used) {
            Ok(reading) => res.push(reading),
            Err(diag) => error = error.or(Some(diag)),
        }
    }
    match error {
        Some(diag) if res.is_empty() => Err(diag),
        _ => Ok(res),
    }
}

/// What a run of words names: aliases (normalised like `Map.norm`) and
/// abbreviations; a location before a power.
fn name_of(map: &Map, run: &[Word]) -> Option<Item> {
    let mut key = String::new();
    for word in run.iter().filter(|it| !it.text.is_empty()) {
        if !key.is_empty() {
            key.push(' ');
        }
        key.push_str(&word.text);
    }
    let mut targets: Vec<&str> = Vec::with_capacity(4);
    if !key.is_empty()
        && let Some(target) = map.alias(&key)
    {
        targets.push(target);
    }
    if run.len() == 1 {
        // An alias that is an order word is stored as written (`VIA`, `AND`).
        if let Some(target) = map.alias(&run[0].raw) {
            targets.push(target);
        }
        targets.push(&run[0].raw);
        if !key.is_empty() {
            targets.push(&key);
        }
    }
    if let Some(loc) = targets.iter().find_map(|it| map.location(it)) {
        return Some(Item::Place(loc));
    }
    targets.iter().find_map(|it| map.power(it)).map(Item::Power)
}

/// A place read from `words[idx..idx + used]`, with the coast written after
/// it: `STP /NC`, `STP ( /NC )`, `STP NORTH COAST`.
fn with_coast(
    map: &Map,
    file: FileId,
    words: &[Word],
    idx: usize,
    item: Item,
    used: usize,
) -> Result<Reading, Problem> {
    let mut item = item;
    let mut end = idx + used;
    let mut span = words[idx].span.cover(words[end - 1].span);
    // A coast after the place: `STP /NC`, `STP ( /NC )`, `STP NORTH COAST`.
    if let Item::Place(loc) = item {
        let mut look = end;
        if words.get(look).is_some_and(|it| it.text == "(") {
            look += 1;
        }
        // `NORTH COAST` and friends name a coast too (after a place only,
        // so maps with places called East Coast keep them).
        let spelled = match (
            words.get(look).map(|it| it.text.as_str()),
            words.get(look + 1).map(|it| it.text.as_str()),
        ) {
            (Some(dir @ ("NORTH" | "SOUTH" | "EAST" | "WEST")), Some("COAST"))
                if !map.prov(map.province_of(loc)).coasts.is_empty() =>
            {
                Some(Word {
                    after: Sep::Space,
                    raw: format!("/{}C", &dir[..1]),
                    text: format!("/{}C", &dir[..1]),
                    span: words[look].span.cover(words[look + 1].span),
                })
            }
            _ => None,
        };
        let coast_word = match &spelled {
            Some(word) => Some(word),
            None => words.get(look).filter(|it| it.text.starts_with('/') && it.text.len() > 1),
        };
        if let Some(coast) = coast_word {
            let mut after = look + if spelled.is_some() { 2 } else { 1 };
            if words.get(after).is_some_and(|it| it.text == ")") {
                after += 1;
            }
            let province = &map.prov(map.province_of(loc)).abbr;
            let name = format!("{province}{}", coast.text);
            match map.location(&name) {
                Some(coast_loc) => {
                    item = Item::Place(coast_loc);
                    span = span.cover(words[after - 1].span);
                    end = after;
                }
                None => {
                    return Err(Box::new(
                        Diagnostic::new(
                            codes::UNKNOWN_COAST,
                            FileSpan::new(file, coast.span),
                            format!("{province} has no coast {}", &coast.text[1..]),
                        )
                        .with_help(coast_help(map, map.province_of(loc))),
                    ));
                }
            }
        }
    }
    Ok((item, end - idx, span, words[idx].after))
}

fn coast_help(map: &Map, province: ProvinceId) -> String {
    let coasts: Vec<&str> =
        map.prov(province).coasts.iter().map(|&loc| map.loc(loc).abbr.as_str()).collect();
    if coasts.is_empty() {
        String::from("It has no separate coasts.")
    } else {
        format!("Its coasts are {}.", coasts.join(", "))
    }
}

/// "unknown place" with the nearest names as help.
fn unknown_place(map: &Map, at: FileSpan, written: &str) -> Diagnostic {
    let want = upper(written);
    let want_len = want.chars().count();
    // Only names within two edits are suggested; a name whose length differs
    // by more than two cannot be, so it is not measured.
    let near = |name: &str| -> usize {
        if name.chars().count().abs_diff(want_len) > 2 {
            usize::MAX
        } else {
            edit_distance(&want, name)
        }
    };
    let mut best: Vec<(usize, String)> = Vec::new();
    for loc in &map.locations {
        let distance = near(&loc.abbr).min(near(&upper(&loc.name)));
        if distance <= 2 {
            best.push((distance, format!("{} ({})", loc.abbr, loc.name)));
        }
    }
    best.sort();
    let close: Vec<String> = best.into_iter().take(3).map(|(_, name)| name).collect();
    let diag = Diagnostic::new(codes::UNKNOWN_PLACE, at, format!("unknown place `{written}`"));
    if close.is_empty() {
        diag
    } else {
        diag.with_help(format!("Did you mean {}?", close.join(", ")))
    }
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
