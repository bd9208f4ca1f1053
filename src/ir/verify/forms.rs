//! The form of type instructions, constants and decorations.

use super::Rule;
use super::typing::{Check, fail, is_int, tn};
use crate::ir::enums::{
    AccessMode, AddressSpace, BuiltinValue, DepthMode, InterpolationSampling, InterpolationType,
    TexelFormat, TextureDim,
};
use crate::ir::module::{Inst, Module};
use crate::ir::opcode::Opcode;
use crate::ir::types::Scalar;

/// The form of a type instruction.
pub fn check_type(m: &Module, t: Inst) -> Check {
    use Opcode as O;
    let bad = |msg: String| fail(Rule::TypeForm, msg);
    let ops: Vec<Inst> = m.operands(t).collect();
    let n = ops.len();
    let is_ty = |x: Inst| m.is_type_valued(x);
    let value_type =
        |x: Inst| is_ty(x) && !matches!(m.opcode(x), O::Void | O::Label | O::TypeKind | O::FnType);
    let enum_ok = |x: Inst, max: usize| {
        m.ty(x).is_some_and(|ty| m.opcode(ty) == O::U32)
            && m.const_u32(x).is_some_and(|v| (v as usize) < max)
    };
    let op = m.opcode(t);
    let arity = match op {
        O::Vec | O::Mat => 2..=2,
        O::Array => 2..=3,
        O::RuntimeArray => 1..=2,
        O::Atomic | O::Buffer => 1..=1,
        O::Ptr | O::TextureStorage => 3..=3,
        O::TextureSampled | O::TextureMultisampled => 2..=2,
        O::TextureDepth | O::TextureDepthMultisampled => 1..=1,
        O::FnType => 1..=usize::MAX,
        _ => 0..=0,
    };
    if !arity.contains(&n) {
        return bad(format!("`{}` takes {arity:?} operands, not {n}", op.name()));
    }
    match op {
        O::Vec => {
            let local_type = is_ty(ops[0]) && !m.is_global(ops[0]);
            if m.scalar(ops[0]).is_none() && !local_type {
                return bad("a vector's elements are scalars".into());
            }
            if !m.const_u32(ops[1]).is_some_and(|c| (2..=4).contains(&c)) {
                return bad("a vector has 2, 3 or 4 elements".into());
            }
        }
        O::Mat => {
            let float_col = m
                .vec_parts(ops[0])
                .is_some_and(|(e, _)| m.scalar(e).is_some_and(Scalar::is_float));
            if !float_col {
                return bad("a matrix's columns are vectors of `f32` or `f16`".into());
            }
            if !m.const_u32(ops[1]).is_some_and(|c| (2..=4).contains(&c)) {
                return bad("a matrix has 2, 3 or 4 columns".into());
            }
        }
        O::Array | O::RuntimeArray => {
            if !value_type(ops[0]) || m.opcode(ops[0]) == O::RuntimeArray {
                return bad("an array's element must be a fixed-size value type".into());
            }
            if op == O::Array {
                let c = ops[1];
                let count_ok = match m.opcode(c) {
                    O::Constant => m.const_u32(c).is_some_and(|v| v > 0),
                    _ => m.ty(c).and_then(|ty| m.scalar(ty)).is_some_and(is_int),
                };
                if !count_ok {
                    return bad(
                        "an array's count is a positive integer constant or an override value"
                            .into(),
                    );
                }
            }
            let stride_k = if op == O::Array { 2 } else { 1 };
            if let Some(&s) = ops.get(stride_k) {
                if m.const_u32(s).is_none_or(|v| v == 0) {
                    return bad("an array's stride is a positive `u32` constant".into());
                }
            }
        }
        O::Atomic if !matches!(m.scalar(ops[0]), Some(Scalar::I32 | Scalar::U32)) => {
            return bad("an atomic holds an `i32` or `u32`".into());
        }
        O::Ptr => {
            if !enum_ok(ops[0], AddressSpace::ALL.len()) || !enum_ok(ops[2], AccessMode::ALL.len())
            {
                return bad("a pointer's address space and access mode must be valid".into());
            }
            if !is_ty(ops[1]) || matches!(m.opcode(ops[1]), O::Void | O::Label | O::TypeKind) {
                return bad("a pointer points to a storable type".into());
            }
        }
        O::TextureSampled
        | O::TextureMultisampled
        | O::TextureDepth
        | O::TextureDepthMultisampled
        | O::TextureStorage => {
            if !enum_ok(ops[0], TextureDim::ALL.len()) {
                return bad("a texture needs a valid dimension".into());
            }
            let dim = m
                .const_u32(ops[0])
                .and_then(TextureDim::from_u32)
                .unwrap_or(TextureDim::D2);
            use TextureDim as D;
            let dim_ok = match op {
                O::TextureSampled => true,
                O::TextureMultisampled | O::TextureDepthMultisampled => dim == D::D2,
                O::TextureDepth => matches!(dim, D::D2 | D::D2Array | D::Cube | D::CubeArray),
                _ => matches!(dim, D::D1 | D::D2 | D::D2Array | D::D3),
            };
            if !dim_ok {
                return bad(format!(
                    "`{}` cannot have dimension `{}`",
                    op.name(),
                    dim.name()
                ));
            }
            if matches!(op, O::TextureSampled | O::TextureMultisampled)
                && !matches!(
                    m.scalar(ops[1]),
                    Some(Scalar::F32 | Scalar::I32 | Scalar::U32)
                )
            {
                return bad("a sampled texture's channel type is `f32`, `i32` or `u32`".into());
            }
            if op == O::TextureStorage
                && (!enum_ok(ops[1], TexelFormat::ALL.len())
                    || !enum_ok(ops[2], AccessMode::ALL.len()))
            {
                return bad("a storage texture needs a valid texel format and access mode".into());
            }
        }
        O::Buffer if m.const_u32(ops[0]).is_none() => {
            return bad("a buffer's size is a `u32` constant".into());
        }
        O::FnType if !ops.iter().all(|&x| is_ty(x)) => {
            return bad("a function type's result and parameters are types".into());
        }
        O::Struct if m.first_child(t).is_none() => {
            return bad("a struct has at least one member".into());
        }
        _ => {}
    }
    Ok(())
}

/// The form of a constant.
pub fn check_constant(m: &Module, c: Inst) -> Check {
    use Opcode as O;
    let bad = |msg: String| fail(Rule::ConstantForm, msg);
    let Some(t) = m.ty(c) else {
        return bad("a constant needs a type".into());
    };
    match m.opcode(c) {
        O::Constant => {
            let bits = m.literal(c);
            match m.scalar(t) {
                None => {
                    return bad(format!(
                        "a literal's type is a scalar, not `{}`",
                        m.type_name(t)
                    ));
                }
                Some(Scalar::Bool) if bits > 1 => return bad("a `bool` literal is 0 or 1".into()),
                Some(Scalar::F16) if bits > 0xffff => {
                    return bad("an `f16` literal has 16 bits".into());
                }
                // The IR computes with WGSL's run-time semantics, whose Finite Math
                // Assumption has no NaN or infinity that a program names: WGSL cannot
                // spell one (a constant expression that gives one is an error), and
                // nothing refract makes folds to one (`ir::eval`).
                Some(Scalar::F32) if !f32::from_bits(bits).is_finite() => {
                    return bad("an `f32` literal is finite: not a NaN or an infinity".into());
                }
                Some(Scalar::F16) if bits & 0x7c00 == 0x7c00 => {
                    return bad("an `f16` literal is finite: not a NaN or an infinity".into());
                }
                _ => {}
            }
        }
        O::Composite => {
            let ops: Vec<Inst> = m.operands(c).collect();
            if ops.iter().any(|&x| {
                !matches!(
                    m.opcode(x),
                    O::Constant | O::Composite | O::Zero | O::Undef | O::Override | O::Param
                )
            }) && m.is_global(c)
            {
                return bad("a composite constant's parts are constants".into());
            }
            // The part count first, from the type: an array type may claim 2^32 − 1
            // elements, which must not be materialized to find the constant short.
            let fields = m.struct_fields(t);
            let count: u64 = match m.opcode(t) {
                O::Vec => m.vec_parts(t).map_or(0, |x| u64::from(x.1)),
                O::Mat => m.mat_parts(t).map_or(0, |x| u64::from(x.1)),
                O::Array => m
                    .operand_opt(t, 1)
                    .and_then(|x| m.const_u32(x))
                    .map_or(0, u64::from),
                O::Struct => fields.len() as u64,
                _ => return bad(format!("`{}` is not a composite type", m.type_name(t))),
            };
            if count != ops.len() as u64 {
                return bad(format!(
                    "a `{}` constant has {} parts, not {}",
                    m.type_name(t),
                    count,
                    ops.len()
                ));
            }
            let members: Vec<Option<Inst>> = if m.opcode(t) == O::Struct {
                fields.iter().map(|&f| m.ty(f)).collect()
            } else {
                (0..ops.len() as u32)
                    .map(|k| m.member_type(t, Some(k)))
                    .collect()
            };
            for (k, (&x, mt)) in ops.iter().zip(members).enumerate() {
                if mt.is_none() || m.ty(x) != mt {
                    return bad(format!(
                        "part {k} of the constant has type {}, not {}",
                        tn(m, m.ty(x)),
                        tn(m, mt)
                    ));
                }
            }
        }
        O::Zero if (m.num_operands(c) != 0 || !m.is_constructible(t)) => {
            return bad(format!("`{}` has no zero value", m.type_name(t)));
        }
        O::Undef
            if (m.num_operands(c) != 0
                || matches!(m.opcode(t), O::Void | O::Label | O::TypeKind)) =>
        {
            return bad("`undef` takes no operands and needs a value type".into());
        }
        _ => {}
    }
    Ok(())
}

/// The operands of a decoration.
pub fn check_decoration(m: &Module, d: Inst) -> Result<(), String> {
    use Opcode as O;
    // Every well-formed decoration has at most three operands, so the first four tell
    // each case apart without allocating (four or more are malformed for every kind).
    let mut buf = [d; 4];
    let mut len = 0;
    for (slot, x) in buf.iter_mut().zip(m.operands(d)) {
        *slot = x;
        len += 1;
    }
    let ops = &buf[..len];
    let u32_const =
        |x: Inst| m.ty(x).is_some_and(|t| m.opcode(t) == O::U32) && m.const_u32(x).is_some();
    let enum_ok =
        |x: Inst, max: usize| u32_const(x) && m.const_u32(x).is_some_and(|v| (v as usize) < max);
    let op = m.opcode(d);
    let ok = match op {
        O::DecoBuiltin => {
            (ops.len() == 1 || ops.len() == 2)
                && enum_ok(ops[0], BuiltinValue::ALL.len())
                && ops.get(1).is_none_or(|&x| enum_ok(x, DepthMode::ALL.len()))
        }
        O::DecoInterpolate => {
            (ops.len() == 1 || ops.len() == 2)
                && enum_ok(ops[0], InterpolationType::ALL.len())
                && ops
                    .get(1)
                    .is_none_or(|&x| enum_ok(x, InterpolationSampling::ALL.len()))
        }
        O::DecoLocation
        | O::DecoBlendSrc
        | O::DecoGroup
        | O::DecoBinding
        | O::DecoId
        | O::DecoOffset
        | O::DecoAlign
        | O::DecoSize => ops.len() == 1 && u32_const(ops[0]),
        O::DecoInvariant
        | O::DecoVertex
        | O::DecoFragment
        | O::DecoCompute
        | O::DecoImport
        | O::DecoExport => ops.is_empty(),
        O::DecoWorkgroupSize => {
            (1..=3).contains(&ops.len())
                && ops.iter().all(|&x| {
                    m.is_global(x) && m.ty(x).and_then(|t| m.scalar(t)).is_some_and(is_int)
                })
        }
        O::DecoSubgroupSize => {
            ops.len() == 1
                && m.is_global(ops[0])
                && m.ty(ops[0]).and_then(|t| m.scalar(t)).is_some_and(is_int)
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("the operands of `@{}` are malformed", op.name()))
    }
}
