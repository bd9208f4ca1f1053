//! `int-division`: WGSL defines integer `/` and `%` for every operand; SPIR-V leaves
//! division by zero, and `i32::MIN / -1`, undefined.
//!
//! WGSL: `e1 / 0` is `e1`, `e1 % 0` is `0`; for `i32`, `MIN / -1` is `MIN` and
//! `MIN % -1` is `0`. Dividing by 1 instead gives exactly those results, so the divisor
//! is replaced by `select(bad, 1, e2)` where `bad` is `e2 == 0` (or, for `i32`,
//! `e2 == 0 || (e1 == MIN && e2 == -1)`). A constant divisor that is neither 0 nor -1
//! needs nothing.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{builder_before, find_all, shape, splat_const, widen, wider_type};
use crate::ir::eval;
use crate::ir::types::Scalar;
use crate::ir::{Module, Opcode, Type, Value};

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "int-division";

/// What `int-division` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for i in find_all(m, &[Opcode::Div, Opcode::Rem]) {
        let (lhs, rhs) = (m.operand(i, 0), m.operand(i, 1));
        let Some((s, _)) = shape(m, lhs) else {
            continue;
        };
        if !s.is_int() {
            continue;
        }
        let signed = s == Scalar::I32;
        if let Some(c) = eval::read(m, rhs) {
            let safe = c
                .lanes
                .iter()
                .all(|&c| c != 0 && !(signed && c == u32::MAX));
            if safe {
                continue;
            }
        }
        let Some(wide) = wider_type(m, lhs, rhs) else {
            continue;
        };
        let mut b = builder_before(m, i);
        let wide = Type(wide);
        let (l, r) = (
            widen(&mut b, Value(lhs), wide),
            widen(&mut b, Value(rhs), wide),
        );
        let zero = splat_const(&mut b, wide, 0);
        let one = splat_const(&mut b, wide, 1);
        let mut bad = b.compare(Opcode::Eq, r, zero);
        if signed {
            let min = splat_const(&mut b, wide, i32::MIN as u32);
            let minus_one = splat_const(&mut b, wide, u32::MAX);
            let l_min = b.compare(Opcode::Eq, l, min);
            let r_neg = b.compare(Opcode::Eq, r, minus_one);
            let overflow = b.binary(Opcode::And, l_min, r_neg);
            bad = b.binary(Opcode::Or, bad, overflow);
        }
        let divisor = b.value(Opcode::Select, wide, &[bad, one, r]);
        let op = b.module.opcode(i);
        let ty = Type(b.module.ty(i).unwrap_or(wide.inst()));
        let safe = b.value(op, ty, &[l, divisor]);
        m.replace_all_uses_with(i, safe.inst());
        m.remove(i);
        changed = true;
    }
    Ok(Changed::instructions_if(changed))
}
