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
    let funcs: Vec<Inst> = m
        .children(m.root())
        .filter(|&c| m.opcode(c) == Opcode::Func)
        .collect();
    let entries: Vec<Inst> = funcs
        .iter()
        .copied()
        .filter(|&f| is_entry_point(m, f))
        .collect();
    let Some(&keep) = entries.iter().find(|&&f| m.name(f) == Some(name)) else {
        let known: Vec<&str> = entries.iter().filter_map(|&f| m.name(f)).collect();
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
    let unused_vars: Vec<Inst> = m
        .children(m.root())
        .filter(|&c| m.opcode(c) == Opcode::Var && !m.has_uses(c))
        .collect();
    for v in unused_vars {
        m.set_operands(v, &[]);
        m.remove(v);
    }
    Ok(())
}
