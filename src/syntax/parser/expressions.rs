//! Expressions, types and template lists (spec §"Expression Grammar Summary").
//!
//! WGSL's operators are not one precedence ladder. The grammar splits them into groups
//! that do not mix without parentheses:
//! - `a & b & c`, `a | b | c` and `a ^ b ^ c` chain only with themselves, over unary
//!   operands (`a & b + c` is an error);
//! - `&&` and `||` chain only with themselves, over relational operands;
//! - a relational operator (`<`, `==`, …) appears at most once between two shift or
//!   additive operands (`a < b < c` is an error);
//! - a shift takes two unary operands (`a + b << c` and `a << b << c` are errors).
//!
//! The parser follows those rules exactly. When they are broken it reports the two
//! operators that clash and goes on as if the left part were parenthesized, so the rest
//! of the expression is still checked and no second error follows from the first.
//!
//! Context-dependent tokens: where the grammar expects a unary expression, `--` is two
//! `-` and `&&` two `&` (spec §"Parsing": the longest token valid in the parser's state);
//! after an operand inside an expression, `--` is a `-` followed by a unary `-`.

use super::super::ast::{BinaryOp, ExprId, ExprKind, IdentExpr, Literal, LiteralValue, UnaryOp};
use super::super::literal::{LiteralError, number_value};
use super::{Abort, PResult, Parser};
use crate::diag::{Diagnostic, Span, codes};
use crate::syntax::token::{Token, TokenKind};

// The groups of binary operators that the grammar keeps apart.
use super::super::precedence::{Class as Group, binary_class};

fn binary_op(kind: TokenKind) -> Option<(BinaryOp, Group)> {
    use TokenKind as T;
    let op = match kind {
        T::Star => BinaryOp::Mul,
        T::Slash => BinaryOp::Div,
        T::Percent => BinaryOp::Rem,
        T::Plus => BinaryOp::Add,
        T::Minus | T::MinusMinus => BinaryOp::Sub,
        T::ShiftLeft => BinaryOp::ShiftLeft,
        T::ShiftRight => BinaryOp::ShiftRight,
        T::Less => BinaryOp::Less,
        T::Greater => BinaryOp::Greater,
        T::LessEqual => BinaryOp::LessEqual,
        T::GreaterEqual => BinaryOp::GreaterEqual,
        T::EqualEqual => BinaryOp::Equal,
        T::NotEqual => BinaryOp::NotEqual,
        T::AndAnd => BinaryOp::LogicalAnd,
        T::OrOr => BinaryOp::LogicalOr,
        T::And => BinaryOp::And,
        T::Or => BinaryOp::Or,
        T::Xor => BinaryOp::Xor,
        _ => return None,
    };
    Some((op, binary_class(op)))
}

impl<'s> Parser<'s> {
    /// `expression`: the full grammar, including the rules against mixing operators.
    pub(super) fn expression(&mut self) -> PResult<ExprId> {
        let start_depth = self.depth;
        let result = self.expression_inner();
        self.depth = start_depth;
        result
    }

    fn expression_inner(&mut self) -> PResult<ExprId> {
        let first = self.unary()?;
        self.expression_after(first)
    }

    /// The rest of an `expression` whose first unary operand is parsed already.
    pub(super) fn expression_after(&mut self, first: ExprId) -> PResult<ExprId> {
        let mut lhs = match binary_op(self.peek()) {
            Some((_, group @ (Group::BitAnd | Group::BitOr | Group::BitXor))) => {
                self.bitwise_chain(first, group)?
            }
            _ => {
                let rel = self.relational_tail(first)?;
                match binary_op(self.peek()) {
                    Some((_, group @ (Group::LogicalAnd | Group::LogicalOr))) => {
                        self.logical_chain(rel, group)?
                    }
                    _ => rel,
                }
            }
        };
        // Whatever operator follows now cannot continue the expression: report the clash
        // and carry on as if everything so far were parenthesized.
        let mut reported = false;
        while let Some((op, _)) = binary_op(self.peek()) {
            let op_token = self.peek_token();
            if !reported {
                reported = true;
                self.report_mixed(lhs, op_token);
            }
            self.bump();
            let rhs = self.unary()?;
            let rhs = self.relational_tail(rhs)?;
            let span = self.expr_span(lhs).join(self.expr_span(rhs));
            lhs = self.add_expr(ExprKind::Binary { op, lhs, rhs }, span)?;
        }
        Ok(lhs)
    }

    /// `a & b & c` (or `|`, `^`): one operator, unary operands.
    fn bitwise_chain(&mut self, first: ExprId, group: Group) -> PResult<ExprId> {
        let mut lhs = first;
        while let Some((op, g)) = binary_op(self.peek()) {
            if g != group {
                break;
            }
            self.bump();
            let rhs = self.unary()?;
            lhs = self.binary(op, lhs, rhs)?;
        }
        Ok(lhs)
    }

    /// `a && b && c` (or `||`) over relational operands.
    fn logical_chain(&mut self, first: ExprId, group: Group) -> PResult<ExprId> {
        let mut lhs = first;
        while let Some((op, g)) = binary_op(self.peek()) {
            if g != group {
                break;
            }
            self.bump();
            let rhs = self.unary()?;
            let rhs = self.relational_tail(rhs)?;
            lhs = self.binary(op, lhs, rhs)?;
        }
        Ok(lhs)
    }

    /// `relational_expression`, given its first unary operand.
    fn relational_tail(&mut self, first: ExprId) -> PResult<ExprId> {
        let lhs = self.shift_or_additive(first)?;
        let Some((op, Group::Relational)) = binary_op(self.peek()) else {
            return Ok(lhs);
        };
        let op_token = self.bump();
        let rhs = self.unary()?;
        let rhs = self.shift_or_additive(rhs)?;
        let expr = self.binary(op, lhs, rhs)?;
        if let Some((_, Group::Relational)) = binary_op(self.peek()) {
            let second = self.peek_token();
            self.report(
                Diagnostic::error(
                    codes::CHAINED_OPERATORS,
                    "comparison operators cannot be chained",
                )
                .with_primary(second.span(), "a second comparison")
                .with_secondary(op_token.span(), "after this one")
                .with_note(format!(
                    "add parentheses to say what is compared, or write two comparisons \
                     joined by `&&`: `a {0} b && b {1} c`",
                    self.text(op_token),
                    self.text(second)
                )),
            );
            // Carry on as `(a < b) < c`.
            self.bump();
            let rhs2 = self.unary()?;
            let rhs2 = self.shift_or_additive(rhs2)?;
            return self.binary(op_of(second.kind), expr, rhs2);
        }
        Ok(expr)
    }

    /// `shift_expression`, given its first unary operand: `a << b` with unary operands,
    /// or an additive expression.
    fn shift_or_additive(&mut self, first: ExprId) -> PResult<ExprId> {
        if let Some((op, Group::Shift)) = binary_op(self.peek()) {
            let op_token = self.bump();
            let rhs = self.unary()?;
            let expr = self.binary(op, first, rhs)?;
            if let Some((_, g @ (Group::Shift | Group::Additive | Group::Multiplicative))) =
                binary_op(self.peek())
            {
                let next = self.peek_token();
                self.report_clash(op_token, next, g == Group::Shift);
                self.bump();
                let rhs2 = self.unary()?;
                let rhs2 = self.additive_tail(rhs2)?;
                return self.binary(op_of(next.kind), expr, rhs2);
            }
            return Ok(expr);
        }
        let lhs = self.additive_tail(first)?;
        if let Some((_, Group::Shift)) = binary_op(self.peek()) {
            // `lhs` has an additive or multiplicative operator at its top: a lone unary
            // operand would have taken the shift itself.
            let next = self.peek_token();
            self.report_mixed(lhs, next);
            self.bump();
            let rhs = self.unary()?;
            return self.binary(op_of(next.kind), lhs, rhs);
        }
        Ok(lhs)
    }

    /// `additive_expression` over `multiplicative_expression`, given the first operand.
    fn additive_tail(&mut self, first: ExprId) -> PResult<ExprId> {
        let mut lhs = self.multiplicative_tail(first)?;
        loop {
            match self.peek() {
                TokenKind::Plus | TokenKind::Minus => {
                    let op = op_of(self.bump().kind);
                    let rhs = self.unary()?;
                    let rhs = self.multiplicative_tail(rhs)?;
                    lhs = self.binary(op, lhs, rhs)?;
                }
                TokenKind::MinusMinus => {
                    // `a--b` inside an expression: `a - -b`.
                    let t = self.bump();
                    if !starts_expression(self.peek()) {
                        // `let y = x--;`: a decrement where only an expression can be.
                        let d = Diagnostic::error(
                            codes::UNEXPECTED_TOKEN,
                            "`--` cannot be used inside an expression",
                        )
                        .with_primary(t.span(), "a decrement here")
                        .with_note(
                            "`++` and `--` are statements in WGSL (`i--;`), not operators \
                             inside expressions",
                        );
                        self.report(d);
                        return Err(Abort);
                    }
                    let operand = self.unary()?;
                    let span = Span::new(t.start + 1, self.expr_span(operand).end);
                    let negated = self.add_expr(
                        ExprKind::Unary {
                            op: UnaryOp::Negate,
                            operand,
                        },
                        span,
                    )?;
                    let rhs = self.multiplicative_tail(negated)?;
                    lhs = self.binary(BinaryOp::Sub, lhs, rhs)?;
                }
                _ => return Ok(lhs),
            }
        }
    }

    fn multiplicative_tail(&mut self, first: ExprId) -> PResult<ExprId> {
        let mut lhs = first;
        while let Some((op, Group::Multiplicative)) = binary_op(self.peek()) {
            self.bump();
            let rhs = self.unary()?;
            lhs = self.binary(op, lhs, rhs)?;
        }
        Ok(lhs)
    }

    fn binary(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> PResult<ExprId> {
        let span = self.expr_span(lhs).join(self.expr_span(rhs));
        self.add_expr(ExprKind::Binary { op, lhs, rhs }, span)
    }

    /// The token of the operator at the top of a binary expression, found in the source
    /// between its operands.
    fn top_operator_token(&self, expr: ExprId) -> Option<Token> {
        let ExprKind::Binary { lhs, rhs, .. } = self.module.exprs[expr.index()].kind else {
            return None;
        };
        let from = self.expr_span(lhs).end;
        let to = self.expr_span(rhs).start;
        let i = self.tokens.partition_point(|t| t.start < from);
        self.tokens[i..]
            .iter()
            .take_while(|t| t.start < to)
            .find(|t| binary_op(t.kind).is_some())
            .copied()
    }

    /// Reports that `next` cannot follow the operator at the top of `lhs` without
    /// parentheses.
    fn report_mixed(&mut self, lhs: ExprId, next: Token) {
        match self.top_operator_token(lhs) {
            Some(before) => self.report_clash(before, next, false),
            None => {
                // `lhs` is not binary: e.g. `a & b` after a unary operand is fine, so this
                // is only reached after a repaired clash. Report plainly.
                let d = self.unexpected(codes::MIXED_OPERATORS, "the end of the expression");
                self.report(d);
            }
        }
    }

    fn report_clash(&mut self, before: Token, next: Token, same_shift: bool) {
        let a = self.text(before).to_string();
        let b = self.text(next).to_string();
        let d = if same_shift {
            Diagnostic::error(
                codes::CHAINED_OPERATORS,
                format!("shift operators cannot be chained: `{a}` then `{b}`"),
            )
            .with_primary(next.span(), "a second shift")
            .with_secondary(before.span(), "after this one")
            .with_note("the operands of a shift must be unary expressions; add parentheses")
        } else {
            let (a_shown, b_shown) = if a == b {
                (format!("`{a}`"), "itself".to_string())
            } else {
                (format!("`{a}`"), format!("`{b}`"))
            };
            Diagnostic::error(
                codes::MIXED_OPERATORS,
                format!("mixing {a_shown} and {b_shown} requires parentheses"),
            )
            .with_primary(next.span(), format!("`{b}` here"))
            .with_secondary(before.span(), format!("after this `{a}`"))
            .with_note(format!(
                "WGSL gives `{a}` and `{b}` no relative precedence: write `(x {a} y) {b} z` \
                 or `x {a} (y {b} z)`"
            ))
        };
        self.report(d);
    }

    // ---- Unary and postfix ---------------------------------------------------------------

    /// `unary_expression`.
    pub(super) fn unary(&mut self) -> PResult<ExprId> {
        let t = self.peek_token();
        let (op, twice) = match t.kind {
            TokenKind::Minus => (UnaryOp::Negate, false),
            TokenKind::Bang => (UnaryOp::Not, false),
            TokenKind::Tilde => (UnaryOp::Complement, false),
            TokenKind::Star => (UnaryOp::Deref, false),
            TokenKind::And => (UnaryOp::AddressOf, false),
            TokenKind::MinusMinus => (UnaryOp::Negate, true),
            TokenKind::AndAnd => (UnaryOp::AddressOf, true),
            _ => return self.singular(),
        };
        self.bump();
        self.enter()?;
        let operand = if twice {
            self.enter()?;
            let inner = self.unary()?;
            self.leave();
            let span = Span::new(t.start + 1, self.expr_span(inner).end);
            self.add_expr(ExprKind::Unary { op, operand: inner }, span)?
        } else {
            self.unary()?
        };
        self.leave();
        let span = Span::new(t.start, self.expr_span(operand).end);
        self.add_expr(ExprKind::Unary { op, operand }, span)
    }

    /// `singular_expression`: a primary expression and its `.member` and `[index]`
    /// suffixes.
    pub(super) fn singular(&mut self) -> PResult<ExprId> {
        let mut expr = self.primary()?;
        loop {
            match self.peek() {
                TokenKind::Period => {
                    self.bump();
                    let member = self.expect_member_name()?;
                    let span = Span::new(self.expr_span(expr).start, member.span.end);
                    expr = self.add_expr(ExprKind::Member { base: expr, member }, span)?;
                }
                TokenKind::LBracket => {
                    let open = self.bump();
                    self.enter()?;
                    let index = self.expression()?;
                    self.leave();
                    self.expect_closing(TokenKind::RBracket, open, "the index")?;
                    let span = self.span_from(self.expr_span(expr).start);
                    expr = self.add_expr(ExprKind::Index { base: expr, index }, span)?;
                }
                _ => return Ok(expr),
            }
        }
    }

    fn expect_member_name(&mut self) -> PResult<super::super::ast::Ident> {
        if self.at(TokenKind::Ident) {
            let t = self.bump();
            return Ok(self.intern(t));
        }
        let mut d = self.unexpected(codes::EXPECTED_NAME, "a member name or swizzle after `.`");
        if matches!(self.peek(), TokenKind::IntLiteral | TokenKind::FloatLiteral) {
            d = d.with_note("to pick a component by number, index it: `v[0]`");
        }
        self.report(d);
        Err(Abort)
    }

    /// `primary_expression`: a name (maybe templated, maybe called), a literal, or a
    /// parenthesized expression.
    fn primary(&mut self) -> PResult<ExprId> {
        let t = self.peek_token();
        match t.kind {
            TokenKind::Ident => {
                let callee = self.template_elaborated_ident()?;
                if self.at(TokenKind::LParen) {
                    self.call(callee)
                } else {
                    let span = self.span_from(t.start);
                    self.add_expr(ExprKind::Ident(callee), span)
                }
            }
            TokenKind::IntLiteral
            | TokenKind::FloatLiteral
            | TokenKind::True
            | TokenKind::False => {
                self.bump();
                self.literal(t)
            }
            TokenKind::LParen => {
                self.bump();
                self.enter()?;
                let inner = self.expression()?;
                self.leave();
                self.expect_closing(TokenKind::RParen, t, "the parenthesized expression")?;
                let span = self.span_from(t.start);
                self.add_expr(ExprKind::Paren(inner), span)
            }
            _ => {
                let mut d = self.unexpected(codes::EXPECTED_EXPRESSION, "an expression");
                match t.kind {
                    TokenKind::Underscore => {
                        d = d.with_note(
                            "`_` is only allowed on the left of a phony assignment: `_ = e;`",
                        )
                    }
                    TokenKind::If => {
                        d = d.with_note(
                            "`if` is a statement in WGSL; for a value use `select(f, t, cond)`",
                        )
                    }
                    kind if kind.is_keyword() => {
                        d = d.with_note(format!(
                            "`{}` is a keyword and cannot be used as a name",
                            kind.text()
                        ))
                    }
                    _ => {}
                }
                self.report(d);
                Err(Abort)
            }
        }
    }

    /// `argument_expression_list` after `callee`.
    fn call(&mut self, callee: IdentExpr) -> PResult<ExprId> {
        let start = callee.ident.span.start;
        let args = self.argument_list("the argument list")?;
        let span = self.span_from(start);
        let (callee, args) = (Box::new(callee), args.into_boxed_slice());
        self.add_expr(ExprKind::Call { callee, args }, span)
    }

    /// `'(' expression_comma_list? ')'`.
    pub(super) fn argument_list(&mut self, what: &str) -> PResult<Vec<ExprId>> {
        let open = self.expect(TokenKind::LParen, "")?;
        self.enter()?;
        let mut args = Vec::new();
        while !self.at(TokenKind::RParen) {
            args.push(self.expression()?);
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        self.leave();
        if !self.at(TokenKind::RParen) && !self.at(TokenKind::Eof) && !args.is_empty() {
            let d = self
                .unexpected(codes::UNEXPECTED_TOKEN, &format!("`,` or `)` in {what}"))
                .with_secondary(open.span(), "the list starts here");
            self.report(d);
            return Err(Abort);
        }
        self.expect_closing(TokenKind::RParen, open, what)?;
        Ok(args)
    }

    /// `template_elaborated_ident`: a name and an optional template list.
    pub(super) fn template_elaborated_ident(&mut self) -> PResult<IdentExpr> {
        let t = self.bump();
        let ident = self.intern(t);
        let template_args = if self.at(TokenKind::TemplateArgsStart) {
            Some(Box::new(self.template_list().map(|(args, _)| args)?))
        } else {
            None
        };
        Ok(IdentExpr {
            ident,
            template_args,
        })
    }

    /// `template_list`: `<` expressions `>`. Returns the arguments and the list's span.
    pub(super) fn template_list(&mut self) -> PResult<(Vec<ExprId>, Span)> {
        let open = self.bump();
        self.enter()?;
        let mut args = Vec::new();
        while !self.at(TokenKind::TemplateArgsEnd) {
            args.push(self.expression()?);
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        self.leave();
        // Discovery guarantees the matching `>` exists; anything else here is a token the
        // expression grammar cannot take.
        if !self.at(TokenKind::TemplateArgsEnd) {
            let d = self
                .unexpected(codes::UNEXPECTED_TOKEN, "`,` or `>` in the template list")
                .with_secondary(open.span(), "the template list starts here");
            self.report(d);
            return Err(Abort);
        }
        let close = self.bump();
        let span = Span::new(open.start, close.end);
        if args.is_empty() {
            self.report(
                Diagnostic::error(codes::EMPTY_TEMPLATE_LIST, "empty template list")
                    .with_primary(span, "a template list needs at least one argument")
                    .with_note("leave out `<>` to let the arguments be inferred, as in `vec4(…)`"),
            );
        }
        Ok((args, span))
    }

    /// `type_specifier`: a template-elaborated name in a type position.
    pub(super) fn type_specifier(&mut self, context: &str) -> PResult<ExprId> {
        if !self.at(TokenKind::Ident) {
            let mut d = self.unexpected(codes::EXPECTED_TYPE, &format!("a type {context}"));
            if self.peek().is_keyword() {
                d = d.with_note(format!("`{}` is a keyword, not a type", self.peek().text()));
            }
            self.report(d);
            return Err(Abort);
        }
        let start = self.peek_token().start;
        let ident = self.template_elaborated_ident()?;
        let span = self.span_from(start);
        self.add_expr(ExprKind::Ident(ident), span)
    }

    /// A literal token: its value is computed here and checked against its type.
    fn literal(&mut self, t: Token) -> PResult<ExprId> {
        let text = self.text(t);
        let value = match t.kind {
            TokenKind::True => LiteralValue::Bool(true),
            TokenKind::False => LiteralValue::Bool(false),
            _ => match number_value(text) {
                Ok(v) => v,
                Err(e) => {
                    self.report_literal_error(t, e);
                    // Keep a placeholder so the tree stays whole; the error is reported.
                    if t.kind == TokenKind::IntLiteral {
                        LiteralValue::Int {
                            value: 0,
                            suffix: super::super::ast::IntSuffix::None,
                        }
                    } else {
                        LiteralValue::Float {
                            value: 0.0,
                            suffix: super::super::ast::FloatSuffix::None,
                        }
                    }
                }
            },
        };
        let spelling = self.module.symbols.intern(text);
        self.add_expr(ExprKind::Literal(Literal { value, spelling }), t.span())
    }

    fn report_literal_error(&mut self, t: Token, e: LiteralError) {
        let text = self.text(t);
        let d = match e {
            LiteralError::Malformed(why) => {
                Diagnostic::error(codes::MALFORMED_LITERAL, format!("invalid number `{text}`"))
                    .with_primary(t.span(), why)
            }
            LiteralError::IntOutOfRange(ty) => Diagnostic::error(
                codes::INT_LITERAL_OUT_OF_RANGE,
                format!("`{text}` does not fit in `{ty}`"),
            )
            .with_primary(t.span(), format!("too large for `{ty}`"))
            .with_note(match ty {
                "i32" => "`i32` holds values up to 2147483647; for -2147483648 write `i32(-2147483648)` or `-2147483647i - 1i`",
                "u32" => "`u32` holds values up to 4294967295",
                _ => "an integer literal without a suffix must fit in a 64-bit signed integer",
            }),
            LiteralError::FloatOverflow(ty) => Diagnostic::error(
                codes::FLOAT_LITERAL_OVERFLOW,
                format!("`{text}` is too large for `{ty}`"),
            )
            .with_primary(t.span(), format!("overflows `{ty}`"))
            .with_note(match ty {
                "f16" => "the largest finite `f16` is 65504",
                "f32" => "the largest finite `f32` is about 3.40282347e38",
                _ => "the largest finite AbstractFloat is about 1.7976931348623157e308",
            }),
            LiteralError::Inexact(ty) => Diagnostic::error(
                codes::FLOAT_LITERAL_INEXACT,
                format!("`{text}` cannot be represented exactly in `{ty}`"),
            )
            .with_primary(t.span(), format!("needs more precision than `{ty}` has"))
            .with_note(
                "a hexadecimal float with an `f` or `h` suffix must be exact; drop digits, \
                 or drop the suffix to round",
            ),
        };
        self.report(d);
    }
}

/// True if `kind` can begin an expression.
pub(super) fn starts_expression(kind: TokenKind) -> bool {
    kind.is_literal()
        || matches!(
            kind,
            TokenKind::Ident
                | TokenKind::LParen
                | TokenKind::Minus
                | TokenKind::MinusMinus
                | TokenKind::Bang
                | TokenKind::Tilde
                | TokenKind::Star
                | TokenKind::And
                | TokenKind::AndAnd
        )
}

/// True if `kind` can continue an expression after an operand: a binary operator.
pub(super) fn continues_expression(kind: TokenKind) -> bool {
    binary_op(kind).is_some()
}

fn op_of(kind: TokenKind) -> BinaryOp {
    binary_op(kind).map_or(BinaryOp::Add, |(op, _)| op)
}

#[cfg(test)]
mod tests {
    use crate::syntax::ast::{ExprKind, Module};
    use crate::syntax::parse;

    /// The expression of `const x = …;`, printed with every grouping made explicit.
    fn grouped(src: &str) -> (String, Vec<&'static str>) {
        let (m, diags) = parse(&format!("const x = {src};"));
        let codes = diags.iter().map(|d| d.code).collect();
        let Some(decl) = m.decls.first() else {
            return (String::new(), codes);
        };
        let crate::syntax::ast::GlobalDeclKind::Const(c) = &decl.kind else {
            panic!()
        };
        (show(&m, c.init), codes)
    }

    fn show(m: &Module, e: crate::syntax::ast::ExprId) -> String {
        match &m.expr(e).kind {
            ExprKind::Binary { op, lhs, rhs } => {
                format!("({} {} {})", show(m, *lhs), op.as_str(), show(m, *rhs))
            }
            ExprKind::Unary { op, operand } => format!("{}{}", op.as_str(), show(m, *operand)),
            ExprKind::Paren(inner) => format!("[{}]", show(m, *inner)),
            ExprKind::Ident(i) => m.name(i.ident.name).to_string(),
            ExprKind::Literal(l) => m.name(l.spelling).to_string(),
            ExprKind::Member { base, member } => {
                format!("{}.{}", show(m, *base), m.name(member.name))
            }
            ExprKind::Index { base, index } => format!("{}[{}]", show(m, *base), show(m, *index)),
            ExprKind::Call { callee, args } => {
                let args: Vec<_> = args.iter().map(|a| show(m, *a)).collect();
                format!("{}({})", m.name(callee.ident.name), args.join(","))
            }
        }
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(grouped("a + b * c").0, "(a + (b * c))");
        assert_eq!(grouped("a - b - c").0, "((a - b) - c)");
        assert_eq!(grouped("a * b % c").0, "((a * b) % c)");
        assert_eq!(grouped("a << b < c + d").0, "((a << b) < (c + d))");
        assert_eq!(
            grouped("a < b && c > d && e").0,
            "(((a < b) && (c > d)) && e)"
        );
        assert_eq!(grouped("a & b & c").0, "((a & b) & c)");
        assert_eq!(grouped("-a.b[c]").0, "-a.b[c]");
        assert_eq!(grouped("*p.x").0, "*p.x");
        assert_eq!(grouped("!!a").0, "!!a");
    }

    #[test]
    fn spec_corner_cases_are_rejected() {
        // Spec §"Operator Precedence and Associativity", example "corner cases".
        assert_eq!(grouped("x & (y ^ (z | w))").1, Vec::<&str>::new());
        assert_eq!(grouped("x & y ^ z | w").1, vec!["E0206"]);
        assert_eq!(grouped("(x + y) << (z >= w)").1, Vec::<&str>::new());
        assert_eq!(grouped("x + y << z >= w").1, vec!["E0206"]);
        assert_eq!(grouped("x < (y > z)").1, Vec::<&str>::new());
        // Template-list discovery reads `x < y >` as a template list.
        assert_eq!(grouped("x < y > z").1, vec!["E0201"]);
        assert_eq!(grouped("x == y < z").1, vec!["E0207"]);
        assert_eq!(grouped("x && (y || z)").1, Vec::<&str>::new());
        assert_eq!(grouped("x && y || z").1, vec!["E0206"]);
        assert_eq!(grouped("a << b << c").1, vec!["E0207"]);
        assert_eq!(grouped("a & b + c").1, vec!["E0206"]);
        assert_eq!(grouped("a + b & c").1, vec!["E0206"]);
        assert_eq!(grouped("a == b & c").1, vec!["E0206"]);
    }

    #[test]
    fn context_dependent_double_tokens() {
        assert_eq!(grouped("--a").0, "--a");
        assert_eq!(grouped("a--b").0, "(a - -b)");
        assert_eq!(grouped("&&a").0, "&&a");
        assert_eq!(grouped("a--b").1, Vec::<&str>::new());
    }

    #[test]
    fn templates_in_expressions() {
        assert_eq!(grouped("vec4<f32>(1)").0, "vec4(1)");
        assert_eq!(grouped("a<b>(c)").0, "a(c)");
        assert_eq!(grouped("a < b > (c)").0, "a(c)");
        assert_eq!(grouped("a < b || c > d").0, "((a < b) || (c > d))");
        let (m, d) = parse("const x = array<i32, select(2, 3, a > b)>();");
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(m.decls.len(), 1);
        assert_eq!(grouped("vec4<>()").1, vec!["E0216"]);
    }

    #[test]
    fn literal_errors_are_reported_once() {
        assert_eq!(grouped("2147483648i").1, vec!["E0102"]);
        assert_eq!(grouped("1e999f").1, vec!["E0103"]);
        assert_eq!(grouped("0x1.000001p0h").1, vec!["E0104"]);
        assert_eq!(grouped("012").1, vec!["E0105"]);
        assert_eq!(grouped("1.0u + 2").1, vec!["E0105"]);
    }
}
