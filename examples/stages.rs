//! The playground's pipeline, stage by stage, on one WGSL file: parse, the AST as JSON,
//! sema, reflection, lowering, the IR before passes, the default passes, the IR after,
//! WGSL, SPIR-V and its disassembly: the products the playground's `explore` makes, in
//! its order. Prints each stage's mean time over the runs.
//!
//!   cargo run --release --example stages -- www/src/examples/renderer.wgsl [RUNS]
//!
//! One untimed run comes first, as in the playground, where tables built once per process
//! (the builtin functions' overloads) are built by the first keystroke.
//!
//! Under `valgrind --tool=callgrind --toggle-collect=stages::measured`, with one run, each
//! stage is one call's inclusive cost in `run` (`refract::sema::analyze`,
//! `refract::lower::lower`, …): an instruction count that stays repeatable on a loaded
//! machine, unlike time.

use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: stages FILE.wgsl [RUNS]");
        std::process::exit(2);
    };
    let runs: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let source = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(2);
        }
    };
    let runs = runs.max(1);
    if let Err(message) = warm_up(&source).and_then(|_| measured(&source, runs)) {
        eprintln!("{path}: {message}");
        std::process::exit(1);
    }
}

/// One untimed run.
#[inline(never)]
fn warm_up(source: &str) -> Result<(), String> {
    let mut totals = Vec::new();
    let mut stages = Stages {
        at: Instant::now(),
        totals: &mut totals,
    };
    run(source, &mut stages)
}

/// `runs` runs of the pipeline; prints the mean time of each stage.
#[inline(never)]
fn measured(source: &str, runs: u32) -> Result<(), String> {
    let mut totals: Vec<(&'static str, Duration)> = Vec::new();
    for _ in 0..runs {
        let mut stages = Stages {
            at: Instant::now(),
            totals: &mut totals,
        };
        run(source, &mut stages)?;
    }
    let mut sum = 0.0;
    for (stage, total) in &totals {
        let ms = total.as_secs_f64() * 1e3 / f64::from(runs);
        sum += ms;
        println!("{stage:<9} {ms:8.3} ms");
    }
    println!("{:<9} {sum:8.3} ms (mean of {runs} runs)", "total");
    Ok(())
}

struct Stages<'a> {
    at: Instant,
    totals: &'a mut Vec<(&'static str, Duration)>,
}

impl Stages<'_> {
    fn lap(&mut self, stage: &'static str) {
        let now = Instant::now();
        let spent = now - self.at;
        match self.totals.iter_mut().find(|(s, _)| *s == stage) {
            Some((_, total)) => *total += spent,
            None => self.totals.push((stage, spent)),
        }
        self.at = now;
    }
}

fn run(source: &str, stages: &mut Stages) -> Result<(), String> {
    let errors = |d: &[refract::Diagnostic]| {
        d.iter()
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect::<Vec<_>>()
            .join("; ")
    };
    let (ast, diagnostics) = refract::syntax::parse(source);
    stages.lap("parse");
    if refract::diag::has_errors(&diagnostics) {
        return Err(errors(&diagnostics));
    }
    std::hint::black_box(refract::syntax::ast_to_json(&ast));
    stages.lap("ast");
    let (program, diagnostics) = refract::sema::analyze(&ast, source);
    stages.lap("sema");
    if refract::diag::has_errors(&diagnostics) {
        return Err(errors(&diagnostics));
    }
    let json = refract::sema::reflect::reflect(&ast, &program);
    std::hint::black_box(serde_json::to_string_pretty(&json).unwrap_or_default());
    stages.lap("reflect");
    let mut module = refract::lower::lower(&ast, &program).map_err(|d| errors(&d))?;
    stages.lap("lower");
    std::hint::black_box(refract::ir::print(&module));
    stages.lap("irBefore");
    let names: Vec<String> = refract::passes::pipeline_for(1)
        .iter()
        .map(|s| s.to_string())
        .collect();
    refract::passes::run_pipeline(&mut module, &names).map_err(|d| errors(&d))?;
    stages.lap("passes");
    std::hint::black_box(refract::ir::print(&module));
    stages.lap("ir");
    let mut wgsl = refract::back::wgsl::Options::default();
    wgsl.raise.diagnostics = refract::back::wgsl::diagnostic_filters(&ast);
    std::hint::black_box(
        refract::back::wgsl::write_string(&module, &wgsl).map_err(|e| errors(&e.diagnostics))?,
    );
    stages.lap("wgsl");
    let options = refract::back::spirv::Options::default();
    let debug = refract::back::spirv::DebugSource {
        file_name: "<input>",
        text: source,
    };
    let words =
        refract::back::spirv::compile(&module, &options, Some(debug)).map_err(|d| errors(&d))?;
    stages.lap("spirv");
    std::hint::black_box(refract::back::spirv::disassemble(&words).map_err(|d| errors(&[d]))?);
    stages.lap("spvasm");
    Ok(())
}
