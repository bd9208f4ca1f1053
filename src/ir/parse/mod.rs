//! The text parser: the inverse of `print.rs`.
//!
//! It reads the format the essay of `ir/mod.rs` describes, builds the module through the
//! builder (so types and constants are hash-consed exactly as when built by code), and
//! records every instruction's span in the text, so that verifier errors point at the
//! line and column of the offending instruction.
//!
//! Forward references are allowed everywhere: a block used before its label is created at
//! the use and placed when its label appears; a value or module item used before its
//! definition is a placeholder, replaced (`replace_all_uses_with`) when the definition is
//! read. Anything still undefined at the end is an error at its first use.
//!
//! Errors are [`Diagnostic`]s with codes E3000–E3099 and a primary label on the offending
//! token. The parser stops at the first error. Type nesting is limited to
//! [`MAX_NESTING`] levels so that no input can exhaust the stack.
//!
//! The files: `lexer.rs` turns the text into tokens; `items.rs` reads module items
//! (structs, module-scope values, functions and their blocks) and decorations;
//! `insts.rs` instructions and their operands; `types.rs` type syntax. This file holds
//! the parser's state: its name scopes and the forward references still open.

mod insts;
mod items;
mod lexer;
mod types;

use super::builder::Builder;
use super::module::{Inst, Module};
use super::opcode::Opcode;
use crate::diag::{Diagnostic, Span, codes};
use crate::util::map::Map;
use lexer::{Lexer, Tok, Token};

/// Deepest nesting of type expressions and operands the parser accepts. It is above the
/// WGSL parser's bound ([`crate::syntax::MAX_NESTING_DEPTH`]), so every module lowering
/// produces from valid WGSL prints to text that parses back.
pub const MAX_NESTING: u32 = 257;

const _: () = assert!(MAX_NESTING as usize > crate::syntax::MAX_NESTING_DEPTH);

/// Parses a module from its text.
pub fn parse(source: &str) -> Result<Module, Vec<Diagnostic>> {
    if source.len() >= u32::MAX as usize {
        return Err(vec![Diagnostic::error(
            codes::SOURCE_TOO_LARGE,
            "the IR text is larger than 4 GiB",
        )]);
    }
    let mut module = Module::new();
    // Printed IR spends about 25 bytes per instruction and 14 per operand; reserving
    // (which touches no memory yet) saves the copies of repeated growth.
    module.reserve(source.len() / 20, source.len() / 12);
    let mut p = Parser {
        lex: Lexer::new(source),
        b: Builder::new(&mut module),
        globals: Names::default(),
        global_first_use: Map::default(),
        locals: Names::default(),
        local_first_use: Map::default(),
        blocks: Names::default(),
        block_first_use: Map::default(),
        defined_blocks: crate::util::map::Set::default(),
        ops_buf: Vec::new(),
    };
    p.module().map_err(|d| vec![d])?;
    Ok(module)
}

type PResult<T> = Result<T, Diagnostic>;

fn err(code: &'static str, span: Span, message: impl Into<String>, label: &str) -> Diagnostic {
    Diagnostic::error(code, message).with_primary(span, label)
}

/// A scope's names: numbered ones (`%12`, the printer's output) in a vector, the others
/// hashed.
#[derive(Default)]
struct Names<'s> {
    map: Map<&'s str, Inst>,
    nums: Vec<Option<Inst>>,
}

/// The number of a reference token like `%12` (no name, no suffix).
fn ref_number(key: &str) -> Option<usize> {
    let digits = &key[1..];
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

impl<'s> Names<'s> {
    fn get(&self, key: &'s str) -> Option<&Inst> {
        match ref_number(key) {
            Some(n) => self.nums.get(n).and_then(Option::as_ref),
            None => self.map.get(key),
        }
    }

    fn insert(&mut self, key: &'s str, v: Inst) {
        match ref_number(key) {
            Some(n) => {
                if n >= self.nums.len() {
                    self.nums.resize(n + 1, None);
                }
                self.nums[n] = Some(v);
            }
            None => {
                self.map.insert(key, v);
            }
        }
    }

    fn clear(&mut self) {
        self.map.clear();
        self.nums.clear();
    }
}

struct Parser<'s, 'm> {
    lex: Lexer<'s>,
    b: Builder<'m>,
    globals: Names<'s>,
    global_first_use: Map<Inst, Span>,
    locals: Names<'s>,
    local_first_use: Map<Inst, Span>,
    blocks: Names<'s>,
    block_first_use: Map<Inst, Span>,
    defined_blocks: crate::util::map::Set<Inst>,
    /// Reused operand list of the instruction being parsed.
    ops_buf: Vec<Inst>,
}

/// Splits a reference token into its debug name (without sigil and suffix) or `None`
/// for a numbered one.
fn ref_name(text: &str) -> Option<String> {
    let body = &text[1..];
    if let Some(quoted) = body.strip_prefix('"') {
        let end = quoted.rfind('"').unwrap_or(quoted.len());
        let mut out = String::new();
        let mut chars = quoted[..end].chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('u') => {
                    let rest: String = chars.by_ref().take_while(|&c| c != '}').collect();
                    let hex = rest.trim_start_matches('{');
                    if let Some(ch) = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
                        out.push(ch);
                    }
                }
                Some(other) => out.push(other),
                None => {}
            }
        }
        return Some(out);
    }
    let base = match body.find('.') {
        Some(dot) => &body[..dot],
        None => body,
    };
    if base.bytes().all(|c| c.is_ascii_digit()) {
        None
    } else {
        Some(base.to_string())
    }
}

impl<'s, 'm> Parser<'s, 'm> {
    fn m(&mut self) -> &mut Module {
        self.b.module
    }

    fn text(&self, t: &Token) -> &'s str {
        self.lex.text(t)
    }

    fn describe(&self, t: &Token) -> String {
        match t.kind {
            Tok::Eof => "the end of the input".to_string(),
            _ => format!("`{}`", self.text(t)),
        }
    }

    fn expected(&self, what: &str, t: &Token) -> Diagnostic {
        err(
            codes::IR_EXPECTED,
            t.span(),
            format!("expected {what}, found {}", self.describe(t)),
            &format!("expected {what}"),
        )
    }

    fn is_punct(&mut self, c: u8) -> PResult<bool> {
        Ok(self.lex.peek()?.kind == Tok::Punct(c))
    }

    fn eat_punct(&mut self, c: u8) -> PResult<bool> {
        if self.is_punct(c)? {
            self.lex.next()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn expect_punct(&mut self, c: u8) -> PResult<Token> {
        let t = self.lex.next()?;
        if t.kind == Tok::Punct(c) {
            Ok(t)
        } else {
            Err(self.expected(&format!("`{}`", c as char), &t))
        }
    }

    fn expect_keyword(&mut self, kw: &str) -> PResult<Token> {
        let t = self.lex.next()?;
        if t.kind == Tok::Ident && self.text(&t) == kw {
            Ok(t)
        } else {
            Err(self.expected(&format!("`{kw}`"), &t))
        }
    }

    fn peek_is_keyword(&mut self, kw: &str) -> PResult<bool> {
        let t = self.lex.peek()?;
        Ok(t.kind == Tok::Ident && self.text(&t) == kw)
    }

    /// The next token starts a decoration `@name`.
    fn at_decoration(&mut self) -> PResult<bool> {
        let t = self.lex.peek()?;
        Ok(t.kind == Tok::Global && Opcode::is_decoration_name(&self.text(&t)[1..]))
    }

    /// The next two tokens start a definition (`%x:`, `^b:`, `^b(`, `@x:`).
    fn at_definition(&mut self) -> PResult<bool> {
        let t = self.lex.peek()?;
        if !matches!(t.kind, Tok::Local | Tok::Global | Tok::BlockRef) {
            return Ok(false);
        }
        let t2 = self.lex.peek2()?;
        Ok(t2.kind == Tok::Punct(b':'))
    }

    // ---- references ---------------------------------------------------------------------

    fn global_ref(&mut self, t: Token) -> Inst {
        let key = self.text(&t);
        if let Some(&i) = self.globals.get(key) {
            return i;
        }
        let ph = self.m().create_placeholder(true);
        self.globals.insert(key, ph);
        self.global_first_use.insert(ph, t.span());
        ph
    }

    fn local_ref(&mut self, t: Token) -> Inst {
        let key = self.text(&t);
        if let Some(&i) = self.locals.get(key) {
            return i;
        }
        let ph = self.m().create_placeholder(false);
        self.locals.insert(key, ph);
        self.local_first_use.insert(ph, t.span());
        ph
    }

    fn block_ref(&mut self, t: Token) -> Inst {
        let key = self.text(&t);
        if let Some(&b) = self.blocks.get(key) {
            return b;
        }
        let label = self.b.ty_label().inst();
        let b = self.m().create(Opcode::Block, Some(label), &[]);
        self.blocks.insert(key, b);
        self.block_first_use.insert(b, t.span());
        b
    }

    /// Binds a definition's name to `inst`, resolving a forward reference.
    fn define(&mut self, t: Token, inst: Inst, global: bool) -> PResult<()> {
        let key = self.text(&t);
        let map = if global {
            &mut self.globals
        } else {
            &mut self.locals
        };
        if let Some(&prev) = map.get(key) {
            if self.b.module.opcode(prev) != Opcode::Placeholder || prev == inst {
                return Err(err(
                    codes::IR_REDEFINED,
                    t.span(),
                    format!("`{key}` is defined twice"),
                    "a second definition of this name",
                ));
            }
            map.insert(key, inst);
            let m = self.m();
            m.replace_all_uses_with(prev, inst);
            m.remove(prev);
            if global {
                self.global_first_use.remove(&prev);
            } else {
                self.local_first_use.remove(&prev);
            }
        } else {
            map.insert(key, inst);
        }
        if ref_number(key).is_none() {
            if let Some(name) = ref_name(key) {
                self.m().set_name(inst, &name);
            }
        }
        Ok(())
    }
}
