//! The Gen IR: Beignet's scalar back-end IR, one lane's view of the program.
//!
//! A [`Unit`] holds kernels ([`Function`]s). A function owns a register file of typed
//! virtual registers ([`Reg`], printed `%N`) and blocks in *layout order*: the order the
//! assembly is written in, where every construct's header comes before its regions and
//! its merge after them (the structure-tree order of the optimized IR).
//!
//! - **Scalar.** Every value is one scalar per lane: vectors, matrices, structs and
//!   arrays of the optimized IR were split into their leaves by `lower`. Only memory
//!   instructions take several values (a `vec4` store is one `store` of four registers at
//!   consecutive dwords), because that is what a `send` message carries.
//! - **No immediates and no source modifiers.** A constant enters through `loadi`, a
//!   negation through `neg`; instruction selection folds both back into the instructions
//!   that use them (Beignet's rule: keep the IR simple, finish the job at the bottom).
//! - **SSA with block parameters** until out-of-SSA: every register is written once, a
//!   block's parameters receive the arguments of the `br` (or the `loop` of the
//!   preheader) that enters it, and no conditional branch targets a block with several
//!   predecessors, so arguments only ride on unconditional edges. After register
//!   allocation `outssa` turns the arguments into `mov`s on those edges and the IR is
//!   no longer SSA, as Beignet's never is.
//! - **Structured terminators.** `if`, `loop` and `switch` name their merge (and the
//!   loop its continue block); every `br` says how it leaves its region ([`Edge`]), so
//!   selection writes `else`, `break`, `cont`, `while` and `halt` without re-deriving
//!   the structure. `halt` is the exit of an inlined call's nested `return` (or the
//!   kernel's): those lanes wait at the call's continuation.
//! - **Memory** is `load`/`store`/atomics on typed address spaces ([`Space`]) at a byte
//!   address held in a `ud` register.

use crate::util::float_text::debug_f32;
use std::fmt::Write as _;

/// A scalar type of a register or an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// A boolean: all ones or all zeros in a 32-bit lane.
    Bool,
    W,
    UW,
    D,
    UD,
    HF,
    F,
}

impl Ty {
    pub fn name(self) -> &'static str {
        match self {
            Ty::Bool => "bool",
            Ty::W => "w",
            Ty::UW => "uw",
            Ty::D => "d",
            Ty::UD => "ud",
            Ty::HF => "hf",
            Ty::F => "f",
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Ty::F | Ty::HF)
    }

    pub fn is_signed(self) -> bool {
        matches!(self, Ty::W | Ty::D)
    }

    /// Bytes of one element in memory and in a register region.
    pub fn size(self) -> u32 {
        match self {
            Ty::W | Ty::UW | Ty::HF => 2,
            _ => 4,
        }
    }
}

/// A virtual register of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reg(pub u32);

/// A block of a function: its index in layout order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// An address space of a memory instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// A storage or uniform buffer, by binding-table index.
    Buffer(u8),
    /// Workgroup memory (Gen's shared local memory).
    Slm,
    /// Per-lane private memory: function and private variables, and spilled registers.
    Private,
}

impl Space {
    pub fn name(self) -> String {
        match self {
            Space::Buffer(b) => format!("bti{b}"),
            Space::Slm => "slm".into(),
            Space::Private => "private".into(),
        }
    }
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cond {
    pub fn name(self) -> &'static str {
        match self {
            Cond::Eq => "eq",
            Cond::Ne => "ne",
            Cond::Lt => "lt",
            Cond::Le => "le",
            Cond::Gt => "gt",
            Cond::Ge => "ge",
        }
    }
}

/// Functions of the extended math unit (Gen's `math` instruction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathFn {
    Inv,
    Log2,
    Exp2,
    Sqrt,
    Rsq,
    Sin,
    Cos,
    Pow,
    Fdiv,
    /// Integer quotient (signedness from the operation type).
    IntDiv,
    /// Integer remainder.
    IntRem,
}

impl MathFn {
    pub fn name(self) -> &'static str {
        match self {
            MathFn::Inv => "inv",
            MathFn::Log2 => "log",
            MathFn::Exp2 => "exp",
            MathFn::Sqrt => "sqrt",
            MathFn::Rsq => "rsq",
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
            MathFn::Pow => "pow",
            MathFn::Fdiv => "fdiv",
            MathFn::IntDiv => "quot",
            MathFn::IntRem => "rem",
        }
    }

    pub fn arity(self) -> usize {
        match self {
            MathFn::Pow | MathFn::Fdiv | MathFn::IntDiv | MathFn::IntRem => 2,
            _ => 1,
        }
    }
}

/// Atomic read-modify-write operations of the data port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Load,
    Store,
    Add,
    Sub,
    Min,
    Max,
    And,
    Or,
    Xor,
    Xchg,
    /// Compare and exchange: sources `cmp, value`; the result is the old value.
    Cmpxchg,
}

impl AtomicOp {
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Load => "load",
            AtomicOp::Store => "store",
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Xchg => "xchg",
            AtomicOp::Cmpxchg => "cmpxchg",
        }
    }
}

/// Values the dispatch provides, read-only for the whole thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// `local_invocation_id` component (per lane, from the thread payload).
    LocalId(u8),
    /// `workgroup_id` component (one per thread, from r0).
    GroupId(u8),
    /// `num_workgroups` component (pushed).
    NumGroups(u8),
    /// The byte size of buffer `bti` (pushed), for `arrayLength`.
    BufferSize(u8),
    /// A pushed dword of a buffer argument: binding-table index and byte offset.
    Pushed(u8, u32),
    /// A vertex or fragment input, by payload slot (pushed per lane).
    Input(u32),
    /// The value of an override without one at compile time, by its index in
    /// [`Function::overrides`] (pushed: the dispatch supplies it, as it does buffers).
    Override(u32),
    /// The lane's index in its hardware thread (`subgroup_invocation_id`).
    Lane,
}

impl Special {
    pub fn name(self) -> String {
        const XYZ: [&str; 3] = ["x", "y", "z"];
        let c = |k: u8| XYZ.get(k as usize).copied().unwrap_or("?");
        match self {
            Special::LocalId(k) => format!("lid.{}", c(k)),
            Special::GroupId(k) => format!("gid.{}", c(k)),
            Special::NumGroups(k) => format!("ngroups.{}", c(k)),
            Special::BufferSize(b) => format!("bufsize.bti{b}"),
            Special::Pushed(b, off) => format!("pushed.bti{b}[{off}]"),
            Special::Input(slot) => format!("input[{slot}]"),
            Special::Override(k) => format!("override[{k}]"),
            Special::Lane => "lane".into(),
        }
    }
}

/// An operation. Sources and destinations are in [`Inst::src`] and [`Inst::dst`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `dst = bits` (the only way a constant enters the IR).
    LoadI(u32),
    Mov,
    Neg,
    /// Bitwise not (booleans are all ones or zeros, so it is also logical not).
    Not,
    Abs,
    /// Round down, up, to nearest even, toward zero.
    Rndd,
    Rndu,
    Rnde,
    Rndz,
    /// Fraction: `x - floor(x)`.
    Frc,
    /// Count one bits.
    Cbit,
    /// First bit high (from the MSB; for `d`, the first bit differing from the sign);
    /// `0xffffffff` when none.
    Fbh,
    /// First bit low; `0xffffffff` when none.
    Fbl,
    /// Reverse bits.
    Bfrev,
    Add,
    Sub,
    Mul,
    /// High 32 bits of the 64-bit product.
    MulHi,
    And,
    Or,
    Xor,
    Shl,
    /// Shift right: arithmetic for signed types, logical for unsigned.
    Shr,
    Min,
    Max,
    /// `a * b + c`, fused.
    Mad,
    /// `dst: bool = a <cond> b`, compared as the operation type.
    Cmp(Cond),
    /// `dst = c ? a : b` (`c` a bool).
    Sel,
    /// `dst: ty = convert(src: from)`; float to integer rounds toward zero and saturates.
    Cvt(Ty),
    /// `dst: ty = the bits of src: from` (same size).
    Bitcast(Ty),
    Math(MathFn),
    /// Bit-field extract `(value, offset, count)`: sign-extended for `d`.
    Bfe,
    /// Bit-field insert `(base, insert, offset, count)`.
    Bfi,
    /// `dst… = mem[addr + 4k]` (or 2-byte elements for 16-bit types).
    Load(Space),
    /// `mem[addr + 4k] = value…`: sources are the address then the values.
    Store(Space),
    /// `dst = atomic(mem[addr], src…)`.
    Atomic(Space, AtomicOp),
    /// Workgroup execution barrier (with the memory fences WGSL's barriers imply).
    Barrier,
    /// A memory fence with no execution barrier.
    Fence,
    Special(Special),
    /// Writes a vertex or fragment output slot (sources: the value).
    Output(u32),
    /// Demotes the lane to a helper: its outputs are not written.
    Demote,
    /// A screen-space derivative within the 2x2 quad (fragment stage).
    Deriv(Deriv),
    /// An operation across the thread's lanes.
    Lanes(LaneOp),
    /// A texture operation, by the IR opcode's number: sources are the other operands'
    /// leaves, the destinations the result's leaves.
    Texture {
        opcode: u16,
        texture: u8,
        sampler: u8,
    },
}

/// A reduction of the subgroup operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Red {
    Add,
    Mul,
    Min,
    Max,
    And,
    Or,
    Xor,
}

/// Operations across the lanes of a hardware thread (WGSL's subgroup, which is the
/// thread's SIMD width, and quad operations), over the lanes active at that point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LaneOp {
    Reduce(Red),
    /// Scan including the lane's own value.
    Inclusive(Red),
    /// Scan of the lanes before this one (the identity for the first).
    Exclusive(Red),
    /// `dst = value of lane src1` (0 from an inactive or absent lane).
    Shuffle,
    /// The value of the first active lane.
    First,
    /// True in the first active lane.
    Elect,
    /// The mask of active lanes whose bool is true.
    Ballot,
}

impl LaneOp {
    /// Appends the operation's name (`reduce.add`, `shfl`…) to `out`.
    pub fn write_name(self, out: &mut String) {
        // In the order of `Red`'s variants.
        const RED: [&str; 7] = ["add", "mul", "min", "max", "and", "or", "xor"];
        let (name, red) = match self {
            LaneOp::Reduce(r) => ("reduce.", Some(r)),
            LaneOp::Inclusive(r) => ("scan.", Some(r)),
            LaneOp::Exclusive(r) => ("xscan.", Some(r)),
            LaneOp::Shuffle => ("shfl", None),
            LaneOp::First => ("first", None),
            LaneOp::Elect => ("elect", None),
            LaneOp::Ballot => ("ballot", None),
        };
        out.push_str(name);
        if let Some(r) = red {
            out.push_str(RED[r as usize]);
        }
    }
}

/// Derivatives: `x`/`y` coarse (one value per quad) or fine (per row or column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deriv {
    X,
    Y,
    XFine,
    YFine,
}

/// One instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub op: Op,
    /// The operation type: what the destination holds, or for stores and comparisons
    /// the type of the values stored or compared.
    pub ty: Ty,
    pub dst: Vec<Reg>,
    pub src: Vec<Reg>,
}

/// How a `br` leaves its region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// To the next block in layout order, in the same region.
    Next,
    /// To the merge of the innermost `if`: the end of an arm.
    Merge,
    /// To the merge of the innermost loop or switch.
    Break,
    /// To the continue block of the innermost loop.
    Continue,
    /// From the continue construct back to the loop header.
    BackEdge,
    /// Out of an inlined function (or the kernel) from inside its constructs: `halt`.
    Exit,
}

impl Edge {
    fn name(self) -> &'static str {
        match self {
            Edge::Next => "",
            Edge::Merge => " merge",
            Edge::Break => " break",
            Edge::Continue => " continue",
            Edge::BackEdge => " backedge",
            Edge::Exit => " exit",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    Br {
        target: BlockId,
        args: Vec<Reg>,
        edge: Edge,
    },
    If {
        cond: Reg,
        then: BlockId,
        els: BlockId,
        merge: BlockId,
    },
    Loop {
        header: BlockId,
        args: Vec<Reg>,
        merge: BlockId,
        cont: BlockId,
    },
    /// `cases` are (value, target); several values may share a target. The targets,
    /// default included, are distinct blocks with one predecessor each.
    Switch {
        sel: Reg,
        default: BlockId,
        cases: Vec<(u32, BlockId)>,
        merge: BlockId,
    },
    /// The end of the kernel: end of thread.
    Ret,
    /// The lane ends here (a fragment's `discard`).
    Discard,
    Unreachable,
}

impl Term {
    /// The successors (CFG edges), in operand order, distinct.
    pub fn succs(&self) -> Vec<BlockId> {
        // Distinct in linear time: a switch may have tens of thousands of cases. By
        // number, a `Distinct` the package has anyway.
        let mut out = crate::util::distinct::Distinct::<u32>::new();
        let mut push = |b: BlockId| {
            out.push(b.0);
        };
        match self {
            Term::Br { target, .. } => push(*target),
            Term::If { then, els, .. } => {
                push(*then);
                push(*els);
            }
            Term::Loop { header, .. } => push(*header),
            Term::Switch { default, cases, .. } => {
                push(*default);
                for &(_, b) in cases {
                    push(b);
                }
            }
            Term::Ret | Term::Discard | Term::Unreachable => {}
        }
        out.into_vec().into_iter().map(BlockId).collect()
    }

    /// The registers the terminator reads.
    pub fn uses(&self) -> Vec<Reg> {
        match self {
            Term::Br { args, .. } | Term::Loop { args, .. } => args.clone(),
            Term::If { cond, .. } => vec![*cond],
            Term::Switch { sel, .. } => vec![*sel],
            _ => Vec::new(),
        }
    }

    /// The arguments passed along the terminator's unconditional edge, with its target.
    pub fn edge_args(&self) -> Option<(BlockId, &[Reg])> {
        match self {
            Term::Br { target, args, .. } => Some((*target, args)),
            Term::Loop { header, args, .. } => Some((*header, args)),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub params: Vec<Reg>,
    pub insts: Vec<Inst>,
    pub term: Term,
}

/// How a kernel argument (a buffer binding) reaches the program; see `args.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgClass {
    /// Read only at constant offsets: pushed into registers at dispatch.
    Pushed,
    /// Read at computed offsets: loaded through `send`.
    Loaded,
    /// Written: stays in memory, read and written through `send`.
    Written,
}

impl ArgClass {
    pub fn name(self) -> &'static str {
        match self {
            ArgClass::Pushed => "pushed",
            ArgClass::Loaded => "loaded",
            ArgClass::Written => "written",
        }
    }
}

/// A buffer binding of a kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    pub name: String,
    pub group: u32,
    pub binding: u32,
    pub bti: u8,
    pub uniform: bool,
    /// The minimum size in bytes (of the fixed part, for runtime-sized buffers).
    pub min_size: u32,
    pub class: ArgClass,
    /// For pushed buffers: the byte offsets of the dwords read, ascending.
    pub pushed: Vec<u32>,
    /// The scalar type of every leaf of the buffer's type, when they all share one (how
    /// `refract run` prints the buffer).
    pub elem: Option<Ty>,
}

/// The pipeline stage of a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Compute,
    Vertex,
    Fragment,
}

/// A kernel: one entry point with every call inlined.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub stage: Stage,
    pub workgroup_size: [u32; 3],
    /// The type of each virtual register, indexed by `Reg`.
    pub regs: Vec<Ty>,
    pub blocks: Vec<Block>,
    pub bindings: Vec<Binding>,
    /// Bytes of per-lane private memory (variables), before spills.
    pub private_size: u32,
    /// Bytes of workgroup memory.
    pub slm_size: u32,
    /// Payload slots of the stage's inputs and outputs (vertex and fragment).
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    /// Overrides the kernel reads at dispatch (no value at compile time): name and
    /// declaration.
    pub overrides: Vec<(String, crate::diag::Span)>,
    /// Whether the function is still in SSA form (false after out-of-SSA).
    pub ssa: bool,
    /// Whether it computes a builtin whose accuracy WGSL states as a bound (or allows to
    /// be fused), so its float results are only as exact as that bound.
    pub inexact: bool,
}

impl Function {
    pub fn new(name: &str, stage: Stage) -> Function {
        Function {
            name: name.to_string(),
            stage,
            workgroup_size: [1, 1, 1],
            regs: Vec::new(),
            blocks: Vec::new(),
            bindings: Vec::new(),
            private_size: 0,
            slm_size: 0,
            inputs: Vec::new(),
            outputs: Vec::new(),
            overrides: Vec::new(),
            ssa: true,
            inexact: false,
        }
    }

    pub fn new_reg(&mut self, ty: Ty) -> Reg {
        self.regs.push(ty);
        Reg(self.regs.len() as u32 - 1)
    }

    pub fn ty(&self, r: Reg) -> Ty {
        self.regs[r.0 as usize]
    }

    pub fn new_block(&mut self) -> BlockId {
        self.blocks.push(Block {
            params: Vec::new(),
            insts: Vec::new(),
            term: Term::Unreachable,
        });
        BlockId(self.blocks.len() as u32 - 1)
    }

    pub fn block(&self, b: BlockId) -> &Block {
        &self.blocks[b.0 as usize]
    }

    pub fn block_mut(&mut self, b: BlockId) -> &mut Block {
        &mut self.blocks[b.0 as usize]
    }

    /// Predecessors of every block, from the terminators (an edge listed once).
    pub fn preds(&self) -> Vec<Vec<BlockId>> {
        let mut preds = vec![Vec::new(); self.blocks.len()];
        for (i, b) in self.blocks.iter().enumerate() {
            for s in b.term.succs() {
                preds[s.0 as usize].push(BlockId(i as u32));
            }
        }
        preds
    }

    /// Number of instructions, terminators excluded.
    pub fn len(&self) -> usize {
        self.blocks.iter().map(|b| b.insts.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A compilation unit: the kernels of a module.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Unit {
    pub functions: Vec<Function>,
}

// ---- text ----------------------------------------------------------------------------

fn regs(out: &mut String, rs: &[Reg]) {
    for (k, r) in rs.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "%{}", r.0);
    }
}

/// The text of one instruction, as in `print`.
pub fn inst_to_string(f: &Function, i: &Inst) -> String {
    let mut s = String::new();
    if !i.dst.is_empty() {
        regs(&mut s, &i.dst);
        s.push_str(" = ");
    }
    match i.op {
        Op::LoadI(bits) => {
            let _ = write!(s, "loadi.{} {}", i.ty.name(), imm_text(i.ty, bits));
            return s;
        }
        Op::Special(sp) => {
            let _ = write!(s, "{}.{}", sp.name(), i.ty.name());
            return s;
        }
        Op::Cmp(c) => push2(&mut s, "cmp.", c.name()),
        Op::Cvt(from) => push2(&mut s, "cvt.", from.name()),
        Op::Bitcast(from) => push2(&mut s, "bitcast.", from.name()),
        Op::Math(m) => push2(&mut s, "math.", m.name()),
        Op::Load(sp) => push2(&mut s, "load.", &sp.name()),
        Op::Store(sp) => push2(&mut s, "store.", &sp.name()),
        Op::Atomic(sp, a) => {
            push2(&mut s, "atomic.", a.name());
            push2(&mut s, ".", &sp.name());
        }
        Op::Output(slot) => {
            let _ = write!(s, "output[{slot}]");
        }
        Op::Lanes(l) => l.write_name(&mut s),
        Op::Deriv(d) => {
            let d = match d {
                Deriv::X => "x",
                Deriv::Y => "y",
                Deriv::XFine => "x.fine",
                Deriv::YFine => "y.fine",
            };
            push2(&mut s, "deriv.", d);
        }
        Op::Texture {
            opcode,
            texture,
            sampler,
        } => {
            let name = crate::ir::opcode::ALL
                .get(opcode as usize)
                .map_or("texture", |o| o.name());
            let _ = write!(s, "{name}.t{texture}.s{sampler}");
        }
        op => s.push_str(plain_name(op)),
    }
    push2(&mut s, ".", i.ty.name());
    if !i.src.is_empty() {
        s.push(' ');
        regs(&mut s, &i.src);
    }
    let _ = f;
    s
}

fn push2(s: &mut String, a: &str, b: &str) {
    s.push_str(a);
    s.push_str(b);
}

/// The name of an operation without operands in its name.
fn plain_name(op: Op) -> &'static str {
    match op {
        Op::Mov => "mov",
        Op::Neg => "neg",
        Op::Not => "not",
        Op::Abs => "abs",
        Op::Rndd => "rndd",
        Op::Rndu => "rndu",
        Op::Rnde => "rnde",
        Op::Rndz => "rndz",
        Op::Frc => "frc",
        Op::Cbit => "cbit",
        Op::Fbh => "fbh",
        Op::Fbl => "fbl",
        Op::Bfrev => "bfrev",
        Op::Add => "add",
        Op::Sub => "sub",
        Op::Mul => "mul",
        Op::MulHi => "mulh",
        Op::And => "and",
        Op::Or => "or",
        Op::Xor => "xor",
        Op::Shl => "shl",
        Op::Shr => "shr",
        Op::Min => "min",
        Op::Max => "max",
        Op::Mad => "mad",
        Op::Sel => "sel",
        Op::Bfe => "bfe",
        Op::Bfi => "bfi",
        Op::Barrier => "barrier",
        Op::Fence => "fence",
        Op::Demote => "demote",
        _ => "?",
    }
}

/// An immediate's text: floats as decimals that read back exactly (or their bits).
pub fn imm_text(ty: Ty, bits: u32) -> String {
    match ty {
        Ty::F => {
            let x = f32::from_bits(bits);
            if x.is_finite() {
                debug_f32(x)
            } else {
                format!("0x{bits:08x}")
            }
        }
        Ty::HF => {
            let x = half::f16::from_bits(bits as u16);
            if x.is_finite() {
                debug_f32(x.to_f32())
            } else {
                format!("0x{bits:04x}")
            }
        }
        Ty::D | Ty::W => format!("{}", bits as i32),
        Ty::Bool => (if bits != 0 { "true" } else { "false" }).to_string(),
        _ => format!("{bits}"),
    }
}

fn block_ref(out: &mut String, b: BlockId, args: &[Reg]) {
    let _ = write!(out, "^{}", b.0);
    if !args.is_empty() {
        out.push('(');
        regs(out, args);
        out.push(')');
    }
}

/// The text of a terminator.
pub fn term_to_string(t: &Term) -> String {
    let mut s = String::new();
    match t {
        Term::Br { target, args, edge } => {
            s.push_str("br ");
            block_ref(&mut s, *target, args);
            s.push_str(edge.name());
        }
        Term::If {
            cond,
            then,
            els,
            merge,
        } => {
            let _ = write!(
                s,
                "if %{}, ^{}, ^{}, merge ^{}",
                cond.0, then.0, els.0, merge.0
            );
        }
        Term::Loop {
            header,
            args,
            merge,
            cont,
        } => {
            s.push_str("loop ");
            block_ref(&mut s, *header, args);
            let _ = write!(s, ", merge ^{}, continue ^{}", merge.0, cont.0);
        }
        Term::Switch {
            sel,
            default,
            cases,
            merge,
        } => {
            let _ = write!(s, "switch %{}, default ^{}", sel.0, default.0);
            for (v, b) in cases {
                let _ = write!(s, ", case {v} ^{}", b.0);
            }
            let _ = write!(s, ", merge ^{}", merge.0);
        }
        Term::Ret => s.push_str("ret"),
        Term::Discard => s.push_str("discard"),
        Term::Unreachable => s.push_str("unreachable"),
    }
    s
}

/// The kernel header lines shared by the Gen IR text and the assembly text.
pub fn header(out: &mut String, f: &Function) {
    let stage = match f.stage {
        Stage::Compute => "compute",
        Stage::Vertex => "vertex",
        Stage::Fragment => "fragment",
    };
    let [x, y, z] = f.workgroup_size;
    let _ = write!(out, "kernel @{} {stage}", f.name);
    if f.stage == Stage::Compute {
        let _ = write!(out, " workgroup_size({x}, {y}, {z})");
    }
    out.push('\n');
    for b in &f.bindings {
        let _ = write!(
            out,
            "  arg @{} group({}) binding({}) bti{} {} {} bytes: {}",
            b.name,
            b.group,
            b.binding,
            b.bti,
            if b.uniform { "uniform" } else { "storage" },
            b.min_size,
            b.class.name()
        );
        if !b.pushed.is_empty() {
            out.push_str(" [");
            for (k, o) in b.pushed.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{o}");
            }
            out.push(']');
        }
        out.push('\n');
    }
    for (k, name) in f.inputs.iter().enumerate() {
        let _ = writeln!(out, "  input[{k}] {name}");
    }
    for (k, name) in f.outputs.iter().enumerate() {
        let _ = writeln!(out, "  output[{k}] {name}");
    }
    for (k, (name, _)) in f.overrides.iter().enumerate() {
        let _ = writeln!(out, "  override[{k}] {name}");
    }
    if f.private_size > 0 {
        let _ = writeln!(out, "  private {} bytes per lane", f.private_size);
    }
    if f.slm_size > 0 {
        let _ = writeln!(out, "  slm {} bytes", f.slm_size);
    }
}

/// The Gen IR text of a function.
pub fn print_function(out: &mut String, f: &Function) {
    header(out, f);
    out.push_str("{\n");
    for (bi, b) in f.blocks.iter().enumerate() {
        let _ = write!(out, "^{bi}");
        if !b.params.is_empty() {
            out.push('(');
            for (k, p) in b.params.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "%{}: {}", p.0, f.ty(*p).name());
            }
            out.push(')');
        }
        out.push_str(":\n");
        for i in &b.insts {
            let _ = writeln!(out, "  {}", inst_to_string(f, i));
        }
        let _ = writeln!(out, "  {}", term_to_string(&b.term));
    }
    out.push_str("}\n");
}

/// The Gen IR text of a unit.
pub fn print(unit: &Unit) -> String {
    let mut out = String::new();
    for (k, f) in unit.functions.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        print_function(&mut out, f);
    }
    out
}
