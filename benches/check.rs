//! Checking throughput: refract's `check` (parse and full semantic analysis: types,
//! const-evaluation, validation, uniformity) against naga's parse + validate
//! (`naga::front::wgsl::parse_str` then `Validator::validate` with all capabilities) on
//! the ten largest in-scope corpus files, in the same run. Prints the time of each and
//! the ratio refract / naga (the target is at most 0.5).
//!
//! `cargo bench --bench check` (set `BENCH_SECONDS` to change the time per measurement;
//! the default is 1 s).

#[path = "../tests/common/corpus.rs"]
mod corpus;

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Runs `f` repeatedly for about `budget` and returns the mean time per run.
fn measure(budget: Duration, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    f();
    let one = start.elapsed().max(Duration::from_nanos(1));
    let batch = ((budget.as_secs_f64() / 10.0) / one.as_secs_f64()).clamp(1.0, 1e6) as u32;
    let mut runs = 0u32;
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..batch {
            f();
        }
        runs += batch;
    }
    start.elapsed() / runs
}

fn naga_check(src: &str) -> bool {
    let Ok(module) = naga::front::wgsl::parse_str(src) else {
        return false;
    };
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .is_ok()
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let seconds: f64 = std::env::var("BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 0.02 } else { 1.0 });
    let budget = Duration::from_secs_f64(seconds);

    let mut files = corpus::in_scope();
    files.sort_by_key(|f| std::cmp::Reverse(f.source.len()));
    files.truncate(10);

    println!(
        "{:<72} {:>9} {:>12} {:>12} {:>7}",
        "file (ten largest in scope)", "bytes", "refract µs", "naga µs", "ratio"
    );
    let (mut t_refract, mut t_naga) = (Duration::ZERO, Duration::ZERO);
    for f in &files {
        let src = f.source.as_str();
        let diags = refract::check(src);
        assert!(
            diags.iter().all(|d| !d.is_error()),
            "{} is rejected: {:?}",
            f.rel,
            diags.iter().find(|d| d.is_error())
        );
        let naga_ok = naga_check(src);
        let r = measure(budget, || {
            black_box(refract::check(black_box(src)));
        });
        let n = measure(budget, || {
            black_box(naga_check(black_box(src)));
        });
        let name = if f.rel.len() > 70 {
            format!("…{}", &f.rel[f.rel.len() - 69..])
        } else {
            f.rel.clone()
        };
        println!(
            "{:<72} {:>9} {:>12.1} {:>12.1} {:>6.2}{}",
            name,
            src.len(),
            r.as_secs_f64() * 1e6,
            n.as_secs_f64() * 1e6,
            r.as_secs_f64() / n.as_secs_f64(),
            if naga_ok { "" } else { "  (naga rejects)" }
        );
        t_refract += r;
        t_naga += n;
    }
    println!(
        "{:<72} {:>9} {:>12.1} {:>12.1} {:>6.2}",
        "all ten (refract / naga)",
        "",
        t_refract.as_secs_f64() * 1e6,
        t_naga.as_secs_f64() * 1e6,
        t_refract.as_secs_f64() / t_naga.as_secs_f64()
    );
}
