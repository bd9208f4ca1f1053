//! Control-flow analyses. Nothing here is stored in the module: the CFG is derived from
//! terminators (successors) and from the uses of blocks by terminators (predecessors),
//! and every analysis is computed on demand; passes ask [`super::analysis::Analyses`],
//! which keeps them until a change makes them wrong.
//!
//! - [`Cfg`]: a function's blocks with dense indices, successors, predecessors and a
//!   reverse post-order.
//! - [`DomTree`]: dominators or post-dominators by Cooper, Harvey and Kennedy's
//!   iterative algorithm ("A Simple, Fast Dominance Algorithm"), with pre/post numbers so
//!   that `dominates` is O(1).
//! - [`LoopForest`]: natural loops found from back edges, with their nesting.
//!
//! Merge and continue operands are not edges: an unreachable merge block stays
//! unreachable.

use super::module::{Block, Func, Inst, Module};
use super::opcode::Opcode;
use crate::util::map::Map;
use crate::util::sort;

const NONE: u32 = u32::MAX;

/// Whether operand `k` of a terminator with opcode `op` is a CFG edge (a successor), as
/// opposed to a value, a merge or a continue operand.
#[inline]
pub fn is_edge_operand(op: Opcode, k: usize) -> bool {
    match op {
        Opcode::Br | Opcode::Loop => k == 0,
        Opcode::IfElse => k == 1 || k == 2,
        Opcode::Switch => k == 1 || (k >= 4 && k % 2 == 0),
        _ => false,
    }
}

/// The terminator of a block: its last child, if that is a terminator.
pub fn terminator(m: &Module, b: Block) -> Option<Inst> {
    m.last_child(b.inst())
        .filter(|&t| m.opcode(t).is_terminator())
}

/// The distinct successors of a block, in operand order.
pub fn successors(m: &Module, b: Block) -> Vec<Block> {
    let mut out = crate::util::distinct::Distinct::new();
    if let Some(t) = terminator(m, b) {
        let op = m.opcode(t);
        for (k, x) in m.operands(t).enumerate() {
            if is_edge_operand(op, k) && m.opcode(x) == Opcode::Block {
                out.push(Block(x));
            }
        }
    }
    out.into_vec()
}

/// The distinct predecessors of a block, from its uses by terminators.
pub fn predecessors(m: &Module, b: Block) -> Vec<Block> {
    let mut out = crate::util::distinct::Distinct::new();
    for u in m.uses(b.inst()) {
        let op = m.opcode(u.user);
        if op.is_terminator() && is_edge_operand(op, u.index as usize) {
            if let Some(p) = m.parent(u.user) {
                out.push(Block(p));
            }
        }
    }
    out.into_vec()
}

/// The parameters of a block.
pub fn params(m: &Module, b: Block) -> Vec<Inst> {
    let mut out = Vec::new();
    for c in m.children(b.inst()) {
        if m.opcode(c) != Opcode::Param {
            break;
        }
        out.push(c);
    }
    out
}

/// The arguments a terminator passes to `target` (only `br` and `loop` pass any).
pub fn branch_args(m: &Module, term: Inst) -> Vec<Inst> {
    let skip = match m.opcode(term) {
        Opcode::Br => 1,
        Opcode::Loop => 3,
        _ => return Vec::new(),
    };
    let ops = m.operands_vec(term);
    ops.get(skip..).unwrap_or_default().to_vec()
}

/// A function's control-flow graph, with dense block indices (layout order; 0 is the
/// entry block).
#[derive(Debug, PartialEq, Eq)]
pub struct Cfg {
    pub blocks: Vec<Block>,
    index: Map<Inst, u32>,
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    pred_start: Vec<u32>,
    pred: Vec<u32>,
    /// Reachable blocks in reverse post-order.
    pub rpo: Vec<u32>,
    /// Position of each block in `rpo`, or `u32::MAX` if unreachable.
    pub rpo_index: Vec<u32>,
}

impl Cfg {
    pub fn new(m: &Module, f: Func) -> Cfg {
        // A loop rather than filter/map/collect chains: each chain was its own copy of the
        // iterator code in the package.
        // Sized first, so that neither the list nor the map grows (and rehashes) as it
        // fills: a function's children are its blocks and a few declarations.
        let children = m.children(f.inst()).count();
        let mut blocks: Vec<Block> = Vec::with_capacity(children);
        let mut index: Map<Inst, u32> = Map::with_capacity(children);
        for b in m.children(f.inst()) {
            if m.opcode(b) == Opcode::Block {
                index.insert(b, blocks.len() as u32);
                blocks.push(Block(b));
            }
        }
        let n = blocks.len();
        let mut succ_start = Vec::with_capacity(n + 1);
        // Most blocks end in a branch to one or two blocks.
        let mut succ = Vec::with_capacity(2 * n);
        let mut distinct = crate::util::distinct::Distinct::new();
        for &b in &blocks {
            succ_start.push(succ.len() as u32);
            if let Some(t) = terminator(m, b) {
                let op = m.opcode(t);
                distinct.clear();
                for (k, x) in m.operands(t).enumerate() {
                    if !is_edge_operand(op, k) {
                        continue;
                    }
                    if let Some(&ix) = index.get(&x) {
                        distinct.push(ix);
                    }
                }
                succ.extend_from_slice(distinct.as_slice());
            }
        }
        succ_start.push(succ.len() as u32);
        // Predecessors by inverting successors (counting sort).
        let mut count = vec![0u32; n + 1];
        for &s in &succ {
            count[s as usize + 1] += 1;
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let pred_start = count.clone();
        let mut fill = count;
        let mut pred = vec![0u32; succ.len()];
        for b in 0..n {
            for &s in &succ[succ_start[b] as usize..succ_start[b + 1] as usize] {
                pred[fill[s as usize] as usize] = b as u32;
                fill[s as usize] += 1;
            }
        }
        let mut cfg = Cfg {
            blocks,
            index,
            succ_start,
            succ,
            pred_start,
            pred,
            rpo: Vec::new(),
            rpo_index: vec![NONE; n],
        };
        cfg.compute_rpo();
        cfg
    }

    fn compute_rpo(&mut self) {
        let n = self.blocks.len();
        if n == 0 {
            return;
        }
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        // Iterative DFS: (block, next successor position).
        let mut stack: Vec<(u32, u32)> = vec![(0, self.succ_start[0])];
        seen[0] = true;
        while let Some(&mut (b, ref mut pos)) = stack.last_mut() {
            let end = self.succ_start[b as usize + 1];
            if *pos < end {
                let s = self.succ[*pos as usize];
                *pos += 1;
                if !seen[s as usize] {
                    seen[s as usize] = true;
                    stack.push((s, self.succ_start[s as usize]));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        post.reverse();
        for (i, &b) in post.iter().enumerate() {
            self.rpo_index[b as usize] = i as u32;
        }
        self.rpo = post;
    }

    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// The dense index of a block of this function.
    pub fn index_of(&self, b: Block) -> Option<u32> {
        self.index.get(&b.inst()).copied()
    }

    // These index slices, not `Vec`s: at opt-level "z" (the wasm build) `Vec`'s `Index`
    // is a call of its own.
    pub fn succs(&self, b: u32) -> &[u32] {
        let start = self.succ_start.as_slice();
        &self.succ[start[b as usize] as usize..start[b as usize + 1] as usize]
    }

    pub fn preds(&self, b: u32) -> &[u32] {
        let start = self.pred_start.as_slice();
        &self.pred[start[b as usize] as usize..start[b as usize + 1] as usize]
    }

    pub fn is_reachable(&self, b: u32) -> bool {
        self.rpo_index.as_slice()[b as usize] != NONE
    }
}

/// A dominator (or post-dominator) tree over a [`Cfg`]'s block indices.
#[derive(Debug, PartialEq, Eq)]
pub struct DomTree {
    /// Immediate dominator; `u32::MAX` for the root(s) and for blocks not in the tree.
    idom: Vec<u32>,
    pre: Vec<u32>,
    post: Vec<u32>,
    children_start: Vec<u32>,
    children: Vec<u32>,
}

impl DomTree {
    /// Dominators of the reachable blocks.
    pub fn dominators(cfg: &Cfg) -> DomTree {
        let n = cfg.len();
        let order: Vec<u32> = cfg.rpo.clone();
        let order_index = cfg.rpo_index.clone();
        if n == 0 {
            return DomTree::from_idom(Vec::new(), &[]);
        }
        let idom = chk(n, &order, &order_index, |b| cfg.preds(b), 0);
        DomTree::from_idom(idom, &order)
    }

    /// Post-dominators: dominators of the reverse graph from a virtual exit that every
    /// block without successors flows into. Blocks that never reach an exit (inside an
    /// infinite loop) are not in the tree; blocks whose only post-dominator is the
    /// virtual exit are roots.
    pub fn post_dominators(cfg: &Cfg) -> DomTree {
        let n = cfg.len();
        let exit = n as u32;
        // The reverse graph: a node's "predecessors" are its successors, and the
        // virtual exit's successors are the real exits.
        let mut rev_preds: Vec<Vec<u32>> = Vec::with_capacity(n + 1);
        for b in 0..n as u32 {
            let mut p: Vec<u32> = cfg.succs(b).to_vec();
            if p.is_empty() && cfg.is_reachable(b) {
                p.push(exit);
            }
            rev_preds.push(p);
        }
        rev_preds.push(Vec::new());
        let rev_succs: Vec<Vec<u32>> = {
            let mut s = vec![Vec::new(); n + 1];
            for (b, ps) in rev_preds.iter().enumerate() {
                for &p in ps {
                    s[p as usize].push(b as u32);
                }
            }
            s
        };
        // Reverse post-order of the reverse graph from the virtual exit.
        let mut seen = vec![false; n + 1];
        let mut post = Vec::new();
        let mut stack: Vec<(u32, usize)> = vec![(exit, 0)];
        seen[n] = true;
        while let Some(&mut (b, ref mut pos)) = stack.last_mut() {
            let next = &rev_succs[b as usize];
            if *pos < next.len() {
                let x = next[*pos];
                *pos += 1;
                if !seen[x as usize] && (x == exit || cfg.is_reachable(x)) {
                    seen[x as usize] = true;
                    stack.push((x, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        post.reverse();
        let mut order_index = vec![NONE; n + 1];
        for (i, &b) in post.iter().enumerate() {
            order_index[b as usize] = i as u32;
        }
        let mut idom = chk(n + 1, &post, &order_index, |b| &rev_preds[b as usize], exit);
        idom.pop();
        for d in idom.iter_mut() {
            if *d == exit {
                *d = NONE;
            }
        }
        let mut order: Vec<u32> = post;
        order.retain(|&b| b != exit);
        DomTree::from_idom(idom, &order)
    }

    fn from_idom(idom: Vec<u32>, order: &[u32]) -> DomTree {
        let n = idom.len();
        let mut count = vec![0u32; n + 1];
        for &b in order {
            let d = idom[b as usize];
            if d != NONE {
                count[d as usize + 1] += 1;
            }
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let children_start = count.clone();
        let mut fill = count;
        let mut children = vec![0u32; children_start[n] as usize];
        for &b in order {
            let d = idom[b as usize];
            if d != NONE {
                children[fill[d as usize] as usize] = b;
                fill[d as usize] += 1;
            }
        }
        let mut tree = DomTree {
            idom,
            pre: vec![NONE; n],
            post: vec![NONE; n],
            children_start,
            children,
        };
        // Pre/post numbering from every root, iteratively.
        let mut clock = 0u32;
        for &r in order {
            if tree.idom[r as usize] != NONE || tree.pre[r as usize] != NONE {
                continue;
            }
            let mut stack: Vec<(u32, u32)> = vec![(r, 0)];
            tree.pre[r as usize] = clock;
            clock += 1;
            while let Some(&mut (b, ref mut k)) = stack.last_mut() {
                let kids = tree.children_of(b);
                if (*k as usize) < kids.len() {
                    let c = kids[*k as usize];
                    *k += 1;
                    tree.pre[c as usize] = clock;
                    clock += 1;
                    stack.push((c, 0));
                } else {
                    tree.post[b as usize] = clock;
                    clock += 1;
                    stack.pop();
                }
            }
        }
        tree
    }

    /// The immediate dominator.
    pub fn idom(&self, b: u32) -> Option<u32> {
        let d = self.idom[b as usize];
        (d != NONE).then_some(d)
    }

    pub fn children_of(&self, b: u32) -> &[u32] {
        &self.children
            [self.children_start[b as usize] as usize..self.children_start[b as usize + 1] as usize]
    }

    /// Whether the block is in the tree (reachable, for dominators).
    pub fn contains(&self, b: u32) -> bool {
        self.pre[b as usize] != NONE
    }

    /// Whether `a` dominates `b` (reflexive). False if either is not in the tree.
    #[inline]
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        let (a, b) = (a as usize, b as usize);
        self.pre[a] != NONE
            && self.pre[b] != NONE
            && self.pre[a] <= self.pre[b]
            && self.post[b] <= self.post[a]
    }
}

/// Cooper–Harvey–Kennedy over nodes listed in `order` (a reverse post-order from
/// `root`), with `preds` the predecessors in the graph being dominated. Returns each
/// node's immediate dominator (`NONE` for the root and for nodes not in `order`).
fn chk<'a>(
    n: usize,
    order: &[u32],
    order_index: &[u32],
    preds: impl Fn(u32) -> &'a [u32],
    root: u32,
) -> Vec<u32> {
    let mut idom = vec![NONE; n];
    idom[root as usize] = root;
    let intersect = |idom: &[u32], mut a: u32, mut b: u32| -> u32 {
        while a != b {
            while order_index[a as usize] > order_index[b as usize] {
                a = idom[a as usize];
            }
            while order_index[b as usize] > order_index[a as usize] {
                b = idom[b as usize];
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order {
            if b == root {
                continue;
            }
            let mut new = NONE;
            for &p in preds(b) {
                if order_index[p as usize] == NONE || idom[p as usize] == NONE {
                    continue;
                }
                new = if new == NONE {
                    p
                } else {
                    intersect(&idom, p, new)
                };
            }
            if new != NONE && idom[b as usize] != new {
                idom[b as usize] = new;
                changed = true;
            }
        }
    }
    idom[root as usize] = NONE;
    idom
}

/// Natural loops and their nesting.
#[derive(Debug, PartialEq, Eq)]
pub struct LoopForest {
    /// Loop headers, one per loop, innermost loops first.
    pub headers: Vec<u32>,
    /// Parent loop of each loop (index into `headers`).
    pub parent: Vec<Option<u32>>,
    /// Innermost loop of each block.
    loop_of: Vec<Option<u32>>,
}

impl LoopForest {
    pub fn new(cfg: &Cfg, dom: &DomTree) -> LoopForest {
        let n = cfg.len();
        // Headers: targets of back edges (edges to a dominator).
        let mut headers: Vec<u32> = Vec::new();
        for h in 0..n as u32 {
            if cfg.is_reachable(h) && cfg.preds(h).iter().any(|&p| dom.dominates(h, p)) {
                headers.push(h);
            }
        }
        // Innermost first: inner headers come later in reverse post-order.
        sort::by_key(&mut headers, |&h| {
            u64::from(u32::MAX - cfg.rpo_index[h as usize])
        });
        let mut loop_of: Vec<Option<u32>> = vec![None; n];
        let mut parent: Vec<Option<u32>> = vec![None; headers.len()];
        let top = |parent: &[Option<u32>], mut l: u32| {
            while let Some(p) = parent[l as usize] {
                l = p;
            }
            l
        };
        for (li, &h) in headers.iter().enumerate() {
            let li = li as u32;
            let mut work: Vec<u32> = Vec::new();
            for &p in cfg.preds(h) {
                if dom.dominates(h, p) {
                    work.push(p);
                }
            }
            while let Some(x) = work.pop() {
                if x == h || !dom.dominates(h, x) {
                    continue;
                }
                match loop_of[x as usize] {
                    None => {
                        loop_of[x as usize] = Some(li);
                        work.extend_from_slice(cfg.preds(x));
                    }
                    Some(inner) => {
                        let outer = top(&parent, inner);
                        if outer != li {
                            parent[outer as usize] = Some(li);
                            work.extend_from_slice(cfg.preds(headers[outer as usize]));
                        }
                    }
                }
            }
            if loop_of[h as usize].is_none() {
                loop_of[h as usize] = Some(li);
            }
        }
        LoopForest {
            headers,
            parent,
            loop_of,
        }
    }

    /// The innermost loop containing block `b`.
    pub fn loop_of(&self, b: u32) -> Option<u32> {
        self.loop_of[b as usize]
    }

    /// Nesting depth of a block: 0 outside every loop.
    pub fn depth(&self, b: u32) -> u32 {
        let mut d = 0;
        let mut l = self.loop_of[b as usize];
        while let Some(x) = l {
            d += 1;
            l = self.parent[x as usize];
        }
        d
    }
}
