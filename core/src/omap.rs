//! `OMap`: a string-keyed map that iterates in insertion order, like the
//! Python dicts and lists DPjudge's loader mutates. Updating a key keeps its
//! place; removing and re-inserting moves it to the end.
//!
//! Lookups go through an open-addressing hash index (FxHash, fixed seed):
//! string-keyed lookups dominate map loading, and a B-tree of strings spent
//! most of its time in `memcmp`. The index is never iterated, so hashing
//! cannot leak into any output order; iteration walks the entry vector.

use alloc::vec::Vec;

use crate::name::Name;

const EMPTY: u32 = u32::MAX;
const DELETED: u32 = u32::MAX - 1;

/// An insertion-ordered map from strings (kept as [`Name`]s).
#[derive(Clone, Debug)]
pub(crate) struct OMap<V> {
    /// Keys as `Name`s: a province's abbreviation is kept in place, not
    /// allocated (thousands of keys a load).
    entries: Vec<Option<(Name, V)>>,
    /// Hash slots holding entry indices (or EMPTY / DELETED).
    slots: Vec<u32>,
    live: usize,
    /// Slots in use, DELETED included (drives growth).
    used: usize,
}

impl<V: PartialEq> PartialEq for OMap<V> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl<V: Eq> Eq for OMap<V> {}

impl<V> Default for OMap<V> {
    fn default() -> Self {
        OMap { entries: Vec::new(), slots: Vec::new(), live: 0, used: 0 }
    }
}

fn hash(bytes: &[u8]) -> u64 {
    // FxHash over 8-byte chunks.
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut hash = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        hash = (hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
    for &byte in chunks.remainder() {
        hash = (hash.rotate_left(5) ^ u64::from(byte)).wrapping_mul(SEED);
    }
    // The index takes the low bits, where a product's bits are poorest:
    // mixed down from the high ones (murmur's finaliser). Without it,
    // names that differ only at their end (`Land 1`, `Land 2` … of a
    // 10,000-province map) crowded into runs of slots, and a third of
    // the check went in comparing the strings met on the way.
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^ (hash >> 33)
}

impl<V> OMap<V> {
    /// An empty map with room for `capacity` entries.
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        let mut map = OMap::default();
        map.entries.reserve_exact(capacity);
        map.rebuild(capacity * 4);
        map
    }

    /// Number of live entries.
    pub(crate) fn len(&self) -> usize {
        self.live
    }

    /// The slot holding `key`, if present.
    fn find(&self, key: &str) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut slot = hash(key.as_bytes()) as usize & mask;
        loop {
            match self.slots[slot] {
                EMPTY => return None,
                DELETED => (),
                idx => {
                    if let Some((entry_key, _)) = &self.entries[idx as usize]
                        && entry_key.as_bytes() == key.as_bytes()
                    {
                        return Some(slot);
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Whether `key` is present.
    pub(crate) fn contains(&self, key: &str) -> bool {
        self.find(key).is_some()
    }

    /// The value of `key`.
    pub(crate) fn get(&self, key: &str) -> Option<&V> {
        let idx = self.slots[self.find(key)?] as usize;
        self.entries[idx].as_ref().map(|(_, value)| value)
    }

    /// The value of `key`, mutably.
    pub(crate) fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        let idx = self.slots[self.find(key)?] as usize;
        self.entries[idx].as_mut().map(|(_, value)| value)
    }

    fn push_new(&mut self, key: &str, value: V) -> usize {
        if (self.used + 1) * 2 > self.slots.len() {
            self.rebuild((self.live + 1) * 4);
        }
        let idx = self.entries.len();
        self.entries.push(Some((Name::from(key), value)));
        let mask = self.slots.len() - 1;
        let mut slot = hash(key.as_bytes()) as usize & mask;
        while self.slots[slot] != EMPTY && self.slots[slot] != DELETED {
            slot = (slot + 1) & mask;
        }
        if self.slots[slot] == EMPTY {
            self.used += 1;
        }
        self.slots[slot] = idx as u32;
        self.live += 1;
        idx
    }

    /// Sets `key` (keeping its position if present). Returns the old value.
    pub(crate) fn insert(&mut self, key: &str, value: V) -> Option<V> {
        if let Some(slot) = self.find(key) {
            let idx = self.slots[slot] as usize;
            let entry = self.entries[idx].as_mut().expect("indexed entries are live");
            return Some(core::mem::replace(&mut entry.1, value));
        }
        self.push_new(key, value);
        None
    }

    /// The value of `key`, inserting `make()` at the end if absent.
    pub(crate) fn get_or_insert_with(&mut self, key: &str, make: impl FnOnce() -> V) -> &mut V {
        let idx = match self.find(key) {
            Some(slot) => self.slots[slot] as usize,
            None => self.push_new(key, make()),
        };
        &mut self.entries[idx].as_mut().expect("indexed entries are live").1
    }

    /// Removes `key`.
    pub(crate) fn remove(&mut self, key: &str) -> Option<V> {
        let slot = self.find(key)?;
        let idx = self.slots[slot] as usize;
        self.slots[slot] = DELETED;
        self.live -= 1;
        let res = self.entries[idx].take().map(|(_, value)| value);
        if self.entries.len() > 64 && self.live * 2 < self.entries.len() {
            self.rebuild(self.live * 4);
        }
        res
    }

    /// Keeps only the entries for which `keep` is true.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&str, &mut V) -> bool) {
        let before = self.live;
        for slot in &mut self.entries {
            if let Some((key, value)) = slot
                && !keep(key.as_str(), value)
            {
                *slot = None;
                self.live -= 1;
            }
        }
        if self.live != before {
            self.rebuild(self.live * 4);
        }
    }

    /// Entries in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &V)> + '_ {
        self.entries.iter().flatten().map(|(key, value)| (key.as_str(), value))
    }

    /// How many entries [`OMap::iter_range`] can reach: the live ones and
    /// those removed since the index was last rebuilt.
    pub(crate) fn reach(&self) -> usize {
        self.entries.len()
    }

    /// The live entries among `from..to` of [`OMap::reach`], in order (a
    /// walk over the map a run at a time).
    pub(crate) fn iter_range(
        &self,
        from: usize,
        to: usize,
    ) -> impl Iterator<Item = (&str, &V)> + '_ {
        let to = to.min(self.entries.len());
        self.entries[from.min(to)..to].iter().flatten().map(|(key, value)| (key.as_str(), value))
    }

    /// Keys in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &str> + '_ {
        self.iter().map(|(key, _)| key)
    }

    /// Values in order.
    pub(crate) fn values(&self) -> impl Iterator<Item = &V> + '_ {
        self.iter().map(|(_, value)| value)
    }

    /// Values in order, mutable.
    pub(crate) fn values_mut(&mut self) -> impl Iterator<Item = &mut V> + '_ {
        self.entries.iter_mut().flatten().map(|(_, value)| value)
    }

    /// Drops dead entries and rebuilds the hash index with at least `capacity` slots.
    fn rebuild(&mut self, capacity: usize) {
        self.entries.retain(Option::is_some);
        let size = capacity.max(8).next_power_of_two();
        self.slots = alloc::vec![EMPTY; size];
        let mask = size - 1;
        for (idx, entry) in self.entries.iter().enumerate() {
            let Some((key, _)) = entry else { continue };
            let mut slot = hash(key.as_bytes()) as usize & mask;
            while self.slots[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = idx as u32;
        }
        self.used = self.entries.len();
        self.live = self.entries.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    #[test]
    fn order_and_removal() {
        let mut map = OMap::default();
        for idx in 0..100 {
            map.insert(&idx.to_string(), idx);
        }
        for idx in 0..90 {
            map.remove(&idx.to_string());
        }
        map.insert("5", 5);
        map.insert("95", -1);
        let got: Vec<i32> = map.values().copied().collect();
        assert_eq!(got, [90, 91, 92, 93, 94, -1, 96, 97, 98, 99, 5]);
        assert_eq!(map.get("5"), Some(&5));
        assert_eq!(map.get("4"), None);
        map.retain(|_, value| *value > 95);
        assert_eq!(map.keys().collect::<Vec<_>>(), ["96", "97", "98", "99"]);
        assert_eq!(map.len(), 4);
        // Many removals and re-insertions keep lookups right.
        for round in 0..50 {
            for idx in 0..40 {
                map.insert(&format!("k{idx}"), round);
            }
            for idx in (0..40).step_by(2) {
                assert_eq!(map.remove(&format!("k{idx}")), Some(round));
            }
        }
        assert_eq!(map.len(), 4 + 20);
        assert!(map.contains("k1") && !map.contains("k0") && map.contains("99"));
        let mut other = OMap::default();
        for (key, value) in map.iter() {
            other.insert(key, *value);
        }
        assert!(other == map);
    }
}
