//! Scalar leaves of IR types: what a value of a type becomes in the Gen IR (one register
//! per leaf) and where each leaf lives in memory.
//!
//! Host-shareable types carry their layout in the IR (array strides, struct member
//! offsets and sizes); the others (private, function and workgroup memory) get WGSL's
//! natural layout, which is the same rules, so one computation serves both.

use super::ir::Ty;
use crate::ir::types::Scalar;
use crate::ir::{Inst, Module, Opcode};

/// Leaves past this many make a value too large for registers.
pub const MAX_LEAVES: usize = 4096;

/// Shared local memory of a Gen subslice, what a workgroup may use.
pub const SLM_BYTES: u32 = 64 * 1024;

/// Deepest type nesting measured (WGSL allows 15; refract's front end accepts more, and
/// a deeper type is refused rather than recursed into).
pub const MAX_DEPTH: u32 = 255;

/// The Gen type of an IR scalar type.
pub fn scalar_ty(m: &Module, t: Inst) -> Option<Ty> {
    Some(match m.scalar(t)? {
        Scalar::Bool => Ty::Bool,
        Scalar::I32 => Ty::D,
        Scalar::U32 => Ty::UD,
        Scalar::F32 => Ty::F,
        Scalar::F16 => Ty::HF,
    })
}

/// The leaves of a value of type `t`, in order, with their byte offsets in memory.
/// `None` for types that have no fixed list of leaves (runtime arrays, handles).
pub fn leaves(m: &Module, t: Inst) -> Option<Vec<(u32, Ty)>> {
    let mut out = Vec::new();
    push_leaves(m, t, 0, &mut out, 0)?;
    Some(out)
}

fn push_leaves(m: &Module, t: Inst, base: u32, out: &mut Vec<(u32, Ty)>, depth: u32) -> Option<()> {
    if depth > MAX_DEPTH || out.len() > MAX_LEAVES {
        return None;
    }
    match m.opcode(t) {
        Opcode::Bool | Opcode::I32 | Opcode::U32 | Opcode::F32 | Opcode::F16 => {
            out.push((base, scalar_ty(m, t)?));
        }
        Opcode::Atomic => push_leaves(m, m.operand_opt(t, 0)?, base, out, depth + 1)?,
        Opcode::Vec => {
            let (e, n) = m.vec_parts(t)?;
            let ty = scalar_ty(m, e)?;
            for k in 0..n {
                out.push((base + k * ty.size(), ty));
            }
        }
        Opcode::Mat => {
            let (col, n) = m.mat_parts(t)?;
            let (_, align) = size_align(m, col)?;
            let stride = round_up(size_align(m, col)?.0, align);
            for k in 0..n {
                push_leaves(m, col, base + k * stride, out, depth + 1)?;
            }
        }
        Opcode::Array => {
            let e = m.operand_opt(t, 0)?;
            let n = array_count(m, t)?;
            let stride = array_stride(m, t)?;
            for k in 0..n {
                push_leaves(m, e, base + k * stride, out, depth + 1)?;
                if out.len() > MAX_LEAVES {
                    return None;
                }
            }
        }
        Opcode::Struct => {
            let offsets = member_offsets(m, t)?;
            for (f, off) in m.struct_fields(t).into_iter().zip(offsets) {
                push_leaves(m, m.ty(f)?, base + off, out, depth + 1)?;
            }
        }
        _ => return None,
    }
    Some(())
}

/// The element count of a fixed-size array: its constant, or an override's default
/// (a workgroup array sized by an override takes the value the pipeline would).
pub fn array_count(m: &Module, t: Inst) -> Option<u32> {
    let c = m.operand_opt(t, 1)?;
    match m.opcode(c) {
        Opcode::Override => m.const_u32(m.operand_opt(c, 0)?),
        _ => m.const_u32(c),
    }
}

pub fn round_up(x: u32, align: u32) -> u32 {
    if align <= 1 {
        x
    } else {
        x.div_ceil(align).saturating_mul(align)
    }
}

/// The byte stride of an array or runtime array type: its own, or the natural one.
pub fn array_stride(m: &Module, t: Inst) -> Option<u32> {
    let stride_operand = match m.opcode(t) {
        Opcode::Array => 2,
        Opcode::RuntimeArray => 1,
        _ => return None,
    };
    if let Some(s) = m
        .operand_opt(t, stride_operand)
        .and_then(|c| m.const_u32(c))
    {
        return Some(s);
    }
    let (size, align) = size_align(m, m.operand_opt(t, 0)?)?;
    Some(round_up(size, align))
}

/// Byte offsets of a struct's members: their `@offset`s, or the natural layout.
pub fn member_offsets(m: &Module, t: Inst) -> Option<Vec<u32>> {
    struct_layout(m, t, 0, &mut Memo::default()).map(|(offsets, _)| offsets)
}

/// Size and alignment of a type (WGSL's rules, with the IR's explicit layout).
pub fn size_align(m: &Module, t: Inst) -> Option<(u32, u32)> {
    size_align_within(m, t, 0, &mut Memo::default())
}

/// The sizes and alignments one query has worked out, by struct: a struct whose members
/// repeat a type (`struct S1 { a: S0, b: S0 }`, nested thirty times) is measured once,
/// not once per path to it. Structs are numbered through a table of `u32`s, a hash table
/// instantiation the package has anyway.
#[derive(Default)]
struct Memo {
    index: crate::util::map::Map<Inst, u32>,
    layouts: Vec<Option<(u32, u32)>>,
}

/// A struct's member offsets and its (size, alignment), in one pass over its members.
fn struct_layout(
    m: &Module,
    t: Inst,
    depth: u32,
    memo: &mut Memo,
) -> Option<(Vec<u32>, (u32, u32))> {
    let deco = |x: Inst, op: Opcode| match m.decoration(x, op) {
        Some(d) => m.const_u32(m.operand_opt(d, 0)?).map(Some),
        None => Some(None),
    };
    let mut offsets = Vec::new();
    let mut at = 0u32;
    let mut align = 1;
    let mut end = 0;
    for f in m.struct_fields(t) {
        let (s, a) = size_align_within(m, m.ty(f)?, depth + 1, memo)?;
        let s = deco(f, Opcode::DecoSize)?.unwrap_or(s);
        let a = deco(f, Opcode::DecoAlign)?.unwrap_or(a);
        let off = deco(f, Opcode::DecoOffset)?.unwrap_or(round_up(at, a));
        offsets.push(off);
        at = off.saturating_add(s);
        align = align.max(a);
        end = end.max(at);
    }
    let align = deco(t, Opcode::DecoAlign)?.unwrap_or(align);
    let size = deco(t, Opcode::DecoSize)?.unwrap_or(round_up(end, align));
    Some((offsets, (size, align)))
}

fn size_align_within(m: &Module, t: Inst, depth: u32, memo: &mut Memo) -> Option<(u32, u32)> {
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match m.opcode(t) {
        Opcode::Bool | Opcode::I32 | Opcode::U32 | Opcode::F32 => (4, 4),
        Opcode::F16 => (2, 2),
        Opcode::Atomic => size_align_within(m, m.operand_opt(t, 0)?, depth + 1, memo)?,
        Opcode::Vec => {
            let (e, n) = m.vec_parts(t)?;
            let (s, _) = size_align_within(m, e, depth + 1, memo)?;
            let align = if n == 2 { 2 * s } else { 4 * s };
            (n * s, align)
        }
        Opcode::Mat => {
            let (col, n) = m.mat_parts(t)?;
            let (s, a) = size_align_within(m, col, depth + 1, memo)?;
            (round_up(s, a).saturating_mul(n), a)
        }
        // A byte buffer (`buffer<N>`): 16-byte aligned, so any view's type is aligned.
        Opcode::Buffer => (m.const_u32(m.operand_opt(t, 0)?)?, 16),
        Opcode::Array | Opcode::RuntimeArray => {
            let e = m.operand_opt(t, 0)?;
            let (s, a) = size_align_within(m, e, depth + 1, memo)?;
            let stride_operand = if m.opcode(t) == Opcode::Array { 2 } else { 1 };
            let stride = (m.operand_opt(t, stride_operand))
                .and_then(|c| m.const_u32(c))
                .unwrap_or(round_up(s, a));
            match m.opcode(t) {
                Opcode::Array => (stride.saturating_mul(array_count(m, t)?), a),
                _ => (stride, a),
            }
        }
        Opcode::Struct => {
            if let Some(&k) = memo.index.get(&t) {
                return memo.layouts[k as usize];
            }
            // A struct that reaches itself (only a malformed module) has no layout.
            let k = memo.layouts.len();
            memo.layouts.push(None);
            memo.index.insert(t, k as u32);
            let l = struct_layout(m, t, depth, memo).map(|(_, l)| l);
            memo.layouts[k] = l;
            l?
        }
        _ => return None,
    })
}
