//! `check` (parse + semantic analysis) over every in-scope corpus file.
//!
//! Every in-scope file is a valid WGSL program that Chromium's compiler accepts, so each
//! rejection is either a refract bug or a true spec violation in the file. The test prints
//! the counts, lists every rejected file with its first error (by `path:line:col code
//! message`), and fails when fewer than 99 % are accepted, when anything panics, or when
//! one file takes 5 s or more. Files known to violate the spec are listed in
//! `KNOWN_INVALID` and `NON_STANDARD` with the reason; they must stay rejected.

mod common;

use common::corpus::{self, CorpusFile};
use refract::diag::{LineIndex, Severity};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

const THRESHOLD: f64 = 0.99;
const TIME_LIMIT: Duration = Duration::from_secs(5);

/// Corpus files that violate the WGSL specification, each with the rule it breaks.
/// refract must reject them.
const KNOWN_INVALID: &[(&str, &str)] = &[(
    "dawn/test/tint/statements/assign/swizzle_assign.wgsl",
    "assigns to multi-letter swizzles, which the spec forbids (§\"Vector Multiple Component Selection\")",
)];

/// Path fragments of corpus files that use features outside the WGSL specification
/// (Tint's `binding_array`, `print` and `atomic_vec2u_min_max`), with the reason.
const NON_STANDARD: &[(&str, &str)] = &[
    ("/binding_array/", "`binding_array` is not a WGSL type"),
    ("/print/", "`print` is not a WGSL builtin function"),
    (
        "atomic_vec2u_min_max",
        "`atomic_vec2u_min_max` is not a WGSL extension",
    ),
    (
        "atomicStoreMax",
        "`atomic_vec2u_min_max` is not a WGSL extension",
    ),
    (
        "atomicStoreMin",
        "`atomic_vec2u_min_max` is not a WGSL extension",
    ),
];

struct Outcome {
    panicked: bool,
    accepted: bool,
    seconds: f64,
    first_error: Option<String>,
    warnings: usize,
}

fn run(file: &CorpusFile) -> Outcome {
    let start = Instant::now();
    let r = catch_unwind(AssertUnwindSafe(|| refract::check(&file.source)));
    let seconds = start.elapsed().as_secs_f64();
    match r {
        Err(_) => Outcome {
            panicked: true,
            accepted: false,
            seconds,
            first_error: None,
            warnings: 0,
        },
        Ok(diags) => {
            let index = LineIndex::new(&file.source);
            let first_error = diags.iter().find(|d| d.is_error()).map(|d| {
                let (line, col) = d
                    .primary_span()
                    .map(|s| index.line_col(s.start))
                    .unwrap_or((0, 0));
                format!("{}:{line}:{col} {} {}", file.rel, d.code, d.message)
            });
            Outcome {
                panicked: false,
                accepted: first_error.is_none(),
                seconds,
                first_error,
                warnings: diags
                    .iter()
                    .filter(|d| d.severity == Severity::Warning)
                    .count(),
            }
        }
    }
}

#[test]
fn corpus_is_accepted() {
    let files = corpus::in_scope();
    let outcomes = corpus::par_map(&files, run);
    let total = files.len();
    let accepted = outcomes.iter().filter(|o| o.accepted).count();
    let panicked: Vec<&str> = files
        .iter()
        .zip(&outcomes)
        .filter(|(_, o)| o.panicked)
        .map(|(f, _)| f.rel.as_str())
        .collect();
    let slow: Vec<String> = files
        .iter()
        .zip(&outcomes)
        .filter(|(_, o)| o.seconds >= TIME_LIMIT.as_secs_f64())
        .map(|(f, o)| format!("{} ({:.1}s)", f.rel, o.seconds))
        .collect();
    let warnings: usize = outcomes.iter().map(|o| o.warnings).sum();
    let rate = accepted as f64 / total as f64;
    println!(
        "corpus-sema: {accepted}/{total} accepted ({:.2} %), {} rejected, {} panicked, {} slow, {warnings} warnings",
        rate * 100.0,
        total - accepted,
        panicked.len(),
        slow.len()
    );
    let mut unexpected = Vec::new();
    for (f, o) in files.iter().zip(&outcomes) {
        if let Some(e) = &o.first_error {
            let known = KNOWN_INVALID
                .iter()
                .find(|(p, _)| *p == f.rel)
                .or_else(|| NON_STANDARD.iter().find(|(p, _)| f.rel.contains(p)));
            match known {
                Some((_, why)) => println!("  known invalid: {e}\n      ({why})"),
                None => {
                    println!("  rejected: {e}");
                    unexpected.push(f.rel.clone());
                }
            }
        }
    }
    let known_accepted: Vec<&str> = files
        .iter()
        .zip(&outcomes)
        .filter(|(f, o)| {
            o.accepted
                && (KNOWN_INVALID.iter().any(|(p, _)| *p == f.rel)
                    || NON_STANDARD.iter().any(|(p, _)| f.rel.contains(p)))
        })
        .map(|(f, _)| f.rel.as_str())
        .collect();
    assert!(panicked.is_empty(), "check panicked on: {panicked:?}");
    assert!(slow.is_empty(), "check took 5 s or more on: {slow:?}");
    assert!(
        known_accepted.is_empty(),
        "files known to be invalid were accepted: {known_accepted:?}"
    );
    assert!(
        rate >= THRESHOLD,
        "only {:.2} % of the corpus is accepted (threshold {:.0} %)",
        rate * 100.0,
        THRESHOLD * 100.0
    );
    println!("  {} unexpected rejections", unexpected.len());
}
