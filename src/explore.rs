//! Many products of one WGSL text from one run of the front end: the playground's call
//! (`explore` in the wasm bindings), where one keystroke wants the check, the WGSL, the
//! SPIR-V, the IR before and after the passes, the AST and the reflection at once.
//!
//! Rules:
//! - Every product is exactly what its single call returns, failures included: `compile`
//!   for a target, `compile` at `-O0` (no pass) for [`Product::IrBefore`], and `reflect`
//!   as indented JSON text for [`Product::Reflect`]. The check is `check`'s. All of them
//!   with the options' error limit (`check_with_error_limit` for the check). The stages
//!   are those of `compile` (see `compile_through_ir` in lib.rs), and each product is taken
//!   where its single call would take it.
//! - A [`Session`] keeps the front end's work on the last text it was given: the AST, the
//!   check, the typed program, the IR as lowered and the IR after the passes. A call reuses
//!   it only when its text is identical, byte for byte, with the same error limit, and the
//!   IR only for the same entry point and the same pass pipeline; any other call starts
//!   again and replaces it. Every product is a function of the text and the options
//!   alone, so reusing the work is invisible except in time: no product can come from
//!   another text. This is what lets the playground ask for the panel on screen first and
//!   the others in a second call without paying for the front end twice.
//! - Back ends run on every call: a product is always made afresh (only the front end's
//!   work is kept), so a call costs what its products cost.

use crate::diag::{self, Diagnostic};
use crate::{CompileResult, Options, Output, Target, ir, passes, sema, syntax};

/// What [`Session::explore`] can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// What `compile` makes for the target.
    Target(Target),
    /// The IR as lowered, before any pass: `compile` to `ir` at `-O0`.
    IrBefore,
    /// The reflection (`reflect`), as indented JSON text.
    Reflect,
}

impl Product {
    /// The product's name in the JS API: the target's name, `irBefore` or `reflect`.
    pub fn name(self) -> &'static str {
        match self {
            Product::Target(t) => t.name(),
            Product::IrBefore => "irBefore",
            Product::Reflect => "reflect",
        }
    }

    pub fn from_name(name: &str) -> Option<Product> {
        match name {
            "irBefore" => Some(Product::IrBefore),
            "reflect" => Some(Product::Reflect),
            _ => Target::from_name(name).map(Product::Target),
        }
    }

    /// Made from the module after the pass pipeline.
    fn after_passes(self) -> bool {
        matches!(
            self,
            Product::Target(Target::Ir | Target::Wgsl | Target::Spirv | Target::Spvasm)
        )
    }
}

/// The result of [`Session::explore`].
#[derive(Debug)]
pub struct Explored {
    /// `check`'s diagnostics.
    pub check: Vec<Diagnostic>,
    /// One result per product asked for, in the order asked for.
    pub products: Vec<(Product, CompileResult)>,
}

/// The front end's work on the last text explored; see the module essay.
#[derive(Default)]
pub struct Session {
    last: Option<FrontEnd>,
}

/// A text parsed and checked, and its IR once lowered.
struct FrontEnd {
    source: String,
    /// The error limit the diagnostics were made with ([`Options::error_limit`]).
    error_limit: u32,
    ast: syntax::ast::Module,
    /// The parser's diagnostics, then sema's (none when parsing failed).
    check: Vec<Diagnostic>,
    /// How many of `check` are the parser's.
    parsed: usize,
    /// The typed program, when the check found no error.
    program: Option<sema::Program>,
    ir: Option<Ir>,
}

/// The IR of a checked text for one entry point (or all).
struct Ir {
    entry_point: Option<String>,
    /// As lowered, before any pass.
    lowered: Stage,
    /// After the pass pipeline named by the strings.
    optimized: Option<(Vec<String>, Stage)>,
}

/// A module, or why a stage could not make it.
type Stage = Result<ir::Module, Vec<Diagnostic>>;

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// Makes the products `wanted` of `source` with `options` (its target is ignored), and
    /// the check. `lap` is called with a stage's name as each stage ends, for timing:
    /// `parse`, `sema`, `lower`, `passes`, then each product's name; a stage whose work is
    /// reused from the previous call is not run and not reported.
    pub fn explore(
        &mut self,
        source: &str,
        options: &Options,
        wanted: &[Product],
        lap: &mut dyn FnMut(&str),
    ) -> Explored {
        let mut made = Made {
            wanted,
            results: vec![None; wanted.len()],
        };
        // Targets without a back end here (HLSL, Gen) are the single call's business.
        for &p in wanted {
            if let Product::Target(t @ (Target::Hlsl | Target::Gen | Target::GenIr)) = p {
                let mut single = options.clone();
                single.target = t;
                made.done(p, crate::compile(source, &single));
                lap(t.name());
            }
        }
        let names = crate::pass_names(options);
        // `compile` checks pass names before the source; `irBefore` runs no pass.
        if let Err(d) = passes::resolve(&names) {
            for &p in wanted.iter().filter(|p| p.after_passes()) {
                made.done(p, failed(d.clone()));
            }
        }
        let front = match self.last.take() {
            Some(front) if front.source == source && front.error_limit == options.error_limit => {
                front
            }
            _ => FrontEnd::analyze(source, options.error_limit, lap),
        };
        let front = self.last.insert(front);
        front.make(options, &names, &mut made, lap);
        made.finish(front.check.clone())
    }
}

impl FrontEnd {
    fn analyze(source: &str, error_limit: u32, lap: &mut dyn FnMut(&str)) -> FrontEnd {
        let (ast, mut check) = syntax::parse_with_error_limit(source, error_limit);
        lap("parse");
        let parsed = check.len();
        let mut program = None;
        if !diag::has_errors(&check) {
            let (typed, mut sema) = sema::analyze_with_error_limit(&ast, source, error_limit);
            check.append(&mut sema);
            lap("sema");
            program = (!diag::has_errors(&check)).then_some(typed);
        }
        FrontEnd {
            source: source.to_string(),
            error_limit,
            ast,
            check,
            parsed,
            program,
            ir: None,
        }
    }

    /// Every product not yet decided, from this front end's work, adding what is missing.
    fn make(
        &mut self,
        options: &Options,
        names: &[String],
        made: &mut Made,
        lap: &mut dyn FnMut(&str),
    ) {
        let FrontEnd {
            source,
            ast,
            check,
            parsed,
            program,
            ir,
            ..
        } = self;
        let parse_diagnostics = &check[..*parsed];
        if diag::has_errors(parse_diagnostics) {
            return made.fail_rest(check);
        }
        if made.wants(Product::Target(Target::Ast)) {
            let mut text = syntax::ast_to_json(ast);
            text.push('\n');
            made.done(
                Product::Target(Target::Ast),
                compiled(Output::Text(text), parse_diagnostics),
            );
            lap("ast");
        }
        let Some(program) = program else {
            return made.fail_rest(check);
        };
        if made.wants(Product::Reflect) {
            let json = sema::reflect::reflect(ast, program);
            let text = crate::util::json::to_string_pretty(&json);
            made.done(Product::Reflect, compiled(Output::Text(text), &[]));
            lap("reflect");
        }
        if !made
            .wanted
            .iter()
            .any(|p| p.after_passes() || *p == Product::IrBefore)
        {
            return;
        }

        let entry_point = options.entry_point.as_deref();
        let ir = match ir {
            Some(ir) if ir.entry_point.as_deref() == entry_point => ir,
            slot => {
                let lowered = crate::lower_checked(ast, program, check, entry_point);
                lap("lower");
                slot.insert(Ir {
                    entry_point: options.entry_point.clone(),
                    lowered,
                    optimized: None,
                })
            }
        };
        let lowered = match &ir.lowered {
            Ok(module) => module,
            Err(d) => return made.fail_rest(d),
        };
        if made.wants(Product::IrBefore) {
            let text = ir::print(lowered);
            made.done(Product::IrBefore, compiled(Output::Text(text), check));
            lap("irBefore");
        }
        if !made.wanted.iter().any(|p| p.after_passes()) {
            return;
        }
        let optimized = match &mut ir.optimized {
            Some((ran, optimized)) if ran[..] == *names => optimized,
            slot => {
                // The lowered module stays as it is for `irBefore`.
                let mut module = lowered.clone();
                let optimized = passes::run_pipeline(&mut module, names).map(|_| module);
                lap("passes");
                &mut slot.insert((names.to_vec(), optimized)).1
            }
        };
        let module = match optimized {
            Ok(module) => &*module,
            Err(d) => return made.fail_rest(d),
        };
        for &p in made.wanted {
            let Product::Target(target) = p else { continue };
            if !p.after_passes() {
                continue;
            }
            let outcome = match crate::emit(module, ast, source, target, &options.spirv) {
                Ok(output) => compiled(output, check),
                Err(d) => failed(d),
            };
            made.done(p, outcome);
            lap(target.name());
        }
    }
}

/// The products decided so far.
struct Made<'a> {
    wanted: &'a [Product],
    /// The result of each product of `wanted`, once decided.
    results: Vec<Option<CompileResult>>,
}

impl Made<'_> {
    fn wants(&self, product: Product) -> bool {
        self.wanted.contains(&product)
    }

    /// Records a product's result, unless an earlier stage has already decided it.
    fn done(&mut self, product: Product, result: CompileResult) {
        if let Some(k) = self.wanted.iter().position(|&p| p == product) {
            self.results[k].get_or_insert(result);
        }
    }

    /// Every product not yet decided fails with `diagnostics`.
    fn fail_rest(&mut self, diagnostics: &[Diagnostic]) {
        for &p in self.wanted {
            self.done(p, failed(diagnostics.to_vec()));
        }
    }

    /// The products decided, in the order asked for.
    fn finish(self, check: Vec<Diagnostic>) -> Explored {
        let products = self
            .wanted
            .iter()
            .zip(self.results)
            .filter_map(|(&p, r)| Some((p, r?)))
            .collect();
        Explored { check, products }
    }
}

fn compiled(output: Output, diagnostics: &[Diagnostic]) -> CompileResult {
    CompileResult {
        output: Some(output),
        diagnostics: diagnostics.to_vec(),
    }
}

fn failed(diagnostics: Vec<Diagnostic>) -> CompileResult {
    CompileResult {
        output: None,
        diagnostics,
    }
}
