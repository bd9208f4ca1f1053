//! The AST as readable JSON, for `refract compile --to ast` and the playground.
//!
//! Every node is an object with a `"kind"` naming its variant in snake case, its fields by
//! their AST names, names as strings, and `"span": [start, end]` in bytes (`null` for
//! synthesized nodes), in that order. Expressions and statements are nested in place
//! rather than given as arena ids, so the JSON reads as the program does. The nesting is
//! bounded by [`super::MAX_NESTING_DEPTH`].
//!
//! The text is written directly, indented as `serde_json`'s pretty printer would, except
//! that spans and leaf nodes (names, literals, `break`, attributes without arguments) sit
//! on one line each, which makes it far shorter to read. It is not built as a
//! `serde_json::Value` first: a tree of maps costs an allocation per node and per key, and
//! for a long shader that was most of the playground's time per keystroke. Writing
//! straight into one `String` is an order of magnitude cheaper, keeps the fields in the
//! order the AST declares them, and has no nesting limit of its own to trip over.

use super::ast::*;
use crate::diag::Span;
use crate::util::json;
use crate::util::text::Text;

/// The module as pretty-printed JSON text, with no trailing newline.
pub fn module_to_json(m: &Module) -> String {
    let mut w = Writer {
        m,
        // About what a node takes, indented, so the text is rarely copied as it grows.
        out: Text::with_capacity((m.exprs.len() + m.stmts.len() + m.decls.len()) * 128 + 64),
        depth: 0,
        first: true,
        inline: false,
    };
    w.open(b'{');
    w.key("directives");
    w.array(&m.directives, |w, d| w.directive(d));
    w.key("decls");
    w.array(&m.decls, |w, d| w.decl(d));
    w.key("comments");
    w.array(&m.comments, |w, c| {
        let kind = match c.kind {
            CommentKind::Line => "line",
            CommentKind::Block => "block",
        };
        w.node(kind, c.span, |_| {});
    });
    w.close(b'}');
    w.out.finish()
}

/// A streaming JSON writer with `serde_json::to_string_pretty`'s layout: two-space
/// indentation, `"key": value`, and `[]` / `{}` for empty containers.
struct Writer<'a> {
    m: &'a Module,
    out: Text,
    depth: usize,
    /// No element has been written yet into the innermost open container.
    first: bool,
    /// Writing a leaf node on one line: `{"kind": "ident", "name": "x", "span": [4, 5]}`.
    inline: bool,
}

impl Writer<'_> {
    // ---- the JSON layer ----------------------------------------------------------------

    fn open(&mut self, bracket: u8) {
        self.out.push(bracket);
        self.depth += 1;
        self.first = true;
    }

    fn close(&mut self, bracket: u8) {
        self.depth -= 1;
        if !self.first && !self.inline {
            self.newline();
        }
        self.out.push(bracket);
        self.first = false;
    }

    fn newline(&mut self) {
        self.out.newline(2 * self.depth);
    }

    /// Starts the next element of the innermost container.
    fn slot(&mut self) {
        if self.inline {
            if !self.first {
                self.out.push_lit(b", ");
            }
            self.first = false;
            return;
        }
        if self.first {
            self.newline();
        } else {
            self.out.comma_newline(2 * self.depth);
        }
        self.first = false;
    }

    /// A key: one of this file's field names, which need no escaping.
    fn key(&mut self, key: &'static str) {
        debug_assert!(!key.bytes().any(json::needs_escape), "{key}");
        if self.inline {
            if !self.first {
                self.out.push_lit(b", ");
            }
            self.out.json_key(key);
        } else {
            // The separator, the line break, the indentation and the key in one write.
            self.out.json_key_line(self.first, 2 * self.depth, key);
        }
        self.first = false;
    }

    fn string(&mut self, s: &str) {
        self.out.push_json_string(s);
    }

    fn null(&mut self) {
        self.out.push_lit(b"null");
    }

    fn array<T>(&mut self, items: &[T], mut each: impl FnMut(&mut Self, &T)) {
        self.open(b'[');
        for item in items {
            self.slot();
            each(self, item);
        }
        self.close(b']');
    }

    /// `[start, end]` on one line (the one place the layout differs from serde_json's,
    /// which would spend four lines on it), or `null` for a synthesized node.
    fn span(&mut self, s: Span) {
        if s.is_detached() {
            self.null();
        } else {
            self.out.push_prefixed_u32(b"[", s.start);
            self.out.push_prefixed_u32(b", ", s.end);
            self.out.push(b']');
        }
    }

    /// An object: `kind`, the fields `fields` writes, then `span`. Its two ends are
    /// functions of their own, called from each of the fifty-odd copies of this one (a
    /// copy per closure) rather than inlined into them.
    fn node(&mut self, kind: &str, span: Span, fields: impl FnOnce(&mut Self)) {
        self.node_start(kind);
        fields(self);
        self.node_end(span);
    }

    #[inline(never)]
    fn node_start(&mut self, kind: &str) {
        self.open(b'{');
        self.key("kind");
        // Kinds are this file's names, which need no escaping.
        self.out.push_json_plain(kind);
    }

    #[inline(never)]
    fn node_end(&mut self, span: Span) {
        self.key("span");
        self.span(span);
        self.close(b'}');
    }

    /// A node on one line, for nodes whose fields are all names and numbers: they are most
    /// of a tree's nodes, and one line each keeps the JSON short enough to read.
    fn leaf(&mut self, kind: &str, span: Span, fields: impl FnOnce(&mut Self)) {
        self.inline = true;
        self.node(kind, span, fields);
        self.inline = false;
    }

    // ---- the AST layer -----------------------------------------------------------------

    fn ident(&mut self, i: Ident) {
        let m = self.m;
        self.string(m.name(i.name));
    }

    fn ident_field(&mut self, key: &'static str, i: Ident) {
        self.key(key);
        self.ident(i);
    }

    fn expr_field(&mut self, key: &'static str, e: ExprId) {
        self.key(key);
        self.expr(e);
    }

    fn opt_expr_field(&mut self, key: &'static str, e: Option<ExprId>) {
        self.key(key);
        match e {
            Some(e) => self.expr(e),
            None => self.null(),
        }
    }

    fn exprs_field(&mut self, key: &'static str, list: &[ExprId]) {
        self.key(key);
        self.array(list, |w, &e| w.expr(e));
    }

    fn opt_stmt_field(&mut self, key: &'static str, s: Option<StmtId>) {
        self.key(key);
        match s {
            Some(s) => self.stmt(s),
            None => self.null(),
        }
    }

    fn block_field(&mut self, key: &'static str, b: &Block) {
        self.key(key);
        self.block(b);
    }

    fn attributes_field(&mut self, list: &[Attribute]) {
        self.attributes_under("attributes", list);
    }

    fn attributes_under(&mut self, key: &'static str, list: &[Attribute]) {
        self.key(key);
        self.array(list, |w, a| {
            let fields = |w: &mut Self| {
                w.ident_field("name", a.name);
                if let AttributeKind::Diagnostic(c) = &a.kind {
                    w.key("control");
                    w.diagnostic_control(c);
                } else if let Some(args) = &a.args {
                    w.exprs_field("args", args);
                }
            };
            let bare = a.args.is_none() && !matches!(a.kind, AttributeKind::Diagnostic(_));
            if bare {
                w.leaf("attribute", a.span, fields);
            } else {
                w.node("attribute", a.span, fields);
            }
        });
    }

    fn directive(&mut self, d: &Directive) {
        match &d.kind {
            DirectiveKind::Enable(names) => self.node("enable", d.span, |w| {
                w.key("names");
                w.array(names, |w, &n| w.ident(n));
            }),
            DirectiveKind::Requires(names) => self.node("requires", d.span, |w| {
                w.key("names");
                w.array(names, |w, &n| w.ident(n));
            }),
            DirectiveKind::Diagnostic(c) => self.node("diagnostic", d.span, |w| {
                w.key("control");
                w.diagnostic_control(c);
            }),
        }
    }

    fn diagnostic_control(&mut self, c: &DiagnosticControl) {
        let m = self.m;
        let rule = match c.rule_suffix {
            Some(s) => format!("{}.{}", m.name(c.rule.name), m.name(s.name)),
            None => m.name(c.rule.name).to_string(),
        };
        self.open(b'{');
        self.ident_field("severity", c.severity);
        self.key("rule");
        self.string(&rule);
        self.close(b'}');
    }

    fn decl(&mut self, d: &GlobalDecl) {
        match &d.kind {
            GlobalDeclKind::Var(v) => self.node("var", d.span, |w| w.var_fields(v)),
            GlobalDeclKind::Const(v) => self.node("const", d.span, |w| w.value_fields(v)),
            GlobalDeclKind::Override(o) => self.node("override", d.span, |w| {
                w.attributes_field(&o.attributes);
                w.ident_field("name", o.name);
                w.opt_expr_field("type", o.ty);
                w.opt_expr_field("init", o.init);
            }),
            GlobalDeclKind::Alias(a) => self.node("alias", d.span, |w| {
                w.ident_field("name", a.name);
                w.expr_field("type", a.ty);
            }),
            GlobalDeclKind::Struct(s) => self.node("struct", d.span, |w| {
                w.ident_field("name", s.name);
                w.key("members");
                w.array(&s.members, |w, m| {
                    w.node("member", m.span, |w| {
                        w.attributes_field(&m.attributes);
                        w.ident_field("name", m.name);
                        w.expr_field("type", m.ty);
                    });
                });
            }),
            GlobalDeclKind::Fn(f) => self.node("fn", d.span, |w| w.function(f)),
            GlobalDeclKind::ConstAssert(e) => {
                self.node("const_assert", d.span, |w| w.expr_field("cond", *e))
            }
        }
    }

    fn function(&mut self, f: &FnDecl) {
        self.attributes_field(&f.attributes);
        self.ident_field("name", f.name);
        self.key("params");
        self.array(&f.params, |w, p| {
            w.node("param", p.span, |w| {
                w.attributes_field(&p.attributes);
                w.ident_field("name", p.name);
                w.expr_field("type", p.ty);
            });
        });
        self.key("return");
        match &f.ret {
            Some(r) => {
                self.open(b'{');
                self.attributes_field(&r.attributes);
                self.expr_field("type", r.ty);
                self.close(b'}');
            }
            None => self.null(),
        }
        self.block_field("body", &f.body);
    }

    fn var_fields(&mut self, v: &VarDecl) {
        self.attributes_field(&v.attributes);
        self.exprs_field("template_args", &v.template_args);
        self.ident_field("name", v.name);
        self.opt_expr_field("type", v.ty);
        self.opt_expr_field("init", v.init);
    }

    fn value_fields(&mut self, v: &ValueDecl) {
        self.ident_field("name", v.name);
        self.opt_expr_field("type", v.ty);
        self.expr_field("init", v.init);
    }

    fn block(&mut self, b: &Block) {
        self.node("block", b.span, |w| {
            w.attributes_field(&b.attributes);
            w.key("stmts");
            w.array(&b.stmts, |w, &s| w.stmt(s));
        });
    }

    fn stmt(&mut self, id: StmtId) {
        let m = self.m;
        let s = m.stmt(id);
        let span = s.span;
        match &s.kind {
            StmtKind::Empty => self.leaf("empty", span, |_| {}),
            StmtKind::Block(b) => self.node("block_stmt", span, |w| w.block_field("block", b)),
            StmtKind::Var(v) => self.node("var", span, |w| w.var_fields(v)),
            StmtKind::Let(v) => self.node("let", span, |w| w.value_fields(v)),
            StmtKind::Const(v) => self.node("const", span, |w| w.value_fields(v)),
            StmtKind::Assign { lhs, op, rhs } => self.node("assign", span, |w| {
                w.opt_expr_field("lhs", *lhs);
                w.key("op");
                match op {
                    Some(o) => {
                        // An operator's spelling needs no escaping.
                        w.out.push(b'"');
                        w.out.push_str(o.as_str());
                        w.out.push_lit(b"=\"");
                    }
                    None => w.null(),
                }
                w.expr_field("rhs", *rhs);
            }),
            StmtKind::Increment(e) => self.node("increment", span, |w| w.expr_field("target", *e)),
            StmtKind::Decrement(e) => self.node("decrement", span, |w| w.expr_field("target", *e)),
            StmtKind::Call(e) => self.node("call", span, |w| w.expr_field("call", *e)),
            StmtKind::If {
                attributes,
                cond,
                then_branch,
                else_branch,
            } => self.node("if", span, |w| {
                w.attributes_field(attributes);
                w.expr_field("cond", *cond);
                w.block_field("then", then_branch);
                w.opt_stmt_field("else", *else_branch);
            }),
            StmtKind::Switch {
                attributes,
                selector,
                body_attributes,
                clauses,
            } => self.node("switch", span, |w| {
                w.attributes_field(attributes);
                w.expr_field("selector", *selector);
                w.attributes_under("body_attributes", body_attributes);
                w.key("clauses");
                w.array(clauses, |w, c| w.clause(c));
            }),
            StmtKind::Loop {
                attributes,
                body,
                continuing,
            } => self.node("loop", span, |w| {
                w.attributes_field(attributes);
                w.block_field("body", body);
                w.key("continuing");
                match continuing {
                    Some(c) => w.node("continuing", c.span, |w| {
                        w.block_field("body", &c.body);
                        w.opt_expr_field("break_if", c.break_if);
                    }),
                    None => w.null(),
                }
            }),
            StmtKind::For {
                attributes,
                init,
                cond,
                update,
                body,
            } => self.node("for", span, |w| {
                w.attributes_field(attributes);
                w.opt_stmt_field("init", *init);
                w.opt_expr_field("cond", *cond);
                w.opt_stmt_field("update", *update);
                w.block_field("body", body);
            }),
            StmtKind::While {
                attributes,
                cond,
                body,
            } => self.node("while", span, |w| {
                w.attributes_field(attributes);
                w.expr_field("cond", *cond);
                w.block_field("body", body);
            }),
            StmtKind::Break => self.leaf("break", span, |_| {}),
            StmtKind::Continue => self.leaf("continue", span, |_| {}),
            StmtKind::Discard => self.leaf("discard", span, |_| {}),
            StmtKind::Return(v) => self.node("return", span, |w| w.opt_expr_field("value", *v)),
            StmtKind::ConstAssert(e) => {
                self.node("const_assert", span, |w| w.expr_field("cond", *e))
            }
        }
    }

    fn clause(&mut self, c: &SwitchClause) {
        self.node("clause", c.span, |w| {
            w.key("selectors");
            w.array(&c.selectors, |w, sel| match sel {
                CaseSelector::Default(sp) => w.leaf("default", *sp, |_| {}),
                CaseSelector::Expr(e) => w.expr(*e),
            });
            w.block_field("body", &c.body);
        });
    }

    fn ident_expr_fields(&mut self, i: &IdentExpr) {
        self.ident_field("name", i.ident);
        if let Some(args) = &i.template_args {
            self.exprs_field("template_args", args);
        }
    }

    /// One expression. Each variant is written by its own small function, so the recursion
    /// through deep expressions keeps small stack frames even in unoptimized builds.
    fn expr(&mut self, id: ExprId) {
        let m = self.m;
        let e = m.expr(id);
        let span = e.span;
        match &e.kind {
            ExprKind::Literal(l) => self.literal(l, span),
            ExprKind::Ident(i) if i.template_args.is_none() => {
                self.leaf("ident", span, |w| w.ident_expr_fields(i))
            }
            ExprKind::Ident(i) => self.node("ident", span, |w| w.ident_expr_fields(i)),
            ExprKind::Call { callee, args } => self.call(callee, args, span),
            ExprKind::Paren(inner) => self.wrap("paren", "expr", *inner, span),
            ExprKind::Member { base, member } => self.member(*base, *member, span),
            ExprKind::Index { base, index } => self.index(*base, *index, span),
            ExprKind::Unary { op, operand } => self.unary(op.as_str(), *operand, span),
            ExprKind::Binary { op, lhs, rhs } => self.binary(op.as_str(), *lhs, *rhs, span),
        }
    }

    fn literal(&mut self, l: &Literal, span: Span) {
        self.leaf("literal", span, |w| {
            w.key("type");
            match l.value {
                LiteralValue::Bool(b) => {
                    w.string("bool");
                    w.key("value");
                    w.out.push_str(if b { "true" } else { "false" });
                }
                LiteralValue::Int { value, suffix } => {
                    w.string("int");
                    w.key("suffix");
                    match suffix {
                        IntSuffix::None => w.null(),
                        IntSuffix::I => w.string("i"),
                        IntSuffix::U => w.string("u"),
                    }
                    w.key("value");
                    w.out.push_u64(value);
                }
                LiteralValue::Float { value, suffix } => {
                    w.string("float");
                    w.key("suffix");
                    match suffix {
                        FloatSuffix::None => w.null(),
                        FloatSuffix::F => w.string("f"),
                        FloatSuffix::H => w.string("h"),
                    }
                    w.key("value");
                    // serde_json's number text (shortest round trip; null when not finite).
                    json::push_f64(&mut w.out, value);
                }
            }
            let m = w.m;
            w.key("text");
            w.string(m.name(l.spelling));
        });
    }

    fn call(&mut self, callee: &IdentExpr, args: &[ExprId], span: Span) {
        self.node("call", span, |w| {
            w.ident_expr_fields(callee);
            w.exprs_field("args", args);
        });
    }

    fn wrap(&mut self, kind: &str, field: &'static str, inner: ExprId, span: Span) {
        self.node(kind, span, |w| w.expr_field(field, inner));
    }

    fn member(&mut self, base: ExprId, member: Ident, span: Span) {
        self.node("member", span, |w| {
            w.expr_field("base", base);
            w.ident_field("member", member);
        });
    }

    fn index(&mut self, base: ExprId, index: ExprId, span: Span) {
        self.node("index", span, |w| {
            w.expr_field("base", base);
            w.expr_field("index", index);
        });
    }

    fn unary(&mut self, op: &str, operand: ExprId, span: Span) {
        self.node("unary", span, |w| {
            w.key("op");
            w.string(op);
            w.expr_field("operand", operand);
        });
    }

    fn binary(&mut self, op: &str, lhs: ExprId, rhs: ExprId, span: Span) {
        self.node("binary", span, |w| {
            w.key("op");
            w.string(op);
            w.expr_field("lhs", lhs);
            w.expr_field("rhs", rhs);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::module_to_json;
    use crate::syntax::parse;
    use serde_json::Value;

    fn json_of(source: &str) -> (String, Value) {
        let (module, diagnostics) = parse(source);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let text = module_to_json(&module);
        let value = serde_json::from_str(&text).expect("valid JSON");
        (text, value)
    }

    #[test]
    fn nodes_have_kind_fields_and_span_in_order() {
        let source = "@fragment fn f(@location(0) x: f32) -> @location(0) vec4f {\n  return vec4f(x, 1.5, 2i, true);\n}\n";
        let (text, v) = json_of(source);
        let f = &v["decls"][0];
        assert_eq!(f["kind"], "fn");
        assert_eq!(f["name"], "f");
        assert_eq!(f["params"][0]["attributes"][0]["name"], "location");
        let ret = &f["body"]["stmts"][0];
        assert_eq!(ret["kind"], "return");
        let args = &ret["value"]["args"];
        assert_eq!(args[1]["value"], 1.5);
        assert_eq!(args[2]["suffix"], "i");
        assert_eq!(args[3]["value"], true);
        assert_eq!(f["span"], serde_json::json!([0, source.len() - 1]));
        // `kind` first, `span` last, fields in the AST's order between them.
        let at = |needle: &str| text.find(needle).unwrap();
        assert!(
            at("\"kind\": \"fn\"") < at("\"attributes\"")
                && at("\"name\": \"f\"") < at("\"params\"")
        );
        assert!(text.starts_with("{\n  \"directives\": [],\n  \"decls\": [\n    {\n"));
    }

    #[test]
    fn leaves_sit_on_one_line() {
        let (text, v) = json_of("@compute @workgroup_size(1) fn f() { let a = b + 1u; }");
        assert!(
            text.contains(r#"{"kind": "ident", "name": "b", "span": [45, 46]}"#),
            "{text}"
        );
        assert!(text.contains(r#"{"kind": "attribute", "name": "compute", "span": [0, 8]}"#));
        assert!(text.contains(
            r#"{"kind": "literal", "type": "int", "suffix": "u", "value": 1, "text": "1u", "span": [49, 51]}"#
        ));
        let rhs = &v["decls"][0]["body"]["stmts"][0]["init"];
        assert_eq!(rhs["kind"], "binary");
        assert_eq!(rhs["rhs"]["value"], 1);
    }

    #[test]
    fn strings_are_escaped() {
        let (module, _) = parse("fn f() {}");
        let mut w = super::Writer {
            m: &module,
            out: crate::util::text::Text::default(),
            depth: 0,
            first: true,
            inline: false,
        };
        w.string("a\"b\\c\nd\u{1}é");
        let out = w.out.finish();
        assert_eq!(out, r#""a\"b\\c\nd\u0001é""#);
        assert_eq!(
            serde_json::from_str::<String>(&out).unwrap(),
            "a\"b\\c\nd\u{1}é"
        );
    }

    #[test]
    fn comments_and_directives() {
        let (_, v) = json_of("enable f16;\n// hi\nconst x = 1.0h; /* there */\n");
        assert_eq!(v["directives"][0]["kind"], "enable");
        assert_eq!(v["directives"][0]["names"][0], "f16");
        assert_eq!(v["comments"][0]["kind"], "line");
        assert_eq!(v["comments"][1]["kind"], "block");
        assert_eq!(v["decls"][0]["init"]["suffix"], "h");
    }
}
