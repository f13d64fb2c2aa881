//! Planarity: the left-right test (de Fraysseix–Rosenstiehl, in Brandes'
//! 2009 description) with its embedding phase, and a maximal planar subgraph
//! grown from it. Iterative throughout (no recursion), so a long chain of
//! provinces cannot overflow the stack in wasm.
//!
//! A rotation system lists, for each vertex, its neighbours in one cyclic
//! (clockwise) order; faces are read from it by [`faces`].

#![allow(clippy::needless_range_loop)] // index loops read best in the numeric code

use alloc::vec;
use alloc::vec::Vec;

const NONE: u32 = u32::MAX;

/// For each vertex, its neighbours in cyclic order.
pub(crate) type Rotation = Vec<Vec<u32>>;

/// An interval of return edges on one side (`NONE` ends: empty).
#[derive(Clone, Copy)]
struct Interval {
    low: u32,
    high: u32,
}

impl Interval {
    const EMPTY: Interval = Interval { low: NONE, high: NONE };

    fn empty(&self) -> bool {
        self.low == NONE && self.high == NONE
    }
}

#[derive(Clone, Copy)]
struct Pair {
    left: Interval,
    right: Interval,
}

impl Pair {
    const EMPTY: Pair = Pair { left: Interval::EMPTY, right: Interval::EMPTY };

    fn swap(&mut self) {
        core::mem::swap(&mut self.left, &mut self.right);
    }
}

/// The left-right test's buffers, kept between tests so that a search of
/// many tests allocates once. Each test writes every entry it reads.
#[derive(Default)]
pub(crate) struct Work {
    /// Adjacency in one buffer: `start[v]..start[v + 1]` of `adj` holds
    /// `v`'s (neighbour, edge) pairs.
    start: Vec<u32>,
    adj: Vec<(u32, u32)>,
    /// Fill cursors (by vertex), then the DFS's next position per vertex.
    ind: Vec<u32>,
    height: Vec<u32>,
    parent: Vec<u32>,
    src: Vec<u32>,
    dst: Vec<u32>,
    oriented: Vec<bool>,
    oriented_order: Vec<u32>,
    lowpt: Vec<u32>,
    lowpt2: Vec<u32>,
    nesting: Vec<i32>,
    reference: Vec<u32>,
    side: Vec<i8>,
    stack: Vec<Pair>,
    bottom: Vec<u32>,
    lowpt_edge: Vec<u32>,
    roots: Vec<u32>,
    /// Oriented edges by source, each vertex's by nesting depth.
    ord_start: Vec<u32>,
    ordered: Vec<u32>,
    dfs: Vec<u32>,
    resumed: Vec<bool>,
    /// [`Work::sign`]'s trail: `NONE` everywhere between calls.
    old: Vec<u32>,
}

fn refill<T: Copy>(v: &mut Vec<T>, len: usize, value: T) {
    v.clear();
    v.resize(len, value);
}

/// At least `len` long; what is there is left as it is, for an array the
/// test writes before it reads (a fill would be a memset per test).
fn grow<T: Copy>(v: &mut Vec<T>, len: usize, value: T) {
    if v.len() < len {
        v.resize(len, value);
    }
}

/// Buckets the items `item(0..len)`, each a (key, item), by key, stably,
/// into one buffer: `out`'s `start[k]..start[k + 1]` holds the items of
/// key `k` in index order.
fn bucket<T: Copy + Default>(
    keys: usize,
    len: usize,
    item: impl Fn(usize) -> (usize, T),
    start: &mut Vec<u32>,
    cursor: &mut Vec<u32>,
    out: &mut Vec<T>,
) {
    refill(start, keys + 1, 0);
    for i in 0..len {
        start[item(i).0 + 1] += 1;
    }
    for k in 0..keys {
        start[k + 1] += start[k];
    }
    cursor.clear();
    cursor.extend_from_slice(&start[..keys]);
    // Every slot is written below.
    grow(out, len, T::default());
    for i in 0..len {
        let (key, it) = item(i);
        out[cursor[key] as usize] = it;
        cursor[key] += 1;
    }
}

/// The testing phase's arrays, borrowed apart from [`Work`].
struct Lr<'a> {
    lowpt: &'a [u32],
    dst: &'a [u32],
    src: &'a [u32],
    height: &'a [u32],
    reference: &'a mut [u32],
    side: &'a mut [i8],
    bottom: &'a mut [u32],
    lowpt_edge: &'a mut [u32],
    stack: &'a mut Vec<Pair>,
}

impl Lr<'_> {
    fn lowpt_of(&self, e: u32) -> u32 {
        if e == NONE { 0 } else { self.lowpt[e as usize] }
    }

    fn conflicting(&self, interval: &Interval, b: u32) -> bool {
        !interval.empty() && self.lowpt_of(interval.high) > self.lowpt[b as usize]
    }

    fn set_ref(&mut self, e: u32, to: u32) {
        if e != NONE {
            self.reference[e as usize] = to;
        }
    }

    fn add_constraints(&mut self, ei: u32, e: u32) -> bool {
        let mut p = Pair::EMPTY;
        loop {
            let Some(mut q) = self.stack.pop() else {
                return false;
            };
            if !q.left.empty() {
                q.swap();
            }
            if !q.left.empty() {
                return false;
            }
            if self.lowpt_of(q.right.low) > self.lowpt[e as usize] {
                if p.right.empty() {
                    p.right = q.right;
                } else {
                    self.set_ref(p.right.low, q.right.high);
                }
                p.right.low = q.right.low;
            } else {
                let to = self.lowpt_edge[e as usize];
                self.set_ref(q.right.low, to);
            }
            if self.stack.len() == self.bottom[ei as usize] as usize {
                break;
            }
        }
        while let Some(top) = self.stack.last() {
            if !(self.conflicting(&top.left, ei) || self.conflicting(&top.right, ei)) {
                break;
            }
            let mut q = self.stack.pop().unwrap_or(Pair::EMPTY);
            if self.conflicting(&q.right, ei) {
                q.swap();
            }
            if self.conflicting(&q.right, ei) {
                return false;
            }
            self.set_ref(p.right.low, q.right.high);
            if q.right.low != NONE {
                p.right.low = q.right.low;
            }
            if p.left.empty() {
                p.left = q.left;
            } else {
                self.set_ref(p.left.low, q.left.high);
            }
            p.left.low = q.left.low;
        }
        if !(p.left.empty() && p.right.empty()) {
            self.stack.push(p);
        }
        true
    }

    fn lowest(&self, p: &Pair) -> u32 {
        if p.left.empty() {
            return self.lowpt_of(p.right.low);
        }
        if p.right.empty() {
            return self.lowpt_of(p.left.low);
        }
        self.lowpt_of(p.left.low).min(self.lowpt_of(p.right.low))
    }

    fn remove_back_edges(&mut self, e: u32) {
        let u = self.src[e as usize];
        let hu = self.height[u as usize];
        while let Some(top) = self.stack.last() {
            if self.lowest(top) != hu {
                break;
            }
            let p = self.stack.pop().unwrap_or(Pair::EMPTY);
            if p.left.low != NONE {
                self.side[p.left.low as usize] = -1;
            }
        }
        if let Some(mut p) = self.stack.pop() {
            p.left = self.trim(p.left, p.right.low, u);
            p.right = self.trim(p.right, p.left.low, u);
            self.stack.push(p);
        }
        if self.lowpt[e as usize] < hu
            && let Some(top) = self.stack.last()
        {
            let (hl, hr) = (top.left.high, top.right.high);
            let pick = if hl != NONE
                && (hr == NONE || self.lowpt[hl as usize] > self.lowpt[hr as usize])
            {
                hl
            } else {
                hr
            };
            self.reference[e as usize] = pick;
        }
    }

    /// Drops the return edges to `u` from the top of `interval`; an interval
    /// emptied so refers to `other_low` and takes the other side.
    fn trim(&mut self, mut interval: Interval, other_low: u32, u: u32) -> Interval {
        while interval.high != NONE {
            if self.dst[interval.high as usize] != u {
                break;
            }
            interval.high = self.reference[interval.high as usize];
        }
        if interval.high == NONE && interval.low != NONE {
            self.reference[interval.low as usize] = other_low;
            self.side[interval.low as usize] = -1;
            interval.low = NONE;
        }
        interval
    }
}

/// A planar embedding of the simple graph (`n` vertices, `edges` without
/// loops or duplicates), or `None` when it is not planar.
pub(crate) fn embed(n: usize, edges: &[(u32, u32)]) -> Option<Rotation> {
    Work::default().embed(n, edges)
}

/// Whether the simple graph is planar (the test without the embedding).
pub(crate) fn is_planar(n: usize, edges: &[(u32, u32)]) -> bool {
    Work::default().is_planar(n, edges)
}

impl Work {
    /// [`embed`], in these buffers.
    pub(crate) fn embed(&mut self, n: usize, edges: &[(u32, u32)]) -> Option<Rotation> {
        if !self.test(n, edges) {
            return None;
        }
        Some(self.embedding(n, edges.len()))
    }

    /// [`is_planar`], in these buffers.
    pub(crate) fn is_planar(&mut self, n: usize, edges: &[(u32, u32)]) -> bool {
        self.test(n, edges)
    }

    /// The orientation and testing phases; true when planar.
    fn test(&mut self, n: usize, edges: &[(u32, u32)]) -> bool {
        if n > 2 && edges.len() > 3 * n - 6 {
            return false;
        }
        let m = edges.len();
        self.adjacency(n, edges);
        refill(&mut self.height, n, NONE);
        refill(&mut self.parent, n, NONE);
        // Every edge is oriented once, and these are written as it is
        // (`reference` and `side` too, to their first values) or, in the
        // testing phase, before they are read: only `oriented` is filled.
        refill(&mut self.oriented, m, false);
        for v in [
            &mut self.src,
            &mut self.dst,
            &mut self.lowpt,
            &mut self.lowpt2,
            &mut self.reference,
            &mut self.bottom,
            &mut self.lowpt_edge,
        ] {
            grow(v, m, NONE);
        }
        grow(&mut self.nesting, m, 0);
        grow(&mut self.side, m, 1);
        self.oriented_order.clear();
        self.stack.clear();
        self.roots.clear();
        self.ind.clear();
        self.ind.extend_from_slice(&self.start[..n]);
        for root in 0..n {
            if self.height[root] == NONE {
                self.height[root] = 0;
                self.roots.push(root as u32);
                self.orient(root as u32);
            }
        }
        self.order_by_nesting(n);
        let roots = core::mem::take(&mut self.roots);
        let mut planar = true;
        for &root in &roots {
            if !self.test_from(root, n) {
                planar = false;
                break;
            }
        }
        self.roots = roots;
        planar
    }

    /// `start` and `adj`: each edge from both ends, each vertex's in input
    /// order (as [`bucket`] would have them, in one pass over the edges).
    fn adjacency(&mut self, n: usize, edges: &[(u32, u32)]) {
        refill(&mut self.start, n + 1, 0);
        for &(a, b) in edges {
            self.start[a as usize + 1] += 1;
            self.start[b as usize + 1] += 1;
        }
        for v in 0..n {
            self.start[v + 1] += self.start[v];
        }
        self.ind.clear();
        self.ind.extend_from_slice(&self.start[..n]);
        // Every slot is written below.
        grow(&mut self.adj, 2 * edges.len(), (0, 0));
        for (e, &(a, b)) in edges.iter().enumerate() {
            let at = &mut self.ind[a as usize];
            self.adj[*at as usize] = (b, e as u32);
            *at += 1;
            let at = &mut self.ind[b as usize];
            self.adj[*at as usize] = (a, e as u32);
            *at += 1;
        }
    }

    /// `ordered`: the oriented edges bucketed by source (in orientation
    /// order), then each vertex's sorted by nesting depth.
    fn order_by_nesting(&mut self, n: usize) {
        let (src, order) = (&self.src, &self.oriented_order);
        let by_source = |i: usize| (src[order[i] as usize] as usize, order[i]);
        bucket(n, order.len(), by_source, &mut self.ord_start, &mut self.ind, &mut self.ordered);
        self.sort_each(n);
    }

    /// Sorts each vertex's out-edges by nesting depth, stably: an insertion
    /// sort written out for the short lists (most vertices have a handful
    /// of edges, and this runs once per vertex per planarity test), the
    /// standard stable sort for a long one (a hub), not `crate::sorting`.
    fn sort_each(&mut self, n: usize) {
        const SHORT: usize = 24;
        let nesting = &self.nesting[..];
        for v in 0..n {
            let (a, b) = (self.ord_start[v] as usize, self.ord_start[v + 1] as usize);
            let list = &mut self.ordered[a..b];
            if list.len() > SHORT {
                #[allow(clippy::disallowed_methods)]
                list.sort_by_key(|&e| nesting[e as usize]);
                continue;
            }
            for i in 1..list.len() {
                let e = list[i];
                let key = nesting[e as usize];
                let mut j = i;
                while j > 0 && nesting[list[j - 1] as usize] > key {
                    list[j] = list[j - 1];
                    j -= 1;
                }
                list[j] = e;
            }
        }
    }

    fn orient(&mut self, root: u32) {
        // The fields apart, as slices: the loop keeps them in registers.
        let Work {
            start,
            adj,
            ind,
            height,
            parent,
            src,
            dst,
            oriented,
            oriented_order,
            lowpt,
            lowpt2,
            nesting,
            reference,
            side,
            dfs,
            ..
        } = self;
        let (start, adj) = (&start[..], &adj[..]);
        let (ind, height, parent) = (&mut ind[..], &mut height[..], &mut parent[..]);
        let (src, dst, oriented) = (&mut src[..], &mut dst[..], &mut oriented[..]);
        let (lowpt, lowpt2, nesting) = (&mut lowpt[..], &mut lowpt2[..], &mut nesting[..]);
        let (reference, side) = (&mut reference[..], &mut side[..]);
        dfs.clear();
        dfs.push(root);
        while let Some(v) = dfs.pop() {
            let vu = v as usize;
            let e = parent[vu];
            let end = start[vu + 1];
            let hv = height[vu];
            let mut i = ind[vu];
            while i < end {
                let (w, ed) = adj[i as usize];
                let (wu, edu) = (w as usize, ed as usize);
                // A tree edge to `w` is met twice: going down, and back
                // up once `w` is done (then only its low points count).
                let back_up = parent[wu] == ed && oriented[edu];
                if !back_up {
                    if oriented[edu] {
                        i += 1;
                        continue;
                    }
                    oriented[edu] = true;
                    reference[edu] = NONE;
                    side[edu] = 1;
                    src[edu] = v;
                    dst[edu] = w;
                    oriented_order.push(ed);
                    lowpt[edu] = hv;
                    lowpt2[edu] = hv;
                    if height[wu] == NONE {
                        parent[wu] = ed;
                        height[wu] = hv + 1;
                        dfs.push(v);
                        dfs.push(w);
                        break;
                    }
                    lowpt[edu] = height[wu];
                }
                let (low, low2) = (lowpt[edu], lowpt2[edu]);
                nesting[edu] = 2 * low as i32 + i32::from(low2 < hv);
                if e != NONE {
                    let eu = e as usize;
                    if low < lowpt[eu] {
                        lowpt2[eu] = lowpt[eu].min(low2);
                        lowpt[eu] = low;
                    } else if low > lowpt[eu] {
                        lowpt2[eu] = lowpt2[eu].min(low);
                    } else {
                        lowpt2[eu] = lowpt2[eu].min(low2);
                    }
                }
                i += 1;
            }
            ind[vu] = i;
        }
    }

    fn test_from(&mut self, root: u32, n: usize) -> bool {
        // The fields apart, as slices (as `orient` takes them): the loop
        // and the constraint steps keep them in registers instead of
        // reading each `Vec` through `self` at every access.
        let Work {
            ind,
            ord_start,
            resumed,
            dfs,
            parent,
            height,
            ordered,
            lowpt,
            dst,
            src,
            reference,
            side,
            bottom,
            lowpt_edge,
            stack,
            ..
        } = self;
        ind.clear();
        ind.extend_from_slice(&ord_start[..n]);
        refill(resumed, n, false);
        dfs.clear();
        dfs.push(root);
        let (ord_start, ordered, parent) = (&ord_start[..], &ordered[..], &parent[..]);
        let (ind, resumed) = (&mut ind[..], &mut resumed[..]);
        let mut lr = Lr { lowpt, dst, src, height, reference, side, bottom, lowpt_edge, stack };
        while let Some(v) = dfs.pop() {
            let vu = v as usize;
            let e = parent[vu];
            let hv = lr.height[vu];
            let first = ord_start[vu];
            let end = ord_start[vu + 1];
            let mut i = ind[vu];
            let mut descended = false;
            while i < end {
                let ei = ordered[i as usize];
                let eiu = ei as usize;
                if resumed[vu] {
                    // Back from the tree edge `ei`.
                    resumed[vu] = false;
                } else {
                    lr.bottom[eiu] = lr.stack.len() as u32;
                    let w = lr.dst[eiu];
                    if parent[w as usize] == ei {
                        dfs.push(v);
                        dfs.push(w);
                        resumed[vu] = true;
                        descended = true;
                        break;
                    }
                    lr.lowpt_edge[eiu] = ei;
                    lr.stack.push(Pair {
                        left: Interval::EMPTY,
                        right: Interval { low: ei, high: ei },
                    });
                }
                if lr.lowpt[eiu] < hv {
                    if i == first {
                        if e != NONE {
                            lr.lowpt_edge[e as usize] = lr.lowpt_edge[eiu];
                        }
                    } else if !lr.add_constraints(ei, e) {
                        return false;
                    }
                }
                i += 1;
            }
            ind[vu] = i;
            if !descended && e != NONE {
                lr.remove_back_edges(e);
            }
        }
        true
    }

    /// The side of `e`, resolved through its chain of references (each
    /// edge's side then holds its final value). `old` is `NONE` everywhere
    /// before and after.
    fn sign(&mut self, e: u32, old: &mut [u32]) -> i8 {
        // No reference: the side is final already (most edges).
        if self.reference[e as usize] == NONE {
            return self.side[e as usize];
        }
        self.dfs.clear();
        self.dfs.push(e);
        while let Some(e) = self.dfs.pop() {
            let eu = e as usize;
            let r = self.reference[eu];
            if r != NONE {
                self.dfs.push(e);
                self.dfs.push(r);
                old[eu] = r;
                self.reference[eu] = NONE;
            } else if old[eu] != NONE {
                let o = old[eu];
                old[eu] = NONE;
                self.side[eu] *= self.side[o as usize];
            }
        }
        self.side[e as usize]
    }

    /// The embedding phase, after a test that found the graph planar.
    fn embedding(&mut self, n: usize, m: usize) -> Rotation {
        let rot = self.embedding_rot(n, m);
        let target = |h: u32| -> u32 {
            let e = (h / 2) as usize;
            if h.is_multiple_of(2) { self.dst[e] } else { self.src[e] }
        };
        (0..n)
            .map(|v| {
                let start = rot.leftmost[v];
                let mut list = Vec::new();
                if start != NONE {
                    let mut h = start;
                    loop {
                        list.push(target(h));
                        h = rot.cw[h as usize];
                        if h == start || list.len() > 2 * m {
                            break;
                        }
                    }
                }
                list
            })
            .collect()
    }

    /// [`embed`] as darts: `None` when the graph is not planar.
    fn embed_darts(&mut self, n: usize, edges: &[(u32, u32)]) -> Option<Darts> {
        if !self.test(n, edges) {
            return None;
        }
        Some(Darts::of_rot(self.embedding_rot(n, edges.len())))
    }

    /// The embedding phase as linked rotations of half-edges (`2e` at
    /// `src[e]`, `2e + 1` at `dst[e]`).
    fn embedding_rot(&mut self, n: usize, m: usize) -> Rot {
        let mut old = core::mem::take(&mut self.old);
        grow(&mut old, m, NONE);
        for e in 0..m as u32 {
            let sign = self.sign(e, &mut old);
            self.nesting[e as usize] *= i32::from(sign);
        }
        self.old = old;
        // Sorted again, ties in the order of the first sort.
        self.sort_each(n);
        // Half-edge 2e sits at src[e], 2e+1 at dst[e].
        let mut rot =
            Rot { cw: vec![NONE; 2 * m], ccw: vec![NONE; 2 * m], leftmost: vec![NONE; n] };
        for v in 0..n {
            let mut prev = NONE;
            for &e in &self.ordered[self.ord_start[v] as usize..self.ord_start[v + 1] as usize] {
                let h = 2 * e;
                if prev == NONE {
                    rot.first(v, h);
                } else {
                    rot.insert_cw_of(prev, h);
                }
                prev = h;
            }
        }
        let mut left_ref = vec![NONE; n];
        let mut right_ref = vec![NONE; n];
        let mut ind: Vec<u32> = self.ord_start[..n].to_vec();
        for &root in &self.roots {
            let mut stack = vec![root];
            while let Some(v) = stack.pop() {
                let vu = v as usize;
                while ind[vu] < self.ord_start[vu + 1] {
                    let ei = self.ordered[ind[vu] as usize];
                    ind[vu] += 1;
                    let w = self.dst[ei as usize];
                    let wu = w as usize;
                    if self.parent[wu] == ei {
                        rot.add_first(wu, 2 * ei + 1);
                        left_ref[vu] = 2 * ei;
                        right_ref[vu] = 2 * ei;
                        stack.push(v);
                        stack.push(w);
                        break;
                    } else if self.side[ei as usize] == 1 {
                        rot.insert_cw_of(right_ref[wu], 2 * ei + 1);
                    } else {
                        rot.insert_ccw_of(wu, left_ref[wu], 2 * ei + 1);
                        left_ref[wu] = 2 * ei + 1;
                    }
                }
            }
        }
        rot
    }
}

struct Rot {
    cw: Vec<u32>,
    ccw: Vec<u32>,
    leftmost: Vec<u32>,
}

impl Rot {
    fn first(&mut self, v: usize, h: u32) {
        self.cw[h as usize] = h;
        self.ccw[h as usize] = h;
        self.leftmost[v] = h;
    }

    /// Inserts `h` right after `reference` in clockwise order.
    fn insert_cw_of(&mut self, reference: u32, h: u32) {
        if reference == NONE {
            return;
        }
        let next = self.cw[reference as usize];
        self.link(reference, h, next);
    }

    /// Puts `h` between `prev` and `next` in clockwise order.
    fn link(&mut self, prev: u32, h: u32, next: u32) {
        self.cw[prev as usize] = h;
        self.ccw[h as usize] = prev;
        self.cw[h as usize] = next;
        self.ccw[next as usize] = h;
    }

    /// Inserts `h` right before `reference` in clockwise order; `h` becomes
    /// the leftmost half-edge when `reference` was.
    fn insert_ccw_of(&mut self, v: usize, reference: u32, h: u32) {
        if reference == NONE {
            self.first(v, h);
            return;
        }
        let prev = self.ccw[reference as usize];
        self.link(prev, h, reference);
        if self.leftmost[v] == reference {
            self.leftmost[v] = h;
        }
    }

    fn add_first(&mut self, v: usize, h: u32) {
        let left = self.leftmost[v];
        if left == NONE {
            self.first(v, h);
        } else {
            self.insert_ccw_of(v, left, h);
        }
    }
}

/// Where `w` sits in `v`'s rotation (its dart from `v`).
fn index_of(rot: &Rotation, v: u32, w: u32) -> usize {
    rot[v as usize].iter().position(|&x| x == w).unwrap_or(0)
}

/// The faces of a rotation system, each as its walk of vertices: the face
/// after the half-edge `v → w` continues with `w → u`, where `u` comes just
/// before `v` in `w`'s rotation. Every half-edge lies on exactly one face.
pub(crate) fn faces(rot: &Rotation) -> Vec<Vec<u32>> {
    faces_and_darts(rot).0
}

/// The faces, and for each dart (`offsets[v] + i` for the dart from `v` to
/// `rot[v][i]`) the face it lies on; with the offsets.
pub(crate) fn faces_and_darts(rot: &Rotation) -> (Vec<Vec<u32>>, Vec<u32>, Vec<usize>) {
    // Position of each neighbour in each rotation list.
    let offsets: Vec<usize> = {
        let mut acc = 0;
        let mut offsets = Vec::with_capacity(rot.len() + 1);
        for list in rot {
            offsets.push(acc);
            acc += list.len();
        }
        offsets.push(acc);
        offsets
    };
    let mut seen = vec![false; offsets[rot.len()]];
    let mut face_of = vec![0u32; offsets[rot.len()]];
    let mut faces = Vec::new();
    for v in 0..rot.len() {
        for i in 0..rot[v].len() {
            if seen[offsets[v] + i] {
                continue;
            }
            let mut walk = Vec::new();
            let (mut a, mut ai) = (v as u32, i);
            while !seen[offsets[a as usize] + ai] {
                seen[offsets[a as usize] + ai] = true;
                face_of[offsets[a as usize] + ai] = faces.len() as u32;
                walk.push(a);
                let b = rot[a as usize][ai];
                let back = index_of(rot, b, a);
                let len = rot[b as usize].len();
                let bi = (back + len - 1) % len;
                a = b;
                ai = bi;
            }
            faces.push(walk);
        }
    }
    (faces, face_of, offsets)
}

/// Cuts the face `from` open to the face `to`: the fewest edges whose
/// removal joins them (a shortest path in the dual graph), never an edge
/// with an end in `keep`. Removes them from `rot` and returns them.
pub(crate) fn cut_open(
    rot: &mut Rotation,
    from: usize,
    to: usize,
    keep: Option<u32>,
) -> Vec<(u32, u32)> {
    let (walks, face_of, offsets) = faces_and_darts(rot);
    let mut parent: Vec<Option<(usize, (u32, u32))>> = vec![None; walks.len()];
    let mut seen = vec![false; walks.len()];
    seen[from] = true;
    let mut queue = alloc::collections::VecDeque::new();
    queue.push_back(from);
    while let Some(face) = queue.pop_front() {
        if face == to {
            break;
        }
        let walk = &walks[face];
        let k = walk.len();
        for i in 0..k {
            let (a, b) = (walk[i], walk[(i + 1) % k]);
            if Some(a) == keep || Some(b) == keep {
                continue;
            }
            let other = face_of[offsets[b as usize] + index_of(rot, b, a)] as usize;
            if !seen[other] {
                seen[other] = true;
                parent[other] = Some((face, (a.min(b), a.max(b))));
                queue.push_back(other);
            }
        }
    }
    let mut cut = Vec::new();
    let mut at = to;
    while let Some((prev, edge)) = parent[at] {
        cut.push(edge);
        at = prev;
    }
    if at != from {
        return Vec::new();
    }
    for &(a, b) in &cut {
        rot[a as usize].retain(|&x| x != b);
        rot[b as usize].retain(|&x| x != a);
    }
    cut
}

/// A maximal planar subgraph: `edges` are tried in order (a spanning forest
/// first, so the result stays connected where the graph is), and an edge is
/// kept unless it would make the graph non-planar. Returns the kept edges'
/// indices and the embedding of the kept graph.
///
/// The graph kept so far is held embedded ([`Darts`]); an edge whose ends
/// share a face of that embedding is kept at once, drawn across the face
/// (the graph stays planar). Only an edge whose ends share no face is
/// tested: kept if the kept graph with it is planar, and then embedded
/// afresh by the test.
pub(crate) fn maximal_planar(n: usize, edges: &[(u32, u32)]) -> (Vec<bool>, Rotation) {
    // One test: a planar graph's embedding comes with it.
    let mut work = Work::default();
    if let Some(rot) = work.embed(n, edges) {
        return (vec![true; edges.len()], rot);
    }
    let (kept, chosen) = grow_planar(&mut work, n, edges);
    let rot = work.embed(n, &chosen).unwrap_or_else(|| vec![Vec::new(); n]);
    (kept, rot)
}

/// Which of `edges` [`maximal_planar`] keeps, without the embedding.
pub(crate) fn maximal_planar_kept(n: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let mut work = Work::default();
    if work.is_planar(n, edges) {
        return vec![true; edges.len()];
    }
    grow_planar(&mut work, n, edges).0
}

/// [`maximal_planar`]'s search on a graph that is not planar: the kept
/// edges' flags and the kept edges, in the order tried.
fn grow_planar(work: &mut Work, n: usize, edges: &[(u32, u32)]) -> (Vec<bool>, Vec<(u32, u32)>) {
    // Spanning forest first (always planar), in the given order.
    let mut comp = super::join::Join::new(n);
    let mut kept = vec![false; edges.len()];
    let mut chosen: Vec<(u32, u32)> = Vec::new();
    let mut rest = Vec::new();
    for (idx, &(a, b)) in edges.iter().enumerate() {
        if comp.union(a, b) {
            kept[idx] = true;
            chosen.push((a, b));
        } else {
            rest.push(idx);
        }
    }
    // The first refused edge, searched by halves (the whole graph is not
    // planar) until it is among the next few ([`NEAR`]); the edges before
    // them are kept and embedded, and those few are tried one by one as
    // the rest are (the same edges kept: each is kept exactly when the
    // edges kept before it and it are planar).
    let (mut good, mut bad) = (0, rest.len());
    let mut trial = chosen.clone();
    while bad - good > NEAR {
        let mid = good + (bad - good) / 2;
        trial.truncate(chosen.len());
        trial.extend(rest[..mid].iter().map(|&i| edges[i]));
        if work.is_planar(n, &trial) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    for &idx in &rest[..good] {
        kept[idx] = true;
        chosen.push(edges[idx]);
    }
    let Some(mut darts) = work.embed_darts(n, &chosen) else {
        return (kept, chosen);
    };
    for &idx in &rest[good..] {
        let (a, b) = edges[idx];
        if darts.join_across_face(a, b) {
            kept[idx] = true;
            chosen.push((a, b));
            continue;
        }
        chosen.push((a, b));
        match work.embed_darts(n, &chosen) {
            Some(fresh) => {
                kept[idx] = true;
                darts = fresh;
            }
            None => {
                chosen.pop();
            }
        }
    }
    (kept, chosen)
}

/// How near [`grow_planar`]'s search by halves brings the first refused
/// edge: past this, one more halving test costs more than the edges it
/// spares from being tried one by one (most of which are kept at once,
/// across a face). The 44 bundled variants' drawings: 509 planarity tests
/// in all with the search to the last edge, 459 with this.
const NEAR: usize = 16;

/// An embedded graph as darts (half-edges) in linked rotations, each dart
/// labelled with its face, for adding edges across faces one at a time.
/// The face after the dart `v → w` goes on with the dart before `w → v` in
/// `w`'s rotation (as in [`faces`]).
struct Darts {
    /// The next and previous dart round the tail (clockwise).
    next: Vec<u32>,
    prev: Vec<u32>,
    /// The face each dart lies on (the face to be walked after it).
    face: Vec<u32>,
    /// A dart leaving each vertex (`NONE`: none).
    first: Vec<u32>,
    /// How many face labels are in use.
    faces: u32,
}

impl Darts {
    /// The darts of `rot` (the twin of half-edge `h` is `h ^ 1`), each
    /// labelled with its face.
    fn of_rot(rot: Rot) -> Darts {
        let total = rot.cw.len();
        let mut d = Darts {
            next: rot.cw,
            prev: rot.ccw,
            face: vec![NONE; total],
            first: rot.leftmost,
            faces: 0,
        };
        for start in 0..total as u32 {
            if d.face[start as usize] != NONE {
                continue;
            }
            let f = d.faces;
            d.faces += 1;
            let mut x = start;
            while d.face[x as usize] == NONE {
                d.face[x as usize] = f;
                x = d.after(x);
            }
        }
        d
    }

    /// The dart after `x` on its face.
    fn after(&self, x: u32) -> u32 {
        self.prev[(x ^ 1) as usize]
    }

    /// A dart leaving `v` on face `f` (the corner after it is on `f`).
    fn on_face(&self, v: u32, f: u32) -> Option<u32> {
        let first = self.first[v as usize];
        if first == NONE {
            return None;
        }
        let mut y = first;
        loop {
            if self.face[y as usize] == f {
                return Some(y);
            }
            y = self.next[y as usize];
            if y == first {
                return None;
            }
        }
    }

    /// Adds the edge `a b` across a face both ends lie on, if there is one.
    fn join_across_face(&mut self, a: u32, b: u32) -> bool {
        let first = self.first[a as usize];
        if first == NONE || self.first[b as usize] == NONE {
            return false;
        }
        let mut y = first;
        let (ya, yb) = loop {
            if let Some(yb) = self.on_face(b, self.face[y as usize]) {
                break (y, yb);
            }
            y = self.next[y as usize];
            if y == first {
                return false;
            }
        };
        let f = self.face[ya as usize];
        // The new darts a → b after `ya` round a, b → a after `yb` round b.
        let (da, db) = (self.next.len() as u32, self.next.len() as u32 + 1);
        for (d, y) in [(da, ya), (db, yb)] {
            let after = self.next[y as usize];
            self.next.push(after);
            self.prev.push(y);
            self.face.push(f);
            self.next[y as usize] = d;
            self.prev[after as usize] = d;
        }
        // The face splits in two, through `da` and through `db`: the shorter
        // walk gets a new label (both walked in step, so the cost is the
        // shorter one's).
        let (mut x, mut z) = (self.after(da), self.after(db));
        let shorter = loop {
            if x == da {
                break da;
            }
            if z == db {
                break db;
            }
            x = self.after(x);
            z = self.after(z);
        };
        let g = self.faces;
        self.faces += 1;
        let mut x = shorter;
        loop {
            self.face[x as usize] = g;
            x = self.after(x);
            if x == shorter {
                break;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete(n: u32) -> Vec<(u32, u32)> {
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                edges.push((a, b));
            }
        }
        edges
    }

    /// Euler's formula holds for a connected embedding: V - E + F = 2.
    fn euler_ok(n: usize, edges: &[(u32, u32)]) -> bool {
        let rot = embed(n, edges).expect("planar");
        let faces = faces(&rot);
        n as i64 - edges.len() as i64 + faces.len() as i64 == 2
    }

    #[test]
    fn small_graphs() {
        assert!(embed(4, &complete(4)).is_some());
        assert!(embed(5, &complete(5)).is_none());
        let k33: Vec<(u32, u32)> = (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
        assert!(embed(6, &k33).is_none());
        assert!(euler_ok(4, &complete(4)));
        // K5 minus an edge is planar.
        let mut k5 = complete(5);
        k5.pop();
        assert!(euler_ok(5, &k5));
        // A grid.
        let mut grid = Vec::new();
        for r in 0..6u32 {
            for c in 0..6u32 {
                let v = r * 6 + c;
                if c < 5 {
                    grid.push((v, v + 1));
                }
                if r < 5 {
                    grid.push((v, v + 6));
                }
                if r < 5 && c < 5 {
                    grid.push((v, v + 7));
                }
            }
        }
        assert!(euler_ok(36, &grid));
    }

    /// A linear congruential stream of numbers from `seed`.
    fn lcg(mut seed: u64) -> impl FnMut() -> u32 {
        move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        }
    }

    /// A simple graph on `n` vertices: `tries` random pairs, loops and
    /// repeats left out.
    fn random_edges(next: &mut impl FnMut() -> u32, n: u32, tries: u32) -> Vec<(u32, u32)> {
        let mut edges: Vec<(u32, u32)> = Vec::new();
        for _ in 0..tries {
            let (a, b) = (next() % n, next() % n);
            if a != b && !edges.iter().any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)) {
                edges.push((a, b));
            }
        }
        edges
    }

    /// The subgraph is the greedy one, whatever the galloping's runs: each
    /// edge after the spanning forest kept exactly when it and the edges
    /// kept before it are planar; the same without the embedding.
    #[test]
    fn maximal_subgraph_is_the_greedy_one() {
        let mut next = lcg(7);
        for n in [8u32, 15, 30, 60, 120] {
            let edges = random_edges(&mut next, n, 4 * n);
            let (kept, rot) = maximal_planar(n as usize, &edges);
            assert_eq!(maximal_planar_kept(n as usize, &edges), kept, "n {n}: kept alone");
            let mut comp = crate::layout::join::Join::new(n as usize);
            let mut chosen = Vec::new();
            let mut rest = Vec::new();
            for (i, &(a, b)) in edges.iter().enumerate() {
                if comp.union(a, b) {
                    assert!(kept[i]);
                    chosen.push((a, b));
                } else {
                    rest.push(i);
                }
            }
            let refused = rest.iter().filter(|&&i| !kept[i]).count();
            assert!(refused > 0, "n {n}: a test that refuses nothing proves nothing");
            for i in rest {
                chosen.push(edges[i]);
                let planar = is_planar(n as usize, &chosen);
                assert_eq!(kept[i], planar, "n {n}, edge {i}");
                if !planar {
                    chosen.pop();
                }
            }
            assert_eq!(rot, embed(n as usize, &chosen).unwrap());
        }
    }

    /// One `Work` reused over graphs of every size, big after small and
    /// small after big, answers as a fresh one does: a test reads nothing
    /// an earlier test left in its buffers.
    #[test]
    fn reused_buffers_answer_as_fresh_ones() {
        let mut next = lcg(11);
        let mut work = Work::default();
        let (mut planar, mut not) = (0, 0);
        for n in [40u32, 6, 90, 12, 60, 5, 120, 30, 9, 75] {
            for density in [1u32, 2, 3] {
                let edges = random_edges(&mut next, n, density * n);
                let fresh = embed(n as usize, &edges);
                assert_eq!(work.embed(n as usize, &edges), fresh, "n {n}, {} edges", edges.len());
                if fresh.is_some() { planar += 1 } else { not += 1 }
            }
        }
        assert!(planar > 5 && not > 5, "{planar} planar, {not} not: both answers must be asked");
    }

    /// A cube: two corners of one square share a face and are joined
    /// across it (one face more, Euler's formula still holding); opposite
    /// corners of the cube share none.
    #[test]
    fn darts_join_only_across_a_shared_face() {
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (4, 5),
            (5, 6),
            (6, 7),
            (7, 4),
            (0, 4),
            (1, 5),
            (2, 6),
            (3, 7),
        ];
        let mut darts = Work::default().embed_darts(8, &edges).expect("a cube is planar");
        assert_eq!(darts.faces, 6);
        assert!(!darts.join_across_face(0, 6));
        assert!(darts.join_across_face(0, 2));
        assert_eq!(darts.faces, 7);
        assert_eq!(8 - 13 + darts.faces as i64, 2);
        // Every dart's face is the one its walk has.
        for x in 0..darts.next.len() as u32 {
            assert_eq!(darts.face[darts.after(x) as usize], darts.face[x as usize]);
        }
        assert!(!darts.join_across_face(1, 7));
    }

    #[test]
    fn maximal_subgraph_of_k7() {
        let edges = complete(7);
        let (kept, rot) = maximal_planar(7, &edges);
        let chosen: Vec<(u32, u32)> =
            edges.iter().zip(&kept).filter(|(_, k)| **k).map(|(e, _)| *e).collect();
        // A maximal planar graph on 7 vertices has 3*7-6 edges.
        assert_eq!(chosen.len(), 15);
        assert_eq!(7 - 15 + faces(&rot).len() as i64, 2);
    }
}
