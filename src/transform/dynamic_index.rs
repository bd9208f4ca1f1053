//! `dynamic-index`: for targets that index a value (not memory) only with constant
//! indices, except a vector's component (SPIR-V: `OpVectorExtractDynamic`). A dynamic index into an array or
//! matrix *value* — `extract %arr, %i` — is rewritten through a function variable:
//! `%p = var %arr; %q = access %p, %i; %r = load %q`, and `insert` likewise with a store.
//! A constant read this way lives in a private variable instead, one per constant,
//! initialized once. What is left is the one form such a target has: constant indices,
//! then at most one dynamic index into a vector, last.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{builder_before, find_all};
use crate::ir::enums::{AccessMode, AddressSpace};
use crate::ir::{Builder, Inst, Module, Opcode, Type, Value};
use crate::util::map::Map;

/// Whether `extract`/`insert` `i` (indices from operand `first`) needs the variable.
fn needs_spill(m: &Module, i: Inst, first: usize) -> bool {
    let n = m.num_operands(i);
    let Some(mut t) = m.ty(m.operand(i, 0)) else {
        return false;
    };
    for k in first..n {
        let ix = m.operand(i, k);
        let constant = m.opcode(ix) == Opcode::Constant;
        if !constant {
            // A dynamic index is fine only into a vector, as the last index.
            return !(k + 1 == n && m.opcode(t) == Opcode::Vec);
        }
        match m.member_type(t, m.const_u32(ix)) {
            Some(mt) => t = mt,
            None => return false,
        }
    }
    false
}

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "dynamic-index";

/// What `dynamic-index` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    // Constants read with a dynamic index live in one private variable each, initialized
    // once, rather than being copied into a function variable at every read.
    let mut constant_vars: Map<Inst, Value> = Map::default();
    for i in find_all(m, &[Opcode::Extract, Opcode::Insert]) {
        let insert = m.opcode(i) == Opcode::Insert;
        let first = if insert { 2 } else { 1 };
        if !needs_spill(m, i, first) {
            continue;
        }
        let ops = m.operands_vec(i);
        let Some(ty) = m.ty(ops[0]) else { continue };
        let constant = !insert && m.opcode(ops[0]).is_constant();
        let var = if constant {
            match constant_vars.get(&ops[0]) {
                Some(&v) => v,
                None => {
                    let mut b = Builder::new(m);
                    let pt = b.ty_ptr(AddressSpace::Private, Type(ty), AccessMode::ReadWrite);
                    let v = b.global_var("", pt, Some(Value(ops[0])));
                    constant_vars.insert(ops[0], v);
                    v
                }
            }
        } else {
            let mut b = builder_before(m, i);
            b.local_var(Type(ty), Some(Value(ops[0])))
        };
        let mut b = builder_before(m, i);
        let indices: Vec<Value> = ops[first..].iter().map(|&x| Value(x)).collect();
        let Some(elem_ptr) = access(&mut b, var, &indices) else {
            continue;
        };
        let result = if insert {
            b.store(elem_ptr, Value(ops[1]));
            b.load(var)
        } else {
            b.load(elem_ptr)
        };
        m.replace_all_uses_with(i, result.inst());
        m.remove(i);
        changed = true;
    }
    Ok(Changed::instructions_if(changed))
}

/// `access base, indices…`, or `None` if an index does not fit the type.
fn access(b: &mut crate::ir::Builder<'_>, base: Value, indices: &[Value]) -> Option<Value> {
    let m = &*b.module;
    let (space, mut t, mode) = m.ptr_parts(m.ty(base.inst())?)?;
    for ix in indices {
        let k = if m.opcode(ix.inst()) == Opcode::Constant {
            m.const_u32(ix.inst())
        } else {
            None
        };
        t = m.member_type(t, k)?;
    }
    let rt = b.ty_ptr(space, Type(t), mode);
    let mut ops = vec![base];
    ops.extend_from_slice(indices);
    Some(b.value(Opcode::Access, rt, &ops))
}
