//! Semantic analysis: name resolution, types, const-evaluation, builtins, validation and
//! the uniformity analysis. Turns an [`crate::syntax::ast::Module`] into a typed program.
//!
//! The parts, each with its own rules:
//! - [`types`]: the interned type table, conversion rank, concretization, memory layout.
//! - [`consteval`]: constant values and the evaluation of every operator and const builtin.
//! - [`builtins`]: the table of builtin functions and the overload resolution of builtins,
//!   operators and value constructors.

pub mod builtins;
pub mod consteval;
pub mod types;
