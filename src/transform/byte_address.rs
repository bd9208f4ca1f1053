//! `byte-address`: storage and uniform buffers become untyped byte buffers, read and
//! written at computed byte offsets.
//!
//! HLSL reaches WGSL's storage buffers as `(RW)ByteAddressBuffer`s, whose `Load`/`Store`
//! take a byte offset, and its uniform buffers as arrays of `uint4` in a `cbuffer`; the
//! Gen ISA addresses buffers by bytes in its `send` messages. Neither has WGSL's typed
//! access chains, so this transform turns them into offsets in the IR, where the passes
//! can fold them:
//!
//! - each selected module-scope variable of type `ptr<AS, T, AM>` becomes
//!   `ptr<AS, buffer<size(T)>, AM>`, or `ptr<AS, buffer, AM>` (runtime-sized) when `T`
//!   ends in a runtime-sized array; its name, `@group` and `@binding` stay;
//! - every access chain from it becomes a `u32` offset: constant indices add their
//!   member offset or `index × stride` at transform time, dynamic ones add
//!   `u32(index) × stride` as instructions before the chain;
//! - every `load`, `store` and atomic through such a pointer goes through
//!   `buffer_view %var, %offset` of the pointee's type instead (a composite stays one
//!   `load`: back ends split it, HLSL into a helper function, Gen into scalar sends);
//! - `array_length` of a runtime-sized array at offset `o` with stride `s` becomes
//!   `(buffer_length %var - o) / s`.
//!
//! A variable that already is a byte buffer (`buffer<N>` or `buffer`, the `buffer_view`
//! language extension; in the storage, uniform or workgroup address space) keeps its
//! type, and what the source does through it takes the same road: each `bufferView<T>(&v, o)` or `bufferArrayView<T>(&v, o, size)` is a
//! pointer to `T` at byte offset `o`, and the chains, loads, stores and atomics through
//! it become views at their offsets, as from a typed variable. The array of a
//! `bufferArrayView` ends `size` bytes after `o`, so its `array_length` is
//! `(o + size - offset) / s`; a `bufferView`'s reaches the end of the buffer.
//!
//! Indices must already be in bounds (the `robustness` transform runs first), and a
//! pointer into a selected buffer must not be passed to a function (`pointer-args` runs
//! first with `globals: true`, so callees name the variable themselves). What it cannot
//! rewrite is an error naming the instruction, never a silent skip.

use crate::diag::{Diagnostic, codes};
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::builder_before;
use crate::ir::enums::{AccessMode, AddressSpace};
use crate::ir::layout::{self, array_stride, column_stride, is_runtime_sized, member_offsets};
use crate::ir::{Builder, Inst, Module, Opcode, Type, Value};

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "byte-address";

/// Which buffers become byte buffers.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Variables in the `storage` address space.
    pub storage: bool,
    /// Variables in the `uniform` address space.
    pub uniform: bool,
    /// Byte buffers in the `workgroup` address space (typed workgroup variables stay).
    pub workgroup: bool,
}

impl Default for Options {
    /// Every kind, as HLSL wants.
    fn default() -> Options {
        Options {
            storage: true,
            uniform: true,
            workgroup: true,
        }
    }
}

/// A byte offset being built: a dynamic part (if any) plus a constant.
#[derive(Clone, Copy)]
struct Offset {
    dynamic: Option<Value>,
    constant: u32,
}

/// A pointer still to rewrite: the instruction producing it, its offset, the type it
/// points to, and where the memory it may reach ends (a `u32` byte offset; `None`: the
/// end of the buffer).
struct Pending {
    ptr: Inst,
    offset: Offset,
    pointee: Inst,
    end: Option<Value>,
}

pub fn run(m: &mut Module, _: &mut Analyses, options: &Options) -> Result<Changed, Diagnostic> {
    let root = m.root();
    // Loops rather than filter/collect chains: each chain was its own copy of the iterator
    // code in the package.
    let mut vars: Vec<Inst> = Vec::new();
    for v in m.children(root) {
        if m.opcode(v) == Opcode::Var && selected(m, v, options) {
            vars.push(v);
        }
    }
    let mut offsets = OffsetCache::default();
    for &v in &vars {
        rewrite_var(m, v, &mut offsets)?;
    }
    let mut buffers: Vec<Inst> = Vec::new();
    for v in m.children(root) {
        if m.opcode(v) == Opcode::Var && selected_buffer(m, v, options) {
            buffers.push(v);
        }
    }
    let mut views = false;
    for &v in &buffers {
        views |= rewrite_views(m, v, &mut offsets)?;
    }
    Ok(Changed::instructions_if(!vars.is_empty() || views))
}

/// Whether `v` is a typed variable this run rewrites.
fn selected(m: &Module, v: Inst, options: &Options) -> bool {
    wanted(m, v, options) == Some(false)
}

/// Whether `v` is a byte buffer this run rewrites the views of.
fn selected_buffer(m: &Module, v: Inst, options: &Options) -> bool {
    wanted(m, v, options) == Some(true)
}

/// For a variable in a space this run rewrites: whether it already is a byte buffer.
fn wanted(m: &Module, v: Inst, options: &Options) -> Option<bool> {
    let (space, store, _) = m.ty(v).and_then(|t| m.ptr_parts(t))?;
    let buffer = matches!(m.opcode(store), Opcode::Buffer | Opcode::RuntimeBuffer);
    let wanted = match space {
        AddressSpace::Storage => options.storage,
        AddressSpace::Uniform | AddressSpace::Immediate => options.uniform,
        AddressSpace::Workgroup => options.workgroup && buffer,
        _ => false,
    };
    wanted.then_some(buffer)
}

/// Rewrites what goes through the source's views of the byte buffer `var` (its type
/// stays); whether there were any.
fn rewrite_views(m: &mut Module, var: Inst, offsets: &mut OffsetCache) -> Result<bool, Diagnostic> {
    let (space, _, access) = m
        .ty(var)
        .and_then(|t| m.ptr_parts(t))
        .ok_or_else(|| error(m, var, "a variable without a pointer type"))?;
    let mut work = Vec::new();
    for u in m.uses_vec(var) {
        let view = u.user;
        let op = m.opcode(view);
        if u.index != 0 || !matches!(op, Opcode::BufferView | Opcode::BufferArrayView) {
            // `buffer_length` and the views this transform makes read the variable
            // itself.
            continue;
        }
        let pointee = m
            .ty(view)
            .and_then(|t| m.ptr_parts(t))
            .map(|(_, p, _)| p)
            .ok_or_else(|| error(m, view, "a view without a pointer type"))?;
        let at = m.operand(view, 1);
        let size_at = (op == Opcode::BufferArrayView).then(|| m.operand(view, 2));
        let mut b = builder_before(m, view);
        let u32t = b.ty_u32();
        let offset = match b.module.const_u32(at) {
            Some(c) if b.module.opcode(at) == Opcode::Constant => Offset {
                dynamic: None,
                constant: c,
            },
            _ => Offset {
                dynamic: Some(as_u32(&mut b, Value(at), u32t)),
                constant: 0,
            },
        };
        let end = match size_at {
            Some(size) => {
                let start = materialize(&mut b, offset);
                let size = as_u32(&mut b, Value(size), u32t);
                Some(b.binary(Opcode::Add, start, size))
            }
            None => None,
        };
        work.push(Pending {
            ptr: view,
            offset,
            pointee,
            end,
        });
    }
    let any = !work.is_empty();
    rewrite_uses(m, var, space, access, work, offsets)?;
    Ok(any)
}

fn rewrite_var(m: &mut Module, var: Inst, offsets: &mut OffsetCache) -> Result<(), Diagnostic> {
    let (space, store, access) = m
        .ty(var)
        .and_then(|t| m.ptr_parts(t))
        .ok_or_else(|| error(m, var, "a variable without a pointer type"))?;
    let buffer_ty = if is_runtime_sized(m, store) {
        Builder::new(m).ty_buffer(None)
    } else {
        let size = layout::layout(m, store)
            .ok_or_else(|| error(m, var, "a buffer whose type has no memory layout"))?
            .size;
        Builder::new(m).ty_buffer(Some(size))
    };
    let work = vec![Pending {
        ptr: var,
        offset: Offset {
            dynamic: None,
            constant: 0,
        },
        pointee: store,
        end: None,
    }];
    rewrite_uses(m, var, space, access, work, offsets)?;
    let new_ty = Builder::new(m).ty_ptr(space, buffer_ty, access);
    m.set_type(var, new_ty.inst());
    Ok(())
}

/// Each struct type's member offsets, as this run has needed them: a buffer's chains
/// pass through the same few structs again and again, and types do not change here.
type OffsetCache = crate::util::map::Map<Inst, Option<Vec<u32>>>;

/// Rewrites every use of the pointers in `work` (and of the chains built on them) into
/// views of `var` at byte offsets, then removes the pointers but `var`.
fn rewrite_uses(
    m: &mut Module,
    var: Inst,
    space: AddressSpace,
    access: AccessMode,
    mut work: Vec<Pending>,
    offsets: &mut OffsetCache,
) -> Result<(), Diagnostic> {
    let mut dead: Vec<Inst> = Vec::new();
    for p in &work {
        if p.ptr != var {
            dead.push(p.ptr);
        }
    }
    while let Some(p) = work.pop() {
        for u in m.uses_vec(p.ptr) {
            let user = u.user;
            if u.index != 0 {
                return Err(error(
                    m,
                    user,
                    "a pointer into a buffer used other than as the pointer operand",
                ));
            }
            match m.opcode(user) {
                Opcode::Access => {
                    let (offset, pointee) = chain_offset(m, user, p.offset, p.pointee, offsets)?;
                    work.push(Pending {
                        ptr: user,
                        offset,
                        pointee,
                        end: p.end,
                    });
                    dead.push(user);
                }
                Opcode::Load | Opcode::Store => {
                    view_for(m, user, var, space, access, &p)?;
                }
                op if op.class() == crate::ir::opcode::Class::Atomic => {
                    view_for(m, user, var, space, access, &p)?;
                }
                Opcode::ArrayLength => {
                    array_length(m, user, var, &p)?;
                    dead.push(user);
                }
                _ => {
                    return Err(error(
                        m,
                        user,
                        "a pointer into a buffer passed where only loads, stores, atomics and access chains are handled",
                    ));
                }
            }
        }
    }
    // Chains were pushed before their users: remove users first.
    for i in dead.into_iter().rev() {
        m.remove(i);
    }
    Ok(())
}

/// The offset and pointee type after access chain `chain`, from `base` pointing to `t`.
/// Its instructions go before the chain.
fn chain_offset(
    m: &mut Module,
    chain: Inst,
    base: Offset,
    mut t: Inst,
    cache: &mut OffsetCache,
) -> Result<(Offset, Inst), Diagnostic> {
    let mut offset = base;
    let indices = m.operands_vec(chain);
    for &ix in &indices[1..] {
        let constant = (m.opcode(ix) == Opcode::Constant)
            .then(|| m.const_u32(ix))
            .flatten();
        let (stride, next) = match m.opcode(t) {
            Opcode::Struct => {
                let k = constant
                    .ok_or_else(|| error(m, chain, "a struct member chosen by a dynamic index"))?;
                if !cache.contains_key(&t) {
                    cache.insert(t, member_offsets(m, t));
                }
                let offsets = cache
                    .get(&t)
                    .and_then(Option::as_ref)
                    .ok_or_else(|| error(m, chain, "a struct without a memory layout"))?;
                let at = *offsets
                    .get(k as usize)
                    .ok_or_else(|| error(m, chain, "a struct member index out of range"))?;
                let next = m
                    .member_type(t, Some(k))
                    .ok_or_else(|| error(m, chain, "a struct member index out of range"))?;
                offset.constant = offset.constant.wrapping_add(at);
                t = next;
                continue;
            }
            Opcode::Array | Opcode::RuntimeArray => (array_stride(m, t), m.operand_opt(t, 0)),
            Opcode::Mat => (column_stride(m, t), m.mat_parts(t).map(|(c, _)| c)),
            Opcode::Vec => (
                m.vec_parts(t)
                    .and_then(|(e, _)| layout::layout(m, e))
                    .map(|l| l.size),
                m.vec_parts(t).map(|(e, _)| e),
            ),
            _ => (None, None),
        };
        let (Some(stride), Some(next)) = (stride, next) else {
            return Err(error(
                m,
                chain,
                "an access chain through a type without a layout",
            ));
        };
        match constant {
            Some(k) => offset.constant = offset.constant.wrapping_add(k.wrapping_mul(stride)),
            None => {
                let mut b = builder_before(m, chain);
                let u32t = b.ty_u32();
                let index = as_u32(&mut b, Value(ix), u32t);
                let scaled = if stride == 1 {
                    index
                } else {
                    let s = b.const_u32(stride);
                    b.binary(Opcode::Mul, index, s)
                };
                offset.dynamic = Some(match offset.dynamic {
                    Some(d) => b.binary(Opcode::Add, d, scaled),
                    None => scaled,
                });
            }
        }
        t = next;
    }
    // One `add` per chain: every pointer built on it, and every view of it, starts
    // from the sum rather than adding the constant again.
    if let Some(d) = offset.dynamic.filter(|_| offset.constant != 0) {
        let mut b = builder_before(m, chain);
        let c = b.const_u32(offset.constant);
        offset = Offset {
            dynamic: Some(b.binary(Opcode::Add, d, c)),
            constant: 0,
        };
    }
    Ok((offset, t))
}

/// Replaces the pointer operand of `user` (a load, store or atomic through a pointer to
/// `p.pointee`) with a view of `var` at `p`'s offset.
fn view_for(
    m: &mut Module,
    user: Inst,
    var: Inst,
    space: AddressSpace,
    access: AccessMode,
    p: &Pending,
) -> Result<(), Diagnostic> {
    let mut b = builder_before(m, user);
    let offset = materialize(&mut b, p.offset);
    let pt = b.ty_ptr(space, Type(p.pointee), access);
    let view = b.value(Opcode::BufferView, pt, &[Value(var), offset]);
    m.set_operand(user, 0, view.inst());
    Ok(())
}

/// `array_length` of the runtime-sized array `p` points to: `(end - o) / s`, where `end`
/// is `buffer_length %var` or the end of the view the array is in.
fn array_length(m: &mut Module, user: Inst, var: Inst, p: &Pending) -> Result<(), Diagnostic> {
    let stride = array_stride(m, p.pointee)
        .filter(|&s| s > 0)
        .ok_or_else(|| error(m, user, "`array_length` of a type without a stride"))?;
    let mut b = builder_before(m, user);
    let u32t = b.ty_u32();
    let bytes = match p.end {
        Some(end) => end,
        None => b.value(Opcode::BufferLength, u32t, &[Value(var)]),
    };
    let offset = materialize(&mut b, p.offset);
    let rest = b.binary(Opcode::Sub, bytes, offset);
    let s = b.const_u32(stride);
    let len = b.binary(Opcode::Div, rest, s);
    if let Some(name) = m.name(user).map(str::to_string) {
        m.set_name(len.inst(), &name);
    }
    m.replace_all_uses_with(user, len.inst());
    Ok(())
}

/// The offset as one `u32` value.
fn materialize(b: &mut Builder<'_>, o: Offset) -> Value {
    match o.dynamic {
        None => b.const_u32(o.constant),
        Some(d) if o.constant == 0 => d,
        Some(d) => {
            let c = b.const_u32(o.constant);
            b.binary(Opcode::Add, d, c)
        }
    }
}

fn as_u32(b: &mut Builder<'_>, v: Value, u32t: Type) -> Value {
    let is_u32 = b
        .module
        .ty(v.inst())
        .is_some_and(|t| b.module.opcode(t) == Opcode::U32);
    if is_u32 {
        v
    } else {
        b.value(Opcode::Bitcast, u32t, &[v])
    }
}

fn error(m: &Module, at: Inst, what: &str) -> Diagnostic {
    let d = Diagnostic::error(
        codes::TRANSFORM_UNSUPPORTED,
        format!("cannot address this buffer by bytes: {what}"),
    );
    let span = m.span(at);
    if span.is_detached() {
        d
    } else {
        d.with_primary(span, "here")
    }
}
