//! The names HLSL takes: keywords, reserved words, type names and intrinsic functions.
//! User names that collide with any of them are renamed by the raiser's namer, which
//! takes this set the way the WGSL emitter passes WGSL's keywords; so an HLSL program
//! never declares a name that shadows something it refers to.
//!
//! Vector and matrix type names (`float4`, `uint2x3`, `min16float4`, `int64_t2`, …) follow
//! a pattern: they are generated from the scalar type names.

use crate::raise::names::Keywords;

/// Keywords, reserved words and type names of HLSL (DXC's, Shader Model 6): never an
/// identifier, not even a structure member. Sorted, separated by spaces: one string, not
/// a table of `&str`s, whose pointer and length per word the package would carry too.
const KEYWORDS: &str = "\
AppendStructuredBuffer BlendState Buffer ByteAddressBuffer CompileShader \
ComputeShader ConsumeStructuredBuffer DepthStencilState DepthStencilView \
DomainShader GeometryShader HullShader InputPatch LineStream NULL OutputPatch \
PixelShader PointStream RWBuffer RWByteAddressBuffer RWStructuredBuffer RWTexture1D \
RWTexture1DArray RWTexture2D RWTexture2DArray RWTexture3D RasterizerOrderedBuffer \
RasterizerOrderedByteAddressBuffer RasterizerOrderedStructuredBuffer \
RasterizerOrderedTexture1D RasterizerOrderedTexture1DArray \
RasterizerOrderedTexture2D RasterizerOrderedTexture2DArray \
RasterizerOrderedTexture3D RasterizerState RenderTargetView SamplerComparisonState \
SamplerState StructuredBuffer Texture1D Texture1DArray Texture2D Texture2DArray \
Texture2DMS Texture2DMSArray Texture3D TextureCube TextureCubeArray TriangleStream \
VertexShader asm asm_fragment auto bool break case catch cbuffer centroid char \
class column_major compile compile_fragment const const_cast continue default \
delete discard do double dword dynamic_cast else enum explicit export extern false \
float for friend fxgroup goto groupshared half if in indices inline inout int \
interface line lineadj linear long matrix min10float min12int min16float min16int \
min16uint mutable namespace new nointerpolation noperspective numthreads operator \
out packoffset pass payload pixelfragment point precise primitives private \
protected public register reinterpret_cast return row_major sample sampler \
sampler1D sampler2D sampler3D samplerCUBE sampler_state shared short signed sizeof \
snorm stateblock stateblock_state static static_cast string struct switch tbuffer \
technique technique10 technique11 template texture texture1D texture2D texture3D \
textureCUBE this throw triangle triangleadj true try typedef typename uint uniform \
union unorm unsigned using vector vertexfragment vertices virtual void volatile \
while";

/// Intrinsic functions and other predeclared names: never declared by the output, so
/// nothing shadows what it calls. Sorted, separated by spaces (see [`KEYWORDS`]).
const INTRINSICS: &str = "\
AddressU AddressV AddressW AllMemoryBarrier AllMemoryBarrierWithGroupSync \
CheckAccessFullyMapped D3DCOLORtoUBYTE4 DeviceMemoryBarrier \
DeviceMemoryBarrierWithGroupSync EvaluateAttributeAtCentroid \
EvaluateAttributeAtSample EvaluateAttributeSnapped GetAttributeAtVertex \
GetRenderTargetSampleCount GetRenderTargetSamplePosition GroupMemoryBarrier \
GroupMemoryBarrierWithGroupSync InterlockedAdd InterlockedAnd \
InterlockedCompareExchange InterlockedCompareStore InterlockedExchange \
InterlockedMax InterlockedMin InterlockedOr InterlockedXor NonUniformResourceIndex \
Process2DQuadTessFactorsAvg Process2DQuadTessFactorsMax Process2DQuadTessFactorsMin \
ProcessIsolineTessFactors ProcessQuadTessFactorsAvg ProcessQuadTessFactorsMax \
ProcessQuadTessFactorsMin ProcessTriTessFactorsAvg ProcessTriTessFactorsMax \
ProcessTriTessFactorsMin QuadReadAcrossDiagonal QuadReadAcrossX QuadReadAcrossY \
QuadReadLaneAt WaveActiveAllEqual WaveActiveAllTrue WaveActiveAnyTrue \
WaveActiveBallot WaveActiveBitAnd WaveActiveBitOr WaveActiveBitXor \
WaveActiveCountBits WaveActiveMax WaveActiveMin WaveActiveProduct WaveActiveSum \
WaveGetLaneCount WaveGetLaneIndex WaveIsFirstLane WaveMatch WaveMultiPrefixBitAnd \
WaveMultiPrefixBitOr WaveMultiPrefixBitXor WaveMultiPrefixCountBits \
WaveMultiPrefixProduct WaveMultiPrefixSum WavePrefixCountBits WavePrefixProduct \
WavePrefixSum WaveReadLaneAt WaveReadLaneFirst abort abs acos all and any asdouble \
asfloat asfloat16 asin asint asint16 asuint asuint16 atan atan2 ceil clamp clip cos \
cosh countbits cross ddx ddx_coarse ddx_fine ddy ddy_coarse ddy_fine degrees \
determinant distance dot dot2add dot4add_i8packed dot4add_u8packed dst errorf exp \
exp2 f16tof32 f32tof16 faceforward firstbithigh firstbitlow floor fma fmod frac \
frexp fwidth isfinite isinf isnan ldexp length lerp lit log log10 log2 mad max min \
modf msad4 mul noise normalize or pow printf radians rcp reflect refract \
reversebits round rsqrt saturate select sign sin sincos sinh smoothstep sqrt step \
tan tanh tex1D tex1Dbias tex1Dgrad tex1Dlod tex1Dproj tex2D tex2Dbias tex2Dgrad \
tex2Dlod tex2Dproj tex3D tex3Dbias tex3Dgrad tex3Dlod tex3Dproj texCUBE texCUBEbias \
texCUBEgrad texCUBElod texCUBEproj transpose trunc";

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

/// HLSL's words as the raising plan's namer takes them: keywords, type names (the
/// vector and matrix ones by their pattern) and `__`-prefixed names reserved, intrinsics
/// taken; identifiers ASCII. The prefix `hlsl_` is reserved for the writer's own helpers,
/// so no name from the source can meet one.
pub fn keywords() -> &'static Keywords {
    static WORDS: std::sync::OnceLock<Keywords> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut reserved = Vec::new();
        for word in KEYWORDS.split_ascii_whitespace() {
            reserved.push(word);
        }
        let mut intrinsics = Vec::new();
        for word in INTRINSICS.split_ascii_whitespace() {
            intrinsics.push(word);
        }
        Keywords::new(reserved, intrinsics, &["__", HELPER_PREFIX])
            .reserving(is_vector_or_matrix_name)
            .ascii_only()
    })
}

/// The prefix of the writer's own helper functions and types.
pub const HELPER_PREFIX: &str = "hlsl_";

/// `text` with `_` in place of every character that is not an ASCII letter or digit.
pub fn underscored(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        out.push(if c.is_ascii_alphanumeric() { c } else { '_' });
    }
    out
}

/// Whether `name` is a vector or matrix type name: a scalar type name followed by `N` or
/// `NxM`, each 1 to 4 (`float4`, `uint2x3`, `min16float1x1`). Tested rather than listed:
/// spelling out the 420 names, each hashed into the reserved set, cost more than a
/// whole HLSL compile's raising of a mid-sized shader.
fn is_vector_or_matrix_name(name: &str) -> bool {
    let dim = |b: u8| (b'1'..=b'4').contains(&b);
    // Every name the namer makes asks; most do not end in a dimension.
    if !name.as_bytes().last().is_some_and(|&b| dim(b)) {
        return false;
    }
    SCALAR_TYPES.iter().any(|s| {
        name.strip_prefix(s)
            .is_some_and(|rest| match rest.as_bytes() {
                [n] => dim(*n),
                [n, b'x', k] => dim(*n) && dim(*k),
                _ => false,
            })
    })
}

/// Whether HLSL takes `name`: a keyword, type, intrinsic, or a reserved prefix.
pub fn is_taken_by_hlsl(name: &str) -> bool {
    keywords().is_taken(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_are_sorted_and_unique() {
        for list in [KEYWORDS, INTRINSICS] {
            let words: Vec<&str> = list.split_ascii_whitespace().collect();
            assert!(
                words.windows(2).all(|w| w[0] < w[1]),
                "{words:?} must be sorted"
            );
        }
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
            "sample",
            "line",
            "register",
            "__x",
            "hlsl_x",
        ] {
            assert!(is_taken_by_hlsl(n), "{n}");
        }
        for n in [
            "position", "color", "float5", "uint0", "floats", "main", "x", "data",
        ] {
            assert!(!is_taken_by_hlsl(n), "{n}");
        }
        // Intrinsics may be struct members; keywords may not.
        assert!(!keywords().is_reserved("length") && keywords().is_reserved("sample"));
    }
}
