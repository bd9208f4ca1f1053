//! Instructions and their operands.
//!
//! Rules:
//! - An instruction is its opcode and operands, in the special syntax of `br`,
//!   `if_else`, `loop`, `switch` and `call` (the essay of `ir/mod.rs`), `op, op, …`
//!   otherwise.
//! - Hoistable instructions go through the builder, so they are hash-consed exactly as
//!   when code builds them; a module-scope constant may use only module-scope values.
//! - Inline operands (scalar literals, `bits<T>(…)`, `undef<T>`, `specialize<…>`, `T(…)`
//!   composites and zero values) nest at most [`MAX_NESTING`] levels.
//! - A scalar literal carries its type in a suffix (`1i`, `2u`, `0.5f`, `1.5h`) and must
//!   fit it; floats must be finite (others are written `bits<T>(…)`).

use super::lexer::{Tok, Token};
use super::types::is_type_keyword;
use super::{MAX_NESTING, PResult, Parser, err};
use crate::diag::{Span, codes};
use crate::ir::builder::InsertPoint;
use crate::ir::module::{Inst, Type};
use crate::ir::opcode::Opcode;

impl<'s, 'm> Parser<'s, 'm> {
    // ---- instructions -------------------------------------------------------------------------

    /// The part of an instruction after `name: type =` (or the whole of a result-less
    /// one). Places the instruction at the builder's insertion point (module-scope items
    /// are placed by the caller) and returns it.
    pub(super) fn instruction_body(
        &mut self,
        ty: Option<Inst>,
        global: bool,
        start: u32,
    ) -> PResult<Inst> {
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

    pub(super) fn set_span_if_new(&mut self, i: Inst, span: Span) {
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

    pub(super) fn operand(&mut self, depth: u32) -> PResult<Inst> {
        let t = self.lex.next()?;
        self.operand_after(t, depth)
    }

    pub(super) fn operand_after(&mut self, t: Token, depth: u32) -> PResult<Inst> {
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
                let v = crate::util::decimal::parse_f32(body)
                    .ok_or_else(|| bad(&format!("`{text}` is not a number")))?;
                if !v.is_finite() {
                    return Err(bad(&format!("`{text}` is out of the range of f32")));
                }
                Ok(self.b.const_f32(v).inst())
            }
            _ => {
                let v = crate::util::decimal::parse_f32(body)
                    .ok_or_else(|| bad(&format!("`{text}` is not a number")))?;
                let h = half::f16::from_f32(v);
                if !h.is_finite() {
                    return Err(bad(&format!("`{text}` is out of the range of f16")));
                }
                Ok(self.b.const_f16(h).inst())
            }
        }
    }
}
