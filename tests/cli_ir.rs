//! The `refract ir` command: text and binary in and out, passes, exit codes and
//! diagnostics (DESIGN §9).

use std::io::Write;
use std::process::{Command, Stdio};

fn refract(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_refract"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run refract");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const MODULE: &str = "func @f(%x: i32) -> i32 {
^entry:
  %unused: i32 = mul %x, %x
  %y: i32 = add %x, 1i
  return %y
}
";

#[test]
fn prints_and_runs_passes() {
    let (code, out, err) = refract(&["ir", "-"], MODULE.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(String::from_utf8_lossy(&out), MODULE);
    let (code, out, err) = refract(&["ir", "-", "--passes", "dce"], MODULE.as_bytes());
    assert_eq!(code, 0, "{err}");
    let text = String::from_utf8_lossy(&out);
    assert!(
        !text.contains("%unused") && text.contains("%y: i32 = add %x, 1i"),
        "{text}"
    );
}

#[test]
fn binary_out_and_back_in() {
    let dir = std::env::temp_dir().join(format!("refract-cli-ir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bin = dir.join("m.rfir");
    let (code, _, err) = refract(
        &["ir", "-", "--to", "bin", "-o", bin.to_str().expect("utf-8")],
        MODULE.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&bin).expect("written");
    assert_eq!(&bytes[..4], b"RFIR");
    let (code, out, err) = refract(&["ir", bin.to_str().expect("utf-8"), "--from", "bin"], &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(String::from_utf8_lossy(&out), MODULE);
    let (code, _, err) = refract(&["ir", "-", "--from", "bin"], b"not binary IR");
    assert_eq!(code, 1);
    assert!(err.contains("E3100"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_have_codes_lines_and_exit_code_1() {
    let bad = "func @f() -> i32 {\n^entry:\n  return 1.0f\n}\n";
    let (code, _, err) = refract(&["ir", "-"], bad.as_bytes());
    assert_eq!(code, 1);
    assert!(
        err.contains("E3221") && err.contains("return-type"),
        "{err}"
    );
    assert!(err.contains(":3:3"), "points at line 3, column 3: {err}");
    let (code, out, _) = refract(&["ir", "-", "--format", "json"], bad.as_bytes());
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_slice(&out).expect("json");
    assert_eq!(json["diagnostics"][0]["code"], "E3221");
    assert_eq!(json["diagnostics"][0]["labels"][0]["line"], 3);
    let (code, _, err) = refract(&["ir", "-", "--passes", "nope"], MODULE.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("E4000") && err.contains("dce"), "{err}");
    let (code, _, err) = refract(&["ir", "-", "--to", "bogus"], MODULE.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("E4002"), "{err}");
    let (code, _, err) = refract(&["ir", "-"], b"func @f( {");
    assert_eq!(code, 1);
    assert!(err.contains("E3003"), "{err}");
}

#[test]
fn lists_passes() {
    let (code, out, _) = refract(&["passes"], &[]);
    assert_eq!(code, 0);
    assert!(String::from_utf8_lossy(&out).lines().any(|l| l == "dce"));
}
