//! The pending-expression machinery that keeps reads and effects in order: an
//! expression used once in its own block waits, unwritten, for its user; anything that
//! would move a pending read or effect across a conflicting one first binds it (and
//! everything before it) to a `let`, in IR order.

use super::emitter::ExprId;
use super::facts::{Effect, conflicts};
use super::state::{Pending, Walker};
use super::tables::Form;
use crate::ir::Inst;
use crate::raise::error::RaiseError;

impl Walker<'_, '_> {
    pub(super) fn pending_index(&self, v: Inst) -> Option<usize> {
        self.pending.iter().position(|p| p.inst == v)
    }

    /// Binds pending item `k` to a `let`.
    pub(super) fn flush_at(&mut self, k: usize) -> Result<(), RaiseError> {
        let p = self.pending.remove(k);
        let name = self.name_of(p.inst);
        self.a.form.insert(p.inst, Form::Let);
        self.em.let_decl(&mut self.out, name, p.inst, p.expr)
    }

    /// Binds every pending read or effect that must be evaluated no later than block
    /// position `upto`: those with a leaf at or before it, and, transitively, those with
    /// a leaf before the latest leaf of one already chosen (binding an item evaluates all
    /// of its leaves). They are bound in the order of their earliest leaf; pending items
    /// that conflict never interleave (see [`Self::prepare`]), so that order agrees with
    /// the IR wherever order matters.
    pub(super) fn flush_through(&mut self, upto: u32) -> Result<(), RaiseError> {
        let first = |p: &Pending<ExprId>| p.leaves.iter().copied().min().unwrap_or(u32::MAX);
        let last = |p: &Pending<ExprId>| p.leaves.iter().copied().max().unwrap_or(0);
        let mut bound = upto;
        loop {
            let mut grown = bound;
            for p in &self.pending {
                if p.effect != Effect::Pure && first(p) <= bound {
                    grown = grown.max(last(p));
                }
            }
            if grown == bound {
                break;
            }
            bound = grown;
        }
        let mut chosen: Vec<(u32, Inst)> = Vec::new();
        for p in &self.pending {
            if p.effect != Effect::Pure && first(p) <= bound {
                chosen.push((first(p), p.inst));
            }
        }
        use crate::util::sort;
        sort::by_key(&mut chosen, |&(at, inst)| {
            sort::pair(at, inst.index() as u32)
        });
        for (_, inst) in chosen {
            if let Some(k) = self.pending_index(inst) {
                self.flush_at(k)?;
            }
        }
        Ok(())
    }

    pub(super) fn flush_all(&mut self) -> Result<(), RaiseError> {
        while !self.pending.is_empty() {
            self.flush_at(0)?;
        }
        Ok(())
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
        } else if self.a.form.get(&v) == Some(&Form::Remat) {
            let n = self.m.num_operands(v);
            let reversed = self.em.reverses_operands(self.m, v);
            for j in 0..n {
                let k = if reversed { n - 1 - j } else { j };
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
    /// not both keep their order); and operands whose leaves the language would evaluate
    /// in an order its [`Emitter::may_share`] does not allow.
    pub(super) fn prepare(
        &mut self,
        values: &[Inst],
        own: Option<(Effect, u32)>,
        emitted_now: bool,
    ) -> Result<(), RaiseError> {
        if self.pending.is_empty() {
            // Nothing pending: nothing to bind, whatever `values` and `own` are.
            return Ok(());
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
                self.flush_through(w)?;
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
        // Each pair of leaves evaluated in an order the emitter does not allow to share
        // one expression is broken by binding the pair's earlier-positioned leaf (and so
        // everything before it); binding up to the latest such leaf breaks them all. Per
        // kind of leaf, the latest position among the leaves evaluated so far is enough:
        // when it comes after the leaf at hand, that leaf is the pair's earlier one (and
        // covers every in-order pair of the kind, which `may_share` allows whenever it
        // allows the out-of-order one); else it is the latest in-order candidate. A leaf
        // counts as a read unless it writes. With WGSL's left-to-right order, two reads
        // keep whatever order WGSL gives them: binding one of them would only change the
        // text (and a second round trip would undo it).
        let mut latest: [Option<u32>; 2] = [None, None];
        let mut late: Option<u32> = None;
        for &l in &leaves {
            let effect = match self.leaf_effect(l) {
                Effect::Writes => Effect::Writes,
                _ => Effect::Reads,
            };
            for (kind, a) in [(Effect::Reads, latest[0]), (Effect::Writes, latest[1])] {
                let bind = match a {
                    Some(a) if l < a => (!self.em.may_share(kind, effect, false)).then_some(l),
                    Some(a) if a < l => (!self.em.may_share(kind, effect, true)).then_some(a),
                    _ => None,
                };
                if let Some(b) = bind {
                    late = Some(late.map_or(b, |x| x.max(b)));
                }
            }
            let slot = &mut latest[usize::from(effect == Effect::Writes)];
            *slot = (*slot).max(Some(l));
        }
        self.peeked = (consumed, leaves);
        if let Some(m) = late {
            self.flush_through(m)?;
        }
        Ok(())
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
}
