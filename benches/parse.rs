//! Parser throughput: refract's `syntax::parse` against naga's WGSL front end
//! (`naga::front::wgsl::parse_str`) on the ten largest in-scope corpus files, in the same
//! run. Prints MB/s for both and the ratio.
//!
//! `cargo bench --bench parse` (set `BENCH_SECONDS` to change the time per measurement;
//! the default is 1 s).

#[path = "../tests/common/corpus.rs"]
mod corpus;

mod common;

use common::{mb_per_s, measure};
use std::hint::black_box;
use std::time::Duration;

fn main() {
    let budget = common::budget();

    let mut files = corpus::in_scope();
    files.sort_by_key(|f| std::cmp::Reverse(f.source.len()));
    files.truncate(10);

    println!(
        "{:<72} {:>9} {:>12} {:>12} {:>7}",
        "file (ten largest in scope)", "bytes", "refract MB/s", "naga MB/s", "ratio"
    );
    let (mut total_bytes, mut t_refract, mut t_naga) = (0usize, Duration::ZERO, Duration::ZERO);
    for f in &files {
        let src = f.source.as_str();
        let (_, diags) = refract::syntax::parse(src);
        assert!(
            diags.iter().all(|d| !d.is_error()),
            "{} does not parse: {:?}",
            f.rel,
            diags.first()
        );
        let naga_ok = naga::front::wgsl::parse_str(src).is_ok();
        let r = measure(budget, || {
            black_box(refract::syntax::parse(black_box(src)));
        })
        .wall;
        let n = measure(budget, || {
            let _ = black_box(naga::front::wgsl::parse_str(black_box(src)));
        })
        .wall;
        let name = if f.rel.len() > 70 {
            format!("…{}", &f.rel[f.rel.len() - 69..])
        } else {
            f.rel.clone()
        };
        println!(
            "{:<72} {:>9} {:>12.1} {:>12.1} {:>6.2}x{}",
            name,
            src.len(),
            mb_per_s(src.len(), r),
            mb_per_s(src.len(), n),
            n.as_secs_f64() / r.as_secs_f64(),
            if naga_ok { "" } else { "  (naga rejects)" }
        );
        total_bytes += src.len();
        t_refract += r;
        t_naga += n;
    }
    println!(
        "{:<72} {:>9} {:>12.1} {:>12.1} {:>6.2}x",
        "all ten",
        total_bytes,
        mb_per_s(total_bytes, t_refract),
        mb_per_s(total_bytes, t_naga),
        t_naga.as_secs_f64() / t_refract.as_secs_f64()
    );
}
