//! Statements and structured control flow.
//!
//! The lowerer keeps one current block (`FnState::cur`); it is `None` after a `return`,
//! `break` or `continue`, and the rest of the enclosing block is then dead and skipped.
//! Blocks are laid out in the order they are started, so the printed IR reads in source
//! order: an `if`'s then arm, its else arm, then its merge.
//!
//! ```text
//!   if c { A } else { B }        ^h: if_else %c, ^t, ^e, merge ^m
//!                                ^t: A; br ^m      ^e: B; br ^m      ^m: …
//!
//!   loop { B continuing { C; break if d; } }
//!                                ^p: loop ^h, merge ^x, continue ^c
//!                                ^h: B; br ^c
//!                                ^c: C; if_else %d, ^brk, ^back, merge ^u
//!                                ^brk: br ^x   ^back: br ^h   ^u: unreachable
//!                                ^x: …
//!
//!   while c { B }  /  for (I; c; U) { B }
//!                                I; ^p: loop ^h, merge ^x, continue ^c
//!                                ^h: if_else %c, ^go, ^stop, merge ^b
//!                                ^go: br ^b    ^stop: br ^x
//!                                ^b: B; br ^c      ^c: U; br ^h      ^x: …
//! ```

use super::{Lowerer, R, Target};
use crate::diag::Span;
use crate::ir::{Block, Inst, Opcode, Value};
use crate::syntax::ast::{
    self, BinaryOp, CaseSelector, Continuing, ExprId, StmtId, StmtKind, SwitchClause,
};
use crate::util::map::Map;

impl Lowerer<'_, '_> {
    // ---- blocks and branches --------------------------------------------------------------

    /// A new block of the current function (placed when started).
    pub(super) fn new_block(&mut self) -> Block {
        let func = self.f.func.expect("lowering a function");
        self.b.block(func)
    }

    /// Continues at `b`, moving it to the end of the function so that blocks are laid out
    /// in the order they are filled.
    pub(super) fn start(&mut self, b: Block) {
        let func = self.f.func.expect("lowering a function");
        self.b.module.detach(b.inst());
        self.b.module.append_child(func.inst(), b.inst());
        self.b.switch_to(b);
        self.f.cur = Some(b);
    }

    /// `br target(args)` from the current block, which then ends.
    pub(super) fn br(&mut self, target: Block, args: &[Value]) {
        if self.f.cur.take().is_some() {
            self.b.br(target, args);
            self.f.reached.insert(target.inst());
        }
    }

    /// `if_else cond, then, else, merge`, ending the current block.
    pub(super) fn if_else(&mut self, cond: Value, then: Block, els: Block, merge: Block) {
        if self.f.cur.take().is_some() {
            self.b.if_else(cond, then, els, merge);
            self.f.reached.insert(then.inst());
            self.f.reached.insert(els.inst());
        }
    }

    /// Continues at a merge block: live if some branch reaches it, otherwise it holds
    /// only `unreachable` and what follows is dead.
    fn start_merge(&mut self, m: Block) {
        self.start(m);
        if !self.f.reached.contains(&m.inst()) {
            self.b.unreachable();
            self.f.cur = None;
        }
    }

    // ---- statements -------------------------------------------------------------------

    /// The statements of a block, up to the first one that leaves it.
    pub(super) fn block(&mut self, b: &ast::Block) -> R<()> {
        for &s in &b.stmts {
            if self.f.cur.is_none() {
                break;
            }
            self.stmt(s)?;
        }
        Ok(())
    }

    pub(super) fn stmt(&mut self, s: StmtId) -> R<()> {
        let stmt = self.ast.stmt(s);
        let prev = self.b.set_span(stmt.span);
        let r = self.stmt_kind(s, &stmt.kind, stmt.span);
        self.b.set_span(prev);
        r
    }

    fn stmt_kind(&mut self, s: StmtId, kind: &StmtKind, span: Span) -> R<()> {
        match kind {
            StmtKind::Empty | StmtKind::Const(_) | StmtKind::ConstAssert(_) => Ok(()),
            StmtKind::Block(b) => self.block(b),
            StmtKind::Var(v) => self.local_var(s, v),
            StmtKind::Let(v) => self.local_let(s, v),
            StmtKind::Assign { lhs, op, rhs } => self.assign(*lhs, *op, *rhs),
            StmtKind::Increment(e) => self.increment(*e, Opcode::Add),
            StmtKind::Decrement(e) => self.increment(*e, Opcode::Sub),
            StmtKind::Call(e) => self.expr(*e).map(|_| ()),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => self.if_stmt(*cond, then_branch, *else_branch),
            StmtKind::Switch {
                selector, clauses, ..
            } => self.switch_stmt(*selector, clauses),
            StmtKind::Loop {
                body, continuing, ..
            } => self.loop_stmt(None, body, None, continuing.as_deref()),
            StmtKind::For {
                init,
                cond,
                update,
                body,
                ..
            } => {
                if let Some(i) = init {
                    self.stmt(*i)?;
                }
                self.loop_stmt(*cond, body, *update, None)
            }
            StmtKind::While { cond, body, .. } => self.loop_stmt(Some(*cond), body, None, None),
            StmtKind::Break => self.break_stmt(span),
            StmtKind::Continue => self.continue_stmt(span),
            StmtKind::Discard => {
                self.b.effect(Opcode::Demote, &[]);
                Ok(())
            }
            StmtKind::Return(value) => {
                let v = match value {
                    Some(e) => Some(self.expr(*e)?),
                    None => None,
                };
                self.b.ret(v);
                self.f.cur = None;
                Ok(())
            }
        }
    }

    fn local_var(&mut self, s: StmtId, v: &ast::VarDecl) -> R<()> {
        let Some(local) = self.p.local(s) else {
            return Err(self.internal(v.name.span, "a `var` sema did not check"));
        };
        let store = self.ty(local.ty)?;
        let init = match v.init {
            Some(e) => self.expr(e)?,
            // A function-scope `var` starts as the zero value each time it is declared.
            None => self.b.zero(store),
        };
        let ptr = self.b.local_var(store, Some(init));
        self.set_unique_name(ptr.inst(), self.name_of(v.name.name));
        self.locals[s.index()] = Some(ptr);
        Ok(())
    }

    fn local_let(&mut self, s: StmtId, v: &ast::ValueDecl) -> R<()> {
        let value = self.expr(v.init)?;
        let m = &self.b.module;
        if !m.is_global(value.inst()) && m.name(value.inst()).is_none() {
            self.set_unique_name(value.inst(), self.name_of(v.name.name));
        }
        self.locals[s.index()] = Some(value);
        Ok(())
    }

    /// `lhs = rhs`, `lhs op= rhs` and `_ = rhs`, in WGSL's order: the reference, then
    /// (for a compound assignment) the old value, then the right-hand side.
    fn assign(&mut self, lhs: Option<ExprId>, op: Option<BinaryOp>, rhs: ExprId) -> R<()> {
        let Some(lhs) = lhs else {
            // A phony assignment evaluates its value for its effects; a constant has none.
            if self.p.value(rhs).is_none() {
                self.expr(rhs)?;
            }
            return Ok(());
        };
        let ptr = self.expr(lhs)?;
        let value = match op {
            None => self.expr(rhs)?,
            Some(op) => {
                let store = self.store_type(lhs)?;
                let old = self.b.value(Opcode::Load, store, &[ptr]);
                let r = self.expr(rhs)?;
                let Some(code) = super::exprs::binary_opcode(op) else {
                    return Err(self.internal(self.expr_span(lhs), "a compound `&&` or `||`"));
                };
                self.b.value(code, store, &[old, r])
            }
        };
        self.b.store(ptr, value);
        Ok(())
    }

    /// `e++` and `e--`: the reference once, a load, an add or subtract of one, a store.
    fn increment(&mut self, e: ExprId, op: Opcode) -> R<()> {
        let ptr = self.expr(e)?;
        let store = self.store_type(e)?;
        let old = self.b.value(Opcode::Load, store, &[ptr]);
        let one = match self.b.module.scalar(store.inst()) {
            Some(crate::ir::types::Scalar::U32) => self.b.const_u32(1),
            _ => self.b.const_i32(1),
        };
        let new = self.b.value(op, store, &[old, one]);
        self.b.store(ptr, new);
        Ok(())
    }

    /// The IR store type of a reference expression.
    fn store_type(&mut self, e: ExprId) -> R<crate::ir::Type> {
        let t = self.p.type_of(e).and_then(|t| self.p.types.store_type(t));
        match t {
            Some(t) => self.ty(t),
            None => Err(self.internal(self.expr_span(e), "an assignment to a non-reference")),
        }
    }

    fn if_stmt(
        &mut self,
        cond: ExprId,
        then_branch: &ast::Block,
        else_branch: Option<StmtId>,
    ) -> R<()> {
        let c = self.expr(cond)?;
        let (t, e, m) = (self.new_block(), self.new_block(), self.new_block());
        self.if_else(c, t, e, m);
        self.start(t);
        self.block(then_branch)?;
        self.br(m, &[]);
        self.start(e);
        if let Some(s) = else_branch {
            self.stmt(s)?;
        }
        self.br(m, &[]);
        self.start_merge(m);
        Ok(())
    }

    /// `loop`, `for` (after its initializer) and `while`: one `loop`, the condition (if
    /// any) an `if_else` at the top of the body whose false arm breaks, the update (if any)
    /// and the `continuing` block in the continue construct.
    fn loop_stmt(
        &mut self,
        cond: Option<ExprId>,
        body: &ast::Block,
        update: Option<StmtId>,
        continuing: Option<&Continuing>,
    ) -> R<()> {
        if self.f.cur.is_none() {
            return Ok(());
        }
        let (h, c, x) = (self.new_block(), self.new_block(), self.new_block());
        self.b.loop_(h, &[], x, c);
        self.f.reached.insert(h.inst());
        self.start(h);
        self.f.targets.push(Target::Loop { cont: c, merge: x });
        let r = self.loop_parts(h, c, x, cond, body, update, continuing);
        self.f.targets.pop();
        r?;
        self.start_merge(x);
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn loop_parts(
        &mut self,
        h: Block,
        c: Block,
        x: Block,
        cond: Option<ExprId>,
        body: &ast::Block,
        update: Option<StmtId>,
        continuing: Option<&Continuing>,
    ) -> R<()> {
        if let Some(cond) = cond {
            let span = self.expr_span(cond);
            let v = self.expr(cond)?;
            let prev = self.b.set_span(span);
            let (go, stop, rest) = (self.new_block(), self.new_block(), self.new_block());
            self.if_else(v, go, stop, rest);
            self.start(go);
            self.br(rest, &[]);
            self.start(stop);
            self.br(x, &[]);
            self.start(rest);
            self.b.set_span(prev);
        }
        self.block(body)?;
        self.br(c, &[]);
        self.start(c);
        if !self.f.reached.contains(&c.inst()) {
            // No path continues: the continue construct is dead.
            self.b.unreachable();
            self.f.cur = None;
            return Ok(());
        }
        if let Some(u) = update {
            self.stmt(u)?;
        }
        let break_if = match continuing {
            Some(cont) => {
                let prev = self.b.set_span(cont.span);
                let r = self.block(&cont.body);
                self.b.set_span(prev);
                r?;
                cont.break_if
            }
            None => None,
        };
        match break_if {
            Some(e) => {
                let span = self.expr_span(e);
                let d = self.expr(e)?;
                let prev = self.b.set_span(span);
                let (brk, back, after) = (self.new_block(), self.new_block(), self.new_block());
                self.if_else(d, brk, back, after);
                self.start(brk);
                self.br(x, &[]);
                self.start(back);
                self.br(h, &[]);
                self.start(after);
                self.b.unreachable();
                self.f.cur = None;
                self.b.set_span(prev);
            }
            None => self.br(h, &[]),
        }
        Ok(())
    }

    fn switch_stmt(&mut self, selector: ExprId, clauses: &[SwitchClause]) -> R<()> {
        let sel = self.expr(selector)?;
        let m = self.new_block();
        let mut blocks = Vec::with_capacity(clauses.len());
        let mut default = None;
        let mut cases: Vec<(Value, Block)> = Vec::new();
        for clause in clauses {
            let b = self.new_block();
            blocks.push(b);
            for sel in &clause.selectors {
                match *sel {
                    CaseSelector::Default(_) => default = Some(b),
                    CaseSelector::Expr(e) => cases.push((self.expr(e)?, b)),
                }
            }
        }
        let Some(default) = default else {
            return Err(self.internal(self.expr_span(selector), "a `switch` without `default`"));
        };
        if self.f.cur.take().is_some() {
            self.b.switch(sel, default, m, &cases);
            self.f.reached.extend(blocks.iter().map(|b| b.inst()));
        }
        self.f.targets.push(Target::Switch { merge: m });
        let mut r = Ok(());
        for (clause, &b) in clauses.iter().zip(&blocks) {
            self.start(b);
            let prev = self.b.set_span(clause.span);
            r = self.block(&clause.body);
            self.br(m, &[]);
            self.b.set_span(prev);
            if r.is_err() {
                break;
            }
        }
        self.f.targets.pop();
        r?;
        self.start_merge(m);
        Ok(())
    }

    fn break_stmt(&mut self, span: Span) -> R<()> {
        let merge = match self.f.targets.last() {
            Some(Target::Loop { merge, .. } | Target::Switch { merge }) => *merge,
            None => return Err(self.internal(span, "`break` outside a loop or switch")),
        };
        self.br(merge, &[]);
        Ok(())
    }

    fn continue_stmt(&mut self, span: Span) -> R<()> {
        let cont = self.f.targets.iter().rev().find_map(|t| match t {
            Target::Loop { cont, .. } => Some(*cont),
            Target::Switch { .. } => None,
        });
        match cont {
            Some(c) => {
                self.br(c, &[]);
                Ok(())
            }
            None => Err(self.internal(span, "`continue` outside a loop")),
        }
    }

    /// A debug name unique in the current function: `x`, then `x_1`, `x_2`, … for later
    /// declarations of `x` (Tint's renaming of shadowed names).
    pub(super) fn unique_name(&mut self, base: &str) -> String {
        let names = &mut self.f.names;
        let Some(&n) = names.get(base) else {
            names.insert(base.to_string(), 1);
            return base.to_string();
        };
        Self::next_unique_name(names, base, n)
    }

    /// Gives `v` the debug name [`Self::unique_name`] makes of `base`, without copying
    /// `base` when it is the name (the common case: a name given once).
    pub(super) fn set_unique_name(&mut self, v: Inst, base: &str) {
        let names = &mut self.f.names;
        match names.get(base) {
            None => {
                names.insert(base.to_string(), 1);
                self.b.module.set_name(v, base);
            }
            Some(&n) => {
                let name = Self::next_unique_name(names, base, n);
                self.b.module.set_name(v, &name);
            }
        }
    }

    /// The first of `base_n`, `base_{n+1}`, … not given yet, recorded as given.
    fn next_unique_name(names: &mut Map<String, u32>, base: &str, n: u32) -> String {
        let mut k = n;
        loop {
            let candidate = format!("{base}_{k}");
            k += 1;
            if !names.contains_key(&candidate) {
                names.insert(base.to_string(), k);
                names.insert(candidate.clone(), 1);
                return candidate;
            }
        }
    }
}
