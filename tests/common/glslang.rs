//! glslang's HLSL front end for the HLSL tests: `glslangValidator -D -V` from Debian's
//! `glslang-tools` (the suites install it). DXC is not available on these machines, so
//! HLSL is checked by compiling it with glslang to SPIR-V and validating that. A test
//! that needs glslang fails loudly when it is missing rather than skipping.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};

/// The path of `glslangValidator`; panics with how to get it.
pub fn tool() -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let p = dir.join("glslangValidator");
        if p.is_file() {
            return p;
        }
    }
    panic!(
        "`glslangValidator` is not installed: the HLSL tests need Debian's `glslang-tools` \
         (scripts/suites/10-cargo.sh installs it, or `apt-get install glslang-tools`)"
    );
}

/// glslang's name of a WGSL stage (`vertex`, `fragment`, `compute`).
pub fn stage_flag(stage: &str) -> &'static str {
    match stage {
        "vertex" => "vert",
        "fragment" => "frag",
        _ => "comp",
    }
}

fn scratch(ext: &str) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("refract-hlsl-{}-{n}.{ext}", std::process::id()))
}

/// Compiles HLSL text with `glslangValidator -D -V --target-env vulkan1.1 -S STAGE -e
/// ENTRY` (plus `extra` flags): the SPIR-V words, or `Err` with what glslang printed.
/// The text goes through a scratch file: glslang 12's `--stdin` refuses `-D` input.
pub fn compile(hlsl: &str, stage: &str, entry: &str, extra: &[&str]) -> Result<Vec<u32>, String> {
    let input = scratch("hlsl");
    let out = scratch("spv");
    std::fs::write(&input, hlsl).expect("write scratch HLSL");
    let result = Command::new(tool())
        .args([
            "-D",
            "-V",
            "--target-env",
            "vulkan1.1",
            "-S",
            stage_flag(stage),
            "-e",
            entry,
        ])
        .args(extra)
        .arg("-o")
        .arg(&out)
        .arg(&input)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("run glslangValidator: {e}"));
    let bytes = std::fs::read(&out);
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&input);
    if !result.status.success() {
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&result.stdout),
            String::from_utf8_lossy(&result.stderr)
        );
        return Err(text);
    }
    let bytes = bytes.map_err(|e| format!("glslang wrote no SPIR-V: {e}"))?;
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// The first error line of glslang's output, without the file name and line number, so
/// that failures group by kind.
pub fn first_error(text: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.starts_with("ERROR:"))
        .unwrap_or_else(|| text.lines().next().unwrap_or(""));
    // "ERROR: <stdin>:12: 'x' : message" → "'x' : message"
    let mut rest = line.trim_start_matches("ERROR:").trim();
    for _ in 0..2 {
        if let Some(i) = rest.find(": ") {
            let head = &rest[..i];
            if head.starts_with('<')
                || head.chars().all(|c| c.is_ascii_digit())
                || head.contains(".hlsl")
            {
                rest = rest[i + 2..].trim();
                continue;
            }
        }
        break;
    }
    rest.to_string()
}
