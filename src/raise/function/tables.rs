//! Side tables over a module's instructions for raising its functions one after another:
//! indexed by [`Inst`] (a lookup is an index, not a hash), sized once per module, and
//! cleared between functions in time proportional to what the function set (the sets are
//! [`crate::ir::InstSet`]s, cleared a word per 64 slots), so their storage serves every
//! function.

use super::{Form, Site};
use crate::ir::{Inst, InstSet, Module};
use crate::util::Symbol;

/// A map from instructions to `T`.
pub(super) struct InstMap<T> {
    values: Vec<Option<T>>,
    /// The keys set since the last clear.
    set: Vec<Inst>,
}

impl<T: Copy> InstMap<T> {
    fn new(capacity: usize) -> Self {
        InstMap {
            values: vec![None; capacity],
            set: Vec::new(),
        }
    }

    pub fn get(&self, i: &Inst) -> Option<&T> {
        self.values.get(i.index()).and_then(Option::as_ref)
    }

    /// Sets `i` to `v`. Instructions outside the module (none in a verified one) are
    /// not stored.
    pub fn insert(&mut self, i: Inst, v: T) {
        if let Some(slot) = self.values.get_mut(i.index()) {
            if slot.is_none() {
                self.set.push(i);
            }
            *slot = Some(v);
        }
    }

    fn clear(&mut self) {
        for i in self.set.drain(..) {
            if let Some(slot) = self.values.get_mut(i.index()) {
                *slot = None;
            }
        }
    }
}

impl<T> Default for InstMap<T> {
    fn default() -> Self {
        InstMap {
            values: Vec::new(),
            set: Vec::new(),
        }
    }
}

impl<T: Copy> std::ops::Index<&Inst> for InstMap<T> {
    type Output = T;

    /// Panics when `i` is not set, as a `HashMap` does.
    fn index(&self, i: &Inst) -> &T {
        self.get(i).expect("instruction not in the table")
    }
}

/// The tables of [`super::FnRaiser`] indexed by instruction.
#[derive(Default)]
pub(crate) struct Tables {
    pub(super) reachable: InstSet,
    pub(super) block_site: InstMap<Site>,
    pub(super) position: InstMap<u32>,
    pub(super) form: InstMap<Form>,
    pub(super) hoisted: InstSet,
    pub(super) force_bind: InstSet,
    pub(super) names: InstMap<Symbol>,
    pub(super) declared: InstSet,
    pub(super) coalesced: InstMap<Inst>,
    pub(super) block_order: InstMap<u32>,
}

impl Tables {
    pub(crate) fn new(m: &Module) -> Tables {
        let n = m.capacity();
        Tables {
            reachable: InstSet::with_capacity(n),
            block_site: InstMap::new(n),
            position: InstMap::new(n),
            form: InstMap::new(n),
            hoisted: InstSet::with_capacity(n),
            force_bind: InstSet::with_capacity(n),
            names: InstMap::new(n),
            declared: InstSet::with_capacity(n),
            coalesced: InstMap::new(n),
            block_order: InstMap::new(n),
        }
    }

    /// Empties every table, keeping its storage.
    pub fn clear(&mut self) {
        self.reachable.clear();
        self.block_site.clear();
        self.position.clear();
        self.form.clear();
        self.hoisted.clear();
        self.force_bind.clear();
        self.names.clear();
        self.declared.clear();
        self.coalesced.clear();
        self.block_order.clear();
    }
}
