//! SPIRV-Tools for the SPIR-V tests: `spirv-val` and `spirv-as` from Debian's
//! `spirv-tools` (`scripts/suites/50-spirv.sh` and `10-cargo.sh` install it). A test
//! that needs them fails loudly when they are missing rather than skipping.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// The path of a SPIRV-Tools program; panics with how to get it.
pub fn tool(name: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let p = dir.join(name);
        if p.is_file() {
            return p;
        }
    }
    panic!(
        "`{name}` is not installed: the SPIR-V tests need Debian's `spirv-tools` \
         (run scripts/suites/50-spirv.sh, or `apt-get install spirv-tools`)"
    );
}

fn scratch(ext: &str) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("refract-spirv-{}-{n}.{ext}", std::process::id()))
}

pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Writes the words to a scratch file.
pub fn write_words(words: &[u32]) -> PathBuf {
    let p = scratch("spv");
    std::fs::write(&p, words_to_bytes(words)).expect("write scratch SPIR-V");
    p
}

/// `spirv-val --target-env ENV` on a file: `Err` carries its message.
pub fn validate_file(path: &Path, env: &str) -> Result<(), String> {
    let out = Command::new(tool("spirv-val"))
        .args(["--target-env", env])
        .arg(path)
        .output()
        .expect("run spirv-val");
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// `spirv-val` on words.
pub fn validate(words: &[u32], env: &str) -> Result<(), String> {
    let p = write_words(words);
    let r = validate_file(&p, env);
    let _ = std::fs::remove_file(&p);
    r
}

/// `spirv-as --preserve-numeric-ids --target-env spvX.Y` on text: the words.
pub fn assemble(text: &str, version: &str) -> Result<Vec<u32>, String> {
    let src = scratch("spvasm");
    let dst = scratch("spv");
    std::fs::write(&src, text).expect("write scratch assembly");
    let out = Command::new(tool("spirv-as"))
        .args(["--preserve-numeric-ids", "--target-env"])
        .arg(format!("spv{version}"))
        .arg(&src)
        .arg("-o")
        .arg(&dst)
        .output()
        .expect("run spirv-as");
    let _ = std::fs::remove_file(&src);
    if !out.status.success() {
        let _ = std::fs::remove_file(&dst);
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let bytes = std::fs::read(&dst).expect("read assembled words");
    let _ = std::fs::remove_file(&dst);
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// Whether two modules are the same words but for the generator (word 2), which names
/// the tool that wrote each.
pub fn same_module(a: &[u32], b: &[u32]) -> bool {
    a.len() == b.len()
        && a.len() >= 5
        && a.iter()
            .zip(b)
            .enumerate()
            .all(|(k, (x, y))| k == 2 || x == y)
}
