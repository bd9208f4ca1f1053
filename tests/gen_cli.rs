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
