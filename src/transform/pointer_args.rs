//! `pointer-args`: for targets that pass only variables as pointer arguments. SPIR-V's
//! logical addressing (without `VariablePointers`), for one, only passes
//! *memory object declarations* — variables and pointer parameters — as pointer
//! arguments, while WGSL passes any pointer: `f(&arr[i])`, `f(&buffer.field)`.
//!
//! Each call passing such a pointer calls a specialized copy of the callee instead, one
//! per callee, argument, root and shape of access chain:
//!
//! - rooted at a module-scope variable, the copy names the variable itself and takes the
//!   chain's dynamic indices as parameters: `f(&buf.items[i])` becomes `f_1(i)`, whose
//!   entry block rebuilds `access @buf, 1u, %i`;
//! - rooted at a function variable or a pointer parameter, the copy takes the root
//!   pointer and the dynamic indices: `f(&local[i][2])` becomes `f_2(&local, i)`.
//!
//! Copies are made again until no call passes a pointer that is not a variable or a
//! parameter (a copy's own calls may need it in turn; the IR has no recursion, so this
//! ends). The originals no call reaches any more are removed.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{clone_func, functions};
use crate::ir::{Builder, Func, InsertPoint, Inst, Module, Opcode, Type, Value};
use crate::util::map::Map;
use crate::util::sort;

/// Where a pointer argument comes from.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Root {
    /// A module-scope variable.
    Global(Inst),
    /// A function variable or pointer parameter of this pointer type.
    Local(Inst),
}

/// An index of the chain: a constant, or a dynamic value of this type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Index {
    Const(Inst),
    Dynamic(Inst),
}

/// A pointer traced to its root: the root value and the indices from it.
struct Traced {
    root: Root,
    root_value: Inst,
    indices: Vec<Inst>,
}

fn trace(m: &Module, p: Inst) -> Option<Traced> {
    let mut indices = Vec::new();
    let mut cur = p;
    for _ in 0..256 {
        match m.opcode(cur) {
            Opcode::Access => {
                let ops = m.operands_vec(cur);
                let mut here: Vec<Inst> = ops[1..].to_vec();
                here.extend(indices);
                indices = here;
                cur = ops[0];
            }
            Opcode::Var if m.is_global(cur) => {
                return Some(Traced {
                    root: Root::Global(cur),
                    root_value: cur,
                    indices,
                });
            }
            Opcode::Var | Opcode::Param => {
                return Some(Traced {
                    root: Root::Local(m.ty(cur)?),
                    root_value: cur,
                    indices,
                });
            }
            _ => return None,
        }
    }
    None
}

/// Whether an argument may be passed as it is.
fn passable(m: &Module, a: Inst) -> bool {
    matches!(m.opcode(a), Opcode::Var | Opcode::Param) && !m.is_global(a)
}

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "pointer-args";

/// What `pointer-args` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut clones: Map<(Inst, usize, Root, Vec<Index>), Func> = Map::default();
    let mut changed = false;
    // Each round rewrites every call that needs it; copies made in a round are looked at
    // in the next. Call chains are finite, so rounds are too.
    for _round in 0..64 {
        let mut work = Vec::new();
        for f in functions(m) {
            for b in m.blocks(f) {
                for i in m.children(b.inst()) {
                    if m.opcode(i) != Opcode::Call {
                        continue;
                    }
                    let bad = m.operands(i).enumerate().skip(1).find(|&(_, a)| {
                        m.ty(a).is_some_and(|t| m.opcode(t) == Opcode::Ptr) && !passable(m, a)
                    });
                    if let Some((k, _)) = bad {
                        work.push((i, k));
                    }
                }
            }
        }
        if work.is_empty() {
            remove_orphans(m, clones.keys().map(|k| k.0).collect());
            return Ok(Changed::cfg_if(changed));
        }
        for (call, k) in work {
            specialize_call(m, call, k, &mut clones)?;
            changed = true;
        }
    }
    Err(super::unsupported(
        m,
        "pointer arguments nested too deeply to specialize",
        m.root(),
    ))
}

/// Removes the specialized originals no call reaches any more (a callee's own calls
/// may orphan the next one in turn). They would still be written, and a parameter
/// rooted nowhere cannot, for one, give `arrayLength` its buffer.
fn remove_orphans(m: &mut Module, mut candidates: Vec<Inst>) {
    sort::by_key(&mut candidates, |i| i.index() as u64);
    candidates.dedup();
    let stage = [
        Opcode::DecoVertex,
        Opcode::DecoFragment,
        Opcode::DecoCompute,
    ];
    loop {
        let orphan = candidates
            .iter()
            .position(|&f| !m.has_uses(f) && !stage.iter().any(|&d| m.decoration(f, d).is_some()));
        let Some(k) = orphan else { return };
        let f = candidates.swap_remove(k);
        m.remove(f);
    }
}

fn specialize_call(
    m: &mut Module,
    call: Inst,
    k: usize,
    clones: &mut Map<(Inst, usize, Root, Vec<Index>), Func>,
) -> Result<(), Diagnostic> {
    let callee = m.operand(call, 0);
    let arg = m.operand(call, k);
    let Some(traced) = trace(m, arg) else {
        return Err(super::unsupported(
            m,
            "a pointer argument whose root variable cannot be found",
            call,
        ));
    };
    // Loops rather than map/filter/collect chains: each chain was its own copy of the
    // iterator code in the package.
    let mut shape: Vec<Index> = Vec::with_capacity(traced.indices.len());
    for &x in &traced.indices {
        shape.push(if m.opcode(x) == Opcode::Constant {
            Index::Const(x)
        } else {
            Index::Dynamic(m.ty(x).unwrap_or(x))
        });
    }
    let key = (callee, k, traced.root.clone(), shape.clone());
    let copy = match clones.get(&key) {
        Some(&f) => f,
        None => {
            let f = make_copy(m, Func(callee), k - 1, &traced, &shape, call)?;
            clones.insert(key, f);
            f
        }
    };
    // The new call: the other arguments, then the root (for a local root), then the
    // dynamic indices.
    let mut ops = vec![copy.inst()];
    for j in 1..m.num_operands(call) {
        if j != k {
            ops.push(m.operand(call, j));
        }
    }
    if matches!(traced.root, Root::Local(_)) {
        ops.push(traced.root_value);
    }
    for &x in &traced.indices {
        if m.opcode(x) != Opcode::Constant {
            ops.push(x);
        }
    }
    m.set_operands(call, &ops);
    Ok(())
}

/// The copy of `f` whose parameter `param` is replaced by the traced root and indices.
fn make_copy(
    m: &mut Module,
    f: Func,
    param: usize,
    traced: &Traced,
    shape: &[Index],
    at: Inst,
) -> Result<Func, Diagnostic> {
    let base = m.name(f.inst()).unwrap_or("f").to_string();
    let copy = clone_func(m, f, &base)
        .ok_or_else(|| super::malformed(m, "a callee that cannot be copied", at))?;
    let entry = m
        .entry_block(copy)
        .ok_or_else(|| super::malformed(m, "a callee without blocks", at))?;
    let params = m.block_params(entry);
    let old = *params
        .get(param)
        .ok_or_else(|| super::malformed(m, "a call with more arguments than parameters", at))?;
    let mut b = Builder::new(m);
    let root = match traced.root {
        Root::Global(v) => Value(v),
        Root::Local(t) => b.param(entry, Type(t)),
    };
    let mut indices = Vec::with_capacity(shape.len());
    for s in shape {
        match s {
            Index::Const(c) => indices.push(Value(*c)),
            Index::Dynamic(t) => indices.push(b.param(entry, Type(*t))),
        }
    }
    let pointer = if indices.is_empty() {
        root
    } else {
        let first = b
            .module
            .children(entry.inst())
            .find(|&i| b.module.opcode(i) != Opcode::Param);
        match first {
            Some(i) => b.set_insert_point(InsertPoint::Before(i)),
            None => b.switch_to(entry),
        }
        let Some(pt) = b.module.ty(old.inst()) else {
            return Err(super::malformed(b.module, "an untyped parameter", at));
        };
        let mut ops = vec![root];
        ops.extend(indices);
        b.value(Opcode::Access, Type(pt), &ops)
    };
    m.replace_all_uses_with(old.inst(), pointer.inst());
    m.remove(old.inst());
    // The copy's type: its entry block's parameters, in order.
    let fty = m
        .ty(copy.inst())
        .and_then(|t| m.fn_parts(t))
        .ok_or_else(|| super::malformed(m, "a callee without a function type", at))?;
    let mut param_types: Vec<Type> = Vec::new();
    for p in m.block_params(entry) {
        if let Some(t) = m.ty(p.inst()) {
            param_types.push(Type(t));
        }
    }
    let new_ty = Builder::new(m).ty_fn(&param_types, Type(fty.0));
    m.set_type(copy.inst(), new_ty.inst());
    Ok(copy)
}
