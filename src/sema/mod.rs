//! Semantic analysis: name resolution, types, const-evaluation, builtins, validation and
//! the uniformity analysis. Turns an [`crate::syntax::ast::Module`] into a typed program.
