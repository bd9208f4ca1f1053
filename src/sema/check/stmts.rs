//! Statements (§"Statements") and their behaviors (§"Statements Behavior Analysis").
//!
//! Each statement is checked and returns its [`Behavior`], the set of ways control can
//! leave it. The spec's errors that behaviors detect are reported here: a function with a
//! return type whose body can fall off its end, and loops that can never exit. Placement
//! rules are checked on the way down: `break` and `continue` need an enclosing loop (or
//! switch), may not leave a `continuing` block, and `return` may not appear in one.
//! A statement after one that never completes normally gets an "unreachable code"
//! warning.

use super::{Breakable, Checker};
use crate::diag::{Diagnostic, Span, codes};
use crate::sema::consteval::Value;
use crate::sema::program::{EvalStage, ExprClass, LocalInfo, LocalKind};
use crate::sema::types::convert::concretize;
use crate::sema::types::{Access, AddressSpace, Scalar, TypeId, TypeKind};
use crate::syntax::ast::{
    BinaryOp, Block, CaseSelector, Continuing, ExprId, ExprKind, StmtId, StmtKind, SwitchClause,
    ValueDecl, VarDecl,
};

/// A statement behavior: a set of Next, Return, Break and Continue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Behavior(u8);

impl Behavior {
    pub const NEXT: Behavior = Behavior(1);
    pub const RETURN: Behavior = Behavior(2);
    pub const BREAK: Behavior = Behavior(4);
    pub const CONTINUE: Behavior = Behavior(8);
    pub const EMPTY: Behavior = Behavior(0);

    pub fn has(self, b: Behavior) -> bool {
        self.0 & b.0 != 0
    }

    pub fn union(self, b: Behavior) -> Behavior {
        Behavior(self.0 | b.0)
    }

    pub fn without(self, b: Behavior) -> Behavior {
        Behavior(self.0 & !b.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// refract's limit on the case selectors of one `switch`, `default` included: the spec's
/// minimum is 1023; sixteen times that keeps every back end's work on a switch small
/// (the Gen back end's register allocation grows with cases times values).
const MAX_CASE_SELECTORS: usize = 16383;

/// The spec's limit on brace nesting inside a function.
const MAX_BRACE_DEPTH: u32 = 127;

impl Checker<'_> {
    /// A compound statement in its own scope.
    pub(crate) fn block(&mut self, b: &Block) -> Behavior {
        self.f.braces += 1;
        if self.f.braces == MAX_BRACE_DEPTH + 1 {
            self.error(
                codes::LIMIT,
                b.span,
                format!("statements are nested more than {MAX_BRACE_DEPTH} braces deep"),
                "too deep",
            );
        }
        let r = self.stmts(&b.stmts);
        self.f.braces -= 1;
        r
    }

    /// A statement sequence.
    pub(crate) fn stmts(&mut self, stmts: &[StmtId]) -> Behavior {
        let mut behavior = Behavior::NEXT;
        let mut reachable = true;
        let mut warned = false;
        for &s in stmts {
            if !reachable && !warned && !matches!(self.m.stmt(s).kind, StmtKind::Empty) {
                warned = true;
                self.report(
                    Diagnostic::warning(codes::UNREACHABLE_CODE, "unreachable code")
                        .with_primary(self.stmt_span(s), "this statement is never executed"),
                );
            }
            let b = self.stmt(s);
            if reachable {
                behavior = behavior.without(Behavior::NEXT).union(b);
                if !b.has(Behavior::NEXT) {
                    reachable = false;
                }
            }
        }
        behavior
    }

    pub(crate) fn stmt(&mut self, s: StmtId) -> Behavior {
        let b = self.stmt_inner(s);
        self.behaviors[s.index()] = b;
        b
    }

    fn stmt_inner(&mut self, s: StmtId) -> Behavior {
        let m = self.m;
        self.statement_attributes(s);
        let span = m.stmt(s).span;
        match &m.stmt(s).kind {
            StmtKind::Empty => Behavior::NEXT,
            StmtKind::Block(b) => self.block(b),
            StmtKind::Var(v) => {
                self.local_var(s, v);
                Behavior::NEXT
            }
            StmtKind::Let(v) => {
                self.local_let(s, v);
                Behavior::NEXT
            }
            StmtKind::Const(v) => {
                self.local_const(s, v);
                Behavior::NEXT
            }
            StmtKind::Assign { lhs, op, rhs } => {
                match lhs {
                    None => self.phony_assign(*rhs),
                    Some(l) => self.assign(span, *l, *op, *rhs),
                }
                Behavior::NEXT
            }
            StmtKind::Increment(e) | StmtKind::Decrement(e) => {
                let inc = matches!(m.stmt(s).kind, StmtKind::Increment(_));
                self.increment(*e, inc);
                Behavior::NEXT
            }
            StmtKind::Call(e) => {
                self.call_statement(*e);
                Behavior::NEXT
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                self.condition(*cond, "an `if` condition");
                let b1 = self.block(then_branch);
                let b2 = match else_branch {
                    Some(e) => self.stmt(*e),
                    None => Behavior::NEXT,
                };
                b1.union(b2)
            }
            StmtKind::Switch {
                selector, clauses, ..
            } => self.switch(span, *selector, clauses),
            StmtKind::Loop {
                body, continuing, ..
            } => self.loop_stmt(span, body, continuing.as_deref()),
            StmtKind::For {
                init,
                cond,
                update,
                body,
                ..
            } => self.for_stmt(span, *init, *cond, *update, body),
            StmtKind::While { cond, body, .. } => {
                self.condition(*cond, "a `while` condition");
                self.f.breakables.push(Breakable::Loop);
                let body_b = self.block(body);
                self.f.breakables.pop();
                self.loop_behavior(span, Behavior::BREAK.union(body_b), Behavior::NEXT)
            }
            StmtKind::Break => {
                match self.f.breakables.last() {
                    Some(Breakable::Loop | Breakable::Switch) => {}
                    Some(Breakable::Continuing) => self.report(
                        Diagnostic::error(
                            codes::MISPLACED_BREAK,
                            "`break` cannot leave a `continuing` block",
                        )
                        .with_primary(span, "inside `continuing`")
                        .with_note("to end the loop from `continuing`, use `break if condition;` as its last statement"),
                    ),
                    None => self.error(
                        codes::MISPLACED_BREAK,
                        span,
                        "`break` outside of a loop or switch".into(),
                        "nothing to break out of",
                    ),
                }
                Behavior::BREAK
            }
            StmtKind::Continue => {
                let target = self
                    .f
                    .breakables
                    .iter()
                    .rev()
                    .find(|b| **b != Breakable::Switch)
                    .copied();
                match target {
                    Some(Breakable::Loop) => {}
                    Some(Breakable::Continuing) => self.error(
                        codes::MISPLACED_CONTINUE,
                        span,
                        "`continue` cannot be used in a `continuing` block".into(),
                        "inside `continuing`",
                    ),
                    _ => self.error(
                        codes::MISPLACED_CONTINUE,
                        span,
                        "`continue` outside of a loop".into(),
                        "no loop to continue",
                    ),
                }
                Behavior::CONTINUE
            }
            StmtKind::Discard => {
                self.f
                    .facts
                    .stage_uses
                    .push((super::StageUse::Discard, span));
                Behavior::NEXT
            }
            StmtKind::Return(value) => {
                self.return_stmt(span, *value);
                Behavior::RETURN
            }
            StmtKind::ConstAssert(e) => {
                self.const_assert(*e);
                Behavior::NEXT
            }
        }
    }

    /// Statements that take attributes take only `@diagnostic`.
    fn statement_attributes(&mut self, s: StmtId) {
        let m = self.m;
        match &m.stmt(s).kind {
            StmtKind::Block(b) => self.statement_attrs(&b.attributes, "a compound statement"),
            StmtKind::If {
                attributes,
                then_branch,
                ..
            } => {
                self.statement_attrs(attributes, "an `if` statement");
                self.statement_attrs(&then_branch.attributes, "a compound statement");
            }
            StmtKind::Switch {
                attributes,
                body_attributes,
                clauses,
                ..
            } => {
                self.statement_attrs(attributes, "a `switch` statement");
                self.statement_attrs(body_attributes, "a `switch` body");
                for c in clauses {
                    self.statement_attrs(&c.body.attributes, "a compound statement");
                }
            }
            StmtKind::Loop {
                attributes,
                body,
                continuing,
            } => {
                self.statement_attrs(attributes, "a `loop` statement");
                self.statement_attrs(&body.attributes, "a loop body");
                if let Some(c) = continuing {
                    self.statement_attrs(&c.body.attributes, "a `continuing` block");
                }
            }
            StmtKind::For {
                attributes, body, ..
            }
            | StmtKind::While {
                attributes, body, ..
            } => {
                self.statement_attrs(attributes, "a loop statement");
                self.statement_attrs(&body.attributes, "a loop body");
            }
            _ => {}
        }
    }

    /// `loop`, with its `continuing` block and `break if`.
    fn loop_stmt(&mut self, span: Span, body: &Block, continuing: Option<&Continuing>) -> Behavior {
        self.f.breakables.push(Breakable::Loop);
        self.f.braces += 1;
        let b1 = self.stmts(&body.stmts);
        let b2 = match continuing {
            Some(c) => {
                self.f.breakables.push(Breakable::Continuing);
                self.f.continuing += 1;
                let mut b = self.block(&c.body);
                if let Some(cond) = c.break_if {
                    self.condition(cond, "a `break if` condition");
                    if b.has(Behavior::NEXT) {
                        b = b.union(Behavior::BREAK);
                    }
                }
                self.f.continuing -= 1;
                self.f.breakables.pop();
                b
            }
            None => Behavior::NEXT,
        };
        self.f.braces -= 1;
        self.f.breakables.pop();
        self.loop_behavior(span, b1, b2)
    }

    /// `for`: the initializer runs once, the update as the loop's continuing part.
    fn for_stmt(
        &mut self,
        span: Span,
        init: Option<StmtId>,
        cond: Option<ExprId>,
        update: Option<StmtId>,
        body: &Block,
    ) -> Behavior {
        if let Some(i) = init {
            self.stmt(i);
        }
        let mut exits = Behavior::EMPTY;
        if let Some(c) = cond {
            self.condition(c, "a `for` condition");
            exits = Behavior::BREAK;
        }
        self.f.breakables.push(Breakable::Loop);
        let b2 = match update {
            Some(u) => {
                self.f.continuing += 1;
                self.f.breakables.push(Breakable::Continuing);
                let b = self.stmt(u);
                self.f.breakables.pop();
                self.f.continuing -= 1;
                b
            }
            None => Behavior::NEXT,
        };
        let body_b = self.block(body);
        self.f.breakables.pop();
        let b1 = if exits.is_empty() {
            body_b
        } else {
            exits.union(body_b)
        };
        self.loop_behavior(span, b1, b2)
    }

    /// The loop rules of §"Statements Behavior Analysis" (`b1` the body, `b2` the
    /// continuing block).
    fn loop_behavior(&mut self, span: Span, b1: Behavior, b2: Behavior) -> Behavior {
        // `continue` or `return` in `continuing` was reported where it is written.
        if b2.has(Behavior::CONTINUE) || b2.has(Behavior::RETURN) {
            self.f.behavior_guessed = true;
            return b1
                .union(b2)
                .union(Behavior::NEXT)
                .without(Behavior::CONTINUE)
                .without(Behavior::BREAK);
        }
        let result = if b1 == Behavior::RETURN {
            Behavior::RETURN
        } else {
            let all = b1.union(b2);
            if all.has(Behavior::BREAK) {
                all.union(Behavior::NEXT)
                    .without(Behavior::BREAK)
                    .without(Behavior::CONTINUE)
            } else {
                all.without(Behavior::CONTINUE).without(Behavior::NEXT)
            }
        };
        if result.is_empty() {
            let keyword = Span::new(span.start, span.start + self.keyword_len(span));
            self.report(
                Diagnostic::error(codes::INFINITE_LOOP, "this loop never exits")
                    .with_primary(keyword, "no `break` or `return` leaves this loop")
                    .with_note(
                        "a loop must be able to end, through `break`, `break if` or `return`",
                    ),
            );
            return Behavior::NEXT;
        }
        result
    }

    fn keyword_len(&self, span: Span) -> u32 {
        let text = self.src.get(span.range()).unwrap_or("");
        text.bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count()
            .max(1) as u32
    }

    /// An `if`, `while`, `for` or `break if` condition: a `bool`.
    fn condition(&mut self, e: ExprId, what: &str) {
        let Some((ty, _)) = self.rvalue(e) else {
            return;
        };
        if ty != self.p.types.bool() {
            self.error(
                codes::TYPE_MISMATCH,
                self.span(e),
                format!("{what} must be a `bool`, but this is `{}`", self.tn(ty)),
                "not a `bool`",
            );
        }
    }

    // ---- Declarations ------------------------------------------------------------------

    fn local_var(&mut self, s: StmtId, v: &VarDecl) {
        self.check_no_attributes(&v.attributes, "a function-scope variable");
        // `var<function>` is the only address space allowed here.
        let mut ok = true;
        if let Some(&space_arg) = v.template_args.first() {
            match self.expr_enumerant(space_arg) {
                Some(crate::sema::program::Enumerant::AddressSpace(AddressSpace::Function)) => {}
                Some(crate::sema::program::Enumerant::AddressSpace(sp)) => {
                    self.error(
                        codes::INVALID_SCOPE,
                        self.span(space_arg),
                        format!(
                            "variables in the `{}` address space must be declared at module scope",
                            sp.name()
                        ),
                        "not allowed in a function",
                    );
                    ok = false;
                }
                _ => ok = false,
            }
            if let Some(&access) = v.template_args.get(1) {
                self.expr(access);
                self.error(
                    codes::ACCESS_MODE,
                    self.span(access),
                    "an access mode may only be written for the `storage` address space".into(),
                    "remove this access mode",
                );
                ok = false;
            }
            for &extra in v.template_args.iter().skip(2) {
                self.expr(extra);
            }
        }
        let declared = v.ty.and_then(|t| self.type_expr(t));
        if v.ty.is_some() && declared.is_none() {
            ok = false;
        }
        let init = v.init.and_then(|i| self.rvalue(i).map(|(t, _)| (i, t)));
        if v.init.is_some() && init.is_none() {
            ok = false;
        }
        if !ok {
            return;
        }
        let ty = match (declared, init) {
            (Some(d), Some((i, t))) => {
                if !self.convert_to(i, t, d, "the initializer") {
                    return;
                }
                d
            }
            (Some(d), None) => d,
            (None, Some((i, t))) => self.concretize_expr(i, t),
            (None, None) => {
                self.error(
                    codes::MISSING_TYPE,
                    v.name.span,
                    "a variable needs a type or an initializer".into(),
                    "no type",
                );
                return;
            }
        };
        let span = v.ty.map_or(v.name.span, |t| self.span(t));
        if !self.check_store_type(
            AddressSpace::Function,
            Access::ReadWrite,
            ty,
            span,
            "variable",
        ) {
            return;
        }
        self.p.locals[s.index()] = Some(LocalInfo {
            kind: LocalKind::Var,
            ty,
            value: None,
        });
    }

    fn expr_enumerant(&mut self, e: ExprId) -> Option<crate::sema::program::Enumerant> {
        let info = self.expr(e);
        match info.class {
            ExprClass::Enumerant(en) => Some(en),
            ExprClass::Error => None,
            _ => {
                let text = self.source_text(e);
                self.error(
                    codes::EXPECTED_ENUMERANT,
                    self.span(e),
                    format!("expected an address space, found `{text}`"),
                    "not an address space",
                );
                None
            }
        }
    }

    fn local_let(&mut self, s: StmtId, v: &ValueDecl) {
        let declared = v.ty.and_then(|t| self.type_expr(t));
        let init = self.rvalue(v.init);
        if v.ty.is_some() && declared.is_none() {
            return;
        }
        let Some((ity, _)) = init else {
            return;
        };
        let ty = match declared {
            Some(d) => {
                if !self.convert_to(v.init, ity, d, "the initializer") {
                    return;
                }
                d
            }
            None => self.concretize_expr(v.init, ity),
        };
        let t = &self.p.types;
        let ok = t.is_constructible(ty)
            || matches!(
                t.kind(ty),
                TypeKind::Ptr { .. } | TypeKind::Texture(_) | TypeKind::Sampler { .. }
            );
        if !ok {
            self.report(
                Diagnostic::error(
                    codes::INVALID_TYPE,
                    format!("a `let` cannot have type `{}`", self.tn(ty)),
                )
                .with_primary(
                    v.ty.map_or(self.span(v.init), |t| self.span(t)),
                    "invalid type",
                )
                .with_note("`let` values must be constructible, pointers, textures or samplers"),
            );
            return;
        }
        self.p.locals[s.index()] = Some(LocalInfo {
            kind: LocalKind::Let,
            ty,
            value: None,
        });
    }

    fn local_const(&mut self, s: StmtId, v: &ValueDecl) {
        if let Some((ty, value)) = self.const_decl(v) {
            self.p.locals[s.index()] = Some(LocalInfo {
                kind: LocalKind::Const,
                ty,
                value: Some(value),
            });
        }
    }

    /// A `const` declaration at any scope: its type and value.
    pub(crate) fn const_decl(&mut self, v: &ValueDecl) -> Option<(TypeId, Value)> {
        let declared = v.ty.and_then(|t| self.type_expr(t));
        let init = self.rvalue(v.init);
        if v.ty.is_some() && declared.is_none() {
            return None;
        }
        let (ity, stage) = init?;
        if stage != EvalStage::Const {
            let why = if stage == EvalStage::Override {
                "it depends on an `override`, known only at pipeline creation"
            } else {
                "it depends on runtime values"
            };
            self.report(
                Diagnostic::error(
                    codes::NOT_CONST,
                    "the initializer of a `const` must be a const-expression",
                )
                .with_primary(self.span(v.init), "not a const-expression")
                .with_note(format!("this expression is not constant: {why}")),
            );
            return None;
        }
        let ty = match declared {
            Some(d) => {
                if !self.convert_to(v.init, ity, d, "the initializer") {
                    return None;
                }
                d
            }
            None => ity,
        };
        if !self.p.types.is_constructible(ty) {
            self.report(
                Diagnostic::error(
                    codes::INVALID_TYPE,
                    format!("a `const` cannot have type `{}`", self.tn(ty)),
                )
                .with_primary(self.span(v.init), "not constructible"),
            );
            return None;
        }
        let value = self.value_of(v.init)?;
        Some((ty, value))
    }

    // ---- Assignments -------------------------------------------------------------------

    fn phony_assign(&mut self, rhs: ExprId) {
        let Some((ty, stage)) = self.rvalue(rhs) else {
            return;
        };
        let t = &self.p.types;
        let ok = t.is_constructible(ty)
            || matches!(
                t.kind(ty),
                TypeKind::Ptr { .. } | TypeKind::Texture(_) | TypeKind::Sampler { .. }
            );
        if !ok {
            self.error(
                codes::INVALID_TYPE,
                self.span(rhs),
                format!(
                    "a value of type `{}` cannot be assigned to `_`",
                    self.tn(ty)
                ),
                "invalid type",
            );
            return;
        }
        // An abstract constant may stay abstract: the value is discarded.
        if stage != EvalStage::Const {
            self.concretize_expr(rhs, ty);
        }
    }

    /// Checks that `lhs` is a writable reference; returns its store type.
    fn assignable(&mut self, lhs: ExprId, what: &str) -> Option<TypeId> {
        let info = self.expr(lhs);
        match info.class {
            ExprClass::Value => {}
            ExprClass::Error => return None,
            _ => {
                let text = self.source_text(lhs);
                self.error(
                    codes::ASSIGN_TO_VALUE,
                    self.span(lhs),
                    format!("cannot {what} `{text}`, which is not a variable"),
                    "not assignable",
                );
                return None;
            }
        }
        let ty = info.ty?;
        let TypeKind::Ref {
            space,
            store,
            access,
        } = self.p.types.kind(ty)
        else {
            self.report_immutable(lhs, ty, what);
            return None;
        };
        if !access.can_write() {
            let mut d = Diagnostic::error(
                codes::ASSIGN_READ_ONLY,
                format!(
                    "cannot {what} a memory view with `read` access in the `{}` address space",
                    space.name()
                ),
            )
            .with_primary(self.span(lhs), "read-only");
            d = match space {
                AddressSpace::Uniform => d.with_note("uniform buffers are read-only"),
                AddressSpace::Storage => d.with_note(
                    "storage buffers are read-only unless declared `var<storage, read_write>`",
                ),
                AddressSpace::Handle => d.with_note(
                    "textures and samplers cannot be assigned; write texels with `textureStore`",
                ),
                _ => d,
            };
            if let Some(decl_span) = self.root_decl_span(lhs) {
                d = d.with_secondary(decl_span, "declared here");
            }
            self.report(d);
            return None;
        }
        Some(store)
    }

    fn report_immutable(&mut self, lhs: ExprId, ty: TypeId, what: &str) {
        let root = self.strip_parens(lhs);
        let name_info = match &self.m.expr(root).kind {
            ExprKind::Ident(ie) => Some(ie.ident),
            _ => None,
        };
        let mut d;
        match (name_info, self.p.sems[root.index()]) {
            (Some(ident), crate::sema::program::ExprSem::Name(n)) => {
                let name = self.sym(ident.name);
                let (kind, decl) = match n {
                    crate::sema::program::Name::Local(s) => {
                        let k = match self.m.stmt(s).kind {
                            StmtKind::Let(_) => "`let`",
                            StmtKind::Const(_) => "`const`",
                            _ => "value",
                        };
                        (k, Some(self.local_name_span(s)))
                    }
                    crate::sema::program::Name::Param(_) => ("parameter", None),
                    crate::sema::program::Name::Global(g) => {
                        let k = match self.m.decls[g.index()].kind {
                            crate::syntax::ast::GlobalDeclKind::Const(_) => "`const`",
                            crate::syntax::ast::GlobalDeclKind::Override(_) => "`override`",
                            _ => "value",
                        };
                        (k, Some(self.decl_name_span(g)))
                    }
                    _ => ("value", None),
                };
                d = Diagnostic::error(
                    codes::ASSIGN_IMMUTABLE,
                    format!("cannot {what} {kind} `{name}`"),
                )
                .with_primary(self.span(lhs), "immutable");
                if let Some(span) = decl {
                    d = d.with_secondary(span, format!("`{name}` is declared here"));
                }
                d = d.with_note(format!(
                    "{kind} declarations are immutable; declare `{name}` with `var` to change it"
                ));
            }
            _ => {
                d = Diagnostic::error(
                    codes::ASSIGN_TO_VALUE,
                    format!("cannot {what} a value of type `{}`", self.tn(ty)),
                )
                .with_primary(self.span(lhs), "not a memory view");
                if matches!(self.p.types.kind(ty), TypeKind::Ptr { .. }) {
                    d = d.with_note("to write through a pointer `p`, assign to `*p`");
                }
            }
        }
        self.report(d);
    }

    fn local_name_span(&self, s: StmtId) -> Span {
        match &self.m.stmt(s).kind {
            StmtKind::Let(v) | StmtKind::Const(v) => v.name.span,
            StmtKind::Var(v) => v.name.span,
            _ => self.stmt_span(s),
        }
    }

    /// The declaration span of the variable a memory view names directly, if any.
    fn root_decl_span(&self, e: ExprId) -> Option<Span> {
        let mut e = e;
        loop {
            match &self.m.expr(e).kind {
                ExprKind::Paren(i)
                | ExprKind::Member { base: i, .. }
                | ExprKind::Index { base: i, .. } => e = *i,
                ExprKind::Ident(_) => {
                    return match self.p.sems[e.index()] {
                        crate::sema::program::ExprSem::Name(
                            crate::sema::program::Name::Global(g),
                        ) => Some(self.decl_name_span(g)),
                        _ => None,
                    };
                }
                _ => return None,
            }
        }
    }

    fn assign(&mut self, span: Span, lhs: ExprId, op: Option<BinaryOp>, rhs: ExprId) {
        let store = self.assignable(lhs, "assign to");
        if store.is_some() {
            self.note_access(lhs, op.is_some(), true);
        }
        let r = self.rvalue(rhs);
        let (Some(store), Some((rt, rs))) = (store, r) else {
            return;
        };
        if !self.p.types.is_constructible(store) {
            self.error(
                codes::INVALID_TYPE,
                self.span(lhs),
                format!(
                    "cannot assign to a memory view of type `{}`",
                    self.tn(store)
                ),
                "not constructible",
            );
            return;
        }
        match op {
            None => {
                self.convert_to(rhs, rt, store, "the assigned value");
            }
            Some(op) => {
                let args = [
                    crate::sema::builtins::Arg {
                        ty: store,
                        is_const: false,
                    },
                    crate::sema::builtins::Arg {
                        ty: rt,
                        is_const: rs == EvalStage::Const,
                    },
                ];
                let resolved = crate::sema::builtins::operators::resolve_binary(
                    &mut self.p.types,
                    op,
                    args[0],
                    args[1],
                );
                match resolved {
                    Ok(r) if r.ret == Some(store) => {
                        self.materialize(rhs, r.params[1]);
                        if rs == EvalStage::Const {
                            self.check_const_rhs(op, rhs, store);
                        }
                    }
                    Ok(r) => {
                        let got = r.ret.map_or("?".to_string(), |t| self.tn(t));
                        self.error(
                            codes::TYPE_MISMATCH,
                            span,
                            format!(
                                "`{}=` would store `{got}` into `{}`",
                                op.as_str(),
                                self.tn(store)
                            ),
                            "result type differs",
                        );
                    }
                    Err(_) => {
                        self.error(
                            codes::NO_MATCHING_OVERLOAD,
                            span,
                            format!(
                                "no operator `{}` for `{}` and `{}`",
                                op.as_str(),
                                self.tn(store),
                                self.tn(rt)
                            ),
                            "invalid compound assignment",
                        );
                    }
                }
            }
        }
    }

    fn increment(&mut self, e: ExprId, inc: bool) {
        let what = if inc { "increment" } else { "decrement" };
        let Some(store) = self.assignable(e, what) else {
            return;
        };
        self.note_access(e, true, true);
        if !matches!(
            self.p.types.kind(store),
            TypeKind::Scalar(Scalar::I32 | Scalar::U32)
        ) {
            self.error(
                codes::TYPE_MISMATCH,
                self.span(e),
                format!(
                    "only `i32` and `u32` variables can be {what}ed, not `{}`",
                    self.tn(store)
                ),
                "not an integer",
            );
        }
    }

    fn call_statement(&mut self, e: ExprId) {
        let m = self.m;
        let ExprKind::Call { callee, args } = &m.expr(e).kind else {
            self.expr(e);
            return;
        };
        let info = self.call(e, callee, args, true);
        self.p.exprs[e.index()] = info;
        match self.p.sems[e.index()] {
            crate::sema::program::ExprSem::Call(crate::sema::program::CallTarget::Constructor) => {
                self.report(
                    Diagnostic::error(
                        codes::UNUSED_RESULT,
                        "the value of a constructor call is not used",
                    )
                    .with_primary(callee.ident.span, "value discarded")
                    .with_note("assign it to `_` to evaluate and discard it: `_ = …;`"),
                );
            }
            crate::sema::program::ExprSem::Call(crate::sema::program::CallTarget::Builtin {
                func,
                ..
            }) if func.must_use() => {
                self.report(
                    Diagnostic::error(
                        codes::UNUSED_RESULT,
                        format!("the result of `{}` must be used", func.name()),
                    )
                    .with_primary(callee.ident.span, "result discarded")
                    .with_note("assign it to `_` to evaluate and discard it: `_ = …;`"),
                );
            }
            crate::sema::program::ExprSem::Call(crate::sema::program::CallTarget::Function(d)) => {
                let must_use = matches!(&self.p.decls[d.index()], crate::sema::program::DeclInfo::Fn(f) if f.must_use);
                if must_use {
                    let name = self.sym(callee.ident.name);
                    self.report(
                        Diagnostic::error(
                            codes::UNUSED_RESULT,
                            format!("the result of `{name}` must be used"),
                        )
                        .with_primary(callee.ident.span, "result discarded")
                        .with_secondary(
                            self.decl_name_span(d),
                            format!("`{name}` is declared `@must_use` here"),
                        )
                        .with_note("assign it to `_` to evaluate and discard it: `_ = …;`"),
                    );
                }
            }
            _ => {}
        }
    }

    fn return_stmt(&mut self, span: Span, value: Option<ExprId>) {
        if self.f.continuing > 0 {
            self.error(
                codes::MISPLACED_RETURN,
                span,
                "`return` cannot be used in a `continuing` block".into(),
                "inside `continuing`",
            );
        }
        let ret = self.f.ret;
        match value {
            Some(v) => {
                let r = self.rvalue(v);
                if !self.f.has_ret {
                    self.error(
                        codes::RETURN_TYPE,
                        self.span(v),
                        "this function has no return type, so `return` cannot have a value".into(),
                        "unexpected value",
                    );
                    return;
                }
                if let (Some(ret), Some((t, _))) = (ret, r) {
                    self.convert_to(v, t, ret, "the returned value");
                }
            }
            None => {
                // An unresolved return type was reported where it is written.
                if let Some(ret) = ret.filter(|_| self.f.has_ret) {
                    let t = format!("a `{}`", self.tn(ret));
                    self.error(
                        codes::RETURN_TYPE,
                        span,
                        format!("this function must return {t}"),
                        "missing value",
                    );
                }
            }
        }
    }

    pub(crate) fn const_assert(&mut self, e: ExprId) {
        let Some((ty, stage)) = self.rvalue(e) else {
            return;
        };
        if ty != self.p.types.bool() {
            self.error(
                codes::TYPE_MISMATCH,
                self.span(e),
                format!(
                    "a `const_assert` condition must be a `bool`, but this is `{}`",
                    self.tn(ty)
                ),
                "not a `bool`",
            );
            return;
        }
        if stage != EvalStage::Const {
            self.error(
                codes::NOT_CONST,
                self.span(e),
                "a `const_assert` condition must be a const-expression".into(),
                "not a const-expression",
            );
            return;
        }
        if self.value_of(e).and_then(|v| v.as_bool()) == Some(false) {
            self.error(
                codes::CONST_ASSERT_FAILED,
                self.span(e),
                "const assertion failed".into(),
                "this is `false`",
            );
        }
    }

    // ---- Switch ----------------------------------------------------------------------

    fn switch(&mut self, span: Span, selector: ExprId, clauses: &[SwitchClause]) -> Behavior {
        let sel = self.rvalue(selector);
        let selectors: usize = clauses.iter().map(|c| c.selectors.len()).sum();
        if selectors > MAX_CASE_SELECTORS {
            self.error(
                codes::LIMIT,
                span,
                format!(
                    "a switch may have at most {MAX_CASE_SELECTORS} case selectors (the default included), but this one has {selectors}"
                ),
                "too many case selectors",
            );
        }
        // The case selectors: checked now, converted to the common type below.
        let mut cases: Vec<(ExprId, TypeId)> = Vec::new();
        let mut defaults: Vec<Span> = Vec::new();
        for c in clauses {
            for s in &c.selectors {
                match s {
                    CaseSelector::Default(sp) => defaults.push(*sp),
                    CaseSelector::Expr(e) => {
                        if let Some((t, stage)) = self.rvalue(*e) {
                            if stage != EvalStage::Const {
                                self.error(
                                    codes::NOT_CONST,
                                    self.span(*e),
                                    "a case selector must be a const-expression".into(),
                                    "not a const-expression",
                                );
                            } else {
                                cases.push((*e, t));
                            }
                        }
                    }
                }
            }
        }
        match defaults.len() {
            1 => {}
            0 => self.report(
                Diagnostic::error(
                    codes::SWITCH_DEFAULT,
                    "a `switch` must have a `default` clause",
                )
                .with_primary(Span::new(span.start, span.start + 6), "no `default` clause")
                .with_note("add `default: {}` if nothing needs to happen"),
            ),
            _ => {
                let mut d = Diagnostic::error(
                    codes::SWITCH_DEFAULT,
                    "a `switch` must have exactly one `default` clause",
                )
                .with_primary(defaults[1], "second `default`");
                d = d.with_secondary(defaults[0], "first `default`");
                self.report(d);
            }
        }
        if let Some((st, _)) = sel {
            self.switch_selector_types(selector, st, &cases);
        }
        self.f.breakables.push(Breakable::Switch);
        let mut all = Behavior::EMPTY;
        for c in clauses {
            all = all.union(self.block(&c.body));
        }
        self.f.breakables.pop();
        if all.has(Behavior::BREAK) {
            all.union(Behavior::NEXT).without(Behavior::BREAK)
        } else {
            all
        }
    }

    /// Converts the selector and the case selectors of a `switch` to their common type,
    /// the one concrete integer type among them (`st` is the selector's type), and
    /// reports case values that repeat.
    fn switch_selector_types(&mut self, selector: ExprId, st: TypeId, cases: &[(ExprId, TypeId)]) {
        let is_int = |c: &Self, ty: TypeId| matches!(c.p.types.kind(ty), TypeKind::Scalar(s) if s.is_integer());
        let mut common: Option<TypeId> = None;
        let mut ok = true;
        if !is_int(self, st) {
            // A case selector that cannot be an integer either (a float or a bool) is
            // the first mistake in source order; one report there names both.
            let bad_case = cases.iter().copied().find(|&(_, t)| !is_int(self, t));
            let mut d = match bad_case {
                Some((e, t)) => Diagnostic::error(
                    codes::SWITCH_TYPE,
                    format!(
                        "a case selector must be an integer, but this is `{}`",
                        self.tn(t)
                    ),
                )
                .with_primary(self.span(e), "not an integer")
                .with_secondary(
                    self.span(selector),
                    format!("the selector is `{}`", self.tn(st)),
                ),
                None => Diagnostic::error(
                    codes::SWITCH_TYPE,
                    format!(
                        "a `switch` selector must be `i32` or `u32`, but this is `{}`",
                        self.tn(st)
                    ),
                )
                .with_primary(self.span(selector), "not an integer"),
            };
            d = d.with_note("`switch` works on `i32` and `u32` values only");
            self.report(d);
            ok = false;
        } else if !self.p.types.is_abstract(st) {
            common = Some(st);
        }
        if ok {
            for &(e, t) in cases {
                if !is_int(self, t) {
                    self.error(
                        codes::SWITCH_TYPE,
                        self.span(e),
                        format!(
                            "a case selector must be an integer, but this is `{}`",
                            self.tn(t)
                        ),
                        "not an integer",
                    );
                    ok = false;
                } else if !self.p.types.is_abstract(t) {
                    match common {
                        None => common = Some(t),
                        Some(c) if c != t => {
                            self.report(
                                Diagnostic::error(
                                    codes::SWITCH_TYPE,
                                    format!(
                                        "case selector type `{}` does not match the selector type `{}`",
                                        self.tn(t),
                                        self.tn(c)
                                    ),
                                )
                                .with_primary(self.span(e), format!("`{}`", self.tn(t)))
                                .with_secondary(self.span(selector), format!("`{}`", self.tn(st))),
                            );
                            ok = false;
                        }
                        _ => {}
                    }
                }
            }
        }
        if ok {
            let common = common.unwrap_or_else(|| concretize(&mut self.p.types, st));
            self.materialize(selector, common);
            // Case values to the first case with that value. Every value kept fits
            // `common` (`i32` or `u32`), so its low 32 bits identify it.
            let mut seen: crate::util::map::Map<u32, u32> = crate::util::map::Map::default();
            for &(e, _) in cases {
                if !self.materialize(e, common) {
                    continue;
                }
                let Some(v) = self.value_of(e).and_then(|v| v.as_i64()) else {
                    continue;
                };
                if let Some(&prev) = seen.get(&(v as u32)) {
                    self.report(
                        Diagnostic::error(
                            codes::DUPLICATE_CASE,
                            format!("duplicate case selector value {v}"),
                        )
                        .with_primary(self.span(e), "repeated here")
                        .with_secondary(
                            self.span(ExprId::from_index(prev as usize)),
                            "first used here",
                        ),
                    );
                } else {
                    seen.insert(v as u32, e.index() as u32);
                }
            }
        }
    }

    /// Reports attributes where none are allowed (the parser keeps them on `var`s).
    pub(crate) fn check_no_attributes(
        &mut self,
        attrs: &[crate::syntax::ast::Attribute],
        what: &str,
    ) {
        for a in attrs {
            let name = self.sym(a.name.name);
            self.error(
                codes::ATTRIBUTE_NOT_ALLOWED,
                a.span,
                format!("`@{name}` is not allowed on {what}"),
                "not allowed here",
            );
        }
    }
}
