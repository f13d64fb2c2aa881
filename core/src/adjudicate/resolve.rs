//! Resolution: linking supports and convoys to the orders they name, then
//! Kruijswijk's guess algorithm with the backup rule (circular movement,
//! Szykman) and the strengths of DATC 5.B.

use crate::map::{PowerId, ProvinceId};
use alloc::vec::Vec;

use crate::adjudicate::{Ctx, Kind, Move, State};

impl Ctx<'_> {
    /// Matches supports and convoys to the orders they name; decides which
    /// adjacent moves go by convoy (4.A.3); builds the index tables.
    pub(super) fn link(&mut self) {
        let n = self.kinds.len();
        let (mut convoys, mut into, mut supports) = (Vec::new(), Vec::new(), Vec::new());
        // Convoys first: they decide whether adjacent moves go by convoy.
        for idx in 0..n {
            if let Kind::Convoy { army, to, .. } = self.kinds[idx].clone() {
                let matched = match &self.kinds[army] {
                    Kind::Move(mv) => mv.to_prov == to,
                    _ => false,
                };
                if matched {
                    convoys.push((army, idx));
                    // An own fleet convoying an adjacent move shows intent (2023 rule).
                    if self.piece(idx).power == self.piece(army).power
                        && let Kind::Move(mv) = &mut self.kinds[army]
                    {
                        mv.convoy = true;
                    }
                }
                if let Kind::Convoy { matched: m, .. } = &mut self.kinds[idx] {
                    *m = matched;
                }
            }
        }
        for idx in 0..n {
            match self.kinds[idx].clone() {
                Kind::Move(mv) => into.push((mv.to_prov.0 as usize, idx)),
                Kind::Support { target, dest, .. } => {
                    let matched = match (&self.kinds[target], dest) {
                        (Kind::Move(_), None) => false,
                        (_, None) => true,
                        (Kind::Move(mv), Some((prov, coast))) => {
                            mv.to_prov == prov && coast.is_none_or(|coast| coast == mv.to)
                        }
                        (_, Some(_)) => false,
                    };
                    if matched {
                        supports.push((target, idx));
                    }
                    if let Kind::Support { matched: m, .. } = &mut self.kinds[idx] {
                        *m = matched;
                    }
                }
                _ => (),
            }
        }
        self.convoys = super::Groups::new(n, &convoys);
        self.into = super::Groups::new(self.map.provinces.len(), &into);
        self.supports = super::Groups::new(n, &supports);
    }

    pub(super) fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => return self.resolution[nr],
            State::Guessing => {
                if !self.deps.contains(&nr) {
                    self.deps.push(nr);
                }
                self.guess_reads += 1;
                return self.resolution[nr];
            }
            State::Unresolved => (),
        }
        let old_len = self.deps.len();
        let reads = self.guess_reads;
        self.resolution[nr] = false;
        self.state[nr] = State::Guessing;
        let first = self.adjudicate(nr);
        if self.guess_reads == reads {
            // No guess was read: the result is final.
            if self.state[nr] != State::Resolved {
                self.resolution[nr] = first;
                self.state[nr] = State::Resolved;
            }
            return first;
        }
        if self.deps.len() == old_len || self.deps[old_len] != nr {
            // Depends on another order's guess: ours stays a guess too, and
            // whoever reads it depends on a guess.
            if !self.deps.contains(&nr) {
                self.deps.push(nr);
            }
            self.resolution[nr] = first;
            return first;
        }
        // Our own guess is in the cycle: try the other guess.
        for &dep in &self.deps[old_len..] {
            self.state[dep] = State::Unresolved;
        }
        self.deps.truncate(old_len);
        self.resolution[nr] = true;
        self.state[nr] = State::Guessing;
        let second = self.adjudicate(nr);
        if first == second {
            // One solution.
            for &dep in &self.deps[old_len..] {
                self.state[dep] = State::Unresolved;
            }
            self.deps.truncate(old_len);
            self.resolution[nr] = first;
            self.state[nr] = State::Resolved;
            return first;
        }
        // No or two solutions: the backup rule.
        self.backup_rule(old_len);
        self.resolve(nr)
    }

    /// Circular movement succeeds; in a convoy paradox the convoys fail (Szykman).
    pub(super) fn backup_rule(&mut self, old_len: usize) {
        let cycle: Vec<usize> = self.deps[old_len..].to_vec();
        self.deps.truncate(old_len);
        let convoys = cycle.iter().any(|&idx| matches!(self.kinds[idx], Kind::Convoy { .. }));
        for idx in cycle {
            match (&self.kinds[idx], convoys) {
                (Kind::Move(_), false) => {
                    self.resolution[idx] = true;
                    self.state[idx] = State::Resolved;
                }
                (Kind::Convoy { .. }, true) => {
                    self.resolution[idx] = false;
                    self.state[idx] = State::Resolved;
                }
                _ => self.state[idx] = State::Unresolved,
            }
        }
    }

    pub(super) fn adjudicate(&mut self, nr: usize) -> bool {
        match self.kinds[nr].clone() {
            Kind::Hold => !self.dislodged(nr),
            Kind::Move(mv) => self.move_succeeds(nr, &mv),
            Kind::Support { matched, dest, .. } => {
                matched && !self.support_cut(nr, dest.map(|it| it.0))
            }
            Kind::Convoy { matched, .. } => matched && !self.dislodged(nr),
        }
    }

    pub(super) fn dislodged(&mut self, nr: usize) -> bool {
        let province = self.prov_of(nr);
        for nth in 0..self.into[province.0 as usize].len() {
            let attacker = self.into[province.0 as usize][nth];
            if self.resolve(attacker) {
                return true;
            }
        }
        false
    }

    /// Whether a convoyed move has a route of successful convoys.
    pub(super) fn path(&mut self, nr: usize, mv: &Move) -> bool {
        if !mv.convoy {
            return true;
        }
        let from = self.prov_of(nr);
        let mut ok: Vec<ProvinceId> = Vec::new();
        for nth in 0..self.convoys[nr].len() {
            let fleet = self.convoys[nr][nth];
            if self.resolve(fleet) {
                ok.push(self.prov_of(fleet));
            }
        }
        // Breadth-first over the successful convoys.
        let mut seen = alloc::vec![false; ok.len()];
        let mut frontier: Vec<usize> = Vec::new();
        for (idx, &province) in ok.iter().enumerate() {
            if self.touches(from, province) {
                seen[idx] = true;
                frontier.push(idx);
            }
        }
        while let Some(idx) = frontier.pop() {
            if self.touches(ok[idx], mv.to_prov) {
                return true;
            }
            for next in 0..ok.len() {
                if !seen[next] && self.touches(ok[idx], ok[next]) {
                    seen[next] = true;
                    frontier.push(next);
                }
            }
        }
        false
    }

    pub(super) fn supports_count(&mut self, nr: usize, exclude: Option<PowerId>) -> u32 {
        let mut count = 0;
        for nth in 0..self.supports[nr].len() {
            let support = self.supports[nr][nth];
            if exclude == Some(self.piece(support).power) {
                continue;
            }
            if self.resolve(support) {
                count += 2;
            }
        }
        count
    }

    /// The move of the unit in `mv.to_prov` back into `nr`'s province, if it is a head-to-head battle.
    pub(super) fn head_to_head(&self, nr: usize, mv: &Move) -> Option<usize> {
        if mv.convoy {
            return None;
        }
        let other = self.unit_in(mv.to_prov)?;
        match &self.kinds[other] {
            Kind::Move(back) if !back.convoy && back.to_prov == self.prov_of(nr) => Some(other),
            _ => None,
        }
    }

    pub(super) fn attack(&mut self, nr: usize, mv: &Move) -> u32 {
        if !self.path(nr, mv) {
            return 0;
        }
        let defender = self.unit_in(mv.to_prov);
        let moves_away = match defender {
            None => true,
            Some(other) => match self.kinds[other].clone() {
                Kind::Move(_) if self.head_to_head(nr, mv) != Some(other) => self.resolve(other),
                _ => false,
            },
        };
        if moves_away {
            return mv.base + self.supports_count(nr, None);
        }
        let defender = defender.expect("a unit that does not move away exists");
        let defender_power = self.piece(defender).power;
        if defender_power == self.piece(nr).power {
            return 0;
        }
        mv.base + self.supports_count(nr, Some(defender_power))
    }

    pub(super) fn defend(&mut self, nr: usize, mv: &Move) -> u32 {
        mv.base + self.supports_count(nr, None)
    }

    pub(super) fn prevent(&mut self, nr: usize, mv: &Move) -> u32 {
        if !self.path(nr, mv) {
            return 0;
        }
        if let Some(other) = self.head_to_head(nr, mv)
            && self.resolve(other)
        {
            return 0;
        }
        mv.base + self.supports_count(nr, None)
    }

    pub(super) fn hold_strength(&mut self, province: ProvinceId) -> u32 {
        let Some(idx) = self.unit_in(province) else { return 0 };
        match &self.kinds[idx] {
            Kind::Move(_) => {
                if self.resolve(idx) {
                    0
                } else {
                    2
                }
            }
            _ => 2 + self.supports_count(idx, None),
        }
    }

    pub(super) fn move_succeeds(&mut self, nr: usize, mv: &Move) -> bool {
        let attack = self.attack(nr, mv);
        if attack == 0 && !self.path(nr, mv) {
            return false;
        }
        match self.head_to_head(nr, mv) {
            Some(other) => {
                let Kind::Move(back) = self.kinds[other].clone() else { return false };
                if attack <= self.defend(other, &back) {
                    return false;
                }
            }
            None => {
                if attack <= self.hold_strength(mv.to_prov) {
                    return false;
                }
            }
        }
        for nth in 0..self.into[mv.to_prov.0 as usize].len() {
            let rival = self.into[mv.to_prov.0 as usize][nth];
            if rival == nr {
                continue;
            }
            let Kind::Move(other) = self.kinds[rival].clone() else { continue };
            if attack <= self.prevent(rival, &other) {
                return false;
            }
        }
        true
    }

    /// Whether the support of `nr` is cut (DATC 5.B; `~`/`*` rules of §3.7).
    /// Whether a support is cut: an attack from another power with a path,
    /// not from the province the support is aimed at (4.A.4a), not across a
    /// cape, nor across a strait without support; or the supporter is
    /// dislodged. [`Ctx::cutter`] names the attacker for the explanation.
    pub(super) fn support_cut(&mut self, nr: usize, dest: Option<ProvinceId>) -> bool {
        self.cutter(nr, dest).is_some() || self.dislodged(nr)
    }
}
