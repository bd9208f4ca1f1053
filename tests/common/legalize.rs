//! Filecheck tests of legalization steps: the shared transforms (`src/transform/*.ir`)
//! and the SPIR-V back end's own rule (`src/back/spirv/legalize/*.ir`).
//!
//! Each file starts with `; RUN: COMMAND NAME [--spirv-version V] [--target-env ENV]`:
//! the module is parsed and verified, the one step runs through the pass manager (which
//! verifies after it and checks its report of what changed), and its printed form is
//! matched by the file's `; CHECK:`/`; NEXT:`/`; NOT:` lines (`BLESS=1` rewrites them in
//! the files that fail them). Then the whole SPIR-V pipeline, with the flags' options,
//! runs on the original module and `spirv-val` must accept the words (unless the module
//! declares `buffer` types, which that back end refuses with E4500).

// Each test binary includes every common module and uses a few.
#![allow(dead_code)]

use super::{filecheck, spirv_tools};
use refract::back::spirv::{self, Options};
use refract::ir::{self, analysis::Analyses};
use refract::passes::manager::{Manager, RunOptions, Step};
use std::path::Path;

/// Runs the file's step, found by `find`, for a `; RUN: command …` line.
fn run(
    text: &str,
    command: &str,
    find: &dyn Fn(&str, &[&str]) -> Option<Step<'static>>,
) -> Result<Vec<String>, String> {
    let line = text
        .lines()
        .find_map(|l| filecheck::directive(l, ";", "RUN"))
        .ok_or("no `; RUN:` line")?;
    let mut words = line.split_whitespace();
    if words.next() != Some(command) {
        return Err(format!("unknown RUN line `{line}`"));
    }
    let name = words.next().ok_or("no step named")?;
    let (mut version, mut env) = (None, None);
    // Flags other than the SPIR-V ones are the step's own options.
    let mut own = Vec::new();
    while let Some(w) = words.next() {
        match w {
            "--spirv-version" => version = words.next(),
            "--target-env" => env = words.next(),
            other => own.push(other),
        }
    }
    let step = find(name, &own).ok_or_else(|| format!("no step `{name}` with options {own:?}"))?;
    let options = Options::from_flags(version, env).map_err(|d| d.message.clone())?;
    let original = ir::parse(text).map_err(|d| format!("parse error: {}", d[0].message))?;
    ir::verify(&original).map_err(|d| format!("verifier error: {}", d[0].message))?;
    let mut m = original.clone();
    let mut manager = Manager::new(RunOptions {
        verify: true,
        ..RunOptions::default()
    });
    manager
        .run(&step, &mut m, &mut Analyses::new())
        .map_err(|d| format!("{}: {}\n{}", d[0].code, d[0].message, d[0].notes.join("\n")))?;
    // The SPIR-V back end refuses `buffer` types (E4500, before legalizing); a module with
    // them is checked by its step alone.
    let buffers = original.children(original.root()).any(|t| {
        matches!(
            original.opcode(t),
            ir::Opcode::Buffer | ir::Opcode::RuntimeBuffer
        )
    });
    match spirv::compile(&original, &options, None) {
        Err(d) if buffers && d[0].code == "E4500" => {}
        Err(d) => {
            return Err(format!(
                "the SPIR-V pipeline fails: {}: {}",
                d[0].code, d[0].message
            ));
        }
        Ok(words) => spirv_tools::validate(&words, options.target_env.name())
            .map_err(|e| format!("spirv-val rejects the module:\n{e}"))?,
    }
    Ok(ir::print(&m).lines().map(str::to_string).collect())
}

/// Runs every `.ir` file of `dir` (relative to the repository) with `; RUN: command
/// NAME`, and checks that each of `names` has a test file named after it.
pub fn run_all(
    what: &str,
    dir: &str,
    command: &str,
    names: &[&str],
    find: &dyn Fn(&str, &[&str]) -> Option<Step<'static>>,
) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut outcome = filecheck::run_dir(what, &dir, "ir", ";", |_, text| run(text, command, find));
    for name in names {
        let stem = name.replace('-', "_");
        let tested = outcome.files().iter().any(|p| {
            p.file_stem()
                .and_then(|s| s.to_str())
                .is_some_and(|s| s == stem || s.starts_with(&format!("{stem}.")))
        });
        if !tested {
            outcome.fail(format!("`{name}` has no test file {stem}.ir"));
        }
    }
    outcome.assert_all_passed();
}
