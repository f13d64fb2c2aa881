//! *Shortcuts*: the few adjacencies that join provinces the rest of the
//! map holds far apart (a sea of the Indian Ocean made adjacent to Port
//! Arthur, a canal across a continent, a typo). A map's adjacencies lie
//! on short cycles (three provinces meet at a corner), so without one of
//! them its two ends are still two or three steps apart; a shortcut's are
//! [`FAR`] steps or more. Left in the first shape, one shortcut pulls its
//! two ends together and folds the picture of everything between them (a
//! single added adjacency on imperial turned 34 connectors into 121); left
//! out, it is long in the shape, so the drawing leaves it to a connector
//! like any strait the shape cannot hold.

use alloc::vec;
use alloc::vec::Vec;

use super::graph::ProvinceGraph;
use super::join::Join;

/// Without a shortcut its ends are at least this many steps apart. The
/// bundled variants' and the corpus's adjacencies are all nearer (at most
/// five steps: two in aberration, round the Caspian).
pub(crate) const FAR: u32 = 6;

/// Without an adjacency *rather far* its ends are at least this many steps
/// apart: a link across a sea or a hole (aberration's two round the
/// Caspian, five steps), or one a designer added across the map (the
/// Sargasso Sea to the Baltic on imperial, four steps). The graph cannot
/// tell them apart, so the drawing is made both with such links in the
/// first shape and without them, and the one without kept only if it has
/// fewer connectors (`layout_near`): sengoku with one such link added drew
/// 28 connectors instead of its 3, and 4 without it in the shape, while
/// aberration keeps its own drawing (left out, they made Turkestan a
/// sliver).
pub(crate) const RATHER_FAR: u32 = 4;

/// The most shortcuts, as a share of the edges: a graph with more edges
/// that far round (a ring, a long chain of provinces) is drawn as it is,
/// since those edges are its shape.
const MOST: f64 = 0.02;

/// The edges of `neighbours` (each list sorted, both ways) whose ends are
/// `far` steps apart or more without them (shortcuts with [`FAR`]), as
/// pairs `(a, b)`, `a < b`, in order. An edge whose removal with the
/// others would cut the map apart (a bridge to an island) is kept, and a
/// graph with more than [`MOST`] such edges has none.
pub(crate) fn shortcuts(neighbours: &[Vec<u32>], far: u32) -> Vec<(u32, u32)> {
    let n = neighbours.len();
    let edges: usize = neighbours.iter().map(Vec::len).sum::<usize>() / 2;
    let most = (MOST * edges as f64) as usize;
    if most == 0 {
        return Vec::new();
    }
    let mut balls = Balls { seen: vec![(u32::MAX, 0); n], frontier: Vec::new(), next: Vec::new() };
    let mut out = Vec::new();
    let mut stamp = 0u32;
    for a in 0..n as u32 {
        for &b in neighbours[a as usize].iter().filter(|&&b| a < b) {
            // Most edges close a triangle: a common neighbour.
            if shares_neighbour(&neighbours[a as usize], &neighbours[b as usize]) {
                continue;
            }
            stamp += 1;
            // Within far - 1 steps: a ball round `a` of half of them (the
            // larger half), then one round `b` that meets it.
            let from_a = far / 2;
            let from_b = far - 1 - from_a;
            balls.grow(neighbours, a, b, from_a, stamp, |_| false);
            let mark = stamp;
            stamp += 1;
            if !balls.grow(neighbours, b, a, from_b, stamp, |seen| seen == mark) {
                out.push((a, b));
                if out.len() > most {
                    return Vec::new();
                }
            }
        }
    }
    // A shortcut that, left out with the others, would leave its ends in
    // pieces apart is kept (a bridge), so the shape stays one piece.
    let mut without = Join::new(n);
    for a in 0..n as u32 {
        for &b in neighbours[a as usize].iter().filter(|&&b| a < b) {
            if out.binary_search(&(a, b)).is_err() {
                without.union(a, b);
            }
        }
    }
    out.retain(|&(a, b)| {
        let apart = without.find(a) != without.find(b);
        if apart {
            without.union(a, b);
        }
        !apart
    });
    out
}

/// Whether the graph, not planar, is planar once its few *loose*
/// adjacencies are left out: those on no triangle (two provinces with no
/// neighbour in common in `neighbours`, each list sorted: a strait across
/// a sea, or one added across the map), at most [`MOST`] of them. Such a
/// map is drawn as a planar one is (the plain strategy, which tries the
/// loose adjacencies last, so they are the ones left to connectors): one
/// adjacency added from the Ruhr to the North Atlantic on modern, which
/// is planar, drew 18 connectors with the shape strategy, now 1.
pub(crate) fn nearly_planar(graph: &ProvinceGraph, neighbours: &[Vec<u32>]) -> bool {
    let most = (MOST * graph.edges.len() as f64) as usize;
    let mut loose = 0;
    let mut firm: Vec<(u32, u32)> = Vec::with_capacity(graph.edges.len());
    for &(a, b) in &graph.edges {
        if shares_neighbour(&neighbours[a.0 as usize], &neighbours[b.0 as usize]) {
            firm.push((a.0, b.0));
        } else {
            loose += 1;
            if loose > most {
                return false;
            }
        }
    }
    loose > 0 && super::planar::is_planar(neighbours.len(), &firm)
}

/// Whether two sorted lists share an element.
fn shares_neighbour(x: &[u32], y: &[u32]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        match x[i].cmp(&y[j]) {
            core::cmp::Ordering::Less => i += 1,
            core::cmp::Ordering::Greater => j += 1,
            core::cmp::Ordering::Equal => return true,
        }
    }
    false
}

/// Breadth-first balls, their vertices stamped.
struct Balls {
    /// Per vertex: the stamp of the last ball that reached it, and that
    /// ball's own stamp before (the mark `stop` reads).
    seen: Vec<(u32, u32)>,
    frontier: Vec<u32>,
    next: Vec<u32>,
}

impl Balls {
    /// The ball of `radius` steps round `from`, not along the edge to
    /// `skip`, its vertices stamped `stamp`; true as soon as it meets a
    /// vertex whose previous stamp `stop` accepts.
    fn grow(
        &mut self,
        neighbours: &[Vec<u32>],
        from: u32,
        skip: u32,
        radius: u32,
        stamp: u32,
        stop: impl Fn(u32) -> bool,
    ) -> bool {
        let visit = |seen: &mut Vec<(u32, u32)>, v: u32| -> Option<bool> {
            let (last, _) = seen[v as usize];
            if last == stamp {
                return None;
            }
            seen[v as usize] = (stamp, last);
            Some(stop(last))
        };
        if visit(&mut self.seen, from) == Some(true) {
            return true;
        }
        self.frontier.clear();
        self.frontier.push(from);
        for _ in 0..radius {
            self.next.clear();
            for &v in &self.frontier {
                for &w in &neighbours[v as usize] {
                    if v == from && w == skip {
                        continue;
                    }
                    match visit(&mut self.seen, w) {
                        Some(true) => return true,
                        Some(false) => self.next.push(w),
                        None => {}
                    }
                }
            }
            core::mem::swap(&mut self.frontier, &mut self.next);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A triangulated grid of `side` × `side` provinces, each list sorted.
    fn grid(side: u32) -> Vec<Vec<u32>> {
        let mut adj = vec![Vec::new(); (side * side) as usize];
        let mut link = |a: u32, b: u32| {
            adj[a as usize].push(b);
            adj[b as usize].push(a);
        };
        for y in 0..side {
            for x in 0..side {
                let v = y * side + x;
                if x + 1 < side {
                    link(v, v + 1);
                }
                if y + 1 < side {
                    link(v, v + side);
                    if x + 1 < side {
                        link(v, v + side + 1);
                    }
                }
            }
        }
        adj
    }

    fn sorted(mut adj: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
        adj.iter_mut().for_each(|l| l.sort_unstable());
        adj
    }

    #[test]
    fn a_link_across_the_map_is_a_shortcut_and_nothing_else_is() {
        let mut adj = grid(10);
        assert!(shortcuts(&sorted(adj.clone()), FAR).is_empty());
        // Corner to corner: 9 steps without it.
        adj[0].push(99);
        adj[99].push(0);
        let adj = sorted(adj);
        assert_eq!(shortcuts(&adj, FAR), vec![(0, 99)]);
        assert_eq!(shortcuts(&adj, RATHER_FAR), vec![(0, 99)]);
    }

    #[test]
    fn a_link_rather_far_is_found_only_as_such() {
        // Four steps apart without it: along the first row of the grid
        // (its diagonals run down and to the right, no shorter way).
        let mut adj = grid(10);
        adj[0].push(4);
        adj[4].push(0);
        let adj = sorted(adj);
        assert!(shortcuts(&adj, FAR).is_empty());
        assert_eq!(shortcuts(&adj, RATHER_FAR), vec![(0, 4)]);
    }

    #[test]
    fn a_ring_has_none_and_a_bridge_is_kept() {
        // A ring: every edge's ends are far apart without it; those edges
        // are its shape.
        let n = 400u32;
        let ring: Vec<Vec<u32>> = (0..n)
            .map(|v| {
                let mut l = vec![(v + n - 1) % n, (v + 1) % n];
                l.sort_unstable();
                l
            })
            .collect();
        assert!(shortcuts(&ring, FAR).is_empty());
        // A grid with an island of two provinces joined to it by one
        // bridge (no other way in: kept, not a shortcut), and one link
        // across the grid.
        let mut adj = grid(10);
        adj.push(vec![0, 101]); // 100, joined to the corner 0
        adj.push(vec![100]); // 101
        adj[0].push(100);
        adj[9].push(90);
        adj[90].push(9);
        let adj = sorted(adj);
        assert_eq!(shortcuts(&adj, FAR), vec![(9, 90)]);
    }
}
