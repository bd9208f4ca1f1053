//! Memory layout of IR types in host-shareable memory (WGSL §"Memory Layout"): sizes,
//! alignments, member offsets, array strides and matrix column strides. The IR carries
//! what WGSL lets a program choose — `@offset`, `@size` and `@align` decorations on
//! structs and their members, strides on arrays — and this module derives the rest the
//! way WGSL does, so every consumer (the raiser, the transforms that address memory by
//! bytes, the back ends) agrees on one layout.
//!
//! Every function answers `None` for a type without a layout (handles, pointers, bool
//! outside memory) or one nested deeper than [`MAX_DEPTH`], rather than panicking.

use super::module::{Inst, Module};
use super::opcode::Opcode;

/// How deep a type may nest before layout questions answer `None`: the parser's bound, so
/// that whatever a parsed program nests has a layout.
pub const MAX_DEPTH: u32 = crate::syntax::MAX_NESTING_DEPTH as u32;

/// Size and alignment of a type, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub size: u32,
    pub align: u32,
}

/// `n` rounded up to a multiple of `align` (saturating).
pub fn round_up(align: u32, n: u32) -> u32 {
    if align <= 1 {
        n
    } else {
        n.div_ceil(align).saturating_mul(align)
    }
}

/// The layout of type `t`: struct layouts come from the struct's `@size` and `@align`
/// decorations when present, else from their members. A runtime-sized array's size is
/// one element's stride.
pub fn layout(m: &Module, t: Inst) -> Option<Layout> {
    layout_at(m, t, 0, &mut Memo::default())
}

/// The struct layouts one query has worked out: a struct whose members repeat a type
/// (`struct S1 { a: S0, b: S0 }`, nested thirty times) would otherwise be measured once
/// per path to it, exponentially many.
type Memo = crate::util::map::Map<Inst, Option<Layout>>;

fn layout_at(m: &Module, t: Inst, depth: u32, memo: &mut Memo) -> Option<Layout> {
    if depth > MAX_DEPTH {
        return None;
    }
    if m.opcode(t) == Opcode::Struct {
        if let Some(&l) = memo.get(&t) {
            return l;
        }
        // A struct that reaches itself (only a malformed module) has no layout: marked so
        // before its members are measured, so a cycle ends at once.
        memo.insert(t, None);
        let l = struct_layout(m, t, depth, memo);
        memo.insert(t, l);
        return l;
    }
    Some(match m.opcode(t) {
        Opcode::Bool | Opcode::I32 | Opcode::U32 | Opcode::F32 => Layout { size: 4, align: 4 },
        Opcode::F16 => Layout { size: 2, align: 2 },
        Opcode::Atomic => Layout { size: 4, align: 4 },
        Opcode::Vec => {
            let (e, n) = m.vec_parts(t)?;
            let s = layout_at(m, e, depth + 1, memo)?.size;
            let align = if n == 2 { 2 * s } else { 4 * s };
            Layout { size: n * s, align }
        }
        Opcode::Mat => {
            let (col, c) = m.mat_parts(t)?;
            let cl = layout_at(m, col, depth + 1, memo)?;
            Layout {
                size: c * round_up(cl.align, cl.size),
                align: cl.align,
            }
        }
        Opcode::Array => {
            let e = layout_at(m, m.operand_opt(t, 0)?, depth + 1, memo)?;
            let n = m.const_u32(m.operand_opt(t, 1)?)?;
            let stride = array_stride_with(m, t, 2, e);
            Layout {
                size: n.saturating_mul(stride),
                align: e.align,
            }
        }
        Opcode::RuntimeArray => {
            let e = layout_at(m, m.operand_opt(t, 0)?, depth + 1, memo)?;
            Layout {
                size: array_stride_with(m, t, 1, e),
                align: e.align,
            }
        }
        _ => return None,
    })
}

/// A struct's layout: its `@size` and `@align` decorations, else its members'.
fn struct_layout(m: &Module, t: Inst, depth: u32, memo: &mut Memo) -> Option<Layout> {
    let deco = |op: Opcode| {
        m.decoration(t, op)
            .and_then(|d| m.operand_opt(d, 0))
            .and_then(|x| m.const_u32(x))
    };
    let natural = natural_struct_layout(m, t, depth, memo)?;
    Some(Layout {
        size: deco(Opcode::DecoSize).unwrap_or(natural.size),
        align: deco(Opcode::DecoAlign).unwrap_or(natural.align),
    })
}

/// The stride of an array type whose stride operand is at `k`, given its element's
/// layout: the stride operand when there is one, else the element's size rounded up to
/// its alignment.
fn array_stride_with(m: &Module, t: Inst, k: usize, e: Layout) -> u32 {
    m.operand_opt(t, k)
        .and_then(|s| m.const_u32(s))
        .unwrap_or(round_up(e.align, e.size))
}

/// The element stride of a fixed-size or runtime-sized array type.
pub fn array_stride(m: &Module, t: Inst) -> Option<u32> {
    let k = match m.opcode(t) {
        Opcode::Array => 2,
        Opcode::RuntimeArray => 1,
        _ => return None,
    };
    let e = layout(m, m.operand_opt(t, 0)?)?;
    Some(array_stride_with(m, t, k, e))
}

/// The distance between a matrix type's columns: the column vector's alignment.
pub fn column_stride(m: &Module, t: Inst) -> Option<u32> {
    let (col, _) = m.mat_parts(t)?;
    Some(layout(m, col)?.align)
}

/// A struct's layout from its members' offsets (or natural offsets where none are given)
/// and its members' layouts.
fn natural_struct_layout(m: &Module, t: Inst, depth: u32, memo: &mut Memo) -> Option<Layout> {
    let mut end = 0u32;
    let mut align = 1u32;
    for f in m.struct_fields(t) {
        let l = layout_at(m, m.ty(f)?, depth + 1, memo)?;
        let offset = member_offset(m, f).unwrap_or(round_up(l.align, end));
        end = offset.saturating_add(l.size);
        align = align.max(l.align);
    }
    Some(Layout {
        size: round_up(align, end),
        align,
    })
}

/// The `@offset` of a struct member, if it has one.
pub fn member_offset(m: &Module, field: Inst) -> Option<u32> {
    m.decoration(field, Opcode::DecoOffset)
        .and_then(|d| m.operand_opt(d, 0))
        .and_then(|x| m.const_u32(x))
}

/// The offset of every member of struct type `t`: its `@offset`, or where WGSL's rules
/// place it after the member before.
pub fn member_offsets(m: &Module, t: Inst) -> Option<Vec<u32>> {
    let mut end = 0u32;
    let mut out = Vec::new();
    for f in m.struct_fields(t) {
        let l = layout(m, m.ty(f)?)?;
        let offset = member_offset(m, f).unwrap_or(round_up(l.align, end));
        end = offset.saturating_add(l.size);
        out.push(offset);
    }
    Some(out)
}

/// Whether `t` is runtime-sized: a runtime array, or a struct whose last member is.
pub fn is_runtime_sized(m: &Module, t: Inst) -> bool {
    match m.opcode(t) {
        Opcode::RuntimeArray | Opcode::RuntimeBuffer => true,
        Opcode::Struct => m
            .struct_fields(t)
            .last()
            .and_then(|&f| m.ty(f))
            .is_some_and(|ft| m.opcode(ft) == Opcode::RuntimeArray),
        _ => false,
    }
}
