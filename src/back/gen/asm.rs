//! The Gen assembly model: what instruction selection produces, what the text prints and
//! what the simulator executes (the simulator runs these structures, never a re-parse of
//! the text).
//!
//! # Registers and regions
//!
//! A hardware thread has 128 general registers (GRFs) of 32 bytes, `r0`–`r127`. An
//! operand names a register, a sub-register (in elements of its type) and a *region*:
//! `r10.0<8;8,1>:f` reads, for lane `i` of an instruction, the element at
//! `subreg + (i / width) * vstride + (i % width) * hstride` counted from the start of
//! `r10`, so a SIMD16 operand with `<8;8,1>` spans `r10` and `r11`. Destinations have only
//! a horizontal stride (`r12.0<1>:f`). A scalar broadcast to every lane is `<0;1,0>`.
//! Every virtual register of the Gen IR gets one 32-bit lane per channel (one GRF per
//! SIMD8 value, two per SIMD16 value); 16-bit values use the low half of each dword, so
//! they are read as `<16;8,2>:hf` and written as `<2>:hf`.
//!
//! Immediates (`1.5:f`, `7:ud`) and source modifiers (`-r10…`, `(abs)r10…`) are folded
//! in by selection. `:ud :d :uw :w :f :hf` are the element types.
//!
//! # Instructions
//!
//! `[(+f0.0|-f0.0)] op[.cmod][.sat] (exec) dst src0 [src1 [src2]]` where the optional
//! predicate enables only the lanes whose flag bit is set (or clear, `-`), and the
//! conditional modifier writes `f0.0` (one bit per lane) from the result compared with
//! zero (or, for `cmp`, from the comparison). `sel.l`/`sel.ge` are min and max. `math`
//! names its function: `math.fdiv`, `math.quot`, `math.rem`, `math.sqrt`, `math.rsq`,
//! `math.inv`, `math.log`, `math.exp`, `math.sin`, `math.cos`, `math.pow`.
//!
//! # Messages
//!
//! `send (16) rD rP <message> mlen M rlen R`: the payload is `M` consecutive GRFs from
//! `rP` — the per-lane byte addresses (`ud`, one GRF per 8 lanes), then each data
//! channel in turn — and the response fills `R` GRFs from `rD`, channel after channel.
//! Messages: `read`/`write` of 1–4 channels of 4-byte (untyped surface) or 2-byte
//! (byte-scattered) elements at consecutive addresses, on a binding-table index, `slm`
//! (shared local memory) or `private` (each lane its own memory); `atomic.OP` (address,
//! then one or two operands; the old value returns); `barrier` (the gateway: the thread
//! waits for its workgroup), `fence`; `urb.write` and `rt.write` (a vertex's and a
//! fragment's outputs, payload slots in order) and `eot` (end of thread).
//!
//! # Control flow
//!
//! Structured SIMD control flow over per-lane execution masks: `if` (lanes whose
//! predicate fails go to `JIP`, the instruction after the matching `else`, or the
//! `endif`), `else` (lanes arriving from the then-part go to the `endif`), `endif`,
//! `while` (lanes loop back to `JIP`, the loop's first instruction), `break` (to `UIP`,
//! after the `while`), `cont` (to `JIP`, the continue point), `halt` (a `return` from
//! inside constructs: to `UIP`, the end of the inlined call or kernel), and `goto` (a
//! predicated per-lane jump; a `switch` dispatches with it). Subgroup operations are the
//! cross-lane instructions `reduce.OP`, `scan.OP`, `xscan.OP`, `shfl`, `first`, `elect`
//! and `ballot`, over the lanes active at that point. Lanes that wait at different
//! places meet again where the structure joins: the machine always runs the lanes whose
//! next instruction comes first (the per-lane instruction pointers of Beignet's
//! "blockIP" scheme, which for structured code is exactly Gen's mask stack).

use super::ir::{AtomicOp, Cond, LaneOp, MathFn, Ty};
use std::fmt::Write as _;

/// The element type of an operand.
pub type ElemTy = Ty;

/// A register region of a source: `<vstride;width,hstride>` in elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    pub vstride: u8,
    pub width: u8,
    pub hstride: u8,
}

impl Region {
    /// One element per lane, 32-bit lanes: `<8;8,1>` for 32-bit types, `<16;8,2>` for
    /// 16-bit ones.
    pub fn lanes(ty: Ty) -> Region {
        if ty.size() == 2 {
            Region {
                vstride: 16,
                width: 8,
                hstride: 2,
            }
        } else {
            Region {
                vstride: 8,
                width: 8,
                hstride: 1,
            }
        }
    }

    /// The same element for every lane.
    pub const SCALAR: Region = Region {
        vstride: 0,
        width: 1,
        hstride: 0,
    };
}

/// What an operand refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    /// A general register and a sub-register offset in elements.
    Grf(u8, u8),
    /// An immediate's bits (sources only).
    Imm(u32),
    /// The null register (a destination whose value is dropped).
    Null,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operand {
    pub loc: Loc,
    pub ty: ElemTy,
    pub region: Region,
    pub neg: bool,
    pub abs: bool,
}

impl Operand {
    /// A per-lane operand at `reg` (32-bit lanes).
    pub fn lanes(reg: u8, ty: Ty) -> Operand {
        Operand {
            loc: Loc::Grf(reg, 0),
            ty,
            region: Region::lanes(ty),
            neg: false,
            abs: false,
        }
    }

    /// A scalar broadcast from `reg.sub` (sub in elements of `ty`).
    pub fn scalar(reg: u8, sub: u8, ty: Ty) -> Operand {
        Operand {
            loc: Loc::Grf(reg, sub),
            ty,
            region: Region::SCALAR,
            neg: false,
            abs: false,
        }
    }

    pub fn imm(bits: u32, ty: Ty) -> Operand {
        Operand {
            loc: Loc::Imm(bits),
            ty,
            region: Region::SCALAR,
            neg: false,
            abs: false,
        }
    }

    pub fn null(ty: Ty) -> Operand {
        Operand {
            loc: Loc::Null,
            ty,
            region: Region::lanes(ty),
            neg: false,
            abs: false,
        }
    }

    pub fn negated(mut self) -> Operand {
        self.neg = !self.neg;
        self
    }

    pub fn with_ty(mut self, ty: Ty) -> Operand {
        self.ty = ty;
        self
    }
}

/// Where a memory message goes: the address space of the Gen IR's memory instruction
/// (`bti{n}`, `slm` or `private` in the text).
pub use super::ir::Space as Surface;

/// A `send` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Msg {
    /// Gathers `channels` elements of `bytes` (4 or 2) per lane at consecutive addresses.
    Read {
        surface: Surface,
        channels: u8,
        bytes: u8,
    },
    Write {
        surface: Surface,
        channels: u8,
        bytes: u8,
    },
    /// An atomic operation on a dword per lane; the old value is returned when `rlen > 0`.
    Atomic {
        surface: Surface,
        op: AtomicOp,
        ty: Ty,
    },
    Barrier,
    Fence,
    /// A vertex's outputs (`slots` payload slots after the header).
    UrbWrite {
        slots: u8,
    },
    /// A fragment's outputs.
    RtWrite {
        slots: u8,
    },
    /// End of thread.
    Eot,
    /// A sampler message, by the IR opcode's number, on a texture and sampler slot.
    Sample {
        opcode: u16,
        texture: u8,
        sampler: u8,
    },
}

/// Opcodes of the assembly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opc {
    Mov,
    /// `sel` with a predicate, or with `.l`/`.ge` as min/max.
    Sel,
    Not,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Asr,
    Add,
    Mul,
    /// High 32 bits of a 32×32 product (Gen's `mul` + `mach` pair, as one instruction).
    Mach,
    Mad,
    Cmp,
    Rndd,
    Rndu,
    Rnde,
    Rndz,
    Frc,
    Cbit,
    Fbh,
    Fbl,
    Bfrev,
    Bfe,
    Bfi,
    Math(MathFn),
    Send(Msg),
    If,
    Else,
    Endif,
    While,
    Break,
    Cont,
    Halt,
    Goto,
    Nop,
    /// A cross-lane operation (subgroups): `reduce.OP`, `scan.OP`, `xscan.OP`, `shfl`,
    /// `first`, `elect`, `ballot`. On the hardware each is a short sequence of moves over
    /// register regions; the model keeps it one instruction over the active lanes.
    Lanes(LaneOp),
}

impl Opc {
    /// Appends the opcode's name to `out`.
    pub fn write_name(self, out: &mut String) {
        match self {
            Opc::Math(f) => {
                out.push_str("math.");
                out.push_str(f.name());
            }
            Opc::Lanes(l) => l.write_name(out),
            _ => out.push_str(self.plain_name()),
        }
    }

    /// The name of an opcode without operands in its name.
    fn plain_name(self) -> &'static str {
        match self {
            Opc::Mov => "mov",
            Opc::Sel => "sel",
            Opc::Not => "not",
            Opc::And => "and",
            Opc::Or => "or",
            Opc::Xor => "xor",
            Opc::Shl => "shl",
            Opc::Shr => "shr",
            Opc::Asr => "asr",
            Opc::Add => "add",
            Opc::Mul => "mul",
            Opc::Mach => "mach",
            Opc::Mad => "mad",
            Opc::Cmp => "cmp",
            Opc::Rndd => "rndd",
            Opc::Rndu => "rndu",
            Opc::Rnde => "rnde",
            Opc::Rndz => "rndz",
            Opc::Frc => "frc",
            Opc::Cbit => "cbit",
            Opc::Fbh => "fbh",
            Opc::Fbl => "fbl",
            Opc::Bfrev => "bfrev",
            Opc::Bfe => "bfe",
            Opc::Bfi => "bfi",
            Opc::If => "if",
            Opc::Else => "else",
            Opc::Endif => "endif",
            Opc::While => "while",
            Opc::Break => "break",
            Opc::Cont => "cont",
            Opc::Halt => "halt",
            Opc::Goto => "goto",
            Opc::Nop => "nop",
            Opc::Send(_) => "send",
            Opc::Math(_) | Opc::Lanes(_) => "?",
        }
    }

    /// A jump of the structured control flow (its target is `jip`).
    pub fn is_flow(self) -> bool {
        matches!(
            self,
            Opc::If
                | Opc::Else
                | Opc::Endif
                | Opc::While
                | Opc::Break
                | Opc::Cont
                | Opc::Halt
                | Opc::Goto
        )
    }
}

/// A predicate: flag `f0.0`, enabled where set (`+`) or, inverted, where clear (`-`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pred {
    pub invert: bool,
}

/// One assembly instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Insn {
    pub op: Opc,
    /// Execution size: 1, 8 or 16 lanes.
    pub exec: u8,
    pub pred: Option<Pred>,
    /// Conditional modifier: writes `f0.0`.
    pub cmod: Option<Cond>,
    pub sat: bool,
    pub dst: Operand,
    pub src: Vec<Operand>,
    /// Jump target (instruction index) of control flow.
    pub jip: u32,
    /// `send`: payload and response lengths in GRFs.
    pub mlen: u8,
    pub rlen: u8,
}

impl Insn {
    pub fn new(op: Opc, exec: u8, dst: Operand, src: Vec<Operand>) -> Insn {
        Insn {
            op,
            exec,
            pred: None,
            cmod: None,
            sat: false,
            dst,
            src,
            jip: 0,
            mlen: 0,
            rlen: 0,
        }
    }
}

/// The assembly of one kernel, with what the dispatcher needs to run it.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub name: String,
    /// 8 or 16 lanes per hardware thread.
    pub simd: u8,
    pub insns: Vec<Insn>,
    /// GRFs the dispatcher fills: r0 (header), then the pushed constants from `r1`.
    pub curbe_start: u8,
    pub curbe: Vec<Curbe>,
    /// First GRF of the per-lane payload (local ids x, y, z, then the stage's inputs).
    pub payload_start: u8,
    /// Highest GRF used, plus one.
    pub grfs_used: u8,
    /// Bytes of per-lane private memory (variables and spill slots).
    pub private_size: u32,
    pub slm_size: u32,
    pub workgroup_size: [u32; 3],
    /// The overrides the dispatch pushes (no value at compile time), by name.
    pub overrides: Vec<String>,
    /// Registers used against MaxLive (the allocation's report), in value slots.
    pub slots_used: u32,
    pub max_live: u32,
    pub spilled: u32,
}

/// A pushed constant dword: where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Curbe {
    /// A dword of a buffer at a byte offset.
    Buffer(u8, u32),
    /// The byte size of a buffer.
    BufferSize(u8),
    /// `num_workgroups` component.
    NumGroups(u8),
    /// An override read at dispatch, by its index in [`Kernel::overrides`].
    Override(u32),
}

// ---- text ----------------------------------------------------------------------------

fn ty_suffix(ty: Ty) -> &'static str {
    match ty {
        Ty::Bool => "ud",
        t => t.name(),
    }
}

fn operand_text(out: &mut String, o: &Operand, dst: bool) {
    if o.neg {
        out.push('-');
    }
    if o.abs {
        out.push_str("(abs)");
    }
    match o.loc {
        Loc::Null => {
            let _ = write!(out, "null<1>:{}", ty_suffix(o.ty));
        }
        Loc::Imm(bits) => {
            let _ = write!(
                out,
                "{}:{}",
                super::ir::imm_text(o.ty, bits),
                ty_suffix(o.ty)
            );
        }
        Loc::Grf(r, sub) => {
            let _ = write!(out, "r{r}.{sub}");
            if dst {
                let _ = write!(out, "<{}>", o.region.hstride);
            } else {
                let _ = write!(
                    out,
                    "<{};{},{}>",
                    o.region.vstride, o.region.width, o.region.hstride
                );
            }
            let _ = write!(out, ":{}", ty_suffix(o.ty));
        }
    }
}

fn msg_text(m: &Msg) -> String {
    match *m {
        Msg::Read {
            surface,
            channels,
            bytes,
        } => format!("read({}, {channels}x{bytes}B)", surface.name()),
        Msg::Write {
            surface,
            channels,
            bytes,
        } => format!("write({}, {channels}x{bytes}B)", surface.name()),
        Msg::Atomic { surface, op, ty } => {
            format!("atomic.{}({}, {})", op.name(), surface.name(), ty.name())
        }
        Msg::Barrier => "gateway.barrier".into(),
        Msg::Fence => "fence".into(),
        Msg::UrbWrite { slots } => format!("urb.write({slots} slots)"),
        Msg::RtWrite { slots } => format!("rt.write({slots} slots)"),
        Msg::Eot => "eot".into(),
        Msg::Sample {
            opcode,
            texture,
            sampler,
        } => {
            let name = crate::ir::opcode::ALL
                .get(opcode as usize)
                .map_or("sample", |o| o.name());
            format!("sampler.{name}(t{texture}, s{sampler})")
        }
    }
}

/// The text of one instruction.
pub fn insn_text(i: &Insn) -> String {
    let mut s = String::new();
    if let Some(p) = i.pred {
        s.push_str(if p.invert { "(-f0.0) " } else { "(+f0.0) " });
    }
    i.op.write_name(&mut s);
    if let Some(c) = i.cmod {
        let name = match (i.op, c) {
            (Opc::Sel, Cond::Lt) => "l",
            (Opc::Sel, Cond::Ge) => "ge",
            (_, c) => c.name(),
        };
        let _ = write!(s, ".{name}");
    }
    if i.sat {
        s.push_str(".sat");
    }
    let _ = write!(s, " ({})", i.exec);
    match i.op {
        _ if i.op.is_flow() => {
            if !matches!(i.op, Opc::Endif) {
                let _ = write!(s, " L{}", i.jip);
            }
        }
        Opc::Nop => {}
        Opc::Send(m) => {
            s.push(' ');
            operand_text(&mut s, &i.dst, true);
            for o in &i.src {
                s.push(' ');
                operand_text(&mut s, o, false);
            }
            let _ = write!(s, " {} mlen {} rlen {}", msg_text(&m), i.mlen, i.rlen);
        }
        _ => {
            s.push(' ');
            operand_text(&mut s, &i.dst, true);
            for o in &i.src {
                s.push(' ');
                operand_text(&mut s, o, false);
            }
        }
    }
    s
}

/// The assembly text of a kernel: a header, then one instruction a line, with a label
/// `Ln:` before every jump target.
pub fn print_kernel(out: &mut String, k: &Kernel) {
    let [x, y, z] = k.workgroup_size;
    let _ = writeln!(
        out,
        "// kernel {} simd{} workgroup_size({x}, {y}, {z})",
        k.name, k.simd
    );
    let _ = writeln!(
        out,
        "// registers: {} used, MaxLive {}, {} spilled (value slots of {} GRF{}); r0..r{} in use",
        k.slots_used,
        k.max_live,
        k.spilled,
        k.simd / 8,
        if k.simd == 8 { "" } else { "s" },
        k.grfs_used.saturating_sub(1)
    );
    for (n, c) in k.curbe.iter().enumerate() {
        let (reg, sub) = (k.curbe_start as usize + n / 8, n % 8);
        let what = match c {
            Curbe::Buffer(b, off) => format!("bti{b}[{off}]"),
            Curbe::BufferSize(b) => format!("size of bti{b}"),
            Curbe::NumGroups(c) => format!("num_workgroups.{}", ["x", "y", "z"][*c as usize % 3]),
            Curbe::Override(o) => {
                let name = k.overrides.get(*o as usize).map_or("?", |s| s.as_str());
                format!("override {name}")
            }
        };
        let _ = writeln!(out, "// pushed r{reg}.{sub}:ud = {what}");
    }
    let _ = writeln!(
        out,
        "// payload r{}: local id x, y, z{}",
        k.payload_start,
        if k.private_size > 0 {
            format!("; private {} bytes per lane", k.private_size)
        } else {
            String::new()
        }
    );
    let mut targets = vec![false; k.insns.len() + 1];
    for i in &k.insns {
        if i.op.is_flow() && !matches!(i.op, Opc::Endif) {
            if let Some(t) = targets.get_mut(i.jip as usize) {
                *t = true;
            }
        }
    }
    for (n, i) in k.insns.iter().enumerate() {
        if targets[n] {
            let _ = writeln!(out, "L{n}:");
        }
        let _ = writeln!(out, "    {}", insn_text(i));
    }
    if targets[k.insns.len()] {
        let _ = writeln!(out, "L{}:", k.insns.len());
    }
}
