//! The instruction arena: storage, operands and use lists, child lists, type chains,
//! hash-consing of global values, and `replace_all_uses_with`.
//!
//! Layout (the numbers are what keeps an instruction small):
//! - [`InstData`] is 32 bytes: opcode and flags, operand count, type, the type-chain link,
//!   parent, previous and next sibling, a payload word, and the head of the use list.
//! - The payload is the start of the operand range for operations, the first child for
//!   containers, and the literal bits for a scalar `constant`. Containers and constants have
//!   no operands, so one word serves all three.
//! - Operands live in one pool of 16-byte [`UseSlot`]s: the used value, the user, and the
//!   previous and next slot in the value's use list (doubly linked, so adding or removing a
//!   use is O(1)). An instruction's operands are one contiguous range; growing it past its
//!   capacity moves it to the end of the pool with power-of-two room.
//! - Child lists are doubly linked through `prev`/`next`; the first child's `prev` is the
//!   last child, so appending is O(1) without a second head field.
//! - The uses of a value *as a type* are tracked by the type chain: a type-valued
//!   instruction (one whose type is the `type` kind) keeps in `ty_link` the head of a singly
//!   linked chain of the instructions it types; every other instruction keeps there its
//!   next link in its own type's chain. Removed instructions stay in the chain, marked dead,
//!   and walks skip and unlink them. Removed slots are never reused, so this is safe.
//! - Decorations, debug names, spans and over-long operand counts are side tables.

use super::opcode::Opcode;
use crate::diag::Span;
use crate::util::{Interner, Symbol};
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

crate::entity_id! {
    /// Any instruction of a [`Module`]: the universal id. The typed views [`Func`],
    /// [`Block`], [`Type`] and [`Value`] wrap it.
    pub struct Inst;
}

pub(crate) const NONE: u32 = u32::MAX;
const SPARE_USER: u32 = u32::MAX - 1;

const FLAG_DEAD: u16 = 1 << 15;
const FLAG_DECORATED: u16 = 1 << 14;
const FLAG_LONG: u16 = 1 << 13;
const OPCODE_MASK: u16 = (1 << 10) - 1;

/// Every code the mask lets through, mapped to its opcode (codes past the last opcode are
/// never written; they map to the first so the table is total). Indexing a fixed
/// 1,024-entry array with a masked code needs no bounds check, and `Module::opcode` sits
/// under nearly every pass and back end, so the saved compare and branch add up.
static OPCODE_BY_CODE: [Opcode; OPCODE_MASK as usize + 1] = {
    let all = super::opcode::ALL;
    let mut table = [all[0]; OPCODE_MASK as usize + 1];
    let mut k = 0;
    while k < all.len() {
        table[k] = all[k];
        k += 1;
    }
    table
};

#[inline(always)]
fn decode(code: u16) -> Opcode {
    OPCODE_BY_CODE[(code & OPCODE_MASK) as usize]
}
const SHORT_LEN_MAX: usize = u16::MAX as usize;

#[derive(Clone, Copy, Debug)]
pub(crate) struct InstData {
    code: u16,
    len: u16,
    ty: Option<Inst>,
    ty_link: u32,
    parent: Option<Inst>,
    prev: Option<Inst>,
    next: Option<Inst>,
    payload: u32,
    first_use: u32,
}

/// One operand: a use of `value` by `user`, linked into `value`'s use list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UseSlot {
    value: u32,
    user: u32,
    prev: u32,
    next: u32,
}

impl UseSlot {
    const GARBAGE: UseSlot = UseSlot {
        value: NONE,
        user: NONE,
        prev: NONE,
        next: NONE,
    };
    const SPARE: UseSlot = UseSlot {
        value: NONE,
        user: SPARE_USER,
        prev: NONE,
        next: NONE,
    };
}

/// The instruction stored as `raw` in the arena's words. Those are indices below the
/// arena's length, and `NONE` is always tested before this (`opt`): no check is left to
/// fail, so the conversion stays a single add where every operand and link is read.
#[inline]
fn inst(raw: u32) -> Inst {
    debug_assert_ne!(raw, NONE, "NONE read as an instruction");
    Inst(std::num::NonZeroU32::MIN.saturating_add(raw))
}

#[inline]
fn raw(i: Inst) -> u32 {
    i.index() as u32
}

#[inline]
fn raw_opt(i: Option<Inst>) -> u32 {
    i.map_or(NONE, raw)
}

#[inline]
fn opt(raw: u32) -> Option<Inst> {
    (raw != NONE).then(|| inst(raw))
}

macro_rules! typed_view {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name(pub(crate) Inst);

        impl $name {
            #[inline]
            pub fn inst(self) -> Inst {
                self.0
            }
        }

        impl From<$name> for Inst {
            #[inline]
            fn from(x: $name) -> Inst {
                x.0
            }
        }
    };
}

typed_view!(
    /// A function (`func`). Its children are its blocks; the first is the entry block,
    /// whose parameters are the function's parameters.
    Func
);
typed_view!(
    /// A basic block. Its children are its parameters, then its instructions, and last
    /// its terminator.
    Block
);
typed_view!(
    /// A type instruction, or another type-valued instruction (a generic's type
    /// parameter).
    Type
);
typed_view!(
    /// An instruction used for its value: a parameter, an operation's result, a
    /// constant, a variable, …
    Value
);

/// One use of a value: `user`'s operand number `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    pub user: Inst,
    pub index: u32,
}

/// Memory held by a module, in bytes (see [`Module::memory`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct MemoryStats {
    /// Live instructions (reachable from the module, not removed).
    pub live_insts: usize,
    /// Instruction headers, every slot ever allocated.
    pub inst_bytes: usize,
    /// The operand pool, including spare and garbage slots.
    pub operand_bytes: usize,
    /// The span side table.
    pub span_bytes: usize,
    /// The other side tables (decorations, names, long operand counts, dedup table),
    /// estimated from their entry counts.
    pub side_bytes: usize,
}

/// An IR module: the arena of every instruction and the side tables.
#[derive(Clone)]
pub struct Module {
    pub(crate) insts: Vec<InstData>,
    pub(crate) pool: Vec<UseSlot>,
    long_lens: FxHashMap<u32, u32>,
    decorations: FxHashMap<u32, u32>,
    names: FxHashMap<u32, Symbol>,
    /// The strings of debug names.
    pub symbols: Interner,
    spans: Vec<Span>,
    dedup: HashTable<u32>,
    root: Inst,
    type_kind: Inst,
    /// The last global value in the module's child list: new global values go after it,
    /// so global values form a prefix of the module's children.
    hoist_cursor: Option<Inst>,
}

impl Default for Module {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Module {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&super::print::print(self))
    }
}

fn hash_key(op: Opcode, ty: u32, literal: u32, operands: impl Iterator<Item = u32>) -> u64 {
    let mut h = FxHasher::default();
    h.write_u16(op as u16);
    h.write_u32(ty);
    h.write_u32(literal);
    for x in operands {
        h.write_u32(x);
    }
    h.finish()
}

impl Module {
    /// An empty module: the root instruction and the `type` kind.
    pub fn new() -> Module {
        let mut m = Module {
            insts: Vec::new(),
            pool: Vec::new(),
            long_lens: FxHashMap::default(),
            decorations: FxHashMap::default(),
            names: FxHashMap::default(),
            symbols: Interner::new(),
            spans: Vec::new(),
            dedup: HashTable::new(),
            root: Inst::from_index(0),
            type_kind: Inst::from_index(1),
            hoist_cursor: None,
        };
        let root = m.alloc(Opcode::Module, None, NONE);
        let kind = m.create(Opcode::TypeKind, None, &[]);
        debug_assert_eq!((root, kind), (m.root, m.type_kind));
        // The kind of types is its own type; its chain of typed users is not tracked.
        m.insts[kind.index()].ty = Some(kind);
        m.append_child(root, kind);
        m.insert_dedup(kind);
        m.hoist_cursor = Some(kind);
        m
    }

    // ---- reading --------------------------------------------------------------------

    /// The module instruction, root of the tree.
    #[inline]
    pub fn root(&self) -> Inst {
        self.root
    }

    /// The `type` kind: the type of every type.
    #[inline]
    pub fn type_kind(&self) -> Inst {
        self.type_kind
    }

    // Indexing the slice, not the `Vec`: at opt-level "z" (the wasm build) `Vec`'s `Index`
    // is a call of its own, and these two sit under nearly every accessor.
    #[inline(always)]
    fn data(&self, i: Inst) -> &InstData {
        &self.insts.as_slice()[i.index()]
    }

    #[inline(always)]
    fn data_mut(&mut self, i: Inst) -> &mut InstData {
        &mut self.insts.as_mut_slice()[i.index()]
    }

    /// Number of instruction slots ever allocated (ids are below this).
    pub fn capacity(&self) -> usize {
        self.insts.len()
    }

    /// Whether `i` names a slot of this module's arena.
    pub fn contains(&self, i: Inst) -> bool {
        i.index() < self.insts.len()
    }

    #[inline]
    pub fn opcode(&self, i: Inst) -> Opcode {
        // The table has fewer than 1024 entries and codes are only ever written from an
        // `Opcode`, so the lookup cannot fail.
        decode(self.data(i).code)
    }

    /// The instruction's type; `None` only for the module itself.
    #[inline]
    pub fn ty(&self, i: Inst) -> Option<Inst> {
        self.data(i).ty
    }

    #[inline]
    pub fn parent(&self, i: Inst) -> Option<Inst> {
        self.data(i).parent
    }

    #[inline]
    pub fn is_dead(&self, i: Inst) -> bool {
        self.data(i).code & FLAG_DEAD != 0
    }

    /// Lives at module scope (or is a forward reference to something that will).
    #[inline]
    pub fn is_global(&self, i: Inst) -> bool {
        let d = self.data(i);
        d.parent == Some(self.root)
            || (d.code & OPCODE_MASK == Opcode::Placeholder as u16 && d.payload == 1)
            || i == self.root
    }

    /// The instruction is a type, or another value whose type is the `type` kind.
    #[inline]
    pub fn is_type_valued(&self, i: Inst) -> bool {
        self.data(i).ty == Some(self.type_kind)
    }

    /// The literal bits of a scalar `constant` (booleans are 0 or 1; `f16` uses the low
    /// 16 bits).
    #[inline]
    pub fn literal(&self, i: Inst) -> u32 {
        debug_assert_eq!(self.opcode(i), Opcode::Constant);
        self.data(i).payload
    }

    #[inline]
    fn operand_range(&self, i: Inst) -> (usize, usize) {
        let d = self.data(i);
        let op = decode(d.code);
        if op == Opcode::Constant || op.is_container() {
            return (0, 0);
        }
        let len = if d.code & FLAG_LONG != 0 {
            self.long_lens.get(&raw(i)).copied().unwrap_or(0) as usize
        } else {
            d.len as usize
        };
        (d.payload as usize, len)
    }

    #[inline]
    pub fn num_operands(&self, i: Inst) -> usize {
        self.operand_range(i).1
    }

    #[inline]
    pub fn operand(&self, i: Inst, k: usize) -> Inst {
        let (start, len) = self.operand_range(i);
        assert!(k < len, "operand {k} out of range");
        inst(self.pool.as_slice()[start + k].value)
    }

    /// The operand if it exists.
    #[inline]
    pub fn operand_opt(&self, i: Inst, k: usize) -> Option<Inst> {
        let (start, len) = self.operand_range(i);
        (k < len).then(|| inst(self.pool.as_slice()[start + k].value))
    }

    /// The operands, in order.
    pub fn operands(&self, i: Inst) -> Operands<'_> {
        let (start, len) = self.operand_range(i);
        Operands {
            slots: self.pool[start..start + len].iter(),
        }
    }

    /// A copy of the operands, to walk while mutating.
    pub fn operands_vec(&self, i: Inst) -> Vec<Inst> {
        self.operands(i).collect()
    }

    /// The first child of a container.
    #[inline]
    pub fn first_child(&self, parent: Inst) -> Option<Inst> {
        let d = self.data(parent);
        if decode(d.code).is_container() {
            opt(d.payload)
        } else {
            None
        }
    }

    #[inline]
    pub fn last_child(&self, parent: Inst) -> Option<Inst> {
        self.first_child(parent).and_then(|f| self.data(f).prev)
    }

    /// The next sibling in the parent's child (or decoration) list.
    #[inline]
    pub fn next_sibling(&self, i: Inst) -> Option<Inst> {
        self.data(i).next
    }

    /// The previous sibling in the parent's child (or decoration) list.
    #[inline]
    pub fn prev_sibling(&self, i: Inst) -> Option<Inst> {
        let d = self.data(i);
        let parent = d.parent?;
        if self.list_head(parent, self.opcode(i).is_decoration()) == Some(i) {
            None
        } else {
            d.prev
        }
    }

    /// The children of a container, in order.
    pub fn children(&self, parent: Inst) -> Siblings<'_> {
        Siblings {
            module: self,
            next: self.first_child(parent),
        }
    }

    /// A copy of the children, to walk while mutating.
    pub fn children_vec(&self, parent: Inst) -> Vec<Inst> {
        self.children(parent).collect()
    }

    pub fn has_decorations(&self, i: Inst) -> bool {
        self.data(i).code & FLAG_DECORATED != 0
    }

    /// The decorations of an instruction, in order.
    pub fn decorations(&self, i: Inst) -> Siblings<'_> {
        let first = if self.has_decorations(i) {
            self.decorations.get(&raw(i)).map(|&d| inst(d))
        } else {
            None
        };
        Siblings {
            module: self,
            next: first,
        }
    }

    /// The first decoration of `i` with opcode `op`.
    pub fn decoration(&self, i: Inst, op: Opcode) -> Option<Inst> {
        self.decorations(i).find(|&d| self.opcode(d) == op)
    }

    /// The uses of a value as an operand. The type chain is separate: see
    /// [`Module::typed_users`].
    pub fn uses(&self, v: Inst) -> Uses<'_> {
        Uses {
            module: self,
            slot: self.data(v).first_use,
        }
    }

    /// A copy of the uses, to walk while mutating.
    pub fn uses_vec(&self, v: Inst) -> Vec<Use> {
        self.uses(v).collect()
    }

    pub fn has_uses(&self, v: Inst) -> bool {
        self.data(v).first_use != NONE || self.typed_users(v).next().is_some()
    }

    /// Whether `ty_link` of `t` is the head of the chain of instructions typed by `t`:
    /// true for type-valued instructions (but the `type` kind) and placeholders.
    #[inline]
    fn heads_type_chain(&self, t: Inst) -> bool {
        t != self.type_kind && (self.is_type_valued(t) || self.opcode(t) == Opcode::Placeholder)
    }

    /// The live instructions whose type is `t` (empty unless `t` is type-valued).
    pub fn typed_users(&self, t: Inst) -> TypedUsers<'_> {
        let next = if self.heads_type_chain(t) {
            self.data(t).ty_link
        } else {
            NONE
        };
        TypedUsers { module: self, next }
    }

    // ---- typed views ----------------------------------------------------------------------

    /// `i` as a function (a `func` or a `generic`).
    pub fn as_func(&self, i: Inst) -> Option<Func> {
        matches!(self.opcode(i), Opcode::Func | Opcode::Generic).then_some(Func(i))
    }

    pub fn as_block(&self, i: Inst) -> Option<Block> {
        (self.opcode(i) == Opcode::Block).then_some(Block(i))
    }

    /// `i` as a type: a type instruction or another type-valued instruction.
    pub fn as_type(&self, i: Inst) -> Option<Type> {
        self.is_type_valued(i).then_some(Type(i))
    }

    /// `i` as a value: anything typed that is not a block, a function, a field or a
    /// decoration (types are values too, of type `type`, in generics).
    pub fn as_value(&self, i: Inst) -> Option<Value> {
        let op = self.opcode(i);
        let ok = self.ty(i).is_some()
            && !matches!(
                op,
                Opcode::Block | Opcode::Func | Opcode::Generic | Opcode::Field
            )
            && !op.is_decoration();
        ok.then_some(Value(i))
    }

    /// The entry block of a function with a body.
    pub fn entry_block(&self, f: Func) -> Option<Block> {
        self.first_child(f.inst()).and_then(|b| self.as_block(b))
    }

    /// The parameters of a block (for the entry block, the function's parameters).
    pub fn block_params(&self, b: Block) -> Vec<Value> {
        self.children(b.inst())
            .take_while(|&c| self.opcode(c) == Opcode::Param)
            .map(Value)
            .collect()
    }

    /// The blocks of a function.
    pub fn blocks(&self, f: Func) -> impl Iterator<Item = Block> + '_ {
        self.children(f.inst())
            .filter(|&b| self.opcode(b) == Opcode::Block)
            .map(Block)
    }

    // ---- side tables ------------------------------------------------------------------

    /// The debug name, if any.
    pub fn name(&self, i: Inst) -> Option<&str> {
        self.names.get(&raw(i)).map(|&s| self.symbols.resolve(s))
    }

    pub fn set_name(&mut self, i: Inst, name: &str) {
        let s = self.symbols.intern(name);
        self.names.insert(raw(i), s);
    }

    pub fn clear_name(&mut self, i: Inst) {
        self.names.remove(&raw(i));
    }

    /// The source span: into the WGSL source after lowering, into the IR text after
    /// parsing. [`Span::DETACHED`] when unknown.
    pub fn span(&self, i: Inst) -> Span {
        self.spans.get(i.index()).copied().unwrap_or(Span::DETACHED)
    }

    pub fn set_span(&mut self, i: Inst, span: Span) {
        let ix = i.index();
        if ix >= self.spans.len() {
            if span.is_detached() {
                return;
            }
            self.spans.resize(ix + 1, Span::DETACHED);
        }
        self.spans[ix] = span;
    }

    /// Forgets every span (for modules whose spans point into text that is gone).
    pub fn clear_spans(&mut self) {
        self.spans.clear();
    }

    /// Memory held by the module, in bytes.
    pub fn memory(&self) -> MemoryStats {
        let entry = |n: usize, size: usize| n * (size + 8);
        MemoryStats {
            live_insts: self
                .insts
                .iter()
                .filter(|d| d.code & FLAG_DEAD == 0)
                .count(),
            inst_bytes: self.insts.len() * std::mem::size_of::<InstData>(),
            operand_bytes: self.pool.len() * std::mem::size_of::<UseSlot>(),
            span_bytes: self.spans.len() * std::mem::size_of::<Span>(),
            side_bytes: entry(self.long_lens.len(), 8)
                + entry(self.decorations.len(), 8)
                + entry(self.names.len(), 8)
                + entry(self.dedup.len(), 4)
                + self.symbols.len() * 32,
        }
    }

    /// Reserves room for `insts` more instructions with `operands` more operands.
    pub fn reserve(&mut self, insts: usize, operands: usize) {
        self.insts.reserve(insts);
        self.pool.reserve(operands);
    }

    // ---- creation ---------------------------------------------------------------------

    fn alloc(&mut self, op: Opcode, ty: Option<Inst>, payload: u32) -> Inst {
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
                let hash = self.hash_of(c);
                let dup = {
                    let ops = self.operands_vec(c);
                    self.find_interned(op, self.data(c).ty, &ops, self.literal_key(c))
                };
                if dup.is_none() {
                    let _ = hash;
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

    /// Breaks the use list of `v` (forgets its uses while its users keep it as an
    /// operand). Only for testing that the verifier's `use-lists` rule catches it.
    #[doc(hidden)]
    pub fn corrupt_use_list_for_tests(&mut self, v: Inst) {
        self.data_mut(v).first_use = NONE;
    }

    // ---- use lists ----------------------------------------------------------------------

    // The use-list surgery indexes slices, not the `Vec`s, like `data`: at opt-level "z"
    // `Vec`'s `IndexMut` is a call of its own.

    #[inline]
    fn link_use(&mut self, slot: u32, v: Inst) {
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

    /// Applies a mutation to `i`; if `i` is a hash-consed global value it leaves the dedup
    /// table first and is re-interned after (merging into an equal one if there is one).
    fn rekey(&mut self, i: Inst, mutate: impl FnOnce(&mut Module)) {
        let keyed = self.is_interned(i);
        if keyed {
            self.remove_dedup(i);
        }
        mutate(self);
        if keyed || self.opcode(i).is_hoistable() {
            self.rehoist(vec![i]);
        }
    }

    // ---- type chains --------------------------------------------------------------------

    #[inline]
    fn chain_add(&mut self, x: Inst, t: Inst) {
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

    fn list_head(&self, owner: Inst, decorations: bool) -> Option<Inst> {
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

    fn link_last(&mut self, owner: Inst, child: Inst) {
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

    // ---- hash-consing -------------------------------------------------------------------

    /// Whether `i` is currently a member of the dedup table.
    fn is_interned(&self, i: Inst) -> bool {
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

    fn hash_of(&self, i: Inst) -> u64 {
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

    fn insert_dedup(&mut self, i: Inst) {
        let hash = self.hash_of(i);
        let Module {
            dedup,
            insts,
            pool,
            long_lens,
            ..
        } = self;
        let view = RawView {
            insts,
            pool,
            long_lens,
        };
        dedup.insert_unique(hash, raw(i), |&x| view.hash_of(inst(x)));
    }

    fn remove_dedup(&mut self, i: Inst) {
        let hash = self.hash_of(i);
        if let Ok(entry) = self.dedup.find_entry(hash, |&x| x == raw(i)) {
            entry.remove();
        }
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
            .find(hash, |&x| self.same_key(inst(x), op, ty, literal, operands))
            .map(|&x| inst(x))
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
    fn rehoist(&mut self, mut work: Vec<Inst>) {
        while let Some(u) = work.pop() {
            if self.is_dead(u) || !self.opcode(u).is_hoistable() {
                continue;
            }
            if self.is_interned(u) {
                // Already keyed (it may have been re-keyed through another path).
                let hash = self.hash_of(u);
                if self.dedup.find(hash, |&x| x == raw(u)).is_some() {
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

/// Borrowed arena pieces, for hashing while the dedup table is borrowed mutably.
struct RawView<'a> {
    insts: &'a [InstData],
    pool: &'a [UseSlot],
    long_lens: &'a FxHashMap<u32, u32>,
}

impl RawView<'_> {
    fn hash_of(&self, i: Inst) -> u64 {
        let d = &self.insts[i.index()];
        let op = decode(d.code);
        if op == Opcode::Constant {
            return hash_key(op, raw_opt(d.ty), d.payload, std::iter::empty());
        }
        let len = if d.code & FLAG_LONG != 0 {
            self.long_lens.get(&raw(i)).copied().unwrap_or(0) as usize
        } else {
            d.len as usize
        };
        let start = d.payload as usize;
        let ops = if op.is_container() {
            &self.pool[0..0]
        } else {
            &self.pool[start..start + len]
        };
        hash_key(op, raw_opt(d.ty), 0, ops.iter().map(|s| s.value))
    }
}

// ---- iterators ------------------------------------------------------------------------

/// The operands of an instruction.
#[derive(Clone)]
pub struct Operands<'a> {
    slots: std::slice::Iter<'a, UseSlot>,
}

impl Iterator for Operands<'_> {
    type Item = Inst;
    #[inline]
    fn next(&mut self) -> Option<Inst> {
        self.slots.next().map(|s| inst(s.value))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.slots.size_hint()
    }
}

impl ExactSizeIterator for Operands<'_> {}

impl DoubleEndedIterator for Operands<'_> {
    fn next_back(&mut self) -> Option<Inst> {
        self.slots.next_back().map(|s| inst(s.value))
    }
}

/// A child or decoration list.
#[derive(Clone)]
pub struct Siblings<'a> {
    module: &'a Module,
    next: Option<Inst>,
}

impl Iterator for Siblings<'_> {
    type Item = Inst;
    #[inline]
    fn next(&mut self) -> Option<Inst> {
        let cur = self.next?;
        self.next = self.module.data(cur).next;
        Some(cur)
    }
}

/// The operand uses of a value.
pub struct Uses<'a> {
    module: &'a Module,
    slot: u32,
}

impl Iterator for Uses<'_> {
    type Item = Use;
    fn next(&mut self) -> Option<Use> {
        if self.slot == NONE {
            return None;
        }
        let s = self.module.pool.as_slice()[self.slot as usize];
        let user = inst(s.user);
        let start = self.module.data(user).payload;
        let index = self.slot - start;
        self.slot = s.next;
        Some(Use { user, index })
    }
}

/// The live instructions typed by a type-valued instruction.
pub struct TypedUsers<'a> {
    module: &'a Module,
    next: u32,
}

impl Iterator for TypedUsers<'_> {
    type Item = Inst;
    fn next(&mut self) -> Option<Inst> {
        while self.next != NONE {
            let x = inst(self.next);
            self.next = self.module.data(x).ty_link;
            if !self.module.is_dead(x) {
                return Some(x);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(std::mem::size_of::<InstData>(), 32);
        assert_eq!(std::mem::size_of::<UseSlot>(), 16);
        assert_eq!(std::mem::size_of::<Option<Inst>>(), 4);
    }

    #[test]
    fn operands_grow_and_shrink_keep_use_lists() {
        let mut m = Module::new();
        let kind = m.type_kind();
        let i32t = m.intern(Opcode::I32, Some(kind), &[], 0);
        let a = m.create_constant(i32t, 1);
        let b = m.create_constant(i32t, 2);
        let x = m.create(Opcode::Add, Some(i32t), &[a, b]);
        let _y = m.create(Opcode::Sub, Some(i32t), &[a, a]);
        for _ in 0..10 {
            m.push_operand(x, a);
        }
        assert_eq!(m.num_operands(x), 12);
        assert_eq!(m.uses(a).count(), 13);
        m.remove_operand(x, 0);
        assert_eq!(m.uses(a).count(), 12);
        assert_eq!(m.operand(x, 0), b);
        for u in m.uses(a) {
            assert_eq!(m.operand(u.user, u.index as usize), a);
        }
        m.replace_all_uses_with(a, b);
        assert_eq!(m.uses(a).count(), 0);
        assert_eq!(m.uses(b).count(), 13);
    }
}
