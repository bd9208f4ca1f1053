//! Snapshot tests of syntax-error messages.
//!
//! Each `tests/snapshots/syntax-errors/NAME.wgsl` is a broken program; beside it,
//! `NAME.stderr` holds the diagnostics exactly as `refract check` renders them for a
//! person. The test fails on any difference, printing the new rendering. After a deliberate
//! change, `BLESS=1 cargo test --test syntax_errors` rewrites the expected files.
//!
//! Every snapshot must report at least one error, and every diagnostic code it shows must
//! be registered.

use std::path::Path;

#[test]
fn syntax_error_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/syntax-errors");
    let bless = std::env::var_os("BLESS").is_some();
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/snapshots/syntax-errors exists")
        .map(|e| e.expect("readable directory").path())
        .filter(|p| p.extension().is_some_and(|e| e == "wgsl"))
        .collect();
    inputs.sort();
    assert!(
        inputs.len() >= 30,
        "expected at least 30 snapshots, found {}",
        inputs.len()
    );

    let mut mismatches = Vec::new();
    for input in &inputs {
        let source = std::fs::read_to_string(input).expect("snapshot input is UTF-8");
        let name = input.file_name().unwrap().to_string_lossy().to_string();
        let diagnostics = refract::check(&source);
        assert!(
            diagnostics.iter().any(|d| d.is_error()),
            "{name}: a syntax-error snapshot must report an error"
        );
        for d in &diagnostics {
            assert!(
                refract::diag::codes::ALL.iter().any(|(c, _)| *c == d.code),
                "{name}: unregistered code {}",
                d.code
            );
        }
        let rendered = refract::diag::render_human(&name, &source, &diagnostics);
        let expected_path = input.with_extension("stderr");
        if bless {
            std::fs::write(&expected_path, &rendered).expect("can write snapshot");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != rendered {
            mismatches.push(format!(
                "--- {} (expected)\n{expected}\n+++ (actual)\n{rendered}",
                expected_path.display()
            ));
        }
    }
    println!("syntax-error snapshots: {} checked", inputs.len());
    assert!(
        mismatches.is_empty(),
        "{} snapshot(s) differ (BLESS=1 to accept):\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
