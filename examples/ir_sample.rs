//! Prints a small random IR module: `cargo run --example ir_sample [SEED] [SIZE]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(3);
    let size = args.next().and_then(|s| s.parse().ok()).unwrap_or(150);
    print!(
        "{}",
        refract::ir::print(&refract::ir::synth::random_module(seed, size))
    );
}
