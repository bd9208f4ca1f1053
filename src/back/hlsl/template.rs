//! Helper function texts as templates: one static string with numbered holes, filled by
//! one expander, instead of a `format!` per text.
//!
//! `$0` … `$9` in a template stand for the arguments by position; HLSL itself never uses
//! `$`, so every `$` followed by a digit is a hole. A hole without an argument stays
//! empty (a template bug shows in the output, never as a panic). `$l` in a per-lane
//! pattern ([`lanes`]) is the lane name (`x`, `y`, `z`, `w`).
//!
//! Why: each `format!` site builds its argument table and piece table in code and data,
//! and a text assembled from lanes went through `map(format!).collect::<Vec<String>>()`
//! and `join`, one iterator chain per site. The npm package carries all of them; a
//! template is only its text.

use super::memory::LANES;

/// `template` with its holes filled from `args`, appended to `out`.
pub fn fill_into(out: &mut String, template: &str, args: &[&str]) {
    expand(out, template, args, "");
}

/// [`fill_into`] with `$l` standing for `lane`.
fn expand(out: &mut String, template: &str, args: &[&str], lane: &str) {
    let mut rest = template;
    while let Some(k) = rest.find('$') {
        out.push_str(&rest[..k]);
        let hole = rest.as_bytes().get(k + 1).copied().unwrap_or(b'$');
        let text = match hole {
            b'0'..=b'9' => args.get(usize::from(hole - b'0')).copied().unwrap_or(""),
            b'l' => lane,
            _ => {
                out.push('$');
                rest = &rest[k + 1..];
                continue;
            }
        };
        out.push_str(text);
        rest = &rest[k + 2..];
    }
    out.push_str(rest);
}

/// `template` with its holes filled from `args`.
pub fn fill(template: &str, args: &[&str]) -> String {
    let mut out = String::new();
    fill_into(&mut out, template, args);
    out
}

/// `pattern` once per lane of an `n`-lane vector, `$l` the lane's name and `$0` …
/// `args`, separated by `sep`: `lanes(3, "a.$l * b.$l", " + ", &[])` is
/// `a.x * b.x + a.y * b.y + a.z * b.z`.
pub fn lanes(n: u32, pattern: &str, sep: &str, args: &[&str]) -> String {
    let mut out = String::new();
    for (k, lane) in LANES.iter().take(n as usize).enumerate() {
        if k > 0 {
            out.push_str(sep);
        }
        expand(&mut out, pattern, args, lane);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_holes_by_position_and_lanes_by_name() {
        assert_eq!(
            fill("$1 $0($1 x) {}", &["f", "float"]),
            "float f(float x) {}"
        );
        assert_eq!(fill("a $ b $9", &["x"]), "a $ b ");
        assert_eq!(
            lanes(3, "a.$l * b.$l", " + ", &[]),
            "a.x * b.x + a.y * b.y + a.z * b.z"
        );
        assert_eq!(
            lanes(2, "c.$l ? $0.$l", ", ", &["t"]),
            "c.x ? t.x, c.y ? t.y"
        );
    }
}
