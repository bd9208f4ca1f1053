//! A string interner: each distinct name is stored once and named by a [`Symbol`].
//!
//! Names in the AST are symbols so that comparing two names is comparing two integers, and
//! so that sema can key side tables by name without hashing strings again. The table uses
//! the Fx hash (`rustc-hash`), as rustc does: names are short, and the lexer interns every
//! identifier it meets, so a fast hash matters more than resistance to crafted collisions.
//!
//! All names live end to end in one `String`, found through a hash index of symbols (the
//! shared, non-generic [`Index`] of `util::map`): interning a new name appends its bytes
//! instead of allocating it (twice, as a map keyed by boxed strings would), and cloning or
//! dropping the interner (every IR module has one) costs three buffers whatever the number
//! of names.

use super::map::{Index, fold};
use std::hash::Hasher;

crate::entity_id! {
    /// An interned string. Only meaningful together with the [`Interner`] that made it.
    pub struct Symbol;
}

#[derive(Default, Clone)]
pub struct Interner {
    /// Every name, in symbol order, end to end.
    text: String,
    /// Each symbol's end offset in `text`; its start is the previous symbol's end.
    ends: Vec<u32>,
    /// The symbols' indices, found by the Fx hash of their text.
    table: Index,
}

/// The Fx hash of a name's bytes (written directly: `str`'s `Hash` adds a terminator
/// byte and two calls, which a table of whole names does not need).
fn hash(s: &str) -> u32 {
    let mut h = rustc_hash::FxHasher::default();
    h.write(s.as_bytes());
    fold(h.finish())
}

/// The symbol with index `k` in the table.
fn sym(k: u32) -> Symbol {
    Symbol::from_index(k as usize)
}

/// The byte range of `sym`'s text in the buffers of an interner.
fn range_of(ends: &[u32], sym: Symbol) -> std::ops::Range<usize> {
    let k = sym.index();
    let start = if k == 0 { 0 } else { ends[k - 1] as usize };
    start..ends[k] as usize
}

/// The text of `sym` in the buffers of an interner.
fn text_of<'a>(text: &'a str, ends: &[u32], sym: Symbol) -> &'a str {
    &text[range_of(ends, sym)]
}

/// Whether `sym`'s text is `s`, comparing bytes (the hot probe of every lookup; slicing
/// the `str` would check character boundaries first).
fn is(text: &str, ends: &[u32], sym: Symbol, s: &str) -> bool {
    text.as_bytes()[range_of(ends, sym)] == *s.as_bytes()
}

impl Interner {
    pub fn new() -> Self {
        Self::default()
    }

    /// An interner with room for `names` names of `bytes` bytes in all, so that filling it
    /// (the lexer interns every name of a source) does not rehash and copy as it grows.
    pub fn with_capacity(names: usize, bytes: usize) -> Self {
        Self {
            text: String::with_capacity(bytes),
            ends: Vec::with_capacity(names),
            table: Index::with_capacity(names),
        }
    }

    /// The symbol for `s`, creating it on first sight.
    pub fn intern(&mut self, s: &str) -> Symbol {
        let h = hash(s);
        let Interner { text, ends, table } = self;
        let found = table.find_or_slot(h, &mut |k| is(text, ends, sym(k), s));
        let slot = match found {
            Ok(k) => return sym(k),
            Err(slot) => slot,
        };
        let k = ends.len();
        text.push_str(s);
        let end = u32::try_from(text.len()).expect("interned text past 4 GiB");
        ends.push(end);
        table.fill(slot, h, k as u32);
        Symbol::from_index(k)
    }

    /// The symbol for `s` if it was ever interned.
    pub fn get(&self, s: &str) -> Option<Symbol> {
        let found = self
            .table
            .find(hash(s), &mut |k| is(&self.text, &self.ends, sym(k), s));
        found.map(sym)
    }

    pub fn resolve(&self, sym: Symbol) -> &str {
        text_of(&self.text, &self.ends, sym)
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

impl std::fmt::Debug for Interner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries((0..self.len()).map(|k| self.resolve(Symbol::from_index(k))))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_stable() {
        let mut i = Interner::new();
        let a = i.intern("a");
        let b = i.intern("b");
        assert_ne!(a, b);
        assert_eq!(i.intern("a"), a);
        assert_eq!(i.resolve(b), "b");
        assert_eq!(i.get("c"), None);
        assert_eq!(std::mem::size_of::<Option<Symbol>>(), 4);
    }
}
