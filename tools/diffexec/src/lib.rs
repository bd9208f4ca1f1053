//! refract-diffexec: differential execution of WGSL compute shaders.
//!
//! Validators check a compiler's output for form; this harness checks meaning. It runs a
//! compute shader on a real Vulkan driver (Mesa's lavapipe, on the CPU) along several
//! paths — naga's WGSL → SPIR-V as the reference, refract's round-tripped WGSL, refract's
//! SPIR-V — on the same deterministic inputs, and compares every writable buffer bit for
//! bit.
//!
//! - [`reflect`]: what to bind, from naga's module (and which values are indices);
//! - [`fill`]: type-respecting pseudo-random buffer contents;
//! - [`paths`]: the ways WGSL reaches SPIR-V, and the naga options the reference uses;
//! - [`vk`] and [`worker`]: the Vulkan runner, isolated in a child process;
//! - [`harness`]: one case along every path, compared;
//! - [`gen`]: the Gen back end's path, on refract's SIMD simulator, and the one rule for
//!   comparing its floats with the reference;
//! - [`overrides`]: random valid pipeline constants for a shader's overrides;
//! - [`known`]: differences from the reference that are not refract bugs, with evidence;
//! - [`corpus`]: the corpus's compute shaders;
//! - [`generate`]: a seeded generator of valid, terminating, deterministic compute programs;
//! - [`reduce`]: shrinks a failing program while it keeps failing the same way.
//!
//! It is a dev-only tool: a workspace member that the `refract` library does not depend
//! on. On wasm it compiles to nothing.

#![cfg(not(target_arch = "wasm32"))]

pub mod corpus;
pub mod fill;
pub mod r#gen;
pub mod generate;
pub mod harness;
pub mod known;
pub mod overrides;
pub mod paths;
pub mod reduce;
pub mod reflect;
pub mod rng;
pub mod vk;
pub mod worker;
