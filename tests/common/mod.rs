//! Helpers shared by the integration tests.

pub mod ast_dump;
pub mod cli;
pub mod corpus;
pub mod families;
pub mod filecheck;
pub mod glslang;
pub mod ir_mutate;
pub mod legalize;
pub mod spirv_tools;
pub mod wgsl_check;
