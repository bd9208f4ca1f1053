//! The WGSL syntax layer: lexer, parser, AST and printer.
//!
//! Text goes in, an [`ast::Module`] and a list of diagnostics come out; the printer turns a
//! module back into canonical WGSL text. Nothing here knows about types or names: that is
//! sema's job.

pub mod ast;
