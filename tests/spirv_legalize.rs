//! Filecheck tests of the SPIR-V legalization rules, in `src/back/spirv/legalize/*.ir`
//! beside the rules.
//!
//! Each file starts with `; RUN: spirv-legalize RULE [--spirv-version V]
//! [--target-env ENV]`: the module is parsed and verified, the one rule runs, the result
//! must verify, and its printed form is matched by the file's `; CHECK:`/`; NEXT:`/
//! `; NOT:` lines (`BLESS=1` rewrites them in the files that fail them). Then the whole SPIR-V pipeline runs on the
//! original module and `spirv-val` must accept the words.

mod common;

use common::{filecheck, spirv_tools};
use refract::back::spirv::{self, Options, legalize};
use refract::ir;
use std::path::Path;

fn run(text: &str) -> Result<Vec<String>, String> {
    let line = text
        .lines()
        .find_map(|l| filecheck::directive(l, ";", "RUN"))
        .ok_or("no `; RUN:` line")?;
    let mut words = line.split_whitespace();
    if words.next() != Some("spirv-legalize") {
        return Err(format!("unknown RUN line `{line}`"));
    }
    let name = words.next().ok_or("no rule named")?;
    let rule = legalize::find(name).ok_or_else(|| format!("no rule `{name}`"))?;
    let (mut version, mut env) = (None, None);
    while let Some(w) = words.next() {
        match w {
            "--spirv-version" => version = words.next(),
            "--target-env" => env = words.next(),
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    let options = Options::from_flags(version, env).map_err(|d| d.message)?;
    let original = ir::parse(text).map_err(|d| format!("parse error: {}", d[0].message))?;
    ir::verify(&original).map_err(|d| format!("verifier error: {}", d[0].message))?;
    let mut m = original.clone();
    (rule.run)(&mut m, &options).map_err(|e| format!("{}: {}", e.code, e.message))?;
    ir::verify(&m).map_err(|d| {
        format!(
            "the module does not verify after `{name}`: {}\n{}",
            d[0].message,
            ir::print(&m)
        )
    })?;
    let words = spirv::compile(&original, &options, None)
        .map_err(|d| format!("the SPIR-V pipeline fails: {}: {}", d[0].code, d[0].message))?;
    spirv_tools::validate(&words, options.target_env.name())
        .map_err(|e| format!("spirv-val rejects the module:\n{e}"))?;
    Ok(ir::print(&m).lines().map(str::to_string).collect())
}

#[test]
fn legalization_rules_pass_their_filecheck_tests() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/back/spirv/legalize");
    let mut outcome =
        filecheck::run_dir("SPIR-V legalization", &dir, "ir", ";", |_, text| run(text));
    // Every rule has at least one test file named after it.
    for r in legalize::RULES {
        let stem = r.name.replace('-', "_");
        let tested = outcome.files().iter().any(|p| {
            p.file_stem()
                .and_then(|s| s.to_str())
                .is_some_and(|s| s == stem || s.starts_with(&format!("{stem}.")))
        });
        if !tested {
            outcome.fail(format!("the rule `{}` has no test file {stem}.ir", r.name));
        }
    }
    outcome.assert_all_passed();
}
