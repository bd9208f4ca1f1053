//! Whole-program validation.
use crate::diag::Diagnostic;
use crate::sema::check::FnFacts;
use crate::sema::program::Program;
use crate::syntax::ast::Module;

pub(crate) fn run(_m: &Module, _p: &mut Program, _facts: &[FnFacts], _diags: &mut Vec<Diagnostic>) {
}
