//! Module items and what holds instructions: `struct`s, module-scope `@name: type = …`
//! items, functions and generics with their parameters and blocks, and the decorations
//! that may follow any of them.
//!
//! Rules:
//! - A function's value and block names are its own: the scopes are cleared when the
//!   next function starts. A forward reference still undefined at the end of its
//!   function (or, for module items, of the module) is an error at its first use.
//! - The first block written is the entry block; no other block may take its label.
//! - A function is created with a provisional `void` type, so that its entry block and
//!   parameters exist while they are read; its `fn` type is set once the result type is.
//! - Enumerant operands of decorations (`@builtin(position)`, `@interpolate(flat)`) are
//!   names, stored as `u32` constants.

use super::lexer::{Tok, Token};
use super::{PResult, Parser, err, ref_name};
use crate::diag::{Diagnostic, Span, codes};
use crate::ir::builder::InsertPoint;
use crate::ir::enums::{BuiltinValue, DepthMode, InterpolationSampling, InterpolationType};
use crate::ir::module::{Block, Inst, Type};
use crate::ir::opcode::Opcode;
use crate::util::map::Map;

impl<'s, 'm> Parser<'s, 'm> {
    // ---- module ---------------------------------------------------------------------------

    pub(super) fn module(&mut self) -> PResult<()> {
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
    fn undefined(&self, span: Span, label: &str) -> Diagnostic {
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
        let mut seen: Map<&'s str, ()> = Map::default();
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

    pub(super) fn bare_u32(&self, t: &Token) -> PResult<u32> {
        self.text(t).parse::<u32>().map_err(|_| {
            err(
                codes::IR_BAD_LITERAL,
                t.span(),
                format!("`{}` does not fit in a u32", self.text(t)),
                "out of range",
            )
        })
    }
}
