//! `mem2reg`: promotes function-scope variables to SSA values and block parameters.
//!
//! **Which variables.** A `var` in a function body is promoted when its address does not
//! escape: every use is `load %v`, `store %v, x`, or an `access %v, c…` whose indices are
//! all constants and whose own uses are again loads, stores or such accesses. A variable
//! passed to a call, to an atomic or to a builtin, stored as a value, or indexed with a
//! computed index stays in memory (dynamically indexed local arrays are cheaper in memory
//! than as a chain of inserts, and the raiser would have to put them back in memory).
//!
//! **Partial accesses.** A load through a constant access chain becomes a whole load and an
//! `extract`; a store through one becomes load, `insert`, whole store. After that rewrite
//! the variable has only whole loads and stores, and ordinary promotion applies.
//!
//! **Algorithm** (Cytron et al., pruned): for each variable, the blocks that store to it
//! (and its own block, whose `var` is a definition: its initializer, or the zero value, as
//! WGSL zero-initializes) are its definitions. The blocks where it is live on entry are
//! found by walking predecessors back from every block that loads it before storing it,
//! stopping at definitions. A parameter goes on every block of the iterated dominance
//! frontier of the definitions where the variable is live on entry, so no parameter is
//! dead (pruned SSA). Renaming walks the dominator tree once, keeping each variable's
//! current value, replacing loads, dropping stores, and appending the current values as
//! arguments to the branches that enter blocks with new parameters.
//!
//! Cost: dominance frontiers are computed once per function with the runner algorithm of
//! Cooper, Harvey and Kennedy; each variable then costs the size of its live range plus
//! the frontiers of its definition blocks (stamped per-block marks, no per-variable
//! clearing), and renaming is one pass over the instructions. No step is quadratic in the
//! size of a structured function.
//!
//! **Invariants kept.** A block in a dominance frontier has at least two predecessors, so
//! by the no-critical-edge rule every predecessor ends in `br` or `loop`, which carry
//! arguments; conditional branches are never given any. Blocks are neither added nor
//! removed, so the structure is untouched. Unreachable blocks keep their shape: their loads
//! of promoted variables become `undef`, and their branches pass `undef` for new
//! parameters.
//!
//! New parameters take the variable's debug name, so the raiser names them after it; so
//! does an unnamed block parameter stored into a named variable.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::cfg::{Cfg, DomTree, terminator};
use crate::ir::edit::{fit_every_use, functions};
use crate::ir::enums::AddressSpace;
use crate::ir::{Block, Builder, Func, InsertPoint, Inst, Module, Opcode, Type, Value};
use crate::util::map::Map;
use crate::util::sort;

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for f in functions(m) {
        changed |= promote_function(m, an, f);
    }
    // Blocks gain parameters and branches arguments; no block or edge changes.
    Ok(Changed::instructions_if(changed))
}

/// A variable being promoted.
struct Candidate {
    var: Inst,
    store_ty: Inst,
}

/// Whether `p` (the variable or an access chain into it) is only loaded, stored to, or
/// accessed again with constant indices. Pushes the access chains met on `chains`.
fn only_direct_uses(m: &Module, p: Inst, chains: &mut Vec<Inst>, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    for u in m.uses(p) {
        let ok = match (m.opcode(u.user), u.index) {
            (Opcode::Load, 0) | (Opcode::Store, 0) => true,
            (Opcode::Access, 0) => {
                let constant_indices = m
                    .operands(u.user)
                    .skip(1)
                    .all(|ix| m.opcode(ix) == Opcode::Constant);
                if constant_indices && only_direct_uses(m, u.user, chains, depth + 1) {
                    chains.push(u.user);
                    true
                } else {
                    false
                }
            }
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    true
}

fn is_function_var(m: &Module, i: Inst) -> Option<Inst> {
    if m.opcode(i) != Opcode::Var || m.is_global(i) {
        return None;
    }
    let (space, store, _) = m.ptr_parts(m.ty(i)?)?;
    (space == AddressSpace::Function && m.is_constructible(store)).then_some(store)
}

fn promote_function(m: &mut Module, an: &mut Analyses, f: Func) -> bool {
    let mut blocks: Vec<Block> = Vec::new();
    for b in m.blocks(f) {
        blocks.push(b);
    }
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut chains: Vec<Inst> = Vec::new();
    for &b in &blocks {
        for i in m.children(b.inst()) {
            let Some(store_ty) = is_function_var(m, i) else {
                continue;
            };
            let mark = chains.len();
            if only_direct_uses(m, i, &mut chains, 0) {
                candidates.push(Candidate { var: i, store_ty });
            } else {
                chains.truncate(mark);
            }
        }
    }
    if candidates.is_empty() {
        return false;
    }
    // Partial accesses become whole loads and stores with extract / insert. A chain is
    // pushed after the chains built on it, so rewriting in push order handles the deepest
    // first, and each chain's uses are plain loads and stores when its turn comes.
    for &chain in &chains {
        rewrite_chain(m, chain);
    }
    // A loop rather than a map/collect chain: each chain was its own copy of the iterator
    // code in the package.
    let mut var_index: Map<Inst, u32> = Map::default();
    for (k, c) in candidates.iter().enumerate() {
        var_index.insert(c.var, k as u32);
    }

    let cfg = an.cfg(m, f);
    let dom = an.dominators(m, f);
    let frontiers = dominance_frontiers(&cfg, &dom);
    let n = cfg.len();
    let nv = candidates.len();

    // One walk over the instructions: per variable, its definition blocks and the blocks
    // that load it before any store (upward-exposed uses).
    let mut defs: Vec<Vec<u32>> = vec![Vec::new(); nv];
    let mut exposed: Vec<Vec<u32>> = vec![Vec::new(); nv];
    let mut seen_in_block: Vec<u32> = vec![u32::MAX; nv];
    for (bi, &b) in cfg.blocks.iter().enumerate() {
        let bi = bi as u32;
        if !cfg.is_reachable(bi) {
            continue;
        }
        for i in m.children(b.inst()) {
            let (k, is_def) = match m.opcode(i) {
                Opcode::Var => match var_index.get(&i) {
                    Some(&k) => (k, true),
                    None => continue,
                },
                Opcode::Load | Opcode::Store => match var_index.get(&m.operand(i, 0)) {
                    Some(&k) => (k, m.opcode(i) == Opcode::Store),
                    None => continue,
                },
                _ => continue,
            };
            let k = k as usize;
            if seen_in_block[k] != bi {
                seen_in_block[k] = bi;
                if is_def {
                    defs[k].push(bi);
                } else {
                    exposed[k].push(bi);
                }
            } else if is_def && defs[k].last() != Some(&bi) {
                defs[k].push(bi);
            }
        }
    }

    // Parameter placement: per variable, live-in blocks, then the pruned iterated
    // dominance frontier. Marks are stamped with the variable's number, so nothing is
    // cleared between variables.
    let mut is_def_stamp = vec![u32::MAX; n];
    let mut live_stamp = vec![u32::MAX; n];
    let mut param_stamp = vec![u32::MAX; n];
    let mut placed: Vec<(u32, u32)> = Vec::new(); // (block, variable)
    let mut work: Vec<u32> = Vec::new();
    for k in 0..nv {
        let stamp = k as u32;
        for &d in &defs[k] {
            is_def_stamp[d as usize] = stamp;
        }
        // Live-in blocks: backwards from the upward-exposed uses, stopping at definitions.
        work.clear();
        for &u in &exposed[k] {
            if live_stamp[u as usize] != stamp {
                live_stamp[u as usize] = stamp;
                work.push(u);
            }
        }
        while let Some(b) = work.pop() {
            for &p in cfg.preds(b) {
                let p = p as usize;
                if !cfg.is_reachable(p as u32) || live_stamp[p] == stamp || is_def_stamp[p] == stamp
                {
                    continue;
                }
                live_stamp[p] = stamp;
                work.push(p as u32);
            }
        }
        // Iterated dominance frontier of the definitions, restricted to live-in blocks.
        work.clear();
        work.extend_from_slice(&defs[k]);
        while let Some(d) = work.pop() {
            for &y in &frontiers[d as usize] {
                let yu = y as usize;
                if param_stamp[yu] == stamp || live_stamp[yu] != stamp {
                    continue;
                }
                param_stamp[yu] = stamp;
                placed.push((y, stamp));
                if is_def_stamp[yu] != stamp {
                    work.push(y);
                }
            }
        }
    }
    sort::by_key(&mut placed, |&(blk, k)| sort::pair(blk, k));

    // Create the parameters, in variable order per block.
    let mut new_params: Vec<Vec<(u32, Inst)>> = vec![Vec::new(); n];
    {
        let mut b = Builder::new(m);
        for &(blk, k) in &placed {
            let c = &candidates[k as usize];
            let p = b.param(cfg.blocks[blk as usize], Type(c.store_ty));
            if let Some(name) = b.module.name(c.var).map(str::to_string) {
                b.module.set_name(p.inst(), &name);
            }
            new_params[blk as usize].push((k, p.inst()));
        }
    }

    // Renaming over the dominator tree, iteratively.
    let mut current: Vec<Option<Inst>> = vec![None; nv];
    let mut zero_cache: Map<Inst, Inst> = Map::default();
    let mut doomed: Vec<Inst> = Vec::new();
    // Stack entries: Enter(block) or Restore(saved values).
    enum Step {
        Enter(u32),
        Restore(Vec<(u32, Option<Inst>)>),
    }
    let mut stack = vec![Step::Enter(0)];
    if n == 0 || !cfg.is_reachable(0) {
        stack.clear();
    }
    while let Some(step) = stack.pop() {
        let bi = match step {
            Step::Restore(saved) => {
                for (k, v) in saved.into_iter().rev() {
                    current[k as usize] = v;
                }
                continue;
            }
            Step::Enter(bi) => bi,
        };
        let b = cfg.blocks[bi as usize];
        let mut saved: Vec<(u32, Option<Inst>)> = Vec::new();
        let mut set = |current: &mut Vec<Option<Inst>>, k: u32, v: Inst| {
            saved.push((k, current[k as usize]));
            current[k as usize] = Some(v);
        };
        for &(k, p) in &new_params[bi as usize] {
            set(&mut current, k, p);
        }
        for i in m.children_vec(b.inst()) {
            match m.opcode(i) {
                Opcode::Var => {
                    if let Some(&k) = var_index.get(&i) {
                        let init = match m.operand_opt(i, 0) {
                            Some(x) => {
                                name_after_variable(m, x, i);
                                x
                            }
                            None => zero_of(m, &mut zero_cache, candidates[k as usize].store_ty),
                        };
                        set(&mut current, k, init);
                        doomed.push(i);
                    }
                }
                Opcode::Load => {
                    if let Some(&k) = var_index.get(&m.operand(i, 0)) {
                        let v = match current[k as usize] {
                            Some(v) => v,
                            None => undef_of(m, candidates[k as usize].store_ty),
                        };
                        fit_every_use(m, i, v);
                        m.replace_all_uses_with(i, v);
                        doomed.push(i);
                    }
                }
                Opcode::Store => {
                    if let Some(&k) = var_index.get(&m.operand(i, 0)) {
                        let value = m.operand(i, 1);
                        name_after_variable(m, value, candidates[k as usize].var);
                        set(&mut current, k, value);
                        doomed.push(i);
                    }
                }
                _ => {}
            }
        }
        pass_arguments(
            m,
            &cfg,
            b,
            &new_params,
            |k| current[k as usize],
            &candidates,
        );
        stack.push(Step::Restore(saved));
        for &c in dom.children_of(bi).iter().rev() {
            stack.push(Step::Enter(c));
        }
    }

    // Unreachable blocks: loads read `undef`, stores vanish, branches pass `undef`.
    for (bi, &b) in cfg.blocks.iter().enumerate() {
        if cfg.is_reachable(bi as u32) {
            continue;
        }
        for i in m.children_vec(b.inst()) {
            match m.opcode(i) {
                Opcode::Var if var_index.contains_key(&i) => doomed.push(i),
                Opcode::Load | Opcode::Store => {
                    if let Some(&k) = var_index.get(&m.operand(i, 0)) {
                        if m.opcode(i) == Opcode::Load {
                            let u = undef_of(m, candidates[k as usize].store_ty);
                            m.replace_all_uses_with(i, u);
                        }
                        doomed.push(i);
                    }
                }
                _ => {}
            }
        }
        pass_arguments(m, &cfg, b, &new_params, |_| None, &candidates);
    }

    // The variables go last: loads and stores are gone, so nothing uses them.
    sort::by_key(&mut doomed, |&i| u64::from(m.opcode(i) == Opcode::Var));
    for i in doomed {
        m.set_operands(i, &[]);
        m.remove(i);
    }
    true
}

/// Appends, to the branch that ends `b`, the current value of each variable that has a
/// new parameter in the branch's target (or `undef` where there is none).
fn pass_arguments(
    m: &mut Module,
    cfg: &Cfg,
    b: Block,
    new_params: &[Vec<(u32, Inst)>],
    current: impl Fn(u32) -> Option<Inst>,
    candidates: &[Candidate],
) {
    let Some(t) = terminator(m, b) else { return };
    if !matches!(m.opcode(t), Opcode::Br | Opcode::Loop) {
        return;
    }
    let Some(target) = m.operand_opt(t, 0) else {
        return;
    };
    let Some(ti) = cfg.index_of(Block(target)) else {
        return;
    };
    for &(k, _) in &new_params[ti as usize] {
        let v = match current(k) {
            Some(v) => v,
            None => undef_of(m, candidates[k as usize].store_ty),
        };
        m.push_operand(t, v);
    }
}

/// The zero value of a type: a literal for scalars, `T()` otherwise.
fn zero_of(m: &mut Module, cache: &mut Map<Inst, Inst>, ty: Inst) -> Inst {
    if let Some(&z) = cache.get(&ty) {
        return z;
    }
    let z = Builder::new(m).zero_value(Type(ty)).inst();
    cache.insert(ty, z);
    z
}

fn undef_of(m: &mut Module, ty: Inst) -> Inst {
    Builder::new(m).undef(Type(ty)).inst()
}

/// Gives an unnamed block parameter stored into `var` the variable's debug name: the
/// merge value of `var a = x && y;` is then named `a`, as it is when the source wrote
/// `let a = x && y;`, so raising and lowering again keeps the name. So does an unnamed
/// load whose one use is that store: the raiser writes `x = u.a;` in a loop for a load it
/// named `x` that the code after the loop reads (`gvn` merges loads of uniform memory
/// across blocks), and the load is then `x` again.
fn name_after_variable(m: &mut Module, value: Inst, var: Inst) {
    let named_like_var = match m.opcode(value) {
        Opcode::Param => true,
        Opcode::Load => m.uses(value).count() == 1,
        _ => false,
    };
    if !named_like_var || m.name(value).is_some() {
        return;
    }
    if let Some(name) = m.name(var).map(str::to_string) {
        m.set_name(value, &name);
    }
}

/// Rewrites the loads and stores through a constant access chain into whole loads and
/// stores of the chain's base with `extract` and `insert`, then removes the chain.
fn rewrite_chain(m: &mut Module, chain: Inst) {
    let base = m.operand(chain, 0);
    let indices: Vec<Inst> = m.operands(chain).skip(1).collect();
    let Some(base_ty) = m
        .ty(base)
        .and_then(|t| m.ptr_parts(t))
        .map(|(_, store, _)| store)
    else {
        return;
    };
    for u in m.uses_vec(chain) {
        let user = u.user;
        let mut b = Builder::new(m);
        b.set_insert_point(InsertPoint::Before(user));
        let span = b.module.span(user);
        b.set_span(span);
        match b.module.opcode(user) {
            Opcode::Load => {
                let whole = b.value(Opcode::Load, Type(base_ty), &[Value(base)]);
                let result_ty = Type(b.module.ty(user).expect("loads are typed"));
                let mut ops = vec![whole.inst()];
                ops.extend_from_slice(&indices);
                let part = b.inst(Opcode::Extract, result_ty, &ops);
                if let Some(name) = b.module.name(user).map(str::to_string) {
                    b.module.set_name(part, &name);
                }
                b.module.replace_all_uses_with(user, part);
            }
            Opcode::Store => {
                let value = b.module.operand(user, 1);
                let whole = b.value(Opcode::Load, Type(base_ty), &[Value(base)]);
                let mut ops = vec![whole.inst(), value];
                ops.extend_from_slice(&indices);
                let updated = b.inst(Opcode::Insert, Type(base_ty), &ops);
                b.store(Value(base), Value(updated));
            }
            _ => continue,
        }
        m.set_operands(user, &[]);
        m.remove(user);
    }
    m.set_operands(chain, &[]);
    m.remove(chain);
}

/// The dominance frontier of every reachable block (Cooper, Harvey and Kennedy's runner
/// algorithm): for each join block, walk up from each predecessor to the join's
/// immediate dominator.
pub fn dominance_frontiers(cfg: &Cfg, dom: &DomTree) -> Vec<Vec<u32>> {
    let n = cfg.len();
    let mut df: Vec<Vec<u32>> = vec![Vec::new(); n];
    for b in 0..n as u32 {
        if !cfg.is_reachable(b) {
            continue;
        }
        let preds = cfg.preds(b);
        if preds.len() < 2 {
            continue;
        }
        let Some(idom) = dom.idom(b) else { continue };
        for &p in preds {
            if !cfg.is_reachable(p) {
                continue;
            }
            let mut runner = p;
            while runner != idom {
                let list = &mut df[runner as usize];
                if list.last() != Some(&b) {
                    list.push(b);
                }
                match dom.idom(runner) {
                    Some(up) => runner = up,
                    None => break,
                }
            }
        }
    }
    df
}
