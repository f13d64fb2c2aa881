//! `OMap`: a string-keyed map that iterates in insertion order, like the
//! Python dicts and lists DPjudge's loader mutates. Updating a key keeps its
//! place; removing and re-inserting moves it to the end. Lookups are
//! `O(log n)` so 10,000-province maps stay fast.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

/// An insertion-ordered map from `String`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OMap<V> {
    entries: Vec<Option<(String, V)>>,
    index: BTreeMap<String, usize>,
}

impl<V> Default for OMap<V> {
    fn default() -> Self {
        OMap { entries: Vec::new(), index: BTreeMap::new() }
    }
}

impl<V> OMap<V> {
    /// Number of live entries.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Whether `key` is present.
    pub fn contains(&self, key: &str) -> bool {
        self.index.contains_key(key)
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&V> {
        let idx = *self.index.get(key)?;
        self.entries[idx].as_ref().map(|(_, value)| value)
    }

    /// The value of `key`, mutably.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        let idx = *self.index.get(key)?;
        self.entries[idx].as_mut().map(|(_, value)| value)
    }

    /// Sets `key` (keeping its position if present). Returns the old value.
    pub fn insert(&mut self, key: String, value: V) -> Option<V> {
        if let Some(&idx) = self.index.get(&key) {
            let slot = self.entries[idx].as_mut().expect("indexed entries are live");
            return Some(core::mem::replace(&mut slot.1, value));
        }
        self.index.insert(key.clone(), self.entries.len());
        self.entries.push(Some((key, value)));
        None
    }

    /// The value of `key`, inserting `make()` at the end if absent.
    pub fn get_or_insert_with(&mut self, key: &str, make: impl FnOnce() -> V) -> &mut V {
        let idx = match self.index.get(key) {
            Some(&idx) => idx,
            None => {
                let idx = self.entries.len();
                self.index.insert(String::from(key), idx);
                self.entries.push(Some((String::from(key), make())));
                idx
            }
        };
        &mut self.entries[idx].as_mut().expect("indexed entries are live").1
    }

    /// Removes `key`.
    pub fn remove(&mut self, key: &str) -> Option<V> {
        let idx = self.index.remove(key)?;
        let res = self.entries[idx].take().map(|(_, value)| value);
        if self.entries.len() > 64 && self.index.len() * 2 < self.entries.len() {
            self.compact();
        }
        res
    }

    /// Keeps only the entries for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &mut V) -> bool) {
        for slot in &mut self.entries {
            if let Some((key, value)) = slot
                && !keep(key, value)
            {
                self.index.remove(key.as_str());
                *slot = None;
            }
        }
        self.compact();
    }

    /// Entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &V)> + '_ {
        self.entries.iter().flatten().map(|(key, value)| (key.as_str(), value))
    }

    /// Entries in order, values mutable.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&str, &mut V)> + '_ {
        self.entries.iter_mut().flatten().map(|(key, value)| (key.as_str(), &mut *value))
    }

    /// Keys in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> + '_ {
        self.iter().map(|(key, _)| key)
    }

    /// Values in order.
    pub fn values(&self) -> impl Iterator<Item = &V> + '_ {
        self.iter().map(|(_, value)| value)
    }

    /// Values in order, mutable.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> + '_ {
        self.entries.iter_mut().flatten().map(|(_, value)| value)
    }

    fn compact(&mut self) {
        if self.entries.len() == self.index.len() {
            return;
        }
        self.entries.retain(Option::is_some);
        for (idx, slot) in self.entries.iter().enumerate() {
            if let Some((key, _)) = slot {
                *self.index.get_mut(key.as_str()).expect("live keys are indexed") = idx;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn order_and_removal() {
        let mut map = OMap::default();
        for idx in 0..100 {
            map.insert(idx.to_string(), idx);
        }
        for idx in 0..90 {
            map.remove(&idx.to_string());
        }
        map.insert("5".to_string(), 5);
        map.insert("95".to_string(), -1);
        let got: Vec<i32> = map.values().copied().collect();
        assert_eq!(got, [90, 91, 92, 93, 94, -1, 96, 97, 98, 99, 5]);
        assert_eq!(map.get("5"), Some(&5));
        map.retain(|_, value| *value > 95);
        assert_eq!(map.keys().collect::<Vec<_>>(), ["96", "97", "98", "99"]);
    }
}
