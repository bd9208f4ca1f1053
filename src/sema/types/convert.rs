//! Automatic conversions (§"Conversion Rank") and concretization.
//!
//! [`conversion_rank`] is the spec's ConversionRank function, with `None` standing for
//! infinity (no feasible automatic conversion). The only conversions are the Load Rule
//! (a reference with read access to its store type, rank 0) and the conversions of abstract
//! numeric types, scalar by scalar, through vectors, matrices, fixed-size arrays and the
//! builtin result structures of `frexp` and `modf`. The two conversions of pointers to
//! `buffer` types apply only to function call arguments and live in
//! [`argument_conversion_rank`].
//!
//! The concretization of a type is the concrete type of lowest finite rank; because every
//! abstract scalar's cheapest concrete target is fixed (AbstractInt → i32,
//! AbstractFloat → f32), [`concretize`] maps component by component.

use super::{ArraySize, Scalar, TypeId, TypeKind, TypeTable};

/// ConversionRank between two scalar types.
pub fn scalar_rank(src: Scalar, dst: Scalar) -> Option<u32> {
    use Scalar::*;
    Some(match (src, dst) {
        _ if src == dst => 0,
        (AbstractFloat, F32) => 1,
        (AbstractFloat, F16) => 2,
        (AbstractInt, I32) => 3,
        (AbstractInt, U32) => 4,
        (AbstractInt, AbstractFloat) => 5,
        (AbstractInt, F32) => 6,
        (AbstractInt, F16) => 7,
        _ => return None,
    })
}

/// ConversionRank(src, dst); `None` is infinity.
pub fn conversion_rank(table: &TypeTable, src: TypeId, dst: TypeId) -> Option<u32> {
    if src == dst {
        return Some(0);
    }
    match (table.kind(src), table.kind(dst)) {
        (TypeKind::Ref { store, access, .. }, _) => {
            (store == dst && access.can_read()).then_some(0)
        }
        (TypeKind::Scalar(s), TypeKind::Scalar(d)) => scalar_rank(s, d),
        (
            TypeKind::Vector { size, scalar: s },
            TypeKind::Vector {
                size: dsize,
                scalar: d,
            },
        ) if size == dsize => scalar_rank(s, d),
        (
            TypeKind::Matrix {
                cols,
                rows,
                scalar: s,
            },
            TypeKind::Matrix {
                cols: dc,
                rows: dr,
                scalar: d,
            },
        ) if cols == dc && rows == dr => scalar_rank(s, d),
        (
            TypeKind::Array {
                elem: s,
                size: ArraySize::Const(n),
            },
            TypeKind::Array {
                elem: d,
                size: ArraySize::Const(m),
            },
        ) if n == m => conversion_rank(table, s, d),
        (TypeKind::Struct(s), TypeKind::Struct(d)) => {
            let (s, d) = (table.struct_def(s).builtin?, table.struct_def(d).builtin?);
            if !s.scalar().is_abstract() || s.with_scalar(d.scalar()) != d {
                return None;
            }
            match d.scalar() {
                Scalar::F32 => Some(1),
                Scalar::F16 => Some(2),
                _ => None,
            }
        }
        _ => None,
    }
}

/// ConversionRank for a function call argument of type `src` passed to a parameter of type
/// `dst`: [`conversion_rank`] plus the pointer-to-`buffer` conversions, which need the
/// `unrestricted_pointer_parameters` and `buffer_view` language features.
pub fn argument_conversion_rank(table: &TypeTable, src: TypeId, dst: TypeId) -> Option<u32> {
    if let (
        TypeKind::Ptr {
            space: ss,
            store: s,
            access: sa,
        },
        TypeKind::Ptr {
            space: ds,
            store: d,
            access: da,
        },
    ) = (table.kind(src), table.kind(dst))
    {
        if ss == ds && sa == da {
            if let (TypeKind::Buffer(ArraySize::Const(n1)), TypeKind::Buffer(dsize)) =
                (table.kind(s), table.kind(d))
            {
                match dsize {
                    ArraySize::Runtime => return Some(1),
                    ArraySize::Const(n2) if n2 < n1 => return Some(1),
                    _ => {}
                }
            }
        }
    }
    conversion_rank(table, src, dst)
}

/// Whether a value of type `src` may be used where `dst` is expected.
pub fn is_convertible(table: &TypeTable, src: TypeId, dst: TypeId) -> bool {
    conversion_rank(table, src, dst).is_some()
}

/// The concretization of `ty`: AbstractInt becomes i32 and AbstractFloat f32, component by
/// component. Concrete types are returned unchanged; a reference is not concretized.
pub fn concretize(table: &mut TypeTable, ty: TypeId) -> TypeId {
    if !table.is_abstract(ty) {
        return ty;
    }
    match table.kind(ty) {
        TypeKind::Scalar(s) => table.scalar(s.concretize()),
        TypeKind::Vector { size, scalar } => table.vector(size, scalar.concretize()),
        TypeKind::Matrix { cols, rows, scalar } => table.matrix(cols, rows, scalar.concretize()),
        TypeKind::Array { elem, size } => {
            let elem = concretize(table, elem);
            table.array(elem, size)
        }
        TypeKind::Struct(id) => match table.struct_def(id).builtin {
            Some(b) => {
                let concrete = b.with_scalar(b.scalar().concretize());
                table.builtin_struct(concrete)
            }
            None => ty,
        },
        _ => ty,
    }
}

/// `ty` with its scalar component type replaced by `scalar` (for scalars, vectors,
/// matrices and arrays of them, and the frexp/modf result structures); used to convert an
/// abstract type to a chosen concrete one.
pub fn with_scalar(table: &mut TypeTable, ty: TypeId, scalar: Scalar) -> TypeId {
    match table.kind(ty) {
        TypeKind::Scalar(_) => table.scalar(scalar),
        TypeKind::Vector { size, .. } => table.vector(size, scalar),
        TypeKind::Matrix { cols, rows, .. } => table.matrix(cols, rows, scalar),
        TypeKind::Array { elem, size } => {
            let elem = with_scalar(table, elem, scalar);
            table.array(elem, size)
        }
        TypeKind::Struct(id) => match table.struct_def(id).builtin {
            Some(b) => table.builtin_struct(b.with_scalar(scalar)),
            None => ty,
        },
        _ => ty,
    }
}

/// The innermost scalar of a scalar, vector, matrix, or (nested) array of them.
pub fn leaf_scalar(table: &TypeTable, ty: TypeId) -> Option<Scalar> {
    match table.kind(ty) {
        TypeKind::Array { elem, .. } => leaf_scalar(table, elem),
        _ => table.scalar_of(ty),
    }
}
