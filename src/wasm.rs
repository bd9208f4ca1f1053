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
//!   keeps its message, which the JS wrapper (`js/index.js`) reads back with
//!   [`take_panic_message`] to turn the trap into an internal-error diagnostic. In debug
//!   builds the hook also logs it with `console_error_panic_hook`.
//!
//! The TypeScript types of the public API are written by hand in `js/index.d.ts` and
//! checked with `tsc` by the package tests; the exports here are the raw layer under them.

use crate::diag::{self, Diagnostic, codes};
use crate::explore::{Product, Session};
use crate::ide::{self, Analysis};
use crate::util::float_text::display_f64;
use crate::{CompileResult, Options, Output, Target};
use js_sys::{Array, Object, Reflect, Uint8Array, Uint32Array};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[cfg(feature = "wee_alloc")]
#[global_allocator]
static ALLOC: wee_alloc::WeeAlloc = wee_alloc::WeeAlloc::INIT;

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    /// `explore`'s memory of the last text it was given (see [`crate::explore`]).
    static SESSION: RefCell<Session> = RefCell::new(Session::new());
    /// The editor services' last analysis: hovering over an unchanged text re-uses it.
    static IDE: RefCell<Option<std::rc::Rc<Analysis>>> = const { RefCell::new(None) };
}

/// Installs the panic hook once. Cheap after the first call.
fn enter() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        crate::passes::manager::set_system_clock(js_clock);
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
    let out = Array::new();
    for name in crate::passes() {
        out.push(&JsValue::from_str(name));
    }
    out
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
    // Only the `passSteps` product asks the passes for their report.
    if let Some(report) = result.passes {
        set(&object, "steps", &pass_steps_js(report.printed));
    }
    object
}

/// `PassStep[]`: each step's name, depth, whether it changed the module, its time in
/// milliseconds and the IR it left.
fn pass_steps_js(printed: Vec<crate::passes::manager::Printed>) -> Array {
    let steps = Array::new();
    for step in printed {
        let object = Object::new();
        set(&object, "pass", &JsValue::from_str(step.pass));
        set(&object, "depth", &JsValue::from(step.depth));
        set(&object, "changed", &JsValue::from_bool(step.changed));
        set(
            &object,
            "ms",
            &JsValue::from_f64(step.time.as_secs_f64() * 1e3),
        );
        set(&object, "ir", &JsValue::from_str(&step.ir));
        steps.push(&object);
    }
    steps
}

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`; an error where the global has no `performance`.
    #[wasm_bindgen(catch, js_namespace = performance, js_name = now)]
    fn performance_now() -> Result<f64, JsValue>;
}

/// The passes' clock in the package (zero where there is no `performance`).
fn js_clock() -> std::time::Duration {
    let ms = performance_now().unwrap_or(0.0);
    std::time::Duration::from_secs_f64(if ms.is_finite() && ms > 0.0 {
        ms / 1e3
    } else {
        0.0
    })
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

/// `{ ok: true, buffers, stats, diagnostics }` or `{ ok: false, diagnostics }`: compiles
/// compute entry point `entryPoint` for the Gen back end and runs it on its simulator over
/// `dispatch` workgroups, as `refract run` does. Options: `{ entryPoint: string, dispatch:
/// number | number[] (1 to 3 counts), buffers?: { "group:binding": ArrayBuffer |
/// ArrayBufferView }, simd?: 8 | 16, overrides? }` (`overrides` as `compile` takes them); a binding not given starts zero-filled at its
/// minimum size. `buffers` in the result has every binding after the dispatch: its
/// `bytes`, the scalar `type` its words hold and their `values` as numbers (the CLI's
/// JSON; NaN and infinities kept, which JSON cannot).
#[wasm_bindgen]
pub fn run(source: JsValue, options: JsValue) -> Object {
    enter();
    let source = match source_text(&source) {
        Ok(s) => s,
        Err(d) => return failure("", &[d]),
    };
    let request = match run_options(&options) {
        Ok(r) => r,
        Err(d) => return failure(&source, &[d]),
    };
    let out = match crate::back::r#gen::run_source(
        &source,
        &request.entry,
        request.dispatch,
        &request.buffers,
        &request.options,
        &request.overrides,
    ) {
        Ok(out) => out,
        Err(diagnostics) => return failure(&source, &diagnostics),
    };
    let result = success(&source, &[]);
    let buffers = Object::new();
    for (b, elem) in &out.buffers {
        let (name, values) = crate::back::r#gen::buffer_values(&b.data, *elem);
        let numbers = Array::new();
        for x in values {
            numbers.push(&JsValue::from_f64(x));
        }
        let entry = Object::new();
        set(&entry, "bytes", &Uint8Array::from(&b.data[..]));
        set(&entry, "type", &JsValue::from_str(name));
        set(&entry, "values", &numbers);
        set(&buffers, &format!("{}:{}", b.group, b.binding), &entry);
    }
    set(&result, "buffers", &buffers);
    let stats = Object::new();
    let count = |n: u64| JsValue::from_f64(n as f64);
    set(&stats, "instructions", &count(out.stats.instructions));
    set(
        &stats,
        "laneInstructions",
        &count(out.stats.lane_instructions),
    );
    set(&result, "stats", &stats);
    result
}

/// What `run` was asked for.
struct RunRequest {
    entry: String,
    dispatch: [u32; 3],
    buffers: Vec<crate::back::r#gen::RunBuffer>,
    options: crate::back::r#gen::Options,
    overrides: Vec<(String, f64)>,
}

fn run_options(value: &JsValue) -> Result<RunRequest, Diagnostic> {
    if !value.is_object() {
        return Err(usage(
            "`run` needs options: `{ entryPoint: string, dispatch: [x, y, z] }`".to_string(),
        ));
    }
    let fields = Fields { value, call: "run" };
    Ok(RunRequest {
        entry: fields.required("entryPoint", string)?,
        dispatch: fields.required("dispatch", workgroup_counts)?,
        buffers: fields.optional("buffers", run_buffers)?.unwrap_or_default(),
        options: crate::back::r#gen::Options {
            simd: fields.optional("simd", simd_width)?,
        },
        overrides: fields
            .optional("overrides", override_values)?
            .unwrap_or_default(),
    })
}

/// `run`'s `buffers`: `{ "group:binding": ArrayBuffer | typed array }`.
fn run_buffers(given: &JsValue) -> Result<Vec<crate::back::r#gen::RunBuffer>, &'static str> {
    const SHAPE: &str = "must map \"group:binding\" to an ArrayBuffer or a typed array";
    if !given.is_object() || Array::is_array(given) {
        return Err(SHAPE);
    }
    let mut buffers = Vec::new();
    for pair in Object::entries(&Object::from(given.clone())).iter() {
        let pair = Array::from(&pair);
        let key = pair.get(0).as_string().unwrap_or_default();
        let (group, binding) = key
            .split_once(':')
            .and_then(|(g, b)| Some((g.trim().parse().ok()?, b.trim().parse().ok()?)))
            .ok_or(SHAPE)?;
        let data = buffer_bytes(&pair.get(1)).ok_or(SHAPE)?;
        buffers.push(crate::back::r#gen::RunBuffer {
            group,
            binding,
            data,
        });
    }
    Ok(buffers)
}

/// `run`'s `simd`: 8 or 16 lanes.
fn simd_width(v: &JsValue) -> Result<u8, &'static str> {
    match v.as_f64() {
        Some(w) if w == 8.0 || w == 16.0 => Ok(w as u8),
        _ => Err("must be 8 or 16"),
    }
}

/// One to three workgroup counts (a bare number is the x count), each an integer that
/// fits `u32`; the missing ones are 1.
fn workgroup_counts(v: &JsValue) -> Result<[u32; 3], &'static str> {
    const SHAPE: &str = "must be 1 to 3 workgroup counts, integers from 0 to 4294967295";
    let counts: Vec<JsValue> = if Array::is_array(v) {
        let a = Array::from(v);
        let mut counts = Vec::with_capacity(a.length() as usize);
        for k in 0..a.length() {
            counts.push(a.get(k));
        }
        counts
    } else {
        vec![v.clone()]
    };
    if counts.is_empty() || counts.len() > 3 {
        return Err(SHAPE);
    }
    let mut out = [1u32; 3];
    for (slot, c) in out.iter_mut().zip(&counts) {
        let n = c.as_f64().ok_or(SHAPE)?;
        if n.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&n) {
            return Err(SHAPE);
        }
        *slot = n as u32;
    }
    Ok(out)
}

/// The bytes of an `ArrayBuffer` or of the part of one a view (a typed array, a
/// `DataView`) covers.
fn buffer_bytes(v: &JsValue) -> Option<Vec<u8>> {
    if v.is_instance_of::<js_sys::ArrayBuffer>() {
        return Some(Uint8Array::new(v).to_vec());
    }
    let buffer = Reflect::get(v, &JsValue::from_str("buffer")).ok()?;
    if !buffer.is_instance_of::<js_sys::ArrayBuffer>() || !js_sys::ArrayBuffer::is_view(v) {
        return None;
    }
    let number = |key: &str| Reflect::get(v, &JsValue::from_str(key)).ok()?.as_f64();
    let (offset, length) = (number("byteOffset")?, number("byteLength")?);
    Some(
        Uint8Array::new_with_byte_offset_and_length(&buffer, offset as u32, length as u32).to_vec(),
    )
}

/// Several products of one text from one run of the front end, for the playground:
/// `{ ok, diagnostics, products: { [name]: CompileResult }, timings }`, where `ok` and
/// `diagnostics` are `check`'s and each product is exactly what the matching single call
/// returns (`compile` for a target, `reflect` as indented JSON text).
///
/// Options: `{ products: string[], passes?, opt?, entryPoint?, overrides? }` with `CompileOptions`'
/// meaning. Products: the targets' names, `irBefore` (the IR as lowered, before any pass:
/// `compile(src, { to: 'ir', opt: 0 })`) and `reflect`. `timings` has the milliseconds of
/// each stage run.
///
/// Not part of DESIGN §9: the logic is [`crate::explore`]'s. The instance keeps one
/// [`Session`](crate::explore::Session), so a second call on the identical text (the
/// playground asks for the panel on screen first, then the others) reuses the front end's
/// work instead of parsing, checking, lowering and optimizing again.
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
    // Taken out for the call, so a trap in the middle leaves an empty session behind
    // rather than a half-updated one.
    let mut session = SESSION.with(|s| s.take());
    let explored = session.explore(&source, &options, &wanted, &mut |stage| clock.lap(stage));
    SESSION.with(|s| s.replace(session));
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
        set(
            &products,
            product.name(),
            &compile_result_js(&source, outcome),
        );
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

/// `explore`'s options: `CompileOptions` without `to`, with `products`.
fn explore_options(value: JsValue) -> Result<(Options, Vec<Product>), Diagnostic> {
    let (names, options) = read_options(
        value,
        "explore",
        "products",
        "['ast', 'irBefore', 'ir', 'wgsl', …]",
        strings,
    )?;
    let mut wanted = Vec::with_capacity(names.len());
    for name in &names {
        let product =
            Product::from_name(name).ok_or_else(|| usage(format!("unknown product `{name}`")))?;
        if !wanted.contains(&product) {
            wanted.push(product);
        }
    }
    Ok((options, wanted))
}

/// `compile`'s options, the JS `CompileOptions`.
fn compile_options(value: JsValue) -> Result<Options, Diagnostic> {
    let (to, mut options) = read_options(
        value,
        "compile",
        "to",
        "'wgsl' | 'hlsl' | 'spirv' | 'spvasm' | 'gen' | 'gen-ir' | 'ir' | 'ast'",
        string,
    )?;
    options.target = Target::from_name(&to).ok_or_else(|| {
        let mut names: Vec<&str> = Vec::new();
        for t in Target::ALL {
            names.push(t.name());
        }
        usage(format!(
            "unknown target `{to}`; expected one of {}",
            names.join(", ")
        ))
    })?;
    Ok(options)
}

/// Reads the options of `call`: its own required `key` (`to`, `products`) through
/// `read_key`, and the shared ones (`opt`, `passes`, `entryPoint`, `overrides`) into [`Options`] (whose
/// target the caller sets). `shape` is the key's value in the hint given when the options
/// are not an object at all. Read by [`Fields`] rather than through a serde deserializer,
/// whose generic machinery cost the package more than these few readers.
fn read_options<T>(
    value: JsValue,
    call: &str,
    key: &str,
    shape: &str,
    read_key: fn(&JsValue) -> Result<T, &'static str>,
) -> Result<(T, Options), Diagnostic> {
    if !value.is_object() {
        return Err(usage(format!(
            "`{call}` needs options: `{{ {key}: {shape} }}`"
        )));
    }
    let fields = Fields {
        value: &value,
        call,
    };
    let own = fields.required(key, read_key)?;
    let mut options = Options::new(Target::Ir);
    options.opt_level = opt_level(fields.optional("opt", number)?)?;
    options.passes = fields.optional("passes", strings)?;
    options.entry_point = fields.optional("entryPoint", string)?;
    if let Some(values) = fields.optional("overrides", override_values)? {
        options.overrides = values;
    }
    Ok((own, options))
}

/// The fields of a JS options object, read as JS reads a property (through the prototype
/// chain; `undefined` and `null` mean absent, unknown keys are ignored). One reader for
/// `compile`, `explore` and `run`, whose errors name the call: `invalid run options:
/// missing field `entryPoint``, `invalid compile options: `opt` must be a number`.
struct Fields<'a> {
    value: &'a JsValue,
    call: &'a str,
}

impl Fields<'_> {
    fn get(&self, field: &str) -> Option<JsValue> {
        Reflect::get(self.value, &JsValue::from_str(field))
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    }

    fn invalid(&self, field: &str, e: &str) -> Diagnostic {
        usage(format!("invalid {} options: `{field}` {e}", self.call))
    }

    /// Field `field`, which must be there, as `read` reads it.
    fn required<T>(
        &self,
        field: &str,
        read: fn(&JsValue) -> Result<T, &'static str>,
    ) -> Result<T, Diagnostic> {
        let v = self.get(field).ok_or_else(|| {
            usage(format!(
                "invalid {} options: missing field `{field}`",
                self.call
            ))
        })?;
        read(&v).map_err(|e| self.invalid(field, e))
    }

    /// Field `field` as `read` reads it, `None` when absent.
    fn optional<T>(
        &self,
        field: &str,
        read: fn(&JsValue) -> Result<T, &'static str>,
    ) -> Result<Option<T>, Diagnostic> {
        self.get(field)
            .map(|v| read(&v).map_err(|e| self.invalid(field, e)))
            .transpose()
    }
}

fn number(v: &JsValue) -> Result<f64, &'static str> {
    v.as_f64().ok_or("must be a number")
}

fn string(v: &JsValue) -> Result<String, &'static str> {
    v.as_string().ok_or("must be a string")
}

fn strings(v: &JsValue) -> Result<Vec<String>, &'static str> {
    if !Array::is_array(v) {
        return Err("must be an array of strings");
    }
    let a = Array::from(v);
    let mut out = Vec::with_capacity(a.length() as usize);
    for k in 0..a.length() {
        out.push(a.get(k).as_string().ok_or("must be an array of strings")?);
    }
    Ok(out)
}

/// `{ name: value }`, the values numbers or booleans: what `GPUProgrammableStage.constants`
/// takes (a name or a numeric `@id` as the key, a boolean as 1 or 0), in the object's own
/// key order. The compiler converts each value to its override's type as WebGPU does.
fn override_values(v: &JsValue) -> Result<Vec<(String, f64)>, &'static str> {
    const SHAPE: &str = "must be an object of numbers and booleans";
    if !v.is_object() || Array::is_array(v) {
        return Err(SHAPE);
    }
    let mut out = Vec::new();
    for pair in Object::entries(&Object::from(v.clone())).iter() {
        let pair = Array::from(&pair);
        let name = pair.get(0).as_string().ok_or(SHAPE)?;
        let value = pair.get(1);
        let value = match value.as_bool() {
            Some(b) => f64::from(u8::from(b)),
            None => value.as_f64().ok_or(SHAPE)?,
        };
        out.push((name, value));
    }
    Ok(out)
}

fn opt_level(level: Option<f64>) -> Result<u8, Diagnostic> {
    let Some(level) = level else { return Ok(1) };
    match [0.0, 1.0, 2.0].iter().position(|&l| l == level) {
        Some(l) => Ok(l as u8),
        None => Err(usage(format!(
            "invalid `opt` {}; expected 0, 1 or 2",
            display_f64(level)
        ))),
    }
}

fn usage(message: String) -> Diagnostic {
    Diagnostic::error(codes::USAGE, message)
}

fn source_text(value: &JsValue) -> Result<String, Diagnostic> {
    value.as_string().ok_or_else(|| {
        let found = value.js_typeof().as_string().unwrap_or_default();
        usage(format!(
            "the source must be a string, not a value of type `{found}`"
        ))
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
    if diagnostics.is_empty() {
        // The usual case, and no need to index the source's lines for it.
        return Array::new().into();
    }
    let value = diag::to_json_value(source, diagnostics);
    to_js(&value["diagnostics"])
}

/// A JSON value as plain JS data: objects, not `Map`s, and `null` for the whole value when
/// a number has no exact JS `number` (past 2^53), as `serde_wasm_bindgen`'s JSON-compatible
/// serializer gives. Written out rather than through that serializer, whose generic
/// machinery for this one type cost the .wasm 1.6 KB.
fn to_js(value: &serde_json::Value) -> JsValue {
    json_to_js(value).unwrap_or(JsValue::NULL)
}

fn json_to_js(value: &serde_json::Value) -> Option<JsValue> {
    use serde_json::Value;
    const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;
    Some(match value {
        Value::Null => JsValue::NULL,
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Number(n) => {
            let exact = if let Some(u) = n.as_u64() {
                (u <= MAX_SAFE_INTEGER).then_some(u as f64)
            } else if let Some(i) = n.as_i64() {
                (i.unsigned_abs() <= MAX_SAFE_INTEGER).then_some(i as f64)
            } else {
                n.as_f64()
            };
            JsValue::from_f64(exact?)
        }
        Value::String(s) => JsValue::from_str(s),
        Value::Array(items) => {
            let array = Array::new();
            for item in items {
                array.push(&json_to_js(item)?);
            }
            array.into()
        }
        Value::Object(map) => {
            let object = Object::new();
            for (key, item) in map {
                set(&object, key, &json_to_js(item)?);
            }
            object.into()
        }
    })
}

fn set(object: &Object, key: &str, value: &JsValue) {
    // Setting a data property on a fresh plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

// ---- Editor services -----------------------------------------------------------------------
//
// `hover`, `definition`, `completions` and `signatureHelp` (DESIGN §9): the logic is
// [`crate::ide`]'s. Offsets cross the boundary as UTF-16 code units, as JS strings and
// editors count them; spans come back in the same units, with the 1-based line and
// column (in Unicode scalar values) of their start, as diagnostics' labels have. A source
// that is not a string or an offset that is not a number gives the empty answer, never a
// throw.

/// The analysis of `source` and the byte offset of UTF-16 offset `offset`, or `None` for
/// arguments of the wrong kind.
fn ide_request(source: &JsValue, offset: &JsValue) -> Option<(std::rc::Rc<Analysis>, u32)> {
    enter();
    let text = source.as_string()?;
    let units = offset.as_f64().filter(|o| *o >= 0.0)?;
    // A short borrow: a trap inside the analysis must not leave the cell borrowed.
    let cached = IDE
        .with(|c| c.borrow().clone())
        .filter(|a| a.source() == text);
    let analysis = match cached {
        Some(a) => a,
        None => {
            let a = std::rc::Rc::new(Analysis::new(&text));
            IDE.with(|c| c.replace(Some(a.clone())));
            a
        }
    };
    let byte = ide::byte_offset(analysis.source(), units.min(f64::from(u32::MAX)) as u32);
    Some((analysis, byte))
}

/// `{ start, end, line, column }` of a byte span of `source`, in UTF-16 units.
fn span_js(source: &str, span: crate::diag::Span) -> Object {
    let object = Object::new();
    let number = |n: u32| JsValue::from_f64(f64::from(n));
    set(
        &object,
        "start",
        &number(ide::utf16_offset(source, span.start)),
    );
    set(&object, "end", &number(ide::utf16_offset(source, span.end)));
    let (line, column) = crate::diag::LineIndex::new(source).line_col(span.start);
    set(&object, "line", &number(line));
    set(&object, "column", &number(column));
    object
}

fn set_opt(object: &Object, key: &str, value: Option<&str>) {
    if let Some(v) = value {
        set(object, key, &JsValue::from_str(v));
    }
}

/// `Hover | null`: what the name or expression at `offset` is.
#[wasm_bindgen]
pub fn hover(source: JsValue, offset: JsValue) -> JsValue {
    let Some((analysis, at)) = ide_request(&source, &offset) else {
        return JsValue::NULL;
    };
    let Some(h) = analysis.hover(at) else {
        return JsValue::NULL;
    };
    let text = analysis.source();
    let result = Object::new();
    set(&result, "span", &span_js(text, h.span));
    set(&result, "kind", &JsValue::from_str(h.kind.name()));
    let signatures = Array::new();
    for s in &h.signatures {
        signatures.push(&JsValue::from_str(s));
    }
    set(&result, "signatures", &signatures);
    set_opt(&result, "type", h.ty.as_deref());
    set_opt(&result, "description", h.description.as_deref());
    if let Some(d) = h.definition {
        set(&result, "definition", &span_js(text, d));
    }
    result.into()
}

/// `Span | null`: where the name at `offset` is declared.
#[wasm_bindgen]
pub fn definition(source: JsValue, offset: JsValue) -> JsValue {
    let Some((analysis, at)) = ide_request(&source, &offset) else {
        return JsValue::NULL;
    };
    match analysis.definition(at) {
        Some(span) => span_js(analysis.source(), span).into(),
        None => JsValue::NULL,
    }
}

/// `Completion[]`: the words that may be written at `offset`.
#[wasm_bindgen]
pub fn completions(source: JsValue, offset: JsValue) -> Array {
    let Some((analysis, at)) = ide_request(&source, &offset) else {
        return Array::new();
    };
    let list = Array::new();
    for c in analysis.completions(at) {
        let item = Object::new();
        set(&item, "label", &JsValue::from_str(&c.label));
        set(&item, "kind", &JsValue::from_str(c.kind.name()));
        set_opt(&item, "detail", c.detail.as_deref());
        list.push(&item);
    }
    list
}

/// `SignatureHelp | null`: the overloads of the call around `offset`.
#[wasm_bindgen(js_name = signatureHelp)]
pub fn signature_help(source: JsValue, offset: JsValue) -> JsValue {
    let Some((analysis, at)) = ide_request(&source, &offset) else {
        return JsValue::NULL;
    };
    let Some(help) = analysis.signature_help(at) else {
        return JsValue::NULL;
    };
    let number = |n: u32| JsValue::from_f64(f64::from(n));
    let signatures = Array::new();
    for s in &help.signatures {
        let parameters = Array::new();
        for r in &s.parameters {
            let p = Object::new();
            set(&p, "label", &JsValue::from_str(&s.label[r.clone()]));
            set(
                &p,
                "start",
                &number(ide::utf16_offset(&s.label, r.start as u32)),
            );
            set(
                &p,
                "end",
                &number(ide::utf16_offset(&s.label, r.end as u32)),
            );
            parameters.push(&p);
        }
        let signature = Object::new();
        set(&signature, "label", &JsValue::from_str(&s.label));
        set(&signature, "parameters", &parameters);
        set_opt(&signature, "description", s.description.as_deref());
        signatures.push(&signature);
    }
    let result = Object::new();
    set(&result, "signatures", &signatures);
    set(&result, "activeSignature", &number(help.active_signature));
    set(&result, "activeParameter", &number(help.active_parameter));
    result.into()
}
