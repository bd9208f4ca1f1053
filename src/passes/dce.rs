//! `dce`: dead-code elimination.
//!
//! 1. **Unreachable blocks.** A block not reachable from the entry is removed, unless a
//!    reachable construct names it as its merge or continue block: then it stays (the
//!    structure needs it) but is emptied down to `unreachable`.
//! 2. **Dead instructions and block parameters** (mark and sweep). Instructions with side
//!    effects and terminators are live; a live instruction makes its operands live, except
//!    that a branch argument is live only when its parameter is. What is not live and has
//!    no side effects is removed, and dead block parameters are removed together with their
//!    arguments on every incoming branch. Function parameters stay.
//! 3. **Write-only variables.** A function-scope `var` that is only ever stored to
//!    (directly or through `access` chains, never loaded, passed or used atomically) is
//!    removed with its stores and chains; the stored values then die in step 2, which
//!    runs again (that can leave another variable write-only: at most
//!    [`MAX_VARIABLE_ROUNDS`] rounds).
//! 4. **Unused global values.** Types, constants and module-scope pure operations that
//!    nothing uses are removed (structs, variables, overrides and functions stay).

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::cfg::{self, terminator};
use crate::ir::{Block, Func, Inst, InstSet, Module, Opcode};

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    Ok(run_reporting_fixpoint(m, an).changed)
}

/// What one run of `dce` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// What it changed.
    pub changed: Changed,
    /// Whether running it again on the module it left would change nothing.
    pub fixpoint: bool,
}

/// Runs `dce` and says whether the module it leaves is its own fixpoint.
///
/// It is, unless the write-only rounds hit their bound: each step runs to its own
/// fixpoint, and no later step undoes an earlier one's. Removing unreachable blocks
/// leaves the reachable ones reachable and the kept ones empty. Dead values are marked
/// and swept in full: what stays is live from the same roots, read by the same
/// operands, so a second sweep finds nothing (a removed parameter's arguments were not
/// live through it). The write-only rounds end when one finds no variable (after the
/// sweep that followed the last removal), and `unused_globals` repeats until nothing is
/// unused; neither removes a block edge, a live value or a global something uses, so
/// none of the earlier steps has new work either. The cleanup loop counts on this to
/// skip confirming runs; debug builds check it there.
pub fn run_reporting_fixpoint(m: &mut Module, an: &mut Analyses) -> Outcome {
    let mut changed = Changed::None;
    let mut fixpoint = true;
    // One set for every function, emptied sparsely: a set the module's size made per
    // function would cost the module's size per function.
    let mut marks = InstSet::with_capacity(m.capacity());
    let mut funcs: Vec<Inst> = Vec::new();
    for c in m.children(m.root()) {
        if matches!(m.opcode(c), Opcode::Func | Opcode::Generic) {
            funcs.push(c);
        }
    }
    for f in funcs {
        if unreachable_blocks(m, an, Func(f), &mut marks) {
            an.invalidate(Func(f), Changed::Cfg);
            changed |= Changed::Cfg;
        }
        changed |= Changed::instructions_if(dead_values(m, Func(f), &mut marks));
        // Removing dead loads can leave a variable write-only, and removing its stores
        // can kill the loads of another; a few rounds settle every real shader.
        let mut settled = false;
        for _ in 0..MAX_VARIABLE_ROUNDS {
            if !write_only_variables(m, Func(f)) {
                settled = true;
                break;
            }
            dead_values(m, Func(f), &mut marks);
            changed |= Changed::Instructions;
        }
        fixpoint &= settled;
    }
    changed |= Changed::instructions_if(unused_globals(m));
    Outcome { changed, fixpoint }
}

/// Most rounds of write-only variable removal per function.
const MAX_VARIABLE_ROUNDS: usize = 8;

/// Drops the operands of every instruction in `insts` and then removes them, so that
/// uses among them never block the removal.
fn remove_all(m: &mut Module, insts: &[Inst]) {
    for &i in insts {
        if m.num_operands(i) > 0 {
            m.set_operands(i, &[]);
        }
    }
    for &i in insts {
        m.remove(i);
    }
}

/// `keep` is scratch space, cleared on entry.
fn unreachable_blocks(m: &mut Module, an: &mut Analyses, f: Func, keep: &mut InstSet) -> bool {
    // The entry block alone is reachable: no CFG to build (most helper functions).
    if m.blocks(f).nth(1).is_none() {
        return false;
    }
    let cfg = an.cfg(m, f);
    keep.clear();
    for (k, &b) in cfg.blocks.iter().enumerate() {
        if !cfg.is_reachable(k as u32) {
            continue;
        }
        keep.insert(b.inst());
        if let Some(t) = terminator(m, b) {
            let structural: &[usize] = match m.opcode(t) {
                Opcode::IfElse => &[3],
                Opcode::Loop => &[1, 2],
                Opcode::Switch => &[2],
                _ => &[],
            };
            for &k in structural {
                if let Some(x) = m.operand_opt(t, k) {
                    keep.insert(x);
                }
            }
        }
    }
    let mut doomed_insts = Vec::new();
    let mut doomed_blocks = Vec::new();
    let mut emptied = Vec::new();
    for (k, &b) in cfg.blocks.iter().enumerate() {
        if cfg.is_reachable(k as u32) {
            continue;
        }
        if keep.contains(b.inst()) {
            let kids = m.children_vec(b.inst());
            let already_empty = kids.len() == 1 && m.opcode(kids[0]) == Opcode::Unreachable;
            if !already_empty {
                doomed_insts.extend(kids);
                emptied.push(b);
            }
        } else {
            doomed_insts.extend(m.children(b.inst()));
            doomed_blocks.push(b.inst());
        }
    }
    if doomed_insts.is_empty() && doomed_blocks.is_empty() {
        return false;
    }
    remove_all(m, &doomed_insts);
    for b in doomed_blocks {
        m.remove(b);
    }
    for b in emptied {
        let mut builder = crate::ir::Builder::new(m);
        builder.switch_to(b);
        builder.unreachable();
    }
    true
}

fn write_only_variables(m: &mut Module, f: Func) -> bool {
    let mut doomed = Vec::new();
    let (mut stores, mut chains) = (Vec::new(), Vec::new());
    for b in m.children(f.inst()) {
        for v in m.children(b) {
            if m.opcode(v) != Opcode::Var {
                continue;
            }
            if only_stored(m, v, &mut stores, &mut chains) {
                // Stores first, then chains from the last made, then the variable.
                doomed.extend_from_slice(&stores);
                doomed.extend(chains.iter().rev());
            }
        }
    }
    if doomed.is_empty() {
        return false;
    }
    remove_all(m, &doomed);
    true
}

/// Whether variable `v` is only ever stored to, directly or through access chains (never
/// loaded, passed, or used atomically): then `stores` holds every store to it and `chains`
/// the variable followed by its chains, each after the pointer it is built on. Both lists
/// are cleared first; `dead-globals` asks the same of module-scope variables.
pub(crate) fn only_stored(
    m: &Module,
    v: Inst,
    stores: &mut Vec<Inst>,
    chains: &mut Vec<Inst>,
) -> bool {
    stores.clear();
    chains.clear();
    chains.push(v);
    // `chains` is the work list too: everything from `k` on is still to visit.
    let mut k = 0;
    while k < chains.len() {
        for u in m.uses(chains[k]) {
            match (m.opcode(u.user), u.index) {
                (Opcode::Access, 0) => chains.push(u.user),
                (Opcode::Store, 0) => stores.push(u.user),
                (op, _) if op.is_decoration() => {}
                _ => return false,
            }
        }
        k += 1;
    }
    true
}

/// `live` is scratch space, cleared on entry.
fn dead_values(m: &mut Module, f: Func, live: &mut InstSet) -> bool {
    let blocks: Vec<Block> = m.children(f.inst()).map(Block).collect();
    let Some(&entry) = blocks.first() else {
        return false;
    };
    live.clear();
    let mut work: Vec<Inst> = Vec::new();
    for &b in &blocks {
        for i in m.children(b.inst()) {
            let op = m.opcode(i);
            if op.has_side_effects() || op.is_terminator() {
                live.insert(i);
                work.push(i);
            }
        }
    }
    for p in cfg::params(m, entry) {
        if live.insert(p) {
            work.push(p);
        }
    }
    let is_local = |m: &Module, x: Inst| !m.is_global(x) && m.opcode(x) != Opcode::Block;
    while let Some(i) = work.pop() {
        let op = m.opcode(i);
        if op == Opcode::Param {
            // A live parameter makes the matching argument of every incoming branch live.
            let Some(b) = m.parent(i) else { continue };
            let index = m
                .children(b)
                .take_while(|&c| m.opcode(c) == Opcode::Param)
                .position(|p| p == i);
            let Some(index) = index else { continue };
            for u in m.uses(b) {
                let first_arg = match (m.opcode(u.user), u.index) {
                    (Opcode::Br, 0) => 1,
                    (Opcode::Loop, 0) => 3,
                    _ => continue,
                };
                if let Some(a) = m.operand_opt(u.user, first_arg + index) {
                    if is_local(m, a) && live.insert(a) {
                        work.push(a);
                    }
                }
            }
            continue;
        }
        let skip_args_from = match op {
            Opcode::Br => 1,
            Opcode::Loop => 3,
            _ => usize::MAX,
        };
        for (k, x) in m.operands(i).enumerate() {
            if k >= skip_args_from {
                break;
            }
            if is_local(m, x) && live.insert(x) {
                work.push(x);
            }
        }
    }
    let mut changed = false;
    // Dead block parameters, with their arguments.
    let mut params = Vec::new();
    for &b in &blocks[1..] {
        params.clear();
        params.extend(
            m.children(b.inst())
                .take_while(|&c| m.opcode(c) == Opcode::Param),
        );
        for (index, &p) in params.iter().enumerate().rev() {
            if live.contains(p) {
                continue;
            }
            for u in m.uses_vec(b.inst()) {
                let first_arg = match (m.opcode(u.user), u.index) {
                    (Opcode::Br, 0) => 1,
                    (Opcode::Loop, 0) => 3,
                    _ => continue,
                };
                if m.num_operands(u.user) > first_arg + index {
                    m.remove_operand(u.user, first_arg + index);
                }
            }
            changed = true;
        }
    }
    let mut dead = Vec::new();
    for &b in &blocks {
        for i in m.children(b.inst()) {
            let op = m.opcode(i);
            let removable = op == Opcode::Param && b != entry
                || (!op.has_side_effects() && !op.is_terminator() && op != Opcode::Param);
            if removable && !live.contains(i) {
                dead.push(i);
            }
        }
    }
    changed |= !dead.is_empty();
    remove_all(m, &dead);
    changed
}

fn unused_globals(m: &mut Module) -> bool {
    let mut changed = false;
    loop {
        let kind = m.type_kind();
        let mut dead: Vec<Inst> = Vec::new();
        for c in m.children(m.root()) {
            let op = m.opcode(c);
            if c != kind && (op.is_hoistable() || op.is_pure()) && !m.has_uses(c) {
                dead.push(c);
            }
        }
        if dead.is_empty() {
            return changed;
        }
        changed = true;
        remove_all(m, &dead);
    }
}
