//! The order grammar over one reading: unit, then hold, move (with a convoy
//! path and VIA CONVOY), support, convoy, retreat, disband, build or waive;
//! and whether the phase takes that order.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};

use crate::diagnostics::{Diagnostic, codes};
use crate::map::{LocationId, Map, PowerId, Unit, UnitKind};
use crate::text::{FileId, FileSpan, Span};

use crate::orders::read::{Item, Piece, Problem};
use crate::orders::{Command, Order, OrderPhase};

/// The grammar of one order over a reading of its words.
pub(crate) fn grammar(
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
pub(crate) fn unit_ref(pieces: &[Piece]) -> (Option<UnitKind>, Option<LocationId>, usize) {
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

pub(crate) fn finish(
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
