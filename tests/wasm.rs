//! wasm-bindgen tests of the bindings in `src/wasm.rs`, run inside real JS engines: Node
//! (`cargo test --target wasm32-unknown-unknown --test wasm`) and headless Chromium (the same
//! with `WASM_BINDGEN_USE_BROWSER=1` and `CHROMEDRIVER`); the suite
//! `scripts/suites/70-web-wasm-bindgen.sh` runs both. They call the exports as Rust
//! functions and inspect the JS values they return, so the results' shapes (DESIGN §9) are
//! checked where they are made.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, JSON, Object, Reflect, Uint32Array};
use refract::diag::codes;
use refract::wasm;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const EXAMPLES: &[(&str, &str)] = &[
    (
        "triangle",
        include_str!("../www/src/examples/triangle.wgsl"),
    ),
    (
        "raymarch",
        include_str!("../www/src/examples/raymarch.wgsl"),
    ),
    ("pbr", include_str!("../www/src/examples/pbr.wgsl")),
    (
        "particles",
        include_str!("../www/src/examples/particles.wgsl"),
    ),
    (
        "prefix-sum",
        include_str!("../www/src/examples/prefix-sum.wgsl"),
    ),
    ("blur", include_str!("../www/src/examples/blur.wgsl")),
    (
        "renderer",
        include_str!("../www/src/examples/renderer.wgsl"),
    ),
];

const TARGETS: &[&str] = &[
    "wgsl", "hlsl", "spirv", "spvasm", "gen", "gen-ir", "ir", "ast",
];

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("a plain object")
}

fn keys(object: &JsValue) -> Vec<String> {
    let mut keys: Vec<String> = Object::keys(object.unchecked_ref::<Object>())
        .iter()
        .filter_map(|k| k.as_string())
        .collect();
    keys.sort();
    keys
}

fn diagnostics(result: &JsValue) -> Vec<JsValue> {
    get(result, "diagnostics")
        .dyn_into::<Array>()
        .expect("diagnostics is an array")
        .iter()
        .collect()
}

fn codes_of(result: &JsValue) -> Vec<String> {
    diagnostics(result)
        .iter()
        .map(|d| get(d, "code").as_string().expect("code is a string"))
        .collect()
}

/// Asserts the exact DESIGN §9 diagnostic shape on every diagnostic of `result`.
fn assert_diagnostics(result: &JsValue) {
    for d in diagnostics(result) {
        assert_eq!(keys(&d), ["code", "labels", "message", "notes", "severity"]);
        let severity = get(&d, "severity").as_string().unwrap();
        assert!(["error", "warning", "note"].contains(&severity.as_str()));
        for label in get(&d, "labels").dyn_into::<Array>().unwrap().iter() {
            assert_eq!(
                keys(&label),
                ["column", "end", "line", "message", "primary", "start"]
            );
            assert!(get(&label, "line").as_f64().unwrap() >= 1.0);
            assert!(get(&label, "column").as_f64().unwrap() >= 1.0);
        }
    }
}

fn assert_compile_result(result: &JsValue, target: &str) {
    assert_diagnostics(result);
    let ok = get(result, "ok").as_bool().expect("ok is a boolean");
    match (ok, target) {
        (true, "spirv") => {
            assert_eq!(keys(result), ["diagnostics", "ok", "words"]);
            let words = get(result, "words")
                .dyn_into::<Uint32Array>()
                .expect("words");
            assert_eq!(words.get_index(0), 0x0723_0203);
        }
        (true, _) => {
            assert_eq!(keys(result), ["code", "diagnostics", "ok"]);
            assert!(get(result, "code").is_string());
        }
        (false, _) => {
            assert_eq!(keys(result), ["diagnostics", "ok"]);
            assert!(!diagnostics(result).is_empty());
        }
    }
}

fn options(to: &str) -> JsValue {
    JSON::parse(&format!(r#"{{"to":"{to}"}}"#)).unwrap()
}

#[wasm_bindgen_test]
fn version_is_the_crate_version() {
    assert_eq!(wasm::version(), env!("CARGO_PKG_VERSION"));
}

#[wasm_bindgen_test]
fn passes_are_strings() {
    let list = wasm::passes();
    assert_eq!(list.length() as usize, refract::passes().len());
    assert!(list.iter().all(|p| p.is_string()));
}

#[wasm_bindgen_test]
fn examples_check_and_compile_to_every_target() {
    for (name, source) in EXAMPLES {
        let checked: JsValue = wasm::check(JsValue::from_str(source)).into();
        assert_eq!(keys(&checked), ["diagnostics", "ok"]);
        assert_diagnostics(&checked);
        assert!(
            get(&checked, "ok").is_truthy(),
            "{name}: {:?}",
            codes_of(&checked)
        );
        for target in TARGETS {
            let result: JsValue = wasm::compile(JsValue::from_str(source), options(target)).into();
            assert_compile_result(&result, target);
            assert!(
                get(&result, "ok").is_truthy(),
                "{name} → {target}: {:?}",
                codes_of(&result)
            );
        }
    }
}

/// `explore` makes every product from one front-end run, each equal to its single call.
#[wasm_bindgen_test]
fn explore_agrees_with_compile() {
    let products: Vec<&str> = TARGETS.iter().copied().chain(["irBefore"]).collect();
    let list = format!(
        "[{}]",
        products
            .iter()
            .map(|p| format!("\"{p}\""))
            .collect::<Vec<_>>()
            .join(",")
    );
    for (name, source) in EXAMPLES {
        for broken in [false, true] {
            let source = if broken {
                source.replacen(';', "", 1)
            } else {
                source.to_string()
            };
            let opts = JSON::parse(&format!(r#"{{"products":{list}}}"#)).unwrap();
            let explored: JsValue = wasm::explore(JsValue::from_str(&source), opts).into();
            assert_eq!(
                keys(&explored),
                ["diagnostics", "ok", "products", "timings"]
            );
            let checked: JsValue = wasm::check(JsValue::from_str(&source)).into();
            assert_eq!(
                JSON::stringify(&get(&explored, "diagnostics"))
                    .unwrap()
                    .as_string(),
                JSON::stringify(&get(&checked, "diagnostics"))
                    .unwrap()
                    .as_string(),
                "{name}"
            );
            let made = get(&explored, "products");
            for product in &products {
                let got = get(&made, product);
                let want: JsValue = if *product == "irBefore" {
                    let opts = JSON::parse(r#"{"to":"ir","opt":0}"#).unwrap();
                    wasm::compile(JsValue::from_str(&source), opts).into()
                } else {
                    wasm::compile(JsValue::from_str(&source), options(product)).into()
                };
                assert_compile_result(
                    &got,
                    if *product == "irBefore" {
                        "ir"
                    } else {
                        product
                    },
                );
                let text = |v: &JsValue| {
                    let words = get(v, "words");
                    let words = if words.is_undefined() {
                        String::new()
                    } else {
                        format!("{:?}", words.dyn_into::<Uint32Array>().unwrap().to_vec())
                    };
                    (JSON::stringify(v).unwrap().as_string(), words)
                };
                assert_eq!(
                    text(&got),
                    text(&want),
                    "{name} (broken: {broken}) → {product}"
                );
            }
        }
    }
}

#[wasm_bindgen_test]
fn diagnostics_are_the_cli_json() {
    let source = "fn main() {\n  let x = ;\n}\n";
    let result: JsValue = wasm::check(JsValue::from_str(source)).into();
    let from_js = JSON::stringify(&get(&result, "diagnostics"))
        .unwrap()
        .as_string()
        .unwrap();
    let cli = refract::diag::to_json_value(source, &refract::check(source));
    let from_js: serde_json::Value = serde_json::from_str(&from_js).unwrap();
    assert_eq!(from_js, cli["diagnostics"]);
}

#[wasm_bindgen_test]
fn values_that_are_not_strings_are_usage_diagnostics() {
    for value in [
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::from_f64(1.0),
        JsValue::TRUE,
        Object::new().into(),
    ] {
        for result in [
            JsValue::from(wasm::check(value.clone())),
            wasm::reflect(value.clone()).into(),
            wasm::compile(value.clone(), options("wgsl")).into(),
        ] {
            assert_eq!(codes_of(&result), [codes::USAGE]);
            assert_diagnostics(&result);
        }
    }
}

#[wasm_bindgen_test]
fn malformed_options_are_usage_diagnostics() {
    for text in [
        "null",
        "{}",
        r#"{"to":"glsl"}"#,
        r#"{"to":"wgsl","opt":3}"#,
        r#"{"to":"wgsl","passes":"dce"}"#,
    ] {
        let result: JsValue =
            wasm::compile(JsValue::from_str("fn f() {}"), JSON::parse(text).unwrap()).into();
        assert_eq!(codes_of(&result), [codes::USAGE], "{text}");
    }
}

/// The wasm stack (8 MiB, `.cargo/config.toml`) and the engine's own stack must hold the
/// compiler's deepest bounded recursion: deep nesting gets a diagnostic, never a trap.
#[wasm_bindgen_test]
fn deep_nesting_does_not_exhaust_the_stack() {
    let n = 50_000;
    let sources = [
        format!("const x = {}1{};", "(".repeat(n), ")".repeat(n)),
        format!("fn f() {}{}", "{".repeat(n), "}".repeat(n)),
        format!("fn f() {{ {}{} }}", "if true { ".repeat(n), "}".repeat(n)),
        format!("alias T = {}f32{};", "array<".repeat(n), ">".repeat(n)),
        format!("const x = {}1;", "-".repeat(n)),
    ];
    for source in &sources {
        assert_diagnostics(&wasm::check(JsValue::from_str(source)).into());
        for target in TARGETS {
            let result: JsValue = wasm::compile(JsValue::from_str(source), options(target)).into();
            assert_compile_result(&result, target);
        }
    }
}

/// At the parser's nesting limit itself the whole pipeline recurses as deep as it ever
/// will: every stage must run there, in wasm, without a trap.
#[wasm_bindgen_test]
fn nesting_at_the_limit_runs_every_stage() {
    // Each level of parentheses counts once; the braces of the function and the statement
    // take a few levels of their own.
    let n = refract::syntax::MAX_NESTING_DEPTH - 8;
    let sources = [
        format!(
            "fn f() -> i32 {{ return {}1{}; }}",
            "(".repeat(n),
            ")".repeat(n)
        ),
        format!("fn f() {{ {}{} }}", "{".repeat(n / 2), "}".repeat(n / 2)),
        format!(
            "fn f(c: bool) {{ {}{} }}",
            "if c { ".repeat(n / 2),
            "}".repeat(n / 2)
        ),
    ];
    for source in &sources {
        let checked: JsValue = wasm::check(JsValue::from_str(source)).into();
        assert_diagnostics(&checked);
        assert!(
            !codes_of(&checked)
                .iter()
                .any(|c| c == codes::NESTING_TOO_DEEP),
            "the nesting limit is reached too early: {:?}",
            codes_of(&checked)
        );
        for target in TARGETS {
            let result: JsValue = wasm::compile(JsValue::from_str(source), options(target)).into();
            assert_compile_result(&result, target);
        }
        let every = JSON::parse(
            r#"{"products":["ast","irBefore","ir","wgsl","spirv","spvasm","reflect"]}"#,
        )
        .unwrap();
        let explored: JsValue = wasm::explore(JsValue::from_str(source), every).into();
        assert!(!codes_of(&explored).iter().any(|c| c == codes::INTERNAL));
    }
}

#[wasm_bindgen_test]
fn no_panic_message_without_a_panic() {
    let _ = wasm::check(JsValue::from_str("fn f() {}"));
    assert_eq!(wasm::take_panic_message(), None);
}
