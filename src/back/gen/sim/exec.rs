//! Execution of one workgroup: threads, lanes, instructions and messages.

use super::super::asm::{Insn, Kernel, Loc, Msg, Opc, Operand, Surface};
use super::super::ir::{AtomicOp, Cond, LaneOp, MathFn, Red, Ty};
use super::{Stats, budget_error};
use crate::diag::{Diagnostic, codes};

const GRF_BYTES: usize = 128 * 32;
const DONE: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Running,
    /// Waiting at the barrier instruction at this index.
    Barrier(u32),
    Done,
}

struct Thread {
    grf: Vec<u8>,
    /// Per-lane instruction pointers; `DONE` for a finished or absent lane.
    pc: [u32; 16],
    flag: u32,
    private: Vec<u8>,
    state: State,
}

pub struct Machine<'a> {
    k: &'a Kernel,
    pub buffers: &'a mut [Vec<u8>],
    budget: u64,
    pub stats: Stats,
}

fn unsupported(what: &str) -> Diagnostic {
    Diagnostic::error(
        codes::GEN_UNSUPPORTED,
        format!("{what} is not supported by the Gen simulator"),
    )
}

impl<'a> Machine<'a> {
    pub fn new(k: &'a Kernel, buffers: &'a mut [Vec<u8>], budget: u64) -> Machine<'a> {
        Machine {
            k,
            buffers,
            budget,
            stats: Stats::default(),
        }
    }

    pub fn run_workgroup(&mut self, group: [u32; 3], curbe: &[u32]) -> Result<(), Diagnostic> {
        let k = self.k;
        let simd = k.simd as usize;
        let [sx, sy, sz] = k.workgroup_size;
        let total = (sx as u64 * sy as u64 * sz as u64) as usize;
        if total == 0 || total > 1 << 20 {
            return Err(unsupported("a workgroup of this size"));
        }
        let mut slm = vec![0u8; k.slm_size as usize];
        let nthreads = total.div_ceil(simd);
        let mut threads: Vec<Thread> = Vec::with_capacity(nthreads);
        for t in 0..nthreads {
            let mut th = Thread {
                grf: vec![0u8; GRF_BYTES],
                pc: [DONE; 16],
                flag: 0,
                private: vec![0u8; k.private_size as usize * simd],
                state: State::Running,
            };
            for (c, g) in group.iter().enumerate() {
                put32(&mut th.grf, c * 4, *g);
            }
            put32(&mut th.grf, 12, t as u32);
            for (n, v) in curbe.iter().enumerate() {
                put32(
                    &mut th.grf,
                    32 * (k.curbe_start as usize + n / 8) + 4 * (n % 8),
                    *v,
                );
            }
            let k8 = simd / 8;
            let p = k.payload_start as usize;
            for lane in 0..simd {
                let li = t * simd + lane;
                if li >= total {
                    continue;
                }
                th.pc[lane] = 0;
                let li = li as u32;
                let ids = [li % sx, (li / sx) % sy, li / (sx * sy), lane as u32];
                for (c, v) in ids.iter().enumerate() {
                    put32(&mut th.grf, 32 * (p + c * k8) + 4 * lane, *v);
                }
            }
            threads.push(th);
        }
        loop {
            let mut progressed = false;
            for th in threads.iter_mut() {
                if th.state == State::Running {
                    self.run_thread(th, &mut slm)?;
                    progressed = true;
                }
            }
            if threads.iter().all(|t| t.state == State::Done) {
                return Ok(());
            }
            if !progressed {
                // Everyone left is at a barrier: release them.
                for th in &mut threads {
                    if let State::Barrier(at) = th.state {
                        for pc in th.pc.iter_mut() {
                            if *pc == at {
                                *pc = at + 1;
                            }
                        }
                        th.state = State::Running;
                    }
                }
            }
        }
    }

    /// Runs a thread until it finishes or stops at a barrier.
    fn run_thread(&mut self, th: &mut Thread, slm: &mut [u8]) -> Result<(), Diagnostic> {
        let k = self.k;
        let simd = k.simd as usize;
        loop {
            let mut pc = DONE;
            for &p in &th.pc[..simd] {
                pc = pc.min(p);
            }
            if pc == DONE {
                th.state = State::Done;
                return Ok(());
            }
            let mut mask = 0u32;
            for (l, &p) in th.pc[..simd].iter().enumerate() {
                if p == pc {
                    mask |= 1 << l;
                }
            }
            let Some(insn) = k.insns.get(pc as usize) else {
                for p in th.pc.iter_mut() {
                    if *p == pc {
                        *p = DONE;
                    }
                }
                continue;
            };
            self.stats.instructions += 1;
            self.stats.lane_instructions += u64::from(mask.count_ones());
            if self.stats.instructions > self.budget {
                return Err(budget_error(self.budget));
            }
            if let Opc::Send(Msg::Barrier) = insn.op {
                th.state = State::Barrier(pc);
                return Ok(());
            }
            self.step(th, slm, insn, pc, mask)?;
        }
    }

    fn step(
        &mut self,
        th: &mut Thread,
        slm: &mut [u8],
        i: &Insn,
        pc: u32,
        mask: u32,
    ) -> Result<(), Diagnostic> {
        let exec_mask = if i.exec >= 32 {
            u32::MAX
        } else {
            mask & ((1u32 << i.exec) - 1).max(1)
        };
        let pred = |th: &Thread, l: usize| -> bool {
            match i.pred {
                None => true,
                Some(p) => ((th.flag >> l) & 1 == 1) != p.invert,
            }
        };
        let advance = |th: &mut Thread| {
            for l in 0..16 {
                if mask >> l & 1 == 1 {
                    th.pc[l] = pc + 1;
                }
            }
        };
        if i.op.is_flow() {
            for l in 0..16 {
                if mask >> l & 1 == 0 {
                    continue;
                }
                let go = match i.op {
                    Opc::Endif => false,
                    Opc::If => !pred(th, l),
                    _ => pred(th, l),
                };
                th.pc[l] = if go { i.jip } else { pc + 1 };
            }
            return Ok(());
        }
        match i.op {
            Opc::Send(msg) => {
                self.send(th, slm, i, msg, exec_mask)?;
                if matches!(msg, Msg::Eot) {
                    for l in 0..16 {
                        if mask >> l & 1 == 1 {
                            th.pc[l] = DONE;
                        }
                    }
                    return Ok(());
                }
            }
            Opc::Nop => {}
            Opc::Lanes(l) => lanes(th, i, l, exec_mask),
            _ => self.alu(th, i, exec_mask)?,
        }
        advance(th);
        Ok(())
    }

    // ---- ALU -----------------------------------------------------------------------------

    fn alu(&mut self, th: &mut Thread, i: &Insn, mask: u32) -> Result<(), Diagnostic> {
        let lanes = if i.exec == 1 { 1 } else { i.exec as usize };
        let mut flag = th.flag;
        for l in 0..lanes {
            if mask >> l & 1 == 0 {
                continue;
            }
            let enabled = match i.pred {
                None => true,
                Some(p) if matches!(i.op, Opc::Sel) => {
                    let _ = p;
                    true
                }
                Some(p) => ((th.flag >> l) & 1 == 1) != p.invert,
            };
            let mut src = Vec::with_capacity(i.src.len());
            for o in &i.src {
                src.push(read(&th.grf, o, l));
            }
            let sty = i.src.first().map_or(i.dst.ty, |o| o.ty);
            let (value, cond) = compute(i, sty, &src, th.flag >> l & 1 == 1)?;
            if let Some(c) = cond {
                if i.cmod.is_some() && !matches!(i.op, Opc::Sel) {
                    if c {
                        flag |= 1 << l;
                    } else {
                        flag &= !(1 << l);
                    }
                }
            }
            if enabled {
                let out = if matches!(i.op, Opc::Cmp) {
                    value
                } else {
                    convert(value, result_ty(i, sty), i.dst.ty)
                };
                write(&mut th.grf, &i.dst, l, out);
            }
        }
        th.flag = flag;
        Ok(())
    }

    // ---- messages ------------------------------------------------------------------------

    fn send(
        &mut self,
        th: &mut Thread,
        slm: &mut [u8],
        i: &Insn,
        msg: Msg,
        mask: u32,
    ) -> Result<(), Diagnostic> {
        let simd = self.k.simd as usize;
        let k8 = simd / 8;
        let Some(&Operand {
            loc: Loc::Grf(payload, _),
            ..
        }) = i.src.first()
        else {
            return Ok(());
        };
        let payload = payload as usize;
        let lane_dword = |grf: &[u8], reg: usize, l: usize| -> u32 { get32(grf, 32 * reg + 4 * l) };
        let resp = match i.dst.loc {
            Loc::Grf(r, _) => Some(r as usize),
            _ => None,
        };
        match msg {
            Msg::Read {
                surface,
                channels,
                bytes,
            } => {
                let mut out = vec![0u32; channels as usize * simd];
                for l in 0..simd {
                    if mask >> l & 1 == 0 {
                        continue;
                    }
                    let addr = lane_dword(&th.grf, payload, l);
                    for c in 0..channels as usize {
                        let a = addr.wrapping_add((c * bytes as usize) as u32);
                        let mem = self.memory(surface, slm, &mut th.private, l)?;
                        out[c * simd + l] = load(mem, a, bytes);
                    }
                }
                if let Some(r) = resp {
                    for c in 0..channels as usize {
                        for l in 0..simd {
                            if mask >> l & 1 == 1 {
                                put32(&mut th.grf, 32 * (r + c * k8) + 4 * l, out[c * simd + l]);
                            }
                        }
                    }
                }
            }
            Msg::Write {
                surface,
                channels,
                bytes,
            } => {
                for l in 0..simd {
                    if mask >> l & 1 == 0 {
                        continue;
                    }
                    let addr = lane_dword(&th.grf, payload, l);
                    for c in 0..channels as usize {
                        let v = lane_dword(&th.grf, payload + (1 + c) * k8, l);
                        let a = addr.wrapping_add((c * bytes as usize) as u32);
                        let mem = self.memory(surface, slm, &mut th.private, l)?;
                        store(mem, a, bytes, v);
                    }
                }
            }
            Msg::Atomic { surface, op, ty } => {
                let mut out = vec![0u32; simd];
                for (l, slot) in out.iter_mut().enumerate() {
                    if mask >> l & 1 == 0 {
                        continue;
                    }
                    let addr = lane_dword(&th.grf, payload, l);
                    let a = lane_dword(&th.grf, payload + k8, l);
                    let b = lane_dword(&th.grf, payload + 2 * k8, l);
                    let mem = self.memory(surface, slm, &mut th.private, l)?;
                    let old = load(mem, addr, 4);
                    let new = atomic(op, ty, old, a, b);
                    if let Some(n) = new {
                        store(mem, addr, 4, n);
                    }
                    *slot = old;
                }
                if let Some(r) = resp {
                    for (l, v) in out.iter().enumerate() {
                        if mask >> l & 1 == 1 {
                            put32(&mut th.grf, 32 * r + 4 * l, *v);
                        }
                    }
                }
            }
            Msg::Barrier | Msg::Fence | Msg::Eot => {}
            Msg::UrbWrite { .. } | Msg::RtWrite { .. } => {
                return Err(unsupported("a vertex or fragment output message"));
            }
            Msg::Sample { .. } => return Err(unsupported("a texture operation")),
        }
        Ok(())
    }

    fn memory<'m>(
        &'m mut self,
        s: Surface,
        slm: &'m mut [u8],
        private: &'m mut [u8],
        lane: usize,
    ) -> Result<&'m mut [u8], Diagnostic> {
        Ok(match s {
            Surface::Buffer(b) => match self.buffers.get_mut((b as usize).wrapping_sub(1)) {
                Some(buf) => buf.as_mut_slice(),
                None => return Err(unsupported("a message to an unbound surface")),
            },
            Surface::Slm => slm,
            Surface::Private => {
                let size = self.k.private_size as usize;
                let start = lane * size;
                private.get_mut(start..start + size).unwrap_or(&mut [])
            }
        })
    }
}

/// A cross-lane instruction over the active lanes `mask`.
fn lanes(th: &mut Thread, i: &Insn, op: LaneOp, mask: u32) {
    let n = i.exec.max(1) as usize;
    let ty = i.dst.ty;
    let mut vals = Vec::with_capacity(n);
    for l in 0..n {
        vals.push(i.src.first().map_or(0, |o| read(&th.grf, o, l)));
    }
    let active = |l: usize| mask >> l & 1 == 1;
    let first = (0..n).find(|&l| active(l));
    let identity = |r: Red| -> u32 {
        match (r, ty.is_float(), ty.is_signed()) {
            (Red::Add | Red::Or | Red::Xor, _, _) => 0,
            (Red::Mul, true, _) => fb(1.0, ty),
            (Red::Mul, false, _) => 1,
            (Red::And, _, _) => u32::MAX,
            (Red::Min, true, _) => fb(f32::INFINITY, ty),
            (Red::Max, true, _) => fb(f32::NEG_INFINITY, ty),
            (Red::Min, false, true) => i32::MAX as u32,
            (Red::Max, false, true) => i32::MIN as u32,
            (Red::Min, false, false) => u32::MAX,
            (Red::Max, false, false) => 0,
        }
    };
    let combine = |r: Red, a: u32, b: u32| -> u32 {
        let fl = ty.is_float();
        match r {
            Red::Add if fl => fb(f(a, ty) + f(b, ty), ty),
            Red::Add => a.wrapping_add(b),
            Red::Mul if fl => fb(f(a, ty) * f(b, ty), ty),
            Red::Mul => a.wrapping_mul(b),
            Red::Min if fl => fb(f(a, ty).min(f(b, ty)), ty),
            Red::Max if fl => fb(f(a, ty).max(f(b, ty)), ty),
            Red::Min => {
                if compare(Cond::Lt, ty, a, b) {
                    a
                } else {
                    b
                }
            }
            Red::Max => {
                if compare(Cond::Lt, ty, a, b) {
                    b
                } else {
                    a
                }
            }
            Red::And => a & b,
            Red::Or => a | b,
            Red::Xor => a ^ b,
        }
    };
    let mut out = vec![0u32; n];
    match op {
        LaneOp::Reduce(r) => {
            let mut acc = identity(r);
            for l in (0..n).filter(|&l| active(l)) {
                acc = combine(r, acc, vals[l]);
            }
            out.iter_mut().for_each(|x| *x = acc);
        }
        LaneOp::Inclusive(r) | LaneOp::Exclusive(r) => {
            let mut acc = identity(r);
            for l in (0..n).filter(|&l| active(l)) {
                if matches!(op, LaneOp::Exclusive(_)) {
                    out[l] = acc;
                    acc = combine(r, acc, vals[l]);
                } else {
                    acc = combine(r, acc, vals[l]);
                    out[l] = acc;
                }
            }
        }
        LaneOp::Shuffle => {
            for (l, o) in out.iter_mut().enumerate() {
                let src = i.src.get(1).map_or(0, |x| read(&th.grf, x, l)) as usize;
                *o = if src < n && active(src) { vals[src] } else { 0 };
            }
        }
        LaneOp::First => {
            let v = first.map_or(0, |l| vals[l]);
            out.iter_mut().for_each(|x| *x = v);
        }
        LaneOp::Elect => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = if Some(l) == first { u32::MAX } else { 0 };
            }
        }
        LaneOp::Ballot => {
            let bits = (0..n)
                .filter(|&l| active(l) && vals[l] != 0)
                .fold(0u32, |b, l| b | 1 << l);
            out.iter_mut().for_each(|x| *x = bits);
        }
    }
    for (l, v) in out.into_iter().enumerate() {
        if active(l) {
            write(&mut th.grf, &i.dst, l, v);
        }
    }
}

// ---- registers and memory ----------------------------------------------------------------

fn get32(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4)
        .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
}

fn put32(b: &mut [u8], at: usize, v: u32) {
    if let Some(w) = b.get_mut(at..at + 4) {
        w.copy_from_slice(&v.to_le_bytes());
    }
}

fn load(mem: &[u8], addr: u32, bytes: u8) -> u32 {
    let a = addr as usize;
    match bytes {
        2 => mem
            .get(a..a + 2)
            .map_or(0, |w| u32::from(u16::from_le_bytes([w[0], w[1]]))),
        _ => get32(mem, a),
    }
}

fn store(mem: &mut [u8], addr: u32, bytes: u8, v: u32) {
    let a = addr as usize;
    match bytes {
        2 => {
            if let Some(w) = mem.get_mut(a..a + 2) {
                w.copy_from_slice(&(v as u16).to_le_bytes());
            }
        }
        _ => put32(mem, a, v),
    }
}

/// The bits of lane `l`'s element of a source operand.
fn read(grf: &[u8], o: &Operand, l: usize) -> u32 {
    let bits = match o.loc {
        Loc::Imm(b) => b,
        Loc::Null => 0,
        Loc::Grf(g, sub) => {
            let size = o.ty.size() as usize;
            let r = &o.region;
            let w = r.width.max(1) as usize;
            let idx = sub as usize + (l / w) * r.vstride as usize + (l % w) * r.hstride as usize;
            let at = 32 * g as usize + idx * size;
            if size == 2 {
                grf.get(at..at + 2)
                    .map_or(0, |x| u32::from(u16::from_le_bytes([x[0], x[1]])))
            } else {
                get32(grf, at)
            }
        }
    };
    modifiers(o, bits)
}

fn modifiers(o: &Operand, mut bits: u32) -> u32 {
    if !o.abs && !o.neg {
        return bits;
    }
    match o.ty {
        Ty::F => {
            if o.abs {
                bits &= 0x7fff_ffff;
            }
            if o.neg {
                bits ^= 0x8000_0000;
            }
        }
        Ty::HF => {
            if o.abs {
                bits &= 0x7fff;
            }
            if o.neg {
                bits ^= 0x8000;
            }
        }
        Ty::W | Ty::UW => {
            let mut x = bits as u16 as i16;
            if o.abs {
                x = x.wrapping_abs();
            }
            if o.neg {
                x = x.wrapping_neg();
            }
            bits = x as u16 as u32;
        }
        _ => {
            let mut x = bits as i32;
            if o.abs {
                x = x.wrapping_abs();
            }
            if o.neg {
                x = x.wrapping_neg();
            }
            bits = x as u32;
        }
    }
    bits
}

fn write(grf: &mut [u8], o: &Operand, l: usize, v: u32) {
    let Loc::Grf(g, sub) = o.loc else { return };
    let size = o.ty.size() as usize;
    let idx = sub as usize + l * o.region.hstride.max(1) as usize;
    let at = 32 * g as usize + idx * size;
    if size == 2 {
        if let Some(x) = grf.get_mut(at..at + 2) {
            x.copy_from_slice(&(v as u16).to_le_bytes());
        }
    } else {
        put32(grf, at, v);
    }
}

// ---- values ------------------------------------------------------------------------------

fn f(bits: u32, ty: Ty) -> f32 {
    if ty == Ty::HF {
        half::f16::from_bits(bits as u16).to_f32()
    } else {
        f32::from_bits(bits)
    }
}

fn fb(x: f32, ty: Ty) -> u32 {
    if ty == Ty::HF {
        u32::from(half::f16::from_f32(x).to_bits())
    } else {
        x.to_bits()
    }
}

fn sint(bits: u32, ty: Ty) -> i64 {
    match ty {
        Ty::W => i64::from(bits as u16 as i16),
        Ty::UW => i64::from(bits as u16),
        Ty::D => i64::from(bits as i32),
        _ => i64::from(bits),
    }
}

/// The type an operation computes in: the sources' type, except that a move converts.
fn result_ty(i: &Insn, sty: Ty) -> Ty {
    match i.op {
        Opc::Mov => sty,
        _ => sty,
    }
}

/// Converts `bits` of type `from` to type `to` (moves and mixed-type writes).
pub fn convert(bits: u32, from: Ty, to: Ty) -> u32 {
    let from = if from == Ty::Bool { Ty::UD } else { from };
    let to = if to == Ty::Bool { Ty::UD } else { to };
    if from == to {
        return bits;
    }
    match (from.is_float(), to.is_float()) {
        (true, true) => fb(f(bits, from), to),
        (false, true) => {
            let x = sint(bits, from);
            if to == Ty::HF {
                fb(x as f32, to)
            } else {
                (x as f32).to_bits()
            }
        }
        (true, false) => {
            let x = f(bits, from);
            let (lo, hi): (i64, i64) = match to {
                Ty::D => (i32::MIN.into(), i32::MAX.into()),
                Ty::W => (i16::MIN.into(), i16::MAX.into()),
                Ty::UW => (0, u16::MAX.into()),
                _ => (0, u32::MAX.into()),
            };
            let v = if x.is_nan() {
                0
            } else {
                // `max`/`min`, not `clamp`: x is not NaN here, and `clamp`'s check of its
                // bounds would link the standard library's float formatting for its message.
                (x.trunc() as f64).max(lo as f64).min(hi as f64) as i64
            };
            v as u32
        }
        (false, false) => {
            let x = sint(bits, from);
            match to {
                Ty::W | Ty::UW => x as u16 as u32,
                _ => x as u32,
            }
        }
    }
}

fn cond(c: Cond, o: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match c {
        Cond::Eq => o == Equal,
        Cond::Ne => o != Equal,
        Cond::Lt => o == Less,
        Cond::Le => o != Greater,
        Cond::Gt => o == Greater,
        Cond::Ge => o != Less,
    }
}

fn compare(c: Cond, ty: Ty, a: u32, b: u32) -> bool {
    if ty.is_float() {
        let (x, y) = (f(a, ty), f(b, ty));
        match x.partial_cmp(&y) {
            Some(o) => cond(c, o),
            None => c == Cond::Ne,
        }
    } else if ty.is_signed() {
        cond(c, sint(a, ty).cmp(&sint(b, ty)))
    } else {
        cond(c, (a & mask_of(ty)).cmp(&(b & mask_of(ty))))
    }
}

fn mask_of(ty: Ty) -> u32 {
    if ty.size() == 2 { 0xffff } else { u32::MAX }
}

/// One lane of an ALU instruction: the result bits (in the source type) and, for
/// comparisons and conditional modifiers, the condition.
fn compute(i: &Insn, ty: Ty, s: &[u32], flag: bool) -> Result<(u32, Option<bool>), Diagnostic> {
    let a = s.first().copied().unwrap_or(0);
    let b = s.get(1).copied().unwrap_or(0);
    let c = s.get(2).copied().unwrap_or(0);
    let fl = ty.is_float();
    let ff = |x: u32| f(x, ty);
    let out = |x: f32| fb(x, ty);
    let v = match i.op {
        Opc::Mov => a,
        Opc::Not => !a,
        Opc::And => a & b,
        Opc::Or => a | b,
        Opc::Xor => a ^ b,
        Opc::Shl => a.wrapping_shl(b & 31),
        Opc::Shr => (a & mask_of(ty)).wrapping_shr(b & 31),
        Opc::Asr => (sint(a, ty) >> (b & 31)) as u32,
        Opc::Add if fl => out(ff(a) + ff(b)),
        Opc::Add => a.wrapping_add(b),
        Opc::Mul if fl => out(ff(a) * ff(b)),
        Opc::Mul => a.wrapping_mul(b),
        Opc::Mach => {
            if ty.is_signed() {
                ((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32
            } else {
                ((u64::from(a) * u64::from(b)) >> 32) as u32
            }
        }
        Opc::Mad if fl => out(ff(b).mul_add(ff(c), ff(a))),
        Opc::Mad => a.wrapping_add(b.wrapping_mul(c)),
        Opc::Sel => match i.cmod {
            Some(Cond::Lt) | Some(Cond::Ge) => {
                let want_min = i.cmod == Some(Cond::Lt);
                if fl {
                    let (x, y) = (ff(a), ff(b));
                    out(if want_min { x.min(y) } else { x.max(y) })
                } else {
                    let lt = compare(Cond::Lt, ty, a, b);
                    if lt == want_min { a } else { b }
                }
            }
            _ => {
                let take_a = match i.pred {
                    Some(p) => flag != p.invert,
                    None => true,
                };
                if take_a { a } else { b }
            }
        },
        Opc::Cmp => {
            let cnd = i.cmod.unwrap_or(Cond::Ne);
            let r = compare(cnd, ty, a, b);
            return Ok((if r { u32::MAX } else { 0 }, Some(r)));
        }
        Opc::Rndd => out(ff(a).floor()),
        Opc::Rndu => out(ff(a).ceil()),
        Opc::Rnde => out(ff(a).round_ties_even()),
        Opc::Rndz => out(ff(a).trunc()),
        Opc::Frc => {
            let x = ff(a);
            out(x - x.floor())
        }
        Opc::Cbit => a.count_ones(),
        Opc::Fbh => {
            if a == 0 {
                u32::MAX
            } else {
                31 - a.leading_zeros()
            }
        }
        Opc::Fbl => {
            if a == 0 {
                u32::MAX
            } else {
                a.trailing_zeros()
            }
        }
        Opc::Bfrev => a.reverse_bits(),
        Opc::Bfe => {
            let (off, cnt) = (b.min(32), c.min(32));
            let cnt = cnt.min(32 - off);
            if cnt == 0 {
                0
            } else {
                let x = (u64::from(a) >> off) & ((1u64 << cnt) - 1);
                if ty.is_signed() && (x >> (cnt - 1)) & 1 == 1 {
                    (x | (u64::MAX << cnt)) as u32
                } else {
                    x as u32
                }
            }
        }
        Opc::Bfi => {
            let d = s.get(3).copied().unwrap_or(0);
            let (off, cnt) = (c.min(32), d.min(32));
            let cnt = cnt.min(32 - off);
            let mask = (((1u64 << cnt) - 1) << off) as u32;
            (a & !mask) | ((b.wrapping_shl(off)) & mask)
        }
        Opc::Math(m) => math(m, ty, a, b),
        _ => return Err(unsupported("this instruction")),
    };
    let cnd = match i.cmod {
        Some(c) if !matches!(i.op, Opc::Sel) => Some(compare(c, ty, v, 0)),
        _ => None,
    };
    Ok((v, cnd))
}

fn math(m: MathFn, ty: Ty, a: u32, b: u32) -> u32 {
    if matches!(m, MathFn::IntDiv | MathFn::IntRem) {
        return if ty.is_signed() {
            let (x, y) = (a as i32, b as i32);
            if y == 0 {
                return 0;
            }
            if m == MathFn::IntDiv {
                x.wrapping_div(y) as u32
            } else {
                x.wrapping_rem(y) as u32
            }
        } else if b == 0 {
            0
        } else if m == MathFn::IntDiv {
            a / b
        } else {
            a % b
        };
    }
    let x = f(a, ty);
    let y = f(b, ty);
    let r: f32 = match m {
        MathFn::Fdiv => x / y,
        MathFn::Sqrt => x.sqrt(),
        MathFn::Inv => 1.0 / x,
        MathFn::Rsq => (1.0 / f64::from(x).sqrt()) as f32,
        MathFn::Log2 => f64::from(x).log2() as f32,
        MathFn::Exp2 => f64::from(x).exp2() as f32,
        MathFn::Sin => f64::from(x).sin() as f32,
        MathFn::Cos => f64::from(x).cos() as f32,
        MathFn::Pow => (f64::from(y) * f64::from(x).log2()).exp2() as f32,
        MathFn::IntDiv | MathFn::IntRem => 0.0,
    };
    fb(r, ty)
}

fn atomic(op: AtomicOp, ty: Ty, old: u32, a: u32, b: u32) -> Option<u32> {
    Some(match op {
        AtomicOp::Load => return None,
        AtomicOp::Store | AtomicOp::Xchg => a,
        AtomicOp::Add => old.wrapping_add(a),
        AtomicOp::Sub => old.wrapping_sub(a),
        AtomicOp::And => old & a,
        AtomicOp::Or => old | a,
        AtomicOp::Xor => old ^ a,
        AtomicOp::Min if ty.is_signed() => (old as i32).min(a as i32) as u32,
        AtomicOp::Min => old.min(a),
        AtomicOp::Max if ty.is_signed() => (old as i32).max(a as i32) as u32,
        AtomicOp::Max => old.max(a),
        AtomicOp::Cmpxchg => {
            if old == a {
                b
            } else {
                return None;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_integer_moves_truncate_and_saturate() {
        let f = |x: f32| x.to_bits();
        assert_eq!(convert(f(-3.7), Ty::F, Ty::D) as i32, -3);
        assert_eq!(convert(f(1e20), Ty::F, Ty::D) as i32, i32::MAX);
        assert_eq!(convert(f(-5.0), Ty::F, Ty::UD), 0);
        assert_eq!(convert(f(f32::NAN), Ty::F, Ty::UD), 0);
        assert_eq!(convert(u32::MAX, Ty::UD, Ty::F), 4294967296f32.to_bits());
        assert_eq!(convert((-2i32) as u32, Ty::D, Ty::F), (-2f32).to_bits());
        assert_eq!(
            convert(f(65520.0), Ty::F, Ty::HF),
            0x7c00,
            "rounds to f16 infinity"
        );
    }

    #[test]
    fn bit_field_extract_and_insert_follow_wgsl() {
        let i = |op| Insn::new(op, 8, Operand::null(Ty::UD), Vec::new());
        let run = |op, ty, s: &[u32]| compute(&i(op), ty, s, false).unwrap().0;
        assert_eq!(run(Opc::Bfe, Ty::UD, &[0xf0, 4, 4]), 0xf);
        assert_eq!(
            run(Opc::Bfe, Ty::D, &[0xf0, 4, 4]),
            u32::MAX,
            "sign-extended"
        );
        assert_eq!(run(Opc::Bfe, Ty::UD, &[0xf0, 4, 0]), 0);
        assert_eq!(run(Opc::Bfi, Ty::UD, &[0xffff_ffff, 0, 8, 8]), 0xffff_00ff);
        assert_eq!(run(Opc::Fbh, Ty::UD, &[0x10]), 4);
        assert_eq!(run(Opc::Fbl, Ty::UD, &[0]), u32::MAX);
    }
}
