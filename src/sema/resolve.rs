//! Name resolution (§"Declaration and Scope") and the order of module-scope declarations.
//!
//! Rules:
//! - **Three levels.** An identifier resolves to the nearest enclosing function-scope
//!   declaration before it; otherwise to the module-scope declaration of that name, which
//!   may come before or after it; otherwise to a predeclared object (a type, a
//!   type-generator, a builtin function or an enumerant). User declarations may shadow
//!   predeclared names: after `const read = 1;`, `read` in `var<storage, read>` is that
//!   constant.
//! - **Context-dependent names do not resolve.** Attribute names, builtin value names
//!   (`@builtin(position)`), interpolation names, diagnostic rules and extension names are
//!   matched by spelling where the grammar allows them, so they are not visited here.
//! - **Scopes.** A function's parameters and the top-level declarations of its body share
//!   one scope, as do a `for` loop's initializer and the top level of its body. A
//!   `continuing` block sees the declarations of its loop body. Two declarations with the
//!   same name and the same end of scope are a redeclaration error.
//! - **No cycles.** Each module-scope declaration depends on the module-scope
//!   declarations it mentions (function bodies included). The dependency graph must be
//!   acyclic; each cycle is reported once, naming its declarations in order, with a label
//!   on each reference along it. [`Resolution::order`] is a topological order of the
//!   declarations (dependencies first, otherwise source order), so the checker can type
//!   every declaration after everything it needs.
//!
//! Cost: one walk over the tree. Local scopes map each symbol to its innermost binding
//! through a dense vector indexed by symbol, so a lookup is O(1) and leaving a scope costs
//! the number of names it declared. The cycle search is an iterative depth-first search.

use crate::diag::limit::Horizon;
use crate::diag::{Diagnostic, Span, codes};
use crate::sema::builtins::BuiltinFn;
use crate::sema::program::{DeclId, Enumerant, Name};
use crate::sema::types::{
    Access, AddressSpace, TexelFormat, TypeGenerator, TypeKind, predeclared_plain_type,
};
use crate::syntax::ast::{
    Attribute, AttributeKind, Block, CaseSelector, ExprId, ExprKind, GlobalDeclKind, Ident,
    IdentExpr, Module, StmtId, StmtKind, VarDecl,
};
use crate::util::Symbol;

/// A predeclared object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predeclared {
    /// A type spelled without a template list (`f32`, `vec3f`, `sampler`).
    Type(TypeKind),
    /// A type-generator (`vec3`, `array`, `ptr`, `texture_2d`).
    Generator(TypeGenerator),
    Builtin(BuiltinFn),
    Enumerant(Enumerant),
}

impl Predeclared {
    pub fn lookup(name: &str) -> Option<Predeclared> {
        if let Some(t) = predeclared_plain_type(name) {
            return Some(Predeclared::Type(t));
        }
        if let Some(g) = TypeGenerator::from_name(name) {
            return Some(Predeclared::Generator(g));
        }
        if let Some(f) = BuiltinFn::from_name(name) {
            return Some(Predeclared::Builtin(f));
        }
        if let Some(s) = AddressSpace::from_name(name) {
            return Some(Predeclared::Enumerant(Enumerant::AddressSpace(s)));
        }
        if let Some(a) = Access::from_name(name) {
            return Some(Predeclared::Enumerant(Enumerant::Access(a)));
        }
        TexelFormat::from_name(name).map(|f| Predeclared::Enumerant(Enumerant::TexelFormat(f)))
    }
}

/// What an identifier resolves to, before typing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    Name(Name),
    Predeclared(Predeclared),
}

/// The result of name resolution.
pub struct Resolution {
    /// For each identifier expression, and for each call expression (its callee), what the
    /// name resolves to; `None` for other expressions, context-dependent names, and
    /// unresolved names (which were reported).
    pub names: Vec<Option<Resolved>>,
    /// Module-scope declarations, dependencies first.
    pub order: Vec<DeclId>,
    /// Declarations that are part of a dependency cycle.
    pub in_cycle: Vec<bool>,
    /// The module-scope declaration of each symbol, by symbol index.
    pub globals_by_symbol: Vec<Option<DeclId>>,
    /// For each declaration, the module-scope declarations it mentions, each once, with
    /// the span of the first mention.
    pub deps: Vec<Vec<(DeclId, Span)>>,
}

/// One declaration's dependency on another, with the span of the first mention.
#[derive(Clone, Copy)]
struct Edge {
    to: DeclId,
    span: Span,
}

struct Binding {
    sym: Symbol,
    name: Name,
    span: Span,
    /// The binding this one shadows (index + 1 into `bindings`), 0 for none.
    prev: u32,
    depth: u32,
}

struct Resolver<'a> {
    module: &'a Module,
    names: Vec<Option<Resolved>>,
    globals: Vec<Option<DeclId>>,
    /// Per symbol: 0 = not looked up, 1 = none, 2 = predeclared (in `predeclared`).
    predeclared: Vec<Option<Option<Predeclared>>>,
    /// Innermost local binding per symbol (index + 1 into `bindings`).
    current: Vec<u32>,
    bindings: Vec<Binding>,
    scope_marks: Vec<usize>,
    depth: u32,
    /// The declaration being walked and its edges.
    decl: DeclId,
    edges: Vec<Vec<Edge>>,
    /// `last_edge[d] == decl` when `decl → d` is already recorded.
    last_edge: Vec<Option<DeclId>>,
    unresolved: usize,
    /// While a `continuing` block is walked (`tracking > 0`), the local declarations its
    /// names resolve to, for the rule that `continue` must not skip one of them.
    tracking: u32,
    continuing_uses: Vec<StmtId>,
    diags: &'a mut Vec<Diagnostic>,
    /// Where the error limit's last error lies; it is fed every diagnostic but the
    /// cycles' (few, and kept: a horizon that misses some errors only drops fewer).
    horizon: &'a mut Horizon,
}

/// Resolves every name of `module`, reporting redeclarations, unresolved names and
/// dependency cycles; errors past the error limit's `horizon` are only counted there.
pub fn resolve(module: &Module, diags: &mut Vec<Diagnostic>, horizon: &mut Horizon) -> Resolution {
    let nsyms = module.symbols.len();
    let ndecls = module.decls.len();
    let mut r = Resolver {
        module,
        names: vec![None; module.exprs.len()],
        globals: vec![None; nsyms],
        predeclared: vec![None; nsyms],
        current: vec![0; nsyms],
        bindings: Vec::new(),
        scope_marks: Vec::new(),
        depth: 0,
        decl: DeclId::from_index(0),
        edges: vec![Vec::new(); ndecls],
        last_edge: vec![None; ndecls],
        unresolved: 0,
        tracking: 0,
        continuing_uses: Vec::new(),
        diags,
        horizon,
    };
    r.declare_globals();
    for i in 0..ndecls {
        r.decl = DeclId::from_index(i);
        r.walk_decl(i);
    }
    let (order, in_cycle) = order_and_cycles(module, &r.edges, r.diags);
    let mut deps = Vec::with_capacity(r.edges.len());
    for es in &r.edges {
        let mut list = Vec::with_capacity(es.len());
        for e in es {
            list.push((e.to, e.span));
        }
        deps.push(list);
    }
    Resolution {
        names: r.names,
        order,
        in_cycle,
        globals_by_symbol: r.globals,
        deps,
    }
}

/// The declared name of a module-scope declaration, if it has one.
pub fn decl_name(kind: &GlobalDeclKind) -> Option<Ident> {
    Some(match kind {
        GlobalDeclKind::Var(v) => v.name,
        GlobalDeclKind::Const(c) => c.name,
        GlobalDeclKind::Override(o) => o.name,
        GlobalDeclKind::Alias(a) => a.name,
        GlobalDeclKind::Struct(s) => s.name,
        GlobalDeclKind::Fn(f) => f.name,
        GlobalDeclKind::ConstAssert(_) => return None,
    })
}

/// The word a diagnostic uses for a module-scope declaration's kind.
pub fn decl_kind_word(kind: &GlobalDeclKind) -> &'static str {
    match kind {
        GlobalDeclKind::Var(_) => "variable",
        GlobalDeclKind::Const(_) => "const",
        GlobalDeclKind::Override(_) => "override",
        GlobalDeclKind::Alias(_) => "alias",
        GlobalDeclKind::Struct(_) => "struct",
        GlobalDeclKind::Fn(_) => "function",
        GlobalDeclKind::ConstAssert(_) => "const_assert",
    }
}

impl Resolver<'_> {
    /// Keeps `d` unless it is an error past the error limit (then only counted).
    fn report(&mut self, d: Diagnostic) {
        if self.horizon.keep(&d) {
            self.diags.push(d);
        }
    }

    fn name(&self, sym: Symbol) -> &str {
        self.module.name(sym)
    }

    fn declare_globals(&mut self) {
        for (i, d) in self.module.decls.iter().enumerate() {
            let Some(ident) = decl_name(&d.kind) else {
                continue;
            };
            let slot = &mut self.globals[ident.name.index()];
            match *slot {
                None => *slot = Some(DeclId::from_index(i)),
                Some(prev) => {
                    let prev_span = decl_name(&self.module.decls[prev.index()].kind)
                        .map_or(Span::DETACHED, |p| p.span);
                    let name = self.module.name(ident.name);
                    self.report(
                        Diagnostic::error(
                            codes::REDECLARATION,
                            format!("redeclaration of `{name}`"),
                        )
                        .with_primary(ident.span, "declared again here")
                        .with_secondary(prev_span, format!("`{name}` is first declared here"))
                        .with_note("module-scope declarations share one scope, the whole module"),
                    );
                }
            }
        }
    }

    // ---- Scopes ----------------------------------------------------------------------

    fn push_scope(&mut self) {
        self.scope_marks.push(self.bindings.len());
        self.depth += 1;
    }

    fn pop_scope(&mut self) {
        let mark = self.scope_marks.pop().unwrap_or(0);
        while self.bindings.len() > mark {
            let b = self.bindings.pop().expect("binding above the mark");
            self.current[b.sym.index()] = b.prev;
        }
        self.depth -= 1;
    }

    fn declare_local(&mut self, ident: Ident, name: Name) {
        let sym = ident.name;
        let cur = self.current[sym.index()];
        if cur != 0 {
            let prev = &self.bindings[cur as usize - 1];
            if prev.depth == self.depth {
                let n = self.name(sym).to_string();
                let prev_span = prev.span;
                self.report(
                    Diagnostic::error(codes::REDECLARATION, format!("redeclaration of `{n}`"))
                        .with_primary(ident.span, "declared again in the same scope")
                        .with_secondary(prev_span, format!("`{n}` is first declared here")),
                );
            }
        }
        self.bindings.push(Binding {
            sym,
            name,
            span: ident.span,
            prev: cur,
            depth: self.depth,
        });
        self.current[sym.index()] = self.bindings.len() as u32;
    }

    fn lookup(&mut self, sym: Symbol) -> Option<Resolved> {
        let cur = self.current[sym.index()];
        if cur != 0 {
            return Some(Resolved::Name(self.bindings[cur as usize - 1].name));
        }
        if let Some(d) = self.globals[sym.index()] {
            return Some(Resolved::Name(Name::Global(d)));
        }
        let slot = &mut self.predeclared[sym.index()];
        let p = match *slot {
            Some(p) => p,
            None => {
                let p = Predeclared::lookup(self.module.name(sym));
                *slot = Some(p);
                p
            }
        };
        p.map(Resolved::Predeclared)
    }

    fn note_edge(&mut self, to: DeclId, span: Span) {
        if self.last_edge[to.index()] == Some(self.decl) {
            return;
        }
        self.last_edge[to.index()] = Some(self.decl);
        self.edges[self.decl.index()].push(Edge { to, span });
    }

    fn resolve_ident(&mut self, at: ExprId, ident: Ident) {
        match self.lookup(ident.name) {
            Some(r) => {
                match r {
                    Resolved::Name(Name::Global(d)) => self.note_edge(d, ident.span),
                    Resolved::Name(Name::Local(s)) if self.tracking > 0 => {
                        self.continuing_uses.push(s);
                    }
                    _ => {}
                }
                self.names[at.index()] = Some(r);
            }
            None => {
                self.unresolved += 1;
                let n = self.name(ident.name).to_string();
                let mut d = Diagnostic::error(
                    codes::UNRESOLVED_NAME,
                    format!("cannot find `{n}` in this scope"),
                )
                .with_primary(ident.span, "not declared");
                // Hints cost a scan of the visible names; a broken file with thousands of
                // unknown names gets them for the first few only.
                let hint = if self.unresolved <= 16 {
                    self.spelling_hint(ident.name)
                } else {
                    None
                };
                if let Some(hint) = hint {
                    d = d.with_note(format!(
                        "a declaration with a similar name exists: `{hint}`"
                    ));
                } else if let Some(note) = foreign_name_note(&n) {
                    d = d.with_note(note);
                }
                self.report(d);
            }
        }
    }

    /// A module-scope or visible local name that differs from `sym` only in case or by
    /// one character, for "did you mean" notes.
    fn spelling_hint(&self, sym: Symbol) -> Option<String> {
        let want = self.name(sym);
        if want.len() < 3 {
            return None;
        }
        let close = |have: &str| {
            have != want && (have.eq_ignore_ascii_case(want) || edit_distance_one(have, want))
        };
        // Loops, not an iterator chain: a chain of six adapters is six copies of the
        // iterator code in the package.
        for b in self.bindings.iter().rev() {
            if self.current[b.sym.index()] != 0 && close(self.name(b.sym)) {
                return Some(self.name(b.sym).to_string());
            }
        }
        for d in &self.module.decls {
            if let Some(i) = decl_name(&d.kind) {
                if close(self.name(i.name)) {
                    return Some(self.name(i.name).to_string());
                }
            }
        }
        None
    }

    // ---- Walking ---------------------------------------------------------------------

    fn walk_decl(&mut self, i: usize) {
        let module = self.module;
        match &module.decls[i].kind {
            GlobalDeclKind::Var(v) => self.walk_var(v),
            GlobalDeclKind::Const(c) => {
                self.walk_opt(c.ty);
                self.walk_expr(c.init);
            }
            GlobalDeclKind::Override(o) => {
                self.walk_attrs(&o.attributes);
                self.walk_opt(o.ty);
                self.walk_opt(o.init);
            }
            GlobalDeclKind::Alias(a) => self.walk_expr(a.ty),
            GlobalDeclKind::Struct(s) => {
                for m in &s.members {
                    self.walk_attrs(&m.attributes);
                    self.walk_expr(m.ty);
                }
            }
            GlobalDeclKind::ConstAssert(e) => self.walk_expr(*e),
            GlobalDeclKind::Fn(f) => {
                self.walk_attrs(&f.attributes);
                self.push_scope();
                for (k, p) in f.params.iter().enumerate() {
                    self.walk_attrs(&p.attributes);
                    self.walk_expr(p.ty);
                    self.declare_local(p.name, Name::Param(k as u32));
                }
                if let Some(ret) = &f.ret {
                    self.walk_attrs(&ret.attributes);
                    self.walk_expr(ret.ty);
                }
                self.walk_attrs(&f.body.attributes);
                self.walk_stmts(&f.body.stmts);
                self.pop_scope();
            }
        }
    }

    fn walk_opt(&mut self, e: Option<ExprId>) {
        if let Some(e) = e {
            self.walk_expr(e);
        }
    }

    fn walk_var(&mut self, v: &VarDecl) {
        self.walk_attrs(&v.attributes);
        for &t in &v.template_args {
            self.walk_expr(t);
        }
        self.walk_opt(v.ty);
        self.walk_opt(v.init);
    }

    fn walk_attrs(&mut self, attrs: &[Attribute]) {
        for a in attrs {
            // Builtin value and interpolation names are context-dependent, not resolved.
            if matches!(a.kind, AttributeKind::Builtin | AttributeKind::Interpolate) {
                continue;
            }
            for &arg in a.args.iter().flatten() {
                self.walk_expr(arg);
            }
        }
    }

    fn walk_block(&mut self, b: &Block) {
        self.walk_attrs(&b.attributes);
        self.push_scope();
        self.walk_stmts(&b.stmts);
        self.pop_scope();
    }

    fn walk_stmts(&mut self, stmts: &[StmtId]) {
        for &s in stmts {
            self.walk_stmt(s);
        }
    }

    fn walk_stmt(&mut self, s: StmtId) {
        let module = self.module;
        match &module.stmt(s).kind {
            StmtKind::Empty | StmtKind::Break | StmtKind::Continue | StmtKind::Discard => {}
            StmtKind::Block(b) => self.walk_block(b),
            StmtKind::Var(v) => {
                self.walk_var(v);
                self.declare_local(v.name, Name::Local(s));
            }
            StmtKind::Let(v) | StmtKind::Const(v) => {
                self.walk_opt(v.ty);
                self.walk_expr(v.init);
                self.declare_local(v.name, Name::Local(s));
            }
            StmtKind::Assign { lhs, rhs, .. } => {
                self.walk_opt(*lhs);
                self.walk_expr(*rhs);
            }
            StmtKind::Increment(e)
            | StmtKind::Decrement(e)
            | StmtKind::Call(e)
            | StmtKind::ConstAssert(e) => self.walk_expr(*e),
            StmtKind::Return(e) => self.walk_opt(*e),
            StmtKind::If {
                attributes,
                cond,
                then_branch,
                else_branch,
            } => {
                self.walk_attrs(attributes);
                self.walk_expr(*cond);
                self.walk_block(then_branch);
                if let Some(e) = else_branch {
                    self.walk_stmt(*e);
                }
            }
            StmtKind::Switch {
                attributes,
                selector,
                body_attributes,
                clauses,
            } => {
                self.walk_attrs(attributes);
                self.walk_expr(*selector);
                self.walk_attrs(body_attributes);
                for c in clauses {
                    for sel in &c.selectors {
                        if let CaseSelector::Expr(e) = sel {
                            self.walk_expr(*e);
                        }
                    }
                    self.walk_block(&c.body);
                }
            }
            StmtKind::Loop {
                attributes,
                body,
                continuing,
            } => {
                self.walk_attrs(attributes);
                self.walk_attrs(&body.attributes);
                self.push_scope();
                self.walk_stmts(&body.stmts);
                if let Some(c) = continuing {
                    self.walk_attrs(&c.body.attributes);
                    self.push_scope();
                    let start = self.continuing_uses.len();
                    self.tracking += 1;
                    self.walk_stmts(&c.body.stmts);
                    self.walk_opt(c.break_if);
                    self.tracking -= 1;
                    self.check_continues(&body.stmts, start);
                    if self.tracking == 0 {
                        self.continuing_uses.clear();
                    }
                    self.pop_scope();
                }
                self.pop_scope();
            }
            StmtKind::For {
                attributes,
                init,
                cond,
                update,
                body,
            } => {
                self.walk_attrs(attributes);
                self.push_scope();
                if let Some(i) = init {
                    self.walk_stmt(*i);
                }
                self.walk_opt(*cond);
                if let Some(u) = update {
                    self.walk_stmt(*u);
                }
                self.walk_attrs(&body.attributes);
                self.walk_stmts(&body.stmts);
                self.pop_scope();
            }
            StmtKind::While {
                attributes,
                cond,
                body,
            } => {
                self.walk_attrs(attributes);
                self.walk_expr(*cond);
                self.walk_block(body);
            }
        }
    }

    /// §"Continue Statement": a `continue` must not jump past a declaration of the loop
    /// body that the `continuing` block uses. `continuing_uses[start..]` are the local
    /// declarations the `continuing` block of the loop with body `body` refers to.
    fn check_continues(&mut self, body: &[StmtId], start: usize) {
        if self.continuing_uses.len() == start {
            return;
        }
        // Statement indices, not `StmtId`s: a set of `u32` is a hash table type the
        // package has already.
        let mut uses = crate::util::map::Set::<u32>::default();
        for s in &self.continuing_uses[start..] {
            uses.insert(s.index() as u32);
        }
        // The last top-level body declaration the `continuing` block uses.
        let Some((last, decl)) = body
            .iter()
            .enumerate()
            .rev()
            .find(|(_, s)| uses.contains(&(s.index() as u32)))
            .map(|(i, &s)| (i, s))
        else {
            return;
        };
        let module = self.module;
        let mut found = None;
        for &s in &body[..last] {
            found = first_continue(module, s, 0);
            if found.is_some() {
                break;
            }
        }
        let Some(cont) = found else {
            return;
        };
        let name = match &module.stmt(decl).kind {
            StmtKind::Var(v) => Some(v.name),
            StmtKind::Let(v) | StmtKind::Const(v) => Some(v.name),
            _ => None,
        };
        let mut d = Diagnostic::error(
            codes::CONTINUE_SKIPS_DECLARATION,
            match name {
                Some(n) => format!(
                    "this `continue` skips the declaration of `{}`, which the `continuing` block uses",
                    self.name(n.name)
                ),
                None => "this `continue` skips a declaration the `continuing` block uses".into(),
            },
        )
        .with_primary(module.stmt(cont).span, "jumps past the declaration");
        if let Some(n) = name {
            d = d.with_secondary(n.span, "declared here");
        }
        d = d.with_note("declare it before the first `continue`, or use `if … { … }` instead");
        self.report(d);
    }

    fn walk_ident_expr(&mut self, at: ExprId, ie: &IdentExpr) {
        self.resolve_ident(at, ie.ident);
        for &t in ie.templates().iter() {
            self.walk_expr(t);
        }
    }

    fn walk_expr(&mut self, e: ExprId) {
        let module = self.module;
        match &module.expr(e).kind {
            ExprKind::Literal(_) => {}
            ExprKind::Ident(ie) => self.walk_ident_expr(e, ie),
            ExprKind::Call { callee, args } => {
                self.walk_ident_expr(e, callee);
                for &a in args {
                    self.walk_expr(a);
                }
            }
            ExprKind::Paren(x) | ExprKind::Member { base: x, .. } => self.walk_expr(*x),
            ExprKind::Unary { operand, .. } => self.walk_expr(*operand),
            ExprKind::Index { base, index } => {
                self.walk_expr(*base);
                self.walk_expr(*index);
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.walk_expr(*lhs);
                self.walk_expr(*rhs);
            }
        }
    }
}

/// True when `a` and `b` differ by one insertion, deletion or substitution.
fn edit_distance_one(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long.len() - short.len() > 1 {
        return false;
    }
    let prefix = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    if prefix == long.len() {
        return false;
    }
    if short.len() == long.len() {
        short[prefix + 1..] == long[prefix + 1..]
    } else {
        short[prefix..] == long[prefix + 1..]
    }
}

/// Finds a topological order of the declarations (dependencies first, otherwise source
/// order) and reports each dependency cycle.
fn order_and_cycles(
    module: &Module,
    edges: &[Vec<Edge>],
    diags: &mut Vec<Diagnostic>,
) -> (Vec<DeclId>, Vec<bool>) {
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mark {
        New,
        Active,
        Done,
    }
    let n = edges.len();
    let mut mark = vec![Mark::New; n];
    let mut in_cycle = vec![false; n];
    let mut order = Vec::with_capacity(n);
    // The DFS stack: (declaration, next edge to follow).
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if mark[root] != Mark::New {
            continue;
        }
        mark[root] = Mark::Active;
        stack.push((root, 0));
        while let Some(&mut (d, ref mut next)) = stack.last_mut() {
            if let Some(edge) = edges[d].get(*next) {
                *next += 1;
                let to = edge.to.index();
                match mark[to] {
                    Mark::New => {
                        mark[to] = Mark::Active;
                        stack.push((to, 0));
                    }
                    Mark::Active => {
                        let start = stack.iter().position(|&(x, _)| x == to).unwrap_or(0);
                        let mut cycle = Vec::with_capacity(stack.len() - start);
                        for &(x, _) in &stack[start..] {
                            cycle.push(x);
                        }
                        if !cycle.iter().any(|&c| in_cycle[c]) {
                            diags.push(cycle_diagnostic(module, edges, &cycle));
                        }
                        for c in cycle {
                            in_cycle[c] = true;
                        }
                    }
                    Mark::Done => {}
                }
            } else {
                mark[d] = Mark::Done;
                order.push(DeclId::from_index(d));
                stack.pop();
            }
        }
    }
    (order, in_cycle)
}

fn cycle_diagnostic(module: &Module, edges: &[Vec<Edge>], cycle: &[usize]) -> Diagnostic {
    let ident = |d: usize| decl_name(&module.decls[d].kind);
    let name = |d: usize| ident(d).map_or("?", |i| module.name(i.name)).to_string();
    let all_fns = cycle
        .iter()
        .all(|&d| matches!(module.decls[d].kind, GlobalDeclKind::Fn(_)));
    // `a` → `b` → `a`
    let mut path = String::new();
    for &d in cycle {
        path.push('`');
        path.push_str(&name(d));
        path.push_str("` → ");
    }
    path.push('`');
    path.push_str(&name(cycle[0]));
    path.push('`');
    let first = cycle[0];
    let (code, message) = if all_fns {
        (
            codes::RECURSION,
            format!("recursive function calls: {path}"),
        )
    } else {
        (
            codes::DEPENDENCY_CYCLE,
            format!("declarations depend on themselves: {path}"),
        )
    };
    let mut d = Diagnostic::error(code, message).with_primary(
        ident(first).map_or(module.decls[first].span, |i| i.span),
        if cycle.len() == 1 {
            "this declaration refers to itself".to_string()
        } else {
            "this declaration is part of a cycle".to_string()
        },
    );
    for (k, &from) in cycle.iter().enumerate() {
        let to = cycle[(k + 1) % cycle.len()];
        if let Some(e) = edges[from].iter().find(|e| e.to.index() == to) {
            let verb = if matches!(module.decls[to].kind, GlobalDeclKind::Fn(_)) {
                "calls"
            } else {
                "uses"
            };
            d = d.with_secondary(
                e.span,
                format!("`{}` {verb} `{}` here", name(from), name(to)),
            );
        }
    }
    if all_fns {
        d = d.with_note("WGSL functions cannot be recursive, directly or indirectly");
    }
    d
}

/// The first `continue` inside `s` that continues the enclosing loop (not one of a loop
/// nested in `s`). `depth` bounds the recursion like the parser's nesting limit.
fn first_continue(module: &Module, s: StmtId, depth: u32) -> Option<StmtId> {
    if depth > 256 {
        return None;
    }
    let in_block = |b: &Block| {
        b.stmts
            .iter()
            .find_map(|&t| first_continue(module, t, depth + 1))
    };
    match &module.stmt(s).kind {
        StmtKind::Continue => Some(s),
        StmtKind::Block(b) => in_block(b),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => in_block(then_branch)
            .or_else(|| else_branch.and_then(|e| first_continue(module, e, depth + 1))),
        StmtKind::Switch { clauses, .. } => clauses.iter().find_map(|c| in_block(&c.body)),
        _ => None,
    }
}

/// A note for a name users bring from GLSL, HLSL or C: what WGSL calls it.
fn foreign_name_note(name: &str) -> Option<String> {
    let wgsl = match name {
        "void" => {
            return Some(
                "WGSL has no `void` type: a function that returns nothing has no `-> type`".into(),
            );
        }
        "float" => "f32",
        "int" => "i32",
        "uint" | "unsigned" => "u32",
        "half" => "f16",
        "double" => return Some("WGSL has no 64-bit float type; use `f32`".into()),
        "float2" => "vec2f",
        "float3" => "vec3f",
        "float4" => "vec4f",
        "int2" => "vec2i",
        "int3" => "vec3i",
        "int4" => "vec4i",
        "uint2" => "vec2u",
        "uint3" => "vec3u",
        "uint4" => "vec4u",
        "float2x2" => "mat2x2f",
        "float3x3" => "mat3x3f",
        "float4x4" => "mat4x4f",
        "ivec2" => "vec2i",
        "ivec3" => "vec3i",
        "ivec4" => "vec4i",
        "uvec2" => "vec2u",
        "uvec3" => "vec3u",
        "uvec4" => "vec4u",
        "bvec2" => "vec2<bool>",
        "bvec3" => "vec3<bool>",
        "bvec4" => "vec4<bool>",
        "mat2" => "mat2x2f",
        "mat3" => "mat3x3f",
        "mat4" => "mat4x4f",
        "lerp" => "mix",
        "frac" => "fract",
        "fmod" => return Some("WGSL writes this as the `%` operator".into()),
        "mul" => return Some("WGSL writes this as the `*` operator".into()),
        "inversesqrt" | "rsqrt" => "inverseSqrt",
        "ddx" => "dpdx",
        "ddy" => "dpdy",
        "texture" | "texture2D" => "textureSample",
        "texelFetch" => "textureLoad",
        "gl_Position" | "gl_FragCoord" => "@builtin(position)",
        "gl_VertexIndex" | "gl_VertexID" => "@builtin(vertex_index)",
        "gl_InstanceIndex" | "gl_InstanceID" => "@builtin(instance_index)",
        "gl_GlobalInvocationID" => "@builtin(global_invocation_id)",
        "gl_LocalInvocationID" => "@builtin(local_invocation_id)",
        "barrier" | "GroupMemoryBarrierWithGroupSync" => "workgroupBarrier",
        "InterlockedAdd" => "atomicAdd",
        _ => return None,
    };
    Some(format!("WGSL spells this `{wgsl}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_edit() {
        assert!(edit_distance_one("color", "colour"));
        assert!(edit_distance_one("abc", "abd"));
        assert!(edit_distance_one("abc", "ab"));
        assert!(!edit_distance_one("abc", "xyz"));
        assert!(!edit_distance_one("abc", "abc1x"));
    }
}
