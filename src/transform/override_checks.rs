//! WebGPU's pipeline-creation rules for override-expressions, checked where refract
//! evaluates them: when it bakes overrides in (`bake-overrides`, for targets without
//! specialization constants) and when values are given (`override-values`), so that a
//! value a pipeline would refuse is a diagnostic naming the override, never a silent
//! run-time result (`10 / d` with `d` = 0 is 10 at run time, an error at pipeline
//! creation).
//!
//! The rules, from WGSL's override-expression evaluation: a concrete integer result
//! that overflows its type, an integer division or remainder by zero (and `i32::MIN /
//! -1`), a shift by the type's width or more, and a float result that is not finite are
//! errors; and a workgroup size, and the element count of an array sized by an
//! override, must be at least 1. [`problem`] judges
//! one operation whose operands are constants (component-wise on vectors); the walk over
//! module scope that makes operands constants is the caller's.
//!
//! Function bodies use override-expressions too, and the same rules hold there: `10 / d`
//! with `d` = 0, `x << s` with `s` = 40 and `v[i]` with `i` = 7 on a `vec4` are
//! pipeline-creation errors when `d`, `s` and `i` are override-expressions. Which uses
//! those are can be read off the module only as lowered: there a function-body operand
//! that is a module-scope expression over an override is one in the source, while after
//! `mem2reg` a `var v = d; 10 / v` (a run-time division, defined as 10) looks the same.
//! So [`watch`] lists them on the lowered module before its overrides are baked, and
//! [`judge_uses`] reads their values after. An expression computed in the function body
//! (`10 / (d - 1)`) is not judged: the IR cannot tell `d - 1` from `d - z` with `z` a
//! `let`, and only the first is an override-expression.

use super::error;
use crate::diag::{Diagnostic, codes};
use crate::ir::eval::{self, Const};
use crate::ir::types::Scalar;
use crate::ir::{Inst, Module, Opcode};
use crate::util::map::Set;

/// What WebGPU's pipeline creation refuses in the module-scope operation `i`, whose
/// operands are constants, or `None`.
pub fn problem(m: &Module, i: Inst) -> Option<&'static str> {
    use Opcode as O;
    let op = m.opcode(i);
    if !matches!(
        op,
        O::Add | O::Sub | O::Mul | O::Div | O::Rem | O::Neg | O::Shl | O::Shr
    ) {
        return None;
    }
    let a = eval::read(m, m.operand_opt(i, 0)?)?;
    let b = match m.operand_opt(i, 1) {
        Some(b) => Some(eval::read(m, b)?),
        None => None,
    };
    let lanes = a.lanes.len().max(b.as_ref().map_or(0, |b| b.lanes.len()));
    let lane = |c: &Const, k: usize| c.lanes[if c.lanes.len() == 1 { 0 } else { k }];
    for k in 0..lanes {
        let x = lane(&a, k);
        let y = b.as_ref().map(|b| lane(b, k));
        let bad = match a.kind {
            Scalar::I32 | Scalar::U32 => integer(op, a.kind, x, y),
            Scalar::F32 | Scalar::F16 => float(op, a.kind, x, y),
            Scalar::Bool => None,
        };
        if bad.is_some() {
            return bad;
        }
    }
    None
}

fn integer(op: Opcode, kind: Scalar, x: u32, y: Option<u32>) -> Option<&'static str> {
    use Opcode as O;
    let signed = kind == Scalar::I32;
    let wide = |v: u32| {
        if signed {
            i64::from(v as i32)
        } else {
            i64::from(v)
        }
    };
    let (lo, hi) = if signed {
        (i64::from(i32::MIN), i64::from(i32::MAX))
    } else {
        (0, i64::from(u32::MAX))
    };
    let overflow = |v: i64| (v < lo || v > hi).then_some("overflows its integer type");
    let a = wide(x);
    match (op, y.map(wide)) {
        (O::Neg, None) => overflow(-a),
        (O::Add, Some(b)) => overflow(a + b),
        (O::Sub, Some(b)) => overflow(a - b),
        (O::Mul, Some(b)) => overflow(a * b),
        (O::Div | O::Rem, Some(0)) => Some("divides by zero"),
        (O::Div, Some(b)) => overflow(a / b),
        (O::Shl | O::Shr, Some(_)) if y.is_some_and(|s| s >= 32) => {
            Some("shifts by 32 bits or more")
        }
        _ => None,
    }
}

fn float(op: Opcode, kind: Scalar, x: u32, y: Option<u32>) -> Option<&'static str> {
    use Opcode as O;
    let value = |v: u32| match kind {
        Scalar::F16 => f64::from(half::f16::from_bits(v as u16)),
        _ => f64::from(f32::from_bits(v)),
    };
    let a = value(x);
    let r = match (op, y.map(value)) {
        (O::Add, Some(b)) => a + b,
        (O::Sub, Some(b)) => a - b,
        (O::Mul, Some(b)) => a * b,
        (O::Div, Some(b)) => a / b,
        _ => return None,
    };
    let finite = match kind {
        Scalar::F16 => half::f16::from_f64(r).is_finite(),
        _ => (r as f32).is_finite(),
    };
    (!finite).then_some("is not a finite number")
}

/// The diagnostic for `problem` in `i`, naming the override it computes or reads.
pub fn diagnostic(m: &Module, i: Inst, problem: &str, about: Option<&str>) -> Diagnostic {
    let what = match about {
        Some(name) => format!("the override-expression of `{name}`"),
        None => "an override-expression".to_string(),
    };
    error(
        m,
        codes::OVERRIDE_EXPRESSION,
        &format!(
            "{what} {problem} with the override values it is given (WebGPU refuses such a pipeline)"
        ),
        i,
    )
}

/// A workgroup size of an entry point that is a constant below 1, after baking.
pub fn workgroup_size(m: &Module) -> Result<(), Diagnostic> {
    for f in m.children(m.root()) {
        if m.opcode(f) != Opcode::Func {
            continue;
        }
        let Some(d) = m.decoration(f, Opcode::DecoWorkgroupSize) else {
            continue;
        };
        for size in m.operands(d) {
            let Some(c) = eval::read(m, size) else {
                continue;
            };
            let value = match c.kind {
                Scalar::I32 => i64::from(c.lanes[0] as i32),
                _ => i64::from(c.lanes[0]),
            };
            if value < 1 {
                return Err(error(
                    m,
                    codes::OVERRIDE_EXPRESSION,
                    &format!(
                        "a workgroup size computed from overrides is {value}, but each dimension must be at least 1 (WebGPU refuses such a pipeline)"
                    ),
                    f,
                ));
            }
        }
    }
    Ok(())
}

/// An array type sized by `c`, which is about to become the constant `value`, when that
/// value is below 1 (an `array<f32, n>` in workgroup memory with `n` = 0).
pub fn array_count(m: &Module, c: Inst, value: Inst) -> Result<(), Diagnostic> {
    let Some(v) = eval::read(m, value) else {
        return Ok(());
    };
    let count = match v.kind {
        Scalar::I32 => i64::from(v.lanes[0] as i32),
        _ => i64::from(v.lanes[0]),
    };
    let sizes_array = m
        .uses(c)
        .any(|u| m.opcode(u.user) == Opcode::Array && u.index == 1);
    if count < 1 && sizes_array {
        let what = m
            .name(c)
            .map_or("an override-expression".to_string(), |n| format!("`{n}`"));
        return Err(error(
            m,
            codes::OVERRIDE_EXPRESSION,
            &format!(
                "{what} sizes an array and is {count} with the override values it is given, but an array has at least 1 element (WebGPU refuses such a pipeline)"
            ),
            c,
        ));
    }
    Ok(())
}

/// A function-body operand that is an override-expression and that pipeline creation
/// judges: an integer divisor, a shift amount, or an index into a vector, matrix or
/// fixed-size array.
pub struct Use {
    user: Inst,
    operand: usize,
    /// What the diagnostic calls it: the override it is, or one it reads.
    what: String,
}

/// The judged uses of override-expressions in function bodies of `m`, as lowered (see
/// the module essay).
pub fn watch(m: &Module) -> Vec<Use> {
    use Opcode as O;
    let ops = [O::Div, O::Rem, O::Shl, O::Shr, O::Extract, O::Access];
    let mut uses = Vec::new();
    for user in crate::ir::edit::find_all(m, &ops) {
        let judged = match m.opcode(user) {
            O::Div | O::Rem => {
                let int = m
                    .ty(user)
                    .and_then(|t| m.scalar_or_vec(t))
                    .is_some_and(|(s, _)| s.is_int());
                if int { 1..2 } else { 0..0 }
            }
            O::Shl | O::Shr => 1..2,
            _ => 1..m.operands(user).len(),
        };
        for operand in judged {
            let Some(v) = m.operand_opt(user, operand) else {
                continue;
            };
            // A scalar divisor or amount of a vector operation is splatted in the body.
            let v = match m.opcode(v) {
                O::Splat => m.operand(v, 0),
                _ => v,
            };
            let Some(about) = override_expression(m, v) else {
                continue;
            };
            let what = match about {
                Some(name) if m.opcode(v) == O::Override => format!("`{name}`"),
                Some(name) => format!("an override-expression over `{name}`"),
                None => "an override-expression".to_string(),
            };
            uses.push(Use {
                user,
                operand,
                what,
            });
        }
    }
    uses
}

/// Whether `v` is a module-scope expression over an override, and which override names
/// it (`Some(None)` when none has a name).
fn override_expression(m: &Module, v: Inst) -> Option<Option<String>> {
    if !m.is_global(v) || !(m.opcode(v) == Opcode::Override || m.opcode(v).is_pure()) {
        return None;
    }
    let mut seen = Set::default();
    let mut work = vec![v];
    let mut found = None;
    while let Some(i) = work.pop() {
        if !seen.insert(i) || !m.is_global(i) {
            continue;
        }
        if m.opcode(i) == Opcode::Override {
            found = Some(m.name(i).map(str::to_string));
            if found.as_ref().is_some_and(Option::is_some) {
                break;
            }
        } else if m.opcode(i).is_pure() {
            work.extend(m.operands(i));
        }
    }
    found
}

/// [`watch`]'s uses judged now that the overrides are baked: an operand whose value is
/// known and out of WebGPU's bounds is E4006.
pub fn judge_uses(m: &Module, uses: &[Use]) -> Result<(), Diagnostic> {
    use Opcode as O;
    for u in uses {
        if m.is_dead(u.user) {
            continue;
        }
        let Some(v) = m.operand_opt(u.user, u.operand) else {
            continue;
        };
        let v = match m.opcode(v) {
            O::Splat => m.operand(v, 0),
            _ => v,
        };
        let Some(c) = eval::read(m, v) else {
            continue;
        };
        let what = &u.what;
        let problem = match m.opcode(u.user) {
            O::Div | O::Rem => c
                .lanes
                .contains(&0)
                .then(|| format!("the divisor {what} is 0")),
            O::Shl | O::Shr => c
                .lanes
                .iter()
                .find(|&&s| s >= 32)
                .map(|s| format!("the shift amount {what} is {s}, 32 or more")),
            _ => index_problem(m, u, &c, what),
        };
        if let Some(problem) = problem {
            return Err(error(
                m,
                codes::OVERRIDE_EXPRESSION,
                &format!(
                    "{problem} with the override values it is given (WebGPU refuses such a pipeline)"
                ),
                u.user,
            ));
        }
    }
    Ok(())
}

/// An index of an `extract` or `access` out of range of the vector, matrix or fixed-size
/// array it selects from.
fn index_problem(m: &Module, u: &Use, c: &eval::Const, what: &str) -> Option<String> {
    let base = m.ty(m.operand_opt(u.user, 0)?)?;
    let mut t = match m.opcode(u.user) {
        Opcode::Access => m.ptr_parts(base)?.1,
        _ => base,
    };
    for k in 1..u.operand {
        let index = m.const_u32(m.operand_opt(u.user, k)?);
        t = m.member_type(t, index)?;
    }
    let count = match m.opcode(t) {
        Opcode::Vec => m.vec_parts(t)?.1,
        Opcode::Mat => m.mat_parts(t)?.1,
        Opcode::Array => m.const_u32(m.operand_opt(t, 1)?)?,
        _ => return None,
    };
    let index = match c.kind {
        Scalar::I32 => i64::from(c.lanes[0] as i32),
        _ => i64::from(c.lanes[0]),
    };
    (index < 0 || index >= i64::from(count))
        .then(|| format!("the index {what} is {index}, out of range of {count} elements"))
}
