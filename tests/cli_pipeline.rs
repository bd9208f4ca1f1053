//! The compile pipeline from the command line: `refract compile --to ir|wgsl` with
//! `-O0`, `-O1` and `--passes`, `refract ir --to wgsl`, and `refract passes`.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

fn refract(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
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
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const LOOP: &str = "func @sum(%n: i32) -> i32 @compute @workgroup_size(1, 1, 1) {
^entry:
  %i: ptr<function, i32, read_write> = var 0i
  %s: ptr<function, i32, read_write> = var 0i
  loop ^h, merge ^exit, continue ^next
^h:
  %iv: i32 = load %i
  %go: bool = lt %iv, %n
  if_else %go, ^t, ^e, merge ^body
^t:
  br ^body
^e:
  br ^exit
^body:
  %a: i32 = load %s
  %b: i32 = load %i
  %c: i32 = add %a, %b
  store %s, %c
  br ^next
^next:
  %d: i32 = load %i
  %e: i32 = add %d, 1i
  store %i, %e
  br ^h
^exit:
  %r: i32 = load %s
  return %r
}
";

#[test]
fn ir_to_wgsl() {
    let module = LOOP.replace(" -> i32 @compute @workgroup_size(1, 1, 1)", " -> i32");
    let (code, out, err) = refract(&["ir", "-", "--to", "wgsl"], module.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("fn sum(n: i32) -> i32 {"), "{out}");
    assert!(
        out.contains("var i: i32 = 0i;") || out.contains("var i = 0i;"),
        "{out}"
    );
    common::wgsl_check::check(&out).expect("valid WGSL");
    // With the -O1 passes the variables become block parameters; the counter and the
    // sum come back as a `for` loop with a compound assignment.
    let (code, out2, err) = refract(
        &[
            "ir",
            "-",
            "--passes",
            "mem2reg,simplify-cfg,const-fold,dce",
            "--to",
            "wgsl",
        ],
        module.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    common::wgsl_check::check(&out2).expect("valid WGSL");
    assert!(
        out2.contains("for (var i = 0i; i < n; i++) {") && out2.contains("s += i;"),
        "{out2}"
    );
}

#[test]
fn ir_to_wgsl_reports_what_wgsl_cannot_express() {
    let generic = "generic @G(%T: type) -> type {\n^entry:\n  return %T\n}\n";
    let (code, _, err) = refract(&["ir", "-", "--to", "wgsl"], generic.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("E4200"), "{err}");
}

#[test]
fn passes_lists_every_pass() {
    let (code, out, _) = refract(&["passes"], &[]);
    assert_eq!(code, 0);
    let names: Vec<&str> = out.lines().collect();
    for p in ["mem2reg", "simplify-cfg", "const-fold", "dce"] {
        assert!(names.contains(&p), "{p} missing from {names:?}");
    }
}

#[test]
fn compile_checks_pass_names_and_syntax_before_lowering() {
    let src = "fn f() {}\n";
    let (code, _, err) = refract(
        &["compile", "-", "--to", "ir", "--passes", "mem2reg,nope"],
        src.as_bytes(),
    );
    assert_eq!(code, 1);
    assert!(err.contains("E4000") && err.contains("`nope`"), "{err}");
    let (code, _, err) = refract(&["compile", "-", "--to", "wgsl", "-O0"], b"fn f( {");
    assert_eq!(code, 1);
    assert!(err.contains("E02"), "a syntax error: {err}");
}

/// `-O0`, `-O1` and `--passes` all run lowering and give IR (or WGSL): at `-O0` the
/// variable stays, at `-O1` mem2reg promotes it.
#[test]
fn compile_through_ir_reaches_lowering() {
    let src = b"fn f() -> i32 { var x = 1; return x; }\n";
    for (args, var_kept) in [
        (vec!["compile", "-", "--to", "ir", "-O0"], true),
        (vec!["compile", "-", "--to", "ir", "-O1"], false),
        (
            vec!["compile", "-", "--to", "ir", "--passes", "mem2reg,dce"],
            false,
        ),
    ] {
        let (code, out, err) = refract(&args, src);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("func @f() -> i32"), "{args:?}: {out}");
        assert_eq!(out.contains("= var"), var_kept, "{args:?}: {out}");
    }
    let (code, out, err) = refract(&["compile", "-", "--to", "wgsl"], src);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("fn f() -> i32"), "{out}");
}
