//! The instruction arena: its layout, reading it, and its side tables. Writing is split
//! by meaning: `storage.rs` creates instructions and keeps operands, use lists, type chains
//! and child lists linked; `intern.rs` hash-conses global values, re-hoists them, and
//! implements `replace_all_uses_with`.
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

mod intern;
mod storage;

use super::opcode::Opcode;
use crate::diag::Span;
use crate::util::map::Map;
use crate::util::{Interner, Symbol};

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
    long_lens: Map<u32, u32>,
    decorations: Map<u32, u32>,
    names: Map<u32, Symbol>,
    /// The strings of debug names.
    pub symbols: Interner,
    spans: Vec<Span>,
    dedup: crate::util::map::Index,
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

impl Module {
    /// An empty module: the root instruction and the `type` kind.
    pub fn new() -> Module {
        let mut m = Module {
            insts: Vec::new(),
            pool: Vec::new(),
            long_lens: Map::default(),
            decorations: Map::default(),
            names: Map::default(),
            symbols: Interner::new(),
            spans: Vec::new(),
            dedup: crate::util::map::Index::new(),
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
        let mut out = Vec::new();
        for c in self.children(b.inst()) {
            if self.opcode(c) != Opcode::Param {
                break;
            }
            out.push(Value(c));
        }
        out
    }

    /// The blocks of a function.
    pub fn blocks(&self, f: Func) -> Blocks<'_> {
        Blocks(self.children(f.inst()))
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

    /// Gives `to` the debug name of `from`, if it has one.
    pub fn copy_name(&mut self, from: Inst, to: Inst) {
        if let Some(&s) = self.names.get(&raw(from)) {
            self.names.insert(raw(to), s);
        }
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

/// The blocks of a function ([`Module::blocks`]): a type of its own rather than a
/// filter/map chain, whose adapters were copied for each way a caller consumed it.
pub struct Blocks<'a>(Siblings<'a>);

impl Iterator for Blocks<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        loop {
            let b = self.0.next()?;
            if self.0.module.opcode(b) == Opcode::Block {
                return Some(Block(b));
            }
        }
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

    /// The verifier's `use-lists` rule catches a value whose use list lost a use that its
    /// user still names. Only the arena can break its own links, so the test lives here;
    /// `tests/ir/verify/use-lists.ir` breaks the rule the other way round (a use that no
    /// operand of the module names) through the public API.
    #[test]
    fn verifier_catches_a_lost_use() {
        let text = "func @f(%x: i32) -> i32 {\n^entry:\n  %a: i32 = add %x, 1i\n  return %a\n}\n";
        let mut m = crate::ir::parse(text).expect("the module parses");
        let add = m
            .children(m.root())
            .filter(|&c| m.opcode(c) == Opcode::Func)
            .flat_map(|f| m.children(f))
            .flat_map(|b| m.children(b))
            .find(|&i| m.opcode(i) == Opcode::Add)
            .expect("the module has an add");
        assert!(crate::ir::verify::verify_errors(&m).is_empty());
        m.data_mut(add).first_use = NONE;
        let errors = crate::ir::verify::verify_errors(&m);
        let got: Vec<_> = errors
            .iter()
            .map(|e| (e.rule, e.message.as_str()))
            .collect();
        assert_eq!(got, [(crate::ir::Rule::UseLists, "5 operands but 4 uses")]);
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
