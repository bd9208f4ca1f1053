//! The compile pipeline from the command line: `refract compile --to ir|wgsl` with
//! `-O0`, `-O1` and `--passes`, `refract ir --to wgsl`, and `refract passes`.

mod common;

use common::cli::refract_text as refract;

const LOOP: &str = "func @sum(%n: i32) -> i32 {
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
    let module = LOOP.to_string();
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
    for p in [
        "mem2reg",
        "simplify-cfg",
        "const-fold",
        "dce",
        "dead-globals",
        "simplify",
        "gvn",
        "memory",
        "sccp",
        "licm",
        "inline",
        "unused-globals",
        "optimize",
    ] {
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

/// `-O0` is lowering alone: the function variable stays in memory. `-O1` and an explicit
/// `--passes mem2reg,dce` promote it, and the WGSL back end prints the promoted value.
#[test]
fn compile_through_ir_reaches_lowering() {
    let source = b"fn f() -> i32 { var x = 1; return x; }\n";
    let (code, out, err) = refract(&["compile", "-", "--to", "ir", "-O0"], source);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("= var 1i") && out.contains("load %x"), "{out}");
    for args in [
        vec!["compile", "-", "--to", "ir", "-O1"],
        vec!["compile", "-", "--to", "ir", "--passes", "mem2reg,dce"],
    ] {
        let (code, out, err) = refract(&args, source);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(
            !out.contains("var") && out.contains("return 1i"),
            "{args:?}: {out}"
        );
    }
    let (code, out, err) = refract(&["compile", "-", "--to", "wgsl"], source);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "fn f() -> i32 {\n    return 1i;\n}\n");
}

/// The diagnostic codes of a failing `refract ARGS` with `stdin`, from `--format json`:
/// on stderr for `compile` (whose stdout is for its output), on stdout for `ir`.
fn codes(args: &[&str], stdin: &[u8]) -> Vec<String> {
    let mut args = args.to_vec();
    args.extend(["--format", "json"]);
    let (code, out, err) = refract(&args, stdin);
    assert_eq!(code, 1, "{args:?}: {err}");
    let report = if args[0] == "ir" { out } else { err };
    let json: serde_json::Value = serde_json::from_str(&report).expect("JSON diagnostics");
    json["diagnostics"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// What the options alone decide comes before any stage, whatever the text holds: a
/// target without a back end (E0004), then unknown pass names (E4000); then the stages in
/// order, each failing with its own diagnostics. `refract ir` reads and runs its passes
/// first, then reaches the same back ends.
#[test]
fn the_stages_fail_in_order() {
    let broken = b"fn f( {";
    let args = ["compile", "-", "--to", "hlsl", "--passes", "nope"];
    assert_eq!(codes(&args, broken), ["E4000"]);
    let args = ["compile", "-", "--to", "gen", "--passes", "nope"];
    assert_eq!(codes(&args, broken), ["E4000"]);
    let args = ["compile", "-", "--to", "spvasm", "--passes", "nope"];
    assert_eq!(codes(&args, broken), ["E4000"]);
    // `ast` runs no pass, so a pass name is not its business.
    let args = ["compile", "-", "--to", "ast", "--passes", "nope"];
    assert!(codes(&args, broken)[0].starts_with("E02"));
    let args = ["compile", "-", "--to", "wgsl", "--entry", "main"];
    assert_eq!(codes(&args, b"fn f() {}\n"), ["E4003"]);

    let module = LOOP.to_string();
    let args = ["ir", "-", "--to", "ast"];
    assert_eq!(codes(&args, module.as_bytes()), ["E0004"]);
    let args = ["ir", "-", "--to", "hlsl", "--passes", "nope"];
    assert_eq!(codes(&args, module.as_bytes()), ["E4000"]);
}

/// `--print-after-all` prints the IR after each pass on stderr, a step's steps naming it,
/// and leaves stdout as it is without the flag.
#[test]
fn print_after_all_on_stderr() {
    let wgsl = "@compute @workgroup_size(1) fn main() { var x = 1; x = x + 2; }\n";
    let plain = refract(&["compile", "-", "--to", "wgsl", "-O1"], wgsl.as_bytes());
    let (code, out, err) = refract(
        &["compile", "-", "--to", "wgsl", "-O1", "--print-after-all"],
        wgsl.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, plain.1, "the output does not change");
    let headers: Vec<&str> = err.lines().filter(|l| l.starts_with(";; IR")).collect();
    assert_eq!(headers.first(), Some(&";; IR after `mem2reg`"), "{err}");
    assert_eq!(headers.last(), Some(&";; IR after `cleanup`"), "{err}");
    assert!(headers.contains(&";; IR after `dce` in `cleanup`"), "{err}");
    // After mem2reg the variable is gone; after cleanup so is the addition.
    let after_mem2reg = err.split(";; IR after").nth(1).unwrap();
    assert!(!after_mem2reg.contains("var"), "{after_mem2reg}");
    assert!(after_mem2reg.contains("add 1i, 2i"), "{after_mem2reg}");
    let last = err.rsplit(";; IR after `cleanup`").next().unwrap();
    assert!(!last.contains("add"), "{last}");
}

/// `--time-passes` prints one row per step, those a step ran indented under it, and a
/// total; `refract ir` takes both flags too.
#[test]
fn time_passes_table() {
    let (code, _, err) = refract(
        &["ir", "-", "--passes", "mem2reg,cleanup", "--time-passes"],
        LOOP.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let table: Vec<&str> = err.lines().skip_while(|l| *l != ";; pass times").collect();
    assert_eq!(
        table.get(1).map(|l| l.trim()),
        Some("time (ms)   share  runs  changed  pass")
    );
    let passes: Vec<&str> = table[2..]
        .iter()
        .map(|l| l.split("  ").last().unwrap_or("").trim_end())
        .collect();
    assert_eq!(passes.first(), Some(&"mem2reg"), "{err}");
    assert!(passes.contains(&"cleanup"), "{err}");
    assert!(
        table.iter().any(|l| l.ends_with("    dce")),
        "an indented step: {err}"
    );
    assert!(table.last().unwrap().ends_with("total"), "{err}");
    assert!(
        !err.contains(";; IR after"),
        "only the table was asked for: {err}"
    );

    let (code, _, err) = refract(
        &["ir", "-", "--passes", "mem2reg", "--print-after-all"],
        LOOP.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.matches(";; IR after").count(), 1, "{err}");
}

/// `--binding-map G:B=REG:SPACE` moves a binding's HLSL register; bindings not listed keep
/// `register(B, spaceG)`; a malformed or repeated entry is a usage error.
#[test]
fn hlsl_binding_map() {
    let wgsl = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(1) @binding(2) var t: texture_2d<f32>;
@group(1) @binding(3) var s: sampler;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(textureSampleLevel(t, s, vec2f(0.5), 0.0).x);
}
";
    let args = ["compile", "-", "--to", "hlsl"];
    let mapped = [
        &args[..],
        &["--binding-map", "0:0=5:3", "--binding-map", "1:2=0:0"],
    ]
    .concat();
    let (code, out, err) = refract(&mapped, wgsl.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("out_1 : register(u5, space3);"), "{out}");
    assert!(out.contains("t : register(t0, space0);"), "{out}");
    assert!(out.contains("s : register(s3, space1);"), "{out}");
    for bad in [
        &["--binding-map", "0:0=5"][..],
        &["--binding-map", "0:0=1:1", "--binding-map", "0:0=2:2"],
    ] {
        let (code, _, err) = refract(&[&args[..], bad].concat(), wgsl.as_bytes());
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert!(err.contains("--binding-map"), "{err}");
    }
}

/// `--verify` verifies after lowering, after every pass and before the back end (what
/// debug builds always do); the output is the same as without it.
#[test]
fn verify_checks_every_step_and_changes_nothing() {
    const SHADER: &str = "@group(0) @binding(0) var<storage, read_write> out: array<f32>;
fn f(x: f32) -> f32 { var s = 0.0; for (var i = 0; i < 4; i++) { s += x * f32(i); } return s; }
@compute @workgroup_size(8) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  out[id.x] = f(out[id.x]) / 3.0;
}
";
    for to in ["spvasm", "wgsl", "hlsl", "ir"] {
        let plain = refract(&["compile", "-", "--to", to, "-O2"], SHADER.as_bytes());
        let verified = refract(
            &["compile", "-", "--to", to, "-O2", "--verify"],
            SHADER.as_bytes(),
        );
        assert_eq!(plain.0, 0, "{to}: {}", plain.2);
        assert_eq!(plain, verified, "{to}");
    }
}
