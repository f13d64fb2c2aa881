//! Union-find over vertices `0..n`: which are joined (path halving; each
//! root the smallest vertex of its set).

use alloc::vec::Vec;

/// The sets of vertices joined so far.
pub(crate) struct Join(Vec<u32>);

impl Join {
    /// `n` vertices, each alone.
    pub(crate) fn new(n: usize) -> Join {
        Join((0..n as u32).collect())
    }

    /// The root of `x`'s set (its smallest vertex).
    pub(crate) fn find(&mut self, mut x: u32) -> u32 {
        while self.0[x as usize] != x {
            self.0[x as usize] = self.0[self.0[x as usize] as usize];
            x = self.0[x as usize];
        }
        x
    }

    /// Joins the sets of `a` and `b`; whether they were apart.
    pub(crate) fn union(&mut self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb) as usize] = ra.min(rb);
        }
        ra != rb
    }
}
