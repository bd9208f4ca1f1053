//! Random valid IR modules (`ir::synth`, structured control flow of every shape the IR
//! allows, memory, calls and math) through the whole SPIR-V pipeline: every one must be
//! written without error and accepted by `spirv-val --target-env vulkan1.1`, and its
//! disassembly must re-assemble to the same words. `SPIRV_SYNTH_SEEDS=N` runs N seeds
//! (200 by default).

mod common;

use common::spirv_tools;
use refract::back::spirv::{self, Options};
use refract::ir::{self, synth};

#[test]
fn random_modules_write_valid_spirv() {
    let seeds: u64 = std::env::var("SPIRV_SYNTH_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let options = Options::default();
    let mut failures = Vec::new();
    for seed in 0..seeds {
        let size = 50 + (seed as usize * 37) % 1500;
        let m = synth::random_module(seed, size);
        let words = match spirv::compile(&m, &options, None) {
            Ok(w) => w,
            Err(d) => {
                failures.push(format!("seed {seed}: {}: {}", d[0].code, d[0].message));
                continue;
            }
        };
        if let Err(e) = spirv_tools::validate(&words, "vulkan1.1") {
            let first = e.lines().next().unwrap_or("").to_string();
            failures.push(format!("seed {seed}: spirv-val: {first}"));
            if failures.len() == 1 {
                eprintln!("first failing module (seed {seed}):\n{}", ir::print(&m));
            }
            continue;
        }
        let asm = spirv::disassemble(&words).expect("our own words disassemble");
        match spirv_tools::assemble(&asm, "1.3") {
            Ok(again) if spirv_tools::same_module(&words, &again) => {}
            Ok(_) => failures.push(format!("seed {seed}: the round trip changed the words")),
            Err(e) => failures.push(format!("seed {seed}: spirv-as: {e}")),
        }
    }
    println!(
        "spirv random modules: {} passed, {} failed",
        seeds as usize - failures.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
