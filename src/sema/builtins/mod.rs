//! The builtin functions of WGSL, and overload resolution for builtins, operators and value
//! constructors.
//!
//! Rules:
//! - **One table.** Every builtin function of the spec is a [`BuiltinFn`] with its facts
//!   ([`BuiltinFn::info`]: must-use, const-evaluable, stages, required extension or
//!   language feature, uniformity requirement) and its overloads, written in the pattern
//!   language of [`pattern`] as close to the spec's own tables as possible ([`table`]).
//!   `tests/sema_builtins_spec.rs` reads the spec and checks that every builtin it defines is
//!   here with the same `@const` and `@must_use` attributes.
//! - **One resolver.** Builtin calls, operators ([`operators`]) and value constructors
//!   ([`constructors`]) all resolve through [`resolve::resolve`], which implements the
//!   spec's overload resolution including conversion ranks and abstract arguments.
//! - Value constructors (`vec3f(…)`, `array(…)`, `S(…)`) are not [`BuiltinFn`]s: their
//!   overloads depend on the type being constructed.

pub mod constructors;
pub mod operators;
pub mod pattern;
pub mod resolve;
pub mod table;

pub use pattern::Overload;
pub use resolve::{Arg, ResolveError, Resolved};

use crate::sema::types::{TypeId, TypeTable};

/// Shader stages in which a builtin may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stages {
    All,
    /// Derivatives and implicit-derivative texture sampling.
    FragmentOnly,
    /// Barriers and `workgroupUniformLoad`.
    ComputeOnly,
    /// Subgroup and quad operations.
    FragmentAndCompute,
    /// Atomics.
    NotVertex,
}

/// What must be enabled or supported for a builtin to be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requirement {
    None,
    /// An enable-extension (`enable subgroups;`).
    Extension(&'static str),
    /// A language extension (`requires …;`), supported by refract.
    LanguageFeature(&'static str),
}

/// The uniformity requirement a call places on its call site (§"Uniformity Rules for
/// Function Calls").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uniformity {
    None,
    /// Must be in uniform control flow, an error that cannot be filtered (barriers,
    /// `workgroupUniformLoad`).
    Barrier,
    /// The `derivative_uniformity` diagnostic; the result may be non-uniform.
    Derivative,
    /// The `subgroup_uniformity` diagnostic; subgroup and quad operations.
    Subgroup,
}

/// The kind of builtin, following the spec's sections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    BitReinterpretation,
    Logical,
    Array,
    Numeric,
    Derivative,
    Texture,
    Atomic,
    Packing,
    Unpacking,
    Synchronization,
    Subgroup,
    Quad,
    BufferView,
}

/// Facts about a builtin function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinInfo {
    pub name: &'static str,
    pub category: Category,
    /// `@const`: evaluable in const-expressions.
    pub is_const: bool,
    /// `@must_use`: a call cannot be a statement.
    pub must_use: bool,
    pub stages: Stages,
    pub requirement: Requirement,
    pub uniformity: Uniformity,
}

macro_rules! builtin_fns {
    ($($variant:ident = $name:literal, $cat:ident, $const_:literal, $must_use:literal;)*) => {
        /// A builtin function of WGSL (value constructors excepted).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum BuiltinFn { $($variant,)* }

        impl BuiltinFn {
            pub const ALL: &'static [BuiltinFn] = &[$(BuiltinFn::$variant,)*];

            /// The names, in declaration order: one table for [`Self::name`] and
            /// [`Self::from_name`].
            const NAMES: &'static [&'static str; Self::ALL.len()] = &[$($name,)*];

            pub fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            pub fn from_name(name: &str) -> Option<BuiltinFn> {
                const ORDER: [u8; BuiltinFn::ALL.len()] = crate::util::names::sorted_order(BuiltinFn::NAMES);
                crate::util::names::find(Self::NAMES, &ORDER, name).map(|i| Self::ALL[i])
            }

            pub fn category(self) -> Category {
                match self { $(BuiltinFn::$variant => Category::$cat,)* }
            }

            pub fn is_const(self) -> bool {
                match self { $(BuiltinFn::$variant => $const_,)* }
            }

            pub fn must_use(self) -> bool {
                match self { $(BuiltinFn::$variant => $must_use,)* }
            }
        }
    };
}

builtin_fns! {
    Bitcast = "bitcast", BitReinterpretation, true, true;
    All = "all", Logical, true, true;
    Any = "any", Logical, true, true;
    Select = "select", Logical, true, true;
    ArrayLength = "arrayLength", Array, false, true;
    Abs = "abs", Numeric, true, true;
    Acos = "acos", Numeric, true, true;
    Acosh = "acosh", Numeric, true, true;
    Asin = "asin", Numeric, true, true;
    Asinh = "asinh", Numeric, true, true;
    Atan = "atan", Numeric, true, true;
    Atanh = "atanh", Numeric, true, true;
    Atan2 = "atan2", Numeric, true, true;
    Ceil = "ceil", Numeric, true, true;
    Clamp = "clamp", Numeric, true, true;
    Cos = "cos", Numeric, true, true;
    Cosh = "cosh", Numeric, true, true;
    CountLeadingZeros = "countLeadingZeros", Numeric, true, true;
    CountOneBits = "countOneBits", Numeric, true, true;
    CountTrailingZeros = "countTrailingZeros", Numeric, true, true;
    Cross = "cross", Numeric, true, true;
    Degrees = "degrees", Numeric, true, true;
    Determinant = "determinant", Numeric, true, true;
    Distance = "distance", Numeric, true, true;
    Dot = "dot", Numeric, true, true;
    Dot4U8Packed = "dot4U8Packed", Numeric, true, true;
    Dot4I8Packed = "dot4I8Packed", Numeric, true, true;
    Exp = "exp", Numeric, true, true;
    Exp2 = "exp2", Numeric, true, true;
    ExtractBits = "extractBits", Numeric, true, true;
    FaceForward = "faceForward", Numeric, true, true;
    FirstLeadingBit = "firstLeadingBit", Numeric, true, true;
    FirstTrailingBit = "firstTrailingBit", Numeric, true, true;
    Floor = "floor", Numeric, true, true;
    Fma = "fma", Numeric, true, true;
    Fract = "fract", Numeric, true, true;
    Frexp = "frexp", Numeric, true, true;
    InsertBits = "insertBits", Numeric, true, true;
    InverseSqrt = "inverseSqrt", Numeric, true, true;
    Ldexp = "ldexp", Numeric, true, true;
    Length = "length", Numeric, true, true;
    Log = "log", Numeric, true, true;
    Log2 = "log2", Numeric, true, true;
    Max = "max", Numeric, true, true;
    Min = "min", Numeric, true, true;
    Mix = "mix", Numeric, true, true;
    Modf = "modf", Numeric, true, true;
    Normalize = "normalize", Numeric, true, true;
    Pow = "pow", Numeric, true, true;
    QuantizeToF16 = "quantizeToF16", Numeric, true, true;
    Radians = "radians", Numeric, true, true;
    Reflect = "reflect", Numeric, true, true;
    Refract = "refract", Numeric, true, true;
    ReverseBits = "reverseBits", Numeric, true, true;
    Round = "round", Numeric, true, true;
    Saturate = "saturate", Numeric, true, true;
    Sign = "sign", Numeric, true, true;
    Sin = "sin", Numeric, true, true;
    Sinh = "sinh", Numeric, true, true;
    Smoothstep = "smoothstep", Numeric, true, true;
    Sqrt = "sqrt", Numeric, true, true;
    Step = "step", Numeric, true, true;
    Tan = "tan", Numeric, true, true;
    Tanh = "tanh", Numeric, true, true;
    Transpose = "transpose", Numeric, true, true;
    Trunc = "trunc", Numeric, true, true;
    Dpdx = "dpdx", Derivative, false, true;
    DpdxCoarse = "dpdxCoarse", Derivative, false, true;
    DpdxFine = "dpdxFine", Derivative, false, true;
    Dpdy = "dpdy", Derivative, false, true;
    DpdyCoarse = "dpdyCoarse", Derivative, false, true;
    DpdyFine = "dpdyFine", Derivative, false, true;
    Fwidth = "fwidth", Derivative, false, true;
    FwidthCoarse = "fwidthCoarse", Derivative, false, true;
    FwidthFine = "fwidthFine", Derivative, false, true;
    TextureDimensions = "textureDimensions", Texture, false, true;
    TextureGather = "textureGather", Texture, false, true;
    TextureGatherCompare = "textureGatherCompare", Texture, false, true;
    TextureLoad = "textureLoad", Texture, false, true;
    TextureNumLayers = "textureNumLayers", Texture, false, true;
    TextureNumLevels = "textureNumLevels", Texture, false, true;
    TextureNumSamples = "textureNumSamples", Texture, false, true;
    TextureSample = "textureSample", Texture, false, true;
    TextureSampleBias = "textureSampleBias", Texture, false, true;
    TextureSampleCompare = "textureSampleCompare", Texture, false, true;
    TextureSampleCompareLevel = "textureSampleCompareLevel", Texture, false, true;
    TextureSampleGrad = "textureSampleGrad", Texture, false, true;
    TextureSampleLevel = "textureSampleLevel", Texture, false, true;
    TextureSampleBaseClampToEdge = "textureSampleBaseClampToEdge", Texture, false, true;
    TextureStore = "textureStore", Texture, false, false;
    AtomicLoad = "atomicLoad", Atomic, false, false;
    AtomicStore = "atomicStore", Atomic, false, false;
    AtomicAdd = "atomicAdd", Atomic, false, false;
    AtomicSub = "atomicSub", Atomic, false, false;
    AtomicMax = "atomicMax", Atomic, false, false;
    AtomicMin = "atomicMin", Atomic, false, false;
    AtomicAnd = "atomicAnd", Atomic, false, false;
    AtomicOr = "atomicOr", Atomic, false, false;
    AtomicXor = "atomicXor", Atomic, false, false;
    AtomicExchange = "atomicExchange", Atomic, false, false;
    AtomicCompareExchangeWeak = "atomicCompareExchangeWeak", Atomic, false, false;
    Pack4x8Snorm = "pack4x8snorm", Packing, true, true;
    Pack4x8Unorm = "pack4x8unorm", Packing, true, true;
    Pack4xI8 = "pack4xI8", Packing, true, true;
    Pack4xU8 = "pack4xU8", Packing, true, true;
    Pack4xI8Clamp = "pack4xI8Clamp", Packing, true, true;
    Pack4xU8Clamp = "pack4xU8Clamp", Packing, true, true;
    Pack2x16Snorm = "pack2x16snorm", Packing, true, true;
    Pack2x16Unorm = "pack2x16unorm", Packing, true, true;
    Pack2x16Float = "pack2x16float", Packing, true, true;
    Unpack4x8Snorm = "unpack4x8snorm", Unpacking, true, true;
    Unpack4x8Unorm = "unpack4x8unorm", Unpacking, true, true;
    Unpack4xI8 = "unpack4xI8", Unpacking, true, true;
    Unpack4xU8 = "unpack4xU8", Unpacking, true, true;
    Unpack2x16Snorm = "unpack2x16snorm", Unpacking, true, true;
    Unpack2x16Unorm = "unpack2x16unorm", Unpacking, true, true;
    Unpack2x16Float = "unpack2x16float", Unpacking, true, true;
    StorageBarrier = "storageBarrier", Synchronization, false, false;
    TextureBarrier = "textureBarrier", Synchronization, false, false;
    WorkgroupBarrier = "workgroupBarrier", Synchronization, false, false;
    WorkgroupUniformLoad = "workgroupUniformLoad", Synchronization, false, true;
    SubgroupAdd = "subgroupAdd", Subgroup, false, true;
    SubgroupExclusiveAdd = "subgroupExclusiveAdd", Subgroup, false, true;
    SubgroupInclusiveAdd = "subgroupInclusiveAdd", Subgroup, false, true;
    SubgroupAll = "subgroupAll", Subgroup, false, true;
    SubgroupAnd = "subgroupAnd", Subgroup, false, true;
    SubgroupAny = "subgroupAny", Subgroup, false, true;
    SubgroupBallot = "subgroupBallot", Subgroup, false, true;
    SubgroupBroadcast = "subgroupBroadcast", Subgroup, false, true;
    SubgroupBroadcastFirst = "subgroupBroadcastFirst", Subgroup, false, true;
    SubgroupElect = "subgroupElect", Subgroup, false, true;
    SubgroupMax = "subgroupMax", Subgroup, false, true;
    SubgroupMin = "subgroupMin", Subgroup, false, true;
    SubgroupMul = "subgroupMul", Subgroup, false, true;
    SubgroupExclusiveMul = "subgroupExclusiveMul", Subgroup, false, true;
    SubgroupInclusiveMul = "subgroupInclusiveMul", Subgroup, false, true;
    SubgroupOr = "subgroupOr", Subgroup, false, true;
    SubgroupShuffle = "subgroupShuffle", Subgroup, false, true;
    SubgroupShuffleDown = "subgroupShuffleDown", Subgroup, false, true;
    SubgroupShuffleUp = "subgroupShuffleUp", Subgroup, false, true;
    SubgroupShuffleXor = "subgroupShuffleXor", Subgroup, false, true;
    SubgroupXor = "subgroupXor", Subgroup, false, true;
    QuadBroadcast = "quadBroadcast", Quad, false, true;
    QuadSwapDiagonal = "quadSwapDiagonal", Quad, false, true;
    QuadSwapX = "quadSwapX", Quad, false, true;
    QuadSwapY = "quadSwapY", Quad, false, true;
    BufferView = "bufferView", BufferView, false, true;
    BufferArrayView = "bufferArrayView", BufferView, false, true;
    BufferLength = "bufferLength", BufferView, false, true;
}

impl BuiltinFn {
    /// Whether the call's first-resolved overload reads implicit derivatives.
    fn uses_implicit_derivatives(self) -> bool {
        matches!(
            self,
            BuiltinFn::TextureSample
                | BuiltinFn::TextureSampleBias
                | BuiltinFn::TextureSampleCompare
        )
    }

    pub fn stages(self) -> Stages {
        match self.category() {
            Category::Derivative => Stages::FragmentOnly,
            Category::Texture if self.uses_implicit_derivatives() => Stages::FragmentOnly,
            Category::Synchronization => Stages::ComputeOnly,
            Category::Subgroup | Category::Quad => Stages::FragmentAndCompute,
            Category::Atomic => Stages::NotVertex,
            _ => Stages::All,
        }
    }

    pub fn requirement(self) -> Requirement {
        use BuiltinFn::*;
        match self {
            _ if matches!(self.category(), Category::Subgroup | Category::Quad) => {
                Requirement::Extension("subgroups")
            }
            TextureBarrier => {
                Requirement::LanguageFeature("readonly_and_readwrite_storage_textures")
            }
            Dot4U8Packed | Dot4I8Packed | Pack4xI8 | Pack4xU8 | Pack4xI8Clamp | Pack4xU8Clamp
            | Unpack4xI8 | Unpack4xU8 => {
                Requirement::LanguageFeature("packed_4x8_integer_dot_product")
            }
            BufferView | BufferArrayView | BufferLength => {
                Requirement::LanguageFeature("buffer_view")
            }
            _ => Requirement::None,
        }
    }

    pub fn uniformity(self) -> Uniformity {
        match self.category() {
            Category::Derivative => Uniformity::Derivative,
            Category::Texture if self.uses_implicit_derivatives() => Uniformity::Derivative,
            Category::Synchronization => Uniformity::Barrier,
            Category::Subgroup | Category::Quad => Uniformity::Subgroup,
            _ => Uniformity::None,
        }
    }

    pub fn info(self) -> BuiltinInfo {
        BuiltinInfo {
            name: self.name(),
            category: self.category(),
            is_const: self.is_const(),
            must_use: self.must_use(),
            stages: self.stages(),
            requirement: self.requirement(),
            uniformity: self.uniformity(),
        }
    }

    /// The inclusive range the spec requires of a `@const` parameter's value (each
    /// component, for vectors): texture `offset`s are in [-8, 7], a gather's `component` in
    /// [0, 3], `subgroupBroadcast`'s `id` in [0, 128) and `quadBroadcast`'s in [0, 4).
    pub fn const_argument_range(self, param: &str) -> Option<(i64, i64)> {
        match (self, param) {
            (BuiltinFn::TextureGather, "component") => Some((0, 3)),
            (BuiltinFn::SubgroupBroadcast, "id") => Some((0, 127)),
            (BuiltinFn::QuadBroadcast, "id") => Some((0, 3)),
            (f, "offset") if f.category() == Category::Texture => Some((-8, 7)),
            _ => None,
        }
    }

    /// The overloads of this builtin, parsed once.
    pub fn overloads(self) -> &'static [Overload] {
        table::overloads(self)
    }

    /// Resolves a call of this builtin: explicit template types (`bitcast<T>`) and
    /// argument types in, the chosen overload out.
    pub fn resolve(
        self,
        types: &mut TypeTable,
        templates: &[TypeId],
        args: &[Arg],
    ) -> Result<Resolved, ResolveError> {
        resolve::resolve(types, self.overloads(), templates, args)
    }
}

#[cfg(test)]
mod tests;
