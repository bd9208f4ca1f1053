//! The filecheck matcher shared by the IR (`tests/ir/**/*.ir`, `;` comments) and the
//! lowering (`tests/lower/*.wgsl`, `//` comments) harnesses.
//!
//! `CHECK: text` finds the next output line containing `text`; `NEXT: text` requires it on
//! the line right after the previous match; `NOT: text` requires that no line between the
//! previous match and the next one contains `text`. Blank output lines are ignored.
//! Blessing rewrites a file's CHECK/NEXT lines from the actual output, keeping NOT lines
//! and everything else.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The text after `<comment> KEY:` on a directive line, trimmed.
pub fn directive<'a>(line: &'a str, comment: &str, key: &str) -> Option<&'a str> {
    let rest = line.trim_start().strip_prefix(comment)?.trim_start();
    let rest = rest.strip_prefix(key)?.strip_prefix(':')?;
    Some(rest.strip_prefix(' ').unwrap_or(rest).trim_end())
}

/// Every file under `dir` (recursively) whose name ends in `.ext`, sorted.
pub fn files_with_extension(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_with_extension(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

/// Matches the CHECK/NEXT/NOT directives of `text` against `output`.
pub fn check(text: &str, comment: &str, output: &[String]) -> Result<(), String> {
    let lines: Vec<&str> = output
        .iter()
        .map(String::as_str)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut pos = 0usize; // next line to search from
    let mut last: Option<usize> = None;
    let mut pending_not: Vec<&str> = Vec::new();
    let verify_nots = |nots: &mut Vec<&str>, from: usize, to: usize| -> Result<(), String> {
        for n in nots.drain(..) {
            if let Some(l) = lines[from..to].iter().find(|l| l.contains(n)) {
                return Err(format!("NOT: `{n}` matched `{l}`"));
            }
        }
        Ok(())
    };
    for line in text.lines() {
        if let Some(want) = directive(line, comment, "CHECK") {
            let found = lines[pos..]
                .iter()
                .position(|l| l.contains(want))
                .map(|k| k + pos);
            let Some(k) = found else {
                return Err(format!(
                    "CHECK: `{want}` not found after line {pos} of the output"
                ));
            };
            verify_nots(&mut pending_not, pos, k)?;
            last = Some(k);
            pos = k + 1;
        } else if let Some(want) = directive(line, comment, "NEXT") {
            let k = last.map_or(0, |l| l + 1);
            match lines.get(k) {
                Some(l) if l.contains(want) => {
                    verify_nots(&mut pending_not, pos, k)?;
                    last = Some(k);
                    pos = k + 1;
                }
                other => {
                    return Err(format!(
                        "NEXT: `{want}` expected on output line {}, found {:?}",
                        k + 1,
                        other
                    ));
                }
            }
        } else if let Some(not) = directive(line, comment, "NOT") {
            pending_not.push(not);
        }
    }
    verify_nots(&mut pending_not, pos, lines.len())
}

/// Rewrites `path`: `text` without its CHECK/NEXT lines, then the output as one CHECK
/// line followed by NEXT lines.
pub fn bless(path: &Path, text: &str, comment: &str, output: &[String]) {
    let mut kept: Vec<&str> = text
        .lines()
        .filter(|l| {
            directive(l, comment, "CHECK").is_none() && directive(l, comment, "NEXT").is_none()
        })
        .collect();
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    let mut new = kept.join("\n");
    new.push_str("\n\n");
    let lines: Vec<&String> = output.iter().filter(|l| !l.trim().is_empty()).collect();
    for (k, l) in lines.iter().enumerate() {
        let key = if k == 0 { "CHECK" } else { "NEXT" };
        new.push_str(&format!("{comment} {key}: {l}\n"));
    }
    std::fs::write(path, new).expect("write blessed file");
}

/// Whether this run rewrites expectations instead of checking them (`BLESS=1`).
pub fn blessing() -> bool {
    std::env::var("BLESS").is_ok_and(|v| v == "1")
}

/// Checks the output of the test file at `path` against its directives, or, when
/// [`blessing`], rewrites them from it. The error carries the whole output.
pub fn check_or_bless(
    path: &Path,
    text: &str,
    comment: &str,
    output: Result<Vec<String>, String>,
) -> Result<(), String> {
    let out = output?;
    if blessing() {
        bless(path, text, comment, &out);
        return Ok(());
    }
    check(text, comment, &out).map_err(|e| format!("{e}\noutput:\n{}", out.join("\n")))
}
