//! `merge-return`: gives a function one `return`, the last block of its body, so that
//! `inline` can copy it into its callers.
//!
//! **Why.** `inline` takes only callees whose one `return` ends their body: a `return`
//! inside an `if` or a loop would become, in the caller, a branch out of several
//! constructs at once, which the structured IR does not have. Helpers with early returns
//! (`if (d < eps) { return vec3(0.0); }`) are common in real shaders; this pass rewrites
//! them into the shape `inline` takes.
//!
//! **How.** Control that returned now *leaves the construct it is in* with a flag and
//! the returned value, and everything after that construct runs only when the flag is
//! clear, one level at a time up to the body, where the one `return` remains:
//!
//! 1. A `return v` in a region of a construct becomes a branch to the construct's merge
//!    passing `true` and `v` (an `if` arm ends at its merge; a loop body or switch case
//!    breaks to it). The merge gets two block parameters, the flag and the value; every
//!    other branch to it passes `false` and a zero.
//! 2. Each such merge, deepest first, becomes the header of a new `if` on its flag: the
//!    then-arm leaves the enclosing region with the flag and the value (step 1 again, one
//!    level out), the else-arm holds what followed the construct, up to the region's end.
//!    In an `if` arm, the region's end branches to a new block that forwards to the
//!    outer merge; in a loop body or switch case, the then-arm breaks and the new `if`'s
//!    merge is unreachable; in the body, both arms meet in a new last block that returns
//!    the value.
//!
//! Branch arguments replace the variables other implementations of this transform use,
//! so nothing needs promoting after it; `sccp` and `simplify-cfg` fold the flags where
//! they are constant. The result obeys the structured rules by construction: every new
//! branch either ends an arm at its merge or breaks to the innermost loop or switch.
//!
//! **Dominance.** The flag's paths reach a merge the returning arm never reached and go
//! around the code after it, so a value computed inside a construct with a return, or
//! after one, and used past it may lose its dominating definition (the other arm
//! computed it). Such values go through a function-scope variable, stored where they
//! are computed and loaded where they are used: the IR is SSA again at once, and
//! `mem2reg`, which runs after this pass at `-O2`, promotes them back with the block
//! parameters the new paths need.
//!
//! **When not.** Entry points are left alone (they are never inlined), and so is a
//! function that returns from a loop's continuing construct (WGSL forbids it), one whose
//! merges are reached by a branch that cannot carry arguments, one with more than
//! [`MAX_CONSTRUCTS`] constructs to rewrite (the cost below stays linear), and one with
//! such a value of a type no variable holds (a pointer or a handle). The checks run
//! before any change, so a function is rewritten wholly or not at all.
//!
//! **Uniformity.** Code after an early return already ran only in the invocations that
//! did not return; the flag branch makes that control dependence explicit without
//! changing which invocations run what. A barrier after an early return was already
//! under non-uniform control (WGSL's uniformity analysis has refused the program if that
//! mattered), and derivatives keep their invocations.
//!
//! **Cost.** One structure tree per function, then linear work per rewritten construct;
//! the dominance check walks each guarded section once, at most [`MAX_CONSTRUCTS`] times.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::cfg::{params, terminator};
use crate::ir::edit::{functions, split_before};
use crate::ir::structure::{Exit, Node, NodeId, RegionId, StructureTree};
use crate::ir::{Block, Builder, Func, Inst, Module, Opcode, Type, Value};
use crate::passes::dead_globals::is_entry_point;
use crate::util::map::Set;

/// The most constructs one function may need rewritten.
pub const MAX_CONSTRUCTS: usize = 64;

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for f in functions(m) {
        if is_entry_point(m, f.inst()) || m.first_child(f.inst()).is_none() {
            continue;
        }
        let tree = an.structure(m, f)?;
        let Some(plan) = Plan::make(m, f, &tree) else {
            continue;
        };
        plan.apply(m, f, &tree);
        an.invalidate(f, Changed::Cfg);
        changed = true;
    }
    Ok(Changed::cfg_if(changed))
}

/// What encloses a region.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Root,
    /// An arm of the `if` node.
    IfArm(NodeId),
    /// The body of the loop node, or a case of the switch node: a break reaches its merge.
    Body(NodeId),
    /// A loop's continuing construct, or a region inside one.
    Continuing,
}

/// Where each region and node sits in the tree.
struct Shape {
    owner: Vec<Owner>,
    /// The region each node is in, and its position there.
    region_of: Vec<RegionId>,
    pos: Vec<u32>,
    depth: Vec<u32>,
    /// The blocks inside loops' continuing constructs.
    continuing: Set<Inst>,
}

impl Shape {
    fn new(tree: &StructureTree) -> Shape {
        let mut s = Shape {
            owner: vec![Owner::Root; tree.regions.len()],
            region_of: vec![0; tree.nodes.len()],
            pos: vec![0; tree.nodes.len()],
            depth: vec![0; tree.regions.len()],
            continuing: Set::default(),
        };
        let mut todo = vec![tree.root];
        while let Some(r) = todo.pop() {
            let inner = s.owner[r as usize] == Owner::Continuing;
            let depth = s.depth[r as usize] + 1;
            for (k, &n) in tree.region(r).iter().enumerate() {
                s.region_of[n as usize] = r;
                s.pos[n as usize] = k as u32;
                let mut child = |c: RegionId, owner: Owner| {
                    s.owner[c as usize] = if inner { Owner::Continuing } else { owner };
                    s.depth[c as usize] = depth;
                    todo.push(c);
                };
                match tree.node(n) {
                    Node::Block { block, .. } => {
                        if inner {
                            s.continuing.insert(block.inst());
                        }
                    }
                    Node::If {
                        then_region,
                        else_region,
                        ..
                    } => {
                        child(*then_region, Owner::IfArm(n));
                        child(*else_region, Owner::IfArm(n));
                    }
                    Node::Loop {
                        body, continuing, ..
                    } => {
                        child(*body, Owner::Body(n));
                        child(*continuing, Owner::Continuing);
                    }
                    Node::Switch { cases, .. } => {
                        for &(_, c) in cases {
                            child(c, Owner::Body(n));
                        }
                    }
                }
            }
        }
        s
    }
}

/// The merge block of a construct node.
fn merge_of(tree: &StructureTree, n: NodeId) -> Option<Block> {
    match tree.node(n) {
        Node::Block { .. } => None,
        Node::If { merge, .. } | Node::Loop { merge, .. } | Node::Switch { merge, .. } => {
            Some(*merge)
        }
    }
}

/// The last block of a region (a region ends with a block).
fn last_block(tree: &StructureTree, r: RegionId) -> Option<Block> {
    match tree.node(*tree.region(r).last()?) {
        Node::Block { block, .. } => Some(*block),
        _ => None,
    }
}

/// Every block of `nodes`, nested ones included.
fn node_blocks(tree: &StructureTree, nodes: &[NodeId], out: &mut Vec<Block>) {
    let mut todo: Vec<NodeId> = nodes.to_vec();
    while let Some(n) = todo.pop() {
        match tree.node(n) {
            Node::Block { block, .. } => out.push(*block),
            Node::If {
                then_region,
                else_region,
                ..
            } => {
                todo.extend(tree.region(*then_region));
                todo.extend(tree.region(*else_region));
            }
            Node::Loop {
                body, continuing, ..
            } => {
                todo.extend(tree.region(*body));
                todo.extend(tree.region(*continuing));
            }
            Node::Switch { cases, .. } => {
                for &(_, c) in cases {
                    todo.extend(tree.region(c));
                }
            }
        }
    }
}

/// Each flagged merge with its flag and value parameters: at most [`MAX_CONSTRUCTS`], so a
/// list.
#[derive(Default)]
struct Flags(Vec<(Block, Value, Option<Value>)>);

impl Flags {
    fn get(&self, merge: Block) -> Option<(Value, Option<Value>)> {
        self.0.iter().find(|e| e.0 == merge).map(|e| (e.1, e.2))
    }
}

/// The rewrite of one function, decided before any change.
struct Plan {
    shape: Shape,
    /// The return blocks inside constructs, with their regions.
    returns: Vec<(Block, RegionId)>,
    /// The constructs whose merges get a flag, deepest and latest first.
    guards: Vec<NodeId>,
    /// The function's result type (`None`: void).
    result: Option<Type>,
    /// Values computed in a guarded section and used outside it, which go through a
    /// variable (see [`demote`]).
    escaping: Vec<Inst>,
}

impl Plan {
    fn make(m: &Module, f: Func, tree: &StructureTree) -> Option<Plan> {
        let shape = Shape::new(tree);
        let mut returns = Vec::new();
        for (r, nodes) in tree.regions.iter().enumerate() {
            let r = r as RegionId;
            for &n in nodes {
                if let Node::Block {
                    block,
                    exit: Exit::Return,
                } = tree.node(n)
                {
                    match shape.owner[r as usize] {
                        Owner::Root => {}
                        Owner::Continuing => return None,
                        _ => returns.push((*block, r)),
                    }
                }
            }
        }
        if returns.is_empty() {
            return None;
        }
        // Every construct between a return and the body is guarded.
        let mut seen = vec![false; tree.nodes.len()];
        let mut flagged: Vec<NodeId> = Vec::new();
        for &(_, r) in &returns {
            let mut r = r;
            loop {
                let n = match shape.owner[r as usize] {
                    Owner::IfArm(n) | Owner::Body(n) => n,
                    Owner::Root => break,
                    Owner::Continuing => return None,
                };
                if std::mem::replace(&mut seen[n as usize], true) {
                    break;
                }
                flagged.push(n);
                if flagged.len() > MAX_CONSTRUCTS {
                    return None;
                }
                r = shape.region_of[n as usize];
            }
        }
        let mut guards = flagged;
        // Deepest first, then last first (descending pairs, ties in their order): the
        // shared sort (`util::sort`), as a complemented key, rather than a standard sort
        // instantiated for this closure alone (3.5 KB of the npm package's wasm).
        crate::util::sort::by_key(&mut guards, |&n| {
            let r = shape.region_of[n as usize];
            !crate::util::sort::pair(shape.depth[r as usize], shape.pos[n as usize])
        });
        let (result, _) = m.fn_parts(m.ty(f.inst())?)?;
        let result = (m.opcode(result) != Opcode::Void).then_some(Type(result));
        let mut plan = Plan {
            shape,
            returns,
            guards,
            result,
            escaping: Vec::new(),
        };
        plan.feasible(m, tree).then_some(plan)
    }

    /// Whether every merge can take the flag (only `br` reaches it) and every value that
    /// may lose its dominating definition can live in a variable; those values are
    /// listed in `escaping`. A construct's merge gains a path from its early return, so
    /// a value computed inside the construct and used past it may lose it (the other arm
    /// computed it, and the returning arm never reached the merge); a guarded section is
    /// bypassed by the flag's path, so a value computed there and used past it may too.
    fn feasible(&mut self, m: &Module, tree: &StructureTree) -> bool {
        let mut escaping: Set<Inst> = Set::default();
        let mut blocks = Vec::new();
        let mut inside: Set<Inst> = Set::default();
        for &n in &self.guards {
            let Some(merge) = merge_of(tree, n) else {
                return false;
            };
            // A `break if` keeps its shape: its exit passes nothing.
            let only_br = m.uses(merge.inst()).all(|u| {
                let op = m.opcode(u.user);
                let from_continuing = m
                    .parent(u.user)
                    .is_some_and(|b| self.shape.continuing.contains(&b));
                !op.is_terminator()
                    || (op == Opcode::Br && !from_continuing)
                    || !is_edge(op, u.index as usize)
            });
            if !only_br {
                return false;
            }
            let r = self.shape.region_of[n as usize];
            let pos = self.shape.pos[n as usize] as usize;
            // The construct itself, then what follows it in its region.
            for (from, to) in [(pos, pos + 1), (pos + 1, tree.region(r).len())] {
                blocks.clear();
                inside.clear();
                node_blocks(tree, &tree.region(r)[from..to], &mut blocks);
                inside.extend(blocks.iter().map(|b| b.inst()));
                for &b in &blocks {
                    for i in m.children(b.inst()) {
                        // The merge keeps its parameters: it heads the new `if`.
                        if b == merge && m.opcode(i) == Opcode::Param {
                            continue;
                        }
                        let escapes = m.uses(i).any(|u| {
                            m.parent(u.user).is_none_or(|p| {
                                !inside.contains(&p) && m.opcode(p) == Opcode::Block
                            })
                        });
                        if escapes && escaping.insert(i) {
                            if !m.ty(i).is_some_and(|t| m.is_constructible(t)) {
                                return false;
                            }
                            self.escaping.push(i);
                        }
                    }
                }
            }
        }
        true
    }

    fn apply(&self, m: &mut Module, f: Func, tree: &StructureTree) {
        demote(m, f, &self.escaping);
        let mut flags = Flags::default();
        let mut last: Vec<Option<Block>> = vec![None; tree.regions.len()];
        for &(block, r) in &self.returns {
            let Some(ret) = terminator(m, block) else {
                continue;
            };
            let value = m.operand_opt(ret, 0).map(Value);
            let Some(target) = self.exit_merge(tree, r) else {
                continue;
            };
            m.set_operands(ret, &[]);
            m.remove(ret);
            self.branch_flagged(m, &mut flags, block, target, value);
        }
        for &n in &self.guards {
            let Some(mb) = merge_of(tree, n) else {
                continue;
            };
            let Some((flag, value)) = flags.get(mb) else {
                continue;
            };
            let r = self.shape.region_of[n as usize];
            let owner = self.shape.owner[r as usize];
            if owner == Owner::Continuing {
                continue;
            }
            let Some(mut end) = last[r as usize].or_else(|| last_block(tree, r)) else {
                continue;
            };
            let Some(first) = crate::ir::edit::first_non_param(m, mb.inst()) else {
                continue;
            };
            let Some(rest) = split_before(m, first) else {
                continue;
            };
            if end == mb {
                end = rest;
            }
            let mut b = Builder::new(m);
            let then = b.block(f);
            let join = b.block(f);
            m.detach(then.inst());
            m.insert_after(mb.inst(), then.inst());
            m.detach(join.inst());
            m.insert_after(end.inst(), join.inst());
            match owner {
                Owner::Root => self.join_return(m, then, end, join, value),
                Owner::IfArm(owner) => {
                    let Some(outer) = merge_of(tree, owner) else {
                        continue;
                    };
                    self.forward(m, &mut flags, then, end, join, outer, value);
                }
                Owner::Body(owner) => {
                    let Some(outer) = merge_of(tree, owner) else {
                        continue;
                    };
                    self.branch_flagged(m, &mut flags, then, outer, value);
                    let mut b = Builder::new(m);
                    b.switch_to(join);
                    b.unreachable();
                }
                Owner::Continuing => {}
            }
            let mut b = Builder::new(m);
            b.switch_to(mb);
            b.if_else(flag, then, rest, join);
            last[r as usize] = Some(join);
        }
    }

    /// The merge a flagged exit from region `r` goes to: its construct's.
    fn exit_merge(&self, tree: &StructureTree, r: RegionId) -> Option<Block> {
        match self.shape.owner[r as usize] {
            Owner::IfArm(n) | Owner::Body(n) => merge_of(tree, n),
            Owner::Root | Owner::Continuing => None,
        }
    }

    /// Ends `from` with a branch to `target` passing zeros for its own parameters, then
    /// `true` and `value`.
    fn branch_flagged(
        &self,
        m: &mut Module,
        flags: &mut Flags,
        from: Block,
        target: Block,
        value: Option<Value>,
    ) {
        let own = self.flag(m, flags, target);
        let mut b = Builder::new(m);
        let mut args = zeros(&mut b, &own);
        args.push(b.const_bool(true));
        if let Some(v) = value {
            args.push(v);
        }
        b.switch_to(from);
        b.br(target, &args);
    }

    /// Gives `merge` its flag and value parameters, once; every branch to it passes
    /// `false` and a zero. Returns the types of its parameters before them.
    fn flag(&self, m: &mut Module, flags: &mut Flags, merge: Block) -> Vec<Type> {
        if flags.get(merge).is_some() {
            let mut types = param_types(m, merge);
            types.truncate(types.len() - 1 - usize::from(self.result.is_some()));
            return types;
        }
        let types = param_types(m, merge);
        let mut branches: Vec<Inst> = Vec::new();
        for u in m.uses(merge.inst()) {
            if u.index == 0 && m.opcode(u.user) == Opcode::Br {
                branches.push(u.user);
            }
        }
        let mut b = Builder::new(m);
        let bool_ty = b.ty_bool();
        let no = b.const_bool(false);
        let zero = self.result.map(|t| b.zero(t));
        let flag = b.param(merge, bool_ty);
        let value = self.result.map(|t| b.param(merge, t));
        for br in branches {
            m.push_operand(br, no.inst());
            if let Some(z) = zero {
                m.push_operand(br, z.inst());
            }
        }
        flags.0.push((merge, flag, value));
        types
    }

    /// In the body: the then-arm and the end of the body meet in `join`, which returns.
    fn join_return(
        &self,
        m: &mut Module,
        then: Block,
        end: Block,
        join: Block,
        value: Option<Value>,
    ) {
        let mut b = Builder::new(m);
        let result = self.result.map(|t| b.param(join, t));
        b.switch_to(join);
        b.ret(result);
        b.switch_to(then);
        b.br(join, value.as_slice());
        if let Some(ret) = terminator(m, end).filter(|&t| m.opcode(t) == Opcode::Return) {
            let mut returned = Vec::new();
            for x in m.operands(ret) {
                returned.push(Value(x));
            }
            m.set_operands(ret, &[]);
            m.remove(ret);
            let mut b = Builder::new(m);
            b.switch_to(end);
            b.br(join, &returned);
        }
    }

    /// In an `if` arm: the then-arm and the end of the arm meet in `join`, which forwards
    /// what it is given to the arm's merge `outer` (flagged now).
    #[allow(clippy::too_many_arguments)]
    fn forward(
        &self,
        m: &mut Module,
        flags: &mut Flags,
        then: Block,
        end: Block,
        join: Block,
        outer: Block,
        value: Option<Value>,
    ) {
        let own = self.flag(m, flags, outer);
        let all = param_types(m, outer);
        let mut b = Builder::new(m);
        let mut forwarded = Vec::with_capacity(all.len());
        for &t in &all {
            forwarded.push(b.param(join, t));
        }
        b.switch_to(join);
        b.br(outer, &forwarded);
        let mut args = zeros(&mut b, &own);
        args.push(b.const_bool(true));
        if let Some(v) = value {
            args.push(v);
        }
        b.switch_to(then);
        b.br(join, &args);
        // The arm's end branched to `outer`: it goes through `join` now.
        if let Some(br) = terminator(m, end).filter(|&t| m.opcode(t) == Opcode::Br) {
            if m.operand(br, 0) == outer.inst() {
                m.set_operand(br, 0, join.inst());
            }
        }
    }
}

/// The types of a block's parameters.
///
/// Loops here and in [`zeros`] rather than filter_map/map/collect chains: each chain was
/// its own copy of the iterator code in the package.
fn param_types(m: &Module, b: Block) -> Vec<Type> {
    let mut types = Vec::new();
    for p in params(m, b) {
        if let Some(t) = m.ty(p) {
            types.push(Type(t));
        }
    }
    types
}

/// A zero of each type, in order.
fn zeros(b: &mut Builder<'_>, types: &[Type]) -> Vec<Value> {
    let mut out = Vec::with_capacity(types.len());
    for &t in types {
        out.push(b.zero(t));
    }
    out
}

/// Puts each value of `values` in a function-scope variable, stored where it is computed
/// and loaded where it is used (the module essay's "Dominance").
fn demote(m: &mut Module, f: Func, values: &[Inst]) {
    let Some(entry) = m.entry_block(f) else {
        return;
    };
    for &v in values {
        let (Some(ty), Some(block)) = (m.ty(v), m.parent(v)) else {
            continue;
        };
        let Some(first) = crate::ir::edit::first_non_param(m, entry.inst()) else {
            continue;
        };
        let mut uses: Vec<(Inst, usize)> = Vec::new();
        for u in m.uses(v) {
            uses.push((u.user, u.index as usize));
        }
        let var = crate::ir::edit::builder_before(m, first).local_var(Type(ty), None);
        // After the value: after the block's parameters when it is one.
        let after = if m.opcode(v) == Opcode::Param {
            crate::ir::edit::first_non_param(m, block)
        } else {
            m.next_sibling(v)
        };
        let Some(after) = after else {
            continue;
        };
        crate::ir::edit::builder_before(m, after).store(var, Value(v));
        for (user, k) in uses {
            let loaded = crate::ir::edit::builder_before(m, user).load(var);
            m.set_operand(user, k, loaded.inst());
        }
    }
}

fn is_edge(op: Opcode, k: usize) -> bool {
    crate::ir::cfg::is_edge_operand(op, k)
}
