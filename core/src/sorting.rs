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

/// Sorts pairs in their own order (as `sort_unstable`), through one sort
/// of `u64` keys: the layout's sorts of pairs of provinces, of pairs of
/// `u32` and of (pair, bool) were three copies of the sort routine in the
/// page's wasm (18 KB), this is one. Equal pairs are equal, so any sort
/// gives the same result.
///
/// Pairs of small numbers (provinces' indices, as nearly every caller's)
/// go through two counting passes instead, in time linear in their number:
/// the province graph of 26,000 provinces sorted 300,000 pairs, 17 ms of
/// the page's task.
pub fn sort_pairs(items: &mut [(u32, u32)]) {
    let most = items.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0) as usize;
    if items.len() >= 64 && most < 4 * items.len() {
        let mut by_second = alloc::vec![(0, 0); items.len()];
        counting_pass(items, &mut by_second, most, |it| it.1);
        counting_pass(&by_second, items, most, |it| it.0);
        return;
    }
    let mut keys: alloc::vec::Vec<u64> =
        items.iter().map(|&(a, b)| (u64::from(a) << 32) | u64::from(b)).collect();
    keys.sort_unstable();
    for (item, key) in items.iter_mut().zip(keys) {
        *item = ((key >> 32) as u32, key as u32);
    }
}

/// Puts `from` into `to` stably in the order of `key` (at most `most`).
fn counting_pass(
    from: &[(u32, u32)],
    to: &mut [(u32, u32)],
    most: usize,
    key: fn(&(u32, u32)) -> u32,
) {
    let mut starts = alloc::vec![0usize; most + 2];
    for item in from {
        starts[key(item) as usize + 1] += 1;
    }
    for idx in 1..starts.len() {
        starts[idx] += starts[idx - 1];
    }
    for item in from {
        let at = &mut starts[key(item) as usize];
        to[*at] = *item;
        *at += 1;
    }
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

    /// Pairs sort as `sort_unstable` sorts them, by counting (small
    /// numbers, many pairs) or not (few pairs, or large numbers).
    #[test]
    fn pairs_sort_in_their_own_order() {
        let mut seed = 7u64;
        let mut next = move |below: u32| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) % u64::from(below)) as u32
        };
        for (len, below) in
            [(0, 1), (10, 5), (63, 1000), (64, 3), (1000, 200), (5000, 20000), (300, u32::MAX)]
        {
            let mut items: Vec<(u32, u32)> = (0..len).map(|_| (next(below), next(below))).collect();
            let mut want = items.clone();
            #[allow(clippy::disallowed_methods)]
            want.sort_unstable();
            sort_pairs(&mut items);
            assert_eq!(items, want, "{len} pairs below {below}");
        }
    }

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

    /// Pairs sorted through `u64` keys come out as the pair order has them,
    /// the largest values and duplicates included.
    #[test]
    fn pairs_in_their_own_order() {
        let mut seed = 3u64;
        let mut items: Vec<(u32, u32)> = (0..500)
            .map(|i| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let x = (seed >> 33) as u32;
                match i % 4 {
                    0 => (x % 7, x % 5),
                    1 => (u32::MAX - x % 3, u32::MAX),
                    _ => (x, x.rotate_left(7)),
                }
            })
            .collect();
        let mut want = items.clone();
        #[allow(clippy::disallowed_methods)] // the reference
        want.sort();
        sort_pairs(&mut items);
        assert_eq!(items, want);
    }

    /// Stable: equal keys keep their input order.
    #[test]
    fn stable() {
        let mut items = [(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        sort_by_key(&mut items, |it| it.0);
        assert_eq!(items, [(0, 'e'), (1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
    }
}
