//! Scalarization: the optimized IR of one entry point becomes one Gen IR kernel.
//!
//! - **Leaves.** Every value becomes the list of its scalar leaves ([`layout::leaves`]):
//!   a `vec4<f32>` four `f` registers, a `mat3x3<f32>` nine (column-major), a struct the
//!   leaves of its fields in order. Operations work leaf by leaf; `construct`, `extract`,
//!   `insert`, `swizzle` and `splat` only rearrange lists of registers and emit nothing.
//! - **Pointers** are not values: an `access` chain becomes an address space, a constant
//!   byte offset and at most one `ud` register of dynamic offset, and `load`/`store`
//!   become one memory instruction per run of up to four consecutive same-typed leaves.
//! - **Calls are inlined.** A callee's blocks are lowered in place with its parameters
//!   bound to the arguments (pointers included), and its `return`s branch to a
//!   continuation block whose parameters are the result's leaves: from its top level
//!   that is the next block, from inside a construct it is an `Exit` edge (`halt`).
//!   WGSL has no recursion, and the depth of inlining is bounded.
//! - **Layout order.** Each function's structure tree is walked in order, so the kernel's
//!   blocks come out header, regions, merge: the order selection writes.
//! - **Variables**: function and private variables live in per-lane private memory
//!   (module-scope ones only when something uses them), workgroup variables in SLM,
//!   buffers behind binding-table indices (in `(group, binding)` order); buffer
//!   arguments are classified first (`args.rs`) and loads from a pushed one read pushed
//!   registers instead. A byte buffer (`buffer<N>`, `buffer`) is memory like any other:
//!   `bufferView` and `bufferArrayView` move its pointer by their byte offset.
//! - **Overrides** without a value are read once, in the prologue, from a pushed kernel
//!   argument; workgroup arrays they size follow the fixed-size variables in SLM, at
//!   offsets the prologue computes.
//! - **Constants** become a `loadi` right before each use, so they live for one
//!   instruction and selection can fold them into immediates.

mod algebra;
mod component;
mod ops;

use super::args;
use super::ir::{
    ArgClass, Binding, BlockId, Edge, Function, Inst as GInst, Op, Reg, Space, Special, Stage,
    Term, Ty,
};
use super::layout;
use crate::diag::{Diagnostic, codes};
use crate::ir::enums::{AddressSpace, BuiltinValue};
use crate::ir::structure::{Exit, Node, RegionId, StructureTree};
use crate::ir::{Block, Func, Inst, Module, Opcode};
use crate::util::map::Map;

/// Deepest nesting of inlined calls and of structure regions.
const MAX_DEPTH: u32 = 200;

/// A lowered IR value: its scalar leaves, or a pointer.
#[derive(Clone, Debug)]
pub(super) enum Val {
    S(Vec<Reg>),
    P(Ptr),
}

/// A pointer: an address space, a constant byte offset and an optional dynamic one.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ptr {
    pub space: Space,
    pub off: u32,
    pub dynamic: Option<Reg>,
    /// The binding it points into (an index into the kernel's bindings).
    pub binding: Option<usize>,
}

/// Where lowering failed: a diagnostic at the instruction.
pub(super) fn unsupported(m: &Module, at: Inst, what: &str) -> Diagnostic {
    let d = Diagnostic::error(
        codes::GEN_UNSUPPORTED,
        format!("{what} is not supported by the Gen back end yet"),
    );
    let span = m.span(at);
    if span.is_detached() {
        d
    } else {
        d.with_primary(span, "here")
    }
}

pub(super) fn malformed(m: &Module, at: Inst, what: &str) -> Diagnostic {
    let d = Diagnostic::error(
        codes::GEN_MALFORMED_IR,
        format!("the Gen back end cannot lower this IR: {what}"),
    );
    let span = m.span(at);
    if span.is_detached() {
        d
    } else {
        d.with_primary(span, "here")
    }
}

pub(super) type Result<T> = std::result::Result<T, Diagnostic>;

struct Frame {
    /// The value of each IR instruction, by its index in [`Lower::vals`].
    vals: Map<Inst, u32>,
    /// The Gen block of each IR block, by its index: a map of `u32`s like others in the
    /// package, rather than one more instantiation of the hash table for `BlockId`.
    blocks: Map<Inst, u32>,
    /// Where `return` goes: the continuation (or the kernel's exit block).
    ret: BlockId,
    /// Region nesting inside this function: 0 at its top level.
    depth: u32,
}

pub(super) struct Lower<'m> {
    pub m: &'m Module,
    pub f: Function,
    cur: BlockId,
    order: Vec<BlockId>,
    frames: Vec<Frame>,
    /// Every lowered value, indexed by the tables of `u32`s that name them (one hash
    /// table instantiation the package has anyway, rather than one per kind of value).
    vals: Vec<Val>,
    globals: Map<Inst, u32>,
    /// Leaves of module-scope values computed in the kernel prologue.
    global_vals: Map<Inst, u32>,
    pub simd: u8,
    inline_depth: u32,
    /// Definitions of float leaves, for the rewrites of `algebra.rs`.
    algebra: algebra::Algebra,
}

/// Lowers entry point `entry` of `m` (legalized, verified) to a Gen IR kernel.
pub fn lower(m: &Module, entry: Func, simd: u8) -> Result<Function> {
    let stage = if m.decoration(entry.inst(), Opcode::DecoCompute).is_some() {
        Stage::Compute
    } else if m.decoration(entry.inst(), Opcode::DecoVertex).is_some() {
        Stage::Vertex
    } else {
        Stage::Fragment
    };
    let name = m.name(entry.inst()).unwrap_or("main").to_string();
    let mut f = Function::new(&name, stage);
    if let Some(d) = m.decoration(entry.inst(), Opcode::DecoWorkgroupSize) {
        for k in 0..3 {
            let n = m.operand_opt(d, k).and_then(|c| m.const_u32(c));
            f.workgroup_size[k] = match n {
                Some(n) => n.max(1),
                None if m.operand_opt(d, k).is_none() => 1,
                None => {
                    // An override-sized workgroup: its default.
                    let c = m.operand(d, k);
                    let init = (m.opcode(c) == Opcode::Override)
                        .then(|| m.operand_opt(c, 0))
                        .flatten()
                        .and_then(|i| m.const_u32(i));
                    init.ok_or_else(|| unsupported(m, d, "a workgroup size without a value"))?
                }
            };
        }
    }
    // Block 0, the prologue, holds values computed from module-scope expressions; it
    // falls into the entry block.
    let prologue = f.new_block();
    let entry_block = f.new_block();
    f.block_mut(prologue).term = Term::Br {
        target: entry_block,
        args: Vec::new(),
        edge: Edge::Next,
    };
    let mut l = Lower {
        m,
        f,
        cur: entry_block,
        order: vec![prologue, entry_block],
        frames: Vec::new(),
        vals: Vec::new(),
        globals: Map::default(),
        global_vals: Map::default(),
        simd,
        inline_depth: 0,
        algebra: algebra::Algebra::default(),
    };
    l.module_vars(entry)?;
    let exit = l.f.new_block();
    let params = l.entry_params(entry)?;
    let ret_leaves = m
        .ty(entry.inst())
        .and_then(|t| m.fn_parts(t))
        .map(|(r, _)| r)
        .filter(|&r| m.opcode(r) != Opcode::Void);
    l.function_body(entry, params, exit)?;
    // The exit block: outputs, then the end of the thread.
    l.start(exit);
    if let Some(rt) = ret_leaves {
        let leaves = l.leaf_tys(rt, entry.inst())?;
        let mut outs = Vec::new();
        for (k, ty) in leaves.into_iter().enumerate() {
            let r = l.f.new_reg(ty);
            outs.push(r);
            l.f.outputs.push(format!("{}", k));
        }
        l.f.block_mut(exit).params = outs.clone();
        l.output_names(rt, entry);
        for (k, r) in outs.into_iter().enumerate() {
            l.emit0(Op::Output(k as u32), l.f.ty(r), &[r]);
        }
    }
    l.set_term(Term::Ret);
    l.finish()
}

impl<'m> Lower<'m> {
    // ---- emission helpers ----------------------------------------------------------------

    pub fn emit(&mut self, op: Op, ty: Ty, src: &[Reg]) -> Reg {
        let d = self.f.new_reg(ty);
        self.push(GInst {
            op,
            ty,
            dst: vec![d],
            src: src.to_vec(),
        });
        d
    }

    /// A value the dispatch provides. Not inlined, as the operations of `ops.rs`'s
    /// `binary_ops!` are not.
    #[inline(never)]
    pub fn special(&mut self, s: Special, ty: Ty) -> Reg {
        self.emit(Op::Special(s), ty, &[])
    }

    pub fn emit0(&mut self, op: Op, ty: Ty, src: &[Reg]) {
        self.push(GInst {
            op,
            ty,
            dst: Vec::new(),
            src: src.to_vec(),
        });
    }

    pub fn push(&mut self, i: GInst) {
        let cur = self.cur;
        self.f.block_mut(cur).insts.push(i);
    }

    pub fn loadi(&mut self, ty: Ty, bits: u32) -> Reg {
        let r = self.emit(Op::LoadI(bits), ty, &[]);
        self.algebra.note_const(r, ty, bits);
        r
    }

    pub fn ud(&mut self, x: u32) -> Reg {
        self.loadi(Ty::UD, x)
    }

    fn set_term(&mut self, t: Term) {
        let cur = self.cur;
        self.f.block_mut(cur).term = t;
    }

    /// Makes `b` the current block; blocks are laid out in the order they start.
    fn start(&mut self, b: BlockId) {
        self.cur = b;
        self.order.push(b);
    }

    /// Renumbers the blocks into layout order.
    fn finish(mut self) -> Result<Function> {
        let n = self.f.blocks.len();
        let mut new_index = vec![u32::MAX; n];
        let mut layout = Vec::with_capacity(n);
        for &b in &self.order {
            if new_index[b.0 as usize] == u32::MAX {
                new_index[b.0 as usize] = layout.len() as u32;
                layout.push(b);
            }
        }
        for (b, ix) in new_index.iter_mut().enumerate() {
            if *ix == u32::MAX {
                *ix = layout.len() as u32;
                layout.push(BlockId(b as u32));
            }
        }
        let map = |b: &mut BlockId| *b = BlockId(new_index[b.0 as usize]);
        let blocks = std::mem::take(&mut self.f.blocks);
        let mut old: Vec<Option<super::ir::Block>> = Vec::with_capacity(blocks.len());
        for b in blocks {
            old.push(Some(b));
        }
        for b in layout {
            let mut blk = old[b.0 as usize].take().expect("each block once");
            match &mut blk.term {
                Term::Br { target, .. } => map(target),
                Term::If {
                    then, els, merge, ..
                } => {
                    map(then);
                    map(els);
                    map(merge);
                }
                Term::Loop {
                    header,
                    merge,
                    cont,
                    ..
                } => {
                    map(header);
                    map(merge);
                    map(cont);
                }
                Term::Switch {
                    default,
                    cases,
                    merge,
                    ..
                } => {
                    map(default);
                    map(merge);
                    for (_, c) in cases {
                        map(c);
                    }
                }
                _ => {}
            }
            self.f.blocks.push(blk);
        }
        Ok(self.f)
    }

    // ---- module scope --------------------------------------------------------------------

    /// Binds every module-scope variable: buffers get binding-table indices and a class,
    /// workgroup variables SLM offsets, private variables private offsets (their
    /// initializers are stored at the top of the kernel).
    fn module_vars(&mut self, entry: Func) -> Result<()> {
        let m = self.m;
        let mut buffers = Vec::new();
        let mut privates = Vec::new();
        let mut sized_at_dispatch = Vec::new();
        for v in m.children(m.root()) {
            if m.opcode(v) != Opcode::Var {
                continue;
            }
            let Some((space, store, access)) = m.ty(v).and_then(|t| m.ptr_parts(t)) else {
                continue;
            };
            match space {
                AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Immediate => {
                    let num = |op| {
                        m.decoration(v, op)
                            .and_then(|d| m.operand_opt(d, 0))
                            .and_then(|c| m.const_u32(c))
                            .unwrap_or(0)
                    };
                    let (group, binding) = if space == AddressSpace::Immediate {
                        (u32::MAX, 0)
                    } else {
                        (num(Opcode::DecoGroup), num(Opcode::DecoBinding))
                    };
                    buffers.push((group, binding, v, space, store, access));
                }
                AddressSpace::Workgroup => {
                    let Some((size, align)) = layout::size_align(m, store) else {
                        sized_at_dispatch.push((v, store));
                        continue;
                    };
                    let off = layout::round_up(self.f.slm_size, align.max(4));
                    self.f.slm_size = off.saturating_add(size);
                    self.global(
                        v,
                        Val::P(Ptr {
                            space: Space::Slm,
                            off,
                            dynamic: None,
                            binding: None,
                        }),
                    );
                }
                AddressSpace::Private => privates.push((v, store)),
                _ => {}
            }
        }
        crate::util::sort::by_key(&mut buffers, |b| crate::util::sort::pair(b.0, b.1));
        for (k, (group, binding, v, space, store, access)) in buffers.into_iter().enumerate() {
            let bti = u8::try_from(k + 1)
                .map_err(|_| unsupported(m, v, "more than 250 buffer bindings"))?;
            let min_size = layout::size_align(m, store).map_or(0, |s| s.0);
            let read_only =
                space != AddressSpace::Storage || access == crate::ir::enums::AccessMode::Read;
            let class = args::classify(m, v, read_only);
            let elem = {
                let t = match m.opcode(store) {
                    Opcode::RuntimeArray => m.operand(store, 0),
                    Opcode::Struct => store,
                    _ => store,
                };
                let mut tys = self.leaf_tys(t, v).unwrap_or_default();
                if let Some(last) = m.struct_fields(store).last() {
                    // A struct ending in a runtime array: its element's leaves too.
                    if let Some(rt) = m.ty(*last).filter(|&t| m.opcode(t) == Opcode::RuntimeArray) {
                        tys.extend(self.leaf_tys(m.operand(rt, 0), v).unwrap_or_default());
                    }
                }
                tys.dedup();
                (tys.len() == 1).then(|| tys[0])
            };
            self.f.bindings.push(Binding {
                elem,
                name: m.name(v).unwrap_or("buffer").to_string(),
                group,
                binding,
                bti,
                uniform: space != AddressSpace::Storage,
                min_size,
                class,
                pushed: Vec::new(),
            });
            self.global(
                v,
                Val::P(Ptr {
                    space: Space::Buffer(bti),
                    off: 0,
                    dynamic: None,
                    binding: Some(k),
                }),
            );
        }
        let _ = entry;
        self.slm_sized_at_dispatch(&sized_at_dispatch)?;
        for (v, store) in privates {
            if !m.has_uses(v) {
                // Nothing reads or writes it: no memory, no initializer.
                continue;
            }
            let ptr = self.alloc_private(store, v)?;
            self.global(v, Val::P(ptr));
            self.initialize(ptr, store, m.operand_opt(v, 0), v)?;
        }
        Ok(())
    }

    /// Workgroup arrays whose element count is an override the dispatch pushes: placed
    /// after the fixed-size variables at offsets the prologue computes, and the kernel
    /// then claims the whole of SLM ([`layout::SLM_BYTES`]); what lies past it follows
    /// the robustness rules of every message.
    fn slm_sized_at_dispatch(&mut self, vars: &[(Inst, Inst)]) -> Result<()> {
        let m = self.m;
        if vars.is_empty() {
            return Ok(());
        }
        let saved = self.cur;
        let mut end = None;
        for &(v, t) in vars {
            let bad = || unsupported(m, v, "this workgroup variable's type");
            let e = m.operand_opt(t, 1).filter(|_| m.opcode(t) == Opcode::Array);
            let (count, stride) = (
                e.ok_or_else(bad)?,
                layout::array_stride(m, t).ok_or_else(bad)?,
            );
            let (_, align) = layout::size_align(m, m.operand(t, 0)).ok_or_else(bad)?;
            self.cur = BlockId(0);
            let n = self.scalar(count)?;
            let n = self.as_ud(self.f.ty(n), n);
            let align = align.max(4);
            let off = match end {
                None => self.ud(layout::round_up(self.f.slm_size, align)),
                Some(e) => {
                    let up = self.ud(align - 1);
                    let x = self.add(Ty::UD, e, up);
                    let mask = self.ud(!(align - 1));
                    self.emit(Op::And, Ty::UD, &[x, mask])
                }
            };
            let s = self.ud(stride);
            let bytes = self.mul(Ty::UD, n, s);
            end = Some(self.add(Ty::UD, off, bytes));
            self.cur = saved;
            let p = Ptr {
                space: Space::Slm,
                off: 0,
                dynamic: Some(off),
                binding: None,
            };
            self.global(v, Val::P(p));
        }
        self.f.slm_size = self.f.slm_size.max(layout::SLM_BYTES);
        Ok(())
    }

    /// Reserves per-lane private memory for a value of type `t`.
    fn alloc_private(&mut self, t: Inst, at: Inst) -> Result<Ptr> {
        let (size, align) = layout::size_align(self.m, t)
            .ok_or_else(|| unsupported(self.m, at, "this variable's type"))?;
        let off = layout::round_up(self.f.private_size, align.max(4));
        self.f.private_size = off.saturating_add(size);
        Ok(Ptr {
            space: Space::Private,
            off,
            dynamic: None,
            binding: None,
        })
    }

    /// The entry point's parameters, from the dispatch.
    fn entry_params(&mut self, entry: Func) -> Result<Vec<Val>> {
        let m = self.m;
        let Some(b) = m.entry_block(entry) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for p in m.block_params(b) {
            let p = p.inst();
            let t = m
                .ty(p)
                .ok_or_else(|| malformed(m, p, "an untyped parameter"))?;
            let mut leaves = Vec::new();
            if m.opcode(t) == Opcode::Struct {
                for fld in m.struct_fields(t) {
                    let ft = m
                        .ty(fld)
                        .ok_or_else(|| malformed(m, p, "an untyped field"))?;
                    leaves.extend(self.input(fld, ft, p)?);
                }
            } else {
                leaves = self.input(p, t, p)?;
            }
            out.push(Val::S(leaves));
        }
        Ok(out)
    }

    /// The leaves of one entry-point input (a parameter or a struct member `d`).
    fn input(&mut self, d: Inst, t: Inst, at: Inst) -> Result<Vec<Reg>> {
        let m = self.m;
        let builtin = m
            .decoration(d, Opcode::DecoBuiltin)
            .and_then(|x| m.operand_opt(x, 0))
            .and_then(|c| m.const_u32(c))
            .and_then(BuiltinValue::from_u32);
        let [sx, sy, _] = self.f.workgroup_size;
        if self.f.stage == Stage::Compute {
            let b = builtin.ok_or_else(|| malformed(m, at, "a compute input without a builtin"))?;
            return Ok(match b {
                BuiltinValue::LocalInvocationId => self.xyz(Special::LocalId),
                BuiltinValue::WorkgroupId => self.xyz(Special::GroupId),
                BuiltinValue::NumWorkgroups => self.xyz(Special::NumGroups),
                BuiltinValue::GlobalInvocationId => {
                    let lid = self.xyz(Special::LocalId);
                    let gid = self.xyz(Special::GroupId);
                    let mut out = Vec::new();
                    for k in 0..3 {
                        let size = self.ud(self.f.workgroup_size[k]);
                        let base = self.mul(Ty::UD, gid[k], size);
                        out.push(self.add(Ty::UD, base, lid[k]));
                    }
                    out
                }
                BuiltinValue::LocalInvocationIndex => vec![self.local_index()],
                BuiltinValue::WorkgroupIndex => {
                    let gid = self.xyz(Special::GroupId);
                    let ng = self.xyz(Special::NumGroups);
                    vec![self.flatten(&gid, ng[0], ng[1])]
                }
                BuiltinValue::GlobalInvocationIndex => {
                    let gi = self.input_global_index()?;
                    vec![gi]
                }
                BuiltinValue::SubgroupSize => vec![self.ud(self.simd as u32)],
                BuiltinValue::NumSubgroups => {
                    let total = sx.wrapping_mul(sy).wrapping_mul(self.f.workgroup_size[2]);
                    vec![self.ud(total.div_ceil(self.simd as u32))]
                }
                BuiltinValue::SubgroupId => {
                    // The thread's index in its workgroup: local index / SIMD width.
                    let li = self.local_index();
                    let w = self.ud(self.simd as u32);
                    vec![self.emit(Op::Math(super::ir::MathFn::IntDiv), Ty::UD, &[li, w])]
                }
                BuiltinValue::SubgroupInvocationId => {
                    vec![self.special(Special::Lane, Ty::UD)]
                }
                _ => return Err(unsupported(m, at, "this compute builtin")),
            });
        }
        // Vertex and fragment inputs: pushed per lane, one payload slot per leaf.
        let leaves = self.leaf_tys(t, at)?;
        let name = match builtin {
            Some(b) => b.name().to_string(),
            None => m
                .decoration(d, Opcode::DecoLocation)
                .and_then(|x| m.operand_opt(x, 0))
                .and_then(|c| m.const_u32(c))
                .map_or("input".to_string(), |l| format!("location({l})")),
        };
        let mut out = Vec::new();
        for (k, ty) in leaves.into_iter().enumerate() {
            let slot = self.f.inputs.len() as u32;
            self.f.inputs.push(format!("{name}.{k}"));
            out.push(self.special(Special::Input(slot), ty));
        }
        Ok(out)
    }

    fn input_global_index(&mut self) -> Result<Reg> {
        // global_invocation_index = flattened global id over the whole dispatch.
        let mut gid = Vec::new();
        for k in 0..3u8 {
            let l = self.special(Special::LocalId(k), Ty::UD);
            let g = self.special(Special::GroupId(k), Ty::UD);
            let size = self.ud(self.f.workgroup_size[k as usize]);
            let base = self.mul(Ty::UD, g, size);
            gid.push(self.add(Ty::UD, base, l));
        }
        let mut dims = Vec::new();
        for k in 0..2u8 {
            let n = self.special(Special::NumGroups(k), Ty::UD);
            let size = self.ud(self.f.workgroup_size[k as usize]);
            dims.push(self.mul(Ty::UD, n, size));
        }
        Ok(self.flatten(&gid, dims[0], dims[1]))
    }

    /// `v.x + v.y * nx + v.z * (nx * ny)`: the index of `v` in a grid of `nx` by `ny` by
    /// any, for registers `nx` and `ny`.
    fn flatten(&mut self, v: &[Reg], nx: Reg, ny: Reg) -> Reg {
        let y = self.mul(Ty::UD, v[1], nx);
        let nxy = self.mul(Ty::UD, nx, ny);
        let z = self.mul(Ty::UD, v[2], nxy);
        let s = self.add(Ty::UD, v[0], y);
        self.add(Ty::UD, s, z)
    }

    /// The `x`, `y` and `z` components of a dispatch value.
    fn xyz(&mut self, sp: fn(u8) -> Special) -> Vec<Reg> {
        let mut out = Vec::with_capacity(3);
        for k in 0..3 {
            out.push(self.special(sp(k), Ty::UD));
        }
        out
    }

    /// `local_invocation_index`: the local id flattened over the workgroup size.
    fn local_index(&mut self) -> Reg {
        let [sx, sy, _] = self.f.workgroup_size;
        let lid = self.xyz(Special::LocalId);
        let cx = self.ud(sx);
        let y = self.mul(Ty::UD, lid[1], cx);
        let cxy = self.ud(sx.wrapping_mul(sy));
        let z = self.mul(Ty::UD, lid[2], cxy);
        let s = self.add(Ty::UD, lid[0], y);
        self.add(Ty::UD, s, z)
    }

    /// Names the output slots of a vertex or fragment entry point.
    fn output_names(&mut self, rt: Inst, entry: Func) {
        let m = self.m;
        let name_of = |d: Inst| -> String {
            if let Some(b) = m
                .decoration(d, Opcode::DecoBuiltin)
                .and_then(|x| m.operand_opt(x, 0))
                .and_then(|c| m.const_u32(c))
                .and_then(BuiltinValue::from_u32)
            {
                return b.name().to_string();
            }
            m.decoration(d, Opcode::DecoLocation)
                .and_then(|x| m.operand_opt(x, 0))
                .and_then(|c| m.const_u32(c))
                .map_or("output".to_string(), |l| format!("location({l})"))
        };
        let mut names = Vec::new();
        if m.opcode(rt) == Opcode::Struct {
            for fld in m.struct_fields(rt) {
                let n = m
                    .ty(fld)
                    .and_then(|t| layout::leaves(m, t))
                    .map_or(1, |l| l.len());
                for k in 0..n {
                    names.push(format!("{}.{k}", name_of(fld)));
                }
            }
        } else {
            for k in 0..self.f.outputs.len() {
                names.push(format!("{}.{k}", name_of(entry.inst())));
            }
        }
        if names.len() == self.f.outputs.len() {
            self.f.outputs = names;
        }
    }

    // ---- functions and structure ---------------------------------------------------------

    /// Lowers the body of `func` with its parameters bound to `params`; every `return`
    /// branches to `ret`. Lowering continues in the current block.
    fn function_body(&mut self, func: Func, params: Vec<Val>, ret: BlockId) -> Result<()> {
        let m = self.m;
        let tree = StructureTree::build(m, func)
            .map_err(|e| malformed(m, e.at, &format!("its control flow: {}", e.message)))?;
        let mut frame = Frame {
            vals: Map::default(),
            blocks: Map::default(),
            ret,
            depth: 0,
        };
        if let Some(entry) = m.entry_block(func) {
            for (p, v) in m.block_params(entry).into_iter().zip(params) {
                frame.vals.insert(p.inst(), self.keep(v));
            }
            frame.blocks.insert(entry.inst(), self.cur.0);
        }
        self.frames.push(frame);
        let r = self.region(&tree, tree.root, 0);
        self.frames.pop();
        r
    }

    fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a function is being lowered")
    }

    /// The Gen block of IR block `b` in the current frame.
    fn block_of(&mut self, b: Block) -> BlockId {
        if let Some(&g) = self.frame().blocks.get(&b.inst()) {
            return BlockId(g);
        }
        let g = self.f.new_block();
        self.frame().blocks.insert(b.inst(), g.0);
        g
    }

    fn region(&mut self, tree: &StructureTree, r: RegionId, depth: u32) -> Result<()> {
        if depth > MAX_DEPTH {
            let at = self.m.root();
            return Err(unsupported(self.m, at, "control flow nested this deeply"));
        }
        for &n in tree.region(r) {
            match tree.node(n) {
                Node::Block { block, exit } => self.block(*block, *exit, depth)?,
                Node::If {
                    then_region,
                    else_region,
                    ..
                } => {
                    self.region(tree, *then_region, depth + 1)?;
                    self.region(tree, *else_region, depth + 1)?;
                }
                Node::Loop {
                    body, continuing, ..
                } => {
                    self.region(tree, *body, depth + 1)?;
                    self.region(tree, *continuing, depth + 1)?;
                }
                Node::Switch { cases, .. } => {
                    for (_, cr) in cases {
                        self.region(tree, *cr, depth + 1)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn block(&mut self, b: Block, exit: Exit, depth: u32) -> Result<()> {
        let m = self.m;
        let g = self.block_of(b);
        if g != self.cur || self.order.last() != Some(&g) {
            self.start(g);
        }
        self.frame().depth = depth;
        // Parameters (not of the entry block, whose parameters are bound already).
        let params = crate::ir::cfg::params(m, b);
        let is_entry = m.parent(b.inst()).and_then(|f| m.first_child(f)) == Some(b.inst());
        if !is_entry {
            let mut regs = Vec::new();
            for p in params {
                let t = m
                    .ty(p)
                    .ok_or_else(|| malformed(m, p, "an untyped parameter"))?;
                let leaves = self.leaf_tys(t, p)?;
                let mut rs = Vec::with_capacity(leaves.len());
                for ty in leaves {
                    rs.push(self.f.new_reg(ty));
                }
                regs.extend_from_slice(&rs);
                self.define(p, Val::S(rs));
            }
            self.f.block_mut(g).params = regs;
        }
        let mut term = None;
        for i in m.children(b.inst()) {
            let op = m.opcode(i);
            if op == Opcode::Param {
                continue;
            }
            if op.is_terminator() {
                term = Some(i);
                break;
            }
            self.inst(i)?;
        }
        let Some(t) = term else {
            self.set_term(Term::Unreachable);
            return Ok(());
        };
        self.terminator(t, exit)
    }

    fn terminator(&mut self, t: Inst, exit: Exit) -> Result<()> {
        let m = self.m;
        match m.opcode(t) {
            Opcode::Br => {
                let target = Block(m.operand(t, 0));
                let mut args = Vec::new();
                for k in 1..m.num_operands(t) {
                    args.extend(self.scalars(m.operand(t, k))?);
                }
                let edge = match exit {
                    Exit::Merge => Edge::Merge,
                    Exit::Break => Edge::Break,
                    Exit::Continue => Edge::Continue,
                    Exit::BackEdge => Edge::BackEdge,
                    _ => Edge::Next,
                };
                let target = self.block_of(target);
                self.set_term(Term::Br { target, args, edge });
            }
            Opcode::IfElse => {
                let cond = self.scalar(m.operand(t, 0))?;
                let then = self.block_of(Block(m.operand(t, 1)));
                let els = self.block_of(Block(m.operand(t, 2)));
                let merge = self.block_of(Block(m.operand(t, 3)));
                self.set_term(Term::If {
                    cond,
                    then,
                    els,
                    merge,
                });
            }
            Opcode::Loop => {
                let header = self.block_of(Block(m.operand(t, 0)));
                let merge = self.block_of(Block(m.operand(t, 1)));
                let cont = self.block_of(Block(m.operand(t, 2)));
                let mut args = Vec::new();
                for k in 3..m.num_operands(t) {
                    args.extend(self.scalars(m.operand(t, k))?);
                }
                self.set_term(Term::Loop {
                    header,
                    args,
                    merge,
                    cont,
                });
            }
            Opcode::Switch => {
                let sel = self.scalar(m.operand(t, 0))?;
                let default = self.block_of(Block(m.operand(t, 1)));
                let merge = self.block_of(Block(m.operand(t, 2)));
                let mut cases = Vec::new();
                let mut k = 3;
                while k + 1 < m.num_operands(t) {
                    let v = m.literal(m.operand(t, k));
                    let b = self.block_of(Block(m.operand(t, k + 1)));
                    cases.push((v, b));
                    k += 2;
                }
                self.set_term(Term::Switch {
                    sel,
                    default,
                    cases,
                    merge,
                });
            }
            Opcode::Return => {
                let args = match m.operand_opt(t, 0) {
                    Some(v) => self.scalars(v)?,
                    None => Vec::new(),
                };
                let frame = self.frame();
                let edge = if frame.depth == 0 {
                    Edge::Next
                } else {
                    Edge::Exit
                };
                let target = frame.ret;
                self.set_term(Term::Br { target, args, edge });
            }
            Opcode::Discard => self.set_term(Term::Discard),
            _ => self.set_term(Term::Unreachable),
        }
        Ok(())
    }

    /// Inlines `call @f(args…)`.
    fn call(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let callee = m.operand(i, 0);
        let func = m
            .as_func(callee)
            .ok_or_else(|| malformed(m, i, "a call of a non-function"))?;
        if self.inline_depth > MAX_DEPTH {
            return Err(unsupported(m, i, "calls nested this deeply"));
        }
        let mut params = Vec::new();
        for k in 1..m.num_operands(i) {
            params.push(self.value(m.operand(i, k))?);
        }
        let cont = self.f.new_block();
        let mut rets = Vec::new();
        if let Some(rt) = m.ty(i).filter(|&t| m.opcode(t) != Opcode::Void) {
            for ty in self.leaf_tys(rt, i)? {
                rets.push(self.f.new_reg(ty));
            }
        }
        self.f.block_mut(cont).params = rets.clone();
        self.inline_depth += 1;
        let saved_depth = self.frame().depth;
        let r = self.function_body(func, params, cont);
        self.inline_depth -= 1;
        r?;
        self.frame().depth = saved_depth;
        self.start(cont);
        if m.ty(i).is_some_and(|t| m.opcode(t) != Opcode::Void) {
            self.define(i, Val::S(rets));
        }
        Ok(())
    }

    // ---- values --------------------------------------------------------------------------

    /// The Gen types of the leaves of IR type `t`.
    pub fn leaf_tys(&self, t: Inst, at: Inst) -> Result<Vec<Ty>> {
        let leaves = layout::leaves(self.m, t)
            .ok_or_else(|| unsupported(self.m, at, "a value of this type"))?;
        let mut tys = Vec::with_capacity(leaves.len());
        for (_, ty) in leaves {
            tys.push(ty);
        }
        Ok(tys)
    }

    /// The lowered value of `v` (materializing constants in the current block).
    pub fn value(&mut self, v: Inst) -> Result<Val> {
        let local = self.frames.last().and_then(|f| f.vals.get(&v));
        if let Some(&k) = local.or_else(|| self.globals.get(&v)) {
            return Ok(self.vals[k as usize].clone());
        }
        let m = self.m;
        let op = m.opcode(v);
        if op.is_constant() {
            let t = m
                .ty(v)
                .ok_or_else(|| malformed(m, v, "an untyped constant"))?;
            let mut bits = Vec::new();
            self.constant_leaves(v, t, &mut bits, 0)?;
            let mut regs = Vec::with_capacity(bits.len());
            for (ty, b) in bits {
                regs.push(self.loadi(ty, b));
            }
            return Ok(Val::S(regs));
        }
        if op == Opcode::Override {
            return match m.operand_opt(v, 0) {
                Some(init) => self.value(init),
                None => match self.global_vals.get(&v) {
                    Some(&k) => Ok(self.vals[k as usize].clone()),
                    None => self.override_argument(v).map(|r| Val::S(vec![r])),
                },
            };
        }
        if m.is_global(v) && op.is_pure() {
            // A module-scope expression (of overrides): computed once, in the prologue,
            // which dominates every use.
            if let Some(&k) = self.global_vals.get(&v) {
                return Ok(self.vals[k as usize].clone());
            }
            let saved = self.cur;
            self.cur = BlockId(0);
            let saved_frames = std::mem::take(&mut self.frames);
            self.frames.push(Frame {
                vals: Map::default(),
                blocks: Map::default(),
                ret: BlockId(0),
                depth: 0,
            });
            let r = self.inst(v);
            let frames = std::mem::replace(&mut self.frames, saved_frames);
            self.cur = saved;
            r?;
            let k = frames
                .last()
                .and_then(|f| f.vals.get(&v).copied())
                .ok_or_else(|| malformed(m, v, "a module-scope value without a result"))?;
            let val = self.vals[k as usize].clone();
            if matches!(val, Val::P(_)) {
                return Err(unsupported(m, v, "a module-scope pointer"));
            }
            self.global_vals.insert(v, k);
            return Ok(val);
        }
        Err(malformed(m, v, "a value used before it is defined"))
    }

    /// An override without a value: a kernel argument the dispatch pushes, read once in
    /// the prologue (a `bool` arrives as 0 or 1 and is held as all ones or zeros).
    fn override_argument(&mut self, v: Inst) -> Result<Reg> {
        let m = self.m;
        let ty = m
            .ty(v)
            .and_then(|t| layout::scalar_ty(m, t))
            .ok_or_else(|| malformed(m, v, "an override that is not a scalar"))?;
        let k = self.f.overrides.len() as u32;
        let name = m.name(v).unwrap_or("?").to_string();
        self.f.overrides.push((name, m.span(v)));
        let saved = std::mem::replace(&mut self.cur, BlockId(0));
        let mem_ty = if ty == Ty::Bool { Ty::UD } else { ty };
        let mut r = self.special(Special::Override(k), mem_ty);
        if ty == Ty::Bool {
            let z = self.ud(0);
            r = self.emit(Op::Cmp(super::ir::Cond::Ne), Ty::UD, &[r, z]);
        }
        self.cur = saved;
        let k = self.keep(Val::S(vec![r]));
        self.global_vals.insert(v, k);
        Ok(r)
    }

    /// The leaves of a value.
    pub fn scalars(&mut self, v: Inst) -> Result<Vec<Reg>> {
        match self.value(v)? {
            Val::S(r) => Ok(r),
            Val::P(_) => Err(malformed(self.m, v, "a pointer used as a value")),
        }
    }

    /// The single leaf of a scalar value.
    pub fn scalar(&mut self, v: Inst) -> Result<Reg> {
        let s = self.scalars(v)?;
        s.first()
            .copied()
            .ok_or_else(|| malformed(self.m, v, "an empty value"))
    }

    pub fn pointer(&mut self, v: Inst) -> Result<Ptr> {
        match self.value(v)? {
            Val::P(p) => Ok(p),
            Val::S(_) => Err(malformed(self.m, v, "a value used as a pointer")),
        }
    }

    pub fn define(&mut self, i: Inst, v: Val) {
        let k = self.keep(v);
        self.frame().vals.insert(i, k);
    }

    /// Binds module-scope variable `v`.
    fn global(&mut self, v: Inst, val: Val) {
        let k = self.keep(val);
        self.globals.insert(v, k);
    }

    /// Stores a value, for the tables to name by its index.
    fn keep(&mut self, v: Val) -> u32 {
        self.vals.push(v);
        self.vals.len() as u32 - 1
    }

    fn constant_leaves(
        &mut self,
        c: Inst,
        t: Inst,
        out: &mut Vec<(Ty, u32)>,
        depth: u32,
    ) -> Result<()> {
        let m = self.m;
        if depth > layout::MAX_DEPTH || out.len() > layout::MAX_LEAVES {
            return Err(unsupported(m, c, "a constant this large"));
        }
        match m.opcode(c) {
            Opcode::Constant => {
                let ty = layout::scalar_ty(m, t)
                    .ok_or_else(|| malformed(m, c, "a non-scalar literal"))?;
                let bits = m.literal(c);
                let bits = if ty == Ty::Bool && bits != 0 {
                    u32::MAX
                } else {
                    bits
                };
                out.push((ty, bits));
            }
            Opcode::Composite => {
                for k in 0..m.num_operands(c) {
                    let part = m.operand(c, k);
                    let pt = m
                        .ty(part)
                        .ok_or_else(|| malformed(m, c, "an untyped constant"))?;
                    self.constant_leaves(part, pt, out, depth + 1)?;
                }
            }
            _ => {
                // zero and undef: all-zero leaves.
                for ty in self.leaf_tys(t, c)? {
                    out.push((ty, 0));
                }
            }
        }
        Ok(())
    }

    /// Stores a new variable's initial value: its initializer, or zeros.
    fn initialize(&mut self, p: Ptr, t: Inst, init: Option<Inst>, at: Inst) -> Result<()> {
        match init {
            Some(v) if !matches!(self.m.opcode(v), Opcode::Zero | Opcode::Undef) => {
                let vals = self.scalars(v)?;
                self.store_leaves(p, t, &vals, at)
            }
            _ => self.zero_fill(p, t, at),
        }
    }

    /// Zeros the bytes of a `t` at `p`, four dwords a message, whatever its leaves (a
    /// private array too large for registers is zeroed this way in scratch memory).
    fn zero_fill(&mut self, p: Ptr, t: Inst, at: Inst) -> Result<()> {
        let (size, _) = layout::size_align(self.m, t)
            .ok_or_else(|| unsupported(self.m, at, "a store of this type"))?;
        if size % 4 != 0 {
            // Halves: leaf by leaf, so a neighbour's bytes stay.
            let zeros = self.zero_leaves(t, at)?;
            return self.store_leaves(p, t, &zeros, at);
        }
        let words = size / 4;
        for first in (0..words).step_by(4) {
            let addr = self.address(p, first * 4);
            let mut src = vec![addr];
            for _ in first..(first + 4).min(words) {
                src.push(self.ud(0));
            }
            self.emit_store(p.space, Ty::UD, src);
        }
        Ok(())
    }

    /// `store` of the values after the address in `src`.
    fn emit_store(&mut self, space: Space, ty: Ty, src: Vec<Reg>) {
        self.push(GInst {
            op: Op::Store(space),
            ty,
            dst: Vec::new(),
            src,
        });
    }

    pub fn zero_leaves(&mut self, t: Inst, at: Inst) -> Result<Vec<Reg>> {
        let tys = self.leaf_tys(t, at)?;
        let mut out = Vec::with_capacity(tys.len());
        for ty in tys {
            out.push(self.loadi(ty, 0));
        }
        Ok(out)
    }

    // ---- instructions --------------------------------------------------------------------

    fn inst(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let op = m.opcode(i);
        match op {
            Opcode::Var => {
                let t = m.ty(i).and_then(|t| m.ptr_parts(t)).map(|p| p.1);
                let store = t.ok_or_else(|| malformed(m, i, "a variable without a type"))?;
                let ptr = self.alloc_private(store, i)?;
                self.initialize(ptr, store, m.operand_opt(i, 0), i)?;
                self.define(i, Val::P(ptr));
            }
            Opcode::Load if m.ty(i).is_some_and(|t| m.is_handle_type(t)) => {
                // Textures and samplers are named by binding-table slot where used.
                self.define(i, Val::S(Vec::new()));
            }
            Opcode::Load => {
                let p = self.pointer(m.operand(i, 0))?;
                let t = m.ty(i).ok_or_else(|| malformed(m, i, "an untyped load"))?;
                let v = self.load_leaves(p, t, i)?;
                self.define(i, Val::S(v));
            }
            Opcode::Store => {
                let p = self.pointer(m.operand(i, 0))?;
                let value = m.operand(i, 1);
                let t = m
                    .ty(value)
                    .ok_or_else(|| malformed(m, i, "an untyped store"))?;
                if matches!(m.opcode(value), Opcode::Zero | Opcode::Undef) {
                    self.zero_fill(p, t, i)?;
                } else if m.opcode(value).is_constant() {
                    // Materialized run by run, so a large zero stays cheap.
                    let mut bits = Vec::new();
                    self.constant_leaves(value, t, &mut bits, 0)?;
                    self.store_constant(p, t, &bits, i)?;
                } else {
                    let v = self.scalars(value)?;
                    self.store_leaves(p, t, &v, i)?;
                }
            }
            Opcode::Access => {
                let p = self.access(i)?;
                self.define(i, Val::P(p));
            }
            Opcode::BufferView | Opcode::BufferArrayView => {
                // A view of a byte buffer: its pointer, `offset` bytes on (the array
                // view's size is read by `arrayLength` alone).
                let mut p = self.pointer(m.operand(i, 0))?;
                self.offset_by(&mut p, m.operand(i, 1), 1)?;
                self.define(i, Val::P(p));
            }
            Opcode::Call => self.call(i)?,
            Opcode::StorageBarrier | Opcode::TextureBarrier | Opcode::WorkgroupBarrier => {
                self.emit0(Op::Barrier, Ty::UD, &[]);
            }
            Opcode::WorkgroupUniformLoad => {
                self.emit0(Op::Barrier, Ty::UD, &[]);
                let p = self.pointer(m.operand(i, 0))?;
                let t = m.ty(i).ok_or_else(|| malformed(m, i, "an untyped load"))?;
                let v = self.load_leaves(p, t, i)?;
                self.emit0(Op::Barrier, Ty::UD, &[]);
                self.define(i, Val::S(v));
            }
            Opcode::Demote => self.emit0(Op::Demote, Ty::UD, &[]),
            _ if op.is_in(crate::ir::Class::Atomic) => self.atomic(i)?,
            _ if op.is_pure() => self.pure(i)?,
            _ if op.is_in(crate::ir::Class::Derivative) => self.derivative(i)?,
            _ if op.is_in(crate::ir::Class::Texture) => self.texture(i)?,
            _ if op.is_in(crate::ir::Class::Subgroup) => self.subgroup(i)?,
            _ => return Err(unsupported(m, i, &format!("`{}`", op.name()))),
        }
        Ok(())
    }

    /// `access %base, indices…`: a pointer's address arithmetic.
    fn access(&mut self, i: Inst) -> Result<Ptr> {
        let m = self.m;
        let base = m.operand(i, 0);
        let mut p = self.pointer(base)?;
        let mut t = m
            .ty(base)
            .and_then(|t| m.ptr_parts(t))
            .map(|x| x.1)
            .ok_or_else(|| malformed(m, i, "an access through a non-pointer"))?;
        for k in 1..m.num_operands(i) {
            let ix = m.operand(i, k);
            let (elem, stride, member_off) = match m.opcode(t) {
                Opcode::Struct => {
                    let c = m
                        .const_u32(ix)
                        .ok_or_else(|| malformed(m, i, "a dynamic struct index"))?;
                    let offs = layout::member_offsets(m, t)
                        .ok_or_else(|| unsupported(m, i, "this struct's layout"))?;
                    let f = m
                        .struct_fields(t)
                        .get(c as usize)
                        .copied()
                        .ok_or_else(|| malformed(m, i, "a member index out of range"))?;
                    let ft = m
                        .ty(f)
                        .ok_or_else(|| malformed(m, i, "an untyped member"))?;
                    (ft, 0, offs.get(c as usize).copied().unwrap_or(0))
                }
                Opcode::Array | Opcode::RuntimeArray => {
                    let e = m.operand(t, 0);
                    let s = layout::array_stride(m, t)
                        .ok_or_else(|| unsupported(m, i, "this array's layout"))?;
                    (e, s, 0)
                }
                Opcode::Mat => {
                    let (col, _) = m.mat_parts(t).ok_or_else(|| malformed(m, i, "a matrix"))?;
                    let (s, a) = layout::size_align(m, col)
                        .ok_or_else(|| malformed(m, i, "a matrix column"))?;
                    (col, layout::round_up(s, a), 0)
                }
                Opcode::Vec => {
                    let (e, _) = m.vec_parts(t).ok_or_else(|| malformed(m, i, "a vector"))?;
                    let s = layout::size_align(m, e).map_or(4, |x| x.0);
                    (e, s, 0)
                }
                _ => return Err(malformed(m, i, "an access into a non-composite")),
            };
            if m.opcode(t) == Opcode::Struct {
                p.off = p.off.wrapping_add(member_off);
            } else {
                self.offset_by(&mut p, ix, stride)?;
            }
            t = elem;
        }
        Ok(p)
    }

    /// Moves `p` on by integer value `ix` times `stride` bytes: into its constant offset
    /// when `ix` is a constant, else into its dynamic one.
    fn offset_by(&mut self, p: &mut Ptr, ix: Inst, stride: u32) -> Result<()> {
        let m = self.m;
        if let Some(c) = (m.opcode(ix) == Opcode::Constant)
            .then(|| m.const_u32(ix))
            .flatten()
        {
            p.off = p.off.wrapping_add(c.wrapping_mul(stride));
            return Ok(());
        }
        let x = self.scalar(ix)?;
        let x = self.as_ud(self.f.ty(x), x);
        let scaled = if stride == 1 {
            x
        } else {
            let s = self.ud(stride);
            self.mul(Ty::UD, x, s)
        };
        p.dynamic = Some(match p.dynamic {
            Some(d) => self.add(Ty::UD, d, scaled),
            None => scaled,
        });
        Ok(())
    }

    /// The address register of `p` plus `extra` bytes.
    pub fn address(&mut self, p: Ptr, extra: u32) -> Reg {
        let c = p.off.wrapping_add(extra);
        match p.dynamic {
            None => self.ud(c),
            Some(d) if c == 0 => d,
            Some(d) => {
                let k = self.ud(c);
                self.add(Ty::UD, d, k)
            }
        }
    }

    /// Runs of up to four consecutive leaves of one type, as `(first leaf, count)`.
    fn runs(leaves: &[(u32, Ty)]) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        for (k, &(off, ty)) in leaves.iter().enumerate() {
            if let Some(last) = out.last_mut() {
                let (start, n) = *last;
                let (o0, t0) = leaves[start];
                if n < 4 && t0 == ty && off == o0 + n as u32 * ty.size() && ty != Ty::Bool {
                    last.1 += 1;
                    continue;
                }
            }
            out.push((k, 1));
        }
        out
    }

    pub fn load_leaves(&mut self, p: Ptr, t: Inst, at: Inst) -> Result<Vec<Reg>> {
        let m = self.m;
        let leaves =
            layout::leaves(m, t).ok_or_else(|| unsupported(m, at, "a load of this type"))?;
        let pushed = p.dynamic.is_none()
            && p.binding
                .is_some_and(|b| self.f.bindings[b].class == ArgClass::Pushed);
        let mut out = Vec::with_capacity(leaves.len());
        if pushed {
            let b = p.binding.unwrap_or(0);
            let bti = self.f.bindings[b].bti;
            for &(off, ty) in &leaves {
                let at_off = p.off.wrapping_add(off);
                let list = &mut self.f.bindings[b].pushed;
                if let Err(pos) = list.binary_search(&at_off) {
                    list.insert(pos, at_off);
                }
                out.push(self.special(Special::Pushed(bti, at_off), ty));
            }
            return Ok(out);
        }
        for (start, n) in Self::runs(&leaves) {
            let (off, ty) = leaves[start];
            let addr = self.address(p, off);
            let mem_ty = if ty == Ty::Bool { Ty::UD } else { ty };
            let mut dst = Vec::with_capacity(n);
            for _ in 0..n {
                dst.push(self.f.new_reg(mem_ty));
            }
            self.push(GInst {
                op: Op::Load(p.space),
                ty: mem_ty,
                dst: dst.clone(),
                src: vec![addr],
            });
            for d in dst {
                // Booleans are stored as 0/1 and held as all ones/zeros.
                out.push(if ty == Ty::Bool {
                    let z = self.ud(0);
                    self.emit(Op::Cmp(super::ir::Cond::Ne), Ty::UD, &[d, z])
                } else {
                    d
                });
            }
        }
        Ok(out)
    }

    fn store_constant(&mut self, p: Ptr, t: Inst, bits: &[(Ty, u32)], at: Inst) -> Result<()> {
        let m = self.m;
        let leaves =
            layout::leaves(m, t).ok_or_else(|| unsupported(m, at, "a store of this type"))?;
        if leaves.len() != bits.len() {
            return Err(malformed(
                m,
                at,
                "a store whose value does not match its type",
            ));
        }
        for (start, n) in Self::runs(&leaves) {
            let (off, ty) = leaves[start];
            let addr = self.address(p, off);
            let mut src = vec![addr];
            for &(_, b) in &bits[start..start + n] {
                let b = if ty == Ty::Bool { u32::from(b != 0) } else { b };
                let mem_ty = if ty == Ty::Bool { Ty::UD } else { ty };
                src.push(self.loadi(mem_ty, b));
            }
            let mem_ty = if ty == Ty::Bool { Ty::UD } else { ty };
            self.emit_store(p.space, mem_ty, src);
        }
        Ok(())
    }

    pub fn store_leaves(&mut self, p: Ptr, t: Inst, vals: &[Reg], at: Inst) -> Result<()> {
        let m = self.m;
        let leaves =
            layout::leaves(m, t).ok_or_else(|| unsupported(m, at, "a store of this type"))?;
        if leaves.len() != vals.len() {
            return Err(malformed(
                m,
                at,
                "a store whose value does not match its type",
            ));
        }
        for (start, n) in Self::runs(&leaves) {
            let (off, ty) = leaves[start];
            let addr = self.address(p, off);
            let mut src = vec![addr];
            for &v in &vals[start..start + n] {
                src.push(if ty == Ty::Bool {
                    let one = self.ud(1);
                    let zero = self.ud(0);
                    self.emit(Op::Sel, Ty::UD, &[v, one, zero])
                } else {
                    v
                });
            }
            let mem_ty = if ty == Ty::Bool { Ty::UD } else { ty };
            self.emit_store(p.space, mem_ty, src);
        }
        Ok(())
    }
}

/// Finds the entry point to compile: `name`, or the first one.
pub fn entry_points(m: &Module) -> Vec<Func> {
    let mut out = Vec::new();
    for i in m.children(m.root()) {
        let Some(f) = m.as_func(i) else { continue };
        if m.decoration(i, Opcode::DecoCompute).is_some()
            || m.decoration(i, Opcode::DecoVertex).is_some()
            || m.decoration(i, Opcode::DecoFragment).is_some()
        {
            out.push(f);
        }
    }
    out
}
