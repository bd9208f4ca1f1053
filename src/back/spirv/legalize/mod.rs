//! SPIR-V legalization: what WGSL defines and SPIR-V leaves undefined or expresses
//! differently, rewritten in the IR before the writer runs. Each rule is a small named
//! transform in its own file with filecheck tests beside it; [`RULES`] lists them in the
//! order [`run`] applies them. They run on the SPIR-V back end's own copy of the module.

mod bit_fields;
mod clamp;
mod demote_to_helper;
mod dynamic_index;
mod float_to_int;
mod int_division;
mod pointer_args;
mod robustness;
mod shift_amount;
mod texture_bounds;
mod uniform_std140;
mod zero_workgroup;

use super::{Options, Result};
use crate::ir::Module;

/// A legalization rule.
pub struct Rule {
    pub name: &'static str,
    pub summary: &'static str,
    /// Whether the rule applies for these options.
    pub wanted: fn(&Options) -> bool,
    pub run: fn(&mut Module, &Options) -> Result<bool>,
}

/// Every rule, in the order they run.
pub const RULES: &[Rule] = &[
    Rule {
        name: "int-division",
        summary: "integer `/` and `%` by zero, and i32::MIN / -1, give WGSL's results",
        wanted: always,
        run: int_division::run,
    },
    Rule {
        name: "shift-amount",
        summary: "shift amounts are taken modulo 32",
        wanted: always,
        run: shift_amount::run,
    },
    Rule {
        name: "float-to-int",
        summary: "float-to-integer conversions saturate",
        wanted: always,
        run: float_to_int::run,
    },
    Rule {
        name: "clamp",
        summary: "`clamp` with bounds that may cross becomes `max` then `min`",
        wanted: always,
        run: clamp::run,
    },
    Rule {
        name: "bit-fields",
        summary: "`extractBits`/`insertBits` offsets and counts are clamped to 32 bits",
        wanted: always,
        run: bit_fields::run,
    },
    Rule {
        name: "pointer-args",
        summary: "calls passing pointers that are not variables call copies specialized to the pointer's root",
        wanted: always,
        run: pointer_args::run,
    },
    Rule {
        name: "robustness",
        summary: "indices that may be out of bounds are clamped to the last element",
        wanted: always,
        run: robustness::run,
    },
    Rule {
        name: "texture-bounds",
        summary: "`textureLoad` clamps its address into the texture; `textureStore` outside it is skipped",
        wanted: always,
        run: texture_bounds::run,
    },
    Rule {
        name: "uniform-std140",
        summary: "matrices whose columns are not 16 bytes apart become column members in uniform buffers",
        wanted: always,
        run: uniform_std140::run,
    },
    Rule {
        name: "dynamic-index",
        summary: "dynamic indices into array and matrix values go through a variable",
        wanted: always,
        run: dynamic_index::run,
    },
    Rule {
        name: "demote-to-helper",
        summary: "`demote` is emulated with a flag, guarded storage writes and a final kill (before SPIR-V 1.6)",
        wanted: demote_to_helper::wanted,
        run: demote_to_helper::run,
    },
    Rule {
        name: "zero-workgroup",
        summary: "workgroup variables are zeroed by the first invocation, then a barrier (before Vulkan 1.3)",
        wanted: zero_workgroup::wanted,
        run: zero_workgroup::run,
    },
];

fn always(_: &Options) -> bool {
    true
}

/// The rule called `name`.
pub fn find(name: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.name == name)
}

/// Runs every rule that applies for `options`. Returns whether any changed the module.
pub fn run(m: &mut Module, options: &Options) -> Result<bool> {
    let mut changed = false;
    for r in RULES {
        if (r.wanted)(options) {
            changed |= (r.run)(m, options)?;
        }
    }
    Ok(changed)
}
