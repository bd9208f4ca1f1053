//! Decimal text to binary floating point, correctly rounded (to nearest, ties to even),
//! without the standard library's parser.
//!
//! `str::parse::<f64>` reaches its result through the Eisel-Lemire algorithm, whose table
//! of 128-bit powers of five (10 KB of data that does not compress) and fallbacks make it
//! one of the larger pieces of the WebAssembly package. Correct rounding is one function
//! of the decimal value, so any exact method gives the same results; this one is plain
//! big-integer arithmetic:
//!
//! - The text is `digits × 10^e`, with `digits` an integer free of leading and trailing
//!   zeros. Past 800 significant digits the rest is replaced by one nonzero digit (a
//!   sticky digit): the first 767 decide every rounding of an f64.
//! - Values beyond the format's range by a whole decimal power are infinite or zero at
//!   once, which also bounds the integers below (a few thousand bits).
//! - The value as a ratio `num / den` is scaled by a power of two so that the integer
//!   quotient has the format's precision plus two or three bits; the remainder is the
//!   sticky bit. Rounding the quotient at the format's last bit (a subnormal's quantum
//!   below the normal range) is then exact.
//!
//! It takes a few microseconds per literal, which is what the lexer's literals and the
//! JSON writer need. Most literals never reach it: Clinger's fast path settles the short
//! f64 ones, and an f64 approximation with a bounded error almost every f32 one, long or
//! with a large exponent ([`nearest`]); neither needs a table beyond 23 powers of ten.
//!
//! It accepts what `str::parse` accepts for finite decimal numbers:
//! `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`; `inf` and `nan`,
//! which no caller passes, are `None`.

/// A binary format: significand bits (with the hidden one) and the largest exponent.
struct Format {
    precision: u32,
    emax: i64,
}

const F64: Format = Format {
    precision: 53,
    emax: 1023,
};
const F32: Format = Format {
    precision: 24,
    emax: 127,
};

/// The f64 nearest to the decimal `text`.
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, bits) = parse(text, &F64)?;
    Some(f64::from_bits(bits | u64::from(negative) << 63))
}

/// The f32 nearest to the decimal `text` (rounded once, not through f64).
pub fn parse_f32(text: &str) -> Option<f32> {
    let (negative, bits) = parse(text, &F32)?;
    Some(f32::from_bits(bits as u32 | u32::from(negative) << 31))
}

/// Most significant digits kept; the rest become one sticky digit.
const MAX_DIGITS: usize = 800;

/// The sign and the bits of the magnitude of `text` in `format`.
fn parse(text: &str, format: &Format) -> Option<(bool, u64)> {
    let s = text.as_bytes();
    let (negative, s) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let int_len = s.iter().take_while(|c| c.is_ascii_digit()).count();
    let (int, rest) = s.split_at(int_len);
    let (frac, rest) = match rest.split_first() {
        Some((b'.', after)) => {
            let n = after.iter().take_while(|c| c.is_ascii_digit()).count();
            after.split_at(n)
        }
        _ => (&rest[..0], rest),
    };
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let exponent = match rest.split_first() {
        None => 0,
        Some((b'e' | b'E', after)) => exponent(after)?,
        Some(_) => return None,
    };

    if let Some(bits) = leading_digits(int, frac, exponent, format) {
        return Some((negative, bits));
    }

    // value = digits × 10^e10, digits without leading or trailing zeros.
    // Index loops rather than chain/skip/rev adapters: each was its own copy of the
    // iterator code in the package.
    let all = [int, frac].concat();
    let mut leading = 0;
    while leading < all.len() && all[leading] == b'0' {
        leading += 1;
    }
    let mut end = all.len();
    while end > leading && all[end - 1] == b'0' {
        end -= 1;
    }
    let trailing = all.len() - end;
    let mut digits = &all[leading..end];
    if digits.is_empty() {
        return Some((negative, 0));
    }
    let mut e10 = exponent - frac.len() as i64 + trailing as i64;
    let mut sticky_digit = false;
    if digits.len() > MAX_DIGITS {
        // The dropped digits end in a nonzero one (trailing zeros are gone).
        e10 += (digits.len() - MAX_DIGITS) as i64 - 1;
        digits = &digits[..MAX_DIGITS];
        sticky_digit = true;
    }
    let n = digits.len() as i64 + i64::from(sticky_digit);

    // 10^(n + e10 - 1) <= value < 10^(n + e10): infinite from 10^309 (10^39 for f32),
    // zero below 10^-324 (10^-46).
    let (inf_from, zero_to) = if format.precision == 53 {
        (309, -324)
    } else {
        (39, -46)
    };
    if n + e10 > inf_from {
        return Some((negative, infinity(format)));
    }
    if n + e10 <= zero_to {
        return Some((negative, 0));
    }

    let mut num = Big::from_digits(digits, sticky_digit);
    let mut den = Big::one();
    if e10 >= 0 {
        num.mul_pow10(e10 as u32);
    } else {
        den.mul_pow10(e10.unsigned_abs() as u32);
    }
    Some((negative, round(num, den, format)))
}

/// The first 19 significant digits settle most literals without big integers: `w`, those
/// digits as an integer, with `tail` saying whether any digit after them is nonzero. The
/// value then lies in `[w, w + 1] × 10^e10`, and rounding is monotonic, so when both ends
/// round to the same f32 that is the answer (a rounding boundary between them sends the
/// text to the exact path). An f64 is settled here only when all its digits are in `w`.
fn leading_digits(int: &[u8], frac: &[u8], exponent: i64, format: &Format) -> Option<u64> {
    let mut w = 0u64;
    let mut n = 0;
    let mut dropped = 0i64;
    let mut tail = false;
    for part in [int, frac] {
        for &c in part {
            if w == 0 && c == b'0' {
                continue;
            }
            if n < 19 {
                n += 1;
                w = w * 10 + u64::from(c - b'0');
            } else {
                dropped += 1;
                tail |= c != b'0';
            }
        }
    }
    if w == 0 {
        return Some(0);
    }
    let e10 = exponent - frac.len() as i64 + dropped;
    let low = nearest(w, e10, !tail, format)?;
    (!tail || nearest(w + 1, e10, false, format)? == low).then_some(low)
}

/// Powers of ten exact in an f64 (5^22 < 2^53).
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The bits of `w × 10^e10` in `format`, when a cheap means settles them: `w × 10^e10`
/// computed in f64.
///
/// - An f64 takes Clinger's fast path, for the short literals shaders are made of
///   (`exact`: the digits are all of the number's): when the digits and the power of ten
///   are both exact in an f64, one multiplication or division rounds their exact product
///   or quotient once, correctly.
/// - An f32 takes an approximation: with at most five roundings (the power of ten is a
///   product of up to four exact ones) `v` is within 5 × 2^-53 of the exact value
///   (relatively; no intermediate leaves f64's normal range for these exponents), so the
///   exact value lies in `v ± v × 2^-45`. When both ends of that interval round to the
///   same f32, so does the exact value (the conversion rounds monotonically, to zero and
///   to infinity included). Only values within 2^-45 of an f32 midpoint, the midpoints
///   themselves among them, are left over.
fn nearest(w: u64, e10: i64, exact: bool, format: &Format) -> Option<u64> {
    let f32 = format.precision != 53;
    let k = e10.unsigned_abs() as usize;
    let settled = if f32 {
        k <= 80 && e10 <= 60
    } else {
        exact && w >> 53 == 0 && k <= 22
    };
    if !settled {
        return None;
    }
    let mut power = POW10[k % 22];
    for _ in 0..k / 22 {
        power *= POW10[22];
    }
    let v = if e10 < 0 {
        w as f64 / power
    } else {
        w as f64 * power
    };
    if !f32 {
        return Some(v.to_bits());
    }
    let margin = v * (1.0 / (1u64 << 45) as f64);
    let (low, high) = ((v - margin) as f32, (v + margin) as f32);
    (low == high).then(|| u64::from(low.to_bits()))
}

/// The exponent after `e`: optional sign, at least one digit. It stops growing once past
/// 65,535, as `str::parse`'s does (far beyond any value's range, unless as many zeros
/// follow the point).
fn exponent(s: &[u8]) -> Option<i64> {
    let (negative, s) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut e: i64 = 0;
    for &c in s {
        if e < 0x10000 {
            e = e * 10 + i64::from(c - b'0');
        }
    }
    Some(if negative { -e } else { e })
}

fn infinity(format: &Format) -> u64 {
    ((2 * format.emax + 1) as u64) << (format.precision - 1)
}

/// The bits of `num / den` (both nonzero) rounded to `format`, or infinity.
fn round(mut num: Big, mut den: Big, format: &Format) -> u64 {
    let p = i64::from(format.precision);
    // num / den lies in (2^(k-1), 2^(k+1)); scaled by 2^s it lies in (2^(p+1), 2^(p+3)).
    let k = num.bits() as i64 - den.bits() as i64;
    let s = p + 2 - k;
    if s >= 0 {
        num.shl(s as u64);
    } else {
        den.shl(s.unsigned_abs());
    }
    // Binary long division: the quotient is below 2^(p+3).
    let mut q: u64 = 0;
    den.shl(p as u64 + 2);
    for bit in (0..p + 3).rev() {
        if num.sub_if_at_least(&den) {
            q |= 1 << bit;
        }
        den.shr1();
    }
    let sticky = !num.is_zero();

    // value = (q + sticky) × 2^-s; its top bit has weight 2^top.
    let top = 64 - i64::from(q.leading_zeros()) - 1 - s;
    let emin = 1 - format.emax;
    // The weight of the last bit kept: p bits below the top, or a subnormal's quantum.
    let mut lsb = (top - (p - 1)).max(emin - (p - 1));
    let drop = lsb + s;
    let mut kept = if drop >= 64 {
        0
    } else {
        let kept = q >> drop;
        let rest = q & ((1 << drop) - 1);
        let half = 1 << (drop - 1);
        let up = rest > half || (rest == half && (sticky || kept & 1 == 1));
        kept + u64::from(up)
    };
    if kept == 1 << p {
        kept >>= 1;
        lsb += 1;
    }
    if kept >> (p - 1) == 0 {
        // Subnormal (or zero): the biased exponent is 0.
        return kept;
    }
    let e = lsb + p - 1;
    if e > format.emax {
        return infinity(format);
    }
    ((e + format.emax) as u64) << (p - 1) | (kept & ((1 << (p - 1)) - 1))
}

/// A nonnegative integer: 32-bit limbs, least significant first, no zero limb on top.
/// [`super::float_text`] prints with it too.
#[derive(Clone)]
pub(super) struct Big(Vec<u32>);

impl Big {
    fn one() -> Big {
        Big(vec![1])
    }

    pub(super) fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        while b.0.last() == Some(&0) {
            b.0.pop();
        }
        b
    }

    /// The integer the decimal digits spell, with one more digit 1 when `sticky`.
    fn from_digits(digits: &[u8], sticky: bool) -> Big {
        let mut b = Big(Vec::with_capacity(digits.len() / 9 + 2));
        for chunk in digits.chunks(9) {
            let mut v = 0u32;
            for &c in chunk {
                v = v * 10 + u32::from(c - b'0');
            }
            b.mul_add(10u32.pow(chunk.len() as u32), v);
        }
        if sticky {
            b.mul_add(10, 1);
        }
        b
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    pub(super) fn bits(&self) -> u64 {
        match self.0.last() {
            Some(&top) => 32 * self.0.len() as u64 - u64::from(top.leading_zeros()),
            None => 0,
        }
    }

    /// `self = self × m + a`.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    pub(super) fn mul_pow10(&mut self, mut e: u32) {
        while e >= 9 {
            self.mul_add(1_000_000_000, 0);
            e -= 9;
        }
        self.mul_add(10u32.pow(e), 0);
    }

    pub(super) fn shl(&mut self, bits: u64) {
        let (limbs, bits) = ((bits / 32) as usize, (bits % 32) as u32);
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = *limb;
                *limb = v << bits | carry;
                carry = v >> (32 - bits);
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        let low = std::mem::replace(&mut self.0, vec![0; limbs]);
        self.0.extend_from_slice(&low);
    }

    fn shr1(&mut self) {
        let mut carry = 0u32;
        for limb in self.0.iter_mut().rev() {
            let v = *limb;
            *limb = v >> 1 | carry;
            carry = v << 31;
        }
        if self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    pub(super) fn cmp(&self, d: &Big) -> std::cmp::Ordering {
        match self.0.len().cmp(&d.0.len()) {
            std::cmp::Ordering::Equal => self.0.iter().rev().cmp(d.0.iter().rev()),
            order => order,
        }
    }

    /// Subtracts `d` when `self >= d`; says whether it did.
    pub(super) fn sub_if_at_least(&mut self, d: &Big) -> bool {
        let at_least = self.cmp(d).is_ge();
        if at_least {
            let mut borrow = false;
            for (i, limb) in self.0.iter_mut().enumerate() {
                let (v, b1) = limb.overflowing_sub(d.0.get(i).copied().unwrap_or(0));
                let (v, b2) = v.overflowing_sub(u32::from(borrow));
                *limb = v;
                borrow = b1 || b2;
            }
            while self.0.last() == Some(&0) {
                self.0.pop();
            }
        }
        at_least
    }

    /// Divides by `d` (nonzero) when the quotient fits 64 bits, leaving the remainder;
    /// returns the quotient.
    pub(super) fn div_rem(&mut self, d: &Big) -> u64 {
        let Some(shift) = self.bits().checked_sub(d.bits()) else {
            return 0;
        };
        debug_assert!(shift < 64);
        let mut d = d.clone();
        d.shl(shift);
        let mut q = 0;
        for bit in (0..=shift).rev() {
            if self.sub_if_at_least(&d) {
                q |= 1 << bit;
            }
            d.shr1();
        }
        q
    }
}

/// `n` in decimal, as `n.to_string()` writes it, without the standard library's 128-bit
/// formatting (1.4 KB of the package for the two callers, which print a 128-bit integer
/// only in a literal's exact expansion and an overflow message): the number is divided
/// by 10^9 in 32-bit limbs.
pub fn u128_text(n: u128) -> String {
    let mut limbs = [
        (n >> 96) as u32,
        (n >> 64) as u32,
        (n >> 32) as u32,
        n as u32,
    ];
    // Base-10^9 digits, least significant first.
    let mut chunks = Vec::new();
    loop {
        let mut rem = 0u64;
        for limb in &mut limbs {
            let cur = rem << 32 | u64::from(*limb);
            *limb = (cur / 1_000_000_000) as u32;
            rem = cur % 1_000_000_000;
        }
        chunks.push(rem as u32);
        if limbs == [0; 4] {
            break;
        }
    }
    let mut out = String::new();
    for (k, chunk) in chunks.iter().rev().enumerate() {
        let digits = chunk.to_string();
        if k > 0 {
            out.extend(std::iter::repeat_n('0', 9 - digits.len()));
        }
        out.push_str(&digits);
    }
    out
}

/// `x` in decimal, as `x.to_string()` writes it (see [`u128_text`]).
pub fn i128_text(x: i128) -> String {
    let digits = u128_text(x.unsigned_abs());
    if x < 0 { format!("-{digits}") } else { digits }
}

#[cfg(test)]
pub(super) mod tests {
    #[test]
    fn u128_and_i128_text_agree_with_to_string() {
        let mut cases = vec![0u128, 1, 9, 10, 999_999_999, 1_000_000_000, u128::MAX];
        for shift in 0..128 {
            let p = 1u128 << shift;
            cases.extend([
                p,
                p - 1,
                p + 1,
                p.wrapping_mul(1_000_000_007) ^ 0x5555_5555_5555,
            ]);
        }
        cases.extend((0..39).map(|k| 10u128.pow(k)));
        for n in cases {
            assert_eq!(super::u128_text(n), n.to_string());
            let x = n as i128;
            assert_eq!(super::i128_text(x), x.to_string());
            assert_eq!(
                super::i128_text(x.wrapping_neg()),
                x.wrapping_neg().to_string()
            );
        }
        assert_eq!(super::i128_text(i128::MIN), i128::MIN.to_string());
    }

    use super::*;

    /// A deterministic xorshift generator.
    pub(in crate::util) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// Agrees with `str::parse` on `text`, for f64 and f32, bit for bit.
    fn agrees(text: &str) {
        let want64 = text.parse::<f64>().ok().map(f64::to_bits);
        assert_eq!(parse_f64(text).map(f64::to_bits), want64, "f64 {text}");
        let want32 = text.parse::<f32>().ok().map(f32::to_bits);
        assert_eq!(parse_f32(text).map(f32::to_bits), want32, "f32 {text}");
    }

    #[test]
    fn grammar_as_str_parse() {
        for text in [
            "0",
            "1",
            "1.",
            ".5",
            "-0",
            "+0",
            "-0.0",
            "1e5",
            "1E+5",
            "1e-5",
            "00012.3400",
            "0.000",
            "",
            ".",
            "-",
            "e5",
            "1e",
            "1e+",
            "1.2.3",
            "1x",
            " 1",
            "1 ",
            "--1",
            "+-1",
            "1e5.0",
            "0e999999999999999999999",
            "1e-999999999999999999999",
            "1e999999999999999999999",
        ] {
            agrees(text);
        }
    }

    #[test]
    fn edges_of_the_formats() {
        for text in [
            // f64: largest, just past it, halfway to 2^1024, smallest normal and subnormal.
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.797693134862315807937289714053e308",
            "1.7976931348623159e308",
            "2.2250738585072014e-308",
            "2.2250738585072011e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.4703282292062327208828439643411068618252990130716238221279284125033775e-324",
            "7.4109846876186982e-324",
            // f32 edges.
            "3.4028235e38",
            "3.4028236e38",
            "3.40282356779733661637539395458142568448e38",
            "1.17549435e-38",
            "1.4e-45",
            "7.0064923e-46",
            "7.006492321624085354618647916449580656401309709382578858785341419448955413429303e-46",
            // Ties to even and near ties.
            "9007199254740993",
            "9007199254740993.0000000000000000000001",
            "9007199254740995",
            "16777217",
            "16777217.000000000000001",
            "0.1",
            "0.3",
            "123456789012345678901234567890",
            "3.14159265358979323846264338327950288419716939937510",
        ] {
            agrees(text);
        }
    }

    #[test]
    fn long_digit_strings_use_the_sticky_digit() {
        // An f64 tie written out in full (2^-1074 × 3 / 2) and perturbed past 800 digits.
        let tie = "7.4109846876186981626485318930233205854758970392148714663837852375101\
                   32636696475266055398366656245893547236337463419024744432758425049437\
                   1112e-324";
        agrees(tie);
        let long = format!("1.{}", "0".repeat(900));
        agrees(&long);
        agrees(&format!("{long}1"));
        agrees(&format!("9007199254740993.{}1", "0".repeat(1000)));
        agrees(&format!("9007199254740993{}", "0".repeat(1000)));
        agrees(&format!("0.{}9007199254740993e1020", "0".repeat(1000)));
    }

    #[test]
    fn short_literals_agree() {
        // The fast path's domain and its edges: up to 19 digits, powers of ten to ±25.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..200_000 {
            let r = next();
            let digits = 1 + (r % 19) as usize;
            let mut text: String = (0..digits)
                .map(|_| (b'0' + (next() % 10) as u8) as char)
                .collect();
            let point = (r >> 8) as usize % (digits + 1);
            text.insert(point, '.');
            let e = ((r >> 16) % 51) as i64 - 25;
            agrees(&text);
            agrees(&format!("{text}e{e}"));
        }
        for text in [
            "16777216",
            "16777217",
            "9007199254740993",
            "1e22",
            "1e23",
            "3e10",
        ] {
            agrees(text);
        }
    }

    /// Random digits, `len` of them, the first nonzero.
    fn digits(next: &mut impl FnMut() -> u64, len: usize) -> String {
        (0..len)
            .map(|k| {
                let d = if k == 0 { 1 + next() % 9 } else { next() % 10 };
                (b'0' + d as u8) as char
            })
            .collect()
    }

    #[test]
    fn long_literals_agree() {
        // More than 19 significant digits, over both formats' ranges and past them, with
        // runs of zeros and nines (carries and exact tails) among the random ones.
        let mut next = xorshift(0xd1b5_4a32_d192_ed03);
        for _ in 0..150_000 {
            let r = next();
            let len = 20 + (r % 30) as usize;
            let mut text = digits(&mut next, len);
            match (r >> 8) % 4 {
                0 => {
                    let at = 1 + (r >> 12) as usize % 18;
                    let run = if r >> 20 & 1 == 1 { "0" } else { "9" };
                    let end = (at + 1 + (r >> 24) as usize % 20).min(len);
                    text.replace_range(at..end, &run.repeat(end - at));
                }
                1 => text.truncate(19 + (r >> 12) as usize % 3),
                _ => {}
            }
            let point = (r >> 32) as usize % (text.len() + 1);
            text.insert(point, '.');
            let e = match (r >> 40) % 3 {
                0 => ((r >> 44) % 121) as i64 - 60,
                1 => ((r >> 44) % 700) as i64 - 350,
                _ => 0,
            };
            agrees(&format!("{text}e{e}"));
        }
    }

    #[test]
    fn midpoints_and_their_neighbours_agree() {
        // f32 midpoints are f64 values: their exact decimals and roundings of them to
        // 17-40 digits, which land on either side. f64 midpoints `(2m + 1) × 2^(k-1)` are
        // written out exactly in 128-bit integers where k allows, and nudged by one digit.
        let mut next = xorshift(0x94d0_49bb_1331_11eb);
        for _ in 0..40_000 {
            let r = next();
            let x = f32::from_bits((r as u32 & 0x7fff_ffff) % 0x7f7f_ffff);
            let mid = (f64::from(x) + f64::from(f32::from_bits(x.to_bits() + 1))) / 2.0;
            agrees(&format!("{mid:.160e}"));
            for n in [16, 18, 19, 20, 24, 40] {
                agrees(&format!("{mid:.n$e}"));
            }
            let m = (r >> 32) & ((1 << 53) - 1) | 1 << 52;
            let k = ((r >> 24) % 104) as i32 - 30;
            let odd = u128::from(2 * m + 1);
            let (int, e10) = if k >= 1 {
                (odd << (k - 1), 0)
            } else {
                (odd * 5u128.pow((1 - k) as u32), k - 1)
            };
            for d in [int, int - 1, int + 1] {
                agrees(&format!("{d}e{e10}"));
                agrees(&format!("{d}e{}", e10 - 40));
            }
        }
    }

    /// `w × 10^e10` in `format` by the big-integer division.
    fn by_division(w: u64, e10: i64, format: &Format) -> u64 {
        let mut num = Big::from_digits(w.to_string().as_bytes(), false);
        let mut den = Big::one();
        if e10 >= 0 {
            num.mul_pow10(e10 as u32);
        } else {
            den.mul_pow10(e10.unsigned_abs() as u32);
        }
        round(num, den, format)
    }

    #[test]
    fn cheap_means_agree_with_the_division() {
        // Random integers of every length, and midpoints `(2m + 1) × 5^j × 10^-j` (that is
        // `(2m + 1) × 2^-j`) with their neighbours, wherever `nearest` decides.
        let mut next = xorshift(0xbf58_476d_1ce4_e5b9);
        let mut cases = Vec::new();
        for _ in 0..100_000 {
            let r = next();
            let w = next() >> (r % 64);
            cases.push((w.max(1), (r >> 8) as i64 % 150 - 85));
            for (format, j_max) in [(&F32, 16), (&F64, 4)] {
                let m = next() >> (64 - format.precision) | 1 << (format.precision - 1);
                let j = (r >> 16) as u32 % (j_max + 1);
                let w = (2 * m + 1) * 5u64.pow(j);
                let shift = (r >> 24) as i64 % 40 - 20;
                for w in [w - 1, w, w + 1] {
                    cases.push((w, -i64::from(j)));
                    cases.push((w, shift));
                }
            }
        }
        let mut decided = [0usize; 2];
        for (w, e10) in cases {
            for (i, format) in [&F32, &F64].into_iter().enumerate() {
                if let Some(got) = nearest(w, e10, true, format) {
                    decided[i] += 1;
                    let want = by_division(w, e10, format);
                    assert_eq!(got, want, "{w}e{e10} at precision {}", format.precision);
                }
            }
        }
        // Both formats were decided on a good share of the cases.
        assert!(decided.iter().all(|&n| n > 100_000), "{decided:?}");
    }

    #[test]
    fn random_texts_agree() {
        // A deterministic xorshift: digits, dots and exponents in every combination.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..100_000 {
            let mut text = String::new();
            let r = next();
            let int_digits = (r % 25) as usize;
            let frac_digits = ((r >> 8) % 25) as usize;
            for _ in 0..int_digits {
                text.push((b'0' + (next() % 10) as u8) as char);
            }
            if r >> 16 & 1 == 1 || int_digits == 0 {
                text.push('.');
            }
            for _ in 0..frac_digits {
                text.push((b'0' + (next() % 10) as u8) as char);
            }
            if r >> 17 & 1 == 1 {
                let e = (next() % 700) as i64 - 350;
                text.push_str(&format!("e{e}"));
            }
            agrees(&text);
            // The exact decimal of a random f64 and f32 and of their midpoints.
            let bits = next();
            let x = f64::from_bits(bits & !(1 << 63));
            if x.is_finite() {
                agrees(&format!("{x:e}"));
                agrees(&format!("{:.30e}", x));
            }
            let y = f32::from_bits(bits as u32 & !(1 << 31));
            let above = f32::from_bits(y.to_bits() + 1);
            if above.is_finite() {
                agrees(&format!("{y:e}"));
                let mid = (f64::from(y) + f64::from(above)) / 2.0;
                agrees(&format!("{mid:.40e}"));
            }
        }
    }
}
