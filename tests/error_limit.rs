//! The error limit (`refract::diag::limit`): a report holds the first N errors by position
//! and ends with one E0007 error, whatever phase found them and however early the phases
//! stopped; the CLI's `--error-limit N` sets N.

mod common;

use refract::diag::codes;
use refract::{Diagnostic, Severity};

fn refract(args: &[&str], stdin: &str) -> std::process::Output {
    common::cli::run(args, stdin.as_bytes())
}

/// The report `limit` should give, from the unlimited one: everything up to the limit-th
/// error.
fn first_errors(full: &[Diagnostic], limit: usize) -> Vec<Diagnostic> {
    let mut errors = 0;
    let mut out = Vec::new();
    for d in full {
        out.push(d.clone());
        errors += usize::from(d.severity == Severity::Error);
        if errors == limit {
            break;
        }
    }
    out
}

/// Checks `source` with and without a limit: the limited report is the unlimited one cut
/// after its limit-th error, plus E0007 when it was cut (or checking stopped early).
fn assert_first_errors(source: &str, limit: u32, what: &str) {
    let full = refract::check_with_error_limit(source, 0);
    let limited = refract::check_with_error_limit(source, limit);
    assert!(
        full.iter().all(|d| d.code != codes::TOO_MANY_ERRORS),
        "{what}: no limit, no E0007"
    );
    let errors = full.iter().filter(|d| d.is_error()).count();
    if errors <= limit as usize {
        assert_eq!(limited, full, "{what}: under the limit nothing changes");
        return;
    }
    let (last, kept) = limited.split_last().expect("a report");
    assert_eq!(last.code, codes::TOO_MANY_ERRORS, "{what}");
    assert!(last.is_error() && last.labels.is_empty(), "{what}");
    assert_eq!(kept, first_errors(&full, limit as usize), "{what}");
}

/// A deterministic mix of mistakes every phase reports: parse-free but with redeclared
/// names, unresolved names, type errors, calls across the file (early functions calling
/// late ones), entry points, and warnings.
fn mixed_source(seed: u32, count: u32) -> String {
    let mut x = seed.max(1);
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let mut s = String::new();
    for k in 0..count {
        let j = next() % count;
        let line = match next() % 8 {
            0 => format!("fn g{k}() {{ let x: i32 = 1.5; }}\n"),
            1 => format!("fn h{k}() -> i32 {{ return missing_{k}; }}\n"),
            2 => "fn dup() {}\n".to_string(),
            3 => format!("fn c{k}() -> f32 {{ return c{j}() + 1; }}\n"),
            4 => format!("@compute @workgroup_size(1) fn e{k}() {{ _ = c{j}(); }}\n"),
            5 => format!("const k{k}: u32 = -1;\n"),
            6 => format!("fn w{k}() {{ return; let unreachable_{k} = 1; }}\n"),
            _ => format!("fn ok{k}(a: f32) -> f32 {{ return a * 2.0; }}\n"),
        };
        s.push_str(&line);
    }
    s
}

#[test]
fn the_report_holds_the_first_errors_by_position() {
    for seed in 1..=8 {
        let source = mixed_source(seed, 600);
        for limit in [1, 7, 100] {
            assert_first_errors(&source, limit, &format!("seed {seed}, limit {limit}"));
        }
    }
}

#[test]
fn an_early_function_calling_a_late_one_gets_no_spurious_errors() {
    // `early` comes before 150 redeclarations, `late` after them: the limit is reached
    // before `late`, which must still be checked because `early` calls it.
    let mut source = String::from("fn early() -> i32 { return late(1) + nowhere; }\n");
    source.push_str(&"fn dup() {}\n".repeat(150));
    source.push_str("fn late(a: i32) -> i32 { let y: f32 = a; return a; }\n");
    source.push_str("fn other() { let z: u32 = -1; }\n");
    assert_first_errors(&source, 100, "early calls late");
    let limited = refract::check(&source);
    assert_eq!(limited.len(), 101);
    // The only error in `early` is the unresolved name.
    assert_eq!(limited[0].message, "cannot find `nowhere` in this scope");
    assert!(limited[1].message.contains("redeclaration"));
    assert!(
        limited[100].message.contains("checking stopped early"),
        "{}",
        limited[100].message
    );
}

#[test]
fn the_parser_stops_at_the_limit() {
    let source = "const = ;\nfn (;\n".repeat(5000);
    assert_first_errors(&source, 100, "parse errors");
    assert_first_errors(&source, 3, "parse errors");
    let limited = refract::check(&source);
    let last = limited.last().unwrap();
    assert!(
        last.message.contains("checking stopped"),
        "{}",
        last.message
    );
    // A lexical error far ahead is known before parsing starts, and counted.
    let mut source = "const = ;\n".repeat(200);
    source.push_str("const x = 1 $ 2;\n");
    assert_first_errors(&source, 100, "a lexical error after the limit");
}

/// One function with an error on every statement: the parser, name resolution and the
/// checker each count the errors past the limit instead of keeping them, and the report
/// is the one keeping them all would give, its E0007 counting every one left out.
#[test]
fn errors_inside_one_function_past_the_limit_are_counted() {
    let n = 3000;
    let cases = [
        ("parse errors", format!("fn f() {{{}}}\n", "x;".repeat(n))),
        (
            "unresolved names",
            format!("fn f() {{\n{}}}\n", "_ = y;\n".repeat(n)),
        ),
        (
            "type errors",
            format!(
                "fn f() {{\n{}}}\n",
                (0..n)
                    .map(|i| format!("let a{i}: i32 = 1.5;\n"))
                    .collect::<String>()
            ),
        ),
    ];
    for (what, source) in cases {
        assert_first_errors(&source, 100, what);
        assert_first_errors(&source, 1, what);
        let full = refract::check_with_error_limit(&source, 0);
        assert_eq!(full.iter().filter(|d| d.is_error()).count(), n, "{what}");
        let limited = refract::check_with_error_limit(&source, 100);
        assert_eq!(limited.len(), 101, "{what}");
        let expected = format!(
            "too many errors: only the first 100 are reported; {} more errors are not shown",
            n - 100
        );
        assert_eq!(limited[100].message, expected, "{what}");
    }
}

#[test]
fn a_warning_past_the_limit_is_dropped_and_counted() {
    let mut source = "fn dup() {}\n".repeat(3);
    // An entry point, so it is checked past the limit too.
    source.push_str("@compute @workgroup_size(1) fn w() { return; let x = 1; }\n");
    let limited = refract::check_with_error_limit(&source, 1);
    assert_eq!(limited.len(), 2);
    assert_eq!(limited[1].code, codes::TOO_MANY_ERRORS);
    assert!(
        limited[1]
            .message
            .contains("1 more error and 1 warning or note were found"),
        "{}",
        limited[1].message
    );
}

#[test]
fn compile_reports_the_limit_too() {
    let source = "fn dup() {}\n".repeat(300);
    let mut options = refract::Options::new(refract::Target::Wgsl);
    let r = refract::compile(&source, &options);
    assert!(!r.ok());
    assert_eq!(
        r.diagnostics.len(),
        refract::DEFAULT_ERROR_LIMIT as usize + 1
    );
    options.error_limit = 10;
    let r = refract::compile(&source, &options);
    assert_eq!(r.diagnostics.len(), 11);
    assert_eq!(r.diagnostics[10].code, codes::TOO_MANY_ERRORS);
    options.error_limit = 0;
    assert_eq!(refract::compile(&source, &options).diagnostics.len(), 299);
}

fn json_codes(out: &std::process::Output) -> Vec<String> {
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    json["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn cli_check_has_a_default_limit_and_takes_another() {
    let source = "fn dup() {}\n".repeat(300);
    let out = refract(&["check", "-", "--format", "json"], &source);
    assert_eq!(out.status.code(), Some(1));
    let codes = json_codes(&out);
    assert_eq!(codes.len(), 101);
    assert!(codes[..100].iter().all(|c| c == "E1000"));
    assert_eq!(codes[100], "E0007");

    let out = refract(
        &["check", "-", "--format", "json", "--error-limit", "3"],
        &source,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_codes(&out), ["E1000", "E1000", "E1000", "E0007"]);

    let out = refract(
        &["check", "-", "--error-limit", "0", "--format", "json"],
        &source,
    );
    assert_eq!(json_codes(&out).len(), 299);

    // Human output ends with the E0007 error and its note.
    let out = refract(&["check", "-", "--error-limit", "2"], &source);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("error[E1000]").count(), 2, "{stderr}");
    assert!(
        stderr.contains(
            "error[E0007]: too many errors: only the first 2 are reported; \
             297 more errors were found, and checking stopped early, so there may be others"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("--error-limit"), "{stderr}");
}

#[test]
fn cli_compile_takes_the_limit() {
    let source = "fn dup() {}\n".repeat(20);
    let out = refract(
        &[
            "compile",
            "-",
            "--to",
            "wgsl",
            "--format",
            "json",
            "--error-limit",
            "4",
        ],
        &source,
    );
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stderr).expect("JSON on stderr");
    assert_eq!(json["diagnostics"].as_array().map(Vec::len), Some(5));
}

#[test]
fn cli_rejects_a_malformed_limit() {
    for bad in ["-1", "many", ""] {
        let out = refract(&["check", "-", "--error-limit", bad], "fn f() {}\n");
        assert_eq!(out.status.code(), Some(2), "--error-limit {bad:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--error-limit"));
    }
    let out = refract(&["check", "-", "--error-limit"], "fn f() {}\n");
    assert_eq!(out.status.code(), Some(2));
}
