//! A string interner: each distinct name is stored once and named by a [`Symbol`].
//!
//! Names in the AST are symbols so that comparing two names is comparing two integers, and
//! so that sema can key side tables by name without hashing strings again. The table uses
//! the Fx hash (`rustc-hash`), as rustc does: names are short, and the lexer interns every
//! identifier it meets, so a fast hash matters more than resistance to crafted collisions.

use rustc_hash::FxHashMap as HashMap;

crate::entity_id! {
    /// An interned string. Only meaningful together with the [`Interner`] that made it.
    pub struct Symbol;
}

#[derive(Default, Clone)]
pub struct Interner {
    map: HashMap<Box<str>, Symbol>,
    strings: Vec<Box<str>>,
}

impl Interner {
    pub fn new() -> Self {
        Self::default()
    }

    /// The symbol for `s`, creating it on first sight.
    pub fn intern(&mut self, s: &str) -> Symbol {
        if let Some(&sym) = self.map.get(s) {
            return sym;
        }
        let sym = Symbol::from_index(self.strings.len());
        let boxed: Box<str> = s.into();
        self.strings.push(boxed.clone());
        self.map.insert(boxed, sym);
        sym
    }

    /// The symbol for `s` if it was ever interned.
    pub fn get(&self, s: &str) -> Option<Symbol> {
        self.map.get(s).copied()
    }

    pub fn resolve(&self, sym: Symbol) -> &str {
        &self.strings[sym.index()]
    }

    pub fn len(&self) -> usize {
        self.strings.len()
    }

    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }
}

impl std::fmt::Debug for Interner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.strings.iter()).finish()
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
