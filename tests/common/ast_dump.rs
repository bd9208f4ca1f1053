//! A canonical text dump of an AST without spans, to compare two trees for equality:
//! a module and the module parsed back from its printed or formatted text.

#![allow(dead_code)]

use refract::syntax::ast::*;
use std::fmt::Write;

/// The tree as one line of S-expressions. With `skip_parens`, parenthesized expressions
/// dump as their contents, so grouping the printer added or dropped does not count.
pub fn dump(m: &Module, skip_parens: bool) -> String {
    let mut d = Dumper {
        m,
        out: String::new(),
        skip_parens,
    };
    for dir in &m.directives {
        d.directive(dir);
    }
    for decl in &m.decls {
        d.decl(decl);
    }
    d.out
}

struct Dumper<'a> {
    m: &'a Module,
    out: String,
    skip_parens: bool,
}

impl Dumper<'_> {
    fn w(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push(' ');
    }

    fn name(&mut self, i: Ident) {
        let s = self.m.name(i.name).to_string();
        self.w(&s);
    }

    fn control(&mut self, c: &DiagnosticControl) {
        self.name(c.severity);
        self.name(c.rule);
        if let Some(s) = c.rule_suffix {
            self.name(s);
        }
    }

    fn directive(&mut self, d: &Directive) {
        match &d.kind {
            DirectiveKind::Enable(n) => {
                self.w("(enable");
                n.iter().for_each(|n| self.name(*n));
            }
            DirectiveKind::Requires(n) => {
                self.w("(requires");
                n.iter().for_each(|n| self.name(*n));
            }
            DirectiveKind::Diagnostic(c) => {
                self.w("(diagnostic");
                self.control(c);
            }
        }
        self.w(")");
    }

    fn attrs(&mut self, list: &[Attribute]) {
        for a in list {
            self.w("(@");
            self.name(a.name);
            if let AttributeKind::Diagnostic(c) = &a.kind {
                self.control(c);
            }
            if let Some(args) = &a.args {
                self.w("(");
                args.iter().for_each(|&e| self.expr(e));
                self.w(")");
            }
            self.w(")");
        }
    }

    fn opt(&mut self, e: Option<ExprId>) {
        match e {
            Some(e) => self.expr(e),
            None => self.w("_"),
        }
    }

    fn var(&mut self, v: &VarDecl) {
        self.w("(var");
        self.attrs(&v.attributes);
        v.template_args.iter().for_each(|&e| self.expr(e));
        self.name(v.name);
        self.opt(v.ty);
        self.opt(v.init);
        self.w(")");
    }

    fn value(&mut self, tag: &str, v: &ValueDecl) {
        self.w(tag);
        self.name(v.name);
        self.opt(v.ty);
        self.expr(v.init);
        self.w(")");
    }

    fn decl(&mut self, d: &GlobalDecl) {
        match &d.kind {
            GlobalDeclKind::Var(v) => self.var(v),
            GlobalDeclKind::Const(v) => self.value("(const", v),
            GlobalDeclKind::Override(o) => {
                self.w("(override");
                self.attrs(&o.attributes);
                self.name(o.name);
                self.opt(o.ty);
                self.opt(o.init);
                self.w(")");
            }
            GlobalDeclKind::Alias(a) => {
                self.w("(alias");
                self.name(a.name);
                self.expr(a.ty);
                self.w(")");
            }
            GlobalDeclKind::Struct(s) => {
                self.w("(struct");
                self.name(s.name);
                for mem in &s.members {
                    self.attrs(&mem.attributes);
                    self.name(mem.name);
                    self.expr(mem.ty);
                }
                self.w(")");
            }
            GlobalDeclKind::Fn(f) => {
                self.w("(fn");
                self.attrs(&f.attributes);
                self.name(f.name);
                for p in &f.params {
                    self.attrs(&p.attributes);
                    self.name(p.name);
                    self.expr(p.ty);
                }
                if let Some(r) = &f.ret {
                    self.attrs(&r.attributes);
                    self.expr(r.ty);
                }
                self.block(&f.body);
                self.w(")");
            }
            GlobalDeclKind::ConstAssert(e) => {
                self.w("(const_assert");
                self.expr(*e);
                self.w(")");
            }
        }
    }

    fn block(&mut self, b: &Block) {
        self.w("{");
        self.attrs(&b.attributes);
        b.stmts.iter().for_each(|&s| self.stmt(s));
        self.w("}");
    }

    fn stmt(&mut self, id: StmtId) {
        let m = self.m;
        match &m.stmt(id).kind {
            StmtKind::Empty => self.w(";"),
            StmtKind::Block(b) => self.block(b),
            StmtKind::Var(v) => self.var(v),
            StmtKind::Let(v) => self.value("(let", v),
            StmtKind::Const(v) => self.value("(const", v),
            StmtKind::Assign { lhs, op, rhs } => {
                self.w("(=");
                self.w(op.map_or("", |o| o.as_str()));
                self.opt(*lhs);
                self.expr(*rhs);
                self.w(")");
            }
            StmtKind::Increment(e) => {
                self.w("(++");
                self.expr(*e);
                self.w(")");
            }
            StmtKind::Decrement(e) => {
                self.w("(--");
                self.expr(*e);
                self.w(")");
            }
            StmtKind::Call(e) => {
                self.w("(call");
                self.expr(*e);
                self.w(")");
            }
            StmtKind::If {
                attributes,
                cond,
                then_branch,
                else_branch,
            } => {
                self.w("(if");
                self.attrs(attributes);
                self.expr(*cond);
                self.block(then_branch);
                if let Some(e) = else_branch {
                    self.stmt(*e);
                }
                self.w(")");
            }
            StmtKind::Switch {
                attributes,
                selector,
                body_attributes,
                clauses,
            } => {
                self.w("(switch");
                self.attrs(attributes);
                self.expr(*selector);
                self.attrs(body_attributes);
                for c in clauses {
                    self.w("(case");
                    for s in &c.selectors {
                        match s {
                            CaseSelector::Default(_) => self.w("default"),
                            CaseSelector::Expr(e) => self.expr(*e),
                        }
                    }
                    self.block(&c.body);
                    self.w(")");
                }
                self.w(")");
            }
            StmtKind::Loop {
                attributes,
                body,
                continuing,
            } => {
                self.w("(loop");
                self.attrs(attributes);
                self.block(body);
                if let Some(c) = continuing {
                    self.w("(continuing");
                    self.block(&c.body);
                    self.opt(c.break_if);
                    self.w(")");
                }
                self.w(")");
            }
            StmtKind::For {
                attributes,
                init,
                cond,
                update,
                body,
            } => {
                self.w("(for");
                self.attrs(attributes);
                match init {
                    Some(s) => self.stmt(*s),
                    None => self.w("_"),
                }
                self.opt(*cond);
                match update {
                    Some(s) => self.stmt(*s),
                    None => self.w("_"),
                }
                self.block(body);
                self.w(")");
            }
            StmtKind::While {
                attributes,
                cond,
                body,
            } => {
                self.w("(while");
                self.attrs(attributes);
                self.expr(*cond);
                self.block(body);
                self.w(")");
            }
            StmtKind::Break => self.w("break"),
            StmtKind::Continue => self.w("continue"),
            StmtKind::Discard => self.w("discard"),
            StmtKind::Return(e) => {
                self.w("(return");
                self.opt(*e);
                self.w(")");
            }
            StmtKind::ConstAssert(e) => {
                self.w("(const_assert");
                self.expr(*e);
                self.w(")");
            }
        }
    }

    fn ident_expr(&mut self, i: &IdentExpr) {
        self.name(i.ident);
        if let Some(args) = &i.template_args {
            self.w("<");
            args.iter().for_each(|&a| self.expr(a));
            self.w(">");
        }
    }

    fn expr(&mut self, id: ExprId) {
        let m = self.m;
        match &m.expr(id).kind {
            ExprKind::Literal(l) => {
                let _ = write!(self.out, "{:?}:{} ", l.value, m.name(l.spelling));
            }
            ExprKind::Ident(i) => self.ident_expr(i),
            ExprKind::Call { callee, args } => {
                self.w("(call");
                self.ident_expr(callee);
                args.iter().for_each(|&a| self.expr(a));
                self.w(")");
            }
            ExprKind::Paren(e) if self.skip_parens => self.expr(*e),
            ExprKind::Paren(e) => {
                self.w("(paren");
                self.expr(*e);
                self.w(")");
            }
            ExprKind::Member { base, member } => {
                self.w("(.");
                self.expr(*base);
                self.name(*member);
                self.w(")");
            }
            ExprKind::Index { base, index } => {
                self.w("([]");
                self.expr(*base);
                self.expr(*index);
                self.w(")");
            }
            ExprKind::Unary { op, operand } => {
                self.w("(");
                self.w(op.as_str());
                self.expr(*operand);
                self.w(")");
            }
            ExprKind::Binary { op, lhs, rhs } => {
                self.w("(");
                self.w(op.as_str());
                self.expr(*lhs);
                self.expr(*rhs);
                self.w(")");
            }
        }
    }
}

/// The module with every parenthesized expression replaced by its contents and every
/// expression span detached: what a tree built by code looks like to the printer.
pub fn synthesized(m: &Module) -> Module {
    let mut out = m.clone();
    // Children come before their parents in a parsed arena, so one pass in order resolves
    // nested parentheses.
    for i in 0..out.exprs.len() {
        if let ExprKind::Paren(inner) = out.exprs[i].kind {
            out.exprs[i] = out.exprs[inner.index()].clone();
        }
        out.exprs[i].span = refract::Span::DETACHED;
    }
    out
}
