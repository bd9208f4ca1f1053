//! Control flow: regions, blocks and their exits, `if` (with `&&` / `||`), `switch`,
//! loops and their `break if`.

use super::emitter::StmtId;
use super::emitter::{CaseLabel, Clause, Logic};
use super::facts::{Effect, effect_of};
use super::state::{Pending, Walker};
use super::tables::{Form, RegionKind};
use crate::ir::cfg::terminator;
use crate::ir::structure::{Exit, Node, RegionId};
use crate::ir::{Block, Inst, Module, Opcode};
use crate::raise::error::RaiseError;

/// The shape of `a && b` / `a || b` as lowering makes it: the merge's one `bool`
/// parameter receives a constant from one arm and a computed value from the other.
struct ShortCircuit {
    param: Inst,
    /// The arm that computes the right-hand side.
    long_arm: Block,
    /// `&&` (the short arm passes `false`) or `||` (it passes `true`).
    op: Logic,
    /// Whether the long arm is the `then` arm (`&&`) or the `else` arm (`||`).
    long_is_then: bool,
    short_value: Inst,
}

impl Walker<'_, '_> {
    // ---- regions ---------------------------------------------------------------------------

    /// A region's statements, complete (see [`Emitter::end_list`]).
    pub(super) fn region_stmts(&mut self, r: RegionId) -> Result<Vec<StmtId>, RaiseError> {
        let mut stmts = self.region_stmts_open(r)?;
        self.em.end_list(&mut stmts);
        Ok(stmts)
    }

    /// A region's statements before [`Emitter::end_list`]: a loop body's declarations can
    /// be seen by its continuing block, so the emitter ends the body's list only once it
    /// knows that block.
    fn region_stmts_open(&mut self, r: RegionId) -> Result<Vec<StmtId>, RaiseError> {
        let saved = std::mem::take(&mut self.out);
        let result = self.emit_region(r);
        let stmts = std::mem::replace(&mut self.out, saved);
        result?;
        Ok(stmts)
    }

    fn emit_region(&mut self, r: RegionId) -> Result<(), RaiseError> {
        let kind = self.a.regions[r as usize].kind;
        let count = self.a.tree.region(r).len();
        let last = count.saturating_sub(1);
        for k in 0..count {
            let n = self.a.tree.region(r)[k];
            let decls = self.a.decls_at.remove(&(r, k as u32)).unwrap_or_default();
            match self.a.tree.node(n).clone() {
                Node::Block { block, exit } => {
                    if !self.a.reachable.contains(block.inst()) {
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
                    self.declare_construct_vars()?;
                }
            }
        }
        Ok(())
    }

    /// Writes a block's instructions and how it leaves. Returns whether the region ends.
    fn emit_block(
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
        let t = terminator(m, b).ok_or_else(|| RaiseError::malformed(b.inst(), "block end"))?;
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
                    self.flush_all()?;
                }
                // if_else / switch: the construct takes the condition from the pending
                // expressions of this block.
                Ok(false)
            }
            Exit::Next | Exit::Merge | Exit::BackEdge => {
                let (target, args) = br_args(m);
                self.edge(target, &args, &[])?;
                self.flush_all()?;
                Ok(exit != Exit::Next)
            }
            Exit::Break | Exit::Continue => {
                let (target, args) = br_args(m);
                self.edge(target, &args, &[])?;
                self.flush_all()?;
                // Whether it ends a switch clause (a `break`) or a loop body (a
                // `continue`), where a language may leave it implicit.
                if exit == Exit::Break {
                    let ends_case = region == RegionKind::Case && last_in_region;
                    self.em.break_(&mut self.out, ends_case);
                } else {
                    let ends_body = region == RegionKind::Body && last_in_region;
                    self.em.continue_(&mut self.out, ends_body);
                }
                Ok(true)
            }
            Exit::Return => {
                let value: Vec<Inst> = m.operands(t).collect();
                let e = self.edge(None, &[], &value)?;
                self.flush_all()?;
                let ends_function = region == RegionKind::Root && last_in_region;
                self.em
                    .return_(&mut self.out, e.first().copied(), ends_function);
                Ok(true)
            }
            Exit::Discard => {
                self.flush_all()?;
                self.em.discard(&mut self.out, self.result_ty)?;
                Ok(true)
            }
            Exit::Unreachable => {
                self.flush_all()?;
                Ok(true)
            }
        }
    }

    fn emit_construct(&mut self, node: Node) -> Result<(), RaiseError> {
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
                    .ok_or_else(|| RaiseError::malformed(header.inst(), "if header"))?;
                if break_if {
                    return self.emit_break_if(t, then_region, else_region);
                }
                let cond_v = m.operand(t, 0);
                if let Some(shape) = self.short_circuit_shape(then_region, else_region, merge) {
                    return self.emit_short_circuit(cond_v, shape);
                }
                let cond = self.edge(None, &[], &[cond_v])?[0];
                self.flush_all()?;
                self.declare_construct_vars()?;
                let then_stmts = self.region_stmts(then_region)?;
                let else_stmts = self.region_stmts(else_region)?;
                self.em.if_(&mut self.out, cond, then_stmts, else_stmts);
                Ok(())
            }
            Node::Switch { header, cases, .. } => {
                let t = terminator(m, header)
                    .ok_or_else(|| RaiseError::malformed(header.inst(), "switch header"))?;
                let selector = self.edge(None, &[], &[m.operand(t, 0)])?[0];
                self.flush_all()?;
                self.declare_construct_vars()?;
                let default = Block(m.operand(t, 1));
                let n = m.num_operands(t);
                // The case values grouped by target in one pass over the operands (a
                // scan per target would be quadratic in the number of cases).
                let mut labels_of: crate::util::map::Map<Block, Vec<CaseLabel>> =
                    crate::util::map::Map::default();
                for k in (3..n.saturating_sub(1)).step_by(2) {
                    let v = m.operand(t, k);
                    let value = m.literal(v);
                    let signed = m.ty(v).is_some_and(|ty| m.opcode(ty) == Opcode::I32);
                    let x = if signed {
                        i64::from(value as i32)
                    } else {
                        i64::from(value)
                    };
                    let target = Block(m.operand(t, k + 1));
                    labels_of
                        .entry(target)
                        .or_default()
                        .push(CaseLabel::Value(x));
                }
                let mut clauses = Vec::new();
                for (target, region) in cases {
                    let mut labels = labels_of.remove(&target).unwrap_or_default();
                    if target == default {
                        labels.push(CaseLabel::Default);
                    }
                    let body = self.region_stmts(region)?;
                    clauses.push(Clause { labels, body });
                }
                self.em.switch(&mut self.out, selector, clauses);
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
                let body_stmts = self.region_stmts_open(body)?;
                let saved_break_if = self.break_if.take();
                let cont_stmts = self.region_stmts(continuing)?;
                let break_if = std::mem::replace(&mut self.break_if, saved_break_if);
                self.loop_stack.pop();
                self.em
                    .loop_(&mut self.out, body_stmts, cont_stmts, break_if)
            }
            Node::Block { .. } => Ok(()),
        }
    }

    fn declare_construct_vars(&mut self) -> Result<(), RaiseError> {
        for v in std::mem::take(&mut self.construct_decls) {
            self.declare(v)?;
        }
        Ok(())
    }

    /// Recognizes the `&&` / `||` shape (see [`ShortCircuit`]).
    fn short_circuit_shape(
        &self,
        then_region: RegionId,
        else_region: RegionId,
        merge: Block,
    ) -> Option<ShortCircuit> {
        let m = self.m;
        let (form, tree) = (&self.a.form, &self.a.tree);
        let params = crate::ir::cfg::params(m, merge);
        let [param] = params.as_slice() else {
            return None;
        };
        let param = *param;
        if form.get(&param) != Some(&Form::BlockVar)
            || m.ty(param).is_none_or(|t| m.opcode(t) != Opcode::Bool)
        {
            return None;
        }
        let single = |r: RegionId| -> Option<Block> {
            match tree.region(r) {
                [n] => match tree.node(*n) {
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
                    || matches!(form.get(&i), Some(Form::Inline) | Some(Form::Dead))
            })
        };
        let (ta, ea) = (arg_of(t)?, arg_of(e)?);
        if only_branch(e) && bool_const(ea) == Some(false) && simple_arm(t) {
            return Some(ShortCircuit {
                param,
                long_arm: t,
                op: Logic::And,
                long_is_then: true,
                short_value: ea,
            });
        }
        if only_branch(t) && bool_const(ta) == Some(true) && simple_arm(e) {
            return Some(ShortCircuit {
                param,
                long_arm: e,
                op: Logic::Or,
                long_is_then: false,
                short_value: ta,
            });
        }
        None
    }

    /// Writes `c && rhs` (or `c || rhs`) as the merge parameter's value: carried into the
    /// block after when pure and used once there, else assigned. Falls back to the
    /// `if` form when the right-hand side needs statements of its own.
    fn emit_short_circuit(&mut self, cond_v: Inst, sc: ShortCircuit) -> Result<(), RaiseError> {
        let m = self.m;
        self.prepare(&[cond_v], None, true)?;
        let cond = self.value(cond_v)?;
        self.flush_all()?;
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
            .ok_or_else(|| RaiseError::malformed(sc.long_arm.inst(), "arm"));
        let rhs = match (result, arg) {
            (Ok(()), Ok(a)) => self.prepare(&[a], None, true).and_then(|()| self.value(a)),
            (Err(e), _) | (_, Err(e)) => Err(e),
        };
        let flushed = self.flush_all();
        let arm_stmts = std::mem::replace(&mut self.out, saved);
        let rhs = rhs?;
        flushed?;
        if arm_stmts.is_empty() {
            let expr = self.em.short_circuit(sc.op, cond.expr, rhs.expr);
            let pure = cond.effect == Effect::Pure && rhs.effect == Effect::Pure;
            let sites = self.a.use_sites(sc.param);
            let merge_site = self
                .m
                .parent(sc.param)
                .and_then(|b| self.a.block_site.get(&b).copied());
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
            self.em
                .if_(&mut self.out, cond.expr, long_stmts, short_stmts);
        } else {
            self.em
                .if_(&mut self.out, cond.expr, short_stmts, long_stmts);
        }
        Ok(())
    }

    /// The `break if` at the end of a continuing: the copies of both edges, then the
    /// condition (the exit arm may be either arm).
    fn emit_break_if(
        &mut self,
        t: Inst,
        then_region: RegionId,
        else_region: RegionId,
    ) -> Result<(), RaiseError> {
        let m = self.m;
        let arm_block = |r: RegionId| -> Option<Block> { self.a.first_block_of(r) };
        let (then_b, else_b) = match (arm_block(then_region), arm_block(else_region)) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(RaiseError::malformed(t, "break-if arms")),
        };
        let Some(&(header, body_region, _)) = self.loop_stack.last() else {
            return Err(RaiseError::malformed(t, "break-if outside a loop"));
        };
        let br_of = |b: Block| -> Option<(Block, Vec<Inst>)> {
            let t = terminator(m, b)?;
            (m.opcode(t) == Opcode::Br)
                .then(|| (Block(m.operand(t, 0)), m.operands(t).skip(1).collect()))
        };
        let (a, b) = match (br_of(then_b), br_of(else_b)) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(RaiseError::malformed(t, "break-if arms")),
        };
        let exit_is_then = b.0 == header;
        let (exit, back) = if exit_is_then { (a, b) } else { (b, a) };
        let cond_v = m.operand(t, 0);
        let mut copies: Vec<(Inst, Inst)> = Vec::new();
        for (target, args) in [&exit, &back] {
            self.edge_copies(*target, args, &mut copies);
        }
        // A header parameter read after the loop must keep its value on the exit edge:
        // then the back-edge copies happen only when the loop goes on.
        let n_exit = copies
            .iter()
            .filter(|(p, _)| m.parent(*p) == Some(exit.0.inst()))
            .count();
        let clobbers = copies[n_exit..]
            .iter()
            .any(|&(p, _)| self.a.read_outside(p, body_region));
        let cond = if clobbers {
            let exit_copies = copies[..n_exit].to_vec();
            let c = self.copies(&exit_copies, &[cond_v])?[0];
            // Bind the condition once.
            let done = self.temporary(cond_v, c, "done")?;
            let done_e = self.em.local(done);
            let stays = if exit_is_then {
                self.em.not(done_e)
            } else {
                done_e
            };
            let saved = std::mem::take(&mut self.out);
            let back_copies = copies[n_exit..].to_vec();
            let result = self.copies(&back_copies, &[]);
            let inner = std::mem::replace(&mut self.out, saved);
            result?;
            self.em.if_(&mut self.out, stays, inner, Vec::new());
            self.em.local(done)
        } else {
            self.copies(&copies, &[cond_v])?[0]
        };
        self.flush_all()?;
        self.break_if = Some(if exit_is_then {
            cond
        } else {
            self.em.not(cond)
        });
        Ok(())
    }
}
