//! Values: the pending-expression machinery that keeps reads and effects in order,
//! operands and places, instructions, and the parallel copies of branch arguments.

use super::*;
use crate::ir::eval::nonzero_divisor;

impl FnRaiser<'_, '_> {
    // ---- names -----------------------------------------------------------------------------

    /// The name of local `v`, made on first use.
    pub(super) fn name_of(&mut self, v: Inst) -> Symbol {
        if let Some(&n) = self.names.get(&v) {
            return n;
        }
        let fallback = match self.m.opcode(v) {
            Opcode::Param => "p",
            Opcode::Var => "v",
            _ => "x",
        };
        let n = self.namer.name(self.m.name(v), fallback);
        let n = self.ast.module.symbols.intern(&n);
        self.names.insert(v, n);
        n
    }

    pub(super) fn name_expr(&mut self, v: Inst) -> ExprId {
        let n = self.name_of(v);
        self.ast.name_sym(n)
    }

    // ---- statements ------------------------------------------------------------------------

    pub(super) fn push(&mut self, kind: StmtKind) {
        let s = self.ast.stmt(kind);
        self.out.push(s);
    }

    /// `var name: T;` for a variable declared away from its definition.
    pub(super) fn declare(&mut self, v: Inst) -> Result<(), RaiseError> {
        if !self.declared.insert(v) {
            return Ok(());
        }
        let m = self.m;
        let ty = match m.opcode(v) {
            Opcode::Var => m
                .ty(v)
                .and_then(|t| m.ptr_parts(t))
                .map(|(_, s, _)| s)
                .ok_or_else(|| self.cx.malformed(v, "variable type"))?,
            _ => m.ty(v).ok_or_else(|| self.cx.malformed(v, "value type"))?,
        };
        let ty = type_expr(self.cx, self.ast, ty)?;
        self.push_var(v, Some(ty), None);
        Ok(())
    }

    /// `var name: ty = init;` for `v`.
    pub(super) fn push_var(&mut self, v: Inst, ty: Option<ExprId>, init: Option<ExprId>) {
        let name = Ast::ident(self.name_of(v));
        self.push(StmtKind::Var(ast::VarDecl {
            attributes: Vec::new(),
            template_args: Vec::new(),
            template_span: None,
            name,
            ty,
            init,
        }));
    }

    /// Declares `v` now if its declaration waits in the current block.
    pub(super) fn declare_if_lazy(&mut self, v: Inst) -> Result<(), RaiseError> {
        if let Some(k) = self.lazy.iter().position(|&x| x == v) {
            self.lazy.remove(k);
            self.declare(v)?;
        }
        Ok(())
    }

    /// `name = value;`, declaring the variable first if it waits, and fusing
    /// `var x: T;` + `x = e;` into `var x = e;`.
    pub(super) fn assign(&mut self, v: Inst, value: ExprId) -> Result<(), RaiseError> {
        self.declare_if_lazy(v)?;
        let sym = self.name_of(v);
        if let Some(&last) = self.out.last() {
            if let StmtKind::Var(decl) = &self.ast.module.stmt(last).kind {
                if decl.name.name == sym && decl.init.is_none() && !self.ast.mentions(value, sym) {
                    let mut decl = decl.clone();
                    decl.init = Some(value);
                    decl.ty = None;
                    self.ast.module.stmts[last.index()].kind = StmtKind::Var(decl);
                    return Ok(());
                }
            }
        }
        let lhs = self.ast.name_sym(sym);
        let stmt = self.assignment(lhs, value);
        self.push(stmt);
        Ok(())
    }

    /// `lhs = rhs`, or `lhs op= e` when `rhs` is `lhs op e` (and `lhs++` / `lhs--` for an
    /// integer 1): the reference is the same expression without calls, so evaluating
    /// it once instead of twice changes nothing.
    pub(super) fn assignment(&mut self, lhs: ExprId, rhs: ExprId) -> StmtKind {
        let plain = StmtKind::Assign {
            lhs: Some(lhs),
            op: None,
            rhs,
        };
        let ExprKind::Binary { op, lhs: l, rhs: r } = self.ast.module.expr(rhs).kind else {
            return plain;
        };
        if !op.is_compound_assignable() || !same_expr(&self.ast.module, lhs, l, 0) {
            return plain;
        }
        if let ExprKind::Literal(ast::Literal {
            value:
                ast::LiteralValue::Int {
                    value: 1,
                    suffix: ast::IntSuffix::I | ast::IntSuffix::U,
                },
            ..
        }) = self.ast.module.expr(r).kind
        {
            match op {
                ast::BinaryOp::Add => return StmtKind::Increment(lhs),
                ast::BinaryOp::Sub => return StmtKind::Decrement(lhs),
                _ => {}
            }
        }
        StmtKind::Assign {
            lhs: Some(lhs),
            op: Some(op),
            rhs: r,
        }
    }

    // ---- pending expressions ---------------------------------------------------------------

    pub(super) fn pending_index(&self, v: Inst) -> Option<usize> {
        self.pending.iter().position(|p| p.inst == v)
    }

    /// Binds pending item `k` to a `let`.
    pub(super) fn flush_at(&mut self, k: usize) {
        let p = self.pending.remove(k);
        let ident = Ast::ident(self.name_of(p.inst));
        self.form.insert(p.inst, Form::Let);
        self.push(StmtKind::Let(ast::ValueDecl {
            name: ident,
            ty: None,
            init: p.expr,
        }));
    }

    /// Binds every pending read or effect that must be evaluated no later than block
    /// position `upto`: those with a leaf at or before it, and, transitively, those with
    /// a leaf before the latest leaf of one already chosen (binding an item evaluates all
    /// of its leaves). They are bound in the order of their earliest leaf; pending items
    /// that conflict never interleave (see [`Self::prepare`]), so that order agrees with
    /// the IR wherever order matters.
    pub(super) fn flush_through(&mut self, upto: u32) {
        let first = |p: &Pending| p.leaves.iter().copied().min().unwrap_or(u32::MAX);
        let last = |p: &Pending| p.leaves.iter().copied().max().unwrap_or(0);
        let mut bound = upto;
        loop {
            let grown = self
                .pending
                .iter()
                .filter(|p| p.effect != Effect::Pure && first(p) <= bound)
                .map(last)
                .max()
                .unwrap_or(bound)
                .max(bound);
            if grown == bound {
                break;
            }
            bound = grown;
        }
        let mut chosen: Vec<(u32, Inst)> = self
            .pending
            .iter()
            .filter(|p| p.effect != Effect::Pure && first(p) <= bound)
            .map(|p| (first(p), p.inst))
            .collect();
        use crate::util::sort;
        sort::by_key(&mut chosen, |&(at, inst)| {
            sort::pair(at, inst.index() as u32)
        });
        for (_, inst) in chosen {
            if let Some(k) = self.pending_index(inst) {
                self.flush_at(k);
            }
        }
    }

    pub(super) fn flush_all(&mut self) {
        while !self.pending.is_empty() {
            self.flush_at(0);
        }
    }

    /// The pending items (and their leaves, in evaluation order) an expression over
    /// `values` would consume.
    pub(super) fn peek(
        &self,
        values: &[Inst],
        consumed: &mut Vec<Inst>,
        leaves: &mut Vec<u32>,
        depth: u32,
    ) {
        for &v in values {
            self.peek_value(v, consumed, leaves, depth);
        }
    }

    /// [`Self::peek`] of one value.
    fn peek_value(&self, v: Inst, consumed: &mut Vec<Inst>, leaves: &mut Vec<u32>, depth: u32) {
        if depth > 64 {
            return;
        }
        if let Some(k) = self.pending_index(v) {
            consumed.push(v);
            leaves.extend_from_slice(&self.pending[k].leaves);
        } else if self.form.get(&v) == Some(&Form::Remat) {
            for k in eval_order(self.m, v) {
                self.peek_value(self.m.operand(v, k), consumed, leaves, depth + 1);
            }
        }
    }

    /// Before writing something that evaluates `values` (in order) and then does
    /// `own` (a read or effect at block position `at`, if any), now (`emitted_now`) or
    /// later as a pending expression: binds the pending reads and effects whose order
    /// it would otherwise break.
    ///
    /// The invariant kept: every pending read or effect is evaluated, wherever it ends
    /// up, in an order that agrees with the IR on every pair that conflicts (a write and
    /// anything else that touches memory). Three cases break it, each fixed by binding a
    /// prefix of the pending items with [`Self::flush_through`]: a statement written now
    /// while an earlier conflicting item stays pending (it would run later); a new
    /// expression whose leaves would surround a conflicting item left pending (they could
    /// not both keep their order); and operands whose leaves WGSL's left-to-right order
    /// would evaluate out of IR order.
    pub(super) fn prepare(
        &mut self,
        values: &[Inst],
        own: Option<(Effect, u32)>,
        emitted_now: bool,
    ) {
        if self.pending.is_empty() {
            // Nothing pending: nothing to bind, whatever `values` and `own` are.
            return;
        }
        let (mut consumed, mut leaves) = std::mem::take(&mut self.peeked);
        let mut effect = self.peek_all(values, &mut consumed, &mut leaves);
        if let Some((e, at)) = own {
            effect = effect.max(e);
            if e != Effect::Pure {
                leaves.push(at);
            }
        }
        if effect != Effect::Pure {
            let lo = leaves.iter().copied().min().unwrap_or(u32::MAX);
            let hi = leaves.iter().copied().max().unwrap_or(0);
            let worst = self
                .pending
                .iter()
                .filter(|p| {
                    p.effect != Effect::Pure
                        && !consumed.contains(&p.inst)
                        && conflicts(p.effect, effect)
                        && (emitted_now || p.leaves.iter().any(|&l| lo < l && l < hi))
                })
                .filter_map(|p| p.leaves.iter().copied().max())
                .max();
            if let Some(w) = worst {
                self.flush_through(w);
                // Operands whose effects would evaluate out of order, among what is
                // still pending.
                self.peek_all(values, &mut consumed, &mut leaves);
                if let Some((e, at)) = own {
                    if e != Effect::Pure {
                        leaves.push(at);
                    }
                }
            }
        }
        // Each leaf that WGSL would evaluate after a later one it conflicts with must be
        // bound; binding the latest such leaf (and so everything before it) leaves the
        // rest in order. Two reads keep whatever order WGSL gives them: binding one of
        // them would only change the text (and a second round trip would undo it).
        let mut latest_any: Option<u32> = None;
        let mut latest_write: Option<u32> = None;
        let mut late: Option<u32> = None;
        for &l in &leaves {
            let effect = self.leaf_effect(l);
            let after = if effect == Effect::Writes {
                latest_any
            } else {
                latest_write
            };
            if after.is_some_and(|a| l < a) {
                late = Some(late.map_or(l, |x| x.max(l)));
            }
            latest_any = latest_any.max(Some(l));
            if effect == Effect::Writes {
                latest_write = latest_write.max(Some(l));
            }
        }
        self.peeked = (consumed, leaves);
        if let Some(m) = late {
            self.flush_through(m);
        }
    }

    /// The effect of the instruction at block position `at` (a write when unknown, which
    /// only ever binds more).
    fn leaf_effect(&self, at: u32) -> Effect {
        self.leaf_effects
            .get(at as usize)
            .copied()
            .unwrap_or(Effect::Writes)
    }

    /// The pending items an expression over `values` would consume and their leaves in
    /// evaluation order, into `consumed` and `leaves` (cleared first), and their combined
    /// effect.
    fn peek_all(&self, values: &[Inst], consumed: &mut Vec<Inst>, leaves: &mut Vec<u32>) -> Effect {
        consumed.clear();
        leaves.clear();
        self.peek(values, consumed, leaves, 0);
        consumed
            .iter()
            .filter_map(|&c| self.pending_index(c))
            .map(|k| self.pending[k].effect)
            .max()
            .unwrap_or(Effect::Pure)
    }

    // ---- operands ----------------------------------------------------------------------------

    /// A value operand's expression (consuming it if pending).
    pub(super) fn value(&mut self, v: Inst) -> Result<Piece, RaiseError> {
        let m = self.m;
        if let Some(k) = self.pending_index(v) {
            let p = self.pending.remove(k);
            return Ok(Piece {
                expr: p.expr,
                effect: p.effect,
                leaves: p.leaves,
            });
        }
        if m.is_global(v) {
            return match m.opcode(v) {
                Opcode::Var => {
                    let place = self.place(v)?;
                    Ok(Piece::pure(self.as_pointer(place.expr, place.is_ref)))
                }
                _ => Ok(Piece::pure(global_value_expr(self.cx, self.ast, v, 0)?)),
            };
        }
        match self.form.get(&v).copied() {
            Some(Form::Remat) | Some(Form::MemVar) => {
                let place = self.place(v)?;
                if is_handle_load(m, v) {
                    return Ok(Piece {
                        expr: place.expr,
                        effect: place.effect,
                        leaves: place.leaves,
                    });
                }
                let e = self.as_pointer(place.expr, place.is_ref);
                Ok(Piece {
                    expr: e,
                    effect: place.effect,
                    leaves: place.leaves,
                })
            }
            Some(Form::FnParam | Form::BlockVar | Form::Let | Form::InsertTemp | Form::Inline) => {
                Ok(Piece::pure(self.name_expr(v)))
            }
            _ => Err(self.cx.malformed(v, "value used before it is written")),
        }
    }

    pub(super) fn as_pointer(&mut self, e: ExprId, is_ref: bool) -> ExprId {
        if is_ref {
            self.ast.unary(UnaryOp::AddressOf, e)
        } else {
            e
        }
    }

    pub(super) fn as_ref(&mut self, e: ExprId, is_ref: bool) -> ExprId {
        if is_ref {
            e
        } else {
            self.ast.unary(UnaryOp::Deref, e)
        }
    }

    /// A pointer operand as a place.
    pub(super) fn place(&mut self, p: Inst) -> Result<Place, RaiseError> {
        let m = self.m;
        let simple = |e| Place {
            expr: e,
            is_ref: true,
            effect: Effect::Pure,
            leaves: Vec::new(),
        };
        if m.is_global(p) && m.opcode(p) == Opcode::Var {
            let name = self
                .cx
                .global_name(p)
                .ok_or_else(|| self.cx.malformed(p, "global variable"))?
                .to_string();
            return Ok(simple(self.ast.name(&name)));
        }
        match (m.opcode(p), self.form.get(&p).copied()) {
            (Opcode::Var, _) => {
                let e = self.name_expr(p);
                Ok(simple(e))
            }
            (Opcode::Param, _) => {
                let e = self.name_expr(p);
                Ok(Place {
                    expr: e,
                    is_ref: false,
                    effect: Effect::Pure,
                    leaves: Vec::new(),
                })
            }
            (Opcode::Access, _) => {
                let base = m.operand(p, 0);
                let mut place = self.place(base)?;
                let mut e = self.as_ref(place.expr, place.is_ref);
                let mut t = m
                    .ty(base)
                    .and_then(|t| m.ptr_parts(t))
                    .map(|(_, s, _)| s)
                    .ok_or_else(|| self.cx.malformed(p, "access base"))?;
                for k in 1..m.num_operands(p) {
                    let ix = m.operand(p, k);
                    let dynamic = if constant_index(m, ix).is_none() {
                        let piece = self.value(ix)?;
                        place.effect = place.effect.max(piece.effect);
                        place.leaves.extend(piece.leaves);
                        Some(piece.expr)
                    } else {
                        None
                    };
                    let (ne, nt) = member_expr(self.cx, self.ast, e, t, ix, dynamic)?;
                    e = ne;
                    t = nt;
                }
                Ok(Place {
                    expr: e,
                    is_ref: true,
                    effect: place.effect,
                    leaves: place.leaves,
                })
            }
            (Opcode::Load, _) if is_handle_load(m, p) => {
                let place = self.place(m.operand(p, 0))?;
                let e = self.as_ref(place.expr, place.is_ref);
                Ok(simple(e))
            }
            (Opcode::BufferView | Opcode::BufferArrayView, _) => {
                let (ops, effect, leaves) = self.operands_of(p)?;
                let e = op_expr(self.cx, self.ast, p, ops)?;
                Ok(Place {
                    expr: e,
                    is_ref: false,
                    effect,
                    leaves,
                })
            }
            _ => {
                // Any other pointer value (a pending or bound one cannot exist: pointers
                // are never bound).
                let piece = self.value(p)?;
                Ok(Place {
                    expr: piece.expr,
                    is_ref: false,
                    effect: piece.effect,
                    leaves: piece.leaves,
                })
            }
        }
    }

    /// Every operand's expression, in WGSL evaluation order (pointer operands in pointer
    /// form), indexed by operand number.
    pub(super) fn operands_of(
        &mut self,
        i: Inst,
    ) -> Result<(Vec<ExprId>, Effect, Vec<u32>), RaiseError> {
        let m = self.m;
        let mut operands = m.operands(i);
        let n = operands.len();
        let op = m.opcode(i);
        // In evaluation order (see `eval_order`), reversed at the end for `select`.
        let reversed = n == 3 && op == Opcode::Select;
        let mut exprs: Vec<ExprId> = Vec::with_capacity(n);
        let mut effect = Effect::Pure;
        let mut leaves = Vec::new();
        let skip_callee = op == Opcode::Call;
        for j in 0..n {
            let next = if reversed {
                operands.next_back()
            } else {
                operands.next()
            };
            let Some(v) = next else { break };
            if skip_callee && j == 0 {
                // The callee's placeholder.
                exprs.push(self.ast.name("_"));
                continue;
            }
            let is_ptr =
                m.ty(v).is_some_and(|t| m.opcode(t) == Opcode::Ptr) && !m.is_type_valued(v);
            let piece = if is_ptr {
                let place = self.place(v)?;
                let e = self.as_pointer(place.expr, place.is_ref);
                Piece {
                    expr: e,
                    effect: place.effect,
                    leaves: place.leaves,
                }
            } else {
                self.value(v)?
            };
            effect = effect.max(piece.effect);
            // Most pieces have no leaves: take the first list whole rather than copy it.
            if leaves.is_empty() {
                leaves = piece.leaves;
            } else if !piece.leaves.is_empty() {
                leaves.extend_from_slice(&piece.leaves);
            }
            exprs.push(piece.expr);
        }
        if reversed {
            exprs.reverse();
        }
        Ok((exprs, effect, leaves))
    }

    /// The expression of a value-producing instruction (not `var`, not memory writes).
    /// `own` is what `i` itself does to memory, `at` its position in its block.
    pub(super) fn build(&mut self, i: Inst, own: Effect, at: u32) -> Result<Piece, RaiseError> {
        let m = self.m;
        let (expr, effect, mut leaves) = match m.opcode(i) {
            Opcode::Load => {
                let place = self.place(m.operand(i, 0))?;
                let e = self.as_ref(place.expr, place.is_ref);
                (e, place.effect, place.leaves)
            }
            Opcode::Insert => {
                let e = self.insert_constructor(i)?;
                (e.expr, e.effect, e.leaves)
            }
            op if crate::raise::expr::is_constant_expression_op(op)
                && self.constant_operands(i) =>
            {
                // WGSL would evaluate this at shader creation (and may reject it) where the
                // IR means the run-time operation, and lowering the output again would
                // fold what `const-fold` did not: write the folded value, or make an
                // operand a run-time value.
                let ty = m.ty(i).ok_or_else(|| self.cx.malformed(i, "type"))?;
                match crate::ir::eval::evaluate(m, i) {
                    Some(c) => (
                        crate::raise::expr::folded_expr(self.cx, self.ast, ty, &c)?,
                        Effect::Pure,
                        Vec::new(),
                    ),
                    None => self.with_runtime_operand(i, 0)?,
                }
            }
            _ if nonzero_divisor(m, i).is_some() => {
                // An integer divisor constant with zero lanes: those lanes are written as
                // 1, which gives WGSL's run-time result for them (`x / 0` is `x`,
                // `x % 0` is 0); bound to a `let`, some compilers (naga) still reject it.
                let (divisor, ty) = nonzero_divisor(m, i).unwrap_or_else(|| unreachable!());
                let (mut ops, effect, leaves) = self.operands_of(i)?;
                ops[1] = crate::raise::expr::folded_expr(self.cx, self.ast, ty, &divisor)?;
                (op_expr(self.cx, self.ast, i, ops)?, effect, leaves)
            }
            _ if crate::raise::expr::constant_operand_rejected(m, i).is_some() => {
                // A constant divisor of zero, a constant shift of 32 or more: an error in
                // WGSL even when the other operand is not constant.
                let k = crate::raise::expr::constant_operand_rejected(m, i).unwrap_or(0);
                self.with_runtime_operand(i, k)?
            }
            _ => {
                let (ops, effect, leaves) = self.operands_of(i)?;
                (op_expr(self.cx, self.ast, i, ops)?, effect, leaves)
            }
        };
        if own != Effect::Pure {
            leaves.push(at);
        }
        Ok(Piece {
            expr,
            effect: effect.max(own),
            leaves,
        })
    }

    /// The expression of `i` with operand `k` bound to a `let` first, so WGSL does not
    /// treat it as a constant expression.
    fn with_runtime_operand(
        &mut self,
        i: Inst,
        k: usize,
    ) -> Result<(ExprId, Effect, Vec<u32>), RaiseError> {
        let (mut ops, effect, leaves) = self.operands_of(i)?;
        if let Some(first) = ops.get(k).copied() {
            let name = self.namer.name(None, "k");
            let ident = self.ast.ident_of(&name);
            self.push(StmtKind::Let(ast::ValueDecl {
                name: ident,
                ty: None,
                init: first,
            }));
            ops[k] = self.ast.name(&name);
        }
        Ok((op_expr(self.cx, self.ast, i, ops)?, effect, leaves))
    }

    /// Whether every operand of `i` is a constant (so WGSL would evaluate it at shader
    /// creation).
    pub(super) fn constant_operands(&self, i: Inst) -> bool {
        let m = self.m;
        m.num_operands(i) > 0 && m.operands(i).all(|x| m.opcode(x).is_constant())
    }

    /// `insert comp, value, i…` as a constructor: `vec4<f32>(c.x, v, c.z, c.w)`.
    pub(super) fn insert_constructor(&mut self, i: Inst) -> Result<Piece, RaiseError> {
        let m = self.m;
        let comp = m.operand(i, 0);
        let value = self.value(m.operand(i, 1))?;
        let path: Vec<u32> = (2..m.num_operands(i))
            .map(|k| constant_index(m, m.operand(i, k)).unwrap_or(0))
            .collect();
        let t = m.ty(i).ok_or_else(|| self.cx.malformed(i, "insert"))?;
        let expr = self.rebuild(comp, Vec::new(), t, &path, value.expr)?;
        Ok(Piece {
            expr,
            effect: value.effect,
            leaves: value.leaves,
        })
    }

    /// The composite `comp` (reached through `prefix`, of type `t`) with the member at
    /// `path` replaced by `value`.
    pub(super) fn rebuild(
        &mut self,
        comp: Inst,
        prefix: Vec<u32>,
        t: Inst,
        path: &[u32],
        value: ExprId,
    ) -> Result<ExprId, RaiseError> {
        let m = self.m;
        let Some((&first, rest)) = path.split_first() else {
            return Ok(value);
        };
        let count = match m.opcode(t) {
            Opcode::Vec => m.vec_parts(t).map_or(0, |p| p.1),
            Opcode::Mat => m.mat_parts(t).map_or(0, |p| p.1),
            Opcode::Array => m
                .operand_opt(t, 1)
                .and_then(|c| m.const_u32(c))
                .unwrap_or(0),
            Opcode::Struct => m.struct_fields(t).len() as u32,
            _ => 0,
        };
        let mut parts = Vec::with_capacity(count as usize);
        for k in 0..count {
            let mt = m
                .member_type(t, Some(k))
                .ok_or_else(|| self.cx.malformed(comp, "insert path"))?;
            let mut p = prefix.clone();
            p.push(k);
            if k == first {
                parts.push(self.rebuild(comp, p, mt, rest, value)?);
            } else {
                parts.push(self.member_of(comp, &p)?);
            }
        }
        let ty = type_expr(self.cx, self.ast, t)?;
        Ok(self.ast.construct(ty, parts))
    }

    /// The member of `comp` at constant `path`, as a fresh expression.
    pub(super) fn member_of(&mut self, comp: Inst, path: &[u32]) -> Result<ExprId, RaiseError> {
        let m = self.m;
        // Members of constants are constants.
        let mut c = comp;
        let mut constant = m.opcode(c).is_constant();
        if constant {
            for &k in path {
                match m.opcode(c) {
                    Opcode::Composite => match m.operand_opt(c, k as usize) {
                        Some(x) => c = x,
                        None => return Err(self.cx.malformed(comp, "constant member")),
                    },
                    _ => {
                        constant = false;
                        break;
                    }
                }
            }
            if constant {
                return constant_expr(self.cx, self.ast, c, false, 0);
            }
            if matches!(m.opcode(comp), Opcode::Zero | Opcode::Undef) {
                let mut t = m.ty(comp).ok_or_else(|| self.cx.malformed(comp, "zero"))?;
                for &k in path {
                    t = m
                        .member_type(t, Some(k))
                        .ok_or_else(|| self.cx.malformed(comp, "member"))?;
                }
                return zero_expr(self.cx, self.ast, t);
            }
        }
        let mut e = if m.is_global(comp) {
            global_value_expr(self.cx, self.ast, comp, 0)?
        } else {
            self.name_expr(comp)
        };
        let mut t = m
            .ty(comp)
            .ok_or_else(|| self.cx.malformed(comp, "insert"))?;
        for &k in path {
            let u32t = self
                .m
                .find_interned(Opcode::U32, Some(m.type_kind()), &[], 0)
                .ok_or_else(|| self.cx.malformed(comp, "index type"))?;
            let ix = m.find_interned(Opcode::Constant, Some(u32t), &[], k);
            let (ne, nt) = match ix {
                Some(ix) => member_expr(self.cx, self.ast, e, t, ix, None)?,
                None => {
                    // No such constant in the module: index with a literal.
                    let mt = m
                        .member_type(t, Some(k))
                        .ok_or_else(|| self.cx.malformed(comp, "member"))?;
                    let lit = abstract_int(self.ast, i64::from(k));
                    let e2 = match m.opcode(t) {
                        Opcode::Struct => {
                            let name = self
                                .cx
                                .member_name(t, k as usize)
                                .unwrap_or("m")
                                .to_string();
                            self.ast.member(e, &name)
                        }
                        Opcode::Vec => self
                            .ast
                            .member(e, crate::raise::expr::component(k).unwrap_or("x")),
                        _ => self.ast.index(e, lit),
                    };
                    (e2, mt)
                }
            };
            e = ne;
            t = nt;
        }
        Ok(e)
    }

    // ---- instructions ------------------------------------------------------------------------

    pub(super) fn emit_inst(&mut self, i: Inst) -> Result<(), RaiseError> {
        let m = self.m;
        let form = self.form.get(&i).copied().unwrap_or(Form::Dead);
        let op = m.opcode(i);
        let at = self.position[&i];
        let own = effect_of(m, i);
        match form {
            Form::Dead | Form::FnParam | Form::BlockVar | Form::Remat => Ok(()),
            Form::MemVar => {
                let init = m.operand_opt(i, 0);
                let values: Vec<Inst> = init.into_iter().collect();
                self.prepare(&values, None, true);
                let init_expr = match init {
                    Some(x) => Some(self.value(x)?.expr),
                    None => None,
                };
                if self.hoisted.contains(i) {
                    let store = m
                        .ty(i)
                        .and_then(|t| m.ptr_parts(t))
                        .map(|(_, s, _)| s)
                        .ok_or_else(|| self.cx.malformed(i, "variable type"))?;
                    let e = match init_expr {
                        Some(e) => e,
                        None => zero_expr(self.cx, self.ast, store)?,
                    };
                    self.assign(i, e)
                } else {
                    let store = m
                        .ty(i)
                        .and_then(|t| m.ptr_parts(t))
                        .map(|(_, s, _)| s)
                        .ok_or_else(|| self.cx.malformed(i, "variable type"))?;
                    let ty = if init_expr.is_some() {
                        None
                    } else {
                        Some(type_expr(self.cx, self.ast, store)?)
                    };
                    self.push_var(i, ty, init_expr);
                    Ok(())
                }
            }
            Form::Inline => {
                self.prepare_operands(i, Some((own, at)), false);
                let piece = self.build(i, own, at)?;
                let height = self.ast.height(piece.expr);
                self.pending.push(Pending {
                    inst: i,
                    expr: piece.expr,
                    effect: piece.effect,
                    leaves: piece.leaves,
                });
                if height > self.cx.options.max_expression_height {
                    // Too tall to grow further: bind it (its reads and effects keep their
                    // order because everything earlier is bound first).
                    let k = self.pending.len() - 1;
                    if piece_effect(&self.pending[k]) != Effect::Pure {
                        self.flush_through(at);
                    } else {
                        self.flush_at(k);
                    }
                }
                Ok(())
            }
            Form::Assigned => {
                self.prepare_operands(i, Some((own, at)), true);
                let piece = self.build(i, own, at)?;
                let p = self.coalesced[&i];
                self.assign(p, piece.expr)
            }
            Form::Let => {
                self.prepare_operands(i, Some((own, at)), true);
                let piece = self.build(i, own, at)?;
                if self.hoisted.contains(i) {
                    self.assign(i, piece.expr)
                } else {
                    let name = Ast::ident(self.name_of(i));
                    self.push(StmtKind::Let(ast::ValueDecl {
                        name,
                        ty: None,
                        init: piece.expr,
                    }));
                    Ok(())
                }
            }
            Form::InsertTemp => {
                let comp = m.operand(i, 0);
                let val = m.operand(i, 1);
                let indices: Vec<Inst> = m.operands(i).skip(2).collect();
                let mut values = vec![comp, val];
                values.extend(indices.iter().filter(|&&x| constant_index(m, x).is_none()));
                self.prepare(&values, None, true);
                let comp_e = self.value(comp)?.expr;
                if self.hoisted.contains(i) {
                    self.assign(i, comp_e)?;
                } else {
                    self.push_var(i, None, Some(comp_e));
                }
                let val_e = self.value(val)?.expr;
                let mut lhs = self.name_expr(i);
                let mut t = m.ty(i).ok_or_else(|| self.cx.malformed(i, "insert"))?;
                for ix in indices {
                    let dynamic = if constant_index(m, ix).is_none() {
                        Some(self.value(ix)?.expr)
                    } else {
                        None
                    };
                    let (ne, nt) = member_expr(self.cx, self.ast, lhs, t, ix, dynamic)?;
                    lhs = ne;
                    t = nt;
                }
                self.push(StmtKind::Assign {
                    lhs: Some(lhs),
                    op: None,
                    rhs: val_e,
                });
                Ok(())
            }
            Form::Effect => self.emit_effect(i, op, own, at),
        }
    }

    /// [`Self::prepare`] for the operands an instruction's expression evaluates (not the
    /// callee), in evaluation order.
    pub(super) fn prepare_operands(&mut self, i: Inst, own: Option<(Effect, u32)>, now: bool) {
        if self.pending.is_empty() {
            // What `prepare` would see first: nothing to bind, no operand list to make.
            return;
        }
        let m = self.m;
        let mut values = std::mem::take(&mut self.operand_scratch);
        values.clear();
        let op = m.opcode(i);
        let operands = m.operands(i);
        // In evaluation order (see `eval_order`): only `select` reverses its operands.
        if operands.len() == 3 && op == Opcode::Select {
            values.extend(operands.rev());
        } else {
            // Not the callee of a call.
            values.extend(operands.skip(usize::from(op == Opcode::Call)));
        }
        self.prepare(&values, own, now);
        self.operand_scratch = values;
    }

    pub(super) fn emit_effect(
        &mut self,
        i: Inst,
        op: Opcode,
        own: Effect,
        at: u32,
    ) -> Result<(), RaiseError> {
        let m = self.m;
        self.prepare_operands(i, Some((own, at)), true);
        match op {
            Opcode::Store => {
                let place = self.place(m.operand(i, 0))?;
                let value = self.value(m.operand(i, 1))?;
                let lhs = self.as_ref(place.expr, place.is_ref);
                let stmt = self.assignment(lhs, value.expr);
                self.push(stmt);
            }
            Opcode::Demote => self.push(StmtKind::Discard),
            _ => {
                let piece = self.build(i, own, at)?;
                let has_value = m.ty(i).is_some_and(|t| m.opcode(t) != Opcode::Void);
                let must_use = match op {
                    Opcode::Call => false,
                    _ => crate::raise::expr::builtin_name(op)
                        .and_then(crate::sema::builtins::BuiltinFn::from_name)
                        .is_some_and(|b| b.must_use()),
                };
                if has_value && must_use {
                    self.push(StmtKind::Assign {
                        lhs: None,
                        op: None,
                        rhs: piece.expr,
                    });
                } else {
                    self.push(StmtKind::Call(piece.expr));
                }
            }
        }
        Ok(())
    }

    // ---- edges -----------------------------------------------------------------------------

    /// Writes the copies of one edge (`params[k] = args[k]`, a parallel copy), then
    /// evaluates `tail` values after them. Returns the tail expressions.
    pub(super) fn edge(
        &mut self,
        target: Option<Block>,
        args: &[Inst],
        tail: &[Inst],
    ) -> Result<Vec<ExprId>, RaiseError> {
        let mut copies: Vec<(Inst, Inst)> = Vec::new();
        if let Some(t) = target {
            let params = crate::ir::cfg::params(self.m, t);
            for (&p, &a) in params.iter().zip(args) {
                let assigned_already = self.coalesced.get(&a) == Some(&p);
                if p != a && self.form.get(&p) == Some(&Form::BlockVar) && !assigned_already {
                    copies.push((p, a));
                }
            }
        }
        self.copies(&copies, tail)
    }

    pub(super) fn copies(
        &mut self,
        copies: &[(Inst, Inst)],
        tail: &[Inst],
    ) -> Result<Vec<ExprId>, RaiseError> {
        if copies.is_empty() && tail.is_empty() {
            // Nothing is evaluated, so nothing is bound either.
            return Ok(Vec::new());
        }
        let mut values: Vec<Inst> = copies.iter().map(|&(_, a)| a).collect();
        values.extend_from_slice(tail);
        self.prepare(&values, None, true);
        let mut pieces = Vec::with_capacity(values.len());
        for &v in &values {
            pieces.push(self.value(v)?);
        }
        // Parallel copy: a value that reads a variable assigned before it goes through a
        // `let`, and so do the reads and effects before it, to keep their order.
        let assigned: Vec<Symbol> = copies.iter().map(|&(p, _)| self.name_of(p)).collect();
        let hazard = |ast: &Ast, k: usize, e: ExprId| -> bool {
            let before = k.min(assigned.len());
            assigned[..before].iter().any(|&s| ast.mentions(e, s))
        };
        let any_hazard = pieces
            .iter()
            .enumerate()
            .any(|(k, p)| hazard(self.ast, k, p.expr));
        if any_hazard {
            for piece in pieces.iter_mut() {
                let reads_assigned = assigned.iter().any(|&s| self.ast.mentions(piece.expr, s));
                if reads_assigned || piece.effect != Effect::Pure {
                    let name = self.namer.name(None, "t");
                    let ident = self.ast.ident_of(&name);
                    self.push(StmtKind::Let(ast::ValueDecl {
                        name: ident,
                        ty: None,
                        init: piece.expr,
                    }));
                    piece.expr = self.ast.name(&name);
                }
            }
        }
        for (k, &(p, _)) in copies.iter().enumerate() {
            self.assign(p, pieces[k].expr)?;
        }
        Ok(pieces[copies.len()..].iter().map(|p| p.expr).collect())
    }
}

pub(super) fn piece_effect(p: &Pending) -> Effect {
    p.effect
}

/// Whether two expressions are the same tree (names, literals, members, indices and
/// operators; never calls, which may not be evaluated fewer times).
fn same_expr(m: &ast::Module, a: ExprId, b: ExprId, depth: u32) -> bool {
    if depth > 32 {
        return false;
    }
    let same = |x: ExprId, y: ExprId| same_expr(m, x, y, depth + 1);
    match (&m.expr(a).kind, &m.expr(b).kind) {
        (ExprKind::Ident(x), ExprKind::Ident(y)) => {
            x.ident.name == y.ident.name && x.template_args.is_none() && y.template_args.is_none()
        }
        (ExprKind::Literal(x), ExprKind::Literal(y)) => x.spelling == y.spelling,
        (
            ExprKind::Member {
                base: x,
                member: mx,
            },
            ExprKind::Member {
                base: y,
                member: my,
            },
        ) => mx.name == my.name && same(*x, *y),
        (ExprKind::Index { base: x, index: ix }, ExprKind::Index { base: y, index: iy }) => {
            same(*x, *y) && same(*ix, *iy)
        }
        (ExprKind::Unary { op: ox, operand: x }, ExprKind::Unary { op: oy, operand: y }) => {
            ox == oy && same(*x, *y)
        }
        (
            ExprKind::Binary {
                op: ox,
                lhs: lx,
                rhs: rx,
            },
            ExprKind::Binary {
                op: oy,
                lhs: ly,
                rhs: ry,
            },
        ) => ox == oy && same(*lx, *ly) && same(*rx, *ry),
        (ExprKind::Paren(x), ExprKind::Paren(y)) => same(*x, *y),
        _ => false,
    }
}
