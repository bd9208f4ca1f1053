//! Helpers shared by the integration tests.

pub mod ast_dump;
pub mod corpus;
