//! Long explanations of diagnostic codes: what `refract explain CODE` prints.
//!
//! The texts live in Markdown files beside this module, one per range of codes:
//! `explain/e0.md` (E0001–E0999), `e1.md` (E1000–E1999), `e3.md` (E3000–E3999) and `e4.md`
//! (E4000–E4999). They are compiled into the CLI with `include_str!`. The WebAssembly
//! package does not carry them (its `.wasm` has a strict size budget): its JS layer gets
//! the same texts from `pkg/explain.js`, which `scripts/explain-data.mjs` generates from
//! these files and from [`codes`] when the package is built.
//!
//! # Format
//!
//! A file is a sequence of sections. A section starts with a level-two heading that is
//! exactly a code (`## E1108`) and runs to the next such heading. Its body is plain
//! Markdown, no HTML: one or more short paragraphs saying what the rule is, why WGSL (the
//! spec's rule, in words) or refract requires it, and how to fix the program; then
//! examples in fenced blocks. Nothing but blank lines may stand before the first heading.
//! An empty file is allowed (a range whose texts are not written yet).
//!
//! # Examples
//!
//! The fenced blocks tagged `wgsl` or `ir` are run by `tests/explain.rs`; blocks in other
//! languages (`sh`, `text`) are only shown. The first line of a run block says what it
//! must do (`//` starts it in WGSL, `;` in IR):
//!
//! - `// error: E1108`: `refract check FILE` reports E1108 (other diagnostics may appear
//!   too, but a minimal example reports only its own code).
//! - `// error: E4551 (compile --to hlsl)`: the parenthesised words are the command and
//!   its options; the test runs `refract compile FILE --to hlsl`. `check` takes options the
//!   same way (`(check --error-limit 1)`).
//! - `// ok`, or `// ok (compile --to hlsl)`: the command succeeds and reports no error.
//! - `; error: E3201` and `; ok` in an `ir` block: the same with `refract ir FILE.ir`
//!   (and optional parenthesised options, `; ok (ir --passes mem2reg)`).
//!
//! Every section has at least one run example that reports its code, except the few codes
//! no source file can produce (an I/O error, a malformed command line), which the test
//! lists with a reason each. What the CLI prints is the code and its one-line meaning from
//! [`codes::ALL`], a blank line, then the section's body.

use super::codes;

/// The explanation files, each with its name (for messages) and text.
pub const FILES: &[(&str, &str)] = &[
    ("e0.md", include_str!("explain/e0.md")),
    ("e1.md", include_str!("explain/e1.md")),
    ("e3.md", include_str!("explain/e3.md")),
    ("e4.md", include_str!("explain/e4.md")),
];

/// One `## CODE` section of an explanation file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    /// The file it is in (`"e1.md"`).
    pub file: &'static str,
    /// The 1-based line of its heading.
    pub line: usize,
    /// The heading's text: the code, if the file is well-formed.
    pub code: &'static str,
    /// The text under the heading, without leading and trailing blank lines.
    pub body: &'static str,
    /// The 1-based line where `body` starts.
    pub body_line: usize,
}

/// Every section of every file, in order. Text before a file's first heading is not part
/// of any section (`tests/explain.rs` checks there is none).
pub fn sections() -> Vec<Section> {
    let mut out = Vec::new();
    for &(file, text) in FILES {
        sections_of(file, text, &mut out);
    }
    out
}

/// The sections of one file. A `## ` line inside a fenced block is not a heading.
fn sections_of(file: &'static str, text: &'static str, out: &mut Vec<Section>) {
    // (heading line number, code, byte offset where the body starts)
    let mut open: Option<(usize, &'static str, usize)> = None;
    let mut in_fence = false;
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        if content.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        if let Some(code) = content.strip_prefix("## ") {
            if let Some((line, code, from)) = open.take() {
                out.push(section(file, line, code, &text[from..start]));
            }
            open = Some((index + 1, code.trim(), offset));
        }
    }
    if let Some((line, code, from)) = open {
        out.push(section(file, line, code, &text[from..]));
    }
}

fn section(file: &'static str, line: usize, code: &'static str, raw: &'static str) -> Section {
    let trimmed = raw.trim_start_matches(['\n', '\r']);
    let skipped = raw[..raw.len() - trimmed.len()].matches('\n').count();
    Section {
        file,
        line,
        code,
        body: trimmed.trim_end(),
        body_line: line + 1 + skipped,
    }
}

/// `code` in canonical form (`E1108`) if it is shaped like a code: `E` or `e` and four
/// digits.
pub fn normalize(code: &str) -> Option<String> {
    let digits = code.strip_prefix(['E', 'e'])?;
    (digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_digit())).then(|| format!("E{digits}"))
}

/// The explanation of a diagnostic code (`E1108` or `e1108`): a first line `E1108: ` and
/// the code's meaning from [`codes::ALL`], a blank line, then its section's text. `None`
/// for a malformed code or one refract does not use. A registered code whose section is
/// not written yet gets the first line alone.
pub fn explain(code: &str) -> Option<String> {
    let code = normalize(code)?;
    let &(code, meaning) = codes::ALL.iter().find(|(c, _)| *c == code)?;
    let head = format!("{code}: {meaning}\n");
    Some(match sections().into_iter().find(|s| s.code == code) {
        Some(s) if !s.body.is_empty() => format!("{head}\n{}\n", s.body),
        _ => head,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_normalized() {
        assert_eq!(normalize("e1108").as_deref(), Some("E1108"));
        assert_eq!(normalize("E0001").as_deref(), Some("E0001"));
        for bad in [
            "", "E", "E110", "E11080", "X1108", "E11a8", "1108", "E１108",
        ] {
            assert_eq!(normalize(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn headings_inside_fences_do_not_start_sections() {
        let text = "\n## E0001\n\nText.\n\n```text\n## E0002\n```\n\n## E0003\nMore.\n";
        let mut out = Vec::new();
        sections_of("t.md", text, &mut out);
        let codes: Vec<_> = out.iter().map(|s| (s.code, s.line)).collect();
        assert_eq!(codes, [("E0001", 2), ("E0003", 10)]);
        assert_eq!(out[0].body, "Text.\n\n```text\n## E0002\n```");
        assert_eq!((out[0].body_line, out[1].body_line), (4, 11));
        assert_eq!(out[1].body, "More.");
    }

    #[test]
    fn unknown_and_malformed_codes_have_no_explanation() {
        assert_eq!(explain("E9999"), None);
        assert_eq!(explain("nonsense"), None);
        let text = explain("e1108").expect("E1108 is registered");
        assert!(text.starts_with("E1108: "), "{text}");
    }
}
