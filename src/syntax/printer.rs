//! The printer: an AST back to WGSL text, in one canonical style.
//!
//! Style:
//! - four spaces per level; one statement, declaration or structure member per line;
//!   `{` at the end of the line that opens it, `}` on a line of its own (`{}` when empty);
//! - spaces around binary operators and `=`, after `,` and `:`, none inside `()`, `[]`,
//!   `<>`; function attributes on their own line above `fn`, other attributes inline;
//! - parentheses and literal spellings exactly as written; `case …: {` with a colon;
//!   structure members end with `,`;
//! - when formatting source: single blank lines kept where the author had blank lines
//!   between declarations, statements and members (never right after `{`); line breaks
//!   the author put between the arguments of a call or the parameters of a function, or
//!   after a binary operator, are kept, with the arguments indented one level and a
//!   trailing comma when the closing `)` stands on its own line. All other line breaks
//!   are the printer's. Comments are placed by [`writer`].
//!
//! Correctness for trees built by code (raised IR): an operand the grammar does not allow
//! in its position is parenthesized (`(a + b) * c`, `(*p).x`, `(a < b) == c`), a unary
//! operator followed by the same one is spaced (`- -x`, never the `--` token), and an
//! element of a comma list or template list whose `<` or `>` could be read as a template
//! delimiter is parenthesized. Parsed trees already satisfy all of this, so formatting
//! never adds parentheses to what the author wrote.

mod writer;

use super::ast::*;
use super::precedence::{Class, binary_class as op_class, operand_fits};
use super::token::Token;
use crate::diag::Span;
use writer::{Source, Writer};

/// Prints a module without comments or the author's layout.
pub fn print(module: &Module) -> String {
    let mut p = Printer {
        m: module,
        w: Writer::new(None),
        stack: Vec::new(),
    };
    // Printed code takes about ten bytes per expression: one allocation, not a dozen.
    p.w.reserve(module.exprs.len() * 12);
    p.module();
    p.w.finish()
}

/// Prints a module parsed from `source`, keeping its comments and blank lines. `tokens`
/// are the source's tokens, as the parser read them.
pub fn format(module: &Module, source: &str, mut tokens: Vec<Token>) -> String {
    tokens.pop(); // Eof
    let mut p = Printer {
        m: module,
        w: Writer::new(Some(Source {
            text: source,
            tokens,
            comments: &module.comments,
        })),
        stack: Vec::new(),
    };
    p.module();
    p.w.finish()
}

struct Printer<'a> {
    m: &'a Module,
    w: Writer<'a>,
    /// Scratch stack of [`Self::has_top_level_angle`], kept to reuse its allocation.
    stack: Vec<ExprId>,
}

impl<'a> Printer<'a> {
    fn name(&self, ident: Ident) -> &'a str {
        self.m.name(ident.name)
    }

    // ---- Layout helpers ------------------------------------------------------------------

    /// Starts a declaration, statement, member or clause on a new line: comments before
    /// it first, then a blank line if the author left one (or `default_blank` when not
    /// formatting source).
    fn item(&mut self, span: Span, default_blank: bool) {
        self.w.begin_item();
        if self.w.has_source() && !span.is_detached() {
            self.w.flush_comments_before(span.start);
            if self.w.breaks_before(span.start) > 1 {
                self.w.blank_line();
            } else {
                self.w.newline();
            }
            self.w.sync(span.start);
        } else if default_blank {
            self.w.blank_line();
        } else {
            self.w.newline();
        }
    }

    fn sync(&mut self, span: Span) {
        if !span.is_detached() {
            self.w.sync(span.start);
        }
    }

    fn tok(&mut self, text: &str) {
        self.w.tok(text);
    }

    fn space_tok(&mut self, text: &str) {
        self.w.space();
        self.w.tok(text);
    }

    /// The span of a block's closing `}`.
    fn close_of(span: Span) -> Span {
        if span.is_detached() || span.is_empty() {
            Span::DETACHED
        } else {
            Span::new(span.end - 1, span.end)
        }
    }

    // ---- Module --------------------------------------------------------------------------

    fn module(&mut self) {
        let m = self.m;
        for d in &m.directives {
            self.item(d.span, false);
            self.directive(d);
        }
        for (i, d) in m.decls.iter().enumerate() {
            let after_directives = i == 0 && !m.directives.is_empty();
            let default_blank = after_directives
                || (i > 0
                    && (matches!(d.kind, GlobalDeclKind::Fn(_) | GlobalDeclKind::Struct(_))
                        || matches!(
                            m.decls[i - 1].kind,
                            GlobalDeclKind::Fn(_) | GlobalDeclKind::Struct(_)
                        )));
            self.item(d.span, default_blank);
            self.decl(d);
        }
    }

    fn directive(&mut self, d: &Directive) {
        match &d.kind {
            DirectiveKind::Enable(names) | DirectiveKind::Requires(names) => {
                self.tok(if matches!(d.kind, DirectiveKind::Enable(_)) {
                    "enable"
                } else {
                    "requires"
                });
                for (i, n) in names.iter().enumerate() {
                    if i > 0 {
                        self.tok(",");
                    }
                    self.w.space();
                    self.tok(self.name(*n));
                }
            }
            DirectiveKind::Diagnostic(c) => {
                self.tok("diagnostic");
                self.diagnostic_control(c);
            }
        }
        self.tok(";");
    }

    fn diagnostic_control(&mut self, c: &DiagnosticControl) {
        self.tok("(");
        self.tok(self.name(c.severity));
        self.tok(",");
        self.w.space();
        self.tok(self.name(c.rule));
        if let Some(suffix) = c.rule_suffix {
            self.tok(".");
            self.tok(self.name(suffix));
        }
        self.tok(")");
    }

    fn decl(&mut self, d: &GlobalDecl) {
        match &d.kind {
            GlobalDeclKind::Var(v) => {
                self.var_decl(v);
                self.tok(";");
            }
            GlobalDeclKind::Const(c) => {
                self.tok("const");
                self.value_decl(c);
                self.tok(";");
            }
            GlobalDeclKind::Override(o) => {
                self.attributes_inline(&o.attributes);
                self.tok("override");
                self.typed_name(o.name, o.ty, o.init);
                self.tok(";");
            }
            GlobalDeclKind::Alias(a) => {
                self.tok("alias");
                self.w.space();
                self.tok(self.name(a.name));
                self.space_tok("=");
                self.w.space();
                self.expr(a.ty);
                self.tok(";");
            }
            GlobalDeclKind::Struct(s) => self.struct_decl(s, d.span),
            GlobalDeclKind::Fn(f) => self.function(f),
            GlobalDeclKind::ConstAssert(e) => {
                self.tok("const_assert");
                self.w.space();
                self.expr(*e);
                self.tok(";");
            }
        }
    }

    fn var_decl(&mut self, v: &VarDecl) {
        self.attributes_inline(&v.attributes);
        self.tok("var");
        if !v.template_args.is_empty() {
            self.template_list(&v.template_args);
        }
        self.typed_name(v.name, v.ty, v.init);
    }

    /// `name: T = init` of `let` and `const`, after the keyword.
    fn value_decl(&mut self, v: &ValueDecl) {
        self.typed_name(v.name, v.ty, Some(v.init));
    }

    /// ` name: T = init`, after a declaration's keyword; type and initializer optional.
    fn typed_name(&mut self, name: Ident, ty: Option<ExprId>, init: Option<ExprId>) {
        self.w.space();
        self.tok(self.name(name));
        if let Some(ty) = ty {
            self.tok(":");
            self.w.space();
            self.expr(ty);
        }
        if let Some(init) = init {
            self.space_tok("=");
            self.w.space();
            self.expr(init);
        }
    }

    fn struct_decl(&mut self, s: &StructDecl, span: Span) {
        self.tok("struct");
        self.w.space();
        self.tok(self.name(s.name));
        self.space_tok("{");
        self.w.open_block();
        for member in &s.members {
            self.item(member.span, false);
            self.attributes_inline(&member.attributes);
            self.tok(self.name(member.name));
            self.tok(":");
            self.w.space();
            self.expr(member.ty);
            self.tok(",");
        }
        self.w.close_block(Self::close_of(span));
        self.tok("}");
    }

    fn function(&mut self, f: &FnDecl) {
        if !f.attributes.is_empty() {
            for (i, a) in f.attributes.iter().enumerate() {
                if i > 0 {
                    self.w.space();
                }
                self.attribute(a);
            }
            self.w.cont = 0;
            self.w.newline();
        }
        self.tok("fn");
        self.w.space();
        self.tok(self.name(f.name));
        let mut spans: Vec<Span> = Vec::with_capacity(f.params.len());
        for p in &f.params {
            spans.push(p.span);
        }
        let close = self.close_paren_after(spans.last().map(|s| s.end));
        self.comma_list(spans.len(), &spans, close, &mut |p, i| {
            let param = &f.params[i];
            p.sync(param.span);
            p.attributes_inline(&param.attributes);
            p.tok(p.name(param.name));
            p.tok(":");
            p.w.space();
            p.expr(param.ty);
        });
        if let Some(ret) = &f.ret {
            self.space_tok("->");
            self.w.space();
            self.attributes_inline(&ret.attributes);
            self.expr(ret.ty);
        }
        self.w.space();
        self.block(&f.body);
    }

    /// The `)` that follows position `after` in the source (skipping a trailing comma).
    fn close_paren_after(&self, after: Option<u32>) -> Span {
        let Some(after) = after else {
            return Span::DETACHED;
        };
        let mut t = self.w.token_at_or_after(after);
        if let Some(comma) = t.filter(|t| self.w.source_text(*t) == ",") {
            t = self.w.token_at_or_after(comma.end);
        }
        match t {
            Some(t) if self.w.source_text(t) == ")" => t.span(),
            _ => Span::DETACHED,
        }
    }

    // ---- Attributes ------------------------------------------------------------------------

    fn attributes_inline(&mut self, attributes: &[Attribute]) {
        for a in attributes {
            self.attribute(a);
            self.w.space();
        }
    }

    fn attribute(&mut self, a: &Attribute) {
        self.sync(a.span);
        self.tok("@");
        self.tok(self.name(a.name));
        if let AttributeKind::Diagnostic(c) = &a.kind {
            self.diagnostic_control(c);
            return;
        }
        if let Some(args) = &a.args {
            self.tok("(");
            for (i, &arg) in args.iter().enumerate() {
                if i > 0 {
                    self.tok(",");
                    self.w.space();
                }
                self.list_element(arg, false);
            }
            self.tok(")");
        }
    }

    // ---- Statements ------------------------------------------------------------------------

    fn block(&mut self, b: &Block) {
        self.attributes_inline(&b.attributes);
        self.sync(b.span);
        self.tok("{");
        let close = Self::close_of(b.span);
        let comments_inside = !close.is_detached() && self.w.has_comment_before(close.start);
        if b.stmts.is_empty() && !comments_inside {
            self.tok("}");
            return;
        }
        self.w.open_block();
        for &s in &b.stmts {
            self.statement_item(s);
        }
        self.w.close_block(close);
        self.tok("}");
    }

    fn statement_item(&mut self, id: StmtId) {
        let s = self.m.stmt(id);
        self.item(s.span, false);
        self.statement(id);
    }

    fn statement(&mut self, id: StmtId) {
        let s = self.m.stmt(id);
        self.sync(s.span);
        match &s.kind {
            StmtKind::Empty => self.tok(";"),
            StmtKind::Block(b) => self.block(b),
            StmtKind::Var(_)
            | StmtKind::Let(_)
            | StmtKind::Const(_)
            | StmtKind::Assign { .. }
            | StmtKind::Increment(_)
            | StmtKind::Decrement(_)
            | StmtKind::Call(_) => {
                self.simple_statement(id);
                self.tok(";");
            }
            StmtKind::If {
                attributes,
                cond,
                then_branch,
                else_branch,
            } => {
                self.attributes_inline(attributes);
                self.if_chain(*cond, then_branch, *else_branch);
            }
            StmtKind::Switch {
                attributes,
                selector,
                body_attributes,
                clauses,
            } => {
                self.attributes_inline(attributes);
                self.tok("switch");
                self.w.space();
                self.expr(*selector);
                self.w.space();
                self.attributes_inline(body_attributes);
                self.tok("{");
                self.w.open_block();
                for clause in clauses {
                    self.switch_clause(clause);
                }
                self.w.close_block(Self::close_of(s.span));
                self.tok("}");
            }
            StmtKind::Loop {
                attributes,
                body,
                continuing,
            } => {
                self.attributes_inline(attributes);
                self.tok("loop");
                self.w.space();
                self.attributes_inline(&body.attributes);
                self.sync(body.span);
                self.tok("{");
                let close = Self::close_of(body.span);
                let comments_inside =
                    !close.is_detached() && self.w.has_comment_before(close.start);
                if body.stmts.is_empty() && continuing.is_none() && !comments_inside {
                    self.tok("}");
                    return;
                }
                self.w.open_block();
                for &st in &body.stmts {
                    self.statement_item(st);
                }
                if let Some(c) = continuing {
                    self.continuing(c);
                }
                self.w.close_block(close);
                self.tok("}");
            }
            StmtKind::For {
                attributes,
                init,
                cond,
                update,
                body,
            } => {
                self.attributes_inline(attributes);
                self.tok("for");
                self.space_tok("(");
                if let Some(init) = init {
                    self.simple_statement(*init);
                }
                self.tok(";");
                if let Some(cond) = cond {
                    self.w.space();
                    self.expr(*cond);
                }
                self.tok(";");
                if let Some(update) = update {
                    self.w.space();
                    self.simple_statement(*update);
                }
                self.tok(")");
                self.w.space();
                self.block(body);
            }
            StmtKind::While {
                attributes,
                cond,
                body,
            } => {
                self.attributes_inline(attributes);
                self.tok("while");
                self.w.space();
                self.expr(*cond);
                self.w.space();
                self.block(body);
            }
            StmtKind::Break => self.keyword_statement("break"),
            StmtKind::Continue => self.keyword_statement("continue"),
            StmtKind::Discard => self.keyword_statement("discard"),
            StmtKind::Return(value) => {
                self.tok("return");
                if let Some(v) = value {
                    self.w.space();
                    self.expr(*v);
                }
                self.tok(";");
            }
            StmtKind::ConstAssert(e) => {
                self.tok("const_assert");
                self.w.space();
                self.expr(*e);
                self.tok(";");
            }
        }
    }

    fn keyword_statement(&mut self, keyword: &str) {
        self.tok(keyword);
        self.tok(";");
    }

    /// The statements that also appear in a `for` header, without their `;`.
    fn simple_statement(&mut self, id: StmtId) {
        let s = self.m.stmt(id);
        self.sync(s.span);
        match &s.kind {
            StmtKind::Var(v) => self.var_decl(v),
            StmtKind::Let(v) => {
                self.tok("let");
                self.value_decl(v);
            }
            StmtKind::Const(v) => {
                self.tok("const");
                self.value_decl(v);
            }
            StmtKind::Assign { lhs, op, rhs } => {
                match lhs {
                    Some(lhs) => self.expr(*lhs),
                    None => self.tok("_"),
                }
                self.w.space();
                match op {
                    // A static token, not a `format!` per statement.
                    Some(op) => match op.compound_assign_str() {
                        Some(text) => self.tok(text),
                        None => self.tok(&format!("{}=", op.as_str())),
                    },
                    None => self.tok("="),
                }
                self.w.space();
                self.expr(*rhs);
            }
            StmtKind::Increment(e) => {
                self.expr(*e);
                self.tok("++");
            }
            StmtKind::Decrement(e) => {
                self.expr(*e);
                self.tok("--");
            }
            StmtKind::Call(e) => self.expr(*e),
            // Never in a `for` header; printed whole if a tree puts one there.
            _ => self.statement(id),
        }
    }

    fn if_chain(&mut self, cond: ExprId, then_branch: &Block, else_branch: Option<StmtId>) {
        self.tok("if");
        self.w.space();
        self.expr(cond);
        self.w.space();
        self.block(then_branch);
        let Some(e) = else_branch else { return };
        self.space_tok("else");
        self.w.space();
        let s = self.m.stmt(e);
        self.sync(s.span);
        match &s.kind {
            StmtKind::If {
                attributes,
                cond,
                then_branch,
                else_branch,
            } if attributes.is_empty() => self.if_chain(*cond, then_branch, *else_branch),
            StmtKind::Block(b) => self.block(b),
            // Any other statement as an `else` body: braced, so the tree reads back.
            _ => {
                let block = Block {
                    attributes: Vec::new(),
                    stmts: vec![e],
                    span: Span::DETACHED,
                };
                self.block(&block);
            }
        }
    }

    fn switch_clause(&mut self, clause: &SwitchClause) {
        self.item(clause.span, false);
        match clause.selectors.as_slice() {
            [CaseSelector::Default(span)]
                if span.is_detached()
                    || clause.span.is_detached()
                    || span.start == clause.span.start =>
            {
                self.tok("default");
            }
            selectors => {
                self.tok("case");
                for (i, sel) in selectors.iter().enumerate() {
                    if i > 0 {
                        self.tok(",");
                    }
                    self.w.space();
                    match sel {
                        CaseSelector::Default(_) => self.tok("default"),
                        CaseSelector::Expr(e) => self.list_element(*e, false),
                    }
                }
            }
        }
        self.tok(":");
        self.w.space();
        self.block(&clause.body);
    }

    fn continuing(&mut self, c: &Continuing) {
        self.item(c.span, false);
        self.tok("continuing");
        self.w.space();
        self.attributes_inline(&c.body.attributes);
        self.sync(c.body.span);
        self.tok("{");
        let close = Self::close_of(c.body.span);
        let comments_inside = !close.is_detached() && self.w.has_comment_before(close.start);
        if c.body.stmts.is_empty() && c.break_if.is_none() && !comments_inside {
            self.tok("}");
            return;
        }
        self.w.open_block();
        for &s in &c.body.stmts {
            self.statement_item(s);
        }
        if let Some(cond) = c.break_if {
            let cond_span = self.m.expr(cond).span;
            let start = if cond_span.is_detached() {
                Span::DETACHED
            } else {
                self.w
                    .token_before(cond_span.start, 2)
                    .map_or(Span::DETACHED, |t| t.span())
            };
            self.item(start, false);
            self.tok("break");
            self.space_tok("if");
            self.w.space();
            self.expr(cond);
            self.tok(";");
        }
        self.w.close_block(close);
        self.tok("}");
    }

    // ---- Expressions ---------------------------------------------------------------------

    fn class(&self, e: ExprId) -> Class {
        match &self.m.expr(e).kind {
            ExprKind::Unary { .. } => Class::Unary,
            ExprKind::Binary { op, .. } => op_class(*op),
            _ => Class::Primary,
        }
    }

    /// Prints `e`, parenthesized unless it fits where `fits` says.
    fn operand(&mut self, e: ExprId, fits: bool) {
        if fits {
            self.expr(e);
        } else {
            self.tok("(");
            self.expr(e);
            self.tok(")");
        }
    }

    fn expr(&mut self, e: ExprId) {
        let expr = self.m.expr(e);
        self.sync(expr.span);
        match &expr.kind {
            ExprKind::Literal(l) => self.tok(self.m.name(l.spelling)),
            ExprKind::Ident(i) => self.ident_expr(i),
            ExprKind::Call { callee, args } => {
                self.ident_expr(callee);
                // Only formatting looks at the spans.
                let mut spans: Vec<Span> = Vec::new();
                if self.w.has_source() {
                    for &a in args {
                        spans.push(self.m.expr(a).span);
                    }
                }
                let close = if expr.span.is_detached() {
                    Span::DETACHED
                } else {
                    Self::close_of(expr.span)
                };
                self.comma_list(args.len(), &spans, close, &mut |p, i| {
                    p.list_element(args[i], false)
                });
            }
            ExprKind::Paren(inner) => {
                self.tok("(");
                self.expr(*inner);
                self.tok(")");
            }
            ExprKind::Member { base, member } => {
                let fits = self.class(*base) == Class::Primary;
                self.operand(*base, fits);
                self.tok(".");
                self.tok(self.name(*member));
            }
            ExprKind::Index { base, index } => {
                let fits = self.class(*base) == Class::Primary;
                self.operand(*base, fits);
                self.tok("[");
                self.expr(*index);
                self.tok("]");
            }
            ExprKind::Unary { op, operand } => {
                self.tok(op.as_str());
                let operand_class = self.class(*operand);
                let fits = matches!(operand_class, Class::Primary | Class::Unary);
                if fits {
                    if let ExprKind::Unary { op: inner, .. } = self.m.expr(*operand).kind {
                        // `- -x`, `& &x`: never the `--` or `&&` token.
                        if inner == *op && matches!(op, UnaryOp::Negate | UnaryOp::AddressOf) {
                            self.w.space();
                        }
                    }
                }
                self.operand(*operand, fits);
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let lhs_fits = operand_fits(*op, self.class(*lhs), true);
                self.operand(*lhs, lhs_fits);
                self.space_tok(op.as_str());
                let lhs_end = self.m.expr(*lhs).span;
                let rhs_start = self.m.expr(*rhs).span;
                let broken = !lhs_end.is_detached()
                    && !rhs_start.is_detached()
                    && self.w.breaks_between(lhs_end.end, rhs_start.start) > 0;
                if broken {
                    self.w.newline();
                } else {
                    self.w.space();
                }
                // `a < b >> c` reads as the template list `a<b>` and then `> c`:
                // template-list discovery pairs the `<` with the first `>` of `>>`.
                let rhs_is_shift_right = matches!(
                    self.m.expr(*rhs).kind,
                    ExprKind::Binary {
                        op: BinaryOp::ShiftRight,
                        ..
                    }
                );
                let rhs_fits = operand_fits(*op, self.class(*rhs), false)
                    && !(*op == BinaryOp::Less && rhs_is_shift_right);
                self.operand(*rhs, rhs_fits);
            }
        }
    }

    fn ident_expr(&mut self, i: &IdentExpr) {
        self.tok(self.name(i.ident));
        if let Some(args) = &i.template_args {
            if !args.is_empty() {
                self.template_list(args);
            }
        }
    }

    fn template_list(&mut self, args: &[ExprId]) {
        self.tok("<");
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                self.tok(",");
                self.w.space();
            }
            self.list_element(a, true);
        }
        self.tok(">");
    }

    /// An element of a comma-separated list. In a synthesized tree, an element holding a
    /// top-level `<`, `>`, shift (or, in a template list, `&&` or `||`) is parenthesized,
    /// so template-list discovery cannot pair its `<` or `>` with a neighbour's.
    fn list_element(&mut self, e: ExprId, in_template: bool) {
        let detached = self.m.expr(e).span.is_detached();
        if detached && self.has_top_level_angle(e, in_template) {
            self.tok("(");
            self.expr(e);
            self.tok(")");
        } else {
            self.expr(e);
        }
    }

    fn has_top_level_angle(&mut self, e: ExprId, in_template: bool) -> bool {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(e);
        let found = self.angle_in(&mut stack, in_template);
        self.stack = stack;
        found
    }

    fn angle_in(&self, stack: &mut Vec<ExprId>, in_template: bool) -> bool {
        while let Some(e) = stack.pop() {
            match &self.m.expr(e).kind {
                ExprKind::Binary { op, lhs, rhs } => {
                    let angle = matches!(
                        op,
                        BinaryOp::Less
                            | BinaryOp::Greater
                            | BinaryOp::LessEqual
                            | BinaryOp::GreaterEqual
                            | BinaryOp::ShiftLeft
                            | BinaryOp::ShiftRight
                    );
                    let logical = matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr);
                    if angle || (in_template && logical) {
                        return true;
                    }
                    stack.push(*lhs);
                    stack.push(*rhs);
                }
                ExprKind::Unary { operand, .. } => stack.push(*operand),
                ExprKind::Member { base, .. } | ExprKind::Index { base, .. } => stack.push(*base),
                _ => {}
            }
        }
        false
    }

    /// `( item, item… )` of `n` items, keeping the author's line breaks between items and
    /// before `)` (`spans` are the items' spans, needed only when formatting source).
    /// `each` is a trait object: one copy of this long function for every list.
    fn comma_list(
        &mut self,
        n: usize,
        spans: &[Span],
        close: Span,
        each: &mut dyn FnMut(&mut Self, usize),
    ) {
        self.tok("(");
        let has_source = self.w.has_source();
        if !has_source {
            for i in 0..n {
                if i > 0 {
                    self.w.space();
                }
                each(self, i);
                if i + 1 < n {
                    self.tok(",");
                }
            }
            self.tok(")");
            return;
        }
        let mut breaks = Vec::with_capacity(spans.len());
        // Right after `(`, the writer's last position is the `(` (when matched).
        let mut prev = None::<u32>;
        for s in spans {
            let b = if s.is_detached() {
                false
            } else {
                match prev {
                    None => self.w.breaks_before(s.start) > 0,
                    Some(p) => self.w.breaks_between(p, s.start) > 0,
                }
            };
            breaks.push(b);
            prev = (!s.is_detached()).then_some(s.end);
        }
        let close_break = !close.is_detached()
            && spans
                .last()
                .is_some_and(|s| !s.is_detached() && self.w.breaks_between(s.end, close.start) > 0);
        let broken = close_break || breaks.iter().any(|&b| b);
        let saved_cont = self.w.cont;
        let open_line = self.w.line_cont;
        if broken {
            self.w.cont = open_line + 1;
        }
        for (i, &break_before) in breaks.iter().enumerate() {
            if break_before {
                self.w.newline();
            } else if i > 0 {
                self.w.space();
            }
            each(self, i);
            if i + 1 < spans.len() || close_break {
                self.tok(",");
            }
        }
        if broken {
            if !close.is_detached() {
                self.w.flush_comments_before(close.start);
            }
            self.w.cont = open_line;
            if close_break {
                self.w.newline();
            }
        }
        self.tok(")");
        self.w.cont = saved_cont;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{format as fmt, parse};

    fn formatted(src: &str) -> String {
        let out = fmt(src).unwrap_or_else(|d| panic!("{src}\n{d:?}"));
        assert_eq!(
            fmt(&out).as_deref(),
            Ok(out.as_str()),
            "not idempotent:\n{out}"
        );
        out
    }

    #[test]
    fn canonical_layout() {
        assert_eq!(
            formatted("fn f(a:i32)->i32{var x=a*2+1;if(x>3){return x;}else{x++;}return 0;}"),
            "fn f(a: i32) -> i32 {\n    var x = a * 2 + 1;\n    if (x > 3) {\n        return x;\n    } else {\n        x++;\n    }\n    return 0;\n}\n"
        );
        assert_eq!(
            formatted("@compute @workgroup_size(8,8) fn main(){}"),
            "@compute @workgroup_size(8, 8)\nfn main() {}\n"
        );
        assert_eq!(
            formatted("struct S{a:f32,@align(16) b:vec4<f32>}"),
            "struct S {\n    a: f32,\n    @align(16) b: vec4<f32>,\n}\n"
        );
        assert_eq!(
            formatted(
                "fn f(){loop{continuing{break if true;}}for(;;){}switch 1{case 1,2:{}default{}}}"
            ),
            "fn f() {\n    loop {\n        continuing {\n            break if true;\n        }\n    }\n    for (;;) {}\n    switch 1 {\n        case 1, 2: {}\n        default: {}\n    }\n}\n"
        );
    }

    #[test]
    fn keeps_comments_blank_lines_and_spellings() {
        let src = "// head\n\nconst a = 0x1Fu; // trailing\n\n\n/* block */\nconst b = (1.0e3);\nfn f() {\n\n    let x = 1; /* after */\n    // own line\n\n    let y = 2;\n    // last\n}\n";
        assert_eq!(
            formatted(src),
            "// head\n\nconst a = 0x1Fu; // trailing\n\n/* block */\nconst b = (1.0e3);\nfn f() {\n    let x = 1; /* after */\n    // own line\n\n    let y = 2;\n    // last\n}\n"
        );
    }

    #[test]
    fn comments_inside_expressions_and_empty_blocks() {
        for src in [
            "const a = foo(1, // one\n    2);\n",
            "const a = 1 + /* c */ 2;\n",
            "const a = 1 +\n    // why\n    2;\n",
            "fn f() { /* nothing */ }\n",
            "fn f() { // nothing\n}\n",
            "fn /* name */ f() {}\n",
            "@vertex // stage\nfn f() {}\n",
            "const a = array(\n    1,\n    2,\n);\n",
            "const a = array(1,\n    2, 3);\n",
            "const x = vec2<f32>(/* first */ 1.0, 2.0 /* second */);\n",
        ] {
            let out = formatted(src);
            for c in parse(src).0.comments {
                let text = src[c.span.range()].trim_end();
                assert!(out.contains(text), "lost {text:?} in\n{out}");
            }
        }
    }

    #[test]
    fn multiline_argument_lists() {
        assert_eq!(
            formatted("const m = mat2x2(\n1.0, 0.0,\n0.0, 1.0\n);"),
            "const m = mat2x2(\n    1.0, 0.0,\n    0.0, 1.0,\n);\n"
        );
        assert_eq!(
            formatted("fn f() {\n  let x = g(a,\n  h(b,\n  c));\n}"),
            "fn f() {\n    let x = g(a,\n        h(b,\n            c));\n}\n"
        );
    }

    fn lit(m: &mut Module, text: &str, value: i64) -> ExprId {
        let spelling = m.symbols.intern(text);
        m.add_expr(
            ExprKind::Literal(Literal {
                value: LiteralValue::Int {
                    value: value as u64,
                    suffix: IntSuffix::None,
                },
                spelling,
            }),
            Span::DETACHED,
        )
    }

    fn name(m: &mut Module, text: &str) -> ExprId {
        let name = m.symbols.intern(text);
        m.add_expr(
            ExprKind::Ident(IdentExpr {
                ident: Ident {
                    name,
                    span: Span::DETACHED,
                },
                template_args: None,
            }),
            Span::DETACHED,
        )
    }

    fn bin(m: &mut Module, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> ExprId {
        m.add_expr(ExprKind::Binary { op, lhs, rhs }, Span::DETACHED)
    }

    fn un(m: &mut Module, op: UnaryOp, operand: ExprId) -> ExprId {
        m.add_expr(ExprKind::Unary { op, operand }, Span::DETACHED)
    }

    /// A module `const x = e;` built by code, printed.
    fn print_const(build: impl FnOnce(&mut Module) -> ExprId) -> String {
        let mut m = Module::default();
        let init = build(&mut m);
        let name = m.symbols.intern("x");
        m.decls.push(GlobalDecl {
            kind: GlobalDeclKind::Const(ValueDecl {
                name: Ident {
                    name,
                    span: Span::DETACHED,
                },
                ty: None,
                init,
            }),
            span: Span::DETACHED,
        });
        print(&m)
    }

    #[test]
    fn synthesized_trees_get_the_parentheses_they_need() {
        let out = print_const(|m| {
            let (a, b, c) = (name(m, "a"), name(m, "b"), name(m, "c"));
            let sum = bin(m, BinaryOp::Add, a, b);
            bin(m, BinaryOp::Mul, sum, c)
        });
        assert_eq!(out, "const x = (a + b) * c;\n");
        let out = print_const(|m| {
            let (a, b, c) = (name(m, "a"), name(m, "b"), name(m, "c"));
            let diff = bin(m, BinaryOp::Sub, b, c);
            bin(m, BinaryOp::Sub, a, diff)
        });
        assert_eq!(out, "const x = a - (b - c);\n");
        let out = print_const(|m| {
            let (a, b, c) = (name(m, "a"), name(m, "b"), name(m, "c"));
            let and = bin(m, BinaryOp::And, a, b);
            bin(m, BinaryOp::Or, and, c)
        });
        assert_eq!(out, "const x = (a & b) | c;\n");
        let out = print_const(|m| {
            let (a, b, c) = (name(m, "a"), name(m, "b"), name(m, "c"));
            let lt = bin(m, BinaryOp::Less, a, b);
            bin(m, BinaryOp::Equal, lt, c)
        });
        assert_eq!(out, "const x = (a < b) == c;\n");
        // `a < b >> c` would read as a template list `a<b>` (found by tools/diffexec,
        // seed 5296).
        let out = print_const(|m| {
            let (a, b, c) = (name(m, "a"), name(m, "b"), name(m, "c"));
            let shr = bin(m, BinaryOp::ShiftRight, b, c);
            bin(m, BinaryOp::Less, a, shr)
        });
        assert_eq!(out, "const x = a < (b >> c);\n");
        assert!(parse(&out).1.is_empty());
        let out = print_const(|m| {
            let a = name(m, "a");
            let neg = un(m, UnaryOp::Negate, a);
            un(m, UnaryOp::Negate, neg)
        });
        assert_eq!(out, "const x = - -a;\n");
        let out = print_const(|m| {
            let p = name(m, "p");
            let deref = un(m, UnaryOp::Deref, p);
            let member = m.symbols.intern("y");
            m.add_expr(
                ExprKind::Member {
                    base: deref,
                    member: Ident {
                        name: member,
                        span: Span::DETACHED,
                    },
                },
                Span::DETACHED,
            )
        });
        assert_eq!(out, "const x = (*p).y;\n");
        // `f(a < b, c > d)` would read as a template list `a<b, c>`.
        let out = print_const(|m| {
            let (a, b, c, d) = (name(m, "a"), name(m, "b"), name(m, "c"), name(m, "d"));
            let lt = bin(m, BinaryOp::Less, a, b);
            let gt = bin(m, BinaryOp::Greater, c, d);
            let f = m.symbols.intern("f");
            m.add_expr(
                ExprKind::Call {
                    callee: Box::new(IdentExpr {
                        ident: Ident {
                            name: f,
                            span: Span::DETACHED,
                        },
                        template_args: None,
                    }),
                    args: Box::new([lt, gt]),
                },
                Span::DETACHED,
            )
        });
        assert_eq!(out, "const x = f((a < b), (c > d));\n");
        let (m, d) = parse(&out);
        assert!(d.is_empty());
        let GlobalDeclKind::Const(c) = &m.decls[0].kind else {
            panic!()
        };
        assert!(matches!(&m.expr(c.init).kind, ExprKind::Call { args, .. } if args.len() == 2));
        let out = print_const(|m| {
            let one = lit(m, "1", 1);
            let two = lit(m, "2", 2);
            let three = lit(m, "3", 3);
            let shl = bin(m, BinaryOp::ShiftLeft, one, two);
            bin(m, BinaryOp::ShiftLeft, shl, three)
        });
        assert_eq!(out, "const x = (1 << 2) << 3;\n");
    }
}
