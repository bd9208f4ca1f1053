//! Writing the arena: creating instructions, and every change to operands, types and
//! lists, each keeping the links of the layout (see the parent module) exact.
//!
//! Rules:
//! - Operands and their use-list links change together: a slot is unlinked from its old
//!   value before it names a new one, so a value's use list is always exactly the slots
//!   that name it. Growing an operand range past its room moves it to the end of the pool
//!   and leaves garbage slots behind; slots are never reused.
//! - The type chain follows every change of type; removal only marks an instruction
//!   dead, and chain walks skip and unlink the dead.
//! - Changing a hash-consed global value (an operand, its type) takes it out of the
//!   dedup table first and re-interns it after (`rekey`, in `intern.rs`), so the table
//!   never holds a stale key.
//! - Adding or removing a use, a child or a decoration is O(1). `set_type` walks the old
//!   type's chain (O(values of that type)); removal is linear in the removed subtree.

use super::{
    FLAG_DEAD, FLAG_DECORATED, FLAG_LONG, Inst, InstData, Module, NONE, SHORT_LEN_MAX, SPARE_USER,
    UseSlot, inst, opt, raw, raw_opt,
};
use crate::ir::opcode::Opcode;

impl Module {
    // ---- creation ---------------------------------------------------------------------

    pub(super) fn alloc(&mut self, op: Opcode, ty: Option<Inst>, payload: u32) -> Inst {
        let id = Inst::from_index(self.insts.len());
        self.insts.push(InstData {
            code: op as u16,
            len: 0,
            ty: None,
            ty_link: NONE,
            parent: None,
            prev: None,
            next: None,
            payload,
            first_use: NONE,
        });
        if let Some(t) = ty {
            self.data_mut(id).ty = Some(t);
            self.chain_add(id, t);
        }
        id
    }

    /// Creates a detached instruction. Containers get no operands; use
    /// [`Module::create_constant`] for scalar constants.
    pub fn create(&mut self, op: Opcode, ty: Option<Inst>, operands: &[Inst]) -> Inst {
        debug_assert!(op != Opcode::Constant);
        debug_assert!(!op.is_container() || operands.is_empty());
        let payload = if op.is_container() {
            NONE
        } else {
            self.pool.len() as u32
        };
        let id = self.alloc(op, ty, payload);
        if !op.is_container() {
            self.set_len(id, operands.len());
            for &v in operands {
                let slot = self.pool.len() as u32;
                self.pool.push(UseSlot {
                    value: raw(v),
                    user: raw(id),
                    prev: NONE,
                    next: NONE,
                });
                self.link_use(slot, v);
            }
        }
        id
    }

    /// Creates a detached scalar constant of type `ty` with literal bits `bits`.
    pub fn create_constant(&mut self, ty: Inst, bits: u32) -> Inst {
        self.alloc(Opcode::Constant, Some(ty), bits)
    }

    /// Creates a detached placeholder for a forward reference. `global` says whether it
    /// stands for a module-scope instruction.
    pub(crate) fn create_placeholder(&mut self, global: bool) -> Inst {
        self.alloc(Opcode::Placeholder, None, u32::from(global))
    }

    fn set_len(&mut self, i: Inst, len: usize) {
        let d = &mut self.insts.as_mut_slice()[i.index()];
        if len >= SHORT_LEN_MAX {
            d.code |= FLAG_LONG;
            d.len = u16::MAX;
            self.long_lens.insert(raw(i), len as u32);
        } else {
            if d.code & FLAG_LONG != 0 {
                d.code &= !FLAG_LONG;
                self.long_lens.remove(&raw(i));
            }
            d.len = len as u16;
        }
    }

    // ---- raw construction, for the binary reader ----------------------------------------

    /// A detached instruction with no type and no operands (`literal` for constants).
    pub(crate) fn alloc_raw(&mut self, op: Opcode, literal: u32) -> Inst {
        let payload = if op.is_container() {
            NONE
        } else if op == Opcode::Constant {
            literal
        } else {
            self.pool.len() as u32
        };
        self.alloc(op, None, payload)
    }

    /// Sets the type of an untyped instruction. Types (values typed by the `type` kind)
    /// must be typed before the values they type, so that the type chains are right.
    pub(crate) fn init_type(&mut self, i: Inst, t: Inst) {
        debug_assert!(self.data(i).ty.is_none());
        self.data_mut(i).ty = Some(t);
        self.chain_add(i, t);
    }

    /// Appends an operand without any re-hashing.
    pub(crate) fn push_operand_raw(&mut self, i: Inst, v: Inst) {
        self.raw_push_operand(i, v);
    }

    // ---- use lists ----------------------------------------------------------------------

    // The use-list surgery indexes slices, not the `Vec`s, like `data`: at opt-level "z"
    // `Vec`'s `IndexMut` is a call of its own.

    #[inline]
    pub(super) fn link_use(&mut self, slot: u32, v: Inst) {
        let head = self.data(v).first_use;
        let s = &mut self.pool.as_mut_slice()[slot as usize];
        s.prev = NONE;
        s.next = head;
        if head != NONE {
            self.pool.as_mut_slice()[head as usize].prev = slot;
        }
        self.data_mut(v).first_use = slot;
    }

    #[inline]
    fn unlink_use(&mut self, slot: u32) {
        let UseSlot {
            value, prev, next, ..
        } = self.pool.as_slice()[slot as usize];
        if prev != NONE {
            self.pool.as_mut_slice()[prev as usize].next = next;
        } else if value != NONE {
            self.insts.as_mut_slice()[value as usize].first_use = next;
        }
        if next != NONE {
            self.pool.as_mut_slice()[next as usize].prev = prev;
        }
    }

    /// Moves a live slot to position `to`, fixing its neighbours' links.
    fn move_slot(&mut self, from: u32, to: u32) {
        let s = self.pool.as_slice()[from as usize];
        self.pool.as_mut_slice()[to as usize] = s;
        if s.prev != NONE {
            self.pool.as_mut_slice()[s.prev as usize].next = to;
        } else {
            self.insts.as_mut_slice()[s.value as usize].first_use = to;
        }
        if s.next != NONE {
            self.pool.as_mut_slice()[s.next as usize].prev = to;
        }
        self.pool.as_mut_slice()[from as usize] = UseSlot::GARBAGE;
    }

    /// Replaces operand `k` of `i` with `v`. The caller keeps the dedup table right (see
    /// [`Module::set_operand`]).
    fn raw_set_operand(&mut self, i: Inst, k: usize, v: Inst) {
        let (start, len) = self.operand_range(i);
        assert!(k < len, "operand {k} out of range");
        let slot = (start + k) as u32;
        self.unlink_use(slot);
        self.pool[slot as usize].value = raw(v);
        self.link_use(slot, v);
    }

    fn raw_push_operand(&mut self, i: Inst, v: Inst) {
        let (start, len) = self.operand_range(i);
        let end = start + len;
        let slot = if end < self.pool.len() && self.pool[end].user == SPARE_USER {
            end
        } else if end == self.pool.len() {
            self.pool.push(UseSlot::SPARE);
            end
        } else {
            // Move to the end of the pool with power-of-two room.
            let cap = (len + 1).next_power_of_two().max(4);
            let new_start = self.pool.len();
            self.pool.resize(new_start + cap, UseSlot::SPARE);
            for k in 0..len {
                self.move_slot((start + k) as u32, (new_start + k) as u32);
            }
            let mut k = end;
            while k < self.pool.len() && self.pool[k].user == SPARE_USER {
                self.pool[k] = UseSlot::GARBAGE;
                k += 1;
            }
            self.data_mut(i).payload = new_start as u32;
            new_start + len
        };
        self.pool[slot] = UseSlot {
            value: raw(v),
            user: raw(i),
            prev: NONE,
            next: NONE,
        };
        self.link_use(slot as u32, v);
        self.set_len(i, len + 1);
    }

    fn raw_remove_operand(&mut self, i: Inst, k: usize) {
        let (start, len) = self.operand_range(i);
        assert!(k < len, "operand {k} out of range");
        self.unlink_use((start + k) as u32);
        for j in k + 1..len {
            self.move_slot((start + j) as u32, (start + j - 1) as u32);
        }
        self.pool[start + len - 1] = UseSlot::SPARE;
        self.set_len(i, len - 1);
    }

    /// Drops every operand of `i` (their uses go away).
    fn drop_operands(&mut self, i: Inst) {
        if self.opcode(i).is_container() || self.opcode(i) == Opcode::Constant {
            return;
        }
        let (start, len) = self.operand_range(i);
        for k in 0..len {
            self.unlink_use((start + k) as u32);
            self.pool[start + k] = UseSlot::GARBAGE;
        }
        let mut k = start + len;
        while k < self.pool.len() && self.pool[k].user == SPARE_USER {
            self.pool[k] = UseSlot::GARBAGE;
            k += 1;
        }
        self.set_len(i, 0);
    }

    /// Replaces operand `k` of `i` with `v`, re-hashing `i` if it is a global value.
    pub fn set_operand(&mut self, i: Inst, k: usize, v: Inst) {
        self.rekey(i, |m| m.raw_set_operand(i, k, v));
    }

    /// Appends an operand (a block argument, a switch case, …).
    pub fn push_operand(&mut self, i: Inst, v: Inst) {
        self.rekey(i, |m| m.raw_push_operand(i, v));
    }

    /// Removes operand `k`; later operands move down by one.
    pub fn remove_operand(&mut self, i: Inst, k: usize) {
        self.rekey(i, |m| m.raw_remove_operand(i, k));
    }

    /// Replaces all operands of `i`.
    pub fn set_operands(&mut self, i: Inst, operands: &[Inst]) {
        self.rekey(i, |m| {
            m.drop_operands(i);
            for &v in operands {
                m.raw_push_operand(i, v);
            }
        });
    }

    // ---- type chains --------------------------------------------------------------------

    #[inline]
    pub(super) fn chain_add(&mut self, x: Inst, t: Inst) {
        if !self.heads_type_chain(t) {
            // The `type` kind's users are not tracked; a non-type used as a type is an
            // error the verifier reports.
            return;
        }
        let head = self.data(t).ty_link;
        self.data_mut(x).ty_link = head;
        self.data_mut(t).ty_link = raw(x);
    }

    fn chain_remove(&mut self, x: Inst, t: Inst) {
        if !self.heads_type_chain(t) {
            return;
        }
        let mut prev: Option<Inst> = None;
        let mut cur = self.data(t).ty_link;
        while cur != NONE {
            let next = self.insts[cur as usize].ty_link;
            if cur == raw(x) {
                match prev {
                    None => self.data_mut(t).ty_link = next,
                    Some(p) => self.data_mut(p).ty_link = next,
                }
                return;
            }
            prev = Some(inst(cur));
            cur = next;
        }
    }

    /// Changes the type of `i`. This walks the old type's chain of users, so it costs
    /// O(values of the old type); `replace_all_uses_with` on a type moves a whole chain at
    /// once instead.
    pub fn set_type(&mut self, i: Inst, t: Inst) {
        let keyed = self.is_interned(i);
        if keyed {
            self.remove_dedup(i);
        }
        let was_type_valued = self.is_type_valued(i);
        debug_assert_eq!(
            was_type_valued,
            t == self.type_kind,
            "set_type cannot change whether a value is a type"
        );
        if let Some(old) = self.data(i).ty {
            self.chain_remove(i, old);
        }
        self.data_mut(i).ty = Some(t);
        if !was_type_valued {
            self.chain_add(i, t);
        }
        if keyed || self.opcode(i).is_hoistable() {
            self.rehoist(vec![i]);
        }
    }

    // ---- child lists ------------------------------------------------------------------

    pub(super) fn list_head(&self, owner: Inst, decorations: bool) -> Option<Inst> {
        if decorations {
            if self.has_decorations(owner) {
                self.decorations.get(&raw(owner)).map(|&d| inst(d))
            } else {
                None
            }
        } else {
            opt(self.data(owner).payload)
        }
    }

    fn set_list_head(&mut self, owner: Inst, decorations: bool, head: Option<Inst>) {
        if decorations {
            match head {
                Some(h) => {
                    self.decorations.insert(raw(owner), raw(h));
                    self.data_mut(owner).code |= FLAG_DECORATED;
                }
                None => {
                    self.decorations.remove(&raw(owner));
                    self.data_mut(owner).code &= !FLAG_DECORATED;
                }
            }
        } else {
            self.data_mut(owner).payload = raw_opt(head);
        }
    }

    pub(super) fn link_last(&mut self, owner: Inst, child: Inst) {
        let deco = self.opcode(child).is_decoration();
        debug_assert!(deco || self.opcode(owner).is_container());
        debug_assert!(self.data(child).parent.is_none(), "already attached");
        match self.list_head(owner, deco) {
            None => {
                self.set_list_head(owner, deco, Some(child));
                let d = self.data_mut(child);
                d.prev = Some(child);
                d.next = None;
            }
            Some(first) => {
                let last = self.data(first).prev.unwrap_or(first);
                self.data_mut(last).next = Some(child);
                let d = self.data_mut(child);
                d.prev = Some(last);
                d.next = None;
                self.data_mut(first).prev = Some(child);
            }
        }
        self.data_mut(child).parent = Some(owner);
    }

    /// Appends a detached instruction to a container's children (or, for a decoration,
    /// to `owner`'s decorations).
    pub fn append_child(&mut self, owner: Inst, child: Inst) {
        self.link_last(owner, child);
    }

    /// Inserts a detached instruction just before `anchor`, in `anchor`'s list.
    pub fn insert_before(&mut self, anchor: Inst, child: Inst) {
        debug_assert!(self.data(child).parent.is_none(), "already attached");
        let owner = self.data(anchor).parent.expect("anchor is attached");
        let deco = self.opcode(anchor).is_decoration();
        let first = self.list_head(owner, deco);
        let anchor_prev = self.data(anchor).prev;
        {
            let d = self.data_mut(child);
            d.parent = Some(owner);
            d.next = Some(anchor);
            d.prev = anchor_prev;
        }
        self.data_mut(anchor).prev = Some(child);
        if first == Some(anchor) {
            self.set_list_head(owner, deco, Some(child));
        } else if let Some(p) = anchor_prev {
            self.data_mut(p).next = Some(child);
        }
    }

    /// Inserts a detached instruction just after `anchor`, in `anchor`'s list.
    pub fn insert_after(&mut self, anchor: Inst, child: Inst) {
        match self.data(anchor).next {
            Some(n) => self.insert_before(n, child),
            None => {
                let owner = self.data(anchor).parent.expect("anchor is attached");
                self.link_last(owner, child);
            }
        }
    }

    /// Takes an instruction out of its list; it stays alive, with its operands and uses.
    pub fn detach(&mut self, child: Inst) {
        let Some(owner) = self.data(child).parent else {
            return;
        };
        if self.hoist_cursor == Some(child) {
            self.hoist_cursor = self.prev_sibling(child);
        }
        let deco = self.opcode(child).is_decoration();
        let first = self
            .list_head(owner, deco)
            .expect("attached child has a list");
        let (prev, next) = (self.data(child).prev, self.data(child).next);
        if child == first {
            if let Some(n) = next {
                self.data_mut(n).prev = prev;
            }
            self.set_list_head(owner, deco, next);
        } else {
            if let Some(p) = prev {
                self.data_mut(p).next = next;
            }
            match next {
                Some(n) => self.data_mut(n).prev = prev,
                None => self.data_mut(first).prev = prev,
            }
        }
        let d = self.data_mut(child);
        d.parent = None;
        d.prev = None;
        d.next = None;
    }

    /// Adds a decoration instruction `op operands…` to `target`.
    pub fn add_decoration(&mut self, target: Inst, op: Opcode, operands: &[Inst]) -> Inst {
        debug_assert!(op.is_decoration());
        let void = self.intern(Opcode::Void, Some(self.type_kind), &[], 0);
        let d = self.create(op, Some(void), operands);
        self.link_last(target, d);
        d
    }

    // ---- removal ------------------------------------------------------------------------

    /// Removes an instruction together with its children and decorations. Nothing
    /// outside it may still use it or them.
    pub fn remove(&mut self, i: Inst) {
        // Most removals are of one instruction: no list to allocate for them.
        if self.first_child(i).is_none() && !self.has_decorations(i) {
            return self.remove_subtree(i, &[i]);
        }
        // Every instruction of the subtree, children before decorations, in pre-order.
        let mut subtree = vec![i];
        let mut k = 0;
        while k < subtree.len() {
            let x = subtree[k];
            subtree.extend(self.children(x));
            subtree.extend(self.decorations(x));
            k += 1;
        }
        self.remove_subtree(i, &subtree);
    }

    /// Removes `i`, whose subtree (itself, children and decorations) is `subtree`.
    fn remove_subtree(&mut self, i: Inst, subtree: &[Inst]) {
        for &x in subtree {
            if self.is_interned(x) {
                self.remove_dedup(x);
            }
            self.drop_operands(x);
        }
        self.detach(i);
        for &x in subtree {
            debug_assert!(
                self.data(x).first_use == NONE,
                "removing {x:?} ({:?}) which still has uses",
                self.opcode(x)
            );
            if x != i {
                let d = self.data_mut(x);
                d.parent = None;
            }
            if self.has_decorations(x) {
                self.decorations.remove(&raw(x));
            }
            self.names.remove(&raw(x));
            let d = self.data_mut(x);
            d.code = (d.code | FLAG_DEAD) & !FLAG_DECORATED;
            if !self.opcode(x).is_container() && self.opcode(x) != Opcode::Constant {
                // Dead instructions keep no operand range.
                self.data_mut(x).len = 0;
            }
        }
    }
}
