//! Property tests: random valid modules (structured control flow included) verify, and
//! print → parse → print and serialize → deserialize are identities. Also: every
//! module passes `dce` and the verifier after it.
//!
//! `IR_SEEDS=N` runs N seeds instead of the default 150 (a longer campaign, run by hand).

use refract::ir::{self, binary, synth};

fn seeds() -> u64 {
    std::env::var("IR_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(150)
}

#[test]
fn random_modules_round_trip() {
    for seed in 0..seeds() {
        let size = 200 + (seed as usize * 37) % 3000;
        let m = synth::random_module(seed, size);
        if let Err(e) = ir::verify(&m) {
            panic!(
                "seed {seed}: the generated module does not verify: {}",
                e[0].message
            );
        }
        let text = ir::print(&m);
        let parsed = match ir::parse(&text) {
            Ok(p) => p,
            Err(e) => panic!(
                "seed {seed}: printed text does not parse: {:?}\n{text}",
                e[0]
            ),
        };
        assert!(
            ir::verify(&parsed).is_ok(),
            "seed {seed}: parsed module does not verify"
        );
        let text2 = ir::print(&parsed);
        assert_eq!(
            text, text2,
            "seed {seed}: print → parse → print changed the text"
        );
        let bytes = binary::serialize(&parsed);
        let back = binary::deserialize(&bytes).expect("deserialize");
        assert_eq!(
            ir::print(&back),
            text,
            "seed {seed}: binary round trip changed the module"
        );
        assert_eq!(
            binary::serialize(&back),
            bytes,
            "seed {seed}: binary is not a fixpoint"
        );
        let built_bytes = binary::deserialize(&binary::serialize(&m)).expect("deserialize built");
        assert_eq!(
            ir::print(&built_bytes),
            text,
            "seed {seed}: binary of the built module"
        );
    }
}

#[test]
fn dce_keeps_random_modules_valid() {
    for seed in 0..seeds() / 3 {
        let mut m = synth::random_module(seed + 1000, 1500);
        let names = vec!["dce".to_string()];
        if let Err(e) = refract::passes::run_pipeline(&mut m, &names) {
            panic!("seed {seed}: {:?}", e[0]);
        }
        assert!(ir::verify(&m).is_ok());
        // A second run finds nothing more to do.
        let before = ir::print(&m);
        let changed = refract::passes::run_pipeline(&mut m, &names).expect("dce");
        assert!(
            !changed || ir::print(&m) == before,
            "seed {seed}: dce is not idempotent"
        );
        let text = ir::print(&m);
        let parsed = ir::parse(&text).expect("reparse after dce");
        assert_eq!(ir::print(&parsed), text);
    }
}
