//! The overloads of every builtin function, in the pattern language of
//! [`super::pattern`], transcribed from the spec's tables section by section.
//!
//! Spec shorthands map as follows: "[ALLNUMERICDECL]" (`S` is any numeric scalar, `T` is
//! `S` or `vecN<S>`) is `vN<S> | S: num`; "[ALLFLOATINGDECL]" is `vN<S> | S: float`;
//! "[INTEGRAL]" (i32, u32 and their vectors) is `vN<S> | S: cint`; "concrete numeric scalar
//! or vector" is `vN<S> | S: cnum`. Texture parameters the spec requires to be
//! const-expressions (`offset`, gather `component`, broadcast `id`) carry `@const`.

use std::sync::OnceLock;

use super::BuiltinFn;
use super::pattern::{Overload, cached, parse_named};

/// The parsed overloads of `f`. Each function's are parsed the first time it is asked
/// for: a program calls a few dozen of the table's builtins, and parsing all of them
/// cost a third of a whole compile of a mid-sized shader from the command line.
pub fn overloads(f: BuiltinFn) -> &'static [Overload] {
    static TABLE: [OnceLock<Vec<Overload>>; BuiltinFn::ALL.len()] =
        [const { OnceLock::new() }; BuiltinFn::ALL.len()];
    cached(&TABLE[f as usize], &|| {
        parse_named(f.name(), &mut sources(f).iter().map(String::as_str), false)
    })
}

const FLOAT_UNARY: &str = "(e: vN<S>) -> vN<S> | S: float";
const FLOAT_BINARY: &str = "(e1: vN<S>, e2: vN<S>) -> vN<S> | S: float";
const FLOAT_TERNARY: &str = "(e1: vN<S>, e2: vN<S>, e3: vN<S>) -> vN<S> | S: float";
const INTEGRAL_UNARY: &str = "(e: vN<S>) -> vN<S> | S: cint";
const DERIVATIVE: &str = "(e: vN<f32>) -> vN<f32>";
const SUBGROUP_NUMERIC: &str = "(e: vN<S>) -> vN<S> | S: cnum";
const SUBGROUP_INTEGRAL: &str = "(e: vN<S>) -> vN<S> | S: cint";
/// An atomic function's overload: its first parameter is the atomic pointer, `rest` the
/// other parameters and `ret` the result (` -> T`, or empty).
macro_rules! atomic {
    ($rest:literal, $ret:literal) => {
        concat!(
            "(atomic_ptr: ptr<AS, atomic<T>, read_write>",
            $rest,
            ")",
            $ret,
            " | AS: storage workgroup; T: cint"
        )
    };
}

fn s(list: &[&str]) -> Vec<String> {
    list.iter().map(|x| x.to_string()).collect()
}

fn sources(f: BuiltinFn) -> Vec<String> {
    use BuiltinFn::*;
    // One table of static text, so that each function costs a pointer and a length; only
    // the two generated families build their text.
    let list: &[&str] = match f {
        Bitcast => return bitcast_sources(),
        All | Any => &["(e: vN<bool>) -> bool"],
        Select => &[
            "(f: vN<S>, t: vN<S>, cond: bool) -> vN<S> | S: any",
            "(f: vecN<S>, t: vecN<S>, cond: vecN<bool>) -> vecN<S> | S: any",
        ],
        ArrayLength => &[
            "(p: ptr<AS, array<E>, AM>) -> u32 | AS: storage uniform workgroup; AM: read read_write",
        ],
        Abs => &["(e: vN<S>) -> vN<S> | S: num"],
        Max | Min => &["(e1: vN<S>, e2: vN<S>) -> vN<S> | S: num"],
        Clamp => &["(e: vN<S>, low: vN<S>, high: vN<S>) -> vN<S> | S: num"],
        Acos | Acosh | Asin | Asinh | Atan | Atanh | Ceil | Cos | Cosh | Degrees | Exp | Exp2
        | Floor | Fract | InverseSqrt | Log | Log2 | Radians | Round | Saturate | Sin | Sinh
        | Sqrt | Tan | Tanh | Trunc => &[FLOAT_UNARY],
        Atan2 => &["(y: vN<S>, x: vN<S>) -> vN<S> | S: float"],
        Pow => &[FLOAT_BINARY],
        Step => &["(edge: vN<S>, x: vN<S>) -> vN<S> | S: float"],
        Fma => &[FLOAT_TERNARY],
        Smoothstep => &["(edge0: vN<S>, edge1: vN<S>, x: vN<S>) -> vN<S> | S: float"],
        Mix => &[
            FLOAT_TERNARY,
            "(e1: vecN<S>, e2: vecN<S>, e3: S) -> vecN<S> | S: float",
        ],
        CountLeadingZeros | CountOneBits | CountTrailingZeros | FirstLeadingBit
        | FirstTrailingBit | ReverseBits => &[INTEGRAL_UNARY],
        ExtractBits => &["(e: vN<S>, offset: u32, count: u32) -> vN<S> | S: cint"],
        InsertBits => &["(e: vN<S>, newbits: vN<S>, offset: u32, count: u32) -> vN<S> | S: cint"],
        Cross => &["(a: vec3<S>, b: vec3<S>) -> vec3<S> | S: float"],
        Determinant => &["(e: matCxC<S>) -> S | S: float"],
        Distance => &["(e1: vN<S>, e2: vN<S>) -> S | S: float"],
        Length => &["(e: vN<S>) -> S | S: float"],
        Dot => &["(e1: vecN<S>, e2: vecN<S>) -> S | S: num"],
        Dot4U8Packed => &["(e1: u32, e2: u32) -> u32"],
        Dot4I8Packed => &["(e1: u32, e2: u32) -> i32"],
        FaceForward => &["(e1: vecN<S>, e2: vecN<S>, e3: vecN<S>) -> vecN<S> | S: float"],
        Reflect => &["(e1: vecN<S>, e2: vecN<S>) -> vecN<S> | S: float"],
        Refract => &["(e1: vecN<S>, e2: vecN<S>, e3: S) -> vecN<S> | S: float"],
        Normalize => &["(e: vecN<S>) -> vecN<S> | S: float"],
        Frexp => &["(e: vN<S>) -> frexp<vN<S>> | S: float"],
        Modf => &["(e: vN<S>) -> modf<vN<S>> | S: float"],
        Ldexp => &[
            "(e1: vN<S>, e2: vN<i32>) -> vN<S> | S: cfloat",
            "(e1: vN<af>, e2: vN<ai>) -> vN<af>",
        ],
        QuantizeToF16 => &["(e: vN<f32>) -> vN<f32>"],
        Sign => &["(e: vN<S>) -> vN<S> | S: signed"],
        Transpose => &["(e: matRxC<S>) -> matCxR<S> | S: float"],
        Dpdx | DpdxCoarse | DpdxFine | Dpdy | DpdyCoarse | DpdyFine | Fwidth | FwidthCoarse
        | FwidthFine => &[DERIVATIVE],
        TextureDimensions => return texture_dimensions_sources(),
        TextureGather => &[
            "(@const component: C, t: texture_2d<ST>, s: sampler, coords: vec2<f32>) -> vec4<ST> | C: cint; ST: ccore",
            "(@const component: C, t: texture_2d<ST>, s: sampler, coords: vec2<f32>, @const offset: vec2<i32>) -> vec4<ST> | C: cint; ST: ccore",
            "(@const component: C, t: texture_2d_array<ST>, s: sampler, coords: vec2<f32>, array_index: A) -> vec4<ST> | C: cint; A: cint; ST: ccore",
            "(@const component: C, t: texture_2d_array<ST>, s: sampler, coords: vec2<f32>, array_index: A, @const offset: vec2<i32>) -> vec4<ST> | C: cint; A: cint; ST: ccore",
            "(@const component: C, t: texture_cube<ST>, s: sampler, coords: vec3<f32>) -> vec4<ST> | C: cint; ST: ccore",
            "(@const component: C, t: texture_cube_array<ST>, s: sampler, coords: vec3<f32>, array_index: A) -> vec4<ST> | C: cint; A: cint; ST: ccore",
            "(t: texture_depth_2d, s: sampler, coords: vec2<f32>) -> vec4<f32>",
            "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, @const offset: vec2<i32>) -> vec4<f32>",
            "(t: texture_depth_cube, s: sampler, coords: vec3<f32>) -> vec4<f32>",
            "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: A) -> vec4<f32> | A: cint",
            "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: A, @const offset: vec2<i32>) -> vec4<f32> | A: cint",
            "(t: texture_depth_cube_array, s: sampler, coords: vec3<f32>, array_index: A) -> vec4<f32> | A: cint",
        ],
        TextureGatherCompare => &[
            "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> vec4<f32>",
            "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32, @const offset: vec2<i32>) -> vec4<f32>",
            "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: A, depth_ref: f32) -> vec4<f32> | A: cint",
            "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: A, depth_ref: f32, @const offset: vec2<i32>) -> vec4<f32> | A: cint",
            "(t: texture_depth_cube, s: sampler_comparison, coords: vec3<f32>, depth_ref: f32) -> vec4<f32>",
            "(t: texture_depth_cube_array, s: sampler_comparison, coords: vec3<f32>, array_index: A, depth_ref: f32) -> vec4<f32> | A: cint",
        ],
        TextureLoad => &[
            "(t: texture_1d<ST>, coords: C, level: L) -> vec4<ST> | C: cint; L: cint; ST: ccore",
            "(t: texture_2d<ST>, coords: vec2<C>, level: L) -> vec4<ST> | C: cint; L: cint; ST: ccore",
            "(t: texture_2d_array<ST>, coords: vec2<C>, array_index: A, level: L) -> vec4<ST> | C: cint; A: cint; L: cint; ST: ccore",
            "(t: texture_3d<ST>, coords: vec3<C>, level: L) -> vec4<ST> | C: cint; L: cint; ST: ccore",
            "(t: texture_multisampled_2d<ST>, coords: vec2<C>, sample_index: S) -> vec4<ST> | C: cint; S: cint; ST: ccore",
            "(t: texture_depth_2d, coords: vec2<C>, level: L) -> f32 | C: cint; L: cint",
            "(t: texture_depth_2d_array, coords: vec2<C>, array_index: A, level: L) -> f32 | C: cint; A: cint; L: cint",
            "(t: texture_depth_multisampled_2d, coords: vec2<C>, sample_index: S) -> f32 | C: cint; S: cint",
            "(t: texture_external, coords: vec2<C>) -> vec4<f32> | C: cint",
            "(t: texture_storage_1d<F, AM>, coords: C) -> texel<F> | C: cint; AM: read read_write",
            "(t: texture_storage_2d<F, AM>, coords: vec2<C>) -> texel<F> | C: cint; AM: read read_write",
            "(t: texture_storage_2d_array<F, AM>, coords: vec2<C>, array_index: A) -> texel<F> | C: cint; A: cint; AM: read read_write",
            "(t: texture_storage_3d<F, AM>, coords: vec3<C>) -> texel<F> | C: cint; AM: read read_write",
        ],
        TextureNumLayers => &[
            "(t: texture_2d_array<ST>) -> u32 | ST: ccore",
            "(t: texture_cube_array<ST>) -> u32 | ST: ccore",
            "(t: texture_depth_2d_array) -> u32",
            "(t: texture_depth_cube_array) -> u32",
            "(t: texture_storage_2d_array<F, AM>) -> u32",
        ],
        TextureNumLevels => &[
            "(t: texture_1d<ST>) -> u32 | ST: ccore",
            "(t: texture_2d<ST>) -> u32 | ST: ccore",
            "(t: texture_2d_array<ST>) -> u32 | ST: ccore",
            "(t: texture_3d<ST>) -> u32 | ST: ccore",
            "(t: texture_cube<ST>) -> u32 | ST: ccore",
            "(t: texture_cube_array<ST>) -> u32 | ST: ccore",
            "(t: texture_depth_2d) -> u32",
            "(t: texture_depth_2d_array) -> u32",
            "(t: texture_depth_cube) -> u32",
            "(t: texture_depth_cube_array) -> u32",
        ],
        TextureNumSamples => &[
            "(t: texture_multisampled_2d<ST>) -> u32 | ST: ccore",
            "(t: texture_depth_multisampled_2d) -> u32",
        ],
        TextureSample => &[
            "(t: texture_1d<f32>, s: sampler, coords: f32) -> vec4<f32>",
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>",
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, @const offset: vec2<i32>) -> vec4<f32>",
            "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: A) -> vec4<f32> | A: cint",
            "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: A, @const offset: vec2<i32>) -> vec4<f32> | A: cint",
            "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>) -> vec4<f32>",
            "(t: texture_cube<f32>, s: sampler, coords: vec3<f32>) -> vec4<f32>",
            "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, @const offset: vec3<i32>) -> vec4<f32>",
            "(t: texture_cube_array<f32>, s: sampler, coords: vec3<f32>, array_index: A) -> vec4<f32> | A: cint",
            "(t: texture_depth_2d, s: sampler, coords: vec2<f32>) -> f32",
            "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, @const offset: vec2<i32>) -> f32",
            "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: A) -> f32 | A: cint",
            "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: A, @const offset: vec2<i32>) -> f32 | A: cint",
            "(t: texture_depth_cube, s: sampler, coords: vec3<f32>) -> f32",
            "(t: texture_depth_cube_array, s: sampler, coords: vec3<f32>, array_index: A) -> f32 | A: cint",
        ],
        TextureSampleBias => &[
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, bias: f32) -> vec4<f32>",
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, bias: f32, @const offset: vec2<i32>) -> vec4<f32>",
            "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: A, bias: f32) -> vec4<f32> | A: cint",
            "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: A, bias: f32, @const offset: vec2<i32>) -> vec4<f32> | A: cint",
            "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, bias: f32) -> vec4<f32>",
            "(t: texture_cube<f32>, s: sampler, coords: vec3<f32>, bias: f32) -> vec4<f32>",
            "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, bias: f32, @const offset: vec3<i32>) -> vec4<f32>",
            "(t: texture_cube_array<f32>, s: sampler, coords: vec3<f32>, array_index: A, bias: f32) -> vec4<f32> | A: cint",
        ],
        TextureSampleCompare | TextureSampleCompareLevel => &[
            "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> f32",
            "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32, @const offset: vec2<i32>) -> f32",
            "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: A, depth_ref: f32) -> f32 | A: cint",
            "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: A, depth_ref: f32, @const offset: vec2<i32>) -> f32 | A: cint",
            "(t: texture_depth_cube, s: sampler_comparison, coords: vec3<f32>, depth_ref: f32) -> f32",
            "(t: texture_depth_cube_array, s: sampler_comparison, coords: vec3<f32>, array_index: A, depth_ref: f32) -> f32 | A: cint",
        ],
        TextureSampleGrad => &[
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, ddx: vec2<f32>, ddy: vec2<f32>) -> vec4<f32>",
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, ddx: vec2<f32>, ddy: vec2<f32>, @const offset: vec2<i32>) -> vec4<f32>",
            "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: A, ddx: vec2<f32>, ddy: vec2<f32>) -> vec4<f32> | A: cint",
            "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: A, ddx: vec2<f32>, ddy: vec2<f32>, @const offset: vec2<i32>) -> vec4<f32> | A: cint",
            "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, ddx: vec3<f32>, ddy: vec3<f32>) -> vec4<f32>",
            "(t: texture_cube<f32>, s: sampler, coords: vec3<f32>, ddx: vec3<f32>, ddy: vec3<f32>) -> vec4<f32>",
            "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, ddx: vec3<f32>, ddy: vec3<f32>, @const offset: vec3<i32>) -> vec4<f32>",
            "(t: texture_cube_array<f32>, s: sampler, coords: vec3<f32>, array_index: A, ddx: vec3<f32>, ddy: vec3<f32>) -> vec4<f32> | A: cint",
        ],
        TextureSampleLevel => &[
            "(t: texture_1d<f32>, s: sampler, coords: f32, level: f32) -> vec4<f32>",
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, level: f32) -> vec4<f32>",
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, level: f32, @const offset: vec2<i32>) -> vec4<f32>",
            "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: A, level: f32) -> vec4<f32> | A: cint",
            "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: A, level: f32, @const offset: vec2<i32>) -> vec4<f32> | A: cint",
            "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, level: f32) -> vec4<f32>",
            "(t: texture_cube<f32>, s: sampler, coords: vec3<f32>, level: f32) -> vec4<f32>",
            "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, level: f32, @const offset: vec3<i32>) -> vec4<f32>",
            "(t: texture_cube_array<f32>, s: sampler, coords: vec3<f32>, array_index: A, level: f32) -> vec4<f32> | A: cint",
            "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, level: L) -> f32 | L: cint",
            "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, level: L, @const offset: vec2<i32>) -> f32 | L: cint",
            "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: A, level: L) -> f32 | A: cint; L: cint",
            "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: A, level: L, @const offset: vec2<i32>) -> f32 | A: cint; L: cint",
            "(t: texture_depth_cube, s: sampler, coords: vec3<f32>, level: L) -> f32 | L: cint",
            "(t: texture_depth_cube_array, s: sampler, coords: vec3<f32>, array_index: A, level: L) -> f32 | A: cint; L: cint",
        ],
        TextureSampleBaseClampToEdge => &[
            "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>",
            "(t: texture_external, s: sampler, coords: vec2<f32>) -> vec4<f32>",
        ],
        TextureStore => &[
            "(t: texture_storage_1d<F, AM>, coords: C, value: texel<F>) | C: cint; AM: write read_write",
            "(t: texture_storage_2d<F, AM>, coords: vec2<C>, value: texel<F>) | C: cint; AM: write read_write",
            "(t: texture_storage_2d_array<F, AM>, coords: vec2<C>, array_index: A, value: texel<F>) | C: cint; A: cint; AM: write read_write",
            "(t: texture_storage_3d<F, AM>, coords: vec3<C>, value: texel<F>) | C: cint; AM: write read_write",
        ],
        AtomicLoad => &[atomic!("", " -> T")],
        AtomicStore => &[atomic!(", v: T", "")],
        AtomicAdd | AtomicSub | AtomicMax | AtomicMin | AtomicAnd | AtomicOr | AtomicXor
        | AtomicExchange => &[atomic!(", v: T", " -> T")],
        AtomicCompareExchangeWeak => &[atomic!(", cmp: T, v: T", " -> acer<T>")],
        Pack4x8Snorm | Pack4x8Unorm => &["(e: vec4<f32>) -> u32"],
        Pack4xI8 | Pack4xI8Clamp => &["(e: vec4<i32>) -> u32"],
        Pack4xU8 | Pack4xU8Clamp => &["(e: vec4<u32>) -> u32"],
        Pack2x16Snorm | Pack2x16Unorm | Pack2x16Float => &["(e: vec2<f32>) -> u32"],
        Unpack4x8Snorm | Unpack4x8Unorm => &["(e: u32) -> vec4<f32>"],
        Unpack4xI8 => &["(e: u32) -> vec4<i32>"],
        Unpack4xU8 => &["(e: u32) -> vec4<u32>"],
        Unpack2x16Snorm | Unpack2x16Unorm | Unpack2x16Float => &["(e: u32) -> vec2<f32>"],
        StorageBarrier | TextureBarrier | WorkgroupBarrier => &["()"],
        WorkgroupUniformLoad => &[
            "(p: ptr<workgroup, T>) -> T | T: constructible",
            "(p: ptr<workgroup, atomic<T>, read_write>) -> T | T: cint",
        ],
        SubgroupAdd
        | SubgroupExclusiveAdd
        | SubgroupInclusiveAdd
        | SubgroupMul
        | SubgroupExclusiveMul
        | SubgroupInclusiveMul
        | SubgroupMax
        | SubgroupMin
        | SubgroupBroadcastFirst
        | QuadSwapDiagonal
        | QuadSwapX
        | QuadSwapY => &[SUBGROUP_NUMERIC],
        SubgroupAnd | SubgroupOr | SubgroupXor => &[SUBGROUP_INTEGRAL],
        SubgroupAll | SubgroupAny => &["(e: bool) -> bool"],
        SubgroupBallot => &["(pred: bool) -> vec4<u32>"],
        SubgroupElect => &["() -> bool"],
        SubgroupBroadcast | QuadBroadcast => {
            &["(e: vN<S>, @const id: I) -> vN<S> | S: cnum; I: cint"]
        }
        SubgroupShuffle => &["(e: vN<S>, id: I) -> vN<S> | S: cnum; I: cint"],
        SubgroupShuffleDown | SubgroupShuffleUp => &["(e: vN<S>, delta: u32) -> vN<S> | S: cnum"],
        SubgroupShuffleXor => &["(e: vN<S>, mask: u32) -> vN<S> | S: cnum"],
        BufferView => &[
            "<T>(p: ptr<AS, buffer, AM>, offset: I) -> ptr<AS, T, AM> | T: hostshareable; AS: storage uniform workgroup; I: cint",
            "<T>(p: ptr<AS, buffer<N>, AM>, offset: I) -> ptr<AS, T, AM> | T: hostshareable; AS: storage uniform workgroup; I: cint",
        ],
        BufferArrayView => &[
            "<T>(p: ptr<AS, buffer, AM>, offset: OI, size: SI) -> ptr<AS, T, AM> | T: hostshareable; AS: storage uniform workgroup; OI: cint; SI: cint",
            "<T>(p: ptr<AS, buffer<N>, AM>, offset: OI, size: SI) -> ptr<AS, T, AM> | T: hostshareable; AS: storage uniform workgroup; OI: cint; SI: cint",
        ],
        BufferLength => &[
            "(p: ptr<AS, buffer, AM>) -> u32 | AS: storage uniform workgroup",
            "(p: ptr<AS, buffer<N>, AM>) -> u32 | AS: storage uniform workgroup",
        ],
    };
    s(list)
}

fn bitcast_sources() -> Vec<String> {
    let mut out = vec!["<vN<S>>(e: vN<S>) -> vN<S> | S: cnum".to_string()];
    let core = ["i32", "u32", "f32"];
    for from in core {
        for to in core {
            if from != to {
                out.push(format!("<vN<{to}>>(e: vN<{from}>) -> vN<{to}>"));
            }
        }
    }
    out.extend(s(&[
        "<vN<u32>>(e: vN<ai>) -> vN<u32>",
        "<S>(e: vec2<f16>) -> S | S: ccore",
        "<vec2<S>>(e: vec4<f16>) -> vec2<S> | S: ccore",
        "<vec2<f16>>(e: S) -> vec2<f16> | S: ccore",
        "<vec4<f16>>(e: vec2<S>) -> vec4<f16> | S: ccore",
    ]));
    out
}

fn texture_dimensions_sources() -> Vec<String> {
    let mut out = Vec::new();
    let sampled = |dim: &str| format!("texture_{dim}<ST>");
    /// Sampled dimensions, storage dimensions, dimensions with a `level`, result type.
    type Group = (
        &'static [&'static str],
        &'static [&'static str],
        &'static [&'static str],
        &'static str,
    );
    let groups: [Group; 3] = [
        (&["1d"], &["storage_1d"], &["1d"], "u32"),
        (
            &["2d", "2d_array", "cube", "cube_array", "multisampled_2d"],
            &["storage_2d", "storage_2d_array"],
            &["2d", "2d_array", "cube", "cube_array"],
            "vec2<u32>",
        ),
        (&["3d"], &["storage_3d"], &["3d"], "vec3<u32>"),
    ];
    for (sampled_dims, storage_dims, level_dims, ret) in groups {
        for d in sampled_dims {
            out.push(format!("(t: {}) -> {ret} | ST: ccore", sampled(d)));
        }
        for d in storage_dims {
            out.push(format!("(t: texture_{d}<F, AM>) -> {ret}"));
        }
        for d in level_dims {
            out.push(format!(
                "(t: {}, level: L) -> {ret} | ST: ccore; L: cint",
                sampled(d)
            ));
        }
    }
    for d in ["2d", "2d_array", "cube", "cube_array"] {
        out.push(format!("(t: texture_depth_{d}) -> vec2<u32>"));
        out.push(format!(
            "(t: texture_depth_{d}, level: L) -> vec2<u32> | L: cint"
        ));
    }
    out.push("(t: texture_depth_multisampled_2d) -> vec2<u32>".into());
    out.push("(t: texture_external) -> vec2<u32>".into());
    out
}
