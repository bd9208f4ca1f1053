//! The CLI's syntax commands end to end: `fmt`, `check --format json` and
//! `compile --to ast`, with DESIGN §9's exit codes (0 ok, 1 invalid input, 2 usage or I/O).

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn refract(args: &[&str], stdin: &str) -> Output {
    common::cli::run(args, stdin.as_bytes())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const VALID: &str = "// keep me\nfn   f( a:i32 )->i32{return a*2;}\n";
const BROKEN: &str = "fn f() {\n    let x = 1\n    let y = ;\n}\n";

#[test]
fn fmt_prints_formatted_source_and_keeps_comments() {
    let out = refract(&["fmt", "-"], VALID);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "// keep me\nfn f(a: i32) -> i32 {\n    return a * 2;\n}\n"
    );
    let out = refract(&["fmt", "-"], BROKEN);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("error[E0201]"));
}

#[test]
fn check_reports_json_with_lines_and_columns() {
    let out = refract(&["check", "-", "--format", "json"], BROKEN);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let diags = json["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 2);
    assert_eq!(diags[0]["code"], "E0201");
    assert_eq!(diags[0]["severity"], "error");
    let primary = &diags[0]["labels"][0];
    assert_eq!(primary["primary"], true);
    assert_eq!(
        (primary["line"].as_u64(), primary["column"].as_u64()),
        (Some(3), Some(5))
    );
    assert_eq!(diags[1]["code"], "E0203");

    let out = refract(&["check", "-", "--format", "json"], VALID);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout).trim(), r#"{"diagnostics":[]}"#);
}

#[test]
fn compile_to_ast_prints_json() {
    let out = refract(&["compile", "-", "--to", "ast"], VALID);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let ast: serde_json::Value = serde_json::from_slice(&out.stdout).expect("AST JSON");
    let f = &ast["decls"][0];
    assert_eq!(f["kind"], "fn");
    assert_eq!(f["name"], "f");
    assert_eq!(f["params"][0]["type"]["name"], "i32");
    assert_eq!(f["body"]["stmts"][0]["kind"], "return");
    assert_eq!(f["body"]["stmts"][0]["value"]["op"], "*");
    assert_eq!(ast["comments"][0]["span"], serde_json::json!([0, 10]));

    let out = refract(&["compile", "-", "--to", "ast"], BROKEN);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

#[test]
fn usage_and_io_errors_exit_2() {
    assert_eq!(refract(&["fmt"], "").status.code(), Some(2));
    assert_eq!(
        refract(&["fmt", "/nonexistent/file.wgsl"], "")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        refract(&["check", "-", "--format", "yaml"], "")
            .status
            .code(),
        Some(2)
    );
    // Not UTF-8: invalid input, not a crash.
    let out = Command::new(env!("CARGO_BIN_EXE_refract"))
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin
                .take()
                .unwrap()
                .write_all(&[0x66, 0x6e, 0xff, 0x20])?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}
