//! `bit-fields`: WGSL's `extractBits(e, offset, count)` and `insertBits(e, newbits,
//! offset, count)` clamp their range: `o = min(offset, 32)`, `c = min(count, 32 - o)`;
//! SPIR-V's bit-field instructions are undefined when `offset + count > 32`. Constant
//! operands already in range are left alone.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::{builder_before, find_all};
use crate::ir::{Module, Opcode, Value};

/// The transform's name in pipelines, diagnostics and tests.
pub const NAME: &str = "bit-fields";

/// What `bit-fields` can be told: nothing yet; the back end's list decides whether it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {}

pub fn run(m: &mut Module, _: &mut Analyses, _: &Options) -> Result<Changed, Diagnostic> {
    let mut changed = false;
    for i in find_all(m, &[Opcode::ExtractBits, Opcode::InsertBits]) {
        let k = if m.opcode(i) == Opcode::ExtractBits {
            1
        } else {
            2
        };
        let (offset, count) = (m.operand(i, k), m.operand(i, k + 1));
        if let (Some(o), Some(c)) = (m.const_u32(offset), m.const_u32(count)) {
            if o.checked_add(c).is_some_and(|s| s <= 32) {
                continue;
            }
        }
        let mut b = builder_before(m, i);
        let w = b.const_u32(32);
        let o = b.binary(Opcode::Min, Value(offset), w);
        let room = b.binary(Opcode::Sub, w, o);
        let c = b.binary(Opcode::Min, Value(count), room);
        m.set_operand(i, k, o.inst());
        m.set_operand(i, k + 1, c.inst());
        changed = true;
    }
    Ok(Changed::instructions_if(changed))
}
