//! `refract::explore`, the playground's call: every product equals its single call
//! (`compile`, `compile` at -O0 for the IR before passes, `reflect`) and the check equals
//! `check`, whatever the session saw before. One session serves every case in turn, the
//! way the playground's worker uses it: the panel on screen first, then the other
//! products on the same text, then the next text; so reusing the front end's work is
//! checked against texts and options that change between calls, and must never show.

mod common;

use refract::explore::{Product, Session};
use refract::passes::manager::Printed;
use refract::{CompileResult, Diagnostic, Options, Output, Target};

const EXAMPLES: &[&str] = &[
    "blur.wgsl",
    "particles.wgsl",
    "pbr.wgsl",
    "prefix-sum.wgsl",
    "raymarch.wgsl",
    "renderer.wgsl",
    "triangle.wgsl",
];

fn all_products() -> Vec<Product> {
    let mut all: Vec<Product> = Target::ALL.iter().map(|&t| Product::Target(t)).collect();
    all.extend([Product::IrBefore, Product::Reflect, Product::PassSteps]);
    all
}

fn example(name: &str) -> String {
    let path = format!("{}/www/src/examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// A product's output, diagnostics, and the IR after each pass when asked (the times in
/// the passes' report differ from run to run).
type Result = (Option<Output>, Vec<Diagnostic>, Option<Vec<Printed>>);

fn parts(r: CompileResult) -> Result {
    let printed = r.passes.map(|p| {
        p.printed
            .into_iter()
            .map(|step| Printed {
                time: std::time::Duration::ZERO,
                ..step
            })
            .collect()
    });
    (r.output, r.diagnostics, printed)
}

/// What the single call gives for `product`.
fn single(source: &str, product: Product, options: &Options) -> Result {
    match product {
        Product::Target(t) => {
            let mut options = options.clone();
            options.target = t;
            parts(refract::compile(source, &options))
        }
        Product::IrBefore => {
            let mut options = options.clone();
            options.target = Target::Ir;
            options.opt_level = 0;
            options.passes = None;
            // The IR before the passes is made without them: no report.
            options.print_after_all = false;
            options.time_passes = false;
            parts(refract::compile(source, &options))
        }
        // The IR as lowered, and the passes' report of `compile` to `ir` asked to print
        // and time every step.
        Product::PassSteps => {
            let mut options = options.clone();
            options.target = Target::Ir;
            options.print_after_all = true;
            options.time_passes = true;
            let (output, diagnostics, printed) = parts(refract::compile(source, &options));
            // The IR before the passes, with stable ids: a fresh session's.
            let before = parts(Session::new().make(source, &options, product, &mut |_| {})).0;
            (output.and(before), diagnostics, printed)
        }
        // `reflect`, with the options' error limit.
        Product::Reflect => match refract::analyze_with_error_limit(source, options.error_limit) {
            (Some((ast, program)), _) => {
                let json = refract::sema::reflect::reflect(&ast, &program);
                (
                    Some(Output::Text(serde_json::to_string_pretty(&json).unwrap())),
                    Vec::new(),
                    None,
                )
            }
            (None, d) => (None, d, None),
        },
    }
}

/// Explores `wanted` and checks the result against the single calls; returns the stages
/// the call reported.
fn agree(
    session: &mut Session,
    source: &str,
    options: &Options,
    wanted: &[Product],
    what: &str,
) -> Vec<String> {
    let mut stages = Vec::new();
    let explored = session.explore(source, options, wanted, &mut |s| stages.push(s.to_string()));
    assert_eq!(
        explored.check,
        refract::check_with_error_limit(source, options.error_limit),
        "{what}: check"
    );
    let made: Vec<Product> = explored.products.iter().map(|(p, _)| *p).collect();
    assert_eq!(made, wanted, "{what}: products in order");
    for (product, result) in explored.products {
        let want = single(source, product, options);
        assert!(
            parts(result) == want,
            "{what}: {} differs from its single call",
            product.name()
        );
    }
    stages
}

/// The worker's two calls: the panel on screen, then the rest, on the same text.
fn split(session: &mut Session, source: &str, options: &Options, first: Product, what: &str) {
    agree(
        session,
        source,
        options,
        &[first],
        &format!("{what}, first call"),
    );
    let rest: Vec<Product> = all_products().into_iter().filter(|&p| p != first).collect();
    agree(
        session,
        source,
        options,
        &rest,
        &format!("{what}, second call"),
    );
}

fn with(f: impl FnOnce(&mut Options)) -> Options {
    let mut options = Options::new(Target::Ir);
    f(&mut options);
    options
}

/// Texts and options that fail at each stage, and a real entry point.
fn variants(source: &str) -> Vec<(String, Options)> {
    let entry = refract::reflect(source)
        .ok()
        .and_then(|r| r["entryPoints"][0]["name"].as_str().map(str::to_string));
    let many_errors =
        format!("{source}\nfn e1() -> i32 {{ return 1u; }}\nfn e2() -> i32 {{ return 2u; }}\n");
    vec![
        (source.to_string(), Options::new(Target::Ir)),
        (source.replacen(';', "", 1), Options::new(Target::Ir)),
        (
            source.replacen("vec4f(", "vec4f(true, ", 1),
            Options::new(Target::Ir),
        ),
        (
            format!("{source}\nfn extra() -> i32 {{ return 1u; }}\n"),
            Options::new(Target::Ir),
        ),
        (source.to_string(), with(|o| o.passes = Some(Vec::new()))),
        (
            source.to_string(),
            with(|o| o.passes = Some(vec!["dce".into(), "mem2reg".into()])),
        ),
        (
            source.to_string(),
            with(|o| o.passes = Some(vec!["no-such-pass".into()])),
        ),
        (
            source.to_string(),
            with(|o| o.entry_point = Some("no_such_entry".into())),
        ),
        (source.to_string(), with(|o| o.entry_point = entry)),
        (source.to_string(), with(|o| o.opt_level = 0)),
        (source.to_string(), with(|o| o.opt_level = 2)),
        // Several errors, under two limits in a row on the same text.
        (many_errors.clone(), with(|o| o.error_limit = 1)),
        (many_errors, Options::new(Target::Ir)),
    ]
}

#[test]
fn examples_and_variants_in_one_session() {
    let mut session = Session::new();
    let firsts = [
        Product::Target(Target::Wgsl),
        Product::Target(Target::Spvasm),
        Product::IrBefore,
        Product::Target(Target::Ast),
    ];
    for name in EXAMPLES {
        let source = example(name);
        for (i, (text, options)) in variants(&source).into_iter().enumerate() {
            let what = format!("{name} variant #{i}");
            split(
                &mut session,
                &text,
                &options,
                firsts[i % firsts.len()],
                &what,
            );
            agree(&mut session, &text, &options, &all_products(), &what);
        }
    }
}

#[test]
fn a_fresh_session_agrees_too() {
    for name in EXAMPLES {
        let source = example(name);
        for (i, (text, options)) in variants(&source).into_iter().enumerate() {
            let what = format!("{name} variant #{i}, fresh session");
            agree(&mut Session::new(), &text, &options, &all_products(), &what);
        }
    }
}

#[test]
fn the_front_end_is_reused_only_for_the_same_text_and_options() {
    let source = example("renderer.wgsl");
    let plain = Options::new(Target::Ir);
    let wgsl = [Product::Target(Target::Wgsl)];
    let rest = [
        Product::Target(Target::Spvasm),
        Product::IrBefore,
        Product::Target(Target::Ast),
    ];
    let mut session = Session::new();
    let ran = |stages: &[String], stage: &str| stages.iter().any(|s| s == stage);

    let first = agree(&mut session, &source, &plain, &wgsl, "first call");
    for stage in ["parse", "sema", "lower", "passes", "wgsl"] {
        assert!(ran(&first, stage), "first call: {stage} in {first:?}");
    }
    let second = agree(&mut session, &source, &plain, &rest, "same text");
    for stage in ["parse", "sema", "lower", "passes"] {
        assert!(
            !ran(&second, stage),
            "same text: {stage} ran again: {second:?}"
        );
    }
    for stage in ["spvasm", "irBefore", "ast"] {
        assert!(ran(&second, stage), "same text: {stage} in {second:?}");
    }

    // Other passes: the IR as lowered is reused, the passes run again.
    let o0 = with(|o| o.opt_level = 0);
    let stages = agree(&mut session, &source, &o0, &wgsl, "other passes");
    assert!(
        !ran(&stages, "lower") && ran(&stages, "passes"),
        "{stages:?}"
    );

    // The passes' report asked for: the passes run again and report what a single call
    // does; asked again, the kept report is given.
    let report = with(|o| {
        o.print_after_all = true;
        o.time_passes = true;
    });
    let stages = agree(&mut session, &source, &report, &wgsl, "passes' report");
    assert!(
        !ran(&stages, "lower") && ran(&stages, "passes"),
        "{stages:?}"
    );
    let stages = agree(
        &mut session,
        &source,
        &report,
        &rest,
        "passes' report again",
    );
    assert!(!ran(&stages, "passes"), "{stages:?}");

    // Another entry point: lowered again.
    let entry = with(|o| o.entry_point = Some("cull_lights".into()));
    let stages = agree(&mut session, &source, &entry, &wgsl, "other entry point");
    assert!(!ran(&stages, "sema") && ran(&stages, "lower"), "{stages:?}");

    // One byte more: everything again, and the result is the new text's.
    let edited = format!("{source} ");
    let stages = agree(&mut session, &edited, &plain, &wgsl, "edited text");
    assert!(ran(&stages, "parse") && ran(&stages, "sema"), "{stages:?}");
    let stages = agree(&mut session, &source, &plain, &rest, "previous text");
    assert!(
        ran(&stages, "parse"),
        "the session keeps only the last text: {stages:?}"
    );
}

#[test]
fn a_corpus_sample_in_one_session() {
    let files = common::corpus::in_scope();
    let mut session = Session::new();
    for file in files.iter().step_by(97) {
        let options = Options::new(Target::Ir);
        split(
            &mut session,
            &file.source,
            &options,
            Product::Target(Target::Wgsl),
            &file.rel,
        );
    }
}

#[test]
fn laps_name_each_stage_run_and_each_product_in_stage_order() {
    let source = example("renderer.wgsl");
    let plain = Options::new(Target::Ir);
    let mut session = Session::new();
    // `all_products` asks in `Target::ALL` order; the products come in stage order.
    let first = agree(&mut session, &source, &plain, &all_products(), "first call");
    assert_eq!(
        first,
        [
            "parse",
            "sema",
            "ast",
            "reflect",
            "lower",
            "irBefore",
            "passes",
            "wgsl",
            "hlsl",
            "spirv",
            "spvasm",
            "gen",
            "gen-ir",
            "ir",
            "passes",
            "passSteps",
        ],
    );
    // The same text again: only the products' own work (the passes' run that printed its
    // steps serves the targets too).
    let second = agree(&mut session, &source, &plain, &all_products(), "same text");
    assert_eq!(
        second,
        [
            "ast",
            "reflect",
            "irBefore",
            "wgsl",
            "hlsl",
            "spirv",
            "spvasm",
            "gen",
            "gen-ir",
            "ir",
            "passSteps",
        ],
    );

    // A text that fails to parse: only the check.
    let broken = source.replacen(';', "", 1);
    let stages = agree(&mut session, &broken, &plain, &all_products(), "broken");
    assert_eq!(stages, ["parse"]);
}
