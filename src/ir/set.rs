//! [`InstSet`]: a set of instructions as one bit per arena slot.
//!
//! Passes that mark instructions (live, kept, visited) while walking one function would
//! otherwise hash every id they meet; a bit vector the size of the arena costs one
//! allocation and a shift per query. Ids are dense and never reused, so the bits of a
//! module's instructions are its first `capacity()` bits; an instruction created after the
//! set was made reads as absent, and inserting it grows the set.
//!
//! A set made once per module serves each function in turn: [`InstSet::clear`] zeroes
//! only the words inserts touched since the last clear, so emptying it costs what the
//! function put in, not the module's size (clearing the whole arena per function made
//! a pass quadratic in the number of functions).

use super::Inst;

/// A set of instructions of one module, one bit per slot.
#[derive(Clone, Debug, Default)]
pub struct InstSet {
    words: Vec<u64>,
    /// The indices of the words that are not zero (each once).
    touched: Vec<u32>,
}

impl InstSet {
    /// An empty set with room for the first `capacity` instruction slots
    /// ([`super::Module::capacity`]).
    pub fn with_capacity(capacity: usize) -> InstSet {
        InstSet {
            words: vec![0; capacity.div_ceil(64)],
            touched: Vec::new(),
        }
    }

    /// Adds `i`; returns whether it was absent.
    pub fn insert(&mut self, i: Inst) -> bool {
        let (word, bit) = (i.index() / 64, 1u64 << (i.index() % 64));
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        let w = &mut self.words[word];
        if *w == 0 {
            // Dense ids fit 32 bits (the arena's slots are `u32`s).
            self.touched.push(word as u32);
        }
        let absent = *w & bit == 0;
        *w |= bit;
        absent
    }

    /// Empties the set, keeping its storage: a pass over the words touched since the
    /// last clear.
    pub fn clear(&mut self) {
        for w in self.touched.drain(..) {
            self.words[w as usize] = 0;
        }
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

    #[test]
    fn clear_empties_every_word_touched_and_the_set_serves_again() {
        let mut s = InstSet::with_capacity(1000);
        let ids = [0, 1, 63, 64, 500, 999, 5000].map(Inst::from_index);
        for &i in &ids {
            s.insert(i);
        }
        s.clear();
        assert!(ids.iter().all(|&i| !s.contains(i)));
        assert!(s.insert(ids[3]));
        assert!(s.contains(ids[3]) && !s.contains(ids[2]));
        s.clear();
        assert!(!s.contains(ids[3]));
    }
}
