//! Lowering of the typed AST into the IR, following Tint's rules (DESIGN §4).
//!
//! The compile pipeline (`crate::compile`) calls [`lower`] and nothing else from here:
//! every target that goes through the IR (`ir`, `wgsl`, and later `hlsl`, `spirv`,
//! `gen`) starts from its result. Until lowering is written, it answers with the one
//! "not implemented yet" diagnostic, so the targets behind it report that from this one
//! place.

use crate::diag::{Diagnostic, codes};
use crate::ir::Module;
use crate::syntax::ast;

/// What lowering reads besides the AST: semantic analysis's typed program (resolved
/// names, types, constant values). Sema will provide it; until then it carries nothing.
#[derive(Clone, Debug, Default)]
pub struct Typed {}

/// Semantic analysis of a parsed module, as far as lowering needs it. Returns the typed
/// program, or sema's diagnostics.
pub fn analyze(_ast: &ast::Module) -> Result<Typed, Vec<Diagnostic>> {
    Ok(Typed {})
}

/// Lowers a checked module to IR. The result passes the IR verifier.
pub fn lower(_ast: &ast::Module, _typed: &Typed) -> Result<Module, Vec<Diagnostic>> {
    Err(vec![Diagnostic::error(
        codes::NOT_YET_SUPPORTED,
        "lowering WGSL to IR is not implemented yet in this version of refract",
    )])
}
