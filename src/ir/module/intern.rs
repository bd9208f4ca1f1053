//! Hash-consing of global values, re-hoisting, and `replace_all_uses_with` (the rules
//! are in the essay of `ir/mod.rs`, "Global values and hash-consing").
//!
//! Rules:
//! - The dedup table holds exactly the live hoistable instructions at module scope, each
//!   keyed by opcode, type, literal bits and operands; no two keys are equal.
//! - A keyed instruction leaves the table before its key changes and is re-entered
//!   after (`rekey`); if an equal one exists by then, it is merged into that one.
//! - Re-hoisting is a work list, not recursion: an instruction whose operands and type
//!   become all-global moves to the end of the global-value prefix (or merges), and its
//!   users join the list, since they may have become all-global too.
//! - `replace_all_uses_with` is O(uses): it relinks the use list and the type chain of
//!   the old value in one walk each.

use super::{Inst, Module, NONE, UseSlot, inst, raw, raw_opt};
use crate::ir::opcode::Opcode;
use crate::util::map::fold;
use rustc_hash::FxHasher;
use std::hash::Hasher;

fn hash_key(op: Opcode, ty: u32, literal: u32, operands: impl Iterator<Item = u32>) -> u32 {
    let mut h = FxHasher::default();
    h.write_u16(op as u16);
    h.write_u32(ty);
    h.write_u32(literal);
    for x in operands {
        h.write_u32(x);
    }
    fold(h.finish())
}

impl Module {
    /// Re-enters every module-scope hoistable instruction in the dedup table and puts the
    /// hoist cursor after the last instruction of the global-value prefix.
    pub(crate) fn rebuild_globals(&mut self) {
        self.dedup.clear();
        self.hoist_cursor = None;
        let kids = self.children_vec(self.root);
        let mut in_prefix = true;
        for c in kids {
            let op = self.opcode(c);
            let global_value = op.is_hoistable() || op == Opcode::Struct;
            if op.is_hoistable() {
                let dup = {
                    let ops = self.operands_vec(c);
                    self.find_interned(op, self.data(c).ty, &ops, self.literal_key(c))
                };
                if dup.is_none() {
                    self.insert_dedup(c);
                }
            }
            if in_prefix && global_value {
                self.hoist_cursor = Some(c);
            } else {
                in_prefix = false;
            }
        }
    }

    /// Applies a mutation to `i`; if `i` is a hash-consed global value it leaves the dedup
    /// table first and is re-interned after (merging into an equal one if there is one).
    pub(super) fn rekey(&mut self, i: Inst, mutate: impl FnOnce(&mut Module)) {
        let keyed = self.is_interned(i);
        if keyed {
            self.remove_dedup(i);
        }
        mutate(self);
        if keyed || self.opcode(i).is_hoistable() {
            self.rehoist(vec![i]);
        }
    }

    // ---- hash-consing -------------------------------------------------------------------

    /// Whether `i` is currently a member of the dedup table.
    pub(super) fn is_interned(&self, i: Inst) -> bool {
        let op = self.opcode(i);
        op.is_hoistable() && !self.is_dead(i) && self.data(i).parent == Some(self.root)
    }

    fn literal_key(&self, i: Inst) -> u32 {
        if self.opcode(i) == Opcode::Constant {
            self.data(i).payload
        } else {
            0
        }
    }

    fn hash_of(&self, i: Inst) -> u32 {
        hash_key(
            self.opcode(i),
            raw_opt(self.data(i).ty),
            self.literal_key(i),
            self.operands(i).map(raw),
        )
    }

    fn same_key(&self, i: Inst, op: Opcode, ty: Option<Inst>, literal: u32, ops: &[Inst]) -> bool {
        self.opcode(i) == op
            && self.data(i).ty == ty
            && self.literal_key(i) == literal
            && self.num_operands(i) == ops.len()
            && self.operands(i).eq(ops.iter().copied())
    }

    pub(super) fn insert_dedup(&mut self, i: Inst) {
        let hash = self.hash_of(i);
        self.dedup.insert_unique(hash, raw(i));
    }

    pub(super) fn remove_dedup(&mut self, i: Inst) {
        let hash = self.hash_of(i);
        self.dedup.remove(hash, raw(i));
    }

    /// Looks up a global value equal to `op ty operands literal`.
    pub fn find_interned(
        &self,
        op: Opcode,
        ty: Option<Inst>,
        operands: &[Inst],
        literal: u32,
    ) -> Option<Inst> {
        let hash = hash_key(op, raw_opt(ty), literal, operands.iter().map(|&x| raw(x)));
        self.dedup
            .find(hash, &mut |x| {
                self.same_key(inst(x), op, ty, literal, operands)
            })
            .map(inst)
    }

    /// The global value `op ty operands` (with `literal` for a scalar `constant`): the
    /// existing one if there is one, else a new one at the end of the global-value prefix
    /// of the module. Every operand and the type must be global.
    pub fn intern(
        &mut self,
        op: Opcode,
        ty: Option<Inst>,
        operands: &[Inst],
        literal: u32,
    ) -> Inst {
        debug_assert!(op.is_hoistable());
        debug_assert!(operands.iter().all(|&x| self.is_global(x)));
        if let Some(found) = self.find_interned(op, ty, operands, literal) {
            return found;
        }
        let i = if op == Opcode::Constant {
            self.create_constant(ty.expect("constants are typed"), literal)
        } else {
            self.create(op, ty, operands)
        };
        self.place_global(i);
        self.insert_dedup(i);
        i
    }

    /// Attaches a detached instruction at the end of the global-value prefix.
    pub(crate) fn place_global(&mut self, i: Inst) {
        match self.hoist_cursor {
            Some(c) => self.insert_after(c, i),
            None => match self.first_child(self.root) {
                Some(first) => self.insert_before(first, i),
                None => self.link_last(self.root, i),
            },
        }
        self.hoist_cursor = Some(i);
    }

    /// Whether every operand and the type of `i` are global, so `i` may be hoisted.
    fn hoistable_now(&self, i: Inst) -> bool {
        self.data(i).ty.is_none_or(|t| self.is_global(t))
            && self.operands(i).all(|x| self.is_global(x))
    }

    /// Re-hoists and re-deduplicates hoistable instructions whose operands changed: each
    /// one that is now all-global moves to module scope, or, if an equal global value
    /// exists, is replaced by it everywhere and removed.
    pub(super) fn rehoist(&mut self, mut work: Vec<Inst>) {
        while let Some(u) = work.pop() {
            if self.is_dead(u) || !self.opcode(u).is_hoistable() {
                continue;
            }
            if self.is_interned(u) {
                // Already keyed (it may have been re-keyed through another path).
                let hash = self.hash_of(u);
                if self.dedup.find(hash, &mut |x| x == raw(u)).is_some() {
                    continue;
                }
            }
            if !self.hoistable_now(u) {
                continue;
            }
            let ops = self.operands_vec(u);
            let existing =
                self.find_interned(self.opcode(u), self.data(u).ty, &ops, self.literal_key(u));
            match existing {
                Some(e) if e != u => {
                    let more = self.replace_uses_collect(u, e);
                    self.remove(u);
                    work.extend(more);
                }
                _ => {
                    if self.data(u).parent != Some(self.root) {
                        self.detach(u);
                        self.place_global(u);
                        // Its users may have become all-global too.
                        work.extend(self.uses(u).map(|x| x.user));
                        work.extend(self.typed_users(u));
                    }
                    self.insert_dedup(u);
                }
            }
        }
    }

    // ---- replace_all_uses_with --------------------------------------------------------

    /// Makes every use of `old` (as an operand, and as a type if `old` is type-valued) a
    /// use of `new`, in O(uses). Hoistable users whose operands become all-global are
    /// hoisted to module scope, and merged with an equal global value if one exists,
    /// recursively (DESIGN §3.1: `ptr<function, %T>` becomes `ptr<function, i32>` when
    /// `%T` is replaced by `i32`, and then is the one `ptr<function, i32>` of the module).
    pub fn replace_all_uses_with(&mut self, old: Inst, new: Inst) {
        if old == new {
            return;
        }
        let work = self.replace_uses_collect(old, new);
        self.rehoist(work);
    }

    /// Moves the uses of `old` to `new` and returns the hoistable users to re-hoist.
    fn replace_uses_collect(&mut self, old: Inst, new: Inst) -> Vec<Inst> {
        let mut touched = Vec::new();
        let mut slot = self.data(old).first_use;
        while slot != NONE {
            let UseSlot { next, user, .. } = self.pool[slot as usize];
            let user = inst(user);
            if self.opcode(user).is_hoistable() {
                if self.is_interned(user) {
                    self.remove_dedup(user);
                }
                touched.push(user);
            }
            self.pool[slot as usize].value = raw(new);
            self.link_use(slot, new);
            slot = next;
        }
        self.data_mut(old).first_use = NONE;
        if self.heads_type_chain(old) {
            let mut cur = self.data(old).ty_link;
            self.data_mut(old).ty_link = NONE;
            while cur != NONE {
                let x = inst(cur);
                let next = self.data(x).ty_link;
                if !self.is_dead(x) {
                    if self.opcode(x).is_hoistable() {
                        if self.is_interned(x) {
                            self.remove_dedup(x);
                        }
                        touched.push(x);
                    }
                    self.data_mut(x).ty = Some(new);
                    self.chain_add(x, new);
                }
                cur = next;
            }
        }
        touched
    }
}
