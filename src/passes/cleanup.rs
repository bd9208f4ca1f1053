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
//!
//! The sub-passes run through the pass manager that runs `cleanup` ([`run_in`]), so each
//! is verified, printed and timed on its own, and they share its analysis cache: a
//! CFG `dce` builds for a function serves `simplify-cfg` in the next round unless a pass
//! changed that function's blocks.

use super::manager::{Manager, RunOptions, Step};
use super::{const_fold, dce, simplify_cfg};
use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::ir::analysis::{Analyses, Changed};
use std::cell::Cell;

/// Most rounds run.
pub const MAX_ROUNDS: usize = 8;

/// Index of `dce` in the steps of a round.
const DCE: usize = 2;

/// One round: indices into the distinct steps (`simplify-cfg`, `const-fold`, `dce`).
const ROUND: [usize; 4] = [0, 1, 0, DCE];

/// `cleanup` on its own manager (which verifies its sub-passes in debug builds).
pub fn run(m: &mut Module, an: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut manager = Manager::new(RunOptions::default());
    run_in(&mut manager, m, an).map_err(|mut d| d.remove(0))
}

/// `cleanup` as a step of a pipeline: its sub-passes run on `manager`.
pub fn step() -> Step<'static> {
    Step::nested("cleanup", run_in)
}

/// Runs the rounds, each sub-pass through `manager`.
pub fn run_in(
    manager: &mut Manager,
    m: &mut Module,
    an: &mut Analyses,
) -> Result<Changed, Vec<Diagnostic>> {
    // Whether the module `dce` left is its own fixpoint, as its last run said.
    let dce_fixpoint = Cell::new(false);
    let steps = [
        Step::new("simplify-cfg", simplify_cfg::run, ()),
        Step::new("const-fold", const_fold::run, ()),
        Step::from_fn("dce", |m, an| {
            let outcome = dce::run_reporting_fixpoint(m, an);
            dce_fixpoint.set(outcome.fixpoint);
            Ok(outcome.changed)
        }),
    ];
    let mut changed = Changed::None;
    // The steps known to change nothing on the module as it is now.
    let mut settled = [false; 3];
    for _ in 0..MAX_ROUNDS {
        for &p in &ROUND {
            if settled.iter().all(|&s| s) {
                return Ok(changed);
            }
            if settled[p] {
                continue;
            }
            let outcome = manager.run(&steps[p], m, an)?;
            // A step that changed nothing is its own fixpoint (the passes are
            // deterministic); `dce` also knows when a run that changed something is.
            let fixpoint = !outcome.any() || (p == DCE && dce_fixpoint.get());
            if outcome.any() {
                changed |= outcome;
                settled = [false; 3];
            }
            settled[p] = fixpoint;
            if cfg!(debug_assertions) && outcome.any() && fixpoint {
                debug_assert!(
                    !dce::run_reporting_fixpoint(m, an).changed.any(),
                    "dce said it left its fixpoint, and a second run changed the module"
                );
            }
        }
    }
    Ok(changed)
}
