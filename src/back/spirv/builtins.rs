//! WGSL builtin functions: GLSL.std.450 math, bit manipulation, packing, derivatives,
//! subgroup and quad operations, atomics and barriers. The few without a SPIR-V
//! instruction (`countLeadingZeros`, integer `dot`, `pack4xI8`, `dot4U8Packed`, …) are
//! short straight-line sequences.

use super::writer::Writer;
use super::{Error, Result};
use crate::ir::enums::AddressSpace;
use crate::ir::types::Scalar;
use crate::ir::{Inst, Opcode};
use spirv::{Capability, GlslStd450Op as Gl, GroupOperation, MemorySemantics, Op, Scope};

impl Writer<'_> {
    pub(super) fn builtin_fn(&mut self, i: Inst) -> Result<()> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let ty = self.type_of(i)?;
        let a0 = m.operand_opt(i, 0);
        let (s, n) = a0.and_then(|a| self.shape(a)).unwrap_or((Scalar::F32, 1));
        let signed = s == Scalar::I32;
        let float = s.is_float();
        // One GLSL.std.450 instruction on the operands as they are.
        let direct = match op {
            O::Acos => Some(Gl::Acos),
            O::Acosh => Some(Gl::Acosh),
            O::Asin => Some(Gl::Asin),
            O::Asinh => Some(Gl::Asinh),
            O::Atan => Some(Gl::Atan),
            O::Atanh => Some(Gl::Atanh),
            O::Atan2 => Some(Gl::Atan2),
            O::Ceil => Some(Gl::Ceil),
            O::Cos => Some(Gl::Cos),
            O::Cosh => Some(Gl::Cosh),
            O::Cross => Some(Gl::Cross),
            O::Degrees => Some(Gl::Degrees),
            O::Determinant => Some(Gl::Determinant),
            O::Distance => Some(Gl::Distance),
            O::Exp => Some(Gl::Exp),
            O::Exp2 => Some(Gl::Exp2),
            O::FaceForward => Some(Gl::FaceForward),
            O::Floor => Some(Gl::Floor),
            O::Fma => Some(Gl::Fma),
            O::Fract => Some(Gl::Fract),
            O::Frexp => Some(Gl::FrexpStruct),
            O::InverseSqrt | O::Rsq => Some(Gl::InverseSqrt),
            O::Ldexp => Some(Gl::Ldexp),
            O::Length => Some(Gl::Length),
            O::Log => Some(Gl::Log),
            O::Log2 => Some(Gl::Log2),
            O::Modf => Some(Gl::ModfStruct),
            O::Normalize => Some(Gl::Normalize),
            O::Pow => Some(Gl::Pow),
            O::Radians => Some(Gl::Radians),
            O::Reflect => Some(Gl::Reflect),
            O::Refract => Some(Gl::Refract),
            O::Round => Some(Gl::RoundEven),
            O::Sin => Some(Gl::Sin),
            O::Sinh => Some(Gl::Sinh),
            O::Smoothstep => Some(Gl::SmoothStep),
            O::Sqrt => Some(Gl::Sqrt),
            O::Step => Some(Gl::Step),
            O::Tan => Some(Gl::Tan),
            O::Tanh => Some(Gl::Tanh),
            O::Trunc => Some(Gl::Trunc),
            O::Pack4x8Snorm => Some(Gl::PackSnorm4x8),
            O::Pack4x8Unorm => Some(Gl::PackUnorm4x8),
            O::Pack2x16Snorm => Some(Gl::PackSnorm2x16),
            O::Pack2x16Unorm => Some(Gl::PackUnorm2x16),
            O::Pack2x16Float => Some(Gl::PackHalf2x16),
            O::Unpack4x8Snorm => Some(Gl::UnpackSnorm4x8),
            O::Unpack4x8Unorm => Some(Gl::UnpackUnorm4x8),
            O::Unpack2x16Snorm => Some(Gl::UnpackSnorm2x16),
            O::Unpack2x16Unorm => Some(Gl::UnpackUnorm2x16),
            O::Unpack2x16Float => Some(Gl::UnpackHalf2x16),
            O::FirstTrailingBit => Some(Gl::FindILsb),
            O::FirstLeadingBit => Some(if signed { Gl::FindSMsb } else { Gl::FindUMsb }),
            O::Abs if float => Some(Gl::FAbs),
            O::Abs if signed => Some(Gl::SAbs),
            O::Sign if float => Some(Gl::FSign),
            O::Sign => Some(Gl::SSign),
            O::Max if float => Some(Gl::FMax),
            O::Max => Some(if signed { Gl::SMax } else { Gl::UMax }),
            O::Min if float => Some(Gl::FMin),
            O::Min => Some(if signed { Gl::SMin } else { Gl::UMin }),
            O::Clamp if float => Some(Gl::FClamp),
            O::Clamp => Some(if signed { Gl::SClamp } else { Gl::UClamp }),
            _ => None,
        };
        if let Some(gl) = direct {
            let args = self.values(i, 0)?;
            let id = self.result(i);
            self.glsl_op(ty, id, gl, &args);
            return Ok(());
        }
        let core = match op {
            O::All | O::Any if n == 1 => Some(Op::CopyObject),
            O::All => Some(Op::All),
            O::Any => Some(Op::Any),
            O::Abs => Some(Op::CopyObject), // unsigned
            O::CountOneBits => Some(Op::BitCount),
            O::ReverseBits => Some(Op::BitReverse),
            O::Transpose => Some(Op::Transpose),
            O::QuantizeToF16 => Some(Op::QuantizeToF16),
            O::Dot if float => Some(Op::Dot),
            O::ExtractBits => Some(if signed {
                Op::BitFieldSExtract
            } else {
                Op::BitFieldUExtract
            }),
            O::InsertBits => Some(Op::BitFieldInsert),
            _ => None,
        };
        if let Some(core) = core {
            let args = self.values(i, 0)?;
            if core == Op::CopyObject {
                self.same_as(i, ty, args[0]);
                return Ok(());
            }
            let id = self.result(i);
            self.emit(core, ty, id, &args);
            return Ok(());
        }
        match op {
            O::Mix => {
                let mut args = self.values(i, 0)?;
                // `mix(vec, vec, scalar)`: FMix takes a vector blend factor.
                if self.shape(m.operand(i, 2)).is_some_and(|x| x.1 == 1) && n > 1 {
                    args[2] = self.splat(args[2], ty, n);
                }
                let id = self.result(i);
                self.glsl_op(ty, id, Gl::FMix, &args);
            }
            O::Saturate => {
                let x = self.value(m.operand(i, 0))?;
                let elem = m
                    .ty(i)
                    .and_then(|t| m.scalar_type_of(t))
                    .ok_or_else(|| Error::malformed("an untyped saturate", i))?;
                let zero = self.const_like(elem, 0)?;
                let one = self.const_like(elem, 1)?;
                let zero = self.splat_const(zero, ty, n)?;
                let one = self.splat_const(one, ty, n)?;
                let id = self.result(i);
                self.glsl_op(ty, id, Gl::FClamp, &[x, zero, one]);
            }
            O::CountLeadingZeros => self.count_leading_zeros(i, ty, s, n)?,
            O::CountTrailingZeros => {
                // FindILsb(0) is -1 (all ones as u32): min with 32 gives WGSL's 32.
                let x = self.value(m.operand(i, 0))?;
                let (u, uv) = self.u32_like(n)?;
                let xu = if signed {
                    self.fresh(Op::Bitcast, uv, &[x])
                } else {
                    x
                };
                let lsb = self.fresh_glsl(uv, Gl::FindILsb, &[xu]);
                let c32 = self.const_u32(32)?;
                let c32 = self.splat_const(c32, uv, n)?;
                let _ = u;
                if signed {
                    let r = self.fresh_glsl(uv, Gl::UMin, &[lsb, c32]);
                    let id = self.result(i);
                    self.emit(Op::Bitcast, ty, id, &[r]);
                } else {
                    let id = self.result(i);
                    self.glsl_op(ty, id, Gl::UMin, &[lsb, c32]);
                }
            }
            O::Dot => {
                // Integer dot product: multiply, then add the components.
                let a = self.value(m.operand(i, 0))?;
                let b = self.value(m.operand(i, 1))?;
                let vt = self.type_of(m.operand(i, 0))?;
                let prod = self.fresh(Op::IMul, vt, &[a, b]);
                let mut acc = self.fresh(Op::CompositeExtract, ty, &[prod, 0]);
                for k in 1..n {
                    let c = self.fresh(Op::CompositeExtract, ty, &[prod, k]);
                    acc = if k + 1 == n {
                        let id = self.result(i);
                        self.emit(Op::IAdd, ty, id, &[acc, c]);
                        id
                    } else {
                        self.fresh(Op::IAdd, ty, &[acc, c])
                    };
                }
                let _ = acc;
            }
            O::Dot4U8Packed | O::Dot4I8Packed => self.dot4_8_packed(i, ty)?,
            O::Pack4xI8 | O::Pack4xU8 | O::Pack4xI8Clamp | O::Pack4xU8Clamp => {
                self.pack4x8_int(i)?
            }
            O::Unpack4xI8 | O::Unpack4xU8 => self.unpack4x8_int(i, ty)?,
            O::Mad => {
                let (a, b, c) = (
                    self.value(m.operand(i, 0))?,
                    self.value(m.operand(i, 1))?,
                    self.value(m.operand(i, 2))?,
                );
                let (mul, add) = if float {
                    (Op::FMul, Op::FAdd)
                } else {
                    (Op::IMul, Op::IAdd)
                };
                let p = self.fresh(mul, ty, &[a, b]);
                let id = self.result(i);
                self.emit(add, ty, id, &[p, c]);
            }
            O::Rcp => {
                let x = self.value(m.operand(i, 0))?;
                let elem = m.ty(i).ok_or_else(|| Error::malformed("untyped", i))?;
                let one = self.const_like(elem, 1)?;
                let id = self.result(i);
                self.emit(Op::FDiv, ty, id, &[one, x]);
            }
            O::MulHi => {
                let a = self.value(m.operand(i, 0))?;
                let b = self.value(m.operand(i, 1))?;
                let pair = self.key_type(super::types::TyKey::Anon(vec![ty, ty]))?;
                let spv = if signed {
                    Op::SMulExtended
                } else {
                    Op::UMulExtended
                };
                let r = self.fresh(spv, pair, &[a, b]);
                let id = self.result(i);
                self.emit(Op::CompositeExtract, ty, id, &[r, 1]);
            }
            other => {
                return Err(Error::malformed(
                    format!(
                        "`{}` is not an instruction the SPIR-V writer knows",
                        other.name()
                    ),
                    i,
                ));
            }
        }
        Ok(())
    }

    /// The u32 type with `n` components: (scalar u32, u32 or vecN<u32>).
    fn u32_like(&mut self, n: u32) -> Result<(u32, u32)> {
        let u = self.u32_type()?;
        let v = self.vec_type(u, n)?;
        Ok((u, v))
    }

    /// `countLeadingZeros(x)` = 31 - FindUMsb(x), which is 32 for 0 (FindUMsb gives -1).
    fn count_leading_zeros(&mut self, i: Inst, ty: u32, s: Scalar, n: u32) -> Result<()> {
        let m = self.m;
        let x = self.value(m.operand(i, 0))?;
        let (_, uv) = self.u32_like(n)?;
        let xu = if s == Scalar::I32 {
            self.fresh(Op::Bitcast, uv, &[x])
        } else {
            x
        };
        let msb = self.fresh_glsl(uv, Gl::FindUMsb, &[xu]);
        let c31 = self.const_u32(31)?;
        let c31 = self.splat_const(c31, uv, n)?;
        if s == Scalar::I32 {
            let r = self.fresh(Op::ISub, uv, &[c31, msb]);
            let id = self.result(i);
            self.emit(Op::Bitcast, ty, id, &[r]);
        } else {
            let id = self.result(i);
            self.emit(Op::ISub, ty, id, &[c31, msb]);
        }
        Ok(())
    }

    /// `dot4U8Packed`/`dot4I8Packed`: the four byte products, summed.
    fn dot4_8_packed(&mut self, i: Inst, ty: u32) -> Result<()> {
        let m = self.m;
        let signed = m.opcode(i) == Opcode::Dot4I8Packed;
        let a = self.value(m.operand(i, 0))?;
        let b = self.value(m.operand(i, 1))?;
        let (a, b) = if signed {
            (
                self.fresh(Op::Bitcast, ty, &[a]),
                self.fresh(Op::Bitcast, ty, &[b]),
            )
        } else {
            (a, b)
        };
        let extract = if signed {
            Op::BitFieldSExtract
        } else {
            Op::BitFieldUExtract
        };
        let eight = self.const_u32(8)?;
        let mut acc = 0;
        for k in 0..4u32 {
            let off = self.const_u32(8 * k)?;
            let x = self.fresh(extract, ty, &[a, off, eight]);
            let y = self.fresh(extract, ty, &[b, off, eight]);
            let p = self.fresh(Op::IMul, ty, &[x, y]);
            acc = if k == 0 {
                p
            } else if k == 3 {
                let id = self.result(i);
                self.emit(Op::IAdd, ty, id, &[acc, p]);
                id
            } else {
                self.fresh(Op::IAdd, ty, &[acc, p])
            };
        }
        let _ = acc;
        Ok(())
    }

    /// `pack4xI8`, `pack4xU8` and their clamping forms: each component's low byte,
    /// shifted into place and or-ed together.
    fn pack4x8_int(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let op = m.opcode(i);
        let signed = matches!(op, Opcode::Pack4xI8 | Opcode::Pack4xI8Clamp);
        let v_inst = m.operand(i, 0);
        let mut v = self.value(v_inst)?;
        let vt = self.type_of(v_inst)?;
        let (u, uv4) = self.u32_like(4)?;
        if matches!(op, Opcode::Pack4xI8Clamp | Opcode::Pack4xU8Clamp) {
            let elem = m
                .ty(v_inst)
                .and_then(|t| m.scalar_type_of(t))
                .ok_or_else(|| Error::malformed("untyped", i))?;
            let (lo, hi, gl) = if signed {
                (-128, 127, Gl::SClamp)
            } else {
                (0, 255, Gl::UClamp)
            };
            let lo = self.const_like(elem, lo)?;
            let hi = self.const_like(elem, hi)?;
            let lo = self.splat_const(lo, vt, 4)?;
            let hi = self.splat_const(hi, vt, 4)?;
            v = self.fresh_glsl(vt, gl, &[v, lo, hi]);
        }
        let vu = if signed {
            self.fresh(Op::Bitcast, uv4, &[v])
        } else {
            v
        };
        let ff = self.const_u32(0xFF)?;
        let mut acc = 0;
        for k in 0..4u32 {
            let c = self.fresh(Op::CompositeExtract, u, &[vu, k]);
            let b = self.fresh(Op::BitwiseAnd, u, &[c, ff]);
            let shifted = if k == 0 {
                b
            } else {
                let sh = self.const_u32(8 * k)?;
                self.fresh(Op::ShiftLeftLogical, u, &[b, sh])
            };
            acc = if k == 0 {
                shifted
            } else if k == 3 {
                let id = self.result(i);
                self.emit(Op::BitwiseOr, u, id, &[acc, shifted]);
                id
            } else {
                self.fresh(Op::BitwiseOr, u, &[acc, shifted])
            };
        }
        let _ = acc;
        Ok(())
    }

    /// `unpack4xI8`/`unpack4xU8`: four bit-field extracts (sign-extending for `I8`).
    fn unpack4x8_int(&mut self, i: Inst, ty: u32) -> Result<()> {
        let m = self.m;
        let signed = m.opcode(i) == Opcode::Unpack4xI8;
        let x = self.value(m.operand(i, 0))?;
        let elem = if signed {
            self.i32_type()?
        } else {
            self.u32_type()?
        };
        let x = if signed {
            self.fresh(Op::Bitcast, elem, &[x])
        } else {
            x
        };
        let eight = self.const_u32(8)?;
        let extract = if signed {
            Op::BitFieldSExtract
        } else {
            Op::BitFieldUExtract
        };
        let mut parts = Vec::with_capacity(4);
        for k in 0..4u32 {
            let off = self.const_u32(8 * k)?;
            parts.push(self.fresh(extract, elem, &[x, off, eight]));
        }
        let id = self.result(i);
        self.emit(Op::CompositeConstruct, ty, id, &parts);
        Ok(())
    }

    // ---- derivatives ---------------------------------------------------------------------------

    pub(super) fn derivative(&mut self, i: Inst) -> Result<()> {
        use Opcode as O;
        let m = self.m;
        let op = match m.opcode(i) {
            O::Dpdx => Op::DPdx,
            O::Dpdy => Op::DPdy,
            O::Fwidth => Op::Fwidth,
            O::DpdxCoarse => Op::DPdxCoarse,
            O::DpdyCoarse => Op::DPdyCoarse,
            O::FwidthCoarse => Op::FwidthCoarse,
            O::DpdxFine => Op::DPdxFine,
            O::DpdyFine => Op::DPdyFine,
            _ => Op::FwidthFine,
        };
        if !matches!(op, Op::DPdx | Op::DPdy | Op::Fwidth) {
            self.capability(Capability::DerivativeControl);
        }
        let ty = self.type_of(i)?;
        let a = self.value(m.operand(i, 0))?;
        let id = self.result(i);
        self.emit(op, ty, id, &[a]);
        Ok(())
    }

    // ---- subgroups -----------------------------------------------------------------------------

    pub(super) fn subgroup(&mut self, i: Inst) -> Result<()> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let ty = self.type_of(i)?;
        let scope = self.const_u32(Scope::Subgroup as u32)?;
        let (s, _) = m
            .operand_opt(i, 0)
            .and_then(|a| self.shape(a))
            .unwrap_or((Scalar::U32, 1));
        let float = s.is_float();
        let signed = s == Scalar::I32;
        let arith = |f: Op, si: Op, u: Op| {
            if float {
                f
            } else if signed {
                si
            } else {
                u
            }
        };
        let reduce = match op {
            O::SubgroupAdd | O::SubgroupMul | O::SubgroupMin | O::SubgroupMax => {
                Some(GroupOperation::Reduce)
            }
            O::SubgroupAnd | O::SubgroupOr | O::SubgroupXor => Some(GroupOperation::Reduce),
            O::SubgroupInclusiveAdd | O::SubgroupInclusiveMul => {
                Some(GroupOperation::InclusiveScan)
            }
            O::SubgroupExclusiveAdd | O::SubgroupExclusiveMul => {
                Some(GroupOperation::ExclusiveScan)
            }
            _ => None,
        };
        if let Some(group_op) = reduce {
            self.capability(Capability::GroupNonUniformArithmetic);
            let spv = match op {
                O::SubgroupAdd | O::SubgroupInclusiveAdd | O::SubgroupExclusiveAdd => arith(
                    Op::GroupNonUniformFAdd,
                    Op::GroupNonUniformIAdd,
                    Op::GroupNonUniformIAdd,
                ),
                O::SubgroupMul | O::SubgroupInclusiveMul | O::SubgroupExclusiveMul => arith(
                    Op::GroupNonUniformFMul,
                    Op::GroupNonUniformIMul,
                    Op::GroupNonUniformIMul,
                ),
                O::SubgroupMin => arith(
                    Op::GroupNonUniformFMin,
                    Op::GroupNonUniformSMin,
                    Op::GroupNonUniformUMin,
                ),
                O::SubgroupMax => arith(
                    Op::GroupNonUniformFMax,
                    Op::GroupNonUniformSMax,
                    Op::GroupNonUniformUMax,
                ),
                O::SubgroupAnd => Op::GroupNonUniformBitwiseAnd,
                O::SubgroupOr => Op::GroupNonUniformBitwiseOr,
                _ => Op::GroupNonUniformBitwiseXor,
            };
            let v = self.value(m.operand(i, 0))?;
            let id = self.result(i);
            self.emit(spv, ty, id, &[scope, group_op as u32, v]);
            return Ok(());
        }
        let (cap, spv) = match op {
            O::SubgroupElect => (Capability::GroupNonUniform, Op::GroupNonUniformElect),
            O::SubgroupAll => (Capability::GroupNonUniformVote, Op::GroupNonUniformAll),
            O::SubgroupAny => (Capability::GroupNonUniformVote, Op::GroupNonUniformAny),
            O::SubgroupBallot => (Capability::GroupNonUniformBallot, Op::GroupNonUniformBallot),
            O::SubgroupBroadcast => (
                Capability::GroupNonUniformBallot,
                Op::GroupNonUniformBroadcast,
            ),
            O::SubgroupBroadcastFirst => (
                Capability::GroupNonUniformBallot,
                Op::GroupNonUniformBroadcastFirst,
            ),
            O::SubgroupShuffle => (
                Capability::GroupNonUniformShuffle,
                Op::GroupNonUniformShuffle,
            ),
            O::SubgroupShuffleXor => (
                Capability::GroupNonUniformShuffle,
                Op::GroupNonUniformShuffleXor,
            ),
            O::SubgroupShuffleUp => (
                Capability::GroupNonUniformShuffleRelative,
                Op::GroupNonUniformShuffleUp,
            ),
            O::SubgroupShuffleDown => (
                Capability::GroupNonUniformShuffleRelative,
                Op::GroupNonUniformShuffleDown,
            ),
            O::QuadBroadcast => (
                Capability::GroupNonUniformQuad,
                Op::GroupNonUniformQuadBroadcast,
            ),
            O::QuadSwapX | O::QuadSwapY | O::QuadSwapDiagonal => {
                (Capability::GroupNonUniformQuad, Op::GroupNonUniformQuadSwap)
            }
            other => {
                return Err(Error::malformed(
                    format!("`{}` is not a subgroup operation", other.name()),
                    i,
                ));
            }
        };
        self.capability(Capability::GroupNonUniform);
        self.capability(cap);
        let mut args = vec![scope];
        match op {
            O::SubgroupElect => {}
            O::QuadSwapX | O::QuadSwapY | O::QuadSwapDiagonal => {
                args.push(self.value(m.operand(i, 0))?);
                let dir = match op {
                    O::QuadSwapX => 0,
                    O::QuadSwapY => 1,
                    _ => 2,
                };
                args.push(self.const_u32(dir)?);
            }
            O::SubgroupBroadcast
            | O::SubgroupShuffle
            | O::SubgroupShuffleXor
            | O::SubgroupShuffleUp
            | O::SubgroupShuffleDown
            | O::QuadBroadcast => {
                args.push(self.value(m.operand(i, 0))?);
                // Lane ids and deltas are unsigned.
                let lane_inst = m.operand(i, 1);
                let lane = self.value(lane_inst)?;
                let lane = if self.shape(lane_inst).is_some_and(|x| x.0 == Scalar::I32) {
                    if m.opcode(lane_inst) == Opcode::Constant {
                        self.const_u32(m.literal(lane_inst))?
                    } else {
                        let u = self.u32_type()?;
                        self.fresh(Op::Bitcast, u, &[lane])
                    }
                } else {
                    lane
                };
                args.push(lane);
            }
            _ => args.push(self.value(m.operand(i, 0))?),
        }
        let id = self.result(i);
        self.emit(spv, ty, id, &args);
        Ok(())
    }

    // ---- atomics and barriers ---------------------------------------------------------------

    pub(super) fn atomic(&mut self, i: Inst) -> Result<()> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let p_inst = m.operand(i, 0);
        let scope = match self.pointer_space(p_inst) {
            Some(AddressSpace::Workgroup) => Scope::Workgroup,
            _ => Scope::Device,
        };
        let p = self.value(p_inst)?;
        let scope = self.const_u32(scope as u32)?;
        let relaxed = self.const_u32(MemorySemantics::RELAXED.bits())?;
        let scalar_ty = m
            .ty(p_inst)
            .and_then(|t| m.ptr_parts(t))
            .map(|(_, store, _)| store)
            .and_then(|a| m.operand_opt(a, 0))
            .ok_or_else(|| Error::malformed("an atomic through a non-atomic pointer", i))?;
        let signed = m.opcode(scalar_ty) == O::I32;
        let st = self.type_id(scalar_ty)?;
        match op {
            O::AtomicLoad => {
                let id = self.result(i);
                self.emit(Op::AtomicLoad, st, id, &[p, scope, relaxed]);
            }
            O::AtomicStore => {
                let v = self.value(m.operand(i, 1))?;
                self.out().op(Op::AtomicStore, &[p, scope, relaxed, v]);
            }
            O::AtomicCompareExchangeWeak => {
                let cmp = self.value(m.operand(i, 1))?;
                let v = self.value(m.operand(i, 2))?;
                let old = self.fresh(
                    Op::AtomicCompareExchange,
                    st,
                    &[p, scope, relaxed, relaxed, v, cmp],
                );
                let b = self.bool_type()?;
                let eq = self.fresh(Op::IEqual, b, &[old, cmp]);
                let ty = self.type_of(i)?;
                let id = self.result(i);
                self.emit(Op::CompositeConstruct, ty, id, &[old, eq]);
            }
            _ => {
                let spv = match op {
                    O::AtomicAdd => Op::AtomicIAdd,
                    O::AtomicSub => Op::AtomicISub,
                    O::AtomicMax if signed => Op::AtomicSMax,
                    O::AtomicMax => Op::AtomicUMax,
                    O::AtomicMin if signed => Op::AtomicSMin,
                    O::AtomicMin => Op::AtomicUMin,
                    O::AtomicAnd => Op::AtomicAnd,
                    O::AtomicOr => Op::AtomicOr,
                    O::AtomicXor => Op::AtomicXor,
                    _ => Op::AtomicExchange,
                };
                let v = self.value(m.operand(i, 1))?;
                let id = self.result(i);
                self.emit(spv, st, id, &[p, scope, relaxed, v]);
            }
        }
        Ok(())
    }

    pub(super) fn barrier(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let wg = self.const_u32(Scope::Workgroup as u32)?;
        let sem = |memory: MemorySemantics| (MemorySemantics::ACQUIRE_RELEASE | memory).bits();
        let workgroup = self.const_u32(sem(MemorySemantics::WORKGROUP_MEMORY))?;
        match m.opcode(i) {
            Opcode::StorageBarrier => {
                let s = self.const_u32(sem(MemorySemantics::UNIFORM_MEMORY))?;
                self.out().op(Op::ControlBarrier, &[wg, wg, s]);
            }
            Opcode::TextureBarrier => {
                let s = self.const_u32(sem(MemorySemantics::IMAGE_MEMORY))?;
                self.out().op(Op::ControlBarrier, &[wg, wg, s]);
            }
            Opcode::WorkgroupBarrier => self.out().op(Op::ControlBarrier, &[wg, wg, workgroup]),
            _ => {
                // workgroupUniformLoad: barrier, load, barrier.
                let ty = self.type_of(i)?;
                let p = self.value(m.operand(i, 0))?;
                self.out().op(Op::ControlBarrier, &[wg, wg, workgroup]);
                let id = self.result(i);
                self.emit(Op::Load, ty, id, &[p]);
                self.out().op(Op::ControlBarrier, &[wg, wg, workgroup]);
            }
        }
        Ok(())
    }
}
