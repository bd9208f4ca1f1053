//! Helpers shared by the integration tests.

pub mod ast_dump;
pub mod corpus;
pub mod wgsl_check;
pub mod filecheck;
