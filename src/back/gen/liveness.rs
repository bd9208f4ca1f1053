//! Liveness of the Gen IR's virtual registers: live-out per block as dense bit sets,
//! computed by the classic backward data-flow iteration (each pass O(blocks × words)),
//! plus the control-flow facts register allocation needs (predecessors, reverse
//! post-order, dominators by Cooper, Harvey and Kennedy).
//!
//! Block parameters are defined at the top of their block; a terminator's arguments are
//! used at the bottom of the branching block. So `live_in(b)` never holds `b`'s
//! parameters, and an argument is live out of its block only if something else needs it.

use super::ir::{BlockId, Function, Reg};

/// A dense bit set over registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    pub fn new(n: usize) -> BitSet {
        BitSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    #[inline]
    pub fn insert(&mut self, i: u32) -> bool {
        let (w, b) = ((i / 64) as usize, i % 64);
        let was = self.words[w] >> b & 1;
        self.words[w] |= 1 << b;
        was == 0
    }

    #[inline]
    pub fn remove(&mut self, i: u32) {
        let (w, b) = ((i / 64) as usize, i % 64);
        self.words[w] &= !(1 << b);
    }

    #[inline]
    pub fn contains(&self, i: u32) -> bool {
        let (w, b) = ((i / 64) as usize, i % 64);
        self.words.get(w).is_some_and(|x| x >> b & 1 == 1)
    }

    /// `self |= other`; whether anything changed.
    pub fn union_with(&mut self, other: &BitSet) -> bool {
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            let n = *a | b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(k as u32 * 64 + b)
            })
        })
    }
}

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
        let succs: Vec<Vec<BlockId>> = f.blocks.iter().map(|b| b.term.succs()).collect();
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

/// Live-out sets per block.
pub struct Liveness {
    pub live_out: Vec<BitSet>,
    pub live_in: Vec<BitSet>,
}

impl Liveness {
    pub fn new(f: &Function, cfg: &Cfg) -> Liveness {
        let n = f.blocks.len();
        let nregs = f.regs.len();
        // Upward-exposed uses and definitions per block.
        let mut gen_ = vec![BitSet::new(nregs); n];
        let mut kill = vec![BitSet::new(nregs); n];
        for (k, b) in f.blocks.iter().enumerate() {
            let (g, d) = (&mut gen_[k], &mut kill[k]);
            for p in &b.params {
                d.insert(p.0);
            }
            for i in &b.insts {
                for s in &i.src {
                    if !d.contains(s.0) {
                        g.insert(s.0);
                    }
                }
                for x in &i.dst {
                    d.insert(x.0);
                }
            }
            for s in b.term.uses() {
                if !d.contains(s.0) {
                    g.insert(s.0);
                }
            }
        }
        let mut live_in = gen_.clone();
        let mut live_out = vec![BitSet::new(nregs); n];
        let mut changed = true;
        while changed {
            changed = false;
            for &b in cfg.rpo.iter().rev() {
                let bi = b.0 as usize;
                let mut out = BitSet::new(nregs);
                for s in &cfg.succs[bi] {
                    out.union_with(&live_in[s.0 as usize]);
                }
                if out != live_out[bi] {
                    // in = gen ∪ (out − kill)
                    let mut inn = out.clone();
                    for (w, k) in inn.words.iter_mut().zip(&kill[bi].words) {
                        *w &= !k;
                    }
                    inn.union_with(&gen_[bi]);
                    live_out[bi] = out;
                    if inn != live_in[bi] {
                        live_in[bi] = inn;
                        changed = true;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_sets_insert_remove_union_iterate() {
        let mut a = BitSet::new(200);
        assert!(a.insert(3) && a.insert(130) && !a.insert(3));
        let mut b = BitSet::new(200);
        b.insert(64);
        assert!(a.union_with(&b) && !a.union_with(&b));
        a.remove(3);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![64, 130]);
        assert_eq!(a.len(), 2);
        assert!(!a.contains(3) && a.contains(130) && !a.contains(10_000));
    }
}
