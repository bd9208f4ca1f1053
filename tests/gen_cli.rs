//! `refract run` and `refract compile --to gen|gen-ir` from the command line.

use std::process::Command;

fn refract(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_refract"))
        .args(args)
        .output()
        .expect("run refract");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("refract-gen-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

const SHADER: &str = "@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@group(0) @binding(1) var<storage, read> inp: array<i32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    out[g.x] = f32(inp[g.x % 4u]) * 0.5;
}";

#[test]
fn run_prints_buffers_typed_by_their_element() {
    let file = temp("run.wgsl", SHADER);
    let inp: Vec<u8> = [3i32, -2, 7, 0]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    let inp_file = temp("inp.bin", "");
    std::fs::write(&inp_file, inp).unwrap();
    let (code, out, err) = refract(&[
        "run",
        &file,
        "--entry",
        "main",
        "--dispatch",
        "2,1,1",
        "--buffer",
        "0:0=zeros:32",
        "--buffer",
        &format!("0:1={inp_file}"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        r#"{"0:0": [1.5,-1,3.5,0,1.5,-1,3.5,0], "0:1": [3,-2,7,0]}"#
    );
    // A binding not given is zero-filled at its minimum size (one element here).
    let (code, out, _) = refract(&[
        "run",
        &file,
        "--entry",
        "main",
        "--dispatch",
        "1,1,1",
        "--gen-simd",
        "8",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains(r#""0:1": [0]"#), "{out}");
}

#[test]
fn run_writes_files_with_out() {
    let file = temp("run2.wgsl", SHADER);
    let dir = std::env::temp_dir().join(format!("refract-gen-cli-out-{}", std::process::id()));
    let (code, _, err) = refract(&[
        "run",
        &file,
        "--entry",
        "main",
        "--dispatch",
        "1,1,1",
        "--buffer",
        "0:0=zeros:16",
        "--out",
        &dir.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(dir.join("0-0.bin")).unwrap().len(), 16);
}

#[test]
fn run_rejects_bad_input_with_a_diagnostic() {
    let file = temp("run3.wgsl", SHADER);
    let (code, _, err) = refract(&[
        "run",
        &file,
        "--entry",
        "main",
        "--dispatch",
        "1,1,1",
        "--buffer",
        "3:9=zeros:4",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("E4604"), "{err}");
    let (code, _, _) = refract(&["run", &file, "--entry", "main", "--dispatch", "x"]);
    assert_eq!(code, 2);
}

#[test]
fn compile_to_gen_and_gen_ir() {
    let file = temp("c.wgsl", SHADER);
    let (code, asm, err) = refract(&["compile", &file, "--to", "gen"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        asm.contains("// kernel main simd16") && asm.contains("send (16)"),
        "{asm}"
    );
    let (code, ir, _) = refract(&["compile", &file, "--to", "gen-ir", "--gen-simd", "8"]);
    assert_eq!(code, 0);
    assert!(
        ir.contains("kernel @main compute") && ir.contains("// main: simd8"),
        "{ir}"
    );
    let (code, _, err) = refract(&["compile", &file, "--to", "gen", "--gen-simd", "32"]);
    assert_eq!(code, 1);
    assert!(err.contains("E4602"), "{err}");
}

/// Overrides get their values before the kernel is compiled, as at pipeline creation:
/// a workgroup size and a workgroup array sized by override-expressions, and an override
/// without a default, which needs a value.
#[test]
fn run_takes_override_values() {
    let file = temp(
        "overrides.wgsl",
        "override n: u32;
override scale: f32 = 2.0;
@id(3) override wg: u32 = 4u;
@group(0) @binding(0) var<storage, read_write> out: array<f32, 16>;
var<workgroup> tile: array<f32, wg * 2u>;
@compute @workgroup_size(wg) fn main(@builtin(local_invocation_index) i: u32) {
    tile[i] = f32(i) * scale;
    workgroupBarrier();
    if i < n { out[i] = tile[i] + f32(n); }
}",
    );
    let run = |extra: &[&str]| {
        let mut args = vec!["run", file.as_str(), "--entry", "main", "--dispatch", "1"];
        args.extend_from_slice(extra);
        refract(&args)
    };
    let (code, out, err) = run(&["--override", "n=3"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), r#"{"0:0": [3,5,7,0,0,0,0,0,0,0,0,0,0,0,0,0]}"#);
    // By @id and by name; the workgroup grows to 8 invocations and the array with it.
    let (code, out, err) = run(&[
        "--override",
        "3=8",
        "--override",
        "n=6",
        "--override",
        "scale=0.5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        r#"{"0:0": [6,6.5,7,7.5,8,8.5,0,0,0,0,0,0,0,0,0,0]}"#
    );
    // Without a value for `n` there is no pipeline to run: E4605, at the override.
    let (code, _, err) = run(&[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("error[E4605]: override `n` has no value"),
        "{err}"
    );
    assert!(err.contains("override n: u32;"), "{err}");
    // The same for `compile --to gen`, which bakes the values given.
    let (code, out, err) = refract(&["compile", &file, "--to", "gen", "--override", "n=3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("workgroup_size(4, 1, 1)"), "{out}");
    let (code, out, err) = refract(&[
        "compile",
        &file,
        "--to",
        "gen",
        "--override",
        "n=3",
        "--override",
        "wg=2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("workgroup_size(2, 1, 1)"), "{out}");
    // Without it, the kernel compiles and reads `n` at dispatch, as a pushed argument.
    let (code, out, err) = refract(&["compile", &file, "--to", "gen"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("= override n\n"), "{out}");
    // Unknown names are refused as `compile` refuses them.
    let (code, _, err) = run(&["--override", "nope=1"]);
    assert_eq!(code, 1);
    assert!(err.contains("E4004"), "{err}");
}
