//! The AST as readable JSON, for `refract compile --to ast` and the playground.
//!
//! Every node is an object with a `"kind"` naming its variant in snake case, its fields by
//! their AST names, names as strings, and `"span": [start, end]` in bytes (`null` for
//! synthesized nodes). Expressions and statements are nested in place rather than given
//! as arena ids, so the JSON reads as the program does. The nesting is bounded by
//! [`super::MAX_NESTING_DEPTH`].

use super::ast::*;
use crate::diag::Span;
use serde_json::{Map, Value, json};

pub fn module_to_json(m: &Module) -> Value {
    let j = Json { m };
    json!({
        "directives": m.directives.iter().map(|d| j.directive(d)).collect::<Vec<_>>(),
        "decls": m.decls.iter().map(|d| j.decl(d)).collect::<Vec<_>>(),
        "comments": m.comments.iter().map(|c| json!({
            "kind": match c.kind { CommentKind::Line => "line", CommentKind::Block => "block" },
            "span": span(c.span),
        })).collect::<Vec<_>>(),
    })
}

fn span(s: Span) -> Value {
    if s.is_detached() {
        Value::Null
    } else {
        json!([s.start, s.end])
    }
}

/// An object from `kind`, `span` and more fields, in that order.
fn node(kind: &str, s: Span, fields: Vec<(&str, Value)>) -> Value {
    let mut map = Map::new();
    map.insert("kind".into(), Value::String(kind.into()));
    for (k, v) in fields {
        map.insert(k.into(), v);
    }
    map.insert("span".into(), span(s));
    Value::Object(map)
}

struct Json<'a> {
    m: &'a Module,
}

impl Json<'_> {
    fn ident(&self, i: Ident) -> Value {
        Value::String(self.m.name(i.name).to_string())
    }

    fn opt_expr(&self, e: Option<ExprId>) -> Value {
        e.map_or(Value::Null, |e| self.expr(e))
    }

    fn exprs(&self, list: &[ExprId]) -> Value {
        Value::Array(list.iter().map(|&e| self.expr(e)).collect())
    }

    fn directive(&self, d: &Directive) -> Value {
        match &d.kind {
            DirectiveKind::Enable(names) => node(
                "enable",
                d.span,
                vec![("names", names.iter().map(|n| self.ident(*n)).collect())],
            ),
            DirectiveKind::Requires(names) => node(
                "requires",
                d.span,
                vec![("names", names.iter().map(|n| self.ident(*n)).collect())],
            ),
            DirectiveKind::Diagnostic(c) => node(
                "diagnostic",
                d.span,
                vec![("control", self.diagnostic_control(c))],
            ),
        }
    }

    fn diagnostic_control(&self, c: &DiagnosticControl) -> Value {
        let rule = match c.rule_suffix {
            Some(s) => format!("{}.{}", self.m.name(c.rule.name), self.m.name(s.name)),
            None => self.m.name(c.rule.name).to_string(),
        };
        json!({ "severity": self.ident(c.severity), "rule": rule })
    }

    fn attributes(&self, list: &[Attribute]) -> Value {
        Value::Array(
            list.iter()
                .map(|a| {
                    let mut fields = vec![("name", self.ident(a.name))];
                    if let AttributeKind::Diagnostic(c) = &a.kind {
                        fields.push(("control", self.diagnostic_control(c)));
                    } else if let Some(args) = &a.args {
                        fields.push(("args", self.exprs(args)));
                    }
                    node("attribute", a.span, fields)
                })
                .collect(),
        )
    }

    fn decl(&self, d: &GlobalDecl) -> Value {
        match &d.kind {
            GlobalDeclKind::Var(v) => node("var", d.span, self.var_fields(v)),
            GlobalDeclKind::Const(v) => node("const", d.span, self.value_fields(v)),
            GlobalDeclKind::Override(o) => node(
                "override",
                d.span,
                vec![
                    ("attributes", self.attributes(&o.attributes)),
                    ("name", self.ident(o.name)),
                    ("type", self.opt_expr(o.ty)),
                    ("init", self.opt_expr(o.init)),
                ],
            ),
            GlobalDeclKind::Alias(a) => node(
                "alias",
                d.span,
                vec![("name", self.ident(a.name)), ("type", self.expr(a.ty))],
            ),
            GlobalDeclKind::Struct(s) => node(
                "struct",
                d.span,
                vec![
                    ("name", self.ident(s.name)),
                    (
                        "members",
                        s.members
                            .iter()
                            .map(|m| {
                                node(
                                    "member",
                                    m.span,
                                    vec![
                                        ("attributes", self.attributes(&m.attributes)),
                                        ("name", self.ident(m.name)),
                                        ("type", self.expr(m.ty)),
                                    ],
                                )
                            })
                            .collect(),
                    ),
                ],
            ),
            GlobalDeclKind::Fn(f) => node(
                "fn",
                d.span,
                vec![
                    ("attributes", self.attributes(&f.attributes)),
                    ("name", self.ident(f.name)),
                    (
                        "params",
                        f.params
                            .iter()
                            .map(|p| {
                                node(
                                    "param",
                                    p.span,
                                    vec![
                                        ("attributes", self.attributes(&p.attributes)),
                                        ("name", self.ident(p.name)),
                                        ("type", self.expr(p.ty)),
                                    ],
                                )
                            })
                            .collect(),
                    ),
                    (
                        "return",
                        f.ret.as_ref().map_or(Value::Null, |r| {
                            json!({
                                "attributes": self.attributes(&r.attributes),
                                "type": self.expr(r.ty),
                            })
                        }),
                    ),
                    ("body", self.block(&f.body)),
                ],
            ),
            GlobalDeclKind::ConstAssert(e) => {
                node("const_assert", d.span, vec![("cond", self.expr(*e))])
            }
        }
    }

    fn var_fields(&self, v: &VarDecl) -> Vec<(&'static str, Value)> {
        vec![
            ("attributes", self.attributes(&v.attributes)),
            ("template_args", self.exprs(&v.template_args)),
            ("name", self.ident(v.name)),
            ("type", self.opt_expr(v.ty)),
            ("init", self.opt_expr(v.init)),
        ]
    }

    fn value_fields(&self, v: &ValueDecl) -> Vec<(&'static str, Value)> {
        vec![
            ("name", self.ident(v.name)),
            ("type", self.opt_expr(v.ty)),
            ("init", self.expr(v.init)),
        ]
    }

    fn block(&self, b: &Block) -> Value {
        node(
            "block",
            b.span,
            vec![
                ("attributes", self.attributes(&b.attributes)),
                ("stmts", b.stmts.iter().map(|&s| self.stmt(s)).collect()),
            ],
        )
    }

    fn stmt(&self, id: StmtId) -> Value {
        let s = self.m.stmt(id);
        let opt_stmt = |s: Option<StmtId>| s.map_or(Value::Null, |s| self.stmt(s));
        match &s.kind {
            StmtKind::Empty => node("empty", s.span, vec![]),
            StmtKind::Block(b) => node("block_stmt", s.span, vec![("block", self.block(b))]),
            StmtKind::Var(v) => node("var", s.span, self.var_fields(v)),
            StmtKind::Let(v) => node("let", s.span, self.value_fields(v)),
            StmtKind::Const(v) => node("const", s.span, self.value_fields(v)),
            StmtKind::Assign { lhs, op, rhs } => node(
                "assign",
                s.span,
                vec![
                    ("lhs", self.opt_expr(*lhs)),
                    (
                        "op",
                        op.map_or(Value::Null, |o| Value::String(format!("{}=", o.as_str()))),
                    ),
                    ("rhs", self.expr(*rhs)),
                ],
            ),
            StmtKind::Increment(e) => node("increment", s.span, vec![("target", self.expr(*e))]),
            StmtKind::Decrement(e) => node("decrement", s.span, vec![("target", self.expr(*e))]),
            StmtKind::Call(e) => node("call", s.span, vec![("call", self.expr(*e))]),
            StmtKind::If {
                attributes,
                cond,
                then_branch,
                else_branch,
            } => node(
                "if",
                s.span,
                vec![
                    ("attributes", self.attributes(attributes)),
                    ("cond", self.expr(*cond)),
                    ("then", self.block(then_branch)),
                    ("else", opt_stmt(*else_branch)),
                ],
            ),
            StmtKind::Switch {
                attributes,
                selector,
                body_attributes,
                clauses,
            } => node(
                "switch",
                s.span,
                vec![
                    ("attributes", self.attributes(attributes)),
                    ("selector", self.expr(*selector)),
                    ("body_attributes", self.attributes(body_attributes)),
                    (
                        "clauses",
                        clauses
                            .iter()
                            .map(|c| {
                                let selectors: Vec<Value> = c
                                    .selectors
                                    .iter()
                                    .map(|sel| match sel {
                                        CaseSelector::Default(sp) => node("default", *sp, vec![]),
                                        CaseSelector::Expr(e) => self.expr(*e),
                                    })
                                    .collect();
                                node(
                                    "clause",
                                    c.span,
                                    vec![
                                        ("selectors", Value::Array(selectors)),
                                        ("body", self.block(&c.body)),
                                    ],
                                )
                            })
                            .collect(),
                    ),
                ],
            ),
            StmtKind::Loop {
                attributes,
                body,
                continuing,
            } => node(
                "loop",
                s.span,
                vec![
                    ("attributes", self.attributes(attributes)),
                    ("body", self.block(body)),
                    (
                        "continuing",
                        continuing.as_ref().map_or(Value::Null, |c| {
                            node(
                                "continuing",
                                c.span,
                                vec![
                                    ("body", self.block(&c.body)),
                                    ("break_if", self.opt_expr(c.break_if)),
                                ],
                            )
                        }),
                    ),
                ],
            ),
            StmtKind::For {
                attributes,
                init,
                cond,
                update,
                body,
            } => node(
                "for",
                s.span,
                vec![
                    ("attributes", self.attributes(attributes)),
                    ("init", opt_stmt(*init)),
                    ("cond", self.opt_expr(*cond)),
                    ("update", opt_stmt(*update)),
                    ("body", self.block(body)),
                ],
            ),
            StmtKind::While {
                attributes,
                cond,
                body,
            } => node(
                "while",
                s.span,
                vec![
                    ("attributes", self.attributes(attributes)),
                    ("cond", self.expr(*cond)),
                    ("body", self.block(body)),
                ],
            ),
            StmtKind::Break => node("break", s.span, vec![]),
            StmtKind::Continue => node("continue", s.span, vec![]),
            StmtKind::Discard => node("discard", s.span, vec![]),
            StmtKind::Return(v) => node("return", s.span, vec![("value", self.opt_expr(*v))]),
            StmtKind::ConstAssert(e) => node("const_assert", s.span, vec![("cond", self.expr(*e))]),
        }
    }

    fn ident_expr_fields(&self, i: &IdentExpr) -> Vec<(&'static str, Value)> {
        let mut fields = vec![("name", self.ident(i.ident))];
        if let Some(args) = &i.template_args {
            fields.push(("template_args", self.exprs(args)));
        }
        fields
    }

    /// One expression. Each variant is built in its own small function, so the recursion
    /// through deep expressions keeps small stack frames even in unoptimized builds.
    fn expr(&self, id: ExprId) -> Value {
        let e = self.m.expr(id);
        match &e.kind {
            ExprKind::Literal(l) => self.literal(l, e.span),
            ExprKind::Ident(i) => node("ident", e.span, self.ident_expr_fields(i)),
            ExprKind::Call { callee, args } => self.call(callee, args, e.span),
            ExprKind::Paren(inner) => self.wrap("paren", "expr", *inner, e.span),
            ExprKind::Member { base, member } => self.member(*base, *member, e.span),
            ExprKind::Index { base, index } => {
                self.pair("index", ("base", *base), ("index", *index), e.span)
            }
            ExprKind::Unary { op, operand } => self.unary(op.as_str(), *operand, e.span),
            ExprKind::Binary { op, lhs, rhs } => self.binary(op.as_str(), *lhs, *rhs, e.span),
        }
    }

    fn literal(&self, l: &Literal, span: Span) -> Value {
        let mut fields = match l.value {
            LiteralValue::Bool(b) => vec![("type", json!("bool")), ("value", json!(b))],
            LiteralValue::Int { value, suffix } => vec![
                ("type", json!("int")),
                (
                    "suffix",
                    match suffix {
                        IntSuffix::None => Value::Null,
                        IntSuffix::I => json!("i"),
                        IntSuffix::U => json!("u"),
                    },
                ),
                ("value", json!(value)),
            ],
            LiteralValue::Float { value, suffix } => vec![
                ("type", json!("float")),
                (
                    "suffix",
                    match suffix {
                        FloatSuffix::None => Value::Null,
                        FloatSuffix::F => json!("f"),
                        FloatSuffix::H => json!("h"),
                    },
                ),
                ("value", json!(value)),
            ],
        };
        fields.push(("text", Value::String(self.m.name(l.spelling).to_string())));
        node("literal", span, fields)
    }

    fn call(&self, callee: &IdentExpr, args: &[ExprId], span: Span) -> Value {
        let mut fields = self.ident_expr_fields(callee);
        fields.push(("args", self.exprs(args)));
        node("call", span, fields)
    }

    fn wrap(&self, kind: &str, field: &'static str, inner: ExprId, span: Span) -> Value {
        let inner = self.expr(inner);
        node(kind, span, vec![(field, inner)])
    }

    fn member(&self, base: ExprId, member: Ident, span: Span) -> Value {
        let base = self.expr(base);
        node(
            "member",
            span,
            vec![("base", base), ("member", self.ident(member))],
        )
    }

    fn pair(
        &self,
        kind: &str,
        a: (&'static str, ExprId),
        b: (&'static str, ExprId),
        span: Span,
    ) -> Value {
        let first = self.expr(a.1);
        let second = self.expr(b.1);
        node(kind, span, vec![(a.0, first), (b.0, second)])
    }

    fn unary(&self, op: &str, operand: ExprId, span: Span) -> Value {
        let operand = self.expr(operand);
        node("unary", span, vec![("op", json!(op)), ("operand", operand)])
    }

    fn binary(&self, op: &str, lhs: ExprId, rhs: ExprId, span: Span) -> Value {
        let lhs = self.expr(lhs);
        let rhs = self.expr(rhs);
        node(
            "binary",
            span,
            vec![("op", json!(op)), ("lhs", lhs), ("rhs", rhs)],
        )
    }
}
