//! SPIR-V size at `-O2` against naga and `spirv-opt -O`, and `-O2`'s compile time
//! against `-O1`, in the same run.
//!
//! For every in-scope corpus file that refract (`-O2`) and naga both compile, the
//! non-debug instruction count (everything but `OpSource*`, `OpName`, `OpMemberName`,
//! `OpString`, `OpLine`, `OpNoLine`, `OpModuleProcessed`) of five modules: refract's,
//! naga's, `spirv-opt -O` of each, and `spirv-opt -O` of naga's with the bounds checks
//! wgpu asks of it for WebGPU (`Restrict` indices, buffers and image loads; refract
//! always writes WebGPU's checks, and naga's defaults write none, so this is the like-
//! for-like comparison), and refract's `-O2` with `robust_image_access` (the device
//! checks texel addresses, as naga's output assumes for image stores: naga has no
//! store check). A file `spirv-opt` refuses any module of is left out of all the
//! totals (and counted). The same totals are printed for the Dawn
//! benchmark shaders alone (`dawn/test/tint/benchmark/` and
//! `dawn/third_party/benchmark_shaders/`). Compile time: refract's whole compile to
//! SPIR-V at `-O1` and at `-O2` (CPU time) over the same files, alternately, three times
//! each after a first compile.
//!
//! `cargo bench --bench spirv_size`. Environment: `SIZE_BENCH_EVERY=N` takes one file in
//! N; `SIZE_BENCH_PASSES=a,b,…` replaces the `-O2` pipeline (to measure one from before
//! a change: the `-O2` of before SCCP, LICM and inlining is `mem2reg,dead-globals,` then
//! `simplify,gvn,cleanup` four times); `SPIRV_OPT` names the `spirv-opt` binary;
//! `SIZE_BENCH_ONLY=TEXT` keeps the files whose path contains TEXT (`benchmark` for the
//! benchmark shaders alone); `SIZE_BENCH_DUMP=FILE` writes one line per file counted (its path, then the six counts
//! in the order of the totals), to find where a difference comes from. Under `cargo test`
//! (no `--bench`) it is a smoke test on one file in 500.

#[path = "common/spirv_corpus.rs"]
mod spirv_corpus;
#[path = "common/timing.rs"]
mod timing;

use spirv_corpus::{corpus_files, naga_spirv, naga_spirv_webgpu};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::Command;
use std::time::Duration;
use timing::{ms, timed};

/// Instructions that are not debug information.
fn count(words: &[u32]) -> u64 {
    let mut n = 0;
    let mut k = 5;
    while k < words.len() {
        let (op, len) = (words[k] & 0xffff, (words[k] >> 16) as usize);
        if len == 0 {
            break;
        }
        n += u64::from(!matches!(op, 2..=8 | 317 | 330));
        k += len;
    }
    n
}

fn spirv_opt(words: &[u32], tag: &str) -> Option<Vec<u32>> {
    let dir = std::env::temp_dir();
    let input = dir.join(format!("refract-size-{}-{tag}.spv", std::process::id()));
    let output = input.with_extension("opt.spv");
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&input, bytes).ok()?;
    let tool = std::env::var("SPIRV_OPT").unwrap_or_else(|_| "spirv-opt".into());
    let ok = Command::new(tool)
        .arg("-O")
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .output()
        .ok()?
        .status
        .success();
    let out = std::fs::read(&output).ok().filter(|_| ok);
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    let out = out?;
    Some(
        out.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
    )
}

/// Compiles timed per file and level.
const TIMING_RUNS: usize = 3;

fn refract_spirv(source: &str, opt_level: u8, passes: &Option<Vec<String>>) -> Option<Vec<u32>> {
    refract_spirv_with(source, opt_level, passes, false)
}

fn refract_spirv_with(
    source: &str,
    opt_level: u8,
    passes: &Option<Vec<String>>,
    robust_image_access: bool,
) -> Option<Vec<u32>> {
    let mut options = refract::Options::new(refract::Target::Spirv);
    options.opt_level = opt_level;
    options.spirv.robust_image_access = robust_image_access;
    if opt_level == 2 {
        options.passes = passes.clone();
    }
    match refract::compile(source, &options).output {
        Some(refract::Output::Words(w)) => Some(w),
        _ => None,
    }
}

#[derive(Default)]
struct Totals {
    files: usize,
    /// refract -O2, naga, spirv-opt of naga, spirv-opt of refract -O2, spirv-opt of naga
    /// with the bounds checks WebGPU needs (refract's output always has them), and refract
    /// -O2 with robust image access.
    counts: [u64; 6],
    opt_refused: usize,
}

impl Totals {
    fn print(&self, what: &str) {
        let [ours, naga, naga_opt, ours_opt, checked_opt, robust] = self.counts;
        println!(
            "{what}: {} files ({} left out: spirv-opt refused one of the three)",
            self.files, self.opt_refused
        );
        println!("  refract -O2              {ours:>10}");
        println!("  naga                     {naga:>10}");
        println!(
            "  spirv-opt -O (naga)      {naga_opt:>10}  (refract -O2 {:+.1} %)",
            100.0 * (ours as f64 / naga_opt.max(1) as f64 - 1.0)
        );
        println!(
            "  spirv-opt -O (naga, WebGPU's bounds checks) {checked_opt:>10}  (refract -O2 {:+.1} %)",
            100.0 * (ours as f64 / checked_opt.max(1) as f64 - 1.0)
        );
        println!(
            "  spirv-opt -O (refract)   {ours_opt:>10}  (removes {:.1} % of refract's; {:.1} % of naga's)",
            100.0 * (1.0 - ours_opt as f64 / ours.max(1) as f64),
            100.0 * (1.0 - naga_opt as f64 / naga.max(1) as f64)
        );
        println!(
            "  refract -O2, robust image access {robust:>10}  ({:+.1} % over spirv-opt -O (naga), {:+.1} % over it with WebGPU's checks)",
            100.0 * (robust as f64 / naga_opt.max(1) as f64 - 1.0),
            100.0 * (robust as f64 / checked_opt.max(1) as f64 - 1.0)
        );
    }
}

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let benching = std::env::args().any(|a| a == "--bench");
    let every: usize = std::env::var("SIZE_BENCH_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if benching { 1 } else { 500 });
    let passes: Option<Vec<String>> = std::env::var("SIZE_BENCH_PASSES")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect());
    let only = std::env::var("SIZE_BENCH_ONLY").unwrap_or_default();
    let files: Vec<(String, String)> = corpus_files(usize::MAX)
        .into_iter()
        .filter(|(path, _)| path.contains(&only))
        .step_by(every.max(1))
        .collect();
    let (mut all, mut bench) = (Totals::default(), Totals::default());
    let (mut o1_time, mut o2_time) = (Duration::ZERO, Duration::ZERO);
    let mut refused = (0usize, 0usize);
    let mut dump = std::env::var("SIZE_BENCH_DUMP").ok().map(|_| String::new());
    for (path, src) in &files {
        let guarded =
            |f: &dyn Fn() -> Option<Vec<u32>>| catch_unwind(AssertUnwindSafe(f)).ok().flatten();
        let ours = guarded(&|| refract_spirv(src, 2, &passes));
        let theirs = guarded(&|| naga_spirv(src));
        refused.0 += usize::from(ours.is_none());
        refused.1 += usize::from(theirs.is_none());
        let (Some(ours), Some(theirs)) = (ours, theirs) else {
            continue;
        };
        // Both levels after a first compile, alternately, a few times: the order and the
        // caches favour neither.
        for _ in 0..TIMING_RUNS {
            let (_, t1) = timed(|| guarded(&|| refract_spirv(src, 1, &None)));
            let (_, t2) = timed(|| guarded(&|| refract_spirv(src, 2, &passes)));
            o1_time += t1.cpu.unwrap_or(t1.wall);
            o2_time += t2.cpu.unwrap_or(t2.wall);
        }
        let is_bench = path.contains("/benchmark/") || path.contains("benchmark_shaders/");
        let (a, b) = (spirv_opt(&theirs, "naga"), spirv_opt(&ours, "refract"));
        let c = guarded(&|| naga_spirv_webgpu(src)).and_then(|w| spirv_opt(&w, "naga-checked"));
        let robust = guarded(&|| refract_spirv_with(src, 2, &passes, true)).unwrap_or_default();
        for t in [&mut all, &mut bench]
            .into_iter()
            .take(1 + usize::from(is_bench))
        {
            let (Some(a), Some(b), Some(c)) = (&a, &b, &c) else {
                t.opt_refused += 1;
                continue;
            };
            t.files += 1;
            for (k, w) in [&ours, &theirs, a, b, c, &robust].into_iter().enumerate() {
                t.counts[k] += count(w);
            }
        }
        if let (Some(d), Some(a), Some(b), Some(c)) = (&mut dump, &a, &b, &c) {
            let n = [&ours, &theirs, a, b, c, &robust].map(|w| count(w).to_string());
            d.push_str(&format!("{path}\t{}\n", n.join("\t")));
        }
    }
    if let (Some(d), Ok(file)) = (&dump, std::env::var("SIZE_BENCH_DUMP")) {
        std::fs::write(file, d).expect("SIZE_BENCH_DUMP is writable");
    }
    println!(
        "corpus: {} files (one in {every}); refract -O2 refuses {}, naga {}",
        files.len(),
        refused.0,
        refused.1
    );
    all.print("both compile");
    bench.print("Dawn benchmark shaders");
    println!(
        "compile to SPIR-V (cpu, those files): -O1 {:.1} ms, -O2 {:.1} ms, -O2/-O1 = {:.2}",
        ms(o1_time),
        ms(o2_time),
        o2_time.as_secs_f64() / o1_time.as_secs_f64().max(1e-9)
    );
}
