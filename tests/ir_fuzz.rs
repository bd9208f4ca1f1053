//! Mutation fuzzing of the IR text and binary readers: no input makes parsing,
//! verification, printing, serialization or `dce` panic, and whatever parses and verifies
//! still round-trips. The seeds are the `.ir` test files; mutations delete, duplicate and
//! swap lines and tokens, and flip bytes of the binary form.
//!
//! `IR_FUZZ_ROUNDS=N` mutates each file N times (default 40).
//!
//! The binary reader also gets byte-level mutants of real modules: the golden files of
//! `tests/golden-ir/` (corpus programs, a linked module) and a few corpus programs
//! compiled to linkable binary IR here. Mutations flip bits, overwrite bytes with extreme
//! values (length and count fields: 0x00, 0x7f, 0x80, 0xff), insert and delete bytes
//! (which shifts every field after), duplicate slices and truncate. Whatever reads back
//! must print, serialize and read back to the same text, and, if it verifies, link and
//! reach a back end without a panic. `IR_FUZZ_BINARY_MUTANTS=N` sets the number of mutants
//! (default 10,000).

mod common;

use common::ir_mutate::{files, mutate};
use refract::ir::{self, binary, link, synth::Rng};
use std::path::Path;

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

/// Real modules in binary form: the golden files, and corpus programs made linkable.
fn binary_seeds() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden-ir");
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/golden-ir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rir"))
        .collect();
    names.sort();
    for p in names {
        seeds.push(std::fs::read(p).expect("read"));
    }
    let valid = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/valid");
    let mut wgsl: Vec<_> = std::fs::read_dir(&valid)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_else(|_| Vec::new());
    wgsl.retain(|p| p.extension().is_some_and(|x| x == "wgsl"));
    wgsl.sort();
    let mut options = refract::Options::new(refract::Target::Ir);
    options.opt_level = 2;
    for p in wgsl.iter().take(12) {
        let source = std::fs::read_to_string(p).expect("read");
        if let (Some(bytes), _) = refract::compile_linkable(&source, &options) {
            seeds.push(bytes);
        }
    }
    seeds
}

fn mutate_bytes(seed: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = seed.to_vec();
    for _ in 0..1 + rng.below(3) {
        if b.is_empty() {
            break;
        }
        let k = rng.below(b.len() as u32) as usize;
        match rng.below(7) {
            0 => b[k] ^= 1 << rng.below(8),
            1 => b[k] = [0x00, 0x7f, 0x80, 0xff][rng.below(4) as usize],
            2 => b[k] = rng.below(256) as u8,
            3 => {
                // A longer number: continuation bytes shift every field after it.
                for _ in 0..1 + rng.below(4) {
                    b.insert(k, 0x80 | rng.below(128) as u8);
                }
            }
            4 => {
                let n = (1 + rng.below(4) as usize).min(b.len() - k);
                b.drain(k..k + n);
            }
            5 => {
                let n = (1 + rng.below(16) as usize).min(b.len() - k);
                let slice: Vec<u8> = b[k..k + n].to_vec();
                let at = rng.below(b.len() as u32) as usize;
                b.splice(at..at, slice);
            }
            _ => b.truncate(k),
        }
    }
    b
}

/// What one mutant reached: 0 refused, 1 read, 2 verified.
fn exercise_binary(bytes: &[u8]) -> u8 {
    let Ok(m) = binary::deserialize(bytes) else {
        return 0;
    };
    let printed = ir::print(&m);
    let again = binary::deserialize(&binary::serialize(&m)).expect("a read module writes back");
    assert_eq!(ir::print(&again), printed);
    if ir::verify(&m).is_err() {
        return 1;
    }
    let input = [link::Input {
        name: "mutant",
        module: &m,
    }];
    if let Ok(linked) = link::link(&input) {
        let _ = ir::verify(&linked);
    }
    let options = refract::IrOptions {
        from_binary: true,
        to: Some("spirv".into()),
        ..refract::IrOptions::default()
    };
    let _ = refract::compile_ir(bytes, &options);
    2
}

#[test]
fn binary_mutants_of_real_modules_never_panic() {
    let count: u64 = std::env::var("IR_FUZZ_BINARY_MUTANTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let seeds = binary_seeds();
    assert!(seeds.len() >= 8, "{} seeds", seeds.len());
    let mut rng = Rng::new(0x5eed);
    let mut reached = [0u64; 3];
    // A mutant that does not finish within a minute is written out and fails the run.
    let current: std::sync::Arc<std::sync::Mutex<(u64, Vec<u8>)>> = Default::default();
    let watched = std::sync::Arc::clone(&current);
    std::thread::spawn(move || {
        let mut last = u64::MAX;
        loop {
            std::thread::sleep(std::time::Duration::from_secs(60));
            let (n, bytes) = watched.lock().map(|g| g.clone()).unwrap_or_default();
            if n == last && n != u64::MAX {
                let path = std::env::temp_dir().join(format!("refract-slow-mutant-{n}.rir"));
                let _ = std::fs::write(&path, &bytes);
                eprintln!(
                    "ir-fuzz-binary: mutant {n} runs for over a minute: {}",
                    path.display()
                );
                std::process::abort();
            }
            last = n;
        }
    });
    for n in 0..count {
        let seed = &seeds[(n % seeds.len() as u64) as usize];
        let bytes = mutate_bytes(seed, &mut rng);
        if let Ok(mut g) = current.lock() {
            *g = (n, bytes.clone());
        }
        reached[exercise_binary(&bytes) as usize] += 1;
    }
    if let Ok(mut g) = current.lock() {
        *g = (u64::MAX, Vec::new());
    }
    println!(
        "ir-fuzz-binary: {count} mutants of {} modules, 0 panics: {} refused with a diagnostic, {} read back but failed verification, {} verified (linked and sent to SPIR-V)",
        seeds.len(),
        reached[0],
        reached[1],
        reached[2]
    );
}
