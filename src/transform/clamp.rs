//! `clamp`: WGSL's `clamp(e, low, high)` is `min(max(e, low), high)` for any bounds;
//! GLSL.std.450's `FClamp`/`SClamp`/`UClamp` are undefined when `low > high`. A clamp
//! whose bounds are constants in order stays a clamp; any other becomes `max` then `min`.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{builder_before, find_all, shape};
use crate::ir::eval;
use crate::ir::types::Scalar;
use crate::ir::{Module, Opcode, Value};

/// Whether constant bounds are in order, component by component.
fn ordered(m: &Module, lo: crate::ir::Inst, hi: crate::ir::Inst, s: Scalar) -> bool {
    let (Some(l), Some(h)) = (eval::read(m, lo), eval::read(m, hi)) else {
        return false;
    };
    l.lanes.len() == h.lanes.len()
        && l.lanes.iter().zip(&h.lanes).all(|(&a, &b)| match s {
            Scalar::I32 => (a as i32) <= (b as i32),
            Scalar::U32 => a <= b,
            Scalar::F32 => f32::from_bits(a) <= f32::from_bits(b),
            Scalar::F16 => {
                half::f16::from_bits(a as u16).to_f32() <= half::f16::from_bits(b as u16).to_f32()
            }
            Scalar::Bool => false,
        })
}

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "clamp";

/// What `clamp` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for i in find_all(m, &[Opcode::Clamp]) {
        let (e, lo, hi) = (m.operand(i, 0), m.operand(i, 1), m.operand(i, 2));
        let Some((s, _)) = shape(m, e) else { continue };
        if ordered(m, lo, hi, s) {
            continue;
        }
        let mut b = builder_before(m, i);
        let above = b.binary(Opcode::Max, Value(e), Value(lo));
        let within = b.binary(Opcode::Min, above, Value(hi));
        m.replace_all_uses_with(i, within.inst());
        m.remove(i);
        changed = true;
    }
    Ok(Changed::instructions_if(changed))
}
