//! The province-level adjacency graph every drawing starts from. Two
//! provinces are adjacent when an army or a fleet can move between them,
//! from any of their locations (coasts included); impassable (`SHUT`)
//! provinces take no part. Edges are sorted, each once, so the same map
//! always gives the same graph.

use alloc::vec::Vec;

use crate::map::{LocationId, Map, ProvinceId, Reach, Terrain, UnitKind};

/// The province adjacency graph of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvinceGraph {
    /// The provinces drawn (every province but the impassable ones), in map order.
    pub provinces: Vec<ProvinceId>,
    /// Adjacent pairs `(a, b)` with `a < b`, sorted.
    pub edges: Vec<(ProvinceId, ProvinceId)>,
    /// Who may cross each edge (parallel to `edges`).
    pub crossings: Vec<Crossing>,
    /// Pairs `(a, b)`, `a < b`, sorted, where one side is impassable and the
    /// ABUTS lists name the other: not adjacencies, but where the impassable
    /// space sits (Switzerland between Burgundy, Munich, Tyrolia, Piedmont
    /// and Marseilles).
    pub walls: Vec<(ProvinceId, ProvinceId)>,
}

/// Which units may cross a border between two provinces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub enum Crossing {
    /// Armies and fleets.
    Both,
    /// Armies only.
    Army,
    /// Fleets only.
    Fleet,
    /// Nobody: the provinces touch but are not adjacent.
    Barrier,
}

impl Crossing {
    /// `both`, `army`, `fleet` or `barrier`.
    pub fn as_str(self) -> &'static str {
        match self {
            Crossing::Both => "both",
            Crossing::Army => "army",
            Crossing::Fleet => "fleet",
            Crossing::Barrier => "barrier",
        }
    }
}

impl ProvinceGraph {
    /// The graph of `map`.
    pub fn of(map: &Map) -> ProvinceGraph {
        let passable = |province: ProvinceId| map.prov(province).terrain != Terrain::Shut;
        let provinces: Vec<ProvinceId> = (0..map.provinces.len())
            .map(|idx| ProvinceId(idx as u32))
            .filter(|&province| passable(province))
            .collect();
        // (a, b, army?) for every move, then merged per pair.
        let mut moves = Vec::new();
        let mut walls = Vec::new();
        for (idx, loc) in map.locations.iter().enumerate() {
            if !passable(loc.province) {
                for abut in &loc.abuts {
                    if let Some(other) = abut.province.or(abut.target.map(|t| map.province_of(t)))
                        && other != loc.province
                    {
                        walls.push((loc.province.min(other), loc.province.max(other)));
                    }
                }
                continue;
            }
            // `Map::moves` of both kinds, without a list for each location
            // (a pair met twice is merged below anyway).
            for abut in &loc.abuts {
                let main = abut.province.and_then(|province| map.prov(province).location);
                for to in abut.target.into_iter().chain(main) {
                    let other = map.province_of(to);
                    if other == loc.province || !passable(other) {
                        continue;
                    }
                    let pair = (loc.province.min(other), loc.province.max(other));
                    for kind in [UnitKind::Army, UnitKind::Fleet] {
                        if map.abuts(Some(kind), LocationId(idx as u32), Reach::Move, to).is_some()
                        {
                            moves.push((pair, kind == UnitKind::Army));
                        }
                    }
                }
            }
            for abut in &loc.abuts {
                if let Some(other) = abut.province.or(abut.target.map(|t| map.province_of(t)))
                    && !passable(other)
                {
                    walls.push((loc.province.min(other), loc.province.max(other)));
                }
            }
        }
        // Sorted by (pair, army), as one sort of `u32` pairs: the flag is
        // the second's lowest bit (a province's index is far below 2^31).
        let mut keyed: Vec<(u32, u32)> = moves
            .iter()
            .map(|&((a, b), army): &((ProvinceId, ProvinceId), bool)| {
                (a.0, (b.0 << 1) | u32::from(army))
            })
            .collect();
        crate::sorting::sort_pairs(&mut keyed);
        let moves = keyed.iter().map(|&(a, b)| ((ProvinceId(a), ProvinceId(b >> 1)), b & 1 == 1));
        let mut edges: Vec<(ProvinceId, ProvinceId)> = Vec::new();
        let mut crossings = Vec::new();
        for (pair, army) in moves {
            let this = if army { Crossing::Army } else { Crossing::Fleet };
            if edges.last() == Some(&pair) {
                let last = crossings.len() - 1;
                if crossings[last] != this {
                    crossings[last] = Crossing::Both;
                }
            } else {
                edges.push(pair);
                crossings.push(this);
            }
        }
        let mut keyed: Vec<(u32, u32)> =
            walls.iter().map(|&(a, b): &(ProvinceId, ProvinceId)| (a.0, b.0)).collect();
        crate::sorting::sort_pairs(&mut keyed);
        keyed.dedup();
        let walls: Vec<(ProvinceId, ProvinceId)> =
            keyed.into_iter().map(|(a, b)| (ProvinceId(a), ProvinceId(b))).collect();
        ProvinceGraph { provinces, edges, crossings, walls }
    }

    /// Whether `a` and `b` have the same graph for sure, seen in place
    /// (nothing built: the page asks on every change of the map, and the
    /// graph of 26,000 provinces took 50 ms to build there): the same
    /// provinces' terrain, main location and coasts, the same locations'
    /// province, terrain, case and coast, and the same ABUTS entries, in
    /// order. `false` may still be the same graph (a list reordered), but
    /// `true` never hides a change: these are all [`ProvinceGraph::of`]
    /// reads.
    #[cfg_attr(judgepad_size, optimize(size))]
    pub fn same(a: &Map, b: &Map) -> bool {
        a.provinces.len() == b.provinces.len()
            && a.locations.len() == b.locations.len()
            && a.provinces.iter().zip(&b.provinces).all(|(p, q)| {
                p.terrain == q.terrain && p.location == q.location && p.coasts == q.coasts
            })
            && a.locations.iter().zip(&b.locations).all(|(l, m)| {
                l.province == m.province
                    && l.terrain == m.terrain
                    && l.upper == m.upper
                    && l.coast.is_some() == m.coast.is_some()
                    && l.abuts.len() == m.abuts.len()
                    && l.abuts.iter().zip(&m.abuts).all(|(x, y)| {
                        x.target == y.target
                            && x.province == y.province
                            && x.no_fleet == y.no_fleet
                            && x.no_army == y.no_army
                    })
            })
    }

    /// Whether the graph can be drawn in the plane with no crossing
    /// (the left-right planarity test).
    pub fn is_planar(&self) -> bool {
        let n = self.provinces.iter().map(|p| p.0 as usize + 1).max().unwrap_or(0);
        let edges: Vec<(u32, u32)> = self.edges.iter().map(|&(a, b)| (a.0, b.0)).collect();
        super::planar::is_planar(n, &edges)
    }

    /// The provinces adjacent to `province`, in order.
    pub fn neighbours(&self, province: ProvinceId) -> impl Iterator<Item = ProvinceId> + '_ {
        self.edges.iter().filter_map(move |&(a, b)| {
            if a == province {
                Some(b)
            } else if b == province {
                Some(a)
            } else {
                None
            }
        })
    }
}
