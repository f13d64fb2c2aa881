//! Explanations: the reason for every result, read from the same resolution
//! state that decided it (the supports that count, the attack that cut a
//! support, the strengths that bounced a move), and the diagnostics for
//! orders the phase did not use.

use crate::board::{Board, Piece};
use crate::map::{Map, ProvinceId, UnitKind};
use crate::orders::{Command, Order, format_order};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::adjudicate::{Ctx, Kind, Move, Outcome, RejectKind, Rejected, Resolution, may_order};

/// A reason's parts as one string, without `format!`'s machinery: most
/// results' reasons are a few words, a unit and strengths (`supports A PAR`,
/// `lost a head-to-head battle with A BUR (strength 2 against 1)`), and a
/// played phase writes some twenty of them.
fn said(parts: &[&dyn Part]) -> String {
    let mut text = String::with_capacity(48);
    for part in parts {
        part.push_to(&mut text);
    }
    text
}

/// A part of a reason.
trait Part {
    fn push_to(&self, out: &mut String);
}

impl Part for &str {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Part for String {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Part for crate::name::Name {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Part for Half {
    fn push_to(&self, out: &mut String) {
        let mut buf = [0; 20];
        let (whole, frac) = self.parts(&mut buf);
        out.push_str(whole);
        out.push_str(frac);
    }
}

impl Ctx<'_> {
    pub(super) fn unit_name(&self, idx: usize) -> crate::name::Name {
        self.map.unit_name(self.piece(idx).unit)
    }

    pub(super) fn describe(
        &mut self,
        idx: usize,
        moved: bool,
        dislodged_by: Option<usize>,
    ) -> Resolution {
        let piece = self.piece(idx);
        let order = self.used[idx];
        let command = order.map_or(Command::Hold, |it| self.orders[it].command.clone());
        let dislodged_text = dislodged_by.map(|by| {
            let Kind::Move(mv) = self.kinds[by].clone() else { return String::new() };
            let strength = self.attack(by, &mv);
            format!(
                "dislodged by {} - {} (strength {})",
                self.unit_name(by),
                self.map.loc(mv.to).abbr,
                half(strength)
            )
        });
        let (outcome, reason) = match self.kinds[idx].clone() {
            Kind::Hold => match (&order, &dislodged_text) {
                (_, Some(text)) => (Outcome::Fails, text.clone()),
                (None, None) => (Outcome::Succeeds, "no order: holds".into()),
                (Some(_), None) => (Outcome::Succeeds, "holds".into()),
            },
            Kind::Move(mv) => {
                if moved {
                    (Outcome::Succeeds, said(&[&"moves to ", &self.map.loc(mv.to).abbr]))
                } else {
                    let why = self.why_move_failed(idx, &mv);
                    let why = match &dislodged_text {
                        Some(text) => format!("{why}; {text}"),
                        None => why,
                    };
                    (Outcome::Fails, why)
                }
            }
            Kind::Support { matched, target, dest } => {
                if !matched {
                    let target_order = self.describe_order(target);
                    (
                        Outcome::Void,
                        format!(
                            "void: {} did not order that, it ordered {}",
                            self.unit_name(target),
                            target_order
                        ),
                    )
                } else if self.resolve(idx) {
                    (Outcome::Succeeds, said(&[&"supports ", &self.unit_name(target)]))
                } else {
                    let cutter = self.cutter(idx, dest.map(|it| it.0));
                    let why = match (cutter, &dislodged_text) {
                        (_, Some(text)) => format!("support cut: {text}"),
                        (Some(by), None) => format!("support cut by {}", self.describe_order(by)),
                        (None, None) => "support cut".into(),
                    };
                    (Outcome::Fails, why)
                }
            }
            Kind::Convoy { matched, army, .. } => {
                if !matched {
                    (
                        Outcome::Void,
                        format!(
                            "void: {} did not order that move, it ordered {}",
                            self.unit_name(army),
                            self.describe_order(army)
                        ),
                    )
                } else if self.resolve(idx) {
                    (Outcome::Succeeds, said(&[&"convoys ", &self.unit_name(army)]))
                } else {
                    match &dislodged_text {
                        Some(text) => (Outcome::Fails, format!("convoy disrupted: {text}")),
                        None => (
                            Outcome::Fails,
                            "convoy paradox: the convoying fleets hold (Szykman rule)".into(),
                        ),
                    }
                }
            }
        };
        // A void order: the unit held.
        let (outcome, reason, forbidden_by) = match (order, self.void_reason[idx].clone()) {
            (_, Some((why, at))) => (Outcome::Void, why, at),
            _ => (outcome, reason, None),
        };
        Resolution {
            piece,
            order,
            command,
            outcome,
            dislodged: dislodged_by.is_some(),
            reason,
            forbidden_by,
        }
    }

    pub(super) fn describe_order(&self, idx: usize) -> String {
        match self.used[idx] {
            Some(order) => format_order(self.map, &self.orders[order]),
            None => format!("{} H", self.unit_name(idx)),
        }
    }

    /// The first attack that cuts the support of `nr` (see [`Ctx::support_cut`]).
    pub(super) fn cutter(&mut self, nr: usize, dest: Option<ProvinceId>) -> Option<usize> {
        let province = self.prov_of(nr);
        let power = self.piece(nr).power;
        for nth in 0..self.into[province.0 as usize].len() {
            let attacker = self.into[province.0 as usize][nth];
            let Kind::Move(mv) = self.kinds[attacker].clone() else { continue };
            if self.piece(attacker).power == power
                || dest == Some(self.prov_of(attacker))
                || !self.path(attacker, &mv)
            {
                continue;
            }
            if mv.cape || (mv.strait && self.supports_count(attacker, None) == 0) {
                continue;
            }
            return Some(attacker);
        }
        None
    }

    pub(super) fn why_move_failed(&mut self, nr: usize, mv: &Move) -> String {
        if !self.path(nr, mv) {
            let mut failed: Vec<usize> = Vec::new();
            for nth in 0..self.convoys[nr].len() {
                let fleet = self.convoys[nr][nth];
                if !self.resolve(fleet) {
                    failed.push(fleet);
                }
            }
            if self.convoys[nr].is_empty() {
                return "no convoy route: no fleet convoys it".into();
            }
            let mut text = String::from("no convoy route: ");
            for (nth, fleet) in failed.into_iter().enumerate() {
                if nth > 0 {
                    text.push_str(", ");
                }
                text.push_str(&self.unit_name(fleet));
            }
            text.push_str(" failed");
            return text;
        }
        let attack = self.attack(nr, mv);
        let map = self.map;
        let to: &str = &map.loc(mv.to).abbr;
        if let Some(other) = self.unit_in(mv.to_prov)
            && self.piece(other).power == self.piece(nr).power
            && attack == 0
            && !matches!(self.kinds[other], Kind::Move(_))
        {
            return format!("cannot dislodge its own {} in {to}", self.unit_name(other));
        }
        if let Some(other) = self.head_to_head(nr, mv) {
            let Kind::Move(back) = self.kinds[other].clone() else { return "bounced".into() };
            let defend = self.defend(other, &back);
            if attack <= defend {
                return said(&[
                    &"lost a head-to-head battle with ",
                    &self.unit_name(other),
                    &" (strength ",
                    &half(attack),
                    &" against ",
                    &half(defend),
                    &")",
                ]);
            }
        } else {
            let hold = self.hold_strength(mv.to_prov);
            if attack <= hold {
                let holder = self
                    .unit_in(mv.to_prov)
                    .map_or_else(crate::name::Name::default, |it| self.unit_name(it));
                return said(&[
                    &"bounced: ",
                    &holder,
                    &" holds ",
                    &to,
                    &" with strength ",
                    &half(hold),
                    &", this move has ",
                    &half(attack),
                ]);
            }
        }
        for nth in 0..self.into[mv.to_prov.0 as usize].len() {
            let rival = self.into[mv.to_prov.0 as usize][nth];
            if rival == nr {
                continue;
            }
            let Kind::Move(other) = self.kinds[rival].clone() else { continue };
            let prevent = self.prevent(rival, &other);
            if attack <= prevent {
                return said(&[
                    &"bounced: ",
                    &self.unit_name(rival),
                    &" also moved to ",
                    &to,
                    &" with strength ",
                    &half(prevent),
                    &", this move has ",
                    &half(attack),
                ]);
            }
        }
        "failed".into()
    }
}

/// Diagnostics for a phase's orders, each at its own text: one for every
/// order the phase did not use (`rejected`, from any phase's result), and a
/// note where an order names the wrong unit type, which is ignored (DATC
/// 4.C.2), unless the order was refused as another power's. `board` is the position the orders were given for.
pub fn order_diagnostics(
    map: &Map,
    board: &Board,
    orders: &[Order],
    rejected: &[Rejected],
) -> Vec<crate::diagnostics::Diagnostic> {
    use crate::diagnostics::{Diagnostic, codes};
    let unit_at = |order: &Order| -> Option<Piece> {
        board.piece_or_dislodged_in(map, map.province_of(order.unit?.location)).copied()
    };
    let mut res = Vec::new();
    for rejected in rejected {
        let Some(order) = orders.get(rejected.order) else { continue };
        let unit = unit_at(order);
        let code = match (order.command == Command::Build || order.command == Command::Waive, unit)
        {
            (true, _) => codes::ILLEGAL_ORDER,
            (false, None) => codes::NO_UNIT,
            (false, Some(piece)) if !may_order(map, order.power, piece.power) => {
                codes::NOT_YOUR_UNIT
            }
            (false, Some(_)) if rejected.kind == RejectKind::Duplicate => codes::DUPLICATE_ORDER,
            (false, Some(_)) => codes::ILLEGAL_ORDER,
        };
        let mut diag = Diagnostic::new(code, order.at, rejected.reason.clone());
        if let Some(at) = rejected.forbidden_by {
            diag = diag.with_secondary(at, "the map says so here");
        }
        res.push(diag);
    }
    for (idx, order) in orders.iter().enumerate() {
        if let (Some(written), Some(piece)) = (order.written_kind, unit_at(order))
            && order.command != Command::Build
            && (may_order(map, order.power, piece.power)
                || !rejected.iter().any(|it| it.order == idx))
            && written != piece.unit.kind
        {
            res.push(Diagnostic::new(
                codes::WRONG_UNIT_TYPE,
                order.at,
                format!(
                    "no {} in {}; there is {} ({}), and the order is read for it (DATC 4.C.2)",
                    kind_word(written),
                    map.prov(map.province_of(piece.unit.location)).abbr,
                    match piece.unit.kind {
                        UnitKind::Army => "an army",
                        UnitKind::Fleet => "a fleet",
                    },
                    map.unit_text(piece.unit)
                ),
            ));
        }
    }
    crate::diagnostics::sort(&mut res);
    res
}

/// `army` or `fleet`.
fn kind_word(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Army => "army",
        UnitKind::Fleet => "fleet",
    }
}

/// Half-point strengths as text: `2`, `1.5`.
pub(super) fn half(value: u32) -> Half {
    Half(value)
}

/// A strength in half points, shown as `2` or `1.5`.
pub(super) struct Half(u32);

impl core::fmt::Display for Half {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut buf = [0; 20];
        let (whole, frac) = self.parts(&mut buf);
        f.write_str(whole)?;
        f.write_str(frac)
    }
}

impl Half {
    /// The whole points, written into `buf`, and `.5` or nothing.
    fn parts<'b>(&self, buf: &'b mut [u8; 20]) -> (&'b str, &'static str) {
        let whole = crate::text::decimal(u64::from(self.0 / 2), buf);
        (whole, if self.0.is_multiple_of(2) { "" } else { ".5" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn reasons_write_strengths_in_whole_and_half_points() {
        assert_eq!(half(0).to_string(), "0");
        assert_eq!(half(3).to_string(), "1.5");
        assert_eq!(half(24).to_string(), "12");
        let name = crate::name::Name::from("A BUR");
        assert_eq!(
            said(&[&"lost to ", &name, &" (", &half(5), &" against ", &half(2), &")"]),
            "lost to A BUR (2.5 against 1)"
        );
    }
}
