//! Evaluation of the unary and binary operators on constant values.
//!
//! Vector operations are component-wise with a scalar operand splatted; matrix addition and
//! subtraction are column-wise, and the matrix products are computed as sums of products in
//! `f64` rounded once per result component.

use super::{
    EvalError, EvalResult, Value, component_types, composite, make_float, make_int_wrapping,
};
use crate::diag::codes;
use crate::sema::types::{Scalar, TypeId, TypeKind, TypeTable};
use crate::syntax::ast::{BinaryOp, UnaryOp};

/// Applies `f` to corresponding scalar components of `args` (scalars are splatted), giving a
/// value of type `ret`.
pub(super) fn componentwise(
    types: &mut TypeTable,
    ret: TypeId,
    args: &[&Value],
    f: &mut dyn FnMut(&[&Value]) -> EvalResult,
) -> EvalResult {
    let mut n = 0;
    for a in args {
        n = n.max(a.components().len());
    }
    if n == 0 {
        return f(args);
    }
    let elem_tys = component_types(types, ret, n);
    let mut out = Vec::with_capacity(n);
    let mut parts = Vec::with_capacity(args.len());
    for (i, &ety) in elem_tys.iter().enumerate() {
        parts.clear();
        for a in args {
            parts.push(match a {
                Value::Composite(_, c) => &c[i],
                s => *s,
            });
        }
        out.push(componentwise(types, ety, &parts, f)?);
    }
    Ok(composite(ret, out))
}

// Loops rather than iterator chains in the vector and matrix arithmetic: each `map`,
// `zip` and `collect` is its own copy of the iterator code in the package.

/// The floating point values of scalars (0 for any other value).
pub(super) fn floats_of(vals: &[Value]) -> Vec<f64> {
    let mut out = Vec::with_capacity(vals.len());
    for v in vals {
        out.push(v.as_f64().unwrap_or(0.0));
    }
    out
}

/// The sum of the products of `x`'s and `y`'s components, summed from -0.0 as `Sum`
/// does (so that all -0.0 products stay -0.0).
pub(super) fn dot(x: &[f64], y: &[f64]) -> f64 {
    let mut sum = -0.0;
    for (p, q) in x.iter().zip(y) {
        sum += p * q;
    }
    sum
}

/// Columns of a matrix as rows of numbers.
fn columns(m: &[Value]) -> Vec<Vec<f64>> {
    let mut out = Vec::with_capacity(m.len());
    for c in m {
        out.push(floats_of(c.components()));
    }
    out
}

/// Row `r` of a matrix given by its columns.
fn row(m: &[Vec<f64>], r: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(m.len());
    for c in m {
        out.push(c[r]);
    }
    out
}

fn ret_scalar(types: &TypeTable, ret: TypeId) -> Scalar {
    match types.kind(ret) {
        TypeKind::Array { .. } => Scalar::Bool,
        _ => types.scalar_of(ret).unwrap_or(Scalar::Bool),
    }
}

/// `op v` for `-`, `!` and `~`.
pub fn eval_unary(types: &mut TypeTable, op: UnaryOp, v: &Value, ret: TypeId) -> EvalResult {
    componentwise(types, ret, &[v], &mut |a| {
        Ok(match (op, a[0]) {
            (UnaryOp::Negate, Value::AbstractInt(x)) => Value::AbstractInt(x.wrapping_neg()),
            (UnaryOp::Negate, Value::I32(x)) => Value::I32(x.wrapping_neg()),
            (UnaryOp::Negate, Value::AbstractFloat(x)) => Value::AbstractFloat(-x),
            (UnaryOp::Negate, Value::F32(x)) => Value::F32(-x),
            (UnaryOp::Negate, Value::F16(x)) => Value::F16(-*x),
            (UnaryOp::Not, Value::Bool(b)) => Value::Bool(!b),
            (UnaryOp::Complement, Value::AbstractInt(x)) => Value::AbstractInt(!x),
            (UnaryOp::Complement, Value::I32(x)) => Value::I32(!x),
            (UnaryOp::Complement, Value::U32(x)) => Value::U32(!x),
            (op, v) => return Err(bad_operands(op.as_str(), v)),
        })
    })
}

fn bad_operands(op: &str, v: &Value) -> EvalError {
    EvalError::new(
        codes::CONST_NOT_REPRESENTABLE,
        format!(
            "internal: operator `{op}` applied to {} during constant evaluation",
            v.debug_text()
        ),
    )
}

/// `lhs op rhs`, with operands already converted to the resolved overload's parameter
/// types and `ret` its result type.
pub fn eval_binary(
    types: &mut TypeTable,
    op: BinaryOp,
    lhs: &Value,
    rhs: &Value,
    ret: TypeId,
) -> EvalResult {
    if op == BinaryOp::Mul {
        if let Some(v) = matrix_product(types, lhs, rhs, ret)? {
            return Ok(v);
        }
    }
    componentwise(types, ret, &[lhs, rhs], &mut |a| {
        scalar_binary(op, a[0], a[1])
    })
}

fn is_matrix(types: &TypeTable, v: &Value) -> bool {
    matches!(v, Value::Composite(ty, _) if matches!(types.kind(*ty), TypeKind::Matrix { .. }))
}

/// The linear-algebra products: matrix × vector, vector × matrix, matrix × matrix.
/// `None` for the component-wise cases (matrix × scalar included).
fn matrix_product(
    types: &mut TypeTable,
    lhs: &Value,
    rhs: &Value,
    ret: TypeId,
) -> Result<Option<Value>, EvalError> {
    let (lm, rm) = (is_matrix(types, lhs), is_matrix(types, rhs));
    if !lm && !rm {
        return Ok(None);
    }
    let scalar = ret_scalar(types, ret);
    let lc = lhs.components();
    let rc = rhs.components();
    match (
        lm,
        rm,
        rhs.scalar_type().is_some() || lhs.scalar_type().is_some(),
    ) {
        (_, _, true) => Ok(None),
        (true, false, _) => {
            // mat C×R × vecC: component r is Σ_c m[c][r] v[c].
            let m = columns(lc);
            let v = floats_of(rc);
            let rows = m.first().map_or(0, Vec::len);
            let mut out = Vec::with_capacity(rows);
            for r in 0..rows {
                out.push(make_float(scalar, dot(&row(&m, r), &v))?);
            }
            Ok(Some(composite(ret, out)))
        }
        (false, true, _) => {
            // vecR × mat C×R: component c is dot(v, m[c]).
            let m = columns(rc);
            let v = floats_of(lc);
            let mut out = Vec::with_capacity(m.len());
            for c in &m {
                out.push(make_float(scalar, dot(&v, c))?);
            }
            Ok(Some(composite(ret, out)))
        }
        (true, true, _) => {
            // mat K×R × mat C×K: result[c][r] = Σ_k a[k][r] b[c][k].
            let a = columns(lc);
            let b = columns(rc);
            let rows = a.first().map_or(0, Vec::len);
            let TypeKind::Matrix { rows: rr, .. } = types.kind(ret) else {
                return Ok(None);
            };
            let col_ty = types.vector(rr, scalar);
            let mut out = Vec::with_capacity(b.len());
            for bc in &b {
                let mut col = Vec::with_capacity(rows);
                for r in 0..rows {
                    col.push(make_float(scalar, dot(&row(&a, r), bc))?);
                }
                out.push(composite(col_ty, col));
            }
            Ok(Some(composite(ret, out)))
        }
        (false, false, _) => Ok(None),
    }
}

fn div_by_zero(op: &str) -> EvalError {
    EvalError::new(
        codes::CONST_DIVISION_BY_ZERO,
        format!("integer {op} by zero in a const-expression"),
    )
}

/// A binary operator on two scalars of the resolved types.
pub(super) fn scalar_binary(op: BinaryOp, a: &Value, b: &Value) -> EvalResult {
    use BinaryOp::*;
    // Comparisons and logic first: they apply to every scalar type.
    match op {
        Equal | NotEqual | Less | LessEqual | Greater | GreaterEqual => {
            let ord = compare(a, b).ok_or_else(|| bad_operands(op.as_str(), a))?;
            use std::cmp::Ordering as O;
            let r = match op {
                Equal => ord == Some(O::Equal),
                NotEqual => ord != Some(O::Equal),
                Less => ord == Some(O::Less),
                LessEqual => matches!(ord, Some(O::Less | O::Equal)),
                Greater => ord == Some(O::Greater),
                _ => matches!(ord, Some(O::Greater | O::Equal)),
            };
            return Ok(Value::Bool(r));
        }
        LogicalAnd | LogicalOr | And | Or | Xor if a.as_bool().is_some() => {
            let (x, y) = (a.as_bool().unwrap_or(false), b.as_bool().unwrap_or(false));
            return Ok(Value::Bool(match op {
                LogicalAnd | And => x && y,
                LogicalOr | Or => x || y,
                _ => x != y,
            }));
        }
        _ => {}
    }
    let s = a
        .scalar_type()
        .ok_or_else(|| bad_operands(op.as_str(), a))?;
    if s.is_float() {
        let (x, y) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
        let r = match op {
            Add => x + y,
            Sub => x - y,
            Mul => x * y,
            Div => x / y,
            Rem => x % y,
            _ => return Err(bad_operands(op.as_str(), a)),
        };
        return make_float(s, r);
    }
    let x = a.as_i64().ok_or_else(|| bad_operands(op.as_str(), a))?;
    let y = b.as_i64().ok_or_else(|| bad_operands(op.as_str(), b))?;
    let (x, y) = (i128::from(x), i128::from(y));
    match op {
        Add => make_int_wrapping(s, x + y),
        Sub => make_int_wrapping(s, x - y),
        Mul => make_int_wrapping(s, x * y),
        Div | Rem => {
            let name = if op == Div { "division" } else { "remainder" };
            if y == 0 {
                return Err(div_by_zero(name));
            }
            let min = match s {
                Scalar::AbstractInt => Some(i128::from(i64::MIN)),
                Scalar::I32 => Some(i128::from(i32::MIN)),
                _ => None,
            };
            if Some(x) == min && y == -1 {
                return Err(EvalError::new(
                    codes::CONST_OVERFLOW,
                    format!(
                        "{} {} -1 overflows `{}`",
                        a_display(a),
                        op.as_str(),
                        s.name()
                    ),
                ));
            }
            // Rust's i128 `/` truncates and `%` takes the dividend's sign, as WGSL does.
            make_int_wrapping(s, if op == Div { x / y } else { x % y })
        }
        And => make_int_wrapping(s, x & y),
        Or => make_int_wrapping(s, x | y),
        Xor => make_int_wrapping(s, x ^ y),
        ShiftLeft => shift_left(s, x, y),
        ShiftRight => shift_right(s, x, y),
        _ => Err(bad_operands(op.as_str(), a)),
    }
}

fn a_display(a: &Value) -> String {
    match a {
        Value::I32(x) => format!("{x}i"),
        Value::AbstractInt(x) => x.to_string(),
        v => v.debug_text(),
    }
}

fn compare(a: &Value, b: &Value) -> Option<Option<std::cmp::Ordering>> {
    if let (Some(x), Some(y)) = (a.as_bool(), b.as_bool()) {
        return Some(Some(x.cmp(&y)));
    }
    if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
        return Some(Some(x.cmp(&y)));
    }
    let (x, y) = (a.as_f64()?, b.as_f64()?);
    Some(x.partial_cmp(&y))
}

fn shift_error(msg: String) -> EvalError {
    EvalError::new(codes::CONST_SHIFT, msg)
}

/// `x << y` with the spec's rules for concrete and abstract left operands.
fn shift_left(s: Scalar, x: i128, y: i128) -> EvalResult {
    let width = s.bit_width() as i128;
    // An abstract zero may be shifted any distance: no bit is lost.
    if s == Scalar::AbstractInt && y >= width && x == 0 {
        return Ok(Value::AbstractInt(0));
    }
    if y >= width {
        // The operands come from i64, i32 and u32 values: printed as i64, the package
        // links no 128-bit formatting for them.
        return Err(shift_error(format!(
            "shift amount {} is not less than the bit width {} of `{}`",
            y as i64,
            width as i64,
            s.name()
        )));
    }
    let bits = |v: i128| -> u64 { (v as u64) & mask(width) };
    let value = bits(x);
    match s {
        Scalar::U32 => {
            // None of the y most significant bits may be 1.
            if y > 0 && value >> (width - y) != 0 {
                return Err(shift_error(format!(
                    "`{}u << {}u` shifts 1 bits out of `u32`",
                    x as i64, y as i64
                )));
            }
        }
        _ => {
            // The y+1 most significant bits must all equal the sign bit.
            let top = value >> (width - y - 1);
            let all_ones = mask(y + 1);
            if top != 0 && top != all_ones {
                return Err(shift_error(format!(
                    "`{} << {}` overflows `{}`: the result changes sign or loses bits",
                    x as i64,
                    y as i64,
                    s.name()
                )));
            }
        }
    }
    let shifted = (value << y) & mask(width);
    let signed = sign_extend(shifted, width);
    make_int_wrapping(
        s,
        if s == Scalar::U32 {
            shifted as i128
        } else {
            signed
        },
    )
}

fn shift_right(s: Scalar, x: i128, y: i128) -> EvalResult {
    let width = s.bit_width() as i128;
    if s != Scalar::AbstractInt && y >= width {
        // The operands come from i64, i32 and u32 values: printed as i64, the package
        // links no 128-bit formatting for them.
        return Err(shift_error(format!(
            "shift amount {} is not less than the bit width {} of `{}`",
            y as i64,
            width as i64,
            s.name()
        )));
    }
    let y = y.min(width - 1);
    // x is the exact value; arithmetic shift for signed, logical for u32 (x ≥ 0).
    make_int_wrapping(s, x >> y)
}

fn mask(bits: i128) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sign_extend(v: u64, width: i128) -> i128 {
    if width >= 64 {
        return i128::from(v as i64);
    }
    let sign = 1u64 << (width - 1);
    if v & sign != 0 {
        i128::from(v) - (1i128 << width)
    } else {
        i128::from(v)
    }
}
