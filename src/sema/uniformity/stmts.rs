//! Phase 1 for functions and statements: the nodes of a function's parameters and entry
//! point inputs, control flow through statements, loops and switches, and the value
//! analysis of function-scope variables (§"Function-scope Variable Value Analysis") with
//! the LHSValue rules of assignments.
//!
//! Rules:
//! - A statement is walked with the control-flow node it starts at and returns the node
//!   after it; a statement list stops after one that cannot go on to the next.
//! - `state` is each variable's current value node. Branches start from a copy of it, and
//!   `join_states` merges the states of the paths that reach a join; a loop gives each
//!   variable a header node, which the next iteration's values flow into.
//! - Pointers are desugared: a `function`-space pointer parameter is a variable, and a
//!   `let` of pointer type stands for its initializer's root (`ident_root`, `expr_root`).

use super::{Breakable, CF_START, MAY_BE_NON_UNIFORM, Node, RootKind, Scope, Walker, What, Why};
use crate::diag::Span;
use crate::sema::check::Behavior;
use crate::sema::program::{BuiltinValue, DeclInfo, ExprSem, LocalKind, Name, ShaderStage};
use crate::sema::types::{AddressSpace, TypeKind};
use crate::syntax::ast::{Block, ExprId, ExprKind, StmtId, StmtKind, SwitchClause, UnaryOp};

impl<'a> Walker<'a> {
    // ---- Functions -------------------------------------------------------------------

    pub(super) fn function(&mut self, f: &crate::syntax::ast::FnDecl) {
        let fin = self.fin;
        let info = match fin.program.decl(self.decl) {
            DeclInfo::Fn(i) => i,
            _ => return,
        };
        for (k, &ty) in info.params.iter().enumerate() {
            let n = self.node();
            self.why.insert(n, Why::Param(k as u32));
            self.param_nodes.push(n);
            let fn_ptr = matches!(
                self.fin.program.types.kind(ty),
                TypeKind::Ptr {
                    space: AddressSpace::Function,
                    ..
                }
            );
            if fn_ptr {
                let contents = self.node();
                let ret = self.node();
                let var = self.state.len();
                self.state.push(contents);
                self.ptr_params.push(Some((var, contents, ret)));
            } else {
                self.ptr_params.push(None);
            }
        }
        if info.ret.is_some() {
            self.value_return = Some(self.node());
        }
        self.first_interior = self.count;
        if self.stage.is_some() {
            self.entry_inputs(f);
        }
        let b = self.fin.facts[self.decl.index()].behavior;
        self.block(&f.body, CF_START);
        if b.has(Behavior::NEXT) {
            self.pointer_returns();
        }
    }

    /// Entry point inputs are non-uniform, except the builtin values the spec calls
    /// uniform.
    fn entry_inputs(&mut self, f: &crate::syntax::ast::FnDecl) {
        let Some(ep) = self
            .fin
            .program
            .entry_points
            .iter()
            .find(|e| e.decl == self.decl)
        else {
            // Broken interface: treat every input as non-uniform.
            for k in 0..self.param_nodes.len() {
                self.edge(self.param_nodes[k], MAY_BE_NON_UNIFORM);
            }
            return;
        };
        let compute = self.stage == Some(ShaderStage::Compute);
        for (k, p) in f.params.iter().enumerate() {
            let uniform = ep
                .inputs
                .iter()
                .filter(|i| i.param == Some(k as u32))
                .all(|i| match i.attrs.builtin {
                    Some(
                        BuiltinValue::WorkgroupId
                        | BuiltinValue::NumWorkgroups
                        | BuiltinValue::NumSubgroups,
                    ) => true,
                    Some(BuiltinValue::SubgroupSize) => compute,
                    Some(BuiltinValue::SubgroupId) => self.scope == Scope::Subgroup,
                    _ => false,
                });
            if !uniform {
                let n = self.param_nodes[k];
                let builtin = ep
                    .inputs
                    .iter()
                    .any(|i| i.param == Some(k as u32) && i.attrs.builtin.is_some());
                let name = self.m.name(p.name.name);
                self.why
                    .insert(n, Why::Source(p.name.span, What::Input { name, builtin }));
                self.edge(n, MAY_BE_NON_UNIFORM);
            }
        }
    }

    /// At a `return` (or the end of the body): the contents of each `function`-space
    /// pointer parameter flow out.
    fn pointer_returns(&mut self) {
        for k in 0..self.ptr_params.len() {
            if let Some((var, _, ret)) = self.ptr_params[k] {
                let cur = self.var_value(var, CF_START);
                self.edge(ret, cur);
            }
        }
    }

    // ---- Statements ------------------------------------------------------------------

    fn block(&mut self, b: &Block, cf: Node) -> Node {
        self.stmts(&b.stmts, cf)
    }

    fn stmts(&mut self, stmts: &[StmtId], mut cf: Node) -> Node {
        for &s in stmts {
            cf = self.stmt(s, cf);
            if !self.behavior(s).has(Behavior::NEXT) {
                break;
            }
        }
        cf
    }

    fn stmt(&mut self, s: StmtId, cf: Node) -> Node {
        let m = self.m;
        match &m.stmt(s).kind {
            StmtKind::Empty | StmtKind::Discard | StmtKind::ConstAssert(_) | StmtKind::Const(_) => {
                cf
            }
            StmtKind::Block(b) => self.block(b, cf),
            StmtKind::Var(v) => {
                let value = match v.init {
                    Some(i) => self.rhs(i, cf, false),
                    None => cf,
                };
                let var = self.state.len();
                self.state.push(value);
                self.vars.insert(s.index() as u32, var as u32);
                cf
            }
            StmtKind::Let(v) => {
                let value = self.rhs(v.init, cf, false);
                self.lets.insert(s.index() as u32, value);
                cf
            }
            StmtKind::Assign { lhs, op, rhs } => {
                match lhs {
                    None => {
                        self.rhs(*rhs, cf, false);
                    }
                    Some(l) => {
                        let mut rv = self.rhs(*rhs, cf, false);
                        if op.is_some() {
                            // `x op= e` reads `x` too.
                            let old = self.rhs(*l, cf, true);
                            rv = self.join(&[old, rv]);
                        }
                        self.assign(*l, cf, rv);
                    }
                }
                cf
            }
            StmtKind::Increment(e) | StmtKind::Decrement(e) => {
                let old = self.rhs(*e, cf, true);
                self.assign(*e, cf, old);
                cf
            }
            StmtKind::Call(e) => {
                self.rhs(*e, cf, false);
                cf
            }
            StmtKind::Return(value) => {
                if let Some(v) = value {
                    let n = self.rhs(*v, cf, false);
                    if let Some(r) = self.value_return {
                        self.edge(r, n);
                    }
                }
                self.pointer_returns();
                cf
            }
            StmtKind::Break => {
                let st = self.state.clone();
                if let Some(b) = self.breakables.last_mut() {
                    b.breaks.push(st);
                }
                cf
            }
            StmtKind::Continue => {
                let st = self.state.clone();
                if let Some(b) = self.breakables.iter_mut().rev().find(|b| b.is_loop) {
                    b.continues.push(st);
                }
                cf
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => self.if_stmt(s, cf, *cond, then_branch, *else_branch),
            StmtKind::Switch {
                selector, clauses, ..
            } => self.switch_stmt(s, cf, *selector, clauses),
            StmtKind::Loop {
                body, continuing, ..
            } => {
                let b1 = self.block_behavior(&body.stmts);
                let cont: Option<(&[StmtId], Option<ExprId>)> = continuing
                    .as_ref()
                    .map(|c| (c.body.stmts.as_slice(), c.break_if));
                self.loop_stmt(cf, b1, None, &body.stmts, cont)
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
                ..
            } => {
                let mut cf = cf;
                if let Some(i) = init {
                    cf = self.stmt(*i, cf);
                }
                let mut b1 = self.block_behavior(&body.stmts);
                if cond.is_some() {
                    b1 = b1.union(Behavior::BREAK);
                }
                self.loop_stmt(cf, b1, *cond, &body.stmts, Some((update.as_slice(), None)))
            }
            StmtKind::While { cond, body, .. } => {
                let b1 = self.block_behavior(&body.stmts).union(Behavior::BREAK);
                self.loop_stmt(cf, b1, Some(*cond), &body.stmts, None)
            }
        }
    }

    /// `if`: both branches start from the state before, which the live ends join.
    fn if_stmt(
        &mut self,
        s: StmtId,
        cf: Node,
        cond: ExprId,
        then_branch: &Block,
        else_branch: Option<StmtId>,
    ) -> Node {
        let v = self.rhs(cond, cf, false);
        let branch_cf = self.condition(v, self.m.expr(cond).span);
        let before = self.state.clone();
        let cf1 = self.block(then_branch, branch_cf);
        let after_then = std::mem::replace(&mut self.state, before);
        let b1 = self.block_behavior(&then_branch.stmts);
        let (cf2, b2) = match else_branch {
            Some(e) => (self.stmt(e, branch_cf), self.behavior(e)),
            None => (branch_cf, Behavior::NEXT),
        };
        let after_else = std::mem::take(&mut self.state);
        self.state = self.join_states(&[
            (b1.has(Behavior::NEXT), &after_then),
            (b2.has(Behavior::NEXT), &after_else),
        ]);
        if self.behavior(s) == Behavior::NEXT {
            cf
        } else {
            self.join(&[cf1, cf2])
        }
    }

    /// `switch`: every clause starts from the state before; the clauses that fall out
    /// and every `break` join after it.
    fn switch_stmt(
        &mut self,
        s: StmtId,
        cf: Node,
        selector: ExprId,
        clauses: &[SwitchClause],
    ) -> Node {
        let v = self.rhs(selector, cf, false);
        let branch_cf = self.condition(v, self.m.expr(selector).span);
        let before = self.state.clone();
        self.breakables.push(Breakable {
            is_loop: false,
            breaks: Vec::new(),
            continues: Vec::new(),
        });
        let mut ends = Vec::new();
        let mut exits: Vec<Vec<Node>> = Vec::new();
        for c in clauses {
            self.state = before.clone();
            ends.push(self.block(&c.body, branch_cf));
            if self.block_behavior(&c.body.stmts).has(Behavior::NEXT) {
                exits.push(std::mem::take(&mut self.state));
            }
        }
        let b = self.breakables.pop().expect("switch context");
        exits.extend(b.breaks);
        // Continues inside the switch belong to the enclosing loop.
        if let Some(l) = self.breakables.iter_mut().rev().find(|b| b.is_loop) {
            l.continues.extend(b.continues);
        }
        let refs = all_live(&exits);
        self.state = if refs.is_empty() {
            before
        } else {
            self.join_states(&refs)
        };
        if self.behavior(s) == Behavior::NEXT {
            cf
        } else {
            self.join(&ends)
        }
    }

    /// A control flow node that depends on a condition's value.
    pub(super) fn condition(&mut self, v: Node, span: Span) -> Node {
        let n = self.node();
        self.edge(n, v);
        self.why.insert(n, Why::Condition(span));
        n
    }

    fn block_behavior(&self, stmts: &[StmtId]) -> Behavior {
        let mut b = Behavior::NEXT;
        for &s in stmts {
            let sb = self.behavior(s);
            b = b.without(Behavior::NEXT).union(sb);
            if !sb.has(Behavior::NEXT) {
                break;
            }
        }
        b
    }

    /// Joins variable states from several control-flow paths (those marked live).
    fn join_states(&mut self, paths: &[(bool, &Vec<Node>)]) -> Vec<Node> {
        // Loops over the live paths: an iterator chain would be a copy of the iterator
        // code for each use.
        let mut longest = None;
        for &(live, s) in paths {
            if live {
                longest = Some(longest.map_or(s.len(), |n: usize| n.max(s.len())));
            }
        }
        let Some(n) = longest else {
            return paths.first().map(|(_, s)| (*s).clone()).unwrap_or_default();
        };
        let mut out = Vec::with_capacity(n);
        let mut vals = std::mem::take(&mut self.join_buf);
        for x in 0..n {
            vals.clear();
            for &(live, s) in paths {
                if let (true, Some(&v)) = (live, s.get(x)) {
                    vals.push(v);
                }
            }
            vals.dedup();
            // Deduplicated, the values are all equal when at most one is left.
            if vals.len() <= 1 {
                out.push(vals[0]);
            } else {
                out.push(self.join(&vals));
            }
        }
        self.join_buf = vals;
        out
    }

    /// A loop (`loop`, desugared `for` and `while`): `cond` is the `for`/`while`
    /// condition checked at the top, `b1` the body's behavior (with the condition's
    /// `break`), `cont` the continuing statements and `break if`.
    fn loop_stmt(
        &mut self,
        cf: Node,
        b1: Behavior,
        cond: Option<ExprId>,
        body: &[StmtId],
        cont: Option<(&[StmtId], Option<ExprId>)>,
    ) -> Node {
        let iterates = b1.has(Behavior::NEXT) || b1.has(Behavior::CONTINUE);
        // Loop header: each variable's value at the start of an iteration.
        let before = self.state.clone();
        let header: Vec<Node> = if iterates {
            let mut header = Vec::with_capacity(before.len());
            for &v in &before {
                let n = self.node();
                self.edges.push((n, v));
                header.push(n);
            }
            header
        } else {
            before.clone()
        };
        self.state = header.clone();
        let cf_iter = if iterates {
            let n = self.node();
            self.edge(n, cf);
            n
        } else {
            cf
        };
        self.breakables.push(Breakable {
            is_loop: true,
            breaks: Vec::new(),
            continues: Vec::new(),
        });
        let mut body_cf = cf_iter;
        if let Some(c) = cond {
            let v = self.rhs(c, cf_iter, false);
            body_cf = self.condition(v, self.m.expr(c).span);
            let st = self.state.clone();
            if let Some(b) = self.breakables.last_mut() {
                b.breaks.push(st);
            }
        }
        let cf1 = self.stmts(body, body_cf);
        // The continuing block starts from the body's end and every `continue`.
        let end_body = std::mem::take(&mut self.state);
        let mut ctx = self.breakables.pop().expect("loop context");
        let mut entries: Vec<(bool, &Vec<Node>)> =
            vec![(self.block_behavior(body).has(Behavior::NEXT), &end_body)];
        for c in &ctx.continues {
            entries.push((true, c));
        }
        let cont_state = if entries.iter().any(|e| e.0) {
            self.join_states(&entries)
        } else {
            end_body.clone()
        };
        self.state = cont_state;
        self.breakables.push(Breakable {
            is_loop: false,
            breaks: Vec::new(),
            continues: Vec::new(),
        });
        let mut cf2 = cf1;
        if let Some((stmts, break_if)) = cont {
            cf2 = self.stmts(stmts, cf1);
            if let Some(c) = break_if {
                let v = self.rhs(c, cf2, false);
                let st = self.state.clone();
                ctx.breaks.push(st);
                cf2 = self.condition(v, self.m.expr(c).span);
            }
        }
        let inner = self.breakables.pop().expect("continuing context");
        ctx.breaks.extend(inner.breaks);
        if iterates {
            self.edge(cf_iter, cf2);
            // The next iteration's values.
            for (x, &h) in header.iter().enumerate() {
                if let Some(&v) = self.state.get(x) {
                    self.edge(h, v);
                }
            }
        }
        // After the loop: the states at every break.
        let exits = all_live(&ctx.breaks);
        let mut out = if exits.is_empty() {
            self.state.clone()
        } else {
            self.join_states(&exits)
        };
        if out.len() < before.len() {
            out.extend_from_slice(&before[out.len()..]);
        }
        self.state = out;
        let has_return = b1.has(Behavior::RETURN);
        if !iterates {
            if b1 == Behavior::BREAK { cf } else { cf1 }
        } else if has_return {
            cf_iter
        } else {
            cf
        }
    }

    // ---- Assignments -----------------------------------------------------------------

    /// `lhs = value`: the LHSValue rules, updating the assigned variable's value.
    fn assign(&mut self, lhs: ExprId, cf: Node, value: Node) {
        let (root, lv, full) = self.lhs(lhs, cf);
        self.edge(lv, value);
        if let RootKind::Var(x) = root {
            if x >= self.state.len() {
                return;
            }
            if full {
                self.state[x] = lv;
            } else {
                let old = self.state[x];
                self.state[x] = self.join(&[lv, old]);
            }
        }
    }

    /// The current value node of variable `x` (`cf` if it is unknown, which only happens
    /// after an error).
    pub(super) fn var_value(&self, x: usize, cf: Node) -> Node {
        self.state.get(x).copied().unwrap_or(cf)
    }

    /// The LHSValue rules: the root, the node of the assigned location, and whether the
    /// assignment is a full one.
    fn lhs(&mut self, e: ExprId, cf: Node) -> (RootKind, Node, bool) {
        match &self.m.expr(e).kind {
            ExprKind::Paren(i) => self.lhs(*i, cf),
            ExprKind::Unary {
                op: UnaryOp::Deref | UnaryOp::AddressOf,
                operand,
            } => self.lhs(*operand, cf),
            ExprKind::Member { base, .. } => {
                let (r, n, _) = self.lhs(*base, cf);
                (r, n, false)
            }
            ExprKind::Index { base, index } => {
                let v1 = self.rhs(*index, cf, false);
                let (r, l2, _) = self.lhs(*base, cf);
                self.edge(l2, v1);
                (r, l2, false)
            }
            ExprKind::Ident(_) => {
                let (root, extra, full) = self.ident_root(e);
                match root {
                    RootKind::Var(_) => {
                        let n = self.node();
                        self.edge(n, cf);
                        if let Some(x) = extra {
                            self.edge(n, x);
                        }
                        (root, n, full)
                    }
                    RootKind::Global(_) | RootKind::PtrParam(_) => {
                        (root, MAY_BE_NON_UNIFORM, false)
                    }
                    RootKind::None => (root, extra.unwrap_or(cf), false),
                }
            }
            _ => {
                let n = self.rhs(e, cf, false);
                (RootKind::None, n, false)
            }
        }
    }

    /// The variable index of the function-scope `var` declared by statement `s`.
    pub(super) fn var_of(&self, s: StmtId) -> Option<usize> {
        self.vars.get(&(s.index() as u32)).map(|&x| x as usize)
    }

    /// What an identifier in a memory view resolves to: the root, the extra value node
    /// of a `let` pointer's initializer, and whether it is a full reference.
    pub(super) fn ident_root(&self, e: ExprId) -> (RootKind, Option<Node>, bool) {
        match self.sem(e) {
            ExprSem::Name(Name::Local(s)) => {
                if let Some(x) = self.var_of(s) {
                    return (RootKind::Var(x), None, true);
                }
                if let StmtKind::Let(v) = &self.m.stmt(s).kind {
                    let is_ptr = self.fin.program.local(s).is_some_and(|l| {
                        l.kind == LocalKind::Let
                            && matches!(self.fin.program.types.kind(l.ty), TypeKind::Ptr { .. })
                    });
                    if is_ptr {
                        let node = self.lets.get(&(s.index() as u32)).copied();
                        let (root, _, _) = self.expr_root(v.init);
                        let full = self.is_full_pointer(v.init);
                        return (root, node, full);
                    }
                    return (
                        RootKind::None,
                        self.lets.get(&(s.index() as u32)).copied(),
                        false,
                    );
                }
                (RootKind::None, None, false)
            }
            ExprSem::Name(Name::Param(i)) => {
                if let Some(Some((x, _, _))) = self.ptr_params.get(i as usize) {
                    return (RootKind::Var(*x), None, true);
                }
                (
                    RootKind::PtrParam(i),
                    self.param_nodes.get(i as usize).copied(),
                    false,
                )
            }
            ExprSem::Name(Name::Global(g)) => (RootKind::Global(g), None, false),
            _ => (RootKind::None, None, false),
        }
    }

    /// The root of a pointer or memory view expression.
    pub(super) fn expr_root(&self, e: ExprId) -> (RootKind, Option<Node>, bool) {
        match &self.m.expr(e).kind {
            ExprKind::Paren(i)
            | ExprKind::Member { base: i, .. }
            | ExprKind::Index { base: i, .. }
            | ExprKind::Unary {
                op: UnaryOp::Deref | UnaryOp::AddressOf,
                operand: i,
            } => self.expr_root(*i),
            ExprKind::Ident(_) => self.ident_root(e),
            _ => (RootKind::None, None, false),
        }
    }

    /// A full pointer (§"Function-scope Variable Value Analysis"): `&x`, `&*p`, or a
    /// `let` of one.
    fn is_full_pointer(&self, e: ExprId) -> bool {
        match &self.m.expr(e).kind {
            ExprKind::Paren(i) => self.is_full_pointer(*i),
            ExprKind::Unary {
                op: UnaryOp::AddressOf,
                operand,
            } => self.is_full_reference(*operand),
            ExprKind::Ident(_) => matches!(self.ident_root(e), (RootKind::Var(_), _, true)),
            _ => false,
        }
    }

    fn is_full_reference(&self, e: ExprId) -> bool {
        match &self.m.expr(e).kind {
            ExprKind::Paren(i) => self.is_full_reference(*i),
            ExprKind::Unary {
                op: UnaryOp::Deref,
                operand,
            } => self.is_full_pointer(*operand),
            ExprKind::Ident(_) => matches!(self.ident_root(e), (RootKind::Var(_), _, true)),
            _ => false,
        }
    }
}

/// The paths for [`Walker::join_states`] from states that are all live.
fn all_live(states: &[Vec<Node>]) -> Vec<(bool, &Vec<Node>)> {
    let mut out = Vec::with_capacity(states.len());
    for s in states {
        out.push((true, s));
    }
    out
}
