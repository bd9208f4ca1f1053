//! The translation unit: directives and module-scope declarations (spec §"Directives",
//! §"Declaration and Scope", §"Functions", §"Structure Types").
//!
//! A declaration that cannot be parsed is reported once; the parser then skips to the
//! next token that can start a declaration, with braces balanced, so one broken function
//! does not hide the errors of the next.

use super::super::ast::{
    AliasDecl, Attribute, Directive, DirectiveKind, FnDecl, FnReturn, GlobalDecl, GlobalDeclKind,
    OverrideDecl, Param, StructDecl, StructMember,
};
use super::{Abort, PResult, Parser};
use crate::diag::{Diagnostic, Span, codes};
use crate::syntax::token::TokenKind;

/// True for tokens that can start a module-scope declaration or directive.
pub(crate) fn starts_global_decl(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Fn
            | TokenKind::Struct
            | TokenKind::Alias
            | TokenKind::Const
            | TokenKind::Override
            | TokenKind::Var
            | TokenKind::At
            | TokenKind::ConstAssert
            | TokenKind::Enable
            | TokenKind::Requires
            | TokenKind::Diagnostic
    )
}

/// True for keywords that start a declaration that never appears inside a function.
pub(crate) fn starts_module_only_decl(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Fn
            | TokenKind::Struct
            | TokenKind::Alias
            | TokenKind::Override
            | TokenKind::Enable
            | TokenKind::Requires
    )
}

impl<'s> Parser<'s> {
    /// `translation_unit`: directives, then declarations.
    pub(super) fn translation_unit(&mut self) {
        let mut first_decl: Option<Span> = None;
        loop {
            let start_pos = self.pos;
            self.depth = 0;
            self.depth_reported = false;
            if self.peek() != TokenKind::Eof && self.past_error_limit() {
                self.stopped = true;
                break;
            }
            let result = match self.peek() {
                TokenKind::Eof => break,
                TokenKind::Semicolon => {
                    self.bump();
                    Ok(())
                }
                TokenKind::Enable | TokenKind::Requires => self.directive(first_decl),
                TokenKind::Diagnostic if self.peek_nth(1) == TokenKind::LParen => {
                    self.directive(first_decl)
                }
                _ => match self.global_decl() {
                    Ok(decl) => {
                        first_decl.get_or_insert(decl.span);
                        self.module.decls.push(decl);
                        Ok(())
                    }
                    Err(Abort) => Err(Abort),
                },
            };
            if result.is_err() {
                if self.pos == start_pos {
                    self.bump();
                }
                self.sync_module();
            }
        }
    }

    /// `enable …;`, `requires …;` or `diagnostic(…);`.
    fn directive(&mut self, first_decl: Option<Span>) -> PResult<()> {
        let keyword = self.peek_token();
        if let Some(decl) = first_decl {
            self.report(
                Diagnostic::error(
                    codes::DIRECTIVE_AFTER_DECLARATION,
                    format!(
                        "`{}` directives must come before every declaration",
                        keyword.kind.text()
                    ),
                )
                .with_primary(keyword.span(), "a directive after a declaration")
                .with_secondary(decl, "the first declaration is here")
                .with_note("move the directive to the top of the file"),
            );
        }
        self.bump();
        let kind = match keyword.kind {
            TokenKind::Diagnostic => {
                let control = self.diagnostic_control("`diagnostic`")?;
                self.expect_semicolon("the `diagnostic` directive")?;
                DirectiveKind::Diagnostic(control)
            }
            kind => {
                let what = if kind == TokenKind::Enable {
                    "an extension name"
                } else {
                    "a language extension name"
                };
                let mut names = vec![self.expect_ident(what)?];
                while self.eat(TokenKind::Comma).is_some() && !self.at(TokenKind::Semicolon) {
                    names.push(self.expect_ident(what)?);
                }
                let after = format!("the `{}` directive", kind.text());
                self.expect_semicolon(&after)?;
                if kind == TokenKind::Enable {
                    DirectiveKind::Enable(names)
                } else {
                    DirectiveKind::Requires(names)
                }
            }
        };
        self.module.directives.push(Directive {
            kind,
            span: self.span_from(keyword.start),
        });
        Ok(())
    }

    /// One module-scope declaration with its attributes.
    fn global_decl(&mut self) -> PResult<GlobalDecl> {
        let start = self.peek_token().start;
        let attributes = self.attributes()?;
        let t = self.peek_token();
        let kind = match t.kind {
            TokenKind::Var => {
                let decl = self.var_decl(attributes)?;
                self.expect_semicolon("the variable declaration")?;
                GlobalDeclKind::Var(decl)
            }
            TokenKind::Override => {
                self.bump();
                let name = self.expect_ident("a name after `override`")?;
                let ty = self.optional_type()?;
                let init = self.optional_initializer()?;
                self.expect_semicolon("the `override` declaration")?;
                GlobalDeclKind::Override(OverrideDecl {
                    attributes,
                    name,
                    ty,
                    init,
                })
            }
            TokenKind::Fn => GlobalDeclKind::Fn(self.function(attributes)?),
            TokenKind::Const | TokenKind::Let => {
                if t.kind == TokenKind::Const && !attributes.is_empty() {
                    // Labelled on the declaration, where Tint reports it too.
                    let attrs = attributes
                        .iter()
                        .map(|a| a.span)
                        .reduce(Span::join)
                        .unwrap_or(Span::DETACHED);
                    self.report(
                        Diagnostic::error(
                            codes::ATTRIBUTES_NOT_ALLOWED,
                            "attributes are not allowed on a `const` declaration",
                        )
                        .with_primary(t.span(), "this declaration takes no attributes")
                        .with_secondary(attrs, "remove these attributes"),
                    );
                }
                if t.kind == TokenKind::Let {
                    self.report(
                        Diagnostic::error(
                            codes::MISPLACED_DECLARATION,
                            "`let` is not allowed at module scope",
                        )
                        .with_primary(t.span(), "only allowed inside functions")
                        .with_note("for a module-scope constant use `const`"),
                    );
                }
                let decl = self.value_decl()?;
                self.expect_semicolon("the `const` declaration")?;
                GlobalDeclKind::Const(decl)
            }
            TokenKind::Alias => {
                self.no_attributes(&attributes, "a type alias");
                self.bump();
                let name = self.expect_ident("a name after `alias`")?;
                self.expect(TokenKind::Equal, "after the alias name")?;
                let ty = self.type_specifier("after `=`")?;
                self.expect_semicolon("the type alias")?;
                GlobalDeclKind::Alias(AliasDecl { name, ty })
            }
            TokenKind::Struct => {
                self.no_attributes(&attributes, "a structure");
                GlobalDeclKind::Struct(self.struct_decl()?)
            }
            TokenKind::ConstAssert => {
                self.no_attributes(&attributes, "a `const_assert`");
                self.bump();
                let cond = self.expression()?;
                self.expect_semicolon("the `const_assert`")?;
                GlobalDeclKind::ConstAssert(cond)
            }
            kind => {
                let what = if attributes.is_empty() {
                    "a declaration"
                } else {
                    "a declaration after these attributes"
                };
                let mut d = self.unexpected(codes::EXPECTED_DECLARATION, what);
                if super::statements::starts_statement_keyword(kind)
                    || matches!(kind, TokenKind::LBrace)
                {
                    d = d.with_note("statements are only allowed inside function bodies");
                } else if kind == TokenKind::Ident && self.peek_nth(1) == TokenKind::LParen {
                    d = d.with_note("a function declaration starts with `fn`: `fn name(…) { … }`");
                } else {
                    d = d.with_note(
                        "module scope holds `fn`, `struct`, `var`, `const`, `override`, \
                         `alias` and `const_assert` declarations",
                    );
                }
                self.report(d);
                return Err(Abort);
            }
        };
        Ok(GlobalDecl {
            kind,
            span: self.span_from(start),
        })
    }

    fn no_attributes(&mut self, attributes: &[Attribute], what: &str) {
        if !attributes.is_empty() {
            self.report_attributes_not_allowed(attributes, what);
        }
    }

    /// `fn name(params) -> attrs T { body }`, after its attributes.
    fn function(&mut self, attributes: Vec<Attribute>) -> PResult<FnDecl> {
        self.bump();
        let name = self.expect_ident("a function name after `fn`")?;
        let open = self.expect(TokenKind::LParen, "after the function name")?;
        let mut params = Vec::new();
        while !self.at(TokenKind::RParen) {
            let start = self.peek_token().start;
            let param_attributes = self.attributes()?;
            let param_name = self.expect_ident("a parameter name")?;
            if self.eat(TokenKind::Colon).is_none() {
                let d = self
                    .unexpected(
                        codes::UNEXPECTED_TOKEN,
                        "`:` and a type after the parameter name",
                    )
                    .with_note("every parameter needs a type: `name: f32`");
                self.report(d);
                return Err(Abort);
            }
            let ty = self.type_specifier("for the parameter")?;
            params.push(Param {
                attributes: param_attributes,
                name: param_name,
                ty,
                span: self.span_from(start),
            });
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        if !self.at(TokenKind::RParen) && !self.at(TokenKind::Eof) {
            let d = self
                .unexpected(codes::UNEXPECTED_TOKEN, "`,` or `)` in the parameter list")
                .with_secondary(open.span(), "the parameter list starts here");
            self.report(d);
            return Err(Abort);
        }
        self.expect_closing(TokenKind::RParen, open, "the parameter list")?;
        let ret = if self.eat(TokenKind::Arrow).is_some() {
            let attributes = self.attributes()?;
            let ty = self.type_specifier("after `->`")?;
            Some(FnReturn { attributes, ty })
        } else {
            if self.at(TokenKind::Colon) {
                let d = self
                    .unexpected(codes::UNEXPECTED_TOKEN, "`->` or `{`")
                    .with_note("a return type follows `->`: `fn f() -> f32 { … }`");
                self.report(d);
                return Err(Abort);
            }
            None
        };
        let body_attributes = self.attributes()?;
        let body = self.block(body_attributes, "to start the function body")?;
        Ok(FnDecl {
            attributes,
            name,
            params,
            ret,
            body,
        })
    }

    /// `struct name { members }`.
    fn struct_decl(&mut self) -> PResult<StructDecl> {
        let keyword = self.bump();
        let name = self.expect_ident("a structure name after `struct`")?;
        let open = self.expect(TokenKind::LBrace, "to start the structure body")?;
        let mut members = Vec::new();
        let mut semicolon_reported = false;
        while !self.at(TokenKind::RBrace) {
            let start = self.peek_token().start;
            let attributes = self.attributes()?;
            let member_name = self.expect_ident("a member name")?;
            if self.eat(TokenKind::Colon).is_none() {
                let d = self
                    .unexpected(
                        codes::UNEXPECTED_TOKEN,
                        "`:` and a type after the member name",
                    )
                    .with_note("every member needs a type: `name: f32`");
                self.report(d);
                return Err(Abort);
            }
            let ty = self.type_specifier("for the member")?;
            members.push(StructMember {
                attributes,
                name: member_name,
                ty,
                span: self.span_from(start),
            });
            if self.eat(TokenKind::Comma).is_some() {
                continue;
            }
            match self.peek() {
                TokenKind::RBrace | TokenKind::Eof => break,
                TokenKind::Ident | TokenKind::At => {
                    // A member on the next line: the `,` was forgotten.
                    let prev = self.prev_end();
                    let found = self.describe_current();
                    let d = Diagnostic::error(
                        codes::UNEXPECTED_TOKEN,
                        format!("expected `,` between structure members, found {found}"),
                    )
                    .with_primary(self.current_span(), "expected `,` before this member")
                    .with_secondary(Span::new(prev, prev), "add `,` here");
                    self.report(d);
                }
                TokenKind::Semicolon => {
                    // Reported once per structure: the same slip is usually repeated.
                    if !semicolon_reported {
                        semicolon_reported = true;
                        let d = self
                            .unexpected(codes::UNEXPECTED_TOKEN, "`,` or `}` after the member")
                            .with_note("structure members are separated by `,`, not `;`");
                        self.report(d);
                    }
                    self.bump();
                }
                _ => {
                    let d = self.unexpected(codes::UNEXPECTED_TOKEN, "`,` or `}` after the member");
                    self.report(d);
                    return Err(Abort);
                }
            }
        }
        self.expect_closing(TokenKind::RBrace, open, "the structure body")?;
        if members.is_empty() {
            self.report(
                Diagnostic::error(codes::EMPTY_STRUCT, "a structure needs at least one member")
                    .with_primary(
                        Span::new(keyword.start, name.span.end),
                        "this structure has none",
                    ),
            );
        }
        Ok(StructDecl { name, members })
    }
}
