//! Alias analysis (§"Alias Analysis").
//!
//! Every memory view has a *root identifier*: the variable or pointer parameter it was
//! derived from, found by walking back through `&`, `*`, parentheses, member and index
//! accesses, and `let` declarations of pointers. While checking a function the checker
//! records which roots it reads and writes ([`Checker::note_access`]); at the end, the
//! function's summary says which module-scope variables and which pointer parameters it
//! reads and writes, its callees' effects included (callees are checked first).
//!
//! At each call the spec forbids passing two pointer arguments with the same root when
//! either parameter is written, and a pointer to a module-scope variable when the callee
//! writes through that parameter and touches the variable directly, or reads through it
//! and writes the variable.

use super::Checker;
use crate::diag::{Diagnostic, Span, codes};
use crate::sema::builtins::BuiltinFn;
use crate::sema::program::{DeclId, DeclInfo, ExprSem, Name};
use crate::sema::types::TypeKind;
use crate::syntax::ast::{ExprId, ExprKind, StmtId, StmtKind, UnaryOp};

/// The root identifier of a memory view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Root {
    Global(DeclId),
    Param(u32),
    Local(StmtId),
}

impl Root {
    /// The key of a root in [`FnCtx`](super::FnCtx)'s read and write sets: a module-scope
    /// variable or a parameter (tag 0 or 1, index). A local matters to no summary and
    /// has none.
    fn key(self) -> Option<(u32, u32)> {
        match self {
            Root::Global(g) => Some((0, g.index() as u32)),
            Root::Param(i) => Some((1, i)),
            Root::Local(_) => None,
        }
    }
}

/// What a function reads and writes, callees included.
#[derive(Clone, Debug, Default)]
pub(crate) struct AccessSummary {
    pub global_reads: Vec<DeclId>,
    pub global_writes: Vec<DeclId>,
    pub param_reads: Vec<bool>,
    pub param_writes: Vec<bool>,
}

impl Checker<'_> {
    /// The root identifier of a memory view or pointer expression.
    pub(crate) fn root(&self, e: ExprId) -> Option<Root> {
        let mut e = e;
        // Bounded by the tree's depth plus the chain of `let` pointers, each earlier in
        // the function than the last.
        loop {
            match &self.m.expr(e).kind {
                ExprKind::Paren(i)
                | ExprKind::Member { base: i, .. }
                | ExprKind::Index { base: i, .. }
                | ExprKind::Unary {
                    op: UnaryOp::AddressOf | UnaryOp::Deref,
                    operand: i,
                } => e = *i,
                ExprKind::Ident(_) => {
                    return match self.p.sems[e.index()] {
                        ExprSem::Name(Name::Global(g)) => {
                            matches!(self.p.decls[g.index()], DeclInfo::Var(_))
                                .then_some(Root::Global(g))
                        }
                        ExprSem::Name(Name::Param(i)) => Some(Root::Param(i)),
                        ExprSem::Name(Name::Local(s)) => match &self.m.stmt(s).kind {
                            StmtKind::Var(_) => Some(Root::Local(s)),
                            StmtKind::Let(v) => {
                                let is_ptr = self.p.locals[s.index()].as_ref().is_some_and(|l| {
                                    matches!(self.p.types.kind(l.ty), TypeKind::Ptr { .. })
                                });
                                if !is_ptr {
                                    return None;
                                }
                                e = v.init;
                                continue;
                            }
                            _ => None,
                        },
                        _ => None,
                    };
                }
                ExprKind::Call { .. } => {
                    // `bufferView(p, …)` and `bufferArrayView(p, …)` keep `p`'s root.
                    if let ExprSem::Call(crate::sema::program::CallTarget::Builtin {
                        func, ..
                    }) = self.p.sems[e.index()]
                    {
                        if matches!(func, BuiltinFn::BufferView | BuiltinFn::BufferArrayView) {
                            if let ExprKind::Call { args, .. } = &self.m.expr(e).kind {
                                if let Some(&a) = args.first() {
                                    e = a;
                                    continue;
                                }
                            }
                        }
                    }
                    return None;
                }
                _ => return None,
            }
        }
    }

    /// Records a read and/or write of the memory view `e`.
    pub(crate) fn note_access(&mut self, e: ExprId, read: bool, write: bool) {
        if self.f.decl.is_none() {
            return;
        }
        let Some(r) = self.root(e) else {
            return;
        };
        self.note_root(r, read, write);
    }

    fn note_root(&mut self, r: Root, read: bool, write: bool) {
        let Some(key) = r.key() else {
            return;
        };
        if read {
            self.f.reads.insert(key);
        }
        if write {
            self.f.writes.insert(key);
        }
    }

    /// The memory accesses of a builtin call through its pointer argument.
    pub(crate) fn note_builtin_access(&mut self, f: BuiltinFn, args: &[ExprId]) {
        use BuiltinFn::*;
        let (read, write) = match f {
            AtomicLoad | WorkgroupUniformLoad => (true, false),
            AtomicStore => (false, true),
            AtomicAdd
            | AtomicSub
            | AtomicMax
            | AtomicMin
            | AtomicAnd
            | AtomicOr
            | AtomicXor
            | AtomicExchange
            | AtomicCompareExchangeWeak => (true, true),
            _ => return,
        };
        if let Some(&p) = args.first() {
            self.note_access(p, read, write);
        }
    }

    /// The effects of calling user function `callee` with `args`, and the aliasing rules
    /// at the call site.
    pub(crate) fn call_effects(
        &mut self,
        callee: DeclId,
        callee_name: &str,
        args: &[ExprId],
        span: Span,
    ) {
        // Taken out and put back rather than cloned: the callee is never the function
        // being checked, whose summary is written when its check ends.
        let summary = std::mem::take(&mut self.access[callee.index()]);
        self.apply_call_effects(&summary, callee_name, args, span);
        self.access[callee.index()] = summary;
    }

    fn apply_call_effects(
        &mut self,
        summary: &AccessSummary,
        callee_name: &str,
        args: &[ExprId],
        span: Span,
    ) {
        // The callee's effects on module-scope variables are the caller's.
        for &g in &summary.global_reads {
            self.note_root(Root::Global(g), true, false);
        }
        for &g in &summary.global_writes {
            self.note_root(Root::Global(g), false, true);
        }
        let mut roots: Vec<Option<Root>> = Vec::with_capacity(args.len());
        for (k, &a) in args.iter().enumerate() {
            let is_ptr = self.p.exprs[a.index()]
                .ty
                .is_some_and(|t| matches!(self.p.types.kind(t), TypeKind::Ptr { .. }));
            let root = if is_ptr { self.root(a) } else { None };
            roots.push(root);
            let Some(r) = root else { continue };
            let reads = summary.param_reads.get(k).copied().unwrap_or(false);
            let writes = summary.param_writes.get(k).copied().unwrap_or(false);
            self.note_root(r, reads, writes);
        }
        // Aliasing between pointer arguments, and between an argument and a global the
        // callee uses directly.
        for k in 0..roots.len() {
            let Some(rk) = roots[k] else { continue };
            let wk = summary.param_writes.get(k).copied().unwrap_or(false);
            let rdk = summary.param_reads.get(k).copied().unwrap_or(false);
            for j in 0..k {
                if roots[j] != Some(rk) {
                    continue;
                }
                let wj = summary.param_writes.get(j).copied().unwrap_or(false);
                if wk || wj {
                    self.report(
                        Diagnostic::error(
                            codes::ALIASING,
                            format!(
                                "arguments {} and {} of `{callee_name}` point to the same memory, which `{callee_name}` writes",
                                j + 1,
                                k + 1
                            ),
                        )
                        .with_primary(self.span(args[k]), "aliases an earlier argument")
                        .with_secondary(self.span(args[j]), "the earlier argument")
                        .with_note("a function may not access memory through two aliasing pointers when one of the accesses is a write"),
                    );
                    return;
                }
            }
            if let Root::Global(g) = rk {
                let conflict = (wk
                    && (summary.global_reads.contains(&g) || summary.global_writes.contains(&g)))
                    || (rdk && summary.global_writes.contains(&g));
                if conflict {
                    let gname = crate::sema::resolve::decl_name(&self.m.decls[g.index()].kind)
                        .map_or("?", |i| self.m.name(i.name));
                    self.report(
                        Diagnostic::error(
                            codes::ALIASING,
                            format!(
                                "argument {} of `{callee_name}` points into `{gname}`, which `{callee_name}` also uses directly",
                                k + 1
                            ),
                        )
                        .with_primary(self.span(args[k]), "aliases a module-scope variable")
                        .with_secondary(span, "in this call")
                        .with_note("a function may not access memory through two aliasing names when one of the accesses is a write"),
                    );
                    return;
                }
            }
        }
    }

    /// The summary of the function just checked.
    pub(crate) fn access_summary(&self, nparams: usize) -> AccessSummary {
        let mut s = AccessSummary {
            param_reads: vec![false; nparams],
            param_writes: vec![false; nparams],
            ..AccessSummary::default()
        };
        for (set, globals, params) in [
            (&self.f.reads, &mut s.global_reads, &mut s.param_reads),
            (&self.f.writes, &mut s.global_writes, &mut s.param_writes),
        ] {
            for &(tag, i) in set {
                if tag == 0 {
                    globals.push(DeclId::from_index(i as usize));
                } else if let Some(x) = params.get_mut(i as usize) {
                    *x = true;
                }
            }
        }
        s
    }
}
