//! Semantic analysis: name resolution, types, const-evaluation, validation and the
//! uniformity analysis. Turns an [`crate::syntax::ast::Module`] into a typed [`Program`].
//!
//! The pipeline, each stage with its own rules:
//! 1. [`directives`]: `enable`, `requires` and global `diagnostic` directives.
//! 2. [`resolve`]: every identifier to its declaration, scopes, redeclarations, the
//!    dependency order of module-scope declarations, and dependency cycles.
//! 3. `check`: types of every expression and statement, const-evaluation,
//!    declarations, attributes, statement rules and behaviors, filling the [`Program`]'s
//!    side tables.
//! 4. [`validate`]: whole-program rules: entry point interfaces, shader-stage
//!    restrictions, resource binding collisions, aliasing.
//! 5. [`filters`]: the diagnostic filters of `@diagnostic` attributes and directives.
//! 6. [`uniformity`]: the spec's uniformity analysis, its diagnostics filtered.
//!
//! The foundation the stages build on:
//! - [`types`]: the interned type table, conversion rank, concretization, memory layout.
//! - [`consteval`]: constant values and the evaluation of every operator and const builtin.
//! - [`builtins`]: the table of builtin functions and the overload resolution of builtins,
//!   operators and value constructors.
//!
//! Use [`analyze`]: it never panics and reports every problem it finds as a
//! [`Diagnostic`]; the [`Program`] is complete when none of them is an error.

pub mod builtins;
mod check;
pub mod consteval;
pub mod directives;
pub mod filters;
pub mod program;
pub mod reflect;
pub mod resolve;
pub mod types;
pub mod uniformity;
pub mod validate;

pub use program::Program;

use crate::diag::Diagnostic;
use crate::syntax::ast::Module;

/// Analyzes a parsed module: resolves names, types and evaluates everything, and
/// validates the module. Returns the typed program and the diagnostics (errors and
/// warnings), sorted by position.
pub fn analyze(module: &Module, source: &str) -> (Program, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let dir = directives::process(module, &mut diags);
    let res = resolve::resolve(module, &mut diags);
    let checker = check::check(module, source, res, dir.extensions, diags);
    let mut fin = checker.finish();
    let mut diags = std::mem::take(&mut fin.diags);
    validate::run(module, &mut fin, &mut diags);
    let filters = filters::FilterMap::build(module, &dir, &mut diags);
    uniformity::run(module, &fin, &filters, &mut diags);
    let program = fin.program;
    crate::diag::sort_by_position(&mut diags);
    (program, diags)
}
