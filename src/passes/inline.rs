//! `inline`: replaces calls by copies of the called function's body, by a size-based
//! cost model.
//!
//! **Order.** WGSL has no recursion, so the call graph is acyclic: functions are
//! visited callees first (a post-order of the call graph), and a function's own calls
//! are already inlined, or refused, when it is copied into its callers. Each call site
//! present when its caller's turn comes is decided once.
//!
//! **Which calls.** A call to a function with a body is inlined when that function has
//! one `return`, at the top level of its body (the last block of its root region): the
//! copied body then is a straight sequence of blocks and constructs between the two
//! halves of the caller's block, and every rule of the structure tree holds without
//! rewriting (a `return` inside an `if` or a loop would become a branch out of several
//! constructs at once, which the IR does not have). The cost model counts a function's
//! instructions `s` and its remaining calls `k`: a call is inlined when `s` is at most
//! [`SMALL`], when it is the last call (the function then goes with `dead-globals`),
//! or when `k` copies cost at most [`GROWTH`] instructions more than the function and
//! its `k` calls they replace. Calls inside a `break if` block are left alone: that block
//! must keep its shape. All the copies together add at most the module's own size
//! (plus [`BUDGET_SLACK`]), so a chain of small functions that each call the next
//! twice grows the module at most twofold, not exponentially.
//!
//! **How.** The caller's block is split before the call; the first half branches to a
//! copy of the callee's blocks, in which the callee's parameters are the call's
//! arguments (pointers included: a `load` through a pointer parameter becomes a load of
//! the caller's variable, which `mem2reg` can then promote), and the copy's `return`
//! becomes a branch to the second half, which starts where the call was. The call's
//! result is the returned value, which dominates the second half: its block is the
//! second half's only predecessor.
//!
//! **Uniformity.** The copy runs exactly where the call ran, under the same control
//! flow, in the same invocations: a derivative, sampling, subgroup operation or barrier
//! in the callee keeps the uniformity facts it had at the call, and nothing is moved
//! across a branch. A function-scope variable of the callee stays a `var` in the copy,
//! initialized where the callee's body starts, as each call did.
//!
//! **Cost.** Deciding a call is O(1) from per-function sizes and call counts kept up to
//! date; copying is linear in what is copied.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::cfg::{params, terminator};
use crate::ir::edit::{Remap, copy_blocks, fit_every_use, fit_indices, functions, split_before};
use crate::ir::structure::Node;
use crate::ir::{Block, Builder, Func, Inst, Module, Opcode};
use crate::util::map::{Map, Set};

/// A function of at most this many instructions is inlined at every call.
pub const SMALL: u32 = 12;

/// The most instructions the extra copies of a function may add.
pub const GROWTH: u32 = 32;

/// What the copies may add to a module beyond its own size.
pub const BUDGET_SLACK: u32 = 1024;

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let funcs = functions(m);
    let mut calls: Map<Inst, u32> = Map::default();
    let mut size: Map<Inst, u32> = Map::default();
    let mut callees: Vec<Vec<Func>> = Vec::with_capacity(funcs.len());
    // Loops rather than iterator chains here: each chain was its own copy of the
    // iterator code in the package.
    let mut index: Map<Inst, usize> = Map::default();
    for (k, f) in funcs.iter().enumerate() {
        index.insert(f.inst(), k);
    }
    for &f in &funcs {
        let mut s = 0;
        let mut out = Vec::new();
        for b in m.blocks(f) {
            for i in m.children(b.inst()) {
                s += u32::from(m.opcode(i) != Opcode::Param);
                if let Some(g) = called(m, i) {
                    *calls.entry(g.inst()).or_default() += 1;
                    out.push(g);
                }
            }
        }
        size.insert(f.inst(), s);
        callees.push(out);
    }
    // Callees first: an iterative post-order of the call graph.
    let mut order = Vec::with_capacity(funcs.len());
    let mut state = vec![0u8; funcs.len()];
    for root in 0..funcs.len() {
        let mut stack = vec![(root, 0usize)];
        while let Some(&mut (f, ref mut next)) = stack.last_mut() {
            if *next == 0 && state[f] != 0 {
                stack.pop();
                continue;
            }
            state[f] = 1;
            if let Some(g) = callees[f].get(*next) {
                *next += 1;
                if let Some(&gi) = index.get(&g.inst()) {
                    if state[gi] == 0 {
                        stack.push((gi, 0));
                    }
                }
            } else {
                state[f] = 2;
                order.push(f);
                stack.pop();
            }
        }
    }
    // The copies may add at most the module's own size (plus a little for tiny modules):
    // a chain of small functions that each call the next twice would otherwise grow
    // exponentially.
    let mut budget = size.values().sum::<u32>().saturating_add(BUDGET_SLACK);
    let mut inlinable: Map<Inst, Option<Inst>> = Map::default();
    let mut remap = Remap::default();
    let mut changed = false;
    for k in order {
        let f = funcs[k];
        let mut sites: Vec<Inst> = Vec::new();
        for b in m.blocks(f) {
            for i in m.children(b.inst()) {
                if called(m, i).is_some() {
                    sites.push(i);
                }
            }
        }
        if sites.is_empty() {
            continue;
        }
        let break_ifs = break_if_blocks(m, an, f)?;
        let mut grew = 0;
        for call in sites {
            let Some(g) = called(m, call) else { continue };
            if break_ifs.contains(&m.parent(call).unwrap_or(call)) {
                continue;
            }
            let ret = match inlinable.get(&g.inst()) {
                Some(&r) => r,
                None => {
                    let r = single_top_return(m, an, g)?;
                    inlinable.insert(g.inst(), r);
                    r
                }
            };
            let (Some(ret), Some(&s)) = (ret, size.get(&g.inst())) else {
                continue;
            };
            let k = calls.get(&g.inst()).copied().unwrap_or(0);
            if !(s <= SMALL || k <= 1 || s.saturating_mul(k - 1) <= GROWTH + k) || s > budget {
                continue;
            }
            budget -= s;
            let added = inline_call(m, call, g, ret, &mut remap);
            *calls.entry(g.inst()).or_default() -= 1;
            for h in added {
                *calls.entry(h.inst()).or_default() += 1;
            }
            grew += s;
            changed = true;
        }
        if grew > 0 {
            *size.entry(f.inst()).or_default() += grew;
            an.invalidate(f, Changed::Cfg);
        }
    }
    Ok(Changed::cfg_if(changed))
}

/// The function `i` calls, when `i` is a call to a function with a body.
fn called(m: &Module, i: Inst) -> Option<Func> {
    if m.opcode(i) != Opcode::Call {
        return None;
    }
    let g = m.as_func(m.operand_opt(i, 0)?)?;
    m.first_child(g.inst()).is_some().then_some(g)
}

/// The blocks of `f` that end in a `break if`.
fn break_if_blocks(m: &Module, an: &mut Analyses, f: Func) -> Result<Set<Inst>, Diagnostic> {
    let tree = an.structure(m, f)?;
    Ok(tree
        .nodes
        .iter()
        .filter_map(|n| match n {
            Node::If {
                header,
                break_if: true,
                ..
            } => Some(header.inst()),
            _ => None,
        })
        .collect())
}

/// The `return` of `g` when it is its only one and ends a block of the root region.
fn single_top_return(m: &Module, an: &mut Analyses, g: Func) -> Result<Option<Inst>, Diagnostic> {
    let mut returns = Vec::new();
    for b in m.blocks(g) {
        if let Some(t) = terminator(m, b).filter(|&t| m.opcode(t) == Opcode::Return) {
            returns.push(t);
        }
    }
    let [ret] = returns[..] else {
        return Ok(None);
    };
    let tree = an.structure(m, g)?;
    let block = m.parent(ret).map(Block);
    let top = tree
        .region(tree.root)
        .iter()
        .any(|&n| matches!(tree.node(n), Node::Block { block: b, .. } if Some(*b) == block));
    Ok(top.then_some(ret))
}

/// Replaces `call` (to `g`, whose only return is `ret`) by a copy of `g`'s body. Returns
/// the functions the copy calls.
fn inline_call(m: &mut Module, call: Inst, g: Func, ret: Inst, map: &mut Remap) -> Vec<Func> {
    let (Some(first), Some(f)) = (m.parent(call), m.parent(call).and_then(|b| m.parent(b))) else {
        return Vec::new();
    };
    map.clear();
    let Some(entry) = m.entry_block(g) else {
        return Vec::new();
    };
    for (k, p) in params(m, entry).into_iter().enumerate() {
        map.insert(p, m.operand_opt(call, k + 1).unwrap_or(p));
    }
    let Some(rest) = split_before(m, call) else {
        return Vec::new();
    };
    let Some(made) = copy_blocks(m, g, f, Some(first), map) else {
        return Vec::new();
    };
    // A constant argument may be an index past the end in the copy.
    let mut added = Vec::new();
    for &i in &made {
        fit_indices(m, i);
        if let Some(g) = called(m, i) {
            added.push(g);
        }
    }
    // The first half enters the copy; the copy's return goes on with the second half.
    let mut b = Builder::new(m);
    b.switch_to(Block(first));
    let (Some(new_entry), Some(new_ret)) = (map.get(entry.inst()), map.get(ret)) else {
        return added;
    };
    b.br(Block(new_entry), &[]);
    let value = m.operand_opt(new_ret, 0);
    let ret_block = m.parent(new_ret).map(Block);
    m.set_operands(new_ret, &[]);
    m.remove(new_ret);
    if let Some(rb) = ret_block {
        let mut b = Builder::new(m);
        b.switch_to(rb);
        b.br(rest, &[]);
    }
    if let Some(v) = value {
        fit_every_use(m, call, v);
        m.replace_all_uses_with(call, v);
    }
    m.set_operands(call, &[]);
    m.remove(call);
    added
}
