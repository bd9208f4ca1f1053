//! The pass manager: runs a list of steps (passes and transforms, which share one
//! signature) over a module with one analysis cache, and around each step does what a
//! pipeline needs to trust it and to see into it.
//!
//! Every step is `fn run(&mut Module, &mut Analyses, &Options) -> Result<Changed,
//! Diagnostic>`: options of its own (`()` for a pass that has none), the cache it takes
//! its CFG, dominators and structure from, and what it changed ([`Changed`]). A
//! [`Step`] binds such a function to its options and a name, so a pipeline is a plain
//! `Vec<Step>` that a back end or the `-O` levels build.
//!
//! After each step [`Manager::run`]:
//!
//! 1. settles the cache: drops what the step changed and did not report function by
//!    function ([`Analyses::settle`]);
//! 2. when verifying (debug builds and the `ci` profile: [`super::VERIFY_EACH_PASS`]),
//!    verifies the module and names the step that broke a rule ([`super::verify_after`]),
//!    and checks that every analysis still cached is right;
//! 3. when asked, prints the IR ([`RunOptions::print_after_all`]) and times the step
//!    ([`RunOptions::time_passes`]).
//!
//! Steps may run steps: `cleanup` runs its sub-passes through the manager it is given,
//! so they are verified, printed and timed like any other, one level deeper.

use super::verify_after;
use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::{self, Module};
use std::time::Duration;

/// What a step runs: the module, the cache, and nothing else (its options are bound).
type PassFn<'a> = dyn Fn(&mut Module, &mut Analyses) -> Result<Changed, Diagnostic> + 'a;

/// What a step that runs steps runs: it is handed the manager to run them with.
type StepsFn<'a> =
    dyn Fn(&mut Manager, &mut Module, &mut Analyses) -> Result<Changed, Vec<Diagnostic>> + 'a;

enum Body<'a> {
    Pass(Box<PassFn<'a>>),
    Steps(Box<StepsFn<'a>>),
}

/// A pass or a transform, bound to its options and named.
pub struct Step<'a> {
    name: &'static str,
    body: Body<'a>,
}

impl<'a> Step<'a> {
    /// `run` with `options`, called `name` in diagnostics, printouts and timings.
    ///
    /// `run` is generic rather than a function pointer so that a function item, which
    /// takes no room, bound to options that take none either (most passes' and
    /// transforms') makes a step whose box allocates nothing: the back ends build their
    /// steps for every module they compile.
    pub fn new<O: 'a>(
        name: &'static str,
        run: impl Fn(&mut Module, &mut Analyses, &O) -> Result<Changed, Diagnostic> + 'a,
        options: O,
    ) -> Step<'a> {
        Step::from_fn(name, move |m, an| run(m, an, &options))
    }

    /// A step made of any function of the module and the cache.
    pub fn from_fn(
        name: &'static str,
        run: impl Fn(&mut Module, &mut Analyses) -> Result<Changed, Diagnostic> + 'a,
    ) -> Step<'a> {
        Step {
            name,
            body: Body::Pass(Box::new(run)),
        }
    }

    /// A step that runs steps of its own with the manager it is handed (a fixpoint
    /// loop, a group). Its steps are verified, printed and timed one level deeper; the
    /// step itself is not verified again (its last step was).
    pub fn nested(
        name: &'static str,
        run: impl Fn(&mut Manager, &mut Module, &mut Analyses) -> Result<Changed, Vec<Diagnostic>> + 'a,
    ) -> Step<'a> {
        Step {
            name,
            body: Body::Steps(Box::new(run)),
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }
}

/// A monotonic clock: the time since some fixed moment.
pub type Clock = fn() -> Duration;

/// The process's monotonic clock (`std::time::Instant`).
#[cfg(not(target_arch = "wasm32"))]
pub fn system_clock() -> Duration {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(std::time::Instant::now).elapsed()
}

/// The embedder's clock: `Instant` panics in wasm32 without WASI, so the JS bindings
/// hand in `performance.now()` ([`set_system_clock`]); until then a timing reads zero.
#[cfg(target_arch = "wasm32")]
pub fn system_clock() -> Duration {
    EMBEDDER_CLOCK.get().map_or(Duration::ZERO, |clock| clock())
}

#[cfg(target_arch = "wasm32")]
static EMBEDDER_CLOCK: std::sync::OnceLock<Clock> = std::sync::OnceLock::new();

/// Makes `clock` the wasm32 build's [`system_clock`] (the first call wins).
#[cfg(target_arch = "wasm32")]
pub fn set_system_clock(clock: Clock) {
    let _ = EMBEDDER_CLOCK.set(clock);
}

/// How the manager runs steps.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Verify the module after every step (and check the analysis cache).
    pub verify: bool,
    /// Print the IR after every step into [`Report::printed`] (`--print-after-all`).
    pub print_after_all: bool,
    /// Time every step into [`Report::timings`] (`--time-passes`).
    pub time_passes: bool,
    /// The clock `time_passes` reads.
    pub clock: Clock,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            verify: super::VERIFY_EACH_PASS,
            print_after_all: false,
            time_passes: false,
            clock: system_clock,
        }
    }
}

/// The IR as a step left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub pass: &'static str,
    /// 0 for a step of the pipeline, 1 for a step a step ran, …
    pub depth: u32,
    pub ir: String,
    /// Whether the step changed the module.
    pub changed: bool,
    /// The step's time, the steps it ran included (zero unless
    /// [`RunOptions::time_passes`] asked).
    pub time: Duration,
}

/// One row of the timing table: every run of one step at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timing {
    pub pass: &'static str,
    pub depth: u32,
    pub runs: u32,
    /// How many of the runs changed the module.
    pub changed: u32,
    /// Total time of the runs, the steps they ran included.
    pub time: Duration,
}

/// What a run of the manager saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The most any step changed.
    pub changed: Changed,
    pub printed: Vec<Printed>,
    /// Rows in the order each step first ran.
    pub timings: Vec<Timing>,
}

/// Runs steps: see the module documentation.
pub struct Manager {
    options: RunOptions,
    depth: u32,
    report: Report,
}

impl Manager {
    pub fn new(options: RunOptions) -> Manager {
        Manager {
            options,
            depth: 0,
            report: Report::default(),
        }
    }

    pub fn options(&self) -> &RunOptions {
        &self.options
    }

    /// Runs one step, then settles the cache, verifies, prints and times as the options
    /// say. A step's error, or a rule it broke, is the error.
    pub fn run(
        &mut self,
        step: &Step<'_>,
        m: &mut Module,
        an: &mut Analyses,
    ) -> Result<Changed, Vec<Diagnostic>> {
        // The row is taken before the step runs, so a step's row comes before its steps'.
        let timing = self
            .options
            .time_passes
            .then(|| (self.timing_row(step.name), (self.options.clock)()));
        let mut time = Duration::ZERO;
        self.depth += 1;
        let result = match &step.body {
            Body::Pass(run) => run(m, an).map_err(|d| vec![d]),
            Body::Steps(run) => run(self, m, an),
        };
        self.depth -= 1;
        let changed = result?;
        if let Some((row, start)) = timing {
            let t = &mut self.report.timings[row];
            t.runs += 1;
            t.changed += u32::from(changed.any());
            time = (self.options.clock)().saturating_sub(start);
            t.time += time;
        }
        if let Body::Pass(_) = step.body {
            an.settle(changed);
            // The release wasm build never verifies (it reads no IR and its passes are
            // checked natively), so the verifier is not linked into the package.
            if ir::verify::AVAILABLE && self.options.verify {
                self.verify(step.name, m, an)?;
            }
        }
        if self.options.print_after_all {
            self.report.printed.push(Printed {
                pass: step.name,
                depth: self.depth,
                // Ids that survive the step print the same, so consecutive steps diff
                // to what the step did.
                ir: ir::print_stable(m),
                changed: changed.any(),
                time,
            });
        }
        self.report.changed |= changed;
        Ok(changed)
    }

    /// Runs steps in order; returns the most any changed.
    pub fn run_all(
        &mut self,
        steps: &[Step<'_>],
        m: &mut Module,
        an: &mut Analyses,
    ) -> Result<Changed, Vec<Diagnostic>> {
        let mut changed = Changed::None;
        for s in steps {
            changed |= self.run(s, m, an)?;
        }
        Ok(changed)
    }

    fn verify(&self, name: &'static str, m: &Module, an: &Analyses) -> Result<(), Vec<Diagnostic>> {
        verify_after(m, name)?;
        match an.stale(m) {
            None => Ok(()),
            Some(message) => Err(vec![Diagnostic::error(
                crate::diag::codes::PASS_BROKE_IR,
                format!("after pass `{name}`: {message}"),
            )]),
        }
    }

    /// The timing row of step `pass` at the current depth, made if new.
    fn timing_row(&mut self, pass: &'static str) -> usize {
        let depth = self.depth;
        let rows = &mut self.report.timings;
        match rows.iter().position(|t| t.pass == pass && t.depth == depth) {
            Some(k) => k,
            None => {
                rows.push(Timing {
                    pass,
                    depth,
                    runs: 0,
                    changed: 0,
                    time: Duration::ZERO,
                });
                rows.len() - 1
            }
        }
    }

    /// What the runs saw.
    pub fn finish(self) -> Report {
        self.report
    }
}

/// The timing table, one row per step (steps run by a step indented under it), and the
/// total of the top-level rows:
///
/// ```text
///   time (ms)   share  runs  changed  pass
///       0.412   31.0%     1        1  mem2reg
///       0.917   69.0%     1        1  cleanup
///       0.301   22.6%     5        2    simplify-cfg
/// ```
pub fn format_timings(timings: &[Timing]) -> String {
    let total: Duration = timings
        .iter()
        .filter(|t| t.depth == 0)
        .map(|t| t.time)
        .sum();
    let mut out = String::from("  time (ms)   share  runs  changed  pass\n");
    for t in timings {
        let ms = t.time.as_secs_f64() * 1e3;
        let share = if total.is_zero() {
            0.0
        } else {
            100.0 * t.time.as_secs_f64() / total.as_secs_f64()
        };
        out.push_str(&format!(
            "{ms:11.3} {share:6.1}% {:5} {:8}  {}{}\n",
            t.runs,
            t.changed,
            "  ".repeat(t.depth as usize),
            t.pass
        ));
    }
    out.push_str(&format!(
        "{:11.3} {:6.1}%                total\n",
        total.as_secs_f64() * 1e3,
        if total.is_zero() { 0.0 } else { 100.0 }
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::codes;
    use crate::ir::parse;
    use std::cell::Cell;

    const F: &str = "func @f() -> i32 {\n^entry:\n  %x: i32 = add 1i, 2i\n  return %x\n}\n";

    fn ticks() -> Duration {
        thread_local!(static NOW: Cell<u64> = const { Cell::new(0) });
        NOW.with(|n| {
            n.set(n.get() + 1);
            Duration::from_millis(n.get())
        })
    }

    #[test]
    fn steps_are_printed_timed_and_nested() {
        let mut m = parse(F).expect("parses");
        let mut an = Analyses::new();
        let options = RunOptions {
            verify: true,
            print_after_all: true,
            time_passes: true,
            clock: ticks,
        };
        let mut manager = Manager::new(options);
        let inner = Step::new("const-fold", crate::passes::const_fold::run, ());
        let outer = Step::nested("outer", |manager, m, an| manager.run(&inner, m, an));
        let changed = manager.run(&outer, &mut m, &mut an).expect("runs");
        assert_eq!(changed, Changed::Instructions);
        let report = manager.finish();
        // The inner step ran first, one level deeper.
        let passes: Vec<(&str, u32)> = report.printed.iter().map(|p| (p.pass, p.depth)).collect();
        assert_eq!(passes, [("const-fold", 1), ("outer", 0)]);
        assert!(
            report.printed[0].ir.contains("return 3i"),
            "{}",
            report.printed[0].ir
        );
        let rows: Vec<(&str, u32, u32)> = report
            .timings
            .iter()
            .map(|t| (t.pass, t.depth, t.runs))
            .collect();
        assert_eq!(rows, [("outer", 0, 1), ("const-fold", 1, 1)]);
        // The clock ticks a millisecond a reading: the outer step spans the inner one.
        assert_eq!(report.timings[0].time, Duration::from_millis(3));
        assert_eq!(report.timings[1].time, Duration::from_millis(1));
        let table = format_timings(&report.timings);
        assert!(
            table.contains("\n      1.000   33.3%     1        1    const-fold\n"),
            "{table}"
        );
    }

    #[test]
    fn a_step_that_breaks_a_rule_is_named() {
        let mut m = parse(F).expect("parses");
        let mut an = Analyses::new();
        let mut manager = Manager::new(RunOptions {
            verify: true,
            ..RunOptions::default()
        });
        let breaker = Step::from_fn("breaker", |m: &mut Module, _: &mut Analyses| {
            let f = crate::ir::edit::functions(m)[0];
            let entry = m.first_child(f.inst()).expect("entry");
            let ret = m.last_child(entry).expect("return");
            m.set_operands(ret, &[]);
            m.remove(ret);
            Ok(Changed::Instructions)
        });
        let d = manager.run(&breaker, &mut m, &mut an).unwrap_err();
        assert_eq!(d[0].code, codes::PASS_BROKE_IR);
        assert!(
            d[0].message.starts_with("after pass `breaker`"),
            "{}",
            d[0].message
        );
    }

    #[test]
    fn a_step_that_hides_a_cfg_change_is_named() {
        let text = "func @f(%c: bool) {\n^entry:\n  if_else true, ^a, ^b, merge ^m\n^a:\n  br ^m\n^b:\n  br ^m\n^m:\n  return\n}\n";
        let mut m = parse(text).expect("parses");
        let mut an = Analyses::new();
        let mut manager = Manager::new(RunOptions {
            verify: true,
            ..RunOptions::default()
        });
        let cache = Step::from_fn("cache", |m: &mut Module, an: &mut Analyses| {
            an.cfg(m, crate::ir::edit::functions(m)[0]);
            Ok(Changed::None)
        });
        manager.run(&cache, &mut m, &mut an).expect("caches");
        // simplify-cfg's work, reported as instructions only.
        let liar = Step::from_fn("liar", |m: &mut Module, _: &mut Analyses| {
            let mut fresh = Analyses::new();
            crate::passes::simplify_cfg::run(m, &mut fresh, &())?;
            Ok(Changed::Instructions)
        });
        let d = manager.run(&liar, &mut m, &mut an).unwrap_err();
        assert!(
            d[0].message
                .starts_with("after pass `liar`: the cached CFG of @f"),
            "{}",
            d[0].message
        );
    }
}
