//! The Gen back end over the corpus: every in-scope file that `refract check` accepts
//! must compile to Gen assembly (every entry point, every stage, the default SIMD width)
//! without a panic, and each kernel reports its registers against MaxLive.
//!
//! The report goes to `target/corpus-gen.txt`: one line per kernel (`file entry simdN
//! used U maxlive M spilled S`), the files that failed with their first diagnostic, and
//! the totals (kernels, kernels whose allocation used exactly MaxLive registers, kernels
//! that spill). The test fails on any panic, and when fewer than [`THRESHOLD`] percent of
//! the accepted files compile.

mod common;

use common::corpus::{in_scope, par_map};
use refract::back::r#gen as gpu;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The share that must compile: every accepted file (the report lists any that fail).
const THRESHOLD: f64 = 100.0;

enum Outcome {
    Rejected,
    Compiled(Vec<(String, u8, u32, u32, u32)>),
    Failed(String),
    Panicked,
}

#[test]
fn every_accepted_file_compiles_to_gen() {
    std::panic::set_hook(Box::new(|_| {}));
    let files = in_scope();
    let outcomes = par_map(&files, |f| {
        let Ok(source) = std::fs::read_to_string(&f.path) else {
            return Outcome::Rejected;
        };
        if refract::diag::has_errors(&refract::check(&source)) {
            return Outcome::Rejected;
        }
        match catch_unwind(AssertUnwindSafe(|| {
            gpu::compile_source(&source, &gpu::Options::default(), None)
        })) {
            Ok(Ok(p)) => Outcome::Compiled(
                p.kernels
                    .iter()
                    .map(|k| {
                        let a = &k.kernel;
                        (a.name.clone(), a.simd, a.slots_used, a.max_live, a.spilled)
                    })
                    .collect(),
            ),
            Ok(Err(d)) => Outcome::Failed(
                d.first()
                    .map_or(String::new(), |d| format!("{}: {}", d.code, d.message)),
            ),
            Err(_) => Outcome::Panicked,
        }
    });
    let _ = std::panic::take_hook();
    let mut report = String::new();
    let (mut accepted, mut ok, mut panics) = (0usize, 0usize, 0usize);
    let (mut kernels, mut at_max_live, mut spilling) = (0usize, 0usize, 0usize);
    let mut failures = String::new();
    for (f, o) in files.iter().zip(&outcomes) {
        match o {
            Outcome::Rejected => continue,
            Outcome::Compiled(ks) => {
                accepted += 1;
                ok += 1;
                for (name, simd, used, max_live, spilled) in ks {
                    kernels += 1;
                    at_max_live += usize::from(used == max_live);
                    spilling += usize::from(*spilled > 0);
                    let _ = writeln!(
                        report,
                        "{} {name} simd{simd} used {used} maxlive {max_live} spilled {spilled}",
                        f.rel
                    );
                }
            }
            Outcome::Failed(msg) => {
                accepted += 1;
                let _ = writeln!(failures, "FAILED {}: {msg}", f.rel);
            }
            Outcome::Panicked => {
                accepted += 1;
                panics += 1;
                let _ = writeln!(failures, "PANIC {}", f.rel);
            }
        }
    }
    let rate = 100.0 * ok as f64 / accepted.max(1) as f64;
    let totals = format!(
        "accepted files {accepted}, compiled {ok} ({rate:.2} %), panics {panics}; kernels {kernels}, \
         at MaxLive exactly {at_max_live}, spilling {spilling}"
    );
    let out = format!("{totals}\n{failures}{report}");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/corpus-gen.txt");
    let _ = std::fs::write(&path, &out);
    println!("{totals} (report: {})", path.display());
    assert_eq!(panics, 0, "panics:\n{failures}");
    assert!(
        rate >= THRESHOLD,
        "{totals}\n{}",
        failures.lines().take(40).collect::<Vec<_>>().join("\n")
    );
}
