//! `sccp`: sparse conditional constant propagation (Wegman and Zadeck, "Constant
//! Propagation with Conditional Branches", 1991) over block parameters and branches.
//!
//! **What it finds.** Every value of a function gets a lattice value: *unknown* (no
//! executable definition seen yet), a *constant*, or *varying*; every block is
//! *executable* or not. Both start optimistic (all unknown, only the entry block
//! executable) and only ever fall, so a value that is constant on every path that can
//! run is found to be so even around a loop: a parameter whose loop-carried argument is
//! the parameter itself, or a value computed only from constants, stays constant where
//! `const-fold` and `simplify-cfg` alone, which see one instruction at a time, give up.
//!
//! - A **block parameter** is the meet of the arguments on its executable incoming
//!   edges (only `br` and `loop` pass arguments, and both are unconditional, so an edge
//!   is executable when its source block is).
//! - A **pure operation** whose operands are all constants is evaluated by
//!   [`crate::ir::eval::evaluate_with`] (the one evaluator `const-fold` uses: WGSL's
//!   run-time semantics, floats only when exact); `select` on a constant condition is
//!   the chosen arm, whatever that is. Anything else with a result (loads, calls,
//!   derivatives, `undef`) is varying.
//! - A **terminator** makes its successors executable: `if_else` only the arm its
//!   constant condition picks, `switch` only the case its constant selector picks.
//!
//! **What it changes.** Each value found constant in an executable block is replaced by
//! that constant everywhere; so is an `if_else` condition, which `simplify-cfg` then
//! turns into a branch. A `switch` on a constant keeps its shape with the chosen target
//! as its only (default) target: a case may break out of the switch from inside nested
//! constructs, which would not nest any more if the switch went. Unreachable blocks,
//! and the instructions and parameters left unused, are `dce`'s.
//!
//! **Cost.** Two work lists, of blocks and of values whose lattice value fell. A value
//! falls at most twice, and each fall revisits its users, so the work is linear in the
//! number of uses; each block is entered once. Nothing is moved, so uniformity is
//! untouched: control flow only becomes more uniform where a branch is decided.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::cfg::{Cfg, params, terminator};
use crate::ir::edit::fitted;
use crate::ir::edit::functions;
use crate::ir::eval::{evaluate_with, materialize, read};
use crate::ir::{Block, Func, Inst, Module, Opcode};

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut changed = Changed::None;
    let mut lat = Lattice::default();
    for f in functions(m) {
        let c = propagate(m, an, f, &mut lat);
        if c == Changed::Cfg {
            an.invalidate(f, Changed::Cfg);
        }
        changed |= c;
    }
    Ok(changed)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lat {
    Unknown,
    Const(Inst),
    Varying,
}

/// The lattice values of one function's instructions, by instruction index (dense: a
/// hash lookup per operand was most of the pass's time). Kept from function to function
/// and reset through `set`, the instructions given a value, so each function costs only
/// what it touches.
#[derive(Default)]
struct Lattice {
    values: Vec<Lat>,
    set: Vec<Inst>,
}

impl Lattice {
    fn get(&self, i: Inst) -> Lat {
        self.values.get(i.index()).copied().unwrap_or(Lat::Unknown)
    }

    fn put(&mut self, i: Inst, to: Lat) {
        if i.index() >= self.values.len() {
            self.values.resize(i.index() + 1, Lat::Unknown);
        }
        self.values[i.index()] = to;
        self.set.push(i);
    }

    /// Every value back to `Unknown`, for the next function.
    fn clear(&mut self) {
        for i in self.set.drain(..) {
            self.values[i.index()] = Lat::Unknown;
        }
    }
}

struct Solver<'a> {
    cfg: &'a Cfg,
    lat: &'a mut Lattice,
    executable: Vec<bool>,
    blocks: Vec<u32>,
    values: Vec<Inst>,
}

/// The scalar bits of a constant condition or selector (`None` for anything else).
fn scalar_bits(m: &Module, c: Inst) -> Option<u32> {
    read(m, c).filter(|c| !c.vector).map(|c| c.lanes[0])
}

/// The target a `switch` takes for the constant selector `c`.
fn switch_target(m: &Module, sw: Inst, c: Inst) -> Option<Inst> {
    let bits = scalar_bits(m, c)?;
    let n = m.num_operands(sw);
    let case = (3..n.saturating_sub(1))
        .step_by(2)
        .find(|&k| scalar_bits(m, m.operand(sw, k)) == Some(bits));
    Some(m.operand(sw, case.map_or(1, |k| k + 1)))
}

fn meet(a: Lat, b: Lat) -> Lat {
    match (a, b) {
        (Lat::Unknown, x) | (x, Lat::Unknown) => x,
        (Lat::Const(x), Lat::Const(y)) if x == y => a,
        _ => Lat::Varying,
    }
}

impl Solver<'_> {
    /// The lattice value of an operand: a global constant is itself, any other global
    /// (a variable, an override, `undef`) varies.
    fn get(&self, m: &Module, x: Inst) -> Lat {
        if m.is_global(x) {
            return if matches!(
                m.opcode(x),
                Opcode::Constant | Opcode::Zero | Opcode::Composite
            ) {
                Lat::Const(x)
            } else {
                Lat::Varying
            };
        }
        self.lat.get(x)
    }

    /// Lowers `i` to its meet with `to`, queueing it when it fell.
    fn set(&mut self, i: Inst, to: Lat) {
        let old = self.lat.get(i);
        let new = meet(old, to);
        if new != old {
            self.lat.put(i, new);
            self.values.push(i);
        }
    }

    fn executable_at(&self, m: &Module, i: Inst) -> bool {
        m.parent(i)
            .and_then(|b| self.cfg.index_of(Block(b)))
            .is_some_and(|x| self.executable[x as usize])
    }

    /// Marks the edge into block `s` executable: the block's parameters are met again,
    /// and a block reached for the first time is queued.
    fn reach(&mut self, m: &mut Module, s: Inst) {
        let Some(si) = self.cfg.index_of(Block(s)) else {
            return;
        };
        if self.executable[si as usize] {
            for (k, p) in params(m, Block(s)).into_iter().enumerate() {
                let to = self.param(m, p, k);
                self.set(p, to);
            }
        } else {
            self.executable[si as usize] = true;
            self.blocks.push(si);
        }
    }

    fn visit(&mut self, m: &mut Module, i: Inst) {
        use Opcode as O;
        let op = m.opcode(i);
        let cond = || m.operand_opt(i, 0);
        let decided = cond().map(|c| match self.get(m, c) {
            Lat::Const(c) => scalar_bits(m, c).map_or(Lat::Varying, |_| Lat::Const(c)),
            x => x,
        });
        match op {
            O::Param => {
                let k = m.parent(i).and_then(|b| m.children(b).position(|c| c == i));
                let to = k.map_or(Lat::Varying, |k| self.param(m, i, k));
                self.set(i, to);
            }
            O::Br | O::Loop => {
                if let Some(t) = m.operand_opt(i, 0) {
                    self.reach(m, t);
                }
            }
            O::IfElse | O::Switch => {
                let mut targets: Vec<Inst> = Vec::new();
                match decided {
                    None | Some(Lat::Unknown) => {}
                    Some(Lat::Const(c)) if op == O::IfElse => {
                        let arm = if scalar_bits(m, c) != Some(0) { 1 } else { 2 };
                        targets.push(m.operand(i, arm));
                    }
                    Some(Lat::Const(c)) => targets.extend(switch_target(m, i, c)),
                    Some(Lat::Varying) => {
                        for k in 1..m.num_operands(i) {
                            if crate::ir::cfg::is_edge_operand(op, k) {
                                targets.push(m.operand(i, k));
                            }
                        }
                    }
                }
                for t in targets {
                    self.reach(m, t);
                }
            }
            _ if m.ty(i).is_none() || op.is_terminator() => {}
            O::Select if m.num_operands(i) == 3 => {
                let to = match decided {
                    Some(Lat::Const(c)) => self.get(
                        m,
                        m.operand(i, if scalar_bits(m, c) != Some(0) { 1 } else { 2 }),
                    ),
                    Some(Lat::Unknown) => Lat::Unknown,
                    _ => self.operation(m, i),
                };
                self.set(i, to);
            }
            O::Mov if m.num_operands(i) == 1 => {
                let to = self.get(m, m.operand(i, 0));
                self.set(i, to);
            }
            _ if op.is_pure() => {
                let to = self.operation(m, i);
                self.set(i, to);
            }
            _ => self.set(i, Lat::Varying),
        }
    }

    /// The meet of the arguments passed to parameter `p`, its block's `k`-th, on
    /// executable edges. (The callers know `k`: finding it here would make a block with
    /// many parameters cost their square at each edge into it.)
    fn param(&self, m: &Module, p: Inst, k: usize) -> Lat {
        let Some(b) = m.parent(p) else {
            return Lat::Varying;
        };
        let mut out = Lat::Unknown;
        let mut incoming = false;
        for u in m.uses(b) {
            let first = match (m.opcode(u.user), u.index) {
                (Opcode::Br, 0) => 1,
                (Opcode::Loop, 0) => 3,
                _ => continue,
            };
            incoming = true;
            if !self.executable_at(m, u.user) {
                continue;
            }
            let Some(a) = m.operand_opt(u.user, first + k) else {
                return Lat::Varying;
            };
            out = meet(out, self.get(m, a));
        }
        // The entry block's parameters are the function's: nothing branches to them.
        if incoming { out } else { Lat::Varying }
    }

    /// A pure operation: varying when an operand varies, unknown while one is unknown,
    /// else what the evaluator makes of the constants (varying when it cannot).
    fn operation(&self, m: &mut Module, i: Inst) -> Lat {
        let n = m.num_operands(i);
        let mut args = Vec::with_capacity(n);
        let mut unknown = false;
        for k in 0..n {
            match self.get(m, m.operand(i, k)) {
                Lat::Const(c) => args.push(c),
                Lat::Unknown => unknown = true,
                Lat::Varying => return Lat::Varying,
            }
        }
        if unknown {
            return Lat::Unknown;
        }
        let Some(ty) = m.ty(i) else {
            return Lat::Varying;
        };
        match evaluate_with(m, i, &|k| args[k]) {
            Some(c) => Lat::Const(materialize(m, ty, &c)),
            None => Lat::Varying,
        }
    }
}

/// Solves the lattice of `f`, then rewrites it; returns what changed.
fn propagate(m: &mut Module, an: &mut Analyses, f: Func, lat: &mut Lattice) -> Changed {
    let cfg = an.cfg(m, f);
    if cfg.is_empty() {
        return Changed::None;
    }
    lat.clear();
    let mut s = Solver {
        cfg: &cfg,
        lat,
        executable: vec![false; cfg.len()],
        blocks: vec![0],
        values: Vec::new(),
    };
    s.executable[0] = true;
    loop {
        if let Some(b) = s.blocks.pop() {
            let mut k = 0;
            for i in m.children_vec(cfg.blocks[b as usize].inst()) {
                if m.opcode(i) == Opcode::Param {
                    let to = s.param(m, i, k);
                    s.set(i, to);
                    k += 1;
                } else {
                    s.visit(m, i);
                }
            }
        } else if let Some(v) = s.values.pop() {
            let users: Vec<Inst> = m.uses(v).map(|u| u.user).collect();
            for u in users {
                if s.executable_at(m, u) {
                    s.visit(m, u);
                }
            }
        } else {
            break;
        }
    }
    let mut changed = Changed::None;
    for (bi, &b) in cfg.blocks.iter().enumerate() {
        if !s.executable[bi] {
            continue;
        }
        for i in m.children_vec(b.inst()) {
            if let Lat::Const(c) = s.lat.get(i) {
                if m.ty(c) != m.ty(i) {
                    continue;
                }
                // As an index out of its composite's range, the last index (`fitted`).
                for u in m.uses_vec(i) {
                    let c = fitted(m, u.user, u.index as usize, c);
                    m.set_operand(u.user, u.index as usize, c);
                    changed |= Changed::Instructions;
                }
            }
        }
        // A switch on a constant keeps only the target it takes.
        let Some(t) = terminator(m, b).filter(|&t| m.opcode(t) == Opcode::Switch) else {
            continue;
        };
        let sel = m.operand(t, 0);
        if m.num_operands(t) > 3 {
            if let Lat::Const(c) = s.get(m, sel) {
                if let Some(target) = switch_target(m, t, c) {
                    let merge = m.operand(t, 2);
                    m.set_operands(t, &[c, target, merge]);
                    changed = Changed::Cfg;
                }
            }
        }
    }
    changed
}
