//! The command line of `refract-diffexec`: argument parsing, the corpus and seed loops,
//! reduction of failing seeds, and the summary whose last line is
//! `ran X, skipped Y, mismatches Z`.

use refract_diffexec::generate::{ast::Program, generate_with};
use refract_diffexec::harness::{Case, CaseResult, Harness, PathOutcome, run_parallel};
use refract_diffexec::paths::Path;
use refract_diffexec::reduce;
use refract_diffexec::worker::{self, Runner};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Generated programs per parallel batch.
const SEED_BATCH: u64 = 100;

const USAGE: &str = "\
refract-diffexec: differential execution of WGSL compute shaders on lavapipe

usage: refract-diffexec [--corpus DIR] [--seeds N] [--seed-start S] [options]

  --corpus DIR       run every in-scope compute shader under DIR (a folder with
                     MANIFEST.tsv uses its scope rules; otherwise every *.wgsl)
  --seeds N          run N generated programs, seeds S..S+N
  --seed-start S     first seed (default 0)
  --file FILE        run one WGSL file (every compute entry point)
  --input-seed S     the seed of --file's inputs (default 0; a generated program's
                     inputs use its own seed, so a reduced repro needs it to fail)
  --filter TEXT      only corpus files whose path contains TEXT
  --sample K         only one corpus entry point in K, chosen by a hash of its file
                     and entry names (the same ones every run; CI's fast subset)
  --paths P,...      candidate paths compared with the reference: refract-wgsl,
                     refract-spirv, refract-fmt (refract's formatter), naga-roundtrip,
                     mutant (a deliberately wrong compiler, to see the harness catch
                     it), refract-gen8, refract-gen16 (the Gen back end on its
                     simulator; refract-gen: both), refract-hlsl (HLSL through
                     glslang); default:
                     refract-wgsl,refract-spirv,refract-fmt
  --standin          add naga-roundtrip, the stand-in second path
  --require-refract  count refract's \"not implemented\" (E0004) as a failure
  --no-reduce        print failing seeds without reducing them
  --overrides        generated programs declare overrides, and every path gets random
                     values for them as pipeline constants (another program per seed;
                     give it before --print-seed to print that one)
  --print-seed S     print generated program S and exit
  --validate-only    with --seeds: only check that the programs are valid (naga)
  --float-specials   also feed NaN, infinities and subnormals to float inputs
  --opt-level N      compile refract's paths at -ON (0, 1 or 2; default 1)
  --jobs N           shaders run at once, each with its own driver process
                     (default: the number of cores, at most 4)
  --out DIR          where reports and reduced repros go (default target/diffexec)
  --verbose          print every case's outcome

With neither --corpus, --seeds nor --file: the shared corpus ($REFRACT_SHARED/corpus or
../shared/corpus) and 100 seeds.

Exit status: 0 when nothing mismatched or failed, 1 otherwise, 2 on usage errors or when
no Vulkan driver can be loaded.
";

struct Args {
    corpus: Option<PathBuf>,
    seeds: u64,
    seed_start: u64,
    file: Option<PathBuf>,
    /// The input seed of `--file`'s cases (`--input-seed`).
    input_seed: u64,
    filter: Option<String>,
    sample: u64,
    paths: Vec<Path>,
    require_refract: bool,
    reduce: bool,
    out: PathBuf,
    verbose: bool,
    validate_only: bool,
    /// Generated programs with overrides (`--overrides`).
    overrides: bool,
    float_specials: bool,
    opt_level: u8,
    jobs: usize,
}

fn parse_args(argv: &[String]) -> Result<Option<Args>, String> {
    let mut a = Args {
        corpus: None,
        seeds: 0,
        seed_start: 0,
        file: None,
        input_seed: 0,
        filter: None,
        sample: 1,
        paths: vec![Path::RefractWgsl, Path::RefractSpirv, Path::RefractFmt],
        require_refract: false,
        reduce: true,
        out: PathBuf::from("target/diffexec"),
        verbose: false,
        validate_only: false,
        overrides: false,
        float_specials: false,
        opt_level: 1,
        jobs: std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(4),
    };
    let mut seeds_given = false;
    let mut it = argv.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--corpus" => a.corpus = Some(PathBuf::from(value()?)),
            "--seeds" => {
                a.seeds = value()?.parse().map_err(|e| format!("--seeds: {e}"))?;
                seeds_given = true;
            }
            "--seed-start" => {
                a.seed_start = value()?.parse().map_err(|e| format!("--seed-start: {e}"))?
            }
            "--file" => a.file = Some(PathBuf::from(value()?)),
            "--input-seed" => {
                a.input_seed = value()?
                    .parse()
                    .map_err(|_| "--input-seed wants a number".to_string())?
            }
            "--filter" => a.filter = Some(value()?),
            "--sample" => {
                a.sample = value()?.parse().map_err(|e| format!("--sample: {e}"))?;
                a.sample = a.sample.max(1);
            }
            "--paths" => {
                let mut paths = Vec::new();
                for p in value()?.split(',') {
                    if p.trim() == "refract-gen" {
                        paths.extend([Path::RefractGen8, Path::RefractGen16]);
                        continue;
                    }
                    paths.push(
                        Path::from_name(p.trim())
                            .filter(|p| *p != Path::Reference)
                            .ok_or(format!("unknown path `{p}`"))?,
                    );
                }
                a.paths = paths;
            }
            "--standin" => {
                if !a.paths.contains(&Path::NagaRoundTrip) {
                    a.paths.push(Path::NagaRoundTrip);
                }
            }
            "--require-refract" => a.require_refract = true,
            "--no-reduce" => a.reduce = false,
            "--out" => a.out = PathBuf::from(value()?),
            "--verbose" => a.verbose = true,
            "--validate-only" => a.validate_only = true,
            "--overrides" => a.overrides = true,
            "--float-specials" => a.float_specials = true,
            "--opt-level" => {
                a.opt_level = match value()?.as_str() {
                    "0" => 0,
                    "1" => 1,
                    "2" => 2,
                    other => return Err(format!("--opt-level: `{other}` is not 0, 1 or 2")),
                };
            }
            "--jobs" => {
                a.jobs = value()?.parse().map_err(|e| format!("--jobs: {e}"))?;
                a.jobs = a.jobs.max(1);
            }
            "--print-seed" => {
                let seed: u64 = value()?.parse().map_err(|e| format!("--print-seed: {e}"))?;
                print!("{}", generate_with(seed, a.overrides).print());
                return Ok(None);
            }
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(None);
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if a.corpus.is_none() && !seeds_given && a.file.is_none() {
        let shared = std::env::var_os("REFRACT_SHARED")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("../shared"));
        a.corpus = Some(shared.join("corpus"));
        a.seeds = 100;
    }
    Ok(Some(a))
}

pub fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.first().map(String::as_str) == Some(worker::WORKER_ARG) {
        return ExitCode::from(worker::worker_main().clamp(0, 255) as u8);
    }
    // refract's recursive walks are bounded by its nesting limit; give them room, as the
    // refract CLI does.
    let thread = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(move || run(&argv));
    match thread.map(|t| t.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => ExitCode::from(101),
    }
}

/// Counts per path and overall.
#[derive(Default)]
struct Tally {
    ran: u64,
    skipped: BTreeMap<String, u64>,
    mismatched_cases: u64,
    failed_cases: u64,
    /// Failures of the harness's own generator (invalid or unrunnable programs).
    generator_failures: u64,
    per_path: BTreeMap<&'static str, [u64; 6]>,
    /// Generated programs compiled at `--opt-level 2` and above, and for each pass how
    /// many of them it changed (the pass manager's report of refract's SPIR-V compile).
    pass_programs: u64,
    pass_changes: BTreeMap<&'static str, u64>,
}

/// Counts, in `t`, which passes change `source` at `opt_level` (refract in process, SPIR-V
/// target; nested steps counted under their own names).
fn count_pass_changes(t: &mut Tally, source: &str, opt_level: u8) {
    let mut options = refract::Options::new(refract::Target::Spirv);
    options.opt_level = opt_level;
    options.time_passes = true;
    let Some(report) = refract::compile(source, &options).passes else {
        return;
    };
    t.pass_programs += 1;
    for row in &report.timings {
        if row.changed > 0 {
            *t.pass_changes.entry(row.pass).or_default() += 1;
        }
    }
}

const PASS: usize = 0;
const MISMATCH: usize = 1;
const FAIL: usize = 2;
const NOT_IMPLEMENTED: usize = 3;
const INCONCLUSIVE: usize = 4;
const KNOWN: usize = 5;

fn run(argv: &[String]) -> u8 {
    let args = match parse_args(argv) {
        Ok(Some(a)) => a,
        Ok(None) => return 0,
        Err(e) => {
            eprintln!("refract-diffexec: {e}\n\n{USAGE}");
            return 2;
        }
    };
    if args.validate_only {
        return validate_seeds(&args);
    }
    let exe = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("refract-diffexec: cannot find my own executable: {e}");
            return 2;
        }
    };
    let mut harness = Harness::new(Runner::new(exe.clone()), args.paths.clone());
    harness.float_specials = args.float_specials;
    harness.opt_level = args.opt_level;
    match harness.runner.start() {
        Ok(name) => println!("driver: {name}"),
        Err(e) => {
            eprintln!("refract-diffexec: no Vulkan driver: {e}");
            eprintln!("install it with: apt-get install mesa-vulkan-drivers libvulkan1");
            return 2;
        }
    }
    let _ = std::fs::create_dir_all(&args.out);
    let mut tally = Tally::default();

    let mut file_cases = Vec::new();
    if let Some(file) = &args.file {
        match std::fs::read_to_string(file) {
            Ok(source) => {
                let entries = refract_diffexec::reflect::Shader::parse(&source)
                    .map(|s| s.compute_entries())
                    .unwrap_or_else(|_| vec![String::new()]);
                for entry in entries {
                    file_cases.push(Case {
                        name: file.display().to_string(),
                        source: source.clone(),
                        entry,
                        input_seed: args.input_seed,
                        overrides: refract_diffexec::overrides::values(&source, args.input_seed),
                        well_defined: false,
                    });
                }
            }
            Err(e) => {
                eprintln!("refract-diffexec: {}: {e}", file.display());
                return 2;
            }
        }
    }
    if let Some(dir) = &args.corpus {
        let cases = match refract_diffexec::corpus::cases(dir, args.filter.as_deref()) {
            Ok(c) => refract_diffexec::corpus::sample(c, args.sample),
            Err(e) => {
                eprintln!("refract-diffexec: corpus: {e}");
                return 2;
            }
        };
        println!(
            "corpus: {} compute entry points under {}{}",
            cases.len(),
            dir.display(),
            if args.sample > 1 {
                format!(" (one in {}, by --sample)", args.sample)
            } else {
                String::new()
            }
        );
        file_cases.extend(cases);
    }
    let mut pool = vec![harness];
    for _ in 1..args.jobs {
        let mut h = Harness::new(Runner::new(exe.clone()), args.paths.clone());
        h.float_specials = args.float_specials;
        h.opt_level = args.opt_level;
        pool.push(h);
    }
    let start = Instant::now();
    for (case, result) in file_cases.iter().zip(run_parallel(&mut pool, &file_cases)) {
        record(&mut tally, case, &result, &args, None);
    }
    if !file_cases.is_empty() {
        println!("corpus done in {:.1}s", start.elapsed().as_secs_f64());
    }

    let start = Instant::now();
    let end = args.seed_start + args.seeds;
    let mut batch_start = args.seed_start;
    while batch_start < end {
        // Batches keep memory flat and let progress lines appear as the run goes.
        let batch_end = end.min(batch_start + SEED_BATCH);
        let mut programs = Vec::new();
        let mut cases = Vec::new();
        for seed in batch_start..batch_end {
            let program = generate_with(seed, args.overrides);
            let case = seed_case(&program);
            if let Err(e) = refract_diffexec::reflect::Shader::parse(&case.source) {
                // A generator bug: its programs must be valid.
                println!(
                    "FAILED seed {seed}: the generator made invalid WGSL:\n{e}\n{}",
                    case.source
                );
                tally.failed_cases += 1;
                tally.generator_failures += 1;
                continue;
            }
            programs.push(program);
            cases.push(case);
        }
        let results = run_parallel(&mut pool, &cases);
        for ((program, case), result) in programs.iter().zip(&cases).zip(&results) {
            record(&mut tally, case, result, &args, Some(program));
            if args.opt_level >= 2 {
                count_pass_changes(&mut tally, &case.source, args.opt_level);
            }
        }
        let n = batch_end - args.seed_start;
        if args.verbose || n % 500 == 0 || batch_end == end {
            println!(
                "seeds: {n} done, {:.0} ms per seed",
                start.elapsed().as_secs_f64() * 1000.0 / n as f64
            );
        }
        batch_start = batch_end;
    }
    if args.seeds > 0 {
        let secs = start.elapsed().as_secs_f64();
        println!(
            "seeds: {} in {secs:.1}s ({:.0} ms per seed)",
            args.seeds,
            secs * 1000.0 / args.seeds as f64
        );
    }
    summary(&tally, &args)
}

/// `--validate-only`: generates the seeds and checks each with naga; no driver needed.
fn validate_seeds(args: &Args) -> u8 {
    let start = Instant::now();
    let mut invalid = 0u64;
    for seed in args.seed_start..args.seed_start + args.seeds {
        let program = generate_with(seed, args.overrides);
        let text = program.print();
        // The values must be valid pipeline constants too.
        if let Err(e) = program.check_with_naga(&text) {
            invalid += 1;
            println!("FAILED seed {seed}: the generator made invalid WGSL:\n{e}");
        }
    }
    println!(
        "validated {} programs in {:.1}s: {} valid, {invalid} invalid",
        args.seeds,
        start.elapsed().as_secs_f64(),
        args.seeds - invalid
    );
    u8::from(invalid > 0)
}

fn seed_case(program: &Program) -> Case {
    Case {
        name: format!("seed {}", program.seed),
        source: program.print(),
        entry: "main".into(),
        input_seed: program.seed,
        overrides: program.pipeline_constants(),
        well_defined: true,
    }
}

fn record(
    tally: &mut Tally,
    case: &Case,
    result: &CaseResult,
    args: &Args,
    program: Option<&Program>,
) {
    let label = if case.entry.is_empty() || program.is_some() {
        case.name.clone()
    } else {
        format!("{} ({})", case.name, case.entry)
    };
    let outcomes = match result {
        CaseResult::Skipped(reason) => {
            if args.verbose {
                println!("skip {label}: {reason}");
            }
            if program.is_some() {
                // Generated programs must always run: a skip is a generator bug.
                println!("FAILED {label}: generated program skipped: {reason}");
                tally.failed_cases += 1;
                tally.generator_failures += 1;
            }
            *tally.skipped.entry(reason_class(reason)).or_default() += 1;
            return;
        }
        CaseResult::Ran(o) => o,
    };
    tally.ran += 1;
    let mut mismatch = false;
    let mut failed = false;
    for (path, outcome) in outcomes {
        let slot = match outcome {
            PathOutcome::Pass => PASS,
            PathOutcome::Mismatch(report) => {
                mismatch = true;
                println!("{report}");
                if let Some(p) = program {
                    reduce_and_report(p, *path, args, true);
                }
                MISMATCH
            }
            PathOutcome::Failed(m) => {
                failed = true;
                println!("FAILED {label} path {}: {m}", path.name());
                if let Some(p) = program {
                    reduce_and_report(p, *path, args, false);
                }
                FAIL
            }
            PathOutcome::Inconclusive(m) => {
                println!("INCONCLUSIVE {label} path {}: {m}", path.name());
                INCONCLUSIVE
            }
            PathOutcome::Known(m) => {
                println!("KNOWN DIFFERENCE {label} path {}: {m}", path.name());
                KNOWN
            }
            PathOutcome::NotImplemented(m) => {
                if args.require_refract {
                    failed = true;
                    println!("FAILED {label} path {}: not implemented: {m}", path.name());
                }
                NOT_IMPLEMENTED
            }
        };
        tally.per_path.entry(path.name()).or_default()[slot] += 1;
    }
    if args.verbose && !mismatch && !failed {
        println!("ok {label}");
    }
    tally.mismatched_cases += u64::from(mismatch);
    tally.failed_cases += u64::from(failed && !mismatch);
}

/// Groups skip reasons: names in backquotes become `…`, and details after a colon go.
fn reason_class(reason: &str) -> String {
    let mut out = String::new();
    for (i, part) in reason.split('`').enumerate() {
        out.push_str(if i % 2 == 1 { "`…`" } else { part });
    }
    let cut = match out.find(": ") {
        Some(i) if i > 10 => &out[..i],
        _ => &out[..],
    };
    cut.trim().chars().take(100).collect()
}

/// Reduces a failing generated program and prints and saves the repro.
fn reduce_and_report(program: &Program, path: Path, args: &Args, mismatch: bool) {
    if !args.reduce {
        return;
    }
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(_) => return,
    };
    let mut harness = Harness::new(Runner::new(exe), vec![path]);
    harness.float_specials = args.float_specials;
    harness.opt_level = args.opt_level;
    let started = Instant::now();
    let reduced = reduce::reduce(
        program,
        |candidate| {
            let case = seed_case(candidate);
            if refract_diffexec::reflect::Shader::parse(&case.source).is_err() {
                return false;
            }
            match harness.check_path(&case, path) {
                Ok(PathOutcome::Mismatch(_)) => mismatch,
                Ok(PathOutcome::Failed(_)) => !mismatch,
                _ => false,
            }
        },
        3000,
    );
    let text = reduced.print();
    let file = args
        .out
        .join(format!("seed-{}-{}.wgsl", program.seed, path.name()));
    let _ = std::fs::write(&file, &text);
    let case = seed_case(&reduced);
    let detail = match harness.check_path(&case, path) {
        Ok(PathOutcome::Mismatch(r)) => r,
        Ok(PathOutcome::Failed(m)) => format!("FAILED: {m}\n{text}"),
        other => format!("(re-check: {other:?})\n{text}"),
    };
    println!(
        "REDUCED seed {} path {} in {:.1}s ({} → {} bytes), saved to {}:\n{detail}",
        program.seed,
        path.name(),
        started.elapsed().as_secs_f64(),
        program.print().len(),
        text.len(),
        file.display()
    );
}

fn summary(t: &Tally, args: &Args) -> u8 {
    println!();
    for (path, c) in &t.per_path {
        println!(
            "path {path}: {} passed, {} mismatched, {} failed, {} not implemented, {} inconclusive, {} known differences",
            c[PASS], c[MISMATCH], c[FAIL], c[NOT_IMPLEMENTED], c[INCONCLUSIVE], c[KNOWN]
        );
        if c[NOT_IMPLEMENTED] > 0 {
            println!(
                "NOT IMPLEMENTED: refract returned E0004 for path {path} on {} of {} cases; \
                 that path did not run on them{}",
                c[NOT_IMPLEMENTED],
                c.iter().sum::<u64>(),
                if args.require_refract {
                    " (counted as failures: --require-refract)"
                } else {
                    ""
                }
            );
        }
    }
    let skipped: u64 = t.skipped.values().sum();
    if skipped > 0 {
        println!("skipped, by reason:");
        let mut reasons: Vec<_> = t.skipped.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (reason, n) in reasons {
            println!("  {n:6}  {reason}");
        }
    }
    if t.pass_programs > 0 {
        println!(
            "passes that changed the program, of {} generated programs at -O{}:",
            t.pass_programs, args.opt_level
        );
        let mut rows: Vec<_> = t.pass_changes.iter().collect();
        rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (pass, n) in rows {
            println!("  {n:6}  {pass}");
        }
    }
    println!("generator failures {}", t.generator_failures);
    println!("failures {}", t.failed_cases);
    println!(
        "ran {}, skipped {skipped}, mismatches {}",
        t.ran, t.mismatched_cases
    );
    u8::from(t.mismatched_cases > 0 || t.failed_cases > 0)
}
