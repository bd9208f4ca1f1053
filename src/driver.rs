//! The compile pipeline: the one place that decides which stages run, in what order, and
//! what each hands the next. `compile`, `check`, `analyze` and `reflect` in lib.rs (and so
//! the CLI and the wasm bindings) and the playground's `explore` all make their products
//! through a [`Session`]; `refract ir` enters at the passes with a module read from IR.
//!
//! # Stages
//!
//! ```text
//! parse ──→ check ──→ lower ──→ passes ──→ back end (per product): legalize → emit
//!   │         │         │                  wgsl · spirv · spvasm · ir
//!  ast     reflect   irBefore
//! ```
//!
//! 1. **Parse** (`syntax`): the AST and the parser's diagnostics. The `ast` product is the
//!    AST as JSON.
//! 2. **Check** (`sema`), when parsing found no error: the typed program, and sema's
//!    diagnostics after the parser's. Those diagnostics are the check (`refract check`);
//!    the reflection is read from the typed program.
//! 3. **Lower**, when the check found no error: the IR module (verified in debug builds),
//!    its overrides given the values the options name, then cut down to the entry point
//!    the options name, then made linkable when the options ask (`compile --to ir-bin`,
//!    [`Options::linkable`]). `irBefore` prints it.
//! 4. **Passes**: the pipeline the options name (`passes`, else the optimization level's)
//!    on the lowered module ([`optimize`]); with `print_after_all` or `time_passes`, the
//!    pass manager's report goes into the result (`--print-after-all`, `--time-passes`).
//! 5. **Back end** ([`emit`]): the target legalizes its own copy of the optimized module
//!    (SPIR-V's rules run inside `back::spirv::compile`) and writes it. Each target is one
//!    arm there; every build has every target's back end (the npm package too).
//!
//! A stage runs only when the one before succeeded, and only as far as the product asked
//! for needs. What the options alone decide fails first, whatever the text holds: unknown
//! pass names. A failed product carries the
//! diagnostics of the stage that failed: the check's when parsing or the check failed, the
//! check's followed by lowering's when lowering did; only its own after that (an unknown
//! entry point, a pass that broke the IR, a back end's refusal). A product made carries the
//! check's diagnostics (warnings), except the AST (the parser's) and the reflection (none).
//!
//! # What a session keeps
//!
//! A [`Session`] keeps the products of stages 1–4 on the last text it was given:
//!
//! | stage  | product                           | reused for a request with          |
//! |--------|-----------------------------------|------------------------------------|
//! | parse  | AST, the parser's diagnostics     | the same text, byte for byte, and the same error limit |
//! | check  | typed program, every diagnostic   | the same                           |
//! | lower  | the module for one entry point    | the same, the same entry point, override values and linkage |
//! | passes | the module after the passes, their report | the same, the same pass names, and the same report flags |
//!
//! A request that differs in a stage's key makes that stage's product again and drops
//! every product after it. A stage's key is everything it reads, so a product can never
//! come from another text or other options: reuse shows only in time. When a stage comes
//! to read a new option (specialization reading `overrides`, say), the option joins that
//! stage's key.
//!
//! Back ends keep nothing: each product asked for runs its own back end, even when two
//! (`spirv`, `spvasm`) could share a legalized module. So a request costs what its products
//! cost, which is what the playground's scheduler learns from the laps below and relies on
//! to share a keystroke's products among its workers.
//!
//! [`Session::make`] keeps every product for later requests, so the passes run on a copy
//! of the lowered module; [`Session::make_once`], a session's last request (`compile`'s
//! only one), hands them the lowered module instead.
//!
//! # Laps
//!
//! Every call takes `lap`, called with a stage's name as the stage ends, for timing:
//! `parse`, `sema`, `lower`, `passes`, and a product's name ([`Product::name`]) when its
//! own work ends (the back end, the JSON, the printed IR; for a target without a back
//! end, its E0004). A stage whose product is reused does not run and is not reported; a
//! product that fails at an earlier stage is not reported either.

use crate::diag::{self, Diagnostic};
use crate::{CompileResult, Options, Output, Target, back, ir, lower, passes, sema, syntax};

/// What a request can ask a [`Session`] for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// What `compile` makes for the target.
    Target(Target),
    /// The IR as lowered, before any pass: `compile` to `ir` at `-O0`.
    IrBefore,
    /// The reflection (`reflect`), as indented JSON text.
    Reflect,
    /// The passes one by one: the IR as lowered (as [`Product::IrBefore`], printed with
    /// stable ids as the steps are), and in [`CompileResult::passes`] the IR after each
    /// step with its time, as `compile` to `ir` with `print_after_all` and `time_passes`
    /// reports them.
    PassSteps,
}

impl Product {
    /// The product's name in the JS API and in laps: the target's name, `irBefore` or
    /// `reflect`.
    pub fn name(self) -> &'static str {
        match self {
            Product::Target(t) => t.name(),
            Product::IrBefore => "irBefore",
            Product::Reflect => "reflect",
            Product::PassSteps => "passSteps",
        }
    }

    pub fn from_name(name: &str) -> Option<Product> {
        match name {
            "irBefore" => Some(Product::IrBefore),
            "reflect" => Some(Product::Reflect),
            "passSteps" => Some(Product::PassSteps),
            _ => Target::from_name(name).map(Product::Target),
        }
    }

    /// The last stage whose product this one is made from. Sorting requests by it makes
    /// products in stage order.
    pub fn made_from(self) -> Stage {
        match self {
            Product::Target(Target::Ast) => Stage::Parse,
            Product::Reflect => Stage::Check,
            Product::IrBefore => Stage::Lower,
            Product::PassSteps | Product::Target(_) => Stage::Passes,
        }
    }
}

/// The stages whose products a [`Session`] keeps, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    Parse,
    Check,
    Lower,
    Passes,
}

/// The pipeline's work on the last text it was given; see the module essay.
#[derive(Default)]
pub struct Session {
    text: Option<Text>,
}

/// A text's products.
struct Text {
    source: String,
    /// The error limit the diagnostics were made with ([`Options::error_limit`]).
    error_limit: u32,
    ast: syntax::ast::Module,
    /// The parser's diagnostics, then sema's once the check has run.
    diagnostics: Vec<Diagnostic>,
    /// How many of `diagnostics` are the parser's.
    parsed: usize,
    /// `None` until the check has run; then the typed program, or `None` when the parser
    /// or the check found an error.
    program: Option<Option<sema::Program>>,
    ir: Option<Ir>,
}

/// The IR of a checked text for one entry point (or all).
struct Ir {
    entry_point: Option<String>,
    /// The override values given: lowering applies them before choosing the entry point.
    overrides: Vec<(String, f64)>,
    /// [`Options::linkable`]: lowering marks exports and imports after the entry point.
    linkable: Option<Vec<String>>,
    /// As lowered, before any pass.
    lowered: Made,
    /// After the pass pipeline.
    optimized: Option<Optimized>,
}

/// The passes stage's product.
struct Optimized {
    /// The pass names, then whether the IR after each pass and the times were kept: the
    /// stage's key.
    key: (Vec<String>, bool, bool),
    module: Made,
    report: passes::Report,
}

/// A module, or why a stage could not make it.
type Made = Result<ir::Module, Vec<Diagnostic>>;

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// The check's diagnostics for `source` (at most `error_limit` errors): the parser's,
    /// then sema's when parsing found no error. The same as `check_with_error_limit`.
    pub fn check(
        &mut self,
        source: &str,
        error_limit: u32,
        lap: &mut dyn FnMut(&str),
    ) -> &[Diagnostic] {
        let text = self.text(source, error_limit, lap);
        text.check(lap);
        &text.diagnostics
    }

    /// The reflection of `source`, or the check's diagnostics when it has an error.
    pub fn reflect(
        &mut self,
        source: &str,
        error_limit: u32,
        lap: &mut dyn FnMut(&str),
    ) -> Result<serde_json::Value, Vec<Diagnostic>> {
        let text = self.text(source, error_limit, lap);
        text.check(lap);
        match &text.program {
            Some(Some(program)) => Ok(sema::reflect::reflect(&text.ast, program)),
            _ => Err(text.diagnostics.clone()),
        }
    }

    /// The last text's AST and typed program when its check found no error, and the
    /// check's diagnostics: what `analyze` returns. Only the parser's diagnostics when the
    /// check has not run, nothing when no text was given.
    pub fn into_typed(
        self,
    ) -> (
        Option<(syntax::ast::Module, sema::Program)>,
        Vec<Diagnostic>,
    ) {
        match self.text {
            Some(Text {
                ast,
                diagnostics,
                program: Some(Some(program)),
                ..
            }) => (Some((ast, program)), diagnostics),
            Some(text) => (None, text.diagnostics),
            None => (None, Vec::new()),
        }
    }

    /// Makes `product` of `source` with `options` (whose target is ignored): exactly what
    /// `compile` returns for that target, `compile` at `-O0` for [`Product::IrBefore`],
    /// and `reflect` as indented JSON text for [`Product::Reflect`]. Every product the
    /// session keeps stays for later calls: the passes run on a copy of the lowered
    /// module.
    pub fn make(
        &mut self,
        source: &str,
        options: &Options,
        product: Product,
        lap: &mut dyn FnMut(&str),
    ) -> CompileResult {
        self.run(source, options, product, true, lap)
    }

    /// [`Session::make`] for a session's last request: the passes take the lowered module
    /// rather than a copy, as nothing will ask for it again.
    pub fn make_once(
        mut self,
        source: &str,
        options: &Options,
        product: Product,
        lap: &mut dyn FnMut(&str),
    ) -> CompileResult {
        self.run(source, options, product, false, lap)
    }

    /// The stages in their order, as far as `product` needs and as long as they succeed:
    /// the one place that orders them. `keep`: whether the lowered module stays usable.
    fn run(
        &mut self,
        source: &str,
        options: &Options,
        product: Product,
        keep: bool,
        lap: &mut dyn FnMut(&str),
    ) -> CompileResult {
        // What the options alone decide comes first, whatever the text holds.
        let made_from = product.made_from();
        let names = match made_from {
            Stage::Passes => {
                let names = pass_names(options);
                if let Err(d) = passes::resolve(&names) {
                    return CompileResult::failed(d);
                }
                names
            }
            _ => Vec::new(),
        };

        let text = self.text(source, options.error_limit, lap);
        if made_from == Stage::Parse {
            return text.ast(lap);
        }

        text.check(lap);
        let Text {
            source: kept_source,
            ast,
            diagnostics: check,
            program: typed,
            ir,
            ..
        } = text;
        let Some(Some(program)) = typed.as_ref() else {
            return CompileResult::failed(check.clone());
        };
        let target = match product {
            Product::Reflect => {
                let json = sema::reflect::reflect(ast, program);
                let text = crate::util::json::to_string_pretty(&json);
                let result = compiled(Output::Text(text), &[]);
                lap(product.name());
                return result;
            }
            Product::IrBefore => None,
            Product::PassSteps => Some(Target::Ir),
            Product::Target(target) => Some(target),
        };
        let steps = product == Product::PassSteps;
        let (print_after_all, time_passes) = (
            options.print_after_all || steps,
            options.time_passes || steps,
        );

        let entry_point = options.entry_point.as_deref();
        let ir = match ir {
            Some(ir)
                if ir.entry_point.as_deref() == entry_point
                    && ir.overrides == options.overrides
                    && ir.linkable == options.linkable =>
            {
                ir
            }
            slot => {
                let lowered = lower_checked(ast, program, check, options);
                lap("lower");
                slot.insert(Ir {
                    entry_point: options.entry_point.clone(),
                    overrides: options.overrides.clone(),
                    linkable: options.linkable.clone(),
                    lowered,
                    optimized: None,
                })
            }
        };
        // What the back end reads of the tree and the typed program: the WGSL writer
        // keeps the diagnostic filters and each entry point's resource interface.
        let filters = (target == Some(Target::Wgsl)).then(|| back::wgsl::diagnostic_filters(ast));
        let interface =
            (target == Some(Target::Wgsl)).then(|| back::wgsl::source_interface(ast, program));
        if !keep {
            // The session's last request: nothing reads the text's tree, typed program or
            // copy of the source again, and the passes and back end need the memory (the
            // tree and the typed program are two thirds of the front end's peak).
            *typed = None;
            *ast = syntax::ast::Module::default();
            *kept_source = String::new();
        }
        let lowered = match &mut ir.lowered {
            Ok(module) => module,
            Err(d) => return CompileResult::failed(d.clone()),
        };
        let Some(target) = target else {
            let result = compiled(Output::Text(ir::print(lowered)), check);
            lap(product.name());
            return result;
        };
        // The values a pipeline gets are judged on the IR as lowered: those given, for
        // every target, and the defaults too where the back end bakes them in.
        if !options.overrides.is_empty() || matches!(target, Target::Hlsl | Target::Gen) {
            if let Err(d) = judge_override_values(lowered) {
                return CompileResult::failed(vec![d]);
            }
        }

        // The steps' product starts from the IR as lowered, so it is read whole.
        let before = steps.then(|| ir::print_stable(lowered));
        let key = (names, print_after_all, time_passes);
        let optimized = match &mut ir.optimized {
            // A run that printed or timed its steps serves a request that does not ask
            // for them: the module is the same.
            Some(optimized)
                if optimized.key.0 == key.0
                    && (optimized.key.1 || !key.1)
                    && (optimized.key.2 || !key.2) =>
            {
                optimized
            }
            slot => {
                let mut module = if keep {
                    lowered.clone()
                } else {
                    std::mem::take(lowered)
                };
                let (report, ran) = optimize(&mut module, &key.0, key.1, key.2, options.verify);
                lap("passes");
                slot.insert(Optimized {
                    key,
                    module: ran.map(|()| module),
                    report,
                })
            }
        };
        let mut result = match &mut optimized.module {
            Ok(module) => {
                // The last request hands the back end the module itself (SPIR-V
                // legalizes it in place rather than a copy).
                let module = if keep {
                    std::borrow::Cow::Borrowed(&*module)
                } else {
                    std::borrow::Cow::Owned(std::mem::take(module))
                };
                let origin = Origin {
                    filters: filters.as_deref(),
                    interface: interface.as_deref(),
                    text: Some(source),
                };
                let result = match emit(module, target, origin, options) {
                    Ok(output) => compiled(output, check),
                    Err(d) => CompileResult::failed(d),
                };
                lap(product.name());
                result
            }
            Err(d) => CompileResult::failed(d.clone()),
        };
        if print_after_all || time_passes {
            result.passes = Some(optimized.report.clone());
        }
        if let (Some(before), Some(_)) = (before, &result.output) {
            result.output = Some(Output::Text(before));
        }
        result
    }

    /// The products of `source` under `error_limit`: the kept ones when they are that
    /// text's, else a new text, parsed.
    fn text(&mut self, source: &str, error_limit: u32, lap: &mut dyn FnMut(&str)) -> &mut Text {
        if self
            .text
            .as_ref()
            .is_some_and(|t| t.source != source || t.error_limit != error_limit)
        {
            self.text = None;
        }
        self.text
            .get_or_insert_with(|| Text::parse(source, error_limit, lap))
    }
}

impl Text {
    fn parse(source: &str, error_limit: u32, lap: &mut dyn FnMut(&str)) -> Text {
        let (ast, diagnostics) = syntax::parse_with_error_limit(source, error_limit);
        lap("parse");
        Text {
            source: source.to_string(),
            error_limit,
            ast,
            parsed: diagnostics.len(),
            diagnostics,
            program: None,
            ir: None,
        }
    }

    /// The `ast` product: the AST as JSON, or the parser's errors.
    fn ast(&self, lap: &mut dyn FnMut(&str)) -> CompileResult {
        let parsed = &self.diagnostics[..self.parsed];
        if diag::has_errors(parsed) {
            return CompileResult::failed(parsed.to_vec());
        }
        let mut json = syntax::ast_to_json(&self.ast);
        json.push('\n');
        let result = compiled(Output::Text(json), parsed);
        lap(Target::Ast.name());
        result
    }

    /// Runs the check unless it has run.
    fn check(&mut self, lap: &mut dyn FnMut(&str)) {
        if self.program.is_some() {
            return;
        }
        let mut typed = None;
        if !diag::has_errors(&self.diagnostics) {
            let (program, mut sema) =
                sema::analyze_with_error_limit(&self.ast, &self.source, self.error_limit);
            self.diagnostics.append(&mut sema);
            lap("sema");
            typed = (!diag::has_errors(&self.diagnostics)).then_some(program);
        }
        self.program = Some(typed);
    }
}

/// Lowers a checked program, verified in debug builds, gives the overrides their values,
/// and keeps only `entry_point` when one is named: the IR the passes start from. A
/// lowering error is reported after the check's `diagnostics`.
fn lower_checked(
    ast: &syntax::ast::Module,
    program: &sema::Program,
    diagnostics: &[Diagnostic],
    options: &Options,
) -> Made {
    let mut module = lower::lower(ast, program)
        .map_err(|d| diagnostics.iter().cloned().chain(d).collect::<Vec<_>>())?;
    if passes::VERIFY_EACH_PASS || (ir::verify::AVAILABLE && options.verify) {
        passes::verify_after(&module, "lowering")?;
    }
    give_override_values(&mut module, &options.overrides)?;
    if let Some(entry) = options.entry_point.as_deref() {
        passes::entry::keep_only(&mut module, entry)?;
    }
    // The npm package never makes linkable modules: the linker stays out of it.
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(imports) = &options.linkable {
        ir::link::make_linkable(&mut module, imports)?;
    }
    Ok(module)
}

/// Gives the overrides named in `overrides` their values (the `override-values`
/// transform): what lowering does before an entry point is chosen.
pub(crate) fn give_override_values(
    module: &mut ir::Module,
    overrides: &[(String, f64)],
) -> Result<(), Vec<Diagnostic>> {
    if overrides.is_empty() {
        return Ok(());
    }
    use crate::transform::override_values as values;
    let options = values::Options {
        values: overrides.to_vec(),
    };
    let step = passes::manager::Step::new(values::NAME, values::run, options);
    let (_, ran) = passes::run_steps(module, &[step], &passes::RunOptions::default());
    ran
}

/// WebGPU's pipeline-creation rules for the override values of `module` as lowered (its
/// defaults, or the values given): every override-expression at module scope and every
/// direct use of one in a function body (a divisor, a shift amount, an index) is judged
/// on a baked copy ([`transform::override_checks`](crate::transform::override_checks)).
/// A module without overrides costs one look at its module scope.
fn judge_override_values(module: &ir::Module) -> Result<(), Diagnostic> {
    use crate::transform::bake_overrides;
    let root = module.root();
    if !module
        .children(root)
        .any(|c| module.opcode(c) == ir::Opcode::Override)
    {
        return Ok(());
    }
    let mut copy = module.clone();
    let options = bake_overrides::Options {
        judge_function_uses: true,
    };
    bake_overrides::run(&mut copy, &mut Default::default(), &options).map(|_| ())
}

/// The pass names `options` selects: `passes` when given, else the optimization level's
/// pipeline.
pub fn pass_names(options: &Options) -> Vec<String> {
    match &options.passes {
        Some(list) => list.clone(),
        None => passes::pipeline_for(options.opt_level)
            .iter()
            .map(|s| s.to_string())
            .collect(),
    }
}

/// The passes stage: runs the named passes on `module`, for a [`Session`] and for
/// `refract ir` alike, keeping the IR after each pass and timing them as asked. Returns
/// the report of the passes that ran, and whether they all succeeded.
pub fn optimize(
    module: &mut ir::Module,
    names: &[String],
    print_after_all: bool,
    time_passes: bool,
    verify: bool,
) -> (passes::Report, Result<(), Vec<Diagnostic>>) {
    let options = passes::RunOptions {
        print_after_all,
        time_passes,
        verify: passes::VERIFY_EACH_PASS || verify,
        ..passes::RunOptions::default()
    };
    passes::run_pipeline_with(module, names, &options)
}

/// Reads IR for `refract ir`: the binary serialization or text, verified. Diagnostics
/// about text point into it; binary input has no text, so its diagnostics quote the place
/// in the printed module in a note instead.
pub fn read_ir(input: &[u8], binary: bool) -> Result<ir::Module, Vec<Diagnostic>> {
    if binary {
        let m = ir::binary::deserialize(input).map_err(|d| vec![d])?;
        passes::verify_after(&m, "reading binary IR").map_err(|mut ds| {
            for d in &mut ds {
                d.message = d
                    .message
                    .replacen("after pass `reading binary IR`: ", "", 1);
            }
            ds
        })?;
        return Ok(m);
    }
    let text = std::str::from_utf8(input).map_err(|e| {
        let at = e.valid_up_to();
        vec![
            Diagnostic::error(diag::codes::INVALID_UTF8, "the IR text is not valid UTF-8")
                .with_primary(
                    diag::Span::from_range(at..at + 1),
                    "this byte does not start a valid UTF-8 sequence",
                ),
        ]
    })?;
    let m = ir::parse(text)?;
    ir::verify(&m)?;
    Ok(m)
}

/// What a module was made from, for the back ends that look back at it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Origin<'a> {
    /// The diagnostic filters of the WGSL syntax tree
    /// ([`back::wgsl::diagnostic_filters`]): the WGSL writer keeps them.
    pub filters: Option<&'a [(String, String)]>,
    /// Each entry point's resource interface in the WGSL source
    /// ([`back::wgsl::source_interface`]): the WGSL writer keeps it.
    pub interface: Option<&'a [(String, Vec<String>)]>,
    /// The text the module's spans point into: SPIR-V's debug info quotes it.
    pub text: Option<&'a str>,
}

/// The back end: legalizes a copy of a verified module for `target` and writes it.
pub fn emit(
    module: std::borrow::Cow<'_, ir::Module>,
    target: Target,
    origin: Origin<'_>,
    options: &Options,
) -> Result<Output, Vec<Diagnostic>> {
    // Only the CLI and the Rust API can hand a back end a module with imports.
    #[cfg(not(target_arch = "wasm32"))]
    if target != Target::Ir {
        ir::link::check_resolved(&module)?;
    }
    match target {
        Target::Wgsl => {
            let mut wgsl = back::wgsl::Options::default();
            wgsl.raise.diagnostics = match origin.filters {
                Some(filters) => filters.to_vec(),
                None => back::wgsl::ir_filters(&module),
            };
            wgsl.raise.interface = origin.interface.map(<[_]>::to_vec).unwrap_or_default();
            Ok(Output::Text(
                back::wgsl::write_string(&module, &wgsl).map_err(Vec::from)?,
            ))
        }
        Target::Spirv | Target::Spvasm => {
            let mut spirv = options.spirv.clone();
            spirv.optimize |= options.opt_level >= 2;
            // The module is lowering's and the passes', verified as they ran when asked.
            spirv.verify_input = passes::VERIFY_EACH_PASS || options.verify;
            let spirv = &spirv;
            let debug = origin.text.map(|text| back::spirv::DebugSource {
                file_name: spirv.source_name.as_deref().unwrap_or("<input>"),
                text,
            });
            let words = back::spirv::compile_owned(module.into_owned(), spirv, debug)?;
            if target == Target::Spirv {
                return Ok(Output::Words(words));
            }
            back::spirv::disassemble(&words)
                .map(Output::Text)
                .map_err(|d| vec![d])
        }
        Target::Ir => Ok(Output::Text(ir::print(&module))),
        Target::Gen | Target::GenIr => {
            let program = back::r#gen::compile(&module, &options.r#gen, None)?;
            Ok(Output::Text(if target == Target::Gen {
                back::r#gen::asm_text(&program)
            } else {
                back::r#gen::ir_text(&program)
            }))
        }
        Target::Hlsl => Ok(Output::Text(
            back::hlsl::write_string(&module, &options.hlsl).map_err(Vec::from)?,
        )),
        // The AST is the parse stage's product: a module has none to give.
        Target::Ast => Err(vec![not_yet(target.name())]),
    }
}

/// E0004 for `what`, a target or output not built yet.
pub(crate) fn not_yet(what: &str) -> Diagnostic {
    Diagnostic::error(
        diag::codes::NOT_YET_SUPPORTED,
        format!("`{what}` is not implemented yet in this version of refract"),
    )
}

fn compiled(output: Output, diagnostics: &[Diagnostic]) -> CompileResult {
    CompileResult {
        output: Some(output),
        diagnostics: diagnostics.to_vec(),
        passes: None,
    }
}
