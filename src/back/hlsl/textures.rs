//! Texture operations as HLSL texture-object methods.
//!
//! - Sampling: `Sample`, `SampleBias`, `SampleLevel`, `SampleGrad`, `SampleCmp`,
//!   `SampleCmpLevelZero`; an array layer joins the coordinates as their last component
//!   (`float3(uv, (float)layer)`), an offset stays the last argument.
//! - `textureSampleBaseClampToEdge`: `SampleLevel` at level 0 with the coordinates clamped
//!   half a texel inside the edges.
//! - Gathering: `GatherRed`…`GatherAlpha` by the component operand, `Gather` for depth,
//!   `GatherCmp` for comparisons.
//! - `textureLoad`: `Load` with the level (or sample index) as the last coordinate of an
//!   `int` vector; writable storage textures read with `t[coords]`.
//! - `textureStore`: `t[coords] = value;`.
//! - Queries: `GetDimensions` into a `uint4` declared before the statement, whose
//!   components the overload of the texture's kind fills (width, height, depth or
//!   layers, then levels or samples).

use super::expr::{E, Node};
use super::function::Hlsl;
use super::stmt::Stmt;
use super::template::fill;
use crate::ir::enums::{AccessMode, TextureDim};
use crate::ir::{Inst, Opcode};
use crate::raise::RaiseError;
use crate::raise::plan::Bind;

/// What a texture operand is.
struct Kind {
    op: Opcode,
    dim: TextureDim,
    /// A writable storage texture (`RWTexture…`).
    writable: bool,
}

impl Kind {
    fn arrayed(&self) -> bool {
        matches!(self.dim, TextureDim::D2Array | TextureDim::CubeArray)
    }

    fn multisampled(&self) -> bool {
        matches!(
            self.op,
            Opcode::TextureMultisampled | Opcode::TextureDepthMultisampled
        )
    }

    fn depth(&self) -> bool {
        matches!(
            self.op,
            Opcode::TextureDepth | Opcode::TextureDepthMultisampled
        )
    }

    /// Coordinate components of the dimension (without the layer).
    fn coords(&self) -> u32 {
        match self.dim {
            TextureDim::D1 => 1,
            TextureDim::D2 | TextureDim::D2Array => 2,
            _ => 3,
        }
    }
}

impl Hlsl<'_, '_> {
    fn texture_kind(&self, t: Inst) -> Option<Kind> {
        let m = self.w.m;
        let ty = m.ty(t)?;
        let op = m.opcode(ty);
        let word = |k: usize| m.operand_opt(ty, k).and_then(|x| m.const_u32(x));
        let dim = match op {
            Opcode::TextureExternal => TextureDim::D2,
            Opcode::TextureMultisampled | Opcode::TextureDepthMultisampled => TextureDim::D2,
            _ => TextureDim::from_u32(word(0)?)?,
        };
        let writable = op == Opcode::TextureStorage
            && word(2).and_then(AccessMode::from_u32) != Some(AccessMode::Read);
        Some(Kind { op, dim, writable })
    }

    pub(super) fn texture(
        &mut self,
        b: &mut Bind<'_, '_>,
        i: Inst,
        ops: Vec<E>,
    ) -> Result<E, RaiseError> {
        use Opcode as O;
        let m = self.w.m;
        let op = m.opcode(i);
        // `textureGather` may start with a component index.
        let first = usize::from(
            op == O::TextureGather && m.ty(m.operand(i, 0)).is_some_and(|t| m.scalar(t).is_some()),
        );
        let t_inst = m.operand(i, first);
        let kind = self
            .texture_kind(t_inst)
            .ok_or_else(|| RaiseError::malformed(i, "texture operand"))?;
        let tex = ops[first];
        match op {
            O::TextureDimensions
            | O::TextureNumLayers
            | O::TextureNumLevels
            | O::TextureNumSamples => self.query(b, i, &kind, tex, &ops[first..]),
            O::TextureLoad => self.load(i, &kind, tex, &ops[first..]),
            O::TextureStore => {
                let arrayed = kind.arrayed();
                let coords = if arrayed {
                    let t = self.coords_type(kind.coords() + 1, false);
                    self.call(&t, &[ops[1], ops[2]])
                } else {
                    ops[1]
                };
                let value = *ops
                    .last()
                    .ok_or_else(|| RaiseError::malformed(i, "store"))?;
                let place = self.add(Node::Index(tex, coords));
                let s = self.put(Stmt::Assign(place, value));
                b.out().push(s);
                Ok(self.lit(""))
            }
            _ => self.sample(i, &kind, first, &ops),
        }
    }

    /// `intN`/`uintN` or `floatN` spelled for `n` components (a scalar for 1).
    fn coords_type(&self, n: u32, float: bool) -> String {
        let s = if float { "float" } else { "int" };
        if n == 1 {
            s.to_string()
        } else {
            fill("$0$1", &[s, &n.to_string()])
        }
    }

    fn sample(&mut self, i: Inst, kind: &Kind, first: usize, ops: &[E]) -> Result<E, RaiseError> {
        use Opcode as O;
        let m = self.w.m;
        let op = m.opcode(i);
        let (tex, sampler, coords) = (ops[first], ops[first + 1], ops[first + 2]);
        let mut k = first + 3;
        let coords = if kind.arrayed() {
            let layer = self.w.x.cast("float", ops[k]);
            k += 1;
            let t = self.coords_type(kind.coords() + 1, true);
            self.call(&t, &[coords, layer])
        } else {
            coords
        };
        let mut args = vec![sampler, coords];
        let method = match op {
            O::TextureSample => "Sample",
            O::TextureSampleBias => {
                args.push(ops[k]);
                k += 1;
                "SampleBias"
            }
            O::TextureSampleLevel => {
                // Depth textures take an integer level in WGSL.
                let level = self.w.x.cast("float", ops[k]);
                args.push(level);
                k += 1;
                "SampleLevel"
            }
            O::TextureSampleGrad => {
                args.push(ops[k]);
                args.push(ops[k + 1]);
                k += 2;
                "SampleGrad"
            }
            O::TextureSampleCompare => {
                args.push(ops[k]);
                k += 1;
                "SampleCmp"
            }
            O::TextureSampleCompareLevel => {
                args.push(ops[k]);
                k += 1;
                "SampleCmpLevelZero"
            }
            O::TextureGatherCompare => {
                args.push(ops[k]);
                k += 1;
                "GatherCmp"
            }
            O::TextureGather => {
                if kind.depth() {
                    "Gather"
                } else {
                    let c = m.const_u32(m.operand(i, 0)).unwrap_or(0);
                    ["GatherRed", "GatherGreen", "GatherBlue", "GatherAlpha"][c.min(3) as usize]
                }
            }
            O::TextureSampleBaseClampToEdge => return self.sample_clamped(i, tex, sampler, coords),
            _ => return Err(self.unsupported_op(i)),
        };
        // The offset, when there is one, is last.
        args.extend(ops[k..].iter().copied());
        // glslang takes a two-dimensional `GatherCmp` without an offset for the AMD
        // overload with a bias and writes invalid SPIR-V; a zero offset means the same
        // to every compiler and picks the right overload.
        if method == "GatherCmp"
            && k == ops.len()
            && matches!(kind.dim, TextureDim::D2 | TextureDim::D2Array)
        {
            args.push(self.lit("int2(0, 0)"));
        }
        Ok(self.w.x.method(tex, method, &args))
    }

    /// `t.SampleLevel(s, clamp(c, half_texel, 1 - half_texel), 0)`.
    fn sample_clamped(&mut self, i: Inst, tex: E, sampler: E, coords: E) -> Result<E, RaiseError> {
        let name = self.clamp_helper(i)?;
        Ok(self.call(&name, &[tex, sampler, coords]))
    }

    fn clamp_helper(&mut self, i: Inst) -> Result<String, RaiseError> {
        let m = self.w.m;
        let t = m.operand(i, 0);
        let ty = self.ty_of(t)?;
        let key = super::writer::HelperKind::Math(Opcode::TextureSampleBaseClampToEdge as u16);
        if let Some(n) = self.w.helpers.made(ty, key) {
            return Ok(n);
        }
        let tt = self.w.type_text(ty).map_err(|_| self.unsupported_op(i))?;
        let name = self.w.namer_fresh("sample_clamp_to_edge");
        let text = fill(
            "float4 $0($1 t, SamplerState s, float2 c) {\n  uint2 size;\n  t.GetDimensions(size.x, size.y);\n  float2 half_texel = 0.5f / float2(size);\n  return t.SampleLevel(s, clamp(c, half_texel, 1.0f - half_texel), 0.0f);\n}\n",
            &[&name, &tt],
        );
        Ok(self.w.helpers.add(ty, key, name, text))
    }

    fn load(&mut self, i: Inst, kind: &Kind, tex: E, ops: &[E]) -> Result<E, RaiseError> {
        let n = kind.coords();
        let mut k = 2;
        let mut parts = vec![ops[1]];
        if kind.arrayed() {
            parts.push(ops[k]);
            k += 1;
        }
        let arrayed = u32::from(kind.arrayed());
        if kind.writable {
            // `RWTexture…[coords]`.
            let t = self.coords_type(n + arrayed, false);
            let c = if parts.len() == 1 {
                self.add(Node::Cast(t, parts[0]))
            } else {
                self.add(Node::Call(t, parts))
            };
            return Ok(self.add(Node::Index(tex, c)));
        }
        if kind.multisampled() {
            let t = self.coords_type(n, false);
            let c = self.add(Node::Cast(t, parts[0]));
            let sample = ops.get(k).copied().unwrap_or_else(|| self.lit("0"));
            return Ok(self.w.x.method(tex, "Load", &[c, sample]));
        }
        // The level joins the coordinates; a storage texture read through an SRV and
        // an external texture have one level.
        let level = ops.get(k).copied().unwrap_or_else(|| self.lit("0"));
        parts.push(level);
        let t = self.coords_type(n + arrayed + 1, false);
        let c = self.add(Node::Call(t, parts));
        let _ = i;
        Ok(self.w.x.method(tex, "Load", &[c]))
    }

    /// `GetDimensions` into a `uint4` declared first; the result reads its components.
    fn query(
        &mut self,
        b: &mut Bind<'_, '_>,
        i: Inst,
        kind: &Kind,
        tex: E,
        ops: &[E],
    ) -> Result<E, RaiseError> {
        use Opcode as O;
        let m = self.w.m;
        let op = m.opcode(i);
        let dims = self.out_var(b, "uint4", "dims")?;
        let lane = |this: &mut Self, c: &str| this.w.x.member(dims, c);
        // The components the overload fills: sizes, then layers, then levels/samples.
        let sizes = match kind.dim {
            TextureDim::D1 => 1,
            TextureDim::D3 => 3,
            _ => 2,
        };
        let mut outs = Vec::new();
        let lanes = super::memory::LANES;
        let mut next = 0;
        for _ in 0..sizes {
            outs.push(lane(self, lanes[next]));
            next += 1;
        }
        let layers_lane = kind.arrayed().then(|| {
            let l = lanes[next];
            next += 1;
            l
        });
        if let Some(l) = layers_lane {
            outs.push(lane(self, l));
        }
        let has_levels = !kind.writable && !kind.multisampled() && kind.op != O::TextureStorage;
        let extra_lane = (has_levels || kind.multisampled()).then(|| lanes[next]);
        if let Some(l) = extra_lane {
            outs.push(lane(self, l));
        }
        let mut args = Vec::new();
        if has_levels {
            let level = match (op, ops.get(1)) {
                (O::TextureDimensions, Some(&l)) => self.w.x.cast("uint", l),
                _ => self.lit("0u"),
            };
            args.push(level);
        }
        args.extend(outs);
        let call = self.w.x.method(tex, "GetDimensions", &args);
        let s = self.put(Stmt::Expr(call));
        b.out().push(s);
        Ok(match op {
            O::TextureDimensions => {
                let sw = &"xyz"[..sizes];
                if sizes == 1 {
                    lane(self, "x")
                } else {
                    lane(self, sw)
                }
            }
            O::TextureNumLayers => lane(self, layers_lane.unwrap_or("z")),
            _ => lane(self, extra_lane.unwrap_or("w")),
        })
    }
}
