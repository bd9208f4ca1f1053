//! The WGSL back end on hand-written IR (until lowering exists, IR is the only input).
//!
//! - **Every IR test module** (`tests/ir/**/*.ir` that verifies) raises to WGSL that
//!   refract's parser and naga's validator accept, as written and after the `-O1`
//!   pipeline (a module marked `; NAGA-REJECTS-INPUT: why` is valid WGSL as written that
//!   naga rejects, being stricter than the spec: naga must reject it as written and
//!   accept it after `-O1`); raising is deterministic (the same module gives the same text twice).
//! - **Snapshots** (`tests/raise/*.ir` → `*.wgsl` beside it): the exact output for every
//!   construct; `BLESS=1 cargo test --test raise_wgsl` rewrites them.
//! - **Random modules** from the IR's generator ([`refract::ir::synth`]): raised as built
//!   and after `-O1`, checked the same way. `RAISE_SEEDS=N` runs N seeds (default 150).

mod common;

use common::wgsl_check::{Checked, check};
use refract::ir::{self, Module};
use refract::passes;
use std::path::{Path, PathBuf};

fn ir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            ir_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "ir") {
            out.push(p);
        }
    }
}

fn run_mode(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let rest = l.trim_start().strip_prefix(';')?.trim_start();
        rest.strip_prefix("RUN:").map(|r| r.trim().to_string())
    })
}

fn o1(m: &mut Module) -> Result<(), String> {
    let names: Vec<String> = passes::O1.iter().map(|s| s.to_string()).collect();
    passes::run_pipeline(m, &names)
        .map(|_| ())
        .map_err(|d| format!("-O1 failed: {}", d[0].message))
}

fn raise(m: &Module) -> Result<String, String> {
    let opts = refract::back::wgsl::Options::default();
    let a = refract::back::wgsl::write_string(m, &opts).map_err(|e| e.to_string())?;
    let b = refract::back::wgsl::write_string(m, &opts).map_err(|e| e.to_string())?;
    if a != b {
        return Err("raising the same module twice gave different text".into());
    }
    Ok(a)
}

/// Raises and checks one module; returns what could be checked.
fn raise_and_check(m: &Module) -> Result<Checked, String> {
    let text = raise(m)?;
    // `RAISE_DUMP=dir` keeps every output that fails, for a closer look.
    if let Ok(dir) = std::env::var("RAISE_DUMP") {
        if check(&text).is_err() {
            let n = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
            let _ = std::fs::write(format!("{dir}/fail-{n}.wgsl"), &text);
            let _ = std::fs::write(format!("{dir}/fail-{n}.ir"), ir::print(m));
        }
    }
    check(&text).map_err(|e| format!("{e}\n--- output ---\n{text}"))
}

#[test]
fn every_ir_test_module_raises_to_valid_wgsl() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut files = Vec::new();
    ir_files(&root, &mut files);
    let mut failures = Vec::new();
    let (mut checked, mut naga_checked) = (0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read");
        let mode = run_mode(&text).unwrap_or_default();
        if !(mode == "verify" || mode == "roundtrip" || mode.starts_with("passes")) {
            continue;
        }
        let Ok(m) = ir::parse(&text) else { continue };
        if ir::verify(&m).is_err() {
            continue;
        }
        let rel = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let has_generic = m
            .children(m.root())
            .any(|c| m.opcode(c) == ir::Opcode::Generic);
        let has_import = m.children(m.root()).any(|c| {
            m.decorations(c)
                .any(|d| m.opcode(d) == ir::Opcode::DecoImport)
        });
        if has_import {
            // An import is a declaration only the linker completes: no back end writes
            // it (the driver says E3503), and the raiser refuses it with a diagnostic.
            if let Ok(text) = raise(&m) {
                failures.push(format!("{rel}: an unresolved import was raised:\n{text}"));
            }
            continue;
        }
        if has_generic {
            // Generics have no WGSL form until specialized: a diagnostic, not a panic.
            match raise(&m) {
                Err(e) if e.contains("E4200") => {}
                other => failures.push(format!("{rel}: expected E4200, got {other:?}")),
            }
            continue;
        }
        let naga_rejects_input = text.contains("; NAGA-REJECTS-INPUT:");
        for optimized in [false, true] {
            let mut m = m.clone();
            if optimized {
                if let Err(e) = o1(&mut m) {
                    failures.push(format!("{rel}: {e}"));
                    continue;
                }
            }
            checked += 1;
            if !optimized && naga_rejects_input {
                // Valid WGSL that naga is stricter than the spec about, as the file says:
                // naga must still reject it (else the marker is stale), and -O1 mend it.
                match raise_and_check(&m) {
                    Err(e) if e.contains("naga rejects it") => {}
                    other => failures.push(format!(
                        "{rel}: marked NAGA-REJECTS-INPUT, but got {other:?}"
                    )),
                }
                continue;
            }
            match raise_and_check(&m) {
                Ok(Checked::Both) => naga_checked += 1,
                Ok(Checked::RefractOnly) => {}
                Err(e) => failures.push(format!(
                    "{rel}{}: {e}",
                    if optimized { " (-O1)" } else { "" }
                )),
            }
        }
    }
    println!(
        "raise: {} modules raised, {naga_checked} checked by naga too, {} failed",
        checked,
        failures.len()
    );
    assert!(
        checked > 100,
        "expected the IR test modules, found {checked}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/raise");
    let mut files = Vec::new();
    ir_files(&dir, &mut files);
    assert!(
        !files.is_empty(),
        "expected snapshot inputs in {}",
        dir.display()
    );
    let blessing = std::env::var("BLESS").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read");
        let rel = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let mut m = match ir::parse(&text) {
            Ok(m) => m,
            Err(d) => {
                failures.push(format!("{rel}: does not parse: {}", d[0].message));
                continue;
            }
        };
        if let Err(d) = ir::verify(&m) {
            failures.push(format!("{rel}: does not verify: {}", d[0].message));
            continue;
        }
        if let Some(mode) = run_mode(&text) {
            if let Some(list) = mode.strip_prefix("passes ") {
                let names: Vec<String> = list.split(',').map(|s| s.trim().to_string()).collect();
                if let Err(d) = passes::run_pipeline(&mut m, &names) {
                    failures.push(format!("{rel}: {}", d[0].message));
                    continue;
                }
            }
        }
        let out = match raise(&m) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{rel}: {e}"));
                continue;
            }
        };
        if let Err(e) = check(&out) {
            failures.push(format!("{rel}: {e}\n{out}"));
        }
        let expected_path = path.with_extension("wgsl");
        if blessing {
            std::fs::write(&expected_path, &out).expect("write snapshot");
            continue;
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(want) if want == out => {}
            Ok(want) => failures.push(format!(
                "{rel}: output differs from {}\n--- expected ---\n{want}--- got ---\n{out}",
                expected_path.display()
            )),
            Err(_) => failures.push(format!(
                "{rel}: no snapshot {} (run with BLESS=1)",
                expected_path.display()
            )),
        }
    }
    println!(
        "raise snapshots: {} files, {} failed",
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn random_modules_raise_to_valid_wgsl() {
    let seeds: u64 = std::env::var("RAISE_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(150);
    let mut failures = Vec::new();
    for seed in 0..seeds {
        let base = ir::synth::random_module(seed, 600 + (seed as usize % 7) * 400);
        for optimized in [false, true] {
            let mut m = base.clone();
            if optimized {
                if let Err(e) = o1(&mut m) {
                    failures.push(format!("seed {seed}: {e}"));
                    continue;
                }
            }
            if let Err(e) = raise_and_check(&m) {
                failures.push(format!(
                    "seed {seed}{}: {e}",
                    if optimized { " (-O1)" } else { "" }
                ));
            }
        }
        if failures.len() > 5 {
            break;
        }
    }
    println!(
        "raise random modules: {seeds} seeds, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
