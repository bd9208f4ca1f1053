//! The SPIR-V back end over the IR modules in `tests/spirv/*.ir`.
//!
//! Each file starts with `; RUN: spirv [flags]` (flags: `--spirv-version V`,
//! `--target-env ENV`, `-g`, `--demote-extension`) or `; RUN: spirv-error [flags]`.
//!
//! For `spirv`, the module is parsed, verified, legalized and written, and then:
//! - `spirv-val --target-env ENV` must accept the words;
//! - the disassembly must equal the snapshot `NAME.spvasm` beside the file
//!   (`BLESS=1 cargo test --test spirv_backend` rewrites the snapshots);
//! - `spirv-as --preserve-numeric-ids` must re-assemble the disassembly to the same words;
//! - the file's `; CHECK:` lines must match the disassembly.
//!
//! For `spirv-error`, writing must fail; the output is one `CODE message` line per
//! diagnostic, matched by the CHECK lines.

mod common;

use common::filecheck;
use common::spirv_tools;
use refract::back::spirv::{self, DebugSource, Options};
use refract::ir;
use std::path::Path;

struct Run {
    options: Options,
    expect_error: bool,
}

fn parse_run(text: &str) -> Result<Run, String> {
    let line = text
        .lines()
        .find_map(|l| filecheck::directive(l, ";", "RUN"))
        .ok_or("no `; RUN:` line")?;
    let mut words = line.split_whitespace();
    let expect_error = match words.next() {
        Some("spirv") => false,
        Some("spirv-error") => true,
        other => return Err(format!("unknown RUN mode {other:?}")),
    };
    let (mut version, mut env, mut debug, mut demote) = (None, None, false, false);
    while let Some(w) = words.next() {
        match w {
            "--spirv-version" => version = words.next(),
            "--target-env" => env = words.next(),
            "-g" => debug = true,
            "--demote-extension" => demote = true,
            other => return Err(format!("unknown RUN flag `{other}`")),
        }
    }
    let mut options = Options::from_flags(version, env).map_err(|d| d.message.clone())?;
    options.debug_info = debug;
    options.demote_extension = demote;
    Ok(Run {
        options,
        expect_error,
    })
}

/// Runs one file: the output lines (disassembly, or diagnostics for `spirv-error`).
fn run(path: &Path, text: &str) -> Result<Vec<String>, String> {
    let Run {
        options,
        expect_error,
    } = parse_run(text)?;
    let m = ir::parse(text).map_err(|d| format!("parse error: {}", d[0].message))?;
    ir::verify(&m).map_err(|d| format!("verifier error: {}", d[0].message))?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("test.ir");
    let debug = DebugSource {
        file_name: name,
        text,
    };
    let result = spirv::compile(&m, &options, Some(debug));
    if expect_error {
        return match result {
            Ok(_) => Err("expected the SPIR-V back end to fail, but it wrote the module".into()),
            Err(ds) => Ok(ds
                .iter()
                .map(|d| format!("{} {}", d.code, d.message))
                .collect()),
        };
    }
    let words = result.map_err(|d| format!("{}: {}", d[0].code, d[0].message))?;
    let env = options.target_env.name();
    spirv_tools::validate(&words, env)
        .map_err(|e| format!("spirv-val --target-env {env} rejects the module:\n{e}"))?;
    let asm = spirv::disassemble(&words).map_err(|d| d.message.clone())?;
    let again = spirv_tools::assemble(&asm, &options.version.to_string())
        .map_err(|e| format!("spirv-as rejects the disassembly:\n{e}"))?;
    if !spirv_tools::same_module(&words, &again) {
        return Err("spirv-as re-assembles the disassembly to different words".into());
    }
    let snapshot = path.with_extension("spvasm");
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&snapshot, &asm).map_err(|e| e.to_string())?;
    } else {
        let want = std::fs::read_to_string(&snapshot)
            .map_err(|_| format!("no snapshot {} (BLESS=1 writes it)", snapshot.display()))?;
        if want != asm {
            let first = want
                .lines()
                .zip(asm.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(want.lines().count().min(asm.lines().count()));
            return Err(format!(
                "the disassembly differs from {} at line {}:\n  snapshot: {:?}\n  now:      {:?}",
                snapshot.display(),
                first + 1,
                want.lines().nth(first),
                asm.lines().nth(first)
            ));
        }
    }
    Ok(asm.lines().map(str::to_string).collect())
}

#[test]
fn spirv_modules_validate_and_match_their_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/spirv");
    // The CHECK lines here are hand-picked, so blessing rewrites only the snapshots.
    filecheck::for_each_file("SPIR-V", &dir, "ir", |path, text| {
        run(path, text).and_then(|out| filecheck::check(text, ";", &out))
    })
    .assert_all_passed();
}
