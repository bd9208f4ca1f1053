//! Out of SSA, after register allocation.
//!
//! Block parameters become copies between allocated slots on each incoming edge. Edges
//! that carry arguments are unconditional (the IR has no critical edges), so the copies
//! go at the end of the branching block, before its `br` or `loop`. The copies of one
//! edge happen at once (a parallel copy); they are sequentialized by emitting a copy as
//! soon as no pending copy still reads its destination, and only when every pending copy
//! is on a cycle (a swap of two slots, a rotation of three…) is one value saved in the
//! reserved temporary register and read from there. Copies to a parameter nobody reads,
//! and copies of a slot onto itself, vanish.
//!
//! Afterwards the function is no longer in SSA form: a parameter is written by a `mov`
//! in each predecessor, as in Beignet's IR.

use super::ir::{Function, Inst, Op, Reg, Ty};
use super::regalloc::Allocation;

/// The slot number that stands for the reserved temporary register.
pub const TEMP_SLOT: u32 = u32::MAX - 1;

/// Replaces every edge's arguments by copies. Returns how many cycles needed the
/// temporary.
///
/// An argument that is a constant (`loadi`) reads no register: it becomes a `loadi` into
/// the parameter after the register copies of its edge, so selection writes an immediate.
pub fn run(f: &mut Function, alloc: &mut Allocation, used: &[bool]) -> usize {
    let mut cycles = 0;
    let mut constant: Vec<Option<(u32, Ty)>> = vec![None; f.regs.len()];
    for b in &f.blocks {
        for i in &b.insts {
            if let (Op::LoadI(bits), Some(d)) = (i.op, i.dst.first()) {
                constant[d.0 as usize] = Some((bits, i.ty));
            }
        }
    }
    for bi in 0..f.blocks.len() {
        let Some((target, args)) = f.blocks[bi].term.edge_args().map(|(t, a)| (t, a.to_vec()))
        else {
            continue;
        };
        if args.is_empty() {
            continue;
        }
        let params = f.blocks[target.0 as usize].params.clone();
        // (dst reg, src reg) with slots differing; dead parameters are skipped.
        let mut constants: Vec<(Reg, u32, Ty)> = Vec::new();
        let mut pending: Vec<(Reg, Reg)> = Vec::new();
        for (&p, &a) in params.iter().zip(&args) {
            if !used[p.0 as usize] {
                continue;
            }
            match constant[a.0 as usize] {
                Some((bits, ty)) => constants.push((p, bits, ty)),
                None if alloc.slot(p) != alloc.slot(a) => pending.push((p, a)),
                None => {}
            }
        }
        let mut copies: Vec<(Reg, Reg)> = Vec::new();
        while !pending.is_empty() {
            let ready = pending
                .iter()
                .position(|&(d, _)| !pending.iter().any(|&(_, s)| alloc.slot(s) == alloc.slot(d)));
            match ready {
                Some(k) => copies.push(pending.remove(k)),
                None => {
                    // Every pending copy is on a cycle: save one destination's value.
                    cycles += 1;
                    let (d, _) = pending[0];
                    let t = f.new_reg(Ty::UD);
                    alloc.slot.push(TEMP_SLOT);
                    copies.push((t, d));
                    let ds = alloc.slot(d);
                    for (_, s) in pending.iter_mut() {
                        if alloc.slot(*s) == ds {
                            *s = t;
                        }
                    }
                }
            }
        }
        let blk = &mut f.blocks[bi];
        for (d, s) in copies {
            blk.insts.push(Inst {
                op: Op::Mov,
                ty: Ty::UD,
                dst: vec![d],
                src: vec![s],
            });
        }
        for (d, bits, ty) in constants {
            blk.insts.push(Inst {
                op: Op::LoadI(bits),
                ty,
                dst: vec![d],
                src: Vec::new(),
            });
        }
        match &mut blk.term {
            super::ir::Term::Br { args, .. } | super::ir::Term::Loop { args, .. } => args.clear(),
            _ => {}
        }
    }
    f.ssa = false;
    cycles
}
