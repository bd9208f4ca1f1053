//! The filecheck matcher and directory walk shared by the harnesses over test files: the
//! IR (`tests/ir/**/*.ir`, `;` comments), lowering (`tests/lower/*.wgsl`, `//` comments),
//! the shared transforms and SPIR-V legalization (`src/transform/*.ir`,
//! `src/back/spirv/legalize/*.ir`) and the SPIR-V back end
//! (`tests/spirv/*.ir`).
//!
//! `CHECK: text` finds the next output line containing `text`; `NEXT: text` requires it on
//! the line right after the previous match; `NOT: text` requires that no line between the
//! previous match and the next one contains `text`. Blank output lines are ignored.
//! Blessing (`BLESS=1`) rewrites the CHECK/NEXT lines of each file that fails them from
//! its actual output, keeping NOT lines and everything else; files that pass are left
//! alone, so their hand-picked checks survive.

#![allow(dead_code)]

use refract::Diagnostic;
use refract::diag::LineIndex;
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

/// Checks the output of the test file at `path` against its directives. When
/// [`blessing`], a file that fails them has them rewritten from the output instead. The
/// error carries the whole output.
pub fn check_or_bless(
    path: &Path,
    text: &str,
    comment: &str,
    output: Result<Vec<String>, String>,
) -> Result<(), String> {
    let out = output?;
    match check(text, comment, &out) {
        Ok(()) => Ok(()),
        Err(_) if blessing() => {
            bless(path, text, comment, &out);
            Ok(())
        }
        Err(e) => Err(format!("{e}\noutput:\n{}", out.join("\n"))),
    }
}

/// One diagnostic per line, `CODE LINE:COLUMN: message` (or `CODE message` without a
/// place), for harnesses whose output is a list of diagnostics.
pub fn diag_lines(source: &str, diags: &[Diagnostic]) -> Vec<String> {
    let index = LineIndex::new(source);
    diags
        .iter()
        .map(|d| match d.primary_span() {
            Some(s) if !s.is_detached() => {
                let (l, c) = index.line_col(s.start);
                format!("{} {l}:{c}: {}", d.code, d.message)
            }
            _ => format!("{} {}", d.code, d.message),
        })
        .collect()
}

/// What running a directory of test files gave.
pub struct Outcome {
    what: String,
    files: Vec<PathBuf>,
    /// Failures of the files, then any the harness adds.
    failures: Vec<String>,
    file_failures: usize,
}

impl Outcome {
    /// The files run, sorted.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// Records a failure that is not one file's (a rule without a test file, say).
    pub fn fail(&mut self, message: String) {
        self.failures.push(message);
    }

    /// Prints `WHAT: N passed, N failed` and fails the test with every failure.
    pub fn assert_all_passed(self) {
        println!(
            "{}: {} passed, {} failed",
            self.what,
            self.files.len() - self.file_failures,
            self.failures.len()
        );
        assert!(
            self.failures.is_empty(),
            "{} of {} {} tests failed:\n\n{}",
            self.failures.len(),
            self.files.len(),
            self.what,
            self.failures.join("\n\n")
        );
    }
}

/// Runs `test` on the text of every file under `dir` (recursively) whose name ends in
/// `.ext`, in order. A failure is reported with the file's path relative to the
/// repository. There must be at least one file.
pub fn for_each_file(
    what: &str,
    dir: &Path,
    ext: &str,
    mut test: impl FnMut(&Path, &str) -> Result<(), String>,
) -> Outcome {
    let mut files = Vec::new();
    files_with_extension(dir, ext, &mut files);
    assert!(!files.is_empty(), "no {what} tests under {}", dir.display());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        if let Err(e) = test(path, &text) {
            let shown = path.strip_prefix(root).unwrap_or(path);
            failures.push(format!("{}: {e}", shown.display()));
        }
    }
    let file_failures = failures.len();
    Outcome {
        what: what.to_string(),
        files,
        failures,
        file_failures,
    }
}

/// The filecheck harness over a directory: each file's output, from `run`, is matched
/// against (or, when [`blessing`], fixes) the file's directives.
pub fn run_dir(
    what: &str,
    dir: &Path,
    ext: &str,
    comment: &str,
    mut run: impl FnMut(&Path, &str) -> Result<Vec<String>, String>,
) -> Outcome {
    for_each_file(what, dir, ext, |path, text| {
        check_or_bless(path, text, comment, run(path, text))
    })
}
