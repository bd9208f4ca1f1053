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
//!
//! A pass that reports no change has left the module as it found it, so running it again
//! before any other pass changes something would change nothing either: such runs are
//! skipped, and the loop stops as soon as every pass is known to change nothing. `dce`
//! also knows when the module it changed is its own fixpoint (see
//! [`dce::run_reporting_fixpoint`]), so its confirming run is skipped too. The
//! module goes through the same states as with every round run in full (the passes are
//! deterministic), for less work: the last round, which only confirms the fixpoint, runs
//! just the passes that have not confirmed it yet.

use super::{const_fold, dce, simplify_cfg};
use crate::ir::Module;

/// Most rounds run.
pub const MAX_ROUNDS: usize = 8;

/// The distinct passes of a round, each saying whether it changed the module and whether
/// the module it left is its own fixpoint.
const PASSES: [fn(&mut Module) -> dce::Outcome; 3] = [
    |m| settled_if_unchanged(simplify_cfg::run(m)),
    |m| settled_if_unchanged(const_fold::run(m)),
    dce::run_reporting_fixpoint,
];

/// Index of `dce` in [`PASSES`].
const DCE: usize = 2;

/// One round: indices into [`PASSES`].
const ROUND: [usize; 4] = [0, 1, 0, DCE];

/// The outcome of a pass known only to be deterministic.
fn settled_if_unchanged(changed: bool) -> dce::Outcome {
    dce::Outcome {
        changed,
        fixpoint: !changed,
    }
}

pub fn run(m: &mut Module) -> bool {
    let mut changed = false;
    // The passes known to change nothing on the module as it is now.
    let mut settled = [false; PASSES.len()];
    for _ in 0..MAX_ROUNDS {
        for &p in &ROUND {
            if settled.iter().all(|&s| s) {
                return changed;
            }
            if settled[p] {
                continue;
            }
            let outcome = PASSES[p](m);
            if outcome.changed {
                changed = true;
                settled = [false; PASSES.len()];
            }
            settled[p] = outcome.fixpoint;
            if cfg!(debug_assertions) && outcome.changed && outcome.fixpoint {
                debug_assert!(
                    !PASSES[p](m).changed,
                    "pass {p} of cleanup said it left its fixpoint, and a second run changed the module"
                );
            }
        }
    }
    changed
}
