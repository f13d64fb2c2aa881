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

/// One normalised word of order text and the bytes it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Word {
    text: String,
    span: Span,
}

/// Splits order text like `Map.norm`, keeping spans.
fn words(text: &str, line: Span) -> Vec<Word> {
    let mut res: Vec<Word> = Vec::new();
    let mut cur = String::new();
    let mut start = line.start;
    let base = line.start;
    let flush = |cur: &mut String, start: u32, end: u32, res: &mut Vec<Word>| {
        if cur.is_empty() {
            return;
        }
        let up = upper(cur);
        cur.clear();
        let mapped = match keyword(&up) {
            Some(value) => String::from(value),
            None => up,
        };
        if !mapped.is_empty() {
            res.push(Word { text: mapped, span: Span::new(start, end) });
        }
    };
    for (offset, ch) in line.text(text).char_indices() {
        let at = base + offset as u32;
        match ch {
            '.' | ':' => (),
            '-' | '+' | ',' | '>' => flush(&mut cur, start, at, &mut res),
            '/' => {
                flush(&mut cur, start, at, &mut res);
                cur.push('/');
                start = at;
            }
            '|' | '*' | '?' | '!' | '~' | '(' | ')' | '[' | ']' | '=' | '_' | '^' => {
                flush(&mut cur, start, at, &mut res);
                let end = at + ch.len_utf8() as u32;
                cur.push(ch);
                flush(&mut cur, at, end, &mut res);
            }
            _ if crate::syntax::is_space(ch) => flush(&mut cur, start, at, &mut res),
            _ => {
                if cur.is_empty() {
                    start = at;
                }
                cur.push(ch);
            }
        }
    }
    flush(&mut cur, start, line.end, &mut res);
    // `S /NC` came from `S/NC`-like text: glue `/` words to letters that follow.
    res
}

/// A classified piece of an order.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    Kind(UnitKind),
    Place(LocationId),
    Power(PowerId),
    Letter(char),
    Via,
}

#[derive(Clone, Debug)]
struct Piece {
    item: Item,
    span: Span,
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

/// Reads one order occupying `span` of `text`.
pub fn parse_order(
    map: &Map,
    power: PowerId,
    phase: OrderPhase,
    file: FileId,
    text: &str,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Order> {
    let at = FileSpan::new(file, span);
    let words = words(text, span);
    let pieces = classify(map, file, text, &words, diags)?;
    let mut idx = 0;
    let mut power = power;
    // A leading power name ("FRANCE: A PAR - BUR") names who gives the order.
    if let Some(Piece { item: Item::Power(named), .. }) = pieces.first() {
        power = *named;
        idx = 1;
    }
    let rest = &pieces[idx..];
    let err = |diags: &mut Vec<Diagnostic>, span: Span, message: String| {
        diags.push(Diagnostic::new(codes::ORDER_SYNTAX, FileSpan::new(file, span), message).with_help(
            "Orders look like `A PAR - BUR`, `A PAR H`, `A BUR S A PAR - MAR`, `F NTH C A LON - NWY`, `A PAR R BUR`, `BUILD A PAR`, `REMOVE F LON`, `WAIVE`.",
        ));
        None
    };
    if rest.is_empty() {
        return err(diags, span, "this order names no unit".to_string());
    }
    // Adjustment forms with the verb first.
    match &rest[0].item {
        Item::Letter('V') => {
            return Some(Order {
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
                    diags,
                    span,
                    format!(
                        "`{}` needs a unit: `BUILD A PAR`, `REMOVE F LON`",
                        if *letter == 'B' { "BUILD" } else { "REMOVE" }
                    ),
                );
            };
            if 1 + used < rest.len() {
                return err(
                    diags,
                    rest[1 + used].span,
                    "unexpected words after the unit".to_string(),
                );
            }
            let command = if *letter == 'B' { Command::Build } else { Command::Disband };
            return finish(map, power, kind, loc, command, at, phase, diags);
        }
        _ => (),
    }
    let (kind, loc, used) = unit_ref(rest);
    let Some(loc) = loc else {
        return err(
            diags,
            rest[0].span,
            "an order starts with a unit: `A PAR`, `F STP/NC`".to_string(),
        );
    };
    let body = &rest[used..];
    let command = match body.first().map(|it| &it.item) {
        None => {
            if phase == OrderPhase::Adjustments {
                return err(
                    diags,
                    span,
                    "say what to do: `BUILD A PAR` or `REMOVE A PAR`".to_string(),
                );
            }
            Command::Hold
        }
        Some(Item::Letter('H')) => Command::Hold,
        Some(Item::Letter('B')) => Command::Build,
        Some(Item::Letter('D')) => Command::Disband,
        Some(Item::Letter('R')) | Some(Item::Place(_)) => {
            let places = if matches!(body[0].item, Item::Letter('R')) { &body[1..] } else { body };
            let mut dest: Option<LocationId> = None;
            let mut via = false;
            for (offset, piece) in places.iter().enumerate() {
                match piece.item {
                    Item::Place(to) => dest = Some(to),
                    Item::Via => {
                        via = true;
                        // `VIA CONVOY`: the `C` belongs to VIA.
                        if matches!(places.get(offset + 1).map(|it| &it.item), Some(Item::Letter('C'))) && offset + 2 == places.len() {
                            break;
                        }
                    }
                    Item::Letter('C') if via => (),
                    _ => return err(diags, piece.span, "a move lists places: `A PAR - BUR` (a convoy path `A LON - NTH - NWY` is allowed)".to_string()),
                }
            }
            let Some(to) = dest else {
                return err(diags, body[0].span, "where to? Write `A PAR - BUR`".to_string());
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
                    diags,
                    body[0].span,
                    format!(
                        "{} whom? Write `{} A PAR{}`",
                        if *letter == 'S' { "support" } else { "convoy" },
                        letter,
                        if *letter == 'S' { "" } else { " - BUR" }
                    ),
                );
            };
            let tail = &body[1 + used_target..];
            let mut dest: Option<LocationId> = None;
            for piece in tail {
                match piece.item {
                    Item::Place(to) => dest = Some(to),
                    Item::Letter('H') if dest.is_none() => (),
                    _ => {
                        return err(
                            diags,
                            piece.span,
                            "unexpected words in this order".to_string(),
                        );
                    }
                }
            }
            let target_prov = map.province_of(target);
            if *letter == 'S' {
                Command::Support { target: target_prov, dest }
            } else {
                let Some(to) = dest else {
                    return err(
                        diags,
                        span,
                        "a convoy names where the army goes: `F NTH C A LON - NWY`".to_string(),
                    );
                };
                Command::Convoy { from: target_prov, to: map.province_of(to) }
            }
        }
        Some(_) => {
            return err(
                diags,
                body[0].span,
                "unexpected word; expected H, -, S, C, R, D or B".to_string(),
            );
        }
    };
    finish(map, power, kind, loc, command, at, phase, diags)
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

#[allow(clippy::too_many_arguments)]
fn finish(
    map: &Map,
    power: PowerId,
    kind: Option<UnitKind>,
    loc: LocationId,
    command: Command,
    at: FileSpan,
    phase: OrderPhase,
    diags: &mut Vec<Diagnostic>,
) -> Option<Order> {
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
        diags.push(Diagnostic::new(
            codes::WRONG_PHASE,
            at,
            format!("this order does not belong to this phase: {what}"),
        ));
        return None;
    }
    let unit_kind = kind.unwrap_or_else(|| {
        if map.loc(loc).coast.is_some() { UnitKind::Fleet } else { UnitKind::Army }
    });
    Some(Order {
        power,
        unit: Some(Unit { kind: unit_kind, location: loc }),
        written_kind: kind,
        command,
        at,
    })
}

/// Turns words into units, places, powers and letters.
fn classify(
    map: &Map,
    file: FileId,
    text: &str,
    words: &[Word],
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<Piece>> {
    let mut res: Vec<Piece> = Vec::new();
    let mut idx = 0;
    while idx < words.len() {
        let word = &words[idx];
        let one = word.text.as_str();
        // Single letters are order words, never places.
        if one.chars().count() == 1 {
            let ch = one.chars().next().unwrap_or(' ');
            let item = match ch {
                'A' => Some(Item::Kind(UnitKind::Army)),
                'F' => Some(Item::Kind(UnitKind::Fleet)),
                'H' | 'S' | 'C' | 'B' | 'D' | 'V' | 'R' => Some(Item::Letter(ch)),
                '~' => Some(Item::Via),
                '(' | ')' | '|' => None,
                _ => None,
            };
            if let Some(item) = item {
                res.push(Piece { item, span: word.span });
            } else if !matches!(ch, '(' | ')' | '|') {
                diags.push(Diagnostic::new(
                    codes::ORDER_SYNTAX,
                    FileSpan::new(file, word.span),
                    format!("unexpected `{}`", word.span.text(text)),
                ));
                return None;
            }
            idx += 1;
            continue;
        }
        // The longest run of words that names a place or a power.
        let mut found: Option<(Item, usize)> = None;
        let max = (idx + 6).min(words.len());
        let mut key = String::new();
        let mut keys: Vec<String> = Vec::new();
        for word in &words[idx..max] {
            if !key.is_empty() {
                key.push(' ');
            }
            key.push_str(&word.text);
            keys.push(key.clone());
        }
        for (len, key) in keys.iter().enumerate().rev() {
            let target =
                map.alias(key).map(String::from).or_else(|| (len == 0).then(|| key.clone()));
            let Some(target) = target else { continue };
            if let Some(loc) = map.location(&target) {
                found = Some((Item::Place(loc), len + 1));
                break;
            }
            if let Some(power) = map.power(&target) {
                found = Some((Item::Power(power), len + 1));
                break;
            }
        }
        let Some((item, used)) = found else {
            diags.push(unknown_place(map, FileSpan::new(file, word.span), word.span.text(text)));
            return None;
        };
        let mut span = word.span.cover(words[idx + used - 1].span);
        idx += used;
        let mut item = item;
        // A coast after the place: `STP /NC`, `STP ( /NC )`.
        if let Item::Place(loc) = item {
            let mut look = idx;
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
                let mut end = look + if spelled.is_some() { 2 } else { 1 };
                if words.get(end).is_some_and(|it| it.text == ")") {
                    end += 1;
                }
                let province = &map.prov(map.province_of(loc)).abbr;
                let name = format!("{province}{}", coast.text);
                match map.location(&name) {
                    Some(coast_loc) => {
                        item = Item::Place(coast_loc);
                        span = span.cover(words[end - 1].span);
                        idx = end;
                    }
                    None => {
                        diags.push(
                            Diagnostic::new(
                                codes::UNKNOWN_COAST,
                                FileSpan::new(file, coast.span),
                                format!("{province} has no coast {}", &coast.text[1..]),
                            )
                            .with_help(coast_help(map, map.province_of(loc))),
                        );
                        return None;
                    }
                }
            }
        }
        res.push(Piece { item, span });
    }
    Some(res)
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
    let mut best: Vec<(usize, String)> = Vec::new();
    for loc in &map.locations {
        let distance = edit_distance(&want, &loc.abbr).min(edit_distance(&want, &upper(&loc.name)));
        best.push((distance, format!("{} ({})", loc.abbr, loc.name)));
    }
    best.sort();
    let close: Vec<String> =
        best.into_iter().filter(|(d, _)| *d <= 2).take(3).map(|(_, name)| name).collect();
    let diag = Diagnostic::new(codes::UNKNOWN_PLACE, at, format!("unknown place `{written}`"));
    if close.is_empty() {
        diag
    } else {
        diag.with_help(format!("Did you mean {}?", close.join(", ")))
    }
}

/// DPjudge's normal form: `A PAR - BUR`, `F MAO C A BRE - LON`, `BUILD A PAR`.
pub fn format_order(map: &Map, order: &Order) -> String {
    let unit = |unit: Unit| map.unit_text(unit);
    let prov = |id: ProvinceId| map.prov(id).abbr.to_string();
    let Some(piece) = order.unit else { return "WAIVE".to_string() };
    match &order.command {
        Command::Hold => format!("{} H", unit(piece)),
        Command::Move { to, via_convoy } => {
            format!(
                "{} - {}{}",
                unit(piece),
                map.loc(*to).abbr,
                if *via_convoy { " VIA CONVOY" } else { "" }
            )
        }
        Command::Support { target, dest } => match dest {
            None => format!("{} S {}", unit(piece), prov(*target)),
            Some(dest) => format!("{} S {} - {}", unit(piece), prov(*target), map.loc(*dest).abbr),
        },
        Command::Convoy { from, to } => {
            format!("{} C A {} - {}", unit(piece), prov(*from), prov(*to))
        }
        Command::Retreat { to } => format!("{} R {}", unit(piece), map.loc(*to).abbr),
        Command::Disband => format!("{} D", unit(piece)),
        Command::Build => format!("BUILD {}", unit(piece)),
        Command::Waive => "WAIVE".to_string(),
    }
}
