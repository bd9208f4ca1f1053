//! WGSL's words for the [`Namer`](crate::raise::names::Namer): the keywords and reserved
//! words of the syntax layer, and every predeclared name the output might refer to (types,
//! type generators, enumerants, builtin functions, names in directives).

use crate::raise::names::Keywords;
use crate::sema::builtins::BuiltinFn;
use crate::syntax::token::{KEYWORDS, RESERVED_WORDS};

/// Predeclared names other than builtin functions: types, type generators and
/// enumerants (WGSL §"Predeclared Declarations"), plus names the raiser itself spells.
pub(crate) const PREDECLARED: &[&str] = &[
    "bool",
    "i32",
    "u32",
    "f32",
    "f16",
    "vec2",
    "vec3",
    "vec4",
    "mat2x2",
    "mat2x3",
    "mat2x4",
    "mat3x2",
    "mat3x3",
    "mat3x4",
    "mat4x2",
    "mat4x3",
    "mat4x4",
    "array",
    "atomic",
    "ptr",
    "sampler",
    "sampler_comparison",
    "texture_1d",
    "texture_2d",
    "texture_2d_array",
    "texture_3d",
    "texture_cube",
    "texture_cube_array",
    "texture_multisampled_2d",
    "texture_depth_2d",
    "texture_depth_2d_array",
    "texture_depth_cube",
    "texture_depth_cube_array",
    "texture_depth_multisampled_2d",
    "texture_external",
    "texture_storage_1d",
    "texture_storage_2d",
    "texture_storage_2d_array",
    "texture_storage_3d",
    "buffer",
    "vec2i",
    "vec3i",
    "vec4i",
    "vec2u",
    "vec3u",
    "vec4u",
    "vec2f",
    "vec3f",
    "vec4f",
    "vec2h",
    "vec3h",
    "vec4h",
    "mat2x2f",
    "mat2x3f",
    "mat2x4f",
    "mat3x2f",
    "mat3x3f",
    "mat3x4f",
    "mat4x2f",
    "mat4x3f",
    "mat4x4f",
    "mat2x2h",
    "mat2x3h",
    "mat2x4h",
    "mat3x2h",
    "mat3x3h",
    "mat3x4h",
    "mat4x2h",
    "mat4x3h",
    "mat4x4h",
    // Address spaces and access modes.
    "function",
    "private",
    "workgroup",
    "uniform",
    "storage",
    "immediate",
    "handle",
    "read",
    "write",
    "read_write",
    // Texel formats.
    "rgba8unorm",
    "rgba8snorm",
    "rgba8uint",
    "rgba8sint",
    "rgba16unorm",
    "rgba16snorm",
    "rgba16uint",
    "rgba16sint",
    "rgba16float",
    "rg8unorm",
    "rg8snorm",
    "rg8uint",
    "rg8sint",
    "rg16unorm",
    "rg16snorm",
    "rg16uint",
    "rg16sint",
    "rg16float",
    "r32uint",
    "r32sint",
    "r32float",
    "rg32uint",
    "rg32sint",
    "rg32float",
    "rgba32uint",
    "rgba32sint",
    "rgba32float",
    "bgra8unorm",
    "r8unorm",
    "r8snorm",
    "r8uint",
    "r8sint",
    "r16unorm",
    "r16snorm",
    "r16uint",
    "r16sint",
    "r16float",
    "rgb10a2unorm",
    "rgb10a2uint",
    "rg11b10ufloat",
    // Builtin values, interpolation, depth modes.
    "vertex_index",
    "instance_index",
    "clip_distances",
    "position",
    "front_facing",
    "frag_depth",
    "primitive_index",
    "sample_index",
    "sample_mask",
    "local_invocation_id",
    "local_invocation_index",
    "global_invocation_id",
    "global_invocation_index",
    "workgroup_id",
    "workgroup_index",
    "num_workgroups",
    "subgroup_invocation_id",
    "subgroup_size",
    "subgroup_id",
    "num_subgroups",
    "perspective",
    "linear",
    "flat",
    "center",
    "centroid",
    "sample",
    "first",
    "either",
    "less",
    "greater",
    // Extensions and language features (names in directives).
    "subgroups",
    "dual_source_blending",
    "subgroup_size_control",
    "buffer_view",
    // Builtin result structures of frexp, modf and atomicCompareExchangeWeak.
    "fract",
    "exp",
    "whole",
    "old_value",
    "exchanged",
];

/// WGSL's words, built once per process.
pub fn keywords() -> &'static Keywords {
    static WORDS: std::sync::OnceLock<Keywords> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut reserved = [KEYWORDS, RESERVED_WORDS].concat();
        reserved.push("_");
        let mut predeclared = PREDECLARED.to_vec();
        for b in BuiltinFn::ALL {
            predeclared.push(b.name());
        }
        Keywords::new(reserved, predeclared, &["__"])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raise::names::Namer;

    #[test]
    fn keywords_are_taken() {
        let k = keywords();
        assert!(k.is_taken("loop") && k.is_taken("NULL") && k.is_taken("max"));
        assert!(k.is_taken("_") && k.is_taken("__x") && !k.is_taken("color"));
        assert!(k.is_reserved("loop") && !k.is_reserved("max") && !k.is_reserved("vec4f"));
    }

    #[test]
    fn names_avoid_wgsl_names() {
        let mut n = Namer::new(keywords());
        assert_eq!(n.name(Some("loop"), "v"), "loop_1");
        assert_eq!(n.name(Some("max"), "v"), "max_1");
        assert_eq!(n.name(Some("vec4f"), "v"), "vec4f_1");
        assert_eq!(n.name(Some("NULL"), "v"), "NULL_1");
        assert_eq!(n.exact(Some("main"), "main"), "main");
        assert_eq!(n.exact(Some("__main"), "main"), "main_1");
    }
}
