//! The WGSL round trip (WGSL → IR → `-O1` → WGSL; `ROUNDTRIP_OPT=2` for `-O2`,
//! `ROUNDTRIP_PASSES=a,b,…` for a list of passes) over every in-scope corpus file that
//! `refract check` accepts.
//!
//! For each accepted file, in process: compile to WGSL, then
//! - **check**: refract's own `check` accepts the output (threshold [`CHECK_THRESHOLD`]);
//! - **naga**: wherever naga (the 30.0.1 dev-dependency: front end + validator with every
//!   capability) accepts the original, it accepts the output too ([`NAGA_THRESHOLD`]);
//! - **fixpoint**: compiling the output again gives the same text ([`FIXPOINT_THRESHOLD`]);
//! - **time**: the first compile takes under [`TIME_LIMIT`], and nothing panics.
//!
//! The test prints the counts and rates, lists every failure with its first message, and
//! asserts the thresholds. Chromium's acceptance is measured outside `cargo test`, by
//! `scripts/dev/chromium-roundtrip.mjs`.

mod common;

use common::corpus::{self, CorpusFile};
use common::wgsl_check::naga_validate;
use refract::{Diagnostic, LineIndex, Output, Severity, Target};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

const CHECK_THRESHOLD: f64 = 0.995;
const NAGA_THRESHOLD: f64 = 0.99;
const FIXPOINT_THRESHOLD: f64 = 0.99;
const TIME_LIMIT: Duration = Duration::from_secs(1);

/// What happened to one file; `None` in a field means the step did not run.
#[derive(Default)]
struct Outcome {
    /// `check` rejects the original: not part of this test.
    rejected: bool,
    panicked: Option<&'static str>,
    compile_error: Option<String>,
    /// Seconds the first compile took.
    seconds: f64,
    check_error: Option<Option<String>>,
    /// Whether naga accepts the original, then its verdict on the output.
    naga_original: bool,
    naga_output: Option<Option<String>>,
    fixpoint_error: Option<Option<String>>,
}

fn first_error(text: &str, diags: &[Diagnostic]) -> Option<String> {
    let d = diags.iter().find(|d| d.severity == Severity::Error)?;
    let (l, c) = d
        .primary_span()
        .filter(|s| !s.is_detached())
        .map_or((0, 0), |s| LineIndex::new(text).line_col(s.start));
    Some(format!("{l}:{c} {} {}", d.code, d.message))
}

/// The optimization level of the round trip: `-O1`, or `ROUNDTRIP_OPT` (0, 1 or 2).
fn opt_level() -> u8 {
    std::env::var("ROUNDTRIP_OPT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

fn compile(source: &str) -> Result<String, String> {
    let mut options = refract::Options::new(Target::Wgsl);
    options.opt_level = opt_level();
    options.passes = std::env::var("ROUNDTRIP_PASSES")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect());
    let r = refract::compile(source, &options);
    match r.output {
        Some(Output::Text(t)) if r.ok() => Ok(t),
        _ => Err(first_error(source, &r.diagnostics).unwrap_or_else(|| "no output".into())),
    }
}

/// naga's verdict, with a panic inside naga counted as a rejection.
fn naga(text: &str) -> Result<(), String> {
    catch_unwind(|| naga_validate(text)).unwrap_or_else(|_| Err("naga panicked".into()))
}

/// The first line where `a` and `b` differ, for the failure list.
fn first_difference(a: &str, b: &str) -> String {
    let k = a
        .lines()
        .zip(b.lines())
        .position(|(x, y)| x != y)
        .unwrap_or_else(|| a.lines().count().min(b.lines().count()));
    format!(
        "line {}: {:?} then {:?}",
        k + 1,
        a.lines().nth(k).unwrap_or(""),
        b.lines().nth(k).unwrap_or("")
    )
}

fn run(file: &CorpusFile) -> Outcome {
    let mut o = Outcome::default();
    let analyzed = catch_unwind(|| refract::check(&file.source));
    let Ok(diags) = analyzed else {
        o.panicked = Some("check");
        return o;
    };
    if refract::diag::has_errors(&diags) {
        o.rejected = true;
        return o;
    }
    let start = Instant::now();
    let first = catch_unwind(|| compile(&file.source));
    o.seconds = start.elapsed().as_secs_f64();
    if o.seconds >= TIME_LIMIT.as_secs_f64() {
        // Wall time: on a machine busy with other work one slow reading is noise, so a
        // file over the limit is timed once more and keeps its faster time.
        let again = Instant::now();
        let _ = catch_unwind(|| compile(&file.source));
        o.seconds = o.seconds.min(again.elapsed().as_secs_f64());
    }
    let out = match first {
        Err(_) => {
            o.panicked = Some("compile");
            return o;
        }
        Ok(Err(e)) => {
            o.compile_error = Some(e);
            return o;
        }
        Ok(Ok(out)) => out,
    };
    match catch_unwind(AssertUnwindSafe(|| refract::check(&out))) {
        Ok(d) => o.check_error = Some(first_error(&out, &d)),
        Err(_) => {
            o.panicked = Some("check of the output");
            return o;
        }
    }
    o.naga_original = naga(&file.source).is_ok();
    if o.naga_original {
        o.naga_output = Some(naga(&out).err());
    }
    o.fixpoint_error = Some(match catch_unwind(AssertUnwindSafe(|| compile(&out))) {
        Err(_) => {
            o.panicked = Some("second compile");
            return o;
        }
        Ok(Err(e)) => Some(format!("the output does not compile: {e}")),
        Ok(Ok(again)) if again == out => None,
        Ok(Ok(again)) => Some(first_difference(&out, &again)),
    });
    o
}

#[test]
fn corpus_round_trips_through_the_ir() {
    let files = corpus::in_scope();
    let outcomes = corpus::par_map(&files, run);
    let accepted = outcomes.iter().filter(|o| !o.rejected).count();
    let count = |f: &dyn Fn(&Outcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
    let panicked = count(&|o| o.panicked.is_some());
    let compile_failed = count(&|o| o.compile_error.is_some());
    let checked = count(&|o| o.check_error.is_some());
    let check_ok = count(&|o| matches!(o.check_error, Some(None)));
    let naga_original = count(&|o| o.naga_output.is_some());
    let naga_ok = count(&|o| matches!(o.naga_output, Some(None)));
    let fix_tried = count(&|o| o.fixpoint_error.is_some());
    let fix_ok = count(&|o| matches!(o.fixpoint_error, Some(None)));
    let (slowest, secs) = files
        .iter()
        .zip(&outcomes)
        .map(|(f, o)| (f.rel.as_str(), o.seconds))
        .fold(("", 0.0), |a, b| if b.1 > a.1 { b } else { a });
    let slow: Vec<String> = files
        .iter()
        .zip(&outcomes)
        .filter(|(_, o)| o.seconds >= TIME_LIMIT.as_secs_f64())
        .map(|(f, o)| format!("{} ({:.2} s)", f.rel, o.seconds))
        .collect();
    let rate = |n: usize, of: usize| n as f64 / of.max(1) as f64;
    let pct = |n: usize, of: usize| 100.0 * rate(n, of);
    println!(
        "corpus-roundtrip: {accepted} of {} in-scope files accepted by check; {} compiled to WGSL; \
         output accepted by check {check_ok}/{accepted} ({:.2} %); by naga {naga_ok}/{naga_original} \
         where naga accepts the original ({:.2} %); second round trip a fixpoint {fix_ok}/{accepted} \
         ({:.2} %); {panicked} panicked; slowest {slowest} ({secs:.3} s)",
        files.len(),
        accepted - panicked - compile_failed,
        pct(check_ok, accepted),
        pct(naga_ok, naga_original),
        pct(fix_ok, accepted),
    );
    for (f, o) in files.iter().zip(&outcomes) {
        let rel = &f.rel;
        if let Some(step) = o.panicked {
            println!("  panicked ({step}): {rel}");
        }
        if let Some(e) = &o.compile_error {
            println!("  compile: {rel}: {e}");
        }
        if let Some(Some(e)) = &o.check_error {
            println!("  check: {rel}: {e}");
        }
        if let Some(Some(e)) = &o.naga_output {
            let e = e.lines().take(3).collect::<Vec<_>>().join(" / ");
            println!("  naga: {rel}: {e}");
        }
        if let Some(Some(e)) = &o.fixpoint_error {
            println!("  fixpoint: {rel}: {e}");
        }
    }
    assert!(accepted > 10_000, "check accepted only {accepted} files");
    assert_eq!(panicked, 0, "something panicked");
    assert_eq!(
        compile_failed, 0,
        "compiling to WGSL failed on accepted files"
    );
    assert_eq!(checked, accepted);
    assert!(
        slow.is_empty(),
        "compiling took {TIME_LIMIT:?} or more on {slow:?}"
    );
    assert!(
        rate(check_ok, accepted) >= CHECK_THRESHOLD,
        "check accepts only {:.2} % of the outputs",
        pct(check_ok, accepted)
    );
    assert!(
        rate(naga_ok, naga_original) >= NAGA_THRESHOLD,
        "naga accepts only {:.2} % of the outputs",
        pct(naga_ok, naga_original)
    );
    assert!(
        fix_tried == accepted && rate(fix_ok, accepted) >= FIXPOINT_THRESHOLD,
        "the second round trip is a fixpoint on only {:.2} %",
        pct(fix_ok, accepted)
    );
}
