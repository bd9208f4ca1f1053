//! SPIR-V back-end benchmark.
//!
//! 1. A random IR module of 1,000,000 instructions (`ir::synth`) through the SPIR-V
//!    pipeline: verify, legalize, write; then the disassembler. Reports instructions per
//!    second and words per instruction.
//! 2. The corpus (every in-scope file; `SPIRV_BENCH_FILES=N` for the first N) compiled to
//!    SPIR-V by refract and by naga (parse, validate, `back::spv`) in the same run, with the
//!    total time of each. Files either compiler refuses are left out of both totals.
//!
//! `cargo bench --bench spirv`. Under `cargo test` (no `--bench`) it is a quick smoke test
//! on 50,000 instructions and 50 files.

#[path = "common/spirv_corpus.rs"]
mod spirv_corpus;
#[path = "common/timing.rs"]
mod timing;

use refract::back::spirv::{self, Options};
use refract::ir::synth;
use spirv_corpus::{corpus_files, naga_spirv};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;
use timing::{Phase, ms, timed};

fn refract_spirv(source: &str) -> Option<Vec<u32>> {
    let options = refract::Options::new(refract::Target::Spirv);
    match refract::compile(source, &options).output {
        Some(refract::Output::Words(w)) => Some(w),
        _ => None,
    }
}

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let benching = std::env::args().any(|a| a == "--bench");
    let target = if benching { 1_000_000 } else { 50_000 };
    let m = synth::random_module(42, target);
    let n = m.memory().live_insts as f64;
    let options = Options::default();
    let (words, write) =
        timed(|| spirv::compile(&m, &options, None).expect("synth modules compile"));
    let (text, dis) = timed(|| spirv::disassemble(&words).expect("our words disassemble"));
    let rate = |p: &Phase| n / p.cpu.unwrap_or(p.wall).as_secs_f64().max(1e-9) / 1e6;
    println!("random IR module:         {} instructions", n as usize);
    println!(
        "verify+legalize+write:    {}  ({:.2} M instructions/s, {:.2} words/instruction)",
        write.show(),
        rate(&write),
        words.len() as f64 / n
    );
    println!(
        "disassemble:              {}  ({:.1} MB of text)",
        dis.show(),
        text.len() as f64 / 1e6
    );

    let limit = std::env::var("SPIRV_BENCH_FILES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if benching { usize::MAX } else { 50 });
    let files = corpus_files(limit);
    let mut ours = Duration::ZERO;
    let mut theirs = Duration::ZERO;
    let mut both = 0usize;
    let mut refused = (0usize, 0usize);
    for (_, src) in &files {
        // A panic (naga has a few on the corpus) counts as a refusal.
        let (a, pa) = timed(|| {
            catch_unwind(AssertUnwindSafe(|| refract_spirv(src)))
                .ok()
                .flatten()
        });
        let (b, pb) = timed(|| {
            catch_unwind(AssertUnwindSafe(|| naga_spirv(src)))
                .ok()
                .flatten()
        });
        refused.0 += usize::from(a.is_none());
        refused.1 += usize::from(b.is_none());
        if a.is_some() && b.is_some() {
            both += 1;
            ours += pa.cpu.unwrap_or(pa.wall);
            theirs += pb.cpu.unwrap_or(pb.wall);
        }
    }
    println!(
        "corpus: {} files; refract refuses {}, naga {}; both compile {both}",
        files.len(),
        refused.0,
        refused.1
    );
    if both > 0 {
        println!(
            "  WGSL -> SPIR-V over those {both}: refract {:.1} ms, naga {:.1} ms (cpu; refract/naga = {:.2})",
            ms(ours),
            ms(theirs),
            ours.as_secs_f64() / theirs.as_secs_f64().max(1e-9)
        );
    }
}
