//! Random valid pipeline constants for a shader's overrides, as a WebGPU app gives
//! `GPUProgrammableStage.constants`.
//!
//! Every override gets a value of its type, drawn from a seed (the case's, so a run
//! reproduces), keyed by its `@id` in decimal when it has one and by its name otherwise.
//! Integers are small (workgroup sizes and array counts stay within the default limits),
//! floats are multiples of 1/8 within ±100 (exact in f16 and f32).
//!
//! Whether a draw is valid depends on the program (an override may be a divisor in an
//! override-expression, a workgroup size, an array count, a vector index), so a draw is
//! kept only when naga's `process_overrides` accepts it for every compute entry point
//! and each resulting workgroup has 1 to 256 invocations; after [`DRAWS`] refused draws
//! the overrides keep their defaults (no constants).

use crate::rng::Rng;
use naga::{ScalarKind, TypeInner};

/// Draws tried before falling back to the defaults.
pub const DRAWS: usize = 16;

/// Pipeline constants for `source` from `seed`; empty when it has no overrides, naga
/// rejects it, or no draw is valid.
pub fn values(source: &str, seed: u64) -> Vec<(String, f64)> {
    let Ok(shader) = crate::reflect::Shader::parse(source) else {
        return Vec::new();
    };
    let module = &shader.module;
    if module.overrides.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(seed ^ 0x0BE2_21DE);
    for _ in 0..DRAWS {
        let mut values = Vec::new();
        for (_, o) in module.overrides.iter() {
            let key = match (o.id, &o.name) {
                (Some(id), _) => id.to_string(),
                (None, Some(name)) => name.clone(),
                (None, None) => continue,
            };
            let TypeInner::Scalar(scalar) = module.types[o.ty].inner else {
                continue;
            };
            values.push((key, draw(&mut rng, scalar.kind)));
        }
        if valid(&shader, &values) {
            return values;
        }
    }
    Vec::new()
}

/// A value of a scalar kind (see the module essay for the ranges).
pub fn draw(rng: &mut Rng, kind: ScalarKind) -> f64 {
    match kind {
        ScalarKind::Bool => f64::from(rng.below(2)),
        ScalarKind::Sint => f64::from(rng.range_i32(-4, 16)),
        ScalarKind::Uint => f64::from(rng.below(17)),
        _ => f64::from(rng.range_i32(-800, 800)) / 8.0,
    }
}

/// Whether naga resolves the overrides with these constants for every compute entry point,
/// each workgroup then holding 1 to 256 invocations.
fn valid(shader: &crate::reflect::Shader, values: &[(String, f64)]) -> bool {
    let entries = shader.compute_entries();
    entries.iter().all(|entry| {
        let Ok((module, _)) =
            crate::paths::resolve_overrides(&shader.module, &shader.info, entry, values)
        else {
            return false;
        };
        module
            .entry_points
            .iter()
            .filter(|ep| ep.name == *entry)
            .all(|ep| {
                let n: u64 = ep.workgroup_size.iter().map(|&d| u64::from(d)).product();
                ep.workgroup_size_overrides.is_none() && (1..=256).contains(&n)
            })
    })
}
