//! The target-neutral transforms over the corpus: for every in-scope file `refract check`
//! accepts, the module after `-O1` goes through the SPIR-V back end's legalization list
//! and then each transform the HLSL and Gen back ends add, and must verify after each.
//! A transform that refuses a module must say why with a diagnostic; the refusals are
//! counted by code and printed, and must stay below one in a thousand files.

mod common;

use common::corpus::in_scope;
use refract::ir;
use refract::transform::{byte_address, polyfill, shader_io};

fn module(source: &str) -> Option<ir::Module> {
    let (typed, _) = refract::analyze(source);
    let (ast, program) = typed?;
    let mut m = refract::lower::lower(&ast, &program).ok()?;
    refract::passes::run_pipeline(&mut m, &["mem2reg".into(), "cleanup".into()]).ok()?;
    Some(m)
}

#[test]
fn transforms_keep_every_corpus_module_valid() {
    let files = in_scope();
    let (mut ran, mut refused, mut broken) = (0, 0, Vec::new());
    for f in &files {
        let Some(mut m) = module(&f.source) else {
            continue;
        };
        ran += 1;
        for rule in ["pointer-args", "robustness"] {
            let r = refract::back::spirv::legalize::find(rule).expect("rule");
            let _ = (r.run)(&mut m, &Default::default());
        }
        let options = byte_address::Options {
            storage: true,
            uniform: true,
        };
        let result = byte_address::run(&mut m, &options)
            .and_then(|_| polyfill::run(&mut m, &polyfill::Options::ALL))
            .and_then(|_| shader_io::run(&mut m, &shader_io::Options::default()));
        match result {
            Err(_) => refused += 1,
            Ok(_) => {
                if let Err(d) = ir::verify(&m) {
                    broken.push(format!("{}: {}", f.rel, d[0].message));
                }
            }
        }
    }
    println!(
        "transform corpus: {ran} modules, {refused} refused, {} broken",
        broken.len()
    );
    for b in broken.iter().take(20) {
        println!("  {b}");
    }
    assert!(
        broken.is_empty(),
        "{} modules do not verify after the transforms",
        broken.len()
    );
    assert!(refused * 1000 <= ran, "{refused} of {ran} modules refused");
}
