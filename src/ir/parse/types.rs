//! Type syntax.
//!
//! Rules:
//! - Scalars and the other built-in types are keywords; `vec`, `mat`, `array`, `atomic`,
//!   `ptr`, `fn` and the texture types take their parameters in `<…>` (`fn(…) -> T`);
//!   any other type opcode is written in the generic form `opcode<operands…>`.
//! - A named type (`@S`, a generic's `%T`) is a reference, which must be type-valued or a
//!   forward reference.
//! - Every type goes through the builder, so equal types are one instruction, whose span
//!   is its first mention.
//! - Types nest at most [`MAX_NESTING`] levels.

use super::lexer::{Tok, Token};
use super::{MAX_NESTING, PResult, Parser, err};
use crate::diag::{Span, codes};
use crate::ir::enums::{AccessMode, AddressSpace, TexelFormat, TextureDim};
use crate::ir::module::{Inst, Type};
use crate::ir::opcode::Opcode;

/// Type keywords that start a type expression.
pub(super) fn is_type_keyword(s: &str) -> bool {
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
    // ---- types --------------------------------------------------------------------------------

    pub(super) fn type_expr(&mut self, depth: u32) -> PResult<Inst> {
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

    pub(super) fn type_after(&mut self, t: Token, depth: u32) -> PResult<Inst> {
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
            "array" => self.array_type(d)?,
            "atomic" => {
                self.expect_punct(b'<')?;
                let e = self.type_expr(d)?;
                self.expect_punct(b'>')?;
                self.b.ty_atomic(Type(e))
            }
            "ptr" => self.ptr_type(d)?,
            "fn" => self.fn_type(d)?,
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

    /// `array<T, N>`, `array<T>` (runtime-sized), each with an optional `, stride=S`; the
    /// keyword is already read.
    fn array_type(&mut self, d: u32) -> PResult<Type> {
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
        Ok(match count {
            Some(c) => self.b.ty_array(e, c, stride),
            None => self.b.ty_runtime_array(e, stride),
        })
    }

    /// `ptr<space, T, access>`; the keyword is already read.
    fn ptr_type(&mut self, d: u32) -> PResult<Type> {
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
        Ok(self.b.ty_ptr(space, Type(store), access))
    }

    /// `fn(T, …) -> R`; the keyword is already read.
    fn fn_type(&mut self, d: u32) -> PResult<Type> {
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
        Ok(self.b.ty_fn(&params, Type(r)))
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
