//! refract: a WGSL shader compiler for the browser and the command line.
//!
//! WGSL text is parsed to an AST ([`syntax`]), checked and typed ([`sema`]), lowered to one
//! SSA IR ([`ir`], [`lower`]), optimized ([`passes`](mod@passes)), and written out by a back end
//! ([`back`]): WGSL (by raising the IR back to an AST, [`raise`]), HLSL, SPIR-V, or a scalar
//! Gen ISA. DESIGN.md in the shared folder gives the architecture.
//!
//! # Map
//!
//! ```text
//!             ┌────────── driver: one staged pipeline, a Session keeps each stage's product ──────────┐
//! WGSL text → syntax → sema ──────→ lower → ir ⇄ passes → back::{wgsl, hlsl, spirv, gen} → output
//!             AST      typed Program  (SSA)   (manager,     each: legalize (transform) → emit
//!                      reflect               analyses)      wgsl, hlsl: through raise
//! ```
//!
//! | folder        | what lives there                                                      |
//! |---------------|-----------------------------------------------------------------------|
//! | [`syntax`]    | lexer, parser, AST, printer, formatter                                |
//! | [`sema`]      | names, types, constant evaluation, validation, uniformity, reflection |
//! | [`lower`]     | the typed AST to IR (Tint's rules)                                    |
//! | [`ir`]        | the SSA IR: storage and interning (`module/`), opcodes, text (`print`, `parse/`) and binary forms, the verifier (`verify/`), CFG, dominators and structure tree, the analysis cache (`analysis`), editing helpers (`edit`), constant evaluation over values (`eval`) |
//! | [`passes`](mod@passes) | optimization passes, one per file, and the pass manager (`manager`) that runs passes and transforms alike, verifying after each |
//! | [`transform`] | target-neutral rewrites the back ends choose from (WGSL's defined semantics, robustness, pointer arguments, …), one per file with `.ir` tests |
//! | [`raise`]     | IR back to structured code: the language-neutral plan (`plan/`) and the WGSL emitter (`wgsl/`); HLSL's emitter is in `back/hlsl` |
//! | [`back`]      | one folder per target, each with `Options`, `Error` and a writer: `wgsl`, `hlsl`, `spirv` (with its own `legalize/`: std140 and its list of shared transforms), `gen` (scalar Gen IR, register allocation, assembly and the SIMD simulator in `sim/`) |
//! | [`driver`]    | the stage order and what a session keeps; [`explore`] is the playground's many-products call over it |
//! | [`ide`]       | editor services over the front end: hover, definition, completion, signature help |
//! | [`diag`]      | `Diagnostic`, the error codes (`codes`), the error limit, rendering    |
//! | [`util`]      | typed ids, interner, JSON and decimal helpers, small shared pieces     |
//!
//! Dependencies point one way, down the pipeline: `sema` uses `syntax`; `lower` uses both
//! and `ir`; `passes` and `transform` use `ir` (transforms run through the pass manager);
//! `raise` uses `ir` and `syntax`'s AST; `back` uses all of those; `driver` every stage.
//! `ir` takes nothing from the stages but the parser's nesting bound, and `transform`
//! nothing from `back`.
//!
//! This file is the public Rust API. The CLI (`src/main.rs`) and the wasm bindings
//! (`src/wasm.rs`) are thin layers over it and add no behaviour of their own, so the three
//! always agree. Its functions make their products through [`driver`], the one staged
//! pipeline (parse → check → lower → passes → back end), which the playground's
//! [`explore`] also uses, keeping a session's products between keystrokes.
//!
//! Contract of every entry point here: no input makes it panic, loop forever or recurse
//! without bound. Problems come back as [`Diagnostic`]s with a code and a span, the first
//! [`DEFAULT_ERROR_LIMIT`] errors by position unless the caller sets another limit
//! ([`diag::limit`]).

pub mod back;
pub mod diag;
pub mod driver;
pub mod explore;
pub mod ide;
pub mod ir;
pub mod lower;
pub mod passes;
pub mod raise;
pub mod sema;
pub mod syntax;
pub mod transform;
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
    /// Shader model and binding remapping, for `hlsl`.
    pub hlsl: back::hlsl::Options,
    /// How many errors the diagnostics hold at most (0: no limit); see [`diag::limit`].
    pub error_limit: u32,
    /// Values for `override`s, by name or decimal `@id`, as WebGPU's pipeline constants
    /// (`--override NAME=VALUE`): see [`transform::override_values`].
    pub overrides: Vec<(String, f64)>,
    /// Make the module linkable (`compile --to ir-bin`; not in the npm package): every
    /// function but the entry points, every module-scope variable and every override is
    /// exported by name, except the names listed, which become imports (see
    /// [`ir::link::make_linkable`]). `None`: a plain module.
    pub linkable: Option<Vec<String>>,
    /// Keep the IR as each pass left it in [`CompileResult::passes`] (`--print-after-all`).
    pub print_after_all: bool,
    /// Time each pass into [`CompileResult::passes`] (`--time-passes`).
    pub time_passes: bool,
    /// Verify the IR after lowering, after every pass and before the back end
    /// (`--verify`); builds with debug assertions always do (see [`ir::verify`]).
    pub verify: bool,
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
            hlsl: back::hlsl::Options::default(),
            error_limit: DEFAULT_ERROR_LIMIT,
            overrides: Vec::new(),
            linkable: None,
            print_after_all: false,
            time_passes: false,
            verify: false,
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
    /// What the passes stage reported, when [`Options::print_after_all`] or
    /// [`Options::time_passes`] asked and the passes ran (also when one failed).
    pub passes: Option<passes::Report>,
}

impl CompileResult {
    pub fn ok(&self) -> bool {
        self.output.is_some() && !diag::has_errors(&self.diagnostics)
    }

    pub(crate) fn failed(diagnostics: Vec<Diagnostic>) -> Self {
        CompileResult {
            output: None,
            diagnostics,
            passes: None,
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
    analyze_with_error_limit(source, error_limit).1
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
    let mut session = driver::Session::new();
    session.check(source, error_limit, &mut |_| {});
    session.into_typed()
}

/// Formats a WGSL module: canonical layout, every comment kept.
pub fn format(source: &str) -> Result<String, Vec<Diagnostic>> {
    syntax::format(source)
}

/// Compiles a WGSL module to the target `options` names (see [`driver`] for the stages).
pub fn compile(source: &str, options: &Options) -> CompileResult {
    let product = driver::Product::Target(options.target);
    driver::Session::new().make_once(source, options, product, &mut |_| {})
}

/// Reflection data of a WGSL module as a JSON value: entry points, bindings, overrides and
/// struct layouts.
///
/// The JSON shape is documented in [`sema::reflect`].
pub fn reflect(source: &str) -> Result<serde_json::Value, Vec<Diagnostic>> {
    driver::Session::new().reflect(source, DEFAULT_ERROR_LIMIT, &mut |_| {})
}

/// The names of the IR passes that `--passes` accepts, in pipeline order.
pub fn passes() -> Vec<&'static str> {
    passes::PASSES.iter().map(|p| p.name).collect()
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
    /// `--print-after-all` and `--time-passes`: see [`compile_ir_reporting`].
    pub print_after_all: bool,
    pub time_passes: bool,
}

/// What [`compile_ir`] writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IrOutput {
    Text(String),
    Bytes(Vec<u8>),
    Words(Vec<u32>),
}

/// Parses textual (or binary) IR, verifies it, runs passes, and prints or emits it: the
/// pipeline from its passes on ([`driver::read_ir`], [`driver::optimize`],
/// [`driver::emit`]).
///
/// Diagnostics about text input point into that text. Binary input has no text, so its
/// diagnostics quote the place in the printed module in a note instead.
pub fn compile_ir(input: &[u8], options: &IrOptions) -> Result<IrOutput, Vec<Diagnostic>> {
    compile_ir_reporting(input, options).0
}

/// [`compile_ir`], and what its passes reported when [`IrOptions::print_after_all`] or
/// [`IrOptions::time_passes`] asked (also when a pass failed; `None` when the input could
/// not be read or nothing asked).
pub fn compile_ir_reporting(
    input: &[u8],
    options: &IrOptions,
) -> (Result<IrOutput, Vec<Diagnostic>>, Option<passes::Report>) {
    let mut module = match driver::read_ir(input, options.from_binary) {
        Ok(module) => module,
        Err(d) => return (Err(d), None),
    };
    let asked = options.print_after_all || options.time_passes;
    let (report, ran) = driver::optimize(
        &mut module,
        &options.passes,
        options.print_after_all,
        options.time_passes,
        false,
    );
    let report = asked.then_some(report);
    (ran.and_then(|()| emit_ir(&module, input, options)), report)
}

/// The output `refract ir` writes for an optimized `module` read from `input`.
fn emit_ir(
    module: &ir::Module,
    input: &[u8],
    options: &IrOptions,
) -> Result<IrOutput, Vec<Diagnostic>> {
    let to = options.to.as_deref().unwrap_or("ir");
    if to == "bin" {
        return Ok(IrOutput::Bytes(ir::binary::serialize(module)));
    }
    let Some(target) = Target::from_name(to) else {
        return Err(vec![
            Diagnostic::error(
                diag::codes::UNKNOWN_IR_TARGET,
                format!("unknown output `{to}` for `refract ir`"),
            )
            .with_note("`--to` takes `ir` (text), `bin` (binary IR) or a back-end target"),
        ]);
    };
    let mut emit_options = Options::new(target);
    emit_options.spirv = options.spirv.clone();
    // Spans point into the IR text (binary input has none).
    let origin = driver::Origin {
        filters: None,
        interface: None,
        text: (!options.from_binary)
            .then(|| std::str::from_utf8(input).ok())
            .flatten(),
    };
    match driver::emit(
        std::borrow::Cow::Borrowed(module),
        target,
        origin,
        &emit_options,
    )? {
        Output::Text(text) => Ok(IrOutput::Text(text)),
        Output::Words(words) => Ok(IrOutput::Words(words)),
    }
}

/// `compile --to ir-bin`: the module `compile` makes for [`Target::Ir`] (after the passes
/// `options` name), made linkable ([`Options::linkable`], `Some(vec![])` when unset), in
/// the binary form ([`ir::binary`]). The module is printed and parsed back, which gives an
/// equal module; its spans are dropped, since they would point into that text. Returns
/// the bytes, or no bytes, with every diagnostic (warnings too).
pub fn compile_linkable(source: &str, options: &Options) -> (Option<Vec<u8>>, Vec<Diagnostic>) {
    let mut options = options.clone();
    options.target = Target::Ir;
    options.linkable.get_or_insert_with(Vec::new);
    let result = compile(source, &options);
    let mut diagnostics = result.diagnostics;
    let text = match result.output {
        Some(Output::Text(text)) if !diag::has_errors(&diagnostics) => text,
        _ => return (None, diagnostics),
    };
    match ir::parse(&text) {
        Ok(mut module) => {
            module.clear_spans();
            (Some(ir::binary::serialize(&module)), diagnostics)
        }
        Err(d) => {
            diagnostics.extend(d);
            (None, diagnostics)
        }
    }
}

/// Why [`link`] failed: the diagnostics, and the input they are about when reading one
/// failed (its index), or `None` when linking did.
#[derive(Clone, Debug)]
pub struct LinkError {
    pub input: Option<usize>,
    pub diagnostics: Vec<Diagnostic>,
}

/// `refract link`: reads each input (binary IR when it starts with `RFIR`, else IR text),
/// verifies it, links them all ([`ir::link::link`]; `names` name the inputs in messages)
/// and verifies the result. Returns the linked module.
pub fn link(inputs: &[(&str, &[u8])]) -> Result<ir::Module, LinkError> {
    let mut modules = Vec::with_capacity(inputs.len());
    for (k, (_, bytes)) in inputs.iter().enumerate() {
        let binary = bytes.starts_with(b"RFIR");
        let module = driver::read_ir(bytes, binary).map_err(|diagnostics| LinkError {
            input: Some(k),
            diagnostics,
        })?;
        modules.push(module);
    }
    let list: Vec<ir::link::Input<'_>> = inputs
        .iter()
        .zip(&modules)
        .map(|(&(name, _), module)| ir::link::Input { name, module })
        .collect();
    let linked = ir::link::link(&list).map_err(|diagnostics| LinkError {
        input: None,
        diagnostics,
    })?;
    passes::verify_after(&linked, "linking").map_err(|diagnostics| LinkError {
        input: None,
        diagnostics,
    })?;
    Ok(linked)
}
