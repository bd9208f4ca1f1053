//! IR core benchmark: a module of 1,000,000 instructions is built, printed, parsed and
//! verified; the target is under 2 s in all (release, native). It also reports memory per
//! instruction (headers, operands and use links; the span side table separately) and the
//! binary form's size and speed.
//!
//! `cargo bench --bench ir` (or `cargo run --release --bench ir`). `IR_BENCH_INSTS=N`
//! changes the size.

use refract::ir::{self, binary, synth};
use std::time::Instant;

fn main() {
    let target: usize = std::env::var("IR_BENCH_INSTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    // Warm up allocator and caches on a small module first.
    let warm = synth::random_module(1, 20_000);
    let _ = ir::parse(&ir::print(&warm));

    let t = Instant::now();
    let m = synth::random_module(42, target);
    let build = t.elapsed();
    let stats = m.memory();

    let t = Instant::now();
    let text = ir::print(&m);
    let print = t.elapsed();

    let t = Instant::now();
    let parsed = match ir::parse(&text) {
        Ok(p) => p,
        Err(e) => panic!("the printed module does not parse: {:?}", e[0]),
    };
    let parse = t.elapsed();

    let t = Instant::now();
    let ok = ir::verify(&parsed).is_ok();
    let verify = t.elapsed();
    assert!(ok, "the parsed module does not verify");

    let t = Instant::now();
    let bytes = binary::serialize(&parsed);
    let ser = t.elapsed();
    let t = Instant::now();
    let back = binary::deserialize(&bytes).expect("binary round trip");
    let de = t.elapsed();
    let same = ir::print(&back) == text;

    let parsed_stats = parsed.memory();
    let n = stats.live_insts as f64;
    let core = (stats.inst_bytes + stats.operand_bytes) as f64;
    let pn = parsed_stats.live_insts as f64;
    let total = build + print + parse + verify;
    println!("instructions:            {}", stats.live_insts);
    println!(
        "build:                   {:>8.1} ms",
        build.as_secs_f64() * 1e3
    );
    println!(
        "print:                   {:>8.1} ms  ({:.1} MB of text)",
        print.as_secs_f64() * 1e3,
        text.len() as f64 / 1e6
    );
    println!(
        "parse:                   {:>8.1} ms",
        parse.as_secs_f64() * 1e3
    );
    println!(
        "verify:                  {:>8.1} ms",
        verify.as_secs_f64() * 1e3
    );
    println!(
        "build+print+parse+verify:{:>8.1} ms  (target < 2000 ms)",
        total.as_secs_f64() * 1e3
    );
    println!(
        "serialize:               {:>8.1} ms  ({:.1} MB, {:.2} bytes/instruction)",
        ser.as_secs_f64() * 1e3,
        bytes.len() as f64 / 1e6,
        bytes.len() as f64 / pn
    );
    println!(
        "deserialize:             {:>8.1} ms  (round trip exact: {same})",
        de.as_secs_f64() * 1e3
    );
    println!(
        "memory/instruction (built):  {:.1} bytes (headers {:.1} + operands and use links {:.1}); spans +{:.1}, other side tables +{:.1}",
        core / n,
        stats.inst_bytes as f64 / n,
        stats.operand_bytes as f64 / n,
        stats.span_bytes as f64 / n,
        stats.side_bytes as f64 / n
    );
    println!(
        "memory/instruction (parsed): {:.1} bytes (headers {:.1} + operands and use links {:.1}); spans +{:.1}, other side tables +{:.1}",
        (parsed_stats.inst_bytes + parsed_stats.operand_bytes) as f64 / pn,
        parsed_stats.inst_bytes as f64 / pn,
        parsed_stats.operand_bytes as f64 / pn,
        parsed_stats.span_bytes as f64 / pn,
        parsed_stats.side_bytes as f64 / pn
    );
    assert!(same, "binary round trip changed the module");
}
