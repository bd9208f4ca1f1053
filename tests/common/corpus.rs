//! The shared corpus helper of refract's integration tests.
//!
//! The corpus lives in the shared folder beside the checkout (`<repo>/../shared`, or
//! `$REFRACT_SHARED`). A test that needs it fails loudly when it is missing: a skipped
//! corpus test would hide every regression it exists to catch.
//!
//! In scope (the corpus README's rules): every row of `MANIFEST.tsv` whose kind is
//! `plain-wgsl`, whose file enables no `chromium_*` extension and has no
//! `requires texel_buffers`, and that is not listed in `not-standard.tsv`. That is
//! [`IN_SCOPE_COUNT`] files, and [`in_scope`] checks the count.
//!
//! Use from a test file with `mod common;` and `common::corpus::in_scope()`.

#![allow(dead_code)]

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// How many corpus files are in scope.
pub const IN_SCOPE_COUNT: usize = 10_758;

/// One in-scope corpus file.
pub struct CorpusFile {
    /// The path relative to the corpus folder, as in `MANIFEST.tsv`.
    pub rel: String,
    pub path: PathBuf,
    pub source: String,
}

/// The shared folder: `$REFRACT_SHARED`, or `<CARGO_MANIFEST_DIR>/../shared`. Panics with
/// a clear message when it is missing.
pub fn shared_dir() -> PathBuf {
    let dir = match std::env::var_os("REFRACT_SHARED") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    };
    assert!(
        dir.join("corpus/MANIFEST.tsv").is_file(),
        "the shared folder is missing: expected {}/corpus/MANIFEST.tsv \
         (set REFRACT_SHARED to the folder holding `corpus/`)",
        dir.display()
    );
    dir
}

/// The corpus folder.
pub fn corpus_dir() -> PathBuf {
    shared_dir().join("corpus")
}

/// True if the source enables a `chromium_*` extension or requires `texel_buffers`: the
/// text of every `enable …;` and `requires …;` directive is checked.
pub fn uses_excluded_extension(source: &str) -> bool {
    directive_bodies(source, "enable").any(|body| body.contains("chromium_"))
        || directive_bodies(source, "requires").any(|body| body.contains("texel_buffers"))
}

/// The text between each `keyword` (as a whole word) and the next `;`.
fn directive_bodies<'a>(source: &'a str, keyword: &'a str) -> impl Iterator<Item = &'a str> {
    source.match_indices(keyword).filter_map(move |(i, _)| {
        let before = source[..i].chars().next_back();
        let after = source[i + keyword.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if word(before) || word(after) {
            return None;
        }
        let rest = &source[i + keyword.len()..];
        rest.find(';').map(|end| &rest[..end])
    })
}

/// The paths (relative to the corpus folder) of every in-scope file, in manifest order,
/// without reading the files' text.
pub fn in_scope_paths() -> Vec<String> {
    in_scope().into_iter().map(|f| f.rel).collect()
}

/// Every in-scope corpus file with its text. Panics if the shared folder is missing or
/// the count is not [`IN_SCOPE_COUNT`].
pub fn in_scope() -> Vec<CorpusFile> {
    let corpus = corpus_dir();
    let manifest = std::fs::read_to_string(corpus.join("MANIFEST.tsv"))
        .expect("cannot read corpus/MANIFEST.tsv");
    let not_standard: HashSet<String> = std::fs::read_to_string(corpus.join("not-standard.tsv"))
        .expect("cannot read corpus/not-standard.tsv")
        .lines()
        .filter_map(|l| l.split('\t').next())
        .map(str::to_string)
        .collect();
    let mut files = Vec::new();
    for line in manifest.lines().skip(1) {
        let mut cols = line.split('\t');
        let (Some(rel), Some(kind)) = (cols.next(), cols.nth(2)) else {
            continue;
        };
        if kind != "plain-wgsl" || not_standard.contains(rel) {
            continue;
        }
        let path = corpus.join(rel);
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("cannot read corpus file {}: {e}", path.display()));
        let source = String::from_utf8(bytes)
            .unwrap_or_else(|_| panic!("corpus file {} is not UTF-8", path.display()));
        if uses_excluded_extension(&source) {
            continue;
        }
        files.push(CorpusFile {
            rel: rel.to_string(),
            path,
            source,
        });
    }
    assert_eq!(
        files.len(),
        IN_SCOPE_COUNT,
        "expected {IN_SCOPE_COUNT} in-scope corpus files, found {}",
        files.len()
    );
    files
}

/// Runs `f` on every file on all cores, returning the results in corpus order.
pub fn par_map<T: Send>(files: &[CorpusFile], f: impl Fn(&CorpusFile) -> T + Sync) -> Vec<T> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut slots: Vec<Option<T>> = (0..files.len()).map(|_| None).collect();
    let results = std::sync::Mutex::new(&mut slots);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(16 * 1024 * 1024)
                .spawn_scoped(scope, || {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= files.len() {
                            break;
                        }
                        let r = f(&files[i]);
                        results.lock().unwrap()[i] = Some(r);
                    }
                })
                .expect("cannot spawn a corpus worker");
        }
    });
    slots
        .into_iter()
        .map(|r| r.expect("every file is processed"))
        .collect()
}

/// The pipeline-constant values a Dawn test file asks for: Tint's end-to-end test runner
/// reads a `// flags:` comment line and passes its `--overrides NAME=VALUE,…` to the
/// compiler, as a WebGPU pipeline gives `GPUProgrammableStage.constants`; the expected
/// outputs in Dawn were made with them. Keys are override names or decimal `@id`s. A
/// value that is not a number is left out (the compiler then refuses the override as it
/// would without the line). A line tagged with a target (`// [hlsl-dxc] flags: …`) is
/// read only when the tag starts with `target` (`hlsl`), as the runner passes it only to
/// that back end. Empty for a file without such a line.
pub fn tint_flag_overrides(source: &str, target: &str) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    for line in source.lines() {
        let Some(flags) = line.trim_start().strip_prefix("//") else {
            continue;
        };
        let flags = flags.trim_start();
        let flags = match flags.strip_prefix('[').and_then(|f| f.split_once(']')) {
            Some((tag, rest)) if tag.starts_with(target) => rest.trim_start(),
            Some(_) => continue,
            None => flags,
        };
        let Some(flags) = flags.strip_prefix("flags:") else {
            continue;
        };
        let mut words = flags.split_whitespace();
        while let Some(w) = words.next() {
            if w != "--overrides" {
                continue;
            }
            for pair in words.next().unwrap_or("").split(',') {
                if let Some((key, value)) = pair.split_once('=')
                    && let Ok(v) = value.parse::<f64>()
                {
                    out.push((key.to_string(), v));
                }
            }
        }
    }
    out
}
