//! Operand and result types of the builtin functions: math, packing, derivatives,
//! subgroup and quad operations, atomics and texture operations.

use super::Rule;
use super::typing::{Check, Cx, fail, is_int, same, scalar_name, shaped, tn};
use crate::ir::enums::{AccessMode, AddressSpace, TexelFormat, TextureDim};
use crate::ir::module::{Inst, Module};
use crate::ir::opcode::Opcode;
use crate::ir::types::Scalar;

fn float_sv(x: Option<(Scalar, u32)>) -> bool {
    matches!(x, Some((s, _)) if s.is_float())
}

pub(super) fn builtin(cx: &Cx<'_>) -> Check {
    use Opcode as O;
    let m = cx.m;
    let op = cx.op;
    let t0 = cx.ty(0);
    let a = cx.sv(0);
    let same_as_0 = |k: usize| cx.want(same(cx.ty(k), t0), k, tn(m, t0));
    match op {
        O::All | O::Any => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((Scalar::Bool, _))),
                0,
                "a `bool` or `vecN<bool>`",
            )?;
            cx.result_shape(Scalar::Bool, 1)
        }
        O::Abs => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            cx.result_is(t0)
        }
        O::Sign => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_float() || s == Scalar::I32),
                0,
                "a float or signed integer (vector)",
            )?;
            cx.result_is(t0)
        }
        O::Acos
        | O::Acosh
        | O::Asin
        | O::Asinh
        | O::Atan
        | O::Atanh
        | O::Ceil
        | O::Cos
        | O::Cosh
        | O::Degrees
        | O::Exp
        | O::Exp2
        | O::Floor
        | O::Fract
        | O::InverseSqrt
        | O::Log
        | O::Log2
        | O::Radians
        | O::Round
        | O::Saturate
        | O::Sin
        | O::Sinh
        | O::Sqrt
        | O::Tan
        | O::Tanh
        | O::Trunc => {
            cx.count(1, 1)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            cx.result_is(t0)
        }
        O::QuantizeToF16 => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((Scalar::F32, _))),
                0,
                "an `f32` or `vecN<f32>`",
            )?;
            cx.result_is(t0)
        }
        O::CountLeadingZeros
        | O::CountOneBits
        | O::CountTrailingZeros
        | O::ReverseBits
        | O::FirstLeadingBit
        | O::FirstTrailingBit => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if is_int(s)),
                0,
                "an integer or integer vector",
            )?;
            cx.result_is(t0)
        }
        O::Atan2 | O::Pow | O::Step => {
            cx.count(2, 2)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            same_as_0(1)?;
            cx.result_is(t0)
        }
        O::Max | O::Min => {
            cx.count(2, 2)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            same_as_0(1)?;
            cx.result_is(t0)
        }
        O::Clamp => {
            cx.count(3, 3)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            same_as_0(1)?;
            same_as_0(2)?;
            cx.result_is(t0)
        }
        O::Fma | O::Smoothstep => {
            cx.count(3, 3)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            same_as_0(1)?;
            same_as_0(2)?;
            cx.result_is(t0)
        }
        O::Mix => {
            cx.count(3, 3)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            same_as_0(1)?;
            let c = cx.sv(2);
            cx.want(
                same(cx.ty(2), t0) || matches!((a, c), (Some((s, _)), Some((s2, 1))) if s == s2),
                2,
                "the operands' type or their element type",
            )?;
            cx.result_is(t0)
        }
        O::FaceForward | O::Reflect => {
            let n = if op == O::FaceForward { 3 } else { 2 };
            cx.count(n, n)?;
            cx.want(
                matches!(a, Some((s, k)) if s.is_float() && k > 1),
                0,
                "a float vector",
            )?;
            for k in 1..n {
                same_as_0(k)?;
            }
            cx.result_is(t0)
        }
        O::Refract => {
            cx.count(3, 3)?;
            cx.want(
                matches!(a, Some((s, k)) if s.is_float() && k > 1),
                0,
                "a float vector",
            )?;
            same_as_0(1)?;
            let s0 = t0.and_then(|t| m.scalar_type_of(t));
            cx.want(
                same(cx.ty(2), s0),
                2,
                "a scalar of the vectors' element type",
            )?;
            cx.result_is(t0)
        }
        O::Cross => {
            cx.count(2, 2)?;
            cx.want(
                matches!(a, Some((s, 3)) if s.is_float()),
                0,
                "a `vec3` of floats",
            )?;
            same_as_0(1)?;
            cx.result_is(t0)
        }
        O::Dot => {
            cx.count(2, 2)?;
            cx.want(
                matches!(a, Some((s, k)) if s.is_numeric() && k > 1),
                0,
                "a numeric vector",
            )?;
            same_as_0(1)?;
            cx.result_is(t0.and_then(|t| m.scalar_type_of(t)))
        }
        O::Length | O::Distance => {
            let n = if op == O::Length { 1 } else { 2 };
            cx.count(n, n)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            if n == 2 {
                same_as_0(1)?;
            }
            cx.result_is(t0.and_then(|t| m.scalar_type_of(t)))
        }
        O::Normalize => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, k)) if s.is_float() && k > 1),
                0,
                "a float vector",
            )?;
            cx.result_is(t0)
        }
        O::Determinant => {
            cx.count(1, 1)?;
            let mp = t0.and_then(|t| m.mat_parts(t));
            let square = mp.is_some_and(|(col, c)| m.vec_parts(col).is_some_and(|(_, r)| r == c));
            cx.want(square, 0, "a square matrix")?;
            cx.result_is(t0.and_then(|t| m.scalar_type_of(t)))
        }
        O::Transpose => {
            cx.count(1, 1)?;
            let Some((col, c)) = t0.and_then(|t| m.mat_parts(t)) else {
                return cx.want(false, 0, "a matrix");
            };
            let r = m.vec_parts(col).map_or(0, |x| x.1);
            let ok = cx.rt.and_then(|rt| m.mat_parts(rt)).is_some_and(|(rc, n)| {
                n == r
                    && m.vec_parts(rc)
                        .is_some_and(|(e, k)| k == c && Some(e) == m.scalar_type_of(col))
            });
            cx.result(ok, format_args!("a mat{r}x{c} of the same element type"))
        }
        O::ExtractBits | O::InsertBits => {
            let n = if op == O::ExtractBits { 3 } else { 4 };
            cx.count(n, n)?;
            cx.want(
                matches!(a, Some((s, _)) if is_int(s)),
                0,
                "an integer or integer vector",
            )?;
            if op == O::InsertBits {
                same_as_0(1)?;
            }
            for k in n - 2..n {
                cx.want(shaped(m, cx.ty(k), Scalar::U32, 1), k, "a `u32`")?;
            }
            cx.result_is(t0)
        }
        O::Ldexp => {
            cx.count(2, 2)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            let n = a.map_or(1, |x| x.1);
            cx.want(
                shaped(m, cx.ty(1), Scalar::I32, n),
                1,
                "an `i32` exponent of the same shape",
            )?;
            cx.result_is(t0)
        }
        O::Frexp | O::Modf => {
            cx.count(1, 1)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            let fields = cx.rt.map(|r| m.struct_fields(r)).unwrap_or_default();
            let n = a.map_or(1, |x| x.1);
            let ok = fields.len() == 2
                && same(m.ty(fields[0]), t0)
                && if op == O::Modf {
                    same(m.ty(fields[1]), t0)
                } else {
                    shaped(m, m.ty(fields[1]), Scalar::I32, n)
                };
            cx.result(
                ok,
                "a struct of the fraction and the exponent (or whole part)",
            )
        }
        O::Dot4U8Packed | O::Dot4I8Packed => {
            cx.count(2, 2)?;
            cx.want(shaped(m, t0, Scalar::U32, 1), 0, "a `u32`")?;
            same_as_0(1)?;
            cx.result_shape(
                if op == O::Dot4U8Packed {
                    Scalar::U32
                } else {
                    Scalar::I32
                },
                1,
            )
        }
        O::Pack4x8Snorm
        | O::Pack4x8Unorm
        | O::Pack4xI8
        | O::Pack4xU8
        | O::Pack4xI8Clamp
        | O::Pack4xU8Clamp
        | O::Pack2x16Snorm
        | O::Pack2x16Unorm
        | O::Pack2x16Float => {
            cx.count(1, 1)?;
            let (s, n) = match op {
                O::Pack4xI8 | O::Pack4xI8Clamp => (Scalar::I32, 4),
                O::Pack4xU8 | O::Pack4xU8Clamp => (Scalar::U32, 4),
                O::Pack4x8Snorm | O::Pack4x8Unorm => (Scalar::F32, 4),
                _ => (Scalar::F32, 2),
            };
            cx.want(
                shaped(m, t0, s, n),
                0,
                format_args!("a `vec{n}<{}>`", scalar_name(s)),
            )?;
            cx.result_shape(Scalar::U32, 1)
        }
        O::Unpack4x8Snorm
        | O::Unpack4x8Unorm
        | O::Unpack4xI8
        | O::Unpack4xU8
        | O::Unpack2x16Snorm
        | O::Unpack2x16Unorm
        | O::Unpack2x16Float => {
            cx.count(1, 1)?;
            cx.want(shaped(m, t0, Scalar::U32, 1), 0, "a `u32`")?;
            let (s, n) = match op {
                O::Unpack4xI8 => (Scalar::I32, 4),
                O::Unpack4xU8 => (Scalar::U32, 4),
                O::Unpack4x8Snorm | O::Unpack4x8Unorm => (Scalar::F32, 4),
                _ => (Scalar::F32, 2),
            };
            cx.result_shape(s, n)
        }
        _ => Ok(()),
    }
}

pub(super) fn subgroup(cx: &Cx<'_>) -> Check {
    use Opcode as O;
    let m = cx.m;
    let a = cx.sv(0);
    match cx.op {
        O::SubgroupElect => {
            cx.count(0, 0)?;
            cx.result_shape(Scalar::Bool, 1)
        }
        O::SubgroupAll | O::SubgroupAny => {
            cx.count(1, 1)?;
            cx.want(shaped(m, cx.ty(0), Scalar::Bool, 1), 0, "a `bool`")?;
            cx.result_shape(Scalar::Bool, 1)
        }
        O::SubgroupBallot => {
            cx.count(1, 1)?;
            cx.want(shaped(m, cx.ty(0), Scalar::Bool, 1), 0, "a `bool`")?;
            cx.result_shape(Scalar::U32, 4)
        }
        O::SubgroupAnd | O::SubgroupOr | O::SubgroupXor => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if is_int(s)),
                0,
                "an integer or integer vector",
            )?;
            cx.result_is(cx.ty(0))
        }
        O::SubgroupBroadcast
        | O::SubgroupShuffle
        | O::SubgroupShuffleDown
        | O::SubgroupShuffleUp
        | O::SubgroupShuffleXor
        | O::QuadBroadcast => {
            cx.count(2, 2)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            cx.int_scalar(1)?;
            cx.result_is(cx.ty(0))
        }
        _ => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            cx.result_is(cx.ty(0))
        }
    }
}

pub(super) fn atomic(cx: &Cx<'_>) -> Check {
    use Opcode as O;
    let m = cx.m;
    let n = match cx.op {
        O::AtomicLoad => 1,
        O::AtomicCompareExchangeWeak => 3,
        _ => 2,
    };
    cx.count(n, n)?;
    let (space, store, access) = cx.ptr(0)?;
    let scalar = (m.opcode(store) == O::Atomic)
        .then(|| m.operand_opt(store, 0))
        .flatten();
    cx.want(scalar.is_some(), 0, "a pointer to an atomic")?;
    if !matches!(space, AddressSpace::Storage | AddressSpace::Workgroup) {
        return fail(
            Rule::MemoryAccess,
            "atomics live in `storage` or `workgroup` memory",
        );
    }
    if cx.op != O::AtomicLoad && access != AccessMode::ReadWrite {
        return fail(
            Rule::MemoryAccess,
            "an atomic write needs a `read_write` pointer",
        );
    }
    for k in 1..n {
        cx.want(same(cx.ty(k), scalar), k, tn(m, scalar))?;
    }
    match cx.op {
        O::AtomicStore => cx.result_void(),
        O::AtomicCompareExchangeWeak => {
            let fields = cx.rt.map(|r| m.struct_fields(r)).unwrap_or_default();
            let ok = fields.len() == 2
                && same(m.ty(fields[0]), scalar)
                && shaped(m, m.ty(fields[1]), Scalar::Bool, 1);
            cx.result(ok, "a struct of the old value and a `bool`")
        }
        _ => cx.result_is(scalar),
    }
}

/// Texture kind of a texture type: (opcode, dim, channel scalar).
fn texture_info(
    m: &Module,
    t: Option<Inst>,
) -> Option<(Opcode, Option<TextureDim>, Option<Scalar>)> {
    let t = t?;
    let op = m.opcode(t);
    let dim = m
        .operand_opt(t, 0)
        .and_then(|d| m.const_u32(d))
        .and_then(TextureDim::from_u32);
    let channel = match op {
        Opcode::TextureSampled | Opcode::TextureMultisampled => {
            m.operand_opt(t, 1).and_then(|s| m.scalar(s))
        }
        Opcode::TextureDepth | Opcode::TextureDepthMultisampled | Opcode::TextureExternal => {
            Some(Scalar::F32)
        }
        Opcode::TextureStorage => m
            .operand_opt(t, 1)
            .and_then(|f| m.const_u32(f))
            .and_then(TexelFormat::from_u32)
            .map(|f| match f.channel_kind() {
                1 => Scalar::I32,
                2 => Scalar::U32,
                _ => Scalar::F32,
            }),
        _ => return None,
    };
    let dim = if op == Opcode::TextureExternal {
        Some(TextureDim::D2)
    } else {
        dim
    };
    Some((op, dim, channel))
}

fn coord_size(dim: TextureDim) -> u32 {
    match dim {
        TextureDim::D1 => 1,
        TextureDim::D2 | TextureDim::D2Array => 2,
        _ => 3,
    }
}

pub(super) fn texture(cx: &Cx<'_>) -> Check {
    use Opcode as O;
    let m = cx.m;
    // `texture_gather` may start with a component index.
    let first =
        usize::from(cx.op == O::TextureGather && cx.ty(0).is_some_and(|t| m.scalar(t).is_some()));
    if first == 1 {
        cx.int_scalar(0)?;
    }
    let Some((kind, dim, channel)) = texture_info(m, cx.ty(first)) else {
        return cx.want(false, first, "a texture");
    };
    let dim = dim.unwrap_or(TextureDim::D2);
    let arrayed = matches!(dim, TextureDim::D2Array | TextureDim::CubeArray);
    let depth = matches!(kind, O::TextureDepth | O::TextureDepthMultisampled);
    let channel = channel.unwrap_or(Scalar::F32);
    let sampled_kinds = matches!(kind, O::TextureSampled | O::TextureDepth);
    match cx.op {
        O::TextureDimensions => {
            cx.count(1, 2)?;
            let n = if dim == TextureDim::D1 {
                1
            } else if dim == TextureDim::D3 {
                3
            } else {
                2
            };
            cx.result_shape(Scalar::U32, n)
        }
        O::TextureNumLayers | O::TextureNumLevels | O::TextureNumSamples => {
            cx.count(1, 1)?;
            let ok = match cx.op {
                O::TextureNumLayers => arrayed,
                O::TextureNumLevels => sampled_kinds,
                _ => matches!(kind, O::TextureMultisampled | O::TextureDepthMultisampled),
            };
            cx.want(ok, 0, "a texture this query applies to")?;
            cx.result_shape(Scalar::U32, 1)
        }
        O::TextureLoad => {
            cx.count(2, 4)?;
            cx.want(
                matches!(cx.sv(1), Some((s, n)) if is_int(s) && n == coord_size(dim)),
                1,
                "integer coordinates of the texture's dimension",
            )?;
            if depth {
                cx.result_shape(Scalar::F32, 1)
            } else {
                cx.result_shape(channel, 4)
            }
        }
        O::TextureStore => {
            cx.count(3, 4)?;
            cx.want(kind == O::TextureStorage, 0, "a storage texture")?;
            cx.want(
                matches!(cx.sv(1), Some((s, n)) if is_int(s) && n == coord_size(dim)),
                1,
                "integer coordinates of the texture's dimension",
            )?;
            let last = cx.n() - 1;
            cx.want(
                shaped(m, cx.ty(last), channel, 4),
                last,
                format_args!("a `vec4<{}>` texel", scalar_name(channel)),
            )?;
            cx.result_void()
        }
        _ => {
            // Sampling and gathering: texture, sampler, float coordinates, then the
            // overload's extra operands.
            let (min, max) = match cx.op {
                O::TextureSampleBaseClampToEdge => (3, 3),
                O::TextureSample | O::TextureGather => (3 + first, 5 + first),
                O::TextureSampleGrad => (5, 7),
                _ => (4, 6),
            };
            cx.count(min, max)?;
            cx.want(
                matches!(
                    kind,
                    O::TextureSampled | O::TextureDepth | O::TextureExternal
                ),
                first,
                "a sampled or depth texture",
            )?;
            // Only gathering reads integer texels; sampling filters, so its texture holds
            // floats (WGSL's overloads; SPIR-V wants the sampled type of the result).
            let gather = matches!(cx.op, O::TextureGather | O::TextureGatherCompare);
            cx.want(
                gather || channel == Scalar::F32,
                first,
                "a texture of `f32` texels",
            )?;
            let s = first + 1;
            let comparison = matches!(
                cx.op,
                O::TextureSampleCompare | O::TextureSampleCompareLevel | O::TextureGatherCompare
            );
            let sampler_ok = cx.ty(s).is_some_and(|t| {
                m.opcode(t)
                    == if comparison {
                        O::SamplerComparison
                    } else {
                        O::Sampler
                    }
            });
            cx.want(
                sampler_ok,
                s,
                if comparison {
                    "a `sampler_comparison`"
                } else {
                    "a `sampler`"
                },
            )?;
            cx.want(
                matches!(cx.sv(s + 1), Some((Scalar::F32, n)) if n == coord_size(dim)),
                s + 1,
                "`f32` coordinates of the texture's dimension",
            )?;
            if gather {
                cx.result_shape(if depth { Scalar::F32 } else { channel }, 4)
            } else if depth || comparison {
                cx.result_shape(Scalar::F32, 1)
            } else {
                cx.result_shape(Scalar::F32, 4)
            }
        }
    }
}
