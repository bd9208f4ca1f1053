//! `optimize`: the body of `-O2`: `simplify`, `gvn`, `memory`, `sccp`, `licm` and `cleanup`,
//! repeated until a round changes nothing (at most [`MAX_ROUNDS`] rounds).
//!
//! The `-O2` pipeline is `mem2reg`, `dead-globals`, `inline`, `dead-globals`,
//! `private-to-local`, `mem2reg`, `optimize`, `unused-globals`:
//!
//! 1. `mem2reg` makes the SSA values the other passes work on, so the sizes `inline`
//!    weighs are those of promoted code;
//! 2. `dead-globals` drops the functions and module-scope variables no entry point
//!    reaches, so no later pass spends time on them;
//! 3. `inline` copies small functions and last calls into their callers; `dead-globals`
//!    drops the functions whose last call it inlined, so that a private variable they
//!    used is used by the entry point alone, and `private-to-local` makes such variables
//!    the entry point's own (programs translated from SPIR-V keep every temporary in
//!    one); `mem2reg` runs again for those and for the variables that were only kept in
//!    memory because a call took their address (pointer arguments);
//! 4. each round of `optimize` simplifies algebraically (which can make two
//!    instructions equal: `(x + y) - y` and `x`), merges equal values (which can make a
//!    rule apply: `a - b` with `a` and `b` merged is `x - x`), forwards stored values to
//!    loads of the variables left in memory (`memory`, after `gvn`, so that equal indices
//!    are one value and name one place), propagates constants
//!    through block parameters and branches (`sccp`, which sees through loops what
//!    `const-fold` sees one instruction at a time), hoists loop-invariant values into
//!    the preheaders (`licm`, after `gvn`, so that a value already computed before the
//!    loop is merged rather than hoisted as a second copy; the next round's `gvn` merges
//!    what two loops hoisted into the same block), and cleans up (constant folding,
//!    branches on constants, dead code), which exposes more of all of them;
//! 5. `unused-globals` (`dead-globals` keeping every resource binding, which is part of
//!    an entry point's interface even when the load that used it went) drops the
//!    functions no call names any more and the private and workgroup variables and
//!    structs only removed code used, so that compiling the WGSL this writes finds
//!    nothing more to remove (the round trip is a fixpoint).
//!
//! Why a bound: every pass here only removes, shrinks or moves instructions out of loops
//! (a value moves at most once per loop around it), so the rounds end on their own; the
//! bound keeps the worst case linear in the rounds, and a program that still changes
//! after it is left as correct as after any round.
//!
//! Why `cleanup` first: it is its own fixpoint loop, and most programs need nothing from
//! the other passes beyond what it removes (what `mem2reg` and `inline` left dead, branches
//! on constants). Cleaned before the first round, such a program ends after one round that
//! finds nothing, where a round that `cleanup` alone changed would need a second round to
//! confirm it (four programs in five of the corpus). After a round, `cleanup` runs only
//! if a pass of the round changed something.
//!
//! The sub-passes run through the pass manager that runs `optimize`, so each is verified
//! (in debug builds and the `ci` profile), printed and timed on its own.

use super::manager::{Manager, Step};
use super::{cleanup, gvn, licm, memory, sccp, simplify};
use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::ir::analysis::{Analyses, Changed};

/// Most rounds run.
pub const MAX_ROUNDS: usize = 4;

/// `optimize` as a step of a pipeline: its sub-passes run on `manager`.
pub fn step() -> Step<'static> {
    Step::nested("optimize", run_in)
}

/// Runs the rounds, each sub-pass through `manager`.
pub fn run_in(
    manager: &mut Manager,
    m: &mut Module,
    an: &mut Analyses,
) -> Result<Changed, Vec<Diagnostic>> {
    let steps = [
        Step::new("simplify", simplify::run, ()),
        Step::new("gvn", gvn::run, ()),
        Step::new("memory", memory::run, ()),
        Step::new("sccp", sccp::run, ()),
        Step::new("licm", licm::run, ()),
    ];
    let cleanup = cleanup::step();
    // The rounds start from clean code (see the module essay).
    let mut changed = manager.run(&cleanup, m, an)?;
    for _ in 0..MAX_ROUNDS {
        let mut round_changed = Changed::None;
        for s in &steps {
            round_changed |= manager.run(s, m, an)?;
        }
        if !round_changed.any() {
            break;
        }
        // `cleanup` ended at its own fixpoint, so it has work only after another pass.
        round_changed |= manager.run(&cleanup, m, an)?;
        changed |= round_changed;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use crate::ir::parse;
    use crate::passes::{RunOptions, run_pipeline_with};

    /// How many times each sub-pass of `optimize` ran on `text`.
    fn runs(text: &str) -> Vec<(&'static str, u32)> {
        let mut m = parse(text).expect("parses");
        let options = RunOptions {
            time_passes: true,
            ..RunOptions::default()
        };
        let (report, result) = run_pipeline_with(&mut m, &["optimize".to_string()], &options);
        result.expect("optimizes");
        let mut rows = Vec::new();
        for t in &report.timings {
            if t.depth == 1 {
                rows.push((t.pass, t.runs));
            }
        }
        rows
    }

    #[test]
    fn what_cleanup_alone_removes_takes_one_round() {
        // A dead instruction and a branch on a constant: `cleanup`'s work, nothing for
        // the others, so one round finds nothing and ends the loop.
        let rows = runs(
            "func @f(%x: i32) -> i32 {\n^entry:\n  %d: i32 = add %x, 1i\n  \
             if_else true, ^t, ^e, merge ^m\n^t:\n  br ^m(%x)\n^e:\n  br ^m(2i)\n\
             ^m(%r: i32):\n  return %r\n}\n",
        );
        assert_eq!(
            rows,
            [
                ("cleanup", 1),
                ("simplify", 1),
                ("gvn", 1),
                ("memory", 1),
                ("sccp", 1),
                ("licm", 1)
            ]
        );
    }

    #[test]
    fn a_round_that_changes_something_is_confirmed_by_another() {
        // `gvn` merges the two products: a second round confirms, `cleanup` runs after
        // the first.
        let rows = runs(
            "func @f(%x: i32, %y: i32) -> i32 {\n^entry:\n  %a: i32 = mul %x, %y\n  \
             %b: i32 = mul %x, %y\n  %s: i32 = add %a, %b\n  return %s\n}\n",
        );
        assert_eq!(
            rows,
            [
                ("cleanup", 2),
                ("simplify", 2),
                ("gvn", 2),
                ("memory", 2),
                ("sccp", 2),
                ("licm", 2)
            ]
        );
    }
}
