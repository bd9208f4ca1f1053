//! Mutations of IR text, and its seeds (the `.ir` test files): shared by the IR fuzz test
//! and the mutation campaign.

#![allow(dead_code)]

use refract::ir::synth::Rng;
use std::path::Path;

/// The text of every `.ir` test file, sorted.
pub fn files() -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("tests/ir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ir") {
                out.push(std::fs::read_to_string(&p).expect("read"));
            }
        }
    }
    out.sort();
    out
}

/// One to three line- or token-level edits of IR text: a line deleted, duplicated,
/// swapped or truncated, a token deleted or replaced by one from elsewhere in the file.
pub fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return String::new();
    }
    for _ in 0..1 + rng.below(3) {
        let n = lines.len() as u32;
        let k = rng.below(n) as usize;
        match rng.below(6) {
            0 => {
                lines.remove(k);
            }
            1 => {
                let l = lines[k].clone();
                lines.insert(k, l);
            }
            2 => {
                let j = rng.below(n) as usize;
                lines.swap(k, j);
            }
            3 => {
                // Delete one whitespace-separated token.
                let toks: Vec<&str> = lines[k].split(' ').collect();
                if !toks.is_empty() {
                    let t = rng.below(toks.len() as u32) as usize;
                    let mut v = toks.clone();
                    v.remove(t);
                    lines[k] = v.join(" ");
                }
            }
            4 => {
                // Replace a token with one from elsewhere in the file.
                let all: Vec<String> = lines
                    .iter()
                    .flat_map(|l| l.split(' ').map(String::from))
                    .collect();
                if !all.is_empty() {
                    let donor = all[rng.below(all.len() as u32) as usize].clone();
                    let mut toks: Vec<String> = lines[k].split(' ').map(String::from).collect();
                    let t = rng.below(toks.len() as u32) as usize;
                    toks[t] = donor;
                    lines[k] = toks.join(" ");
                }
            }
            _ => {
                // Truncate the line.
                let cut = rng.below(lines[k].len() as u32 + 1) as usize;
                let mut cut = cut.min(lines[k].len());
                while !lines[k].is_char_boundary(cut) {
                    cut -= 1;
                }
                lines[k].truncate(cut);
            }
        }
        if lines.is_empty() {
            break;
        }
    }
    lines.join("\n")
}

/// `x` as a LEB128 varint, the binary IR's integer encoding.
pub fn varint(mut x: u64) -> Vec<u8> {
    let mut out = Vec::new();
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
    out
}
