//! The filecheck harness over `tests/lower/*.wgsl`: WGSL in, the IR that lowering makes
//! out. Each file documents how one part of WGSL maps to the IR.
//!
//! Each file starts with a header line naming what to run:
//!
//! - `// RUN: lower` — check the module (it must be valid), lower it and verify the IR;
//!   the output is the printed IR, which must also print → parse → print to the same
//!   text.
//! - `// RUN: lower-fail` — lowering must fail; the output is one line per diagnostic,
//!   `CODE LINE:COLUMN: message`.
//!
//! Then `// CHECK:`, `// NEXT:` and `// NOT:` lines as in `tests/ir_filecheck.rs`.
//! `BLESS=1 cargo test --test lower_filecheck` rewrites the CHECK/NEXT lines of each
//! failing file from its actual output (keeping NOT lines and everything else).

mod common;

use common::filecheck::{self, diag_lines};
use refract::{ir, lower};
use std::path::Path;

fn run(text: &str) -> Result<Vec<String>, String> {
    let mode = text
        .lines()
        .find_map(|l| filecheck::directive(l, "//", "RUN"))
        .ok_or("no `// RUN:` line")?;
    let (typed, diags) = refract::analyze(text);
    let Some((ast, program)) = typed else {
        return Err(format!(
            "the WGSL is not valid:\n{}",
            diag_lines(text, &diags).join("\n")
        ));
    };
    let lowered = lower::lower(&ast, &program);
    match mode {
        "lower-fail" => match lowered {
            Ok(_) => Err("expected a lowering error, but lowering succeeds".into()),
            Err(d) => Ok(diag_lines(text, &d)),
        },
        "lower" => {
            let m = lowered
                .map_err(|d| format!("lowering failed:\n{}", diag_lines(text, &d).join("\n")))?;
            ir::verify(&m).map_err(|d| {
                format!(
                    "verifier error:\n{}\n{}",
                    diag_lines(text, &d).join("\n"),
                    ir::print(&m)
                )
            })?;
            let printed = ir::print(&m);
            let reparsed = ir::parse(&printed).map_err(|d| {
                format!(
                    "the printed IR does not parse:\n{}\n{printed}",
                    diag_lines(&printed, &d).join("\n")
                )
            })?;
            if ir::print(&reparsed) != printed {
                return Err(format!(
                    "print → parse → print changed the text:\n{printed}\n---\n{}",
                    ir::print(&reparsed)
                ));
            }
            Ok(printed.lines().map(str::to_string).collect())
        }
        other => Err(format!("unknown RUN mode `{other}`")),
    }
}

#[test]
fn lower_files_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lower");
    filecheck::run_dir("lowering filecheck", &root, "wgsl", "//", |_, text| {
        run(text)
    })
    .assert_all_passed();
}

/// The stack a WebAssembly build has: lowering the deepest trees the parser accepts must
/// fit in it (unoptimized builds get more room, their frames are much larger).
fn small_stack() -> usize {
    let unoptimized =
        std::env::current_exe().is_ok_and(|p| p.components().any(|c| c.as_os_str() == "debug"));
    if unoptimized { 16 << 20 } else { 1 << 20 }
}

#[test]
fn the_deepest_accepted_trees_lower_on_a_small_stack() {
    let parens = |n: usize| format!("{}x{}", "(".repeat(n), ")".repeat(n));
    let sources = [
        // Deep expressions inside deep blocks.
        format!(
            "fn f(x: i32) -> i32 {{ {} let y = {}; {} return x; }}",
            "{".repeat(100),
            parens(120),
            "}".repeat(100)
        ),
        // A long `else if` chain: each `else if` nests one level.
        format!(
            "fn f(x: i32) -> i32 {{ if x == 0 {{ return 0; }} {} return 1; }}",
            (1..120)
                .map(|k| format!("else if x == {k} {{ return {k}; }}"))
                .collect::<String>()
        ),
        // Nested loops and short-circuit operators.
        format!(
            "fn f(x: bool) {{ {} {} }}",
            "loop { if x && (x || x) { break; } ".repeat(120),
            "}".repeat(120)
        ),
        // A long chain of `&&`.
        format!(
            "fn f(x: bool) -> bool {{ return {}x; }}",
            "x && ".repeat(120)
        ),
    ];
    for src in sources {
        let head = src[..60.min(src.len())].to_string();
        let r = std::thread::Builder::new()
            .stack_size(small_stack())
            .spawn(move || {
                let (typed, d) = refract::analyze(&src);
                let Some((ast, program)) = typed else {
                    return Err(format!("not valid: {:?}", d.first()));
                };
                let m = lower::lower(&ast, &program).map_err(|d| format!("{:?}", d.first()))?;
                ir::verify(&m).map_err(|d| format!("{:?}", d.first()))
            })
            .expect("spawn")
            .join()
            .expect("no stack overflow");
        assert!(r.is_ok(), "{head}…: {r:?}");
    }
}
