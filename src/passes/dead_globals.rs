//! `dead-globals`: removes what no entry point of the module can reach: functions that no
//! entry point calls (directly or not), module-scope variables that no kept function
//! uses, and struct types that nothing uses any more.
//!
//! `dce` works inside functions and removes unused hash-consed global values (types,
//! constants); it keeps functions, variables, overrides and structs, because it does not
//! know which functions are the program. This pass does: the entry points (functions
//! with a stage decoration) are the roots. A module without an entry point is a library
//! of functions, and is left as it is.
//!
//! **Write-only variables.** A `private` or `workgroup` variable that is only ever stored
//! to (through access chains or not) is never read by any invocation: its stores and
//! access chains go, and then the variable. A load, an atomic, a call that takes the
//! pointer or any other use keeps it. (The values stored become dead code for `dce`,
//! and a resource read only to be stored there loses its load; the resource stays part
//! of the entry point's interface, which `unused-globals` and the WGSL writer keep.)
//!
//! **What stays.** Every entry point and what it calls; every `@export`ed function or
//! variable (another module may use it, `ir/link.rs`); overrides, used or not (a
//! pipeline may name any override of the module in its constants, and naming one that
//! does not exist is an error in WebGPU); variables that a kept function uses; structs
//! used by anything kept. Removing an unused resource variable changes only the bindings
//! the module declares, not the ones an entry point uses, which are all a pipeline layout
//! made from the module (`layout: "auto"`) ever held.
//!
//! **Algorithm.** A walk of the call graph from the entry points marks the live
//! functions; the others lose their operands (so calls among them do not keep each
//! other) and are removed. Then, until nothing changes, module-scope variables, struct
//! types and hash-consed global values with no use (and, for types, no value of the type)
//! are removed: removing a variable frees its pointer type, which can free a struct.
//! Cost: linear in the module, times the depth of type nesting for the last step.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::enums::AddressSpace;
use crate::ir::{Inst, Module, Opcode};
use crate::util::map::Set;

/// What the pass may remove.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Keep every `uniform`, `storage`, `immediate` and `handle` variable, used or not.
    /// After the optimizing passes, a resource with no use may still be one an entry
    /// point used in the source (`_ = x;`, a load whose value went unused): it is part of
    /// the entry point's interface, and of a pipeline layout made from it
    /// (`layout: "auto"`), so only `private` and `workgroup` variables go.
    pub keep_resources: bool,
}

pub fn run(m: &mut Module, _: &mut Analyses, options: &Options) -> Result<Changed, Diagnostic> {
    // Loops rather than filter/chain/collect: each chain was its own copy of the iterator
    // code in the package.
    let mut entries: Vec<Inst> = Vec::new();
    for c in m.children(m.root()) {
        if m.opcode(c) == Opcode::Func && is_entry_point(m, c) {
            entries.push(c);
        }
    }
    if entries.is_empty() {
        return Ok(Changed::None);
    }
    for c in m.children(m.root()) {
        if m.opcode(c) == Opcode::Func && is_exported(m, c) {
            entries.push(c);
        }
    }
    let removed_functions = keep_reachable(m, &entries);
    let removed_stores = write_only_variables(m);
    let removed_globals = unused_module_items(m, options.keep_resources) || removed_stores;
    // Removing a function changes the set of functions, which the cache is keyed by.
    Ok(Changed::cfg_if(removed_functions) | Changed::instructions_if(removed_globals))
}

/// Whether `f` has a stage decoration.
pub fn is_entry_point(m: &Module, f: Inst) -> bool {
    m.decorations(f).any(|d| {
        matches!(
            m.opcode(d),
            Opcode::DecoVertex | Opcode::DecoFragment | Opcode::DecoCompute
        )
    })
}

/// Whether `i` is `@export`ed: another module may use it.
pub fn is_exported(m: &Module, i: Inst) -> bool {
    m.decoration(i, Opcode::DecoExport).is_some()
}

/// Removes every function that `roots` do not reach through calls; returns whether any
/// was removed.
pub fn keep_reachable(m: &mut Module, roots: &[Inst]) -> bool {
    let mut live: Set<Inst> = roots.iter().copied().collect();
    let mut work: Vec<Inst> = roots.to_vec();
    while let Some(f) = work.pop() {
        for b in m.children(f) {
            for i in m.children(b) {
                if m.opcode(i) == Opcode::Call {
                    if let Some(callee) = m.operand_opt(i, 0) {
                        if live.insert(callee) {
                            work.push(callee);
                        }
                    }
                }
            }
        }
    }
    let mut doomed: Vec<Inst> = Vec::new();
    for c in m.children(m.root()) {
        if m.opcode(c) == Opcode::Func && !live.contains(&c) {
            doomed.push(c);
        }
    }
    // Every operand inside the doomed functions goes first, so uses among them (and
    // calls between them) never block the removal.
    for &f in &doomed {
        for b in m.children_vec(f) {
            for i in m.children_vec(b) {
                if m.num_operands(i) > 0 {
                    m.set_operands(i, &[]);
                }
            }
        }
    }
    let any = !doomed.is_empty();
    for f in doomed {
        m.remove(f);
    }
    any
}

/// Removes every store to a `private` or `workgroup` variable that nothing reads, and the
/// access chains that led there (see the module essay); returns whether any went.
fn write_only_variables(m: &mut Module) -> bool {
    let mut vars: Vec<Inst> = Vec::new();
    for c in m.children(m.root()) {
        let space = m.ty(c).and_then(|t| m.ptr_parts(t)).map(|(s, ..)| s);
        if m.opcode(c) == Opcode::Var
            && matches!(space, Some(AddressSpace::Private | AddressSpace::Workgroup))
            && !is_exported(m, c)
        {
            vars.push(c);
        }
    }
    let (mut stores, mut chains) = (Vec::new(), Vec::new());
    let mut changed = false;
    for v in vars {
        if !super::dce::only_stored(m, v, &mut stores, &mut chains) || stores.is_empty() {
            continue;
        }
        changed = true;
        for &s in &stores {
            m.remove(s);
        }
        // An access chain's users are later in the list: remove from the end.
        for &c in chains[1..].iter().rev() {
            m.remove(c);
        }
    }
    changed
}

/// Removes module-scope variables, structs and hash-consed values that nothing uses,
/// until none is left; returns whether any was removed.
fn unused_module_items(m: &mut Module, keep_resources: bool) -> bool {
    let kind = m.type_kind();
    let mut changed = false;
    loop {
        let mut dead: Vec<Inst> = Vec::new();
        for c in m.children(m.root()) {
            let op = m.opcode(c);
            let var = op == Opcode::Var
                && !(keep_resources
                    && m.ty(c)
                        .and_then(|t| m.ptr_parts(t))
                        .is_none_or(|(space, ..)| {
                            !matches!(space, AddressSpace::Private | AddressSpace::Workgroup)
                        }));
            let candidate = var || op == Opcode::Struct || op.is_hoistable();
            // `has_uses` counts the values a type types, too.
            if candidate && c != kind && !m.has_uses(c) && !is_exported(m, c) {
                dead.push(c);
            }
        }
        if dead.is_empty() {
            return changed;
        }
        changed = true;
        for &d in &dead {
            if m.num_operands(d) > 0 {
                m.set_operands(d, &[]);
            }
        }
        for d in dead {
            m.remove(d);
        }
    }
}
