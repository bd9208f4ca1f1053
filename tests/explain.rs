//! The diagnostic explanations (`src/diag/explain/*.md`, `refract explain CODE`): every
//! registered code has exactly one section, no section names an unknown code, and every
//! example does what its first line declares, run through the built `refract` binary.
//! The format and the example rules are in `src/diag/explain.rs`'s module documentation.

mod common;

use common::cli;
use refract::diag::codes;
use refract::diag::explain::{self, Section};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Code ranges (code prefixes) whose explanations are being written on another branch:
/// their codes may still lack a section here. The lead empties this list when those
/// branches are merged (`e3.md` and `e4.md` from branch `explain2`); the test fails while a
/// listed range is already complete, so the list cannot outlive its reason.
const PENDING_RANGES: &[&str] = &[];

/// Codes no source file can produce, so their sections need no run example that reports
/// them. Each with its reason; keep this list as short as it honestly can be.
const NO_RUN_EXAMPLE: &[(&str, &str)] = &[
    (
        codes::TRANSFORM_UNSUPPORTED,
        "no short example known: the one it had (an entry point's undecorated parameter) meets the verifier's E3229 first",
    ),
    (
        codes::SPIRV_MALFORMED_IR,
        "a safety net: IR that would reach it meets the verifier's E3229 first",
    ),
    (
        codes::GEN_MALFORMED_IR,
        "a safety net: IR that would reach it meets the verifier's E3229 first",
    ),
    (
        codes::IO,
        "an unreadable or unwritable file, not a source's content",
    ),
    (
        codes::USAGE,
        "a malformed command line, not a source's content",
    ),
    (codes::SOURCE_TOO_LARGE, "a source of 4 GiB or more"),
    (
        codes::SOURCE_PAST_LIMIT,
        "a source past 16 MiB (tests/hostile.rs runs one)",
    ),
    (
        codes::INVALID_UTF8,
        "bytes that are not UTF-8, which a Markdown example cannot hold",
    ),
    (
        codes::INTERNAL,
        "a trap in the WebAssembly package, a bug with no reproducer to show",
    ),
    (
        codes::BYTE_ORDER_MARK,
        "a byte order mark must come before the example's `// error:` line",
    ),
    (
        codes::CONST_NOT_REPRESENTABLE,
        "a safety net: E1100, E1102, E1103 or E1300 come first",
    ),
    (
        codes::LAYOUT,
        "a safety net: under the standard layout only `@align` can misalign, and E1502 comes first",
    ),
    (
        codes::IR_BINARY_VERSION,
        "binary IR: a block starting with `; error:` cannot start with `RFIR`",
    ),
    (
        codes::IR_BINARY_MALFORMED,
        "binary IR: a block starting with `; error:` cannot start with `RFIR`",
    ),
    (
        codes::LINK_DUPLICATE_SYMBOL,
        "two modules export a symbol, and an example is one file",
    ),
    (
        codes::LINK_TYPE_MISMATCH,
        "an import and its export are in two modules, and an example is one file",
    ),
    (
        codes::VERIFY_PARAMS_FIRST,
        "the text form cannot express it: parameters sit in the block label",
    ),
    (
        codes::VERIFY_HOISTING,
        "the text form cannot express it: the parser merges identical constants",
    ),
    (
        codes::VERIFY_USE_LISTS,
        "the text form cannot express it: use lists belong to the arena",
    ),
    (
        codes::PASS_BROKE_IR,
        "a pass bug, or verifier errors on binary IR input (text input keeps its E32xx codes)",
    ),
    (
        codes::LOWER_LIMIT,
        "a safety net: E1120 rejects every type over 2^32 - 1 bytes first",
    ),
    (
        codes::LOWER_INTERNAL,
        "an internal bug: lowering only sees checked programs",
    ),
    (
        codes::RAISE_MALFORMED,
        "an internal bug: the back ends only see verified IR",
    ),
    (
        codes::TRANSFORM_MALFORMED_IR,
        "an internal bug: the back ends only see verified IR",
    ),
    (
        codes::SPIRV_BAD_BINARY,
        "an internal bug: the disassembler only reads refract's own output",
    ),
    (
        codes::RAISE_TOO_DEEP,
        "256 nested `if`s: about 1,000 lines, too long to show",
    ),
    (
        codes::SPIRV_LIMIT,
        "about 65,000 array elements or switch cases",
    ),
    (
        codes::HLSL_BAD_OPTION,
        "a bad `--shader-model` is a usage error (exit 2) on the command line",
    ),
    (
        codes::GEN_RUN_BUDGET,
        "only `refract run` reports it (after 200M instructions); examples run check, compile or ir",
    ),
    (
        codes::GEN_RUN_INPUT,
        "only `refract run` reports it; examples run check, compile or ir",
    ),
    (
        codes::GEN_OVERRIDE_WITHOUT_VALUE,
        "only `refract run` reports it (a kernel reads such an override at dispatch); examples run check, compile or ir",
    ),
];

/// What an example's first line declares.
#[derive(Debug)]
enum Expect {
    Error(String),
    Ok,
}

/// A run example: a fenced `wgsl` or `ir` block.
#[derive(Debug)]
struct Example {
    section: String,
    /// Where it is, for messages: `e1.md:123`.
    at: String,
    lang: &'static str,
    expect: Expect,
    /// The command and its options: `["check"]`, `["compile", "--to", "hlsl"]`.
    command: Vec<String>,
    text: String,
}

/// The fenced blocks of a section: (language, first line number, text).
fn fenced_blocks(section: &Section) -> Vec<(String, usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, usize, String)> = None;
    let first_line = section.body_line;
    for (i, line) in section.body.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut open {
            None => {
                if let Some(lang) = trimmed.strip_prefix("```") {
                    open = Some((lang.trim().to_string(), first_line + i + 1, String::new()));
                }
            }
            Some((lang, start, text)) => {
                if trimmed.starts_with("```") {
                    blocks.push((std::mem::take(lang), *start, std::mem::take(text)));
                    open = None;
                } else {
                    text.push_str(line);
                    text.push('\n');
                }
            }
        }
    }
    assert!(
        open.is_none(),
        "{}:{}: section {} has an unclosed fence",
        section.file,
        section.line,
        section.code
    );
    blocks
}

/// Parses a run block's first line: `// error: E1108`, `// ok`, each with an optional
/// `(command options…)`; `;` instead of `//` in IR.
fn parse_directive(lang: &'static str, first: &str) -> Result<(Expect, Vec<String>), &'static str> {
    let comment = if lang == "ir" { ";" } else { "//" };
    let rest = first
        .trim()
        .strip_prefix(comment)
        .ok_or("the first line must be a comment: `error: CODE` or `ok`")?
        .trim();
    let (what, command) = match rest.split_once('(') {
        Some((what, args)) => {
            let args = args
                .strip_suffix(')')
                .ok_or("the command's `(` has no closing `)` at the end of the line")?;
            let words: Vec<String> = args.split_whitespace().map(String::from).collect();
            if words.is_empty() {
                return Err("empty `()`: name the command");
            }
            (what.trim(), words)
        }
        None => {
            let default = if lang == "ir" { "ir" } else { "check" };
            (rest, vec![default.to_string()])
        }
    };
    let expect = if what == "ok" {
        Expect::Ok
    } else if let Some(code) = what.strip_prefix("error:") {
        Expect::Error(code.trim().to_string())
    } else {
        return Err("the first line must say `error: CODE` or `ok`");
    };
    Ok((expect, command))
}

/// The run examples of every section; malformed ones are added to `problems`.
fn examples(sections: &[Section], problems: &mut Vec<String>) -> Vec<Example> {
    let mut out = Vec::new();
    for section in sections {
        for (lang, line, text) in fenced_blocks(section) {
            let at = format!("{}:{}", section.file, line);
            let lang = match lang.as_str() {
                "wgsl" => "wgsl",
                "ir" => "ir",
                "" => {
                    problems.push(format!("{at}: a fenced block without a language"));
                    continue;
                }
                _ => continue, // shown, not run
            };
            let first = text.lines().next().unwrap_or("");
            match parse_directive(lang, first) {
                Ok((expect, command)) => out.push(Example {
                    section: section.code.to_string(),
                    at,
                    lang,
                    expect,
                    command,
                    text,
                }),
                Err(why) => problems.push(format!("{at}: `{first}`: {why}")),
            }
        }
    }
    out
}

/// Runs one example; `Err` says how it misbehaved.
fn run(example: &Example, dir: &std::path::Path, index: usize) -> Result<(), String> {
    let ext = if example.lang == "ir" { "ir" } else { "wgsl" };
    let path: PathBuf = dir.join(format!("example-{index}.{ext}"));
    std::fs::write(&path, &example.text).map_err(|e| format!("write {path:?}: {e}"))?;
    let file = path.to_str().expect("a UTF-8 temporary path");
    let mut args: Vec<&str> = vec![example.command[0].as_str(), file];
    args.extend(example.command[1..].iter().map(String::as_str));
    args.extend(["--format", "json"]);
    let (status, stdout, stderr) = cli::refract_text(&args, b"");
    let command = format!("refract {}", args.join(" "));
    if status != 0 && status != 1 {
        return Err(format!("`{command}` exited with {status}: {stderr}"));
    }
    // The JSON report is one line, on stdout for `check` and `ir` and on stderr for
    // `compile` (whose stdout is the compiled code): take it from wherever it is.
    let mut diagnostics: Vec<(String, String)> = Vec::new();
    for line in stdout.lines().chain(stderr.lines()) {
        if !line.starts_with("{\"diagnostics\":") {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| format!("`{command}` printed a malformed JSON report ({e}): {line}"))?;
        let list = value["diagnostics"]
            .as_array()
            .ok_or_else(|| format!("`{command}`: no diagnostics list in {line}"))?;
        diagnostics.extend(list.iter().map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["severity"].as_str().unwrap_or("").to_string(),
            )
        }));
    }
    let summary = || {
        diagnostics
            .iter()
            .map(|(c, s)| format!("{c} ({s})"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &example.expect {
        Expect::Ok => {
            if status != 0 || diagnostics.iter().any(|(_, s)| s == "error") {
                return Err(format!(
                    "declared ok, but `{command}` exited with {status} reporting [{}]",
                    summary()
                ));
            }
        }
        Expect::Error(code) => {
            if !diagnostics.iter().any(|(c, _)| c == code) {
                return Err(format!(
                    "declared to report {code}, but `{command}` exited with {status} reporting [{}]",
                    summary()
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn every_code_has_one_explanation_and_every_example_behaves_as_declared() {
    let sections = explain::sections();
    let registered: BTreeMap<&str, &str> = codes::ALL.iter().copied().collect();
    let mut problems = Vec::new();

    // Nothing but blank lines before a file's first section.
    for (file, text) in explain::FILES {
        let before = text.split("\n## ").next().unwrap_or("");
        if !text.starts_with("## ") && !before.trim().is_empty() {
            problems.push(format!("{file}: text before the first `## CODE` heading"));
        }
    }

    // Each section names a registered code, in its file's range, once, and has a body.
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for s in &sections {
        let at = format!("{}:{}", s.file, s.line);
        if !registered.contains_key(s.code) {
            problems.push(format!("{at}: `## {}` names no registered code", s.code));
            continue;
        }
        let range_file = format!("e{}.md", &s.code[1..2]);
        if s.file != range_file {
            problems.push(format!("{at}: {} belongs in {range_file}", s.code));
        }
        if !seen.insert(s.code) {
            problems.push(format!("{at}: a second section for {}", s.code));
        }
        if s.body.is_empty() {
            problems.push(format!("{at}: the section for {} is empty", s.code));
        }
    }

    // Every registered code has a section, but those of the ranges still being written.
    let pending = |code: &str| PENDING_RANGES.iter().any(|p| code.starts_with(p));
    for &(code, _) in codes::ALL {
        if !seen.contains(code) && !pending(code) {
            problems.push(format!("{code} has no explanation"));
        }
    }
    for prefix in PENDING_RANGES {
        let in_range: Vec<&str> = registered
            .keys()
            .copied()
            .filter(|c| c.starts_with(prefix))
            .collect();
        if !in_range.is_empty() && in_range.iter().all(|c| seen.contains(c)) {
            problems.push(format!(
                "every {prefix}xxx code is explained: remove \"{prefix}\" from PENDING_RANGES"
            ));
        }
    }

    // The exemptions are registered codes, each listed once.
    let mut exempt = BTreeSet::new();
    for (code, reason) in NO_RUN_EXAMPLE {
        if !registered.contains_key(code) || reason.is_empty() || !exempt.insert(*code) {
            problems.push(format!("NO_RUN_EXAMPLE: bad entry {code}"));
        }
    }

    // Run every example.
    let examples = examples(&sections, &mut problems);
    let dir = std::env::temp_dir().join(format!("refract-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create a temporary folder");
    let (mut errors, mut oks) = (0, 0);
    let mut reported: BTreeSet<String> = BTreeSet::new();
    for (i, example) in examples.iter().enumerate() {
        if let Err(why) = run(example, &dir, i) {
            problems.push(format!(
                "{} (section {}): {why}",
                example.at, example.section
            ));
            continue;
        }
        match &example.expect {
            Expect::Ok => oks += 1,
            Expect::Error(code) => {
                errors += 1;
                if *code == example.section {
                    reported.insert(code.clone());
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);

    // Every section shows its own code, but the exempt ones, which cannot.
    for s in &sections {
        let shown = reported.contains(s.code);
        if !shown && !exempt.contains(s.code) {
            problems.push(format!(
                "{}:{}: no example that reports {} (`// error: {}` and a program that produces it)",
                s.file, s.line, s.code, s.code
            ));
        }
        if shown && exempt.contains(s.code) {
            problems.push(format!(
                "{} has an example that reports it: remove it from NO_RUN_EXAMPLE",
                s.code
            ));
        }
    }

    let pending_count = codes::ALL
        .iter()
        .filter(|(c, _)| pending(c) && !seen.contains(c))
        .count();
    eprintln!(
        "explain: {} sections for {} registered codes ({} pending in {:?}, {} exempt from run \
         examples); {} examples run: {} report their error, {} ok",
        sections.len(),
        codes::ALL.len(),
        pending_count,
        PENDING_RANGES,
        exempt.len(),
        errors + oks,
        errors,
        oks
    );
    assert!(
        problems.is_empty(),
        "{} problems with the explanations:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(errors > 0 && oks > 0, "no example ran");
}

#[test]
fn the_cli_prints_explanations_and_rejects_unknown_codes() {
    let sections = explain::sections();
    let section = sections
        .iter()
        .find(|s| s.code == codes::INVALID_ADDRESS_OF)
        .expect("E1108 is explained");
    let meaning = codes::ALL
        .iter()
        .find(|(c, _)| *c == codes::INVALID_ADDRESS_OF)
        .unwrap()
        .1;
    let expected = format!("E1108: {meaning}\n\n{}\n", section.body);
    for spelling in ["E1108", "e1108"] {
        let (status, out, err) = cli::refract_text(&["explain", spelling], b"");
        assert_eq!(status, 0, "{err}");
        assert_eq!(out, expected);
        assert_eq!(
            explain::explain(spelling).as_deref(),
            Some(expected.as_str())
        );
    }
    for bad in ["E9999", "E110", "hello", "E11088"] {
        let (status, out, err) = cli::refract_text(&["explain", bad], b"");
        assert_eq!(status, 2, "`refract explain {bad}`: {out}");
        assert!(out.is_empty() && err.contains(bad), "{bad}: {err}");
        assert_eq!(explain::explain(bad), None);
    }
    let (status, _, err) = cli::refract_text(&["explain"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("one diagnostic code"), "{err}");
    let (_, usage, _) = cli::refract_text(&["--help"], b"");
    assert!(usage.contains("refract explain CODE"), "{usage}");
}
