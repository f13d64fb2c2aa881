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

#[derive(Clone, Copy, Default)]
struct Interval {
    low: Option<u32>,
    high: Option<u32>,
}

impl Interval {
    fn empty(&self) -> bool {
        self.low.is_none() && self.high.is_none()
    }
}

#[derive(Clone, Copy, Default)]
struct Pair {
    left: Interval,
    right: Interval,
}

impl Pair {
    fn swap(&mut self) {
        core::mem::swap(&mut self.left, &mut self.right);
    }
}

/// Lists per vertex in one buffer (no allocation per vertex).
struct Csr<T> {
    start: Vec<usize>,
    items: Vec<T>,
}

impl<T: Copy> Csr<T> {
    /// Buckets `items` by `key` (stable).
    fn by_key(n: usize, items: &[T], key: impl Fn(&T) -> usize) -> Csr<T> {
        let mut start = vec![0usize; n + 1];
        for item in items {
            start[key(item) + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut out: Vec<T> = Vec::with_capacity(items.len());
        // Placeholders, overwritten below.
        out.extend(items.iter().copied());
        for item in items {
            let k = key(item);
            out[fill[k]] = *item;
            fill[k] += 1;
        }
        Csr { start, items: out }
    }

    fn get(&self, v: usize) -> &[T] {
        &self.items[self.start[v]..self.start[v + 1]]
    }

    fn get_mut(&mut self, v: usize) -> &mut [T] {
        let (a, b) = (self.start[v], self.start[v + 1]);
        &mut self.items[a..b]
    }

    fn len(&self) -> usize {
        self.start.len() - 1
    }
}

struct Lr<'a> {
    edges: &'a [(u32, u32)],
    adj: Csr<(u32, u32)>,
    height: Vec<u32>,
    parent: Vec<u32>,
    src: Vec<u32>,
    dst: Vec<u32>,
    oriented: Vec<bool>,
    oriented_order: Vec<u32>,
    lowpt: Vec<u32>,
    lowpt2: Vec<u32>,
    nesting: Vec<i64>,
    reference: Vec<Option<u32>>,
    side: Vec<i8>,
    stack: Vec<Pair>,
    bottom: Vec<usize>,
    lowpt_edge: Vec<u32>,
    roots: Vec<u32>,
}

/// A planar embedding of the simple graph (`n` vertices, `edges` without
/// loops or duplicates), or `None` when it is not planar.
pub(crate) fn embed(n: usize, edges: &[(u32, u32)]) -> Option<Rotation> {
    left_right(n, edges, true).map(|rot| rot.unwrap_or_default())
}

/// Whether the simple graph is planar (the test without the embedding).
pub(crate) fn is_planar(n: usize, edges: &[(u32, u32)]) -> bool {
    left_right(n, edges, false).is_some()
}

fn left_right(n: usize, edges: &[(u32, u32)], embedding: bool) -> Option<Option<Rotation>> {
    if n > 2 && edges.len() > 3 * n - 6 {
        return None;
    }
    let m = edges.len();
    // Each edge from both ends, in input order: (end, other end, edge).
    let mut darts: Vec<(u32, u32, u32)> = Vec::with_capacity(2 * m);
    for (idx, &(a, b)) in edges.iter().enumerate() {
        darts.push((a, b, idx as u32));
        darts.push((b, a, idx as u32));
    }
    let by_end = Csr::by_key(n, &darts, |d| d.0 as usize);
    let adj = Csr { start: by_end.start, items: by_end.items.iter().map(|d| (d.1, d.2)).collect() };
    let mut lr = Lr {
        edges,
        adj,
        height: vec![NONE; n],
        parent: vec![NONE; n],
        src: vec![NONE; m],
        dst: vec![NONE; m],
        oriented: vec![false; m],
        oriented_order: Vec::with_capacity(m),
        lowpt: vec![0; m],
        lowpt2: vec![0; m],
        nesting: vec![0; m],
        reference: vec![None; m],
        side: vec![1; m],
        stack: Vec::new(),
        bottom: vec![0; m],
        lowpt_edge: vec![NONE; m],
        roots: Vec::new(),
    };
    for root in 0..n {
        if lr.height[root] == NONE {
            lr.height[root] = 0;
            lr.roots.push(root as u32);
            lr.orient(root as u32);
        }
    }
    let src = &lr.src;
    let mut ordered: Csr<u32> = Csr::by_key(n, &lr.oriented_order, |&e| src[e as usize] as usize);
    for v in 0..n {
        by_nesting(ordered.get_mut(v), &lr.nesting);
    }
    let roots = lr.roots.clone();
    for &root in &roots {
        if !lr.test(root, &ordered) {
            return None;
        }
    }
    if !embedding {
        return Some(None);
    }
    let mut old = vec![None; m];
    for e in 0..m as u32 {
        let sign = lr.sign(e, &mut old);
        lr.nesting[e as usize] *= i64::from(sign);
    }
    for v in 0..n {
        by_nesting(ordered.get_mut(v), &lr.nesting);
    }
    Some(Some(lr.embedding(n, &ordered)))
}

/// Sorts a vertex's out-edges by nesting depth, stably. The standard sort,
/// not `crate::sorting`: this runs once per vertex per planarity test, and
/// the one copy it costs is worth its speed.
fn by_nesting(edges: &mut [u32], nesting: &[i64]) {
    #[allow(clippy::disallowed_methods)]
    edges.sort_by_key(|&e| nesting[e as usize]);
}

impl Lr<'_> {
    fn orient(&mut self, root: u32) {
        let mut ind = vec![0usize; self.adj.len()];
        let mut skip = vec![false; self.edges.len()];
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            let vu = v as usize;
            let e = self.parent[vu];
            while ind[vu] < self.adj.get(vu).len() {
                let (w, ed) = self.adj.get(vu)[ind[vu]];
                let (wu, edu) = (w as usize, ed as usize);
                if !skip[edu] {
                    if self.oriented[edu] {
                        ind[vu] += 1;
                        continue;
                    }
                    self.oriented[edu] = true;
                    self.src[edu] = v;
                    self.dst[edu] = w;
                    self.oriented_order.push(ed);
                    self.lowpt[edu] = self.height[vu];
                    self.lowpt2[edu] = self.height[vu];
                    if self.height[wu] == NONE {
                        self.parent[wu] = ed;
                        self.height[wu] = self.height[vu] + 1;
                        stack.push(v);
                        stack.push(w);
                        skip[edu] = true;
                        break;
                    }
                    self.lowpt[edu] = self.height[wu];
                }
                self.nesting[edu] = 2 * i64::from(self.lowpt[edu]);
                if self.lowpt2[edu] < self.height[vu] {
                    self.nesting[edu] += 1;
                }
                if e != NONE {
                    let eu = e as usize;
                    if self.lowpt[edu] < self.lowpt[eu] {
                        self.lowpt2[eu] = self.lowpt[eu].min(self.lowpt2[edu]);
                        self.lowpt[eu] = self.lowpt[edu];
                    } else if self.lowpt[edu] > self.lowpt[eu] {
                        self.lowpt2[eu] = self.lowpt2[eu].min(self.lowpt[edu]);
                    } else {
                        self.lowpt2[eu] = self.lowpt2[eu].min(self.lowpt2[edu]);
                    }
                }
                ind[vu] += 1;
            }
        }
    }

    fn test(&mut self, root: u32, ordered: &Csr<u32>) -> bool {
        let mut ind = vec![0usize; ordered.len()];
        let mut skip = vec![false; self.edges.len()];
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            let vu = v as usize;
            let e = self.parent[vu];
            let mut descended = false;
            while ind[vu] < ordered.get(vu).len() {
                let ei = ordered.get(vu)[ind[vu]];
                let eiu = ei as usize;
                let w = self.dst[eiu];
                if !skip[eiu] {
                    self.bottom[eiu] = self.stack.len();
                    if self.parent[w as usize] == ei {
                        stack.push(v);
                        stack.push(w);
                        skip[eiu] = true;
                        descended = true;
                        break;
                    }
                    self.lowpt_edge[eiu] = ei;
                    self.stack.push(Pair {
                        left: Interval::default(),
                        right: Interval { low: Some(ei), high: Some(ei) },
                    });
                }
                if self.lowpt[eiu] < self.height[vu] {
                    if ind[vu] == 0 {
                        if e != NONE {
                            self.lowpt_edge[e as usize] = self.lowpt_edge[eiu];
                        }
                    } else if !self.add_constraints(ei, e) {
                        return false;
                    }
                }
                ind[vu] += 1;
            }
            if !descended && e != NONE {
                self.remove_back_edges(e);
            }
        }
        true
    }

    fn lowpt_of(&self, e: Option<u32>) -> u32 {
        e.map_or(0, |e| self.lowpt[e as usize])
    }

    fn conflicting(&self, interval: &Interval, b: u32) -> bool {
        !interval.empty() && self.lowpt_of(interval.high) > self.lowpt[b as usize]
    }

    fn set_ref(&mut self, e: Option<u32>, to: Option<u32>) {
        if let Some(e) = e {
            self.reference[e as usize] = to;
        }
    }

    fn add_constraints(&mut self, ei: u32, e: u32) -> bool {
        let mut p = Pair::default();
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
                let to = Some(self.lowpt_edge[e as usize]);
                self.set_ref(q.right.low, to);
            }
            if self.stack.len() == self.bottom[ei as usize] {
                break;
            }
        }
        while let Some(top) = self.stack.last() {
            if !(self.conflicting(&top.left, ei) || self.conflicting(&top.right, ei)) {
                break;
            }
            let mut q = self.stack.pop().unwrap_or_default();
            if self.conflicting(&q.right, ei) {
                q.swap();
            }
            if self.conflicting(&q.right, ei) {
                return false;
            }
            self.set_ref(p.right.low, q.right.high);
            if q.right.low.is_some() {
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
            let p = self.stack.pop().unwrap_or_default();
            if let Some(low) = p.left.low {
                self.side[low as usize] = -1;
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
            let pick = match (hl, hr) {
                (Some(l), None) => Some(l),
                (Some(l), Some(r)) if self.lowpt[l as usize] > self.lowpt[r as usize] => Some(l),
                _ => hr,
            };
            self.reference[e as usize] = pick;
        }
    }

    /// Drops the return edges to `u` from the top of `interval`; an interval
    /// emptied so refers to `other_low` and takes the other side.
    fn trim(&mut self, mut interval: Interval, other_low: Option<u32>, u: u32) -> Interval {
        while let Some(high) = interval.high {
            if self.dst[high as usize] != u {
                break;
            }
            interval.high = self.reference[high as usize];
        }
        if interval.high.is_none()
            && let Some(low) = interval.low
        {
            self.reference[low as usize] = other_low;
            self.side[low as usize] = -1;
            interval.low = None;
        }
        interval
    }

    fn sign(&mut self, e: u32, old: &mut [Option<u32>]) -> i8 {
        let mut stack = vec![e];
        while let Some(e) = stack.pop() {
            let eu = e as usize;
            if let Some(r) = self.reference[eu] {
                stack.push(e);
                stack.push(r);
                old[eu] = Some(r);
                self.reference[eu] = None;
            } else if let Some(o) = old[eu].take() {
                self.side[eu] *= self.side[o as usize];
            }
        }
        self.side[e as usize]
    }

    fn embedding(&self, n: usize, ordered: &Csr<u32>) -> Rotation {
        // Half-edge 2e sits at src[e], 2e+1 at dst[e].
        let m = self.edges.len();
        let mut rot =
            Rot { cw: vec![NONE; 2 * m], ccw: vec![NONE; 2 * m], leftmost: vec![NONE; n] };
        for v in 0..n {
            let mut prev = NONE;
            for &e in ordered.get(v) {
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
        let mut ind = vec![0usize; n];
        for &root in &self.roots {
            let mut stack = vec![root];
            while let Some(v) = stack.pop() {
                let vu = v as usize;
                while ind[vu] < ordered.get(vu).len() {
                    let ei = ordered.get(vu)[ind[vu]];
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

/// One place to assemble trial graphs, reused across tests.
#[derive(Default)]
struct Tester {
    trial: Vec<(u32, u32)>,
}

impl Tester {
    /// Whether `chosen` with the edges `more` (indices into `edges`) is planar.
    fn planar_with(
        &mut self,
        n: usize,
        chosen: &[(u32, u32)],
        edges: &[(u32, u32)],
        more: &[usize],
    ) -> bool {
        self.trial.clear();
        self.trial.extend_from_slice(chosen);
        self.trial.extend(more.iter().map(|&idx| edges[idx]));
        is_planar(n, &self.trial)
    }
}

/// A maximal planar subgraph: `edges` are tried in order (a spanning forest
/// first, so the result stays connected where the graph is), and an edge is
/// kept unless it would make the graph non-planar. Returns the kept edges'
/// indices and the embedding of the kept graph.
pub(crate) fn maximal_planar(n: usize, edges: &[(u32, u32)]) -> (Vec<bool>, Rotation) {
    if is_planar(n, edges) {
        return (vec![true; edges.len()], embed(n, edges).unwrap_or_default());
    }
    // Spanning forest first (always planar), in the given order.
    let mut comp: Vec<u32> = (0..n as u32).collect();
    fn find(comp: &mut [u32], mut x: u32) -> u32 {
        while comp[x as usize] != x {
            comp[x as usize] = comp[comp[x as usize] as usize];
            x = comp[x as usize];
        }
        x
    }
    let mut kept = vec![false; edges.len()];
    let mut chosen: Vec<(u32, u32)> = Vec::new();
    let mut rest = Vec::new();
    for (idx, &(a, b)) in edges.iter().enumerate() {
        let (ra, rb) = (find(&mut comp, a), find(&mut comp, b));
        if ra != rb {
            comp[ra as usize] = rb;
            kept[idx] = true;
            chosen.push((a, b));
        } else {
            rest.push(idx);
        }
    }
    // The rest in order, by galloping: from where the last refused edge
    // was, runs of doubling length are taken while the graph stays planar;
    // the first run that does not is searched by halves for the first edge
    // refused. Refused edges cluster (the long ones come last), so most
    // searches are short.
    let mut tester = Tester::default();
    let mut at = 0;
    while at < rest.len() {
        // Largest k known planar (`good`) and smallest known not (`bad`).
        let mut good = 0;
        let mut bad = None;
        let mut step = 1;
        while at + good < rest.len() {
            let k = (good + step).min(rest.len() - at);
            if tester.planar_with(n, &chosen, edges, &rest[at..at + k]) {
                good = k;
                step *= 2;
            } else {
                bad = Some(k);
                break;
            }
        }
        if let Some(mut bad) = bad {
            while bad - good > 1 {
                let mid = good + (bad - good) / 2;
                if tester.planar_with(n, &chosen, edges, &rest[at..at + mid]) {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
        }
        for &idx in &rest[at..at + good] {
            kept[idx] = true;
            chosen.push(edges[idx]);
        }
        // The edge after the run is refused (or the list is done).
        at += good + 1;
    }
    let rot = embed(n, &chosen).unwrap_or_else(|| vec![Vec::new(); n]);
    (kept, rot)
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
