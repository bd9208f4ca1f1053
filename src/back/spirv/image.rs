//! Texture builtins. The IR keeps WGSL's argument order: texture, sampler, coordinates,
//! then the array index for arrayed textures, then the overload's own operands (bias,
//! level, gradients, depth reference), then a constant offset; `textureGather` may start
//! with its component.

use super::types::{TextureInfo, TyKey};
use super::writer::Writer;
use super::{Error, Result};
use crate::ir::types::Scalar;
use crate::ir::{Inst, Opcode};
use spirv::{Capability, GlslStd450Op as Gl, ImageOperands, Op};

/// Image operands in SPIR-V's bit order.
#[derive(Default)]
struct ImageOps {
    bias: Option<u32>,
    lod: Option<u32>,
    grad: Option<(u32, u32)>,
    const_offset: Option<u32>,
    sample: Option<u32>,
}

impl ImageOps {
    fn push(&self, out: &mut Vec<u32>) {
        let mut mask = ImageOperands::NONE;
        let mut rest = Vec::new();
        if let Some(b) = self.bias {
            mask |= ImageOperands::BIAS;
            rest.push(b);
        }
        if let Some(l) = self.lod {
            mask |= ImageOperands::LOD;
            rest.push(l);
        }
        if let Some((x, y)) = self.grad {
            mask |= ImageOperands::GRAD;
            rest.extend_from_slice(&[x, y]);
        }
        if let Some(o) = self.const_offset {
            mask |= ImageOperands::CONST_OFFSET;
            rest.push(o);
        }
        if let Some(s) = self.sample {
            mask |= ImageOperands::SAMPLE;
            rest.push(s);
        }
        if !mask.is_empty() {
            out.push(mask.bits());
            out.extend(rest);
        }
    }
}

impl Writer<'_> {
    pub(super) fn texture_op(&mut self, i: Inst) -> Result<()> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let first = usize::from(
            op == O::TextureGather && m.ty(m.operand(i, 0)).is_some_and(|t| m.scalar(t).is_some()),
        );
        let t_inst = m.operand(i, first);
        let t_ty = m
            .ty(t_inst)
            .ok_or_else(|| Error::malformed("an untyped texture", i))?;
        let info = self.texture_info(t_ty)?;
        let img_ty = self.type_id(t_ty)?;
        let img = self.value(t_inst)?;
        match op {
            O::TextureDimensions => self.dimensions(i, info, img),
            O::TextureNumLayers => {
                let size = self.query_size(i, info, img, None)?;
                let u = self.u32_type()?;
                let n = self.size_components(info);
                let id = self.result(i);
                self.emit(Op::CompositeExtract, u, id, &[size, n - 1]);
                Ok(())
            }
            O::TextureNumLevels | O::TextureNumSamples => {
                self.capability(Capability::ImageQuery);
                let u = self.u32_type()?;
                let spv = if op == O::TextureNumLevels {
                    Op::ImageQueryLevels
                } else {
                    Op::ImageQuerySamples
                };
                let id = self.result(i);
                self.emit(spv, u, id, &[img]);
                Ok(())
            }
            O::TextureLoad => self.texture_load(i, info, img),
            O::TextureStore => {
                let (coords, next) = self.int_coords(i, 1, info)?;
                let v = self.value(m.operand(i, next))?;
                self.out().op(Op::ImageWrite, &[img, coords, v]);
                Ok(())
            }
            _ => self.sample(i, first, info, img, img_ty),
        }
    }

    /// Components of `OpImageQuerySize[Lod]`'s result: the dimensions, then the layers.
    fn size_components(&self, info: TextureInfo) -> u32 {
        use crate::ir::enums::TextureDim as D;
        let base = match info.dim {
            D::D1 => 1,
            D::D2 | D::D2Array | D::Cube | D::CubeArray => 2,
            D::D3 => 3,
        };
        base + u32::from(info.arrayed)
    }

    /// `OpImageQuerySize` (multisampled and storage textures) or `OpImageQuerySizeLod`.
    fn query_size(
        &mut self,
        _at: Inst,
        info: TextureInfo,
        img: u32,
        level: Option<u32>,
    ) -> Result<u32> {
        self.capability(Capability::ImageQuery);
        let n = self.size_components(info);
        let u = self.u32_type()?;
        let ty = self.vec_type(u, n)?;
        if info.multisampled || info.storage {
            return Ok(self.fresh(Op::ImageQuerySize, ty, &[img]));
        }
        let lod = match level {
            Some(l) => l,
            None => self.const_u32(0)?,
        };
        Ok(self.fresh(Op::ImageQuerySizeLod, ty, &[img, lod]))
    }

    fn dimensions(&mut self, i: Inst, info: TextureInfo, img: u32) -> Result<()> {
        let m = self.m;
        let level = match m.operand_opt(i, 1) {
            Some(l) => Some(self.value(l)?),
            None => None,
        };
        let ty = self.type_of(i)?;
        let size = self.query_size(i, info, img, level)?;
        if !info.arrayed {
            self.same_as(i, ty, size);
            return Ok(());
        }
        let id = self.result(i);
        // Drop the layer count.
        let want = self.shape(i).map_or(1, |s| s.1);
        if want == 1 {
            self.emit(Op::CompositeExtract, ty, id, &[size, 0]);
        } else {
            let mut args = vec![size, size];
            args.extend(0..want);
            self.emit(Op::VectorShuffle, ty, id, &args);
        }
        Ok(())
    }

    /// Integer coordinates from operand `k` on, with the array index appended for arrayed
    /// textures; returns the coordinates and the index of the next operand.
    fn int_coords(&mut self, i: Inst, k: usize, info: TextureInfo) -> Result<(u32, usize)> {
        let m = self.m;
        let c_inst = m.operand(i, k);
        let coords = self.value(c_inst)?;
        if !info.arrayed {
            return Ok((coords, k + 1));
        }
        let (s, n) = self
            .shape(c_inst)
            .ok_or_else(|| Error::malformed("untyped coordinates", i))?;
        let ai_inst = m.operand(i, k + 1);
        let mut ai = self.value(ai_inst)?;
        let elem = if s == Scalar::I32 {
            self.i32_type()?
        } else {
            self.u32_type()?
        };
        if self.shape(ai_inst).map(|x| x.0) != Some(s) {
            ai = self.fresh(Op::Bitcast, elem, &[ai]);
        }
        let vt = self.vec_type(elem, n + 1)?;
        let joined = self.fresh(Op::CompositeConstruct, vt, &[coords, ai]);
        Ok((joined, k + 2))
    }

    /// Float coordinates from operand `k` on, with the array index converted to float and
    /// appended for arrayed textures.
    fn float_coords(&mut self, i: Inst, k: usize, info: TextureInfo) -> Result<(u32, usize)> {
        let m = self.m;
        let c_inst = m.operand(i, k);
        let coords = self.value(c_inst)?;
        if !info.arrayed {
            return Ok((coords, k + 1));
        }
        let n = self.shape(c_inst).map_or(1, |x| x.1);
        let ai_inst = m.operand(i, k + 1);
        let ai = self.value(ai_inst)?;
        let f = self.f32_type()?;
        let conv = if self.shape(ai_inst).map(|x| x.0) == Some(Scalar::I32) {
            Op::ConvertSToF
        } else {
            Op::ConvertUToF
        };
        let layer = self.fresh(conv, f, &[ai]);
        let vt = self.vec_type(f, n + 1)?;
        let joined = self.fresh(Op::CompositeConstruct, vt, &[coords, layer]);
        Ok((joined, k + 2))
    }

    fn texture_load(&mut self, i: Inst, info: TextureInfo, img: u32) -> Result<()> {
        let m = self.m;
        let ty = self.type_of(i)?;
        let (coords, next) = self.int_coords(i, 1, info)?;
        let extra = match m.operand_opt(i, next) {
            Some(x) => Some(self.value(x)?),
            None => None,
        };
        if info.storage {
            let id = self.result(i);
            self.emit(Op::ImageRead, ty, id, &[img, coords]);
            return Ok(());
        }
        let mut ops = ImageOps::default();
        if info.multisampled {
            ops.sample = extra;
        } else {
            ops.lod = Some(match extra {
                Some(l) => l,
                None => self.const_u32(0)?,
            });
        }
        let mut args = vec![img, coords];
        ops.push(&mut args);
        if info.depth {
            let f = self.f32_type()?;
            let v4 = self.vec_type(f, 4)?;
            let texel = self.fresh(Op::ImageFetch, v4, &args);
            let id = self.result(i);
            self.emit(Op::CompositeExtract, ty, id, &[texel, 0]);
        } else {
            let id = self.result(i);
            self.emit(Op::ImageFetch, ty, id, &args);
        }
        Ok(())
    }

    /// Sampling and gathering.
    fn sample(
        &mut self,
        i: Inst,
        first: usize,
        info: TextureInfo,
        img: u32,
        img_ty: u32,
    ) -> Result<()> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let ty = self.type_of(i)?;
        let sampler = self.value(m.operand(i, first + 1))?;
        let si_ty = self.key_type(TyKey::SampledImage(img_ty))?;
        let si = self.fresh(Op::SampledImage, si_ty, &[img, sampler]);
        if op == O::TextureSampleBaseClampToEdge {
            return self.sample_clamp_to_edge(i, info, img, si);
        }
        let (coords, mut k) = self.float_coords(i, first + 2, info)?;
        let n = m.num_operands(i);
        let mut ops = ImageOps::default();
        let mut dref = None;
        let f = self.f32_type()?;
        match op {
            O::TextureSampleBias => {
                ops.bias = Some(self.value(m.operand(i, k))?);
                k += 1;
            }
            O::TextureSampleLevel => {
                let l_inst = m.operand(i, k);
                let mut l = self.value(l_inst)?;
                match self.shape(l_inst).map(|x| x.0) {
                    Some(Scalar::I32) => l = self.fresh(Op::ConvertSToF, f, &[l]),
                    Some(Scalar::U32) => l = self.fresh(Op::ConvertUToF, f, &[l]),
                    _ => {}
                }
                ops.lod = Some(l);
                k += 1;
            }
            O::TextureSampleGrad => {
                let x = self.value(m.operand(i, k))?;
                let y = self.value(m.operand(i, k + 1))?;
                ops.grad = Some((x, y));
                k += 2;
            }
            O::TextureSampleCompare | O::TextureSampleCompareLevel | O::TextureGatherCompare => {
                dref = Some(self.value(m.operand(i, k))?);
                k += 1;
                if op == O::TextureSampleCompareLevel {
                    ops.lod = Some(self.const_f32(0.0)?);
                }
            }
            _ => {}
        }
        if k < n {
            ops.const_offset = Some(self.value(m.operand(i, k))?);
        }
        let mut args = vec![si, coords];
        let (spv, depth_scalar) = match op {
            O::TextureGather => {
                let comp = if first == 1 {
                    let c_inst = m.operand(i, 0);
                    // The component is a constant; gather takes it as a 32-bit integer.
                    self.value(c_inst)?
                } else {
                    self.const_u32(0)?
                };
                args.push(comp);
                (Op::ImageGather, false)
            }
            O::TextureGatherCompare => {
                args.push(dref.unwrap_or(0));
                (Op::ImageDrefGather, false)
            }
            O::TextureSampleCompare => {
                args.push(dref.unwrap_or(0));
                (Op::ImageSampleDrefImplicitLod, false)
            }
            O::TextureSampleCompareLevel => {
                args.push(dref.unwrap_or(0));
                (Op::ImageSampleDrefExplicitLod, false)
            }
            O::TextureSampleLevel | O::TextureSampleGrad => {
                (Op::ImageSampleExplicitLod, info.depth)
            }
            _ => (Op::ImageSampleImplicitLod, info.depth),
        };
        ops.push(&mut args);
        if depth_scalar {
            // Sampling a depth texture without comparison gives its first component.
            let v4 = self.vec_type(f, 4)?;
            let texel = self.fresh(spv, v4, &args);
            let id = self.result(i);
            self.emit(Op::CompositeExtract, ty, id, &[texel, 0]);
        } else {
            let id = self.result(i);
            self.emit(spv, ty, id, &args);
        }
        Ok(())
    }

    /// `textureSampleBaseClampToEdge`: coordinates clamped half a texel inside the edges,
    /// sampled at level 0.
    fn sample_clamp_to_edge(
        &mut self,
        i: Inst,
        info: TextureInfo,
        img: u32,
        si: u32,
    ) -> Result<()> {
        let m = self.m;
        let ty = self.type_of(i)?;
        let coords = self.value(m.operand(i, 2))?;
        let f = self.f32_type()?;
        let v2 = self.vec_type(f, 2)?;
        let size = self.query_size(i, info, img, None)?;
        let sizef = self.fresh(Op::ConvertUToF, v2, &[size]);
        let half = self.const_f32(0.5)?;
        let half = self.splat_const(half, v2, 2)?;
        let one = self.const_f32(1.0)?;
        let one = self.splat_const(one, v2, 2)?;
        let lo = self.fresh(Op::FDiv, v2, &[half, sizef]);
        let hi = self.fresh(Op::FSub, v2, &[one, lo]);
        let c = self.fresh_glsl(v2, Gl::FClamp, &[coords, lo, hi]);
        let zero = self.const_f32(0.0)?;
        let id = self.result(i);
        self.emit(
            Op::ImageSampleExplicitLod,
            ty,
            id,
            &[si, c, ImageOperands::LOD.bits(), zero],
        );
        Ok(())
    }
}
