//! Filecheck matching shared by the `.ir` harnesses: `; CHECK:`, `; NEXT:` and `; NOT:`
//! lines of a test file against output lines, and blessing (rewriting the CHECK/NEXT
//! lines from the actual output).

#![allow(dead_code)]

use std::path::Path;

/// The text of a `; KEY: text` line.
pub fn directive<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = line.trim_start().strip_prefix(';')?.trim_start();
    let rest = rest.strip_prefix(key)?.strip_prefix(':')?;
    Some(rest.strip_prefix(' ').unwrap_or(rest).trim_end())
}

/// Matches the file's CHECK/NEXT/NOT lines against the output (blank lines ignored):
/// CHECK finds the next line containing its text, NEXT requires it on the line after the
/// previous match, NOT forbids its text between the previous match and the next one.
pub fn check(text: &str, output: &[String]) -> Result<(), String> {
    let lines: Vec<&str> = output
        .iter()
        .map(String::as_str)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut pos = 0usize;
    let mut last: Option<usize> = None;
    let mut pending_not: Vec<&str> = Vec::new();
    let verify_nots = |nots: &mut Vec<&str>, from: usize, to: usize| -> Result<(), String> {
        for n in nots.drain(..) {
            if let Some(l) = lines[from..to].iter().find(|l| l.contains(n)) {
                return Err(format!("NOT: `{n}` matched `{l}`"));
            }
        }
        Ok(())
    };
    for line in text.lines() {
        if let Some(want) = directive(line, "CHECK") {
            let Some(k) = lines[pos..]
                .iter()
                .position(|l| l.contains(want))
                .map(|k| k + pos)
            else {
                return Err(format!(
                    "CHECK: `{want}` not found after line {pos} of the output"
                ));
            };
            verify_nots(&mut pending_not, pos, k)?;
            last = Some(k);
            pos = k + 1;
        } else if let Some(want) = directive(line, "NEXT") {
            let k = last.map_or(0, |l| l + 1);
            match lines.get(k) {
                Some(l) if l.contains(want) => {
                    verify_nots(&mut pending_not, pos, k)?;
                    last = Some(k);
                    pos = k + 1;
                }
                other => {
                    return Err(format!(
                        "NEXT: `{want}` expected on output line {}, found {other:?}",
                        k + 1
                    ));
                }
            }
        } else if let Some(not) = directive(line, "NOT") {
            pending_not.push(not);
        }
    }
    verify_nots(&mut pending_not, pos, lines.len())
}

/// Rewrites the file's CHECK/NEXT lines from `output`, keeping everything else.
pub fn bless(path: &Path, text: &str, output: &[String]) {
    let mut kept: Vec<&str> = text
        .lines()
        .filter(|l| directive(l, "CHECK").is_none() && directive(l, "NEXT").is_none())
        .collect();
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    let mut new = kept.join("\n");
    new.push_str("\n\n");
    let lines: Vec<&String> = output.iter().filter(|l| !l.trim().is_empty()).collect();
    for (k, l) in lines.iter().enumerate() {
        let key = if k == 0 { "CHECK" } else { "NEXT" };
        new.push_str(&format!("; {key}: {l}\n"));
    }
    std::fs::write(path, new).expect("write blessed file");
}

/// The `.ext` files under `dir`, recursively, sorted.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries =
            std::fs::read_dir(&d).unwrap_or_else(|e| panic!("cannot read {}: {e}", d.display()));
        for e in entries {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
