//! Scalar constants as HLSL literals.
//!
//! - `u32`: `5u`; `i32`: `5`, `-5`, and `int(-2147483647 - 1)` for the one value with no
//!   literal; `bool`: `true`/`false`.
//! - `f32`: the shortest decimal that reads back to the same bits, with an `f` suffix
//!   only where HLSL would otherwise read a `double`-free `float` anyway (HLSL's unsuffixed
//!   literal is already a 32-bit `float` when assigned to one, but a suffix keeps
//!   overload resolution and DXC's warnings quiet): `1.5f`, `1e-07f`. Infinities and NaNs
//!   have no literal: `asfloat(0x7f800000u)`.
//! - `f16`: `half(1.5f)` for exactly representable values, else through the bits:
//!   `(half)f16tof32(0x3c00u)`.

use crate::ir::types::Scalar;
use crate::util::float_text::debug_f32;

/// The literal text of a scalar of kind `kind` with literal bits `bits`.
pub fn scalar(kind: Scalar, bits: u32) -> String {
    match kind {
        Scalar::Bool => if bits != 0 { "true" } else { "false" }.to_string(),
        // itoa, not `format!`: a shader's integer literals are many, and the formatting
        // machinery cost several times the digits.
        Scalar::U32 => {
            let mut digits = itoa::Buffer::new();
            let digits = digits.format(bits);
            let mut out = String::with_capacity(digits.len() + 1);
            out.push_str(digits);
            out.push('u');
            out
        }
        Scalar::I32 => {
            let v = bits as i32;
            if v == i32::MIN {
                "int(-2147483647 - 1)".to_string()
            } else {
                itoa::Buffer::new().format(v).to_string()
            }
        }
        Scalar::F32 => f32_text(bits),
        Scalar::F16 => {
            let h = half::f16::from_bits(bits as u16);
            if h.is_finite() {
                format!("half({})", f32_text(h.to_f32().to_bits()))
            } else {
                format!("(half)f16tof32({:#x}u)", bits & 0xffff)
            }
        }
    }
}

fn f32_text(bits: u32) -> String {
    let v = f32::from_bits(bits);
    if !v.is_finite() {
        return format!("asfloat({bits:#010x}u)");
    }
    // Rust's Debug form: the shortest round-tripping decimal (`1.0`, `1e-7`, `1.5e20`).
    let mut s = debug_f32(v);
    s.push('f');
    s
}

/// Whether a literal text starts with a minus sign (so `-` before it needs a space).
pub fn is_negative(text: &str) -> bool {
    text.starts_with('-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_read_back_exactly() {
        assert_eq!(scalar(Scalar::U32, 7), "7u");
        assert_eq!(scalar(Scalar::I32, (-3i32) as u32), "-3");
        assert_eq!(scalar(Scalar::I32, i32::MIN as u32), "int(-2147483647 - 1)");
        assert_eq!(scalar(Scalar::F32, 1.5f32.to_bits()), "1.5f");
        assert_eq!(scalar(Scalar::F32, 1.0e-7f32.to_bits()), "1e-7f");
        assert_eq!(
            scalar(Scalar::F32, f32::INFINITY.to_bits()),
            "asfloat(0x7f800000u)"
        );
        assert_eq!(scalar(Scalar::Bool, 1), "true");
    }
}
