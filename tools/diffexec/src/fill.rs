//! Deterministic, type-respecting buffer contents.
//!
//! Every leaf of a buffer gets a value drawn from a distribution fit for its type:
//! - floats: finite values only (no NaN, no infinity, no subnormal): mostly small dyadic
//!   fractions (`k / 8`), sometimes zero, negative zero, or a wider value, so arithmetic is
//!   exercised without overflowing and results stay exactly representable where possible;
//! - integers: a mix of small values, full-range values and the extremes (`MIN`, `MAX`,
//!   `0`, `-1`), since wrapping arithmetic and WGSL's defined division edge cases are
//!   exactly what a back end gets wrong;
//! - leaves the index analysis marked: values in `0..bound` (`reflect.rs`).
//!
//! Padding bytes are zero. The same seed gives the same bytes. On request
//! ([`FillOptions::float_specials`]) floats also take NaN, infinities and subnormals.

use crate::reflect::{BufferSpec, LeafKind};
use crate::rng::Rng;

/// How to fill.
#[derive(Clone, Copy, Debug)]
pub struct FillOptions {
    /// Narrows index bounds further (1 = as analysed; the harness retries with larger
    /// divisors when an access still goes out of bounds).
    pub index_divisor: u32,
    /// Also feed NaN, ±infinity and subnormals to float leaves (one in eight), for shaders
    /// whose special-value handling is under test. Off by default: WGSL leaves most
    /// results on such values to the implementation.
    pub float_specials: bool,
}

impl Default for FillOptions {
    fn default() -> Self {
        FillOptions {
            index_divisor: 1,
            float_specials: false,
        }
    }
}

/// The bytes of `spec`, filled from `rng`.
pub fn fill(spec: &BufferSpec, rng: &mut Rng, options: FillOptions) -> Vec<u8> {
    let index_divisor = options.index_divisor;
    let mut bytes = vec![0u8; spec.size as usize];
    for leaf in &spec.leaves {
        let at = leaf.offset as usize;
        let value: u64 = match leaf.index_bound {
            Some(bound) => {
                let bound = (bound / index_divisor.max(1)).max(1);
                let i = rng.below(bound);
                match leaf.kind {
                    LeafKind::F16 => u64::from(half_bits(i as f32)),
                    LeafKind::F32 => u64::from((i as f32).to_bits()),
                    LeafKind::F64 => (i as f64).to_bits(),
                    _ => u64::from(i),
                }
            }
            None => match leaf.kind {
                LeafKind::F16 => u64::from(half_bits(float(rng).clamp(-60000.0, 60000.0))),
                LeafKind::F32 if options.float_specials && rng.chance(1, 8) => {
                    u64::from(*rng.pick(&[
                        f32::NAN.to_bits(),
                        f32::INFINITY.to_bits(),
                        f32::NEG_INFINITY.to_bits(),
                        1,           // the smallest subnormal
                        0x8000_0001, // its negative
                        0x007f_ffff, // the largest subnormal
                    ]))
                }
                LeafKind::F32 => u64::from(float(rng).to_bits()),
                LeafKind::F64 => f64::from(float(rng)).to_bits(),
                LeafKind::I32 => int(rng) as i32 as u32 as u64,
                LeafKind::U32 => u64::from(uint(rng)),
                LeafKind::I64 => int(rng) as u64,
                LeafKind::U64 => u64::from(uint(rng)) | (u64::from(rng.next_u32() & 1) << 40),
            },
        };
        let width = leaf.kind.width() as usize;
        if at + width <= bytes.len() {
            bytes[at..at + width].copy_from_slice(&value.to_le_bytes()[..width]);
        }
    }
    bytes
}

fn float(rng: &mut Rng) -> f32 {
    match rng.below(16) {
        0 => 0.0,
        1 => -0.0,
        2 => 1.0,
        3 => {
            // A wider value with a full mantissa, still far from overflow.
            let m = (rng.next_u32() >> 9) as f32 / (1u32 << 23) as f32 + 1.0;
            let e = rng.range_i32(-20, 20);
            let v = m * 2f32.powi(e);
            if rng.chance(1, 2) { -v } else { v }
        }
        _ => rng.range_i32(-256, 256) as f32 / 8.0,
    }
}

fn int(rng: &mut Rng) -> i64 {
    match rng.below(12) {
        0 => i64::from(i32::MIN),
        1 => i64::from(i32::MAX),
        2 => -1,
        3 => 0,
        4..=6 => i64::from(rng.next_u32() as i32),
        _ => i64::from(rng.range_i32(-16, 16)),
    }
}

fn uint(rng: &mut Rng) -> u32 {
    match rng.below(12) {
        0 => u32::MAX,
        1 => 0x8000_0000,
        2 => 0,
        3..=5 => rng.next_u32(),
        _ => rng.below(33),
    }
}

/// IEEE binary16 bits of `v` (round to nearest even; `v` is finite and in range).
fn half_bits(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0 && mant == 0 {
        return sign;
    }
    let e = exp - 127 + 15;
    if e <= 0 {
        // Too small for a normal half: flush to zero rather than make a subnormal.
        return sign;
    }
    let mut half = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && half & 1 == 1) {
        half += 1;
    }
    sign | half.min(0x7bff) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reflect::{BufferKind, Leaf};

    #[test]
    fn floats_are_finite_and_indices_in_bounds() {
        let mut leaves = Vec::new();
        for i in 0..256 {
            leaves.push(Leaf {
                offset: i * 4,
                kind: if i % 2 == 0 {
                    LeafKind::F32
                } else {
                    LeafKind::U32
                },
                index_bound: if i % 4 == 1 { Some(7) } else { None },
            });
        }
        let spec = BufferSpec {
            name: "b".into(),
            group: 0,
            binding: 0,
            kind: BufferKind::Storage { writable: false },
            size: 1024,
            leaves,
        };
        let a = fill(&spec, &mut Rng::new(3), FillOptions::default());
        assert_eq!(a, fill(&spec, &mut Rng::new(3), FillOptions::default()));
        for (i, w) in a.chunks(4).enumerate() {
            let w = u32::from_le_bytes(w.try_into().unwrap());
            if i % 2 == 0 {
                let f = f32::from_bits(w);
                assert!(f.is_finite() && (f == 0.0 || f.is_normal()), "{f}");
            } else if i % 4 == 1 {
                assert!(w < 7);
            }
        }
    }

    #[test]
    fn half_conversion() {
        assert_eq!(half_bits(1.0), 0x3c00);
        assert_eq!(half_bits(-2.0), 0xc000);
        assert_eq!(half_bits(0.5), 0x3800);
        assert_eq!(half_bits(65504.0), 0x7bff);
    }
}
