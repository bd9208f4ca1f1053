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

use super::builder::{Builder, InsertPoint};
use super::enums::{
    AccessMode, AddressSpace, BuiltinValue, DepthMode, InterpolationSampling, InterpolationType,
    TexelFormat, TextureDim,
};
use super::module::{Block, Inst, Module, Type};
use super::opcode::Opcode;
use crate::diag::{Diagnostic, Span, codes};
use rustc_hash::FxHashMap;

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
        global_first_use: FxHashMap::default(),
        locals: Names::default(),
        local_first_use: FxHashMap::default(),
        blocks: Names::default(),
        block_first_use: FxHashMap::default(),
        defined_blocks: rustc_hash::FxHashSet::default(),
        ops_buf: Vec::new(),
    };
    p.module().map_err(|d| vec![*d])?;
    Ok(module)
}

// ---- lexer ------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Ident,
    /// `%name`, `%3`, `%"quoted"`, each with an optional `.N` suffix.
    Local,
    Global,
    BlockRef,
    Number,
    /// One punctuation character: `: = , ( ) < > { }`.
    Punct(u8),
    Arrow,
    Eof,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Tok,
    start: u32,
    end: u32,
}

impl Token {
    fn span(&self) -> Span {
        Span::new(self.start, self.end)
    }
}

type PResult<T> = Result<T, Box<Diagnostic>>;

fn err(code: &'static str, span: Span, message: impl Into<String>, label: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(code, message).with_primary(span, label))
}

struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    /// End of the last token `next` returned.
    last_end: u32,
    buf: [Option<Token>; 2],
}

impl<'s> Lexer<'s> {
    fn new(src: &'s str) -> Self {
        Lexer {
            src,
            pos: 0,
            last_end: 0,
            buf: [None, None],
        }
    }

    fn text(&self, t: &Token) -> &'s str {
        &self.src[t.start as usize..t.end as usize]
    }

    fn skip_trivia(&mut self) {
        let b = self.src.as_bytes();
        while self.pos < b.len() {
            match b[self.pos] {
                b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                b';' => {
                    while self.pos < b.len() && b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn scan(&mut self) -> PResult<Token> {
        self.skip_trivia();
        let b = self.src.as_bytes();
        let start = self.pos;
        if start >= b.len() {
            return Ok(Token {
                kind: Tok::Eof,
                start: start as u32,
                end: start as u32,
            });
        }
        let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        let c = b[start];
        let kind = match c {
            b'%' | b'@' | b'^' => {
                self.pos += 1;
                if self.pos < b.len() && b[self.pos] == b'"' {
                    self.pos += 1;
                    loop {
                        match b.get(self.pos) {
                            None | Some(b'\n') => {
                                return Err(err(
                                    codes::IR_UNTERMINATED_STRING,
                                    Span::from_range(start..self.pos),
                                    "unterminated quoted name",
                                    "this name has no closing `\"`",
                                ));
                            }
                            Some(b'\\') => self.pos += 2,
                            Some(b'"') => {
                                self.pos += 1;
                                break;
                            }
                            Some(_) => self.pos += 1,
                        }
                    }
                } else {
                    let s = self.pos;
                    while self.pos < b.len() && is_ident(b[self.pos]) {
                        self.pos += 1;
                    }
                    if self.pos == s {
                        return Err(err(
                            codes::IR_UNEXPECTED_CHAR,
                            Span::from_range(start..start + 1),
                            format!("`{}` must be followed by a name or a number", c as char),
                            "expected a name after this sigil",
                        ));
                    }
                }
                // The `.N` uniqueness suffix.
                if self.pos + 1 < b.len() && b[self.pos] == b'.' && b[self.pos + 1].is_ascii_digit()
                {
                    self.pos += 1;
                    while self.pos < b.len() && b[self.pos].is_ascii_digit() {
                        self.pos += 1;
                    }
                }
                match c {
                    b'%' => Tok::Local,
                    b'@' => Tok::Global,
                    _ => Tok::BlockRef,
                }
            }
            b'-' if b.get(start + 1) == Some(&b'>') => {
                self.pos += 2;
                Tok::Arrow
            }
            b'-' | b'0'..=b'9' => {
                self.pos += 1;
                while self.pos < b.len() {
                    let d = b[self.pos];
                    let exp_sign = (d == b'-' || d == b'+')
                        && matches!(b[self.pos - 1], b'e' | b'E')
                        && !self.src[start..self.pos].starts_with("0x");
                    if is_ident(d) || d == b'.' || exp_sign {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                Tok::Number
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while self.pos < b.len() && is_ident(b[self.pos]) {
                    self.pos += 1;
                }
                Tok::Ident
            }
            b':' | b'=' | b',' | b'(' | b')' | b'<' | b'>' | b'{' | b'}' => {
                self.pos += 1;
                Tok::Punct(c)
            }
            _ => {
                let ch = self.src[start..].chars().next().unwrap_or('?');
                return Err(err(
                    codes::IR_UNEXPECTED_CHAR,
                    Span::from_range(start..start + ch.len_utf8()),
                    format!("unexpected character `{ch}`"),
                    "not part of the IR syntax",
                ));
            }
        };
        Ok(Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
        })
    }

    fn peek(&mut self) -> PResult<Token> {
        if let Some(t) = self.buf[0] {
            return Ok(t);
        }
        let t = self.scan()?;
        self.buf[0] = Some(t);
        Ok(t)
    }

    fn peek2(&mut self) -> PResult<Token> {
        self.peek()?;
        if let Some(t) = self.buf[1] {
            return Ok(t);
        }
        let t = self.scan()?;
        self.buf[1] = Some(t);
        Ok(t)
    }

    fn next(&mut self) -> PResult<Token> {
        let t = match self.buf[0].take() {
            Some(t) => t,
            None => self.scan()?,
        };
        self.buf[0] = self.buf[1].take();
        self.last_end = t.end;
        Ok(t)
    }
}

// ---- parser -------------------------------------------------------------------------------

/// A scope's names: numbered ones (`%12`, the printer's output) in a vector, the others
/// hashed.
#[derive(Default)]
struct Names<'s> {
    map: FxHashMap<&'s str, Inst>,
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
    global_first_use: FxHashMap<Inst, Span>,
    locals: Names<'s>,
    local_first_use: FxHashMap<Inst, Span>,
    blocks: Names<'s>,
    block_first_use: FxHashMap<Inst, Span>,
    defined_blocks: rustc_hash::FxHashSet<Inst>,
    /// Reused operand list of the instruction being parsed.
    ops_buf: Vec<Inst>,
}

fn is_decoration_name(s: &str) -> bool {
    Opcode::from_name(s).is_some_and(|op| op.is_decoration())
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

/// Type keywords that start a type expression.
fn is_type_keyword(s: &str) -> bool {
    matches!(
        s,
        "type"
            | "label"
            | "void"
            | "bool"
            | "i32"
            | "u32"
            | "f32"
            | "f16"
            | "sampler"
            | "sampler_comparison"
            | "texture_external"
            | "buffer"
            | "vec2"
            | "vec3"
            | "vec4"
            | "array"
            | "atomic"
            | "ptr"
            | "fn"
    ) || parse_mat_name(s).is_some()
        || (s.starts_with("texture_") && Opcode::from_name(s).is_none_or(|op| op.is_type()))
        || Opcode::from_name(s).is_some_and(|op| op.is_type())
}

fn parse_mat_name(s: &str) -> Option<(u32, u32)> {
    let rest = s.strip_prefix("mat")?;
    let bytes = rest.as_bytes();
    if bytes.len() == 3 && bytes[1] == b'x' {
        let c = (bytes[0] as char).to_digit(10)?;
        let r = (bytes[2] as char).to_digit(10)?;
        if (2..=4).contains(&c) && (2..=4).contains(&r) {
            return Some((c, r));
        }
    }
    None
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

    fn expected(&self, what: &str, t: &Token) -> Box<Diagnostic> {
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
        Ok(t.kind == Tok::Global && is_decoration_name(&self.text(&t)[1..]))
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

    // ---- module ---------------------------------------------------------------------------

    fn module(&mut self) -> PResult<()> {
        loop {
            let t = self.lex.peek()?;
            match t.kind {
                Tok::Eof => break,
                Tok::Ident if self.text(&t) == "struct" => self.struct_item()?,
                Tok::Ident if matches!(self.text(&t), "func" | "generic") => self.func_item()?,
                Tok::Global => self.global_item()?,
                _ => {
                    return Err(self.expected(
                        "a module item (`struct`, `func`, `generic` or `@name: type = …`)",
                        &t,
                    ));
                }
            }
        }
        let first_undefined = self
            .global_first_use
            .values()
            .chain(self.local_first_use.values())
            .min_by_key(|s| s.start);
        match first_undefined {
            Some(&span) => Err(self.undefined(span, "no item has this name")),
            None => Ok(()),
        }
    }

    /// Forward references to values that the items since the last function made and
    /// never defined are errors before the names go out of scope.
    fn check_locals_defined(&mut self) -> PResult<()> {
        match self.local_first_use.values().min_by_key(|s| s.start) {
            Some(&span) => Err(self.undefined(span, "not defined in this scope")),
            None => Ok(()),
        }
    }

    /// The error for a name used at `span` and never defined.
    fn undefined(&self, span: Span, label: &str) -> Box<Diagnostic> {
        err(
            codes::IR_UNDEFINED,
            span,
            format!(
                "`{}` is used but never defined",
                &self.lex.src[span.range()]
            ),
            label,
        )
    }

    fn struct_item(&mut self) -> PResult<()> {
        self.b.set_insert_point(InsertPoint::None);
        let kw = self.expect_keyword("struct")?;
        let name = self.lex.next()?;
        if name.kind != Tok::Global {
            return Err(self.expected("a struct name like `@S`", &name));
        }
        let kind = self.b.module.type_kind();
        let s = self.m().create(Opcode::Struct, Some(kind), &[]);
        self.m().place_global(s);
        self.m().set_span(s, Span::new(kw.start, name.end));
        self.define(name, s, true)?;
        self.expect_punct(b'{')?;
        let mut seen: FxHashMap<&'s str, ()> = FxHashMap::default();
        while !self.eat_punct(b'}')? {
            let fname = self.lex.next()?;
            if fname.kind != Tok::Local {
                return Err(self.expected("a field like `%x: f32` or `}`", &fname));
            }
            if seen.insert(self.text(&fname), ()).is_some() {
                return Err(err(
                    codes::IR_REDEFINED,
                    fname.span(),
                    format!("field `{}` is defined twice", self.text(&fname)),
                    "a second field with this name",
                ));
            }
            self.expect_punct(b':')?;
            let ty = self.type_expr(0)?;
            let f = self.m().create(Opcode::Field, Some(ty), &[]);
            self.m().append_child(s, f);
            if let Some(n) = ref_name(self.text(&fname)) {
                self.m().set_name(f, &n);
            }
            self.decorations(f)?;
            let end = self.lex.last_end;
            self.m().set_span(f, Span::new(fname.start, end));
        }
        self.decorations(s)?;
        Ok(())
    }

    fn global_item(&mut self) -> PResult<()> {
        let name = self.lex.next()?;
        self.expect_punct(b':')?;
        let ty = self.type_expr(0)?;
        self.expect_punct(b'=')?;
        self.b.set_insert_point(InsertPoint::None);
        let i = self.instruction_body(Some(ty), true, name.start)?;
        if !self.b.module.is_global(i) {
            let root = self.b.module.root();
            self.m().append_child(root, i);
        }
        self.define(name, i, true)?;
        self.decorations(i)?;
        Ok(())
    }

    fn func_item(&mut self) -> PResult<()> {
        let kw = self.lex.next()?;
        let op = if self.text(&kw) == "func" {
            Opcode::Func
        } else {
            Opcode::Generic
        };
        let name = self.lex.next()?;
        if name.kind != Tok::Global {
            return Err(self.expected("a function name like `@main`", &name));
        }
        self.check_locals_defined()?;
        self.b.set_insert_point(InsertPoint::None);
        self.locals.clear();
        self.local_first_use.clear();
        self.blocks.clear();
        self.block_first_use.clear();
        self.defined_blocks.clear();
        let root = self.b.module.root();
        // Declaration form: `func @f: fn(…) -> …`.
        if self.eat_punct(b':')? {
            let ty = self.type_expr(0)?;
            let f = self.m().create(op, Some(ty), &[]);
            self.m().append_child(root, f);
            self.m().set_span(f, Span::new(kw.start, name.end));
            self.define(name, f, true)?;
            self.decorations(f)?;
            return Ok(());
        }
        // The function is created with a provisional type, fixed once the signature is
        // read, so that its entry block and parameters can be made as they are parsed.
        let void = self.b.ty_void().inst();
        let f = self.m().create(op, Some(void), &[]);
        self.m().append_child(root, f);
        self.m().set_span(f, Span::new(kw.start, name.end));
        self.define(name, f, true)?;
        let label = self.b.ty_label().inst();
        let entry = self.m().create(Opcode::Block, Some(label), &[]);
        self.m().append_child(f, entry);
        self.expect_punct(b'(')?;
        let params = self.param_list(Block(entry))?;
        let mut result = void;
        if self.lex.peek()?.kind == Tok::Arrow {
            self.lex.next()?;
            self.decorations(f)?;
            result = self.type_expr(0)?;
        }
        self.decorations(f)?;
        let param_types: Vec<Type> = params
            .iter()
            .map(|&p| Type(self.b.module.ty(p).unwrap_or(void)))
            .collect();
        let fty = self.b.ty_fn(&param_types, Type(result));
        self.m().set_type(f, fty.inst());
        self.expect_punct(b'{')?;
        let mut first = true;
        while !self.eat_punct(b'}')? {
            let label_tok = self.lex.next()?;
            if label_tok.kind != Tok::BlockRef {
                return Err(self.expected("a block label like `^0:` or `}`", &label_tok));
            }
            let block = if first {
                let key = self.text(&label_tok);
                self.blocks.insert(key, entry);
                entry
            } else {
                let b = self.block_ref(label_tok);
                if !self.defined_blocks.insert(b) || b == entry {
                    return Err(err(
                        codes::IR_REDEFINED,
                        label_tok.span(),
                        format!("block `{}` is defined twice", self.text(&label_tok)),
                        "a second block with this label",
                    ));
                }
                self.block_first_use.remove(&b);
                self.m().append_child(f, b);
                if self.eat_punct(b'(')? {
                    self.param_list(Block(b))?;
                }
                b
            };
            self.defined_blocks.insert(block);
            if let Some(n) = ref_name(self.text(&label_tok)) {
                self.m().set_name(block, &n);
            }
            self.expect_punct(b':')?;
            self.m().set_span(block, label_tok.span());
            self.decorations(block)?;
            first = false;
            self.block_body(Block(block))?;
        }
        if first {
            return Err(err(
                codes::IR_EXPECTED,
                Span::new(kw.start, name.end),
                "a function body needs at least its entry block",
                "this function has no blocks",
            ));
        }
        let first_undefined = self
            .block_first_use
            .values()
            .chain(self.local_first_use.values())
            .min_by_key(|s| s.start)
            .copied();
        match first_undefined {
            Some(span) => Err(self.undefined(span, "not defined in this function")),
            None => Ok(()),
        }
    }

    /// `%a: T @deco…, …)`; the opening parenthesis is already read.
    fn param_list(&mut self, block: Block) -> PResult<Vec<Inst>> {
        let mut params = Vec::new();
        if self.eat_punct(b')')? {
            return Ok(params);
        }
        loop {
            let name = self.lex.next()?;
            if name.kind != Tok::Local {
                return Err(self.expected("a parameter like `%x: i32`", &name));
            }
            self.expect_punct(b':')?;
            let ty = self.type_expr(0)?;
            let p = self.b.param(block, Type(ty)).inst();
            self.define(name, p, false)?;
            self.decorations(p)?;
            let end = self.lex.last_end;
            self.m().set_span(p, Span::new(name.start, end));
            params.push(p);
            if self.eat_punct(b')')? {
                return Ok(params);
            }
            self.expect_punct(b',')?;
        }
    }

    fn block_body(&mut self, block: Block) -> PResult<()> {
        self.b.switch_to(block);
        loop {
            let t = self.lex.peek()?;
            match t.kind {
                Tok::Punct(b'}') | Tok::Eof => return Ok(()),
                Tok::BlockRef => return Ok(()),
                Tok::Local => {
                    let name = self.lex.next()?;
                    self.expect_punct(b':')?;
                    let ty = self.type_expr(0)?;
                    self.expect_punct(b'=')?;
                    let i = self.instruction_body(Some(ty), false, name.start)?;
                    self.define(name, i, false)?;
                    self.decorations(i)?;
                }
                Tok::Ident => {
                    let i = self.instruction_body(None, false, t.start)?;
                    self.decorations(i)?;
                }
                _ => return Err(self.expected("an instruction, a block label or `}`", &t)),
            }
        }
    }

    fn decorations(&mut self, target: Inst) -> PResult<()> {
        while self.at_decoration()? {
            let t = self.lex.next()?;
            let name = &self.text(&t)[1..];
            let op = Opcode::from_name(name).expect("checked by at_decoration");
            let mut ops = Vec::new();
            if self.eat_punct(b'(')? {
                let mut k = 0;
                if !self.eat_punct(b')')? {
                    loop {
                        ops.push(self.decoration_arg(op, k)?);
                        k += 1;
                        if self.eat_punct(b')')? {
                            break;
                        }
                        self.expect_punct(b',')?;
                    }
                }
            }
            let d = self.m().add_decoration(target, op, &ops);
            let end = self.lex.last_end;
            self.m().set_span(d, Span::new(t.start, end));
        }
        Ok(())
    }

    fn enum_arg<E: Copy>(
        &mut self,
        t: Token,
        what: &str,
        from: impl Fn(&str) -> Option<E>,
        to_u32: impl Fn(E) -> u32,
    ) -> PResult<Inst> {
        match from(self.text(&t)) {
            Some(e) if t.kind == Tok::Ident => Ok(self.b.const_u32(to_u32(e)).inst()),
            _ => Err(err(
                codes::IR_UNKNOWN_ENUMERANT,
                t.span(),
                format!("`{}` is not a {what}", self.text(&t)),
                &format!("expected a {what}"),
            )),
        }
    }

    fn decoration_arg(&mut self, op: Opcode, k: usize) -> PResult<Inst> {
        let t = self.lex.peek()?;
        if t.kind == Tok::Ident {
            let t = self.lex.next()?;
            return match (op, k) {
                (Opcode::DecoBuiltin, 0) => {
                    self.enum_arg(t, "builtin value", BuiltinValue::from_name, |e| e as u32)
                }
                (Opcode::DecoBuiltin, _) => {
                    self.enum_arg(t, "depth mode", DepthMode::from_name, |e| e as u32)
                }
                (Opcode::DecoInterpolate, 0) => {
                    self.enum_arg(t, "interpolation type", InterpolationType::from_name, |e| {
                        e as u32
                    })
                }
                (Opcode::DecoInterpolate, _) => self.enum_arg(
                    t,
                    "interpolation sampling",
                    InterpolationSampling::from_name,
                    |e| e as u32,
                ),
                _ => {
                    // A type or value keyword operand.
                    self.operand_after(t, 0)
                }
            };
        }
        if t.kind == Tok::Number && self.text(&t).bytes().all(|c| c.is_ascii_digit()) {
            let t = self.lex.next()?;
            let v = self.bare_u32(&t)?;
            return Ok(self.b.const_u32(v).inst());
        }
        self.operand(0)
    }

    fn bare_u32(&self, t: &Token) -> PResult<u32> {
        self.text(t).parse::<u32>().map_err(|_| {
            err(
                codes::IR_BAD_LITERAL,
                t.span(),
                format!("`{}` does not fit in a u32", self.text(t)),
                "out of range",
            )
        })
    }

    // ---- instructions -------------------------------------------------------------------------

    /// The part of an instruction after `name: type =` (or the whole of a result-less
    /// one). Places the instruction at the builder's insertion point (module-scope items
    /// are placed by the caller) and returns it.
    fn instruction_body(&mut self, ty: Option<Inst>, global: bool, start: u32) -> PResult<Inst> {
        let t = self.lex.next()?;
        if t.kind != Tok::Ident {
            return Err(self.expected("an opcode", &t));
        }
        let text = self.text(&t);
        let void = self.b.ty_void().inst();
        let result_ty = ty.unwrap_or(void);
        // A type definition (a local type in a generic's body).
        if is_type_keyword(text) && Opcode::from_name(text).is_none_or(|op| op.is_type()) {
            if ty != Some(self.b.module.type_kind()) {
                return Err(err(
                    codes::IR_EXPECTED,
                    t.span(),
                    "a type definition must have type `type`",
                    "this defines a type",
                ));
            }
            let i = self.type_after(t, 0)?;
            let end = self.lex.last_end;
            self.set_span_if_new(i, Span::new(start, end));
            return Ok(i);
        }
        let Some(op) = Opcode::from_name(text) else {
            return Err(err(
                codes::IR_UNKNOWN_OPCODE,
                t.span(),
                format!("unknown opcode `{text}`"),
                "not an opcode",
            ));
        };
        if !op.is_operation()
            && !matches!(
                op,
                Opcode::Composite | Opcode::Zero | Opcode::Undef | Opcode::Specialize
            )
        {
            return Err(err(
                codes::IR_UNKNOWN_OPCODE,
                t.span(),
                format!("`{text}` cannot be written as an instruction"),
                "not an instruction opcode",
            ));
        }
        let mut ops = std::mem::take(&mut self.ops_buf);
        ops.clear();
        self.operands_for(op, &mut ops)?;
        let i = if op.is_hoistable() {
            if global {
                self.b.set_insert_point(InsertPoint::None);
                let all_global = ops.iter().all(|&x| self.b.module.is_global(x))
                    && self.b.module.is_global(result_ty);
                if !all_global {
                    return Err(err(
                        codes::IR_EXPECTED,
                        t.span(),
                        "a module-scope constant can only use module-scope values",
                        "uses a local value",
                    ));
                }
            }
            self.b.hoistable(op, result_ty, &ops)
        } else {
            let i = self.m().create(op, Some(result_ty), &ops);
            if !global {
                self.b.place(i);
            }
            i
        };
        self.ops_buf = ops;
        let end = self.lex.last_end;
        self.set_span_if_new(i, Span::new(start, end));
        Ok(i)
    }

    fn set_span_if_new(&mut self, i: Inst, span: Span) {
        if self.b.module.span(i).is_detached() {
            self.m().set_span(i, span);
        }
    }

    /// The operand list of `op`, in its special syntax where it has one, into `ops`.
    fn operands_for(&mut self, op: Opcode, ops: &mut Vec<Inst>) -> PResult<()> {
        match op {
            Opcode::Br => {
                let t = self.lex.next()?;
                if t.kind != Tok::BlockRef {
                    return Err(self.expected("a block like `^1`", &t));
                }
                ops.push(self.block_ref(t));
                self.block_args(ops)?;
            }
            Opcode::IfElse => {
                ops.push(self.operand(0)?);
                for _ in 0..2 {
                    self.expect_punct(b',')?;
                    ops.push(self.block_operand()?);
                }
                self.expect_punct(b',')?;
                self.expect_keyword("merge")?;
                ops.push(self.block_operand()?);
            }
            Opcode::Loop => {
                let t = self.lex.next()?;
                if t.kind != Tok::BlockRef {
                    return Err(self.expected("a block like `^1`", &t));
                }
                ops.push(self.block_ref(t));
                let mut args = Vec::new();
                self.block_args(&mut args)?;
                self.expect_punct(b',')?;
                self.expect_keyword("merge")?;
                ops.push(self.block_operand()?);
                self.expect_punct(b',')?;
                self.expect_keyword("continue")?;
                ops.push(self.block_operand()?);
                ops.extend(args);
            }
            Opcode::Switch => {
                ops.push(self.operand(0)?);
                self.expect_punct(b',')?;
                self.expect_keyword("default")?;
                ops.push(self.block_operand()?);
                self.expect_punct(b',')?;
                self.expect_keyword("merge")?;
                ops.push(self.block_operand()?);
                while self.eat_punct(b',')? {
                    self.expect_keyword("case")?;
                    ops.push(self.operand(0)?);
                    ops.push(self.block_operand()?);
                }
            }
            Opcode::Call => {
                ops.push(self.operand(0)?);
                self.expect_punct(b'(')?;
                if !self.eat_punct(b')')? {
                    loop {
                        ops.push(self.operand(0)?);
                        if self.eat_punct(b')')? {
                            break;
                        }
                        self.expect_punct(b',')?;
                    }
                }
            }
            _ => {
                if self.at_operand()? {
                    ops.push(self.operand(0)?);
                    while self.eat_punct(b',')? {
                        ops.push(self.operand(0)?);
                    }
                }
            }
        }
        Ok(())
    }

    fn block_operand(&mut self) -> PResult<Inst> {
        let t = self.lex.next()?;
        if t.kind != Tok::BlockRef {
            return Err(self.expected("a block like `^1`", &t));
        }
        Ok(self.block_ref(t))
    }

    fn block_args(&mut self, ops: &mut Vec<Inst>) -> PResult<()> {
        if self.eat_punct(b'(')? && !self.eat_punct(b')')? {
            loop {
                ops.push(self.operand(0)?);
                if self.eat_punct(b')')? {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        Ok(())
    }

    /// Whether the next token starts an operand (and not the next instruction or a
    /// decoration).
    fn at_operand(&mut self) -> PResult<bool> {
        let t = self.lex.peek()?;
        Ok(match t.kind {
            Tok::Local => !self.at_definition()?,
            Tok::Global => !self.at_definition()? && !self.at_decoration()?,
            Tok::Number => true,
            Tok::Ident => {
                let s = self.text(&t);
                // `struct` starts the next module item, not an operand.
                matches!(s, "true" | "false" | "undef" | "bits" | "specialize")
                    || (is_type_keyword(s) && s != "struct")
            }
            _ => false,
        })
    }

    fn operand(&mut self, depth: u32) -> PResult<Inst> {
        let t = self.lex.next()?;
        self.operand_after(t, depth)
    }

    fn operand_after(&mut self, t: Token, depth: u32) -> PResult<Inst> {
        if depth > MAX_NESTING {
            return Err(err(
                codes::IR_TOO_DEEP,
                t.span(),
                format!("operands nest more than {MAX_NESTING} levels deep"),
                "too deep",
            ));
        }
        match t.kind {
            Tok::Local => Ok(self.local_ref(t)),
            Tok::Global => Ok(self.global_ref(t)),
            Tok::BlockRef => Ok(self.block_ref(t)),
            Tok::Number => self.number(t),
            Tok::Ident => {
                let text = self.text(&t);
                match text {
                    "true" | "false" => Ok(self.b.const_bool(text == "true").inst()),
                    "bits" => {
                        self.expect_punct(b'<')?;
                        let ty = self.type_expr(depth + 1)?;
                        self.expect_punct(b'>')?;
                        self.expect_punct(b'(')?;
                        let n = self.lex.next()?;
                        let s = self.text(&n);
                        let v = s
                            .strip_prefix("0x")
                            .and_then(|h| u32::from_str_radix(h, 16).ok())
                            .ok_or_else(|| {
                                err(
                                    codes::IR_BAD_LITERAL,
                                    n.span(),
                                    "expected a hexadecimal bit pattern like `0x7fc00000`",
                                    "not a bit pattern",
                                )
                            })?;
                        self.expect_punct(b')')?;
                        if !self.b.module.is_global(ty) || self.b.module.scalar(ty).is_none() {
                            return Err(err(
                                codes::IR_TYPE_EXPECTED,
                                t.span(),
                                "`bits<T>(…)` needs a scalar type",
                                "not a scalar type",
                            ));
                        }
                        Ok(self.b.const_scalar(Type(ty), v).inst())
                    }
                    "undef" => {
                        self.expect_punct(b'<')?;
                        let ty = self.type_expr(depth + 1)?;
                        self.expect_punct(b'>')?;
                        Ok(self.b.hoistable(Opcode::Undef, ty, &[]))
                    }
                    "specialize" => {
                        self.expect_punct(b'<')?;
                        let ty = self.type_expr(depth + 1)?;
                        let mut ops = Vec::new();
                        while self.eat_punct(b',')? {
                            ops.push(self.operand(depth + 1)?);
                        }
                        self.expect_punct(b'>')?;
                        Ok(self.b.hoistable(Opcode::Specialize, ty, &ops))
                    }
                    _ if is_type_keyword(text) => {
                        let ty = self.type_after(t, depth + 1)?;
                        if self.eat_punct(b'(')? {
                            let mut parts = Vec::new();
                            if !self.eat_punct(b')')? {
                                loop {
                                    parts.push(self.operand(depth + 1)?);
                                    if self.eat_punct(b')')? {
                                        break;
                                    }
                                    self.expect_punct(b',')?;
                                }
                            }
                            let op = if parts.is_empty() {
                                Opcode::Zero
                            } else {
                                Opcode::Composite
                            };
                            Ok(self.b.hoistable(op, ty, &parts))
                        } else {
                            Ok(ty)
                        }
                    }
                    _ => Err(self.expected("an operand", &t)),
                }
            }
            _ => Err(self.expected("an operand", &t)),
        }
    }

    fn number(&mut self, t: Token) -> PResult<Inst> {
        let c = self.literal(t)?;
        self.set_span_if_new(c, t.span());
        Ok(c)
    }

    fn literal(&mut self, t: Token) -> PResult<Inst> {
        let text = self.text(&t);
        let bad = |msg: &str| {
            err(
                codes::IR_BAD_LITERAL,
                t.span(),
                msg.to_string(),
                "this literal",
            )
        };
        let (body, suffix) = match text.as_bytes().last() {
            Some(b'i') | Some(b'u') | Some(b'f') | Some(b'h') if !text.starts_with("0x") => {
                (&text[..text.len() - 1], text.as_bytes()[text.len() - 1])
            }
            _ => {
                return Err(bad(&format!(
                    "`{text}` needs a type suffix: `i` (i32), `u` (u32), `f` (f32) or `h` (f16)"
                )));
            }
        };
        match suffix {
            b'i' => {
                let v: i64 = body
                    .parse()
                    .map_err(|_| bad(&format!("`{text}` is not an integer")))?;
                let v = i32::try_from(v)
                    .map_err(|_| bad(&format!("`{text}` does not fit in an i32")))?;
                Ok(self.b.const_i32(v).inst())
            }
            b'u' => {
                let v: u32 = body
                    .parse()
                    .map_err(|_| bad(&format!("`{text}` does not fit in a u32")))?;
                Ok(self.b.const_u32(v).inst())
            }
            b'f' => {
                let v: f32 = body
                    .parse()
                    .map_err(|_| bad(&format!("`{text}` is not a number")))?;
                if !v.is_finite() {
                    return Err(bad(&format!("`{text}` is out of the range of f32")));
                }
                Ok(self.b.const_f32(v).inst())
            }
            _ => {
                let v: f32 = body
                    .parse()
                    .map_err(|_| bad(&format!("`{text}` is not a number")))?;
                let h = half::f16::from_f32(v);
                if !h.is_finite() {
                    return Err(bad(&format!("`{text}` is out of the range of f16")));
                }
                Ok(self.b.const_f16(h).inst())
            }
        }
    }

    // ---- types --------------------------------------------------------------------------------

    fn type_expr(&mut self, depth: u32) -> PResult<Inst> {
        let t = self.lex.next()?;
        self.type_after(t, depth)
    }

    fn check_type_valued(&mut self, i: Inst, t: &Token) -> PResult<Inst> {
        let m = &*self.b.module;
        if m.is_type_valued(i) || m.opcode(i) == Opcode::Placeholder {
            Ok(i)
        } else {
            Err(err(
                codes::IR_TYPE_EXPECTED,
                t.span(),
                format!("`{}` is not a type", self.text(t)),
                "expected a type here",
            ))
        }
    }

    fn type_after(&mut self, t: Token, depth: u32) -> PResult<Inst> {
        let ty = self.type_after_inner(t, depth)?;
        // Global types are shared: they point at their first mention.
        let span = Span::new(t.start, self.lex.last_end.max(t.end));
        self.set_span_if_new(ty, span);
        Ok(ty)
    }

    fn type_after_inner(&mut self, t: Token, depth: u32) -> PResult<Inst> {
        if depth > MAX_NESTING {
            return Err(err(
                codes::IR_TOO_DEEP,
                t.span(),
                format!("types nest more than {MAX_NESTING} levels deep"),
                "too deep",
            ));
        }
        match t.kind {
            Tok::Global => {
                let i = self.global_ref(t);
                return self.check_type_valued(i, &t);
            }
            Tok::Local => {
                let i = self.local_ref(t);
                return self.check_type_valued(i, &t);
            }
            Tok::Ident => {}
            _ => return Err(self.expected("a type", &t)),
        }
        let text = self.text(&t);
        let d = depth + 1;
        if text == "specialize" {
            // A type computed by a generic: `specialize<type, @G, args…>`.
            let i = self.operand_after(t, d)?;
            return self.check_type_valued(i, &t);
        }
        let ty = match text {
            "type" => self.b.ty_kind(),
            "label" => self.b.ty_label(),
            "void" => self.b.ty_void(),
            "bool" => self.b.ty_bool(),
            "i32" => self.b.ty_i32(),
            "u32" => self.b.ty_u32(),
            "f32" => self.b.ty_f32(),
            "f16" => self.b.ty_f16(),
            "sampler" => self.b.ty_sampler(false),
            "sampler_comparison" => self.b.ty_sampler(true),
            "texture_external" => self.b.ty_texture_external(),
            "buffer" => {
                if self.eat_punct(b'<')? {
                    let n = self.lex.next()?;
                    let v = self.bare_u32(&n)?;
                    self.expect_punct(b'>')?;
                    self.b.ty_buffer(Some(v))
                } else {
                    self.b.ty_buffer(None)
                }
            }
            "vec2" | "vec3" | "vec4" => {
                let n = u32::from(text.as_bytes()[3] - b'0');
                self.expect_punct(b'<')?;
                let e = self.type_expr(d)?;
                self.expect_punct(b'>')?;
                self.b.ty_vec(Type(e), n)
            }
            "array" => {
                self.expect_punct(b'<')?;
                let e = Type(self.type_expr(d)?);
                let mut count = None;
                let mut stride = None;
                while self.eat_punct(b',')? {
                    if self.peek_is_keyword("stride")? {
                        self.lex.next()?;
                        self.expect_punct(b'=')?;
                        let n = self.lex.next()?;
                        stride = Some(self.bare_u32(&n)?);
                        break;
                    }
                    let c = self.lex.peek()?;
                    if c.kind == Tok::Number && self.text(&c).bytes().all(|x| x.is_ascii_digit()) {
                        let c = self.lex.next()?;
                        let v = self.bare_u32(&c)?;
                        count = Some(self.b.const_u32(v).inst());
                    } else {
                        count = Some(self.operand(d)?);
                    }
                }
                self.expect_punct(b'>')?;
                match count {
                    Some(c) => self.b.ty_array(e, c, stride),
                    None => self.b.ty_runtime_array(e, stride),
                }
            }
            "atomic" => {
                self.expect_punct(b'<')?;
                let e = self.type_expr(d)?;
                self.expect_punct(b'>')?;
                self.b.ty_atomic(Type(e))
            }
            "ptr" => {
                self.expect_punct(b'<')?;
                let s = self.lex.next()?;
                let space = AddressSpace::from_name(self.text(&s)).ok_or_else(|| {
                    err(
                        codes::IR_UNKNOWN_ENUMERANT,
                        s.span(),
                        format!("`{}` is not an address space", self.text(&s)),
                        "expected an address space",
                    )
                })?;
                self.expect_punct(b',')?;
                let store = self.type_expr(d)?;
                self.expect_punct(b',')?;
                let a = self.lex.next()?;
                let access = self.access_mode(&a)?;
                self.expect_punct(b'>')?;
                self.b.ty_ptr(space, Type(store), access)
            }
            "fn" => {
                self.expect_punct(b'(')?;
                let mut params = Vec::new();
                if !self.eat_punct(b')')? {
                    loop {
                        params.push(Type(self.type_expr(d)?));
                        if self.eat_punct(b')')? {
                            break;
                        }
                        self.expect_punct(b',')?;
                    }
                }
                let arrow = self.lex.next()?;
                if arrow.kind != Tok::Arrow {
                    return Err(self.expected("`->`", &arrow));
                }
                let r = self.type_expr(d)?;
                self.b.ty_fn(&params, Type(r))
            }
            _ if parse_mat_name(text).is_some() => {
                let (c, r) = parse_mat_name(text).unwrap_or((2, 2));
                self.expect_punct(b'<')?;
                let e = Type(self.type_expr(d)?);
                self.expect_punct(b'>')?;
                let col = self.b.ty_vec(e, r);
                self.b.ty_mat(col, c)
            }
            _ if text.starts_with("texture_") => self.texture_type(&t, text, d)?,
            _ => match Opcode::from_name(text).filter(|op| op.is_type() && *op != Opcode::Struct) {
                Some(op) => {
                    // The generic form `opcode<operands…>`.
                    let mut ops = Vec::new();
                    if self.eat_punct(b'<')? && !self.eat_punct(b'>')? {
                        loop {
                            ops.push(self.operand(d)?);
                            if self.eat_punct(b'>')? {
                                break;
                            }
                            self.expect_punct(b',')?;
                        }
                    }
                    let kind = self.b.module.type_kind();
                    Type(self.b.hoistable(op, kind, &ops))
                }
                None => {
                    return Err(err(
                        codes::IR_TYPE_EXPECTED,
                        t.span(),
                        format!("`{text}` is not a type"),
                        "expected a type",
                    ));
                }
            },
        };
        Ok(ty.inst())
    }

    fn access_mode(&self, a: &Token) -> PResult<AccessMode> {
        AccessMode::from_name(self.text(a)).ok_or_else(|| {
            err(
                codes::IR_UNKNOWN_ENUMERANT,
                a.span(),
                format!("`{}` is not an access mode", self.text(a)),
                "expected `read`, `write` or `read_write`",
            )
        })
    }

    fn texture_type(&mut self, t: &Token, text: &str, d: u32) -> PResult<Type> {
        let unknown = || {
            err(
                codes::IR_TYPE_EXPECTED,
                t.span(),
                format!("`{text}` is not a texture type"),
                "unknown texture type",
            )
        };
        let dim_of = |s: &str| TextureDim::from_name(s).ok_or_else(unknown);
        if let Some(rest) = text.strip_prefix("texture_storage_") {
            let dim = dim_of(rest)?;
            self.expect_punct(b'<')?;
            let f = self.lex.next()?;
            let format = TexelFormat::from_name(self.text(&f)).ok_or_else(|| {
                err(
                    codes::IR_UNKNOWN_ENUMERANT,
                    f.span(),
                    format!("`{}` is not a texel format", self.text(&f)),
                    "expected a texel format",
                )
            })?;
            self.expect_punct(b',')?;
            let a = self.lex.next()?;
            let access = self.access_mode(&a)?;
            self.expect_punct(b'>')?;
            return Ok(self.b.ty_texture_storage(dim, format, access));
        }
        if let Some(rest) = text.strip_prefix("texture_depth_multisampled_") {
            return Ok(self.b.ty_texture_depth(dim_of(rest)?, true));
        }
        if let Some(rest) = text.strip_prefix("texture_depth_") {
            return Ok(self.b.ty_texture_depth(dim_of(rest)?, false));
        }
        let (multisampled, rest) = match text.strip_prefix("texture_multisampled_") {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix("texture_").unwrap_or(text)),
        };
        let dim = dim_of(rest)?;
        self.expect_punct(b'<')?;
        let sampled = Type(self.type_expr(d)?);
        self.expect_punct(b'>')?;
        Ok(if multisampled {
            self.b.ty_texture_multisampled(dim, sampled)
        } else {
            self.b.ty_texture_sampled(dim, sampled)
        })
    }
}
