//! Hash maps and sets whose code is compiled once, not once per key and value type.
//!
//! The compiler keys side tables by a hundred different types (ids, symbols, strings,
//! pairs of them). With `std`'s `HashMap` each of those types gets its own copy of the
//! whole table machinery: hashbrown inlines its probe loop, its insertion and its rehash
//! (`reserve_rehash_inner` is `inline(always)`) into every instantiation, and in the wasm
//! package those copies came to some 80 KB, a sixth of its size budget.
//!
//! Here a table is split in two:
//!
//! - [`Index`], the hash index, is not generic. It is open addressing with linear probing
//!   over a power-of-two array of `u64` slots, each holding a 32-bit hash and a 32-bit
//!   payload (0 is an empty slot), filled to at most 7/8. Since each slot keeps its hash,
//!   growing rehashes from the slots alone, with no callback into typed code, and a probe
//!   compares hashes before it asks the caller whether the keys are equal. Removal shifts
//!   the following slots of the run back (no tombstones), so a table that churns stays as
//!   fast as a fresh one. All of this is compiled once for the whole crate.
//! - [`Map`] keeps its entries in a `Vec<(K, V)>` in insertion order (as `indexmap` does)
//!   and uses the index with entry positions as payloads. What remains generic per type is
//!   hashing the key (Fx, as before: the hash is fast, and no input here is adversarial),
//!   a small equality closure handed to the index as `&mut dyn FnMut(u32) -> bool`, and
//!   vector pushes. Removing swaps the last entry into the hole and renames its slot, so
//!   every operation stays O(1) expected. [`Set`] is a `Map<K, ()>`.
//!
//! Iteration follows the entry vector: insertion order, disturbed only by removals (the
//! last entry moves into the hole). That order is deterministic and depends on no hash, so
//! callers may rely on it; they should still not rely on it where a sort says what they
//! mean.
//!
//! The interner and the IR's hash-consing table use [`Index`] directly, with their own
//! payloads (symbols and instructions), so they share the same code.

use rustc_hash::FxHasher;
use std::borrow::Borrow;
use std::hash::{Hash, Hasher};

/// The Fx hash of `k`, folded to the 32 bits the index keeps.
#[inline]
pub(crate) fn hash_of<Q: Hash + ?Sized>(k: &Q) -> u32 {
    let mut h = FxHasher::default();
    k.hash(&mut h);
    fold(h.finish())
}

/// A 64-bit hash folded to 32 bits (both halves carry entropy after Fx's final rotation).
#[inline]
pub(crate) fn fold(h: u64) -> u32 {
    (h ^ (h >> 32)) as u32
}

/// An empty slot; a full one stores `payload + 1` in its low half, so it is never 0.
const EMPTY: u64 = 0;

fn pack(hash: u32, payload: u32) -> u64 {
    debug_assert!(payload < u32::MAX, "hash index payload overflow");
    (u64::from(hash) << 32) | u64::from(payload + 1)
}

fn hash_in(slot: u64) -> u32 {
    (slot >> 32) as u32
}

fn payload_in(slot: u64) -> u32 {
    (slot as u32) - 1
}

/// The non-generic hash index: 32-bit payloads found by 32-bit hashes, with equality
/// decided by the caller. Payloads must be below `u32::MAX`.
#[derive(Clone, Default)]
pub(crate) struct Index {
    /// Empty, or a power of two (at least 8) of slots with at least one empty.
    slots: Vec<u64>,
    /// The number of full slots.
    items: u32,
}

impl Index {
    pub(crate) const fn new() -> Self {
        Index {
            slots: Vec::new(),
            items: 0,
        }
    }

    pub(crate) fn with_capacity(n: usize) -> Self {
        let mut index = Self::new();
        index.reserve(n);
        index
    }

    pub(crate) fn len(&self) -> usize {
        self.items as usize
    }

    /// The number of slots for `n` payloads at a load of at most 7/8 (and one empty slot
    /// always, which ends every probe).
    fn slots_for(n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (n + n / 7 + 1).next_power_of_two().max(8)
        }
    }

    /// Makes room for `additional` more payloads without growing.
    pub(crate) fn reserve(&mut self, additional: usize) {
        let need = self.items as usize + additional;
        if need + need / 7 >= self.slots.len() && need > 0 {
            self.grow(need);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, need: usize) {
        let n = Self::slots_for(need);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; n]);
        for s in old {
            if s != EMPTY {
                let pos = self.free_slot(hash_in(s));
                self.slots[pos] = s;
            }
        }
    }

    /// The first empty slot of `hash`'s run (the table must have slots).
    fn free_slot(&self, hash: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        i
    }

    /// The slot holding the payload under `hash` for which `eq` holds (`Ok`), else the
    /// empty slot ending the run (`Err`; 0 if the table has no slots).
    #[inline(never)]
    fn probe(&self, hash: u32, eq: &mut dyn FnMut(u32) -> bool) -> Result<usize, usize> {
        if self.slots.is_empty() {
            return Err(0);
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                return Err(i);
            }
            if hash_in(s) == hash && eq(payload_in(s)) {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The payload under `hash` for which `eq` holds.
    pub(crate) fn find(&self, hash: u32, eq: &mut dyn FnMut(u32) -> bool) -> Option<u32> {
        self.probe(hash, eq)
            .ok()
            .map(|pos| payload_in(self.slots[pos]))
    }

    /// The payload under `hash` for which `eq` holds (`Ok`), or else room made for one
    /// more and the free slot to [`fill`](Self::fill) with it (`Err`).
    #[inline(never)]
    pub(crate) fn find_or_slot(
        &mut self,
        hash: u32,
        eq: &mut dyn FnMut(u32) -> bool,
    ) -> Result<u32, usize> {
        self.reserve(1);
        self.probe(hash, eq).map(|pos| payload_in(self.slots[pos]))
    }

    /// Fills the free slot `pos` from [`find_or_slot`](Self::find_or_slot), the index
    /// unchanged since.
    pub(crate) fn fill(&mut self, pos: usize, hash: u32, payload: u32) {
        debug_assert_eq!(self.slots[pos], EMPTY);
        self.slots[pos] = pack(hash, payload);
        self.items += 1;
    }

    /// Adds `payload` under `hash`; the caller knows no equal one is present.
    #[inline(never)]
    pub(crate) fn insert_unique(&mut self, hash: u32, payload: u32) {
        self.reserve(1);
        let pos = self.free_slot(hash);
        self.fill(pos, hash, payload);
    }

    /// Removes the payload under `hash` for which `eq` holds, and returns it.
    #[inline(never)]
    pub(crate) fn take(&mut self, hash: u32, eq: &mut dyn FnMut(u32) -> bool) -> Option<u32> {
        let pos = self.probe(hash, eq).ok()?;
        let payload = payload_in(self.slots[pos]);
        self.delete(pos);
        Some(payload)
    }

    /// Removes `payload` from under `hash`; returns whether it was there.
    pub(crate) fn remove(&mut self, hash: u32, payload: u32) -> bool {
        self.take(hash, &mut |p| p == payload).is_some()
    }

    /// Renames payload `old` under `hash` to `new` (an entry moved in its vector).
    #[inline(never)]
    pub(crate) fn rename(&mut self, hash: u32, old: u32, new: u32) {
        if let Ok(pos) = self.probe(hash, &mut |p| p == old) {
            self.slots[pos] = pack(hash, new);
        }
    }

    /// Empties slot `pos`, moving later slots of its run back into the hole where their
    /// home slot allows, so that every run stays unbroken.
    fn delete(&mut self, pos: usize) {
        let mask = self.slots.len() - 1;
        let mut hole = pos;
        let mut i = pos;
        loop {
            i = (i + 1) & mask;
            let s = self.slots[i];
            if s == EMPTY {
                break;
            }
            let home = hash_in(s) as usize & mask;
            // The slot may move back if its home is not in the part of the run after the
            // hole: its distance from home is at least its distance from the hole.
            if (i.wrapping_sub(home) & mask) >= (i.wrapping_sub(hole) & mask) {
                self.slots[hole] = s;
                hole = i;
            }
        }
        self.slots[hole] = EMPTY;
        self.items -= 1;
    }

    /// Empties the index, keeping its slots.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(EMPTY);
        self.items = 0;
    }

    /// Renames every payload `p` to `renames[p]`, dropping those renamed to `u32::MAX`.
    #[inline(never)]
    fn remap(&mut self, renames: &[u32]) {
        let n = self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; n]);
        self.items = 0;
        for s in old {
            if s != EMPTY {
                let new = renames[payload_in(s) as usize];
                if new != u32::MAX {
                    let pos = self.free_slot(hash_in(s));
                    self.fill(pos, hash_in(s), new);
                }
            }
        }
    }
}

/// A hash map with entries in insertion order (see the module essay).
#[derive(Clone)]
pub struct Map<K, V> {
    entries: Vec<(K, V)>,
    index: Index,
}

impl<K, V> Default for Map<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K, V> Map<K, V> {
    pub const fn new() -> Self {
        Map {
            entries: Vec::new(),
            index: Index::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter(self.entries.iter())
    }

    pub fn iter_mut(&mut self) -> IterMut<'_, K, V> {
        IterMut(self.entries.iter_mut())
    }

    pub fn keys(&self) -> Keys<'_, K, V> {
        Keys(self.entries.iter())
    }

    pub fn into_keys(self) -> IntoKeys<K, V> {
        IntoKeys(self.entries.into_iter())
    }

    pub fn values(&self) -> Values<'_, K, V> {
        Values(self.entries.iter())
    }

    pub fn values_mut(&mut self) -> ValuesMut<'_, K, V> {
        ValuesMut(self.entries.iter_mut())
    }

    pub fn into_values(self) -> IntoValues<K, V> {
        IntoValues(self.entries.into_iter())
    }

    pub fn clear(&mut self) {
        self.entries.clear();
        self.index.clear();
    }

    pub fn drain(&mut self) -> std::vec::Drain<'_, (K, V)> {
        self.index.clear();
        self.entries.drain(..)
    }

    /// Keeps the entries for which `keep` holds, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        let mut renames = Vec::with_capacity(self.entries.len());
        let mut next = 0u32;
        self.entries.retain_mut(|(k, v)| {
            let kept = keep(k, v);
            renames.push(if kept { next } else { u32::MAX });
            next += u32::from(kept);
            kept
        });
        if self.entries.len() != renames.len() {
            self.index.remap(&renames);
        }
    }
}

impl<K: Hash + Eq, V> Map<K, V> {
    pub fn with_capacity(n: usize) -> Self {
        Map {
            entries: Vec::with_capacity(n),
            index: Index::with_capacity(n),
        }
    }

    pub fn reserve(&mut self, additional: usize) {
        self.entries.reserve(additional);
        self.index.reserve(additional);
    }

    /// The position of `k`'s entry.
    fn position<Q>(&self, k: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let entries = &self.entries;
        let found = self
            .index
            .find(hash_of(k), &mut |i| entries[i as usize].0.borrow() == k);
        found.map(|i| i as usize)
    }

    pub fn get<Q>(&self, k: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let i = self.position(k)?;
        Some(&self.entries[i].1)
    }

    pub fn get_key_value<Q>(&self, k: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let (k, v) = &self.entries[self.position(k)?];
        Some((k, v))
    }

    pub fn get_mut<Q>(&mut self, k: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let i = self.position(k)?;
        Some(&mut self.entries[i].1)
    }

    pub fn contains_key<Q>(&self, k: &Q) -> bool
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.position(k).is_some()
    }

    /// Inserts `v` under `k`, returning the value it replaces.
    pub fn insert(&mut self, k: K, v: V) -> Option<V> {
        match self.entry(k) {
            Entry::Occupied(mut e) => Some(e.insert(v)),
            Entry::Vacant(e) => {
                e.insert(v);
                None
            }
        }
    }

    pub fn remove<Q>(&mut self, k: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.remove_entry(k).map(|(_, v)| v)
    }

    pub fn remove_entry<Q>(&mut self, k: &Q) -> Option<(K, V)>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let entries = &self.entries;
        let i = self
            .index
            .take(hash_of(k), &mut |i| entries[i as usize].0.borrow() == k)?;
        Some(self.swap_out(i as usize))
    }

    /// Takes entry `i` (already gone from the index) out of the vector: the last entry
    /// moves into its place and its slot is renamed.
    fn swap_out(&mut self, i: usize) -> (K, V) {
        let last = self.entries.len() - 1;
        if i != last {
            let h = hash_of(&self.entries[last].0);
            self.index.rename(h, last as u32, i as u32);
        }
        self.entries.swap_remove(i)
    }

    pub fn entry(&mut self, key: K) -> Entry<'_, K, V> {
        let hash = hash_of(&key);
        let Map { entries, index } = self;
        match index.find_or_slot(hash, &mut |i| entries[i as usize].0 == key) {
            Ok(i) => Entry::Occupied(OccupiedEntry {
                map: self,
                i: i as usize,
            }),
            Err(slot) => Entry::Vacant(VacantEntry {
                map: self,
                key,
                hash,
                slot,
            }),
        }
    }
}

/// A place in a [`Map`] for one key, found or free.
pub enum Entry<'a, K, V> {
    Occupied(OccupiedEntry<'a, K, V>),
    Vacant(VacantEntry<'a, K, V>),
}

pub struct OccupiedEntry<'a, K, V> {
    map: &'a mut Map<K, V>,
    i: usize,
}

pub struct VacantEntry<'a, K, V> {
    map: &'a mut Map<K, V>,
    key: K,
    hash: u32,
    slot: usize,
}

impl<'a, K: Hash + Eq, V> Entry<'a, K, V> {
    pub fn or_insert(self, v: V) -> &'a mut V {
        match self {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(v),
        }
    }

    pub fn or_insert_with(self, f: impl FnOnce() -> V) -> &'a mut V {
        match self {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(f()),
        }
    }

    pub fn or_insert_with_key(self, f: impl FnOnce(&K) -> V) -> &'a mut V {
        match self {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                let v = f(&e.key);
                e.insert(v)
            }
        }
    }

    pub fn or_default(self) -> &'a mut V
    where
        V: Default,
    {
        self.or_insert_with(V::default)
    }

    pub fn and_modify(mut self, f: impl FnOnce(&mut V)) -> Self {
        if let Entry::Occupied(e) = &mut self {
            f(e.get_mut());
        }
        self
    }

    pub fn key(&self) -> &K {
        match self {
            Entry::Occupied(e) => e.key(),
            Entry::Vacant(e) => e.key(),
        }
    }
}

impl<'a, K: Hash + Eq, V> OccupiedEntry<'a, K, V> {
    pub fn key(&self) -> &K {
        &self.map.entries[self.i].0
    }

    pub fn get(&self) -> &V {
        &self.map.entries[self.i].1
    }

    pub fn get_mut(&mut self) -> &mut V {
        &mut self.map.entries[self.i].1
    }

    pub fn into_mut(self) -> &'a mut V {
        &mut self.map.entries[self.i].1
    }

    pub fn insert(&mut self, v: V) -> V {
        std::mem::replace(self.get_mut(), v)
    }

    pub fn remove_entry(self) -> (K, V) {
        let map = self.map;
        let h = hash_of(&map.entries[self.i].0);
        map.index.remove(h, self.i as u32);
        map.swap_out(self.i)
    }

    pub fn remove(self) -> V {
        self.remove_entry().1
    }
}

impl<'a, K, V> VacantEntry<'a, K, V> {
    pub fn key(&self) -> &K {
        &self.key
    }

    pub fn into_key(self) -> K {
        self.key
    }

    pub fn insert(self, v: V) -> &'a mut V {
        let entries = &mut self.map.entries;
        let i = entries.len();
        self.map.index.fill(self.slot, self.hash, i as u32);
        entries.push((self.key, v));
        &mut entries[i].1
    }
}

macro_rules! iterator {
    ($(#[$m:meta])* $name:ident<$($lt:lifetime,)? $k:ident, $v:ident>($inner:ty) -> $item:ty, |$e:pat_param| $out:expr) => {
        $(#[$m])*
        pub struct $name<$($lt,)? $k, $v>($inner);

        impl<$($lt,)? $k, $v> Iterator for $name<$($lt,)? $k, $v> {
            type Item = $item;

            fn next(&mut self) -> Option<$item> {
                let $e = self.0.next()?;
                Some($out)
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                self.0.size_hint()
            }
        }

        impl<$($lt,)? $k, $v> DoubleEndedIterator for $name<$($lt,)? $k, $v> {
            fn next_back(&mut self) -> Option<$item> {
                let $e = self.0.next_back()?;
                Some($out)
            }
        }

        impl<$($lt,)? $k, $v> ExactSizeIterator for $name<$($lt,)? $k, $v> {}
    };
}

iterator!(Iter<'a, K, V>(std::slice::Iter<'a, (K, V)>) -> (&'a K, &'a V), |(k, v)| (k, v));
iterator!(IterMut<'a, K, V>(std::slice::IterMut<'a, (K, V)>) -> (&'a K, &'a mut V), |(k, v)| (&*k, v));
iterator!(Keys<'a, K, V>(std::slice::Iter<'a, (K, V)>) -> &'a K, |(k, _)| k);
iterator!(Values<'a, K, V>(std::slice::Iter<'a, (K, V)>) -> &'a V, |(_, v)| v);
iterator!(ValuesMut<'a, K, V>(std::slice::IterMut<'a, (K, V)>) -> &'a mut V, |(_, v)| v);
iterator!(IntoKeys<K, V>(std::vec::IntoIter<(K, V)>) -> K, |(k, _)| k);
iterator!(IntoValues<K, V>(std::vec::IntoIter<(K, V)>) -> V, |(_, v)| v);

impl<K: Clone, V> Clone for Keys<'_, K, V> {
    fn clone(&self) -> Self {
        Keys(self.0.clone())
    }
}

impl<K, V> Clone for Iter<'_, K, V> {
    fn clone(&self) -> Self {
        Iter(self.0.clone())
    }
}

impl<K, V> IntoIterator for Map<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a, K, V> IntoIterator for &'a Map<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, K, V> IntoIterator for &'a mut Map<K, V> {
    type Item = (&'a K, &'a mut V);
    type IntoIter = IterMut<'a, K, V>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<K: Hash + Eq, V> Extend<(K, V)> for Map<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<'a, K: Hash + Eq + Copy, V: Copy> Extend<(&'a K, &'a V)> for Map<K, V> {
    fn extend<I: IntoIterator<Item = (&'a K, &'a V)>>(&mut self, iter: I) {
        for (&k, &v) in iter {
            self.insert(k, v);
        }
    }
}

impl<K: Hash + Eq, V> FromIterator<(K, V)> for Map<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut map = Map::new();
        map.extend(iter);
        map
    }
}

impl<K: Hash + Eq, V, const N: usize> From<[(K, V); N]> for Map<K, V> {
    fn from(entries: [(K, V); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl<K, Q, V> std::ops::Index<&Q> for Map<K, V>
where
    K: Hash + Eq + Borrow<Q>,
    Q: Hash + Eq + ?Sized,
{
    type Output = V;

    fn index(&self, k: &Q) -> &V {
        self.get(k).expect("no entry for the key")
    }
}

impl<K: std::fmt::Debug, V: std::fmt::Debug> std::fmt::Debug for Map<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Equal as maps: the same keys with equal values, in whatever order.
impl<K: Hash + Eq, V: PartialEq> PartialEq for Map<K, V> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl<K: Hash + Eq, V: Eq> Eq for Map<K, V> {}

/// A hash set: a [`Map`] to `()`, in insertion order.
#[derive(Clone)]
pub struct Set<K> {
    map: Map<K, ()>,
}

/// Equal as sets, in whatever order.
impl<K: Hash + Eq> PartialEq for Set<K> {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl<K: Hash + Eq> Eq for Set<K> {}

impl<K> Default for Set<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K> Set<K> {
    pub const fn new() -> Self {
        Set { map: Map::new() }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn iter(&self) -> Keys<'_, K, ()> {
        self.map.keys()
    }

    pub fn clear(&mut self) {
        self.map.clear();
    }

    pub fn drain(&mut self) -> IntoKeys<K, ()> {
        // Draining hands back the entries as a vector's iterator: the set is left empty
        // with its index capacity, as `HashSet::drain` leaves it.
        self.map.index.clear();
        IntoKeys(std::mem::take(&mut self.map.entries).into_iter())
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&K) -> bool) {
        self.map.retain(|k, _| keep(k));
    }
}

impl<K: Hash + Eq> Set<K> {
    pub fn with_capacity(n: usize) -> Self {
        Set {
            map: Map::with_capacity(n),
        }
    }

    pub fn reserve(&mut self, additional: usize) {
        self.map.reserve(additional);
    }

    /// Adds `k`; returns whether it was new.
    pub fn insert(&mut self, k: K) -> bool {
        match self.map.entry(k) {
            Entry::Occupied(_) => false,
            Entry::Vacant(e) => {
                e.insert(());
                true
            }
        }
    }

    pub fn contains<Q>(&self, k: &Q) -> bool
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.contains_key(k)
    }

    pub fn get<Q>(&self, k: &Q) -> Option<&K>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get_key_value(k).map(|(k, _)| k)
    }

    /// Removes `k`; returns whether it was there.
    pub fn remove<Q>(&mut self, k: &Q) -> bool
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.remove_entry(k).is_some()
    }

    pub fn take<Q>(&mut self, k: &Q) -> Option<K>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.remove_entry(k).map(|(k, _)| k)
    }

    pub fn is_subset(&self, other: &Set<K>) -> bool {
        self.len() <= other.len() && self.iter().all(|k| other.contains(k))
    }
}

impl<K> IntoIterator for Set<K> {
    type Item = K;
    type IntoIter = IntoKeys<K, ()>;

    fn into_iter(self) -> Self::IntoIter {
        self.map.into_keys()
    }
}

impl<'a, K> IntoIterator for &'a Set<K> {
    type Item = &'a K;
    type IntoIter = Keys<'a, K, ()>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<K: Hash + Eq> Extend<K> for Set<K> {
    fn extend<I: IntoIterator<Item = K>>(&mut self, iter: I) {
        for k in iter {
            self.insert(k);
        }
    }
}

impl<'a, K: Hash + Eq + Copy + 'a> Extend<&'a K> for Set<K> {
    fn extend<I: IntoIterator<Item = &'a K>>(&mut self, iter: I) {
        for &k in iter {
            self.insert(k);
        }
    }
}

impl<K: Hash + Eq> FromIterator<K> for Set<K> {
    fn from_iter<I: IntoIterator<Item = K>>(iter: I) -> Self {
        let mut set = Set::new();
        set.extend(iter);
        set
    }
}

impl<K: Hash + Eq, const N: usize> From<[K; N]> for Set<K> {
    fn from(keys: [K; N]) -> Self {
        keys.into_iter().collect()
    }
}

impl<K: std::fmt::Debug> std::fmt::Debug for Set<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_get_remove() {
        let mut m = Map::new();
        assert!(m.is_empty());
        assert_eq!(m.insert(1u32, "a"), None);
        assert_eq!(m.insert(2, "b"), None);
        assert_eq!(m.insert(1, "c"), Some("a"));
        assert_eq!(m.len(), 2);
        assert_eq!(m.get(&1), Some(&"c"));
        assert_eq!(m[&2], "b");
        assert!(m.contains_key(&2));
        assert!(!m.contains_key(&3));
        *m.get_mut(&2).unwrap() = "d";
        assert_eq!(m.remove(&2), Some("d"));
        assert_eq!(m.remove(&2), None);
        assert_eq!(m.len(), 1);
        m.clear();
        assert!(m.is_empty());
        assert_eq!(m.get(&1), None);
    }

    #[test]
    fn borrowed_lookup() {
        let mut m: Map<String, u32> = Map::new();
        m.insert("x".to_string(), 1);
        assert_eq!(m.get("x"), Some(&1));
        assert_eq!(m.get("y"), None);
        let mut s: Set<String> = Set::new();
        assert!(s.insert("a".into()));
        assert!(!s.insert("a".into()));
        assert!(s.contains("a"));
        assert!(s.remove("a"));
        assert!(s.is_empty());
    }

    #[test]
    fn swap_remove_renames_the_moved_entry() {
        let mut m: Map<u32, u32> = (0..10).map(|k| (k, k * 10)).collect();
        assert_eq!(m.remove(&3), Some(30));
        // The last entry took the removed one's place and is still found.
        assert_eq!(
            m.keys().copied().collect::<Vec<_>>(),
            [0, 1, 2, 9, 4, 5, 6, 7, 8]
        );
        for k in (0..10).filter(|&k| k != 3) {
            assert_eq!(m.get(&k), Some(&(k * 10)));
        }
        assert_eq!(m.remove(&8), Some(80));
        assert_eq!(m.get(&9), Some(&90));
    }

    #[test]
    fn growth_keeps_everything() {
        let mut m = Map::new();
        for k in 0..10_000u64 {
            m.insert(k * 7919, k);
            assert!(m.index.len() * 8 <= m.index.slots.len() * 7);
        }
        for k in 0..10_000u64 {
            assert_eq!(m.get(&(k * 7919)), Some(&k));
        }
        let w: Map<u32, ()> = Map::with_capacity(100);
        assert!(w.index.slots.len() >= 115);
    }

    #[test]
    fn entry_api() {
        let mut m: Map<&str, Vec<u32>> = Map::new();
        m.entry("a").or_default().push(1);
        m.entry("a").or_default().push(2);
        assert_eq!(*m.entry("b").or_insert(vec![9]), [9]);
        assert_eq!(*m.entry("c").or_insert_with(|| vec![3]), [3]);
        m.entry("c").and_modify(|v| v.push(4)).or_default();
        assert_eq!(m["a"], [1, 2]);
        assert_eq!(m["c"], [3, 4]);
        assert_eq!(*m.entry("a").key(), "a");
        match m.entry("b") {
            Entry::Occupied(e) => assert_eq!(e.remove(), [9]),
            Entry::Vacant(_) => unreachable!(),
        }
        match m.entry("z") {
            Entry::Occupied(_) => unreachable!(),
            Entry::Vacant(e) => {
                assert_eq!(*e.key(), "z");
                e.insert(vec![]);
            }
        }
        assert_eq!(m.len(), 3);
        assert!(m.get("b").is_none());
        assert_eq!(m.get("z"), Some(&vec![]));
    }

    #[test]
    fn retain_keeps_order() {
        let mut m: Map<u32, u32> = (0..100).map(|k| (k, k)).collect();
        m.retain(|&k, v| {
            *v += 1;
            k % 3 == 0
        });
        assert_eq!(m.len(), 34);
        assert!(m.keys().copied().eq((0..100).step_by(3)));
        for k in 0..100 {
            assert_eq!(m.get(&k), (k % 3 == 0).then_some(&(k + 1)));
        }
        let mut s: Set<u32> = (0..10).collect();
        s.retain(|&k| k > 4);
        assert!(s.iter().copied().eq(5..10));
    }

    #[test]
    fn index_payloads() {
        let mut t = Index::with_capacity(4);
        t.insert_unique(5, 50);
        t.insert_unique(5, 51);
        t.insert_unique(13, 52);
        assert_eq!(t.find(5, &mut |p| p == 51), Some(51));
        assert!(t.remove(5, 50));
        assert!(!t.remove(5, 50));
        assert_eq!(t.find(5, &mut |p| p == 51), Some(51));
        assert_eq!(t.find(13, &mut |_| true), Some(52));
        assert_eq!(t.len(), 2);
    }

    /// A deterministic pseudo-random walk of inserts, removals, entry updates and retains
    /// against `std`'s map, with keys dense enough to collide and to churn the table.
    #[test]
    fn agrees_with_std() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut ours: Map<u32, u64> = Map::new();
        let mut std_map = std::collections::HashMap::new();
        for step in 0..200_000u32 {
            let r = next();
            let k = (r >> 8) as u32 % 2_000;
            match r % 8 {
                0..=2 => assert_eq!(ours.insert(k, r), std_map.insert(k, r)),
                3 | 4 => assert_eq!(ours.remove(&k), std_map.remove(&k)),
                5 => {
                    *ours.entry(k).or_default() += 1;
                    *std_map.entry(k).or_default() += 1;
                }
                6 => assert_eq!(ours.get(&k), std_map.get(&k)),
                _ if step % 997 == 0 => {
                    let m = (r >> 40) as u32 % 5 + 2;
                    ours.retain(|&k, _| k % m != 0);
                    std_map.retain(|&k, _| k % m != 0);
                }
                _ => assert_eq!(ours.contains_key(&k), std_map.contains_key(&k)),
            }
            assert_eq!(ours.len(), std_map.len());
        }
        for (k, v) in &std_map {
            assert_eq!(ours.get(k), Some(v));
        }
        assert_eq!(ours.iter().count(), std_map.len());
        assert_eq!(ours.index.len(), ours.len());
    }
}
