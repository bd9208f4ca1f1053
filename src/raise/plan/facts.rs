//! What the plan reads off the IR, the same for every language: what an instruction does
//! to memory, which loads are handles, which indices are constants, how many members a
//! composite has, what a decoration says.

use crate::ir::types::Scalar;
use crate::ir::{Inst, Module, Opcode};

/// The `u32` operand of decoration `op` on `i` (`@group`, `@binding`, `@id`, `@size`…),
/// for every emitter that writes or reads one.
pub fn decoration_u32(m: &Module, i: Inst, op: Opcode) -> Option<u32> {
    m.decoration(i, op)
        .and_then(|d| m.operand_opt(d, 0))
        .and_then(|x| m.const_u32(x))
}

/// What an instruction does to memory, for ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Effect {
    /// Nothing: it may move anywhere its operands are available.
    Pure,
    /// Reads memory (a load, a texture read, a derivative, a subgroup operation).
    Reads,
    /// Writes memory or has another side effect (a store, a call, an atomic, a barrier).
    Writes,
}

/// Whether two reads or effects may not change their order: a write and anything else
/// that touches memory.
pub fn conflicts(a: Effect, b: Effect) -> bool {
    (a == Effect::Writes && b != Effect::Pure) || (b == Effect::Writes && a != Effect::Pure)
}

/// What instruction `i` does to memory.
pub fn effect_of(m: &Module, i: Inst) -> Effect {
    let op = m.opcode(i);
    if op.has_side_effects() {
        Effect::Writes
    } else if op.reads() {
        if op == Opcode::Load && is_handle_load(m, i) {
            Effect::Pure
        } else {
            Effect::Reads
        }
    } else {
        Effect::Pure
    }
}

/// Whether `i` loads a texture or sampler handle (written as the variable's name).
pub fn is_handle_load(m: &Module, i: Inst) -> bool {
    m.opcode(i) == Opcode::Load && m.ty(i).is_some_and(|t| m.is_handle_type(t))
}

/// A constant index's value: an integer constant, or the zero value of an integer type
/// (what `mem2reg` gives an index read from a variable never assigned). Both are written
/// the same (`a[0]`), so the output does not depend on which one the IR holds.
pub fn constant_index(m: &Module, ix: Inst) -> Option<u32> {
    match m.opcode(ix) {
        Opcode::Zero => matches!(m.scalar(m.ty(ix)?)?, Scalar::I32 | Scalar::U32).then_some(0),
        _ => m.const_u32(ix),
    }
}

/// The number of members of a composite type (vector components, matrix columns, array
/// elements of a constant-sized array, struct members), if it has a fixed number.
pub fn member_count(m: &Module, t: Inst) -> Option<u32> {
    match m.opcode(t) {
        Opcode::Vec => m.vec_parts(t).map(|p| p.1),
        Opcode::Mat => m.mat_parts(t).map(|p| p.1),
        Opcode::Array => m.operand_opt(t, 1).and_then(|c| m.const_u32(c)),
        Opcode::Struct => Some(m.struct_field_count(t) as u32),
        _ => None,
    }
}
