//! Phase 1 for expressions and calls: the RHSValue rules, and the edges of each call:
//! through the callee's tags for a user function (callees are analyzed first), through
//! the spec's table for a builtin.
//!
//! Rules:
//! - `load` says whether an expression's memory view is read (the Load Rule): only then
//!   does a variable's value, a mutable module-scope variable or a writable pointer
//!   parameter's memory flow into the result.
//! - The arguments' nodes of the calls being walked share one stack (`arg_nodes`), so
//!   nested calls allocate nothing.
//! - A call may store through a `function`-space pointer argument: the variable behind it
//!   gets a new node after the call, fed by what the callee's tags say flows into it.

use crate::util::map::Map;

use super::{
    Cause, FnTags, MAY_BE_NON_UNIFORM, Node, Requirement, RootKind, Scope, Trigger, Walker, What,
    Why, sev_of,
};
use crate::diag::Span;
use crate::sema::builtins::{BuiltinFn, Uniformity};
use crate::sema::directives::Rule;
use crate::sema::program::{CallTarget, DeclId, DeclInfo, ExprSem, Name};
use crate::sema::types::{Access, AddressSpace, TextureKind, TypeKind};
use crate::syntax::ast::{BinaryOp, ExprId, ExprKind, GlobalDeclKind, StmtKind, UnaryOp};

impl<'a> Walker<'a> {
    // ---- Expressions -----------------------------------------------------------------

    /// The RHSValue rules: the value node of `e`. `load` is true when `e` is (the root
    /// part of) a memory view the Load Rule applies to.
    pub(super) fn rhs(&mut self, e: ExprId, cf: Node, load: bool) -> Node {
        let m = self.m;
        let load = load || self.fin.program.expr(e).loaded;
        match &m.expr(e).kind {
            ExprKind::Literal(_) => cf,
            ExprKind::Paren(i) => self.rhs(*i, cf, load),
            ExprKind::Unary { op, operand } => match op {
                UnaryOp::Deref | UnaryOp::AddressOf => self.rhs(*operand, cf, load),
                _ => self.rhs(*operand, cf, false),
            },
            ExprKind::Member { base, .. } => self.rhs(*base, cf, load),
            ExprKind::Index { base, index } => {
                let v1 = self.rhs(*index, cf, false);
                let v2 = self.rhs(*base, cf, load);
                self.join(&[v1, v2])
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let v1 = self.rhs(*lhs, cf, false);
                if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
                    let c = self.condition(v1, m.expr(*lhs).span);
                    self.rhs(*rhs, c, false)
                } else {
                    let v2 = self.rhs(*rhs, cf, false);
                    self.join(&[v1, v2])
                }
            }
            ExprKind::Ident(ie) => self.ident_value(e, ie.ident.span, cf, load),
            ExprKind::Call { callee, args } => self.call(e, callee.ident.span, args, cf),
        }
    }

    fn ident_value(&mut self, e: ExprId, span: Span, cf: Node, load: bool) -> Node {
        match self.sem(e) {
            ExprSem::Name(Name::Local(s)) => {
                if let Some(x) = self.var_of(s) {
                    if !load {
                        return cf;
                    }
                    let cur = self.var_value(x, cf);
                    return self.join(&[cf, cur]);
                }
                match &self.m.stmt(s).kind {
                    StmtKind::Let(_) => {
                        let (root, node, _) = self.ident_root(e);
                        // `cf`, the `let`'s node, and what a load reads.
                        let mut to = [cf; 3];
                        let mut len = 1;
                        if let Some(n) = node {
                            to[len] = n;
                            len += 1;
                        }
                        let loaded = match root {
                            RootKind::Var(x) if load => Some(self.var_value(x, cf)),
                            RootKind::Global(g) if load && !self.read_only_global(g) => {
                                Some(self.non_uniform_global(g, span))
                            }
                            RootKind::PtrParam(i) if load => Some(self.ptr_param_load(i, span)),
                            _ => None,
                        };
                        if let Some(n) = loaded {
                            to[len] = n;
                            len += 1;
                        }
                        self.join(&to[..len])
                    }
                    _ => cf,
                }
            }
            ExprSem::Name(Name::Param(i)) => {
                if let Some(Some((x, _, _))) = self.ptr_params.get(i as usize).copied() {
                    return if load {
                        let cur = self.var_value(x, cf);
                        self.join(&[cf, cur])
                    } else {
                        self.param_nodes[i as usize]
                    };
                }
                let ty = self
                    .fin
                    .program
                    .function(self.decl)
                    .and_then(|f| f.params.get(i as usize).copied());
                let is_ptr = ty.is_some_and(|t| {
                    matches!(self.fin.program.types.kind(t), TypeKind::Ptr { .. })
                });
                if is_ptr {
                    if load {
                        return self.ptr_param_load(i, span);
                    }
                    return cf;
                }
                let p = self.param_nodes[i as usize];
                self.join(&[cf, p])
            }
            ExprSem::Name(Name::Global(g)) => match self.fin.program.decl(g) {
                DeclInfo::Var(_) if load && !self.read_only_global(g) => {
                    self.non_uniform_global(g, span)
                }
                _ => cf,
            },
            _ => cf,
        }
    }

    /// A load through a pointer parameter outside the `function` space.
    fn ptr_param_load(&mut self, i: u32, span: Span) -> Node {
        let ty = self
            .fin
            .program
            .function(self.decl)
            .and_then(|f| f.params.get(i as usize).copied());
        let read_only = ty.is_some_and(|t| match self.fin.program.types.kind(t) {
            TypeKind::Ptr { access, space, .. } => {
                access == Access::Read
                    || matches!(space, AddressSpace::Uniform | AddressSpace::Handle)
            }
            _ => true,
        });
        if read_only {
            return self.param_nodes[i as usize];
        }
        let n = self.node();
        self.edge(n, MAY_BE_NON_UNIFORM);
        self.why.insert(n, Why::Source(span, What::WritablePointee));
        n
    }

    fn read_only_global(&self, g: DeclId) -> bool {
        match self.fin.program.decl(g) {
            DeclInfo::Var(v) => match v.space {
                AddressSpace::Uniform | AddressSpace::Immediate | AddressSpace::Handle => true,
                AddressSpace::Storage => v.access == Access::Read,
                _ => false,
            },
            _ => true,
        }
    }

    fn non_uniform_global(&mut self, g: DeclId, span: Span) -> Node {
        let n = self.node();
        self.edge(n, MAY_BE_NON_UNIFORM);
        self.why.insert(n, Why::Source(span, What::Global(g)));
        n
    }

    // ---- Calls -----------------------------------------------------------------------

    fn call(&mut self, e: ExprId, span: Span, args: &[ExprId], cf: Node) -> Node {
        let m = self.m;
        // The arguments' nodes go on a stack shared by nested calls: this call's are
        // `arg_nodes[base..]` until it returns.
        let base = self.arg_nodes.len();
        for &a in args {
            let n = self.rhs(a, cf, false);
            self.arg_nodes.push(n);
        }
        let result = self.node();
        self.edge(result, cf);
        let callee_name = match &m.expr(e).kind {
            ExprKind::Call { callee, .. } => m.name(callee.ident.name),
            _ => "",
        };
        match self.sem(e) {
            ExprSem::Call(CallTarget::Function(d)) => {
                // Taken out for the walk and put back: a function never calls itself.
                let tags = std::mem::take(&mut self.tags[d.index()]);
                self.user_call(&tags, d, span, callee_name, args, base, cf, result);
                self.tags[d.index()] = tags;
            }
            ExprSem::Call(CallTarget::Builtin { func, .. }) => {
                self.builtin_call(func, span, args, base, cf, result);
            }
            _ => {
                for k in base..self.arg_nodes.len() {
                    let a = self.arg_nodes[k];
                    self.edge(result, a);
                }
            }
        }
        self.arg_nodes.truncate(base);
        result
    }

    /// The edges of a call of user function `d`, whose tags are `tags`; the arguments'
    /// nodes are `self.arg_nodes[base..]`.
    #[allow(clippy::too_many_arguments)]
    fn user_call(
        &mut self,
        tags: &FnTags<'a>,
        d: DeclId,
        span: Span,
        callee_name: &'a str,
        args: &[ExprId],
        base: usize,
        cf: Node,
        result: Node,
    ) {
        let m = self.m;
        if let Some(req) = &tags.call_site {
            let cause = Cause {
                call_span: span,
                callee: callee_name,
                trigger: req.cause.trigger,
                arg: None,
                origin: req.cause.origin,
                origin_param: req.cause.origin_param,
            };
            self.require(req.sev, cf, cause);
        }
        if tags.returns_non_uniform {
            self.edge(result, MAY_BE_NON_UNIFORM);
            self.why
                .insert(result, Why::Result(span, What::CallResult(callee_name)));
        }
        let nargs = self.arg_nodes.len() - base;
        let arg_node = |w: &Self, k: usize| (k < nargs).then(|| w.arg_nodes[base + k]);
        // Only `function`-space pointer parameters look at the memory behind arguments:
        // the variables' values before the call, and the arguments' roots.
        let touches_memory = tags.params.iter().any(|p| {
            p.pointee_non_uniform || p.pointee_from.is_some() || p.contents_required.is_some()
        });
        let (pre_state, roots) = if touches_memory {
            let mut roots = Vec::with_capacity(args.len());
            for &a in args {
                roots.push(self.expr_root(a).0);
            }
            (self.state.clone(), roots)
        } else {
            (Vec::new(), Vec::new())
        };
        let mut source_nodes: Map<u32, Node> = Map::default();
        for (k, p) in tags.params.iter().enumerate() {
            let Some(arg) = arg_node(self, k) else {
                continue;
            };
            // The callee's requirement on argument `k`, as seen from this call.
            let at_call = |w: &Self, req: &Requirement<'a>| Cause {
                call_span: span,
                callee: callee_name,
                trigger: req.cause.trigger,
                arg: Some((m.expr(args[k]).span, w.param_name(d, k))),
                origin: req.cause.origin,
                origin_param: req.cause.origin_param,
            };
            if let Some(req) = &p.required {
                let cause = at_call(self, req);
                self.require(req.sev, arg, cause);
            }
            if p.return_depends {
                self.edge(result, arg);
            }
            // The memory behind a `function`-space pointer argument.
            if let Some(&RootKind::Var(x)) = roots.get(k) {
                let is_fn_ptr = p.pointee_non_uniform
                    || p.pointee_from.is_some()
                    || p.contents_required.is_some();
                if !is_fn_ptr {
                    continue;
                }
                if let Some(req) = &p.contents_required {
                    let pre = pre_state.get(x).copied().unwrap_or(cf);
                    let cause = at_call(self, req);
                    self.require(req.sev, pre, cause);
                }
                let out = self.node();
                self.edge(out, cf);
                if p.pointee_non_uniform {
                    self.edge(out, MAY_BE_NON_UNIFORM);
                    self.why
                        .insert(out, Why::Result(span, What::Pointee(callee_name)));
                }
                if let Some(g) = p.pointee_from {
                    let shared = match source_nodes.get(&g) {
                        Some(&n) => n,
                        None => {
                            let n = self.node();
                            let (values, contents) = &tags.pointee_sources[g as usize];
                            for &j in values {
                                if let Some(a) = arg_node(self, j as usize) {
                                    self.edge(n, a);
                                }
                            }
                            for &j in contents {
                                if let Some(RootKind::Var(y)) = roots.get(j as usize) {
                                    if let Some(&v) = pre_state.get(*y) {
                                        self.edge(n, v);
                                    }
                                }
                            }
                            source_nodes.insert(g, n);
                            n
                        }
                    };
                    self.edge(out, shared);
                }
                if x < self.state.len() {
                    self.state[x] = out;
                }
            }
        }
    }

    /// The name of parameter `k` of function `d` (empty if there is none).
    fn param_name(&self, d: DeclId, k: usize) -> &'a str {
        let m = self.m;
        match &m.decls[d.index()].kind {
            GlobalDeclKind::Fn(f) => f.params.get(k).map_or("", |p| m.name(p.name.name)),
            _ => "",
        }
    }

    /// The edges of a call of builtin `f`; the arguments' nodes are
    /// `self.arg_nodes[base..]`.
    fn builtin_call(
        &mut self,
        f: BuiltinFn,
        span: Span,
        args: &[ExprId],
        base: usize,
        cf: Node,
        result: Node,
    ) {
        let cause = |trigger, arg: Option<(Span, &'static str)>| Cause {
            call_span: span,
            callee: f.name(),
            trigger,
            origin: (arg.map_or(span, |a| a.0), f.name()),
            origin_param: arg.map(|a| a.1),
            arg,
        };
        let arg_node = |w: &Self, k: usize| w.arg_nodes.get(base + k).copied();
        let mut returns_non_uniform = false;
        match f.uniformity() {
            Uniformity::Barrier => {
                if self.scope == Scope::Workgroup {
                    self.require(0, cf, cause(Trigger::Barrier, None));
                    if f == BuiltinFn::WorkgroupUniformLoad {
                        if let (Some(&a), Some(n)) = (args.first(), arg_node(self, 0)) {
                            self.require(
                                0,
                                n,
                                cause(Trigger::Barrier, Some((self.m.expr(a).span, "p"))),
                            );
                        }
                    }
                }
            }
            Uniformity::Derivative => {
                returns_non_uniform = true;
                if self.scope == Scope::Workgroup {
                    let sev = self
                        .filters
                        .severity_at(Rule::DerivativeUniformity, span.start)
                        .map_or(Some(0), sev_of);
                    if let Some(sev) = sev {
                        self.require(sev, cf, cause(Trigger::Derivative, None));
                    }
                }
            }
            Uniformity::Subgroup => {
                use BuiltinFn::*;
                let uniform_result = matches!(
                    f,
                    SubgroupAdd
                        | SubgroupAll
                        | SubgroupAnd
                        | SubgroupAny
                        | SubgroupBallot
                        | SubgroupBroadcast
                        | SubgroupBroadcastFirst
                        | SubgroupMax
                        | SubgroupMin
                        | SubgroupMul
                        | SubgroupOr
                        | SubgroupXor
                );
                returns_non_uniform = !(self.scope == Scope::Subgroup && uniform_result);
                if self.scope == Scope::Subgroup {
                    let sev = self
                        .filters
                        .severity_at(Rule::SubgroupUniformity, span.start)
                        .map_or(Some(0), sev_of);
                    if let Some(sev) = sev {
                        self.require(sev, cf, cause(Trigger::Subgroup, None));
                        let param = match f {
                            SubgroupShuffleUp | SubgroupShuffleDown => Some("delta"),
                            SubgroupShuffleXor => Some("mask"),
                            _ => None,
                        };
                        if let (Some(p), Some(&a), Some(n)) =
                            (param, args.get(1), arg_node(self, 1))
                        {
                            self.require(
                                sev,
                                n,
                                cause(Trigger::Subgroup, Some((self.m.expr(a).span, p))),
                            );
                        }
                    }
                }
            }
            Uniformity::None => {}
        }
        if f == BuiltinFn::TextureLoad {
            let rw = args
                .first()
                .and_then(|&a| self.fin.program.value_type(a))
                .is_some_and(|t| {
                    matches!(
                        self.fin.program.types.kind(t),
                        TypeKind::Texture(TextureKind::Storage {
                            access: Access::ReadWrite,
                            ..
                        })
                    )
                });
            returns_non_uniform |= rw;
        }
        // A pointer argument's result depends on the memory it points to (except for
        // `workgroupUniformLoad`, whose result is uniform by definition).
        if f != BuiltinFn::WorkgroupUniformLoad {
            for &a in args {
                let is_ptr = self.fin.program.type_of(a).is_some_and(|t| {
                    matches!(self.fin.program.types.kind(t), TypeKind::Ptr { .. })
                });
                if is_ptr {
                    let contents = self.rhs(a, cf, true);
                    self.edge(result, contents);
                }
            }
        }
        if returns_non_uniform {
            self.edge(result, MAY_BE_NON_UNIFORM);
            self.why
                .insert(result, Why::Result(span, What::CallResult(f.name())));
        }
        for k in base..base + args.len() {
            let a = self.arg_nodes[k];
            self.edge(result, a);
        }
    }
}
