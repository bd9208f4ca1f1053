//! The names HLSL takes: keywords, reserved words, type names and intrinsic functions.
//! User names that collide with any of them are renamed by the raiser's namer, which
//! takes this set the way the WGSL emitter passes WGSL's keywords; so an HLSL program
//! never declares a name that shadows something it refers to.
//!
//! Case matters in HLSL except for a few effect-framework words (`technique`, `pass`,
//! `compile`, …) that DXC compares without case; those are listed in lower case and
//! matched without case too. Vector and matrix type names (`float4`, `uint2x3`,
//! `min16float4`, `int64_t2`, …) follow a pattern and are matched by [`is_type_name`]
//! rather than listed.

/// Keywords, reserved words and predefined type names of HLSL (DXC's, Shader Model 6),
/// sorted for binary search.
const RESERVED: &[&str] = &[
    "AddressU",
    "AddressV",
    "AddressW",
    "AllMemoryBarrier",
    "AllMemoryBarrierWithGroupSync",
    "AppendStructuredBuffer",
    "BlendState",
    "Buffer",
    "ByteAddressBuffer",
    "CheckAccessFullyMapped",
    "CompileShader",
    "ComputeShader",
    "ConsumeStructuredBuffer",
    "D3DCOLORtoUBYTE4",
    "DepthStencilState",
    "DepthStencilView",
    "DeviceMemoryBarrier",
    "DeviceMemoryBarrierWithGroupSync",
    "DomainShader",
    "EvaluateAttributeAtCentroid",
    "EvaluateAttributeAtSample",
    "EvaluateAttributeSnapped",
    "GeometryShader",
    "GetAttributeAtVertex",
    "GetRenderTargetSampleCount",
    "GetRenderTargetSamplePosition",
    "GroupMemoryBarrier",
    "GroupMemoryBarrierWithGroupSync",
    "HullShader",
    "InputPatch",
    "InterlockedAdd",
    "InterlockedAnd",
    "InterlockedCompareExchange",
    "InterlockedCompareStore",
    "InterlockedExchange",
    "InterlockedMax",
    "InterlockedMin",
    "InterlockedOr",
    "InterlockedXor",
    "LineStream",
    "NULL",
    "NonUniformResourceIndex",
    "OutputPatch",
    "PixelShader",
    "PointStream",
    "Process2DQuadTessFactorsAvg",
    "Process2DQuadTessFactorsMax",
    "Process2DQuadTessFactorsMin",
    "ProcessIsolineTessFactors",
    "ProcessQuadTessFactorsAvg",
    "ProcessQuadTessFactorsMax",
    "ProcessQuadTessFactorsMin",
    "ProcessTriTessFactorsAvg",
    "ProcessTriTessFactorsMax",
    "ProcessTriTessFactorsMin",
    "QuadReadAcrossDiagonal",
    "QuadReadAcrossX",
    "QuadReadAcrossY",
    "QuadReadLaneAt",
    "RWBuffer",
    "RWByteAddressBuffer",
    "RWStructuredBuffer",
    "RWTexture1D",
    "RWTexture1DArray",
    "RWTexture2D",
    "RWTexture2DArray",
    "RWTexture3D",
    "RasterizerOrderedBuffer",
    "RasterizerOrderedByteAddressBuffer",
    "RasterizerOrderedStructuredBuffer",
    "RasterizerOrderedTexture1D",
    "RasterizerOrderedTexture1DArray",
    "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray",
    "RasterizerOrderedTexture3D",
    "RasterizerState",
    "RenderTargetView",
    "SamplerComparisonState",
    "SamplerState",
    "StructuredBuffer",
    "Texture1D",
    "Texture1DArray",
    "Texture2D",
    "Texture2DArray",
    "Texture2DMS",
    "Texture2DMSArray",
    "Texture3D",
    "TextureCube",
    "TextureCubeArray",
    "TriangleStream",
    "VertexShader",
    "WaveActiveAllEqual",
    "WaveActiveAllTrue",
    "WaveActiveAnyTrue",
    "WaveActiveBallot",
    "WaveActiveBitAnd",
    "WaveActiveBitOr",
    "WaveActiveBitXor",
    "WaveActiveCountBits",
    "WaveActiveMax",
    "WaveActiveMin",
    "WaveActiveProduct",
    "WaveActiveSum",
    "WaveGetLaneCount",
    "WaveGetLaneIndex",
    "WaveIsFirstLane",
    "WaveMatch",
    "WaveMultiPrefixBitAnd",
    "WaveMultiPrefixBitOr",
    "WaveMultiPrefixBitXor",
    "WaveMultiPrefixCountBits",
    "WaveMultiPrefixProduct",
    "WaveMultiPrefixSum",
    "WavePrefixCountBits",
    "WavePrefixProduct",
    "WavePrefixSum",
    "WaveReadLaneAt",
    "WaveReadLaneFirst",
    "abort",
    "abs",
    "acos",
    "all",
    "and",
    "any",
    "asdouble",
    "asfloat",
    "asfloat16",
    "asin",
    "asint",
    "asint16",
    "asm",
    "asm_fragment",
    "asuint",
    "asuint16",
    "atan",
    "atan2",
    "auto",
    "bool",
    "break",
    "case",
    "catch",
    "cbuffer",
    "ceil",
    "centroid",
    "char",
    "clamp",
    "class",
    "clip",
    "column_major",
    "compile",
    "compile_fragment",
    "const",
    "const_cast",
    "continue",
    "cos",
    "cosh",
    "countbits",
    "cross",
    "ddx",
    "ddx_coarse",
    "ddx_fine",
    "ddy",
    "ddy_coarse",
    "ddy_fine",
    "default",
    "degrees",
    "delete",
    "determinant",
    "discard",
    "distance",
    "do",
    "dot",
    "dot2add",
    "dot4add_i8packed",
    "dot4add_u8packed",
    "double",
    "dst",
    "dword",
    "dynamic_cast",
    "else",
    "enum",
    "errorf",
    "exp",
    "exp2",
    "explicit",
    "export",
    "extern",
    "f16tof32",
    "f32tof16",
    "faceforward",
    "false",
    "firstbithigh",
    "firstbitlow",
    "float",
    "floor",
    "fma",
    "fmod",
    "for",
    "frac",
    "frexp",
    "friend",
    "fwidth",
    "fxgroup",
    "goto",
    "groupshared",
    "half",
    "if",
    "in",
    "indices",
    "inline",
    "inout",
    "int",
    "interface",
    "isfinite",
    "isinf",
    "isnan",
    "ldexp",
    "length",
    "lerp",
    "line",
    "lineadj",
    "linear",
    "lit",
    "log",
    "log10",
    "log2",
    "long",
    "mad",
    "matrix",
    "max",
    "min",
    "min10float",
    "min12int",
    "min16float",
    "min16int",
    "min16uint",
    "modf",
    "msad4",
    "mul",
    "mutable",
    "namespace",
    "new",
    "nointerpolation",
    "noise",
    "noperspective",
    "normalize",
    "numthreads",
    "operator",
    "or",
    "out",
    "packoffset",
    "pass",
    "payload",
    "pixelfragment",
    "point",
    "pow",
    "precise",
    "primitives",
    "printf",
    "private",
    "protected",
    "public",
    "radians",
    "rcp",
    "reflect",
    "refract",
    "register",
    "reinterpret_cast",
    "return",
    "reversebits",
    "round",
    "row_major",
    "rsqrt",
    "sample",
    "sampler",
    "sampler1D",
    "sampler2D",
    "sampler3D",
    "samplerCUBE",
    "sampler_state",
    "saturate",
    "select",
    "shared",
    "short",
    "sign",
    "signed",
    "sin",
    "sincos",
    "sinh",
    "sizeof",
    "smoothstep",
    "snorm",
    "sqrt",
    "stateblock",
    "stateblock_state",
    "static",
    "static_cast",
    "step",
    "string",
    "struct",
    "switch",
    "tan",
    "tanh",
    "tbuffer",
    "technique",
    "technique10",
    "technique11",
    "template",
    "tex1D",
    "tex1Dbias",
    "tex1Dgrad",
    "tex1Dlod",
    "tex1Dproj",
    "tex2D",
    "tex2Dbias",
    "tex2Dgrad",
    "tex2Dlod",
    "tex2Dproj",
    "tex3D",
    "tex3Dbias",
    "tex3Dgrad",
    "tex3Dlod",
    "tex3Dproj",
    "texCUBE",
    "texCUBEbias",
    "texCUBEgrad",
    "texCUBElod",
    "texCUBEproj",
    "texture",
    "texture1D",
    "texture2D",
    "texture3D",
    "textureCUBE",
    "this",
    "throw",
    "transpose",
    "triangle",
    "triangleadj",
    "true",
    "trunc",
    "try",
    "typedef",
    "typename",
    "uint",
    "uniform",
    "union",
    "unorm",
    "unsigned",
    "using",
    "vector",
    "vertexfragment",
    "vertices",
    "virtual",
    "void",
    "volatile",
    "while",
];

/// Scalar type names that take a `N` or `NxM` suffix to name a vector or matrix.
const SCALAR_TYPES: &[&str] = &[
    "bool",
    "double",
    "dword",
    "float",
    "float16_t",
    "float32_t",
    "float64_t",
    "half",
    "int",
    "int16_t",
    "int32_t",
    "int64_t",
    "min10float",
    "min12int",
    "min16float",
    "min16int",
    "min16uint",
    "uint",
    "uint16_t",
    "uint32_t",
    "uint64_t",
];

/// Whether HLSL takes `name`: a keyword, reserved word, type, intrinsic function, a
/// vector or matrix type name, a name DXC reserves by prefix (`SV_`, `__`), or an
/// effect-framework word in any case.
pub fn is_taken_by_hlsl(name: &str) -> bool {
    RESERVED.binary_search(&name).is_ok()
        || is_type_name(name)
        || name.starts_with("__")
        || name.starts_with("SV_")
        || name.starts_with("sv_")
        || matches!(
            name.to_ascii_lowercase().as_str(),
            "technique"
                | "technique10"
                | "technique11"
                | "pass"
                | "compile"
                | "stateblock"
                | "vertexshader"
                | "pixelshader"
                | "sampler_state"
                | "texture"
        )
}

/// `float4`, `uint2x3`, `min16float4`, `int64_t2`: a scalar type name followed by `N` or
/// `NxM` with N, M in 1..=4.
pub fn is_type_name(name: &str) -> bool {
    let digits = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
    if digits.len() == name.len() || !SCALAR_TYPES.contains(&digits) {
        // `min16float` ends in a digit too; it is in RESERVED.
        return false;
    }
    let suffix = name[digits.len()..].as_bytes();
    let dim = |b: u8| (b'1'..=b'4').contains(&b);
    match suffix {
        [n] => dim(*n),
        [n, b'x', m] => dim(*n) && dim(*m),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserved_list_is_sorted_and_unique() {
        assert!(
            RESERVED.windows(2).all(|w| w[0] < w[1]),
            "RESERVED must be sorted"
        );
    }

    #[test]
    fn takes_keywords_types_and_intrinsics() {
        for n in [
            "float4",
            "uint2x3",
            "min16float4",
            "int64_t2",
            "bool1",
            "half3x3",
            "mul",
            "lerp",
            "frac",
            "cbuffer",
            "Texture2D",
            "SV_Position",
            "sample",
            "line",
            "PASS",
            "register",
        ] {
            assert!(is_taken_by_hlsl(n), "{n}");
        }
        for n in [
            "position", "color", "float5", "uint0", "floats", "main", "x", "data",
        ] {
            assert!(!is_taken_by_hlsl(n), "{n}");
        }
    }
}

/// An ASCII identifier from a debug name: other characters become `_`, a leading digit
/// gets a `v` before it, runs of `_` collapse, leading and trailing `_` go (HLSL keeps
/// `__` names), and an empty result becomes `fallback`.
pub fn ascii_identifier(raw: &str, fallback: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        if c.is_ascii_alphanumeric() {
            if out.is_empty() && c.is_ascii_digit() {
                out.push('v');
            }
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_end_matches('_');
    if out.is_empty() {
        fallback.to_string()
    } else {
        out.to_string()
    }
}

/// Hands out module-unique HLSL names: ASCII, never a word HLSL takes, `_N` appended
/// when a name is already used.
#[derive(Default)]
pub struct Namer {
    used: rustc_hash::FxHashSet<String>,
    next_suffix: rustc_hash::FxHashMap<String, u32>,
}

impl Namer {
    /// Takes `name` exactly (an entry point's); false if it was already taken.
    pub fn take(&mut self, name: &str) -> bool {
        self.used.insert(name.to_string())
    }

    /// A unique name from a debug name, or from `fallback` without one.
    pub fn name(&mut self, debug: Option<&str>, fallback: &str) -> String {
        let base = ascii_identifier(debug.unwrap_or(fallback), fallback);
        let base = if is_taken_by_hlsl(&base) {
            format!("{base}_")
        } else {
            base
        };
        if self.used.insert(base.clone()) {
            return base;
        }
        let mut k = self.next_suffix.get(&base).copied().unwrap_or(1);
        loop {
            let candidate = format!("{base}_{k}");
            k += 1;
            if !is_taken_by_hlsl(&candidate) && self.used.insert(candidate.clone()) {
                self.next_suffix.insert(base, k);
                return candidate;
            }
        }
    }
}
