//! The Gen paths: refract's Gen back end at one SIMD width, run in process on its SIMD
//! simulator with the reference's inputs, and compared with the reference's outputs.
//!
//! # The comparison rule
//!
//! Every integer leaf, and every float leaf of a kernel that only uses operations WGSL
//! requires to be exact or correctly rounded (integer and bit operations, comparisons,
//! conversions, f32 `+ - *`, and `/` and `sqrt`, which both the simulator and the
//! reference compute correctly rounded), must match bit for bit (NaN equals NaN, as
//! everywhere in the harness). When the kernel uses a builtin whose accuracy WGSL states
//! as a bound, inherits from a formula, or allows to be fused (the Gen back end marks
//! these kernels `inexact`: `exp`, `log`, `sin`, `atan2`, `pow`, `inverseSqrt`, `mix`,
//! `normalize`, `fma`, …), a float leaf may differ by at most [`REL`] of the larger
//! magnitude or [`ABS`] absolutely ([`REL_F16`] for f16 leaves, whose unit in the last
//! place is 2^-10): a bound loose enough for one such operation and the few exact
//! operations around it, tight enough to catch a wrong formula. Everywhere, a float zero
//! equals a zero of the other sign, since WGSL lets an implementation ignore the sign of
//! a zero (a driver may fold `x + 0.0` to `x`). This function, [`leaf_agrees`], is the
//! only place the rule lives.
//!
//! A kernel that runs past the simulator's instruction budget on the case's inputs (a loop
//! that does not end, which WGSL leaves to the implementation; naga bounds loops and a
//! driver may delete an empty one) is reported as a known difference with that reason.
//!
//! [`RACES`] lists the corpus entry points that race by design: their result depends on
//! how invocations are scheduled, which WGSL leaves open, so the reference (lavapipe runs
//! eight lanes at a time) and a SIMD16 thread may both be right.

use crate::harness::{Baseline, Case, LeafDiff, PathOutcome, is_nan, read, report, writable};
use crate::paths::{Path, classify, no_panic};
use crate::reflect::{self, LeafKind};
use refract::back::r#gen as gpu;

/// Relative tolerance of a float leaf of a kernel using inexact builtins.
pub const REL: f64 = 1.0 / 4096.0;
/// Relative tolerance of an f16 leaf of a kernel using inexact builtins.
pub const REL_F16: f64 = 1.0 / 256.0;
/// Absolute tolerance, for results near zero.
pub const ABS: f64 = 1.0 / 65536.0;

/// Entry points whose result depends on scheduling by design: (file, entry, reason).
pub const RACES: &[(&str, &str, &str)] = &[(
    "naga/examples/features/src/hello_synchronization/shaders.wgsl",
    "hasty_main",
    "every invocation adds 1 to a workgroup atomic and invocation 0 reads it with no \
     barrier in between (the example shows why a barrier is needed): WGSL allows any count \
     from 1 to 16, and the count seen depends on how many lanes run before invocation 0's load",
)];

/// Instructions a case may run on the simulator.
const BUDGET: u64 = 50_000_000;

/// Whether the path's leaf `got` agrees with the reference's `expected`.
pub fn leaf_agrees(kind: LeafKind, expected: u64, got: u64, inexact: bool) -> bool {
    if expected == got || (is_nan(expected, kind) && is_nan(got, kind)) {
        return true;
    }
    let zero = |bits: u64| match kind {
        LeafKind::F16 => bits & 0x7fff == 0,
        LeafKind::F32 => bits & 0x7fff_ffff == 0,
        LeafKind::F64 => bits & 0x7fff_ffff_ffff_ffff == 0,
        _ => false,
    };
    if zero(expected) && zero(got) {
        return true;
    }
    if !inexact || !kind.is_float() {
        return false;
    }
    let as_f64 = |bits: u64| -> f64 {
        match kind {
            LeafKind::F16 => f64::from(half_to_f32(bits as u16)),
            LeafKind::F32 => f64::from(f32::from_bits(bits as u32)),
            _ => f64::from_bits(bits),
        }
    };
    let (e, g) = (as_f64(expected), as_f64(got));
    if !e.is_finite() || !g.is_finite() {
        return false;
    }
    let rel = if kind == LeafKind::F16 { REL_F16 } else { REL };
    (e - g).abs() <= ABS.max(rel * e.abs().max(g.abs()))
}

fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let m = f32::from(h & 0x3ff);
    sign * match e {
        0 => m * 2f32.powi(-24),
        31 => f32::INFINITY,
        _ => (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

pub(crate) fn run_path(case: &Case, path: Path, simd: u8, base: &Baseline) -> PathOutcome {
    let options = gpu::Options { simd: Some(simd) };
    let compiled = match no_panic(|| {
        gpu::compile_source_with(&case.source, &options, Some(&case.entry), &case.overrides)
    }) {
        Ok(Ok(p)) => p,
        Ok(Err(d)) => {
            return match classify(&d) {
                crate::paths::Compiled::NotImplemented(m) => PathOutcome::NotImplemented(m),
                crate::paths::Compiled::Failed(m) => PathOutcome::Failed(m),
                crate::paths::Compiled::Spirv(..) => PathOutcome::Failed(String::new()),
            };
        }
        Err(c) => {
            return PathOutcome::Failed(match c {
                crate::paths::Compiled::Failed(m) => m,
                _ => "refract panicked".into(),
            });
        }
    };
    let Some(kernel) = compiled.kernels.first() else {
        return PathOutcome::Failed(format!("no Gen kernel for entry `{}`", case.entry));
    };
    let inexact = kernel.ssa.inexact || gpu::select::uses_inexact_math(&kernel.ssa);
    // Bindings the entry point only names without effect (`_ = &buffer`) are gone after
    // optimization; the kernel gets the buffers it has.
    let bound = |group: u32, binding: u32| {
        kernel
            .allocated
            .bindings
            .iter()
            .any(|b| b.group == group && b.binding == binding)
    };
    let buffers: Vec<gpu::RunBuffer> = base
        .interface
        .buffers
        .iter()
        .zip(&base.inputs)
        .filter(|(b, _)| bound(b.group, b.binding))
        .map(|(b, data)| gpu::RunBuffer {
            group: b.group,
            binding: b.binding,
            data: data.clone(),
        })
        .collect();
    let ran = no_panic(|| gpu::run(kernel, &buffers, reflect::DISPATCH, BUDGET));
    let out = match ran {
        Ok(Ok((out, _))) => out,
        Ok(Err(d)) if d.code == refract::diag::codes::GEN_RUN_BUDGET => {
            return PathOutcome::Known(format!(
                "{}: the kernel runs past its instruction budget on these inputs (a loop \
                 that does not end; WGSL leaves that to the implementation)",
                d.code
            ));
        }
        Ok(Err(d)) => {
            return if d.code == refract::diag::codes::GEN_UNSUPPORTED {
                PathOutcome::NotImplemented(format!("{}: {}", d.code, d.message))
            } else {
                PathOutcome::Failed(format!("{}: {}: {}", path.name(), d.code, d.message))
            };
        }
        Err(_) => return PathOutcome::Failed(format!("{} panicked", path.name())),
    };
    // Back in the interface's order.
    let outputs: Vec<Vec<u8>> = base
        .interface
        .buffers
        .iter()
        .zip(&base.inputs)
        .map(|(b, input)| {
            out.iter()
                .find(|o| o.group == b.group && o.binding == b.binding)
                .map_or_else(|| input.clone(), |o| o.data.clone())
        })
        .collect();
    let mut diffs = Vec::new();
    for (i, spec) in base.interface.buffers.iter().enumerate() {
        if !writable(spec) {
            continue;
        }
        for leaf in &spec.leaves {
            let x = read(&base.outputs[i], leaf.offset, leaf.kind);
            let y = read(&outputs[i], leaf.offset, leaf.kind);
            if !leaf_agrees(leaf.kind, x, y, inexact) {
                diffs.push(LeafDiff {
                    buffer: i,
                    offset: leaf.offset,
                    kind: leaf.kind,
                    expected: x,
                    got: y,
                });
            }
        }
    }
    if diffs.is_empty() {
        return PathOutcome::Pass;
    }
    if let Some((_, _, reason)) = RACES.iter().find(|r| r.0 == case.name && r.1 == case.entry) {
        return PathOutcome::Known(format!("{} words differ: {reason}", diffs.len()));
    }
    if let Some(reason) = crate::known::explains(&case.name, path, &diffs) {
        return PathOutcome::Known(format!("{} words differ: {reason}", diffs.len()));
    }
    let text = gpu::asm_text(&compiled);
    PathOutcome::Mismatch(report(case, path, base, Some(&text), &diffs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_unless_inexact_floats() {
        let one = 1.0f32.to_bits() as u64;
        let next = (1.0f32.to_bits() + 1) as u64;
        assert!(!leaf_agrees(LeafKind::F32, one, next, false));
        assert!(leaf_agrees(LeafKind::F32, one, next, true));
        assert!(!leaf_agrees(LeafKind::U32, 1, 2, true));
        let far = 1.01f32.to_bits() as u64;
        assert!(!leaf_agrees(LeafKind::F32, one, far, true));
        assert!(leaf_agrees(LeafKind::F32, 0x8000_0000, 0, false), "±0");
        assert!(leaf_agrees(LeafKind::F16, 0x3400, 0x3403, true));
        assert!(!leaf_agrees(LeafKind::F16, 0x3400, 0x3403, false));
    }
}
