//! Constant evaluation over IR values: what a pure operation on constants gives, with
//! WGSL's *run-time* semantics, exactly, or nothing.
//!
//! One evaluator serves every stage that asks what a value is: the `const-fold` pass
//! replaces operations by the constants [`evaluate`] finds, the shared transforms read
//! constant operands with [`read`], and the WGSL raiser checks that it never prints a
//! constant expression WGSL's own constant evaluation would reject (`1i / 0i`) where the
//! IR means the run-time operation ([`nonzero_divisor`]).
//!
//! - **Integers** (`i32`, `u32`): wrapping `+ - *`; `/` and `%` as WGSL defines them at
//!   run time (`x / 0` is `x`, `x % 0` is `0`, `i32::MIN / -1` is `i32::MIN`, its `%` is
//!   0); shifts by the amount modulo 32; bitwise operations, comparisons, `abs`, `min`,
//!   `max`, `clamp`, `countOneBits`, `reverseBits`, `countLeadingZeros`,
//!   `countTrailingZeros`; `all` and `any` of booleans.
//! - **Floats** (`f32`, `f16`): `+ - * /`, negation and comparisons, only when every
//!   operand and the result are finite and normal (or zero): the result is the correctly
//!   rounded one, which the spec's accuracy rules allow, and no case where an
//!   implementation may flush, saturate or produce an indeterminate value is decided
//!   here. `f16` is computed in `f64` and rounded once. `abs` clears the sign bit.
//! - **Conversions** only when exact: integers to floats that represent them, finite
//!   floats to integers in range (truncating), `f32` to `f16` when representable,
//!   `bool`s both ways; bit casts between 32-bit scalars (not to a float NaN, infinity
//!   or subnormal).
//! - **Vectors** component-wise, including a vector with a scalar; `construct`,
//!   `splat`, `swizzle` and `extract` of constants give constants.
//!
//! Values are scalars and vectors ([`Const`]: a kind and each lane's literal bits);
//! [`materialize`] makes the IR constant for one, and [`constant_member`] reads a member
//! of a composite constant. Nothing here changes a value's meaning, so every caller may
//! trust an answer and must accept `None`.

use crate::ir::types::Scalar;
use crate::ir::{Builder, Inst, Module, Opcode, Type};

/// For an integer `div` or `rem` whose divisor is a constant with a zero lane: that
/// divisor with those lanes set to 1 (the same run-time result), and its type. `const-fold`
/// puts it in the module; the WGSL back end writes it so too, for modules that did not
/// run that pass.
pub fn nonzero_divisor(m: &Module, i: Inst) -> Option<(Const, Inst)> {
    if !matches!(m.opcode(i), Opcode::Div | Opcode::Rem) || m.num_operands(i) != 2 {
        return None;
    }
    let divisor = m.operand(i, 1);
    let mut c = read_zeroing_undef(m, divisor)?;
    if !c.kind.is_int() || !c.lanes.contains(&0) {
        return None;
    }
    for lane in c.lanes.iter_mut().filter(|l| **l == 0) {
        *lane = 1;
    }
    Some((c, m.ty(divisor)?))
}

/// A constant scalar or vector: the component kind and each component's literal bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Const {
    pub kind: Scalar,
    pub lanes: Vec<u32>,
    pub vector: bool,
}

impl Const {
    fn scalar(kind: Scalar, bits: u32) -> Const {
        Const {
            kind,
            lanes: vec![bits],
            vector: false,
        }
    }
}

/// Whether [`read`] may find a value in `c`: only these opcodes have one. A cheap test
/// that turns most operands away before their type is looked at.
#[inline]
pub fn may_read(m: &Module, c: Inst) -> bool {
    matches!(
        m.opcode(c),
        Opcode::Constant | Opcode::Zero | Opcode::Composite
    )
}

/// The value of a scalar or vector constant instruction (`undef` has none).
pub fn read(m: &Module, c: Inst) -> Option<Const> {
    read_lanes(m, c, false)
}

/// Whether `a` and `b` are constants of one type with the same bits in every component:
/// `0.0f` and `f32()` are two instructions of one value.
pub fn same_constant(m: &Module, a: Inst, b: Inst) -> bool {
    m.ty(a) == m.ty(b) && read(m, a).is_some_and(|x| read(m, b) == Some(x))
}

/// [`read`], with an `undef` scalar or lane read as 0: the WGSL writer spells `undef` as
/// a zero, so a divisor with one must be mended as a zero divisor is.
fn read_zeroing_undef(m: &Module, c: Inst) -> Option<Const> {
    read_lanes(m, c, true)
}

fn read_lanes(m: &Module, c: Inst, undef_as_zero: bool) -> Option<Const> {
    let undef = |x: Inst| undef_as_zero && m.opcode(x) == Opcode::Undef;
    if !may_read(m, c) && !undef(c) {
        return None;
    }
    let ty = m.ty(c)?;
    let (kind, n) = m.scalar_or_vec(ty)?;
    let vector = m.opcode(ty) == Opcode::Vec;
    match m.opcode(c) {
        Opcode::Constant if !vector => Some(Const::scalar(kind, m.literal(c))),
        Opcode::Zero | Opcode::Undef => Some(Const {
            kind,
            lanes: vec![0; n as usize],
            vector,
        }),
        Opcode::Composite if vector => {
            let lanes = map_lanes(m.num_operands(c), &mut |k| {
                let x = m.operand(c, k);
                match m.opcode(x) {
                    Opcode::Constant => Some(m.literal(x)),
                    _ => undef(x).then_some(0),
                }
            })?;
            (lanes.len() == n as usize).then_some(Const {
                kind,
                lanes,
                vector,
            })
        }
        _ => None,
    }
}

/// The lanes `f(0)`, …, `f(n - 1)`, or nothing when one of them is nothing: one function
/// for every per-lane map here, where a `collect::<Option<Vec<_>>>()` would be a copy of
/// the iterator adapters for each closure.
fn map_lanes(n: usize, f: &mut dyn FnMut(usize) -> Option<u32>) -> Option<Vec<u32>> {
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        out.push(f(k)?);
    }
    Some(out)
}

fn f16_of(bits: u32) -> half::f16 {
    half::f16::from_bits(bits as u16)
}

/// A float lane as f64, if finite and normal or zero.
fn float_in(kind: Scalar, bits: u32) -> Option<f64> {
    let v = match kind {
        Scalar::F32 => {
            let f = f32::from_bits(bits);
            if !(f.is_normal() || f == 0.0) {
                return None;
            }
            f64::from(f)
        }
        Scalar::F16 => {
            let h = f16_of(bits);
            if !(h.is_normal() || h.to_f32() == 0.0) {
                return None;
            }
            f64::from(h.to_f32())
        }
        _ => return None,
    };
    Some(v)
}

/// Bits of `v` rounded to `kind`, if the result is finite and normal or zero.
fn float_out(kind: Scalar, v: f64) -> Option<u32> {
    match kind {
        Scalar::F32 => {
            let f = v as f32;
            (f.is_normal() || f == 0.0).then(|| f.to_bits())
        }
        Scalar::F16 => {
            let h = half::f16::from_f64(v);
            (h.is_normal() || h.to_f32() == 0.0).then(|| u32::from(h.to_bits()))
        }
        _ => None,
    }
}

fn bool_bits(b: bool) -> u32 {
    u32::from(b)
}

/// One lane of a binary operation. `None` when the result is not exactly known.
fn binary_lane(op: Opcode, kind: Scalar, a: u32, b: u32) -> Option<(Scalar, u32)> {
    use Opcode as O;
    let cmp = |o: std::cmp::Ordering| -> bool {
        match op {
            O::Eq => o.is_eq(),
            O::Ne => o.is_ne(),
            O::Lt => o.is_lt(),
            O::Le => o.is_le(),
            O::Gt => o.is_gt(),
            O::Ge => o.is_ge(),
            _ => false,
        }
    };
    let is_cmp = matches!(op, O::Eq | O::Ne | O::Lt | O::Le | O::Gt | O::Ge);
    match kind {
        Scalar::Bool => {
            let (x, y) = (a != 0, b != 0);
            let r = match op {
                O::And => x & y,
                O::Or => x | y,
                O::Xor | O::Ne => x != y,
                O::Eq => x == y,
                _ => return None,
            };
            Some((Scalar::Bool, bool_bits(r)))
        }
        Scalar::I32 => {
            let (x, y) = (a as i32, b as i32);
            if is_cmp {
                return Some((Scalar::Bool, bool_bits(cmp(x.cmp(&y)))));
            }
            let r = match op {
                O::Add => x.wrapping_add(y),
                O::Sub => x.wrapping_sub(y),
                O::Mul => x.wrapping_mul(y),
                O::Div => {
                    if y == 0 || (x == i32::MIN && y == -1) {
                        x
                    } else {
                        x / y
                    }
                }
                O::Rem => {
                    if y == 0 || (x == i32::MIN && y == -1) {
                        0
                    } else {
                        x % y
                    }
                }
                O::And => x & y,
                O::Or => x | y,
                O::Xor => x ^ y,
                O::Shl => x.wrapping_shl(b % 32),
                O::Shr => x >> (b % 32),
                O::Min => x.min(y),
                O::Max => x.max(y),
                _ => return None,
            };
            Some((Scalar::I32, r as u32))
        }
        Scalar::U32 => {
            let (x, y) = (a, b);
            if is_cmp {
                return Some((Scalar::Bool, bool_bits(cmp(x.cmp(&y)))));
            }
            let r = match op {
                O::Add => x.wrapping_add(y),
                O::Sub => x.wrapping_sub(y),
                O::Mul => x.wrapping_mul(y),
                O::Div => x.checked_div(y).unwrap_or(x),
                O::Rem => x.checked_rem(y).unwrap_or(0),
                O::And => x & y,
                O::Or => x | y,
                O::Xor => x ^ y,
                O::Shl => x.wrapping_shl(y % 32),
                O::Shr => x >> (y % 32),
                O::Min => x.min(y),
                O::Max => x.max(y),
                _ => return None,
            };
            Some((Scalar::U32, r))
        }
        Scalar::F32 | Scalar::F16 => {
            let (x, y) = (float_in(kind, a)?, float_in(kind, b)?);
            if is_cmp {
                let o = x.partial_cmp(&y)?;
                return Some((Scalar::Bool, bool_bits(cmp(o))));
            }
            let r = match (op, kind) {
                // In f32 the operation itself is correctly rounded; in f16 the f64 result
                // is exact (add, sub, mul) or correctly rounded with enough spare bits
                // (div), so rounding it once to f16 is correct.
                (O::Add, Scalar::F32) => f64::from(x as f32 + y as f32),
                (O::Sub, Scalar::F32) => f64::from(x as f32 - y as f32),
                (O::Mul, Scalar::F32) => f64::from(x as f32 * y as f32),
                (O::Div, Scalar::F32) if y != 0.0 => f64::from(x as f32 / y as f32),
                (O::Add, _) => x + y,
                (O::Sub, _) => x - y,
                (O::Mul, _) => x * y,
                (O::Div, _) if y != 0.0 => x / y,
                _ => return None,
            };
            Some((kind, float_out(kind, r)?))
        }
    }
}

fn unary_lane(op: Opcode, kind: Scalar, a: u32) -> Option<u32> {
    use Opcode as O;
    match (op, kind) {
        (O::Not, Scalar::Bool) => Some(bool_bits(a == 0)),
        (O::BitNot, Scalar::I32 | Scalar::U32) => Some(!a),
        (O::Neg, Scalar::I32) => Some((a as i32).wrapping_neg() as u32),
        (O::Neg, Scalar::F32 | Scalar::F16) => {
            float_in(kind, a)?;
            Some(if kind == Scalar::F32 {
                a ^ 0x8000_0000
            } else {
                a ^ 0x8000
            })
        }
        (O::Abs, Scalar::I32) => Some((a as i32).wrapping_abs() as u32),
        (O::Abs, Scalar::U32) => Some(a),
        (O::Abs, Scalar::F32 | Scalar::F16) => {
            float_in(kind, a)?;
            Some(if kind == Scalar::F32 {
                a & 0x7fff_ffff
            } else {
                a & 0x7fff
            })
        }
        (O::CountOneBits, Scalar::I32 | Scalar::U32) => Some(a.count_ones()),
        (O::ReverseBits, Scalar::I32 | Scalar::U32) => Some(a.reverse_bits()),
        (O::CountLeadingZeros, Scalar::I32 | Scalar::U32) => Some(a.leading_zeros()),
        (O::CountTrailingZeros, Scalar::I32 | Scalar::U32) => Some(a.trailing_zeros()),
        _ => None,
    }
}

/// A conversion of one lane, when exact.
fn convert_lane(from: Scalar, to: Scalar, a: u32) -> Option<u32> {
    use Scalar as S;
    Some(match (from, to) {
        (f, t) if f == t => a,
        (S::I32 | S::U32, S::I32 | S::U32) => a,
        (S::Bool, S::I32 | S::U32) => a,
        (S::Bool, S::F32) => if a != 0 { 1.0f32 } else { 0.0f32 }.to_bits(),
        (S::Bool, S::F16) => {
            u32::from(half::f16::from_f32(if a != 0 { 1.0 } else { 0.0 }).to_bits())
        }
        (S::I32 | S::U32, S::Bool) => bool_bits(a != 0),
        (S::F32 | S::F16, S::Bool) => bool_bits(float_in(from, a)? != 0.0),
        (S::I32 | S::U32, S::F32 | S::F16) => {
            let v: f64 = if from == S::I32 {
                f64::from(a as i32)
            } else {
                f64::from(a)
            };
            let bits = float_out(to, v)?;
            // Only integers the float type holds exactly.
            let back = match to {
                S::F32 => f64::from(f32::from_bits(bits)),
                _ => f64::from(f16_of(bits).to_f32()),
            };
            (back == v).then_some(bits)?
        }
        (S::F32 | S::F16, S::I32 | S::U32) => {
            let v = float_in(from, a)?.trunc();
            let (lo, hi) = if to == S::I32 {
                (f64::from(i32::MIN), f64::from(i32::MAX))
            } else {
                (0.0, f64::from(u32::MAX))
            };
            if v < lo || v > hi {
                return None;
            }
            if to == S::I32 {
                (v as i32) as u32
            } else {
                v as u32
            }
        }
        (S::F32, S::F16) => {
            let v = float_in(from, a)?;
            let bits = float_out(to, v)?;
            (f64::from(f16_of(bits).to_f32()) == v).then_some(bits)?
        }
        (S::F16, S::F32) => float_out(to, float_in(from, a)?)?,
        _ => return None,
    })
}

fn lanes(m: &Module, x: Inst) -> Option<Const> {
    read(m, x)
}

/// The constant an operation evaluates to, when all it reads is constant and the
/// result is exactly known (see the module documentation). Returns the result's kind,
/// lanes and whether it is a vector.
pub fn evaluate(m: &Module, i: Inst) -> Option<Const> {
    evaluate_with(m, i, &|k| m.operand(i, k))
}

/// [`evaluate`] with operand `k` of `i` read as `arg(k)`: what `i` would give if its
/// operands were those values (sparse conditional constant propagation asks this of
/// the constants it has found for them).
pub fn evaluate_with(m: &Module, i: Inst, arg: &dyn Fn(usize) -> Inst) -> Option<Const> {
    use Opcode as O;
    // Every operation folded here reads each of its operands as a constant (`read`, or
    // `const_u32` for an index): most instructions have some operand that is not one, and
    // every cleanup round meets them all again, so they are turned away before any type
    // is looked at or any lane copied.
    let n = m.num_operands(i);
    if n == 0 || !(0..n).all(|k| may_read(m, arg(k))) {
        return None;
    }
    let op = m.opcode(i);
    let rt = m.ty(i)?;
    let (rkind, rn) = m.scalar_or_vec(rt)?;
    let rvector = m.opcode(rt) == O::Vec;
    let out = |lanes: Vec<u32>| -> Option<Const> {
        (lanes.len() == rn as usize).then_some(Const {
            kind: rkind,
            lanes,
            vector: rvector,
        })
    };
    match op {
        O::Neg
        | O::Not
        | O::BitNot
        | O::Abs
        | O::CountOneBits
        | O::ReverseBits
        | O::CountLeadingZeros
        | O::CountTrailingZeros
            if n == 1 =>
        {
            let a = lanes(m, arg(0))?;
            out(map_lanes(a.lanes.len(), &mut |k| {
                unary_lane(op, a.kind, a.lanes[k])
            })?)
        }
        O::Add
        | O::Sub
        | O::Mul
        | O::Div
        | O::Rem
        | O::And
        | O::Or
        | O::Xor
        | O::Shl
        | O::Shr
        | O::Eq
        | O::Ne
        | O::Lt
        | O::Le
        | O::Gt
        | O::Ge
        | O::Min
        | O::Max
            if n == 2 =>
        {
            let a = lanes(m, arg(0))?;
            let b = lanes(m, arg(1))?;
            let width = a.lanes.len().max(b.lanes.len());
            let pick = |c: &Const, k: usize| -> Option<u32> {
                if c.lanes.len() == 1 {
                    Some(c.lanes[0])
                } else {
                    c.lanes.get(k).copied()
                }
            };
            let mut r = Vec::with_capacity(width);
            for k in 0..width {
                let (kind, bits) = binary_lane(op, a.kind, pick(&a, k)?, pick(&b, k)?)?;
                if kind != rkind {
                    return None;
                }
                r.push(bits);
            }
            out(r)
        }
        O::Clamp if n == 3 => {
            let (x, lo, hi) = (lanes(m, arg(0))?, lanes(m, arg(1))?, lanes(m, arg(2))?);
            let mut r = Vec::new();
            for k in 0..x.lanes.len() {
                let (_, t) = binary_lane(O::Max, x.kind, x.lanes[k], *lo.lanes.get(k)?)?;
                let (_, u) = binary_lane(O::Min, x.kind, t, *hi.lanes.get(k)?)?;
                r.push(u);
            }
            out(r)
        }
        O::All | O::Any if n == 1 => {
            let a = lanes(m, arg(0))?;
            if a.kind != Scalar::Bool || rkind != Scalar::Bool {
                return None;
            }
            let r = if op == O::All {
                a.lanes.iter().all(|&x| x != 0)
            } else {
                a.lanes.iter().any(|&x| x != 0)
            };
            out(vec![bool_bits(r)])
        }
        O::Convert if n == 1 => {
            let a = lanes(m, arg(0))?;
            out(map_lanes(a.lanes.len(), &mut |k| {
                convert_lane(a.kind, rkind, a.lanes[k])
            })?)
        }
        O::Bitcast if n == 1 => {
            let a = lanes(m, arg(0))?;
            let wide = |k: Scalar| k != Scalar::F16;
            if !(wide(a.kind) && wide(rkind)) || a.lanes.len() != rn as usize {
                return None;
            }
            for &x in &a.lanes {
                if rkind == Scalar::F32 {
                    let f = f32::from_bits(x);
                    if !(f.is_normal() || f == 0.0) {
                        return None;
                    }
                }
            }
            out(a.lanes)
        }
        O::Construct if rvector => {
            let mut r = Vec::new();
            for x in (0..n).map(arg) {
                r.extend(lanes(m, x)?.lanes);
            }
            out(r)
        }
        O::Splat if n == 1 => {
            let a = lanes(m, arg(0))?;
            out(vec![*a.lanes.first()?; rn as usize])
        }
        O::Swizzle => {
            let a = lanes(m, arg(0))?;
            out(map_lanes(n - 1, &mut |k| {
                m.const_u32(arg(k + 1))
                    .and_then(|c| a.lanes.get(c as usize).copied())
            })?)
        }
        O::Extract if n == 2 => {
            let a = lanes(m, arg(0))?;
            let k = m.const_u32(arg(1))?;
            out(vec![*a.lanes.get(k as usize)?])
        }
        _ => None,
    }
}

/// Makes the IR constant for a value of type `ty`.
pub fn materialize(m: &mut Module, ty: Inst, c: &Const) -> Inst {
    let mut b = Builder::new(m);
    if !c.vector {
        return b.const_scalar(Type(ty), c.lanes[0]).inst();
    }
    let elem = b.module.vec_parts(ty).map(|(e, _)| e).unwrap_or(ty);
    let mut parts = Vec::with_capacity(c.lanes.len());
    for &x in &c.lanes {
        parts.push(b.const_scalar(Type(elem), x));
    }
    b.const_composite(Type(ty), &parts).inst()
}

/// Member `k` of a constant composite (or zero value) as a constant.
pub fn constant_member(m: &mut Module, c: Inst, k: u32) -> Option<Inst> {
    let t = m.ty(c)?;
    let mt = m.member_type(t, Some(k))?;
    match m.opcode(c) {
        Opcode::Composite => m.operand_opt(c, k as usize),
        Opcode::Zero => {
            let mut b = Builder::new(m);
            Some(if b.module.scalar(mt).is_some() {
                b.const_scalar(Type(mt), 0).inst()
            } else {
                b.zero(Type(mt)).inst()
            })
        }
        _ => None,
    }
}

/// The most members a composite may have, at each level, for an `insert` into it to be
/// written out member by member: `const-fold` turns such an insert into a `construct`, and
/// the WGSL back end writes it as a constructor. A wider one stays an `insert`, which the
/// WGSL back end writes as a variable and an assignment, and lowering makes an `insert`
/// again, so the round trip agrees with itself.
pub const MAX_EXPANDED_MEMBERS: u32 = 8;
