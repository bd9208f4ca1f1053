//! Editing helpers: the small rewrites that transforms and passes make again and again
//! (walking every function, building before an instruction, splitting a block, wrapping
//! code in an `if`, copying a function), written once with the IR's rules in mind.
//!
//! Each helper says what it leaves valid. In short:
//!
//! - **Walks** ([`functions`], [`find_all`], [`call_closure`]) read the module and return
//!   snapshots, so the caller may change the module while going through them. An
//!   instruction in a snapshot may have been removed by the time it is reached: check
//!   [`Module::is_dead`] when the loop removes more than the instruction in hand.
//! - **Values** ([`builder_before`], [`splat_const`], [`widen`]) only add instructions
//!   (and hash-consed constants at module scope) before an existing instruction; every
//!   rule holds after them as long as that instruction is not a block parameter (the
//!   parameters come first).
//! - **Control flow** ([`split_before`], [`branch_before`]) adds blocks, so a function's
//!   CFG, dominators and structure tree are out of date after them (a pass reports
//!   `Changed::Cfg` for that function). [`branch_before`] leaves a module that verifies;
//!   [`split_before`] leaves the first half without a terminator, for the caller to end.
//!   The block that is split keeps its identity: its parameters, its predecessors, and
//!   its role as some construct's merge or continue block; the terminator moves to the
//!   second half, so a construct the block headed is headed by that half. Neither may
//!   split the block of a `break if` (the shape the continue construct must keep).
//! - **Functions** ([`clone_func`]) adds a function that verifies and that no call names
//!   yet; the function's own decorations (its stage) are not copied.

use crate::ir::types::Scalar;
use crate::ir::{Block, Builder, Func, InsertPoint, Inst, Module, Opcode, Type, Value};
use crate::util::map::Set;

/// The functions with bodies.
pub fn functions(m: &Module) -> Vec<Func> {
    let mut out = Vec::new();
    for c in m.children(m.root()) {
        if m.opcode(c) == Opcode::Func && m.first_child(c).is_some() {
            out.push(Func(c));
        }
    }
    out
}

/// Every instruction of every function with opcode in `ops`, as a snapshot to mutate.
pub fn find_all(m: &Module, ops: &[Opcode]) -> Vec<Inst> {
    let mut out = Vec::new();
    for f in functions(m) {
        for b in m.blocks(f) {
            for i in m.children(b.inst()) {
                if ops.contains(&m.opcode(i)) {
                    out.push(i);
                }
            }
        }
    }
    out
}

/// Rewrites the pure instructions of every function to a fixpoint: `rewrite` says what
/// an instruction is to be replaced with (an operand, a constant, or an instruction it
/// placed before it), or `None`. A replaced instruction is removed, and its pure users,
/// and the replacement if pure, are tried again, since the rewrite may make theirs apply.
/// Returns whether anything was replaced.
pub fn rewrite_pure(
    m: &mut Module,
    mut rewrite: impl FnMut(&mut Module, Inst) -> Option<Inst>,
) -> bool {
    let mut work: Vec<Inst> = Vec::new();
    for f in functions(m) {
        for b in m.blocks(f) {
            for i in m.children(b.inst()) {
                if m.opcode(i).is_pure() {
                    work.push(i);
                }
            }
        }
    }
    // Popped in layout order, so operands are rewritten before their users.
    work.reverse();
    let mut changed = false;
    while let Some(i) = work.pop() {
        if m.is_dead(i) || m.parent(i).is_none() {
            continue;
        }
        let Some(replacement) = rewrite(m, i) else {
            continue;
        };
        // An index that folded to a constant out of its composite's range becomes the
        // last index ([`fitted`]).
        fit_every_use(m, i, replacement);
        let mut users = Vec::new();
        for u in m.uses(i) {
            if m.opcode(u.user).is_pure() {
                users.push(u.user);
            }
        }
        m.replace_all_uses_with(i, replacement);
        m.set_operands(i, &[]);
        m.remove(i);
        work.extend_from_slice(&users);
        if !m.is_global(replacement) && m.opcode(replacement).is_pure() {
            work.push(replacement);
        }
        changed = true;
    }
    changed
}

/// Whether `replacement` may stand at every use of `v` (`constant_fits` at each).
fn fits_every_use(m: &Module, v: Inst, replacement: Inst) -> bool {
    m.uses(v)
        .all(|u| constant_fits(m, u.user, u.index as usize, replacement))
}

/// Prepares every use of `v` for `replacement`, a value proved equal to it: where
/// `replacement` is a constant that may not stand (`constant_fits`), that use takes
/// [`fitted`]'s index instead. Afterwards `replace_all_uses_with(v, replacement)` leaves
/// a valid module: the step every pass takes before replacing a value by a constant.
pub fn fit_every_use(m: &mut Module, v: Inst, replacement: Inst) {
    if fits_every_use(m, v, replacement) {
        return;
    }
    for u in m.uses_vec(v) {
        let k = u.index as usize;
        let index = fitted(m, u.user, k, replacement);
        if index != replacement {
            m.set_operand(u.user, k, index);
        }
    }
}

/// Fits every constant index of `i` (an `access`, `extract` or `insert` whose operands
/// were substituted, as in a copy of a function with its arguments) with [`fitted`].
pub fn fit_indices(m: &mut Module, i: Inst) {
    if !matches!(
        m.opcode(i),
        Opcode::Access | Opcode::Extract | Opcode::Insert
    ) {
        return;
    }
    for k in 1..m.num_operands(i) {
        let c = m.operand(i, k);
        let index = fitted(m, i, k, c);
        if index != c {
            m.set_operand(i, k, index);
        }
    }
}

/// The operand that constant `c` becomes at operand `k` of `user`: `c`, unless `c` is an
/// index past the end of a fixed-size array, matrix or vector (a negative `i32` is one, as
/// a `u32`), which the IR does not allow: then the last index, of `c`'s type. That is what
/// `robustness` makes of such an index at run time (`min(u32(i), N - 1)`), and what WGSL
/// allows (an index out of range at run time selects some element of the composite, or
/// its access does nothing), so every back end computes what it computed before; and the
/// WGSL written is one every compiler accepts (naga rejects `let x = 2i; m[x]` for a
/// `mat2x2` as an index out of bounds, which the spec does not).
pub fn fitted(m: &mut Module, user: Inst, k: usize, c: Inst) -> Inst {
    if constant_fits(m, user, k, c) {
        return c;
    }
    let Some(t) = indexed_type(m, user, k) else {
        return c;
    };
    let count = match m.opcode(t) {
        Opcode::Vec | Opcode::Mat | Opcode::Array => {
            m.operand_opt(t, 1).and_then(|n| m.const_u32(n))
        }
        _ => None,
    };
    match (count, m.ty(c)) {
        (Some(n), Some(ty)) if n > 0 => m.intern(Opcode::Constant, Some(ty), &[], n - 1),
        _ => c,
    }
}

/// The type that operand `k` of `access`, `extract` or `insert` `user` indexes into;
/// `None` where that operand is not an index.
fn indexed_type(m: &Module, user: Inst, k: usize) -> Option<Inst> {
    let first = match m.opcode(user) {
        Opcode::Access | Opcode::Extract => 1,
        Opcode::Insert => 2,
        _ => return None,
    };
    if k < first {
        return None;
    }
    let base = m.operand(user, 0);
    let mut t = match m.opcode(user) {
        Opcode::Access => m.ty(base).and_then(|t| m.ptr_parts(t)).map(|p| p.1),
        _ => m.ty(base),
    };
    for j in first..k {
        t = t.and_then(|t| m.member_type(t, m.const_u32(m.operand(user, j))));
    }
    t
}

/// Whether `v` may stand at operand `k` of `user`: anywhere, unless `v` is a constant and
/// the operand an index of `access`, `extract` or `insert` that the constant is out of the
/// range of.
fn constant_fits(m: &Module, user: Inst, k: usize, v: Inst) -> bool {
    if m.opcode(v) != Opcode::Constant {
        return true;
    }
    indexed_type(m, user, k).is_none_or(|t| m.member_type(t, m.const_u32(v)).is_some())
}

/// Scalar kind and component count of a value's type.
pub fn shape(m: &Module, v: Inst) -> Option<(Scalar, u32)> {
    m.ty(v).and_then(|t| m.scalar_or_vec(t))
}

/// A constant of type `ty` (a scalar or vector type) with every component `bits`.
pub fn splat_const(b: &mut Builder<'_>, ty: Type, bits: u32) -> Value {
    let m = &*b.module;
    match m.vec_parts(ty.inst()) {
        Some((e, n)) => {
            let c = b.const_scalar(Type(e), bits);
            let parts = vec![c; n as usize];
            b.const_composite(ty, &parts)
        }
        None => b.const_scalar(ty, bits),
    }
}

/// `v` (a scalar) splatted to the type `ty` if `ty` is a vector; `v` otherwise.
pub fn widen(b: &mut Builder<'_>, v: Value, ty: Type) -> Value {
    let m = &*b.module;
    let is_vec_target = m.vec_parts(ty.inst()).is_some();
    let is_scalar = m.ty(v.inst()).is_some_and(|t| m.vec_parts(t).is_none());
    if is_vec_target && is_scalar {
        b.value(Opcode::Splat, ty, &[v])
    } else {
        v
    }
}

/// The type of the wider of two operands (a vector over a scalar).
pub fn wider_type(m: &Module, a: Inst, b: Inst) -> Option<Inst> {
    let (ta, tb) = (m.ty(a)?, m.ty(b)?);
    if m.vec_parts(ta).is_some() {
        Some(ta)
    } else {
        Some(tb)
    }
}

/// The first child of block `block` that is not a parameter: where code at the top of
/// the block goes. One loop for the passes that each had a `find` over a closure (each its
/// own copy of the iterator code in the package).
// The loop, not `find`: the package has the loop's code once either way, and this is what
// was measured and compared.
#[allow(clippy::manual_find)]
pub fn first_non_param(m: &Module, block: Inst) -> Option<Inst> {
    for c in m.children(block) {
        if m.opcode(c) != Opcode::Param {
            return Some(c);
        }
    }
    None
}

/// A builder inserting just before `at`, with `at`'s span.
pub fn builder_before(m: &mut Module, at: Inst) -> Builder<'_> {
    let span = m.span(at);
    let mut b = Builder::new(m);
    b.set_insert_point(InsertPoint::Before(at));
    b.set_span(span);
    b
}

/// Moves `first` and every instruction after it in its block into a new block, placed
/// right after the old one; returns the new block. The old block keeps its identity (its
/// parameters, and its roles as a merge or continue block); it is left without a
/// terminator for the caller to end.
pub fn split_before(m: &mut Module, first: Inst) -> Option<Block> {
    let block = m.parent(first)?;
    let label = Builder::new(m).ty_label();
    let new = m.create(Opcode::Block, Some(label.inst()), &[]);
    m.insert_after(block, new);
    let span = m.span(first);
    m.set_span(new, span);
    let mut moving = Vec::new();
    let mut cur = Some(first);
    while let Some(i) = cur {
        moving.push(i);
        cur = m.next_sibling(i);
    }
    for i in moving {
        m.detach(i);
        m.append_child(new, i);
    }
    Some(Block(new))
}

/// `f` and every function it calls, directly or not.
pub fn call_closure(m: &Module, f: Func) -> Vec<Func> {
    // By instruction: a set type the npm package has anyway.
    let mut seen: Set<Inst> = Set::default();
    let mut out = Vec::new();
    let mut work = vec![f];
    while let Some(g) = work.pop() {
        if !seen.insert(g.inst()) {
            continue;
        }
        out.push(g);
        for b in m.blocks(g) {
            for i in m.children(b.inst()) {
                if m.opcode(i) == Opcode::Call {
                    if let Some(c) = m.operand_opt(i, 0).and_then(|c| m.as_func(c)) {
                        if m.first_child(c.inst()).is_some() {
                            work.push(c);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Whether `f` is an entry point of the stage with decoration `stage`.
pub fn is_stage(m: &Module, f: Func, stage: Opcode) -> bool {
    m.decoration(f.inst(), stage).is_some()
}

/// Wraps the instructions from `first` to the end of their block in a new `if_else`:
/// the block ends with `if_else cond, ^then, ^else, merge ^rest` where `^rest` holds
/// `first` onwards. Returns (then, else, rest); both arms are empty blocks ending in
/// `br ^rest`, for the caller to fill (insert before their terminators).
pub fn branch_before(m: &mut Module, first: Inst, cond: Value) -> Option<(Block, Block, Block)> {
    let block = Block(m.parent(first)?);
    let func = Func(m.parent(block.inst())?);
    let rest = split_before(m, first)?;
    let mut b = Builder::new(m);
    let then = b.block(func);
    let els = b.block(func);
    b.switch_to(then);
    b.br(rest, &[]);
    b.switch_to(els);
    b.br(rest, &[]);
    b.switch_to(block);
    b.if_else(cond, then, els, rest);
    // Keep the layout readable: the arms right after the block, before the rest.
    m.detach(then.inst());
    m.insert_after(block.inst(), then.inst());
    m.detach(els.inst());
    m.insert_after(then.inst(), els.inst());
    Some((then, els, rest))
}

/// A copy of function `f` named `name`, appended to the module: its blocks, parameters
/// and instructions, with operands mapped to the copies.
pub fn clone_func(m: &mut Module, f: Func, name: &str) -> Option<Func> {
    let ty = m.ty(f.inst())?;
    let copy = m.create(Opcode::Func, Some(ty), &[]);
    let root = m.root();
    m.append_child(root, copy);
    m.set_name(copy, name);
    let span = m.span(f.inst());
    m.set_span(copy, span);
    copy_blocks(m, f, copy, None, &mut Remap::default())?;
    Some(Func(copy))
}

/// A map from instructions to instructions, dense by index: what [`copy_blocks`] copied
/// where. One table serves many copies, since [`clear`](Remap::clear) forgets only the
/// entries that were set.
#[derive(Default)]
pub struct Remap {
    to: Vec<Option<Inst>>,
    set: Vec<u32>,
}

impl Remap {
    pub fn get(&self, from: Inst) -> Option<Inst> {
        self.to.get(from.index()).copied().flatten()
    }

    pub fn insert(&mut self, from: Inst, to: Inst) {
        let k = from.index();
        if k >= self.to.len() {
            self.to.resize(k + 1, None);
        }
        if self.to[k].is_none() {
            self.set.push(k as u32);
        }
        self.to[k] = Some(to);
    }

    pub fn clear(&mut self) {
        for k in self.set.drain(..) {
            self.to[k as usize] = None;
        }
    }
}

/// Copies the blocks of `f` into function `into`, after block `after` (or at the end),
/// with operands mapped to the copies. An instruction already in `map` is not copied:
/// its value there stands for it (an entry parameter given the call's argument). Adds
/// every copy to `map` and returns the copied instructions (not the blocks).
pub fn copy_blocks(
    m: &mut Module,
    f: Func,
    into: Inst,
    after: Option<Inst>,
    map: &mut Remap,
) -> Option<Vec<Inst>> {
    let blocks: Vec<Inst> = m.children_vec(f.inst());
    // First the blocks, so that branches can name them.
    let mut prev = after;
    for &b in &blocks {
        let label = m.ty(b)?;
        let nb = m.create(Opcode::Block, Some(label), &[]);
        match prev {
            Some(p) => m.insert_after(p, nb),
            None => m.append_child(into, nb),
        }
        prev = after.map(|_| nb);
        copy_meta(m, b, nb);
        map.insert(b, nb);
    }
    // Then every instruction, its operands mapped as far as copies exist; an operand
    // defined in a block laid out later (a loop's back edge) is mapped afterwards.
    let mut made = Vec::new();
    let mut ops = Vec::new();
    for &b in &blocks {
        let nb = map.get(b)?;
        let mut next = m.first_child(b);
        while let Some(i) = next {
            next = m.next_sibling(i);
            if map.get(i).is_some() {
                continue;
            }
            ops.clear();
            for k in 0..m.num_operands(i) {
                let x = m.operand(i, k);
                ops.push(map.get(x).unwrap_or(x));
            }
            let ni = m.create(m.opcode(i), m.ty(i), &ops);
            m.append_child(nb, ni);
            copy_meta(m, i, ni);
            if m.has_decorations(i) {
                for d in m.decorations(i).collect::<Vec<_>>() {
                    let dop = m.opcode(d);
                    let dops = m.operands_vec(d);
                    m.add_decoration(ni, dop, &dops);
                }
            }
            map.insert(i, ni);
            made.push(ni);
        }
    }
    for &ni in &made {
        for k in 0..m.num_operands(ni) {
            if let Some(y) = map.get(m.operand(ni, k)) {
                m.set_operand(ni, k, y);
            }
        }
    }
    Some(made)
}

fn copy_meta(m: &mut Module, from: Inst, to: Inst) {
    let span = m.span(from);
    m.set_span(to, span);
    m.copy_name(from, to);
}
