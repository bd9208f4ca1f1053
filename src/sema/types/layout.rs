//! Memory layout (§"Memory Layout"): alignment, size, array stride, structure member
//! offsets, and the layout constraints of the `uniform` address space.
//!
//! Rules:
//! - Layouts are computed once, when a type is interned ([`layout_of_kind`]) or a structure
//!   declared ([`lay_out_struct`]); parts are always laid out before their container.
//! - Sizes are `u64` and saturate: `array<array<f32, 0xffffffff>, 0xffffffff>` has a size
//!   that no buffer can hold, and sema reports that against the limits instead of
//!   overflowing here.
//! - A runtime-sized array reports the size of one element (its stride), which is also the
//!   minimum binding size WebGPU asks for; an override-sized array has no layout until
//!   pipeline creation. A fixed-size `buffer<N>` has size N and, as the spec says its
//!   alignment is irrelevant, alignment 1.
//! - [`check_address_space_layout`] checks RequiredAlignOf for every structure member and
//!   array stride reachable from a store type, plus the extra `uniform` rules when the
//!   `uniform_buffer_standard_layout` language feature is not in effect. It walks with an
//!   explicit stack and visits each type once, so deep or repeated nesting costs linear
//!   time and no recursion.

use crate::util::map::Set;

use super::{
    AddressSpace, ArraySize, BuiltinStruct, NewMember, StructDef, StructMember, TypeId, TypeKind,
    TypeTable,
};
use crate::diag::Span;

/// AlignOf and SizeOf of a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub align: u32,
    pub size: u64,
}

impl Layout {
    /// StrideOf an array of this element type: the size rounded up to the alignment.
    pub fn stride(self) -> u64 {
        round_up(self.align, self.size)
    }
}

/// roundUp(k, n): the smallest multiple of `k` that is at least `n`.
pub fn round_up(k: u32, n: u64) -> u64 {
    if k == 0 {
        return n;
    }
    let k = u64::from(k);
    n.div_ceil(k).saturating_mul(k)
}

/// The layout of a type about to be interned, from the layouts of its parts.
pub(super) fn layout_of_kind(table: &TypeTable, kind: TypeKind) -> Option<Layout> {
    match kind {
        TypeKind::Scalar(s) | TypeKind::Atomic(s) => {
            let size = s.size()?;
            Some(Layout {
                align: size,
                size: u64::from(size),
            })
        }
        TypeKind::Vector { size, scalar } => {
            let s = scalar.size()?;
            let align = if size == 2 { 2 * s } else { 4 * s };
            Some(Layout {
                align,
                size: u64::from(size) * u64::from(s),
            })
        }
        TypeKind::Matrix { cols, rows, scalar } => {
            let s = scalar.size()?;
            let column = Layout {
                align: if rows == 2 { 2 * s } else { 4 * s },
                size: u64::from(rows) * u64::from(s),
            };
            Some(Layout {
                align: column.align,
                size: u64::from(cols) * column.stride(),
            })
        }
        TypeKind::Array { elem, size } => {
            let e = table.layout(elem)?;
            let count = match size {
                ArraySize::Const(n) => u64::from(n),
                ArraySize::Runtime => 1,
                ArraySize::Override(_) | ArraySize::OverrideExpr(_) => return None,
            };
            Some(Layout {
                align: e.align,
                size: count.saturating_mul(e.stride()),
            })
        }
        TypeKind::Struct(id) => table.struct_def(id).layout,
        TypeKind::Buffer(ArraySize::Const(n)) => Some(Layout {
            align: 1,
            size: u64::from(n),
        }),
        TypeKind::Buffer(_)
        | TypeKind::Ptr { .. }
        | TypeKind::Ref { .. }
        | TypeKind::Sampler { .. }
        | TypeKind::Texture(_) => None,
    }
}

/// Lays out a structure's members in order (§"Structure Member Layout").
pub(super) fn lay_out_struct(
    table: &TypeTable,
    name: String,
    span: Span,
    decl: Option<usize>,
    builtin: Option<BuiltinStruct>,
    members: Vec<NewMember>,
) -> StructDef {
    let mut complete = true;
    let mut end = 0u64;
    let mut struct_align = 1u32;
    let mut laid_out = Vec::with_capacity(members.len());
    for m in members {
        let natural = table.layout(m.ty);
        if natural.is_none() {
            complete = false;
        }
        let align = m.explicit_align.or(natural.map(|l| l.align)).unwrap_or(0);
        let size = m
            .explicit_size
            .map(u64::from)
            .or(natural.map(|l| l.size))
            .unwrap_or(0);
        let offset = round_up(align, end);
        end = offset.saturating_add(size);
        struct_align = struct_align.max(align);
        laid_out.push(StructMember {
            name: m.name,
            ty: m.ty,
            span: m.span,
            explicit_align: m.explicit_align,
            explicit_size: m.explicit_size,
            align,
            size,
            offset,
        });
    }
    let layout = complete.then(|| Layout {
        align: struct_align,
        size: round_up(struct_align, end),
    });
    StructDef {
        name,
        members: laid_out,
        span,
        builtin,
        decl,
        layout,
    }
}

/// A violation of an address space's layout constraints
/// (§"Address Space Layout Constraints").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutViolation {
    /// A structure member's offset is not a multiple of RequiredAlignOf its type.
    MemberOffset {
        struct_ty: TypeId,
        member: usize,
        offset: u64,
        required_align: u32,
    },
    /// An array's element stride is not a multiple of RequiredAlignOf its element type, or
    /// (in `uniform` without the standard layout) not a multiple of 16.
    ArrayStride {
        array_ty: TypeId,
        stride: u64,
        required_align: u32,
    },
    /// In `uniform` without the standard layout: a member of structure type is followed by a
    /// member fewer than roundUp(16, SizeOf(S)) bytes after its start.
    UniformStructSpacing {
        struct_ty: TypeId,
        member: usize,
        spacing: u64,
        required: u64,
    },
    /// A runtime-sized array in the `uniform` address space.
    RuntimeArrayInUniform { array_ty: TypeId },
}

impl LayoutViolation {
    /// A message in the user's terms, with types spelled as WGSL spells them.
    pub fn message(&self, table: &TypeTable, space: AddressSpace) -> String {
        let space = space.name();
        match *self {
            LayoutViolation::MemberOffset {
                struct_ty,
                member,
                offset,
                required_align,
            } => {
                let def = table.as_struct(struct_ty);
                let (sname, mname) = def
                    .map(|d| (d.name.as_str(), d.members[member].name.as_str()))
                    .unwrap_or(("?", "?"));
                format!(
                    "member `{mname}` of structure `{sname}` is at offset {offset}, which is \
                     not a multiple of {required_align} as the `{space}` address space requires"
                )
            }
            LayoutViolation::ArrayStride {
                array_ty,
                stride,
                required_align,
            } => format!(
                "`{}` has an element stride of {stride} bytes, which is not a multiple of \
                 {required_align} as the `{space}` address space requires",
                table.name(array_ty)
            ),
            LayoutViolation::UniformStructSpacing {
                struct_ty,
                member,
                spacing,
                required,
            } => {
                let def = table.as_struct(struct_ty);
                let (sname, mname) = def
                    .map(|d| (d.name.as_str(), d.members[member].name.as_str()))
                    .unwrap_or(("?", "?"));
                format!(
                    "member `{mname}` of structure `{sname}` is followed by the next member \
                     {spacing} bytes after its start, but the `{space}` address space requires \
                     at least {required} bytes after a member of structure type"
                )
            }
            LayoutViolation::RuntimeArrayInUniform { array_ty } => format!(
                "runtime-sized array `{}` cannot be used in the `{space}` address space",
                table.name(array_ty)
            ),
        }
    }
}

/// RequiredAlignOf(ty, space).
pub fn required_align_of(
    table: &TypeTable,
    ty: TypeId,
    space: AddressSpace,
    uniform_standard_layout: bool,
) -> Option<u32> {
    let align = table.layout(ty)?.align;
    let strict_uniform = space == AddressSpace::Uniform && !uniform_standard_layout;
    Some(match table.kind(ty) {
        TypeKind::Array { .. } | TypeKind::Struct(_) if strict_uniform => align.max(16),
        _ => align,
    })
}

/// Checks the layout constraints of `space` on every structure and array reachable from
/// `ty`. Returns the first violation found, in a depth-first order that visits a
/// structure's members in declaration order.
pub fn check_address_space_layout(
    table: &TypeTable,
    ty: TypeId,
    space: AddressSpace,
    uniform_standard_layout: bool,
) -> Result<(), LayoutViolation> {
    let strict_uniform = space == AddressSpace::Uniform && !uniform_standard_layout;
    // Type indices: a set of `u32` is a hash table type the package has already.
    let mut seen = Set::<u32>::default();
    let mut stack = vec![ty];
    while let Some(ty) = stack.pop() {
        if !seen.insert(ty.index() as u32) {
            continue;
        }
        match table.kind(ty) {
            TypeKind::Array { elem, size } => {
                if space == AddressSpace::Uniform && size == ArraySize::Runtime {
                    return Err(LayoutViolation::RuntimeArrayInUniform { array_ty: ty });
                }
                if let (Some(e), Some(required)) = (
                    table.layout(elem),
                    required_align_of(table, elem, space, uniform_standard_layout),
                ) {
                    let required = if strict_uniform {
                        required.max(16)
                    } else {
                        required
                    };
                    let stride = e.stride();
                    if stride % u64::from(required) != 0 {
                        return Err(LayoutViolation::ArrayStride {
                            array_ty: ty,
                            stride,
                            required_align: required,
                        });
                    }
                }
                stack.push(elem);
            }
            TypeKind::Struct(id) => {
                let def = table.struct_def(id);
                for (i, m) in def.members.iter().enumerate() {
                    let Some(required) =
                        required_align_of(table, m.ty, space, uniform_standard_layout)
                    else {
                        continue;
                    };
                    if m.offset % u64::from(required) != 0 {
                        return Err(LayoutViolation::MemberOffset {
                            struct_ty: ty,
                            member: i,
                            offset: m.offset,
                            required_align: required,
                        });
                    }
                    if strict_uniform && matches!(table.kind(m.ty), TypeKind::Struct(_)) {
                        if let (Some(next), Some(l)) = (def.members.get(i + 1), table.layout(m.ty))
                        {
                            let required = round_up(16, l.size);
                            let spacing = next.offset - m.offset;
                            if spacing < required {
                                return Err(LayoutViolation::UniformStructSpacing {
                                    struct_ty: ty,
                                    member: i,
                                    spacing,
                                    required,
                                });
                            }
                        }
                    }
                }
                // Push in reverse so members are checked in declaration order.
                for m in def.members.iter().rev() {
                    stack.push(m.ty);
                }
            }
            _ => {}
        }
    }
    Ok(())
}
