//! The HLSL back end: Shader Model 6 text for DXC (and glslang's HLSL front end, which
//! stands in for DXC in the tests here).
//!
//! Under construction: the writer is not in place yet, so `--to hlsl` still answers
//! E0004. What is here is what the writer is built on: the names HLSL takes
//! ([`names`]) and the rule that names entry points.

pub mod names;

/// The HLSL name of the entry point called `wgsl_name` in WGSL: the same name when HLSL
/// allows it (an ASCII identifier HLSL does not take), otherwise the name made ASCII
/// with `_` in place of other characters, and `_` appended while HLSL takes it. The
/// writer names entry points first, so no other declaration takes these names; callers
/// pass the result to DXC's `-E` (glslang's `-e`).
pub fn entry_point_name(wgsl_name: &str) -> String {
    let mut name: String = wgsl_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'v');
    }
    while names::is_taken_by_hlsl(&name) {
        name.push('_');
    }
    name
}
