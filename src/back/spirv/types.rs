//! Types, constants and specialization constants, each written once.
//!
//! IR types are hash-consed, but SPIR-V's notion of "the same type" is coarser: an
//! `atomic<u32>` is a `u32`, both sampler types are one `OpTypeSampler`, and pointer types
//! ignore the access mode. So every type goes through a structural key ([`TyKey`]), and
//! every constant through [`ConstKey`], and the IR id only memoizes the lookup.

use super::writer::Writer;
use super::{Error, Result};
use crate::ir::enums::{AccessMode, AddressSpace, TexelFormat, TextureDim};
use crate::ir::{Inst, Opcode};
use spirv::{Capability, Decoration, Dim, ImageFormat, Op, StorageClass};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum TyKey {
    Void,
    Bool,
    Int {
        signed: bool,
    },
    Float {
        width: u32,
    },
    Vector {
        elem: u32,
        n: u32,
    },
    Matrix {
        col: u32,
        n: u32,
    },
    Array {
        elem: u32,
        len: u32,
        stride: Option<u32>,
    },
    RuntimeArray {
        elem: u32,
        stride: Option<u32>,
    },
    /// An IR struct: structs are nominal.
    Struct(Inst),
    /// A struct without layout the writer needs for an instruction's result.
    Anon(Vec<u32>),
    /// The `Block` struct `{ T }` wrapping a buffer's store type (its type id and the IR
    /// type, for the member's layout decorations).
    Wrapper(u32),
    Pointer {
        class: u32,
        pointee: u32,
    },
    Function {
        ret: u32,
        params: Vec<u32>,
    },
    Image(ImageKey),
    Sampler,
    SampledImage(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct ImageKey {
    pub sampled_type: u32,
    pub dim: Dim,
    pub depth: bool,
    pub arrayed: bool,
    pub multisampled: bool,
    /// 1: used with a sampler; 2: a storage image.
    pub sampled: u32,
    pub format: ImageFormat,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum ConstKey {
    Scalar { ty: u32, bits: u32 },
    Bool(bool),
    Composite { ty: u32, parts: Vec<u32> },
    Null(u32),
    Undef(u32),
}

/// What a texture type is, for the image instructions.
#[derive(Clone, Copy, Debug)]
pub(super) struct TextureInfo {
    pub dim: TextureDim,
    pub arrayed: bool,
    pub depth: bool,
    pub multisampled: bool,
    pub storage: bool,
    /// The texel's scalar kind: 0 float, 1 signed, 2 unsigned.
    pub channel: u8,
}

pub(super) fn storage_class(space: AddressSpace) -> StorageClass {
    match space {
        AddressSpace::Function => StorageClass::Function,
        AddressSpace::Private => StorageClass::Private,
        AddressSpace::Workgroup => StorageClass::Workgroup,
        AddressSpace::Uniform => StorageClass::Uniform,
        AddressSpace::Storage => StorageClass::StorageBuffer,
        AddressSpace::Handle => StorageClass::UniformConstant,
        AddressSpace::Immediate => StorageClass::PushConstant,
    }
}

/// The SPIR-V format of a storage texel format, and whether it needs the
/// `StorageImageExtendedFormats` capability. `bgra8unorm` has no SPIR-V format: it is
/// `Unknown`, read and written without a format.
fn image_format(f: TexelFormat) -> (ImageFormat, bool) {
    use ImageFormat as I;
    use TexelFormat as T;
    match f {
        T::Rgba8unorm => (I::Rgba8, false),
        T::Rgba8snorm => (I::Rgba8Snorm, false),
        T::Rgba8uint => (I::Rgba8ui, false),
        T::Rgba8sint => (I::Rgba8i, false),
        T::Rgba16unorm => (I::Rgba16, true),
        T::Rgba16snorm => (I::Rgba16Snorm, true),
        T::Rgba16uint => (I::Rgba16ui, false),
        T::Rgba16sint => (I::Rgba16i, false),
        T::Rgba16float => (I::Rgba16f, false),
        T::Rg8unorm => (I::Rg8, true),
        T::Rg8snorm => (I::Rg8Snorm, true),
        T::Rg8uint => (I::Rg8ui, true),
        T::Rg8sint => (I::Rg8i, true),
        T::Rg16unorm => (I::Rg16, true),
        T::Rg16snorm => (I::Rg16Snorm, true),
        T::Rg16uint => (I::Rg16ui, true),
        T::Rg16sint => (I::Rg16i, true),
        T::Rg16float => (I::Rg16f, true),
        T::R32uint => (I::R32ui, false),
        T::R32sint => (I::R32i, false),
        T::R32float => (I::R32f, false),
        T::Rg32uint => (I::Rg32ui, true),
        T::Rg32sint => (I::Rg32i, true),
        T::Rg32float => (I::Rg32f, true),
        T::Rgba32uint => (I::Rgba32ui, false),
        T::Rgba32sint => (I::Rgba32i, false),
        T::Rgba32float => (I::Rgba32f, false),
        T::Bgra8unorm => (I::Unknown, false),
        T::R8unorm => (I::R8, true),
        T::R8snorm => (I::R8Snorm, true),
        T::R8uint => (I::R8ui, true),
        T::R8sint => (I::R8i, true),
        T::R16unorm => (I::R16, true),
        T::R16snorm => (I::R16Snorm, true),
        T::R16uint => (I::R16ui, true),
        T::R16sint => (I::R16i, true),
        T::R16float => (I::R16f, true),
        T::Rgb10a2unorm => (I::Rgb10A2, true),
        T::Rgb10a2uint => (I::Rgb10a2ui, true),
        T::Rg11b10ufloat => (I::R11fG11fB10f, true),
    }
}

impl Writer<'_> {
    // ---- types ------------------------------------------------------------------------

    /// The SPIR-V id of an IR type.
    pub(super) fn type_id(&mut self, t: Inst) -> Result<u32> {
        let known = self.ids[t.index()];
        if known != 0 {
            return Ok(known);
        }
        let id = self.lower_type(t)?;
        self.ids[t.index()] = id;
        Ok(id)
    }

    /// The type id of an IR value.
    pub(super) fn type_of(&mut self, v: Inst) -> Result<u32> {
        let t = self
            .m
            .ty(v)
            .ok_or_else(|| Error::malformed("an untyped value", v))?;
        self.type_id(t)
    }

    fn lower_type(&mut self, t: Inst) -> Result<u32> {
        let m = self.m;
        let key = match m.opcode(t) {
            Opcode::Void => TyKey::Void,
            Opcode::Bool => TyKey::Bool,
            Opcode::I32 => TyKey::Int { signed: true },
            Opcode::U32 => TyKey::Int { signed: false },
            Opcode::F32 => TyKey::Float { width: 32 },
            Opcode::F16 => TyKey::Float { width: 16 },
            Opcode::Vec => {
                let (e, n) = m
                    .vec_parts(t)
                    .ok_or_else(|| Error::malformed("a malformed vector type", t))?;
                TyKey::Vector {
                    elem: self.type_id(e)?,
                    n,
                }
            }
            Opcode::Mat => {
                let (c, n) = m
                    .mat_parts(t)
                    .ok_or_else(|| Error::malformed("a malformed matrix type", t))?;
                TyKey::Matrix {
                    col: self.type_id(c)?,
                    n,
                }
            }
            Opcode::Array => {
                let elem = self.type_id(m.operand(t, 0))?;
                let count = m.operand(t, 1);
                let len = self.array_length(count, t)?;
                let stride = m.operand_opt(t, 2).and_then(|s| m.const_u32(s));
                TyKey::Array { elem, len, stride }
            }
            Opcode::RuntimeArray => {
                let elem = self.type_id(m.operand(t, 0))?;
                let stride = m.operand_opt(t, 1).and_then(|s| m.const_u32(s));
                TyKey::RuntimeArray { elem, stride }
            }
            Opcode::Struct => TyKey::Struct(t),
            Opcode::Atomic => return self.type_id(m.operand(t, 0)),
            Opcode::Ptr => {
                let (space, store, _) = m
                    .ptr_parts(t)
                    .ok_or_else(|| Error::malformed("a malformed pointer type", t))?;
                let pointee = self.type_id(store)?;
                TyKey::Pointer {
                    class: storage_class(space) as u32,
                    pointee,
                }
            }
            Opcode::Sampler | Opcode::SamplerComparison => TyKey::Sampler,
            Opcode::TextureSampled
            | Opcode::TextureMultisampled
            | Opcode::TextureDepth
            | Opcode::TextureDepthMultisampled
            | Opcode::TextureStorage
            | Opcode::TextureExternal => TyKey::Image(self.image_key(t)?),
            Opcode::FnType => {
                let (ret, params) = m
                    .fn_parts(t)
                    .ok_or_else(|| Error::malformed("a malformed function type", t))?;
                let ret = self.type_id(ret)?;
                let mut ps = Vec::with_capacity(params.len());
                for p in params {
                    ps.push(self.type_id(p)?);
                }
                TyKey::Function { ret, params: ps }
            }
            Opcode::Buffer | Opcode::RuntimeBuffer => {
                return Err(Error::unsupported(
                    "buffer types (the `buffer_view` language extension) are not supported by the SPIR-V back end",
                    t,
                ));
            }
            other => {
                return Err(Error::malformed(
                    format!("`{}` is not a type the SPIR-V writer knows", other.name()),
                    t,
                ));
            }
        };
        self.key_type(key)
    }

    /// The id of the type with this key, declaring it (and its decorations) on first use.
    pub(super) fn key_type(&mut self, key: TyKey) -> Result<u32> {
        if let Some(&id) = self.ty_cache.get(&key) {
            return Ok(id);
        }
        let id = self.alloc();
        match &key {
            TyKey::Void => self.globals.op(Op::TypeVoid, &[id]),
            TyKey::Bool => self.globals.op(Op::TypeBool, &[id]),
            TyKey::Int { signed } => self.globals.op(Op::TypeInt, &[id, 32, u32::from(*signed)]),
            TyKey::Float { width } => {
                if *width == 16 {
                    self.capability(Capability::Float16);
                }
                self.globals.op(Op::TypeFloat, &[id, *width])
            }
            TyKey::Vector { elem, n } => self.globals.op(Op::TypeVector, &[id, *elem, *n]),
            TyKey::Matrix { col, n } => self.globals.op(Op::TypeMatrix, &[id, *col, *n]),
            TyKey::Array { elem, len, stride } => {
                self.globals.op(Op::TypeArray, &[id, *elem, *len]);
                if let Some(s) = stride {
                    self.annotations
                        .op(Op::Decorate, &[id, Decoration::ArrayStride as u32, *s]);
                }
            }
            TyKey::RuntimeArray { elem, stride } => {
                self.globals.op(Op::TypeRuntimeArray, &[id, *elem]);
                if let Some(s) = stride {
                    self.annotations
                        .op(Op::Decorate, &[id, Decoration::ArrayStride as u32, *s]);
                }
            }
            TyKey::Struct(s) => self.declare_struct(id, *s)?,
            TyKey::Anon(members) => {
                let s = self.globals.begin(Op::TypeStruct);
                self.globals.words.push(id);
                self.globals.words.extend_from_slice(members);
                self.globals.end(s);
            }
            TyKey::Wrapper(inner) => {
                self.globals.op(Op::TypeStruct, &[id, *inner]);
                self.annotations
                    .op(Op::Decorate, &[id, Decoration::Block as u32]);
                self.annotations
                    .op(Op::MemberDecorate, &[id, 0, Decoration::Offset as u32, 0]);
            }
            TyKey::Pointer { class, pointee } => {
                self.globals.op(Op::TypePointer, &[id, *class, *pointee])
            }
            TyKey::Function { ret, params } => {
                let s = self.globals.begin(Op::TypeFunction);
                self.globals.words.extend_from_slice(&[id, *ret]);
                self.globals.words.extend_from_slice(params);
                self.globals.end(s);
            }
            TyKey::Image(k) => {
                self.globals.op(
                    Op::TypeImage,
                    &[
                        id,
                        k.sampled_type,
                        k.dim as u32,
                        u32::from(k.depth),
                        u32::from(k.arrayed),
                        u32::from(k.multisampled),
                        k.sampled,
                        k.format as u32,
                    ],
                );
            }
            TyKey::Sampler => self.globals.op(Op::TypeSampler, &[id]),
            TyKey::SampledImage(img) => self.globals.op(Op::TypeSampledImage, &[id, *img]),
        }
        self.ty_cache.insert(key, id);
        Ok(id)
    }

    fn declare_struct(&mut self, id: u32, s: Inst) -> Result<()> {
        let m = self.m;
        let fields = m.struct_fields(s);
        let mut members = Vec::with_capacity(fields.len());
        for &f in &fields {
            let ft = m
                .ty(f)
                .ok_or_else(|| Error::malformed("an untyped struct member", f))?;
            members.push(self.type_id(ft)?);
        }
        let start = self.globals.begin(Op::TypeStruct);
        self.globals.words.push(id);
        self.globals.words.extend_from_slice(&members);
        self.globals.end(start);
        for (k, &f) in fields.iter().enumerate() {
            if let Some(off) = m.decoration(f, Opcode::DecoOffset) {
                let off = m.const_u32(m.operand(off, 0)).unwrap_or(0);
                self.annotations.op(
                    Op::MemberDecorate,
                    &[id, k as u32, Decoration::Offset as u32, off],
                );
                if let Some(ft) = m.ty(f) {
                    self.matrix_layout(id, k as u32, ft);
                }
            }
            if self.opts.debug_info() {
                if let Some(name) = m.name(f) {
                    self.names
                        .op_str(Op::MemberName, &[id, k as u32], name, &[]);
                }
            }
        }
        if self.opts.debug_info() {
            if let Some(name) = m.name(s) {
                self.names.op_str(Op::Name, &[id], name, &[]);
            }
        }
        Ok(())
    }

    /// `ColMajor` and `MatrixStride` on a struct member holding a matrix, or an array of
    /// them: the stride is the column vector's alignment (WGSL's layout rules).
    pub(super) fn matrix_layout(&mut self, struct_id: u32, member: u32, t: Inst) {
        let m = self.m;
        let mut t = t;
        while matches!(m.opcode(t), Opcode::Array | Opcode::RuntimeArray) {
            t = m.operand(t, 0);
        }
        let Some((col, _)) = m.mat_parts(t) else {
            return;
        };
        let Some((e, rows)) = m.vec_parts(col) else {
            return;
        };
        let scalar = if m.opcode(e) == Opcode::F16 { 2 } else { 4 };
        let stride = scalar * if rows == 2 { 2 } else { 4 };
        self.annotations.op(
            Op::MemberDecorate,
            &[struct_id, member, Decoration::ColMajor as u32],
        );
        self.annotations.op(
            Op::MemberDecorate,
            &[struct_id, member, Decoration::MatrixStride as u32, stride],
        );
    }

    /// The constant id of an array's element count.
    fn array_length(&mut self, count: Inst, array: Inst) -> Result<u32> {
        let m = self.m;
        if m.opcode(count) == Opcode::Constant {
            // OpTypeArray's length is a constant of any integer type; i32 counts are fine.
            return self.constant(count);
        }
        if !m.is_global(count) {
            return Err(Error::malformed(
                "an array count that is not a module-scope value",
                array,
            ));
        }
        self.spec_value(count)
    }

    pub(super) fn image_key(&mut self, t: Inst) -> Result<ImageKey> {
        let info = self.texture_info(t)?;
        let sampled_type = match info.channel {
            1 => self.key_type(TyKey::Int { signed: true })?,
            2 => self.key_type(TyKey::Int { signed: false })?,
            _ => self.key_type(TyKey::Float { width: 32 })?,
        };
        let dim = match info.dim {
            TextureDim::D1 => {
                self.capability(if info.storage {
                    Capability::Image1D
                } else {
                    Capability::Sampled1D
                });
                Dim::Dim1D
            }
            TextureDim::D2 | TextureDim::D2Array => Dim::Dim2D,
            TextureDim::D3 => Dim::Dim3D,
            TextureDim::Cube => Dim::DimCube,
            TextureDim::CubeArray => {
                self.capability(if info.storage {
                    Capability::ImageCubeArray
                } else {
                    Capability::SampledCubeArray
                });
                Dim::DimCube
            }
        };
        let mut format = ImageFormat::Unknown;
        if info.storage {
            let f = TexelFormat::from_u32(self.m.const_u32(self.m.operand(t, 1)).unwrap_or(0))
                .ok_or_else(|| Error::malformed("an unknown texel format", t))?;
            let (spv, extended) = image_format(f);
            if extended {
                self.capability(Capability::StorageImageExtendedFormats);
            }
            format = spv;
            let access = AccessMode::from_u32(self.m.const_u32(self.m.operand(t, 2)).unwrap_or(0));
            if spv == ImageFormat::Unknown {
                if access != Some(AccessMode::Read) {
                    self.capability(Capability::StorageImageWriteWithoutFormat);
                }
                if access != Some(AccessMode::Write) {
                    self.capability(Capability::StorageImageReadWithoutFormat);
                }
            }
        }
        Ok(ImageKey {
            sampled_type,
            dim,
            depth: info.depth,
            arrayed: info.arrayed,
            multisampled: info.multisampled,
            sampled: if info.storage { 2 } else { 1 },
            format,
        })
    }

    pub(super) fn texture_info(&self, t: Inst) -> Result<TextureInfo> {
        let m = self.m;
        let kind = m.opcode(t);
        let dim = if kind == Opcode::TextureExternal {
            TextureDim::D2
        } else {
            m.operand_opt(t, 0)
                .and_then(|d| m.const_u32(d))
                .and_then(TextureDim::from_u32)
                .ok_or_else(|| Error::malformed("a texture type without a dimension", t))?
        };
        let channel = match kind {
            Opcode::TextureSampled | Opcode::TextureMultisampled => {
                match m.operand_opt(t, 1).and_then(|s| m.scalar(s)) {
                    Some(crate::ir::types::Scalar::I32) => 1,
                    Some(crate::ir::types::Scalar::U32) => 2,
                    _ => 0,
                }
            }
            Opcode::TextureStorage => m
                .operand_opt(t, 1)
                .and_then(|f| m.const_u32(f))
                .and_then(TexelFormat::from_u32)
                .map_or(0, TexelFormat::channel_kind),
            Opcode::TextureDepth | Opcode::TextureDepthMultisampled | Opcode::TextureExternal => 0,
            _ => return Err(Error::malformed("not a texture type", t)),
        };
        Ok(TextureInfo {
            dim,
            arrayed: matches!(dim, TextureDim::D2Array | TextureDim::CubeArray),
            depth: matches!(
                kind,
                Opcode::TextureDepth | Opcode::TextureDepthMultisampled
            ),
            multisampled: matches!(
                kind,
                Opcode::TextureMultisampled | Opcode::TextureDepthMultisampled
            ),
            storage: kind == Opcode::TextureStorage,
            channel,
        })
    }

    // ---- scalar and vector helper types ----------------------------------------------

    pub(super) fn bool_type(&mut self) -> Result<u32> {
        self.key_type(TyKey::Bool)
    }
    pub(super) fn u32_type(&mut self) -> Result<u32> {
        self.key_type(TyKey::Int { signed: false })
    }
    pub(super) fn i32_type(&mut self) -> Result<u32> {
        self.key_type(TyKey::Int { signed: true })
    }
    pub(super) fn f32_type(&mut self) -> Result<u32> {
        self.key_type(TyKey::Float { width: 32 })
    }
    pub(super) fn vec_type(&mut self, elem: u32, n: u32) -> Result<u32> {
        if n == 1 {
            return Ok(elem);
        }
        self.key_type(TyKey::Vector { elem, n })
    }
    pub(super) fn pointer_type(&mut self, class: StorageClass, pointee: u32) -> Result<u32> {
        self.key_type(TyKey::Pointer {
            class: class as u32,
            pointee,
        })
    }

    // ---- constants --------------------------------------------------------------------

    pub(super) fn key_const(&mut self, key: ConstKey) -> Result<u32> {
        if let Some(&id) = self.const_cache.get(&key) {
            return Ok(id);
        }
        let id = self.alloc();
        match &key {
            ConstKey::Scalar { ty, bits } => self.globals.op(Op::Constant, &[*ty, id, *bits]),
            ConstKey::Bool(v) => {
                let ty = self.bool_type()?;
                let op = if *v {
                    Op::ConstantTrue
                } else {
                    Op::ConstantFalse
                };
                self.globals.op(op, &[ty, id]);
            }
            ConstKey::Composite { ty, parts } => {
                let s = self.globals.begin(Op::ConstantComposite);
                self.globals.words.extend_from_slice(&[*ty, id]);
                self.globals.words.extend_from_slice(parts);
                self.globals.end(s);
            }
            ConstKey::Null(ty) => self.globals.op(Op::ConstantNull, &[*ty, id]),
            ConstKey::Undef(ty) => self.globals.op(Op::Undef, &[*ty, id]),
        }
        self.const_cache.insert(key, id);
        Ok(id)
    }
    pub(super) fn const_u32(&mut self, v: u32) -> Result<u32> {
        let ty = self.u32_type()?;
        self.key_const(ConstKey::Scalar { ty, bits: v })
    }
    pub(super) fn const_f32(&mut self, v: f32) -> Result<u32> {
        let ty = self.f32_type()?;
        self.key_const(ConstKey::Scalar {
            ty,
            bits: v.to_bits(),
        })
    }
    pub(super) fn null(&mut self, ty: u32) -> Result<u32> {
        self.key_const(ConstKey::Null(ty))
    }
    pub(super) fn undef(&mut self, ty: u32) -> Result<u32> {
        self.key_const(ConstKey::Undef(ty))
    }

    /// A constant of scalar type `ty` (an id) with the given integer value, for the
    /// writer's own polyfills: `ty` is an int or float type id and `v` is converted.
    pub(super) fn const_like(&mut self, scalar_ty: Inst, v: i64) -> Result<u32> {
        let m = self.m;
        let ty = self.type_id(scalar_ty)?;
        let bits = match m.opcode(scalar_ty) {
            Opcode::F32 => (v as f32).to_bits(),
            Opcode::F16 => u32::from(half::f16::from_f32(v as f32).to_bits()),
            Opcode::Bool => return self.key_const(ConstKey::Bool(v != 0)),
            _ => v as u32,
        };
        self.key_const(ConstKey::Scalar { ty, bits })
    }

    /// The id of an IR constant (`constant`, `composite`, `zero`, `undef`).
    pub(super) fn constant(&mut self, c: Inst) -> Result<u32> {
        let known = self.ids[c.index()];
        if known != 0 {
            return Ok(known);
        }
        let m = self.m;
        let ty_inst = m
            .ty(c)
            .ok_or_else(|| Error::malformed("an untyped constant", c))?;
        let ty = self.type_id(ty_inst)?;
        let id = match m.opcode(c) {
            Opcode::Constant => {
                let bits = m.literal(c);
                match m.opcode(ty_inst) {
                    Opcode::Bool => self.key_const(ConstKey::Bool(bits != 0))?,
                    Opcode::F16 => self.key_const(ConstKey::Scalar {
                        ty,
                        bits: bits & 0xFFFF,
                    })?,
                    _ => self.key_const(ConstKey::Scalar { ty, bits })?,
                }
            }
            Opcode::Composite => {
                let mut parts = Vec::with_capacity(m.num_operands(c));
                let mut spec = false;
                for p in m.operands(c) {
                    spec |= !m.opcode(p).is_constant();
                    parts.push(self.global_value(p)?);
                }
                if spec {
                    let id = self.alloc();
                    let s = self.globals.begin(Op::SpecConstantComposite);
                    self.globals.words.extend_from_slice(&[ty, id]);
                    self.globals.words.extend_from_slice(&parts);
                    self.globals.end(s);
                    id
                } else {
                    self.key_const(ConstKey::Composite { ty, parts })?
                }
            }
            Opcode::Zero => self.null(ty)?,
            Opcode::Undef => self.undef(ty)?,
            Opcode::Specialize => {
                return Err(Error::malformed(
                    "a generic was not specialized before the SPIR-V writer",
                    c,
                ));
            }
            other => {
                return Err(Error::malformed(
                    format!("`{}` is not a constant", other.name()),
                    c,
                ));
            }
        };
        self.ids[c.index()] = id;
        Ok(id)
    }

    /// Assigns a `SpecId` to every override: explicit `@id`s are kept, the others get the
    /// smallest ids not taken, in module order.
    pub(super) fn assign_spec_ids(&mut self) {
        let m = self.m;
        let mut overrides: Vec<Inst> = Vec::new();
        for c in m.children(m.root()) {
            if m.opcode(c) == Opcode::Override {
                overrides.push(c);
            }
        }
        let mut taken = crate::util::map::Set::default();
        for &o in &overrides {
            if let Some(d) = m.decoration(o, Opcode::DecoId) {
                if let Some(v) = m.const_u32(m.operand(d, 0)) {
                    taken.insert(v);
                    self.spec_ids.insert(o, v);
                }
            }
        }
        let mut next = 0u32;
        for &o in &overrides {
            if self.spec_ids.contains_key(&o) {
                continue;
            }
            while taken.contains(&next) {
                next += 1;
            }
            taken.insert(next);
            self.spec_ids.insert(o, next);
        }
    }

    /// An override: a specialization constant with its `SpecId` and default value. An
    /// override whose default is an expression of other overrides is that expression.
    fn override_value(&mut self, o: Inst) -> Result<u32> {
        let m = self.m;
        let ty_inst = m
            .ty(o)
            .ok_or_else(|| Error::malformed("an untyped override", o))?;
        let init = m.operand_opt(o, 0);
        if let Some(e) = init.filter(|&e| m.opcode(e) != Opcode::Constant) {
            return self.spec_value(e);
        }
        let ty = self.type_id(ty_inst)?;
        // An array's length must be at least 1 (spirv-val rejects a length of 0); an
        // override without a default that sizes an array defaults to 1, which any value
        // the pipeline gives it replaces.
        let sizes_array = sizes_array(m, o);
        let bits = init.map_or(u32::from(sizes_array), |c| m.literal(c));
        let id = self.alloc();
        if m.opcode(ty_inst) == Opcode::Bool {
            let op = if bits != 0 {
                Op::SpecConstantTrue
            } else {
                Op::SpecConstantFalse
            };
            self.globals.op(op, &[ty, id]);
        } else {
            let bits = if m.opcode(ty_inst) == Opcode::F16 {
                bits & 0xFFFF
            } else {
                bits
            };
            self.globals.op(Op::SpecConstant, &[ty, id, bits]);
        }
        let spec_id = self.spec_ids.get(&o).copied().unwrap_or(0);
        self.annotations
            .op(Op::Decorate, &[id, Decoration::SpecId as u32, spec_id]);
        if self.opts.debug_info() {
            if let Some(name) = m.name(o) {
                self.names.op_str(Op::Name, &[id], name, &[]);
            }
        }
        Ok(id)
    }

    /// A module-scope value that must be a constant instruction: a constant, an override,
    /// or an override expression SPIR-V can write as `OpSpecConstantOp`.
    pub(super) fn spec_value(&mut self, v: Inst) -> Result<u32> {
        let known = self.ids[v.index()];
        if known != 0 {
            return Ok(known);
        }
        let m = self.m;
        let id = match m.opcode(v) {
            op if op.is_constant() => return self.constant(v),
            Opcode::Override => self.override_value(v)?,
            _ => match self.spec_op(v)? {
                Some(id) => id,
                None => {
                    return Err(Error::unsupported(
                        format!(
                            "the override expression `{}` cannot be a SPIR-V specialization constant (only integer and boolean operations can)",
                            m.opcode(v).name()
                        ),
                        v,
                    ));
                }
            },
        };
        self.ids[v.index()] = id;
        Ok(id)
    }

    /// A module-scope value used as an operand: constants, overrides, variables and
    /// override expressions that are specialization constants.
    pub(super) fn global_value(&mut self, v: Inst) -> Result<u32> {
        match self.m.opcode(v) {
            Opcode::Var => self.global_var(v),
            _ => self.spec_value(v),
        }
    }

    /// Writes `v` as `OpSpecConstantOp` if SPIR-V allows its operation there; `None` if it
    /// does not (float arithmetic, builtins).
    fn spec_op(&mut self, v: Inst) -> Result<Option<u32>> {
        let Some((op, operands)) = self.spec_op_form(v)? else {
            return Ok(None);
        };
        let ty = self.type_of(v)?;
        let id = self.alloc();
        let s = self.globals.begin(Op::SpecConstantOp);
        self.globals.words.extend_from_slice(&[ty, id, op as u32]);
        self.globals.words.extend_from_slice(&operands);
        self.globals.end(s);
        Ok(Some(id))
    }

    fn spec_op_form(&mut self, v: Inst) -> Result<Option<(Op, Vec<u32>)>> {
        use crate::ir::types::Scalar;
        let m = self.m;
        let op = m.opcode(v);
        let ops: Vec<Inst> = m.operands(v).collect();
        let Some(ty) = m.ty(v) else { return Ok(None) };
        if m.scalar_or_vec(ty).is_none() {
            return Ok(None);
        }
        let arg_scalar = ops
            .first()
            .and_then(|&a| m.ty(a))
            .and_then(|t| m.scalar_or_vec(t))
            .map(|x| x.0);
        let same_shape = ops.len() == 2 && ops.iter().all(|&a| m.ty(a) == m.ty(ops[0]));
        let spv = match (op, arg_scalar) {
            (_, Some(Scalar::F32 | Scalar::F16)) => return Ok(None),
            (Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Div | Opcode::Rem, Some(s))
                if s.is_int() && same_shape =>
            {
                super::ops::simple_op(op, s)
            }
            (Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Div | Opcode::Rem, _) => None,
            (Opcode::Neg, Some(Scalar::I32)) => Some(Op::SNegate),
            (Opcode::BitNot, _) => Some(Op::Not),
            (Opcode::Not, _) => Some(Op::LogicalNot),
            (Opcode::Select, _) => Some(Op::Select),
            (_, Some(s)) => super::ops::simple_op(op, s),
            _ => None,
        };
        let Some(spv) = spv else {
            return Ok(None);
        };
        let mut words = Vec::with_capacity(ops.len());
        for a in ops {
            match self.spec_value(a) {
                Ok(id) => words.push(id),
                Err(_) => return Ok(None),
            }
        }
        Ok(Some((spv, words)))
    }

    // ---- global variables ------------------------------------------------------------

    /// The storage class and store type of a module-scope variable.
    pub(super) fn var_parts(&self, v: Inst) -> Result<(AddressSpace, Inst, AccessMode)> {
        self.m
            .ty(v)
            .and_then(|t| self.m.ptr_parts(t))
            .ok_or_else(|| Error::malformed("a variable whose type is not a pointer", v))
    }

    /// Whether a buffer variable's store type is wrapped in a `Block` struct (see the
    /// module documentation): every buffer but a struct ending in a runtime-sized array.
    /// Immediate data (`PushConstant`) is a block too, and Vulkan wants it a struct.
    pub(super) fn is_wrapped(&self, v: Inst) -> bool {
        let m = self.m;
        match self.var_parts(v) {
            Ok((
                AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Immediate,
                store,
                _,
            )) => {
                !(m.opcode(store) == Opcode::Struct
                    && m.struct_fields(store)
                        .last()
                        .and_then(|&f| m.ty(f))
                        .is_some_and(|t| m.opcode(t) == Opcode::RuntimeArray))
            }
            _ => false,
        }
    }

    /// The id of a module-scope variable, declaring it on first use.
    pub(super) fn global_var(&mut self, v: Inst) -> Result<u32> {
        let known = self.ids[v.index()];
        if known != 0 {
            return Ok(known);
        }
        let m = self.m;
        let (space, store, access) = self.var_parts(v)?;
        let class = storage_class(space);
        let store_id = self.type_id(store)?;
        let pointee = if matches!(
            space,
            AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Immediate
        ) {
            if self.is_wrapped(v) {
                let w = self.key_type(TyKey::Wrapper(store_id))?;
                if !self.laid_out_wrappers.contains(&w) {
                    self.laid_out_wrappers.insert(w);
                    self.matrix_layout(w, 0, store);
                }
                w
            } else {
                if self.block_structs.insert(store_id) {
                    self.annotations
                        .op(Op::Decorate, &[store_id, Decoration::Block as u32]);
                }
                store_id
            }
        } else {
            store_id
        };
        if self.contains_f16(store) {
            match space {
                AddressSpace::Storage => {
                    self.capability(spirv::Capability::StorageBuffer16BitAccess)
                }
                AddressSpace::Uniform => {
                    self.capability(spirv::Capability::UniformAndStorageBuffer16BitAccess)
                }
                AddressSpace::Immediate => {
                    self.capability(spirv::Capability::StoragePushConstant16)
                }
                _ => {}
            }
        }
        let ptr = self.pointer_type(class, pointee)?;
        let init = match (space, m.operand_opt(v, 0)) {
            (AddressSpace::Private, Some(i)) => match self.spec_value(i) {
                Ok(id) => Some(id),
                Err(_) => {
                    // An initializer SPIR-V cannot make a constant (float math on
                    // overrides): each entry point stores it first thing.
                    self.deferred_inits.push(v);
                    Some(self.null(pointee)?)
                }
            },
            (_, Some(i)) => Some(self.spec_value(i)?),
            (AddressSpace::Private, None) => Some(self.null(pointee)?),
            (AddressSpace::Workgroup, None) if self.opts.zero_initializes_workgroup() => {
                Some(self.null(pointee)?)
            }
            _ => None,
        };
        let id = self.alloc();
        match init {
            Some(i) => self.globals.op(Op::Variable, &[ptr, id, class as u32, i]),
            None => self.globals.op(Op::Variable, &[ptr, id, class as u32]),
        }
        self.ids[v.index()] = id;
        if let Some(g) = m.decoration(v, Opcode::DecoGroup) {
            let g = m.const_u32(m.operand(g, 0)).unwrap_or(0);
            self.annotations
                .op(Op::Decorate, &[id, Decoration::DescriptorSet as u32, g]);
        }
        if let Some(b) = m.decoration(v, Opcode::DecoBinding) {
            let b = m.const_u32(m.operand(b, 0)).unwrap_or(0);
            self.annotations
                .op(Op::Decorate, &[id, Decoration::Binding as u32, b]);
        }
        if space == AddressSpace::Storage && access == AccessMode::Read {
            self.annotations
                .op(Op::Decorate, &[id, Decoration::NonWritable as u32]);
        }
        if m.opcode(store) == Opcode::TextureStorage {
            match AccessMode::from_u32(m.const_u32(m.operand(store, 2)).unwrap_or(0)) {
                Some(AccessMode::Read) => self
                    .annotations
                    .op(Op::Decorate, &[id, Decoration::NonWritable as u32]),
                Some(AccessMode::Write) => self
                    .annotations
                    .op(Op::Decorate, &[id, Decoration::NonReadable as u32]),
                _ => {}
            }
        }
        if self.opts.debug_info() {
            if let Some(name) = m.name(v) {
                self.names.op_str(Op::Name, &[id], name, &[]);
            }
        }
        Ok(id)
    }

    /// Whether a type holds an `f16` anywhere.
    pub(super) fn contains_f16(&self, t: Inst) -> bool {
        let m = self.m;
        let mut work = vec![t];
        let mut steps = 0;
        while let Some(t) = work.pop() {
            steps += 1;
            if steps > 10_000 {
                break;
            }
            match m.opcode(t) {
                Opcode::F16 => return true,
                Opcode::Vec
                | Opcode::Mat
                | Opcode::Array
                | Opcode::RuntimeArray
                | Opcode::Atomic => work.push(m.operand(t, 0)),
                Opcode::Struct => {
                    work.extend(m.struct_fields(t).into_iter().filter_map(|f| m.ty(f)))
                }
                _ => {}
            }
        }
        false
    }
}

/// Whether override `o` is an array's length or part of one (`array<f32, n * 2>`): the
/// override-expressions that use it are followed, each once.
fn sizes_array(m: &crate::ir::Module, o: Inst) -> bool {
    let mut seen = crate::util::map::Set::default();
    let mut work = vec![o];
    while let Some(x) = work.pop() {
        for u in m.uses(x) {
            match m.opcode(u.user) {
                Opcode::Array if u.index == 1 => return true,
                Opcode::Array | Opcode::Struct | Opcode::Block => {}
                // Override-expressions live at module scope, outside any function.
                _ if m.is_global(u.user) && seen.insert(u.user) => work.push(u.user),
                _ => {}
            }
        }
    }
    false
}
