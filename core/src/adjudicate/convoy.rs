//! Convoy routes: which fleets can carry an army (water, ports, and coasts
//! under RULE COASTAL_CONVOY), whether some chain of them joins two
//! provinces, and whether a fleet is needed on such a route (4.E.1).

use crate::map::{ProvinceId, Reach, Terrain, UnitKind};
use crate::rules::Rule;
use alloc::vec::Vec;

use crate::adjudicate::Ctx;

impl Ctx<'_> {
    pub(super) fn convoyable(&self, province: ProvinceId) -> bool {
        match self.map.prov(province).terrain {
            Terrain::Water | Terrain::Port => true,
            Terrain::Coast => self.rules.has(Rule::CoastalConvoy),
            Terrain::Land | Terrain::Shut => false,
        }
    }

    /// Fleets' provinces that can carry an army (any power's fleets).
    pub(super) fn fleet_carrier(&self, province: ProvinceId) -> Option<usize> {
        let idx = self.unit_in(province)?;
        (self.piece(idx).unit.kind == UnitKind::Fleet && self.convoyable(province)).then_some(idx)
    }

    /// Convoy-graph adjacency: an army's origin or destination to a carrier, or carrier to carrier.
    pub(super) fn touches(&self, from: ProvinceId, to: ProvinceId) -> bool {
        let (Some(from_loc), Some(to_loc)) =
            (self.map.prov(from).location, self.map.prov(to).location)
        else {
            return false;
        };
        self.map.abuts(Some(UnitKind::Army), from_loc, Reach::Convoy, to_loc).is_some()
            || self.map.abuts(Some(UnitKind::Fleet), from_loc, Reach::Support, to_loc).is_some()
    }

    /// The provinces some chain of fleets (any power, any orders) could
    /// carry an army from `from` to, in province order.
    pub(super) fn convoy_reach(&self, from: ProvinceId) -> Vec<ProvinceId> {
        let n = self.map.provinces.len();
        let carriers: Vec<ProvinceId> = (0..n)
            .map(|it| ProvinceId(it as u32))
            .filter(|&it| self.fleet_carrier(it).is_some())
            .collect();
        let mut seen = alloc::vec![false; n];
        let mut queue: Vec<ProvinceId> = Vec::new();
        for &carrier in &carriers {
            if self.touches(from, carrier) {
                seen[carrier.0 as usize] = true;
                queue.push(carrier);
            }
        }
        let mut reached = Vec::new();
        while let Some(here) = queue.pop() {
            reached.push(here);
            for &next in &carriers {
                if !seen[next.0 as usize] && self.touches(here, next) {
                    seen[next.0 as usize] = true;
                    queue.push(next);
                }
            }
        }
        let mut out: Vec<ProvinceId> = (0..n)
            .map(|it| ProvinceId(it as u32))
            .filter(|&to| !seen[to.0 as usize] && reached.iter().any(|&c| self.touches(c, to)))
            .collect();
        crate::sorting::sort(&mut out);
        out
    }

    /// Some chain of fleets (any power, any orders) could carry an army from `from` to `to`.
    pub(super) fn route_possible(&self, from: ProvinceId, to: ProvinceId) -> bool {
        self.route_possible_without(from, to, None)
    }

    /// [`Self::route_possible`] with the fleet in `skip` left out (a fleet
    /// that supports cannot also convoy: DATC 6.D.31).
    pub(super) fn route_possible_without(
        &self,
        from: ProvinceId,
        to: ProvinceId,
        skip: Option<ProvinceId>,
    ) -> bool {
        let n = self.map.provinces.len();
        let mut seen = alloc::vec![false; n];
        if let Some(skip) = skip {
            seen[skip.0 as usize] = true;
        }
        let mut queue: Vec<ProvinceId> = Vec::new();
        for province in 0..n {
            let province = ProvinceId(province as u32);
            if !seen[province.0 as usize]
                && self.fleet_carrier(province).is_some()
                && self.touches(from, province)
            {
                seen[province.0 as usize] = true;
                queue.push(province);
            }
        }
        while let Some(here) = queue.pop() {
            if self.touches(here, to) {
                return true;
            }
            for next in 0..n {
                let next = ProvinceId(next as u32);
                if !seen[next.0 as usize]
                    && self.fleet_carrier(next).is_some()
                    && self.touches(here, next)
                {
                    seen[next.0 as usize] = true;
                    queue.push(next);
                }
            }
        }
        false
    }

    /// Whether the fleet in `fleet` lies on a route from `from` to `to` that
    /// needs every fleet on it (an induced path: no fleet can be skipped).
    pub(super) fn needed(&self, fleet: ProvinceId, from: ProvinceId, to: ProvinceId) -> bool {
        let carriers: Vec<ProvinceId> = (0..self.map.provinces.len())
            .map(|it| ProvinceId(it as u32))
            .filter(|&it| self.fleet_carrier(it).is_some())
            .collect();
        let mut path: Vec<ProvinceId> = Vec::new();
        let mut budget = 20_000usize;
        self.needed_dfs(&carriers, fleet, from, to, &mut path, &mut budget)
    }

    pub(super) fn needed_dfs(
        &self,
        carriers: &[ProvinceId],
        fleet: ProvinceId,
        from: ProvinceId,
        to: ProvinceId,
        path: &mut Vec<ProvinceId>,
        budget: &mut usize,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let last = path.last().copied().unwrap_or(from);
        if !path.is_empty() && self.touches(last, to) {
            return path.contains(&fleet);
        }
        for &next in carriers {
            if path.contains(&next) || !self.touches(last, next) {
                continue;
            }
            // Induced: the new fleet touches no earlier step but its predecessor,
            // and nothing before the last step touches the destination.
            let shortcut = (!path.is_empty() && self.touches(from, next))
                || path
                    .iter()
                    .take(path.len().saturating_sub(1))
                    .any(|&earlier| self.touches(earlier, next));
            if shortcut {
                continue;
            }
            path.push(next);
            let found = self.needed_dfs(carriers, fleet, from, to, path, budget);
            path.pop();
            if found {
                return true;
            }
        }
        false
    }
}
