//! Many files in one command, on every core: `refract check A B C…` reports each file in
//! the order given (the same bytes as checking them one by one), and `refract compile
//! A B C… --to T --out-dir DIR` writes each input's output to `DIR/NAME.EXT`, the same
//! bytes as compiling it alone. What cannot be named or would be overwritten is refused
//! before anything is compiled.

mod common;

use common::cli::refract;
use std::path::{Path, PathBuf};

/// A fresh folder under the target directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Twelve small programs, some with errors and warnings, written into `dir`.
fn programs(dir: &Path) -> Vec<String> {
    (0..12)
        .map(|k| {
            let body = match k % 4 {
                0 => format!("@compute @workgroup_size({}) fn main() {{}}", k + 1),
                1 => format!("fn f() -> i32 {{ return {k} + true; }}"),
                2 => format!(
                    "@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n@compute @workgroup_size(8) fn main(@builtin(global_invocation_id) id: vec3<u32>) {{ b[id.x] = id.x * {k}u; }}"
                ),
                _ => format!("fn g() {{ let unused = {k}; }}"),
            };
            let path = dir.join(format!("p{k:02}.wgsl"));
            std::fs::write(&path, body).expect("write program");
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn check_reports_many_files_in_the_order_given() {
    let dir = scratch("check-many");
    let files = programs(&dir);
    for format in ["human", "json"] {
        let mut args = vec!["check", "--format", format];
        args.extend(files.iter().map(String::as_str));
        let (code, out, err) = refract(&args, b"");
        assert_eq!(code, 1, "{format}: some programs have errors");
        if format == "human" {
            // The same as each file checked alone, concatenated in order.
            let mut expected = String::new();
            for f in &files {
                expected.push_str(&refract(&["check", f], b"").2);
            }
            assert!(!expected.is_empty());
            assert_eq!(err, expected);
        } else {
            let json: serde_json::Value = serde_json::from_slice(&out).expect("json");
            let named: Vec<&str> = json["diagnostics"]
                .as_array()
                .expect("a list")
                .iter()
                .map(|d| d["file"].as_str().expect("each names its file"))
                .collect();
            let alone: usize = files
                .iter()
                .map(|f| {
                    let out = refract(&["check", "--format", "json", f], b"").1;
                    let v: serde_json::Value = serde_json::from_slice(&out).expect("json");
                    v["diagnostics"].as_array().map_or(0, Vec::len)
                })
                .sum();
            assert!(alone >= 3, "{alone}");
            assert_eq!(named.len(), alone, "{named:?}");
            assert!(
                named.windows(2).all(|w| w[0] <= w[1]),
                "in order: {named:?}"
            );
        }
    }
}

#[test]
fn compile_writes_each_output_named_after_its_input() {
    let dir = scratch("compile-many");
    let files = programs(&dir);
    let valid: Vec<&String> = files
        .iter()
        .enumerate()
        .filter(|(k, _)| k % 4 != 1)
        .map(|(_, f)| f)
        .collect();
    for (to, ext) in [
        ("spirv", "spv"),
        ("wgsl", "wgsl"),
        ("hlsl", "hlsl"),
        ("ir", "ir"),
    ] {
        let out = dir.join(format!("out-{to}"));
        let out_dir = out.to_string_lossy().into_owned();
        let mut args = vec!["compile", "--to", to, "--out-dir", &out_dir];
        args.extend(valid.iter().map(|f| f.as_str()));
        let (code, _, err) = refract(&args, b"");
        assert_eq!(code, 0, "{to}: {err}");
        for f in &valid {
            let name = Path::new(f).file_stem().expect("a name");
            let written = std::fs::read(out.join(name).with_extension(ext)).expect("written");
            let alone = refract(&["compile", f, "--to", to], b"").1;
            assert_eq!(written, alone, "{to} {f}");
        }
    }
    // With errors: each file's diagnostics in order, the worst exit code, and no output
    // for the files that failed.
    let out = dir.join("out-all");
    let out_dir = out.to_string_lossy().into_owned();
    let mut args = vec!["compile", "--to", "wgsl", "--out-dir", &out_dir];
    args.extend(files.iter().map(String::as_str));
    let (code, _, err) = refract(&args, b"");
    assert_eq!(code, 1, "{err}");
    let errors: Vec<usize> = files
        .iter()
        .filter(|f| !refract(&["check", f], b"").2.is_empty())
        .map(|f| err.find(f.as_str()).expect("reported"))
        .collect();
    assert!(errors.windows(2).all(|w| w[0] < w[1]), "{err}");
    assert!(!out.join("p01.wgsl").exists());
    assert!(out.join("p00.wgsl").exists());
}

#[test]
fn compile_refuses_outputs_it_cannot_name_or_would_overwrite() {
    let dir = scratch("compile-refusals");
    let files = programs(&dir);
    let here = dir.to_string_lossy().into_owned();
    let other = dir.join("other");
    std::fs::create_dir_all(&other).expect("folder");
    let twin = other.join("p00.wgsl");
    std::fs::copy(&files[0], &twin).expect("copy");
    let twin = twin.to_string_lossy().into_owned();
    let cases: &[(&[&str], &str)] = &[
        (
            &["compile", "--to", "wgsl", "--out-dir", &here, &files[0]],
            "would overwrite the input",
        ),
        (
            &[
                "compile",
                "--to",
                "spirv",
                "--out-dir",
                "x",
                &files[0],
                &twin,
            ],
            "would both be written to",
        ),
        (
            &["compile", "--to", "spirv", "--out-dir", "x", "-"],
            "has no name",
        ),
        (
            &[
                "compile",
                "--to",
                "spirv",
                "--out-dir",
                "x",
                "-o",
                "y",
                &files[0],
            ],
            "`-o` names one output",
        ),
        (
            &["compile", "--to", "spirv", &files[0], &files[2]],
            "takes exactly one file",
        ),
    ];
    for (args, says) in cases {
        let (code, _, err) = refract(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let source = std::fs::read_to_string(&files[0]).expect("read");
    assert!(source.starts_with("@compute"), "the input is untouched");
    assert!(!Path::new("x").exists());
}
