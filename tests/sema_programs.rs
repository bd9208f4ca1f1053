//! The program suites of sema.
//!
//! `tests/valid/*.wgsl`: valid programs that exercise corners of the spec (shadowing of
//! predeclared names, abstract numerics, pointer forms, uniformity that must pass,
//! filters, every IO form). `check` must report no error and no warning for any of them.
//!
//! `tests/invalid/<rule class>/*.wgsl`: the invalid-program suite.
//! Each file breaks one rule (a few break several) and marks every error it must produce
//! with `//~ CODE` at the end of the line where the error's primary label starts. The test
//! runs `check` on each file and requires the errors reported to be exactly the marked
//! ones: the right code, on the right line, and nothing else (so cascades are caught too).
//! Warnings are not compared.
//!
//! The same files are compared with Tint by `scripts/dev/invalid-vs-tint.py`.

use refract::diag::LineIndex;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "wgsl") {
            out.push(p);
        }
    }
}

/// The `(code, line)` pairs marked in a source.
fn markers(source: &str) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("//~") {
            rest = &rest[at + 3..];
            let code: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if !code.is_empty() {
                out.push((code, i as u32 + 1));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_invalid_program_is_rejected_as_marked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid");
    let mut paths = Vec::new();
    files(&root, &mut paths);
    assert!(paths.len() > 200, "the invalid suite is missing or small");
    let mut failures = Vec::new();
    let mut classes = std::collections::BTreeMap::<String, usize>::new();
    for p in &paths {
        let class = p
            .parent()
            .and_then(|d| d.file_name())
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        *classes.entry(class).or_default() += 1;
        let source = std::fs::read_to_string(p).expect("read a test file");
        let want = markers(&source);
        assert!(!want.is_empty(), "{} has no `//~ CODE` marker", p.display());
        let diags = refract::check(&source);
        let index = LineIndex::new(&source);
        let mut got: Vec<(String, u32)> = diags
            .iter()
            .filter(|d| d.is_error())
            .map(|d| {
                let span = d.primary_span().expect("every error has a primary label");
                (d.code.to_string(), index.line_col(span.start).0)
            })
            .collect();
        got.sort();
        got.dedup();
        if got != want {
            let rel = p.strip_prefix(&root).unwrap_or(p).display().to_string();
            let detail: Vec<String> = diags
                .iter()
                .filter(|d| d.is_error())
                .map(|d| {
                    let line = d.primary_span().map_or(0, |s| index.line_col(s.start).0);
                    format!("    {}:{line} {}", d.code, d.message)
                })
                .collect();
            failures.push(format!(
                "{rel}: expected {want:?}, got {got:?}\n{}",
                detail.join("\n")
            ));
        }
    }
    let summary: Vec<String> = classes.iter().map(|(c, n)| format!("{c} {n}")).collect();
    println!(
        "invalid suite: {} files ({}), {} mismatched",
        paths.len(),
        summary.join(", "),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_valid_program_is_accepted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/valid");
    let mut paths = Vec::new();
    files(&root, &mut paths);
    assert!(paths.len() > 20, "the valid suite is missing or small");
    let mut failures = Vec::new();
    for p in &paths {
        let source = std::fs::read_to_string(p).expect("read a test file");
        let diags = refract::check(&source);
        if !diags.is_empty() {
            let index = LineIndex::new(&source);
            let detail: Vec<String> = diags
                .iter()
                .map(|d| {
                    let line = d.primary_span().map_or(0, |s| index.line_col(s.start).0);
                    format!("    {}:{line} {}", d.code, d.message)
                })
                .collect();
            failures.push(format!("{}:\n{}", p.display(), detail.join("\n")));
        }
    }
    println!(
        "valid suite: {} files, {} rejected",
        paths.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
