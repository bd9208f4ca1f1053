//! The WGSL syntax layer: lexer, parser, AST and printer.
//!
//! Text goes in, an [`ast::Module`] and a list of diagnostics come out; the printer turns a
//! module back into canonical WGSL text, and the formatter does both while keeping every
//! comment. Nothing here knows about types or names: that is sema's job.
//!
//! The public surface, which the rest of refract codes against:
//! - [`parse`] always returns a module, partial when the source has errors, and every
//!   diagnostic (lexical and syntactic, in source order) up to the error limit
//!   ([`crate::diag::limit`]; [`parse_with_error_limit`] sets it);
//! - [`print()`] writes any module as WGSL, whether parsed or built by code;
//! - [`format()`] parses and prints, keeping comments, or returns the errors;
//! - [`ast_to_json`] is the readable JSON of `refract compile --to ast`;
//! - [`MAX_NESTING_DEPTH`] bounds how deep any parsed tree nests, so recursive walks over
//!   the AST are safe;
//! - [`MAX_SOURCE_LEN`] bounds the source itself: a longer text is refused (E0009) before
//!   it is lexed, so no phase after it holds more than its bytes times its cost per byte.

pub mod ast;
mod json;
pub mod lexer;
pub mod literal;
mod parser;
mod precedence;
mod printer;
pub mod token;

pub(crate) use parser::KNOWN_ATTRIBUTES;
pub use parser::MAX_NESTING_DEPTH;

use crate::diag::{self, Diagnostic};

/// The longest WGSL source refract reads, in bytes: 16 MiB, ten times the largest program
/// in the corpus (1.5 MB). Every phase takes time and memory linear in the source, but at
/// 30 to 55 bytes of memory and about 0.5 µs of a compile per source byte (README,
/// "Resource model"), an unbounded source is what takes a tab or a server down: at this
/// length a compile stays near 1 GB and 10 s, at 55 MB it needed 2.4 GB.
pub const MAX_SOURCE_LEN: usize = 16 << 20;

/// The diagnostic for a source past [`MAX_SOURCE_LEN`] (E0009), or for one past the 32-bit
/// spans (E0003, which only a limit above 4 GiB could let through).
fn too_large(source: &str) -> Option<Diagnostic> {
    if source.len() >= u32::MAX as usize {
        return Some(Diagnostic::error(
            crate::diag::codes::SOURCE_TOO_LARGE,
            "the source is larger than 4 GiB",
        ));
    }
    (source.len() > MAX_SOURCE_LEN).then(|| {
        Diagnostic::error(
            crate::diag::codes::SOURCE_PAST_LIMIT,
            format!(
                "the source is {} bytes long; refract reads WGSL sources of at most {MAX_SOURCE_LEN} bytes (16 MiB)",
                source.len()
            ),
        )
    })
}

/// Parses WGSL source text. The module is always returned, partial when there are errors;
/// the diagnostics come in source order, at most [`diag::DEFAULT_ERROR_LIMIT`] errors.
pub fn parse(source: &str) -> (ast::Module, Vec<Diagnostic>) {
    parse_with_error_limit(source, diag::DEFAULT_ERROR_LIMIT)
}

/// [`parse`] with another error limit (0: none). When the limit is reached, parsing stops
/// at the next declaration and the report ends with [`diag::codes::TOO_MANY_ERRORS`].
pub fn parse_with_error_limit(source: &str, error_limit: u32) -> (ast::Module, Vec<Diagnostic>) {
    if let Some(d) = too_large(source) {
        return (ast::Module::default(), vec![d]);
    }
    parser::parse(source, error_limit)
}

/// Parses for editor tools ([`crate::ide`]): the module, partial when the source has
/// errors, with no error limit (every declaration that parses is kept), and the tokens.
/// A source past [`MAX_SOURCE_LEN`] is an empty module to them.
pub(crate) fn parse_for_tools(source: &str) -> (ast::Module, Vec<token::Token>) {
    if too_large(source).is_some() {
        return (ast::Module::default(), Vec::new());
    }
    let (module, _, tokens) = parser::parse_keeping_tokens(source, 0);
    (module, tokens)
}

/// Prints a module as canonical WGSL. Works for parsed modules and for trees built by
/// code (whose spans are [`crate::diag::Span::DETACHED`]); it adds parentheses where a
/// synthesized tree needs them to read back the same. The printer recurses over the tree:
/// code that builds trees keeps them within [`MAX_NESTING_DEPTH`], as the parser does.
pub fn print(module: &ast::Module) -> String {
    printer::print(module)
}

/// Formats WGSL source: canonical layout, every comment kept near where it was. Returns
/// the parse errors instead when the source does not parse.
pub fn format(source: &str) -> Result<String, Vec<Diagnostic>> {
    if let Some(d) = too_large(source) {
        return Err(vec![d]);
    }
    let (module, diagnostics, tokens) =
        parser::parse_keeping_tokens(source, diag::DEFAULT_ERROR_LIMIT);
    if diag::has_errors(&diagnostics) {
        return Err(diagnostics);
    }
    Ok(printer::format(&module, source, tokens))
}

/// The module as readable, indented JSON text (no trailing newline): names as strings,
/// spans as `[start, end]`. The `json` module describes the shape.
pub fn ast_to_json(module: &ast::Module) -> String {
    json::module_to_json(module)
}
