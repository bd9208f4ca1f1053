//! Sema's types and constant values as IR types and constants.
//!
//! Each sema type maps to one IR type, computed once. References and pointers both
//! become IR pointers. Arrays of host-shareable types carry their byte stride, and
//! host-shareable structures their member offsets, size and alignment, all from sema's
//! layout (a type's layout does not depend on where it lives). Abstract scalars, which
//! only reach here when sema left a discarded constant abstract, concretize to `i32`
//! and `f32` as the spec concretizes them.

use super::{Lowerer, R};
use crate::diag::{Span, codes};
use crate::ir::enums as ie;
use crate::ir::types::Scalar as IrScalar;
use crate::ir::{Opcode, Type, Value};
use crate::sema::consteval::Value as Const;
use crate::sema::types::{
    Access, AddressSpace, ArraySize, Scalar, StructId, TextureDim, TextureKind, TypeId, TypeKind,
};

pub(super) fn scalar(s: Scalar) -> IrScalar {
    match s {
        Scalar::Bool => IrScalar::Bool,
        Scalar::I32 | Scalar::AbstractInt => IrScalar::I32,
        Scalar::U32 => IrScalar::U32,
        Scalar::F32 | Scalar::AbstractFloat => IrScalar::F32,
        Scalar::F16 => IrScalar::F16,
    }
}

pub(super) fn space(s: AddressSpace) -> ie::AddressSpace {
    match s {
        AddressSpace::Function => ie::AddressSpace::Function,
        AddressSpace::Private => ie::AddressSpace::Private,
        AddressSpace::Workgroup => ie::AddressSpace::Workgroup,
        AddressSpace::Uniform => ie::AddressSpace::Uniform,
        AddressSpace::Storage => ie::AddressSpace::Storage,
        AddressSpace::Immediate => ie::AddressSpace::Immediate,
        AddressSpace::Handle => ie::AddressSpace::Handle,
    }
}

pub(super) fn access(a: Access) -> ie::AccessMode {
    match a {
        Access::Read => ie::AccessMode::Read,
        Access::Write => ie::AccessMode::Write,
        Access::ReadWrite => ie::AccessMode::ReadWrite,
    }
}

fn dim(d: TextureDim) -> ie::TextureDim {
    match d {
        TextureDim::D1 => ie::TextureDim::D1,
        TextureDim::D2 => ie::TextureDim::D2,
        TextureDim::D2Array => ie::TextureDim::D2Array,
        TextureDim::D3 => ie::TextureDim::D3,
        TextureDim::Cube => ie::TextureDim::Cube,
        TextureDim::CubeArray => ie::TextureDim::CubeArray,
    }
}

impl Lowerer<'_, '_> {
    /// The IR type of a sema type.
    pub(super) fn ty(&mut self, t: TypeId) -> R<Type> {
        if let Some(x) = self.types.get(t.index()).copied().flatten() {
            return Ok(x);
        }
        let x = self.ty_uncached(t)?;
        if let Some(slot) = self.types.get_mut(t.index()) {
            *slot = Some(x);
        }
        Ok(x)
    }

    /// The IR type of an expression's sema type (after concretization, before the Load
    /// Rule).
    pub(super) fn expr_ty(&mut self, e: crate::syntax::ast::ExprId) -> R<Type> {
        match self.p.type_of(e) {
            Some(t) => self.ty(t),
            None => Err(self.internal(self.expr_span(e), "an expression without a type")),
        }
    }

    fn ty_uncached(&mut self, t: TypeId) -> R<Type> {
        let b = &mut self.b;
        Ok(match self.p.types.kind(t) {
            TypeKind::Scalar(s) => b.ty_scalar(scalar(s)),
            TypeKind::Vector { size, scalar: s } => {
                let e = b.ty_scalar(scalar(s));
                b.ty_vec(e, u32::from(size))
            }
            TypeKind::Matrix {
                cols,
                rows,
                scalar: s,
            } => {
                let e = b.ty_scalar(scalar(s));
                let col = b.ty_vec(e, u32::from(rows));
                b.ty_mat(col, u32::from(cols))
            }
            TypeKind::Atomic(s) => {
                let e = b.ty_scalar(scalar(s));
                b.ty_atomic(e)
            }
            TypeKind::Array { elem, size } => self.array_type(t, elem, size)?,
            TypeKind::Struct(id) => self.struct_type(t, id)?,
            TypeKind::Ptr {
                space: s,
                store,
                access: a,
            }
            | TypeKind::Ref {
                space: s,
                store,
                access: a,
            } => {
                let st = self.ty(store)?;
                self.b.ty_ptr(space(s), st, access(a))
            }
            TypeKind::Sampler { comparison } => b.ty_sampler(comparison),
            TypeKind::Texture(k) => self.texture_type(k),
            TypeKind::Buffer(size) => match size {
                ArraySize::Const(n) => b.ty_buffer(Some(n)),
                ArraySize::Runtime => b.ty_buffer(None),
                ArraySize::Override(_) | ArraySize::OverrideExpr(_) => {
                    return Err(self.error(
                        codes::LOWER_UNSUPPORTED,
                        Span::DETACHED,
                        format!(
                            "the IR cannot express `{}`: a buffer's size must be a constant",
                            self.p.types.name(t)
                        ),
                        "cannot be lowered",
                    ));
                }
            },
        })
    }

    fn texture_type(&mut self, k: TextureKind) -> Type {
        let b = &mut self.b;
        match k {
            TextureKind::Sampled { dim: d, sampled } => {
                let s = b.ty_scalar(scalar(sampled));
                b.ty_texture_sampled(dim(d), s)
            }
            TextureKind::Multisampled { sampled } => {
                let s = b.ty_scalar(scalar(sampled));
                b.ty_texture_multisampled(ie::TextureDim::D2, s)
            }
            TextureKind::Depth { dim: d } => b.ty_texture_depth(dim(d), false),
            TextureKind::DepthMultisampled => b.ty_texture_depth(ie::TextureDim::D2, true),
            TextureKind::Storage {
                dim: d,
                format,
                access: a,
            } => {
                // Sema's and the IR's format lists are both the spec's, by name.
                let f = ie::TexelFormat::from_name(format.name())
                    .unwrap_or(ie::TexelFormat::Rgba8unorm);
                b.ty_texture_storage(dim(d), f, access(a))
            }
            TextureKind::External => b.ty_texture_external(),
        }
    }

    /// The byte stride of an array of `elem`, when the array is host-shareable.
    fn stride(&mut self, array: TypeId, elem: TypeId) -> R<Option<u32>> {
        if !self.p.types.is_host_shareable(array) {
            return Ok(None);
        }
        let Some(layout) = self.p.types.layout(elem) else {
            return Ok(None);
        };
        self.fits_u32(layout.stride(), array).map(Some)
    }

    fn fits_u32(&mut self, n: u64, ty: TypeId) -> R<u32> {
        u32::try_from(n).map_err(|_| {
            self.error(
                codes::LOWER_LIMIT,
                Span::DETACHED,
                format!(
                    "`{}` is too large for the IR: its layout needs {n}, past 32 bits",
                    self.p.types.name(ty)
                ),
                "cannot be lowered",
            )
        })
    }

    fn array_type(&mut self, t: TypeId, elem: TypeId, size: ArraySize) -> R<Type> {
        let e = self.ty(elem)?;
        let stride = self.stride(t, elem)?;
        Ok(match size {
            ArraySize::Const(n) => self.b.ty_array_n(e, n, stride),
            ArraySize::Runtime => self.b.ty_runtime_array(e, stride),
            ArraySize::Override(decl) => {
                let Some(o) = self.decls.get(decl as usize).copied().flatten() else {
                    return Err(self.internal(
                        Span::DETACHED,
                        "an array sized by an override lowered before the override",
                    ));
                };
                self.b.ty_array(e, o, stride)
            }
            ArraySize::OverrideExpr(count) => {
                let c = self.module_expr(count)?;
                self.b.ty_array(e, c.inst(), stride)
            }
        })
    }

    fn struct_type(&mut self, t: TypeId, id: StructId) -> R<Type> {
        let p = self.p;
        let def = p.types.struct_def(id);
        let mut fields = Vec::with_capacity(def.members.len());
        for m in &def.members {
            fields.push((m.name.as_str(), self.ty(m.ty)?));
        }
        let s = self.b.ty_struct(&def.name, &fields);
        if !def.span.is_detached() {
            self.b.module.set_span(s.inst(), def.span);
        }
        let layout = def
            .layout
            .filter(|_| def.builtin.is_none() && p.types.is_host_shareable(t));
        let field_insts = self.b.module.children_vec(s.inst());
        for (&f, m) in field_insts.iter().zip(&def.members) {
            if !m.span.is_detached() {
                self.b.module.set_span(f, m.span);
            }
            if layout.is_some() {
                let offset = self.fits_u32(m.offset, t)?;
                self.b.decorate_u32(f, Opcode::DecoOffset, &[offset]);
            }
        }
        if let Some(l) = layout {
            let size = self.fits_u32(l.size, t)?;
            self.b.decorate_u32(s.inst(), Opcode::DecoSize, &[size]);
            self.b.decorate_u32(s.inst(), Opcode::DecoAlign, &[l.align]);
        }
        Ok(s)
    }

    /// The scalar constant of kind `s` with literal `bits`. The module's table finds a
    /// constant through two lookups (its type's, then its own); lowering makes the same
    /// few constants over and over (member indices, `0.0`, `1.0`) and removes nothing,
    /// so each is looked up there once and then found here, the same instruction.
    pub(super) fn scalar_const(&mut self, s: IrScalar, bits: u32) -> Value {
        let key = (s as usize, bits);
        if let Some(&v) = self.scalars.get(&key) {
            return v;
        }
        let ty = self.b.ty_scalar(s);
        let v = self.b.const_scalar(ty, bits);
        self.scalars.insert(key, v);
        v
    }

    /// A constant value as an IR constant.
    pub(super) fn constant(&mut self, v: &Const) -> R<Value> {
        Ok(match *v {
            Const::Bool(x) => self.scalar_const(IrScalar::Bool, u32::from(x)),
            Const::I32(x) => self.scalar_const(IrScalar::I32, x as u32),
            Const::U32(x) => self.scalar_const(IrScalar::U32, x),
            Const::F32(x) => self.scalar_const(IrScalar::F32, x.to_bits()),
            Const::F16(x) => self.scalar_const(IrScalar::F16, u32::from(x.to_bits())),
            // Only a constant sema left abstract gets here; concretize it.
            Const::AbstractInt(x) => self.scalar_const(IrScalar::I32, x as i32 as u32),
            Const::AbstractFloat(x) => self.scalar_const(IrScalar::F32, (x as f32).to_bits()),
            Const::Zero(t) => {
                let t = self.ty(t)?;
                self.b.zero(t)
            }
            Const::Composite(t, ref parts) => {
                // Parts are shared between copies of a value: lower each shared list once.
                let key = (parts.as_ptr() as usize, t.index() as u32);
                if let Some(&c) = self.composites.get(&key) {
                    return Ok(c);
                }
                let ty = self.ty(t)?;
                let mut ops = Vec::with_capacity(parts.len());
                for part in parts.iter() {
                    ops.push(self.constant(part)?);
                }
                let c = self.b.const_composite(ty, &ops);
                self.composites.insert(key, c);
                c
            }
        })
    }
}
