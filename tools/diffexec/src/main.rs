//! `refract-diffexec`: runs WGSL compute shaders through naga and through refract on
//! lavapipe and compares what they compute. See `lib.rs` and the usage text below.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
