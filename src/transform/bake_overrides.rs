//! `bake-overrides`: for targets without specialization constants (HLSL), every override
//! whose value is known becomes that constant, and the override-expressions over them are
//! evaluated, so a workgroup size, an array count or a private variable's initializer
//! computed from overrides is a plain constant the target can spell.
//!
//! Module-scope instructions come in dependency order (an override-expression after what
//! it reads), so one walk in that order sees each expression after its operands have been
//! baked: an override with a constant initializer (its default, or the value given, see
//! [`super::override_values`]) is replaced by that constant everywhere; a pure operation
//! whose operands are all constants is replaced by its value when [`eval::evaluate`]
//! knows it exactly, and removed. Replacing goes through `replace_all_uses_with`, which re-interns
//! the users, so `array<f32, n>` becomes the module's one `array<f32, 8>`.
//!
//! Each operation is first judged by WebGPU's pipeline-creation rules
//! ([`super::override_checks`]): a division by zero, an overflow or a non-finite result
//! in an override-expression, or a workgroup size below 1, is an error (E4006), where
//! the run-time semantics the evaluator has would give a value silently.
//!
//! What cannot be evaluated exactly (a float result that is not normal, say) stays an
//! expression, for the back end to write or refuse as before; an override without a
//! value stays an override. Cost: one walk of module scope plus the uses replaced.

use super::override_checks;
use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::{Module, Opcode, eval};

pub const NAME: &str = "bake-overrides";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Judge the function bodies' uses of override-expressions too
    /// ([`override_checks::watch`]): right only on the module as lowered, before any
    /// pass, which is where the driver judges the values a pipeline is given.
    pub judge_function_uses: bool,
}

pub fn run(m: &mut Module, _: &mut Analyses, o: &Options) -> Result<Changed, Diagnostic> {
    let scope: Vec<_> = m.children(m.root()).collect();
    if !scope.iter().any(|&c| m.opcode(c) == Opcode::Override) {
        return Ok(Changed::None);
    }
    let watched = match o.judge_function_uses {
        true => override_checks::watch(m),
        false => Vec::new(),
    };
    let mut changed = Changed::None;
    for c in scope {
        if m.is_dead(c) || !m.has_uses(c) {
            continue;
        }
        let op = m.opcode(c);
        let value = if op == Opcode::Override {
            match m.operand_opt(c, 0) {
                Some(init) if m.opcode(init) == Opcode::Constant => init,
                _ => continue,
            }
        } else if op.is_pure() {
            if let Some(problem) = override_checks::problem(m, c) {
                let about = m
                    .uses(c)
                    .map(|u| u.user)
                    .find(|&u| m.opcode(u) == Opcode::Override)
                    .or(Some(c))
                    .and_then(|u| m.name(u));
                return Err(override_checks::diagnostic(m, c, problem, about));
            }
            match (eval::evaluate(m, c), m.ty(c)) {
                (Some(k), Some(ty)) => eval::materialize(m, ty, &k),
                _ => continue,
            }
        } else {
            continue;
        };
        override_checks::array_count(m, c, value)?;
        m.replace_all_uses_with(c, value);
        if op != Opcode::Override {
            // Nothing uses it now; an override stays, as the source's declaration.
            m.remove(c);
        }
        changed = Changed::Instructions;
    }
    override_checks::workgroup_size(m)?;
    override_checks::judge_uses(m, &watched)?;
    Ok(changed)
}
