//! The IR text's tokens.
//!
//! Rules:
//! - Whitespace and `;` comments to the end of the line are trivia.
//! - A reference is a sigil (`%` value, `@` module item, `^` block) and then a name, a
//!   number or a quoted name with escapes, and an optional `.N` uniqueness suffix.
//! - Numbers are scanned loosely (digits, letters, `.`, an exponent's sign); the parser,
//!   which knows the suffix, checks them.
//! - Two tokens of lookahead (`peek2`), enough to tell a definition (`%x:`) from an
//!   operand. The first bad character is an error, and lexing stops there.

use super::{PResult, err};
use crate::diag::{Span, codes};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok {
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
pub(super) struct Token {
    pub(super) kind: Tok,
    pub(super) start: u32,
    pub(super) end: u32,
}

impl Token {
    pub(super) fn span(&self) -> Span {
        Span::new(self.start, self.end)
    }
}

pub(super) struct Lexer<'s> {
    pub(super) src: &'s str,
    pos: usize,
    /// End of the last token `next` returned.
    pub(super) last_end: u32,
    buf: [Option<Token>; 2],
}

impl<'s> Lexer<'s> {
    pub(super) fn new(src: &'s str) -> Self {
        Lexer {
            src,
            pos: 0,
            last_end: 0,
            buf: [None, None],
        }
    }

    pub(super) fn text(&self, t: &Token) -> &'s str {
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

    pub(super) fn peek(&mut self) -> PResult<Token> {
        if let Some(t) = self.buf[0] {
            return Ok(t);
        }
        let t = self.scan()?;
        self.buf[0] = Some(t);
        Ok(t)
    }

    pub(super) fn peek2(&mut self) -> PResult<Token> {
        self.peek()?;
        if let Some(t) = self.buf[1] {
            return Ok(t);
        }
        let t = self.scan()?;
        self.buf[1] = Some(t);
        Ok(t)
    }

    pub(super) fn next(&mut self) -> PResult<Token> {
        let t = match self.buf[0].take() {
            Some(t) => t,
            None => self.scan()?,
        };
        self.buf[0] = self.buf[1].take();
        self.last_end = t.end;
        Ok(t)
    }
}
