//! The filecheck harness over `tests/ir/**/*.ir`.
//!
//! Each file starts with a header line naming what to run:
//!
//! - `; RUN: verify` — parse and verify; the output is the printed module.
//! - `; RUN: passes p1,p2` — parse, verify, run the passes (verifying after each); the
//!   output is the printed module.
//! - `; RUN: roundtrip` — as `verify`, and the file must already be in printed form: the
//!   printed module equals the file with comments and blank lines removed.
//! - `; RUN: verify-fail` — parse, then verification must fail; the output is one line
//!   per diagnostic, `CODE LINE:COLUMN: message`.
//! - `; RUN: parse-fail` — parsing must fail; the output is the same diagnostic lines.
//!
//! `; CORRUPT: what` lines damage the parsed module before verification, to test rules
//! the text format cannot break (`duplicate-constant`, `detach-unused`, `param-last`).
//!
//! Then `; CHECK: text` finds the next output line containing `text`; `; NEXT: text`
//! requires it on the line right after the previous match; `; NOT: text` requires that no
//! line between the previous match and the next one contains `text`. Blank output lines
//! are ignored.
//!
//! Every module that parses must also print → parse → print to the same text and
//! survive the binary round trip.
//!
//! `BLESS=1 cargo test --test ir_filecheck` rewrites the CHECK/NEXT lines of each failing
//! file from its actual output (keeping NOT lines and everything else).

mod common;

use common::filecheck::{self, diag_lines};
use refract::ir::{self, Opcode, binary};
use refract::passes;
use std::path::Path;

fn directive<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    filecheck::directive(line, ";", key)
}

fn corrupt(m: &mut ir::Module, what: &str) -> Result<(), String> {
    let root = m.root();
    match what {
        "duplicate-constant" => {
            let c = m
                .children(root)
                .find(|&c| m.opcode(c) == Opcode::Constant)
                .ok_or("no constant to duplicate")?;
            let (ty, bits) = (m.ty(c).ok_or("untyped")?, m.literal(c));
            let dup = m.create_constant(ty, bits);
            m.append_child(root, dup);
        }
        "detach-unused" => {
            // What a pass does when it takes an instruction out of its block and drops it
            // instead of removing it: its operands stay in their values' use lists.
            let f = m
                .children(root)
                .find(|&c| m.opcode(c) == Opcode::Func)
                .ok_or("no function")?;
            let entry = m.first_child(f).ok_or("no entry block")?;
            let x = m
                .children(entry)
                .find(|&i| m.num_operands(i) > 0 && !m.has_uses(i) && !m.opcode(i).is_terminator())
                .ok_or("no unused instruction with operands in the entry block")?;
            m.detach(x);
        }
        "param-last" => {
            let f = m
                .children(root)
                .find(|&c| m.opcode(c) == Opcode::Func)
                .ok_or("no function")?;
            let block = m
                .children(f)
                .skip(1)
                .find(|&b| {
                    m.first_child(b)
                        .is_some_and(|p| m.opcode(p) == Opcode::Param)
                })
                .ok_or("no block with parameters")?;
            let p = m.first_child(block).ok_or("empty")?;
            let last = m.last_child(block).ok_or("empty")?;
            m.detach(p);
            m.insert_before(last, p);
        }
        other => return Err(format!("unknown corruption `{other}`")),
    }
    Ok(())
}

/// Runs one file; returns the output lines or an error describing a harness failure.
fn run(path: &Path, text: &str) -> Result<Vec<String>, String> {
    let mode = text
        .lines()
        .find_map(|l| directive(l, "RUN"))
        .ok_or("no `; RUN:` line")?;
    let (verb, arg) = mode.split_once(' ').unwrap_or((mode, ""));
    let parsed = ir::parse(text);
    if verb == "parse-fail" {
        return match parsed {
            Ok(_) => Err("expected a parse error, but the file parses".into()),
            Err(d) => Ok(diag_lines(text, &d)),
        };
    }
    let mut m = parsed.map_err(|d| format!("parse error: {}", diag_lines(text, &d).join("\n")))?;
    // Round trips, on every module that parses.
    let printed = ir::print(&m);
    let reparsed = ir::parse(&printed).map_err(|d| {
        format!(
            "the printed module does not parse: {}\n{printed}",
            diag_lines(&printed, &d).join("\n")
        )
    })?;
    if ir::print(&reparsed) != printed {
        return Err(format!(
            "print → parse → print changed the text:\n{printed}\n---\n{}",
            ir::print(&reparsed)
        ));
    }
    let bytes = binary::serialize(&m);
    let back = binary::deserialize(&bytes).map_err(|d| format!("binary: {}", d.message))?;
    if ir::print(&back) != printed || binary::serialize(&back) != bytes {
        return Err("the binary round trip changed the module".into());
    }
    for line in text.lines() {
        if let Some(what) = directive(line, "CORRUPT") {
            corrupt(&mut m, what)?;
        }
    }
    let verified = ir::verify(&m);
    match verb {
        "verify-fail" => match verified {
            Ok(()) => Err("expected a verifier error, but the module verifies".into()),
            Err(d) => Ok(diag_lines(text, &d)),
        },
        "verify" | "roundtrip" | "passes" => {
            if let Err(d) = verified {
                return Err(format!(
                    "verifier error: {}",
                    diag_lines(text, &d).join("\n")
                ));
            }
            if verb == "passes" {
                let names: Vec<String> = arg
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
                passes::run_pipeline(&mut m, &names)
                    .map_err(|d| format!("pass failure: {:?}", d[0]))?;
            }
            let out = ir::print(&m);
            if verb == "roundtrip" {
                let strip = |s: &str| -> Vec<String> {
                    s.lines()
                        .map(|l| match l.find(';') {
                            Some(k) => l[..k].trim_end().to_string(),
                            None => l.trim_end().to_string(),
                        })
                        .filter(|l| !l.trim().is_empty())
                        .collect()
                };
                let (want, got) = (strip(text), strip(&out));
                if want != got {
                    let first = want
                        .iter()
                        .zip(&got)
                        .position(|(a, b)| a != b)
                        .unwrap_or(want.len().min(got.len()));
                    return Err(format!(
                        "{} is not in printed form; first difference at printed line {}:\n  file:    {:?}\n  printed: {:?}",
                        path.display(),
                        first + 1,
                        want.get(first),
                        got.get(first)
                    ));
                }
            }
            Ok(out.lines().map(str::to_string).collect())
        }
        other => Err(format!("unknown RUN mode `{other}`")),
    }
}

#[test]
fn ir_files_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    filecheck::run_dir("IR filecheck", &root, "ir", ";", run).assert_all_passed();
}

/// Every verifier rule has a file that the verifier rejects naming the rule, and a valid
/// twin that it accepts.
#[test]
fn every_rule_has_a_failing_test_and_a_valid_twin() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir/verify");
    let mut missing = Vec::new();
    for rule in ir::Rule::ALL {
        let bad = dir.join(format!("{}.ir", rule.name()));
        let good = dir.join(format!("{}.ok.ir", rule.name()));
        for (p, must_fail) in [(&bad, true), (&good, false)] {
            match std::fs::read_to_string(p) {
                Err(_) => missing.push(format!("{} is missing", p.display())),
                Ok(t) => {
                    let mode = t.lines().find_map(|l| directive(l, "RUN")).unwrap_or("");
                    if must_fail {
                        let names_rule = t
                            .lines()
                            .filter_map(|l| directive(l, "CHECK"))
                            .any(|c| c.contains(&format!("{}:", rule.name())));
                        if mode != "verify-fail" || !names_rule {
                            missing.push(format!(
                                "{} must be `verify-fail` with a CHECK naming `{}`",
                                p.display(),
                                rule.name()
                            ));
                        }
                    } else if !(mode == "verify" || mode == "roundtrip") {
                        missing.push(format!("{} must be `verify` or `roundtrip`", p.display()));
                    }
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
