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
use crate::{Options, Output, Target};
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
    let result = crate::compile(&source, &options);
    if !result.ok() {
        return failure(&source, &result.diagnostics);
    }
    let object = success(&source, &result.diagnostics);
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
    if let Some(level) = raw.opt {
        options.opt_level = match [0.0, 1.0, 2.0].iter().position(|&l| l == level) {
            Some(l) => l as u8,
            None => return Err(usage(format!("invalid `opt` {level}; expected 0, 1 or 2"))),
        };
    }
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
