//! Control flow: regions, blocks and their exits, `if` (with `&&` / `||`), `switch`,
//! loops (`break if`, `while`, `for`), and the nesting check of the result.

use super::*;

/// The parser's nesting rule, checked on the raised body: each statement, `else if`,
/// clause and `continuing` is a level, and an expression adds its height.
pub(super) fn check_depth(
    cx: &Cx<'_>,
    ast: &Ast,
    body: &[StmtId],
    at: Inst,
) -> Result<(), RaiseError> {
    let m = &ast.module;
    let limit = crate::syntax::MAX_NESTING_DEPTH as u32;
    let mut stack: Vec<(StmtId, u32)> = body.iter().map(|&s| (s, 1)).collect();
    let (mut exprs, mut nested) = (Vec::new(), Vec::new());
    while let Some((s, d)) = stack.pop() {
        if d > limit {
            return Err(cx.too_deep(at));
        }
        exprs.clear();
        nested.clear();
        crate::raise::build::stmt_parts(&m.stmt(s).kind, &mut exprs, &mut nested);
        for &(e, extra) in &exprs {
            if d + extra + ast.height(e) > limit {
                return Err(cx.too_deep(at));
            }
        }
        stack.extend(nested.iter().map(|&(x, extra)| (x, d + extra)));
    }
    Ok(())
}

impl FnRaiser<'_, '_> {
    /// Adds `return T();` after every loop that ends a function with a result (at the
    /// end of the body, or at the end of a branch that ends it). WGSL's behaviour
    /// analysis already accepts such a loop when it can only return, but some compilers
    /// (naga) append an implicit `return;` after a trailing loop and then reject it; the
    /// added statement is unreachable, which WGSL allows.
    pub(super) fn return_after_tail_loops(
        &mut self,
        stmts: &mut Vec<StmtId>,
        rt: Inst,
        depth: u32,
    ) -> Result<(), RaiseError> {
        let Some(&last) = stmts.last() else {
            return Ok(());
        };
        if depth > crate::syntax::MAX_NESTING_DEPTH as u32 {
            return Ok(());
        }
        match self.ast.module.stmt(last).kind.clone() {
            StmtKind::Loop { .. } | StmtKind::For { .. } | StmtKind::While { .. } => {
                let z = zero_expr(self.cx, self.ast, rt)?;
                stmts.push(self.ast.stmt(StmtKind::Return(Some(z))));
            }
            StmtKind::Block(mut b) => {
                self.return_after_tail_loops(&mut b.stmts, rt, depth + 1)?;
                self.ast.module.stmts[last.index()].kind = StmtKind::Block(b);
            }
            StmtKind::If {
                attributes,
                cond,
                mut then_branch,
                else_branch,
            } => {
                self.return_after_tail_loops(&mut then_branch.stmts, rt, depth + 1)?;
                if let Some(e) = else_branch {
                    let mut list = vec![e];
                    self.return_after_tail_loops(&mut list, rt, depth + 1)?;
                    if list.len() > 1 {
                        // The `else` was a lone loop: it becomes a block with the return.
                        let b = self.ast.block(list);
                        let new_else = self.ast.stmt(StmtKind::Block(b));
                        self.ast.module.stmts[last.index()].kind = StmtKind::If {
                            attributes,
                            cond,
                            then_branch,
                            else_branch: Some(new_else),
                        };
                        return Ok(());
                    }
                }
                self.ast.module.stmts[last.index()].kind = StmtKind::If {
                    attributes,
                    cond,
                    then_branch,
                    else_branch,
                };
            }
            StmtKind::Switch {
                attributes,
                selector,
                body_attributes,
                mut clauses,
            } => {
                for c in &mut clauses {
                    self.return_after_tail_loops(&mut c.body.stmts, rt, depth + 1)?;
                }
                self.ast.module.stmts[last.index()].kind = StmtKind::Switch {
                    attributes,
                    selector,
                    body_attributes,
                    clauses,
                };
            }
            _ => {}
        }
        Ok(())
    }

    // ---- regions ---------------------------------------------------------------------------

    pub(super) fn region_stmts(&mut self, r: RegionId) -> Result<Vec<StmtId>, RaiseError> {
        let mut stmts = self.region_stmts_unfolded(r)?;
        if self.cx.options.loop_sugar {
            fold_for_init(&mut self.ast.module, &mut stmts, &[]);
        }
        Ok(stmts)
    }

    /// A region's statements before `for` initializers are folded: a loop body's
    /// declarations can be seen by its continuing block, so the body is folded only once
    /// that block is known.
    fn region_stmts_unfolded(&mut self, r: RegionId) -> Result<Vec<StmtId>, RaiseError> {
        let saved = std::mem::take(&mut self.out);
        let result = self.emit_region(r);
        let stmts = std::mem::replace(&mut self.out, saved);
        result?;
        Ok(stmts)
    }

    pub(super) fn emit_region(&mut self, r: RegionId) -> Result<(), RaiseError> {
        let kind = self.regions[r as usize].kind;
        let count = self.tree.region(r).len();
        let last = count.saturating_sub(1);
        for k in 0..count {
            let n = self.tree.region(r)[k];
            let decls = self.decls_at.remove(&(r, k as u32)).unwrap_or_default();
            match self.tree.node(n).clone() {
                Node::Block { block, exit } => {
                    if !self.reachable.contains(block.inst()) {
                        break;
                    }
                    self.lazy = decls;
                    let stop = self.emit_block(block, exit, kind, k == last)?;
                    let rest = std::mem::take(&mut self.lazy);
                    for v in rest {
                        self.declare(v)?;
                    }
                    if stop {
                        break;
                    }
                }
                node => {
                    self.construct_decls = decls;
                    self.emit_construct(node)?;
                    for v in std::mem::take(&mut self.construct_decls) {
                        self.declare(v)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Writes a block's instructions and how it leaves. Returns whether the region ends.
    pub(super) fn emit_block(
        &mut self,
        b: Block,
        exit: Exit,
        region: RegionKind,
        last_in_region: bool,
    ) -> Result<bool, RaiseError> {
        let m = self.m;
        self.pending.clear();
        if let Some(carried) = self.carry.take() {
            self.pending.push(carried);
        }
        self.leaf_effects.clear();
        self.leaf_effects
            .extend(m.children(b.inst()).map(|i| effect_of(m, i)));
        for i in m.children(b.inst()) {
            let op = m.opcode(i);
            if op == Opcode::Param || op.is_terminator() {
                continue;
            }
            self.emit_inst(i)?;
        }
        let t = terminator(m, b).ok_or_else(|| self.cx.malformed(b.inst(), "block end"))?;
        let op = m.opcode(t);
        let br_args = |m: &Module| -> (Option<Block>, Vec<Inst>) {
            match op {
                Opcode::Br => (
                    m.operand_opt(t, 0).map(Block),
                    m.operands(t).skip(1).collect(),
                ),
                Opcode::Loop => (
                    m.operand_opt(t, 0).map(Block),
                    m.operands(t).skip(3).collect(),
                ),
                _ => (None, Vec::new()),
            }
        };
        match exit {
            Exit::Construct => {
                if op == Opcode::Loop {
                    let (target, args) = br_args(m);
                    self.edge(target, &args, &[])?;
                    self.flush_all();
                }
                // if_else / switch: the construct takes the condition from the pending
                // expressions of this block.
                Ok(false)
            }
            Exit::Next | Exit::Merge | Exit::BackEdge => {
                let (target, args) = br_args(m);
                self.edge(target, &args, &[])?;
                self.flush_all();
                Ok(exit != Exit::Next)
            }
            Exit::Break | Exit::Continue => {
                let (target, args) = br_args(m);
                self.edge(target, &args, &[])?;
                self.flush_all();
                // A `break` ending a switch clause and a `continue` ending a loop body are
                // implicit.
                let (stmt, implicit_in) = if exit == Exit::Break {
                    (StmtKind::Break, RegionKind::Case)
                } else {
                    (StmtKind::Continue, RegionKind::Body)
                };
                if !(region == implicit_in && last_in_region) {
                    self.push(stmt);
                }
                Ok(true)
            }
            Exit::Return => {
                let value: Vec<Inst> = m.operands(t).collect();
                let e = self.edge(None, &[], &value)?;
                self.flush_all();
                // `return;` ending a function without a result is implicit.
                let implicit = value.is_empty() && region == RegionKind::Root && last_in_region;
                if !implicit {
                    self.push(StmtKind::Return(e.first().copied()));
                }
                Ok(true)
            }
            Exit::Discard => {
                self.flush_all();
                self.push(StmtKind::Discard);
                let z = match self.result_ty {
                    Some(rt) => Some(zero_expr(self.cx, self.ast, rt)?),
                    None => None,
                };
                self.push(StmtKind::Return(z));
                Ok(true)
            }
            Exit::Unreachable => {
                self.flush_all();
                Ok(true)
            }
        }
    }

    pub(super) fn emit_construct(&mut self, node: Node) -> Result<(), RaiseError> {
        let m = self.m;
        match node {
            Node::If {
                header,
                then_region,
                else_region,
                break_if,
                merge,
            } => {
                let t = terminator(m, header)
                    .ok_or_else(|| self.cx.malformed(header.inst(), "if header"))?;
                if break_if {
                    return self.emit_break_if(t, then_region, else_region);
                }
                let cond_v = m.operand(t, 0);
                if let Some(shape) = self.short_circuit_shape(then_region, else_region, merge) {
                    return self.emit_short_circuit(cond_v, shape);
                }
                let cond = self.edge(None, &[], &[cond_v])?[0];
                self.flush_all();
                self.declare_construct_vars()?;
                let then_stmts = self.region_stmts(then_region)?;
                let else_stmts = self.region_stmts(else_region)?;
                self.push_if(cond, then_stmts, else_stmts);
                Ok(())
            }
            Node::Switch { header, cases, .. } => {
                let t = terminator(m, header)
                    .ok_or_else(|| self.cx.malformed(header.inst(), "switch header"))?;
                let selector = self.edge(None, &[], &[m.operand(t, 0)])?[0];
                self.flush_all();
                self.declare_construct_vars()?;
                let default = Block(m.operand(t, 1));
                let n = m.num_operands(t);
                let mut clauses = Vec::new();
                for (target, region) in cases {
                    let mut selectors = Vec::new();
                    let mut k = 3;
                    while k + 1 < n {
                        if Block(m.operand(t, k + 1)) == target {
                            let v = m.operand(t, k);
                            let value = m.literal(v);
                            let signed = m.ty(v).is_some_and(|ty| m.opcode(ty) == Opcode::I32);
                            let x = if signed {
                                i64::from(value as i32)
                            } else {
                                i64::from(value)
                            };
                            selectors.push(ast::CaseSelector::Expr(abstract_int(self.ast, x)));
                        }
                        k += 2;
                    }
                    if target == default {
                        selectors.push(ast::CaseSelector::Default(crate::diag::Span::DETACHED));
                    }
                    let body = self.region_stmts(region)?;
                    let body = self.ast.block(body);
                    clauses.push(ast::SwitchClause {
                        selectors,
                        body,
                        span: crate::diag::Span::DETACHED,
                    });
                }
                self.push(StmtKind::Switch {
                    attributes: Vec::new(),
                    selector,
                    body_attributes: Vec::new(),
                    clauses,
                });
                Ok(())
            }
            Node::Loop {
                header,
                body,
                continuing,
                merge,
                ..
            } => {
                self.declare_construct_vars()?;
                self.loop_stack.push((header, body, merge));
                let mut body_stmts = self.region_stmts_unfolded(body)?;
                let saved_break_if = self.break_if.take();
                let cont_stmts = self.region_stmts(continuing)?;
                let break_if = std::mem::replace(&mut self.break_if, saved_break_if);
                if self.cx.options.loop_sugar {
                    // The continuing block and `break if` run after the body and see its
                    // declarations: a `var` they mention stays where it is.
                    let mut later = Vec::new();
                    for &s in &cont_stmts {
                        stmt_names(&self.ast.module, s, &mut later);
                    }
                    if let Some(e) = break_if {
                        expr_names(&self.ast.module, e, &mut later);
                    }
                    fold_for_init(&mut self.ast.module, &mut body_stmts, &later);
                }
                self.loop_stack.pop();
                self.push_loop(body_stmts, cont_stmts, break_if)
            }
            Node::Block { .. } => Ok(()),
        }
    }

    pub(super) fn declare_construct_vars(&mut self) -> Result<(), RaiseError> {
        for v in std::mem::take(&mut self.construct_decls) {
            self.declare(v)?;
        }
        Ok(())
    }

    /// Recognizes the `&&` / `||` shape (see [`ShortCircuit`]).
    pub(super) fn short_circuit_shape(
        &self,
        then_region: RegionId,
        else_region: RegionId,
        merge: Block,
    ) -> Option<ShortCircuit> {
        let m = self.m;
        let params = crate::ir::cfg::params(m, merge);
        let [param] = params.as_slice() else {
            return None;
        };
        let param = *param;
        if self.form.get(&param) != Some(&Form::BlockVar)
            || m.ty(param).is_none_or(|t| m.opcode(t) != Opcode::Bool)
        {
            return None;
        }
        let single = |r: RegionId| -> Option<Block> {
            match self.tree.region(r) {
                [n] => match self.tree.node(*n) {
                    Node::Block {
                        block,
                        exit: Exit::Merge,
                    } => Some(*block),
                    _ => None,
                },
                _ => None,
            }
        };
        let (t, e) = (single(then_region)?, single(else_region)?);
        let arg_of = |b: Block| -> Option<Inst> {
            let term = terminator(m, b)?;
            (m.opcode(term) == Opcode::Br && m.num_operands(term) == 2).then(|| m.operand(term, 1))
        };
        let only_branch = |b: Block| m.first_child(b.inst()) == terminator(m, b);
        let bool_const = |v: Inst| (m.opcode(v) == Opcode::Constant).then(|| m.literal(v) != 0);
        let simple_arm = |b: Block| {
            m.children(b.inst()).all(|i| {
                m.opcode(i).is_terminator()
                    || matches!(self.form.get(&i), Some(Form::Inline) | Some(Form::Dead))
            })
        };
        let (ta, ea) = (arg_of(t)?, arg_of(e)?);
        if only_branch(e) && bool_const(ea) == Some(false) && simple_arm(t) {
            return Some(ShortCircuit {
                param,
                long_arm: t,
                op: ast::BinaryOp::LogicalAnd,
                long_is_then: true,
                short_value: ea,
            });
        }
        if only_branch(t) && bool_const(ta) == Some(true) && simple_arm(e) {
            return Some(ShortCircuit {
                param,
                long_arm: e,
                op: ast::BinaryOp::LogicalOr,
                long_is_then: false,
                short_value: ta,
            });
        }
        None
    }

    /// Writes `c && rhs` (or `c || rhs`) as the merge parameter's value: carried into the
    /// block after when pure and used once there, else assigned. Falls back to the
    /// `if` form when the right-hand side needs statements of its own.
    pub(super) fn emit_short_circuit(
        &mut self,
        cond_v: Inst,
        sc: ShortCircuit,
    ) -> Result<(), RaiseError> {
        let m = self.m;
        self.prepare(&[cond_v], None, true);
        let cond = self.value(cond_v)?;
        self.flush_all();
        // The long arm, into a list of its own.
        let saved = std::mem::take(&mut self.out);
        self.pending.clear();
        let mut result = Ok(());
        for i in m.children(sc.long_arm.inst()) {
            let op = m.opcode(i);
            if op == Opcode::Param || op.is_terminator() {
                continue;
            }
            result = self.emit_inst(i);
            if result.is_err() {
                break;
            }
        }
        let arg = terminator(m, sc.long_arm)
            .and_then(|t| m.operand_opt(t, 1))
            .ok_or_else(|| self.cx.malformed(sc.long_arm.inst(), "arm"));
        let rhs = match (result, arg) {
            (Ok(()), Ok(a)) => {
                self.prepare(&[a], None, true);
                self.value(a)
            }
            (Err(e), _) | (_, Err(e)) => Err(e),
        };
        self.flush_all();
        let arm_stmts = std::mem::replace(&mut self.out, saved);
        let rhs = rhs?;
        if arm_stmts.is_empty() {
            let expr = self.ast.binary(sc.op, cond.expr, rhs.expr);
            let pure = cond.effect == Effect::Pure && rhs.effect == Effect::Pure;
            let sites = self.use_sites(sc.param);
            let merge_site = self
                .m
                .parent(sc.param)
                .and_then(|b| self.block_site.get(&b).copied());
            let used_once_after = sites.len() == 1 && Some(sites[0]) == merge_site;
            if pure && used_once_after {
                self.construct_decls.retain(|&v| v != sc.param);
                self.declared.insert(sc.param);
                self.carry = Some(Pending {
                    inst: sc.param,
                    expr,
                    effect: Effect::Pure,
                    leaves: Vec::new(),
                });
                return Ok(());
            }
            self.declare_construct_vars()?;
            return self.assign(sc.param, expr);
        }
        // The general form: `if c { …; r = rhs; } else { r = short; }`.
        self.declare_construct_vars()?;
        let saved = std::mem::take(&mut self.out);
        self.out = arm_stmts;
        let long_result = self.assign(sc.param, rhs.expr);
        let long_stmts = std::mem::take(&mut self.out);
        let short = self.value(sc.short_value).map(|p| p.expr);
        let short_result = short.and_then(|e| self.assign(sc.param, e));
        let short_stmts = std::mem::replace(&mut self.out, saved);
        long_result?;
        short_result?;
        if sc.long_is_then {
            self.push_if(cond.expr, long_stmts, short_stmts);
        } else {
            self.push_if(cond.expr, short_stmts, long_stmts);
        }
        Ok(())
    }

    /// `if`, flipping an empty `then` and chaining `else if`.
    pub(super) fn push_if(
        &mut self,
        cond: ExprId,
        then_stmts: Vec<StmtId>,
        else_stmts: Vec<StmtId>,
    ) {
        let (cond, then_stmts, else_stmts) = if then_stmts.is_empty() && !else_stmts.is_empty() {
            (self.negate(cond), else_stmts, Vec::new())
        } else {
            (cond, then_stmts, else_stmts)
        };
        let else_branch = if else_stmts.is_empty() {
            None
        } else if else_stmts.len() == 1
            && matches!(
                self.ast.module.stmt(else_stmts[0]).kind,
                StmtKind::If { .. }
            )
        {
            Some(else_stmts[0])
        } else {
            let b = self.ast.block(else_stmts);
            Some(self.ast.stmt(StmtKind::Block(b)))
        };
        let then_branch = self.ast.block(then_stmts);
        self.push(StmtKind::If {
            attributes: Vec::new(),
            cond,
            then_branch,
            else_branch,
        });
    }

    pub(super) fn negate(&mut self, e: ExprId) -> ExprId {
        if let ExprKind::Unary {
            op: UnaryOp::Not,
            operand,
        } = self.ast.module.expr(e).kind
        {
            return operand;
        }
        self.ast.unary(UnaryOp::Not, e)
    }

    /// The `break if` at the end of a continuing: the copies of both edges, then the
    /// condition (the exit arm may be either arm).
    pub(super) fn emit_break_if(
        &mut self,
        t: Inst,
        then_region: RegionId,
        else_region: RegionId,
    ) -> Result<(), RaiseError> {
        let m = self.m;
        let arm_block = |r: RegionId| -> Option<Block> { self.first_block_of(r) };
        let (then_b, else_b) = match (arm_block(then_region), arm_block(else_region)) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(self.cx.malformed(t, "break-if arms")),
        };
        let Some(&(header, body_region, _)) = self.loop_stack.last() else {
            return Err(self.cx.malformed(t, "break-if outside a loop"));
        };
        let br_of = |b: Block| -> Option<(Block, Vec<Inst>)> {
            let t = terminator(m, b)?;
            (m.opcode(t) == Opcode::Br)
                .then(|| (Block(m.operand(t, 0)), m.operands(t).skip(1).collect()))
        };
        let (a, b) = match (br_of(then_b), br_of(else_b)) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(self.cx.malformed(t, "break-if arms")),
        };
        let exit_is_then = b.0 == header;
        let (exit, back) = if exit_is_then { (a, b) } else { (b, a) };
        let cond_v = m.operand(t, 0);
        let mut copies: Vec<(Inst, Inst)> = Vec::new();
        for (target, args) in [&exit, &back] {
            let params = crate::ir::cfg::params(m, *target);
            for (&p, &arg) in params.iter().zip(args.iter()) {
                let assigned_already = self.coalesced.get(&arg) == Some(&p);
                if p != arg && self.form.get(&p) == Some(&Form::BlockVar) && !assigned_already {
                    copies.push((p, arg));
                }
            }
        }
        // A header parameter read after the loop must keep its value on the exit edge:
        // then the back-edge copies happen only when the loop goes on.
        let n_exit = copies
            .iter()
            .filter(|(p, _)| m.parent(*p) == Some(exit.0.inst()))
            .count();
        let clobbers = copies[n_exit..]
            .iter()
            .any(|&(p, _)| self.read_outside(p, body_region));
        let cond = if clobbers {
            let exit_copies = copies[..n_exit].to_vec();
            let c = self.copies(&exit_copies, &[cond_v])?[0];
            // Bind the condition once.
            let name = self.namer.name(None, "done");
            let ident = self.ast.ident_of(&name);
            self.push(StmtKind::Let(ast::ValueDecl {
                name: ident,
                ty: None,
                init: c,
            }));
            let done = self.ast.name(&name);
            let stays = if exit_is_then {
                self.ast.unary(UnaryOp::Not, done)
            } else {
                done
            };
            let saved = std::mem::take(&mut self.out);
            let back_copies = copies[n_exit..].to_vec();
            let result = self.copies(&back_copies, &[]);
            let inner = std::mem::replace(&mut self.out, saved);
            result?;
            self.push_if(stays, inner, Vec::new());
            self.ast.name(&name)
        } else {
            self.copies(&copies, &[cond_v])?[0]
        };
        self.flush_all();
        self.break_if = Some(if exit_is_then {
            cond
        } else {
            self.negate(cond)
        });
        Ok(())
    }

    /// Whether block parameter `p` is read outside the loop whose body region is `body`.
    pub(super) fn read_outside(&self, p: Inst, body: RegionId) -> bool {
        let sites = self.use_sites(p);
        sites.iter().any(|&s| {
            let mut r = Some(s.region);
            while let Some(x) = r {
                if x == body {
                    return false;
                }
                r = self.regions[x as usize].parent.map(|(q, _)| q);
            }
            true
        })
    }

    /// `loop`, or `while` / `for` for the shapes that have one.
    pub(super) fn push_loop(
        &mut self,
        body: Vec<StmtId>,
        cont: Vec<StmtId>,
        break_if: Option<ExprId>,
    ) -> Result<(), RaiseError> {
        let mut cont = cont;
        let mut break_if = break_if;
        // A loop that can neither break nor return has no behaviour, which WGSL rejects
        // ("obviously infinite"): `break if false` (never taken) gives it one.
        let b = self
            .behaviors
            .loop_of(&self.ast.module, &body, &cont, break_if.is_some());
        if b == 0 && break_if.is_none() {
            break_if = Some(self.ast.bool_lit(false));
        }
        if self.cx.options.loop_sugar && break_if.is_none() {
            if let Some(s) = self.while_or_for(&body, &cont) {
                self.out.push(s);
                return Ok(());
            }
        }
        let body_block = self.ast.block(body);
        let continuing = if cont.is_empty() && break_if.is_none() {
            None
        } else {
            Some(ast::Continuing {
                body: self.ast.block(std::mem::take(&mut cont)),
                break_if,
                span: crate::diag::Span::DETACHED,
            })
        };
        self.push(StmtKind::Loop {
            attributes: Vec::new(),
            body: body_block,
            continuing,
        });
        Ok(())
    }

    /// `while c { … }` for `loop { if !c { break; } … }`, and `for (; c; u) { … }` when the
    /// continuing is one simple statement.
    pub(super) fn while_or_for(&mut self, body: &[StmtId], cont: &[StmtId]) -> Option<StmtId> {
        let (&first, rest) = body.split_first()?;
        let StmtKind::If {
            cond,
            then_branch,
            else_branch: None,
            ..
        } = &self.ast.module.stmt(first).kind
        else {
            return None;
        };
        if then_branch.stmts.len() != 1
            || !matches!(
                self.ast.module.stmt(then_branch.stmts[0]).kind,
                StmtKind::Break
            )
        {
            return None;
        }
        let cond = *cond;
        if cont.is_empty() {
            let c = self.negate(cond);
            let b = self.ast.block(rest.to_vec());
            return Some(self.ast.stmt(StmtKind::While {
                attributes: Vec::new(),
                cond: c,
                body: b,
            }));
        }
        if cont.len() != 1 {
            return None;
        }
        let update = cont[0];
        let simple = matches!(
            &self.ast.module.stmt(update).kind,
            StmtKind::Assign { lhs: Some(_), .. }
                | StmtKind::Increment(_)
                | StmtKind::Decrement(_)
                | StmtKind::Call(_)
        );
        if !simple {
            return None;
        }
        // The update may not refer to declarations of the body.
        let declared: Vec<Symbol> = rest
            .iter()
            .filter_map(|&s| match &self.ast.module.stmt(s).kind {
                StmtKind::Var(v) => Some(v.name.name),
                StmtKind::Let(v) | StmtKind::Const(v) => Some(v.name.name),
                _ => None,
            })
            .collect();
        let update_exprs: Vec<ExprId> = match &self.ast.module.stmt(update).kind {
            StmtKind::Assign { lhs, rhs, .. } => lhs.iter().copied().chain([*rhs]).collect(),
            StmtKind::Increment(e) | StmtKind::Decrement(e) | StmtKind::Call(e) => vec![*e],
            _ => Vec::new(),
        };
        if declared
            .iter()
            .any(|&s| update_exprs.iter().any(|&e| self.ast.mentions(e, s)))
        {
            return None;
        }
        let c = self.negate(cond);
        // The declaration right before the loop moves into the header when nothing after
        // the loop uses it: done by `fold_for_init` once the enclosing list is complete.
        let b = self.ast.block(rest.to_vec());
        Some(self.ast.stmt(StmtKind::For {
            attributes: Vec::new(),
            init: None,
            cond: Some(c),
            update: Some(update),
            body: b,
        }))
    }
}

/// The names an expression mentions (identifiers and callees).
pub(super) fn expr_names(m: &ast::Module, e: ExprId, out: &mut Vec<Symbol>) {
    crate::raise::build::walk_names(m, e, &mut |s| out.push(s));
}

/// The names a statement (with everything nested in it) mentions.
pub(super) fn stmt_names(m: &ast::Module, s: StmtId, out: &mut Vec<Symbol>) {
    let mut stack = vec![s];
    let (mut exprs, mut nested) = (Vec::new(), Vec::new());
    while let Some(s) = stack.pop() {
        exprs.clear();
        nested.clear();
        crate::raise::build::stmt_parts(&m.stmt(s).kind, &mut exprs, &mut nested);
        for &(e, _) in &exprs {
            expr_names(m, e, out);
        }
        stack.extend(nested.iter().map(|&(x, _)| x));
    }
}

/// Moves `var x = e;` into the header of the `for` loop whose update assigns `x`, when
/// the declaration is among the `var`s right before the loop and nothing after the loop
/// mentions `x`: `for (var x = e; …; x++)`. A declaration moves past other `var`s only
/// when its initializer calls nothing and theirs do not mention `x`. `later` holds the
/// names mentioned by code that runs after the list and sees its declarations (a loop's
/// continuing block, for the loop's body).
pub(super) fn fold_for_init(m: &mut ast::Module, stmts: &mut Vec<StmtId>, later: &[Symbol]) {
    let var_of = |m: &ast::Module, s: StmtId| match &m.stmt(s).kind {
        StmtKind::Var(v) => v.init.map(|init| (v.name.name, init)),
        _ => None,
    };
    let updated = |m: &ast::Module, s: StmtId| -> Option<Symbol> {
        let StmtKind::For {
            init: None,
            update: Some(u),
            ..
        } = m.stmt(s).kind
        else {
            return None;
        };
        let target = match &m.stmt(u).kind {
            StmtKind::Increment(e) | StmtKind::Decrement(e) => *e,
            StmtKind::Assign { lhs: Some(e), .. } => *e,
            _ => return None,
        };
        match &m.expr(target).kind {
            ExprKind::Ident(i) => Some(i.ident.name),
            _ => None,
        }
    };
    let calls = |m: &ast::Module, e: ExprId| {
        let mut found = false;
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            let kind = &m.expr(x).kind;
            found |= matches!(kind, ExprKind::Call { .. });
            crate::raise::build::for_each_child(kind, |c| stack.push(c));
        }
        found
    };
    // (for index, declaration index, name)
    let mut plans: Vec<(usize, usize, Symbol)> = Vec::new();
    for k in 1..stmts.len() {
        let Some(x) = updated(m, stmts[k]) else {
            continue;
        };
        let mut j = k;
        while j > 0 {
            j -= 1;
            let Some((name, init)) = var_of(m, stmts[j]) else {
                break;
            };
            if name == x {
                let movable = j + 1 == k
                    || (!calls(m, init)
                        && stmts[j + 1..k].iter().all(|&s| {
                            var_of(m, s)
                                .is_some_and(|(_, e)| !crate::raise::build::mentions(m, e, x))
                        }));
                if movable {
                    plans.push((k, j, x));
                }
                break;
            }
        }
    }
    if plans.is_empty() {
        return;
    }
    let candidates: FxHashSet<Symbol> = plans.iter().map(|p| p.2).collect();
    // Names mentioned after each position, for the candidates only.
    let mut mentioned_after: Vec<FxHashSet<Symbol>> = vec![FxHashSet::default(); stmts.len() + 1];
    mentioned_after[stmts.len()].extend(later.iter().filter(|n| candidates.contains(n)));
    let mut names = Vec::new();
    for k in (0..stmts.len()).rev() {
        let mut set = mentioned_after[k + 1].clone();
        names.clear();
        stmt_names(m, stmts[k], &mut names);
        set.extend(names.iter().filter(|n| candidates.contains(n)));
        mentioned_after[k] = set;
    }
    let mut removals = Vec::new();
    for &(k, j, x) in plans.iter().rev() {
        if mentioned_after[k + 1].contains(&x) {
            continue;
        }
        let decl = stmts[j];
        if let StmtKind::For { init, .. } = &mut m.stmts[stmts[k].index()].kind {
            *init = Some(decl);
        }
        removals.push(j);
    }
    crate::util::sort::by_key(&mut removals, |&j| j as u64);
    for j in removals.into_iter().rev() {
        stmts.remove(j);
    }
}
