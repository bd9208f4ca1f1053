//! Mutation fuzzing of the IR text and binary readers: no input makes parsing,
//! verification, printing, serialization or `dce` panic, and whatever parses and verifies
//! still round-trips. The seeds are the `.ir` test files; mutations delete, duplicate and
//! swap lines and tokens, and flip bytes of the binary form.
//!
//! `IR_FUZZ_ROUNDS=N` mutates each file N times (default 40).

use refract::ir::{self, binary, synth::Rng};
use std::path::Path;

fn files() -> Vec<String> {
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

fn mutate(text: &str, rng: &mut Rng) -> String {
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

fn exercise(text: &str) {
    let Ok(mut m) = ir::parse(text) else { return };
    let verified = ir::verify(&m).is_ok();
    let printed = ir::print(&m);
    let bytes = binary::serialize(&m);
    let back = binary::deserialize(&bytes).expect("a serialized module reads back");
    assert_eq!(ir::print(&back), printed);
    if verified {
        let again = ir::parse(&printed).expect("printed valid modules parse");
        assert_eq!(ir::print(&again), printed);
        refract::passes::run_pipeline(&mut m, &["dce".to_string()])
            .expect("dce keeps modules valid");
    }
}

#[test]
fn mutated_text_never_panics() {
    let rounds: u64 = std::env::var("IR_FUZZ_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let mut rng = Rng::new(0xf022);
    let mut count = 0;
    for f in files() {
        for _ in 0..rounds {
            let text = mutate(&f, &mut rng);
            exercise(&text);
            count += 1;
        }
    }
    println!("ir-fuzz: {count} mutants, 0 panics");
}

#[test]
fn mutated_binary_never_panics() {
    let mut rng = Rng::new(0xb1);
    for f in files() {
        let Ok(m) = ir::parse(&f) else { continue };
        let bytes = binary::serialize(&m);
        for _ in 0..20 {
            let mut b = bytes.clone();
            for _ in 0..1 + rng.below(4) {
                let k = rng.below(b.len() as u32) as usize;
                b[k] ^= 1 << rng.below(8);
            }
            if rng.chance(20) {
                let cut = rng.below(b.len() as u32) as usize;
                b.truncate(cut);
            }
            if let Ok(back) = binary::deserialize(&b) {
                let _ = ir::verify(&back);
                let _ = ir::print(&back);
            }
        }
    }
}
