//! Lowering to IR over every in-scope corpus file that `refract check` accepts.
//!
//! For each accepted file: lower, verify, then print → parse → print and the binary form's
//! serialize → deserialize → print. The test prints the counts and the slowest file, lists
//! every failure with its first message, and fails when lowering or verification fails on
//! any accepted file, when fewer than 99.5 % of them round-trip exactly, when anything
//! panics, or when one file takes 5 s or more (a sign of non-linear behaviour; the
//! benchmark `benches/lower.rs` measures speed properly).

mod common;

use common::corpus::{self, CorpusFile};
use refract::diag::LineIndex;
use refract::{Diagnostic, ir, lower};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

const ROUND_TRIP_THRESHOLD: f64 = 0.995;
const TIME_LIMIT: Duration = Duration::from_secs(5);

#[derive(Debug)]
enum Outcome {
    /// `check` rejects the file: not part of this test.
    Rejected,
    Panicked,
    LowerFailed(String),
    VerifyFailed(String),
    /// Verified, but the printed text does not parse back, or prints differently.
    RoundTripFailed(String),
    Ok,
}

fn first(source: &str, rel: &str, diags: &[Diagnostic]) -> String {
    let index = LineIndex::new(source);
    match diags.first() {
        Some(d) => {
            let (l, c) = d
                .primary_span()
                .filter(|s| !s.is_detached())
                .map_or((0, 0), |s| index.line_col(s.start));
            format!("{rel}:{l}:{c} {} {}", d.code, d.message)
        }
        None => format!("{rel}: no diagnostic"),
    }
}

fn run(file: &CorpusFile) -> (Outcome, f64, usize) {
    let start = Instant::now();
    let r = catch_unwind(AssertUnwindSafe(|| {
        let (typed, _) = refract::analyze(&file.source);
        let Some((ast, program)) = typed else {
            return (Outcome::Rejected, 0);
        };
        let m = match lower::lower(&ast, &program) {
            Ok(m) => m,
            Err(d) => return (Outcome::LowerFailed(first(&file.source, &file.rel, &d)), 0),
        };
        if let Err(d) = ir::verify(&m) {
            return (Outcome::VerifyFailed(first(&file.source, &file.rel, &d)), 0);
        }
        let printed = ir::print(&m);
        let lines = printed.lines().count();
        let reparsed = match ir::parse(&printed) {
            Ok(m) => m,
            Err(d) => {
                let msg = first(&printed, &file.rel, &d);
                return (Outcome::RoundTripFailed(format!("reparse: {msg}")), lines);
            }
        };
        let again = ir::print(&reparsed);
        if again != printed {
            let k = printed
                .lines()
                .zip(again.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let msg = format!(
                "{}: print → parse → print differs at line {}: {:?} vs {:?}",
                file.rel,
                k + 1,
                printed.lines().nth(k),
                again.lines().nth(k)
            );
            return (Outcome::RoundTripFailed(msg), lines);
        }
        // The binary form must carry the same module: serialize → deserialize → print.
        let bytes = ir::binary::serialize(&m);
        match ir::binary::deserialize(&bytes) {
            Ok(back) if ir::print(&back) == printed => {}
            Ok(_) => {
                let msg = format!("{}: binary round trip prints differently", file.rel);
                return (Outcome::RoundTripFailed(msg), lines);
            }
            Err(d) => {
                let msg = format!("{}: binary round trip: {} {}", file.rel, d.code, d.message);
                return (Outcome::RoundTripFailed(msg), lines);
            }
        }
        (Outcome::Ok, lines)
    }));
    let seconds = start.elapsed().as_secs_f64();
    match r {
        Ok((o, lines)) => (o, seconds, lines),
        Err(_) => (Outcome::Panicked, seconds, 0),
    }
}

#[test]
fn corpus_lowers_verifies_and_round_trips() {
    let files = corpus::in_scope();
    let outcomes = corpus::par_map(&files, run);
    let accepted = outcomes
        .iter()
        .filter(|(o, ..)| !matches!(o, Outcome::Rejected))
        .count();
    let count = |f: fn(&Outcome) -> bool| outcomes.iter().filter(|(o, ..)| f(o)).count();
    let panicked = count(|o| matches!(o, Outcome::Panicked));
    let lower_failed = count(|o| matches!(o, Outcome::LowerFailed(_)));
    let verify_failed = count(|o| matches!(o, Outcome::VerifyFailed(_)));
    let round_trip_failed = count(|o| matches!(o, Outcome::RoundTripFailed(_)));
    let verified = accepted - panicked - lower_failed - verify_failed;
    let exact = verified - round_trip_failed;
    let lines: usize = outcomes.iter().map(|(_, _, l)| l).sum();
    let (slowest, secs) = files
        .iter()
        .zip(&outcomes)
        .map(|(f, (_, s, _))| (f.rel.as_str(), *s))
        .fold(("", 0.0), |a, b| if b.1 > a.1 { b } else { a });
    let slow: Vec<String> = files
        .iter()
        .zip(&outcomes)
        .filter(|(_, (_, s, _))| *s >= TIME_LIMIT.as_secs_f64())
        .map(|(f, (_, s, _))| format!("{} ({s:.1}s)", f.rel))
        .collect();
    let pct = |n: usize| 100.0 * n as f64 / accepted.max(1) as f64;
    println!(
        "corpus-lower: {accepted} of {} in-scope files accepted by check; {verified} lowered and verified ({:.2} %), {exact} print → parse → print and serialize → deserialize → print exactly ({:.2} %); {panicked} panicked, {lower_failed} lowering errors, {verify_failed} verifier errors; {lines} lines of IR; slowest {slowest} ({secs:.3} s)",
        files.len(),
        pct(verified),
        pct(exact),
    );
    let mut failures = Vec::new();
    for (f, (o, ..)) in files.iter().zip(&outcomes) {
        match o {
            Outcome::Panicked => failures.push(format!("  panicked: {}", f.rel)),
            Outcome::LowerFailed(m) => failures.push(format!("  lowering: {m}")),
            Outcome::VerifyFailed(m) => failures.push(format!("  verifier: {m}")),
            Outcome::RoundTripFailed(m) => failures.push(format!("  round trip: {m}")),
            Outcome::Rejected | Outcome::Ok => {}
        }
    }
    for l in &failures {
        println!("{l}");
    }
    assert!(accepted > 0, "check accepted no corpus file");
    assert_eq!(panicked, 0, "lowering panicked");
    assert!(slow.is_empty(), "lowering took 5 s or more on: {slow:?}");
    assert_eq!(
        lower_failed + verify_failed,
        0,
        "lowering or verification failed on accepted files"
    );
    assert!(
        exact as f64 >= ROUND_TRIP_THRESHOLD * verified as f64,
        "only {:.2} % print → parse → print exactly (threshold {:.1} %)",
        pct(exact),
        ROUND_TRIP_THRESHOLD * 100.0
    );
}
