//! The SIMD simulator: runs a compute kernel's assembly (the in-memory [`Kernel`], never
//! a re-parse of its text) over a dispatch, against byte buffers.
//!
//! # The machine
//!
//! A workgroup of `X×Y×Z` invocations runs as `ceil(XYZ / SIMD)` hardware threads; thread
//! `t` holds invocations `t·SIMD …` of the workgroup in its lanes (local invocation index
//! order), and lanes past the end of the workgroup are off for the whole run. Each thread
//! has 128 GRFs of 32 bytes, the header, CURBE and payload filled as `select.rs`
//! describes, and each lane its own private memory; the workgroup shares its SLM; the
//! buffers are shared by the whole dispatch. Workgroups run one after another.
//!
//! # Execution masks
//!
//! Every lane has an instruction pointer. The thread always executes the instruction with
//! the smallest pointer among its unfinished lanes, for exactly the lanes that are there
//! (Beignet's "blockIP" scheme): structured code is laid out so that a construct's lanes
//! meet again at its `endif`, after its `while`, or at the continuation of an inlined
//! call, because the lanes that went ahead wait at a later pointer until the others
//! arrive. Control flow moves pointers: `(+f0.0) if` sends the lanes whose flag is clear
//! to its target, `else`, `while`, `break`, `cont`, `halt` and `goto` send the active
//! lanes (under their predicate, if any) to theirs. A predicate on any other instruction
//! disables the write of lanes whose flag disagrees.
//!
//! # Barriers and memory
//!
//! A thread at `gateway.barrier` stops until every unfinished thread of its workgroup is
//! at a barrier; then all go on. Between barriers a thread runs alone until it stops, so
//! memory is sequentially consistent and atomics are atomic. Messages follow WGSL's
//! robustness rules: a read of an element outside its buffer gives zero and a write
//! outside it is dropped (WGSL allows either of these for an out-of-bounds access).
//!
//! # Arithmetic
//!
//! Integer operations wrap; float-to-integer moves round toward zero and saturate (NaN
//! gives 0); `+ - * mad` and `math.fdiv`/`math.sqrt` are IEEE-754 single precision, correctly
//! rounded (`mad` fused); the other `math` functions are computed in double precision
//! and rounded once, far inside WGSL's accuracy bounds. f16 operations are computed in
//! f32 and rounded to f16.
//!
//! A run stops with a diagnostic past its instruction budget, and nothing in it panics on
//! any kernel or input.

mod exec;

use super::asm::{Curbe, Kernel};
use super::ir::Binding;
use crate::diag::{Diagnostic, codes};

/// Instructions one dispatch may execute (per thread instruction, not per lane).
pub const DEFAULT_BUDGET: u64 = 200_000_000;

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Instructions executed by threads.
    pub instructions: u64,
    /// Instructions times the lanes they ran for.
    pub lane_instructions: u64,
}

/// Runs `kernel` over `groups` workgroups. `buffers[k]` is the memory of `bindings[k]`
/// (binding-table index `k + 1`); they are read and written in place. `overrides[k]` holds
/// the bits of [`Kernel::overrides`]`[k]` (a `bool` as 0 or 1; missing ones read 0).
pub fn dispatch(
    kernel: &Kernel,
    bindings: &[Binding],
    buffers: &mut [Vec<u8>],
    overrides: &[u32],
    groups: [u32; 3],
    budget: u64,
) -> Result<Stats, Diagnostic> {
    if buffers.len() != bindings.len() {
        return Err(Diagnostic::error(
            codes::GEN_RUN_INPUT,
            format!(
                "the kernel has {} buffer bindings but {} buffers were given",
                bindings.len(),
                buffers.len()
            ),
        ));
    }
    let mut m = exec::Machine::new(kernel, buffers, budget);
    let [gx, gy, gz] = groups;
    for z in 0..gz {
        for y in 0..gy {
            for x in 0..gx {
                let curbe = curbe_values(kernel, m.buffers, overrides, groups);
                m.run_workgroup([x, y, z], &curbe)?;
            }
        }
    }
    Ok(m.stats)
}

/// The pushed dwords, from the buffers as they are when the workgroup starts (a pushed
/// buffer is never written by the kernel, so that is its value for the whole dispatch).
fn curbe_values(k: &Kernel, buffers: &[Vec<u8>], overrides: &[u32], groups: [u32; 3]) -> Vec<u32> {
    let mut out = Vec::with_capacity(k.curbe.len());
    for c in &k.curbe {
        out.push(match *c {
            Curbe::Buffer(bti, off) => buffers
                .get(bti as usize - 1)
                .and_then(|b| b.get(off as usize..off as usize + 4))
                .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])),
            Curbe::BufferSize(bti) => buffers
                .get(bti as usize - 1)
                .map_or(0, |b| b.len().min(u32::MAX as usize) as u32),
            Curbe::NumGroups(c) => groups[c as usize % 3],
            Curbe::Override(o) => overrides.get(o as usize).copied().unwrap_or(0),
        });
    }
    out
}

pub(super) fn budget_error(budget: u64) -> Diagnostic {
    Diagnostic::error(
        codes::GEN_RUN_BUDGET,
        format!("the dispatch ran {budget} instructions without finishing; a loop may not end"),
    )
}
