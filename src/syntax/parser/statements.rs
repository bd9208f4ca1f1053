//! Statements (spec §"Statements") and blocks.
//!
//! Recovery inside a function body works statement by statement: a statement that cannot
//! be parsed is reported once and skipped (see `Parser::sync_statement`), and the next one
//! is parsed normally. Three shapes are repaired in place because they are common and
//! unambiguous: a missing `;` at a line end, a body written without braces
//! (`if c return;`), and `break if` outside a `continuing` block.

use super::super::ast::{
    Attribute, BinaryOp, Block, CaseSelector, Continuing, ExprId, ExprKind, StmtId, StmtKind,
    SwitchClause, UnaryOp, ValueDecl, VarDecl,
};
use super::{Abort, PResult, Parser};
use crate::diag::{Diagnostic, Span, codes};
use crate::syntax::token::{Token, TokenKind};

/// True for keywords that can only begin a statement: after a missing `;`, seeing one of
/// these on the same line still means a new statement starts.
pub(crate) fn starts_statement_keyword(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Let
            | TokenKind::Var
            | TokenKind::Const
            | TokenKind::If
            | TokenKind::For
            | TokenKind::While
            | TokenKind::Loop
            | TokenKind::Switch
            | TokenKind::Return
            | TokenKind::Break
            | TokenKind::Continue
            | TokenKind::Discard
            | TokenKind::ConstAssert
    )
}

fn compound_assignment(kind: TokenKind) -> Option<BinaryOp> {
    Some(match kind {
        TokenKind::PlusEqual => BinaryOp::Add,
        TokenKind::MinusEqual => BinaryOp::Sub,
        TokenKind::StarEqual => BinaryOp::Mul,
        TokenKind::SlashEqual => BinaryOp::Div,
        TokenKind::PercentEqual => BinaryOp::Rem,
        TokenKind::AndEqual => BinaryOp::And,
        TokenKind::OrEqual => BinaryOp::Or,
        TokenKind::XorEqual => BinaryOp::Xor,
        TokenKind::ShiftLeftEqual => BinaryOp::ShiftLeft,
        TokenKind::ShiftRightEqual => BinaryOp::ShiftRight,
        _ => return None,
    })
}

/// Where a list of statements sits, which decides what may end it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BodyKind {
    Plain,
    /// A `loop` body: may end with a `continuing` block.
    Loop,
    /// A `continuing` block: may end with `break if`.
    Continuing,
}

/// What may follow the statements of a loop or continuing body.
#[derive(Default)]
struct BodyEnd {
    continuing: Option<Continuing>,
    break_if: Option<ExprId>,
}

impl<'s> Parser<'s> {
    /// `compound_statement` after its attributes: `{ statement* }`.
    pub(super) fn block(&mut self, attributes: Vec<Attribute>, context: &str) -> PResult<Block> {
        let open = self.expect(TokenKind::LBrace, context)?;
        let (stmts, _) = self.body(open, BodyKind::Plain);
        Ok(Block {
            attributes,
            stmts,
            span: self.span_from(open.start),
        })
    }

    /// Statements up to and including the `}` matching `open`.
    fn body(&mut self, open: Token, kind: BodyKind) -> (Vec<StmtId>, BodyEnd) {
        let mut stmts = Vec::new();
        let mut end = BodyEnd::default();
        loop {
            match self.peek() {
                TokenKind::RBrace => {
                    self.bump();
                    break;
                }
                TokenKind::Eof => {
                    self.report_unclosed_at_eof(open, "this `{` is never closed");
                    break;
                }
                k if super::decls::starts_module_only_decl(k) => {
                    let d = Diagnostic::error(
                        codes::UNCLOSED_DELIMITER,
                        format!("expected `}}`, found {}", self.describe_current()),
                    )
                    .with_primary(self.current_span(), "a declaration cannot appear here")
                    .with_secondary(open.span(), "this `{` is not closed before it");
                    self.report(d);
                    break;
                }
                TokenKind::Continuing if kind == BodyKind::Loop => {
                    let keyword = self.peek_token();
                    match self.continuing() {
                        Ok(c) => end.continuing = Some(c),
                        Err(Abort) => self.sync_statement(),
                    }
                    if !self.at(TokenKind::RBrace) && !self.at(TokenKind::Eof) {
                        let d = Diagnostic::error(
                            codes::MISPLACED_CONTINUING,
                            "`continuing` must be the last part of a loop body",
                        )
                        .with_primary(
                            self.current_span(),
                            "nothing can follow the `continuing` block",
                        )
                        .with_secondary(keyword.span(), "the `continuing` block");
                        self.report(d);
                    }
                }
                TokenKind::Break if self.peek_nth(1) == TokenKind::If => {
                    let start_depth = self.depth;
                    let keyword = self.current_span();
                    match self.break_if() {
                        Ok(cond) if kind == BodyKind::Continuing => {
                            end.break_if = Some(cond);
                            if !self.at(TokenKind::RBrace) && !self.at(TokenKind::Eof) {
                                let d = Diagnostic::error(
                                    codes::MISPLACED_BREAK_IF,
                                    "`break if` must be the last statement of a `continuing` block",
                                )
                                .with_primary(
                                    keyword.join(self.expr_span(cond)),
                                    "not the last statement",
                                )
                                .with_secondary(self.current_span(), "this follows it");
                                self.report(d);
                            }
                        }
                        Ok(cond) => {
                            let d = Diagnostic::error(
                                codes::MISPLACED_BREAK_IF,
                                "`break if` is only allowed at the end of a `continuing` block",
                            )
                            .with_primary(self.expr_span(cond), "this `break if`")
                            .with_note(
                                "inside a loop body write `if cond { break; }`; `break if` \
                                 ends a loop's `continuing { … }` block",
                            );
                            self.report(d);
                        }
                        Err(Abort) => {
                            self.depth = start_depth;
                            self.sync_statement();
                        }
                    }
                }
                _ => {
                    let before = self.pos;
                    let start_depth = self.depth;
                    match self.statement() {
                        Ok(s) => stmts.push(s),
                        Err(Abort) => {
                            self.depth = start_depth;
                            // No progress: step over the token, unless it opens a group
                            // that the skip must balance.
                            let opens = matches!(
                                self.peek(),
                                TokenKind::LBrace | TokenKind::LParen | TokenKind::LBracket
                            );
                            if self.pos == before && !opens {
                                self.bump();
                            }
                            self.sync_statement();
                        }
                    }
                }
            }
        }
        (stmts, end)
    }

    /// `break if cond ;`. Returns the condition.
    fn break_if(&mut self) -> PResult<ExprId> {
        self.bump();
        self.bump();
        self.enter()?;
        let cond = self.expression()?;
        self.leave();
        self.expect_semicolon("the `break if` statement")?;
        Ok(cond)
    }

    /// `continuing attribute* { statement* break_if? }`.
    fn continuing(&mut self) -> PResult<Continuing> {
        let keyword = self.bump();
        self.enter()?;
        let attributes = self.attributes()?;
        let open = self.expect(TokenKind::LBrace, "after `continuing`")?;
        let (stmts, end) = self.body(open, BodyKind::Continuing);
        self.leave();
        Ok(Continuing {
            body: Block {
                attributes,
                stmts,
                span: self.span_from(open.start),
            },
            break_if: end.break_if,
            span: self.span_from(keyword.start),
        })
    }

    /// One statement, its attributes included.
    pub(super) fn statement(&mut self) -> PResult<StmtId> {
        self.enter()?;
        let start = self.peek_token().start;
        let attributes = if self.at(TokenKind::At) {
            self.attributes()?
        } else {
            Vec::new()
        };
        let kind = match self.peek() {
            TokenKind::If => return self.finish(start, |p| p.if_statement(attributes)),
            TokenKind::Switch => return self.finish(start, |p| p.switch_statement(attributes)),
            TokenKind::Loop => return self.finish(start, |p| p.loop_statement(attributes)),
            TokenKind::For => return self.finish(start, |p| p.for_statement(attributes)),
            TokenKind::While => return self.finish(start, |p| p.while_statement(attributes)),
            TokenKind::LBrace => {
                let block = self.block(attributes, "")?;
                StmtKind::Block(block)
            }
            _ => {
                if !attributes.is_empty() {
                    self.report_attributes_not_allowed(&attributes, "this statement");
                }
                self.simple_or_keyword_statement()?
            }
        };
        self.leave();
        Ok(self.module.add_stmt(kind, self.span_from(start)))
    }

    /// Runs a statement rule that returns a kind, and adds the statement.
    fn finish(
        &mut self,
        start: u32,
        rule: impl FnOnce(&mut Self) -> PResult<StmtKind>,
    ) -> PResult<StmtId> {
        let kind = rule(self)?;
        self.leave();
        Ok(self.module.add_stmt(kind, self.span_from(start)))
    }

    /// Statements that end with `;`.
    fn simple_or_keyword_statement(&mut self) -> PResult<StmtKind> {
        let t = self.peek_token();
        let (kind, what) = match t.kind {
            TokenKind::Semicolon => {
                self.bump();
                return Ok(StmtKind::Empty);
            }
            TokenKind::Return => {
                self.bump();
                let value = if self.at(TokenKind::Semicolon)
                    || self.at(TokenKind::RBrace)
                    || (self.at_line_start() && starts_statement_keyword(self.peek()))
                {
                    None
                } else {
                    Some(self.expression()?)
                };
                (StmtKind::Return(value), "the `return` statement")
            }
            TokenKind::Break => {
                self.bump();
                (StmtKind::Break, "`break`")
            }
            TokenKind::Continue => {
                self.bump();
                (StmtKind::Continue, "`continue`")
            }
            TokenKind::Discard => {
                self.bump();
                (StmtKind::Discard, "`discard`")
            }
            TokenKind::ConstAssert => {
                self.bump();
                (
                    StmtKind::ConstAssert(self.expression()?),
                    "the `const_assert`",
                )
            }
            TokenKind::Let | TokenKind::Const | TokenKind::Var => {
                let what = match t.kind {
                    TokenKind::Let => "the `let` declaration",
                    TokenKind::Const => "the `const` declaration",
                    _ => "the variable declaration",
                };
                (self.local_declaration()?, what)
            }
            TokenKind::Else => {
                let d = Diagnostic::error(codes::ELSE_WITHOUT_IF, "`else` without an `if`")
                    .with_primary(t.span(), "this `else` follows no `if` block")
                    .with_note("`else` must come right after the `}` of an `if`");
                self.report(d);
                return Err(Abort);
            }
            TokenKind::Continuing => {
                let d = Diagnostic::error(
                    codes::MISPLACED_CONTINUING,
                    "`continuing` is only allowed at the end of a `loop` body",
                )
                .with_primary(t.span(), "not directly inside a `loop`");
                self.report(d);
                return Err(Abort);
            }
            TokenKind::Case | TokenKind::Default => {
                let d = Diagnostic::error(
                    codes::EXPECTED_STATEMENT,
                    format!("`{}` outside a `switch` body", t.kind.text()),
                )
                .with_primary(t.span(), "only allowed directly inside `switch { … }`");
                self.report(d);
                return Err(Abort);
            }
            kind if kind.is_keyword() && !matches!(kind, TokenKind::True | TokenKind::False) => {
                let mut d = self.unexpected(codes::EXPECTED_STATEMENT, "a statement");
                if matches!(
                    kind,
                    TokenKind::Fn | TokenKind::Struct | TokenKind::Alias | TokenKind::Override
                ) {
                    d = d.with_note(format!(
                        "`{}` declarations are only allowed at module scope",
                        kind.text()
                    ));
                }
                self.report(d);
                return Err(Abort);
            }
            _ => (self.updating_or_call()?, "this statement"),
        };
        self.expect_semicolon(what)?;
        Ok(kind)
    }

    /// `variable_or_value_statement`: `let`, `const` or `var`, without the `;`.
    fn local_declaration(&mut self) -> PResult<StmtKind> {
        let t = self.peek_token();
        match t.kind {
            TokenKind::Var => Ok(StmtKind::Var(self.var_decl(Vec::new())?)),
            TokenKind::Let => Ok(StmtKind::Let(self.value_decl()?)),
            _ => Ok(StmtKind::Const(self.value_decl()?)),
        }
    }

    /// `let` or `const` with its required initializer.
    pub(super) fn value_decl(&mut self) -> PResult<ValueDecl> {
        let keyword = self.bump();
        let kw = keyword.kind.text();
        // The expectation is spelled only when it is not met: formatting it for every
        // declaration cost more than parsing the name.
        let name = if self.at(TokenKind::Ident) {
            self.expect_ident("")?
        } else {
            self.expect_ident(&format!("a name after `{kw}`"))?
        };
        let ty = self.optional_type()?;
        if self.eat(TokenKind::Equal).is_none() {
            let found = self.describe_current();
            let d = Diagnostic::error(
                codes::MISSING_INITIALIZER,
                format!("expected `=` in the `{kw}` declaration, found {found}"),
            )
            .with_primary(self.current_span(), "expected `=` and a value")
            .with_secondary(name.span, format!("`{kw}` declares this name"))
            .with_note(format!(
                "a `{kw}` needs a value: `{kw} {} = …;`{}",
                self.module.name(name.name),
                if kw == "let" {
                    "; use `var` for a variable assigned later"
                } else {
                    ""
                }
            ));
            self.report(d);
            return Err(Abort);
        }
        let init = self.expression()?;
        Ok(ValueDecl { name, ty, init })
    }

    /// `(':' type_specifier)?`
    pub(super) fn optional_type(&mut self) -> PResult<Option<ExprId>> {
        if self.eat(TokenKind::Colon).is_some() {
            Ok(Some(self.type_specifier("after `:`")?))
        } else {
            Ok(None)
        }
    }

    /// `('=' expression)?`
    pub(super) fn optional_initializer(&mut self) -> PResult<Option<ExprId>> {
        if self.eat(TokenKind::Equal).is_some() {
            Ok(Some(self.expression()?))
        } else {
            Ok(None)
        }
    }

    /// `variable_decl ('=' expression)?`: `var<…> name: T = init`, without the `;`.
    pub(super) fn var_decl(&mut self, attributes: Vec<Attribute>) -> PResult<VarDecl> {
        self.bump();
        let (template_args, template_span) = if self.at(TokenKind::TemplateArgsStart) {
            let (args, span) = self.template_list()?;
            (args, Some(span))
        } else {
            (Vec::new(), None)
        };
        let name = self.expect_ident("a variable name")?;
        let ty = self.optional_type()?;
        let init = self.optional_initializer()?;
        Ok(VarDecl {
            attributes,
            template_args,
            template_span,
            name,
            ty,
            init,
        })
    }

    /// `variable_updating_statement` or `func_call_statement`, without the `;`.
    fn updating_or_call(&mut self) -> PResult<StmtKind> {
        if !super::expressions::starts_expression(self.peek()) && !self.at(TokenKind::Underscore) {
            let d = self.unexpected(codes::EXPECTED_STATEMENT, "a statement");
            self.report(d);
            return Err(Abort);
        }
        if let Some(underscore) = self.eat(TokenKind::Underscore) {
            if self.eat(TokenKind::Equal).is_none() {
                let d = self
                    .unexpected(codes::UNEXPECTED_TOKEN, "`=` after `_`")
                    .with_secondary(underscore.span(), "`_` can only be assigned to")
                    .with_note("a phony assignment evaluates and discards a value: `_ = e;`");
                self.report(d);
                return Err(Abort);
            }
            let rhs = self.expression()?;
            return Ok(StmtKind::Assign {
                lhs: None,
                op: None,
                rhs,
            });
        }
        let lhs = self.unary()?;
        let t = self.peek_token();
        let op = match t.kind {
            TokenKind::Equal => None,
            TokenKind::PlusPlus | TokenKind::MinusMinus => {
                self.bump();
                self.check_assignable(lhs, t)?;
                return Ok(if t.kind == TokenKind::PlusPlus {
                    StmtKind::Increment(lhs)
                } else {
                    StmtKind::Decrement(lhs)
                });
            }
            kind => match compound_assignment(kind) {
                Some(op) => Some(op),
                None => return self.call_statement(lhs),
            },
        };
        self.bump();
        self.check_assignable(lhs, t)?;
        let rhs = self.expression()?;
        Ok(StmtKind::Assign {
            lhs: Some(lhs),
            op,
            rhs,
        })
    }

    /// A statement that began with an expression not followed by an assignment operator:
    /// valid only as a bare function call.
    fn call_statement(&mut self, first: ExprId) -> PResult<StmtKind> {
        if matches!(self.module.exprs[first.index()].kind, ExprKind::Call { .. })
            && !super::expressions::continues_expression(self.peek())
        {
            return Ok(StmtKind::Call(first));
        }
        // Parse the rest of the expression to say precisely what is wrong with it.
        let full = self.expression_after(first)?;
        let span = self.expr_span(full);
        if self.at(TokenKind::Equal) || compound_assignment(self.peek()).is_some() {
            let d = Diagnostic::error(codes::INVALID_ASSIGNMENT_TARGET, "cannot assign to this expression")
                .with_primary(span, "not a variable, member, element or pointer")
                .with_note("the left side of an assignment is a name, a member or element of one, or `*pointer`");
            self.report(d);
            return Err(Abort);
        }
        let d = Diagnostic::error(
            codes::EXPECTED_STATEMENT,
            "this expression is not a statement",
        )
        .with_primary(span, "its value would be unused")
        .with_note(
            "a statement can be a function call, an assignment, `++`/`--`, or a \
                 declaration; to evaluate and discard a value write `_ = e;`",
        );
        self.report(d);
        Err(Abort)
    }

    /// Checks that `lhs` has the shape of the grammar's `lhs_expression`.
    fn check_assignable(&mut self, lhs: ExprId, op: Token) -> PResult<()> {
        if self.is_lhs_expression(lhs) {
            return Ok(());
        }
        let what = match &self.module.exprs[lhs.index()].kind {
            ExprKind::Literal(_) => "a literal",
            ExprKind::Unary { .. } => "an operator's result",
            ExprKind::Paren(_) => "a parenthesized expression",
            ExprKind::Ident(_) => "a name with a template list",
            _ => "this expression",
        };
        let d = Diagnostic::error(
            codes::INVALID_ASSIGNMENT_TARGET,
            format!("cannot apply `{}` to {what}", self.text(op)),
        )
        .with_primary(
            self.expr_span(lhs),
            "not a variable, member, element or pointer",
        )
        .with_note(
            "the left side of an assignment is a name, a member or element of one, or `*pointer`",
        );
        self.report(d);
        Err(Abort)
    }

    /// The grammar's `lhs_expression`, checked on a parsed unary expression, without
    /// recursion through the arena (a long `a.b.c…` chain stays cheap).
    fn is_lhs_expression(&self, mut e: ExprId) -> bool {
        loop {
            match &self.module.exprs[e.index()].kind {
                ExprKind::Ident(i) => return i.template_args.is_none(),
                ExprKind::Call { .. } => return true,
                ExprKind::Paren(inner) => e = *inner,
                ExprKind::Member { base, .. } => e = *base,
                ExprKind::Index { base, .. } => e = *base,
                ExprKind::Unary {
                    op: UnaryOp::Deref | UnaryOp::AddressOf,
                    operand,
                } => e = *operand,
                _ => return false,
            }
        }
    }

    /// A body after `if`, `else`, `for`, `while`: a compound statement. When the braces
    /// are missing, one statement is taken as the body after reporting it.
    fn body_block(&mut self, context: &str) -> PResult<Block> {
        if self.at(TokenKind::LBrace) || self.at(TokenKind::At) {
            let attributes = self.attributes()?;
            return self.block(attributes, context);
        }
        let d = self
            .unexpected(codes::EXPECTED_BLOCK, &format!("`{{` {context}"))
            .with_note("WGSL requires braces around every body: `if c { … }`");
        self.report(d);
        let t = self.peek_token();
        let statement_like = starts_statement_keyword(t.kind)
            || matches!(
                t.kind,
                TokenKind::Ident | TokenKind::Underscore | TokenKind::Star
            );
        if !statement_like || t.kind == TokenKind::Eof {
            return Err(Abort);
        }
        let s = self.statement()?;
        let span = self.module.stmts[s.index()].span;
        Ok(Block {
            attributes: Vec::new(),
            stmts: vec![s],
            span,
        })
    }

    fn if_statement(&mut self, attributes: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
        let cond = self.expression()?;
        let then_branch = self.body_block("after the `if` condition")?;
        let else_branch = if self.eat(TokenKind::Else).is_some() {
            let start = self.peek_token().start;
            if self.at(TokenKind::If) {
                self.enter()?;
                let kind = self.if_statement(Vec::new())?;
                self.leave();
                Some(self.module.add_stmt(kind, self.span_from(start)))
            } else {
                self.enter()?;
                let block = self.body_block("after `else`")?;
                self.leave();
                Some(
                    self.module
                        .add_stmt(StmtKind::Block(block), self.span_from(start)),
                )
            }
        } else {
            None
        };
        Ok(StmtKind::If {
            attributes,
            cond,
            then_branch,
            else_branch,
        })
    }

    fn switch_statement(&mut self, attributes: Vec<Attribute>) -> PResult<StmtKind> {
        let keyword = self.bump();
        let selector = self.expression()?;
        let body_attributes = self.attributes()?;
        let open = self.expect(TokenKind::LBrace, "to start the `switch` body")?;
        let mut clauses = Vec::new();
        loop {
            match self.peek() {
                TokenKind::RBrace => {
                    self.bump();
                    break;
                }
                TokenKind::Case | TokenKind::Default => {
                    let start_depth = self.depth;
                    match self.switch_clause() {
                        Ok(c) => clauses.push(c),
                        Err(Abort) => {
                            self.depth = start_depth;
                            self.sync_switch_clause();
                        }
                    }
                }
                TokenKind::Eof => {
                    self.report_unclosed_at_eof(open, "this `switch` body is never closed");
                    break;
                }
                _ => {
                    let d = self
                        .unexpected(
                            codes::UNEXPECTED_TOKEN,
                            "`case`, `default` or `}` in the `switch` body",
                        )
                        .with_note(
                            "every statement of a `switch` belongs to a `case … { }` clause",
                        );
                    self.report(d);
                    self.bump();
                    self.sync_switch_clause();
                }
            }
        }
        if clauses.is_empty() {
            self.report(
                Diagnostic::error(codes::EMPTY_SWITCH, "a `switch` needs at least one clause")
                    .with_primary(keyword.span(), "this `switch` has no `case` or `default`")
                    .with_note("add `default { }`: every `switch` needs a `default` clause"),
            );
        }
        Ok(StmtKind::Switch {
            attributes,
            selector,
            body_attributes,
            clauses,
        })
    }

    /// Skips to the next `case`, `default` or the `}` of the switch body.
    fn sync_switch_clause(&mut self) {
        let mut nesting = 0usize;
        loop {
            match self.peek() {
                TokenKind::Eof => return,
                TokenKind::Case | TokenKind::Default if nesting == 0 => return,
                TokenKind::RBrace if nesting == 0 => return,
                TokenKind::LBrace | TokenKind::LParen | TokenKind::LBracket => nesting += 1,
                TokenKind::RBrace | TokenKind::RParen | TokenKind::RBracket => {
                    nesting = nesting.saturating_sub(1)
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// `case selectors :? { … }` or `default :? { … }`.
    fn switch_clause(&mut self) -> PResult<SwitchClause> {
        let keyword = self.bump();
        let mut selectors = Vec::new();
        if keyword.kind == TokenKind::Default {
            selectors.push(CaseSelector::Default(keyword.span()));
        } else {
            while !matches!(
                self.peek(),
                TokenKind::Colon | TokenKind::LBrace | TokenKind::At
            ) {
                if let Some(d) = self.eat(TokenKind::Default) {
                    selectors.push(CaseSelector::Default(d.span()));
                } else {
                    selectors.push(CaseSelector::Expr(self.expression()?));
                }
                if self.eat(TokenKind::Comma).is_none() {
                    break;
                }
            }
            if selectors.is_empty() {
                self.report(
                    Diagnostic::error(codes::CASE_WITHOUT_SELECTOR, "`case` without a value")
                        .with_primary(keyword.span(), "a `case` needs at least one value")
                        .with_note("write `case 1, 2 { … }`, or `default { … }`"),
                );
            }
        }
        self.eat(TokenKind::Colon);
        let attributes = self.attributes()?;
        self.enter()?;
        let body = self.block(attributes, "to start the clause's body")?;
        self.leave();
        Ok(SwitchClause {
            selectors,
            body,
            span: self.span_from(keyword.start),
        })
    }

    fn loop_statement(&mut self, attributes: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
        let body_attributes = self.attributes()?;
        let open = self.expect(TokenKind::LBrace, "after `loop`")?;
        let (stmts, end) = self.body(open, BodyKind::Loop);
        Ok(StmtKind::Loop {
            attributes,
            body: Block {
                attributes: body_attributes,
                stmts,
                span: self.span_from(open.start),
            },
            continuing: end.continuing.map(Box::new),
        })
    }

    fn for_statement(&mut self, attributes: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
        let open = self.expect(TokenKind::LParen, "after `for`")?;
        let init = if self.at(TokenKind::Semicolon) {
            None
        } else {
            let start = self.peek_token().start;
            self.enter()?;
            let kind = match self.peek() {
                TokenKind::Let | TokenKind::Const | TokenKind::Var => self.local_declaration()?,
                _ => self.updating_or_call()?,
            };
            self.leave();
            Some(self.module.add_stmt(kind, self.span_from(start)))
        };
        self.expect(TokenKind::Semicolon, "after the `for` loop's initializer")?;
        let cond = if self.at(TokenKind::Semicolon) {
            None
        } else {
            Some(self.expression()?)
        };
        self.expect(TokenKind::Semicolon, "after the `for` loop's condition")?;
        let update = if self.at(TokenKind::RParen) {
            None
        } else {
            let start = self.peek_token().start;
            if matches!(
                self.peek(),
                TokenKind::Let | TokenKind::Const | TokenKind::Var
            ) {
                let d = self
                    .unexpected(
                        codes::INVALID_FOR_HEADER,
                        "an assignment, increment or call",
                    )
                    .with_note("the last part of a `for` header cannot declare anything");
                self.report(d);
                return Err(Abort);
            }
            self.enter()?;
            let kind = self.updating_or_call()?;
            self.leave();
            Some(self.module.add_stmt(kind, self.span_from(start)))
        };
        self.expect_closing(TokenKind::RParen, open, "the `for` header")?;
        let body = self.body_block("to start the `for` body")?;
        Ok(StmtKind::For {
            attributes,
            init,
            cond,
            update,
            body,
        })
    }

    fn while_statement(&mut self, attributes: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
        let cond = self.expression()?;
        let body = self.body_block("after the `while` condition")?;
        Ok(StmtKind::While {
            attributes,
            cond,
            body,
        })
    }

    /// Reports the innermost `{` still open at the end of the file; the enclosing ones
    /// would only repeat it.
    fn report_unclosed_at_eof(&mut self, open: Token, label: &str) {
        if std::mem::replace(&mut self.eof_reported, true) {
            return;
        }
        let d = Diagnostic::error(codes::UNCLOSED_DELIMITER, "unclosed `{`")
            .with_primary(self.current_span(), "the file ends here")
            .with_secondary(open.span(), label);
        self.report(d);
    }

    pub(super) fn report_attributes_not_allowed(&mut self, attributes: &[Attribute], what: &str) {
        // The attributes' joined spans (a loop: a `reduce` chain is a copy of the
        // iterator code).
        let mut span: Option<Span> = None;
        for a in attributes {
            span = Some(span.map_or(a.span, |s| s.join(a.span)));
        }
        let span = span.unwrap_or(Span::DETACHED);
        self.report(
            Diagnostic::error(
                codes::ATTRIBUTES_NOT_ALLOWED,
                format!("attributes are not allowed on {what}"),
            )
            .with_primary(span, "remove these attributes"),
        );
    }
}
