//! Kernel-argument classification (Beignet's three cases for arguments in memory).
//!
//! A buffer binding of the kernel is
//! - **pushed** when the kernel never writes it and reads it only at constant offsets
//!   (every `access` index on the way a constant): the dispatcher copies those dwords
//!   into registers after `r0` (Gen's CURBE), and the loads become register reads;
//! - **loaded** when some read has a computed offset: reads are `send` messages;
//! - **written** when the kernel stores to it or applies an atomic: it stays in memory.
//!   Beignet copies a written OpenCL by-value argument to a per-lane private area first,
//!   because each lane needs its own copy; a WGSL storage buffer is shared by every
//!   invocation and its writes must be visible to them, so here "written" keeps the
//!   buffer in place. (A per-lane copy of a buffer value is what a `var` initialized from
//!   it already is: private memory.)
//!
//! The walk follows every use of the variable through `access` chains; a pointer passed
//! to a call (or used any other way) counts as written, which is always safe.

use super::ir::ArgClass;
use crate::ir::{Inst, Module, Opcode};

/// Pushed arguments beyond this many leaves per binding are loaded instead, so the
/// pushed registers stay few.
const MAX_PUSHED_LEAVES: usize = 64;

pub fn classify(m: &Module, var: Inst, read_only: bool) -> ArgClass {
    let mut class = ArgClass::Pushed;
    let mut leaves = 0usize;
    // (pointer value, reached through constant indices only)
    let mut work = vec![(var, true)];
    let mut steps = 0usize;
    while let Some((p, constant)) = work.pop() {
        for u in m.uses(p) {
            steps += 1;
            if steps > 100_000 {
                return ArgClass::Written;
            }
            let user = u.user;
            match m.opcode(user) {
                Opcode::Access if u.index == 0 => {
                    let all_const = (1..m.num_operands(user))
                        .all(|k| m.opcode(m.operand(user, k)) == Opcode::Constant);
                    work.push((user, constant && all_const));
                }
                Opcode::Load | Opcode::WorkgroupUniformLoad => {
                    let n = m
                        .ty(user)
                        .and_then(|t| super::layout::leaves(m, t))
                        .map(|l| {
                            if l.iter().all(|x| x.1.size() == 4) {
                                l.len()
                            } else {
                                usize::MAX / 2
                            }
                        })
                        .unwrap_or(usize::MAX / 2);
                    leaves = leaves.saturating_add(n);
                    if !constant || leaves > MAX_PUSHED_LEAVES {
                        class = ArgClass::Loaded;
                    }
                }
                Opcode::ArrayLength => {}
                _ => return ArgClass::Written,
            }
        }
    }
    if !read_only && class == ArgClass::Pushed && leaves == 0 {
        // Never read and never written: nothing to push.
        return ArgClass::Loaded;
    }
    class
}
