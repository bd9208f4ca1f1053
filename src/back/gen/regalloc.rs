//! Register allocation on the SSA form (Hack, Grund and Goos, "Register allocation for
//! programs in SSA form").
//!
//! The interference graph of a strict SSA program is chordal, and visiting the
//! definitions in a pre-order of the dominator tree is a perfect elimination order
//! reversed, so a greedy colouring — each definition takes the lowest colour not held by
//! a value live at that point — uses exactly MaxLive colours, the largest number of
//! values live at one point. Nothing needs an interference graph: walking each block
//! forward with the set of live colours suffices (colours of the values live into the
//! block are known, since their definitions dominate it).
//!
//! A colour is a *slot*: one 32-bit lane per SIMD channel, so one GRF at SIMD8 and two
//! at SIMD16. Block parameters are defined at the top of their block; a source whose last
//! use is an instruction frees its slot before that instruction's destinations are
//! coloured (selection writes a destination only with the last instruction of a
//! sequence, so sharing is safe). Slots beyond the register file are *spilled*: such a
//! value lives in per-lane private memory, and selection reloads it into a temporary
//! register at each use and stores it after its definition. With MaxLive within the file
//! nothing spills.

use super::ir::{Function, Reg};
use super::liveness::{Cfg, Liveness};

/// Where each virtual register lives.
pub struct Allocation {
    /// The slot of each register (`u32::MAX`: never needed).
    pub slot: Vec<u32>,
    /// Slots used (max slot + 1).
    pub slots_used: u32,
    /// The largest number of values live at one point.
    pub max_live: u32,
}

impl Allocation {
    pub fn slot(&self, r: Reg) -> u32 {
        self.slot[r.0 as usize]
    }
}

/// Colours a function in SSA form.
pub fn allocate(f: &Function, cfg: &Cfg, live: &Liveness) -> Allocation {
    let n = f.regs.len();
    let mut slot = vec![u32::MAX; n];
    let mut max_live = 0u32;
    let mut slots_used = 0u32;
    // Free slots as a bit set over slot numbers (grown as needed).
    // Busy slots, 64 to a word: the lowest free slot is found a word at a time, so a
    // kernel with thousands of live values does not scan them one by one per definition.
    let mut busy = Slots::default();
    let mut live_after = LiveSet::new(n);
    for b in cfg.dominance_order() {
        let bi = b.0 as usize;
        let blk = &f.blocks[bi];
        // Last uses in this block: walk backwards from live-out.
        live_after.clear();
        for r in live.live_out[bi].iter() {
            live_after.insert(r);
        }
        for s in blk.term.uses() {
            live_after.insert(s.0);
        }
        // dies[k]: sources of instruction k that are dead after it.
        let mut dies: Vec<Vec<Reg>> = vec![Vec::new(); blk.insts.len()];
        let mut dead_defs: Vec<Vec<Reg>> = vec![Vec::new(); blk.insts.len()];
        let mut pressure_after: Vec<u32> = vec![0; blk.insts.len()];
        for (k, i) in blk.insts.iter().enumerate().rev() {
            for &d in &i.dst {
                if !live_after.contains(d.0) {
                    dead_defs[k].push(d);
                }
            }
            pressure_after[k] = (live_after.len() + dead_defs[k].len()) as u32;
            for d in &i.dst {
                live_after.remove(d.0);
            }
            for s in &i.src {
                if live_after.insert(s.0) && !dies[k].contains(s) {
                    dies[k].push(*s);
                }
            }
        }
        // live_after now holds live-in (plus this block's params, which are defined here).
        busy.clear();
        for r in live.live_in[bi].iter() {
            let s = slot[r as usize];
            if s != u32::MAX {
                busy.set(s);
            }
        }
        let entry_pressure = (live.live_in[bi].len() + blk.params.len()) as u32;
        max_live = max_live.max(entry_pressure);
        for p in &blk.params {
            slot[p.0 as usize] = busy.take();
        }
        // Parameters never used die at once (the backward walk left the used ones live).
        for p in &blk.params {
            if !live_after.contains(p.0) {
                busy.free(slot[p.0 as usize]);
            }
        }
        for (k, i) in blk.insts.iter().enumerate() {
            for s in &dies[k] {
                let sl = slot[s.0 as usize];
                if sl != u32::MAX {
                    busy.free(sl);
                }
            }
            for d in &i.dst {
                slot[d.0 as usize] = busy.take();
            }
            max_live = max_live.max(pressure_after[k]);
            for d in &dead_defs[k] {
                busy.free(slot[d.0 as usize]);
            }
        }
        slots_used = slots_used.max(busy.high);
    }
    // Registers of unreachable blocks (never executed) share slot 0.
    for s in slot.iter_mut() {
        if *s == u32::MAX {
            *s = 0;
        }
    }
    Allocation {
        slot,
        slots_used,
        max_live,
    }
}

/// The registers live at a point of one block: a dense membership table over all
/// registers, allocated once per function, with a count and the list of registers touched
/// so that clearing it costs what the block put in it, not the number of registers.
struct LiveSet {
    on: Vec<bool>,
    count: usize,
    touched: Vec<u32>,
}

impl LiveSet {
    fn new(n: usize) -> LiveSet {
        LiveSet {
            on: vec![false; n],
            count: 0,
            touched: Vec::new(),
        }
    }

    /// Whether `r` was not in the set.
    fn insert(&mut self, r: u32) -> bool {
        let slot = &mut self.on[r as usize];
        if *slot {
            return false;
        }
        *slot = true;
        self.count += 1;
        self.touched.push(r);
        true
    }

    fn remove(&mut self, r: u32) {
        let slot = &mut self.on[r as usize];
        if *slot {
            *slot = false;
            self.count -= 1;
        }
    }

    fn contains(&self, r: u32) -> bool {
        self.on[r as usize]
    }

    fn len(&self) -> usize {
        self.count
    }

    fn clear(&mut self) {
        for r in self.touched.drain(..) {
            self.on[r as usize] = false;
        }
        self.count = 0;
    }
}

/// The busy slots of a point in a block, as bits, and the highest slot count ever held.
#[derive(Default)]
struct Slots {
    words: Vec<u64>,
    /// One past the highest slot ever taken or set: the slots the kernel uses.
    high: u32,
}

impl Slots {
    fn set(&mut self, s: u32) {
        let w = (s / 64) as usize;
        if self.words.len() <= w {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (s % 64);
        self.high = self.high.max(s + 1);
    }

    fn free(&mut self, s: u32) {
        if let Some(w) = self.words.get_mut((s / 64) as usize) {
            *w &= !(1 << (s % 64));
        }
    }

    /// The lowest free slot, now busy.
    fn take(&mut self) -> u32 {
        let s = match self.words.iter().position(|&w| w != u64::MAX) {
            Some(w) => w as u32 * 64 + self.words[w].trailing_ones(),
            None => self.words.len() as u32 * 64,
        };
        self.set(s);
        s
    }

    fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
}
