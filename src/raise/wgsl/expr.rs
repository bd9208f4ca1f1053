//! Instructions and constants as WGSL expressions. Callers supply the operands' expressions
//! (value form for values, pointer form — `&x`, `p` — for operands of pointer type); this
//! file knows each opcode's WGSL spelling and argument order.

use super::build::Ast;
use super::cx::{Cx, MAX_DEPTH};
use super::types::type_expr;
use crate::ir::types::Scalar;
use crate::ir::{Inst, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::raise::plan::{Index, constant_index};
use crate::syntax::ast::{BinaryOp, ExprId, FloatSuffix, IntSuffix, UnaryOp};
use crate::util::float_text::debug_f32;

/// The WGSL builtin function an opcode calls, for opcodes that are plain calls.
pub fn builtin_name(op: Opcode) -> Option<&'static str> {
    use Opcode as O;
    Some(match op {
        O::All => "all",
        O::Any => "any",
        O::Abs => "abs",
        O::Acos => "acos",
        O::Acosh => "acosh",
        O::Asin => "asin",
        O::Asinh => "asinh",
        O::Atan => "atan",
        O::Atanh => "atanh",
        O::Atan2 => "atan2",
        O::Ceil => "ceil",
        O::Clamp => "clamp",
        O::Cos => "cos",
        O::Cosh => "cosh",
        O::CountLeadingZeros => "countLeadingZeros",
        O::CountOneBits => "countOneBits",
        O::CountTrailingZeros => "countTrailingZeros",
        O::Cross => "cross",
        O::Degrees => "degrees",
        O::Determinant => "determinant",
        O::Distance => "distance",
        O::Dot => "dot",
        O::Dot4U8Packed => "dot4U8Packed",
        O::Dot4I8Packed => "dot4I8Packed",
        O::Exp => "exp",
        O::Exp2 => "exp2",
        O::ExtractBits => "extractBits",
        O::FaceForward => "faceForward",
        O::FirstLeadingBit => "firstLeadingBit",
        O::FirstTrailingBit => "firstTrailingBit",
        O::Floor => "floor",
        O::Fma => "fma",
        O::Fract => "fract",
        O::Frexp => "frexp",
        O::InsertBits => "insertBits",
        O::InverseSqrt | O::Rsq => "inverseSqrt",
        O::Ldexp => "ldexp",
        O::Length => "length",
        O::Log => "log",
        O::Log2 => "log2",
        O::Max => "max",
        O::Min => "min",
        O::Mix => "mix",
        O::Modf => "modf",
        O::Normalize => "normalize",
        O::Pow => "pow",
        O::QuantizeToF16 => "quantizeToF16",
        O::Radians => "radians",
        O::Reflect => "reflect",
        O::Refract => "refract",
        O::ReverseBits => "reverseBits",
        O::Round => "round",
        O::Saturate => "saturate",
        O::Sign => "sign",
        O::Sin => "sin",
        O::Sinh => "sinh",
        O::Smoothstep => "smoothstep",
        O::Sqrt => "sqrt",
        O::Step => "step",
        O::Tan => "tan",
        O::Tanh => "tanh",
        O::Transpose => "transpose",
        O::Trunc => "trunc",
        O::Pack4x8Snorm => "pack4x8snorm",
        O::Pack4x8Unorm => "pack4x8unorm",
        O::Pack4xI8 => "pack4xI8",
        O::Pack4xU8 => "pack4xU8",
        O::Pack4xI8Clamp => "pack4xI8Clamp",
        O::Pack4xU8Clamp => "pack4xU8Clamp",
        O::Pack2x16Snorm => "pack2x16snorm",
        O::Pack2x16Unorm => "pack2x16unorm",
        O::Pack2x16Float => "pack2x16float",
        O::Unpack4x8Snorm => "unpack4x8snorm",
        O::Unpack4x8Unorm => "unpack4x8unorm",
        O::Unpack4xI8 => "unpack4xI8",
        O::Unpack4xU8 => "unpack4xU8",
        O::Unpack2x16Snorm => "unpack2x16snorm",
        O::Unpack2x16Unorm => "unpack2x16unorm",
        O::Unpack2x16Float => "unpack2x16float",
        O::ArrayLength => "arrayLength",
        O::BufferLength => "bufferLength",
        O::TextureDimensions => "textureDimensions",
        O::TextureNumLayers => "textureNumLayers",
        O::TextureNumLevels => "textureNumLevels",
        O::TextureNumSamples => "textureNumSamples",
        O::TextureSample => "textureSample",
        O::TextureSampleBias => "textureSampleBias",
        O::TextureSampleCompare => "textureSampleCompare",
        O::TextureSampleCompareLevel => "textureSampleCompareLevel",
        O::TextureSampleGrad => "textureSampleGrad",
        O::TextureSampleLevel => "textureSampleLevel",
        O::TextureSampleBaseClampToEdge => "textureSampleBaseClampToEdge",
        O::TextureGather => "textureGather",
        O::TextureGatherCompare => "textureGatherCompare",
        O::TextureLoad => "textureLoad",
        O::TextureStore => "textureStore",
        O::Dpdx => "dpdx",
        O::DpdxCoarse => "dpdxCoarse",
        O::DpdxFine => "dpdxFine",
        O::Dpdy => "dpdy",
        O::DpdyCoarse => "dpdyCoarse",
        O::DpdyFine => "dpdyFine",
        O::Fwidth => "fwidth",
        O::FwidthCoarse => "fwidthCoarse",
        O::FwidthFine => "fwidthFine",
        O::SubgroupAdd => "subgroupAdd",
        O::SubgroupExclusiveAdd => "subgroupExclusiveAdd",
        O::SubgroupInclusiveAdd => "subgroupInclusiveAdd",
        O::SubgroupAll => "subgroupAll",
        O::SubgroupAnd => "subgroupAnd",
        O::SubgroupAny => "subgroupAny",
        O::SubgroupBallot => "subgroupBallot",
        O::SubgroupBroadcast => "subgroupBroadcast",
        O::SubgroupBroadcastFirst => "subgroupBroadcastFirst",
        O::SubgroupElect => "subgroupElect",
        O::SubgroupMax => "subgroupMax",
        O::SubgroupMin => "subgroupMin",
        O::SubgroupMul => "subgroupMul",
        O::SubgroupExclusiveMul => "subgroupExclusiveMul",
        O::SubgroupInclusiveMul => "subgroupInclusiveMul",
        O::SubgroupOr => "subgroupOr",
        O::SubgroupShuffle => "subgroupShuffle",
        O::SubgroupShuffleDown => "subgroupShuffleDown",
        O::SubgroupShuffleUp => "subgroupShuffleUp",
        O::SubgroupShuffleXor => "subgroupShuffleXor",
        O::SubgroupXor => "subgroupXor",
        O::QuadBroadcast => "quadBroadcast",
        O::QuadSwapDiagonal => "quadSwapDiagonal",
        O::QuadSwapX => "quadSwapX",
        O::QuadSwapY => "quadSwapY",
        O::AtomicLoad => "atomicLoad",
        O::AtomicStore => "atomicStore",
        O::AtomicAdd => "atomicAdd",
        O::AtomicSub => "atomicSub",
        O::AtomicMax => "atomicMax",
        O::AtomicMin => "atomicMin",
        O::AtomicAnd => "atomicAnd",
        O::AtomicOr => "atomicOr",
        O::AtomicXor => "atomicXor",
        O::AtomicExchange => "atomicExchange",
        O::AtomicCompareExchangeWeak => "atomicCompareExchangeWeak",
        O::StorageBarrier => "storageBarrier",
        O::TextureBarrier => "textureBarrier",
        O::WorkgroupBarrier => "workgroupBarrier",
        O::WorkgroupUniformLoad => "workgroupUniformLoad",
        _ => return None,
    })
}

/// The member names of the builtin result structures, by the opcode that makes them.
pub fn builtin_struct_members(op: Opcode) -> Option<[&'static str; 2]> {
    match op {
        Opcode::Frexp => Some(["fract", "exp"]),
        Opcode::Modf => Some(["fract", "whole"]),
        Opcode::AtomicCompareExchangeWeak => Some(["old_value", "exchanged"]),
        _ => None,
    }
}

fn binary_op(op: Opcode) -> Option<BinaryOp> {
    use Opcode as O;
    Some(match op {
        O::Add => BinaryOp::Add,
        O::Sub => BinaryOp::Sub,
        O::Mul => BinaryOp::Mul,
        O::Div => BinaryOp::Div,
        O::Rem => BinaryOp::Rem,
        O::And => BinaryOp::And,
        O::Or => BinaryOp::Or,
        O::Xor => BinaryOp::Xor,
        O::Shl => BinaryOp::ShiftLeft,
        O::Shr => BinaryOp::ShiftRight,
        O::Eq => BinaryOp::Equal,
        O::Ne => BinaryOp::NotEqual,
        O::Lt => BinaryOp::Less,
        O::Le => BinaryOp::LessEqual,
        O::Gt => BinaryOp::Greater,
        O::Ge => BinaryOp::GreaterEqual,
        _ => return None,
    })
}

/// Whether WGSL evaluates the operands of `i` last to first: `select(f, t, c)` for the
/// IR's `select c, t, f` (WGSL evaluates arguments left to right).
pub fn reverses_operands(m: &Module, i: Inst) -> bool {
    m.num_operands(i) == 3 && m.opcode(i) == Opcode::Select
}

/// An abstract-int literal (`3`, `-3`), for case selectors, indices and attributes.
pub fn abstract_int(ast: &mut Ast, v: i64) -> ExprId {
    let lit = ast.int_lit(v.unsigned_abs(), IntSuffix::None);
    if v < 0 {
        ast.unary(UnaryOp::Negate, lit)
    } else {
        lit
    }
}

/// The shortest decimal that reads back as exactly `v` (finite), WGSL-spelled.
fn float_text(v: f32) -> String {
    // Rust's Debug form is already a valid WGSL decimal float (`1.0`, `1e-7`, `1.5e20`).
    debug_f32(v)
}

/// A scalar constant as a literal: `1i`, `2u`, `0.5f`, `1.5h`, `true`; negative values
/// are negated literals, and values no literal can spell are written as expressions.
pub fn scalar_literal(cx: &Cx<'_>, ast: &mut Ast, c: Inst) -> Result<ExprId, RaiseError> {
    let m = cx.m;
    let ty = m.ty(c).ok_or_else(|| cx.malformed(c, "constant"))?;
    let kind = m
        .scalar(ty)
        .ok_or_else(|| cx.malformed(c, "scalar constant type"))?;
    Ok(literal_of(ast, kind, m.literal(c)))
}

/// The literal for a scalar of kind `kind` with literal bits `bits`.
pub fn literal_of(ast: &mut Ast, kind: Scalar, bits: u32) -> ExprId {
    match kind {
        Scalar::Bool => ast.bool_lit(bits != 0),
        Scalar::U32 => ast.int_lit(u64::from(bits), IntSuffix::U),
        Scalar::I32 => {
            let v = bits as i32;
            if v == i32::MIN {
                // 2147483648i does not exist; the abstract -2147483648 converts exactly.
                let arg = abstract_int(ast, i64::from(v));
                ast.call("i32", Vec::new(), vec![arg])
            } else {
                let lit = ast.int_lit(u64::from(v.unsigned_abs()), IntSuffix::I);
                if v < 0 {
                    ast.unary(UnaryOp::Negate, lit)
                } else {
                    lit
                }
            }
        }
        Scalar::F32 => float_literal(ast, f32::from_bits(bits), bits, FloatSuffix::F),
        Scalar::F16 => {
            let h = half::f16::from_bits(bits as u16);
            float_literal(ast, h.to_f32(), bits & 0xffff, FloatSuffix::H)
        }
    }
}

/// A folded scalar or vector value of type `ty`.
pub fn folded_expr(
    cx: &Cx<'_>,
    ast: &mut Ast,
    ty: Inst,
    c: &crate::ir::eval::Const,
) -> Result<ExprId, RaiseError> {
    let mut parts = Vec::with_capacity(c.lanes.len());
    for &b in &c.lanes {
        parts.push(literal_of(ast, c.kind, b));
    }
    if !c.vector {
        return Ok(parts[0]);
    }
    let t = type_expr(cx, ast, ty)?;
    if c.lanes.iter().all(|&b| b == c.lanes[0]) {
        return Ok(ast.construct(t, vec![parts[0]]));
    }
    Ok(ast.construct(t, parts))
}

/// Whether WGSL evaluates this operation at shader creation when every operand is a
/// constant: every pure operation but the ones that only assemble or pick members
/// (whose constant results `const-fold` always folds) and texture queries.
pub fn is_constant_expression_op(op: Opcode) -> bool {
    use Opcode as O;
    op.is_pure()
        && !op.is_in(crate::ir::opcode::Class::Texture)
        && !matches!(
            op,
            O::Construct | O::Splat | O::Swizzle | O::Extract | O::Insert | O::Mov
        )
}

fn float_literal(ast: &mut Ast, v: f32, bits: u32, suffix: FloatSuffix) -> ExprId {
    let (ty, letter) = match suffix {
        FloatSuffix::H => ("f16", 'h'),
        _ => ("f32", 'f'),
    };
    if !v.is_finite() {
        // No literal spells a NaN or an infinity: reinterpret the bits (an f16 through
        // the low half of a vec2<f16>).
        let b = ast.int_lit(u64::from(bits), IntSuffix::U);
        if suffix == FloatSuffix::H {
            let t = ast.name(ty);
            let v2 = ast.templated("vec2", vec![t]);
            let bc = ast.call("bitcast", vec![v2], vec![b]);
            return ast.member(bc, "x");
        }
        let t = ast.name(ty);
        return ast.call("bitcast", vec![t], vec![b]);
    }
    let mag = v.abs();
    let lit = ast.float_lit(mag, suffix, || {
        let mut text = float_text(mag);
        text.push(letter);
        text
    });
    if v.is_sign_negative() {
        ast.unary(UnaryOp::Negate, lit)
    } else {
        lit
    }
}

/// The zero value of a type: a literal for scalars, `T()` otherwise.
pub fn zero_expr(cx: &Cx<'_>, ast: &mut Ast, t: Inst) -> Result<ExprId, RaiseError> {
    let m = cx.m;
    Ok(match m.opcode(t) {
        Opcode::Bool => ast.bool_lit(false),
        Opcode::I32 => ast.int_lit(0, IntSuffix::I),
        Opcode::U32 => ast.int_lit(0, IntSuffix::U),
        Opcode::F32 => float_literal(ast, 0.0, 0, FloatSuffix::F),
        Opcode::F16 => float_literal(ast, 0.0, 0, FloatSuffix::H),
        _ => {
            let ty = type_expr(cx, ast, t)?;
            ast.construct(ty, Vec::new())
        }
    })
}

/// A constant (scalar, composite, zero or undef; undef is written as the zero value).
/// Composites with a module-scope `const` declaration are referred to by name, except at
/// `top` (the declaration's own initializer).
pub fn constant_expr(
    cx: &Cx<'_>,
    ast: &mut Ast,
    c: Inst,
    top: bool,
    depth: u32,
) -> Result<ExprId, RaiseError> {
    let m = cx.m;
    if depth > MAX_DEPTH {
        return Err(cx.unsupported(c, "a constant nested more than 255 levels deep"));
    }
    let ty = m.ty(c).ok_or_else(|| cx.malformed(c, "constant"))?;
    // One spelling per value: every all-zero composite is `T()`, however the IR holds it.
    if m.opcode(c) != Opcode::Constant && is_all_zero(m, c, 0) {
        return zero_expr(cx, ast, ty);
    }
    match m.opcode(c) {
        Opcode::Constant => scalar_literal(cx, ast, c),
        Opcode::Zero | Opcode::Undef => zero_expr(cx, ast, ty),
        Opcode::Composite => {
            if !top {
                if let Some(name) = cx.global_name(c) {
                    return Ok(ast.name(name));
                }
            }
            let parts: Vec<Inst> = m.operands(c).collect();
            // `vec3<f32>(1.0f)` for a vector whose components are all equal.
            if m.opcode(ty) == Opcode::Vec
                && parts.len() > 1
                && parts.iter().all(|&p| p == parts[0])
            {
                let one = constant_expr(cx, ast, parts[0], false, depth + 1)?;
                let t = type_expr(cx, ast, ty)?;
                return Ok(ast.construct(t, vec![one]));
            }
            let mut args = Vec::with_capacity(parts.len());
            for p in parts {
                args.push(constant_expr(cx, ast, p, false, depth + 1)?);
            }
            let t = type_expr(cx, ast, ty)?;
            Ok(ast.construct(t, args))
        }
        _ => Err(cx.malformed(c, "constant")),
    }
}

/// The operand of `i` that WGSL rejects as a constant even when the other operands
/// are not constant: a shift amount of 32 or more, `extractBits` / `insertBits` offsets
/// and counts past 32 bits. (An integer divisor with a zero component is written with
/// those components as 1 instead: [`crate::ir::eval::nonzero_divisor`].)
pub fn constant_operand_rejected(m: &Module, i: Inst) -> Option<usize> {
    use crate::ir::eval::read;
    let n = m.num_operands(i);
    let lanes = |k: usize| read(m, m.operand(i, k)).map(|c| c.lanes);
    match m.opcode(i) {
        Opcode::Shl | Opcode::Shr if n == 2 => {
            lanes(1).filter(|l| l.iter().any(|&x| x >= 32)).map(|_| 1)
        }
        Opcode::ExtractBits | Opcode::InsertBits => {
            let (o, c) = (n.checked_sub(2)?, n - 1);
            let (off, count) = (lanes(o)?, lanes(c)?);
            (u64::from(off[0]) + u64::from(count[0]) > 32).then_some(o)
        }
        _ => None,
    }
}

/// Whether a constant is zero in every bit (`-0.0` is not): a zero value, `undef`
/// (written as zero), or a composite of such.
pub fn is_all_zero(m: &Module, c: Inst, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match m.opcode(c) {
        Opcode::Zero | Opcode::Undef => true,
        Opcode::Constant => m.literal(c) == 0,
        Opcode::Composite => m.operands(c).all(|x| is_all_zero(m, x, depth + 1)),
        _ => false,
    }
}

/// The component letter of a vector index.
pub fn component(k: u32) -> Option<&'static str> {
    ["x", "y", "z", "w"].get(k as usize).copied()
}

/// `base` indexed by IR index operand `ix` (whose expression is `ix_expr` when dynamic),
/// where `base` has type `t`. Returns the expression and the member's type.
pub fn member_expr(
    cx: &Cx<'_>,
    ast: &mut Ast,
    base: ExprId,
    t: Inst,
    ix: Inst,
    ix_expr: Option<ExprId>,
) -> Result<(ExprId, Inst), RaiseError> {
    let m = cx.m;
    let constant = constant_index(m, ix);
    let member_ty = m
        .member_type(t, constant)
        .ok_or_else(|| cx.malformed(ix, "index"))?;
    let index = match (constant, ix_expr) {
        (Some(k), _) => Index::Const(k),
        (None, Some(e)) => Index::Dynamic(e),
        (None, None) => return Err(cx.malformed(ix, "dynamic index")),
    };
    Ok((index_expr(cx, ast, base, t, index)?, member_ty))
}

/// `base` (of type `t`) indexed: `.member` for structs, `.x` for constant vector
/// indices, `[i]` otherwise.
pub fn index_expr(
    cx: &Cx<'_>,
    ast: &mut Ast,
    base: ExprId,
    t: Inst,
    index: Index<ExprId>,
) -> Result<ExprId, RaiseError> {
    let m = cx.m;
    Ok(match (m.opcode(t), index) {
        (Opcode::Struct, Index::Const(k)) => {
            let name = cx
                .member_name(t, k as usize)
                .ok_or_else(|| cx.malformed(t, "struct member index"))?
                .to_string();
            ast.member(base, &name)
        }
        (Opcode::Vec, Index::Const(k)) => ast.member(base, component(k).unwrap_or("x")),
        (_, Index::Const(k)) => {
            let i = abstract_int(ast, i64::from(k));
            ast.index(base, i)
        }
        (_, Index::Dynamic(i)) => ast.index(base, i),
    })
}

/// The expression of an operation from its operands' expressions (`ops[k]` for operand
/// `k`, a call's arguments for a call; pointer operands in pointer form). Handles every value-producing or call-like
/// opcode except memory (`load`, `store`, `access`, `var`) and `insert`, which the
/// caller writes.
pub fn op_expr(
    cx: &Cx<'_>,
    ast: &mut Ast,
    i: Inst,
    ops: Vec<ExprId>,
) -> Result<ExprId, RaiseError> {
    use Opcode as O;
    let m = cx.m;
    let op = m.opcode(i);
    let rt = m.ty(i).ok_or_else(|| cx.malformed(i, "instruction type"))?;
    let arg = |k: usize| -> Result<ExprId, RaiseError> {
        ops.get(k)
            .copied()
            .ok_or_else(|| cx.malformed(i, "operand list"))
    };
    if let Some(b) = binary_op(op) {
        // `^` has no boolean form in WGSL: `a != b` is the same.
        let kind = m.ty(m.operand(i, 0)).and_then(|t| m.scalar_or_vec(t));
        let is_bool = kind.is_some_and(|(s, _)| s == crate::ir::types::Scalar::Bool);
        let b = if op == O::Xor && is_bool {
            BinaryOp::NotEqual
        } else {
            b
        };
        let exact = is_bool || kind.is_some_and(|(s, _)| s.is_int());
        return Ok(
            if exact && matches!(op, O::Eq | O::Ne | O::Lt | O::Le | O::Gt | O::Ge) {
                ast.exact_compare(b, arg(0)?, arg(1)?)
            } else {
                ast.binary(b, arg(0)?, arg(1)?)
            },
        );
    }
    let e = match op {
        O::Neg => ast.unary(UnaryOp::Negate, arg(0)?),
        O::Not => ast.unary(UnaryOp::Not, arg(0)?),
        O::BitNot => ast.unary(UnaryOp::Complement, arg(0)?),
        O::Select => ast.call("select", Vec::new(), vec![arg(2)?, arg(1)?, arg(0)?]),
        O::Convert | O::Construct | O::Splat => {
            let t = type_expr(cx, ast, rt)?;
            ast.construct(t, ops)
        }
        O::Bitcast => {
            let t = type_expr(cx, ast, rt)?;
            ast.call("bitcast", vec![t], vec![arg(0)?])
        }
        O::Extract => {
            let mut e = arg(0)?;
            let mut t = m
                .ty(m.operand(i, 0))
                .ok_or_else(|| cx.malformed(i, "extract"))?;
            for k in 1..m.num_operands(i) {
                let ix = m.operand(i, k);
                let dynamic = constant_index(m, ix)
                    .is_none()
                    .then(|| ops.get(k).copied())
                    .flatten();
                let (ne, nt) = member_expr(cx, ast, e, t, ix, dynamic)?;
                e = ne;
                t = nt;
            }
            e
        }
        O::Swizzle => {
            let mut letters = String::new();
            for k in 1..m.num_operands(i) {
                let c = m
                    .const_u32(m.operand(i, k))
                    .and_then(component)
                    .ok_or_else(|| cx.malformed(i, "swizzle component"))?;
                letters.push_str(c);
            }
            ast.member(arg(0)?, &letters)
        }
        O::Call => {
            let callee = m.operand(i, 0);
            let name = cx
                .global_name(callee)
                .ok_or_else(|| cx.malformed(i, "callee"))?
                .to_string();
            // `ops` holds the arguments: the callee has no expression.
            ast.call(&name, Vec::new(), ops)
        }
        O::Mov => arg(0)?,
        O::Mad => {
            let p = ast.binary(BinaryOp::Mul, arg(0)?, arg(1)?);
            ast.binary(BinaryOp::Add, p, arg(2)?)
        }
        O::Rcp => {
            let one = match m.opcode(rt) {
                O::F16 => float_literal(ast, 1.0, 0x3c00, FloatSuffix::H),
                _ => float_literal(ast, 1.0, 0x3f80_0000, FloatSuffix::F),
            };
            ast.binary(BinaryOp::Div, one, arg(0)?)
        }
        O::MulHi => {
            return Err(cx.unsupported(i, "`mul_hi`, which WGSL has no builtin for"));
        }
        O::BufferView | O::BufferArrayView => {
            let (_, target, _) = m
                .ptr_parts(rt)
                .ok_or_else(|| cx.malformed(i, "buffer view type"))?;
            let t = type_expr(cx, ast, target)?;
            let name = if op == O::BufferView {
                "bufferView"
            } else {
                "bufferArrayView"
            };
            ast.call(name, vec![t], ops)
        }
        _ => match builtin_name(op) {
            Some(name) => ast.call_builtin(op, name, ops),
            None => {
                return Err(cx.unsupported(
                    i,
                    &format!("the `{}` instruction, which has no WGSL form", op.name()),
                ));
            }
        },
    };
    Ok(e)
}
