//! Why a module cannot be raised: three kinds, each with its code. The plan and every
//! emitter make their errors here, naming the language being written where the reason is
//! the language's ("cannot write WGSL for this module").

use crate::diag::{Diagnostic, codes};
use crate::ir::{Inst, Module};

/// Why a module cannot be raised.
///
/// Boxed, so that a `Result` of the raiser is one word wider than its value: errors pass
/// up through hundreds of `?`s, and a three-word error made each of them a three-word copy
/// (kilobytes of the WebAssembly build).
#[derive(Clone, Debug)]
pub struct RaiseError(Box<RaiseErrorParts>);

#[derive(Clone, Debug)]
pub struct RaiseErrorParts {
    pub code: &'static str,
    pub message: String,
    /// The instruction at fault.
    pub at: Inst,
}

impl RaiseError {
    pub fn new(code: &'static str, message: String, at: Inst) -> RaiseError {
        RaiseError(Box::new(RaiseErrorParts { code, message, at }))
    }

    /// The module uses `what`, which `language` cannot express (or the raiser cannot yet).
    pub fn unsupported(language: &str, at: Inst, what: &str) -> RaiseError {
        RaiseError::new(
            codes::RAISE_UNSUPPORTED,
            format!("cannot write {language} for this module: it uses {what}"),
            at,
        )
    }

    /// The module breaks a rule the verifier checks.
    pub fn malformed(at: Inst, what: &str) -> RaiseError {
        RaiseError::new(
            codes::RAISE_MALFORMED,
            format!("the IR module is malformed: bad {what} (run the verifier)"),
            at,
        )
    }

    /// The control flow nests deeper than `limit` levels, the most `language` (or its
    /// parser) takes.
    pub fn too_deep(language: &str, limit: u32, at: Inst) -> RaiseError {
        RaiseError::new(
            codes::RAISE_TOO_DEEP,
            format!(
                "the control flow nests too deeply to write as {language} (more than {limit} levels)"
            ),
            at,
        )
    }

    /// The error as a diagnostic at the span of the instruction at fault.
    pub fn into_diagnostic(self, m: &Module) -> Diagnostic {
        let e = *self.0;
        let span = m.span(e.at);
        let mut d = Diagnostic::error(e.code, e.message);
        if !span.is_detached() {
            d = d.with_primary(span, "from here");
        }
        d
    }
}

impl std::ops::Deref for RaiseError {
    type Target = RaiseErrorParts;
    fn deref(&self) -> &RaiseErrorParts {
        &self.0
    }
}
