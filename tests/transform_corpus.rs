//! The HLSL back end's legalization list over the corpus: for every in-scope file `refract
//! check` accepts, the module after `-O1` goes through `back::hlsl::legalize` (the shared
//! transforms, then `polyfill`, `byte-address` and `shader-io`), with the verifier after
//! every step (the `ci` profile keeps it on). A transform that refuses a module must say
//! why with a diagnostic; refusals are counted by code and must stay below one in a
//! thousand files, and no step may leave a module that breaks an IR rule.

mod common;

use common::corpus::in_scope;
use refract::diag::codes;
use std::collections::BTreeMap;

fn module(source: &str) -> Option<refract::ir::Module> {
    let (typed, _) = refract::analyze(source);
    let (ast, program) = typed?;
    let mut m = refract::lower::lower(&ast, &program).ok()?;
    refract::passes::run_pipeline(&mut m, &["mem2reg".into(), "cleanup".into()]).ok()?;
    Some(m)
}

#[test]
fn hlsl_legalization_keeps_every_corpus_module_valid() {
    let files = in_scope();
    let options = refract::back::hlsl::Options::default();
    let (mut ran, mut broken) = (0, Vec::new());
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    for f in &files {
        let Some(mut m) = module(&f.source) else {
            continue;
        };
        ran += 1;
        if let Err(e) = refract::back::hlsl::legalize(&mut m, &options) {
            let d = &e.diagnostics[0];
            if d.code == codes::PASS_BROKE_IR {
                broken.push(format!("{}: {}", f.rel, d.message));
            } else {
                *refused
                    .entry(format!("{} {}", d.code, d.message))
                    .or_insert(0) += 1;
            }
        }
    }
    let total_refused: usize = refused.values().sum();
    println!(
        "hlsl legalization over the corpus: {ran} modules, {total_refused} refused, {} broken",
        broken.len()
    );
    for (why, n) in &refused {
        println!("  {n:>5} refused: {why}");
    }
    for b in broken.iter().take(20) {
        println!("  broken: {b}");
    }
    assert!(
        broken.is_empty(),
        "{} modules break an IR rule after a step",
        broken.len()
    );
    assert!(
        total_refused * 1000 <= ran,
        "{total_refused} of {ran} modules refused"
    );
}
