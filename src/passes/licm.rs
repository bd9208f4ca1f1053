//! `licm`: loop-invariant code motion into the loop's preheader.
//!
//! **What moves.** A pure instruction ([`Opcode::is_pure`]: no effect, reads no memory,
//! does not depend on where it runs) inside a loop whose operands are all defined
//! outside the loop, or are themselves moved, goes to the end of the loop's preheader,
//! before its `loop` terminator. Every loop has a preheader by construction (the block
//! that ends in `loop`, NIR's padding block), which dominates the whole loop, so the
//! operands, defined outside the loop in blocks that dominate the instruction, dominate
//! the new place too, and every use inside the loop is still dominated.
//!
//! **What never moves**, and why each is safe to leave:
//!
//! - Anything with an effect or that may trap: stores, atomics, calls, `demote`. No
//!   pure WGSL operation traps (integer division by zero and out-of-range shifts have
//!   defined results; an `access` only computes an address, and the robustness clamps
//!   that guard its load come later, with the access), so running a pure operation in
//!   the preheader when the loop would have run it zero times changes nothing.
//! - Loads and texture reads: memory may change inside the loop (this pass has no
//!   alias analysis).
//! - **Uniformity**: derivatives, implicit-derivative sampling, subgroup and quad
//!   operations and barriers are only meaningful in the control flow they run in. A loop
//!   whose exit depends on a non-uniform value runs its body in fewer invocations on
//!   later iterations; hoisting such an operation would run it with a different set of
//!   invocations. None of them is in the pure class, so none moves, whatever the loop.
//!
//! **Algorithm.** One walk of the structure tree gives each block its innermost loop and
//! each loop its parent; a depth-first walk of the loop tree numbers the loops so that
//! "is block `b` inside loop `L`" is an interval test. Loops are visited innermost
//! first, and each looks only at the blocks whose innermost loop it is, in reverse
//! post-order (definitions before uses): what an inner loop could not hoist depends on
//! that inner loop, so it varies in the outer one too, while what it hoisted now sits
//! in its preheader, a block of the outer loop, and is met again there. Each block is
//! therefore scanned once, and each instruction's operands are tested in O(1): the pass
//! is linear.
//!
//! **Invariants kept.** Blocks and edges are untouched (`Changed::Instructions`); the
//! moved instructions keep their order, so each still follows its operands.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::cfg::terminator;
use crate::ir::edit::functions;
use crate::ir::structure::{Node, RegionId, StructureTree};
use crate::ir::{Block, Func, Inst, Module};

pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for f in functions(m) {
        let mut loops = false;
        for b in m.blocks(f) {
            if is_loop_preheader(m, b) {
                loops = true;
                break;
            }
        }
        if loops {
            changed |= hoist_function(m, an, f)?;
        }
    }
    Ok(Changed::instructions_if(changed))
}

fn is_loop_preheader(m: &Module, b: Block) -> bool {
    terminator(m, b).is_some_and(|t| m.opcode(t) == crate::ir::Opcode::Loop)
}

const NO_LOOP: u32 = u32::MAX;

/// The loops of a function: the innermost loop of each block, and per loop its
/// preheader, parent and interval in the loop tree's pre-order.
struct Loops {
    preheader: Vec<Block>,
    parent: Vec<u32>,
    /// Pre-order number of each loop, and the largest number in its subtree.
    pre: Vec<u32>,
    last: Vec<u32>,
    /// Per block index, its innermost loop or `NO_LOOP`.
    loop_of: Vec<u32>,
    /// Loops innermost first (a post-order of the loop tree).
    postorder: Vec<u32>,
}

impl Loops {
    fn new(tree: &StructureTree, index_of: impl Fn(Block) -> Option<u32>, blocks: usize) -> Loops {
        let mut l = Loops {
            preheader: Vec::new(),
            parent: Vec::new(),
            pre: Vec::new(),
            last: Vec::new(),
            loop_of: vec![NO_LOOP; blocks],
            postorder: Vec::new(),
        };
        let mut stack: Vec<(RegionId, u32)> = vec![(tree.root, NO_LOOP)];
        while let Some((r, lp)) = stack.pop() {
            for &n in tree.region(r) {
                match tree.node(n) {
                    Node::Block { block, .. } => {
                        if let Some(k) = index_of(*block) {
                            l.loop_of[k as usize] = lp;
                        }
                    }
                    Node::If {
                        then_region,
                        else_region,
                        ..
                    } => {
                        stack.push((*then_region, lp));
                        stack.push((*else_region, lp));
                    }
                    Node::Switch { cases, .. } => {
                        for c in cases {
                            stack.push((c.1, lp));
                        }
                    }
                    Node::Loop {
                        preheader,
                        body,
                        continuing,
                        ..
                    } => {
                        let id = l.preheader.len() as u32;
                        l.preheader.push(*preheader);
                        l.parent.push(lp);
                        stack.push((*body, id));
                        stack.push((*continuing, id));
                    }
                }
            }
        }
        // Number the loop tree depth first: children lists, then an explicit stack.
        let n = l.preheader.len();
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut roots = Vec::new();
        for (k, &p) in l.parent.iter().enumerate() {
            if p == NO_LOOP {
                roots.push(k as u32);
            } else {
                children[p as usize].push(k as u32);
            }
        }
        l.pre = vec![0; n];
        l.last = vec![0; n];
        let mut counter = 0;
        let mut dfs: Vec<(u32, bool)> = Vec::with_capacity(roots.len());
        for r in roots {
            dfs.push((r, false));
        }
        while let Some((x, done)) = dfs.pop() {
            if done {
                l.last[x as usize] = counter - 1;
                l.postorder.push(x);
                continue;
            }
            l.pre[x as usize] = counter;
            counter += 1;
            dfs.push((x, true));
            for &c in &children[x as usize] {
                dfs.push((c, false));
            }
        }
        l
    }

    /// Whether a block whose innermost loop is `inner` lies inside loop `lp`.
    fn inside(&self, inner: u32, lp: u32) -> bool {
        inner != NO_LOOP
            && (self.pre[lp as usize]..=self.last[lp as usize]).contains(&self.pre[inner as usize])
    }
}

fn hoist_function(m: &mut Module, an: &mut Analyses, f: Func) -> Result<bool, Diagnostic> {
    let cfg = an.cfg(m, f);
    let tree = an.structure(m, f)?;
    let loops = Loops::new(&tree, |b| cfg.index_of(b), cfg.len());
    // Per loop, its own blocks (reachable ones), in reverse post-order.
    let mut own: Vec<Vec<u32>> = vec![Vec::new(); loops.preheader.len()];
    for &b in &cfg.rpo {
        let lp = loops.loop_of[b as usize];
        if lp != NO_LOOP {
            own[lp as usize].push(b);
        }
    }
    let loop_of_inst = |m: &Module, x: Inst| -> Option<u32> {
        let b = cfg.index_of(Block(m.parent(x)?))?;
        Some(loops.loop_of[b as usize])
    };
    let mut changed = false;
    for &lp in &loops.postorder {
        let pre = loops.preheader[lp as usize];
        let Some(anchor) = terminator(m, pre) else {
            continue;
        };
        if cfg.index_of(pre).is_none_or(|k| !cfg.is_reachable(k)) {
            continue;
        }
        for &b in &own[lp as usize] {
            for i in m.children_vec(cfg.blocks[b as usize].inst()) {
                let op = m.opcode(i);
                if !op.is_pure() || m.ty(i).is_none() {
                    continue;
                }
                // A loop rather than `all` over a closure: each such chain was its own copy
                // of the iterator code in the package.
                let mut invariant = true;
                for x in m.operands(i) {
                    if !(m.is_global(x)
                        || loop_of_inst(m, x).is_some_and(|inner| !loops.inside(inner, lp)))
                    {
                        invariant = false;
                        break;
                    }
                }
                if invariant {
                    m.detach(i);
                    m.insert_before(anchor, i);
                    changed = true;
                }
            }
        }
    }
    Ok(changed)
}
