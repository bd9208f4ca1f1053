//! Numeric literals: where one ends, and what value it denotes.
//!
//! Rules (spec §"Numeric Literals"):
//! - The lexer takes the longest match of the literal patterns of the grammar. If letters,
//!   digits or `_` follow directly, the whole run is one malformed literal (`1u32`, `0x`,
//!   `1e`, `012`): no valid program puts a name right after a literal, and reporting the
//!   run as one bad literal says what went wrong instead of "expected `;`".
//! - Values are correctly rounded to the suffix's type, round-half-to-even: `f` is rounded
//!   from the text straight to f32 (never through f64, which would round twice), `h` to
//!   f16 (through f64, with an exact decimal comparison in the one case where rounding
//!   twice can differ: an f64 result that lies exactly halfway between two f16 values), no
//!   suffix to f64. Integers must fit their type: `i` → i32, `u` → u32, none → the i64
//!   range of AbstractInt.
//! - A hexadecimal float with `f` or `h` that overflows or is not exactly representable is
//!   an error, as is any float that overflows its type. Values too small for the type round
//!   to zero (or a subnormal), which the spec allows.
//! - Hexadecimal significands are truncated after 16 significant digits, as the spec
//!   allows, with the dropped digits kept as a sticky bit for rounding; decimal ones are
//!   rounded from every digit, the exact value.

use super::ast::{FloatSuffix, IntSuffix, LiteralValue};
use crate::util::decimal;

/// Why a literal is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiteralError {
    /// Does not match the literal grammar; the message says how.
    Malformed(&'static str),
    /// An integer too large for its type; the type's name.
    IntOutOfRange(&'static str),
    /// A float whose value overflows its type; the type's name.
    FloatOverflow(&'static str),
    /// A hexadecimal float with `f` or `h` that the type cannot hold exactly.
    Inexact(&'static str),
}

/// The kind of token a scanned literal is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberKind {
    Int,
    Float,
}

fn is_ident_continue_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn digits_end(bytes: &[u8], mut i: usize, hex: bool) -> usize {
    while i < bytes.len()
        && (if hex {
            bytes[i].is_ascii_hexdigit()
        } else {
            bytes[i].is_ascii_digit()
        })
    {
        i += 1;
    }
    i
}

/// An exponent `[eE|pP][+-]?[0-9]+` at `i`: returns its end, or `None` when there is none.
fn exponent_end(bytes: &[u8], i: usize, markers: [u8; 2]) -> Option<usize> {
    if i < bytes.len() && markers.contains(&bytes[i]) {
        let mut j = i + 1;
        if j < bytes.len() && (bytes[j] == b'+' || bytes[j] == b'-') {
            j += 1;
        }
        let end = digits_end(bytes, j, false);
        if end > j {
            return Some(end);
        }
    }
    None
}

/// Scans the numeric literal at `start` (a digit, or `.` before a digit). Returns its end
/// and kind. A run of name characters directly after the longest literal match is
/// included, which makes the literal malformed ([`number_value`] says how).
pub fn scan_number(bytes: &[u8], start: usize) -> (usize, NumberKind) {
    let (end, kind) = longest_match(bytes, start);
    let mut tail = end;
    while tail < bytes.len() && (is_ident_continue_byte(bytes[tail]) || bytes[tail] >= 0x80) {
        // Non-ASCII letters are part of the run too; stop at non-ASCII blankspace.
        if bytes[tail] >= 0x80 {
            let len = match bytes[tail] {
                b if b >= 0xF0 => 4,
                b if b >= 0xE0 => 3,
                _ => 2,
            };
            let c = bytes
                .get(tail..tail + len)
                .and_then(|b| std::str::from_utf8(b).ok())
                .and_then(|s| s.chars().next());
            match c {
                Some(c) if unicode_ident::is_xid_continue(c) => tail += len,
                _ => break,
            }
        } else {
            tail += 1;
        }
    }
    (tail, kind)
}

fn longest_match(bytes: &[u8], start: usize) -> (usize, NumberKind) {
    let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    if at(start) == b'0' && (at(start + 1) == b'x' || at(start + 1) == b'X') {
        let int_start = start + 2;
        let int_end = digits_end(bytes, int_start, true);
        let has_int = int_end > int_start;
        let (frac_end, has_point, has_frac) = if at(int_end) == b'.' {
            let e = digits_end(bytes, int_end + 1, true);
            (e, true, e > int_end + 1)
        } else {
            (int_end, false, false)
        };
        if has_int || has_frac {
            if let Some(exp_end) = exponent_end(bytes, frac_end, [b'p', b'P']) {
                let end = if matches!(at(exp_end), b'f' | b'h') {
                    exp_end + 1
                } else {
                    exp_end
                };
                return (end, NumberKind::Float);
            }
            if has_point {
                return (frac_end, NumberKind::Float);
            }
            let end = if matches!(at(int_end), b'i' | b'u') {
                int_end + 1
            } else {
                int_end
            };
            return (end, NumberKind::Int);
        }
        // `0x` without digits: the longest match is the `0`; the `x…` run makes it malformed.
        return (start + 1, NumberKind::Int);
    }
    let int_end = digits_end(bytes, start, false);
    let has_int = int_end > start;
    let mut end = int_end;
    let mut float = false;
    if at(int_end) == b'.' {
        let frac_end = digits_end(bytes, int_end + 1, false);
        if has_int || frac_end > int_end + 1 {
            end = frac_end;
            float = true;
        }
    }
    if let Some(exp_end) = exponent_end(bytes, end, [b'e', b'E']) {
        if has_int || float {
            end = exp_end;
            float = true;
        }
    }
    if !float && end - start > 1 && bytes[start] == b'0' {
        // `012`: only `0` matches; the digits after it make the literal malformed.
        return (start + 1, NumberKind::Int);
    }
    match at(end) {
        b'f' | b'h' => (end + 1, NumberKind::Float),
        b'i' | b'u' if !float => (end + 1, NumberKind::Int),
        _ if float => (end, NumberKind::Float),
        _ => (end, NumberKind::Int),
    }
}

/// The value of a numeric literal token's text.
pub fn number_value(text: &str) -> Result<LiteralValue, LiteralError> {
    let bytes = text.as_bytes();
    let (end, kind) = longest_match(bytes, 0);
    if end != bytes.len() {
        return Err(LiteralError::Malformed(malformed_reason(text, end)));
    }
    let hex = bytes.len() > 1 && bytes[0] == b'0' && (bytes[1] == b'x' || bytes[1] == b'X');
    match kind {
        NumberKind::Int => int_value(text, hex),
        NumberKind::Float if hex => hex_float_value(text),
        NumberKind::Float => decimal_float_value(text),
    }
}

fn malformed_reason(text: &str, matched: usize) -> &'static str {
    let bytes = text.as_bytes();
    let rest = &text[matched..];
    let hex = bytes.len() > 1 && bytes[0] == b'0' && (bytes[1] == b'x' || bytes[1] == b'X');
    if hex && matched == 1 {
        return "a hexadecimal literal needs at least one digit after `0x`";
    }
    let matched_text = &text[..matched];
    let is_float = matched_text.contains('.')
        || (!hex && matched_text.contains(['e', 'E']))
        || (hex && matched_text.contains(['p', 'P']))
        || matched_text.ends_with(['f', 'h']);
    if !hex && bytes[0] == b'0' && rest.starts_with(|c: char| c.is_ascii_digit()) {
        return "integer literals cannot have leading zeros";
    }
    if !hex && rest.starts_with(['e', 'E']) {
        return "the exponent has no digits";
    }
    if hex && rest.starts_with(['p', 'P']) {
        return "the exponent has no digits";
    }
    if hex && !is_float && (rest.starts_with('f') || rest.starts_with('h')) {
        return "a hexadecimal float needs a `p` exponent before an `f` or `h` suffix";
    }
    if matched_text.ends_with(['i', 'u', 'f', 'h']) && !hex
        || hex && matched_text.ends_with(['i', 'u'])
    {
        return "a literal can have only one suffix";
    }
    if is_float && rest.starts_with(['i', 'u']) {
        return "a floating point literal cannot have an `i` or `u` suffix";
    }
    "unexpected characters after the number; valid suffixes are `i`, `u`, `f` and `h`"
}

fn int_value(text: &str, hex: bool) -> Result<LiteralValue, LiteralError> {
    let (digits, suffix) = match text.as_bytes()[text.len() - 1] {
        b'i' => (&text[..text.len() - 1], IntSuffix::I),
        b'u' => (&text[..text.len() - 1], IntSuffix::U),
        _ => (text, IntSuffix::None),
    };
    let (digits, radix) = if hex {
        (&digits[2..], 16)
    } else {
        (digits, 10)
    };
    let (limit, type_name) = match suffix {
        IntSuffix::I => (i32::MAX as u64, "i32"),
        IntSuffix::U => (u32::MAX as u64, "u32"),
        IntSuffix::None => (i64::MAX as u64, "AbstractInt"),
    };
    let mut value: u64 = 0;
    for b in digits.bytes() {
        let d = (b as char).to_digit(radix).unwrap_or(0) as u64;
        value = match value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d))
        {
            Some(v) if v <= limit => v,
            _ => return Err(LiteralError::IntOutOfRange(type_name)),
        };
    }
    Ok(LiteralValue::Int { value, suffix })
}

fn float_suffix(text: &str, hex: bool) -> (&str, FloatSuffix) {
    let last = text.as_bytes()[text.len() - 1];
    // In a hexadecimal literal `f` is a digit unless an exponent precedes it.
    let has_exponent = !hex || text.contains(['p', 'P']);
    match last {
        b'f' if has_exponent => (&text[..text.len() - 1], FloatSuffix::F),
        b'h' => (&text[..text.len() - 1], FloatSuffix::H),
        _ => (text, FloatSuffix::None),
    }
}

fn decimal_float_value(text: &str) -> Result<LiteralValue, LiteralError> {
    let (body, suffix) = float_suffix(text, false);
    let value = match suffix {
        FloatSuffix::F => {
            let v = decimal::parse_f32(body).ok_or(LiteralError::Malformed("invalid number"))?;
            if v.is_infinite() {
                return Err(LiteralError::FloatOverflow("f32"));
            }
            v as f64
        }
        FloatSuffix::None => {
            let v = decimal::parse_f64(body).ok_or(LiteralError::Malformed("invalid number"))?;
            if v.is_infinite() {
                return Err(LiteralError::FloatOverflow("AbstractFloat"));
            }
            v
        }
        FloatSuffix::H => {
            let v = decimal::parse_f64(body).ok_or(LiteralError::Malformed("invalid number"))?;
            decimal_to_f16(body, v).ok_or(LiteralError::FloatOverflow("f16"))?
        }
    };
    Ok(LiteralValue::Float { value, suffix })
}

/// Rounds the decimal `body`, whose correctly rounded f64 value is `v`, to f16. `None` on
/// overflow.
fn decimal_to_f16(body: &str, v: f64) -> Option<f64> {
    if v.is_infinite() {
        return None;
    }
    if v == 0.0 {
        return Some(0.0);
    }
    let quantum = f16_quantum(v);
    let scaled = v / quantum;
    let mut units = scaled.round_ties_even();
    if scaled - scaled.floor() == 0.5 {
        // `v` is exactly halfway between two f16 values. The decimal may be slightly above
        // or below it (rounding to f64 moved it onto the midpoint), or exactly on it.
        match compare_decimal_with_binary(body, v) {
            std::cmp::Ordering::Greater => units = scaled.ceil(),
            std::cmp::Ordering::Less => units = scaled.floor(),
            std::cmp::Ordering::Equal => {}
        }
    }
    let rounded = units * quantum;
    if rounded > 65504.0 {
        return None;
    }
    Some(rounded)
}

/// The distance between adjacent f16 values around the positive finite `v`.
fn f16_quantum(v: f64) -> f64 {
    let exponent = ((v.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    // Subnormal f64 values are far below f16's range; they share f16's smallest quantum.
    let e = exponent.max(-14);
    pow2(e - 10)
}

/// 2^e for the exponents f64 can represent exactly as normal numbers.
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// `x * 2^e`, exact when the result is representable.
fn scale_pow2(mut x: f64, mut e: i64) -> f64 {
    while e > 1000 {
        x *= pow2(1000);
        e -= 1000;
    }
    while e < -1000 {
        x *= pow2(-1000);
        e += 1000;
    }
    x * pow2(e as i32)
}

/// A positive decimal as `0.digits × 10^exponent`, with `digits` free of leading and
/// trailing zeros; `None` for zero.
struct Decimal {
    digits: String,
    exponent: i64,
}

fn parse_decimal(body: &str) -> Option<Decimal> {
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(i) => (
            &body[..i],
            body[i + 1..].parse::<i64>().unwrap_or_else(|_| {
                // Exponents too large for i64 saturate; the value is then far outside f16.
                if body[i + 1..].starts_with('-') {
                    i64::MIN / 4
                } else {
                    i64::MAX / 4
                }
            }),
        ),
        None => (body, 0),
    };
    let (int_part, frac_part) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    let all: String = format!("{int_part}{frac_part}");
    let trimmed = all.trim_start_matches('0');
    let leading_zeros = all.len() - trimmed.len();
    let digits = trimmed.trim_end_matches('0');
    if digits.is_empty() {
        return None;
    }
    // value = 0.all × 10^(int_len + exp); dropping leading zeros shifts the exponent.
    let exponent = (int_part.len() as i64 - leading_zeros as i64).saturating_add(exp);
    Some(Decimal {
        digits: digits.to_string(),
        exponent,
    })
}

/// The exact decimal expansion of a positive finite binary value `v` that has at most
/// 64 significant bits and an exponent within ±126 (every f16 midpoint qualifies).
fn binary_to_decimal(v: f64) -> Decimal {
    let bits = v.to_bits();
    let exp_field = ((bits >> 52) & 0x7ff) as i64;
    let mut mant = (bits & ((1u64 << 52) - 1)) | if exp_field > 0 { 1u64 << 52 } else { 0 };
    let mut e2 = if exp_field > 0 {
        exp_field - 1075
    } else {
        -1074
    };
    while mant & 1 == 0 {
        mant >>= 1;
        e2 += 1;
    }
    // v = mant × 2^e2 = mant × 5^(-e2) × 10^e2 when e2 < 0.
    let (n, e10): (u128, i64) = if e2 >= 0 {
        ((mant as u128) << e2, 0)
    } else {
        let mut n = mant as u128;
        for _ in 0..(-e2) {
            n *= 5;
        }
        (n, e2)
    };
    let s = crate::util::decimal::u128_text(n);
    let trimmed = s.trim_end_matches('0');
    let exponent = s.len() as i64 + e10;
    Decimal {
        digits: trimmed.to_string(),
        exponent,
    }
}

fn compare_decimal_with_binary(body: &str, v: f64) -> std::cmp::Ordering {
    let Some(lhs) = parse_decimal(body) else {
        return std::cmp::Ordering::Less;
    };
    let rhs = binary_to_decimal(v);
    lhs.exponent
        .cmp(&rhs.exponent)
        .then_with(|| lhs.digits.cmp(&rhs.digits))
}

/// A binary floating-point format: significand bits (with the hidden one) and the normal
/// exponent range.
struct Format {
    precision: u32,
    emin: i64,
    emax: i64,
    name: &'static str,
}

const F64: Format = Format {
    precision: 53,
    emin: -1022,
    emax: 1023,
    name: "AbstractFloat",
};
const F32: Format = Format {
    precision: 24,
    emin: -126,
    emax: 127,
    name: "f32",
};
const F16: Format = Format {
    precision: 11,
    emin: -14,
    emax: 15,
    name: "f16",
};

fn hex_float_value(text: &str) -> Result<LiteralValue, LiteralError> {
    let (body, suffix) = float_suffix(text, true);
    let body = &body[2..];
    let (mantissa, exp) = match body.find(['p', 'P']) {
        Some(i) => {
            let digits = &body[i + 1..];
            let e = digits.parse::<i64>().unwrap_or(if digits.starts_with('-') {
                i64::MIN / 4
            } else {
                i64::MAX / 4
            });
            (&body[..i], e.clamp(i64::MIN / 4, i64::MAX / 4))
        }
        None => (body, 0),
    };
    let mut mant: u64 = 0;
    let mut used = 0;
    let mut sticky = false;
    let mut exp_adjust: i64 = 0;
    let mut in_fraction = false;
    for b in mantissa.bytes() {
        if b == b'.' {
            in_fraction = true;
            continue;
        }
        let d = (b as char).to_digit(16).unwrap_or(0) as u64;
        if mant == 0 && d == 0 {
            if in_fraction {
                exp_adjust -= 4;
            }
            continue;
        }
        if used < 16 {
            mant = mant * 16 + d;
            used += 1;
            if in_fraction {
                exp_adjust -= 4;
            }
        } else {
            sticky |= d != 0;
            if !in_fraction {
                exp_adjust += 4;
            }
        }
    }
    let format = match suffix {
        FloatSuffix::F => F32,
        FloatSuffix::H => F16,
        FloatSuffix::None => F64,
    };
    let (value, exact) = round_binary(mant, sticky, exp.saturating_add(exp_adjust), &format)
        .ok_or(LiteralError::FloatOverflow(format.name))?;
    if !exact && suffix != FloatSuffix::None {
        return Err(LiteralError::Inexact(format.name));
    }
    Ok(LiteralValue::Float { value, suffix })
}

/// Rounds `(mant + sticky) × 2^exp2` to `format`, half to even. Returns the value and
/// whether it was exact, or `None` on overflow.
fn round_binary(mant: u64, sticky: bool, exp2: i64, format: &Format) -> Option<(f64, bool)> {
    if mant == 0 {
        return Some((0.0, !sticky));
    }
    let nbits = 64 - mant.leading_zeros() as i64;
    let top = exp2 + nbits - 1;
    if top > format.emax {
        return None;
    }
    let p = format.precision as i64;
    let quantum_exp = (top - (p - 1)).max(format.emin - (p - 1));
    let shift = quantum_exp - exp2;
    let (units, exact) = if shift <= 0 {
        // Every bit fits (a sticky bit never occurs here: it needs 61+ bits of mantissa).
        (mant as u128, !sticky)
    } else if shift > 65 {
        (0, false)
    } else {
        let m = mant as u128;
        let shift = shift as u32;
        let q = m >> shift;
        let rem = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let up = rem > half || (rem == half && (sticky || q & 1 == 1));
        (q + up as u128, rem == 0 && !sticky)
    };
    let (units, quantum_exp) = if shift <= 0 {
        (units, exp2)
    } else {
        (units, quantum_exp)
    };
    let value = scale_pow2(units as f64, quantum_exp);
    if value != 0.0 {
        let top = ((value.to_bits() >> 52) & 0x7ff) as i64 - 1023;
        if top > format.emax {
            return None;
        }
    }
    Some((value, exact))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn float(text: &str) -> f64 {
        match number_value(text) {
            Ok(LiteralValue::Float { value, .. }) => value,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn int(text: &str) -> u64 {
        match number_value(text) {
            Ok(LiteralValue::Int { value, .. }) => value,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn scan(text: &str) -> (usize, NumberKind) {
        scan_number(text.as_bytes(), 0)
    }

    #[test]
    fn scanning_takes_the_longest_match() {
        assert_eq!(scan("123"), (3, NumberKind::Int));
        assert_eq!(scan("123u;"), (4, NumberKind::Int));
        assert_eq!(scan("1.5f)"), (4, NumberKind::Float));
        assert_eq!(scan("1."), (2, NumberKind::Float));
        assert_eq!(scan(".5"), (2, NumberKind::Float));
        assert_eq!(scan("1e-3"), (4, NumberKind::Float));
        assert_eq!(scan("1e+"), (2, NumberKind::Int)); // `1` and the malformed run `e`
        assert_eq!(scan("012"), (3, NumberKind::Int)); // `0` and the malformed run `12`
        assert_eq!(scan("012.5"), (5, NumberKind::Float));
        assert_eq!(scan("012e1"), (5, NumberKind::Float));
        assert_eq!(scan("0x1f"), (4, NumberKind::Int));
        assert_eq!(scan("0x1p0f"), (6, NumberKind::Float));
        assert_eq!(scan("0x.8"), (4, NumberKind::Float));
        assert_eq!(scan("0X1.P1"), (6, NumberKind::Float));
        assert_eq!(scan("0h"), (2, NumberKind::Float));
        assert_eq!(scan("1.0u"), (4, NumberKind::Float)); // malformed: run `u`
        assert_eq!(scan("1-2"), (1, NumberKind::Int));
    }

    #[test]
    fn spec_examples() {
        assert_eq!(int("0x123"), 0x123);
        assert_eq!(int("0X123u"), 0x123);
        assert_eq!(int("0x3f"), 0x3f);
        assert_eq!(float("0.e+4f"), 0.0);
        assert_eq!(float("01."), 1.0);
        assert_eq!(float(".01"), 0.01);
        assert_eq!(float("12.34"), 12.34);
        assert_eq!(float(".0f"), 0.0);
        assert_eq!(float("0h"), 0.0);
        assert_eq!(float("1e-3"), 1e-3);
        assert_eq!(float("0xa.fp+2"), 43.75);
        assert_eq!(float("0x1P+4f"), 16.0);
        assert_eq!(float("0X.3"), 0.1875);
        assert_eq!(float("0x3p+2h"), 12.0);
        assert_eq!(float("0X1.fp-4"), 0.12109375);
        assert_eq!(float("0x3.2p+2h"), 12.5);
    }

    #[test]
    fn integer_ranges() {
        assert_eq!(int("2147483647i"), 2147483647);
        assert_eq!(
            number_value("2147483648i"),
            Err(LiteralError::IntOutOfRange("i32"))
        );
        assert_eq!(int("4294967295u"), 4294967295);
        assert_eq!(
            number_value("4294967296u"),
            Err(LiteralError::IntOutOfRange("u32"))
        );
        assert_eq!(int("9223372036854775807"), i64::MAX as u64);
        assert_eq!(
            number_value("9223372036854775808"),
            Err(LiteralError::IntOutOfRange("AbstractInt"))
        );
        assert_eq!(int("0xffffffffu"), 0xffff_ffff);
        assert_eq!(
            number_value("0x100000000u"),
            Err(LiteralError::IntOutOfRange("u32"))
        );
    }

    #[test]
    fn f32_is_rounded_once_from_the_text() {
        // 1 + 2^-24 + 2^-60: rounding through f64 first gives 1 + 2^-24, a tie that goes to
        // 1.0; the exact value is above the tie and rounds up.
        let text = "1.00000005960464477539930814157f";
        let direct: f32 = text[..text.len() - 1].parse().unwrap();
        assert_eq!(float(text), direct as f64);
        assert_eq!(direct, 1.0000001);
        assert_eq!(float("3.4028235e38f"), f32::MAX as f64);
        assert_eq!(
            number_value("3.5e38f"),
            Err(LiteralError::FloatOverflow("f32"))
        );
        assert_eq!(float("1e-50f"), 0.0);
        assert_eq!(float("1.4e-45f"), f32::from_bits(1) as f64);
    }

    #[test]
    fn f16_rounding_is_correct_at_midpoints() {
        assert_eq!(float("1h"), 1.0);
        assert_eq!(float("65504h"), 65504.0);
        assert_eq!(float("65519.99h"), 65504.0);
        assert_eq!(
            number_value("65520h"),
            Err(LiteralError::FloatOverflow("f16"))
        );
        // 1 + 2^-11 is exactly halfway between 1 and 1 + 2^-10: ties to even (1.0).
        assert_eq!(float("1.00048828125h"), 1.0);
        // A hair above the midpoint, closer than f64 can tell: must round up.
        assert_eq!(float("1.0004882812500000000000001h"), 1.0 + 1.0 / 1024.0);
        // A hair below: must round down.
        assert_eq!(float("1.0004882812499999999999999h"), 1.0);
        // 1 + 3×2^-11 ties to even, upward.
        assert_eq!(float("1.00146484375h"), 1.0 + 2.0 / 1024.0);
        // Smallest subnormal and half of it.
        assert_eq!(float("5.9604644775390625e-8h"), 2f64.powi(-24));
        assert_eq!(float("2.98023223876953125e-8h"), 0.0);
        assert_eq!(float("2.98023223876953126e-8h"), 2f64.powi(-24));
    }

    #[test]
    fn hex_floats() {
        assert_eq!(float("0x1p-1074"), f64::from_bits(1));
        assert_eq!(float("0x1.fffffffffffffp1023"), f64::MAX);
        assert_eq!(
            number_value("0x1p1024"),
            Err(LiteralError::FloatOverflow("AbstractFloat"))
        );
        assert_eq!(
            number_value("0x1.00000001p0f"),
            Err(LiteralError::Inexact("f32"))
        );
        assert_eq!(float("0x1.00000001p0"), 1.0 + 2f64.powi(-32));
        assert_eq!(float("0x1p-24h"), 2f64.powi(-24));
        assert_eq!(number_value("0x1p-25h"), Err(LiteralError::Inexact("f16")));
        assert_eq!(
            number_value("0x1p16h"),
            Err(LiteralError::FloatOverflow("f16"))
        );
        assert_eq!(float("0x1.ffcp15h"), 65504.0);
        // More than 16 significant digits: the rest is a sticky bit.
        assert_eq!(float("0x1.00000000000008000001p0"), 1.0 + 2f64.powi(-52));
        assert_eq!(float("0x1.00000000000008p0"), 1.0);
        assert_eq!(float("0x0.0000000000000000000001p0"), 2f64.powi(-88));
    }

    #[test]
    fn malformed_literals_explain_themselves() {
        assert_eq!(
            number_value("012"),
            Err(LiteralError::Malformed(
                "integer literals cannot have leading zeros"
            ))
        );
        assert!(matches!(
            number_value("0x"),
            Err(LiteralError::Malformed(_))
        ));
        assert!(matches!(
            number_value("1e"),
            Err(LiteralError::Malformed(_))
        ));
        assert!(matches!(
            number_value("1.0u"),
            Err(LiteralError::Malformed(_))
        ));
        assert!(matches!(
            number_value("1uu"),
            Err(LiteralError::Malformed(_))
        ));
        assert!(matches!(
            number_value("0x1h"),
            Err(LiteralError::Malformed(_))
        ));
        assert_eq!(float("012.5"), 12.5);
    }
}
