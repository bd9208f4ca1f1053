//! Instruction selection: the allocated, out-of-SSA Gen IR becomes Gen assembly.
//!
//! # The register file of a thread
//!
//! ```text
//!   r0                    header: workgroup id x, y, z in r0.0–r0.2
//!   r1 …                  pushed constants (CURBE), eight dwords a register
//!   payload               compute: local id x, y, z and the lane index, one value each;
//!                         vertex/fragment: the inputs, one value per leaf
//!   allocatable           value slots of SIMD/8 registers each, from register allocation
//!   message area          5 slots: a send's addresses and up to four data channels
//!   temporaries           8 slots: the out-of-SSA temporary (t0), reloads of spilled
//!                         sources (t1–t4), a spilled destination (t5), a spill
//!                         message's address and data (t6, t7)
//! ```
//!
//! # Folding
//!
//! A `loadi` whose every use can take an immediate is not emitted: each use reads the
//! immediate instead (Gen allows an immediate as the last source of a two-source
//! instruction or the source of a move; commutative operations and comparisons are
//! swapped to put it there, `sub a, k` becomes `add a, -k`). `neg` and `abs` become
//! source modifiers of a `mov`.
//!
//! # Control flow
//!
//! Blocks are written in layout order. An `if` sets `f0.0` from its condition and opens
//! `(+f0.0) if`; the else block starts with `else`, the merge with `endif`. A loop's
//! header is the target of its `while` (the back edge); `break` goes past the `while`,
//! `cont` to the continue block (a jump to the next instruction is left out). A
//! `switch` dispatches with predicated `goto`s, one per case target, and its cases leave
//! with `goto` to the merge. A `return` from inside constructs is `halt` to the end of
//! the inlined call (or kernel).

use super::asm::{Curbe, Insn, Kernel, Loc, Msg, Opc, Operand, Pred, Region, Surface};
use super::ir::{
    BlockId, Cond, Deriv, Edge, Function, Inst, MathFn, Op, Reg, Space, Special, Stage, Term, Ty,
};
use super::outssa::TEMP_SLOT;
use super::regalloc::Allocation;
use crate::util::map::Map;

/// Slots reserved at the top of the file: the message area and the temporaries.
const MSG_SLOTS: u8 = 5;
const TEMP_SLOTS: u8 = 8;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Fix {
    /// Jump to the first instruction of a block.
    Block(BlockId),
    /// Jump to the `endif` of the `if` whose merge is this block.
    Endif(BlockId),
    /// Jump to the end of thread.
    Eot,
}

enum Ctx {
    If { els: BlockId, merge: BlockId },
    Loop { merge: BlockId },
    Switch { merge: BlockId },
}

pub struct Selector<'a> {
    f: &'a Function,
    alloc: &'a Allocation,
    simd: u8,
    k: u8,
    base: u8,
    limit: u32,
    msg: u8,
    temp: u8,
    spill_base: u32,
    insns: Vec<Insn>,
    curbe: Vec<Curbe>,
    curbe_index: Map<(u8, u32, u8), u32>,
    payload: u8,
    /// Per register: the bits of a `loadi` folded into every use.
    folded: Vec<Option<u32>>,
    block_pos: Vec<u32>,
    /// By block index (`u32` keys: a hash table instantiation the package has anyway).
    endif_pos: Map<u32, u32>,
    fixups: Vec<(usize, Fix)>,
    outputs: Vec<(u32, Reg, Ty)>,
    stack: Vec<Ctx>,
}

/// The result of selection.
pub struct Selected {
    pub kernel: Kernel,
}

fn curbe_key(c: Curbe) -> (u8, u32, u8) {
    match c {
        Curbe::Buffer(b, off) => (0, off, b),
        Curbe::BufferSize(b) => (1, 0, b),
        Curbe::NumGroups(k) => (2, 0, k),
        Curbe::Override(o) => (3, o, 0),
    }
}

/// Whether source `k` of `i` may be an immediate (see the module documentation).
fn imm_ok(f: &Function, i: &Inst, k: usize, is_loadi: &[bool]) -> bool {
    let other_imm = |j: usize| i.src.get(j).is_some_and(|r| is_loadi[r.0 as usize]);
    match i.op {
        Op::Mov | Op::Not | Op::Neg | Op::Abs | Op::Cvt(_) | Op::Bitcast(_) => true,
        Op::Rndd
        | Op::Rndu
        | Op::Rnde
        | Op::Rndz
        | Op::Frc
        | Op::Cbit
        | Op::Fbh
        | Op::Fbl
        | Op::Bfrev => true,
        Op::Add | Op::Mul | Op::And | Op::Or | Op::Xor | Op::Min | Op::Max | Op::Cmp(_) => {
            k == 1 || !other_imm(1)
        }
        Op::Sub | Op::Shl | Op::Shr | Op::MulHi => k == 1,
        Op::Sel => k == 2 || (k == 1 && !other_imm(2)),
        Op::Load(_) | Op::Store(_) | Op::Atomic(..) | Op::Output(_) | Op::Texture { .. } => {
            // Moved into the message payload.
            let _ = f;
            true
        }
        _ => false,
    }
}

impl<'a> Selector<'a> {
    pub fn new(f: &'a Function, alloc: &'a Allocation, simd: u8) -> Result<Selector<'a>, String> {
        let k = simd / 8;
        // CURBE entries: pushed buffer dwords, buffer sizes, num_workgroups, overrides.
        let mut curbe = Vec::new();
        let mut curbe_index = Map::default();
        let mut add = |c: Curbe, curbe: &mut Vec<Curbe>| {
            curbe_index.entry(curbe_key(c)).or_insert_with(|| {
                curbe.push(c);
                curbe.len() as u32 - 1
            });
        };
        for b in &f.blocks {
            for i in &b.insts {
                if let Op::Special(s) = i.op {
                    match s {
                        Special::Pushed(bti, off) => add(Curbe::Buffer(bti, off), &mut curbe),
                        Special::BufferSize(bti) => add(Curbe::BufferSize(bti), &mut curbe),
                        Special::NumGroups(c) => add(Curbe::NumGroups(c), &mut curbe),
                        Special::Override(o) => add(Curbe::Override(o), &mut curbe),
                        _ => {}
                    }
                }
            }
        }
        let curbe_regs = curbe.len().div_ceil(8);
        let payload = 1 + curbe_regs;
        let payload_values = match f.stage {
            Stage::Compute => 4,
            _ => f.inputs.len(),
        };
        let base = payload + payload_values * k as usize;
        let top = 128 - (MSG_SLOTS + TEMP_SLOTS) as usize * k as usize;
        if base >= top {
            return Err(format!(
                "{} pushed constants and {} inputs leave no registers for values",
                f.bindings.iter().map(|b| b.pushed.len()).sum::<usize>(),
                f.inputs.len()
            ));
        }
        let limit = ((top - base) / k as usize) as u32;
        // Only a register with one definition, a `loadi`, folds (after out-of-SSA a
        // parameter has a definition per incoming edge).
        let mut defs = vec![0u32; f.regs.len()];
        let mut is_loadi = vec![false; f.regs.len()];
        let mut bits = vec![0u32; f.regs.len()];
        for b in &f.blocks {
            for p in &b.params {
                defs[p.0 as usize] += 1;
            }
            for i in &b.insts {
                for d in &i.dst {
                    defs[d.0 as usize] += 1;
                }
                if let Op::LoadI(x) = i.op {
                    for d in &i.dst {
                        is_loadi[d.0 as usize] = true;
                        bits[d.0 as usize] = x;
                    }
                }
            }
        }
        for (r, n) in defs.iter().enumerate() {
            if *n != 1 {
                is_loadi[r] = false;
            }
        }
        let mut foldable = is_loadi.clone();
        for b in &f.blocks {
            for i in &b.insts {
                for (kk, s) in i.src.iter().enumerate() {
                    if is_loadi[s.0 as usize] && !imm_ok(f, i, kk, &is_loadi) {
                        foldable[s.0 as usize] = false;
                    }
                }
            }
            for s in b.term.uses() {
                foldable[s.0 as usize] = false;
            }
        }
        let mut folded = Vec::with_capacity(f.regs.len());
        for r in 0..f.regs.len() {
            folded.push(foldable[r].then_some(bits[r]));
        }
        Ok(Selector {
            f,
            alloc,
            simd,
            k,
            base: base as u8,
            limit,
            msg: top as u8,
            temp: (top + MSG_SLOTS as usize * k as usize) as u8,
            spill_base: super::layout::round_up(f.private_size, 4),
            insns: Vec::new(),
            curbe,
            curbe_index,
            payload: payload as u8,
            folded,
            block_pos: vec![u32::MAX; f.blocks.len()],
            endif_pos: Map::default(),
            fixups: Vec::new(),
            outputs: Vec::new(),
            stack: Vec::new(),
        })
    }

    /// Registers that fit the file, in slots.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    // ---- operands ------------------------------------------------------------------------

    fn grf_of_slot(&self, s: u32) -> u8 {
        self.base + (s as u8) * self.k
    }

    fn temp_grf(&self, n: u8) -> u8 {
        self.temp + n * self.k
    }

    fn msg_grf(&self, n: u8) -> u8 {
        self.msg + n * self.k
    }

    fn emit(&mut self, i: Insn) -> usize {
        self.insns.push(i);
        self.insns.len() - 1
    }

    fn op(&mut self, op: Opc, dst: Operand, src: Vec<Operand>) -> usize {
        let i = Insn::new(op, self.simd, dst, src);
        self.emit(i)
    }

    fn spill_addr(&self, slot: u32) -> u32 {
        self.spill_base + (slot - self.limit) * 4
    }

    /// A message moving one value between a temporary GRF and a spill slot.
    fn spill_move(&mut self, slot: u32, grf: u8, write: bool) {
        let a = self.spill_addr(slot);
        self.mov_to(self.temp_grf(6), Ty::UD, Operand::imm(a, Ty::UD));
        let surface = Surface::Private;
        let msg = if write {
            self.mov_to(self.temp_grf(7), Ty::UD, Operand::lanes(grf, Ty::UD));
            Msg::Write {
                surface,
                channels: 1,
                bytes: 4,
            }
        } else {
            Msg::Read {
                surface,
                channels: 1,
                bytes: 4,
            }
        };
        let (mlen, rlen) = if write {
            (2 * self.k, 0)
        } else {
            (self.k, self.k)
        };
        self.send(self.simd, msg, self.temp_grf(6), grf, mlen, rlen);
    }

    /// A `send` of `msg` over `exec` lanes: its payload is `mlen` GRFs from `payload`,
    /// its response `rlen` GRFs from `resp` (the null register when `rlen` is 0).
    fn send(&mut self, exec: u8, msg: Msg, payload: u8, resp: u8, mlen: u8, rlen: u8) {
        let dst = if rlen > 0 {
            Operand::lanes(resp, Ty::UD)
        } else {
            Operand::null(Ty::UD)
        };
        let mut i = Insn::new(
            Opc::Send(msg),
            exec,
            dst,
            vec![Operand::lanes(payload, Ty::UD)],
        );
        i.mlen = mlen;
        i.rlen = rlen;
        self.emit(i);
    }

    /// The GRF holding register `r`, reloading a spilled value into temporary `t`.
    fn src_grf(&mut self, r: Reg, t: u8) -> u8 {
        let s = self.alloc.slot(r);
        if s == TEMP_SLOT {
            return self.temp_grf(0);
        }
        if s < self.limit {
            return self.grf_of_slot(s);
        }
        let g = self.temp_grf(t);
        self.spill_move(s, g, false);
        g
    }

    /// A per-lane source operand for register `r` read as `ty` (immediates folded).
    fn src(&mut self, r: Reg, ty: Ty, t: u8) -> Operand {
        if let Some(bits) = self.folded[r.0 as usize] {
            return Operand::imm(bits, ty);
        }
        let g = self.src_grf(r, t);
        Operand::lanes(g, ty)
    }

    /// The destination GRF of register `r`: its own, or temporary 5 for a spilled value
    /// (written back by [`Selector::finish_dst`]).
    fn dst_grf(&self, r: Reg) -> u8 {
        let s = self.alloc.slot(r);
        if s == TEMP_SLOT {
            self.temp_grf(0)
        } else if s < self.limit {
            self.grf_of_slot(s)
        } else {
            self.temp_grf(5)
        }
    }

    fn dst(&self, r: Reg, ty: Ty) -> Operand {
        self.plain_dst(self.dst_grf(r), ty)
    }

    fn finish_dst(&mut self, r: Reg) {
        let s = self.alloc.slot(r);
        if s != TEMP_SLOT && s >= self.limit {
            let g = self.temp_grf(5);
            self.spill_move(s, g, true);
        }
    }

    fn curbe_operand(&self, c: Curbe, ty: Ty) -> Operand {
        let n = self.curbe_index.get(&curbe_key(c)).copied().unwrap_or(0);
        Operand::scalar(1 + (n / 8) as u8, (n % 8) as u8, ty)
    }

    // ---- driver --------------------------------------------------------------------------

    pub fn run(mut self, f_private: u32, max_live: u32, slots_used: u32) -> Selected {
        let f = self.f;
        for bi in 0..f.blocks.len() {
            let b = BlockId(bi as u32);
            self.block_start(b);
            self.block_pos[bi] = self.insns.len() as u32;
            for i in &f.blocks[bi].insts {
                self.inst(i);
            }
            self.terminator(b);
        }
        // Resolve the jumps.
        let eot = self.insns.len().saturating_sub(1) as u32;
        for &(at, fix) in &self.fixups {
            let target = match fix {
                Fix::Block(b) => self.block_pos[b.0 as usize],
                Fix::Endif(b) => self.endif_pos.get(&b.0).copied().unwrap_or(eot),
                Fix::Eot => eot,
            };
            self.insns[at].jip = if target == u32::MAX { eot } else { target };
        }
        let spilled = slots_used.saturating_sub(self.limit);
        let private_size = if spilled > 0 {
            self.spill_base + spilled * 4
        } else {
            f_private
        };
        let grfs_used = if slots_used > 0 {
            let last = self.grf_of_slot(slots_used.min(self.limit).saturating_sub(1)) + self.k;
            last.max(self.base)
        } else {
            self.base
        };
        let used_top = self.insns.iter().any(|i| {
            matches!(i.op, Opc::Send(_))
                || i.src
                    .iter()
                    .any(|o| matches!(o.loc, Loc::Grf(r, _) if r >= self.msg))
        });
        let mut overrides = Vec::with_capacity(f.overrides.len());
        for o in &f.overrides {
            overrides.push(o.0.clone());
        }
        Selected {
            kernel: Kernel {
                name: f.name.clone(),
                simd: self.simd,
                insns: self.insns,
                curbe_start: 1,
                curbe: self.curbe,
                payload_start: self.payload,
                grfs_used: if used_top { 128 } else { grfs_used },
                private_size,
                slm_size: f.slm_size,
                workgroup_size: f.workgroup_size,
                overrides,
                slots_used,
                max_live,
                spilled,
            },
        }
    }

    fn block_start(&mut self, b: BlockId) {
        match self.stack.last() {
            Some(Ctx::If { els, .. }) if *els == b => {
                let i = Insn::new(Opc::Else, self.simd, Operand::null(Ty::UD), Vec::new());
                let at = self.emit(i);
                if let Some(Ctx::If { merge, .. }) = self.stack.last() {
                    let m = *merge;
                    self.fixups.push((at, Fix::Endif(m)));
                }
            }
            Some(Ctx::If { merge, .. }) if *merge == b => {
                let i = Insn::new(Opc::Endif, self.simd, Operand::null(Ty::UD), Vec::new());
                let at = self.emit(i);
                self.endif_pos.insert(b.0, at as u32);
                self.stack.pop();
            }
            Some(Ctx::Loop { merge } | Ctx::Switch { merge }) if *merge == b => {
                self.stack.pop();
            }
            _ => {}
        }
    }

    fn jump(&mut self, op: Opc, fix: Fix, pred: Option<Pred>) {
        let mut i = Insn::new(op, self.simd, Operand::null(Ty::UD), Vec::new());
        i.pred = pred;
        let at = self.emit(i);
        self.fixups.push((at, fix));
    }

    /// `f0.0 = (r != 0)` per lane.
    fn flag_from(&mut self, r: Reg) {
        let s = self.src(r, Ty::UD, 1);
        self.cmp(Operand::null(Ty::UD), s, Operand::imm(0, Ty::UD), Cond::Ne);
    }

    /// `cmp.c dst a b`.
    fn cmp(&mut self, dst: Operand, a: Operand, b: Operand, c: Cond) {
        let mut i = Insn::new(Opc::Cmp, self.simd, dst, vec![a, b]);
        i.cmod = Some(c);
        self.emit(i);
    }

    fn terminator(&mut self, b: BlockId) {
        let f = self.f;
        let next = BlockId(b.0 + 1);
        match &f.blocks[b.0 as usize].term {
            Term::Br { target, edge, .. } => {
                let innermost_switch = matches!(self.stack.last(), Some(Ctx::Switch { .. }));
                match edge {
                    Edge::Next | Edge::Merge => {}
                    _ if *target == next && *edge != Edge::BackEdge => {}
                    Edge::Break => {
                        let op = if innermost_switch || self.innermost_breakable_is_switch() {
                            Opc::Goto
                        } else {
                            Opc::Break
                        };
                        self.jump(op, Fix::Block(*target), None);
                    }
                    Edge::Continue => self.jump(Opc::Cont, Fix::Block(*target), None),
                    Edge::BackEdge => self.jump(Opc::While, Fix::Block(*target), None),
                    Edge::Exit => self.jump(Opc::Halt, Fix::Block(*target), None),
                }
            }
            Term::If {
                cond, els, merge, ..
            } => {
                self.flag_from(*cond);
                self.jump(Opc::If, Fix::Block(*els), Some(Pred { invert: false }));
                self.stack.push(Ctx::If {
                    els: *els,
                    merge: *merge,
                });
            }
            Term::Loop { merge, .. } => {
                self.stack.push(Ctx::Loop { merge: *merge });
            }
            Term::Switch {
                sel,
                default,
                cases,
                merge,
            } => {
                self.stack.push(Ctx::Switch { merge: *merge });
                let ty = f.ty(*sel);
                // The case values of each target other than the default, targets in their
                // first case's order; grouped through a map, as a switch may have
                // thousands of cases.
                let mut index: Map<u32, u32> = Default::default();
                let mut targets: Vec<(BlockId, Vec<u32>)> = Vec::new();
                for &(v, t) in cases {
                    if t == *default {
                        continue;
                    }
                    let k = *index.entry(t.0).or_insert_with(|| {
                        targets.push((t, Vec::new()));
                        targets.len() as u32 - 1
                    }) as usize;
                    targets[k].1.push(v);
                }
                for (t, values) in targets {
                    let acc = Operand::lanes(self.temp_grf(1), Ty::UD);
                    for (n, v) in values.iter().enumerate() {
                        let s = self.src(*sel, ty, 2);
                        let dst = if n == 0 {
                            acc
                        } else {
                            Operand::lanes(self.temp_grf(3), Ty::UD)
                        };
                        self.cmp(dst, s, Operand::imm(*v, ty), Cond::Eq);
                        if n > 0 {
                            self.op(
                                Opc::Or,
                                acc,
                                vec![acc, Operand::lanes(self.temp_grf(3), Ty::UD)],
                            );
                        }
                    }
                    self.cmp(
                        Operand::null(Ty::UD),
                        acc,
                        Operand::imm(0, Ty::UD),
                        Cond::Ne,
                    );
                    self.jump(Opc::Goto, Fix::Block(t), Some(Pred { invert: false }));
                }
                if *default != next {
                    self.jump(Opc::Goto, Fix::Block(*default), None);
                }
            }
            Term::Ret => {
                self.flush_outputs();
                self.send(self.simd, Msg::Eot, 0, 0, 1, 0);
            }
            Term::Discard => self.jump(Opc::Halt, Fix::Eot, None),
            Term::Unreachable => {}
        }
    }

    fn innermost_breakable_is_switch(&self) -> bool {
        for c in self.stack.iter().rev() {
            match c {
                Ctx::Switch { .. } => return true,
                Ctx::Loop { .. } => return false,
                Ctx::If { .. } => {}
            }
        }
        false
    }

    // ---- instructions --------------------------------------------------------------------

    fn inst(&mut self, i: &Inst) {
        let ty = i.ty;
        match i.op {
            Op::LoadI(bits) => {
                if self.folded[i.dst[0].0 as usize].is_some() {
                    return;
                }
                self.write_dst(i, Opc::Mov, ty, vec![Operand::imm(bits, ty)]);
            }
            Op::Mov => {
                let (s, d) = (self.alloc.slot(i.src[0]), self.alloc.slot(i.dst[0]));
                if s == d && self.folded[i.src[0].0 as usize].is_none() {
                    return;
                }
                self.simple(i, Opc::Mov, [ty, ty, ty]);
            }
            Op::Neg | Op::Abs => {
                let mut s = self.src(i.src[0], ty, 1);
                if let Loc::Imm(bits) = s.loc {
                    // A folded constant: the modifier is applied now.
                    s.loc = Loc::Imm(const_unary(i.op, ty, bits));
                } else if matches!(i.op, Op::Neg) {
                    s.neg = true;
                } else {
                    s.abs = true;
                }
                self.write_dst(i, Opc::Mov, ty, vec![s]);
            }
            Op::Not
            | Op::Rndd
            | Op::Rndu
            | Op::Rnde
            | Op::Rndz
            | Op::Frc
            | Op::Cbit
            | Op::Fbh
            | Op::Fbl
            | Op::Bfrev => {
                let opc = match i.op {
                    Op::Not => Opc::Not,
                    Op::Rndd => Opc::Rndd,
                    Op::Rndu => Opc::Rndu,
                    Op::Rnde => Opc::Rnde,
                    Op::Rndz => Opc::Rndz,
                    Op::Frc => Opc::Frc,
                    Op::Cbit => Opc::Cbit,
                    Op::Fbh => Opc::Fbh,
                    Op::Fbl => Opc::Fbl,
                    _ => Opc::Bfrev,
                };
                let t = if ty == Ty::Bool { Ty::UD } else { ty };
                self.simple(i, opc, [t, t, t]);
            }
            Op::Add
            | Op::Sub
            | Op::Mul
            | Op::MulHi
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::Shl
            | Op::Shr
            | Op::Min
            | Op::Max => self.binary(i),
            Op::Mad => {
                let a = self.src(i.src[0], ty, 1);
                let b = self.src(i.src[1], ty, 2);
                let c = self.src(i.src[2], ty, 3);
                self.write_dst(i, Opc::Mad, ty, vec![c, a, b]);
            }
            Op::Cmp(c) => {
                let t = if ty == Ty::Bool { Ty::UD } else { ty };
                let mut a = self.src(i.src[0], t, 1);
                let mut b = self.src(i.src[1], t, 2);
                let mut c = c;
                if matches!(a.loc, Loc::Imm(_)) {
                    std::mem::swap(&mut a, &mut b);
                    c = mirror(c);
                }
                self.write_dst(i, Opc::Cmp, Ty::UD, vec![a, b]).cmod = Some(c);
            }
            Op::Sel => {
                let t = if ty == Ty::Bool { Ty::UD } else { ty };
                self.flag_from(i.src[0]);
                let mut a = self.src(i.src[1], t, 2);
                let mut b = self.src(i.src[2], t, 3);
                let mut invert = false;
                if matches!(a.loc, Loc::Imm(_)) {
                    std::mem::swap(&mut a, &mut b);
                    invert = true;
                }
                self.write_dst(i, Opc::Sel, t, vec![a, b]).pred = Some(Pred { invert });
            }
            Op::Cvt(from) | Op::Bitcast(from) => {
                let (st, dt) = if matches!(i.op, Op::Bitcast(_)) {
                    let raw = if ty.size() == 2 { Ty::UW } else { Ty::UD };
                    (raw, raw)
                } else {
                    (from, ty)
                };
                self.simple(i, Opc::Mov, [st, st, dt]);
            }
            Op::Math(m) => self.simple(i, Opc::Math(m), [ty, ty, ty]),
            Op::Bfe => self.simple(i, Opc::Bfe, [ty, ty, ty]),
            Op::Bfi => self.simple(i, Opc::Bfi, [ty, ty, ty]),
            Op::Load(space) => self.load(i, space),
            Op::Store(space) => self.store(i, space),
            Op::Atomic(space, aop) => self.atomic(i, space, aop),
            Op::Barrier | Op::Fence => {
                let msg = if matches!(i.op, Op::Barrier) {
                    Msg::Barrier
                } else {
                    Msg::Fence
                };
                self.send(1, msg, 0, 0, 1, 0);
            }
            Op::Special(s) => self.special(i, s),
            Op::Output(slot) => self.outputs.push((slot, i.src[0], ty)),
            Op::Demote => self.jump(Opc::Halt, Fix::Eot, None),
            Op::Deriv(kind) => {
                let g = self.src_grf(i.src[0], 1);
                // The subregister of the right or lower pixel, and the region that
                // repeats it over its quad (coarse) or pair (fine).
                let (sub1, [vstride, width, hstride]) = match kind {
                    Deriv::X => (1, [4, 4, 0]),
                    Deriv::Y => (2, [4, 4, 0]),
                    Deriv::XFine => (1, [2, 2, 0]),
                    Deriv::YFine => (2, [4, 2, 1]),
                };
                let mut a = Operand::lanes(g, ty);
                a.loc = Loc::Grf(g, sub1);
                a.region = Region {
                    vstride,
                    width,
                    hstride,
                };
                let mut b = a;
                b.loc = Loc::Grf(g, 0);
                b.neg = true;
                self.write_dst(i, Opc::Add, ty, vec![a, b]);
            }
            Op::Texture {
                opcode,
                texture,
                sampler,
            } => self.texture(i, opcode, texture, sampler),
            Op::Lanes(l) => {
                let t = if ty == Ty::Bool { Ty::UD } else { ty };
                self.simple(i, Opc::Lanes(l), [t, Ty::UD, t]);
            }
        }
    }

    /// `opc` of `srcs` into `i`'s destination, of type `ty`: the instruction, for its
    /// condition or predicate.
    fn write_dst(&mut self, i: &Inst, opc: Opc, ty: Ty, srcs: Vec<Operand>) -> &mut Insn {
        self.write_reg(i.dst[0], opc, ty, srcs)
    }

    /// `opc` of `srcs` into register `r`, of type `ty` (stored back if it is spilled).
    fn write_reg(&mut self, r: Reg, opc: Opc, ty: Ty, srcs: Vec<Operand>) -> &mut Insn {
        let d = self.dst(r, ty);
        let at = self.op(opc, d, srcs);
        self.finish_dst(r);
        &mut self.insns[at]
    }

    /// Register `r` from channel `c` of a message's response.
    fn response(&mut self, r: Reg, c: u8, ty: Ty) {
        let s = Operand::lanes(self.msg_grf(c), ty);
        self.write_reg(r, Opc::Mov, ty, vec![s]);
    }

    /// `mov` of `s` into GRF `g`, as `ty`.
    fn mov_to(&mut self, g: u8, ty: Ty, s: Operand) {
        let d = self.plain_dst(g, ty);
        self.op(Opc::Mov, d, vec![s]);
    }

    /// `opc` of `i`'s sources into its destination, as `[first source, other sources,
    /// destination]` types; source `n` reloads through temporary `1 + n`.
    fn simple(&mut self, i: &Inst, opc: Opc, [first, rest, dty]: [Ty; 3]) {
        let mut srcs = Vec::with_capacity(i.src.len());
        for (n, r) in i.src.iter().enumerate() {
            let st = if n == 0 { first } else { rest };
            srcs.push(self.src(*r, st, 1 + n as u8));
        }
        self.write_dst(i, opc, dty, srcs);
    }

    fn binary(&mut self, i: &Inst) {
        let ty = if i.ty == Ty::Bool { Ty::UD } else { i.ty };
        let mut a = self.src(i.src[0], ty, 1);
        let mut b = self.src(i.src[1], ty, 2);
        let opc = match i.op {
            Op::Add | Op::Sub => Opc::Add,
            Op::Mul => Opc::Mul,
            Op::MulHi => Opc::Mach,
            Op::And => Opc::And,
            Op::Or => Opc::Or,
            Op::Xor => Opc::Xor,
            Op::Shl => Opc::Shl,
            Op::Shr if ty.is_signed() => Opc::Asr,
            Op::Shr => Opc::Shr,
            _ => Opc::Sel,
        };
        if matches!(i.op, Op::Sub) {
            match b.loc {
                Loc::Imm(bits) => b.loc = Loc::Imm(const_unary(Op::Neg, ty, bits)),
                _ => b.neg = true,
            }
        }
        if matches!(a.loc, Loc::Imm(_)) && !matches!(b.loc, Loc::Imm(_)) {
            std::mem::swap(&mut a, &mut b);
        }
        let cmod = match i.op {
            Op::Min => Some(Cond::Lt),
            Op::Max => Some(Cond::Ge),
            _ => None,
        };
        self.write_dst(i, opc, ty, vec![a, b]).cmod = cmod;
    }

    fn special(&mut self, i: &Inst, s: Special) {
        let ty = i.ty;
        let src = match s {
            Special::LocalId(c) => Operand::lanes(self.payload + c * self.k, Ty::UD),
            Special::Lane => Operand::lanes(self.payload + 3 * self.k, Ty::UD),
            Special::GroupId(c) => Operand::scalar(0, c, Ty::UD),
            Special::NumGroups(c) => self.curbe_operand(Curbe::NumGroups(c), Ty::UD),
            Special::BufferSize(b) => self.curbe_operand(Curbe::BufferSize(b), Ty::UD),
            Special::Pushed(b, off) => self.curbe_operand(Curbe::Buffer(b, off), ty),
            Special::Override(o) => self.curbe_operand(Curbe::Override(o), ty),
            Special::Input(slot) => {
                Operand::lanes(self.payload + (slot as u8).wrapping_mul(self.k), ty)
            }
        };
        let t = if matches!(
            s,
            Special::Pushed(..) | Special::Input(_) | Special::Override(_)
        ) {
            ty
        } else {
            Ty::UD
        };
        let src = src.with_ty(t);
        self.write_dst(i, Opc::Mov, t, vec![src]);
    }

    /// Moves `regs` into the message area after the address: channel `c` at
    /// `msg + (1 + c) * k`. Sources are reloaded first (temporaries 1–4).
    fn payload(&mut self, addr: Reg, regs: &[Reg], ty: Ty) {
        let mut srcs = Vec::new();
        let a = self.src(addr, Ty::UD, 1);
        for (n, r) in regs.iter().enumerate() {
            srcs.push(self.src(*r, ty, 2 + n as u8));
        }
        self.mov_to(self.msg_grf(0), Ty::UD, a);
        for (n, s) in srcs.into_iter().enumerate() {
            self.mov_to(self.msg_grf(1 + n as u8), ty, s);
        }
    }

    fn plain_dst(&self, g: u8, ty: Ty) -> Operand {
        let mut o = Operand::lanes(g, ty);
        o.region = Region {
            vstride: 0,
            width: 1,
            hstride: Region::lanes(ty).hstride,
        };
        o
    }

    fn load(&mut self, i: &Inst, space: Space) {
        let ty = i.ty;
        self.payload(i.src[0], &[], ty);
        let n = i.dst.len() as u8;
        let msg = Msg::Read {
            surface: space,
            channels: n,
            bytes: ty.size() as u8,
        };
        let m = self.msg_grf(0);
        self.send(self.simd, msg, m, m, self.k, n * self.k);
        for (c, d) in i.dst.iter().enumerate() {
            self.response(*d, c as u8, ty);
        }
    }

    fn store(&mut self, i: &Inst, space: Space) {
        let ty = i.ty;
        self.payload(i.src[0], &i.src[1..], ty);
        let n = (i.src.len() - 1) as u8;
        let msg = Msg::Write {
            surface: space,
            channels: n,
            bytes: ty.size() as u8,
        };
        let m = self.msg_grf(0);
        self.send(self.simd, msg, m, m, (1 + n) * self.k, 0);
    }

    fn atomic(&mut self, i: &Inst, space: Space, aop: super::ir::AtomicOp) {
        let ty = i.ty;
        self.payload(i.src[0], &i.src[1..], ty);
        let returns = !i.dst.is_empty();
        let msg = Msg::Atomic {
            surface: space,
            op: aop,
            ty,
        };
        let m = self.msg_grf(0);
        let rlen = if returns { self.k } else { 0 };
        self.send(self.simd, msg, m, m, i.src.len() as u8 * self.k, rlen);
        if let Some(&d) = i.dst.first() {
            self.response(d, 0, ty);
        }
    }

    /// A sampler message: the operands' leaves fill payload rows from the message area
    /// on (eight at most: the message area and the first temporaries, which no value
    /// occupies between instructions), the response channels come back from its start.
    fn texture(&mut self, i: &Inst, opcode: u16, texture: u8, sampler: u8) {
        for (c, r) in i.src.iter().enumerate() {
            let ty = self.f.ty(*r);
            let s = self.src(*r, ty, 4);
            self.mov_to(self.msg_grf(c as u8), ty, s);
        }
        let rlen = (i.dst.len() as u8) * self.k;
        let msg = Msg::Sample {
            opcode,
            texture,
            sampler,
        };
        let m = self.msg_grf(0);
        self.send(
            self.simd,
            msg,
            m,
            m,
            (i.src.len() as u8).max(1) * self.k,
            rlen,
        );
        for (c, d) in i.dst.iter().enumerate() {
            let ty = self.f.ty(*d);
            self.response(*d, c as u8, ty);
        }
    }

    fn flush_outputs(&mut self) {
        let outputs = std::mem::take(&mut self.outputs);
        let fragment = self.f.stage == Stage::Fragment;
        for chunk in outputs.chunks(4) {
            for (c, &(_, r, ty)) in chunk.iter().enumerate() {
                let s = self.src(r, ty, 1);
                self.mov_to(self.msg_grf(1 + c as u8), ty, s);
            }
            let slots = chunk.len() as u8;
            let first = chunk[0].0;
            self.mov_to(self.msg_grf(0), Ty::UD, Operand::imm(first, Ty::UD));
            let msg = if fragment {
                Msg::RtWrite { slots }
            } else {
                Msg::UrbWrite { slots }
            };
            let m = self.msg_grf(0);
            self.send(self.simd, msg, m, m, (1 + slots) * self.k, 0);
        }
    }
}

/// `cmp a c b` ⇔ `cmp b mirror(c) a`.
fn mirror(c: Cond) -> Cond {
    match c {
        Cond::Lt => Cond::Gt,
        Cond::Le => Cond::Ge,
        Cond::Gt => Cond::Lt,
        Cond::Ge => Cond::Le,
        c => c,
    }
}

/// A negation or absolute value of an immediate, at compile time.
fn const_unary(op: Op, ty: Ty, bits: u32) -> u32 {
    match (op, ty) {
        (Op::Neg, Ty::F) => bits ^ 0x8000_0000,
        (Op::Neg, Ty::HF) => bits ^ 0x8000,
        (Op::Abs, Ty::F) => bits & 0x7fff_ffff,
        (Op::Abs, Ty::HF) => bits & 0x7fff,
        (Op::Neg, _) => bits.wrapping_neg(),
        (Op::Abs, _) => (bits as i32).wrapping_abs() as u32,
        _ => bits,
    }
}

/// Whether the function uses a `math` function WGSL does not require to be correctly
/// rounded (everything but integer division, `fdiv` and `sqrt`, which the simulator
/// rounds correctly): its float results are only as exact as the spec's bounds.
pub fn uses_inexact_math(f: &Function) -> bool {
    f.blocks.iter().flat_map(|b| &b.insts).any(|i| {
        matches!(i.op, Op::Math(m) if !matches!(m, MathFn::IntDiv | MathFn::IntRem | MathFn::Fdiv | MathFn::Sqrt))
    })
}
