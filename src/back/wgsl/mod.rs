//! The WGSL back end: raise the IR to a syntax tree ([`crate::raise`]) and print it with
//! the syntax layer's printer. The output reads back through refract's parser and is
//! valid WGSL for other compilers too (naga's validator checks it in the tests).

use crate::diag::Diagnostic;
use crate::ir::Module;

/// Options of the WGSL writer.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// How the raiser shapes statements and expressions.
    pub raise: crate::raise::Options,
}

/// Why a module could not be written as WGSL.
#[derive(Clone, Debug)]
pub struct Error {
    pub diagnostics: Vec<Diagnostic>,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{}: {}", d.code, d.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<Error> for Vec<Diagnostic> {
    fn from(e: Error) -> Self {
        e.diagnostics
    }
}

/// Writes a verified IR module as WGSL text.
pub fn write_string(module: &Module, options: &Options) -> Result<String, Error> {
    crate::raise::raise_to_wgsl(module, &options.raise).map_err(|diagnostics| Error { diagnostics })
}

/// Writes a verified IR module as a WGSL syntax tree (what [`write_string`] prints).
pub fn write_ast(module: &Module, options: &Options) -> Result<crate::syntax::ast::Module, Error> {
    crate::raise::raise(module, &options.raise).map_err(|diagnostics| Error { diagnostics })
}
