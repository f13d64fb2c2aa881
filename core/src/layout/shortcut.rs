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

/// Without any loose edge its ends are at least this many steps apart (two
/// would make a triangle). Nearer than [`RATHER_FAR`], the graph tells a
/// designer's link across an ocean from a strait even less, and the
/// drawing is tried without them last, on the same terms: imperial with
/// Algiers joined to the Sargasso Sea (three steps, through Morocco and
/// the Canaries) crushed West Africa in the first shape (106 connectors,
/// 12 labels outside their regions), 35 without it.
pub(crate) const APART: u32 = 3;

/// The most shortcuts, as a share of the edges: a graph with more edges
/// that far round (a ring, a long chain of provinces) is drawn as it is,
/// since those edges are its shape.
const MOST: f64 = 0.02;

/// The *loose* edges of a graph: those on no triangle (two provinces with
/// no neighbour in common: a strait across a sea, or one added across the
/// map), each with how far apart its ends are without it, measured once for
/// the shortcuts of either reach and for [`nearly_planar`].
pub(crate) struct Loose {
    /// `(a, b)`, `a < b`, in order, and the steps between them without the
    /// edge: [`FAR`] for that many or more, [`RATHER_FAR`] for that many up
    /// to `FAR`, [`APART`] for fewer.
    edges: Vec<((u32, u32), u32)>,
    /// How many edges the graph has.
    total: usize,
}

impl Loose {
    /// The loose edges of `neighbours` (each list sorted, both ways).
    pub(crate) fn of(neighbours: &[Vec<u32>]) -> Loose {
        let n = neighbours.len();
        let mut balls = Balls { seen: vec![u32::MAX; n], frontier: Vec::new(), next: Vec::new() };
        let mut stamp = 0u32;
        // Whether the ends are `far` steps apart or more without the edge:
        // a ball round `a` of half of far - 1 steps (the larger half), then
        // one round `b` that does not meet it.
        let mut apart = |a: u32, b: u32, far: u32| {
            stamp += 2;
            let from_a = far / 2;
            balls.grow(neighbours, a, b, from_a, stamp - 1, |_| false);
            let mark = stamp - 1;
            !balls.grow(neighbours, b, a, far - 1 - from_a, stamp, |seen| seen == mark)
        };
        let mut edges = Vec::new();
        let mut total = 0;
        for a in 0..n as u32 {
            for &b in neighbours[a as usize].iter().filter(|&&b| a < b) {
                total += 1;
                if common(&neighbours[a as usize], &neighbours[b as usize]) > 0 {
                    continue;
                }
                let steps = if !apart(a, b, RATHER_FAR) {
                    APART
                } else if apart(a, b, FAR) {
                    FAR
                } else {
                    RATHER_FAR
                };
                edges.push(((a, b), steps));
            }
        }
        Loose { edges, total }
    }

    /// The edges whose ends are `far` ([`FAR`], [`RATHER_FAR`] or
    /// [`APART`]: every loose edge) steps apart or more without them
    /// (shortcuts with `FAR`), in order. An edge
    /// whose removal with the others would cut the map apart (a bridge to
    /// an island) is kept, and a graph with more than [`MOST`] such edges
    /// has none.
    pub(crate) fn shortcuts(&self, neighbours: &[Vec<u32>], far: u32) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> =
            self.edges.iter().filter(|it| it.1 >= far).map(|it| it.0).collect();
        if out.len() > (MOST * self.total as f64) as usize {
            return Vec::new();
        }
        // A shortcut that, left out with the others, would leave its ends
        // in pieces apart is kept (a bridge), so the shape stays one piece.
        let n = neighbours.len();
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

    /// Whether the edge `(a, b)`, `a < b`, is loose.
    fn holds(&self, edge: (u32, u32)) -> bool {
        self.edges.binary_search_by(|it| it.0.cmp(&edge)).is_ok()
    }
}

/// Whether the graph, not planar, is planar once its few `loose`
/// adjacencies are left out, at most [`MOST`] of them. Such a map is drawn
/// as a planar one is (the plain strategy, which tries the loose
/// adjacencies last, so they are the ones left to connectors): one
/// adjacency added from the Ruhr to the North Atlantic on modern, which is
/// planar, drew 18 connectors with the shape strategy, now 1.
pub(crate) fn nearly_planar(graph: &ProvinceGraph, loose: &Loose, n: usize) -> bool {
    let most = (MOST * graph.edges.len() as f64) as usize;
    let firm: Vec<(u32, u32)> =
        graph.edges.iter().map(|&(a, b)| (a.0, b.0)).filter(|&edge| !loose.holds(edge)).collect();
    let left_out = graph.edges.len() - firm.len();
    left_out > 0 && left_out <= most && super::planar::is_planar(n, &firm)
}

/// How many adjacencies the plain strategy leaves to connectors (the
/// maximal planar subgraph, edges on most triangles first), when the map
/// is planar but for adjacencies on one triangle or none; `None` when it
/// is not, or when that is more than [`MOST`] of them. One adjacency a
/// designer adds to a planar map across a province (round it) is on one
/// triangle, so [`nearly_planar`] does not see it; drawn by the shape
/// strategy it left 12 connectors on chromatic, 8 on aberration and 16 on
/// crowded (Paris to Spain, round Gascony), plain 1.
pub(crate) fn plain_left_out(graph: &ProvinceGraph, neighbours: &[Vec<u32>]) -> Option<usize> {
    let n = neighbours.len();
    let edges: Vec<(u32, u32)> = graph.edges.iter().map(|&(a, b)| (a.0, b.0)).collect();
    let triangles: Vec<usize> = edges
        .iter()
        .map(|&(a, b)| common(&neighbours[a as usize], &neighbours[b as usize]))
        .collect();
    let core: Vec<(u32, u32)> =
        edges.iter().zip(&triangles).filter(|it| *it.1 >= 2).map(|it| *it.0).collect();
    if !super::planar::is_planar(n, &core) {
        return None;
    }
    let mut order: Vec<usize> = (0..edges.len()).collect();
    crate::sorting::sort_by(&mut order, |&x, &y| triangles[y].cmp(&triangles[x]).then(x.cmp(&y)));
    let trial: Vec<(u32, u32)> = order.iter().map(|&i| edges[i]).collect();
    let kept = super::planar::maximal_planar_kept(n, &trial);
    let left_out = kept.iter().filter(|&&k| !k).count();
    (left_out <= (MOST * edges.len() as f64) as usize).then_some(left_out)
}

/// How many elements two sorted lists share (two provinces' neighbours:
/// the triangles their adjacency is on).
pub(crate) fn common(x: &[u32], y: &[u32]) -> usize {
    let (mut i, mut j, mut count) = (0, 0, 0);
    while i < x.len() && j < y.len() {
        match x[i].cmp(&y[j]) {
            core::cmp::Ordering::Less => i += 1,
            core::cmp::Ordering::Greater => j += 1,
            core::cmp::Ordering::Equal => {
                count += 1;
                i += 1;
                j += 1;
            }
        }
    }
    count
}

/// Breadth-first balls, their vertices stamped.
struct Balls {
    /// Per vertex: the stamp of the last ball that reached it.
    seen: Vec<u32>,
    frontier: Vec<u32>,
    next: Vec<u32>,
}

impl Balls {
    /// The ball of `radius` steps round `from`, not along the edge to
    /// `skip`, its vertices stamped `stamp`; true as soon as it meets a
    /// vertex whose stamp before `stop` accepts.
    fn grow(
        &mut self,
        neighbours: &[Vec<u32>],
        from: u32,
        skip: u32,
        radius: u32,
        stamp: u32,
        stop: impl Fn(u32) -> bool,
    ) -> bool {
        let visit = |seen: &mut Vec<u32>, v: u32| -> Option<bool> {
            let last = core::mem::replace(&mut seen[v as usize], stamp);
            if last == stamp {
                return None;
            }
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

    fn shortcuts(adj: &[Vec<u32>], far: u32) -> Vec<(u32, u32)> {
        Loose::of(adj).shortcuts(adj, far)
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
    fn every_loose_link_is_apart_and_only_those() {
        // Three steps along the first row: loose (no neighbour in common),
        // found only at `APART`; the grid's own edges are all on triangles.
        let mut adj = grid(10);
        assert!(shortcuts(&sorted(adj.clone()), APART).is_empty());
        adj[0].push(3);
        adj[3].push(0);
        let adj = sorted(adj);
        assert!(shortcuts(&adj, RATHER_FAR).is_empty());
        assert_eq!(shortcuts(&adj, APART), vec![(0, 3)]);
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
