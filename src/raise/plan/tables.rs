//! The plan's data: how each value is written ([`Form`]), where things sit in the
//! structure ([`Site`], regions), and the side tables over a module's instructions for
//! raising its functions one after another: indexed by [`Inst`] (a lookup is an index,
//! not a hash), sized once per module, and cleared between functions in time proportional
//! to what the function set (the sets are [`crate::ir::InstSet`]s, cleared a word per 64
//! slots), so their storage serves every function.

use crate::ir::structure::RegionId;
use crate::ir::{Inst, InstSet, Module};

/// Index "after every node" of a region: where a loop's continuing sits in its body.
pub(super) const END: u32 = u32::MAX;

/// How a value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    /// A function parameter, by name.
    FnParam,
    /// A block parameter: a variable assigned on every incoming edge.
    BlockVar,
    /// A function-scope variable (memory), by name.
    MemVar,
    /// Written again at each use: access chains, buffer views, handle loads.
    Remat,
    /// Used once in its own block: pending until its user is written.
    Inline,
    /// A `let` at its definition (or a variable declared elsewhere when hoisted).
    Let,
    /// `insert` through a temporary variable.
    InsertTemp,
    /// Written as a statement for its effect; no value is used.
    Effect,
    /// Not written.
    Dead,
    /// Assigned at its definition to the loop header parameter it is the next value of
    /// (`sum = sum + x;` in the body rather than a copy at the back edge).
    Assigned,
}

/// What a region is to the node that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RegionKind {
    Root,
    Arm,
    Body,
    Continuing,
    Case,
}

pub(super) struct RegionInfo {
    pub parent: Option<(RegionId, u32)>,
    pub depth: u32,
    pub kind: RegionKind,
}

/// A place in the structure: a region and the index of the node in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Site {
    pub region: RegionId,
    pub index: u32,
}

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

/// The tables of the plan indexed by instruction; `N` is the emitter's name.
pub struct Tables<N> {
    pub(super) reachable: InstSet,
    pub(super) block_site: InstMap<Site>,
    pub(super) position: InstMap<u32>,
    pub(super) form: InstMap<Form>,
    pub(super) hoisted: InstSet,
    pub(super) force_bind: InstSet,
    pub(super) names: InstMap<N>,
    pub(super) declared: InstSet,
    pub(super) coalesced: InstMap<Inst>,
    pub(super) block_order: InstMap<u32>,
}

impl<N> Default for Tables<N> {
    fn default() -> Self {
        Tables {
            reachable: InstSet::default(),
            block_site: InstMap::default(),
            position: InstMap::default(),
            form: InstMap::default(),
            hoisted: InstSet::default(),
            force_bind: InstSet::default(),
            names: InstMap::default(),
            declared: InstSet::default(),
            coalesced: InstMap::default(),
            block_order: InstMap::default(),
        }
    }
}

impl<N: Copy> Tables<N> {
    /// Tables for the functions of module `m`.
    pub fn new(m: &Module) -> Tables<N> {
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
