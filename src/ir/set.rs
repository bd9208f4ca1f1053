//! [`InstSet`]: a set of instructions as one bit per arena slot.
//!
//! Passes that mark instructions (live, kept, visited) while walking one function would
//! otherwise hash every id they meet; a bit vector the size of the arena costs one
//! allocation and a shift per query. Ids are dense and never reused, so the bits of a
//! module's instructions are its first `capacity()` bits; an instruction created after the
//! set was made reads as absent, and inserting it grows the set.

use super::Inst;

/// A set of instructions of one module, one bit per slot.
#[derive(Clone, Debug, Default)]
pub struct InstSet {
    words: Vec<u64>,
}

impl InstSet {
    /// An empty set with room for the first `capacity` instruction slots
    /// ([`super::Module::capacity`]).
    pub fn with_capacity(capacity: usize) -> InstSet {
        InstSet {
            words: vec![0; capacity.div_ceil(64)],
        }
    }

    /// Adds `i`; returns whether it was absent.
    pub fn insert(&mut self, i: Inst) -> bool {
        let (word, bit) = (i.index() / 64, 1u64 << (i.index() % 64));
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        let w = &mut self.words[word];
        let absent = *w & bit == 0;
        *w |= bit;
        absent
    }

    /// Empties the set, keeping its storage (a pass over `capacity() / 64` words).
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    pub fn contains(&self, i: Inst) -> bool {
        self.words
            .get(i.index() / 64)
            .is_some_and(|w| w & (1u64 << (i.index() % 64)) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_report_absence_and_the_set_grows_past_its_capacity() {
        let mut s = InstSet::with_capacity(10);
        let (a, b, far) = (
            Inst::from_index(3),
            Inst::from_index(64),
            Inst::from_index(700),
        );
        assert!(!s.contains(a));
        assert!(s.insert(a));
        assert!(!s.insert(a));
        assert!(s.contains(a));
        assert!(!s.contains(b));
        assert!(s.insert(far));
        assert!(s.contains(far));
        assert!(!s.contains(b));
    }
}
