//! `simplify-cfg`: removes control flow that decides nothing, within the structured rules.
//!
//! 1. **Trivial block parameters.** A parameter that every incoming branch passes the
//!    same value for (or itself, around a loop) is that value: its uses take the value
//!    and the parameter and its arguments go. Repeated until none is left, since
//!    removing one can make another trivial.
//! 2. **Constant conditions.** `if_else true, ^t, ^e, merge ^m` becomes `br ^t`: the
//!    `then` arm now runs in sequence and its branch to `^m` is an ordinary branch; the
//!    `else` arm becomes unreachable (for `dce`). A `break if` keeps its shape when its
//!    condition is constant and exits (the continue construct may only leave through
//!    that shape); when it is constant and loops back, it becomes the plain back edge.
//! 3. **Empty ifs.** An `if_else` whose arms both only branch to its merge with the same
//!    arguments becomes that branch. Where the arguments differ and are scalars or
//!    vectors, the branch passes their `select` on the condition instead (both values are
//!    computed before the `if` already, so nothing runs that did not; flags such as
//!    `merge-return`'s become the condition itself after `simplify`).
//! 4. **Straight lines.** A block that only a `br` reaches (and that no construct names
//!    as its merge or continue block) is joined to that predecessor.
//!
//! Steps 2 to 4 take a structure tree or a CFG from the analysis cache (building one is
//! the pass's main cost, and a function whose structure tree cannot be built is an
//! error); each first looks for an instruction it could change (an `if_else` on a
//! constant or with two lone branches, a block with one use), so a function with none,
//! which is what a pass's confirming rounds meet, costs one walk of its blocks. A step
//! that changed a function's blocks drops its analyses at once.
//!
//! Blocks that become unreachable are left to `dce`, which also removes the operands
//! that no longer have uses. Nothing is reordered, so effects keep their order, and
//! every step keeps the no-critical-edge and nesting rules (each is checked by the
//! verifier after the pass in tests).

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::cfg::{params, terminator};
use crate::ir::edit::{fit_every_use, functions};
use crate::ir::structure::Node;
use crate::ir::{Block, Builder, Func, Inst, Module, Opcode, Type, Value};
use crate::util::map::Set;

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut changed = Changed::None;
    for f in functions(m) {
        // Each round is linear; a round that changes nothing ends it. Rounds are few in
        // practice (each can only expose what the one before removed); the bound keeps
        // a pathological module from looping long.
        for _ in 0..16 {
            let mut round = Changed::instructions_if(trivial_params(m, f));
            for step in [constant_and_empty_ifs, join_straight_lines] {
                if step(m, an, f)? {
                    an.invalidate(f, Changed::Cfg);
                    round = Changed::Cfg;
                }
            }
            changed |= round;
            if !round.any() {
                break;
            }
        }
    }
    Ok(changed)
}

/// The branches that pass arguments to `b` (`br` and `loop`), with the index of their
/// first argument.
fn incoming(m: &Module, b: Block) -> Vec<(Inst, usize)> {
    // A loop rather than a filter_map/collect chain: each chain was its own copy of the
    // iterator code in the package.
    let mut out = Vec::new();
    for u in m.uses(b.inst()) {
        match (m.opcode(u.user), u.index) {
            (Opcode::Br, 0) => out.push((u.user, 1)),
            (Opcode::Loop, 0) => out.push((u.user, 3)),
            _ => {}
        }
    }
    out
}

/// Whether `b` has parameters (they come first).
fn has_params(m: &Module, b: Block) -> bool {
    m.first_child(b.inst())
        .is_some_and(|c| m.opcode(c) == Opcode::Param)
}

fn trivial_params(m: &mut Module, f: Func) -> bool {
    let mut changed = false;
    let entry = m.entry_block(f);
    // Most functions have no block parameter left to look at (every confirming round
    // meets them all): they cost one walk of their blocks, without the work list.
    // Loops rather than any/filter/map/collect chains: each chain was its own copy of the
    // iterator code in the package.
    let mut any_params = false;
    for b in m.blocks(f) {
        if Some(b) != entry && has_params(m, b) {
            any_params = true;
            break;
        }
    }
    if !any_params {
        return false;
    }
    let mut work: Vec<Block> = Vec::new();
    let mut queued: Set<Inst> = Set::default();
    for b in m.blocks(f) {
        if Some(b) != entry {
            work.push(b);
            queued.insert(b.inst());
        }
    }
    while let Some(b) = work.pop() {
        queued.remove(&b.inst());
        if !has_params(m, b) {
            continue;
        }
        let ps = params(m, b);
        if ps.is_empty() {
            continue;
        }
        let branches = incoming(m, b);
        if branches.is_empty() {
            continue;
        }
        for (k, &p) in ps.iter().enumerate().rev() {
            let mut value: Option<Inst> = None;
            let mut trivial = true;
            for &(br, first) in &branches {
                let Some(a) = m.operand_opt(br, first + k) else {
                    trivial = false;
                    break;
                };
                if a == p {
                    continue;
                }
                match value {
                    None => value = Some(a),
                    Some(v) if v == a => {}
                    Some(_) => {
                        trivial = false;
                        break;
                    }
                }
            }
            let Some(v) = value.filter(|_| trivial) else {
                continue;
            };
            // A constant out of the range of what the parameter indexes becomes the last
            // index there (`fitted`).
            fit_every_use(m, p, v);
            // Blocks whose branches pass this parameter may now have trivial parameters.
            let mut users: Vec<Inst> = Vec::new();
            for u in m.uses(p) {
                users.push(u.user);
            }
            for &(br, first) in &branches {
                m.remove_operand(br, first + k);
            }
            m.replace_all_uses_with(p, v);
            m.remove(p);
            changed = true;
            for u in users {
                if matches!(m.opcode(u), Opcode::Br | Opcode::Loop) {
                    if let Some(t) = m.operand_opt(u, 0) {
                        if m.opcode(t) == Opcode::Block && queued.insert(t) {
                            work.push(Block(t));
                        }
                    }
                }
            }
        }
    }
    changed
}

/// Replaces a block's terminator with `br target(args)`.
fn branch_instead(m: &mut Module, b: Block, target: Block, args: &[Inst]) {
    if let Some(t) = terminator(m, b) {
        m.set_operands(t, &[]);
        m.remove(t);
    }
    let mut builder = Builder::new(m);
    builder.switch_to(b);
    let mut ops = vec![target.inst()];
    ops.extend_from_slice(args);
    builder.effect(Opcode::Br, &ops);
}

fn constant_and_empty_ifs(m: &mut Module, an: &mut Analyses, f: Func) -> Result<bool, Diagnostic> {
    // Loops rather than `any`/`zip`/`collect` chains in this function: each chain was its
    // own copy of the iterator code in the package.
    let mut any_decidable = false;
    for b in m.blocks(f) {
        if decidable_if(m, b) {
            any_decidable = true;
            break;
        }
    }
    if !any_decidable {
        return Ok(false);
    }
    let tree = an.structure(m, f)?;
    let mut changed = false;
    for node in &tree.nodes {
        let Node::If {
            header,
            then_region,
            else_region,
            merge,
            break_if,
        } = *node
        else {
            continue;
        };
        let Some(t) = terminator(m, header) else {
            continue;
        };
        if m.opcode(t) != Opcode::IfElse {
            continue;
        }
        let cond = m.operand(t, 0);
        let (then_b, else_b) = (Block(m.operand(t, 1)), Block(m.operand(t, 2)));
        if m.opcode(cond) == Opcode::Constant {
            let taken = if m.literal(cond) != 0 { then_b } else { else_b };
            if break_if {
                // Only the back-edge direction is a legal plain branch.
                let region = tree.region(if taken == then_b {
                    then_region
                } else {
                    else_region
                });
                let mut back = false;
                for &n in region {
                    if matches!(
                        tree.node(n),
                        Node::Block {
                            exit: crate::ir::structure::Exit::BackEdge,
                            ..
                        }
                    ) {
                        back = true;
                        break;
                    }
                }
                if !back {
                    continue;
                }
            }
            branch_instead(m, header, taken, &[]);
            changed = true;
            continue;
        }
        if break_if {
            continue;
        }
        // Both arms only branch to the merge, with the same arguments.
        let only_br_to_merge = |b: Block| -> Option<Vec<Inst>> {
            let br = lone_br(m, b).filter(|&br| m.operand(br, 0) == merge.inst())?;
            let mut args = Vec::new();
            for k in 1..m.num_operands(br) {
                args.push(m.operand(br, k));
            }
            Some(args)
        };
        let single = |r| matches!(tree.region(r), [_]);
        if let (Some(a), Some(b)) = (only_br_to_merge(then_b), only_br_to_merge(else_b)) {
            if single(then_region) && single(else_region) && selectable(m, &a, &b) {
                // Where the arms pass different values, the merge takes their `select`.
                let mut args: Vec<Inst> = Vec::with_capacity(a.len().min(b.len()));
                for (&x, &y) in a.iter().zip(&b) {
                    args.push(match m.ty(x) {
                        Some(ty) if x != y => crate::ir::edit::builder_before(m, t)
                            .value(Opcode::Select, Type(ty), &[Value(cond), Value(x), Value(y)])
                            .inst(),
                        _ => x,
                    });
                }
                branch_instead(m, header, merge, &args);
                changed = true;
            }
        }
    }
    Ok(changed)
}

/// Whether `b` ends in an `if_else` that [`constant_and_empty_ifs`] may replace: one on
/// a constant, or whose arms are each a lone branch with the same operands.
fn decidable_if(m: &Module, b: Block) -> bool {
    let Some(t) = terminator(m, b).filter(|&t| m.opcode(t) == Opcode::IfElse) else {
        return false;
    };
    if m.operand_opt(t, 0)
        .is_some_and(|c| m.opcode(c) == Opcode::Constant)
    {
        return true;
    }
    let lone_branch =
        |arm: Option<Inst>| lone_br(m, Block(arm.filter(|&a| m.opcode(a) == Opcode::Block)?));
    match (
        lone_branch(m.operand_opt(t, 1)),
        lone_branch(m.operand_opt(t, 2)),
    ) {
        (Some(a), Some(b)) => {
            let args = |br: Inst| m.operands(br).collect::<Vec<_>>();
            let (a, b) = (args(a), args(b));
            a.first() == b.first() && selectable(m, &a[1..], &b[1..])
        }
        _ => false,
    }
}

/// Whether two arms' branch arguments `a` and `b` can meet without the branch: as many,
/// and each pair the same value or one `select` takes (a scalar or a vector). A `bool`
/// constant beside a computed `bool` is left as it is: that is `&&` or `||`, which the
/// raisers write as such.
fn selectable(m: &Module, a: &[Inst], b: &[Inst]) -> bool {
    let constant = |x: Inst| m.opcode(x) == Opcode::Constant;
    a.len() == b.len()
        && a.iter().zip(b).all(|(&x, &y)| {
            x == y
                || m.ty(x).is_some_and(|t| {
                    m.ty(y) == Some(t)
                        && m.scalar_or_vec(t).is_some()
                        && (m.opcode(t) != Opcode::Bool || constant(x) == constant(y))
                })
        })
}

/// The `br` that is `b`'s only instruction, if it is one.
fn lone_br(m: &Module, b: Block) -> Option<Inst> {
    let term = terminator(m, b)?;
    (m.first_child(b.inst()) == Some(term) && m.opcode(term) == Opcode::Br).then_some(term)
}

/// Whether `b` could be joined to its predecessor by [`join_straight_lines`]: its one use
/// is the target of another block's `br`.
fn joinable(m: &Module, b: Block) -> bool {
    let mut uses = m.uses(b.inst());
    match (uses.next(), uses.next()) {
        (Some(u), None) => {
            m.opcode(u.user) == Opcode::Br && u.index == 0 && m.parent(u.user) != Some(b.inst())
        }
        _ => false,
    }
}

fn join_straight_lines(m: &mut Module, an: &mut Analyses, f: Func) -> Result<bool, Diagnostic> {
    if !m.blocks(f).any(|b| joinable(m, b)) {
        return Ok(false);
    }
    let cfg = an.cfg(m, f);
    let mut changed = false;
    for (k, &b) in cfg.blocks.iter().enumerate() {
        if m.is_dead(b.inst()) || !cfg.is_reachable(k as u32) || k == 0 {
            continue;
        }
        // The one use of `b` must be the `br` of its one predecessor: no construct names
        // it, and it is not a loop header.
        let uses: Vec<_> = m.uses(b.inst()).collect();
        let [u] = uses.as_slice() else { continue };
        if m.opcode(u.user) != Opcode::Br || u.index != 0 {
            continue;
        }
        let Some(pred) = m.parent(u.user).map(Block) else {
            continue;
        };
        if pred == b {
            continue;
        }
        // Parameters take the branch's arguments.
        let args: Vec<Inst> = m.operands(u.user).skip(1).collect();
        let ps = params(m, b);
        if args.len() != ps.len() {
            continue;
        }
        // As in `trivial_params`: a constant out of range becomes the last index.
        for (&p, &a) in ps.iter().zip(&args) {
            fit_every_use(m, p, a);
        }
        let br = u.user;
        m.set_operands(br, &[]);
        m.remove(br);
        for (&p, &a) in ps.iter().zip(&args) {
            m.replace_all_uses_with(p, a);
            m.remove(p);
        }
        for i in m.children_vec(b.inst()) {
            m.detach(i);
            m.append_child(pred.inst(), i);
        }
        // Whatever named `b` (nothing but the branch did) now names `pred`; the block
        // itself is empty and unused.
        m.remove(b.inst());
        changed = true;
    }
    Ok(changed)
}
