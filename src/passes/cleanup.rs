//! `cleanup`: `simplify-cfg`, `const-fold`, `simplify-cfg` and `dce`, repeated until a
//! round changes nothing (at most [`MAX_ROUNDS`] rounds).
//!
//! Each of these passes can expose work for the others: `dce` removing the last
//! instruction of an `if` arm leaves an empty `if` for `simplify-cfg`; `simplify-cfg`
//! replacing a block parameter whose arguments agree leaves `!true` for `const-fold`. One
//! round leaves such work undone, and the WGSL round trip (which lowers the raised output
//! and runs the passes again) then finds it, so the second output differs from the first.
//! Repeating to a fixpoint makes `-O1` idempotent on what it can see. Every round is
//! linear, and the bound keeps the whole linear.

use super::{const_fold, dce, simplify_cfg};
use crate::ir::Module;

/// Most rounds run.
pub const MAX_ROUNDS: usize = 8;

pub fn run(m: &mut Module) -> bool {
    let mut changed = false;
    for _ in 0..MAX_ROUNDS {
        let mut round = simplify_cfg::run(m);
        round |= const_fold::run(m);
        round |= simplify_cfg::run(m);
        round |= dce::run(m);
        if !round {
            break;
        }
        changed = true;
    }
    changed
}
