//! `private-to-local`: a module-scope `var<private>` that only one entry point uses
//! becomes a function-scope `var` of that entry point, which `mem2reg` can then promote.
//!
//! **Why it is exact.** A private variable belongs to one invocation and starts at its
//! initializer (or zero) when the invocation starts. An entry point runs once per
//! invocation and is never called, so a variable of its body that starts at the same
//! value holds, at every point, what the private variable held: the two differ only in
//! their address space, which no load or store observes. SPIR-V translators (Tint's
//! SPIR-V reader, which writes the Unity shaders of Dawn's benchmark set) put every
//! temporary in a private variable; this is what lets the optimizing passes see them as
//! values.
//!
//! **Which variables.** Every use, followed through access chains, is a `load` or the
//! address of a `store` inside one function, and that function is an entry point that no
//! call names. A variable passed to a call (its pointer type names the private space in
//! the callee's signature), used by two functions, or `@export`ed stays; one with no use
//! is left to `dead-globals`.
//!
//! **Algorithm.** One walk of each variable's uses (and of its access chains' uses); a
//! moved variable goes to the top of the entry block (after its parameters) with the same
//! initializer operand (a global value, which a function may use), and it and its access
//! chains take the same pointer types with `function` for `private`. Cost: linear in the
//! uses of private variables.
//!
//! **Invariants kept.** Types and values only; blocks and edges are untouched
//! (`Changed::Instructions`). The variable still dominates its uses: it is the first
//! instruction of the entry block.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::enums::AddressSpace;
use crate::ir::{Builder, Inst, Module, Opcode, Type};

use super::dead_globals::{is_entry_point, is_exported};

pub fn run(m: &mut Module, _: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut vars: Vec<Inst> = Vec::new();
    for c in m.children(m.root()) {
        let private = m
            .ty(c)
            .and_then(|t| m.ptr_parts(t))
            .is_some_and(|(space, ..)| space == AddressSpace::Private);
        if m.opcode(c) == Opcode::Var && !is_exported(m, c) && private {
            vars.push(c);
        }
    }
    let mut changed = false;
    for v in vars {
        let mut chains = Vec::new();
        let Some(f) = only_user(m, v, &mut chains) else {
            continue;
        };
        if !is_entry_point(m, f) || m.has_uses(f) {
            continue;
        }
        let Some(entry) = m.first_child(f) else {
            continue;
        };
        move_into(m, v, &chains, entry);
        changed = true;
    }
    Ok(Changed::instructions_if(changed))
}

/// The one function that uses `v` only by loads, stores to it and access chains into it
/// (pushed on `chains`), if there is one.
fn only_user(m: &Module, v: Inst, chains: &mut Vec<Inst>) -> Option<Inst> {
    let mut func: Option<Inst> = None;
    let mut work = vec![v];
    while let Some(p) = work.pop() {
        for u in m.uses(p) {
            match (m.opcode(u.user), u.index) {
                (Opcode::Load, 0) | (Opcode::Store, 0) => {}
                (Opcode::Access, 0) => {
                    chains.push(u.user);
                    work.push(u.user);
                }
                _ => return None,
            }
            let block = m.parent(u.user)?;
            let f = m.parent(block)?;
            if m.opcode(f) != Opcode::Func || func.is_some_and(|g| g != f) {
                return None;
            }
            func = Some(f);
        }
    }
    func
}

/// Moves `v` to the top of `entry` and gives it and `chains` function pointer types.
fn move_into(m: &mut Module, v: Inst, chains: &[Inst], entry: Inst) {
    for &p in std::iter::once(&v).chain(chains) {
        let Some((_, store, access)) = m.ty(p).and_then(|t| m.ptr_parts(t)) else {
            continue;
        };
        let t = Builder::new(m).ty_ptr(AddressSpace::Function, Type(store), access);
        m.set_type(p, t.inst());
    }
    m.detach(v);
    let first = crate::ir::edit::first_non_param(m, entry);
    match first {
        Some(anchor) => m.insert_before(anchor, v),
        None => m.append_child(entry, v),
    }
}
