//! IR operations as HLSL expressions: operators, intrinsics, conversions, and the
//! builtins HLSL spells differently from WGSL.
//!
//! The rules that are not a plain renaming:
//!
//! - a product with a matrix operand is `mul` with the operands swapped (HLSL's rows are
//!   WGSL's columns: WGSL's `m * v` is `mul(v, m)`); a matrix times a scalar is `*`;
//! - float `%` is `fmod` (both truncate: `x - y * trunc(x / y)`);
//! - `sign` of floats returns `int` in HLSL, so it is converted back;
//! - `fma` is `mad`; `mix` is `lerp`; `fract` is `frac`; `inverseSqrt` is `rsqrt`;
//!   `countOneBits` is `countbits`; `reverseBits` is `reversebits`;
//! - `quantizeToF16` is `f16tof32(f32tof16(x))`;
//! - `fwidthCoarse`/`fwidthFine` are `abs(ddx_*(x)) + abs(ddy_*(x))`;
//! - `acosh`, `asinh`, `atanh` have no intrinsic: `log(x + sqrt(x * x - 1))`,
//!   `log(x + sqrt(x * x + 1))`, `0.5 * log((1 + x) / (1 - x))` (in helper functions,
//!   so the operand is evaluated once);
//! - `ldexp` takes a float exponent in HLSL: `x * exp2(e)` split in two steps, so that an
//!   exponent past 127 whose product is still finite does not overflow on the way;
//! - a `bool` vector `&`/`|` and a `select` with a `bool` vector condition go through a
//!   small helper function, since HLSL 2021 (DXC's default) only allows `&&`, `||` and
//!   `?:` on scalars and older compilers lack `and`, `or` and `select`.

use super::expr::Bin;
use crate::ir::types::Scalar;
use crate::ir::{Inst, Module, Opcode};

/// The binary operator of an IR opcode, for numeric operands.
pub fn binary(op: Opcode) -> Option<Bin> {
    Some(match op {
        Opcode::Add => Bin::Add,
        Opcode::Sub => Bin::Sub,
        Opcode::Mul => Bin::Mul,
        Opcode::Div => Bin::Div,
        Opcode::Rem => Bin::Rem,
        Opcode::And => Bin::BitAnd,
        Opcode::Or => Bin::BitOr,
        Opcode::Xor => Bin::BitXor,
        Opcode::Shl => Bin::Shl,
        Opcode::Shr => Bin::Shr,
        Opcode::Eq => Bin::Eq,
        Opcode::Ne => Bin::Ne,
        Opcode::Lt => Bin::Lt,
        Opcode::Le => Bin::Le,
        Opcode::Gt => Bin::Gt,
        Opcode::Ge => Bin::Ge,
        _ => return None,
    })
}

/// The HLSL intrinsic of a builtin that maps one to one (same operands, same result).
pub fn intrinsic(op: Opcode) -> Option<&'static str> {
    use Opcode as O;
    Some(match op {
        O::All => "all",
        O::Any => "any",
        O::Abs => "abs",
        O::Acos => "acos",
        O::Asin => "asin",
        O::Atan => "atan",
        O::Atan2 => "atan2",
        O::Ceil => "ceil",
        O::Clamp => "clamp",
        O::Cos => "cos",
        O::Cosh => "cosh",
        O::CountOneBits => "countbits",
        O::Cross => "cross",
        O::Degrees => "degrees",
        O::Determinant => "determinant",
        O::Distance => "distance",
        O::Dot => "dot",
        O::Exp => "exp",
        O::Exp2 => "exp2",
        O::FaceForward => "faceforward",
        O::Floor => "floor",
        O::Fma => "mad",
        O::Fract => "frac",
        O::InverseSqrt => "rsqrt",
        O::Length => "length",
        O::Log => "log",
        O::Log2 => "log2",
        O::Max => "max",
        O::Min => "min",
        O::Mix => "lerp",
        O::Normalize => "normalize",
        O::Pow => "pow",
        O::Radians => "radians",
        O::Reflect => "reflect",
        O::Refract => "refract",
        O::ReverseBits => "reversebits",
        O::Round => "round",
        O::Saturate => "saturate",
        O::Sin => "sin",
        O::Sinh => "sinh",
        O::Smoothstep => "smoothstep",
        O::Sqrt => "sqrt",
        O::Step => "step",
        O::Tan => "tan",
        O::Tanh => "tanh",
        O::Transpose => "transpose",
        O::Trunc => "trunc",
        O::Dpdx => "ddx",
        O::DpdxCoarse => "ddx_coarse",
        O::DpdxFine => "ddx_fine",
        O::Dpdy => "ddy",
        O::DpdyCoarse => "ddy_coarse",
        O::DpdyFine => "ddy_fine",
        O::Fwidth => "fwidth",
        O::SubgroupAdd => "WaveActiveSum",
        O::SubgroupExclusiveAdd => "WavePrefixSum",
        O::SubgroupAll => "WaveActiveAllTrue",
        O::SubgroupAny => "WaveActiveAnyTrue",
        O::SubgroupAnd => "WaveActiveBitAnd",
        O::SubgroupOr => "WaveActiveBitOr",
        O::SubgroupXor => "WaveActiveBitXor",
        O::SubgroupBallot => "WaveActiveBallot",
        O::SubgroupBroadcast => "WaveReadLaneAt",
        O::SubgroupBroadcastFirst => "WaveReadLaneFirst",
        O::SubgroupMax => "WaveActiveMax",
        O::SubgroupMin => "WaveActiveMin",
        O::SubgroupMul => "WaveActiveProduct",
        O::SubgroupExclusiveMul => "WavePrefixProduct",
        O::SubgroupShuffle => "WaveReadLaneAt",
        O::QuadBroadcast => "QuadReadLaneAt",
        O::QuadSwapX => "QuadReadAcrossX",
        O::QuadSwapY => "QuadReadAcrossY",
        O::QuadSwapDiagonal => "QuadReadAcrossDiagonal",
        _ => return None,
    })
}

/// The scalar kind of a value's type (its components' for a vector or matrix).
pub fn scalar_kind(m: &Module, v: Inst) -> Option<Scalar> {
    let t = m.ty(v)?;
    let s = m.scalar_type_of(t)?;
    m.scalar(s)
}

/// Whether a value is a matrix.
pub fn is_matrix(m: &Module, v: Inst) -> bool {
    m.ty(v).is_some_and(|t| m.opcode(t) == Opcode::Mat)
}

/// Whether a value is a vector of `bool`.
pub fn is_bool_vector(m: &Module, v: Inst) -> bool {
    m.ty(v)
        .and_then(|t| m.vec_parts(t))
        .is_some_and(|(e, _)| m.opcode(e) == Opcode::Bool)
}

/// The `as*` reinterpretation to a 32-bit scalar kind.
pub fn reinterpret(to: Scalar) -> Option<&'static str> {
    match to {
        Scalar::F32 => Some("asfloat"),
        Scalar::I32 => Some("asint"),
        Scalar::U32 => Some("asuint"),
        _ => None,
    }
}
