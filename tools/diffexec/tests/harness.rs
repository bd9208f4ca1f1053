//! The harness's fast tests: they run real shaders on lavapipe (installed by
//! `scripts/suites/10-cargo.sh` and `60-diffexec.sh`) and fail loudly when it is missing.
//! The long campaigns are `refract-diffexec --seeds N` (see `scripts/suites/60-diffexec.sh`).

use refract_diffexec::generate::generate;
use refract_diffexec::harness::{Case, CaseResult, Harness, PathOutcome};
use refract_diffexec::paths::Path;
use refract_diffexec::reduce::reduce;
use refract_diffexec::worker::Runner;
use std::path::PathBuf;

fn harness(paths: Vec<Path>) -> Harness {
    let mut runner = Runner::new(PathBuf::from(env!("CARGO_BIN_EXE_refract-diffexec")));
    if let Err(e) = runner.start() {
        panic!(
            "no Vulkan driver for the harness: {e}\n\
             install it with: apt-get install mesa-vulkan-drivers libvulkan1"
        );
    }
    Harness::new(runner, paths)
}

fn shared() -> PathBuf {
    let dir = std::env::var_os("REFRACT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    assert!(
        dir.join("corpus").is_dir(),
        "the shared folder is missing: expected {}/corpus (set REFRACT_SHARED)",
        dir.display()
    );
    dir
}

fn seed_case(seed: u64) -> Case {
    Case {
        name: format!("seed {seed}"),
        source: generate(seed).print(),
        entry: "main".into(),
        input_seed: seed,
        overrides: Vec::new(),
        well_defined: true,
    }
}

/// Every path agrees with the reference: refract's paths run the whole pipeline now, so
/// "not implemented" (E0004) is a failure like any other.
fn assert_agrees(case: &Case, result: &CaseResult) {
    let inconclusive = assert_agrees_unless_racing(case, result);
    assert!(inconclusive.is_empty(), "{inconclusive:#?}");
}

/// Like [`assert_agrees`], for corpus shaders, which may race: a case that is not well
/// defined by construction, on a path caught disagreeing with itself on a re-run, is
/// inconclusive and returned to be listed, never counted as agreeing. The generator's
/// programs are race-free, so for them that too is a failure.
fn assert_agrees_unless_racing(case: &Case, result: &CaseResult) -> Vec<String> {
    let CaseResult::Ran(outcomes) = result else {
        panic!("{} was skipped: {result:?}", case.name);
    };
    let mut inconclusive = Vec::new();
    for (path, outcome) in outcomes {
        match outcome {
            PathOutcome::Pass => {}
            PathOutcome::Inconclusive(why) if !case.well_defined => {
                inconclusive.push(format!("{} on path {}: {why}", case.name, path.name()));
            }
            _ => panic!("{} on path {}: {outcome:?}", case.name, path.name()),
        }
    }
    inconclusive
}

#[test]
fn generated_programs_agree_on_every_path() {
    let mut h = harness(vec![
        Path::NagaRoundTrip,
        Path::RefractWgsl,
        Path::RefractSpirv,
    ]);
    for seed in 0..12 {
        let case = seed_case(seed);
        assert_agrees(&case, &h.run_case(&case));
    }
}

#[test]
fn a_wrong_compiler_is_caught_and_reduced() {
    let mut h = harness(vec![Path::Mutant]);
    let (seed, report) = (0..40)
        .find_map(|seed| match h.run_case(&seed_case(seed)) {
            CaseResult::Ran(o) => match &o[0].1 {
                PathOutcome::Mismatch(report) => Some((seed, report.clone())),
                _ => None,
            },
            CaseResult::Skipped(r) => panic!("seed {seed} skipped: {r}"),
        })
        .expect("the mutant compiler is caught on some seed");
    assert!(report.contains("--- shader ---") && report.contains("--- inputs ---"));
    assert!(report.contains("reference 0x"), "{report}");

    let program = generate(seed);
    let reduced = reduce(
        &program,
        |candidate| {
            let case = Case {
                source: candidate.print(),
                ..seed_case(seed)
            };
            refract_diffexec::reflect::Shader::parse(&case.source).is_ok()
                && matches!(
                    h.check_path(&case, Path::Mutant),
                    Ok(PathOutcome::Mismatch(_))
                )
        },
        600,
    );
    let (before, after) = (program.print().len(), reduced.print().len());
    assert!(
        after * 2 < before,
        "reduced only from {before} to {after} bytes"
    );
    let case = Case {
        source: reduced.print(),
        ..seed_case(seed)
    };
    assert!(matches!(
        h.check_path(&case, Path::Mutant),
        Ok(PathOutcome::Mismatch(_))
    ));
}

#[test]
fn out_of_bounds_results_are_not_compared() {
    let mut h = harness(vec![Path::NagaRoundTrip]);
    let case = Case {
        name: "oob".into(),
        source: "@group(0) @binding(0) var<storage, read> data: array<u32, 4>;
                 @group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
                 @group(0) @binding(2) var<uniform> k: vec4<u32>;
                 @compute @workgroup_size(1) fn main() { out[0] = data[k.x + 9u]; }"
            .into(),
        entry: "main".into(),
        input_seed: 1,
        overrides: Vec::new(),
        well_defined: false,
    };
    match h.run_case(&case) {
        CaseResult::Skipped(reason) => assert!(reason.contains("bounds-check policy"), "{reason}"),
        other => panic!("an out-of-bounds read was compared: {other:?}"),
    }
}

#[test]
fn index_inputs_are_kept_in_bounds() {
    // `idx` feeds an index through a local variable: the analysis must keep it in range,
    // so the shader runs (not skipped) and both paths agree.
    let mut h = harness(vec![Path::NagaRoundTrip]);
    let case = Case {
        name: "indices".into(),
        source: "struct P { idx: array<u32, 16>, vals: array<f32, 16> }
                 @group(0) @binding(0) var<storage, read> p: P;
                 @group(0) @binding(1) var<storage, read_write> out: array<f32, 6>;
                 @compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
                   var j = p.idx[i];
                   if i == 0u { out[j] = p.vals[j] * 2.0; }
                 }"
        .into(),
        entry: "main".into(),
        input_seed: 5,
        overrides: Vec::new(),
        well_defined: false,
    };
    assert_agrees(&case, &h.run_case(&case));
}

#[test]
fn corpus_compute_shaders_run_on_every_path() {
    let dir = shared().join("corpus");
    let cases = refract_diffexec::corpus::cases(&dir, Some("webgpu-samples")).unwrap();
    let mut h = harness(vec![
        Path::NagaRoundTrip,
        Path::RefractWgsl,
        Path::RefractSpirv,
    ]);
    let mut ran = 0;
    let mut skipped = Vec::new();
    let mut inconclusive = Vec::new();
    for case in &cases {
        match h.run_case(case) {
            CaseResult::Skipped(reason) => skipped.push(format!("{}: {reason}", case.name)),
            result => {
                inconclusive.extend(assert_agrees_unless_racing(case, &result));
                ran += 1;
            }
        }
    }
    eprintln!(
        "webgpu-samples: ran {ran}, skipped {}: {skipped:#?}; inconclusive (raced) {}: \
         {inconclusive:#?}",
        skipped.len(),
        inconclusive.len()
    );
    assert!(
        ran >= 3,
        "only {ran} of {} compute shaders ran: {skipped:#?}",
        cases.len()
    );
}

fn repros() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("repros");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "wgsl"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no repros in {}", dir.display());
    files
        .iter()
        .flat_map(|path| {
            let source = std::fs::read_to_string(path).unwrap();
            let shader = refract_diffexec::reflect::Shader::parse(&source)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            shader.compute_entries().into_iter().map(move |entry| Case {
                name: path.display().to_string(),
                source: source.clone(),
                entry,
                input_seed: 0,
                overrides: refract_diffexec::overrides::values(&source, 0),
                well_defined: false,
            })
        })
        .collect()
}

/// Regression tests: every reduced repro in `repros/` runs and refract agrees with the
/// reference on it, on every refract path (HLSL through glslang, and the Gen back end on
/// its simulator at SIMD8 and SIMD16, too).
#[test]
fn repros_agree_on_refract_paths() {
    let mut h = harness(vec![
        Path::RefractWgsl,
        Path::RefractSpirv,
        Path::RefractFmt,
        Path::RefractHlsl,
        Path::RefractGen8,
        Path::RefractGen16,
    ]);
    for case in repros() {
        let result = h.run_case(&case);
        let CaseResult::Ran(outcomes) = &result else {
            panic!("{} was skipped: {result:?}", case.name);
        };
        for (path, outcome) in outcomes {
            match outcome {
                PathOutcome::Pass => {}
                // glslang's own deviations (`known.rs`), shown with their evidence.
                PathOutcome::Known(why) if *path == Path::RefractHlsl => {
                    eprintln!(
                        "{} on path {}: known difference: {why}",
                        case.name,
                        path.name()
                    );
                }
                _ => panic!("{} on path {}: {outcome:?}", case.name, path.name()),
            }
        }
    }
}

/// The harness finds a real bug: naga 30's WGSL writer drops `@align`/`@size`, so the
/// stand-in path mismatches on the layout repros. (If a naga upgrade fixes the writer, this
/// test says so; then keep the repros and drop this test.)
#[test]
fn naga_writer_layout_bug_is_caught() {
    let mut h = harness(vec![Path::NagaRoundTrip]);
    for case in repros().iter().filter(|c| c.source.contains("@size(16)")) {
        match h.run_case(case) {
            CaseResult::Ran(o) => assert!(
                matches!(o[0].1, PathOutcome::Mismatch(_)),
                "{}: {:?}",
                case.name,
                o[0].1
            ),
            CaseResult::Skipped(r) => panic!("{} skipped: {r}", case.name),
        }
    }
}
