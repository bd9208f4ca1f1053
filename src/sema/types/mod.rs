//! The WGSL type system: one interned table of every type a module mentions.
//!
//! Rules of this table:
//! - **Interned, typed ids.** Every type is a [`TypeKind`] stored once in a [`TypeTable`]
//!   and named by a [`TypeId`]; asking for `vec4<f32>` twice gives the same id, so type
//!   equality is id equality. Structures are nominal: each declaration gets its own
//!   [`StructId`] and two structures are the same type only if they are the same
//!   declaration (WGSL §"Structure Types").
//! - **Facts are computed once.** When a type is interned its properties (abstract,
//!   constructible, host-shareable, creation-fixed footprint, …; see [`TypeFlags`]) and its
//!   memory layout (alignment and size, §"Memory Layout") are computed from its parts, which
//!   are always interned first. Queries are then O(1).
//! - **Every type of the spec is here**, including the ones that cannot be written in
//!   source: the abstract numeric types, reference types, and the result structures of
//!   `frexp`, `modf` and `atomicCompareExchangeWeak`.
//! - **Types are spelled as WGSL spells them** by [`TypeTable::name`]: `vec4<f32>`, not
//!   `vec4f`; `ptr<storage, S, read_write>` with the access mode always written; the
//!   abstract types as the spec names them, `AbstractInt` and `AbstractFloat`.
//!
//! Conversion rank and concretization live in [`convert`]; memory layout and the address
//! space layout constraints in [`layout`].

pub mod convert;
pub mod layout;

use crate::util::map::Map;
use std::fmt::Write as _;

use crate::diag::Span;
use crate::syntax::ast::ExprId;

pub use layout::{Layout, LayoutViolation};

crate::entity_id! {
    /// A type in a [`TypeTable`].
    pub struct TypeId;
}

crate::entity_id! {
    /// A structure type in a [`TypeTable`]: one per `struct` declaration, plus one per
    /// builtin result structure that the module uses.
    pub struct StructId;
}

/// The scalar types, including the two abstract numeric types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    Bool,
    AbstractInt,
    AbstractFloat,
    I32,
    U32,
    F32,
    F16,
}

impl Scalar {
    pub const ALL: [Scalar; 7] = [
        Scalar::Bool,
        Scalar::AbstractInt,
        Scalar::AbstractFloat,
        Scalar::I32,
        Scalar::U32,
        Scalar::F32,
        Scalar::F16,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::AbstractInt => "AbstractInt",
            Scalar::AbstractFloat => "AbstractFloat",
            Scalar::I32 => "i32",
            Scalar::U32 => "u32",
            Scalar::F32 => "f32",
            Scalar::F16 => "f16",
        }
    }

    pub fn is_abstract(self) -> bool {
        matches!(self, Scalar::AbstractInt | Scalar::AbstractFloat)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::AbstractFloat | Scalar::F32 | Scalar::F16)
    }

    pub fn is_integer(self) -> bool {
        matches!(self, Scalar::AbstractInt | Scalar::I32 | Scalar::U32)
    }

    pub fn is_signed_integer(self) -> bool {
        matches!(self, Scalar::AbstractInt | Scalar::I32)
    }

    pub fn is_numeric(self) -> bool {
        self != Scalar::Bool
    }

    /// The concrete scalar an abstract one concretizes to (i32, f32); itself otherwise.
    pub fn concretize(self) -> Scalar {
        match self {
            Scalar::AbstractInt => Scalar::I32,
            Scalar::AbstractFloat => Scalar::F32,
            s => s,
        }
    }

    /// Byte size and alignment (they are equal for scalars); `None` for abstract types.
    pub fn size(self) -> Option<u32> {
        match self {
            Scalar::Bool | Scalar::I32 | Scalar::U32 | Scalar::F32 => Some(4),
            Scalar::F16 => Some(2),
            Scalar::AbstractInt | Scalar::AbstractFloat => None,
        }
    }

    /// The bit width of an integer scalar.
    pub fn bit_width(self) -> u32 {
        match self {
            Scalar::AbstractInt => 64,
            Scalar::F16 => 16,
            _ => 32,
        }
    }
}

/// An address space (§"Address Spaces"). `Handle` is never written in source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressSpace {
    Function,
    Private,
    Workgroup,
    Uniform,
    Storage,
    Immediate,
    Handle,
}

impl AddressSpace {
    pub fn name(self) -> &'static str {
        match self {
            AddressSpace::Function => "function",
            AddressSpace::Private => "private",
            AddressSpace::Workgroup => "workgroup",
            AddressSpace::Uniform => "uniform",
            AddressSpace::Storage => "storage",
            AddressSpace::Immediate => "immediate",
            AddressSpace::Handle => "handle",
        }
    }

    /// The address space a predeclared enumerant names; `handle` is not one.
    pub fn from_name(name: &str) -> Option<AddressSpace> {
        Some(match name {
            "function" => AddressSpace::Function,
            "private" => AddressSpace::Private,
            "workgroup" => AddressSpace::Workgroup,
            "uniform" => AddressSpace::Uniform,
            "storage" => AddressSpace::Storage,
            "immediate" => AddressSpace::Immediate,
            _ => return None,
        })
    }

    /// The access mode used when none is written.
    pub fn default_access(self) -> Access {
        match self {
            AddressSpace::Function | AddressSpace::Private | AddressSpace::Workgroup => {
                Access::ReadWrite
            }
            AddressSpace::Uniform
            | AddressSpace::Storage
            | AddressSpace::Immediate
            | AddressSpace::Handle => Access::Read,
        }
    }

    /// Whether source may write an access mode for this space: only for `storage`.
    pub fn access_may_be_written(self) -> bool {
        self == AddressSpace::Storage
    }

    /// Whether memory views in this space may have `access`.
    pub fn supports_access(self, access: Access) -> bool {
        match self {
            AddressSpace::Storage => matches!(access, Access::Read | Access::ReadWrite),
            other => access == other.default_access(),
        }
    }

    /// The spaces whose layout is observable by the host, where store types must be
    /// host-shareable.
    pub fn is_host_shared(self) -> bool {
        matches!(
            self,
            AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Immediate
        )
    }
}

/// An access mode (§"Memory Access Mode").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Access {
    Read,
    Write,
    ReadWrite,
}

impl Access {
    pub fn name(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::ReadWrite => "read_write",
        }
    }

    pub fn from_name(name: &str) -> Option<Access> {
        Some(match name {
            "read" => Access::Read,
            "write" => Access::Write,
            "read_write" => Access::ReadWrite,
            _ => return None,
        })
    }

    pub fn can_read(self) -> bool {
        self != Access::Write
    }

    pub fn can_write(self) -> bool {
        self != Access::Read
    }
}

macro_rules! texel_formats {
    ($($variant:ident = $name:literal, $channel:ident, $tier1:literal;)*) => {
        /// A texel format of a storage texture (§"Texel Formats").
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum TexelFormat { $($variant,)* }

        impl TexelFormat {
            pub const ALL: &'static [TexelFormat] = &[$(TexelFormat::$variant,)*];

            /// The names, in declaration order: one table for [`Self::name`] and
            /// [`Self::from_name`].
            const NAMES: &'static [&'static str; Self::ALL.len()] = &[$($name,)*];

            pub fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            pub fn from_name(name: &str) -> Option<TexelFormat> {
                const ORDER: [u8; TexelFormat::ALL.len()] = crate::util::names::sorted_order(TexelFormat::NAMES);
                crate::util::names::find(Self::NAMES, &ORDER, name).map(|i| Self::ALL[i])
            }

            /// The scalar of the shader value a texel reads as (`vec4<S>`).
            pub fn channel_type(self) -> Scalar {
                match self { $(TexelFormat::$variant => Scalar::$channel,)* }
            }

            /// Whether the format needs the `texture_formats_tier1` language feature.
            pub fn requires_tier1(self) -> bool {
                match self { $(TexelFormat::$variant => $tier1,)* }
            }
        }
    };
}

texel_formats! {
    Rgba8Unorm = "rgba8unorm", F32, false;
    Rgba8Snorm = "rgba8snorm", F32, false;
    Rgba8Uint = "rgba8uint", U32, false;
    Rgba8Sint = "rgba8sint", I32, false;
    Rgba16Unorm = "rgba16unorm", F32, true;
    Rgba16Snorm = "rgba16snorm", F32, true;
    Rgba16Uint = "rgba16uint", U32, false;
    Rgba16Sint = "rgba16sint", I32, false;
    Rgba16Float = "rgba16float", F32, false;
    Rg8Unorm = "rg8unorm", F32, true;
    Rg8Snorm = "rg8snorm", F32, true;
    Rg8Uint = "rg8uint", U32, true;
    Rg8Sint = "rg8sint", I32, true;
    Rg16Unorm = "rg16unorm", F32, true;
    Rg16Snorm = "rg16snorm", F32, true;
    Rg16Uint = "rg16uint", U32, true;
    Rg16Sint = "rg16sint", I32, true;
    Rg16Float = "rg16float", F32, true;
    R32Uint = "r32uint", U32, false;
    R32Sint = "r32sint", I32, false;
    R32Float = "r32float", F32, false;
    Rg32Uint = "rg32uint", U32, false;
    Rg32Sint = "rg32sint", I32, false;
    Rg32Float = "rg32float", F32, false;
    Rgba32Uint = "rgba32uint", U32, false;
    Rgba32Sint = "rgba32sint", I32, false;
    Rgba32Float = "rgba32float", F32, false;
    Bgra8Unorm = "bgra8unorm", F32, false;
    R8Unorm = "r8unorm", F32, true;
    R8Snorm = "r8snorm", F32, true;
    R8Uint = "r8uint", U32, true;
    R8Sint = "r8sint", I32, true;
    R16Unorm = "r16unorm", F32, true;
    R16Snorm = "r16snorm", F32, true;
    R16Uint = "r16uint", U32, true;
    R16Sint = "r16sint", I32, true;
    R16Float = "r16float", F32, true;
    Rgb10a2Unorm = "rgb10a2unorm", F32, true;
    Rgb10a2Uint = "rgb10a2uint", U32, true;
    Rg11b10Ufloat = "rg11b10ufloat", F32, true;
}

/// The dimensionality and arrayedness of a texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TextureDim {
    D1,
    D2,
    D2Array,
    D3,
    Cube,
    CubeArray,
}

impl TextureDim {
    /// The suffix in type names: `2d_array` in `texture_2d_array`.
    pub fn suffix(self) -> &'static str {
        match self {
            TextureDim::D1 => "1d",
            TextureDim::D2 => "2d",
            TextureDim::D2Array => "2d_array",
            TextureDim::D3 => "3d",
            TextureDim::Cube => "cube",
            TextureDim::CubeArray => "cube_array",
        }
    }

    pub fn is_arrayed(self) -> bool {
        matches!(self, TextureDim::D2Array | TextureDim::CubeArray)
    }

    /// Number of components of a texel coordinate (cube coordinates are 3D directions).
    pub fn coordinate_width(self) -> u8 {
        match self {
            TextureDim::D1 => 1,
            TextureDim::D2 | TextureDim::D2Array => 2,
            TextureDim::D3 | TextureDim::Cube | TextureDim::CubeArray => 3,
        }
    }

    /// Number of components of `textureDimensions`' result.
    pub fn dimensions_width(self) -> u8 {
        match self {
            TextureDim::D1 => 1,
            TextureDim::D2 | TextureDim::D2Array | TextureDim::Cube | TextureDim::CubeArray => 2,
            TextureDim::D3 => 3,
        }
    }
}

/// Every texture type (§"Texture and Sampler Types").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TextureKind {
    /// `texture_1d<T>` … `texture_cube_array<T>`; `sampled` is f32, i32 or u32.
    Sampled { dim: TextureDim, sampled: Scalar },
    /// `texture_multisampled_2d<T>`.
    Multisampled { sampled: Scalar },
    /// `texture_depth_2d`, `texture_depth_2d_array`, `texture_depth_cube`,
    /// `texture_depth_cube_array`.
    Depth { dim: TextureDim },
    /// `texture_depth_multisampled_2d`.
    DepthMultisampled,
    /// `texture_storage_1d<F, A>` … `texture_storage_3d<F, A>`.
    Storage {
        dim: TextureDim,
        format: TexelFormat,
        access: Access,
    },
    /// `texture_external`.
    External,
}

impl TextureKind {
    pub fn dim(self) -> TextureDim {
        match self {
            TextureKind::Sampled { dim, .. }
            | TextureKind::Depth { dim }
            | TextureKind::Storage { dim, .. } => dim,
            TextureKind::Multisampled { .. }
            | TextureKind::DepthMultisampled
            | TextureKind::External => TextureDim::D2,
        }
    }

    pub fn is_multisampled(self) -> bool {
        matches!(
            self,
            TextureKind::Multisampled { .. } | TextureKind::DepthMultisampled
        )
    }

    pub fn is_depth(self) -> bool {
        matches!(
            self,
            TextureKind::Depth { .. } | TextureKind::DepthMultisampled
        )
    }
}

/// How a fixed-size array's element count (or a fixed-size buffer's byte size) is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ArraySize {
    /// A const-expression, already evaluated (always > 0).
    Const(u32),
    /// An override-expression that is an identifier naming an `override` declaration; two
    /// such arrays are the same type when they name the same declaration. The number is the
    /// declaration's index in the module.
    Override(u32),
    /// Any other override-expression: each occurrence is its own type.
    OverrideExpr(ExprId),
    /// A runtime-sized array (`array<E>`) or buffer (`buffer`).
    Runtime,
}

impl ArraySize {
    pub fn is_override(self) -> bool {
        matches!(self, ArraySize::Override(_) | ArraySize::OverrideExpr(_))
    }
}

/// A type, as stored in the table. Parts are ids of already interned types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Scalar(Scalar),
    /// `vecN<S>`, N in 2..=4.
    Vector {
        size: u8,
        scalar: Scalar,
    },
    /// `matCxR<S>`: `cols` columns of `vecR<S>`.
    Matrix {
        cols: u8,
        rows: u8,
        scalar: Scalar,
    },
    /// `atomic<i32>` or `atomic<u32>`.
    Atomic(Scalar),
    Array {
        elem: TypeId,
        size: ArraySize,
    },
    Struct(StructId),
    Ptr {
        space: AddressSpace,
        store: TypeId,
        access: Access,
    },
    /// A reference: the type of a memory view expression; never written in source.
    Ref {
        space: AddressSpace,
        store: TypeId,
        access: Access,
    },
    /// `sampler` or `sampler_comparison`.
    Sampler {
        comparison: bool,
    },
    Texture(TextureKind),
    /// `buffer<N>` or `buffer` (the `buffer_view` language feature).
    Buffer(ArraySize),
}

/// The builtin structures that builtin functions return and source cannot spell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BuiltinStruct {
    /// `__frexp_result_{f32,f16,abstract}` (`width` 1) or `__frexp_result_vecN_…`.
    Frexp { scalar: Scalar, width: u8 },
    /// `__modf_result_…`, shaped like `Frexp`.
    Modf { scalar: Scalar, width: u8 },
    /// `__atomic_compare_exchange_result_{i32,u32}`.
    AtomicCompareExchange { scalar: Scalar },
}

impl BuiltinStruct {
    /// A number for each structure (the table of those made keys on it).
    fn key(self) -> u32 {
        let (kind, scalar, width) = match self {
            BuiltinStruct::Frexp { scalar, width } => (0, scalar, width),
            BuiltinStruct::Modf { scalar, width } => (1, scalar, width),
            BuiltinStruct::AtomicCompareExchange { scalar } => (2, scalar, 0),
        };
        (kind << 16) | ((scalar as u32) << 8) | u32::from(width)
    }

    pub fn name(self) -> String {
        let (prefix, scalar, width) = match self {
            BuiltinStruct::Frexp { scalar, width } => ("__frexp_result", scalar, width),
            BuiltinStruct::Modf { scalar, width } => ("__modf_result", scalar, width),
            BuiltinStruct::AtomicCompareExchange { scalar } => {
                ("__atomic_compare_exchange_result", scalar, 1)
            }
        };
        let scalar_name = if scalar.is_abstract() {
            "abstract"
        } else {
            scalar.name()
        };
        if width == 1 {
            format!("{prefix}_{scalar_name}")
        } else {
            format!("{prefix}_vec{width}_{scalar_name}")
        }
    }

    /// The same structure with its abstract scalar replaced.
    pub fn with_scalar(self, scalar: Scalar) -> BuiltinStruct {
        match self {
            BuiltinStruct::Frexp { width, .. } => BuiltinStruct::Frexp { scalar, width },
            BuiltinStruct::Modf { width, .. } => BuiltinStruct::Modf { scalar, width },
            BuiltinStruct::AtomicCompareExchange { .. } => {
                BuiltinStruct::AtomicCompareExchange { scalar }
            }
        }
    }

    pub fn scalar(self) -> Scalar {
        match self {
            BuiltinStruct::Frexp { scalar, .. }
            | BuiltinStruct::Modf { scalar, .. }
            | BuiltinStruct::AtomicCompareExchange { scalar } => scalar,
        }
    }
}

/// One member of a structure, with its resolved layout.
#[derive(Clone, Debug)]
pub struct StructMember {
    pub name: String,
    pub ty: TypeId,
    /// The member's name in source; detached for builtin structures.
    pub span: Span,
    /// `@align(n)`, when written.
    pub explicit_align: Option<u32>,
    /// `@size(n)`, when written.
    pub explicit_size: Option<u32>,
    /// AlignOfMember, SizeOfMember and OffsetOfMember; zero when the member type has no
    /// layout (the structure is then invalid and sema has said so).
    pub align: u32,
    pub size: u64,
    pub offset: u64,
}

/// A structure type.
#[derive(Clone, Debug)]
pub struct StructDef {
    pub name: String,
    pub members: Vec<StructMember>,
    /// The structure's name in source; detached for builtin structures.
    pub span: Span,
    /// Which builtin structure this is, if it is one.
    pub builtin: Option<BuiltinStruct>,
    /// The declaration's index in the module, for user structures.
    pub decl: Option<usize>,
    /// The structure's layout, when all its members have one.
    pub layout: Option<Layout>,
}

impl StructDef {
    /// The members' types, in order (one loop for every place that lists them).
    pub fn member_types(&self) -> Vec<TypeId> {
        let mut out = Vec::with_capacity(self.members.len());
        for m in &self.members {
            out.push(m.ty);
        }
        out
    }

    pub fn member(&self, name: &str) -> Option<(usize, &StructMember)> {
        self.members
            .iter()
            .enumerate()
            .find(|(_, m)| m.name == name)
    }
}

/// A member of a structure being declared, before layout.
#[derive(Clone, Debug)]
pub struct NewMember {
    pub name: String,
    pub ty: TypeId,
    pub span: Span,
    pub explicit_align: Option<u32>,
    pub explicit_size: Option<u32>,
}

/// Properties of a type, computed when it is interned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypeFlags(u16);

impl TypeFlags {
    /// Is or contains an abstract numeric type.
    pub const ABSTRACT: TypeFlags = TypeFlags(1 << 0);
    /// Scalar, vector, matrix, atomic, array or structure.
    pub const PLAIN: TypeFlags = TypeFlags(1 << 1);
    pub const CONSTRUCTIBLE: TypeFlags = TypeFlags(1 << 2);
    pub const CREATION_FIXED_FOOTPRINT: TypeFlags = TypeFlags(1 << 3);
    pub const FIXED_FOOTPRINT: TypeFlags = TypeFlags(1 << 4);
    pub const STORABLE: TypeFlags = TypeFlags(1 << 5);
    pub const HOST_SHAREABLE: TypeFlags = TypeFlags(1 << 6);
    pub const CONTAINS_ATOMIC: TypeFlags = TypeFlags(1 << 7);
    pub const CONTAINS_RUNTIME_ARRAY: TypeFlags = TypeFlags(1 << 8);
    pub const CONTAINS_F16: TypeFlags = TypeFlags(1 << 9);
    pub const CONTAINS_BOOL: TypeFlags = TypeFlags(1 << 10);
    pub const CONTAINS_OVERRIDE_SIZED_ARRAY: TypeFlags = TypeFlags(1 << 11);

    pub fn contains(self, other: TypeFlags) -> bool {
        self.0 & other.0 == other.0
    }

    fn insert(&mut self, other: TypeFlags) {
        self.0 |= other.0;
    }

    fn set(&mut self, other: TypeFlags, on: bool) {
        if on {
            self.insert(other);
        }
    }

    /// The flags a container inherits from a part ("contains …").
    fn inherited(self) -> TypeFlags {
        TypeFlags(
            self.0
                & (Self::ABSTRACT.0
                    | Self::CONTAINS_ATOMIC.0
                    | Self::CONTAINS_RUNTIME_ARRAY.0
                    | Self::CONTAINS_F16.0
                    | Self::CONTAINS_BOOL.0
                    | Self::CONTAINS_OVERRIDE_SIZED_ARRAY.0),
        )
    }
}

/// The interned table of types.
#[derive(Clone, Debug)]
pub struct TypeTable {
    kinds: Vec<TypeKind>,
    flags: Vec<TypeFlags>,
    layouts: Vec<Option<Layout>>,
    /// The largest constant element count of any array inside each type (0: none),
    /// worked out once when the type is interned: asking it by walking the type would
    /// cost time exponential in the nesting of structures that repeat a member type.
    largest_arrays: Vec<u32>,
    /// The number of scalars in a value of each type (saturating), for the same reason.
    scalar_counts: Vec<u64>,
    map: Map<TypeKind, TypeId>,
    structs: Vec<StructDef>,
    /// The builtin structures made, by [`BuiltinStruct::key`], with their [`StructId`]s.
    builtin_structs: Map<u32, u32>,
    /// How to spell override-sized array counts: the override's name or the expression.
    override_spellings: Map<ArraySize, String>,
    scalars: [TypeId; 7],
    /// The overload resolutions made against this table.
    memo: crate::sema::builtins::resolve::Memo,
}

impl Default for TypeTable {
    fn default() -> Self {
        Self::new()
    }
}

impl TypeTable {
    pub fn new() -> Self {
        let mut table = TypeTable {
            kinds: Vec::new(),
            flags: Vec::new(),
            layouts: Vec::new(),
            largest_arrays: Vec::new(),
            scalar_counts: Vec::new(),
            map: Map::default(),
            structs: Vec::new(),
            builtin_structs: Map::default(),
            override_spellings: Map::default(),
            scalars: [TypeId::from_index(0); 7],
            memo: Default::default(),
        };
        for (i, s) in Scalar::ALL.into_iter().enumerate() {
            table.scalars[i] = table.intern(TypeKind::Scalar(s));
        }
        table
    }

    /// The id of `kind`, interning it on first sight. The parts of `kind` must be ids of
    /// this table.
    pub fn intern(&mut self, kind: TypeKind) -> TypeId {
        if let Some(&id) = self.map.get(&kind) {
            return id;
        }
        let flags = self.compute_flags(kind);
        let layout = self.compute_layout(kind);
        let largest = self.compute_largest_array(kind);
        let id = TypeId::from_index(self.kinds.len());
        self.kinds.push(kind);
        self.flags.push(flags);
        self.layouts.push(layout);
        self.largest_arrays.push(largest);
        let scalars = self.compute_scalar_count(kind);
        self.scalar_counts.push(scalars);
        self.map.insert(kind, id);
        id
    }

    /// The overload resolutions made against this table (see [`resolve::Memo`]).
    ///
    /// [`resolve::Memo`]: crate::sema::builtins::resolve::Memo
    pub(crate) fn memo_mut(&mut self) -> &mut crate::sema::builtins::resolve::Memo {
        &mut self.memo
    }

    /// The id of `kind` if it was interned.
    pub fn lookup(&self, kind: TypeKind) -> Option<TypeId> {
        self.map.get(&kind).copied()
    }

    // Slices, not `Vec`s, are indexed: at opt-level "z" (the wasm build) `Vec`'s `Index`
    // is a call of its own, and these are asked for every expression checked.
    pub fn kind(&self, ty: TypeId) -> TypeKind {
        self.kinds.as_slice()[ty.index()]
    }

    pub fn flags(&self, ty: TypeId) -> TypeFlags {
        self.flags.as_slice()[ty.index()]
    }

    /// The largest constant element count of any array in `ty`, if it holds one.
    pub fn largest_array(&self, ty: TypeId) -> Option<u32> {
        Some(self.largest_arrays.as_slice()[ty.index()]).filter(|&n| n > 0)
    }

    /// The number of scalars in a value of type `ty` (saturating); 1 for scalars and for
    /// types that are not composite values.
    pub fn scalar_count(&self, ty: TypeId) -> u64 {
        self.scalar_counts.as_slice()[ty.index()]
    }

    /// One step of [`Self::scalar_count`]: the parts of `kind` are interned already.
    fn compute_scalar_count(&self, kind: TypeKind) -> u64 {
        match kind {
            TypeKind::Vector { size, .. } => u64::from(size),
            TypeKind::Matrix { cols, rows, .. } => u64::from(cols) * u64::from(rows),
            TypeKind::Array {
                elem,
                size: ArraySize::Const(n),
            } => u64::from(n).saturating_mul(self.scalar_counts[elem.index()]),
            TypeKind::Struct(id) => (self.struct_def(id).members.iter()).fold(0u64, |acc, m| {
                acc.saturating_add(self.scalar_counts[m.ty.index()])
            }),
            _ => 1,
        }
    }

    /// One step of [`Self::largest_array`]: the parts of `kind` are interned already.
    fn compute_largest_array(&self, kind: TypeKind) -> u32 {
        match kind {
            TypeKind::Array { elem, size } => {
                let own = match size {
                    ArraySize::Const(n) => n,
                    _ => 0,
                };
                own.max(self.largest_arrays[elem.index()])
            }
            TypeKind::Struct(id) => (self.struct_def(id).members.iter())
                .map(|m| self.largest_arrays[m.ty.index()])
                .max()
                .unwrap_or(0),
            _ => 0,
        }
    }

    pub fn has(&self, ty: TypeId, flag: TypeFlags) -> bool {
        self.flags(ty).contains(flag)
    }

    /// The number of interned types.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    // ---- Constructors of common types -------------------------------------------------

    pub fn scalar(&self, s: Scalar) -> TypeId {
        self.scalars[s as usize]
    }

    pub fn bool(&self) -> TypeId {
        self.scalar(Scalar::Bool)
    }

    pub fn i32(&self) -> TypeId {
        self.scalar(Scalar::I32)
    }

    pub fn u32(&self) -> TypeId {
        self.scalar(Scalar::U32)
    }

    pub fn f32(&self) -> TypeId {
        self.scalar(Scalar::F32)
    }

    pub fn vector(&mut self, size: u8, scalar: Scalar) -> TypeId {
        self.intern(TypeKind::Vector { size, scalar })
    }

    /// A scalar when `width` is 1, otherwise `vec{width}<scalar>`.
    pub fn scalar_or_vector(&mut self, width: u8, scalar: Scalar) -> TypeId {
        if width == 1 {
            self.scalar(scalar)
        } else {
            self.vector(width, scalar)
        }
    }

    pub fn matrix(&mut self, cols: u8, rows: u8, scalar: Scalar) -> TypeId {
        self.intern(TypeKind::Matrix { cols, rows, scalar })
    }

    pub fn array(&mut self, elem: TypeId, size: ArraySize) -> TypeId {
        self.intern(TypeKind::Array { elem, size })
    }

    pub fn ptr(&mut self, space: AddressSpace, store: TypeId, access: Access) -> TypeId {
        self.intern(TypeKind::Ptr {
            space,
            store,
            access,
        })
    }

    pub fn reference(&mut self, space: AddressSpace, store: TypeId, access: Access) -> TypeId {
        self.intern(TypeKind::Ref {
            space,
            store,
            access,
        })
    }

    /// Registers how an override-sized array count is spelled in type names.
    pub fn set_override_spelling(&mut self, size: ArraySize, spelling: String) {
        self.override_spellings.insert(size, spelling);
    }

    // ---- Structures ----------------------------------------------------------------------

    /// Declares a structure. Member layouts (offsets, aligns, sizes) and the structure's
    /// layout are computed here; `@align`/`@size` values are taken as given (sema checks
    /// them first).
    pub fn add_struct(
        &mut self,
        name: String,
        span: Span,
        decl: Option<usize>,
        members: Vec<NewMember>,
    ) -> TypeId {
        let def = layout::lay_out_struct(self, name, span, decl, None, members);
        let id = StructId::from_index(self.structs.len());
        self.structs.push(def);
        self.intern(TypeKind::Struct(id))
    }

    pub fn struct_def(&self, id: StructId) -> &StructDef {
        &self.structs[id.index()]
    }

    /// The structure definition of `ty`, if it is a structure.
    pub fn as_struct(&self, ty: TypeId) -> Option<&StructDef> {
        match self.kind(ty) {
            TypeKind::Struct(id) => Some(self.struct_def(id)),
            _ => None,
        }
    }

    /// The type of a builtin result structure, created on first use.
    pub fn builtin_struct(&mut self, which: BuiltinStruct) -> TypeId {
        if let Some(&id) = self.builtin_structs.get(&which.key()) {
            return self.intern(TypeKind::Struct(StructId::from_index(id as usize)));
        }
        let member = |name: &str, ty: TypeId| NewMember {
            name: name.to_string(),
            ty,
            span: Span::DETACHED,
            explicit_align: None,
            explicit_size: None,
        };
        let members = match which {
            BuiltinStruct::Frexp { scalar, width } => {
                let fract = self.scalar_or_vector(width, scalar);
                let exp_scalar = if scalar.is_abstract() {
                    Scalar::AbstractInt
                } else {
                    Scalar::I32
                };
                let exp = self.scalar_or_vector(width, exp_scalar);
                vec![member("fract", fract), member("exp", exp)]
            }
            BuiltinStruct::Modf { scalar, width } => {
                let part = self.scalar_or_vector(width, scalar);
                vec![member("fract", part), member("whole", part)]
            }
            BuiltinStruct::AtomicCompareExchange { scalar } => {
                let old = self.scalar(scalar);
                let exchanged = self.bool();
                vec![member("old_value", old), member("exchanged", exchanged)]
            }
        };
        let def = layout::lay_out_struct(
            self,
            which.name(),
            Span::DETACHED,
            None,
            Some(which),
            members,
        );
        let id = StructId::from_index(self.structs.len());
        self.structs.push(def);
        self.builtin_structs.insert(which.key(), id.index() as u32);
        self.intern(TypeKind::Struct(id))
    }

    // ---- Queries ---------------------------------------------------------------------------

    /// The memory layout (AlignOf, SizeOf) of a host-shareable or fixed-footprint type.
    /// Runtime-sized arrays report the size of one element; override-sized arrays, buffers
    /// and types without a layout report `None`.
    pub fn layout(&self, ty: TypeId) -> Option<Layout> {
        self.layouts[ty.index()]
    }

    /// The scalar of a scalar, vector, matrix or atomic type.
    pub fn scalar_of(&self, ty: TypeId) -> Option<Scalar> {
        match self.kind(ty) {
            TypeKind::Scalar(s)
            | TypeKind::Vector { scalar: s, .. }
            | TypeKind::Matrix { scalar: s, .. }
            | TypeKind::Atomic(s) => Some(s),
            _ => None,
        }
    }

    /// The component width of a scalar (1) or vector (N); `None` otherwise.
    pub fn width_of(&self, ty: TypeId) -> Option<u8> {
        match self.kind(ty) {
            TypeKind::Scalar(_) => Some(1),
            TypeKind::Vector { size, .. } => Some(size),
            _ => None,
        }
    }

    pub fn is_scalar(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Scalar(_))
    }

    pub fn is_bool_scalar_or_vector(&self, ty: TypeId) -> bool {
        self.width_of(ty).is_some() && self.scalar_of(ty) == Some(Scalar::Bool)
    }

    pub fn is_abstract(&self, ty: TypeId) -> bool {
        self.has(ty, TypeFlags::ABSTRACT)
    }

    pub fn is_constructible(&self, ty: TypeId) -> bool {
        self.has(ty, TypeFlags::CONSTRUCTIBLE)
    }

    pub fn is_storable(&self, ty: TypeId) -> bool {
        self.has(ty, TypeFlags::STORABLE)
    }

    pub fn is_host_shareable(&self, ty: TypeId) -> bool {
        self.has(ty, TypeFlags::HOST_SHAREABLE)
    }

    /// The element type of a vector (its scalar), matrix (its column vector) or array; the
    /// type an index expression selects.
    pub fn element_of(&mut self, ty: TypeId) -> Option<TypeId> {
        match self.kind(ty) {
            TypeKind::Vector { scalar, .. } => Some(self.scalar(scalar)),
            TypeKind::Matrix { rows, scalar, .. } => Some(self.vector(rows, scalar)),
            TypeKind::Array { elem, .. } => Some(elem),
            _ => None,
        }
    }

    /// The store type of a reference or pointer.
    pub fn store_type(&self, ty: TypeId) -> Option<TypeId> {
        match self.kind(ty) {
            TypeKind::Ref { store, .. } | TypeKind::Ptr { store, .. } => Some(store),
            _ => None,
        }
    }

    /// A reference's store type, or the type itself: the type after the Load Rule.
    pub fn unref(&self, ty: TypeId) -> TypeId {
        match self.kind(ty) {
            TypeKind::Ref { store, .. } => store,
            _ => ty,
        }
    }

    /// NestDepth (§"Composite Types"); 0 for non-composite types.
    pub fn nest_depth(&self, ty: TypeId) -> u32 {
        match self.kind(ty) {
            TypeKind::Vector { .. } => 1,
            TypeKind::Matrix { .. } => 2,
            TypeKind::Array { elem, .. } => 1 + self.nest_depth(elem),
            TypeKind::Struct(id) => {
                1 + self
                    .struct_def(id)
                    .members
                    .iter()
                    .map(|m| self.nest_depth(m.ty))
                    .max()
                    .unwrap_or(0)
            }
            _ => 0,
        }
    }

    // ---- Spelling ------------------------------------------------------------------------

    /// The type as WGSL spells it: `vec4<f32>`, `array<S, 4>`, `ptr<storage, u32, read>`.
    pub fn name(&self, ty: TypeId) -> String {
        let mut out = String::new();
        self.write_name(&mut out, ty);
        out
    }

    fn write_name(&self, out: &mut String, ty: TypeId) {
        match self.kind(ty) {
            TypeKind::Scalar(s) => out.push_str(s.name()),
            TypeKind::Vector { size, scalar } => {
                let _ = write!(out, "vec{size}<{}>", scalar.name());
            }
            TypeKind::Matrix { cols, rows, scalar } => {
                let _ = write!(out, "mat{cols}x{rows}<{}>", scalar.name());
            }
            TypeKind::Atomic(s) => {
                let _ = write!(out, "atomic<{}>", s.name());
            }
            TypeKind::Array { elem, size } => {
                out.push_str("array<");
                self.write_name(out, elem);
                if size != ArraySize::Runtime {
                    out.push_str(", ");
                    self.write_count(out, size);
                }
                out.push('>');
            }
            TypeKind::Struct(id) => out.push_str(&self.struct_def(id).name),
            TypeKind::Ptr {
                space,
                store,
                access,
            }
            | TypeKind::Ref {
                space,
                store,
                access,
            } => {
                let word = if matches!(self.kind(ty), TypeKind::Ptr { .. }) {
                    "ptr"
                } else {
                    "ref"
                };
                let _ = write!(out, "{word}<{}, ", space.name());
                self.write_name(out, store);
                let _ = write!(out, ", {}>", access.name());
            }
            TypeKind::Sampler { comparison } => out.push_str(if comparison {
                "sampler_comparison"
            } else {
                "sampler"
            }),
            TypeKind::Texture(t) => write_texture_name(out, t),
            TypeKind::Buffer(size) => {
                out.push_str("buffer");
                if size != ArraySize::Runtime {
                    out.push('<');
                    self.write_count(out, size);
                    out.push('>');
                }
            }
        }
    }

    /// Writes an element count (or buffer size) as source spelled it.
    fn write_count(&self, out: &mut String, size: ArraySize) {
        match size {
            ArraySize::Const(n) => {
                let _ = write!(out, "{n}");
            }
            ArraySize::Runtime => {}
            ArraySize::Override(_) | ArraySize::OverrideExpr(_) => {
                let spelling = self
                    .override_spellings
                    .get(&size)
                    .map(String::as_str)
                    .unwrap_or("<override>");
                out.push_str(spelling);
            }
        }
    }

    // ---- Flags ----------------------------------------------------------------------------

    fn compute_flags(&self, kind: TypeKind) -> TypeFlags {
        use TypeFlags as F;
        let mut f = TypeFlags::default();
        let scalar_flags = |s: Scalar| {
            let mut f = F::default();
            f.insert(F::PLAIN);
            f.insert(F::CREATION_FIXED_FOOTPRINT);
            f.insert(F::FIXED_FOOTPRINT);
            if s.is_abstract() {
                f.insert(F::ABSTRACT);
            } else {
                f.insert(F::STORABLE);
            }
            f.insert(F::CONSTRUCTIBLE);
            if s.is_numeric() && !s.is_abstract() {
                f.insert(F::HOST_SHAREABLE);
            }
            f.set(F::CONTAINS_F16, s == Scalar::F16);
            f.set(F::CONTAINS_BOOL, s == Scalar::Bool);
            f
        };
        match kind {
            TypeKind::Scalar(s) | TypeKind::Vector { scalar: s, .. } => f = scalar_flags(s),
            TypeKind::Matrix { scalar, .. } => f = scalar_flags(scalar),
            TypeKind::Atomic(s) => {
                f = scalar_flags(s);
                f.0 &= !F::CONSTRUCTIBLE.0;
                f.insert(F::CONTAINS_ATOMIC);
            }
            TypeKind::Array { elem, size } => {
                let e = self.flags(elem);
                f = e.inherited();
                f.insert(F::PLAIN);
                let abstract_ = e.contains(F::ABSTRACT);
                f.set(F::STORABLE, !abstract_);
                match size {
                    ArraySize::Const(_) => {
                        f.set(
                            F::CREATION_FIXED_FOOTPRINT,
                            e.contains(F::CREATION_FIXED_FOOTPRINT),
                        );
                        f.set(F::FIXED_FOOTPRINT, e.contains(F::FIXED_FOOTPRINT));
                        f.set(F::CONSTRUCTIBLE, e.contains(F::CONSTRUCTIBLE));
                        f.set(F::HOST_SHAREABLE, e.contains(F::HOST_SHAREABLE));
                    }
                    ArraySize::Override(_) | ArraySize::OverrideExpr(_) => {
                        f.set(F::FIXED_FOOTPRINT, e.contains(F::FIXED_FOOTPRINT));
                        f.insert(F::CONTAINS_OVERRIDE_SIZED_ARRAY);
                    }
                    ArraySize::Runtime => {
                        f.insert(F::CONTAINS_RUNTIME_ARRAY);
                        f.set(F::HOST_SHAREABLE, e.contains(F::HOST_SHAREABLE));
                    }
                }
            }
            TypeKind::Struct(id) => {
                let def = self.struct_def(id);
                let mut all = TypeFlags(
                    F::CONSTRUCTIBLE.0
                        | F::CREATION_FIXED_FOOTPRINT.0
                        | F::FIXED_FOOTPRINT.0
                        | F::HOST_SHAREABLE.0,
                );
                for m in &def.members {
                    let mf = self.flags(m.ty);
                    f.insert(mf.inherited());
                    all.0 &= mf.0;
                }
                f.insert(all);
                f.insert(F::PLAIN);
                // The builtin result structures of abstract overloads are abstract; all
                // user structures are concrete.
                f.set(F::STORABLE, !f.contains(F::ABSTRACT));
            }
            TypeKind::Ptr { .. } | TypeKind::Ref { .. } => {}
            TypeKind::Sampler { .. } | TypeKind::Texture(_) => f.insert(F::STORABLE),
            TypeKind::Buffer(size) => {
                f.insert(F::STORABLE);
                f.insert(F::HOST_SHAREABLE);
                match size {
                    ArraySize::Const(_) => {
                        f.insert(F::CREATION_FIXED_FOOTPRINT);
                        f.insert(F::FIXED_FOOTPRINT);
                    }
                    ArraySize::Override(_) | ArraySize::OverrideExpr(_) => {
                        f.insert(F::FIXED_FOOTPRINT)
                    }
                    ArraySize::Runtime => {}
                }
            }
        }
        f
    }

    fn compute_layout(&self, kind: TypeKind) -> Option<Layout> {
        layout::layout_of_kind(self, kind)
    }
}

fn write_texture_name(out: &mut String, t: TextureKind) {
    match t {
        TextureKind::Sampled { dim, sampled } => {
            let _ = write!(out, "texture_{}<{}>", dim.suffix(), sampled.name());
        }
        TextureKind::Multisampled { sampled } => {
            let _ = write!(out, "texture_multisampled_2d<{}>", sampled.name());
        }
        TextureKind::Depth { dim } => {
            let _ = write!(out, "texture_depth_{}", dim.suffix());
        }
        TextureKind::DepthMultisampled => out.push_str("texture_depth_multisampled_2d"),
        TextureKind::Storage {
            dim,
            format,
            access,
        } => {
            let _ = write!(
                out,
                "texture_storage_{}<{}, {}>",
                dim.suffix(),
                format.name(),
                access.name()
            );
        }
        TextureKind::External => out.push_str("texture_external"),
    }
}

/// The predeclared type aliases (`vec3f`, `mat4x4h`, …): the aliased type as a kind, and
/// whether it needs the f16 extension.
pub fn predeclared_alias(name: &str) -> Option<TypeKind> {
    let bytes = name.as_bytes();
    let scalar = match *bytes.last()? {
        b'f' => Scalar::F32,
        b'h' => Scalar::F16,
        b'i' => Scalar::I32,
        b'u' => Scalar::U32,
        _ => return None,
    };
    let digit = |b: u8| (b'2'..=b'4').contains(&b).then_some(b - b'0');
    match bytes {
        [b'v', b'e', b'c', n, _] => Some(TypeKind::Vector {
            size: digit(*n)?,
            scalar,
        }),
        [b'm', b'a', b't', c, b'x', r, _] if scalar.is_float() => Some(TypeKind::Matrix {
            cols: digit(*c)?,
            rows: digit(*r)?,
            scalar,
        }),
        _ => None,
    }
}

/// The predeclared types spelled without a template list (`f32`, `sampler`,
/// `texture_depth_2d`, …).
pub fn predeclared_plain_type(name: &str) -> Option<TypeKind> {
    Some(match name {
        "bool" => TypeKind::Scalar(Scalar::Bool),
        "i32" => TypeKind::Scalar(Scalar::I32),
        "u32" => TypeKind::Scalar(Scalar::U32),
        "f32" => TypeKind::Scalar(Scalar::F32),
        "f16" => TypeKind::Scalar(Scalar::F16),
        "sampler" => TypeKind::Sampler { comparison: false },
        "sampler_comparison" => TypeKind::Sampler { comparison: true },
        "texture_depth_2d" => TypeKind::Texture(TextureKind::Depth {
            dim: TextureDim::D2,
        }),
        "texture_depth_2d_array" => TypeKind::Texture(TextureKind::Depth {
            dim: TextureDim::D2Array,
        }),
        "texture_depth_cube" => TypeKind::Texture(TextureKind::Depth {
            dim: TextureDim::Cube,
        }),
        "texture_depth_cube_array" => TypeKind::Texture(TextureKind::Depth {
            dim: TextureDim::CubeArray,
        }),
        "texture_depth_multisampled_2d" => TypeKind::Texture(TextureKind::DepthMultisampled),
        "texture_external" => TypeKind::Texture(TextureKind::External),
        _ => return predeclared_alias(name),
    })
}

/// The predeclared type-generators, which take a template list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeGenerator {
    Array,
    Atomic,
    /// `vec2`, `vec3`, `vec4`.
    Vec(u8),
    /// `matCxR`.
    Mat(u8, u8),
    Ptr,
    /// `texture_1d` … `texture_cube_array`.
    SampledTexture(TextureDim),
    MultisampledTexture,
    /// `texture_storage_1d` … `texture_storage_3d`.
    StorageTexture(TextureDim),
    Buffer,
}

impl TypeGenerator {
    pub fn from_name(name: &str) -> Option<TypeGenerator> {
        Some(match name {
            "array" => TypeGenerator::Array,
            "atomic" => TypeGenerator::Atomic,
            "vec2" => TypeGenerator::Vec(2),
            "vec3" => TypeGenerator::Vec(3),
            "vec4" => TypeGenerator::Vec(4),
            "ptr" => TypeGenerator::Ptr,
            "buffer" => TypeGenerator::Buffer,
            "texture_1d" => TypeGenerator::SampledTexture(TextureDim::D1),
            "texture_2d" => TypeGenerator::SampledTexture(TextureDim::D2),
            "texture_2d_array" => TypeGenerator::SampledTexture(TextureDim::D2Array),
            "texture_3d" => TypeGenerator::SampledTexture(TextureDim::D3),
            "texture_cube" => TypeGenerator::SampledTexture(TextureDim::Cube),
            "texture_cube_array" => TypeGenerator::SampledTexture(TextureDim::CubeArray),
            "texture_multisampled_2d" => TypeGenerator::MultisampledTexture,
            "texture_storage_1d" => TypeGenerator::StorageTexture(TextureDim::D1),
            "texture_storage_2d" => TypeGenerator::StorageTexture(TextureDim::D2),
            "texture_storage_2d_array" => TypeGenerator::StorageTexture(TextureDim::D2Array),
            "texture_storage_3d" => TypeGenerator::StorageTexture(TextureDim::D3),
            _ => {
                let b = name.as_bytes();
                let digit = |b: u8| (b'2'..=b'4').contains(&b).then_some(b - b'0');
                match b {
                    [b'm', b'a', b't', c, b'x', r] => TypeGenerator::Mat(digit(*c)?, digit(*r)?),
                    _ => return None,
                }
            }
        })
    }
}

#[cfg(test)]
mod tests;
