//! Evaluation of the `@const` builtin functions.
//!
//! Each function follows its description in the spec. Floating point functions compute in
//! `f64` and round once to the result type ([`make_float`]), which rejects infinite and NaN
//! results: arguments outside a function's domain (`sqrt(-1.0)`, `log(0.0)`,
//! `acos(2.0)`) produce NaN or an infinity and are therefore errors in a const-expression.

use half::f16;

use super::ops::{componentwise, dot, floats_of};
use super::{
    EvalError, EvalResult, Value, composite, convert_scalar_explicit, make_float, make_int_wrapping,
};
use crate::diag::codes;
use crate::sema::builtins::BuiltinFn;
use crate::sema::types::{Scalar, TypeId, TypeKind, TypeTable};
use crate::util::float_text::display_f64;

fn domain(msg: impl Into<String>) -> EvalError {
    EvalError::new(codes::CONST_DOMAIN, msg)
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

fn scalar_of(v: &Value) -> Scalar {
    match v {
        Value::Composite(_, c) => c.first().map_or(Scalar::Bool, scalar_of),
        s => s.scalar_type().unwrap_or(Scalar::Bool),
    }
}

// The vector functions below use loops rather than iterator chains, as `ops` does.

fn floats(v: &Value) -> Vec<f64> {
    floats_of(v.scalars())
}

/// A vector result of type `ret` from f64 components, each rounded to `s`.
fn float_vector(ret: TypeId, s: Scalar, xs: &[f64]) -> EvalResult {
    let mut out = Vec::with_capacity(xs.len());
    for &x in xs {
        out.push(make_float(s, x)?);
    }
    Ok(composite(ret, out))
}

/// Evaluates `f(args)`; `args` are converted to the resolved parameter types and `ret` is
/// the resolved result type. `templates` are the explicit template types (`bitcast<T>`).
pub fn eval_builtin(
    types: &mut TypeTable,
    func: BuiltinFn,
    templates: &[TypeId],
    args: &[Value],
    ret: TypeId,
) -> EvalResult {
    use BuiltinFn::*;
    if !func.is_const() {
        return Err(EvalError::new(
            codes::CONST_DOMAIN,
            format!("`{}` cannot be called in a const-expression", func.name()),
        ));
    }
    let a = |i: usize| &args[i];
    match func {
        All | Any => {
            let (mut all, mut any) = (true, false);
            for v in a(0).scalars() {
                let b = v.as_bool().unwrap_or(false);
                all &= b;
                any |= b;
            }
            Ok(Value::Bool(if func == All { all } else { any }))
        }
        Select => {
            let cond = a(2);
            if let Some(c) = cond.as_bool() {
                return Ok(if c { a(1).clone() } else { a(0).clone() });
            }
            componentwise(types, ret, &[a(0), a(1), cond], &mut |p| {
                Ok(if p[2].as_bool().unwrap_or(false) {
                    p[1].clone()
                } else {
                    p[0].clone()
                })
            })
        }
        Bitcast => bitcast(types, templates, a(0), ret),
        Abs | Acos | Acosh | Asin | Asinh | Atan | Atanh | Ceil | Cos | Cosh | Degrees | Exp
        | Exp2 | Floor | Fract | InverseSqrt | Log | Log2 | Radians | Round | Saturate | Sin
        | Sinh | Sqrt | Tan | Tanh | Trunc | QuantizeToF16 | Atan2 | Pow | Step | Min | Max
        | Clamp | Fma | Mix | Smoothstep | Sign | CountLeadingZeros | CountOneBits
        | CountTrailingZeros | FirstLeadingBit | FirstTrailingBit | ReverseBits | Ldexp => {
            // One closure for them all: every argument is taken component by component.
            let all: Vec<&Value> = args.iter().collect();
            componentwise(types, ret, &all, &mut |p| component(func, p))
        }
        ExtractBits => {
            let (offset, count) = (a(1).as_i64().unwrap_or(0), a(2).as_i64().unwrap_or(0));
            if offset + count > 32 {
                return Err(domain(format!(
                    "extractBits: offset ({offset}) + count ({count}) is greater than 32"
                )));
            }
            componentwise(types, ret, &[a(0)], &mut |p| {
                Ok(extract_bits(p[0], offset as u32, count as u32))
            })
        }
        InsertBits => {
            let (offset, count) = (a(2).as_i64().unwrap_or(0), a(3).as_i64().unwrap_or(0));
            if offset + count > 32 {
                return Err(domain(format!(
                    "insertBits: offset ({offset}) + count ({count}) is greater than 32"
                )));
            }
            componentwise(types, ret, &[a(0), a(1)], &mut |p| {
                Ok(insert_bits(p[0], p[1], offset as u32, count as u32))
            })
        }
        Dot => {
            let s = scalar_of(a(0));
            let (x, y) = (a(0).components(), a(1).components());
            if s.is_integer() {
                let mut acc: i128 = 0;
                for (p, q) in x.iter().zip(y) {
                    let prod =
                        i128::from(p.as_i64().unwrap_or(0)) * i128::from(q.as_i64().unwrap_or(0));
                    acc = if s == Scalar::AbstractInt {
                        let r = acc + prod;
                        super::make_int_exact(s, r)?;
                        r
                    } else {
                        acc.wrapping_add(prod)
                    };
                }
                return make_int_wrapping(s, acc);
            }
            make_float(s, dot(&floats(a(0)), &floats(a(1))))
        }
        Dot4U8Packed | Dot4I8Packed => {
            let (x, y) = (
                a(0).as_i64().unwrap_or(0) as u32,
                a(1).as_i64().unwrap_or(0) as u32,
            );
            let bytes = |v: u32, i: u32| (v >> (8 * i)) & 0xff;
            // Neither sum can overflow: four products of bytes.
            let (mut unsigned, mut signed) = (0u32, 0i32);
            for i in 0..4 {
                let (p, q) = (bytes(x, i), bytes(y, i));
                unsigned += p * q;
                signed += i32::from(p as u8 as i8) * i32::from(q as u8 as i8);
            }
            Ok(if func == Dot4U8Packed {
                Value::U32(unsigned)
            } else {
                Value::I32(signed)
            })
        }
        Length => {
            let s = scalar_of(a(0));
            let v = floats(a(0));
            make_float(s, dot(&v, &v).sqrt())
        }
        Distance => {
            let s = scalar_of(a(0));
            let mut v = floats(a(0));
            for (x, y) in v.iter_mut().zip(floats(a(1))) {
                *x -= y;
            }
            make_float(s, dot(&v, &v).sqrt())
        }
        Normalize => {
            let s = scalar_of(a(0));
            let mut v = floats(a(0));
            let len = dot(&v, &v).sqrt();
            if len == 0.0 {
                return Err(domain("normalize of a zero vector"));
            }
            for x in &mut v {
                *x /= len;
            }
            float_vector(ret, s, &v)
        }
        Cross => {
            let s = scalar_of(a(0));
            let (x, y) = (floats(a(0)), floats(a(1)));
            float_vector(
                ret,
                s,
                &[
                    x[1] * y[2] - x[2] * y[1],
                    x[2] * y[0] - x[0] * y[2],
                    x[0] * y[1] - x[1] * y[0],
                ],
            )
        }
        FaceForward => {
            let s = scalar_of(a(0));
            let (mut e1, e2, e3) = (floats(a(0)), floats(a(1)), floats(a(2)));
            let d = dot(&e2, &e3);
            if d.is_nan() || d >= 0.0 {
                for x in &mut e1 {
                    *x = -*x;
                }
            }
            float_vector(ret, s, &e1)
        }
        Reflect => {
            let s = scalar_of(a(0));
            let (mut e1, e2) = (floats(a(0)), floats(a(1)));
            let d = dot(&e2, &e1);
            for (i, n) in e1.iter_mut().zip(&e2) {
                *i -= 2.0 * d * n;
            }
            float_vector(ret, s, &e1)
        }
        Refract => {
            let s = scalar_of(a(0));
            let (mut e1, e2, eta) = (floats(a(0)), floats(a(1)), f(a(2)));
            let d = dot(&e2, &e1);
            let k = 1.0 - eta * eta * (1.0 - d * d);
            for (i, n) in e1.iter_mut().zip(&e2) {
                *i = if k < 0.0 {
                    0.0
                } else {
                    eta * *i - (eta * d + k.sqrt()) * n
                };
            }
            float_vector(ret, s, &e1)
        }
        Determinant => {
            let s = scalar_of(a(0));
            let mut m = Vec::new();
            for col in a(0).components() {
                m.push(floats(col));
            }
            make_float(s, determinant(&m))
        }
        Transpose => {
            let m = a(0).components();
            let TypeKind::Matrix { cols, rows, scalar } = types.kind(ret) else {
                return Err(domain("transpose of a non-matrix"));
            };
            let col_ty = types.vector(rows, scalar);
            let mut out = Vec::with_capacity(usize::from(cols));
            for c in 0..usize::from(cols) {
                let mut col = Vec::with_capacity(usize::from(rows));
                for row in &m[..usize::from(rows)] {
                    col.push(row.components()[c].clone());
                }
                out.push(composite(col_ty, col));
            }
            Ok(composite(ret, out))
        }
        Frexp | Modf => {
            let members = types.as_struct(ret).map_or(&[][..], |d| &d.members[..]);
            let (first_ty, second_ty) = (members[0].ty, members[1].ty);
            let first = componentwise(types, first_ty, &[a(0)], &mut |p| {
                let x = f(p[0]);
                let s = scalar_of(p[0]);
                if func == Frexp {
                    make_float(s, frexp(x).0)
                } else {
                    make_float(s, x - x.trunc())
                }
            })?;
            let second = componentwise(types, second_ty, &[a(0)], &mut |p| {
                let x = f(p[0]);
                let s = scalar_of(p[0]);
                if func == Frexp {
                    let e = i128::from(frexp(x).1);
                    Ok(if s.is_abstract() {
                        Value::AbstractInt(e as i64)
                    } else {
                        Value::I32(e as i32)
                    })
                } else {
                    make_float(s, x.trunc())
                }
            })?;
            Ok(composite(ret, vec![first, second]))
        }
        Pack4x8Snorm | Pack4x8Unorm | Pack2x16Snorm | Pack2x16Unorm | Pack2x16Float => {
            pack_float(func, &floats(a(0)))
        }
        Pack4xI8 | Pack4xU8 | Pack4xI8Clamp | Pack4xU8Clamp => {
            let mut out = 0u32;
            for (i, v) in a(0).components().iter().enumerate() {
                let x = v.as_i64().unwrap_or(0);
                let byte = match func {
                    Pack4xI8Clamp => x.clamp(-128, 127),
                    Pack4xU8Clamp => x.clamp(0, 255),
                    _ => x,
                } as u32
                    & 0xff;
                out |= byte << (8 * i);
            }
            Ok(Value::U32(out))
        }
        Unpack4x8Snorm | Unpack4x8Unorm | Unpack2x16Snorm | Unpack2x16Unorm | Unpack2x16Float
        | Unpack4xI8 | Unpack4xU8 => unpack(func, a(0).as_i64().unwrap_or(0) as u32, ret),
        _ => Err(EvalError::new(
            codes::CONST_DOMAIN,
            format!("`{}` is not evaluated at shader-creation time", func.name()),
        )),
    }
}

/// One component of a builtin that applies componentwise to all its arguments: `p` holds
/// the arguments' components at one position (a scalar argument repeats).
fn component(func: BuiltinFn, p: &[&Value]) -> EvalResult {
    use BuiltinFn::*;
    match func {
        Abs => Ok(match *p[0] {
            Value::AbstractInt(x) => Value::AbstractInt(x.wrapping_abs()),
            Value::I32(x) => Value::I32(x.wrapping_abs()),
            Value::U32(x) => Value::U32(x),
            ref v => make_float(scalar_of(v), f(v).abs())?,
        }),
        Acos | Acosh | Asin | Asinh | Atan | Atanh | Ceil | Cos | Cosh | Degrees | Exp | Exp2
        | Floor | Fract | InverseSqrt | Log | Log2 | Radians | Round | Saturate | Sin | Sinh
        | Sqrt | Tan | Tanh | Trunc | QuantizeToF16 => float_unary(func, p[0]),
        Atan2 | Pow | Step => {
            let (x, y) = (f(p[0]), f(p[1]));
            let r = match func {
                Atan2 => x.atan2(y),
                Pow => x.powf(y),
                _ => {
                    if y >= x {
                        1.0
                    } else {
                        0.0
                    }
                }
            };
            make_float(scalar_of(p[0]), r)
        }
        Min | Max => {
            if let (Some(x), Some(y)) = (p[0].as_i64(), p[1].as_i64()) {
                let r = if func == Min { x.min(y) } else { x.max(y) };
                return make_int_wrapping(scalar_of(p[0]), i128::from(r));
            }
            let (x, y) = (f(p[0]), f(p[1]));
            make_float(
                scalar_of(p[0]),
                if func == Min { x.min(y) } else { x.max(y) },
            )
        }
        Clamp => {
            if let (Some(e), Some(lo), Some(hi)) = (p[0].as_i64(), p[1].as_i64(), p[2].as_i64()) {
                if lo > hi {
                    return Err(domain(format!(
                        "clamp's low ({lo}) is greater than high ({hi})"
                    )));
                }
                return make_int_wrapping(scalar_of(p[0]), i128::from(e.max(lo).min(hi)));
            }
            let (e, lo, hi) = (f(p[0]), f(p[1]), f(p[2]));
            if lo > hi {
                return Err(domain(format!(
                    "clamp's low ({}) is greater than high ({})",
                    display_f64(lo),
                    display_f64(hi)
                )));
            }
            make_float(scalar_of(p[0]), e.max(lo).min(hi))
        }
        Fma => make_float(scalar_of(p[0]), f(p[0]).mul_add(f(p[1]), f(p[2]))),
        Mix => {
            let (x, y, t) = (f(p[0]), f(p[1]), f(p[2]));
            make_float(scalar_of(p[0]), x * (1.0 - t) + y * t)
        }
        Smoothstep => {
            let (e0, e1, x) = (f(p[0]), f(p[1]), f(p[2]));
            if e0 == e1 {
                return Err(domain(format!(
                    "smoothstep's edges are equal ({}), which divides by zero",
                    display_f64(e0)
                )));
            }
            let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
            make_float(scalar_of(p[0]), t * t * (3.0 - 2.0 * t))
        }
        Sign => {
            if let Some(x) = p[0].as_i64() {
                return make_int_wrapping(scalar_of(p[0]), i128::from(x.signum()));
            }
            let x = f(p[0]);
            let r = if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            };
            make_float(scalar_of(p[0]), r)
        }
        CountLeadingZeros | CountOneBits | CountTrailingZeros | FirstLeadingBit
        | FirstTrailingBit | ReverseBits => bit_unary(func, p[0]),
        Ldexp => {
            let s = scalar_of(p[0]);
            let e = p[1].as_i64().unwrap_or(0);
            let bias = match s {
                Scalar::F16 => 15,
                Scalar::F32 => 127,
                _ => 1023,
            };
            if e > bias + 1 {
                return Err(domain(format!(
                    "ldexp exponent {e} is greater than {} for `{}`",
                    bias + 1,
                    s.name()
                )));
            }
            make_float(s, ldexp(f(p[0]), e))
        }
        _ => Err(EvalError::new(
            codes::CONST_DOMAIN,
            format!("`{}` is not evaluated componentwise", func.name()),
        )),
    }
}

fn float_unary(func: BuiltinFn, v: &Value) -> EvalResult {
    use BuiltinFn::*;
    let s = scalar_of(v);
    let x = f(v);
    let r = match func {
        Acos => x.acos(),
        Acosh => x.acosh(),
        Asin => x.asin(),
        Asinh => x.asinh(),
        Atan => x.atan(),
        Atanh => {
            if x.abs() >= 1.0 {
                return Err(domain(format!(
                    "atanh({}) is outside the domain (-1, 1)",
                    display_f64(x)
                )));
            }
            x.atanh()
        }
        Ceil => x.ceil(),
        Cos => x.cos(),
        Cosh => x.cosh(),
        Degrees => x.to_degrees(),
        Exp => x.exp(),
        Exp2 => x.exp2(),
        Floor => x.floor(),
        Fract => x - x.floor(),
        InverseSqrt => 1.0 / x.sqrt(),
        Log => x.ln(),
        Log2 => x.log2(),
        Radians => x.to_radians(),
        Round => x.round_ties_even(),
        Saturate => x.clamp(0.0, 1.0),
        Sin => x.sin(),
        Sinh => x.sinh(),
        Sqrt => x.sqrt(),
        Tan => x.tan(),
        Tanh => x.tanh(),
        Trunc => x.trunc(),
        QuantizeToF16 => {
            let h = f16::from_f64(x);
            if !h.is_finite() {
                return Err(domain(format!(
                    "quantizeToF16({}) is outside the finite range of f16",
                    display_f64(x)
                )));
            }
            f64::from(h)
        }
        _ => return Err(domain(format!("`{}` is not a float function", func.name()))),
    };
    if !r.is_finite() {
        return Err(domain(format!(
            "{}({}) is outside the function's domain or overflows `{}`",
            func.name(),
            display_f64(x),
            s.name()
        )));
    }
    make_float(s, r)
}

fn bit_unary(func: BuiltinFn, v: &Value) -> EvalResult {
    use BuiltinFn::*;
    let (x, signed) = match *v {
        Value::I32(x) => (x as u32, true),
        Value::U32(x) => (x, false),
        _ => return Err(domain("bit function of a non-32-bit integer")),
    };
    let r: u32 = match func {
        CountLeadingZeros => x.leading_zeros(),
        CountOneBits => x.count_ones(),
        CountTrailingZeros => x.trailing_zeros(),
        ReverseBits => x.reverse_bits(),
        FirstTrailingBit => {
            if x == 0 {
                u32::MAX
            } else {
                x.trailing_zeros()
            }
        }
        _ => {
            // firstLeadingBit
            if signed {
                let xi = x as i32;
                if xi == 0 || xi == -1 {
                    u32::MAX
                } else if xi < 0 {
                    31 - x.leading_ones()
                } else {
                    31 - x.leading_zeros()
                }
            } else if x == 0 {
                u32::MAX
            } else {
                31 - x.leading_zeros()
            }
        }
    };
    Ok(if signed {
        Value::I32(r as i32)
    } else {
        Value::U32(r)
    })
}

fn extract_bits(v: &Value, offset: u32, count: u32) -> Value {
    let (x, signed) = match *v {
        Value::I32(x) => (x as u32, true),
        Value::U32(x) => (x, false),
        _ => (0, false),
    };
    let o = offset.min(32);
    let c = count.min(32 - o);
    let r = if c == 0 {
        0
    } else {
        let bits = (u64::from(x) >> o) & ((1u64 << c) - 1);
        let bits = bits as u32;
        if signed && c < 32 && bits & (1 << (c - 1)) != 0 {
            bits | !((1u32 << c) - 1)
        } else {
            bits
        }
    };
    if signed {
        Value::I32(r as i32)
    } else {
        Value::U32(r)
    }
}

fn insert_bits(e: &Value, newbits: &Value, offset: u32, count: u32) -> Value {
    let get = |v: &Value| match *v {
        Value::I32(x) => x as u32,
        Value::U32(x) => x,
        _ => 0,
    };
    let (x, n) = (get(e), get(newbits));
    let o = offset.min(32);
    let c = count.min(32 - o);
    let mask = if c == 0 {
        0
    } else {
        (((1u64 << c) - 1) << o) as u32
    };
    let r = (x & !mask) | ((n << o) & mask);
    match e {
        Value::I32(_) => Value::I32(r as i32),
        _ => Value::U32(r),
    }
}

/// The determinant by cofactor expansion along the first row, summed from -0.0 as
/// `Sum` does.
fn determinant(m: &[Vec<f64>]) -> f64 {
    if m.len() == 2 {
        return m[0][0] * m[1][1] - m[1][0] * m[0][1];
    }
    let mut sum = -0.0;
    for c in 0..m.len() {
        let mut minor = Vec::with_capacity(m.len());
        for (i, col) in m.iter().enumerate() {
            if i != c {
                minor.push(col[1..].to_vec());
            }
        }
        let sign = if c % 2 == 0 { 1.0 } else { -1.0 };
        sum += sign * m[c][0] * determinant(&minor);
    }
    sum
}

/// frexp for f64: `x = fract * 2^exp` with `|fract|` in [0.5, 1), or (0, 0) for zero.
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    if exp_bits == 0 {
        // Subnormal: scale up first.
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let e = exp_bits - 1022;
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, e)
}

/// `x * 2^e` without intermediate overflow or underflow of the scale factor.
fn ldexp(x: f64, e: i64) -> f64 {
    let mut e = e.clamp(-4000, 4000);
    let mut r = x;
    while e > 1000 {
        r *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        r *= 2f64.powi(-1000);
        e += 1000;
    }
    r * 2f64.powi(e as i32)
}

fn pack_float(func: BuiltinFn, xs: &[f64]) -> EvalResult {
    use BuiltinFn::*;
    let mut out = 0u32;
    for (i, &x) in xs.iter().enumerate() {
        let (bits, width) = match func {
            Pack4x8Snorm => (
                ((0.5 + 127.0 * x.clamp(-1.0, 1.0)).floor() as i8) as u8 as u32,
                8,
            ),
            Pack4x8Unorm => ((0.5 + 255.0 * x.clamp(0.0, 1.0)).floor() as u32, 8),
            Pack2x16Snorm => (
                ((0.5 + 32767.0 * x.clamp(-1.0, 1.0)).floor() as i16) as u16 as u32,
                16,
            ),
            Pack2x16Unorm => ((0.5 + 65535.0 * x.clamp(0.0, 1.0)).floor() as u32, 16),
            _ => {
                let h = f16::from_f64(x);
                if !h.is_finite() {
                    return Err(domain(format!(
                        "pack2x16float: {} is outside the finite range of f16",
                        display_f64(x)
                    )));
                }
                (u32::from(h.to_bits()), 16)
            }
        };
        out |= bits << (width * i as u32);
    }
    Ok(Value::U32(out))
}

fn unpack(func: BuiltinFn, x: u32, ret: TypeId) -> EvalResult {
    use BuiltinFn::*;
    let width = match func {
        Unpack2x16Snorm | Unpack2x16Unorm | Unpack2x16Float => 16,
        _ => 8,
    };
    let mut comps = Vec::with_capacity(4);
    for i in 0..32 / width {
        let part = (x >> (width * i)) & ((1u32 << width) - 1);
        comps.push(match func {
            Unpack4x8Snorm => Value::F32((f32::from(part as u8 as i8) / 127.0).max(-1.0)),
            Unpack4x8Unorm => Value::F32(part as f32 / 255.0),
            Unpack2x16Snorm => Value::F32((f32::from(part as u16 as i16) / 32767.0).max(-1.0)),
            Unpack2x16Unorm => Value::F32(part as f32 / 65535.0),
            Unpack2x16Float => make_float(Scalar::F32, f64::from(f16::from_bits(part as u16)))?,
            Unpack4xI8 => Value::I32(i32::from(part as u8 as i8)),
            _ => Value::U32(part),
        });
    }
    Ok(composite(ret, comps))
}

/// Appends the 16-bit halves of a value's scalars, low half first, in component order:
/// one for an `f16`, two for every other scalar.
fn push_halves(v: &Value, out: &mut Vec<u16>) {
    let (w, wide) = match *v {
        Value::Composite(_, ref c) => {
            for x in c.iter() {
                push_halves(x, out);
            }
            return;
        }
        Value::I32(x) => (x as u32, true),
        Value::U32(x) => (x, true),
        Value::F32(x) => (x.to_bits(), true),
        Value::F16(x) => (u32::from(x.to_bits()), false),
        Value::AbstractInt(x) => (x as u32, true),
        _ => return,
    };
    out.push(w as u16);
    if wide {
        out.push((w >> 16) as u16);
    }
}

fn bitcast(types: &mut TypeTable, templates: &[TypeId], v: &Value, ret: TypeId) -> EvalResult {
    let _ = templates;
    for x in v.scalars() {
        if let Value::AbstractInt(x) = *x {
            if !(i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&x) {
                return Err(EvalError::overflow(x, "u32"));
            }
        }
    }
    // Flatten to a bit string of 16-bit halves, then rebuild in the result's scalars.
    let mut halves: Vec<u16> = Vec::new();
    push_halves(v, &mut halves);
    let target = types.scalar_of(ret).unwrap_or(Scalar::U32);
    let n = types.width_of(ret).unwrap_or(1);
    let mut out = Vec::new();
    let mut it = halves.into_iter();
    for _ in 0..n {
        let value = match target {
            Scalar::F16 => Value::F16(f16::from_bits(it.next().unwrap_or(0))),
            _ => {
                let lo = u32::from(it.next().unwrap_or(0));
                let hi = u32::from(it.next().unwrap_or(0));
                let w = lo | (hi << 16);
                match target {
                    Scalar::I32 => Value::I32(w as i32),
                    Scalar::F32 => make_float(Scalar::F32, f64::from(f32::from_bits(w)))?,
                    _ => Value::U32(w),
                }
            }
        };
        if let Value::F16(h) = value {
            if !h.is_finite() {
                return Err(EvalError::overflow("bitcast result", "f16"));
            }
        }
        out.push(value);
    }
    if n == 1 {
        let single = out.pop().unwrap_or(Value::U32(0));
        return convert_scalar_explicit(&single, target);
    }
    Ok(composite(ret, out))
}
