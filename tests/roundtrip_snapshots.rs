//! Snapshots of the whole round trip: each `tests/roundtrip/NAME.wgsl` is compiled to the
//! IR (`-O1`, saved as `NAME.ir`) and to WGSL (saved as `NAME.out.wgsl`), and both must
//! match the saved text. The WGSL output must also be accepted by refract's `check` and by
//! naga, and compiling it again must give the same text (the round trip is a fixpoint).
//!
//! `BLESS=1 cargo test --test roundtrip_snapshots` rewrites the snapshots. Each input
//! opens with a comment saying what it pins down; most are reductions of corpus files
//! whose round trip once failed. An input whose opening comment has the line
//! `// ROUNDTRIP: -O2` goes through the whole round trip (both compiles) at `-O2`.

mod common;

use common::wgsl_check::check;
use refract::{Output, Target};
use std::path::{Path, PathBuf};

fn compile(source: &str, target: Target, opt_level: u8) -> Result<String, String> {
    let mut options = refract::Options::new(target);
    options.opt_level = opt_level;
    let r = refract::compile(source, &options);
    match r.output {
        Some(Output::Text(t)) if r.ok() => Ok(t),
        _ => Err(r
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.code, d.message))
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

/// The optimization level an input asks for: `-O2` when its opening comment says
/// `// ROUNDTRIP: -O2`, else the default `-O1`.
fn opt_level(source: &str) -> u8 {
    let asks = source
        .lines()
        .take_while(|l| l.starts_with("//"))
        .any(|l| l.trim() == "// ROUNDTRIP: -O2");
    if asks { 2 } else { 1 }
}

fn inputs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/roundtrip");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.ends_with(".wgsl") && !name.ends_with(".out.wgsl")
        })
        .collect();
    files.sort();
    files
}

/// Compares `got` with the snapshot at `path`, or writes it when blessing.
fn snapshot(path: &Path, got: &str, blessing: bool, failures: &mut Vec<String>) {
    if blessing {
        std::fs::write(path, got).expect("write snapshot");
        return;
    }
    match std::fs::read_to_string(path) {
        Ok(want) if want == got => {}
        Ok(want) => failures.push(format!(
            "{} differs\n--- expected ---\n{want}--- got ---\n{got}",
            path.display()
        )),
        Err(_) => failures.push(format!("no snapshot {} (run with BLESS=1)", path.display())),
    }
}

#[test]
fn round_trip_snapshots() {
    let files = inputs();
    assert!(files.len() >= 24, "expected the round-trip inputs");
    let blessing = std::env::var("BLESS").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    for path in &files {
        let name = path.display().to_string();
        let source = std::fs::read_to_string(path).expect("read");
        if let Some(d) = refract::check(&source)
            .iter()
            .find(|d| d.severity == refract::Severity::Error)
        {
            failures.push(format!("{name}: the input is not valid: {}", d.message));
            continue;
        }
        let opt = opt_level(&source);
        let ir = match compile(&source, Target::Ir, opt) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{name}: --to ir fails: {e}"));
                continue;
            }
        };
        snapshot(&path.with_extension("ir"), &ir, blessing, &mut failures);
        let out = match compile(&source, Target::Wgsl, opt) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{name}: --to wgsl fails: {e}"));
                continue;
            }
        };
        snapshot(
            &path.with_extension("out.wgsl"),
            &out,
            blessing,
            &mut failures,
        );
        if let Some(d) = refract::check(&out)
            .iter()
            .find(|d| d.severity == refract::Severity::Error)
        {
            failures.push(format!("{name}: check rejects the output: {}", d.message));
        }
        if let Err(e) = check(&out) {
            failures.push(format!("{name}: {e}"));
        }
        match compile(&out, Target::Wgsl, opt) {
            Ok(again) if again == out => {}
            Ok(again) => failures.push(format!(
                "{name}: not a fixpoint\n--- first ---\n{out}--- second ---\n{again}"
            )),
            Err(e) => failures.push(format!("{name}: the output does not compile: {e}")),
        }
    }
    println!(
        "round-trip snapshots: {} inputs, {} failures",
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
