//! Back ends, one folder per target, each with its `Options`, `Error` and `write_*()`.
pub mod r#gen;
pub mod hlsl;
pub mod spirv;

pub mod wgsl;
