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
//! stage is the inclusive cost of its own function here, `stages::stage_sema`,
//! `stages::stage_wgsl`, …: an instruction count that stays repeatable on a loaded machine,
//! unlike time. They are never inlined, so that the count stays one stage's even at the
//! wasm build's profile (`--profile wasm-release`, opt-level z), where LLVM would otherwise
//! fold the library's entry points into one another:
//!
//!   cargo build --profile wasm-release --example stages
//!   valgrind --tool=callgrind --toggle-collect=stages::measured \
//!       target/wasm-release/examples/stages www/src/examples/renderer.wgsl 1
//!   callgrind_annotate --inclusive=yes callgrind.out.* | grep -E 'stages::(stage_|measured)'

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
    let ast = stage_parse(source)?;
    stages.lap("parse");
    stage_ast(&ast);
    stages.lap("ast");
    let program = stage_sema(&ast, source)?;
    stages.lap("sema");
    stage_reflect(&ast, &program);
    stages.lap("reflect");
    let mut module = stage_lower(&ast, &program)?;
    stages.lap("lower");
    stage_ir_text(&module);
    stages.lap("irBefore");
    stage_passes(&mut module)?;
    stages.lap("passes");
    stage_ir_text(&module);
    stages.lap("ir");
    stage_wgsl(&ast, &module)?;
    stages.lap("wgsl");
    let words = stage_spirv(source, &module)?;
    stages.lap("spirv");
    stage_spvasm(&words)?;
    stages.lap("spvasm");
    Ok(())
}

fn errors(d: &[refract::Diagnostic]) -> String {
    d.iter()
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect::<Vec<_>>()
        .join("; ")
}

#[inline(never)]
fn stage_parse(source: &str) -> Result<refract::syntax::ast::Module, String> {
    let (ast, diagnostics) = refract::syntax::parse(source);
    if refract::diag::has_errors(&diagnostics) {
        return Err(errors(&diagnostics));
    }
    Ok(ast)
}

#[inline(never)]
fn stage_ast(ast: &refract::syntax::ast::Module) {
    std::hint::black_box(refract::syntax::ast_to_json(ast));
}

#[inline(never)]
fn stage_sema(
    ast: &refract::syntax::ast::Module,
    source: &str,
) -> Result<refract::sema::Program, String> {
    let (program, diagnostics) = refract::sema::analyze(ast, source);
    if refract::diag::has_errors(&diagnostics) {
        return Err(errors(&diagnostics));
    }
    Ok(program)
}

#[inline(never)]
fn stage_reflect(ast: &refract::syntax::ast::Module, program: &refract::sema::Program) {
    let json = refract::sema::reflect::reflect(ast, program);
    std::hint::black_box(serde_json::to_string_pretty(&json).unwrap_or_default());
}

#[inline(never)]
fn stage_lower(
    ast: &refract::syntax::ast::Module,
    program: &refract::sema::Program,
) -> Result<refract::ir::Module, String> {
    refract::lower::lower(ast, program).map_err(|d| errors(&d))
}

/// The IR as text: run twice, before and after the passes (one symbol, both calls).
#[inline(never)]
fn stage_ir_text(module: &refract::ir::Module) {
    std::hint::black_box(refract::ir::print(module));
}

#[inline(never)]
fn stage_passes(module: &mut refract::ir::Module) -> Result<(), String> {
    let names: Vec<String> = refract::passes::pipeline_for(1)
        .iter()
        .map(|s| s.to_string())
        .collect();
    refract::passes::run_pipeline(module, &names).map_err(|d| errors(&d))?;
    Ok(())
}

#[inline(never)]
fn stage_wgsl(
    ast: &refract::syntax::ast::Module,
    module: &refract::ir::Module,
) -> Result<(), String> {
    let mut wgsl = refract::back::wgsl::Options::default();
    wgsl.raise.diagnostics = refract::back::wgsl::diagnostic_filters(ast);
    std::hint::black_box(
        refract::back::wgsl::write_string(module, &wgsl).map_err(|e| errors(&e.diagnostics))?,
    );
    Ok(())
}

/// The SPIR-V words. Natively this includes the IR verifier the writer runs on its input
/// (`ir::verify::VERIFY_BACK_END_INPUT`), which the wasm build does not run.
#[inline(never)]
fn stage_spirv(source: &str, module: &refract::ir::Module) -> Result<Vec<u32>, String> {
    let options = refract::back::spirv::Options::default();
    let debug = refract::back::spirv::DebugSource {
        file_name: "<input>",
        text: source,
    };
    refract::back::spirv::compile(module, &options, Some(debug)).map_err(|d| errors(&d))
}

#[inline(never)]
fn stage_spvasm(words: &[u32]) -> Result<(), String> {
    std::hint::black_box(refract::back::spirv::disassemble(words).map_err(|d| errors(&[d]))?);
    Ok(())
}
