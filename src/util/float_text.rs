//! Binary floating point to decimal text, character for character as the standard
//! library's `{}` prints `f64` and `{:?}` prints `f32` and `f64` (the forms refract
//! writes), without its formatting code.
//!
//! The standard library reaches its digits through Grisu with a Dragon4 fallback, each in
//! a shortest and a fixed-precision variant, over a 1,280-bit bignum: about 20 KB of the
//! WebAssembly package (7.5 KB gzipped), kept as soon as any float is printed with `{}`,
//! `{:?}` or `{:e}`. The shortest digits are one function of the value, so any exact
//! method gives the same text; this one reuses the parser's big integers
//! ([`super::decimal`]).
//!
//! The digits. Every value that reads back (by correct rounding, ties to even) as `x`
//! lies within half an ulp of it; the interval's ends belong to it when `x`'s
//! significand is even. The output is the shortest digit string in that interval, and of
//! the at most two of that length (the value truncated to `p` significant digits, and one
//! unit of the last digit above) the nearer; when both are equally near the standard
//! library takes the upper one ([`Ties::Up`]), serde_json's writer the even one
//! ([`Ties::Even`], for [`super::json`]). Like the standard library, the interval of a
//! power of two is half as wide below, smallest normal included.
//!
//! Exactness and speed. The value's first 17 (f64) or 9 (f32) significant digits and the
//! fractional rest are computed once, exactly: `v / 10^t` as a quotient and remainder,
//! and the half ulps the same way, in 128-bit integers where they fit (a shader's
//! literals, about 0.2 µs each) and big integers otherwise (up to about 8 µs at the ends
//! of f64's range). Each length `p` is then decided on 64-bit integers. Integers below
//! 2^53 (2^24 for f32) are their own shortest digits and skip all that.
//!
//! The layouts:
//! - Display (`{}`): plain decimal, never an exponent: `1000000000000000000000`,
//!   `0.0000001`, `1.5`, `1`, `-0`.
//! - Debug (`{:?}`): the same with `.0` after an integer (`1.0`, `-0.0`), but written
//!   `d.ddde±x` (`1e16`, `1.5e-7`, no `+`) when the magnitude is at least 1e16 or
//!   below 1e-4 (and not zero), as compared in the value's own type.
//! - `NaN` (whatever its sign), `inf`, `-inf`.

use std::cmp::Ordering;

use super::decimal::Big;

/// Which of two equally near shortest candidates to take.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ties {
    /// The larger magnitude: what the standard library prints.
    Up,
    /// The even last digit: what serde_json (Ryu) prints.
    Even,
}

/// A binary format: fraction bits, exponent bits, and significant digits that always
/// suffice to read back.
struct Format {
    fraction: u32,
    exponent: u32,
    digits: u32,
}

const F64: Format = Format {
    fraction: 52,
    exponent: 11,
    digits: 17,
};
const F32: Format = Format {
    fraction: 23,
    exponent: 8,
    digits: 9,
};

/// How the digits are laid out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// `{}`.
    Display,
    /// `{:?}` without an exponent.
    Debug,
    /// `{:?}` with one.
    Exponent,
}

/// `format!("{x}")`.
pub fn display_f64(x: f64) -> String {
    text(x.to_bits(), &F64, Layout::Display)
}

/// `format!("{x:?}")`.
pub fn debug_f64(x: f64) -> String {
    let a = x.abs();
    let exponent = a != 0.0 && !(1e-4..1e16).contains(&a);
    text(x.to_bits(), &F64, debug_layout(exponent))
}

/// `format!("{x:?}")`.
pub fn debug_f32(x: f32) -> String {
    let a = x.abs();
    let exponent = a != 0.0 && !(1e-4..1e16).contains(&a);
    text(u64::from(x.to_bits()), &F32, debug_layout(exponent))
}

fn debug_layout(exponent: bool) -> Layout {
    if exponent {
        Layout::Exponent
    } else {
        Layout::Debug
    }
}

/// The shortest decimal of finite `x` as `(digits, e)`, the value being `digits × 10^e`
/// (`digits` without trailing zeros, or `(0, 0)`) and its sign ignored.
pub(crate) fn shortest_f64(x: f64, ties: Ties) -> (u64, i32) {
    match x.to_bits() & !(1 << 63) {
        0 => (0, 0),
        magnitude => shortest(magnitude, &F64, ties),
    }
}

fn text(bits: u64, f: &Format, layout: Layout) -> String {
    let sign_bit = 1 << (f.fraction + f.exponent);
    let magnitude = bits & (sign_bit - 1);
    let infinity = ((1 << f.exponent) - 1) << f.fraction;
    if magnitude > infinity {
        return "NaN".to_string();
    }
    let mut out = String::new();
    if bits & sign_bit != 0 {
        out.push('-');
    }
    if magnitude == infinity {
        out.push_str("inf");
        return out;
    }
    let (digits, e) = if magnitude == 0 {
        (0, 0)
    } else {
        shortest(magnitude, f, Ties::Up)
    };
    let digits = digits.to_string();
    let n = digits.len() as i32;
    // The exponent of the first digit.
    let x = e + n - 1;
    if layout == Layout::Exponent {
        out.push_str(&digits[..1]);
        if n > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push_str(&x.to_string());
    } else if e >= 0 {
        out.push_str(&digits);
        push_zeros(&mut out, e);
        if layout == Layout::Debug {
            out.push_str(".0");
        }
    } else if x >= 0 {
        let point = x as usize + 1;
        out.push_str(&digits[..point]);
        out.push('.');
        out.push_str(&digits[point..]);
    } else {
        out.push_str("0.");
        push_zeros(&mut out, -x - 1);
        out.push_str(&digits);
    }
    out
}

fn push_zeros(out: &mut String, n: i32) {
    for _ in 0..n {
        out.push('0');
    }
}

/// The shortest digits of the finite nonzero magnitude with bits `magnitude`.
fn shortest(magnitude: u64, f: &Format, ties: Ties) -> (u64, i32) {
    let fraction = magnitude & ((1 << f.fraction) - 1);
    let biased = (magnitude >> f.fraction) as i32;
    let bias = (1 << (f.exponent - 1)) - 1;
    // The value is m × 2^e.
    let (m, e) = if biased == 0 {
        (fraction, 1 - bias - f.fraction as i32)
    } else {
        (
            fraction | 1 << f.fraction,
            biased - bias - f.fraction as i32,
        )
    };
    if e <= 0 && e > -64 && m & ((1 << -e) - 1) == 0 {
        // An integer below 2^(fraction + 1): its neighbours are at most 1 away, so any
        // shorter decimal (a nonzero digit dropped) reads back as another value.
        return strip_zeros(m >> -e, 0);
    }
    // The ends of the interval belong to it when m is even (ties to even read back as m).
    let inclusive = m & 1 == 0;
    let ok = |order: Ordering| order.is_lt() || (inclusive && order.is_eq());

    // t puts the 17th (9th) significant digit, or the 18th (10th), in the units place:
    // k is ⌊log10 v⌋ or one less, from ⌊log2 v⌋ (log10 2 × ⌊log2 v⌋ is never within
    // 1e-4 of an integer but at 0, far beyond the product's rounding).
    let log2 = 63 - m.leading_zeros() as i32 + e;
    let k = (f64::from(log2) * std::f64::consts::LOG10_2).floor() as i32;
    let t = k + 1 - f.digits as i32;
    let narrow = fraction == 0 && biased > 0;
    let parts = small_parts(m, e, t, narrow).unwrap_or_else(|| big_parts(m, e, t, narrow));
    let Parts {
        digits,
        minus,
        plus,
        exact,
        below_order,
        above_order,
        half_order,
    } = parts;

    let n = count_digits(digits);
    for p in 1..=n {
        let u = 10u64.pow(n - p);
        let (q, r) = (digits / u, digits % u);
        // q × u × 10^t lies `r + rest/den` units below the value, (q + 1) × u × 10^t
        // `u - r - rest/den` above.
        let down = ok(r.cmp(&minus).then(below_order));
        let up = if exact {
            ok((u - r).cmp(&plus).then(above_order))
        } else {
            ok((u - r - 1).cmp(&plus).then(above_order))
        };
        if !down && !up {
            continue;
        }
        let round_up = if down && up {
            // Compare twice the distance below, 2r + 2 rest/den, with u.
            let whole = 2 * r + u64::from(half_order.is_ge());
            let no_fraction = exact || half_order.is_eq();
            match whole.cmp(&u).then(if no_fraction {
                Ordering::Equal
            } else {
                Ordering::Greater
            }) {
                Ordering::Less => false,
                Ordering::Greater => true,
                Ordering::Equal => ties == Ties::Up || q & 1 == 1,
            }
        } else {
            up
        };
        return strip_zeros(q + u64::from(round_up), t + (n - p) as i32);
    }
    unreachable!("17 (9) significant digits always read back")
}

/// The value `(digits + rest/den) × 10^t` and its half ulps below and above,
/// `(minus + minus_rest/den) × 10^t` and `(plus + plus_rest/den) × 10^t`, as the digit
/// loop reads them: the integer parts, and how the fractions compare.
struct Parts {
    digits: u64,
    minus: u64,
    plus: u64,
    /// `rest` is zero.
    exact: bool,
    /// `rest` against `minus_rest`.
    below_order: Ordering,
    /// The fraction of the distance up to the next unit, `0` when exact and
    /// `den - rest` otherwise, against `plus_rest`.
    above_order: Ordering,
    /// `2 rest` against `den`.
    half_order: Ordering,
}

/// [`Parts`] for m × 2^e, whose interval is half as wide below when `narrow`, in 128-bit
/// integers when they hold it: every f32 from about 1e-18 up, every f64 from about 1e-5 to
/// 1e20. In units of 10^t / den, the value is 4m × 2^e / 10^t and an ulp 4 × 2^e / 10^t
/// (×4 makes the half and quarter ulps integers).
fn small_parts(m: u64, e: i32, t: i32, narrow: bool) -> Option<Parts> {
    let scaled = |v: u64| -> Option<u128> {
        let shift = e.max(0) as u32;
        let v = u128::from(v);
        if shift >= v.leading_zeros() {
            return None;
        }
        (v << shift).checked_mul(10u128.checked_pow((-t).max(0) as u32)?)
    };
    let shift = (-e).max(0) as u32;
    if shift > 120 {
        return None;
    }
    let den = (4u128 << shift).checked_mul(10u128.checked_pow(t.max(0) as u32)?)?;
    if den >> 126 != 0 {
        return None;
    }
    let value = scaled(4 * m)?;
    let plus = scaled(2)?;
    let minus = scaled(if narrow { 1 } else { 2 })?;
    let rest = value % den;
    Some(Parts {
        digits: (value / den) as u64,
        minus: (minus / den) as u64,
        plus: (plus / den) as u64,
        exact: rest == 0,
        below_order: rest.cmp(&(minus % den)),
        above_order: if rest == 0 { 0 } else { den - rest }.cmp(&(plus % den)),
        half_order: (2 * rest).cmp(&den),
    })
}

/// [`Parts`] in big integers, as [`small_parts`] computes them.
fn big_parts(m: u64, e: i32, t: i32, narrow: bool) -> Parts {
    let scaled = |v: u64| {
        let mut b = Big::from_u64(v);
        b.shl(e.max(0) as u64);
        b.mul_pow10((-t).max(0) as u32);
        b
    };
    let mut den = Big::from_u64(4);
    den.shl((-e).max(0) as u64);
    den.mul_pow10(t.max(0) as u32);
    let mut rest = scaled(4 * m);
    let digits = rest.div_rem(&den);
    let mut plus_rest = scaled(2);
    let plus = plus_rest.div_rem(&den);
    let mut minus_rest = scaled(if narrow { 1 } else { 2 });
    let minus = minus_rest.div_rem(&den);
    let exact = rest.is_zero();
    let gap = if exact {
        Big::from_u64(0)
    } else {
        let mut gap = den.clone();
        gap.sub_if_at_least(&rest);
        gap
    };
    let mut twice = rest.clone();
    twice.shl(1);
    Parts {
        digits,
        minus,
        plus,
        exact,
        below_order: rest.cmp(&minus_rest),
        above_order: gap.cmp(&plus_rest),
        half_order: twice.cmp(&den),
    }
}

fn count_digits(mut v: u64) -> u32 {
    let mut n = 1;
    while v >= 10 {
        v /= 10;
        n += 1;
    }
    n
}

fn strip_zeros(mut digits: u64, mut e: i32) -> (u64, i32) {
    while digits % 10 == 0 {
        digits /= 10;
        e += 1;
    }
    (digits, e)
}

#[cfg(test)]
mod tests {
    use super::super::decimal::tests::xorshift;
    use super::*;

    fn agrees_f64(x: f64) {
        let bits = x.to_bits();
        assert_eq!(display_f64(x), format!("{x}"), "{{}} of {bits:#x}");
        assert_eq!(debug_f64(x), format!("{x:?}"), "{{:?}} of {bits:#x}");
    }

    fn agrees_f32(x: f32) {
        let bits = x.to_bits();
        assert_eq!(debug_f32(x), format!("{x:?}"), "{{:?}} of {bits:#x}");
    }

    /// How many values the sweeps try: `REFRACT_FLOAT_SWEEP=n` multiplies them by n.
    fn scale() -> u64 {
        std::env::var("REFRACT_FLOAT_SWEEP")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1)
    }

    #[test]
    fn special_values() {
        for x in [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            0.2,
            0.3,
            1.5,
            100.0,
            123456.0,
            1e-4,
            9.999999999999999e-5,
            1e-5,
            1e-7,
            1e15,
            1e16,
            9.999999999999998e15,
            1e21,
            1e22,
            1e23,
            1e300,
            9007199254740992.0,
            9007199254740994.0,
            4503599627370495.5,
            // Ties: the exact values, one digit longer than the shortest.
            1125899906842624.0 + 0.25,
            1125899906842624.0 + 0.75,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            f64::from_bits(1),
            f64::from_bits(2),
            f64::from_bits(3),
            f64::from_bits((1 << 52) - 1),
            f64::EPSILON,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            std::f64::consts::PI,
            f64::from(f32::MAX),
        ] {
            agrees_f64(x);
        }
        for x in [
            0.0,
            -0.0,
            1.0,
            0.1,
            1e-4,
            9.999999e-5,
            1e16,
            9.999999e15,
            1e-7,
            16777216.0,
            16777218.0,
            2097152.0 + 0.25,
            2097152.0 + 0.75,
            f32::MAX,
            f32::MIN,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
            f32::from_bits(2),
            f32::from_bits((1 << 23) - 1),
            f32::EPSILON,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            std::f32::consts::PI,
        ] {
            agrees_f32(x);
        }
    }

    #[test]
    fn random_f64_bit_patterns() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..300_000 * scale() {
            agrees_f64(f64::from_bits(next()));
        }
    }

    #[test]
    fn f64_powers_integers_and_halves() {
        for e in -1074..1024 {
            let p = f64::from_bits(if e < -1022 {
                1 << (e + 1074)
            } else {
                ((e + 1023) as u64) << 52
            });
            agrees_f64(p);
            agrees_f64(p * 1.5);
            agrees_f64(f64::from_bits(p.to_bits() - 1));
            agrees_f64(f64::from_bits(p.to_bits() + 1));
        }
        for e in -325..309 {
            let p: f64 = format!("1e{e}").parse().unwrap();
            agrees_f64(p);
            agrees_f64(f64::from_bits(p.to_bits().wrapping_sub(1)));
            agrees_f64(f64::from_bits(p.to_bits() + 1));
        }
        // Values with a few fractional bits next to 2^53: the exact decimal is one digit
        // longer than the shortest, which is often a tie.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 * scale() {
            let r = next();
            let m = (1 << 52) | (r & ((1 << 52) - 1));
            let e = -((r >> 58) as i32 % 12);
            let x = m as f64 * 2f64.powi(e);
            agrees_f64(x);
            agrees_f64((r >> 11) as f64);
            agrees_f64((r >> (r % 64)) as f64);
        }
    }

    #[test]
    fn f32_strided_sweep() {
        // Every `stride`th bit pattern, from an odd start, through all exponents and both
        // signs: every 4,099th, every 97th with REFRACT_FLOAT_SWEEP=42.
        let stride = (4099 / scale()).max(1) as u32;
        let mut bits = 12_345u32;
        loop {
            agrees_f32(f32::from_bits(bits));
            let Some(next) = bits.checked_add(stride) else {
                break;
            };
            bits = next;
        }
        for e in -149..128 {
            let p = f32::from_bits(if e < -126 {
                1 << (e + 149)
            } else {
                ((e + 127) as u32) << 23
            });
            agrees_f32(p);
            agrees_f32(f32::from_bits(p.to_bits() - 1));
            agrees_f32(f32::from_bits(p.to_bits() + 1));
        }
        // Near 2^24 with a few fractional bits: ties.
        let mut next = xorshift(0x1234_5678_9abc_def1);
        for _ in 0..20_000 {
            let r = next();
            let m = (1 << 23) | (r as u32 & ((1 << 23) - 1));
            let e = -((r >> 58) as i32 % 8);
            agrees_f32(m as f32 * 2f32.powi(e));
        }
    }
}
