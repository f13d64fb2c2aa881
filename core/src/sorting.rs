//! Stable sorting with one copy of the sort routine in the page's wasm.
//!
//! The standard library's stable sort is generic over the element and the
//! comparison: every call site with its own closure is a fresh copy of some
//! 5 KB of wasm (about 30 copies, 150 KB, before this module). In wasm these
//! helpers sort a permutation of indices through a `dyn` comparison (one
//! copy in all) and then move the elements into place by swaps; natively
//! they are the standard library's sort. Both are stable, and a stable sort
//! has exactly one result for a given order, so native and wasm agree bit
//! for bit. `clippy.toml` points the slice methods here.

use core::cmp::Ordering;

/// Sorts `items` stably by `compare` (as `slice::sort_by`).
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    #[cfg(target_arch = "wasm32")]
    {
        let order = by_index(items.len(), &mut |a, b| compare(&items[a], &items[b]));
        permute(items, &order);
    }
    #[cfg(not(target_arch = "wasm32"))]
    #[allow(clippy::disallowed_methods)] // the one place that calls it
    items.sort_by(|a, b| compare(a, b));
}

/// The value that would stand at `k` were `items` sorted by
/// `f64::total_cmp` (`items` is reordered). One value whatever the
/// algorithm, so native and wasm agree; linear, not `n log n`.
pub fn nth(items: &mut [f64], k: usize) -> f64 {
    *items.select_nth_unstable_by(k, f64::total_cmp).1
}

/// Sorts `items` stably by `key` (as `slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` stably in their own order (as `slice::sort`).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// The stable order of `len` items under `compare`, as their indices. Not
/// generic: the one copy of the sort routine.
#[cfg(target_arch = "wasm32")]
#[inline(never)]
fn by_index(
    len: usize,
    compare: &mut dyn FnMut(usize, usize) -> Ordering,
) -> alloc::vec::Vec<usize> {
    let mut order: alloc::vec::Vec<usize> = (0..len).collect();
    #[allow(clippy::disallowed_methods)] // the one place that calls it
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Puts `items[order[i]]` at `i` for every `i`, following each cycle of the
/// permutation with swaps.
#[cfg(any(target_arch = "wasm32", test))]
fn permute<T>(items: &mut [T], order: &[usize]) {
    let mut placed = alloc::vec![false; items.len()];
    for start in 0..items.len() {
        let mut at = start;
        while !placed[at] {
            placed[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The permutation step puts every element where the order says, for
    /// every permutation of five elements.
    #[test]
    fn permute_every_order_of_five() {
        let mut order: Vec<usize> = (0..5).collect();
        let mut count = 0;
        loop {
            let mut items: Vec<char> = "abcde".chars().collect();
            permute(&mut items, &order);
            let want: Vec<char> = order.iter().map(|&i| (b'a' + i as u8) as char).collect();
            assert_eq!(items, want, "order {order:?}");
            count += 1;
            // Next permutation (lexicographic).
            let Some(i) = (0..4).rev().find(|&i| order[i] < order[i + 1]) else { break };
            let j = (i + 1..5).rev().find(|&j| order[j] > order[i]).unwrap();
            order.swap(i, j);
            order[i + 1..].reverse();
        }
        assert_eq!(count, 120);
    }

    /// Stable: equal keys keep their input order.
    #[test]
    fn stable() {
        let mut items = [(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        sort_by_key(&mut items, |it| it.0);
        assert_eq!(items, [(0, 'e'), (1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
    }
}
