//! The opcode table.
//!
//! Opcodes are declared in class order, so that every class (types, constants, pure
//! operations, terminators, …) is one contiguous range of the enum and a class check is a
//! range test ([`Opcode::class`] is only for printing and tests). Each opcode also has a
//! text name, used by the IR text format, and a few effect flags that passes rely on.

/// The class of an opcode. The declaration order of this enum is the order of the ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// Containers and structural pieces: module, function, block, parameter, …
    Structure,
    /// Types. All but `struct` are hash-consed global values.
    Type,
    /// Constants and other hash-consed values that are not types.
    Constant,
    /// Variables and override constants.
    Entity,
    /// Decorations, attached to another instruction.
    Decoration,
    /// Operations without side effects that read no memory: removable and movable.
    Pure,
    /// `load` and `store`.
    Memory,
    /// Texture queries, sampling, loads and stores.
    Texture,
    /// Derivatives: no side effects, but they depend on the quad's control flow.
    Derivative,
    /// Subgroup and quad operations: no side effects, but convergent.
    Subgroup,
    /// Atomic read-modify-write operations.
    Atomic,
    /// Barriers, and `workgroup_uniform_load` which contains two.
    Barrier,
    /// Calls and `demote`.
    Effect,
    /// Block terminators: the only instructions that transfer control.
    Terminator,
}

/// The instruction has side effects: it may not be removed even when unused.
pub const EFFECT: u8 = 1;
/// The instruction reads memory or depends on control flow: it can be removed when unused,
/// but not moved freely.
pub const READS: u8 = 2;
/// The instruction is a global value that the builder hash-conses.
pub const HOISTABLE: u8 = 4;
/// The instruction holds children (module, function, block, generic, struct).
pub const CONTAINER: u8 = 8;

#[derive(Clone, Copy, Debug)]
pub struct OpInfo {
    pub name: &'static str,
    pub class: Class,
    pub flags: u8,
}

macro_rules! define_opcodes {
    ($( $class:ident { $( $variant:ident $text:literal $flags:expr ),* $(,)? } )*) => {
        /// An instruction's opcode. See the module documentation for the class order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u16)]
        pub enum Opcode { $( $( $variant, )* )* }

        /// Every opcode's name, class and flags, indexed by `Opcode as usize`.
        pub const INFO: &[OpInfo] = &[
            $( $( OpInfo { name: $text, class: Class::$class, flags: $flags }, )* )*
        ];

        /// Every opcode, in declaration order.
        pub const ALL: &[Opcode] = &[ $( $( Opcode::$variant, )* )* ];
    };
}

const E: u8 = EFFECT;
const R: u8 = READS;
const H: u8 = HOISTABLE;
const C: u8 = CONTAINER;

define_opcodes! {
    Structure {
        Module "module" C,
        Func "func" C,
        Block "block" C,
        Param "param" 0,
        Generic "generic" C,
        Field "field" 0,
        Placeholder "placeholder" 0,
    }
    Type {
        TypeKind "type" H,
        Label "label" H,
        Void "void" H,
        Bool "bool" H,
        I32 "i32" H,
        U32 "u32" H,
        F32 "f32" H,
        F16 "f16" H,
        Vec "vec" H,
        Mat "mat" H,
        Array "array" H,
        RuntimeArray "runtime_array" H,
        Struct "struct" C,
        Atomic "atomic" H,
        Ptr "ptr" H,
        Sampler "sampler" H,
        SamplerComparison "sampler_comparison" H,
        TextureSampled "texture_sampled" H,
        TextureMultisampled "texture_multisampled" H,
        TextureDepth "texture_depth" H,
        TextureDepthMultisampled "texture_depth_multisampled" H,
        TextureStorage "texture_storage" H,
        TextureExternal "texture_external" H,
        Buffer "buffer" H,
        RuntimeBuffer "runtime_buffer" H,
        FnType "fn" H,
    }
    Constant {
        Constant "constant" H,
        Composite "composite" H,
        Zero "zero" H,
        Undef "undef" H,
        Specialize "specialize" H,
    }
    Entity {
        Var "var" 0,
        Override "override" 0,
    }
    Decoration {
        DecoBuiltin "builtin" 0,
        DecoLocation "location" 0,
        DecoBlendSrc "blend_src" 0,
        DecoInterpolate "interpolate" 0,
        DecoInvariant "invariant" 0,
        DecoGroup "group" 0,
        DecoBinding "binding" 0,
        DecoId "id" 0,
        DecoVertex "vertex" 0,
        DecoFragment "fragment" 0,
        DecoCompute "compute" 0,
        DecoWorkgroupSize "workgroup_size" 0,
        DecoSubgroupSize "subgroup_size" 0,
        DecoOffset "offset" 0,
        DecoSize "size" 0,
        DecoAlign "align" 0,
        DecoImport "import" 0,
        DecoExport "export" 0,
    }
    Pure {
        Neg "neg" 0,
        Not "not" 0,
        BitNot "bit_not" 0,
        Add "add" 0,
        Sub "sub" 0,
        Mul "mul" 0,
        Div "div" 0,
        Rem "rem" 0,
        And "and" 0,
        Or "or" 0,
        Xor "xor" 0,
        Shl "shl" 0,
        Shr "shr" 0,
        Eq "eq" 0,
        Ne "ne" 0,
        Lt "lt" 0,
        Le "le" 0,
        Gt "gt" 0,
        Ge "ge" 0,
        Select "select" 0,
        Convert "convert" 0,
        Bitcast "bitcast" 0,
        Construct "construct" 0,
        Splat "splat" 0,
        Extract "extract" 0,
        Insert "insert" 0,
        Swizzle "swizzle" 0,
        Access "access" 0,
        ArrayLength "array_length" 0,
        BufferView "buffer_view" 0,
        BufferArrayView "buffer_array_view" 0,
        BufferLength "buffer_length" 0,
        All "all" 0,
        Any "any" 0,
        Abs "abs" 0,
        Acos "acos" 0,
        Acosh "acosh" 0,
        Asin "asin" 0,
        Asinh "asinh" 0,
        Atan "atan" 0,
        Atanh "atanh" 0,
        Atan2 "atan2" 0,
        Ceil "ceil" 0,
        Clamp "clamp" 0,
        Cos "cos" 0,
        Cosh "cosh" 0,
        CountLeadingZeros "count_leading_zeros" 0,
        CountOneBits "count_one_bits" 0,
        CountTrailingZeros "count_trailing_zeros" 0,
        Cross "cross" 0,
        Degrees "degrees" 0,
        Determinant "determinant" 0,
        Distance "distance" 0,
        Dot "dot" 0,
        Dot4U8Packed "dot4u8packed" 0,
        Dot4I8Packed "dot4i8packed" 0,
        Exp "exp" 0,
        Exp2 "exp2" 0,
        ExtractBits "extract_bits" 0,
        FaceForward "face_forward" 0,
        FirstLeadingBit "first_leading_bit" 0,
        FirstTrailingBit "first_trailing_bit" 0,
        Floor "floor" 0,
        Fma "fma" 0,
        Fract "fract" 0,
        Frexp "frexp" 0,
        InsertBits "insert_bits" 0,
        InverseSqrt "inverse_sqrt" 0,
        Ldexp "ldexp" 0,
        Length "length" 0,
        Log "log" 0,
        Log2 "log2" 0,
        Max "max" 0,
        Min "min" 0,
        Mix "mix" 0,
        Modf "modf" 0,
        Normalize "normalize" 0,
        Pow "pow" 0,
        QuantizeToF16 "quantize_to_f16" 0,
        Radians "radians" 0,
        Reflect "reflect" 0,
        Refract "refract" 0,
        ReverseBits "reverse_bits" 0,
        Round "round" 0,
        Saturate "saturate" 0,
        Sign "sign" 0,
        Sin "sin" 0,
        Sinh "sinh" 0,
        Smoothstep "smoothstep" 0,
        Sqrt "sqrt" 0,
        Step "step" 0,
        Tan "tan" 0,
        Tanh "tanh" 0,
        Transpose "transpose" 0,
        Trunc "trunc" 0,
        Pack4x8Snorm "pack4x8snorm" 0,
        Pack4x8Unorm "pack4x8unorm" 0,
        Pack4xI8 "pack4xi8" 0,
        Pack4xU8 "pack4xu8" 0,
        Pack4xI8Clamp "pack4xi8clamp" 0,
        Pack4xU8Clamp "pack4xu8clamp" 0,
        Pack2x16Snorm "pack2x16snorm" 0,
        Pack2x16Unorm "pack2x16unorm" 0,
        Pack2x16Float "pack2x16float" 0,
        Unpack4x8Snorm "unpack4x8snorm" 0,
        Unpack4x8Unorm "unpack4x8unorm" 0,
        Unpack4xI8 "unpack4xi8" 0,
        Unpack4xU8 "unpack4xu8" 0,
        Unpack2x16Snorm "unpack2x16snorm" 0,
        Unpack2x16Unorm "unpack2x16unorm" 0,
        Unpack2x16Float "unpack2x16float" 0,
        Mov "mov" 0,
        Mad "mad" 0,
        Rcp "rcp" 0,
        Rsq "rsq" 0,
        MulHi "mul_hi" 0,
    }
    Memory {
        Load "load" R,
        Store "store" E,
    }
    Texture {
        TextureDimensions "texture_dimensions" R,
        TextureNumLayers "texture_num_layers" R,
        TextureNumLevels "texture_num_levels" R,
        TextureNumSamples "texture_num_samples" R,
        TextureSample "texture_sample" R,
        TextureSampleBias "texture_sample_bias" R,
        TextureSampleCompare "texture_sample_compare" R,
        TextureSampleCompareLevel "texture_sample_compare_level" R,
        TextureSampleGrad "texture_sample_grad" R,
        TextureSampleLevel "texture_sample_level" R,
        TextureSampleBaseClampToEdge "texture_sample_base_clamp_to_edge" R,
        TextureGather "texture_gather" R,
        TextureGatherCompare "texture_gather_compare" R,
        TextureLoad "texture_load" R,
        TextureStore "texture_store" E,
    }
    Derivative {
        Dpdx "dpdx" R,
        DpdxCoarse "dpdx_coarse" R,
        DpdxFine "dpdx_fine" R,
        Dpdy "dpdy" R,
        DpdyCoarse "dpdy_coarse" R,
        DpdyFine "dpdy_fine" R,
        Fwidth "fwidth" R,
        FwidthCoarse "fwidth_coarse" R,
        FwidthFine "fwidth_fine" R,
    }
    Subgroup {
        SubgroupAdd "subgroup_add" R,
        SubgroupExclusiveAdd "subgroup_exclusive_add" R,
        SubgroupInclusiveAdd "subgroup_inclusive_add" R,
        SubgroupAll "subgroup_all" R,
        SubgroupAnd "subgroup_and" R,
        SubgroupAny "subgroup_any" R,
        SubgroupBallot "subgroup_ballot" R,
        SubgroupBroadcast "subgroup_broadcast" R,
        SubgroupBroadcastFirst "subgroup_broadcast_first" R,
        SubgroupElect "subgroup_elect" R,
        SubgroupMax "subgroup_max" R,
        SubgroupMin "subgroup_min" R,
        SubgroupMul "subgroup_mul" R,
        SubgroupExclusiveMul "subgroup_exclusive_mul" R,
        SubgroupInclusiveMul "subgroup_inclusive_mul" R,
        SubgroupOr "subgroup_or" R,
        SubgroupShuffle "subgroup_shuffle" R,
        SubgroupShuffleDown "subgroup_shuffle_down" R,
        SubgroupShuffleUp "subgroup_shuffle_up" R,
        SubgroupShuffleXor "subgroup_shuffle_xor" R,
        SubgroupXor "subgroup_xor" R,
        QuadBroadcast "quad_broadcast" R,
        QuadSwapDiagonal "quad_swap_diagonal" R,
        QuadSwapX "quad_swap_x" R,
        QuadSwapY "quad_swap_y" R,
    }
    Atomic {
        AtomicLoad "atomic_load" E,
        AtomicStore "atomic_store" E,
        AtomicAdd "atomic_add" E,
        AtomicSub "atomic_sub" E,
        AtomicMax "atomic_max" E,
        AtomicMin "atomic_min" E,
        AtomicAnd "atomic_and" E,
        AtomicOr "atomic_or" E,
        AtomicXor "atomic_xor" E,
        AtomicExchange "atomic_exchange" E,
        AtomicCompareExchangeWeak "atomic_compare_exchange_weak" E,
    }
    Barrier {
        StorageBarrier "storage_barrier" E,
        TextureBarrier "texture_barrier" E,
        WorkgroupBarrier "workgroup_barrier" E,
        WorkgroupUniformLoad "workgroup_uniform_load" E,
    }
    Effect {
        Call "call" E,
        Demote "demote" E,
    }
    Terminator {
        Br "br" E,
        IfElse "if_else" E,
        Loop "loop" E,
        Switch "switch" E,
        Return "return" E,
        Discard "discard" E,
        Unreachable "unreachable" E,
    }
}

/// First and last opcode of every class, computed from the table at compile time.
const RANGES: [(u16, u16); 14] = {
    let mut ranges = [(u16::MAX, 0u16); 14];
    let mut i = 0;
    while i < INFO.len() {
        let c = INFO[i].class as usize;
        if ranges[c].0 == u16::MAX {
            ranges[c].0 = i as u16;
        }
        ranges[c].1 = i as u16;
        i += 1;
    }
    ranges
};

// Every class must be one contiguous range: checked at compile time.
const _: () = {
    let mut i = 1;
    while i < INFO.len() {
        assert!(INFO[i].class as usize >= INFO[i - 1].class as usize);
        i += 1;
    }
};

impl Opcode {
    #[inline]
    pub fn info(self) -> &'static OpInfo {
        &INFO[self as usize]
    }

    /// The text-format name.
    #[inline]
    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn from_u16(raw: u16) -> Option<Opcode> {
        ALL.get(raw as usize).copied()
    }

    /// The opcode spelled `name` in the text format.
    pub fn from_name(name: &str) -> Option<Opcode> {
        use std::sync::OnceLock;
        static MAP: OnceLock<crate::util::map::Map<&'static str, Opcode>> = OnceLock::new();
        MAP.get_or_init(|| ALL.iter().map(|&op| (op.name(), op)).collect())
            .get(name)
            .copied()
    }

    /// Whether `name` spells a decoration: a scan of that class alone (a few dozen
    /// opcodes), for the printer, which asks it of every global it names. The npm
    /// package, which prints IR but never parses it, then carries no map of every
    /// opcode's name ([`Opcode::from_name`] is the text parser's).
    pub fn is_decoration_name(name: &str) -> bool {
        let (first, last) = RANGES[Class::Decoration as usize];
        ALL[first as usize..=last as usize]
            .iter()
            .any(|op| op.name() == name)
    }

    /// The class, by table lookup (for printing and tests; use the range tests in code).
    pub fn class(self) -> Class {
        self.info().class
    }

    #[inline]
    pub fn is_in(self, class: Class) -> bool {
        let (first, last) = RANGES[class as usize];
        let x = self as u16;
        first <= x && x <= last
    }

    #[inline]
    pub fn is_type(self) -> bool {
        self.is_in(Class::Type)
    }
    #[inline]
    pub fn is_constant(self) -> bool {
        self.is_in(Class::Constant)
    }
    #[inline]
    pub fn is_decoration(self) -> bool {
        self.is_in(Class::Decoration)
    }
    #[inline]
    pub fn is_terminator(self) -> bool {
        self.is_in(Class::Terminator)
    }
    #[inline]
    pub fn is_pure(self) -> bool {
        self.is_in(Class::Pure)
    }
    /// Hash-consed by the builder: every type but `struct`, and every constant.
    #[inline]
    pub fn is_hoistable(self) -> bool {
        self.info().flags & HOISTABLE != 0
    }
    #[inline]
    pub fn is_container(self) -> bool {
        self.info().flags & CONTAINER != 0
    }
    /// May not be removed even when its result is unused.
    #[inline]
    pub fn has_side_effects(self) -> bool {
        self.info().flags & EFFECT != 0
    }
    /// Reads memory or depends on control flow, but writes nothing.
    #[inline]
    pub fn reads(self) -> bool {
        self.info().flags & READS != 0
    }
    /// A decoration that describes an entry point's input or output (on a parameter, a
    /// function's result or a struct field).
    #[inline]
    pub fn is_io_decoration(self) -> bool {
        matches!(
            self,
            Opcode::DecoBuiltin
                | Opcode::DecoLocation
                | Opcode::DecoBlendSrc
                | Opcode::DecoInterpolate
                | Opcode::DecoInvariant
        )
    }
    /// An ordinary operation that may appear in a block (not a type, constant,
    /// decoration or structural piece).
    #[inline]
    pub fn is_operation(self) -> bool {
        self >= Opcode::Var && !self.is_decoration()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for &op in ALL {
            assert_eq!(Opcode::from_name(op.name()), Some(op), "{op:?}");
            assert_eq!(Opcode::from_u16(op as u16), Some(op));
        }
        assert!(ALL.len() < 1024, "opcodes must fit in 10 bits");
    }

    #[test]
    fn decoration_names_are_the_decorations() {
        for &op in ALL {
            assert_eq!(Opcode::is_decoration_name(op.name()), op.is_decoration());
        }
        assert!(!Opcode::is_decoration_name("light"));
    }

    #[test]
    fn class_ranges_match_the_table() {
        for &op in ALL {
            for c in [Class::Type, Class::Constant, Class::Terminator, Class::Pure] {
                assert_eq!(op.is_in(c), op.class() == c, "{op:?} {c:?}");
            }
        }
        assert!(Opcode::Struct.is_type() && !Opcode::Struct.is_hoistable());
        assert!(Opcode::Br.is_terminator() && !Opcode::Call.is_terminator());
    }
}
