//! The WGSL emitter: the plan's decisions ([`crate::raise::plan`]) written as a
//! [`crate::syntax::ast`] tree, which the syntax layer's printer writes. The output reads
//! back through refract's parser and is valid WGSL for other compilers too (naga's
//! validator checks it in the tests). What is WGSL's own lives here:
//!
//! **Spelling.** Each opcode's operator, builtin or constructor, with WGSL's argument
//! order (`select(f, t, c)` for `select c, t, f`, so the plan is told `select` evaluates
//! its operands last to first); scalar constants as suffixed literals (`1i`, `2u`,
//! `0.5f`, `1.5h`; a NaN or an infinity through `bitcast`); composites as `T(…)`, with
//! `vec3<f32>(1.0f)` for equal components and `T()` for any zero value; references and
//! pointers as `x` / `&x` / `*p`. An operation whose operands are all constants is a
//! constant expression to WGSL, evaluated at shader creation, where the IR means the
//! run-time operation: it is written folded, or with an operand bound to a `let` (as are
//! a constant shift of 32 or more and constant bit offsets past 32 bits); a constant
//! divisor's zero lanes are written as 1 (WGSL's run-time result for them).
//!
//! **Statements.** An `else` holding only an `if` prints as `else if`; an empty `then`
//! arm flips to `if !(c)`. A loop whose body starts with `if !(c) { break; }` prints as
//! `while c { … }`, or as `for (init; c; update) { … }` when its continuing is one simple
//! statement and the declaration before it is only used inside. A `continue` ending a
//! loop body, a `break` ending a switch clause and a `return;` ending a function without
//! a result are left out. `var x: T;` followed by its first assignment prints as
//! `var x = e;`, and `x = x + e` as `x += e` (`x++` for an integer 1). A builtin whose
//! result must be used, called for its effect, is `_ = f(…);`.
//!
//! **Behaviour.** WGSL's behaviour analysis must accept the result: a function with a
//! return type whose body could fall through gets a final `return T();`, a loop that can
//! neither break nor return gets `break if false;` (both only where the IR says the code
//! is unreachable), and a loop that ends a function with a result is followed by
//! `return T();` (naga wants it). The raised body is checked against the parser's nesting
//! bound. The IR's `discard` terminator is `discard;` then `return`.
//!
//! **Module scope.** Structs (with `@align` / `@size` reproducing the IR's member offsets
//! and sizes), global variables with their address space, access mode, `@group` and
//! `@binding`, overrides with `@id`, module-scope override expressions as `override` (or
//! `const`) declarations, named array and struct constants as `const`s, and entry points
//! with their stage, `@workgroup_size` and IO attributes. The `enable` directives the
//! module needs (`f16`, `subgroups`, …) are inferred from what it uses. Names avoid
//! WGSL's keywords, reserved words and predeclared names ([`keywords`]).
//!
//! **Interface.** Each entry point keeps the resource interface of its source, given in
//! [`Options::interface`]: a resource variable whose every use went is written `_ = u;`
//! at the start of the entry point (`interface.rs`).

mod behavior;
pub(crate) mod build;
mod cx;
mod emitter;
mod expr;
mod globals;
mod interface;
pub mod keywords;
mod module;
mod options;
mod shape;
mod types;

pub use options::Options;

use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::syntax::ast;

/// Raises a verified IR module to a WGSL syntax tree.
pub fn raise(m: &Module, options: &Options) -> Result<ast::Module, Vec<Diagnostic>> {
    module::raise_module(m, options).map_err(|e| vec![e.into_diagnostic(m)])
}

/// Raises and prints: WGSL text for a verified IR module.
pub fn raise_to_wgsl(m: &Module, options: &Options) -> Result<String, Vec<Diagnostic>> {
    let ast = raise(m, options)?;
    Ok(crate::syntax::print(&ast))
}
