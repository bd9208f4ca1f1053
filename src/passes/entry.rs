//! `--entry NAME`: keep one entry point. Not a registered pass (it takes an argument):
//! the pipeline calls [`keep_only`] before the passes.
//!
//! The other entry points go, then every function the kept one does not reach through
//! calls, then module-scope variables nothing uses any more. Types and constants are left
//! to `dce`.

use super::dead_globals::{is_entry_point, keep_reachable};
use crate::diag::{Diagnostic, codes};
use crate::ir::{Inst, Module, Opcode};

/// Keeps only the entry point called `name` and what it uses.
pub fn keep_only(m: &mut Module, name: &str) -> Result<(), Vec<Diagnostic>> {
    // Plain loops rather than filter/collect chains: each chain was its own copy of the
    // iterator code in the package.
    let mut entries: Vec<Inst> = Vec::new();
    for f in m.children(m.root()) {
        if m.opcode(f) == Opcode::Func && is_entry_point(m, f) {
            entries.push(f);
        }
    }
    let mut found = None;
    for &f in &entries {
        if m.name(f) == Some(name) {
            found = Some(f);
            break;
        }
    }
    let Some(keep) = found else {
        let mut known: Vec<&str> = Vec::new();
        for &f in &entries {
            if let Some(n) = m.name(f) {
                known.push(n);
            }
        }
        let mut d = Diagnostic::error(
            codes::UNKNOWN_ENTRY_POINT,
            format!("there is no entry point named `{name}`"),
        );
        d = if known.is_empty() {
            d.with_note("the module has no entry points")
        } else {
            d.with_note(format!("the entry points are: {}", known.join(", ")))
        };
        return Err(vec![d]);
    };
    keep_reachable(m, &[keep]);
    let mut unused_vars: Vec<Inst> = Vec::new();
    for c in m.children(m.root()) {
        if m.opcode(c) == Opcode::Var && !m.has_uses(c) {
            unused_vars.push(c);
        }
    }
    for v in unused_vars {
        m.set_operands(v, &[]);
        m.remove(v);
    }
    Ok(())
}
