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
//!   the AST are safe.

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

/// Parses WGSL source text. The module is always returned, partial when there are errors;
/// the diagnostics come in source order, at most [`diag::DEFAULT_ERROR_LIMIT`] errors.
pub fn parse(source: &str) -> (ast::Module, Vec<Diagnostic>) {
    parse_with_error_limit(source, diag::DEFAULT_ERROR_LIMIT)
}

/// [`parse`] with another error limit (0: none). When the limit is reached, parsing stops
/// at the next declaration and the report ends with [`diag::codes::TOO_MANY_ERRORS`].
pub fn parse_with_error_limit(source: &str, error_limit: u32) -> (ast::Module, Vec<Diagnostic>) {
    // Spans are 32-bit byte offsets.
    if source.len() >= u32::MAX as usize {
        let d = Diagnostic::error(
            crate::diag::codes::SOURCE_TOO_LARGE,
            "the source is larger than 4 GiB",
        );
        return (ast::Module::default(), vec![d]);
    }
    parser::parse(source, error_limit)
}

/// Parses for editor tools ([`crate::ide`]): the module, partial when the source has
/// errors, with no error limit (every declaration that parses is kept), and the tokens.
pub(crate) fn parse_for_tools(source: &str) -> (ast::Module, Vec<token::Token>) {
    if source.len() >= u32::MAX as usize {
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
    if source.len() >= u32::MAX as usize {
        return Err(parse(source).1);
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
