//! Values: operands and places, each instruction by its form, and the parallel copies of
//! branch arguments.

use super::emitter::{Bind, Index};
use super::emitter::{ExprId, Symbol};
use super::facts::{Effect, conflicts, constant_index, effect_of, is_handle_load, member_count};
use super::state::{Pending, Piece, Place, Walker};
use super::tables::Form;
use crate::ir::{Block, Inst, Opcode};
use crate::raise::error::RaiseError;

/// Operands' expressions (by operand number), their combined effect, and their leaves in
/// evaluation order.
type Operands<X> = (Vec<X>, Effect, Vec<u32>);

impl Walker<'_, '_> {
    // ---- operands ----------------------------------------------------------------------------

    /// A value operand's expression (consuming it if pending).
    pub(super) fn value(&mut self, v: Inst) -> Result<Piece<ExprId>, RaiseError> {
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
                _ => Ok(Piece::pure(self.em.global_value(v)?)),
            };
        }
        match self.a.form.get(&v).copied() {
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
            _ => Err(RaiseError::malformed(v, "value used before it is written")),
        }
    }

    pub(super) fn as_pointer(&mut self, e: ExprId, is_ref: bool) -> ExprId {
        if is_ref { self.em.address_of(e) } else { e }
    }

    pub(super) fn as_ref(&mut self, e: ExprId, is_ref: bool) -> ExprId {
        if is_ref { e } else { self.em.deref(e) }
    }

    /// A pointer operand as a place.
    pub(super) fn place(&mut self, p: Inst) -> Result<Place<ExprId>, RaiseError> {
        let m = self.m;
        let simple = |e| Place {
            expr: e,
            is_ref: true,
            effect: Effect::Pure,
            leaves: Vec::new(),
        };
        if m.is_global(p) && m.opcode(p) == Opcode::Var {
            return Ok(simple(self.em.global(p)?));
        }
        match m.opcode(p) {
            Opcode::Var => {
                let e = self.name_expr(p);
                Ok(simple(e))
            }
            Opcode::Param => {
                let e = self.name_expr(p);
                Ok(Place {
                    expr: e,
                    is_ref: false,
                    effect: Effect::Pure,
                    leaves: Vec::new(),
                })
            }
            Opcode::Access => {
                let base = m.operand(p, 0);
                let mut place = self.place(base)?;
                let mut e = self.as_ref(place.expr, place.is_ref);
                let mut t = m
                    .ty(base)
                    .and_then(|t| m.ptr_parts(t))
                    .map(|(_, s, _)| s)
                    .ok_or_else(|| RaiseError::malformed(p, "access base"))?;
                for k in 1..m.num_operands(p) {
                    let ix = m.operand(p, k);
                    let constant = constant_index(m, ix);
                    let index = match constant {
                        Some(c) => Index::Const(c),
                        None => {
                            let piece = self.value(ix)?;
                            place.effect = place.effect.max(piece.effect);
                            place.leaves.extend(piece.leaves);
                            Index::Dynamic(piece.expr)
                        }
                    };
                    let member_ty = m
                        .member_type(t, constant)
                        .ok_or_else(|| RaiseError::malformed(ix, "index"))?;
                    e = self.em.access(e, t, index)?;
                    t = member_ty;
                }
                Ok(Place {
                    expr: e,
                    is_ref: true,
                    effect: place.effect,
                    leaves: place.leaves,
                })
            }
            Opcode::Load if is_handle_load(m, p) => {
                let place = self.place(m.operand(p, 0))?;
                let e = self.as_ref(place.expr, place.is_ref);
                Ok(simple(e))
            }
            Opcode::BufferView | Opcode::BufferArrayView => {
                let (ops, effect, leaves) = self.operands_of(p)?;
                let e = self.operation(p, ops)?;
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

    /// Every operand's expression, in the language's evaluation order (pointer operands
    /// in pointer form), indexed by operand number; a call's callee has none.
    pub(super) fn operands_of(&mut self, i: Inst) -> Result<Operands<ExprId>, RaiseError> {
        let m = self.m;
        let skip = usize::from(m.opcode(i) == Opcode::Call);
        let mut operands = m.operands(i).skip(skip);
        let n = operands.len();
        let reversed = self.em.reverses_operands(m, i);
        let mut exprs: Vec<ExprId> = Vec::with_capacity(n);
        let mut effect = Effect::Pure;
        let mut leaves = Vec::new();
        for _ in 0..n {
            let next = if reversed {
                operands.next_back()
            } else {
                operands.next()
            };
            let Some(v) = next else { break };
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

    /// The emitter's expression of operation `i` from its operands' expressions.
    fn operation(&mut self, i: Inst, ops: Vec<ExprId>) -> Result<ExprId, RaiseError> {
        let mut b = Bind {
            namer: &mut self.namer,
            out: &mut self.out,
        };
        self.em.operation(&mut b, i, ops)
    }

    /// The expression of a value-producing instruction (not `var`, not memory writes).
    /// `own` is what `i` itself does to memory, `at` its position in its block.
    pub(super) fn build(
        &mut self,
        i: Inst,
        own: Effect,
        at: u32,
    ) -> Result<Piece<ExprId>, RaiseError> {
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
            _ => {
                let (ops, effect, leaves) = self.operands_of(i)?;
                (self.operation(i, ops)?, effect, leaves)
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

    /// `insert comp, value, i…` as a constructor: `vec4<f32>(c.x, v, c.z, c.w)`.
    pub(super) fn insert_constructor(&mut self, i: Inst) -> Result<Piece<ExprId>, RaiseError> {
        let m = self.m;
        let comp = m.operand(i, 0);
        let value = self.value(m.operand(i, 1))?;
        let mut path: Vec<u32> = Vec::new();
        for k in 2..m.num_operands(i) {
            path.push(constant_index(m, m.operand(i, k)).unwrap_or(0));
        }
        let t = m.ty(i).ok_or_else(|| RaiseError::malformed(i, "insert"))?;
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
        let count = member_count(m, t).unwrap_or(0);
        let mut parts = Vec::with_capacity(count as usize);
        for k in 0..count {
            let mt = m
                .member_type(t, Some(k))
                .ok_or_else(|| RaiseError::malformed(comp, "insert path"))?;
            let mut p = prefix.clone();
            p.push(k);
            if k == first {
                parts.push(self.rebuild(comp, p, mt, rest, value)?);
            } else {
                parts.push(self.member_of(comp, &p)?);
            }
        }
        self.em.construct(t, parts)
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
                        None => return Err(RaiseError::malformed(comp, "constant member")),
                    },
                    _ => {
                        constant = false;
                        break;
                    }
                }
            }
            if constant {
                return self.em.global_value(c);
            }
            if matches!(m.opcode(comp), Opcode::Zero | Opcode::Undef) {
                let mut t = m
                    .ty(comp)
                    .ok_or_else(|| RaiseError::malformed(comp, "zero"))?;
                for &k in path {
                    t = m
                        .member_type(t, Some(k))
                        .ok_or_else(|| RaiseError::malformed(comp, "member"))?;
                }
                return self.em.zero(t);
            }
        }
        let mut e = if m.is_global(comp) {
            self.em.global_value(comp)?
        } else {
            self.name_expr(comp)
        };
        let mut t = m
            .ty(comp)
            .ok_or_else(|| RaiseError::malformed(comp, "insert"))?;
        for &k in path {
            let mt = m
                .member_type(t, Some(k))
                .ok_or_else(|| RaiseError::malformed(comp, "member"))?;
            e = self.em.access(e, t, Index::Const(k))?;
            t = mt;
        }
        Ok(e)
    }

    // ---- instructions ------------------------------------------------------------------------

    pub(super) fn emit_inst(&mut self, i: Inst) -> Result<(), RaiseError> {
        let m = self.m;
        let form = self.a.form.get(&i).copied().unwrap_or(Form::Dead);
        let at = self.a.position[&i];
        let own = effect_of(m, i);
        match form {
            Form::Dead | Form::FnParam | Form::BlockVar | Form::Remat => Ok(()),
            Form::MemVar => {
                let init = m.operand_opt(i, 0);
                let values: Vec<Inst> = init.into_iter().collect();
                self.prepare(&values, None, true)?;
                let init_expr = match init {
                    Some(x) => Some(self.value(x)?.expr),
                    None => None,
                };
                let store = m
                    .ty(i)
                    .and_then(|t| m.ptr_parts(t))
                    .map(|(_, s, _)| s)
                    .ok_or_else(|| RaiseError::malformed(i, "variable type"))?;
                if self.a.hoisted.contains(i) {
                    let e = match init_expr {
                        Some(e) => e,
                        None => self.em.zero(store)?,
                    };
                    self.assign(i, e)
                } else {
                    let name = self.name_of(i);
                    self.em.var_decl(&mut self.out, name, store, init_expr)
                }
            }
            Form::Inline => {
                self.prepare_operands(i, Some((own, at)), false)?;
                let piece = self.build(i, own, at)?;
                let height = self.em.height(piece.expr);
                self.pending.push(Pending {
                    inst: i,
                    expr: piece.expr,
                    effect: piece.effect,
                    leaves: piece.leaves,
                });
                if height > self.em.max_expression_height() {
                    // Too tall to grow further: bind it, after every earlier pending item
                    // it conflicts with (so their order holds). An earlier read that it
                    // does not conflict with stays pending, as it would beside any
                    // statement: binding it too would make the text depend on where the
                    // split fell, and the next round trip, its loads now after the
                    // split, would write it inline.
                    let k = self.pending.len() - 1;
                    let effect = self.pending[k].effect;
                    if effect != Effect::Pure {
                        let worst = self.pending[..k]
                            .iter()
                            .filter(|p| conflicts(p.effect, effect))
                            .filter_map(|p| p.leaves.iter().copied().max())
                            .max();
                        if let Some(w) = worst {
                            self.flush_through(w)?;
                        }
                    }
                    if let Some(k) = self.pending_index(i) {
                        self.flush_at(k)?;
                    }
                }
                Ok(())
            }
            Form::Assigned => {
                self.prepare_operands(i, Some((own, at)), true)?;
                let piece = self.build(i, own, at)?;
                let p = self.a.coalesced[&i];
                self.assign(p, piece.expr)
            }
            Form::Let => {
                self.prepare_operands(i, Some((own, at)), true)?;
                let piece = self.build(i, own, at)?;
                if self.a.hoisted.contains(i) {
                    self.assign(i, piece.expr)
                } else {
                    let name = self.name_of(i);
                    self.em.let_decl(&mut self.out, name, i, piece.expr)
                }
            }
            Form::InsertTemp => self.emit_insert_temp(i),
            Form::Effect => self.emit_effect(i, own, at),
        }
    }

    /// `var t = comp; t.member = value;` for an `insert` not written as a constructor.
    fn emit_insert_temp(&mut self, i: Inst) -> Result<(), RaiseError> {
        let m = self.m;
        let comp = m.operand(i, 0);
        let val = m.operand(i, 1);
        let indices: Vec<Inst> = m.operands(i).skip(2).collect();
        let mut values = vec![comp, val];
        values.extend(indices.iter().filter(|&&x| constant_index(m, x).is_none()));
        self.prepare(&values, None, true)?;
        let comp_e = self.value(comp)?.expr;
        let mut t = m.ty(i).ok_or_else(|| RaiseError::malformed(i, "insert"))?;
        if self.a.hoisted.contains(i) {
            self.assign(i, comp_e)?;
        } else {
            let name = self.name_of(i);
            self.em.var_decl(&mut self.out, name, t, Some(comp_e))?;
        }
        let val_e = self.value(val)?.expr;
        let mut lhs = self.name_expr(i);
        for ix in indices {
            let constant = constant_index(m, ix);
            let index = match constant {
                Some(c) => Index::Const(c),
                None => Index::Dynamic(self.value(ix)?.expr),
            };
            let member_ty = m
                .member_type(t, constant)
                .ok_or_else(|| RaiseError::malformed(ix, "index"))?;
            lhs = self.em.access(lhs, t, index)?;
            t = member_ty;
        }
        self.em.assign_member(&mut self.out, lhs, val_e);
        Ok(())
    }

    /// [`Self::prepare`] for the operands an instruction's expression evaluates (not the
    /// callee), in evaluation order.
    pub(super) fn prepare_operands(
        &mut self,
        i: Inst,
        own: Option<(Effect, u32)>,
        now: bool,
    ) -> Result<(), RaiseError> {
        if self.pending.is_empty() {
            // What `prepare` would see first: nothing to bind, no operand list to make.
            return Ok(());
        }
        let m = self.m;
        let mut values = std::mem::take(&mut self.operand_scratch);
        values.clear();
        let operands = m.operands(i);
        if self.em.reverses_operands(m, i) {
            values.extend(operands.rev());
        } else {
            // Not the callee of a call.
            values.extend(operands.skip(usize::from(m.opcode(i) == Opcode::Call)));
        }
        let result = self.prepare(&values, own, now);
        self.operand_scratch = values;
        result
    }

    pub(super) fn emit_effect(&mut self, i: Inst, own: Effect, at: u32) -> Result<(), RaiseError> {
        let m = self.m;
        self.prepare_operands(i, Some((own, at)), true)?;
        match m.opcode(i) {
            Opcode::Store => {
                let place = self.place(m.operand(i, 0))?;
                let value = self.value(m.operand(i, 1))?;
                let lhs = self.as_ref(place.expr, place.is_ref);
                self.em.store(&mut self.out, lhs, value.expr);
            }
            Opcode::Demote => self.em.demote(&mut self.out),
            _ => {
                let piece = self.build(i, own, at)?;
                self.em.effect(&mut self.out, i, piece.expr);
            }
        }
        Ok(())
    }

    // ---- edges -----------------------------------------------------------------------------

    /// The copies of an edge to `target` with arguments `args`: one per block parameter
    /// written as a variable and not already assigned where its value is computed.
    pub(super) fn edge_copies(&self, target: Block, args: &[Inst], copies: &mut Vec<(Inst, Inst)>) {
        let params = crate::ir::cfg::params(self.m, target);
        for (&p, &a) in params.iter().zip(args) {
            let assigned_already = self.a.coalesced.get(&a) == Some(&p);
            if p != a && self.a.form.get(&p) == Some(&Form::BlockVar) && !assigned_already {
                copies.push((p, a));
            }
        }
    }

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
            self.edge_copies(t, args, &mut copies);
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
        // Loops rather than map/any/collect chains in this function: each chain was its
        // own copy of the iterator code in the package.
        let mut values: Vec<Inst> = Vec::with_capacity(copies.len() + tail.len());
        for &(_, a) in copies {
            values.push(a);
        }
        values.extend_from_slice(tail);
        self.prepare(&values, None, true)?;
        let mut pieces = Vec::with_capacity(values.len());
        for &v in &values {
            pieces.push(self.value(v)?);
        }
        // Parallel copy: a value that reads a variable assigned before it goes through a
        // `let`, and so do the reads and effects before it, to keep their order.
        let mut assigned: Vec<Symbol> = Vec::with_capacity(copies.len());
        for &(p, _) in copies {
            assigned.push(self.name_of(p));
        }
        let mut any_hazard = false;
        'pieces: for (k, p) in pieces.iter().enumerate() {
            for &s in &assigned[..k.min(assigned.len())] {
                if self.em.mentions(p.expr, s) {
                    any_hazard = true;
                    break 'pieces;
                }
            }
        }
        if any_hazard {
            for (piece, &v) in pieces.iter_mut().zip(&values) {
                let mut reads_assigned = false;
                for &s in &assigned {
                    if self.em.mentions(piece.expr, s) {
                        reads_assigned = true;
                        break;
                    }
                }
                if reads_assigned || piece.effect != Effect::Pure {
                    let name = self.temporary(v, piece.expr, "t")?;
                    piece.expr = self.em.local(name);
                }
            }
        }
        for (k, &(p, _)) in copies.iter().enumerate() {
            self.assign(p, pieces[k].expr)?;
        }
        let mut out = Vec::with_capacity(pieces.len() - copies.len());
        for p in &pieces[copies.len()..] {
            out.push(p.expr);
        }
        Ok(out)
    }
}
