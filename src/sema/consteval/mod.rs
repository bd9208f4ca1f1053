//! Constant values and their evaluation: every operator and every `@const` builtin.
//!
//! Rules:
//! - **Values know their type.** A [`Value`] is a scalar of one of the seven scalar types
//!   (AbstractInt as `i64`, AbstractFloat as `f64`, f16 as [`half::f16`]) or a composite
//!   with its [`TypeId`] and its components: a vector's scalars, a matrix's column vectors,
//!   an array's elements, a structure's members. Components are shared (`Rc`), so
//!   indexing a large `const` table copies nothing.
//! - **Types are decided first.** Sema resolves every operation's overload before
//!   evaluating it; arguments arrive already converted to the parameter types
//!   ([`convert`]), and the caller passes the result type.
//! - **Correct rounding.** Concrete floating point results are computed in `f64` from the
//!   exact operand values and rounded once to f32 or f16. For `+ - * /` and `sqrt` this is
//!   correctly rounded (binary64 has more than twice the precision plus two bits of either
//!   type, so double rounding is innocuous); other functions are within the spec's
//!   accuracy.
//! - **The spec's errors.** A result that is infinite or NaN, an AbstractInt overflow,
//!   integer division by zero, the most negative value divided by −1, out-of-range shifts,
//!   out-of-range conversions, out-of-bounds indices, and each builtin's own rules (`clamp`
//!   with `low > high`, `smoothstep` with equal edges, `ldexp` exponents, `extractBits`
//!   ranges, `pack2x16float` and `quantizeToF16` overflow, …) are [`EvalError`]s with
//!   stable codes. Concrete integer `+ - *` wrap, as the spec says they do.

mod builtins;
mod ops;

pub use builtins::eval_builtin;
pub use ops::{eval_binary, eval_unary};

use std::rc::Rc;

use half::f16;

use crate::diag::codes;
use crate::sema::types::{Scalar, TypeId, TypeKind, TypeTable};
use crate::util::float_text::{debug_f32, debug_f64};

/// A constant value.
#[derive(Clone, PartialEq)]
pub enum Value {
    Bool(bool),
    AbstractInt(i64),
    AbstractFloat(f64),
    I32(i32),
    U32(u32),
    F32(f32),
    F16(f16),
    /// A vector, matrix, array or structure value.
    Composite(TypeId, Rc<[Value]>),
    /// The zero value of a large array type (more than [`LARGE_ARRAY`] scalars in all),
    /// kept symbolic so `array<i32, 100000000>()` costs nothing. Indexing it gives the
    /// zero of the element type; converting it gives the zero of the target type.
    Zero(TypeId),
}

/// As `#[derive(Debug)]` writes it: see [`Value::debug_text`].
impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.debug_text())
    }
}

/// Arrays with more scalars than this have a symbolic zero value ([`Value::Zero`]).
pub const LARGE_ARRAY: u64 = 1 << 16;

/// Why a const-expression cannot be evaluated; the caller adds the span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    pub code: &'static str,
    pub message: String,
}

impl EvalError {
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        EvalError {
            code,
            message: message.into(),
        }
    }

    fn overflow(what: impl std::fmt::Display, ty: &str) -> Self {
        EvalError::new(
            codes::CONST_OVERFLOW,
            format!("{what} cannot be represented as `{ty}`"),
        )
    }
}

pub type EvalResult = Result<Value, EvalError>;

impl Value {
    /// The scalar type of a scalar value.
    pub fn scalar_type(&self) -> Option<Scalar> {
        Some(match self {
            Value::Bool(_) => Scalar::Bool,
            Value::AbstractInt(_) => Scalar::AbstractInt,
            Value::AbstractFloat(_) => Scalar::AbstractFloat,
            Value::I32(_) => Scalar::I32,
            Value::U32(_) => Scalar::U32,
            Value::F32(_) => Scalar::F32,
            Value::F16(_) => Scalar::F16,
            Value::Composite(..) | Value::Zero(_) => return None,
        })
    }

    /// The type of the value.
    pub fn ty(&self, types: &TypeTable) -> TypeId {
        match self {
            Value::Composite(ty, _) | Value::Zero(ty) => *ty,
            v => types.scalar(v.scalar_type().expect("scalar")),
        }
    }

    /// The components of a composite; empty for scalars.
    /// A value's scalars: a composite's components, or the scalar itself.
    pub fn scalars(&self) -> &[Value] {
        match self {
            Value::Composite(_, c) => c,
            s => std::slice::from_ref(s),
        }
    }

    pub fn components(&self) -> &[Value] {
        match self {
            Value::Composite(_, c) => c,
            _ => &[],
        }
    }

    /// A floating point scalar's value.
    pub fn as_f64(&self) -> Option<f64> {
        Some(match *self {
            Value::AbstractFloat(x) => x,
            Value::F32(x) => f64::from(x),
            Value::F16(x) => f64::from(x),
            _ => return None,
        })
    }

    /// An integer scalar's value.
    pub fn as_i64(&self) -> Option<i64> {
        Some(match *self {
            Value::AbstractInt(x) => x,
            Value::I32(x) => i64::from(x),
            Value::U32(x) => i64::from(x),
            _ => return None,
        })
    }

    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// True for the zero value of any type (−0.0 counts as zero).
    pub fn is_zero(&self) -> bool {
        match self {
            Value::Bool(b) => !b,
            Value::Zero(_) => true,
            Value::Composite(_, c) => c.iter().all(Value::is_zero),
            v => v.as_i64() == Some(0) || v.as_f64() == Some(0.0),
        }
    }

    /// The text `#[derive(Debug)]` would write (`F32(1.5)`, `Composite(TypeId(3), [I32(1),
    /// I32(2)])`), which internal-error messages quote, built as a string: the standard
    /// library's tuple and list formatters would cost a copy of their machinery for this
    /// type, and its float formatting is left out of the package (see
    /// [`crate::util::float_text`]).
    pub fn debug_text(&self) -> String {
        let (name, inner) = match self {
            Value::Bool(b) => ("Bool", b.to_string()),
            Value::AbstractInt(x) => ("AbstractInt", x.to_string()),
            Value::AbstractFloat(x) => ("AbstractFloat", debug_f64(*x)),
            Value::I32(x) => ("I32", x.to_string()),
            Value::U32(x) => ("U32", x.to_string()),
            Value::F32(x) => ("F32", debug_f32(*x)),
            Value::F16(x) => ("F16", debug_f32(x.to_f32())),
            Value::Composite(ty, c) => {
                let mut inner = format!("{ty:?}, [");
                for (k, v) in c.iter().enumerate() {
                    if k > 0 {
                        inner.push_str(", ");
                    }
                    inner.push_str(&v.debug_text());
                }
                inner.push(']');
                ("Composite", inner)
            }
            Value::Zero(ty) => ("Zero", format!("{ty:?}")),
        };
        format!("{name}({inner})")
    }

    /// The value as WGSL source would write it, for diagnostics: `3i`, `2.5f`, `vec2<f32>(…)`.
    pub fn display(&self, types: &TypeTable) -> String {
        match self {
            Value::Bool(b) => b.to_string(),
            Value::AbstractInt(x) => x.to_string(),
            Value::AbstractFloat(x) => format_float(*x, ""),
            Value::I32(x) => format!("{x}i"),
            Value::U32(x) => format!("{x}u"),
            Value::F32(x) => format_float(f64::from(*x), "f"),
            Value::F16(x) => format_float(f64::from(*x), "h"),
            Value::Composite(ty, c) => {
                let mut out = types.name(*ty);
                out.push('(');
                for (k, v) in c.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&v.display(types));
                }
                out.push(')');
                out
            }
            Value::Zero(ty) => format!("{}()", types.name(*ty)),
        }
    }
}

fn format_float(x: f64, suffix: &str) -> String {
    let mut s = debug_f64(x);
    s.push_str(suffix);
    s
}

/// Rounds an exact (or f64-computed) result to a floating point scalar type, failing if
/// it is infinite or NaN in that type.
pub fn make_float(s: Scalar, x: f64) -> EvalResult {
    let v = match s {
        Scalar::AbstractFloat => Value::AbstractFloat(x),
        Scalar::F32 => Value::F32(x as f32),
        Scalar::F16 => Value::F16(f16::from_f64(x)),
        _ => unreachable!("make_float of {s:?}"),
    };
    match v.as_f64() {
        Some(r) if r.is_finite() => Ok(v),
        _ => Err(EvalError::overflow(format_float(x, ""), s.name())),
    }
}

/// A value converted to a floating point type (§"Floating Point Conversion"): a value
/// outside the type's finite range is an error, even one that would round to its largest
/// finite value.
pub fn convert_float(s: Scalar, x: f64) -> EvalResult {
    let max = match s {
        Scalar::F32 => f64::from(f32::MAX),
        Scalar::F16 => f64::from(f16::MAX),
        _ => f64::MAX,
    };
    if x.abs() > max {
        return Err(EvalError::overflow(format_float(x, ""), s.name()));
    }
    make_float(s, x)
}

/// An integer result: AbstractInt must not overflow; i32 and u32 wrap.
pub fn make_int_wrapping(s: Scalar, x: i128) -> EvalResult {
    Ok(match s {
        Scalar::AbstractInt => {
            Value::AbstractInt(i64::try_from(x).map_err(|_| {
                EvalError::overflow(crate::util::decimal::i128_text(x), "AbstractInt")
            })?)
        }
        Scalar::I32 => Value::I32(x as i32),
        Scalar::U32 => Value::U32(x as u32),
        _ => unreachable!("make_int of {s:?}"),
    })
}

/// An integer value that must be representable in `s` exactly.
pub fn make_int_exact(s: Scalar, x: i128) -> EvalResult {
    let fits = match s {
        Scalar::AbstractInt => i64::try_from(x).is_ok(),
        Scalar::I32 => i32::try_from(x).is_ok(),
        Scalar::U32 => u32::try_from(x).is_ok(),
        _ => false,
    };
    if !fits {
        return Err(EvalError::overflow(
            crate::util::decimal::i128_text(x),
            s.name(),
        ));
    }
    make_int_wrapping(s, x)
}

/// Builds a composite of type `ty`.
pub fn composite(ty: TypeId, components: Vec<Value>) -> Value {
    Value::Composite(ty, components.into())
}

/// The zero value of a constructible (or abstract) type.
pub fn zero(types: &mut TypeTable, ty: TypeId) -> Option<Value> {
    Some(match types.kind(ty) {
        TypeKind::Scalar(s) => zero_scalar(s),
        TypeKind::Vector { size, scalar } => composite(ty, vec![zero_scalar(scalar); size.into()]),
        TypeKind::Matrix { cols, rows, scalar } => {
            let col_ty = types.vector(rows, scalar);
            let col = zero(types, col_ty)?;
            composite(ty, vec![col; cols.into()])
        }
        TypeKind::Array {
            elem,
            size: crate::sema::types::ArraySize::Const(n),
        } => {
            if scalar_count(types, ty) > LARGE_ARRAY {
                return Some(Value::Zero(ty));
            }
            let e = zero(types, elem)?;
            composite(ty, vec![e; n as usize])
        }
        TypeKind::Struct(id) => {
            let members = types.struct_def(id).member_types();
            let mut vals: Vec<Value> = Vec::with_capacity(members.len());
            for (i, &m) in members.iter().enumerate() {
                // Members of one type share one zero value: building each apart would
                // cost time exponential in the nesting of structures like
                // `struct S1 { a: S0, b: S0 }`.
                let earlier = members[..i].iter().position(|&t| t == m);
                vals.push(match earlier {
                    Some(j) => vals[j].clone(),
                    None => zero(types, m)?,
                });
            }
            composite(ty, vals)
        }
        _ => return None,
    })
}

/// The number of scalars in a value of type `ty` (saturating); 1 for scalars.
pub fn scalar_count(types: &TypeTable, ty: TypeId) -> u64 {
    types.scalar_count(ty)
}

fn zero_scalar(s: Scalar) -> Value {
    match s {
        Scalar::Bool => Value::Bool(false),
        Scalar::AbstractInt => Value::AbstractInt(0),
        Scalar::AbstractFloat => Value::AbstractFloat(0.0),
        Scalar::I32 => Value::I32(0),
        Scalar::U32 => Value::U32(0),
        Scalar::F32 => Value::F32(0.0),
        Scalar::F16 => Value::F16(f16::ZERO),
    }
}

/// Applies a feasible automatic conversion (§"Conversion Rank"): abstract values become
/// the concrete (or AbstractFloat) type `to`, failing when the value is not representable.
/// Values already of type `to` are returned unchanged.
pub fn convert(types: &mut TypeTable, v: &Value, to: TypeId) -> EvalResult {
    if v.ty(types) == to {
        return Ok(v.clone());
    }
    convert_with(types, v, to, &convert_scalar_auto)
}

/// Converts `v` to `to` component by component, converting scalars with `scalar`.
fn convert_with(
    types: &mut TypeTable,
    v: &Value,
    to: TypeId,
    scalar: &dyn Fn(&Value, Scalar) -> EvalResult,
) -> EvalResult {
    if let Value::Zero(_) = v {
        return zero(types, to).ok_or_else(|| {
            EvalError::new(
                codes::CONST_NOT_REPRESENTABLE,
                format!("`{}` has no zero value", types.name(to)),
            )
        });
    }
    match (v, types.kind(to)) {
        (Value::Composite(_, comps), _) => {
            let elem_tys = component_types(types, to, comps.len());
            let mut out = Vec::with_capacity(comps.len());
            for (c, t) in comps.iter().zip(elem_tys) {
                out.push(convert_with(types, c, t, scalar)?);
            }
            Ok(composite(to, out))
        }
        (_, TypeKind::Scalar(s)) => scalar(v, s),
        _ => Err(EvalError::new(
            codes::CONST_NOT_REPRESENTABLE,
            format!(
                "cannot convert {} to `{}`",
                v.display(types),
                types.name(to)
            ),
        )),
    }
}

fn convert_scalar_auto(v: &Value, to: Scalar) -> EvalResult {
    match (v.clone(), to) {
        (Value::AbstractInt(x), Scalar::I32 | Scalar::U32 | Scalar::AbstractInt) => {
            make_int_exact(to, i128::from(x))
        }
        (Value::AbstractInt(x), _) if to.is_float() => {
            // AbstractInt → AbstractFloat → to.
            convert_float(to, x as f64)
        }
        (Value::AbstractFloat(x), _) if to.is_float() => convert_float(to, x),
        _ => Err(EvalError::new(
            codes::CONST_NOT_REPRESENTABLE,
            format!("no automatic conversion to `{}`", to.name()),
        )),
    }
}

/// The component types of a composite type with `n` components.
pub fn component_types(types: &mut TypeTable, ty: TypeId, n: usize) -> Vec<TypeId> {
    match types.kind(ty) {
        TypeKind::Vector { scalar, .. } => vec![types.scalar(scalar); n],
        TypeKind::Matrix { rows, scalar, .. } => vec![types.vector(rows, scalar); n],
        TypeKind::Array { elem, .. } => vec![elem; n],
        TypeKind::Struct(id) => types.struct_def(id).member_types(),
        _ => vec![ty; n],
    }
}

/// Converts a scalar with the semantics of the value constructors `bool(e)`, `i32(e)`,
/// `u32(e)`, `f32(e)`, `f16(e)` (§"Value Constructor Built-in Functions").
pub fn convert_scalar_explicit(v: &Value, to: Scalar) -> EvalResult {
    if v.scalar_type() == Some(to) {
        return Ok(v.clone());
    }
    match to {
        Scalar::Bool => Ok(Value::Bool(!v.is_zero())),
        Scalar::I32 | Scalar::U32 => {
            let x: i128 = match *v {
                Value::Bool(b) => i128::from(b),
                Value::AbstractInt(x) => return make_int_exact(to, i128::from(x)),
                Value::I32(x) => return Ok(Value::U32(x as u32)),
                Value::U32(x) => return Ok(Value::I32(x as i32)),
                _ => {
                    let f = v.as_f64().expect("float");
                    return Ok(float_to_int(f, v.scalar_type().expect("scalar"), to));
                }
            };
            make_int_exact(to, x)
        }
        Scalar::F32 | Scalar::F16 | Scalar::AbstractFloat => {
            let x = match *v {
                Value::Bool(b) => f64::from(u8::from(b)),
                Value::AbstractInt(x) => x as f64,
                Value::I32(x) => f64::from(x),
                Value::U32(x) => f64::from(x),
                _ => v.as_f64().expect("float"),
            };
            convert_float(to, x)
        }
        Scalar::AbstractInt => Err(EvalError::new(
            codes::CONST_NOT_REPRESENTABLE,
            "no conversion to AbstractInt",
        )),
    }
}

/// Scalar floating point to integral conversion: clamps to the values of `to` that the
/// source type can represent exactly, then truncates.
fn float_to_int(x: f64, from: Scalar, to: Scalar) -> Value {
    // The largest values of `to` exactly representable in the source float type.
    let (lo, hi): (f64, f64) = match (to, from) {
        (Scalar::I32, Scalar::F16) => (-65504.0, 65504.0),
        (Scalar::U32, Scalar::F16) => (0.0, 65504.0),
        (Scalar::I32, Scalar::F32) => (-2147483648.0, 2147483520.0),
        (Scalar::U32, Scalar::F32) => (0.0, 4294967040.0),
        (Scalar::I32, _) => (-2147483648.0, 2147483647.0),
        (_, _) => (0.0, 4294967295.0),
    };
    // As `f64::clamp`, whose assertion message would print floats.
    let t = x.trunc();
    let t = if t < lo {
        lo
    } else if t > hi {
        hi
    } else {
        t
    };
    if to == Scalar::I32 {
        Value::I32(t as i32)
    } else {
        Value::U32(t as u32)
    }
}

/// Converts any value component-wise with value constructor semantics to `to`, which
/// has the same shape.
pub fn convert_explicit(types: &mut TypeTable, v: &Value, to: TypeId) -> EvalResult {
    convert_with(types, v, to, &convert_scalar_explicit)
}

/// Evaluates a value constructor whose arguments are already converted to the resolved
/// parameter types.
pub fn construct(types: &mut TypeTable, ty: TypeId, args: &[Value]) -> EvalResult {
    if args.is_empty() {
        return zero(types, ty).ok_or_else(|| {
            EvalError::new(
                codes::CONST_NOT_REPRESENTABLE,
                format!("`{}` has no zero value", types.name(ty)),
            )
        });
    }
    match types.kind(ty) {
        TypeKind::Scalar(s) => convert_scalar_explicit(&args[0], s),
        TypeKind::Vector { size, scalar } => {
            if let [single] = args {
                if single.components().len() == usize::from(size) {
                    return convert_explicit(types, single, ty);
                }
                if single.scalar_type().is_some() {
                    let s = convert_scalar_explicit(single, scalar)?;
                    return Ok(composite(ty, vec![s; size.into()]));
                }
            }
            let mut comps = Vec::with_capacity(size.into());
            for a in args {
                match a {
                    Value::Composite(_, c) => comps.extend(c.iter().cloned()),
                    s => comps.push(s.clone()),
                }
            }
            Ok(composite(ty, comps))
        }
        TypeKind::Matrix { cols, rows, scalar } => {
            if let [single] = args {
                return convert_explicit(types, single, ty);
            }
            let col_ty = types.vector(rows, scalar);
            if args.len() == usize::from(cols) {
                return Ok(composite(ty, args.to_vec()));
            }
            let mut columns = Vec::with_capacity(usize::from(cols));
            for c in args.chunks(usize::from(rows)) {
                columns.push(composite(col_ty, c.to_vec()));
            }
            Ok(composite(ty, columns))
        }
        _ => Ok(composite(ty, args.to_vec())),
    }
}

/// `v[i]` on a vector, matrix or array value.
pub fn index(types: &mut TypeTable, v: &Value, i: i64) -> EvalResult {
    if let Value::Zero(ty) = *v {
        if let TypeKind::Array {
            elem,
            size: crate::sema::types::ArraySize::Const(n),
        } = types.kind(ty)
        {
            if (0..i64::from(n)).contains(&i) {
                if let Some(z) = zero(types, elem) {
                    return Ok(z);
                }
            }
        }
    }
    let comps = v.components();
    usize::try_from(i)
        .ok()
        .and_then(|i| comps.get(i))
        .cloned()
        .ok_or_else(|| {
            EvalError::new(
                codes::CONST_INDEX_OUT_OF_BOUNDS,
                format!(
                    "index {i} is out of bounds for `{}` of {} elements",
                    types.name(v.ty(types)),
                    comps.len()
                ),
            )
        })
}

/// A swizzle: `v.xzy` picks components by index into a new vector of type `ty`, or a
/// single component when `ty` is a scalar.
pub fn swizzle(v: &Value, picks: &[u8], ty: TypeId) -> Value {
    let comps = v.components();
    if let [one] = picks {
        return comps[usize::from(*one)].clone();
    }
    let mut out = Vec::with_capacity(picks.len());
    for &p in picks {
        out.push(comps[usize::from(p)].clone());
    }
    composite(ty, out)
}

#[cfg(test)]
mod tests;
