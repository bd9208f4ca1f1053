//! Snapshots of HLSL output, for a person to read: each `tests/hlsl/NAME.wgsl` (inputs
//! written for HLSL's differences) and each `tests/roundtrip/NAME.wgsl` (the language
//! features the round trip pins down) is compiled to HLSL, Shader Model 6.2, the whole
//! module at once, and must match `tests/hlsl/NAME.hlsl`. Every entry point of the text
//! must then compile with glslang's HLSL front end (`glslangValidator -D -V`, DXC's
//! stand-in here) and its SPIR-V pass `spirv-val`.
//!
//! `BLESS=1 cargo test --test hlsl_snapshots` rewrites the snapshots.

mod common;

use common::{glslang, spirv_tools};
use std::path::{Path, PathBuf};

/// Inputs the HLSL back end refuses today, with the code it must answer (none: overrides
/// computed from others are baked since `bake-overrides`).
const REFUSED: &[(&str, &str)] = &[];

fn inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = Vec::new();
    for dir in ["hlsl", "roundtrip"] {
        let dir = root.join(dir);
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        for e in entries {
            let p = e.expect("dir entry").path();
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            if name.ends_with(".wgsl") && !name.ends_with(".out.wgsl") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// `(stage, name)` of each entry point: the attribute, then the next `fn NAME`.
fn entry_points(source: &str) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for (attr, stage) in [
        ("@compute", "compute"),
        ("@vertex", "vertex"),
        ("@fragment", "fragment"),
    ] {
        for (at, _) in source.match_indices(attr) {
            let rest = &source[at..];
            if let Some(f) = rest.find("fn ") {
                let name: String = rest[f + 3..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push((stage, name));
            }
        }
    }
    out
}

#[test]
fn hlsl_snapshots() {
    let files = inputs();
    assert!(files.len() >= 30, "expected the HLSL and round-trip inputs");
    let blessing = std::env::var("BLESS").is_ok_and(|v| v == "1");
    let out_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hlsl");
    let mut failures = Vec::new();
    let (mut checked, mut entries) = (0, 0);
    for path in &files {
        let stem = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let source = std::fs::read_to_string(path).expect("read");
        let mut options = refract::Options::new(refract::Target::Hlsl);
        options.hlsl.shader_model = refract::back::hlsl::ShaderModel::V6_2;
        let result = refract::compile(&source, &options);
        if let Some((_, code)) = REFUSED.iter().find(|(n, _)| *n == stem) {
            if result.ok() || !result.diagnostics.iter().any(|d| d.code == *code) {
                failures.push(format!(
                    "{stem}: expected a refusal with {code}; update REFUSED"
                ));
            }
            continue;
        }
        let hlsl = match result.output {
            Some(refract::Output::Text(t)) if result.ok() => t,
            _ => {
                let why: Vec<String> = result
                    .diagnostics
                    .iter()
                    .map(|d| format!("{} {}", d.code, d.message))
                    .collect();
                failures.push(format!(
                    "{}: --to hlsl fails: {}",
                    path.display(),
                    why.join("; ")
                ));
                continue;
            }
        };
        checked += 1;
        let snap = out_dir.join(format!("{stem}.hlsl"));
        if blessing {
            std::fs::write(&snap, &hlsl).expect("write snapshot");
        } else {
            match std::fs::read_to_string(&snap) {
                Ok(want) if want == hlsl => {}
                Ok(want) => failures.push(format!(
                    "{} differs\n--- expected ---\n{want}--- got ---\n{hlsl}",
                    snap.display()
                )),
                Err(_) => {
                    failures.push(format!("no snapshot {} (run with BLESS=1)", snap.display()))
                }
            }
        }
        for (stage, name) in entry_points(&source) {
            entries += 1;
            let entry = refract::back::hlsl::entry_point_name(&name);
            match glslang::compile(&hlsl, stage, &entry, &[]) {
                Ok(words) => {
                    if let Err(e) = spirv_tools::validate(&words, "vulkan1.1") {
                        failures.push(format!("{stem} {name}: spirv-val: {e}"));
                    }
                }
                Err(e) => failures.push(format!("{stem} {name}: glslang: {e}")),
            }
        }
    }
    println!(
        "hlsl snapshots: {checked} of {} inputs, {entries} entry points through glslang + spirv-val",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
