//! refract: a WGSL shader compiler for the browser and the command line.
//!
//! WGSL text is parsed to an AST ([`syntax`]), checked and typed ([`sema`]), lowered to one
//! SSA IR ([`ir`], [`lower`]), optimized ([`passes`]), and written out by a back end
//! ([`back`]): WGSL (by raising the IR back to an AST, [`raise`]), HLSL, SPIR-V, or a scalar
//! Gen ISA. DESIGN.md in the shared folder gives the architecture.
//!
//! This file is the public Rust API. The CLI (`src/main.rs`) and the wasm bindings
//! (`src/wasm.rs`) are thin layers over it and add no behaviour of their own, so the three
//! always agree.
//!
//! Contract of every entry point here: no input makes it panic, loop forever or recurse
//! without bound. Problems come back as [`Diagnostic`]s with a code and a span, the first
//! [`DEFAULT_ERROR_LIMIT`] errors by position unless the caller sets another limit
//! ([`diag::limit`]).

pub mod back;
pub mod diag;
pub mod explore;
pub mod ir;
pub mod lower;
pub mod passes;
pub mod raise;
pub mod sema;
pub mod syntax;
pub mod util;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use diag::{DEFAULT_ERROR_LIMIT, Diagnostic, Label, LineIndex, Severity, Span};

/// What `compile` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Wgsl,
    Hlsl,
    Spirv,
    Spvasm,
    Gen,
    /// The scalar Gen IR the Gen back end lowers to (before register allocation).
    GenIr,
    Ir,
    Ast,
}

impl Target {
    pub const ALL: [Target; 8] = [
        Target::Wgsl,
        Target::Hlsl,
        Target::Spirv,
        Target::Spvasm,
        Target::Gen,
        Target::GenIr,
        Target::Ir,
        Target::Ast,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Wgsl => "wgsl",
            Target::Hlsl => "hlsl",
            Target::Spirv => "spirv",
            Target::Spvasm => "spvasm",
            Target::Gen => "gen",
            Target::GenIr => "gen-ir",
            Target::Ir => "ir",
            Target::Ast => "ast",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Options of [`compile`], mirroring the CLI's flags and the JS `CompileOptions`.
#[derive(Clone, Debug)]
pub struct Options {
    pub target: Target,
    /// 0: lowering only; 1: mem2reg and meaning-preserving cleanups; 2: full pipeline.
    pub opt_level: u8,
    /// An explicit pass pipeline, by pass name, replacing the one `opt_level` picks.
    pub passes: Option<Vec<String>>,
    /// Keep only this entry point.
    pub entry_point: Option<String>,
    /// SPIR-V version, target environment and debug info, for `spirv` and `spvasm`.
    pub spirv: back::spirv::Options,
    /// The SIMD width of the Gen back end, for `gen` and `gen-ir`.
    pub r#gen: back::r#gen::Options,
    /// How many errors the diagnostics hold at most (0: no limit); see [`diag::limit`].
    pub error_limit: u32,
}

impl Options {
    pub fn new(target: Target) -> Self {
        Options {
            target,
            opt_level: 1,
            passes: None,
            entry_point: None,
            spirv: back::spirv::Options::default(),
            r#gen: back::r#gen::Options::default(),
            error_limit: DEFAULT_ERROR_LIMIT,
        }
    }
}

/// The product of a successful compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    Text(String),
    /// SPIR-V words.
    Words(Vec<u32>),
}

/// A compile's result: the output when there were no errors, and every diagnostic
/// (warnings as well as errors) in either case.
#[derive(Clone, Debug)]
pub struct CompileResult {
    pub output: Option<Output>,
    pub diagnostics: Vec<Diagnostic>,
}

impl CompileResult {
    pub fn ok(&self) -> bool {
        self.output.is_some() && !diag::has_errors(&self.diagnostics)
    }

    fn failed(diagnostics: Vec<Diagnostic>) -> Self {
        CompileResult {
            output: None,
            diagnostics,
        }
    }
}

/// The version of refract, as in Cargo.toml.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// Checks a WGSL module and returns every diagnostic (up to [`DEFAULT_ERROR_LIMIT`]
/// errors). The module is valid when none of them is an error.
pub fn check(source: &str) -> Vec<Diagnostic> {
    check_with_error_limit(source, DEFAULT_ERROR_LIMIT)
}

/// [`check`] reporting at most `error_limit` errors (0: no limit). Past the limit the
/// report ends with one [`diag::codes::TOO_MANY_ERRORS`] error.
pub fn check_with_error_limit(source: &str, error_limit: u32) -> Vec<Diagnostic> {
    let (module, mut diagnostics) = syntax::parse_with_error_limit(source, error_limit);
    if diag::has_errors(&diagnostics) {
        return diagnostics;
    }
    let (_, mut sema) = sema::analyze_with_error_limit(&module, source, error_limit);
    diagnostics.append(&mut sema);
    diagnostics
}

/// Parses and analyzes a WGSL module: the typed program when it is valid, and every
/// diagnostic either way (up to [`DEFAULT_ERROR_LIMIT`] errors). Lowering starts from
/// here.
pub fn analyze(
    source: &str,
) -> (
    Option<(syntax::ast::Module, sema::Program)>,
    Vec<Diagnostic>,
) {
    analyze_with_error_limit(source, DEFAULT_ERROR_LIMIT)
}

/// [`analyze`] reporting at most `error_limit` errors (0: no limit).
pub fn analyze_with_error_limit(
    source: &str,
    error_limit: u32,
) -> (
    Option<(syntax::ast::Module, sema::Program)>,
    Vec<Diagnostic>,
) {
    let (module, mut diagnostics) = syntax::parse_with_error_limit(source, error_limit);
    if diag::has_errors(&diagnostics) {
        return (None, diagnostics);
    }
    let (program, mut sema) = sema::analyze_with_error_limit(&module, source, error_limit);
    diagnostics.append(&mut sema);
    if diag::has_errors(&diagnostics) {
        return (None, diagnostics);
    }
    (Some((module, program)), diagnostics)
}

/// Formats a WGSL module: canonical layout, every comment kept.
pub fn format(source: &str) -> Result<String, Vec<Diagnostic>> {
    syntax::format(source)
}

/// Compiles a WGSL module to the target `options` names.
pub fn compile(source: &str, options: &Options) -> CompileResult {
    match options.target {
        Target::Ast => {
            let (module, diagnostics) = syntax::parse_with_error_limit(source, options.error_limit);
            if diag::has_errors(&diagnostics) {
                return CompileResult::failed(diagnostics);
            }
            let mut text = syntax::ast_to_json(&module);
            text.push('\n');
            CompileResult {
                output: Some(Output::Text(text)),
                diagnostics,
            }
        }
        Target::Wgsl
        | Target::Ir
        | Target::Spirv
        | Target::Spvasm
        | Target::Gen
        | Target::GenIr => match compile_through_ir(source, options) {
            Ok((output, diagnostics)) => CompileResult {
                output: Some(output),
                diagnostics,
            },
            Err(diagnostics) => CompileResult::failed(diagnostics),
        },
        _ => CompileResult::failed(vec![not_yet(options.target.name())]),
    }
}

/// The pass names `options` selects: `--passes` when given, else the optimization
/// level's pipeline.
fn pass_names(options: &Options) -> Vec<String> {
    match &options.passes {
        Some(list) => list.clone(),
        None => passes::pipeline_for(options.opt_level)
            .iter()
            .map(|s| s.to_string())
            .collect(),
    }
}

/// WGSL → AST → (sema) → IR → passes → target, for the targets that go through the IR.
fn compile_through_ir(
    source: &str,
    options: &Options,
) -> Result<(Output, Vec<Diagnostic>), Vec<Diagnostic>> {
    // Pass names are checked first, so a typo is reported whatever the source holds.
    let names = pass_names(options);
    passes::resolve(&names)?;
    let (typed, diagnostics) = analyze_with_error_limit(source, options.error_limit);
    let Some((ast, program)) = typed else {
        return Err(diagnostics);
    };
    let mut module = lower_checked(&ast, &program, &diagnostics, options.entry_point.as_deref())?;
    passes::run_pipeline(&mut module, &names)?;
    if let Target::Gen | Target::GenIr = options.target {
        let program =
            back::r#gen::compile(&module, &options.r#gen, options.entry_point.as_deref())?;
        let text = if options.target == Target::Gen {
            back::r#gen::asm_text(&program)
        } else {
            back::r#gen::ir_text(&program)
        };
        return Ok((Output::Text(text), diagnostics));
    }
    let output = emit(&module, &ast, source, options.target, &options.spirv)?;
    Ok((output, diagnostics))
}

/// Lowers a checked program, verified in debug builds, keeping only `entry_point` when
/// one is named: the IR the pass pipeline starts from. A lowering error is reported
/// after the check's `diagnostics`.
fn lower_checked(
    ast: &syntax::ast::Module,
    program: &sema::Program,
    diagnostics: &[Diagnostic],
    entry_point: Option<&str>,
) -> Result<ir::Module, Vec<Diagnostic>> {
    let mut module = lower::lower(ast, program)
        .map_err(|d| diagnostics.iter().cloned().chain(d).collect::<Vec<_>>())?;
    if passes::VERIFY_EACH_PASS {
        passes::verify_after(&module, "lowering")?;
    }
    if let Some(entry) = entry_point {
        passes::entry::keep_only(&mut module, entry)?;
    }
    Ok(module)
}

/// Writes the module the pass pipeline made from `ast` (the text `source`) for a target
/// that goes through the IR.
fn emit(
    module: &ir::Module,
    ast: &syntax::ast::Module,
    source: &str,
    target: Target,
    spirv: &back::spirv::Options,
) -> Result<Output, Vec<Diagnostic>> {
    match target {
        Target::Wgsl => {
            let mut wgsl = back::wgsl::Options::default();
            wgsl.raise.diagnostics = back::wgsl::diagnostic_filters(ast);
            Ok(Output::Text(
                back::wgsl::write_string(module, &wgsl).map_err(Vec::from)?,
            ))
        }
        Target::Spirv | Target::Spvasm => emit_spirv(module, spirv, Some(source), target),
        other => Ok(Output::Text(emit_text(module, other)?)),
    }
}

/// Writes a verified module for a text target that goes through the IR.
fn emit_text(module: &ir::Module, target: Target) -> Result<String, Vec<Diagnostic>> {
    match target {
        Target::Ir => Ok(ir::print(module)),
        Target::Wgsl => {
            back::wgsl::write_string(module, &back::wgsl::Options::default()).map_err(Vec::from)
        }
        other => Err(vec![not_yet(other.name())]),
    }
}

/// Reflection data of a WGSL module as a JSON value: entry points, bindings, overrides and
/// struct layouts.
///
/// The JSON shape is documented in [`sema::reflect`].
pub fn reflect(source: &str) -> Result<serde_json::Value, Vec<Diagnostic>> {
    match analyze(source) {
        (Some((module, program)), _) => Ok(sema::reflect::reflect(&module, &program)),
        (None, diagnostics) => Err(diagnostics),
    }
}

/// The names of the IR passes that `--passes` accepts, in pipeline order.
pub fn passes() -> Vec<&'static str> {
    passes::PASSES.iter().map(|p| p.name).collect()
}

fn not_yet(what: &str) -> Diagnostic {
    Diagnostic::error(
        diag::codes::NOT_YET_SUPPORTED,
        format!("`{what}` is not implemented yet in this version of refract"),
    )
}

/// Options of [`compile_ir`], the `refract ir` command.
#[derive(Clone, Debug, Default)]
pub struct IrOptions {
    /// The input is the binary serialization rather than text.
    pub from_binary: bool,
    /// Passes to run, by name, in order.
    pub passes: Vec<String>,
    /// What to write: `ir` (text, the default), `bin` (binary serialization), or a back-end
    /// target name.
    pub to: Option<String>,
    /// Options of the SPIR-V back end, for `--to spirv|spvasm`.
    pub spirv: back::spirv::Options,
}

/// What [`compile_ir`] writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IrOutput {
    Text(String),
    Bytes(Vec<u8>),
    Words(Vec<u32>),
}

/// Parses textual (or binary) IR, verifies it, runs passes, and prints or emits it.
///
/// Diagnostics about text input point into that text. Binary input has no text, so its
/// diagnostics quote the place in the printed module in a note instead.
pub fn compile_ir(input: &[u8], options: &IrOptions) -> Result<IrOutput, Vec<Diagnostic>> {
    let mut module = if options.from_binary {
        let m = ir::binary::deserialize(input).map_err(|d| vec![d])?;
        passes::verify_after(&m, "reading binary IR").map_err(|mut ds| {
            for d in &mut ds {
                d.message = d
                    .message
                    .replacen("after pass `reading binary IR`: ", "", 1);
            }
            ds
        })?;
        m
    } else {
        let text = std::str::from_utf8(input).map_err(|e| {
            let at = e.valid_up_to();
            vec![
                Diagnostic::error(diag::codes::INVALID_UTF8, "the IR text is not valid UTF-8")
                    .with_primary(
                        Span::from_range(at..at + 1),
                        "this byte does not start a valid UTF-8 sequence",
                    ),
            ]
        })?;
        let m = ir::parse(text)?;
        ir::verify(&m)?;
        m
    };
    passes::run_pipeline(&mut module, &options.passes)?;
    match options.to.as_deref().unwrap_or("ir") {
        "ir" => Ok(IrOutput::Text(ir::print(&module))),
        "bin" => Ok(IrOutput::Bytes(ir::binary::serialize(&module))),
        "spirv" | "spvasm" => {
            // Spans point into the IR text (binary input has none).
            let text = (!options.from_binary)
                .then(|| std::str::from_utf8(input).ok())
                .flatten();
            match emit_spirv(&module, &options.spirv, text, other_target(options))? {
                Output::Words(w) => Ok(IrOutput::Words(w)),
                Output::Text(t) => Ok(IrOutput::Text(t)),
            }
        }
        "wgsl" => Ok(IrOutput::Text(emit_text(&module, Target::Wgsl)?)),
        other if Target::from_name(other).is_some() => Err(vec![not_yet(other)]),
        other => Err(vec![
            Diagnostic::error(
                diag::codes::UNKNOWN_IR_TARGET,
                format!("unknown output `{other}` for `refract ir`"),
            )
            .with_note("`--to` takes `ir` (text), `bin` (binary IR) or a back-end target"),
        ]),
    }
}

fn other_target(options: &IrOptions) -> Target {
    match options.to.as_deref() {
        Some("spvasm") => Target::Spvasm,
        _ => Target::Spirv,
    }
}

/// Writes a verified IR module as SPIR-V words (`Target::Spirv`) or their disassembly
/// (`Target::Spvasm`). `source` is the text the module's spans point into, for debug info.
pub fn emit_spirv(
    module: &ir::Module,
    options: &back::spirv::Options,
    source: Option<&str>,
    target: Target,
) -> Result<Output, Vec<Diagnostic>> {
    let name = options.source_name.as_deref().unwrap_or("<input>");
    let debug = source.map(|text| back::spirv::DebugSource {
        file_name: name,
        text,
    });
    let words = back::spirv::compile(module, options, debug)?;
    if target == Target::Spvasm {
        return back::spirv::disassemble(&words)
            .map(Output::Text)
            .map_err(|d| vec![d]);
    }
    Ok(Output::Words(words))
}
