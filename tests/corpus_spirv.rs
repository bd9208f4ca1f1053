//! The SPIR-V back end over the corpus, side by side with naga's SPIR-V writer.
//!
//! For every in-scope corpus file that `refract check` accepts: `refract compile --to
//! spirv` must succeed and `spirv-val --target-env vulkan1.1` must accept the words, on
//! at least [`THRESHOLD`] of the files, and more often than naga (`naga::back::spv`, SPIR-V
//! 1.3, overrides replaced by their defaults as naga's CLI does) on the same files. Both
//! rates come from one run. The files that fail are listed in
//! `target/corpus-spirv-failures.txt`.
//!
//! It takes a few minutes (two `spirv-val` runs per file, run in parallel), so it is
//! `#[ignore]`d in plain `cargo test`; `scripts/suites/50-spirv.sh` runs it with
//! `--ignored`.

mod common;

use common::corpus::{CorpusFile, in_scope};
use common::spirv_tools;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

const THRESHOLD: f64 = 99.5;

#[derive(Clone, Debug)]
enum Verdict {
    Valid,
    /// The compiler refused the module: the diagnostic code (or naga's error) and message.
    Refused(String, String),
    /// `spirv-val` rejected the words: its first line.
    Invalid(String),
    Panicked,
}

struct Outcome {
    accepted: bool,
    refract: Verdict,
    naga: Verdict,
}

fn validate(words: &[u32]) -> Verdict {
    match spirv_tools::validate(words, "vulkan1.1") {
        Ok(()) => Verdict::Valid,
        Err(e) => Verdict::Invalid(
            e.lines()
                .find(|l| l.contains("error"))
                .unwrap_or(e.lines().next().unwrap_or(""))
                .to_string(),
        ),
    }
}

fn refract_spirv(source: &str) -> Verdict {
    let options = refract::Options::new(refract::Target::Spirv);
    let result = catch_unwind(AssertUnwindSafe(|| refract::compile(source, &options)));
    let Ok(result) = result else {
        return Verdict::Panicked;
    };
    match result.output {
        Some(refract::Output::Words(w)) if result.ok() => validate(&w),
        _ => {
            let d = result.diagnostics.iter().find(|d| d.is_error());
            Verdict::Refused(
                d.map_or(String::new(), |d| d.code.to_string()),
                d.map_or(String::new(), |d| d.message.clone()),
            )
        }
    }
}

fn naga_spirv(source: &str) -> Verdict {
    let r = catch_unwind(AssertUnwindSafe(|| -> Result<Vec<u32>, String> {
        let module = naga::front::wgsl::parse_str(source).map_err(|e| e.to_string())?;
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .validate(&module)
        .map_err(|e| e.to_string())?;
        let (module, info) = naga::back::pipeline_constants::process_overrides(
            &module,
            &info,
            None,
            &Default::default(),
        )
        .map_err(|e| e.to_string())?;
        let options = naga::back::spv::Options {
            lang_version: (1, 3),
            ..Default::default()
        };
        naga::back::spv::write_vec(&module, &info, &options, None).map_err(|e| e.to_string())
    }));
    match r {
        Err(_) => Verdict::Panicked,
        Ok(Err(e)) => Verdict::Refused("naga".into(), e),
        Ok(Ok(w)) => validate(&w),
    }
}

fn run(file: &CorpusFile) -> Outcome {
    let accepted = !refract::diag::has_errors(&refract::check(&file.source));
    if !accepted {
        return Outcome {
            accepted,
            refract: Verdict::Valid,
            naga: Verdict::Valid,
        };
    }
    Outcome {
        accepted,
        refract: refract_spirv(&file.source),
        naga: naga_spirv(&file.source),
    }
}

/// `par_map` with more workers than cores: most of a file's time is spent waiting for
/// `spirv-val` processes to start.
fn par_map_wide(files: &[CorpusFile]) -> Vec<Outcome> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) * 3;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<Outcome>>> = (0..files.len())
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(64 * 1024 * 1024)
                .spawn_scoped(scope, || {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= files.len() {
                            break;
                        }
                        let o = run(&files[i]);
                        *slots[i].lock().expect("slot") = Some(o);
                    }
                })
                .expect("spawn a corpus worker");
        }
    });
    slots
        .into_iter()
        .map(|s| s.into_inner().expect("slot").expect("every file ran"))
        .collect()
}

fn describe(v: &Verdict) -> String {
    match v {
        Verdict::Valid => "valid".into(),
        Verdict::Refused(code, msg) => format!("refused {code}: {msg}"),
        Verdict::Invalid(e) => format!("spirv-val: {e}"),
        Verdict::Panicked => "PANIC".into(),
    }
}

#[test]
#[ignore = "long: scripts/suites/50-spirv.sh runs it"]
fn corpus_spirv_validates_beating_naga() {
    spirv_tools::tool("spirv-val");
    let files = in_scope();
    let outcomes = par_map_wide(&files);
    let accepted: Vec<(&CorpusFile, &Outcome)> = files
        .iter()
        .zip(&outcomes)
        .filter(|(_, o)| o.accepted)
        .collect();
    let n = accepted.len();
    let ours = accepted
        .iter()
        .filter(|(_, o)| matches!(o.refract, Verdict::Valid))
        .count();
    let theirs = accepted
        .iter()
        .filter(|(_, o)| matches!(o.naga, Verdict::Valid))
        .count();
    let panics = accepted
        .iter()
        .filter(|(_, o)| matches!(o.refract, Verdict::Panicked))
        .count();
    let rate = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
    // Why refract fails, by diagnostic code or validator message.
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut report = String::new();
    for (f, o) in &accepted {
        if !matches!(o.refract, Verdict::Valid) {
            let key = match &o.refract {
                Verdict::Refused(code, msg) => {
                    format!("{code} {}", msg.chars().take(90).collect::<String>())
                }
                Verdict::Invalid(e) => {
                    format!("spirv-val {}", e.chars().take(90).collect::<String>())
                }
                _ => "panic".into(),
            };
            *reasons.entry(key).or_default() += 1;
            report.push_str(&format!("refract\t{}\t{}\n", f.rel, describe(&o.refract)));
        }
        if !matches!(o.naga, Verdict::Valid) {
            report.push_str(&format!("naga\t{}\t{}\n", f.rel, describe(&o.naga)));
        }
    }
    let out =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/corpus-spirv-failures.txt");
    let _ = std::fs::write(&out, &report);
    println!(
        "corpus-spirv: {n} in-scope files refract check accepts (of {})",
        files.len()
    );
    println!(
        "  refract --to spirv, spirv-val vulkan1.1: {ours:>6} / {n}  ({:.2} %)",
        rate(ours)
    );
    println!(
        "  naga spv-out 1.3,   spirv-val vulkan1.1: {theirs:>6} / {n}  ({:.2} %)",
        rate(theirs)
    );
    let mut top: Vec<(&String, &usize)> = reasons.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1));
    for (why, k) in top.iter().take(25) {
        println!("    {k:>5}  {why}");
    }
    println!("  failures listed in {}", out.display());
    let failed = n - ours;
    println!("spirv corpus: {ours} passed, {failed} failed");
    assert_eq!(panics, 0, "refract panicked on {panics} files");
    assert!(
        rate(ours) >= THRESHOLD,
        "refract's SPIR-V is valid for {:.2} % of the files, below {THRESHOLD} %",
        rate(ours)
    );
    assert!(
        ours > theirs,
        "refract ({ours}) does not beat naga ({theirs})"
    );
}
