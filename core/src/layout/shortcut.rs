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

use super::join::Join;

/// Without a shortcut its ends are at least this many steps apart. The
/// bundled variants' and the corpus's adjacencies are all nearer (at most
/// five steps: two in aberration).
pub(crate) const FAR: u32 = 6;

/// The most shortcuts, as a share of the edges: a graph with more edges
/// that far round (a ring, a long chain of provinces) is drawn as it is,
/// since those edges are its shape.
const MOST: f64 = 0.02;

/// The shortcuts among the edges of `neighbours` (each list sorted, both
/// ways), as pairs `(a, b)`, `a < b`, in order. An edge whose removal with
/// the others would cut the map apart (a bridge to an island) is kept.
pub(crate) fn shortcuts(neighbours: &[Vec<u32>]) -> Vec<(u32, u32)> {
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
            // Within FAR - 1 steps: a ball round `a` of half of them (the
            // larger half), then one round `b` that meets it.
            let from_a = FAR / 2;
            let from_b = FAR - 1 - from_a;
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
