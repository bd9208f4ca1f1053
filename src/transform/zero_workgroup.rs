//! `zero-workgroup`: WGSL zero-initializes workgroup variables; Vulkan before 1.3 (without
//! VK_KHR_zero_initialize_workgroup_memory) gives them no initializer. Each compute entry
//! point that uses workgroup variables starts with
//!
//! ```text
//!   if local_invocation_index == 0 { store zero to each variable }
//!   workgroupBarrier()
//! ```
//!
//! Atomics are zeroed with `atomic_store`, through structs member by member and through
//! arrays with a loop. With [`Options::array_loops`], every array is zeroed by a loop
//! over its elements. A byte buffer (`buffer<N>`, the `buffer_view` language extension)
//! is zeroed by a loop storing `0u` through a `u32` view of each word. The entry point gets a `local_invocation_index` parameter if it has
//! none.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{branch_before, call_closure, functions, is_stage};
use crate::ir::enums::{AddressSpace, BuiltinValue};
use crate::ir::{Block, Builder, Func, InsertPoint, Inst, Module, Opcode, Type, Value};

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "zero-workgroup";

/// What `zero-workgroup` can be told; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Zero arrays element by element in a loop, never by storing a whole zero array.
    /// HLSL has no zero literal for an array: a whole-array store takes a helper that
    /// returns a zeroed copy, a temporary as large as the array (a 512-element one made
    /// lavapipe's compiler give up on glslang's SPIR-V), where a loop writes in place.
    pub array_loops: bool,
}

pub fn run(m: &mut Module, _: &mut Analyses, options: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for f in functions(m) {
        if !is_stage(m, f, Opcode::DecoCompute) {
            continue;
        }
        let vars = workgroup_vars(m, f);
        if vars.is_empty() {
            continue;
        }
        let Some(index) = local_index(m, f) else {
            continue;
        };
        let Some(entry) = m.entry_block(f) else {
            continue;
        };
        let Some(first) = m
            .children(entry.inst())
            .find(|&i| m.opcode(i) != Opcode::Param)
        else {
            continue;
        };
        let mut b = Builder::new(m);
        b.set_insert_point(InsertPoint::Before(first));
        let zero = b.const_u32(0);
        let is_first = b.compare(Opcode::Eq, index, zero);
        let Some((then, _, rest)) = branch_before(m, first, is_first) else {
            continue;
        };
        // The barrier starts the rest, so every invocation sees the zeros.
        let barrier_at = m.first_child(rest.inst());
        let mut b = Builder::new(m);
        match barrier_at {
            Some(i) => b.set_insert_point(InsertPoint::Before(i)),
            None => b.switch_to(rest),
        }
        b.effect(Opcode::WorkgroupBarrier, &[]);
        for v in vars {
            let Some(br) = m.last_child(then.inst()) else {
                continue;
            };
            zero_at(m, f, br, Value(v), options, 0);
        }
        changed = true;
    }
    Ok(Changed::cfg_if(changed))
}

/// The workgroup variables `f` uses, directly or through calls.
fn workgroup_vars(m: &Module, f: Func) -> Vec<Inst> {
    let mut out: Vec<Inst> = Vec::new();
    for g in call_closure(m, f) {
        for b in m.blocks(g) {
            for i in m.children(b.inst()) {
                for x in m.operands(i) {
                    let is_wg = m.opcode(x) == Opcode::Var
                        && m.is_global(x)
                        && m.ty(x)
                            .and_then(|t| m.ptr_parts(t))
                            .is_some_and(|(s, _, _)| s == AddressSpace::Workgroup);
                    if is_wg && !out.contains(&x) {
                        out.push(x);
                    }
                }
            }
        }
    }
    out
}

/// The entry point's `local_invocation_index`: a parameter, a member of a struct
/// parameter, or a new parameter.
fn local_index(m: &mut Module, f: Func) -> Option<Value> {
    let entry = m.entry_block(f)?;
    let is_index = |m: &Module, x: Inst| {
        m.decoration(x, Opcode::DecoBuiltin)
            .and_then(|d| m.const_u32(m.operand(d, 0)))
            .and_then(BuiltinValue::from_u32)
            == Some(BuiltinValue::LocalInvocationIndex)
    };
    let params = m.block_params(entry);
    for &p in &params {
        if is_index(m, p.inst()) {
            return Some(p);
        }
        let Some(t) = m.ty(p.inst()) else { continue };
        let fields = m.struct_fields(t);
        if let Some(k) = fields.iter().position(|&fld| is_index(m, fld)) {
            let first = m
                .children(entry.inst())
                .find(|&i| m.opcode(i) != Opcode::Param)?;
            let mut b = Builder::new(m);
            b.set_insert_point(InsertPoint::Before(first));
            let k = b.const_u32(k as u32);
            return Some(b.extract(p, &[k]));
        }
    }
    // A new parameter, and the function type that says so.
    let mut b = Builder::new(m);
    let u32t = b.ty_u32();
    let p = b.param(entry, u32t);
    b.decorate_u32(
        p.inst(),
        Opcode::DecoBuiltin,
        &[BuiltinValue::LocalInvocationIndex as u32],
    );
    let fty = b.module.ty(f.inst())?;
    let (ret, mut ps) = b.module.fn_parts(fty)?;
    ps.push(u32t.inst());
    let ps: Vec<Type> = ps.into_iter().map(Type).collect();
    let new_ty = b.ty_fn(&ps, Type(ret));
    m.set_type(f.inst(), new_ty.inst());
    m.set_name(p.inst(), "local_invocation_index");
    Some(p)
}

/// Stores zero to what `ptr` points to, just before `at`: one store for constructible
/// types, `atomic_store` for atomics, member by member for structs and with a loop for
/// arrays holding atomics (and every array under [`Options::array_loops`]).
fn zero_at(m: &mut Module, f: Func, at: Inst, ptr: Value, options: &Options, depth: u32) {
    if depth > 32 {
        return;
    }
    let Some((space, store, mode)) = m.ty(ptr.inst()).and_then(|t| m.ptr_parts(t)) else {
        return;
    };
    let array_loop = options.array_loops && m.opcode(store) == Opcode::Array;
    if m.is_constructible(store) && !array_loop {
        let mut b = Builder::new(m);
        b.set_insert_point(InsertPoint::Before(at));
        let z = b.zero(Type(store));
        b.store(ptr, z);
        return;
    }
    match m.opcode(store) {
        Opcode::Atomic => {
            let Some(scalar) = m.operand_opt(store, 0) else {
                return;
            };
            let mut b = Builder::new(m);
            b.set_insert_point(InsertPoint::Before(at));
            let z = b.zero(Type(scalar));
            b.effect(Opcode::AtomicStore, &[ptr.inst(), z.inst()]);
        }
        Opcode::Struct => {
            let n = m.struct_field_count(store);
            for k in 0..n {
                let mut b = Builder::new(m);
                b.set_insert_point(InsertPoint::Before(at));
                let Some(ft) = m_field_type(b.module, store, k) else {
                    continue;
                };
                let kc = b.const_u32(k as u32);
                let rt = b.ty_ptr(space, Type(ft), mode);
                let member = b.value(Opcode::Access, rt, &[ptr, kc]);
                zero_at(m, f, at, member, options, depth + 1);
            }
        }
        Opcode::Array => {
            let (Some(elem), Some(count)) = (m.operand_opt(store, 0), m.operand_opt(store, 1))
            else {
                return;
            };
            let place = (space, mode);
            zero_array(m, f, at, ptr, Type(elem), count, place, options, depth);
        }
        Opcode::Buffer => {
            if let Some(size) = m.operand_opt(store, 0) {
                zero_buffer(m, f, at, ptr, size);
            }
        }
        _ => {}
    }
}

fn m_field_type(m: &Module, s: Inst, k: usize) -> Option<Inst> {
    m.struct_fields(s).get(k).and_then(|&f| m.ty(f))
}

/// A loop over an array's elements, zeroing each, placed before `at` (which it splits).
#[allow(clippy::too_many_arguments)]
fn zero_array(
    m: &mut Module,
    f: Func,
    at: Inst,
    ptr: Value,
    elem: Type,
    count: Inst,
    (space, mode): (AddressSpace, crate::ir::enums::AccessMode),
    options: &Options,
    depth: u32,
) {
    let Some((i, end)) = loop_before(m, f, at, Value(count)) else {
        return;
    };
    let mut b = Builder::new(m);
    b.set_insert_point(InsertPoint::Before(end));
    let rt = b.ty_ptr(space, elem, mode);
    let p = b.value(Opcode::Access, rt, &[ptr, i]);
    zero_at(m, f, end, p, options, depth + 1);
}

/// A byte buffer (`buffer<N>`) zeroed word by word through `u32` views in a loop, and
/// its last two bytes through an `f16` view when `N` is not a whole number of words (a
/// `buffer<N>` holds whole words or, with `f16`, whole halves).
fn zero_buffer(m: &mut Module, f: Func, at: Inst, ptr: Value, size: Inst) {
    let Some(bytes) = m.const_u32(size) else {
        return;
    };
    let Some((space, _, mode)) = m.ty(ptr.inst()).and_then(|t| m.ptr_parts(t)) else {
        return;
    };
    if bytes % 4 != 0 {
        let mut b = Builder::new(m);
        b.set_insert_point(InsertPoint::Before(at));
        let f16t = b.ty_f16();
        let rt = b.ty_ptr(space, f16t, mode);
        let last = b.const_u32(bytes & !3);
        let view = b.value(Opcode::BufferView, rt, &[ptr, last]);
        let z = b.zero(f16t);
        b.store(view, z);
    }
    if bytes < 4 {
        return;
    }
    let count = Builder::new(m).const_u32(bytes / 4);
    let Some((i, end)) = loop_before(m, f, at, count) else {
        return;
    };
    let mut b = Builder::new(m);
    b.set_insert_point(InsertPoint::Before(end));
    let u32t = b.ty_u32();
    let four = b.const_u32(4);
    let offset = b.binary(Opcode::Mul, i, four);
    let rt = b.ty_ptr(space, u32t, mode);
    let view = b.value(Opcode::BufferView, rt, &[ptr, offset]);
    let z = b.const_u32(0);
    b.store(view, z);
}

/// A loop counting `i` from 0 to `count`, placed before `at` (which it splits): `i` and
/// the branch ending the loop's body, before which the body goes.
fn loop_before(m: &mut Module, f: Func, at: Inst, count: Value) -> Option<(Value, Inst)> {
    let block = m.parent(at).map(Block)?;
    let rest = crate::ir::edit::split_before(m, at)?;
    let mut b = Builder::new(m);
    let u32t = b.ty_u32();
    let header = b.block(f);
    let i = b.param(header, u32t);
    let body = b.block(f);
    let done_arm = b.block(f);
    let go_arm = b.block(f);
    let cont = b.block(f);
    let zero = b.const_u32(0);
    let one = b.const_u32(1);
    b.switch_to(block);
    b.loop_(header, &[zero], rest, cont);
    b.switch_to(header);
    let count_u = if b
        .module
        .ty(count.inst())
        .is_some_and(|t| b.module.opcode(t) == Opcode::U32)
    {
        count
    } else {
        b.value(Opcode::Bitcast, u32t, &[count])
    };
    let done = b.compare(Opcode::Ge, i, count_u);
    b.if_else(done, done_arm, go_arm, body);
    b.switch_to(done_arm);
    b.br(rest, &[]);
    b.switch_to(go_arm);
    b.br(body, &[]);
    b.switch_to(body);
    let to_cont = b.br(cont, &[]);
    b.switch_to(cont);
    let next = b.binary(Opcode::Add, i, one);
    b.br(header, &[next]);
    Some((i, to_cont))
}
