//! `shift-amount`: WGSL shifts by the amount modulo the bit width (`x << 33u` is
//! `x << 1u`); SPIR-V leaves a shift by the width or more undefined. The amount is masked
//! with `& 31u` unless it is a constant below 32.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{builder_before, find_all, splat_const};
use crate::ir::eval;
use crate::ir::{Module, Opcode, Type, Value};

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "shift-amount";

/// What `shift-amount` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for i in find_all(m, &[Opcode::Shl, Opcode::Shr]) {
        let amount = m.operand(i, 1);
        if eval::read(m, amount).is_some_and(|c| c.lanes.iter().all(|&l| l < 32)) {
            continue;
        }
        let Some(ty) = m.ty(amount) else { continue };
        let mut b = builder_before(m, i);
        let mask = splat_const(&mut b, Type(ty), 31);
        let masked = b.binary(Opcode::And, Value(amount), mask);
        m.set_operand(i, 1, masked.inst());
        changed = true;
    }
    Ok(Changed::instructions_if(changed))
}
