//! SPIRV-Tools for the SPIR-V tests: `spirv-val` and `spirv-as` from Debian's
//! `spirv-tools` (`scripts/suites/50-spirv.sh` and `10-cargo.sh` install it). A test
//! that needs them fails loudly when they are missing rather than skipping.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The path of a SPIRV-Tools program (looked up once); panics with how to get it.
pub fn tool(name: &str) -> PathBuf {
    static FOUND: Mutex<Vec<(String, PathBuf)>> = Mutex::new(Vec::new());
    let mut found = FOUND.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = found.iter().find(|(n, _)| n == name) {
        return p.clone();
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let p = dir.join(name);
        if p.is_file() {
            found.push((name.to_string(), p.clone()));
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

/// Runs a SPIRV-Tools program with `input` on its stdin: its stdout, or `Err` with what
/// it printed when it fails. Both tools read all their input before writing.
fn run_piped(name: &str, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = Command::new(tool(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run {name}: {e}"));
    let mut stdin = child.stdin.take().expect("piped stdin");
    // A tool that stops reading early fails below with its own message.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("wait for {name}: {e}"));
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// `spirv-val --target-env ENV` on a file: `Err` carries its message.
pub fn validate_file(path: &Path, env: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    run_piped("spirv-val", &["--target-env", env, "-"], &bytes).map(drop)
}

/// `spirv-val` on words.
pub fn validate(words: &[u32], env: &str) -> Result<(), String> {
    run_piped(
        "spirv-val",
        &["--target-env", env, "-"],
        &words_to_bytes(words),
    )
    .map(drop)
}

/// `spirv-as --preserve-numeric-ids --target-env spvX.Y` on text: the words.
pub fn assemble(text: &str, version: &str) -> Result<Vec<u32>, String> {
    let env = format!("spv{version}");
    let args = [
        "--preserve-numeric-ids",
        "--target-env",
        &env,
        "-o",
        "-",
        "-",
    ];
    let bytes = run_piped("spirv-as", &args, text.as_bytes())?;
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
