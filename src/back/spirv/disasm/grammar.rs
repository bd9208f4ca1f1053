//! The slice of the SPIR-V grammar the disassembler knows, as data.
//!
//! Each table maps a 16-bit value (an opcode, an enumerant) to its grammar name and, for
//! instructions and for enumerants that take parameters, an operand layout. A table is
//! stored as one concatenated string per column plus end offsets: a few kilobytes of
//! read-only data and no code, where a generated `match` per operand kind (rspirv's
//! parser, the `spirv` crate's `Debug` impls) costs tens of kilobytes of wasm.
//!
//! Names come from the `spirv` crate's variant names (`stringify!`), so they are the
//! grammar's spelling; the tests check every name and layout against rspirv's copy of
//! the grammar.
//!
//! # What is covered
//!
//! Every instruction refract's writer emits, plus the debug and annotation instructions
//! tools commonly add (`OpSource`, `OpNoLine`, `OpModuleProcessed`, …). Enumerants: the
//! core ranges (values below 4096) of every operand kind those instructions use, plus
//! the extension values refract writes. Anything else prints as raw words (see the
//! module above), which `spirv-as` still turns back into the same binary.
//!
//! # Layouts
//!
//! One byte per logical operand, the quantifier (if any) after it: `?` optional, `*`
//! zero or more.
//!
//! | byte | operand |
//! |---|---|
//! | `T` `R` | result type, result id |
//! | `i` | an id (`IdRef`, `IdScope`, `IdMemorySemantics`) |
//! | `n` | a 32-bit literal number |
//! | `c` | a literal whose width and type come from the result type (`OpConstant`) |
//! | `s` | a literal string |
//! | `e` | an extended instruction number |
//! | `o` | an opcode and its operands (`OpSpecConstantOp`) |
//! | `p` | a literal typed by the selector, then an id (`OpSwitch` targets) |
//! | `q` | two ids (`OpPhi` pairs) |
//! | `C` `E` `X` `A` `M` `K` `D` `B` `d` `F` `Q` `G` `L` `P` | an enumerant of [`CAPABILITIES`], [`EXECUTION_MODELS`], [`EXECUTION_MODES`], [`ADDRESSING_MODELS`], [`MEMORY_MODELS`], [`STORAGE_CLASSES`], [`DECORATIONS`], [`BUILT_INS`], [`DIMS`], [`IMAGE_FORMATS`], [`ACCESS_QUALIFIERS`], [`GROUP_OPERATIONS`], [`SOURCE_LANGUAGES`], [`FP_ENCODINGS`] |
//! | `O` `a` `l` `z` `f` | a bit mask of [`IMAGE_OPERANDS`], [`MEMORY_ACCESS`], [`LOOP_CONTROL`], [`SELECTION_CONTROL`], [`FUNCTION_CONTROL`] |

/// Names and layouts keyed by value. See the module documentation.
pub(super) struct Table {
    /// The values, ascending.
    values: &'static [u16],
    /// Where each name ends in `names`.
    name_ends: &'static [u16],
    names: &'static str,
    /// Where each layout ends in `layouts`.
    layout_ends: &'static [u16],
    layouts: &'static str,
}

impl Table {
    /// The index of `value`'s entry.
    pub fn find(&self, value: u32) -> Option<usize> {
        let value = u16::try_from(value).ok()?;
        self.values.binary_search(&value).ok()
    }

    pub fn name(&self, i: usize) -> &'static str {
        &self.names[span(self.name_ends, i)]
    }

    pub fn layout(&self, i: usize) -> &'static [u8] {
        &self.layouts.as_bytes()[span(self.layout_ends, i)]
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    #[cfg(test)]
    pub fn value(&self, i: usize) -> u32 {
        u32::from(self.values[i])
    }
}

fn span(ends: &[u16], i: usize) -> std::ops::Range<usize> {
    let start = if i == 0 { 0 } else { usize::from(ends[i - 1]) };
    start..usize::from(ends[i])
}

/// Running sums of `lens`, checked to fit the table's 16-bit offsets.
const fn ends<const N: usize>(lens: [usize; N]) -> [u16; N] {
    let mut out = [0u16; N];
    let mut sum = 0;
    let mut i = 0;
    while i < N {
        sum += lens[i];
        assert!(
            sum <= u16::MAX as usize,
            "a grammar table's strings exceed 64 KiB"
        );
        out[i] = sum as u16;
        i += 1;
    }
    out
}

/// `values` as 16 bits each, checked ascending (the lookup is a binary search).
const fn ascending<const N: usize>(values: [u32; N]) -> [u16; N] {
    let mut out = [0u16; N];
    let mut i = 0;
    while i < N {
        assert!(
            values[i] <= u16::MAX as u32,
            "a grammar value exceeds 16 bits"
        );
        assert!(
            i == 0 || values[i - 1] < values[i],
            "a grammar table is not ascending"
        );
        out[i] = values[i] as u16;
        i += 1;
    }
    out
}

/// A [`Table`] of variants of a `spirv` crate enum, each with an optional layout.
macro_rules! table {
    ($(#[$doc:meta])* $name:ident: $enum:ident { $($variant:ident $($layout:literal)?,)* }) => {
        $(#[$doc])*
        pub(super) static $name: Table = Table {
            values: &ascending([$(spirv::$enum::$variant as u32),*]),
            name_ends: &ends([$(stringify!($variant).len()),*]),
            names: concat!($(stringify!($variant)),*),
            layout_ends: &ends([$(0 $(+ $layout.len())?),*]),
            layouts: concat!($("" $(, $layout)?),*),
        };
    };
}

/// A bit mask's flags by bit position: the grammar name and the parameters the flag
/// adds after the mask (`""` when none). An empty name is a bit the disassembler does
/// not know.
pub(super) type Mask = &'static [(&'static str, &'static str)];

pub(super) static IMAGE_OPERANDS: Mask = &[
    ("Bias", "i"),
    ("Lod", "i"),
    ("Grad", "ii"),
    ("ConstOffset", "i"),
    ("Offset", "i"),
    ("ConstOffsets", "i"),
    ("Sample", "i"),
    ("MinLod", "i"),
    ("MakeTexelAvailable", "i"),
    ("MakeTexelVisible", "i"),
    ("NonPrivateTexel", ""),
    ("VolatileTexel", ""),
    ("SignExtend", ""),
    ("ZeroExtend", ""),
    ("Nontemporal", ""),
    ("", ""),
    ("Offsets", "i"),
];

pub(super) static MEMORY_ACCESS: Mask = &[
    ("Volatile", ""),
    ("Aligned", "n"),
    ("Nontemporal", ""),
    ("MakePointerAvailable", "i"),
    ("MakePointerVisible", "i"),
    ("NonPrivatePointer", ""),
];

pub(super) static LOOP_CONTROL: Mask = &[
    ("Unroll", ""),
    ("DontUnroll", ""),
    ("DependencyInfinite", ""),
    ("DependencyLength", "n"),
    ("MinIterations", "n"),
    ("MaxIterations", "n"),
    ("IterationMultiple", "n"),
    ("PeelCount", "n"),
    ("PartialCount", "n"),
];

pub(super) static SELECTION_CONTROL: Mask = &[("Flatten", ""), ("DontFlatten", "")];

pub(super) static FUNCTION_CONTROL: Mask = &[
    ("Inline", ""),
    ("DontInline", ""),
    ("Pure", ""),
    ("Const", ""),
];

table! {
    /// The instructions: name and operand layout.
    OPS: Op {
        Nop,
        Undef "TR",
        SourceContinued "s",
        Source "Lni?s?",
        SourceExtension "s",
        Name "is",
        MemberName "ins",
        String "Rs",
        Line "inn",
        Extension "s",
        ExtInstImport "Rs",
        ExtInst "TRiei*",
        MemoryModel "AM",
        EntryPoint "Eisi*",
        ExecutionMode "iX",
        Capability "C",
        TypeVoid "R",
        TypeBool "R",
        TypeInt "Rnn",
        TypeFloat "RnP?",
        TypeVector "Rin",
        TypeMatrix "Rin",
        TypeImage "RidnnnnFQ?",
        TypeSampler "R",
        TypeSampledImage "Ri",
        TypeArray "Rii",
        TypeRuntimeArray "Ri",
        TypeStruct "Ri*",
        TypePointer "RKi",
        TypeFunction "Rii*",
        ConstantTrue "TR",
        ConstantFalse "TR",
        Constant "TRc",
        ConstantComposite "TRi*",
        ConstantNull "TR",
        SpecConstantTrue "TR",
        SpecConstantFalse "TR",
        SpecConstant "TRc",
        SpecConstantComposite "TRi*",
        SpecConstantOp "TRo",
        Function "TRfi",
        FunctionParameter "TR",
        FunctionEnd,
        FunctionCall "TRii*",
        Variable "TRKi?",
        Load "TRia?",
        Store "iia?",
        AccessChain "TRii*",
        ArrayLength "TRin",
        Decorate "iD",
        MemberDecorate "inD",
        VectorExtractDynamic "TRii",
        VectorInsertDynamic "TRiii",
        VectorShuffle "TRiin*",
        CompositeConstruct "TRi*",
        CompositeExtract "TRin*",
        CompositeInsert "TRiin*",
        CopyObject "TRi",
        Transpose "TRi",
        SampledImage "TRii",
        ImageSampleImplicitLod "TRiiO?",
        ImageSampleExplicitLod "TRiiO",
        ImageSampleDrefImplicitLod "TRiiiO?",
        ImageSampleDrefExplicitLod "TRiiiO",
        ImageFetch "TRiiO?",
        ImageGather "TRiiiO?",
        ImageDrefGather "TRiiiO?",
        ImageRead "TRiiO?",
        ImageWrite "iiiO?",
        ImageQuerySizeLod "TRii",
        ImageQuerySize "TRi",
        ImageQueryLevels "TRi",
        ImageQuerySamples "TRi",
        ConvertFToU "TRi",
        ConvertFToS "TRi",
        ConvertSToF "TRi",
        ConvertUToF "TRi",
        FConvert "TRi",
        QuantizeToF16 "TRi",
        Bitcast "TRi",
        SNegate "TRi",
        FNegate "TRi",
        IAdd "TRii",
        FAdd "TRii",
        ISub "TRii",
        FSub "TRii",
        IMul "TRii",
        FMul "TRii",
        UDiv "TRii",
        SDiv "TRii",
        FDiv "TRii",
        UMod "TRii",
        SRem "TRii",
        FRem "TRii",
        VectorTimesScalar "TRii",
        MatrixTimesScalar "TRii",
        VectorTimesMatrix "TRii",
        MatrixTimesVector "TRii",
        MatrixTimesMatrix "TRii",
        Dot "TRii",
        UMulExtended "TRii",
        SMulExtended "TRii",
        Any "TRi",
        All "TRi",
        LogicalEqual "TRii",
        LogicalNotEqual "TRii",
        LogicalOr "TRii",
        LogicalAnd "TRii",
        LogicalNot "TRi",
        Select "TRiii",
        IEqual "TRii",
        INotEqual "TRii",
        UGreaterThan "TRii",
        SGreaterThan "TRii",
        UGreaterThanEqual "TRii",
        SGreaterThanEqual "TRii",
        ULessThan "TRii",
        SLessThan "TRii",
        ULessThanEqual "TRii",
        SLessThanEqual "TRii",
        FOrdEqual "TRii",
        FUnordNotEqual "TRii",
        FOrdLessThan "TRii",
        FOrdGreaterThan "TRii",
        FOrdLessThanEqual "TRii",
        FOrdGreaterThanEqual "TRii",
        ShiftRightLogical "TRii",
        ShiftRightArithmetic "TRii",
        ShiftLeftLogical "TRii",
        BitwiseOr "TRii",
        BitwiseXor "TRii",
        BitwiseAnd "TRii",
        Not "TRi",
        BitFieldInsert "TRiiii",
        BitFieldSExtract "TRiii",
        BitFieldUExtract "TRiii",
        BitReverse "TRi",
        BitCount "TRi",
        DPdx "TRi",
        DPdy "TRi",
        Fwidth "TRi",
        DPdxFine "TRi",
        DPdyFine "TRi",
        FwidthFine "TRi",
        DPdxCoarse "TRi",
        DPdyCoarse "TRi",
        FwidthCoarse "TRi",
        ControlBarrier "iii",
        AtomicLoad "TRiii",
        AtomicStore "iiii",
        AtomicExchange "TRiiii",
        AtomicCompareExchange "TRiiiiii",
        AtomicIAdd "TRiiii",
        AtomicISub "TRiiii",
        AtomicSMin "TRiiii",
        AtomicUMin "TRiiii",
        AtomicSMax "TRiiii",
        AtomicUMax "TRiiii",
        AtomicAnd "TRiiii",
        AtomicOr "TRiiii",
        AtomicXor "TRiiii",
        Phi "TRq*",
        LoopMerge "iil",
        SelectionMerge "iz",
        Label "R",
        Branch "i",
        BranchConditional "iiin*",
        Switch "iip*",
        Kill,
        Return,
        ReturnValue "i",
        Unreachable,
        NoLine,
        ModuleProcessed "s",
        ExecutionModeId "iX",
        DecorateId "iD",
        GroupNonUniformElect "TRi",
        GroupNonUniformAll "TRii",
        GroupNonUniformAny "TRii",
        GroupNonUniformBroadcast "TRiii",
        GroupNonUniformBroadcastFirst "TRii",
        GroupNonUniformBallot "TRii",
        GroupNonUniformShuffle "TRiii",
        GroupNonUniformShuffleXor "TRiii",
        GroupNonUniformShuffleUp "TRiii",
        GroupNonUniformShuffleDown "TRiii",
        GroupNonUniformIAdd "TRiGii?",
        GroupNonUniformFAdd "TRiGii?",
        GroupNonUniformIMul "TRiGii?",
        GroupNonUniformFMul "TRiGii?",
        GroupNonUniformSMin "TRiGii?",
        GroupNonUniformUMin "TRiGii?",
        GroupNonUniformFMin "TRiGii?",
        GroupNonUniformSMax "TRiGii?",
        GroupNonUniformUMax "TRiGii?",
        GroupNonUniformFMax "TRiGii?",
        GroupNonUniformBitwiseAnd "TRiGii?",
        GroupNonUniformBitwiseOr "TRiGii?",
        GroupNonUniformBitwiseXor "TRiGii?",
        GroupNonUniformQuadBroadcast "TRiii",
        GroupNonUniformQuadSwap "TRiii",
        TerminateInvocation,
        DemoteToHelperInvocation,
    }
}

table! {
    /// `OpCapability`.
    CAPABILITIES: Capability {
        Matrix,
        Shader,
        Geometry,
        Tessellation,
        Addresses,
        Linkage,
        Kernel,
        Vector16,
        Float16Buffer,
        Float16,
        Float64,
        Int64,
        Int64Atomics,
        ImageBasic,
        ImageReadWrite,
        ImageMipmap,
        Pipes,
        Groups,
        DeviceEnqueue,
        LiteralSampler,
        AtomicStorage,
        Int16,
        TessellationPointSize,
        GeometryPointSize,
        ImageGatherExtended,
        StorageImageMultisample,
        UniformBufferArrayDynamicIndexing,
        SampledImageArrayDynamicIndexing,
        StorageBufferArrayDynamicIndexing,
        StorageImageArrayDynamicIndexing,
        ClipDistance,
        CullDistance,
        ImageCubeArray,
        SampleRateShading,
        ImageRect,
        SampledRect,
        GenericPointer,
        Int8,
        InputAttachment,
        SparseResidency,
        MinLod,
        Sampled1D,
        Image1D,
        SampledCubeArray,
        SampledBuffer,
        ImageBuffer,
        ImageMSArray,
        StorageImageExtendedFormats,
        ImageQuery,
        DerivativeControl,
        InterpolationFunction,
        TransformFeedback,
        GeometryStreams,
        StorageImageReadWithoutFormat,
        StorageImageWriteWithoutFormat,
        MultiViewport,
        SubgroupDispatch,
        NamedBarrier,
        PipeStorage,
        GroupNonUniform,
        GroupNonUniformVote,
        GroupNonUniformArithmetic,
        GroupNonUniformBallot,
        GroupNonUniformShuffle,
        GroupNonUniformShuffleRelative,
        GroupNonUniformClustered,
        GroupNonUniformQuad,
        ShaderLayer,
        ShaderViewportIndex,
        UniformDecoration,
        StorageBuffer16BitAccess,
        UniformAndStorageBuffer16BitAccess,
        StoragePushConstant16,
        StorageInputOutput16,
        DemoteToHelperInvocation,
    }
}

table! {
    /// Entry point stages.
    EXECUTION_MODELS: ExecutionModel {
        Vertex,
        TessellationControl,
        TessellationEvaluation,
        Geometry,
        Fragment,
        GLCompute,
        Kernel,
    }
}

table! {
    /// Execution modes, with their parameters.
    EXECUTION_MODES: ExecutionMode {
        Invocations "n",
        SpacingEqual,
        SpacingFractionalEven,
        SpacingFractionalOdd,
        VertexOrderCw,
        VertexOrderCcw,
        PixelCenterInteger,
        OriginUpperLeft,
        OriginLowerLeft,
        EarlyFragmentTests,
        PointMode,
        Xfb,
        DepthReplacing,
        DepthGreater,
        DepthLess,
        DepthUnchanged,
        LocalSize "nnn",
        LocalSizeHint "nnn",
        InputPoints,
        InputLines,
        InputLinesAdjacency,
        Triangles,
        InputTrianglesAdjacency,
        Quads,
        Isolines,
        OutputVertices "n",
        OutputPoints,
        OutputLineStrip,
        OutputTriangleStrip,
        VecTypeHint "n",
        ContractionOff,
        Initializer,
        Finalizer,
        SubgroupSize "n",
        SubgroupsPerWorkgroup "n",
        SubgroupsPerWorkgroupId "i",
        LocalSizeId "iii",
        LocalSizeHintId "iii",
    }
}

table! {
    /// Addressing models.
    ADDRESSING_MODELS: AddressingModel {
        Logical,
        Physical32,
        Physical64,
    }
}

table! {
    /// Memory models.
    MEMORY_MODELS: MemoryModel {
        Simple,
        GLSL450,
        OpenCL,
        Vulkan,
    }
}

table! {
    /// Storage classes.
    STORAGE_CLASSES: StorageClass {
        UniformConstant,
        Input,
        Uniform,
        Output,
        Workgroup,
        CrossWorkgroup,
        Private,
        Function,
        Generic,
        PushConstant,
        AtomicCounter,
        Image,
        StorageBuffer,
    }
}

table! {
    /// Decorations, with their parameters.
    DECORATIONS: Decoration {
        RelaxedPrecision,
        SpecId "n",
        Block,
        BufferBlock,
        RowMajor,
        ColMajor,
        ArrayStride "n",
        MatrixStride "n",
        GLSLShared,
        GLSLPacked,
        CPacked,
        BuiltIn "B",
        NoPerspective,
        Flat,
        Patch,
        Centroid,
        Sample,
        Invariant,
        Restrict,
        Aliased,
        Volatile,
        Constant,
        Coherent,
        NonWritable,
        NonReadable,
        Uniform,
        UniformId "i",
        SaturatedConversion,
        Stream "n",
        Location "n",
        Component "n",
        Index "n",
        Binding "n",
        DescriptorSet "n",
        Offset "n",
        XfbBuffer "n",
        XfbStride "n",
        NoContraction,
        InputAttachmentIndex "n",
        Alignment "n",
        MaxByteOffset "n",
        AlignmentId "i",
        MaxByteOffsetId "i",
    }
}

table! {
    /// Built-in variables.
    BUILT_INS: BuiltIn {
        Position,
        PointSize,
        ClipDistance,
        CullDistance,
        VertexId,
        InstanceId,
        PrimitiveId,
        InvocationId,
        Layer,
        ViewportIndex,
        TessLevelOuter,
        TessLevelInner,
        TessCoord,
        PatchVertices,
        FragCoord,
        PointCoord,
        FrontFacing,
        SampleId,
        SamplePosition,
        SampleMask,
        FragDepth,
        HelperInvocation,
        NumWorkgroups,
        WorkgroupSize,
        WorkgroupId,
        LocalInvocationId,
        GlobalInvocationId,
        LocalInvocationIndex,
        WorkDim,
        GlobalSize,
        EnqueuedWorkgroupSize,
        GlobalOffset,
        GlobalLinearId,
        SubgroupSize,
        SubgroupMaxSize,
        NumSubgroups,
        NumEnqueuedSubgroups,
        SubgroupId,
        SubgroupLocalInvocationId,
        VertexIndex,
        InstanceIndex,
    }
}

table! {
    /// Image dimensionalities (printed without the `Dim` prefix).
    DIMS: Dim {
        Dim1D,
        Dim2D,
        Dim3D,
        DimCube,
        DimRect,
        DimBuffer,
        DimSubpassData,
    }
}

table! {
    /// Image formats.
    IMAGE_FORMATS: ImageFormat {
        Unknown,
        Rgba32f,
        Rgba16f,
        R32f,
        Rgba8,
        Rgba8Snorm,
        Rg32f,
        Rg16f,
        R11fG11fB10f,
        R16f,
        Rgba16,
        Rgb10A2,
        Rg16,
        Rg8,
        R16,
        R8,
        Rgba16Snorm,
        Rg16Snorm,
        Rg8Snorm,
        R16Snorm,
        R8Snorm,
        Rgba32i,
        Rgba16i,
        Rgba8i,
        R32i,
        Rg32i,
        Rg16i,
        Rg8i,
        R16i,
        R8i,
        Rgba32ui,
        Rgba16ui,
        Rgba8ui,
        R32ui,
        Rgb10a2ui,
        Rg32ui,
        Rg16ui,
        Rg8ui,
        R16ui,
        R8ui,
        R64ui,
        R64i,
    }
}

table! {
    /// Image access qualifiers.
    ACCESS_QUALIFIERS: AccessQualifier {
        ReadOnly,
        WriteOnly,
        ReadWrite,
    }
}

table! {
    /// Group operations.
    GROUP_OPERATIONS: GroupOperation {
        Reduce,
        InclusiveScan,
        ExclusiveScan,
        ClusteredReduce,
        PartitionedReduceEXT,
        PartitionedInclusiveScanEXT,
        PartitionedExclusiveScanEXT,
    }
}

table! {
    /// `OpSource` languages.
    SOURCE_LANGUAGES: SourceLanguage {
        Unknown,
        ESSL,
        GLSL,
        OpenCL_C,
        OpenCL_CPP,
        HLSL,
        CPP_for_OpenCL,
        SYCL,
        HERO_C,
        NZSL,
        WGSL,
        Slang,
        Zig,
        Rust,
    }
}

table! {
    /// `OpTypeFloat` encodings.
    FP_ENCODINGS: FPEncoding {
        BFloat16KHR,
        Float8E4M3EXT,
        Float8E5M2EXT,
    }
}

table! {
    /// The `GLSL.std.450` extended instructions.
    GLSL_STD_450: GlslStd450Op {
        Round,
        RoundEven,
        Trunc,
        FAbs,
        SAbs,
        FSign,
        SSign,
        Floor,
        Ceil,
        Fract,
        Radians,
        Degrees,
        Sin,
        Cos,
        Tan,
        Asin,
        Acos,
        Atan,
        Sinh,
        Cosh,
        Tanh,
        Asinh,
        Acosh,
        Atanh,
        Atan2,
        Pow,
        Exp,
        Log,
        Exp2,
        Log2,
        Sqrt,
        InverseSqrt,
        Determinant,
        MatrixInverse,
        Modf,
        ModfStruct,
        FMin,
        UMin,
        SMin,
        FMax,
        UMax,
        SMax,
        FClamp,
        UClamp,
        SClamp,
        FMix,
        IMix,
        Step,
        SmoothStep,
        Fma,
        Frexp,
        FrexpStruct,
        Ldexp,
        PackSnorm4x8,
        PackUnorm4x8,
        PackSnorm2x16,
        PackUnorm2x16,
        PackHalf2x16,
        PackDouble2x32,
        UnpackSnorm2x16,
        UnpackUnorm2x16,
        UnpackHalf2x16,
        UnpackSnorm4x8,
        UnpackUnorm4x8,
        UnpackDouble2x32,
        Length,
        Distance,
        Cross,
        Normalize,
        FaceForward,
        Reflect,
        Refract,
        FindILsb,
        FindSMsb,
        FindUMsb,
        InterpolateAtCentroid,
        InterpolateAtSample,
        InterpolateAtOffset,
        NMin,
        NMax,
        NClamp,
    }
}
