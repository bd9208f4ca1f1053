//! `float-to-int`: WGSL converts a float to an integer by clamping it to the range both
//! types share and truncating (`i32(3e9)` is `2147483520`, `u32(-1.0)` is `0`); SPIR-V's
//! `OpConvertFToS`/`OpConvertFToU` are undefined out of range. The operand is clamped
//! with `max` then `min` (a NaN gives an indeterminate value in WGSL, so either
//! answer is right).
//!
//! The bounds are the largest floats at most the integer limits: for `f32`,
//! [-2147483648, 2147483520] for `i32` and [0, 4294967040] for `u32`; for `f16`, whose
//! largest finite value is 65504, [-65504, 65504] and [0, 65504].

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{builder_before, find_all, shape, splat_const};
use crate::ir::types::Scalar;
use crate::ir::{Module, Opcode, Type, Value};

fn bounds(from: Scalar, to: Scalar) -> (u32, u32) {
    match (from, to) {
        (Scalar::F32, Scalar::I32) => ((-2147483648.0f32).to_bits(), 2147483520.0f32.to_bits()),
        (Scalar::F32, _) => (0.0f32.to_bits(), 4294967040.0f32.to_bits()),
        (_, Scalar::I32) => (
            u32::from(half::f16::from_f32(-65504.0).to_bits()),
            u32::from(half::f16::from_f32(65504.0).to_bits()),
        ),
        _ => (0, u32::from(half::f16::from_f32(65504.0).to_bits())),
    }
}

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "float-to-int";

/// What `float-to-int` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for i in find_all(m, &[Opcode::Convert]) {
        let x = m.operand(i, 0);
        let (Some((from, _)), Some((to, _))) = (shape(m, x), shape(m, i)) else {
            continue;
        };
        if !from.is_float() || !to.is_int() {
            continue;
        }
        let Some(ty) = m.ty(x) else { continue };
        let (lo, hi) = bounds(from, to);
        let mut b = builder_before(m, i);
        let lo = splat_const(&mut b, Type(ty), lo);
        let hi = splat_const(&mut b, Type(ty), hi);
        let above = b.binary(Opcode::Max, Value(x), lo);
        let within = b.binary(Opcode::Min, above, hi);
        m.set_operand(i, 0, within.inst());
        changed = true;
    }
    Ok(Changed::instructions_if(changed))
}
