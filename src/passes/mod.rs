//! IR passes, one per file, each a function with the signature every pass and transform
//! shares: `pub fn run(&mut Module, &mut Analyses, &()) -> Result<Changed, Diagnostic>`
//! (Cranelift's style: the module, the analysis cache it takes its CFG, dominators and
//! structure from, its options, and what it changed; see [`crate::ir::analysis`]).
//!
//! [`PASSES`] is the registry by name, in pipeline order; [`run_pipeline`] runs a list of
//! them through the pass manager ([`manager`]), which, in debug builds and tests
//! (`cfg!(debug_assertions)`, which the `ci` profile keeps on), verifies the module after
//! every pass, so a pass that breaks an IR rule fails at once with the rule, the pass and
//! the place in the printed IR. [`run_pipeline_with`] also prints the IR after each pass
//! and times them.

pub mod cleanup;
pub mod const_fold;
pub mod dce;
pub mod dead_globals;
pub mod entry;
pub mod gvn;
pub mod inline;
pub mod licm;
pub mod manager;
pub mod mem2reg;
pub mod memory;
pub mod merge_return;
pub mod optimize;
pub mod private_to_local;
pub mod sccp;
pub mod simplify;
pub mod simplify_cfg;

use crate::diag::{Diagnostic, codes};
use crate::ir::analysis::Analyses;
use crate::ir::{Module, verify};
use manager::{Manager, Step};
pub use manager::{Report, RunOptions};

/// A registered pass. What each does is its constant's doc comment below, not a field:
/// `refract passes` and the package list names only, and the package's size budget counts
/// every string it carries.
pub struct Pass {
    pub name: &'static str,
    /// The pass as a step of a pipeline.
    pub step: fn() -> Step<'static>,
}

/// Every pass, in pipeline order.
pub const PASSES: &[Pass] = &[
    MERGE_RETURN,
    INLINE,
    PRIVATE_TO_LOCAL,
    MEM2REG,
    SIMPLIFY_CFG,
    CONST_FOLD,
    DCE,
    CLEANUP,
    DEAD_GLOBALS,
    UNUSED_GLOBALS,
    SIMPLIFY,
    GVN,
    MEMORY,
    SCCP,
    LICM,
    OPTIMIZE,
];

/// Gives a function with early returns one return at the end of its body (flags through
/// block parameters), so inline can take it.
const MERGE_RETURN: Pass = Pass {
    name: "merge-return",
    step: || Step::new("merge-return", merge_return::run, ()),
};

/// Inlines calls by a size-based cost model (small functions, last calls), pointer
/// parameters included; callees whose one return ends their body.
const INLINE: Pass = Pass {
    name: "inline",
    step: || Step::new("inline", inline::run, ()),
};

/// Makes a private variable that only one entry point uses a variable of that function, for
/// mem2reg to promote.
const PRIVATE_TO_LOCAL: Pass = Pass {
    name: "private-to-local",
    step: || Step::new("private-to-local", private_to_local::run, ()),
};

/// Promotes function-scope variables whose address does not escape to SSA values and block
/// parameters (pruned SSA).
const MEM2REG: Pass = Pass {
    name: "mem2reg",
    step: || Step::new("mem2reg", mem2reg::run, ()),
};

/// Removes trivial block parameters, branches on constants, empty ifs and straight-line
/// block boundaries, within the structured rules.
const SIMPLIFY_CFG: Pass = Pass {
    name: "simplify-cfg",
    step: || Step::new("simplify-cfg", simplify_cfg::run, ()),
};

/// Evaluates operations on constants with WGSL's run-time semantics, exactly or not at all
/// (floats only when finite and normal; never reassociated).
const CONST_FOLD: Pass = Pass {
    name: "const-fold",
    step: || Step::new("const-fold", const_fold::run, ()),
};

/// Removes unused pure instructions, unused block parameters, unreachable blocks and unused
/// global values.
const DCE: Pass = Pass {
    name: "dce",
    step: || Step::new("dce", dce::run, ()),
};

/// Simplify-cfg, const-fold, simplify-cfg and dce, repeated until nothing changes.
const CLEANUP: Pass = Pass {
    name: "cleanup",
    step: cleanup::step,
};

/// Removes the functions no entry point calls and the module-scope variables and structs
/// nothing kept uses (modules with an entry point).
const DEAD_GLOBALS: Pass = Pass {
    name: "dead-globals",
    step: || {
        Step::new(
            "dead-globals",
            dead_globals::run,
            dead_globals::Options::default(),
        )
    },
};

/// Dead-globals that keeps every resource variable (uniform, storage, handle): the last
/// step of -O2, after the optimizing passes removed code that used them.
const UNUSED_GLOBALS: Pass = Pass {
    name: "unused-globals",
    step: || {
        Step::new(
            "unused-globals",
            dead_globals::run,
            dead_globals::Options {
                keep_resources: true,
            },
        )
    },
};

/// Algebraic simplification by a table of exact rewrite rules (x - x, x & x, !!b, select(c,
/// a, a), (x + y) - y, …; no float algebra).
const SIMPLIFY: Pass = Pass {
    name: "simplify",
    step: || Step::new("simplify", simplify::run, ()),
};

/// Merges equal pure values in dominated blocks (CSE); control-dependent operations
/// (derivatives, sampling, subgroup) only within a block.
const GVN: Pass = Pass {
    name: "gvn",
    step: || Step::new("gvn", gvn::run, ()),
};

/// Forwards stored and loaded values to later loads of the same place of function variables
/// left in memory, and removes stores a later store overwrites.
const MEMORY: Pass = Pass {
    name: "memory",
    step: || Step::new("memory", memory::run, ()),
};

/// Sparse conditional constant propagation (Wegman-Zadeck): constants through block
/// parameters and branches, deciding branches and switches.
const SCCP: Pass = Pass {
    name: "sccp",
    step: || Step::new("sccp", sccp::run, ()),
};

/// Hoists loop-invariant pure instructions into the loop's preheader (never loads, effects,
/// derivatives, sampling, subgroup operations or barriers).
const LICM: Pass = Pass {
    name: "licm",
    step: || Step::new("licm", licm::run, ()),
};

/// Simplify, gvn, memory, sccp, licm and cleanup, repeated until nothing changes (the body
/// of -O2).
const OPTIMIZE: Pass = Pass {
    name: "optimize",
    step: optimize::step,
};

/// The pass called `name`.
pub fn find(name: &str) -> Option<&'static Pass> {
    PASSES.iter().find(|p| p.name == name)
}

/// The passes an optimization level runs, in order: none at `-O0` (lowering only);
/// mem2reg and the meaning-preserving cleanups at `-O1` (the default, kept quick); at
/// `-O2` and above, dead functions and globals go, calls are inlined, and the optimizing
/// passes run to a fixpoint (see [`optimize`]).
pub fn pipeline_for(opt_level: u8) -> &'static [&'static str] {
    match opt_level {
        0 => &[],
        1 => O1,
        _ => O2,
    }
}

/// The `-O1` pipeline.
pub const O1: &[&str] = &["mem2reg", "cleanup"];

/// The `-O2` pipeline: see [`optimize`] for why in this order.
pub const O2: &[&str] = &[
    "mem2reg",
    "dead-globals",
    "merge-return",
    "inline",
    "dead-globals",
    "private-to-local",
    "mem2reg",
    "optimize",
    "unused-globals",
];

/// Checks a list of pass names; every unknown one is a diagnostic.
pub fn resolve(names: &[String]) -> Result<Vec<&'static Pass>, Vec<Diagnostic>> {
    let mut passes = Vec::with_capacity(names.len());
    let mut unknown = Vec::new();
    for name in names {
        match find(name) {
            Some(p) => passes.push(p),
            None => {
                let mut known: Vec<&str> = Vec::new();
                for p in PASSES {
                    known.push(p.name);
                }
                unknown.push(
                    Diagnostic::error(codes::UNKNOWN_PASS, format!("unknown pass `{name}`"))
                        .with_note(format!("the passes are: {}", known.join(", "))),
                );
            }
        }
    }
    if unknown.is_empty() {
        Ok(passes)
    } else {
        Err(unknown)
    }
}

/// Whether the pipeline verifies after each pass: in debug builds and tests.
pub const VERIFY_EACH_PASS: bool = cfg!(debug_assertions);

/// Runs the named passes in order. Returns whether any changed the module, or a
/// diagnostic for an unknown pass name, for a pass that failed, or (when verifying) for
/// a pass that broke a rule.
pub fn run_pipeline(m: &mut Module, names: &[String]) -> Result<bool, Vec<Diagnostic>> {
    let (report, result) = run_pipeline_with(m, names, &RunOptions::default());
    result.map(|()| report.changed.any())
}

/// [`run_pipeline`] with the manager's options: verification, `--print-after-all`,
/// `--time-passes` ([`manager::format_timings`] formats the table). The report covers the
/// steps that ran, so when a step fails it still holds the IR and times before it: what
/// `--print-after-all` is for.
pub fn run_pipeline_with(
    m: &mut Module,
    names: &[String],
    options: &RunOptions,
) -> (Report, Result<(), Vec<Diagnostic>>) {
    let steps: Vec<Step<'static>> = match resolve(names) {
        Ok(passes) => {
            let mut steps = Vec::with_capacity(passes.len());
            for p in &passes {
                steps.push((p.step)());
            }
            steps
        }
        Err(d) => return (Report::default(), Err(d)),
    };
    run_steps(m, &steps, options)
}

/// Runs steps (passes, transforms) on `m` with a fresh analysis cache.
pub fn run_steps(
    m: &mut Module,
    steps: &[Step<'_>],
    options: &RunOptions,
) -> (Report, Result<(), Vec<Diagnostic>>) {
    let mut manager = Manager::new(*options);
    let result = manager.run_all(steps, m, &mut Analyses::new());
    (manager.finish(), result.map(|_| ()))
}

/// Verifies after pass `name`; failures point into the printed module, quoted in a note.
pub fn verify_after(m: &Module, name: &str) -> Result<(), Vec<Diagnostic>> {
    verify::verify_printed(m).map_err(|(text, diags)| {
        let index = crate::diag::LineIndex::new(&text);
        diags
            .into_iter()
            .map(|mut d| {
                let place = d.primary_span().map(|s| {
                    let (line, col) = index.line_col(s.start);
                    let line_text = text[s.range()].lines().next().unwrap_or("");
                    format!("at {line}:{col} of the IR printed after the pass: `{line_text}`")
                });
                d.labels.clear();
                d.message = format!("after pass `{name}`: {}", d.message);
                d.code = codes::PASS_BROKE_IR;
                if let Some(p) = place {
                    d.notes.push(p);
                }
                d
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Opcode, parse};

    #[test]
    fn unknown_pass_is_a_diagnostic() {
        let mut m = Module::new();
        let err = run_pipeline(&mut m, &["nope".to_string()]).unwrap_err();
        assert_eq!(err[0].code, codes::UNKNOWN_PASS);
        assert!(err[0].notes[0].contains("dce"));
    }

    #[test]
    fn a_broken_module_after_a_pass_names_the_pass_rule_and_place() {
        let mut m = parse("func @f() -> i32 {\n^entry:\n  return 1i\n}\n").expect("parses");
        // What a buggy pass might do: drop a block's terminator.
        let f = m
            .children(m.root())
            .find(|&c| m.opcode(c) == Opcode::Func)
            .expect("func");
        let entry = m.first_child(f).expect("entry");
        let ret = m.last_child(entry).expect("return");
        m.set_operands(ret, &[]);
        m.remove(ret);
        let d = verify_after(&m, "buggy").unwrap_err();
        assert_eq!(d[0].code, codes::PASS_BROKE_IR);
        assert!(
            d[0].message
                .starts_with("after pass `buggy`: terminator-last:"),
            "{}",
            d[0].message
        );
        assert!(
            d[0].notes
                .iter()
                .any(|n| n.contains("at 2:1") && n.contains("^entry:")),
            "{:?}",
            d[0].notes
        );
    }
}
