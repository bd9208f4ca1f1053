//! Liveness of the Gen IR's virtual registers: live-in and live-out per block as sorted
//! sets, computed by path exploration from each use (time and memory linear in the sizes
//! of the sets, so a switch's thousands of case blocks cost no blocks × registers table),
//! plus the control-flow facts register allocation needs (predecessors, reverse
//! post-order, dominators by Cooper, Harvey and Kennedy).
//!
//! Block parameters are defined at the top of their block; a terminator's arguments are
//! used at the bottom of the branching block. So `live_in(b)` never holds `b`'s
//! parameters, and an argument is live out of its block only if something else needs it.

use super::ir::{BlockId, Function, Reg};

/// The control-flow graph of a Gen IR function.
pub struct Cfg {
    pub preds: Vec<Vec<BlockId>>,
    pub succs: Vec<Vec<BlockId>>,
    /// Reachable blocks in reverse post-order.
    pub rpo: Vec<BlockId>,
    /// Position in `rpo`, `u32::MAX` if unreachable.
    pub rpo_index: Vec<u32>,
    /// Immediate dominators (the entry's is itself); `u32::MAX` if unreachable.
    pub idom: Vec<u32>,
}

impl Cfg {
    pub fn new(f: &Function) -> Cfg {
        let n = f.blocks.len();
        let mut succs: Vec<Vec<BlockId>> = Vec::with_capacity(n);
        for b in &f.blocks {
            succs.push(b.term.succs());
        }
        let preds = f.preds();
        // Iterative post-order from block 0.
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        if n > 0 {
            let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
            seen[0] = true;
            while let Some(&mut (b, ref mut k)) = stack.last_mut() {
                if let Some(&s) = succs[b as usize].get(*k) {
                    *k += 1;
                    if !seen[s.0 as usize] {
                        seen[s.0 as usize] = true;
                        stack.push((s.0, 0));
                    }
                } else {
                    post.push(BlockId(b));
                    stack.pop();
                }
            }
        }
        post.reverse();
        let rpo = post;
        let mut rpo_index = vec![u32::MAX; n];
        for (k, b) in rpo.iter().enumerate() {
            rpo_index[b.0 as usize] = k as u32;
        }
        let mut idom = vec![u32::MAX; n];
        if n > 0 {
            idom[0] = 0;
            let mut changed = true;
            while changed {
                changed = false;
                for &b in rpo.iter().skip(1) {
                    let mut new: Option<u32> = None;
                    for p in &preds[b.0 as usize] {
                        if idom[p.0 as usize] == u32::MAX {
                            continue;
                        }
                        new = Some(match new {
                            None => p.0,
                            Some(q) => intersect(&idom, &rpo_index, p.0, q),
                        });
                    }
                    if let Some(d) = new {
                        if idom[b.0 as usize] != d {
                            idom[b.0 as usize] = d;
                            changed = true;
                        }
                    }
                }
            }
        }
        Cfg {
            preds,
            succs,
            rpo,
            rpo_index,
            idom,
        }
    }

    pub fn reachable(&self, b: BlockId) -> bool {
        self.rpo_index[b.0 as usize] != u32::MAX
    }

    /// Reachable blocks in a pre-order of the dominator tree.
    pub fn dominance_order(&self) -> Vec<BlockId> {
        let n = self.idom.len();
        let mut children = vec![Vec::new(); n];
        for &b in self.rpo.iter().skip(1) {
            children[self.idom[b.0 as usize] as usize].push(b);
        }
        let mut out = Vec::with_capacity(self.rpo.len());
        let mut stack = Vec::new();
        if n > 0 {
            stack.push(BlockId(0));
        }
        while let Some(b) = stack.pop() {
            out.push(b);
            for &c in children[b.0 as usize].iter().rev() {
                stack.push(c);
            }
        }
        out
    }
}

fn intersect(idom: &[u32], rpo_index: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while rpo_index[a as usize] > rpo_index[b as usize] {
            a = idom[a as usize];
        }
        while rpo_index[b as usize] > rpo_index[a as usize] {
            b = idom[b as usize];
        }
    }
    a
}

/// A sorted set of registers: a block's live-in or live-out. A switch with thousands of
/// cases has thousands of blocks and registers, but few registers live at each block, so
/// the sets are sparse (a dense bit set per block would be blocks × registers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegSet {
    regs: Vec<u32>,
}

impl RegSet {
    pub fn contains(&self, r: u32) -> bool {
        self.regs.binary_search(&r).is_ok()
    }

    pub fn len(&self) -> usize {
        self.regs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.regs.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.regs.iter().copied()
    }
}

/// Live-in and live-out sets per block.
pub struct Liveness {
    pub live_out: Vec<RegSet>,
    pub live_in: Vec<RegSet>,
}

impl Liveness {
    /// Liveness by path exploration, one register at a time (Brandner et al., "Computing
    /// Liveness Sets for SSA-Form Programs"): from each block where the register is used
    /// before any definition in it, walk the predecessors backwards, marking it live in
    /// and out, and stop at blocks that define it or already have it. The work is the size
    /// of the sets it builds, and the result is the least fixed point of the data-flow
    /// equations `in = gen ∪ (out − kill)`, `out = ∪ in(succ)` over the reachable blocks
    /// (an unreachable block keeps `in = gen` and an empty `out`). Registers are visited
    /// in increasing order, so each set is built sorted.
    pub fn new(f: &Function, cfg: &Cfg) -> Liveness {
        let n = f.blocks.len();
        let nregs = f.regs.len();
        // Per register: the blocks that use it before defining it (`gen`) and the blocks
        // that define it (`kill`), as compressed lists indexed by register.
        let mut gen_pairs: Vec<(u32, u32)> = Vec::new();
        let mut kill_pairs: Vec<(u32, u32)> = Vec::new();
        // The last block that defined each register, to test "defined earlier in this
        // block" in O(1).
        let mut defined_in = vec![u32::MAX; nregs];
        for (k, b) in f.blocks.iter().enumerate() {
            let k = k as u32;
            // Parameters, then each instruction's sources before its destinations, then
            // the terminator's uses.
            let params = b.params.iter().map(|p| (false, *p));
            let insts = b.insts.iter().flat_map(|i| {
                let uses = i.src.iter().map(|s| (true, *s));
                uses.chain(i.dst.iter().map(|d| (false, *d)))
            });
            let term = b.term.uses().into_iter().map(|s| (true, s));
            for (is_use, r) in params.chain(insts).chain(term) {
                let here = &mut defined_in[r.0 as usize];
                if is_use {
                    if *here != k {
                        gen_pairs.push((r.0, k));
                    }
                } else if *here != k {
                    *here = k;
                    kill_pairs.push((r.0, k));
                }
            }
        }
        let gens = by_register(nregs, gen_pairs);
        let kills = by_register(nregs, kill_pairs);
        let mut live_in = vec![RegSet::default(); n];
        let mut live_out = vec![RegSet::default(); n];
        // Stamps per block, so that no per-register array needs clearing: `r + 1` marks
        // "register r is live in / defined here".
        let mut in_stamp = vec![0u32; n];
        let mut def_stamp = vec![0u32; n];
        let mut out_stamp = vec![0u32; n];
        let mut stack: Vec<u32> = Vec::new();
        for r in 0..nregs {
            let mark = r as u32 + 1;
            for &b in kills.of(r) {
                def_stamp[b as usize] = mark;
            }
            for &b in gens.of(r) {
                if in_stamp[b as usize] == mark {
                    continue;
                }
                in_stamp[b as usize] = mark;
                live_in[b as usize].regs.push(r as u32);
                stack.push(b);
                while let Some(b) = stack.pop() {
                    if !cfg.reachable(BlockId(b)) {
                        continue;
                    }
                    for p in &cfg.preds[b as usize] {
                        let pi = p.0 as usize;
                        if !cfg.reachable(*p) {
                            continue;
                        }
                        if out_stamp[pi] != mark {
                            out_stamp[pi] = mark;
                            live_out[pi].regs.push(r as u32);
                        }
                        if def_stamp[pi] != mark && in_stamp[pi] != mark {
                            in_stamp[pi] = mark;
                            live_in[pi].regs.push(r as u32);
                            stack.push(p.0);
                        }
                    }
                }
            }
        }
        Liveness { live_out, live_in }
    }

    pub fn is_live_out(&self, b: BlockId, r: Reg) -> bool {
        self.live_out[b.0 as usize].contains(r.0)
    }
}

/// `(register, block)` pairs grouped by register (a counting sort): the blocks of register
/// `r` are `of(r)`, in the order the pairs came.
struct ByRegister {
    start: Vec<u32>,
    blocks: Vec<u32>,
}

impl ByRegister {
    fn of(&self, r: usize) -> &[u32] {
        &self.blocks[self.start[r] as usize..self.start[r + 1] as usize]
    }
}

fn by_register(nregs: usize, pairs: Vec<(u32, u32)>) -> ByRegister {
    let mut start = vec![0u32; nregs + 1];
    for &(r, _) in &pairs {
        start[r as usize + 1] += 1;
    }
    for k in 0..nregs {
        start[k + 1] += start[k];
    }
    let mut fill = start.clone();
    let mut blocks = vec![0u32; pairs.len()];
    for (r, b) in pairs {
        blocks[fill[r as usize] as usize] = b;
        fill[r as usize] += 1;
    }
    ByRegister { start, blocks }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classic data-flow iteration over the reachable blocks, dense and slow: the
    /// reference path exploration must agree with.
    fn fixed_point(f: &Function, cfg: &Cfg) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let n = f.blocks.len();
        let nregs = f.regs.len();
        let mut gen_ = vec![vec![false; nregs]; n];
        let mut kill = vec![vec![false; nregs]; n];
        for (k, b) in f.blocks.iter().enumerate() {
            for p in &b.params {
                kill[k][p.0 as usize] = true;
            }
            for i in &b.insts {
                for s in &i.src {
                    gen_[k][s.0 as usize] |= !kill[k][s.0 as usize];
                }
                for x in &i.dst {
                    kill[k][x.0 as usize] = true;
                }
            }
            for s in b.term.uses() {
                gen_[k][s.0 as usize] |= !kill[k][s.0 as usize];
            }
        }
        let mut live_in = gen_.clone();
        let mut live_out = vec![vec![false; nregs]; n];
        let mut changed = true;
        while changed {
            changed = false;
            for &b in cfg.rpo.iter().rev() {
                let bi = b.0 as usize;
                for s in &cfg.succs[bi] {
                    for r in 0..nregs {
                        if live_in[s.0 as usize][r] && !live_out[bi][r] {
                            live_out[bi][r] = true;
                            changed = true;
                        }
                    }
                }
                for r in 0..nregs {
                    if live_out[bi][r] && !kill[bi][r] && !live_in[bi][r] {
                        live_in[bi][r] = true;
                        changed = true;
                    }
                }
            }
        }
        let list = |sets: Vec<Vec<bool>>| -> Vec<Vec<u32>> {
            sets.into_iter()
                .map(|s| (0..nregs as u32).filter(|&r| s[r as usize]).collect())
                .collect()
        };
        (list(live_in), list(live_out))
    }

    #[test]
    fn path_exploration_agrees_with_the_data_flow_fixed_point() {
        let programs = [
            "@group(0) @binding(0) var<storage, read_write> a: array<u32>;\n\
             @compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3u) {\n\
             var s = 0u; var t = a[1];\n\
             for (var i = 0u; i < a[0]; i++) { if (i % 3u == 1u) { s += t; t = i; continue; }\n\
             switch i { case 0u, 4u { s *= 2u; } case 7u { break; } default { t += s; } }\n\
             loop { s += 1u; if s > t { break; } } }\n\
             a[g.x] = s + t; }\n",
            "@group(0) @binding(0) var<storage, read_write> a: array<f32>;\n\
             @compute @workgroup_size(1) fn main() { var x = a[0]; var y = a[1];\n\
             while (x < 100.0) { let z = x; x = y * 2.0; y = z + 1.0;\n\
             if (y > 50.0) { return; } }\n\
             a[2] = x - y; }\n",
        ];
        for src in programs {
            let p = crate::back::r#gen::compile_source(src, &Default::default(), None)
                .unwrap_or_else(|d| panic!("{d:?}"));
            for k in &p.kernels {
                let f = &k.ssa;
                let cfg = Cfg::new(f);
                let live = Liveness::new(f, &cfg);
                let (inn, out) = fixed_point(f, &cfg);
                let got_in: Vec<Vec<u32>> =
                    live.live_in.iter().map(|s| s.iter().collect()).collect();
                let got_out: Vec<Vec<u32>> =
                    live.live_out.iter().map(|s| s.iter().collect()).collect();
                assert_eq!(got_in, inn);
                assert_eq!(got_out, out);
                assert!(got_out.iter().any(|s| !s.is_empty()), "a trivial kernel");
            }
        }
    }
}
