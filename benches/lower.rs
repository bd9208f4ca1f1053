//! Lowering speed: refract's parse + check + lower + verify against naga's parse +
//! validate, on the ten largest in-scope corpus files that refract accepts, in the same
//! run. Prints per file the time of both front ends (CPU time when the kernel reports it,
//! else wall time), the share of it that lowering and verifying take, the IR's size, and
//! the ratio naga/refract (above 1: refract is faster).
//!
//! `cargo bench --bench lower` (set `BENCH_SECONDS` to change the time per measurement;
//! the default is 1 s). Under `cargo test` it runs briefly as a smoke test.

#[path = "../tests/common/corpus.rs"]
mod corpus;

mod common;

use common::measure;
use refract::{ir, lower};
use std::hint::black_box;
use std::time::Duration;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// parse + check + lower + verify: what `refract compile --to ir` does before printing.
fn refract_front_end(src: &str) -> ir::Module {
    let (typed, diags) = refract::analyze(src);
    let Some((ast, program)) = typed else {
        panic!("not valid: {:?}", diags.first());
    };
    let m = lower::lower(&ast, &program).expect("lowers");
    ir::verify(&m).expect("verifies");
    m
}

fn naga_front_end(src: &str) -> bool {
    let Ok(m) = naga::front::wgsl::parse_str(src) else {
        return false;
    };
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&m)
    .is_ok()
}

fn main() {
    let budget = common::budget();
    let mut files: Vec<_> = corpus::in_scope()
        .into_iter()
        .filter(|f| refract::analyze(&f.source).0.is_some())
        .collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.source.len()));
    files.truncate(10);

    println!(
        "{:<60} {:>8} {:>8} {:>11} {:>11} {:>9} {:>7}",
        "file (ten largest accepted)",
        "bytes",
        "IR insts",
        "refract ms",
        "lower+ver",
        "naga ms",
        "ratio"
    );
    let (mut total_bytes, mut t_refract, mut t_lower, mut t_naga) =
        (0usize, Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for f in &files {
        let src = f.source.as_str();
        let insts = refract_front_end(src).memory().live_insts;
        let (typed, _) = refract::analyze(src);
        let (ast, program) = typed.expect("accepted");
        let naga_ok = naga_front_end(src);
        let full = measure(budget, || {
            black_box(refract_front_end(black_box(src)));
        })
        .best();
        let low = measure(budget, || {
            let m = lower::lower(black_box(&ast), black_box(&program)).expect("lowers");
            black_box(ir::verify(&m).is_ok());
        })
        .best();
        let naga = measure(budget, || {
            black_box(naga_front_end(black_box(src)));
        })
        .best();
        let name = if f.rel.len() > 58 {
            format!("…{}", &f.rel[f.rel.len() - 57..])
        } else {
            f.rel.clone()
        };
        println!(
            "{:<60} {:>8} {:>8} {:>11.3} {:>11.3} {:>9.3} {:>6.2}x{}",
            name,
            src.len(),
            insts,
            ms(full),
            ms(low),
            ms(naga),
            naga.as_secs_f64() / full.as_secs_f64(),
            if naga_ok { "" } else { "  (naga rejects)" }
        );
        total_bytes += src.len();
        t_refract += full;
        t_lower += low;
        t_naga += naga;
    }
    println!(
        "{:<60} {:>8} {:>8} {:>11.3} {:>11.3} {:>9.3} {:>6.2}x",
        "all ten",
        total_bytes,
        "",
        ms(t_refract),
        ms(t_lower),
        ms(t_naga),
        t_naga.as_secs_f64() / t_refract.as_secs_f64()
    );
    println!(
        "lowering and verifying take {:.0} % of refract's time; refract runs at {:.1} MB/s",
        100.0 * t_lower.as_secs_f64() / t_refract.as_secs_f64(),
        common::mb_per_s(total_bytes, t_refract)
    );
}
