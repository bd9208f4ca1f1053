//! IR types as HLSL spells them.
//!
//! - Scalars: `bool`, `int`, `uint`, `float`, and `half` for `f16` (16-bit with DXC's
//!   `-enable-16bit-types`, Shader Model 6.2; glslang's `--hlsl-enable-16bit-types`).
//! - `vecN<T>` is `TN` (`float4`); WGSL's `matCxR<T>`, C columns of R rows, is HLSL's
//!   `TCxR`, whose rows are WGSL's columns: `m[i]` is column `i` in both, a constructor
//!   takes the columns in order, and WGSL's `m * v` is HLSL's `mul(v, m)`.
//! - Arrays use C declarators: a declaration is `T name[N][M]`, so a type is spelled in
//!   two parts, the base (`float`) and the suffix (`[N][M]`) written after the name; a
//!   function returning an array returns a `typedef` of it.
//! - Structs are declared with their HLSL names; the struct's own memory layout never
//!   matters, because buffers are byte-addressed (the `byte-address` transform).
//! - Textures and samplers by kind: `Texture2D<float4>`, `Texture2DArray<int4>`,
//!   `Texture2DMS<float4>`, `Texture2D<float>` for depth, `RWTexture2D<float4>` for
//!   writable storage textures (`Texture2D<…>` for read-only ones), `SamplerState`,
//!   `SamplerComparisonState`. A `texture_external` is one RGBA plane, `Texture2D<float4>`.

use super::template::fill;
use crate::ir::enums::{AccessMode, TexelFormat, TextureDim};
use crate::ir::{Inst, Module, Opcode};

/// The HLSL spelling of a scalar type, or `None` for a non-scalar.
pub fn scalar_name(m: &Module, t: Inst) -> Option<&'static str> {
    Some(match m.opcode(t) {
        Opcode::Bool => "bool",
        Opcode::I32 => "int",
        Opcode::U32 => "uint",
        Opcode::F32 => "float",
        Opcode::F16 => "half",
        _ => return None,
    })
}

/// A type's spelling in two parts: the base written before a declared name and the
/// array suffix written after it (empty for a non-array).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelled {
    pub base: String,
    pub suffix: String,
}

impl Spelled {
    fn plain(base: String) -> Spelled {
        Spelled {
            base,
            suffix: String::new(),
        }
    }

    /// The whole type, as in a cast or a template argument: `float[4]`.
    pub fn whole(&self) -> String {
        fill("$0$1", &[&self.base, &self.suffix])
    }

    /// A declaration of `name`: `float name[4]`.
    pub fn declare(&self, name: &str) -> String {
        fill("$0 $1$2", &[&self.base, name, &self.suffix])
    }
}

/// Why a type has no HLSL spelling: what it is.
pub type Unspellable = &'static str;

/// Spells types, with struct names given by the writer.
pub struct TypeNamer<'a> {
    pub m: &'a Module,
    /// The HLSL name of a struct type.
    pub struct_name: &'a dyn Fn(Inst) -> Option<String>,
}

impl TypeNamer<'_> {
    /// The spelling of type `t`.
    pub fn spell(&self, t: Inst) -> Result<Spelled, Unspellable> {
        self.spell_at(t, 0)
    }

    fn spell_at(&self, t: Inst, depth: u32) -> Result<Spelled, Unspellable> {
        let m = self.m;
        if depth > crate::ir::layout::MAX_DEPTH {
            return Err("a type nested too deeply");
        }
        if let Some(s) = scalar_name(m, t) {
            return Ok(Spelled::plain(s.to_string()));
        }
        let word = |k: usize| m.operand_opt(t, k).and_then(|x| m.const_u32(x));
        Ok(match m.opcode(t) {
            Opcode::Vec => {
                let (e, n) = m.vec_parts(t).ok_or("a malformed vector type")?;
                let s = scalar_name(m, e).ok_or("a vector of non-scalars")?;
                Spelled::plain(fill("$0$1", &[s, &n.to_string()]))
            }
            Opcode::Mat => {
                let (col, c) = m.mat_parts(t).ok_or("a malformed matrix type")?;
                let (e, r) = m.vec_parts(col).ok_or("a malformed matrix type")?;
                let s = scalar_name(m, e).ok_or("a matrix of non-scalars")?;
                Spelled::plain(fill("$0$1x$2", &[s, &c.to_string(), &r.to_string()]))
            }
            Opcode::Atomic => {
                let e = m.operand_opt(t, 0).ok_or("a malformed atomic type")?;
                Spelled::plain(
                    scalar_name(m, e)
                        .ok_or("an atomic of non-scalars")?
                        .to_string(),
                )
            }
            Opcode::Array => {
                let n = word(1).ok_or("an array sized by an override without a value")?;
                let e = m.operand_opt(t, 0).ok_or("a malformed array type")?;
                let inner = self.spell_at(e, depth + 1)?;
                Spelled {
                    base: inner.base,
                    suffix: fill("[$0]$1", &[&n.to_string(), &inner.suffix]),
                }
            }
            Opcode::RuntimeArray => return Err("a runtime-sized array outside a buffer"),
            Opcode::Struct => Spelled::plain((self.struct_name)(t).ok_or("an unnamed struct")?),
            Opcode::Sampler => Spelled::plain("SamplerState".into()),
            Opcode::SamplerComparison => Spelled::plain("SamplerComparisonState".into()),
            Opcode::TextureSampled => {
                let dim = word(0)
                    .and_then(TextureDim::from_u32)
                    .ok_or("a texture dimension")?;
                let s = m
                    .operand_opt(t, 1)
                    .and_then(|e| scalar_name(m, e))
                    .ok_or("a texel type")?;
                Spelled::plain(fill("$0<$14>", &[texture_object(dim), s]))
            }
            Opcode::TextureMultisampled => {
                let s = m
                    .operand_opt(t, 1)
                    .and_then(|e| scalar_name(m, e))
                    .ok_or("a texel type")?;
                Spelled::plain(fill("Texture2DMS<$04>", &[s]))
            }
            Opcode::TextureDepth => {
                let dim = word(0)
                    .and_then(TextureDim::from_u32)
                    .ok_or("a texture dimension")?;
                Spelled::plain(fill("$0<float>", &[texture_object(dim)]))
            }
            Opcode::TextureDepthMultisampled => Spelled::plain("Texture2DMS<float>".into()),
            Opcode::TextureStorage => {
                let dim = word(0)
                    .and_then(TextureDim::from_u32)
                    .ok_or("a texture dimension")?;
                let format = word(1)
                    .and_then(TexelFormat::from_u32)
                    .ok_or("a texel format")?;
                let access = word(2)
                    .and_then(AccessMode::from_u32)
                    .ok_or("an access mode")?;
                let texel = storage_texel(format);
                let object = texture_object(dim);
                let rw = if access == AccessMode::Read { "" } else { "RW" };
                Spelled::plain(fill("$0$1<$2>", &[rw, object, texel]))
            }
            Opcode::TextureExternal => Spelled::plain("Texture2D<float4>".into()),
            Opcode::Buffer | Opcode::RuntimeBuffer => return Err("a buffer outside a variable"),
            _ => return Err("a type HLSL cannot name"),
        })
    }
}

/// The HLSL object of a texture dimension.
pub fn texture_object(dim: TextureDim) -> &'static str {
    match dim {
        TextureDim::D1 => "Texture1D",
        TextureDim::D2 => "Texture2D",
        TextureDim::D2Array => "Texture2DArray",
        TextureDim::D3 => "Texture3D",
        TextureDim::Cube => "TextureCube",
        TextureDim::CubeArray => "TextureCubeArray",
    }
}

/// The element type of a storage texture of a texel format: four channels of the
/// format's channel kind.
pub fn storage_texel(format: TexelFormat) -> &'static str {
    match format.channel_kind() {
        1 => "int4",
        2 => "uint4",
        _ => "float4",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spells_vectors_matrices_and_nested_arrays() {
        let m = crate::ir::parse(
            "struct @S {\n  %a: f32\n}\n\
             @x: ptr<private, array<array<mat3x2<f32>, 2>, 4>, read_write> = var\n\
             @y: ptr<private, vec3<u32>, read_write> = var\n\
             @z: ptr<private, array<@S, 2>, read_write> = var\n",
        )
        .expect("parses");
        let root = m.root();
        let vars: Vec<Inst> = m
            .children(root)
            .filter(|&c| m.opcode(c) == Opcode::Var)
            .collect();
        let name = |_| Some("S".to_string());
        let n = TypeNamer {
            m: &m,
            struct_name: &name,
        };
        let store = |v: Inst| m.ptr_parts(m.ty(v).unwrap()).unwrap().1;
        assert_eq!(
            n.spell(store(vars[0])).unwrap().declare("x"),
            "float3x2 x[4][2]"
        );
        assert_eq!(n.spell(store(vars[1])).unwrap().whole(), "uint3");
        assert_eq!(n.spell(store(vars[2])).unwrap().declare("z"), "S z[2]");
    }
}
