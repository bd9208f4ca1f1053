//! The disassembler: SPIR-V words to the text `spirv-as` reads back to the same words.

use crate::diag::{Diagnostic, codes};

/// Disassembles a module.
pub fn disassemble(words: &[u32]) -> Result<String, Diagnostic> {
    let _ = words;
    Err(Diagnostic::error(codes::SPIRV_BAD_BINARY, "todo"))
}
