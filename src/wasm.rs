//! The WebAssembly bindings: the JS API of DESIGN §9, as a thin layer over `lib.rs`.
//!
//! Rules:
//! - No behaviour of its own. Each export converts its arguments, calls the matching
//!   function of the public Rust API, and converts the result. The CLI and these bindings
//!   therefore always agree.
//! - Bad input never throws. Every argument is taken as a `JsValue` and checked here: a
//!   source that is not a string or options that do not parse become an `E0002` (usage)
//!   diagnostic in an `{ ok: false, diagnostics }` result, exactly as bad WGSL becomes a
//!   diagnostic. Strings with lone UTF-16 surrogates arrive with U+FFFD in their place
//!   (wasm-bindgen encodes them that way), so they are ordinary bad input too.
//! - Diagnostics have exactly the CLI's JSON shape: they are made by
//!   [`diag::to_json_value`], the same function `refract check --format json` uses.
//! - SPIR-V comes back as a `Uint32Array` of words, never as an array of numbers.
//! - A panic is a bug in refract, never an answer. Should one happen anyway, the panic hook
//!   keeps its message, which the JS wrapper (`web/index.js`) reads back with
//!   [`take_panic_message`] to turn the trap into an internal-error diagnostic. In debug
//!   builds the hook also logs it with `console_error_panic_hook`.
//!
//! The TypeScript types of the public API are written by hand in `web/index.d.ts` and
//! checked with `tsc` by the package tests; the exports here are the raw layer under them.

use crate::diag::{self, Diagnostic, codes};
use crate::{CompileResult, Options, Output, Target};
use js_sys::{Array, Object, Reflect, Uint32Array};
use serde::Deserialize;
use serde::Serialize;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[cfg(feature = "wee_alloc")]
#[global_allocator]
static ALLOC: wee_alloc::WeeAlloc = wee_alloc::WeeAlloc::INIT;

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the panic hook once. Cheap after the first call.
fn enter() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            // `try_with`: a panic during thread-local teardown must not panic again.
            let _ = LAST_PANIC.try_with(|slot| {
                if let Ok(mut slot) = slot.try_borrow_mut() {
                    *slot = Some(info.to_string());
                }
            });
            #[cfg(debug_assertions)]
            console_error_panic_hook::hook(info);
        }));
    });
}

/// The message of the last panic, if any, cleared by reading it. The JS wrapper calls this
/// after a trap to build its internal-error diagnostic.
#[wasm_bindgen(js_name = takePanicMessage)]
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC
        .try_with(|slot| slot.try_borrow_mut().ok().and_then(|mut s| s.take()))
        .ok()
        .flatten()
}

#[wasm_bindgen]
pub fn version() -> String {
    crate::version().to_string()
}

/// The pass names `CompileOptions.passes` accepts, in pipeline order.
#[wasm_bindgen]
pub fn passes() -> Array {
    crate::passes().into_iter().map(JsValue::from_str).collect()
}

/// `{ ok, diagnostics }`.
#[wasm_bindgen]
pub fn check(source: JsValue) -> Object {
    enter();
    let source = match source_text(&source) {
        Ok(s) => s,
        Err(d) => return failure("", &[d]),
    };
    let diagnostics = crate::check(&source);
    let result = Object::new();
    set(
        &result,
        "ok",
        &JsValue::from_bool(!diag::has_errors(&diagnostics)),
    );
    set(
        &result,
        "diagnostics",
        &diagnostics_js(&source, &diagnostics),
    );
    result
}

/// `{ ok: true, code, diagnostics }` or `{ ok: false, diagnostics }`. Not part of DESIGN §9's
/// list; it mirrors `refract fmt`.
#[wasm_bindgen]
pub fn format(source: JsValue) -> Object {
    enter();
    let source = match source_text(&source) {
        Ok(s) => s,
        Err(d) => return failure("", &[d]),
    };
    match crate::format(&source) {
        Ok(code) => {
            let result = success(&source, &[]);
            set(&result, "code", &JsValue::from_str(&code));
            result
        }
        Err(diagnostics) => failure(&source, &diagnostics),
    }
}

/// `{ ok: true, code | words, diagnostics }` or `{ ok: false, diagnostics }`.
#[wasm_bindgen]
pub fn compile(source: JsValue, options: JsValue) -> Object {
    enter();
    let source = match source_text(&source) {
        Ok(s) => s,
        Err(d) => return failure("", &[d]),
    };
    let options = match compile_options(options) {
        Ok(o) => o,
        Err(d) => return failure(&source, &[d]),
    };
    compile_result_js(&source, crate::compile(&source, &options))
}

fn compile_result_js(source: &str, result: CompileResult) -> Object {
    if !result.ok() {
        return failure(source, &result.diagnostics);
    }
    let object = success(source, &result.diagnostics);
    match result.output {
        Some(Output::Text(code)) => set(&object, "code", &JsValue::from_str(&code)),
        Some(Output::Words(words)) => set(&object, "words", &Uint32Array::from(&words[..])),
        None => {}
    }
    object
}

/// `{ ok: true, diagnostics, ...reflection }` or `{ ok: false, diagnostics }`: the
/// reflection object's own keys (entry points, bindings, …) sit beside `ok`.
#[wasm_bindgen]
pub fn reflect(source: JsValue) -> Object {
    enter();
    let source = match source_text(&source) {
        Ok(s) => s,
        Err(d) => return failure("", &[d]),
    };
    match crate::reflect(&source) {
        Ok(value) => {
            let result = Object::new();
            if let Ok(fields) = to_js(&value).dyn_into::<Object>() {
                Object::assign(&result, &fields);
            }
            // Set last, so the reflection's own keys can never shadow them.
            set(&result, "ok", &JsValue::TRUE);
            set(&result, "diagnostics", &Array::new());
            result
        }
        Err(diagnostics) => failure(&source, &diagnostics),
    }
}

/// Several products of one text from one run of the front end, for the playground:
/// `{ ok, diagnostics, products: { [name]: CompileResult } }`, where `ok` and
/// `diagnostics` are `check`'s and each product is exactly what the matching single call
/// returns (`compile` for a target, `reflect` as indented JSON text).
///
/// Options: `{ products: string[], passes?, opt?, entryPoint? }` with `CompileOptions`'
/// meaning. Products: the targets' names, `irBefore` (the IR as lowered, before any pass:
/// `compile(src, { to: 'ir', opt: 0 })`) and `reflect`.
///
/// Not part of DESIGN §9, and the one export with logic of its own: it runs the stages of
/// `lib.rs`'s pipeline (parse, sema, lowering, passes, back ends) once for every product
/// instead of once per product, which for a long shader is most of the cost of a keystroke.
/// The package tests check that every product equals the single call's result.
#[wasm_bindgen]
pub fn explore(source: JsValue, options: JsValue) -> Object {
    enter();
    let misuse = |source: &str, d: Diagnostic| {
        let result = failure(source, &[d]);
        set(&result, "products", &Object::new());
        set(&result, "timings", &Object::new());
        result
    };
    let source = match source_text(&source) {
        Ok(s) => s,
        Err(d) => return misuse("", d),
    };
    let (options, wanted) = match explore_options(options) {
        Ok(o) => o,
        Err(d) => return misuse(&source, d),
    };
    let clock = Clock::new();
    let explored = explore_products(&source, &options, &wanted, &mut |stage| clock.lap(stage));
    let result = Object::new();
    set(
        &result,
        "ok",
        &JsValue::from_bool(!diag::has_errors(&explored.check)),
    );
    set(
        &result,
        "diagnostics",
        &diagnostics_js(&source, &explored.check),
    );
    let products = Object::new();
    for (product, outcome) in explored.products {
        let value = match outcome {
            Outcome::Compiled(r) => compile_result_js(&source, r),
            Outcome::Reflected(code) => {
                let object = success(&source, &[]);
                set(&object, "code", &JsValue::from_str(&code));
                object
            }
        };
        set(&products, product.name(), &value);
    }
    set(&result, "products", &products);
    set(&result, "timings", &clock.timings);
    result
}

/// Milliseconds per stage of `explore`, from the JS clock (`performance.now()`, or
/// `Date.now()` where there is none).
struct Clock {
    now: js_sys::Function,
    this: JsValue,
    last: std::cell::Cell<f64>,
    timings: Object,
}

impl Clock {
    fn new() -> Clock {
        let global = js_sys::global();
        let performance = Reflect::get(&global, &JsValue::from_str("performance"))
            .ok()
            .filter(|p| p.is_object());
        let (now, this) = match performance.and_then(|p| {
            let f = Reflect::get(&p, &JsValue::from_str("now")).ok()?;
            Some((f.dyn_into::<js_sys::Function>().ok()?, p))
        }) {
            Some(found) => found,
            None => {
                let date =
                    Reflect::get(&global, &JsValue::from_str("Date")).unwrap_or(JsValue::NULL);
                let now = Reflect::get(&date, &JsValue::from_str("now")).ok();
                match now.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
                    Some(f) => (f, date),
                    None => (js_sys::Function::new_no_args("return 0"), JsValue::NULL),
                }
            }
        };
        let clock = Clock {
            now,
            this,
            last: std::cell::Cell::new(0.0),
            timings: Object::new(),
        };
        clock.last.set(clock.read());
        clock
    }

    fn read(&self) -> f64 {
        self.now
            .call0(&self.this)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
    }

    /// Records the time since the last lap under `stage` (added to what it already has).
    fn lap(&self, stage: &str) {
        let now = self.read();
        let key = JsValue::from_str(stage);
        let before = Reflect::get(&self.timings, &key)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0);
        set(
            &self.timings,
            stage,
            &JsValue::from_f64(before + now - self.last.get()),
        );
        self.last.set(now);
    }
}

/// What `explore` can make.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Product {
    Target(Target),
    IrBefore,
    Reflect,
}

impl Product {
    fn name(self) -> &'static str {
        match self {
            Product::Target(t) => t.name(),
            Product::IrBefore => "irBefore",
            Product::Reflect => "reflect",
        }
    }

    fn from_name(name: &str) -> Option<Product> {
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

enum Outcome {
    Compiled(CompileResult),
    /// The reflection as indented JSON text.
    Reflected(String),
}

struct Explored {
    check: Vec<Diagnostic>,
    products: Vec<(Product, Outcome)>,
}

fn compiled(output: Output, diagnostics: &[Diagnostic]) -> Outcome {
    Outcome::Compiled(CompileResult {
        output: Some(output),
        diagnostics: diagnostics.to_vec(),
    })
}

fn failed(diagnostics: Vec<Diagnostic>) -> Outcome {
    Outcome::Compiled(CompileResult {
        output: None,
        diagnostics,
    })
}

/// The stages of `crate::compile` (see `compile_through_ir` in lib.rs), each run once, with
/// every product taken where its single call would take it, failures included.
fn explore_products(
    source: &str,
    options: &Options,
    wanted: &[Product],
    lap: &mut dyn FnMut(&str),
) -> Explored {
    let mut products: Vec<(Product, Outcome)> = Vec::with_capacity(wanted.len());
    // Targets without a back end here (HLSL, Gen) are the single call's business.
    for &p in wanted {
        if let Product::Target(t @ (Target::Hlsl | Target::Gen)) = p {
            let mut single = options.clone();
            single.target = t;
            done(
                &mut products,
                p,
                Outcome::Compiled(crate::compile(source, &single)),
            );
            lap(t.name());
        }
    }
    let want = |p: Product| wanted.contains(&p);
    let names: Vec<String> = match &options.passes {
        Some(list) => list.clone(),
        None => crate::passes::pipeline_for(options.opt_level)
            .iter()
            .map(|s| s.to_string())
            .collect(),
    };
    // `compile` checks pass names before the source; `irBefore` runs no pass.
    if let Err(d) = crate::passes::resolve(&names) {
        for &p in wanted.iter().filter(|p| p.after_passes()) {
            done(&mut products, p, failed(d.clone()));
        }
    }

    let (ast, mut check) = crate::syntax::parse(source);
    lap("parse");
    if diag::has_errors(&check) {
        for &p in wanted {
            done(&mut products, p, failed(check.clone()));
        }
        return finish(check, products, wanted);
    }
    if want(Product::Target(Target::Ast)) {
        let mut text = crate::syntax::ast_to_json(&ast);
        text.push('\n');
        done(
            &mut products,
            Product::Target(Target::Ast),
            compiled(Output::Text(text), &check),
        );
        lap("ast");
    }
    let (program, mut sema) = crate::sema::analyze(&ast, source);
    check.append(&mut sema);
    lap("sema");
    if diag::has_errors(&check) {
        for &p in wanted {
            done(&mut products, p, failed(check.clone()));
        }
        return finish(check, products, wanted);
    }
    if want(Product::Reflect) {
        let json = crate::sema::reflect::reflect(&ast, &program);
        let text = serde_json::to_string_pretty(&json).unwrap_or_default();
        done(&mut products, Product::Reflect, Outcome::Reflected(text));
        lap("reflect");
    }
    if !wanted
        .iter()
        .any(|p| p.after_passes() || *p == Product::IrBefore)
    {
        return finish(check, products, wanted);
    }

    let lowered = crate::lower::lower(&ast, &program)
        .map_err(|d| check.iter().cloned().chain(d).collect::<Vec<_>>())
        .and_then(|module| {
            if crate::passes::VERIFY_EACH_PASS {
                crate::passes::verify_after(&module, "lowering")?;
            }
            Ok(module)
        })
        .and_then(|mut module| {
            if let Some(entry) = &options.entry_point {
                crate::passes::entry::keep_only(&mut module, entry)?;
            }
            Ok(module)
        });
    lap("lower");
    let mut module = match lowered {
        Ok(m) => m,
        Err(d) => {
            for &p in wanted {
                done(&mut products, p, failed(d.clone()));
            }
            return finish(check, products, wanted);
        }
    };
    if want(Product::IrBefore) {
        let text = crate::ir::print(&module);
        done(
            &mut products,
            Product::IrBefore,
            compiled(Output::Text(text), &check),
        );
        lap("irBefore");
    }
    let ran = crate::passes::run_pipeline(&mut module, &names);
    lap("passes");
    if let Err(d) = ran {
        for &p in wanted {
            done(&mut products, p, failed(d.clone()));
        }
        return finish(check, products, wanted);
    }
    for &p in wanted {
        let Product::Target(target) = p else { continue };
        let output = match target {
            Target::Ir => Ok(Output::Text(crate::ir::print(&module))),
            Target::Wgsl => {
                let mut wgsl = crate::back::wgsl::Options::default();
                wgsl.raise.diagnostics = crate::back::wgsl::diagnostic_filters(&ast);
                crate::back::wgsl::write_string(&module, &wgsl)
                    .map(Output::Text)
                    .map_err(Vec::from)
            }
            Target::Spirv | Target::Spvasm => {
                crate::emit_spirv(&module, &options.spirv, Some(source), target)
            }
            _ => continue,
        };
        let outcome = match output {
            Ok(output) => compiled(output, &check),
            Err(d) => failed(d),
        };
        done(&mut products, p, outcome);
        lap(target.name());
    }
    finish(check, products, wanted)
}

/// Records a product's outcome, unless an earlier stage has already decided it.
fn done(products: &mut Vec<(Product, Outcome)>, product: Product, outcome: Outcome) {
    if !products.iter().any(|(p, _)| *p == product) {
        products.push((product, outcome));
    }
}

/// The products in the order asked for.
fn finish(
    check: Vec<Diagnostic>,
    mut products: Vec<(Product, Outcome)>,
    wanted: &[Product],
) -> Explored {
    crate::util::sort::by_key(&mut products, |(p, _)| {
        wanted
            .iter()
            .position(|w| w == p)
            .map_or(0, |i| i as u64 + 1)
    });
    Explored { check, products }
}

/// The JS options of `explore`: `CompileOptions` without `to`, with `products`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsExploreOptions {
    products: Vec<String>,
    #[serde(default)]
    opt: Option<f64>,
    #[serde(default)]
    passes: Option<Vec<String>>,
    #[serde(default)]
    entry_point: Option<String>,
}

fn explore_options(value: JsValue) -> Result<(Options, Vec<Product>), Diagnostic> {
    let usage = |message: String| Diagnostic::error(codes::USAGE, message);
    if !value.is_object() {
        return Err(usage(
            "`explore` needs options: `{ products: ['ast', 'irBefore', 'ir', 'wgsl', …] }`".into(),
        ));
    }
    let raw: JsExploreOptions = serde_wasm_bindgen::from_value(value)
        .map_err(|e| usage(format!("invalid explore options: {e}")))?;
    let mut wanted = Vec::with_capacity(raw.products.len());
    for name in &raw.products {
        let product =
            Product::from_name(name).ok_or_else(|| usage(format!("unknown product `{name}`")))?;
        if !wanted.contains(&product) {
            wanted.push(product);
        }
    }
    let mut options = Options::new(Target::Ir);
    options.opt_level = opt_level(raw.opt)?;
    options.passes = raw.passes;
    options.entry_point = raw.entry_point;
    Ok((options, wanted))
}

fn opt_level(level: Option<f64>) -> Result<u8, Diagnostic> {
    let Some(level) = level else { return Ok(1) };
    match [0.0, 1.0, 2.0].iter().position(|&l| l == level) {
        Some(l) => Ok(l as u8),
        None => Err(Diagnostic::error(
            codes::USAGE,
            format!("invalid `opt` {level}; expected 0, 1 or 2"),
        )),
    }
}

/// The JS `CompileOptions`, as sent. Unknown keys are ignored, as JS APIs usually do.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsCompileOptions {
    to: String,
    #[serde(default)]
    opt: Option<f64>,
    #[serde(default)]
    passes: Option<Vec<String>>,
    #[serde(default)]
    entry_point: Option<String>,
}

fn compile_options(value: JsValue) -> Result<Options, Diagnostic> {
    let usage = |message: String| Diagnostic::error(codes::USAGE, message);
    if !value.is_object() {
        return Err(usage(
            "`compile` needs options: `{ to: 'wgsl' | 'hlsl' | 'spirv' | 'spvasm' | 'gen' | 'ir' | 'ast' }`"
                .into(),
        ));
    }
    let raw: JsCompileOptions = serde_wasm_bindgen::from_value(value)
        .map_err(|e| usage(format!("invalid compile options: {e}")))?;
    let target = Target::from_name(&raw.to).ok_or_else(|| {
        let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
        usage(format!(
            "unknown target `{}`; expected one of {}",
            raw.to,
            names.join(", ")
        ))
    })?;
    let mut options = Options::new(target);
    options.opt_level = opt_level(raw.opt)?;
    options.passes = raw.passes;
    options.entry_point = raw.entry_point;
    Ok(options)
}

fn source_text(value: &JsValue) -> Result<String, Diagnostic> {
    value.as_string().ok_or_else(|| {
        let found = value.js_typeof().as_string().unwrap_or_default();
        Diagnostic::error(
            codes::USAGE,
            format!("the source must be a string, not a value of type `{found}`"),
        )
    })
}

fn success(source: &str, diagnostics: &[Diagnostic]) -> Object {
    let result = Object::new();
    set(&result, "ok", &JsValue::TRUE);
    set(&result, "diagnostics", &diagnostics_js(source, diagnostics));
    result
}

fn failure(source: &str, diagnostics: &[Diagnostic]) -> Object {
    let result = Object::new();
    set(&result, "ok", &JsValue::FALSE);
    set(&result, "diagnostics", &diagnostics_js(source, diagnostics));
    result
}

/// The diagnostics array, in the CLI's JSON shape.
fn diagnostics_js(source: &str, diagnostics: &[Diagnostic]) -> JsValue {
    let value = diag::to_json_value(source, diagnostics);
    to_js(&value["diagnostics"])
}

/// A JSON value as plain JS data: objects, not `Map`s.
fn to_js(value: &serde_json::Value) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

fn set(object: &Object, key: &str, value: &JsValue) {
    // Setting a data property on a fresh plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}
