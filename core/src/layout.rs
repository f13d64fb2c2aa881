//! Drawing a variant from its graph (issue 11): the province-level adjacency
//! graph every drawing starts from. Two provinces are adjacent when an army
//! or a fleet can move between them, from any of their locations (coasts
//! included); impassable (`SHUT`) provinces take no part. Edges are sorted,
//! each once, so the same map always gives the same graph.
//!
//! This is the first brick; the layout itself (planar embedding, contact
//! polygons, connectors for the edges no border can carry) builds on it.

use alloc::vec::Vec;

use crate::map::{LocationId, Map, ProvinceId, Terrain, UnitKind};

/// The province adjacency graph of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvinceGraph {
    /// The provinces drawn (every province but the impassable ones), in map order.
    pub provinces: Vec<ProvinceId>,
    /// Adjacent pairs `(a, b)` with `a < b`, sorted.
    pub edges: Vec<(ProvinceId, ProvinceId)>,
}

impl ProvinceGraph {
    /// The graph of `map`.
    pub fn of(map: &Map) -> ProvinceGraph {
        let passable = |province: ProvinceId| map.prov(province).terrain != Terrain::Shut;
        let provinces: Vec<ProvinceId> = (0..map.provinces.len())
            .map(|idx| ProvinceId(idx as u32))
            .filter(|&province| passable(province))
            .collect();
        let mut edges = Vec::new();
        for (idx, loc) in map.locations.iter().enumerate() {
            if !passable(loc.province) {
                continue;
            }
            for kind in [UnitKind::Army, UnitKind::Fleet] {
                for to in map.moves(kind, LocationId(idx as u32)) {
                    let other = map.province_of(to);
                    if other != loc.province && passable(other) {
                        edges.push((loc.province.min(other), loc.province.max(other)));
                    }
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        ProvinceGraph { provinces, edges }
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
