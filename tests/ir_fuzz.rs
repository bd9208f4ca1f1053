//! Mutation fuzzing of the IR text and binary readers: no input makes parsing,
//! verification, printing, serialization or `dce` panic, and whatever parses and verifies
//! still round-trips. The seeds are the `.ir` test files; mutations delete, duplicate and
//! swap lines and tokens, and flip bytes of the binary form.
//!
//! `IR_FUZZ_ROUNDS=N` mutates each file N times (default 40).

mod common;

use common::ir_mutate::{files, mutate};
use refract::ir::{self, binary, synth::Rng};

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
