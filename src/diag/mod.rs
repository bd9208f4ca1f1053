//! Diagnostics: the one error type of the whole project.
//!
//! Every stage of refract reports problems as [`Diagnostic`]s and never panics on input.
//! A diagnostic has a stable `code`, a severity, a message written in the user's language
//! (types as WGSL spells them, never internal ids), labeled byte spans into the source, and
//! free-form notes.
//!
//! Rules:
//! - Spans are byte offsets into the one source text the diagnostic is about. Lines and
//!   columns are derived when rendering, by [`LineIndex`]; they are never stored, so a
//!   diagnostic stays small and cheap to build on hot paths.
//! - The *primary* label sits on the offending token. A diagnostic may have no label at all
//!   (an I/O error), but a diagnostic about source text always has a primary label.
//! - Codes are stable: tests outside this repository match on them. Each layer owns a
//!   range, listed in [`codes`]; a code is never reused for a different meaning.
//! - Two renderings exist: human text through `codespan-reporting`, and the JSON shape of
//!   DESIGN §9 (`{"diagnostics":[…]}`), with 1-based lines and columns counted in Unicode
//!   scalar values.
//! - A report holds at most a limited number of errors, the first ones by position
//!   ([`limit`]).

pub mod codes;
// The texts are for the CLI. The WebAssembly package gets them from `pkg/explain.js`: its
// exports never call `explain`, so the linker leaves the texts out of the `.wasm` (the
// module still compiles there, for the binary's wasm32 test build).
pub mod explain;
pub mod limit;
mod line_index;
mod render;

pub use limit::DEFAULT_ERROR_LIMIT;
pub use line_index::LineIndex;
pub use render::{render_human, render_json, to_json_value};

use serde::Serialize;

/// A half-open byte range `start..end` into a source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// The span of synthesized nodes, which have no source text (for example, AST built by
    /// raising IR). Renderers drop labels with this span.
    pub const DETACHED: Span = Span {
        start: u32::MAX,
        end: u32::MAX,
    };

    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// Builds a span from `usize` offsets, saturating instead of wrapping on sources over
    /// 4 GiB (which the CLI rejects before they get here).
    pub fn from_range(range: std::ops::Range<usize>) -> Span {
        let clamp = |x: usize| u32::try_from(x).unwrap_or(u32::MAX - 1);
        Span::new(clamp(range.start), clamp(range.end))
    }

    pub fn is_detached(self) -> bool {
        self == Span::DETACHED
    }

    /// The smallest span covering both. A detached side is ignored.
    pub fn join(self, other: Span) -> Span {
        if self.is_detached() {
            return other;
        }
        if other.is_detached() {
            return self;
        }
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Informational; WGSL's `info` diagnostic severity renders as a note.
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
    pub primary: bool,
}

/// A diagnostic: one pointer to its [`Fields`], which it dereferences to
/// (`d.code`, `d.labels`).
///
/// Boxed because it is the error type of most of the compiler: a `Result<T, Diagnostic>`
/// then carries one word for its error, and each `?`, each `with_*` in a builder chain and
/// each `Vec<Diagnostic>` move copies that word instead of the five fields, which in the
/// WebAssembly build adds up over thousands of call sites.
#[derive(Clone, PartialEq, Eq)]
pub struct Diagnostic(Box<Fields>);

/// What a [`Diagnostic`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fields {
    pub severity: Severity,
    /// A stable code such as `E0201`; see [`codes`].
    pub code: &'static str,
    pub message: String,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
}

impl std::ops::Deref for Diagnostic {
    type Target = Fields;

    fn deref(&self) -> &Fields {
        &self.0
    }
}

impl std::ops::DerefMut for Diagnostic {
    fn deref_mut(&mut self) -> &mut Fields {
        &mut self.0
    }
}

/// Prints as the fields do, under the name `Diagnostic`.
impl std::fmt::Debug for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Diagnostic")
            .field("severity", &self.severity)
            .field("code", &self.code)
            .field("message", &self.message)
            .field("labels", &self.labels)
            .field("notes", &self.notes)
            .finish()
    }
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic(Box::new(Fields {
            severity,
            code,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
        }))
    }

    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, message)
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, message)
    }

    pub fn note(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Note, code, message)
    }

    /// Adds the primary label: the place the problem is.
    pub fn with_primary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
            primary: true,
        });
        self
    }

    /// Adds a secondary label: a place that explains the problem.
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
            primary: false,
        });
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The primary label's span, if any.
    pub fn primary_span(&self) -> Option<Span> {
        self.labels.iter().find(|l| l.primary).map(|l| l.span)
    }
}

/// True if any diagnostic in the list is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}
