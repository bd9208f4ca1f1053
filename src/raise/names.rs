//! Names for raised declarations: valid WGSL identifiers, unique, never a keyword, a
//! reserved word, or a predeclared name the output might need.
//!
//! Every name the raiser writes is unique in the whole module (module-scope names are
//! taken first; each function's locals avoid all of them and each other), so no local
//! ever shadows a global, a builtin function, a type or an enumerant the raised code
//! refers to, and the printed module needs no scoping reasoning to read back the same.

use crate::sema::builtins::BuiltinFn;
use crate::syntax::token::{TokenKind, is_reserved};
use rustc_hash::{FxHashMap, FxHashSet};

/// Predeclared names other than builtin functions: types, type generators and
/// enumerants (WGSL §"Predeclared Declarations"), plus names the raiser itself spells.
const PREDECLARED: &[&str] = &[
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

/// Whether `name` may not be declared by raised code: a keyword, a reserved word, `_`, a
/// name starting with `__`, a predeclared type or enumerant, or a builtin function.
pub fn is_taken_by_wgsl(name: &str) -> bool {
    name == "_" || name.starts_with("__") || is_predeclared_or_reserved(name)
}

/// Whether `name` is a keyword, a reserved word, in [`PREDECLARED`], or a builtin
/// function: one set, since every name the raiser makes asks (a hash instead of four
/// searches).
fn is_predeclared_or_reserved(name: &str) -> bool {
    static SET: std::sync::OnceLock<FxHashSet<&'static str>> = std::sync::OnceLock::new();
    SET.get_or_init(|| {
        let builtins = BuiltinFn::ALL.iter().map(|b| b.name());
        crate::syntax::token::KEYWORDS
            .iter()
            .chain(crate::syntax::token::RESERVED_WORDS)
            .chain(PREDECLARED)
            .copied()
            .chain(builtins)
            .collect()
    })
    .contains(name)
}

/// A valid identifier made from a debug name: characters that cannot appear in an
/// identifier become `_`, a leading digit gets a `v` before it, and leading `__` loses
/// its underscores. Empty results become `fallback`.
pub fn sanitize(raw: &str, fallback: &str) -> String {
    // Most debug names are already plain ASCII identifiers.
    let bytes = raw.as_bytes();
    let plain = bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes.last().is_some_and(|&b| b != b'_')
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_');
    if plain {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        let ok = if out.is_empty() {
            c == '_' || unicode_ident::is_xid_start(c)
        } else {
            unicode_ident::is_xid_continue(c)
        };
        if ok {
            out.push(c);
        } else if out.is_empty() && unicode_ident::is_xid_continue(c) {
            out.push('v');
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let trimmed = out.trim_start_matches('_');
    let out = if out.starts_with("__") || out == "_" {
        trimmed.to_string()
    } else {
        out
    };
    let out = out.trim_end_matches('_').to_string();
    if out.is_empty() || out == "_" {
        fallback.to_string()
    } else {
        out
    }
}

/// Hands out unique names. `fork` gives a namer for a function's locals that avoids
/// every name taken so far: it reads its parent's names rather than copying them, so a
/// module's functions cost their own names each, not the module's.
#[derive(Default)]
pub struct Namer<'p> {
    /// The namer this one was forked from; its names are taken here too.
    parent: Option<&'p Namer<'p>>,
    used: FxHashSet<String>,
    /// The next suffix to try for each base name (falling back to the parent's).
    next_suffix: FxHashMap<String, u32>,
}

impl<'p> Namer<'p> {
    pub fn new() -> Namer<'p> {
        Namer::default()
    }

    /// A unique name from a debug name (or `fallback` when there is none).
    pub fn name(&mut self, debug: Option<&str>, fallback: &str) -> String {
        let base = sanitize(debug.unwrap_or(fallback), fallback);
        self.unique(base)
    }

    /// `base` if free, else `base_N` for the smallest free N.
    pub fn unique(&mut self, base: String) -> String {
        if !self.is_used(&base) && !is_taken_by_wgsl(&base) {
            self.used.insert(base.clone());
            return base;
        }
        let mut n = self.next_suffix(&base);
        loop {
            let candidate = format!("{base}_{n}");
            n += 1;
            if !self.is_used(&candidate) && !is_taken_by_wgsl(&candidate) {
                self.next_suffix.insert(base, n);
                self.used.insert(candidate.clone());
                return candidate;
            }
        }
    }

    fn next_suffix(&self, base: &str) -> u32 {
        match self.next_suffix.get(base) {
            Some(&n) => n,
            None => self.parent.map_or(1, |p| p.next_suffix(base)),
        }
    }

    /// A name that must stay as written when it can (entry points and overrides are
    /// looked up by name from the API): kept if it is a valid, free identifier that is
    /// not a keyword or reserved word, else made unique like any other.
    pub fn exact(&mut self, debug: Option<&str>, fallback: &str) -> String {
        if let Some(d) = debug {
            let valid = sanitize(d, fallback) == d
                && TokenKind::keyword(d).is_none()
                && !is_reserved(d)
                && !d.starts_with("__");
            if valid && !self.is_used(d) {
                self.used.insert(d.to_string());
                return d.to_string();
            }
        }
        self.name(debug, fallback)
    }

    /// A unique name that may not be a keyword or reserved word but may be any other
    /// identifier (structure members live in their own namespace).
    pub fn member(&mut self, debug: Option<&str>, fallback: &str) -> String {
        let base = sanitize(debug.unwrap_or(fallback), fallback);
        let free = |n: &str, namer: &Namer| {
            !namer.is_used(n) && TokenKind::keyword(n).is_none() && !is_reserved(n)
        };
        if free(&base, self) {
            self.used.insert(base.clone());
            return base;
        }
        let mut k = 1;
        loop {
            let candidate = format!("{base}_{k}");
            if free(&candidate, self) {
                self.used.insert(candidate.clone());
                return candidate;
            }
            k += 1;
        }
    }

    /// Whether `name` is already taken, here or by a parent.
    pub fn is_used(&self, name: &str) -> bool {
        self.used.contains(name) || self.parent.is_some_and(|p| p.is_used(name))
    }

    /// A namer whose names avoid this one's.
    pub fn fork<'s>(&'s self) -> Namer<'s> {
        Namer {
            parent: Some(self),
            used: FxHashSet::default(),
            next_suffix: FxHashMap::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitized_names_are_identifiers() {
        assert_eq!(sanitize("x", "v"), "x");
        assert_eq!(sanitize("a b", "v"), "a_b");
        assert_eq!(sanitize("1st", "v"), "v1st");
        assert_eq!(sanitize("__hidden", "v"), "hidden");
        assert_eq!(sanitize("_", "v"), "v");
        assert_eq!(sanitize("", "v"), "v");
        assert_eq!(sanitize("x.1", "v"), "x_1");
        assert_eq!(sanitize("é", "v"), "é");
    }

    #[test]
    fn keywords_are_taken() {
        assert!(is_taken_by_wgsl("loop") && is_taken_by_wgsl("NULL") && is_taken_by_wgsl("max"));
        assert!(!is_taken_by_wgsl("color"));
    }

    #[test]
    fn names_are_unique_and_avoid_wgsl_names() {
        let mut n = Namer::new();
        assert_eq!(n.name(Some("x"), "v"), "x");
        assert_eq!(n.name(Some("x"), "v"), "x_1");
        assert_eq!(n.name(Some("x_1"), "v"), "x_1_1");
        assert_eq!(n.name(Some("loop"), "v"), "loop_1");
        assert_eq!(n.name(Some("max"), "v"), "max_1");
        assert_eq!(n.name(Some("vec4f"), "v"), "vec4f_1");
        assert_eq!(n.name(Some("NULL"), "v"), "NULL_1");
        assert_eq!(n.name(None, "v"), "v");
        let mut f = n.fork();
        assert_eq!(f.name(Some("x"), "v"), "x_2");
    }
}
