//! JSON text the way `serde_json` writes it, without `serde_json`'s serializer.
//!
//! The AST panel (`syntax::json`) and the reflection panel print JSON text on every
//! keystroke. `serde_json`'s serializer would link its own float formatter (with tables
//! of powers of ten) into the WebAssembly beside the one the standard library has for
//! `{}`, so these functions write the same bytes from [`super::float_text`]'s shortest
//! round-trip digits; the tests below hold them to `serde_json`'s output.
//!
//! The rules, as `serde_json` has them: strings escape `"`, `\` and control characters
//! (`\b \f \n \r \t` by name, the rest as `\u00xx`); a finite float is its shortest
//! round-trip digits, in plain decimal with a `.0` or a fraction when its decimal exponent
//! is within −5..=15 and as `d.ddde±x` otherwise; a non-finite float is `null`; pretty
//! printing indents by two spaces, puts `"key": value` one per line and writes empty
//! containers as `[]` and `{}`.

use super::float_text::{Ties, shortest_f64};
use super::text::Text;
use serde_json::Value;

/// Whether a byte of a string must be escaped: `"`, `\\` and control characters.
pub(crate) fn needs_escape(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < b' '
}

/// Appends `v` as a JSON number (`null` when it is not finite).
pub(crate) fn push_f64(out: &mut Text, v: f64) {
    if !v.is_finite() {
        out.push_lit(b"null");
        return;
    }
    // The shortest digits that read back as `v`; when two candidates of that length are
    // equally near (it lies halfway), serde_json takes the even one.
    let (digits, e) = shortest_f64(v, Ties::Even);
    let digits = digits.to_string();
    let count = digits.len() as i32;
    let exponent = e + count - 1;
    let negative = v.is_sign_negative();

    if negative {
        out.push(b'-');
    }
    if (-5..=15).contains(&exponent) {
        if count - 1 <= exponent {
            // 1.234e10 → 12340000000.0
            out.push_str(&digits);
            push_zeros(out, exponent - (count - 1));
            out.push_lit(b".0");
        } else if exponent >= 0 {
            // 1.234e1 → 12.34
            let point = exponent as usize + 1;
            out.push_str(&digits[..point]);
            out.push(b'.');
            out.push_str(&digits[point..]);
        } else {
            // 1.234e-3 → 0.001234
            out.push_lit(b"0.");
            push_zeros(out, -exponent - 1);
            out.push_str(&digits);
        }
    } else {
        // 1.234e33 → 1.234e+33
        out.push_str(&digits[..1]);
        if count > 1 {
            out.push(b'.');
            out.push_str(&digits[1..]);
        }
        out.push_str(if exponent < 0 { "e-" } else { "e+" });
        out.push_u32(exponent.unsigned_abs());
    }
}

fn push_zeros(out: &mut Text, n: i32) {
    for _ in 0..n {
        out.push(b'0');
    }
}

/// A JSON object's map. Keys are sorted (serde_json's map is ordered), so the order in
/// which fields are put does not change the text.
pub(crate) type Object = serde_json::Map<String, Value>;

// Values are built through these outlined helpers rather than `json!`, which expands to a
// serializer call and a key allocation inline at every key.

/// Sets `key` to `v` in `o`.
pub(crate) fn put(o: &mut Object, key: &str, v: Value) {
    o.insert(key.to_owned(), v);
}

/// Sets `key` to the string `v` in `o`.
pub(crate) fn put_str(o: &mut Object, key: &str, v: &str) {
    put(o, key, Value::String(v.to_owned()));
}

/// An object from its `(key, value)` pairs (the values are taken).
pub(crate) fn object(pairs: &mut [(&str, Value)]) -> Value {
    let mut o = Object::new();
    for (k, v) in pairs {
        put(&mut o, k, std::mem::take(v));
    }
    Value::Object(o)
}

/// `value` as `serde_json::to_string_pretty` writes it.
pub(crate) fn to_string_pretty(value: &Value) -> String {
    let mut out = Text::with_capacity(256);
    pretty(&mut out, value, 0);
    out.finish()
}

/// One value at nesting `depth`. The recursion follows the value's own nesting, which for
/// the trees refract builds (reflection) is a handful of levels.
fn pretty(out: &mut Text, value: &Value, depth: usize) {
    match value {
        Value::Null => out.push_lit(b"null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                out.push_u64(u);
            } else if let Some(i) = n.as_i64() {
                out.push(b'-');
                out.push_u64(i.unsigned_abs());
            } else {
                push_f64(out, n.as_f64().unwrap_or(f64::NAN));
            }
        }
        Value::String(s) => out.push_json_string(s),
        Value::Array(items) => {
            if items.is_empty() {
                out.push_lit(b"[]");
                return;
            }
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.newline(2 * (depth + 1));
                pretty(out, item, depth + 1);
            }
            out.newline(2 * depth);
            out.push(b']');
        }
        Value::Object(map) => {
            if map.is_empty() {
                out.push_lit(b"{}");
                return;
            }
            out.push(b'{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.newline(2 * (depth + 1));
                out.push_json_string(key);
                out.push_lit(b": ");
                pretty(out, item, depth + 1);
            }
            out.newline(2 * depth);
            out.push(b'}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn f64_text(v: f64) -> String {
        let mut out = Text::default();
        push_f64(&mut out, v);
        out.finish()
    }

    #[test]
    fn floats_are_written_as_serde_json_writes_them() {
        let mut values = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            0.5,
            1.5,
            100.0,
            123.456,
            1e-5,
            1e-6,
            1.5e-6,
            1e15,
            1e16,
            1.5e16,
            123456789012345680.0,
            1e300,
            -1e-300,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            5e-324,
            f32::MAX as f64,
            f32::MIN_POSITIVE as f64,
            0.1f32 as f64,
            65504.0,
            std::f64::consts::PI,
        ];
        // A deterministic spread over every exponent: xorshift bit patterns, and the f32
        // values (as f64) that WGSL's `f` literals hold, among them many that lie halfway
        // between two shortest candidates.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(f64::from_bits(x));
            values.push(f32::from_bits(x as u32) as f64);
        }
        for v in values {
            let expected = serde_json::to_string(&v).unwrap();
            assert_eq!(f64_text(v), expected, "{:#x}", v.to_bits());
        }
        assert_eq!(f64_text(f64::NAN), "null");
        assert_eq!(f64_text(f64::INFINITY), "null");
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let all_ascii: String = (0u8..128).map(char::from).collect();
        for s in [
            "",
            "plain",
            "quote \" backslash \\",
            "é ü 漢字 🦀",
            &all_ascii,
        ] {
            let mut out = Text::default();
            out.push_json_string(s);
            assert_eq!(out.finish(), serde_json::to_string(s).unwrap());
        }
    }

    #[test]
    fn pretty_text_is_serde_jsons() {
        let value = json!({
            "entryPoints": [{"name": "main", "stage": "compute", "workgroupSize": [8, 8, 1]}],
            "bindings": [],
            "overrides": [{"name": "scale", "default": 1.5}, {"name": "n", "default": -3}],
            "empty": {},
            "flags": [true, false, null],
            "text": "line\nbreak",
        });
        assert_eq!(
            to_string_pretty(&value),
            serde_json::to_string_pretty(&value).unwrap()
        );
    }
}
