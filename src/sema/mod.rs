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

use crate::diag::{self, Diagnostic};
use crate::syntax::ast::{GlobalDeclKind, Module};

/// Analyzes a parsed module: resolves names, types and evaluates everything, and
/// validates the module. Returns the typed program and the diagnostics (errors and
/// warnings), sorted by position, with at most [`diag::DEFAULT_ERROR_LIMIT`] errors.
pub fn analyze(module: &Module, source: &str) -> (Program, Vec<Diagnostic>) {
    analyze_with_error_limit(module, source, diag::DEFAULT_ERROR_LIMIT)
}

/// [`analyze`] with another error limit (0: none). Once the limit's errors are known,
/// functions that start after the last of them and that nothing before it uses are not
/// checked (so a huge broken module costs little more than its parse), and the report
/// ends with [`diag::codes::TOO_MANY_ERRORS`]. The same number bounds the warnings and
/// notes ([`diag::limit::limit_warnings`]). The program is complete only when the
/// report has no error.
pub fn analyze_with_error_limit(
    module: &Module,
    source: &str,
    error_limit: u32,
) -> (Program, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let dir = directives::process(module, &mut diags);
    let mut horizon = diag::limit::Horizon::new(error_limit);
    horizon.follow(&diags);
    let res = resolve::resolve(module, &mut diags, &mut horizon);
    let checker = check::check(module, source, res, dir.extensions, diags, horizon);
    let mut fin = checker.finish();
    let mut diags = std::mem::take(&mut fin.diags);
    validate::run(module, &mut fin, &mut diags);
    let filters = filters::FilterMap::build(module, &dir, &mut diags);
    uniformity::run(module, &fin, &filters, &mut diags);
    let program = fin.program;
    diag::limit::sort_by_position(&mut diags);
    diag::limit::limit_errors(&mut diags, error_limit, !fin.skipped, fin.dropped);
    diag::limit::limit_warnings(&mut diags, error_limit);
    (program, diags)
}

/// The typed program for editor tools ([`crate::ide`]): the names, types and constant
/// values of every declaration of a module, partial or not (no error limit). The
/// whole-program rules, diagnostic filters and uniformity analysis are left out: they add
/// diagnostics, which tools do not show, and the entry points' interfaces, which they do
/// not read.
pub fn analyze_for_tools(module: &Module, source: &str) -> Program {
    let mut diags = Vec::new();
    let dir = directives::process(module, &mut diags);
    let mut horizon = diag::limit::Horizon::new(0);
    let res = resolve::resolve(module, &mut diags, &mut horizon);
    let checker = check::check(module, source, res, dir.extensions, diags, horizon);
    checker.finish().program
}

/// For each module-scope declaration, the earliest position where something needs it
/// checked: its own start for a function without attributes, else 0 (a declaration that
/// is not a plain function, or an entry point, is always checked), lowered to the first
/// use of each declaration that (transitively) mentions it.
///
/// A plain function's diagnostics all lie inside it, and its callers' depend on its
/// signature and facts; so when every position from this one on is past the error limit,
/// leaving the function unchecked hides nothing that would be shown. Its users are past
/// the limit too, and left unchecked with it.
fn first_use(module: &Module, res: &resolve::Resolution) -> Vec<u32> {
    let mut first = Vec::with_capacity(module.decls.len());
    for (i, d) in module.decls.iter().enumerate() {
        first.push(match &d.kind {
            GlobalDeclKind::Fn(f) if f.attributes.is_empty() && !res.in_cycle[i] => d.span.start,
            _ => 0,
        });
    }
    // Dependencies come first in `order`: walked backwards, every declaration's users are
    // final before it passes its position on.
    for &d in res.order.iter().rev() {
        let at = first[d.index()];
        for &(dep, _) in &res.deps[d.index()] {
            let slot = &mut first[dep.index()];
            *slot = (*slot).min(at);
        }
    }
    first
}

/// `n` values made by `make`: for tables of a type whose `Clone` is large code, which
/// `vec![value; n]` copies into each such table's fill loop, where `make` writes a
/// constant. A loop rather than `resize_with`, whose `repeat_with(make).take(n)`
/// was its own copy of the iterator code for each type.
pub(crate) fn filled<T>(n: usize, mut make: impl FnMut() -> T) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(make());
    }
    v
}

/// `items` each in backticks, separated by `sep` (`` `a`, `b` ``), for the lists
/// diagnostics show: one loop for them all, where collecting each list's strings into a
/// `Vec` to join them is a copy of the iterator code per list.
pub(crate) fn quoted_list(items: &mut dyn Iterator<Item = &str>, sep: &str) -> String {
    let mut out = String::new();
    for (k, item) in items.enumerate() {
        if k > 0 {
            out.push_str(sep);
        }
        out.push('`');
        out.push_str(item);
        out.push('`');
    }
    out
}
