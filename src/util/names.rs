//! Finding an enum variant by its WGSL name without a `match` on strings.
//!
//! A `match name { "abs" => …, … }` over a hundred names compiles to a chain of length
//! tests and `memcmp` calls, about 20 bytes of wasm per name. A name table sorted at
//! compile time ([`sorted_order`]) and a binary search ([`find`]) do the same lookup in
//! a few hundred bytes in all, in a handful of comparisons.

/// Whether `a` sorts before `b` in [`length_then_bytes`] order, usable in a const context.
const fn less(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return a.len() < b.len();
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    false
}

/// The table's order: shorter names first, then bytewise. Most probes of a search then
/// end on the lengths, without comparing bytes.
fn length_then_bytes(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// The indices of `names` in ascending [`length_then_bytes`] order, computed at compile
/// time. At most 256 names.
pub const fn sorted_order<const N: usize>(names: &[&str; N]) -> [u8; N] {
    assert!(N <= 256, "a name table holds at most 256 names");
    let mut order = [0u8; N];
    let mut i = 0;
    while i < N {
        order[i] = i as u8;
        i += 1;
    }
    // Insertion sort: the tables are small and this runs in the compiler.
    let mut i = 1;
    while i < N {
        let mut j = i;
        while j > 0 && less(names[order[j] as usize], names[order[j - 1] as usize]) {
            let t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    order
}

/// The index of `name` in `names`, given `order` from [`sorted_order`] of the same names.
pub fn find(names: &[&str], order: &[u8], name: &str) -> Option<usize> {
    order
        .binary_search_by(|&i| length_then_bytes(names[i as usize], name))
        .ok()
        .map(|k| order[k] as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_name_and_nothing_else() {
        const NAMES: [&str; 6] = ["mix", "abs", "a", "absx", "", "b"];
        const ORDER: [u8; 6] = sorted_order(&NAMES);
        for (i, n) in NAMES.iter().enumerate() {
            assert_eq!(find(&NAMES, &ORDER, n), Some(i), "{n}");
        }
        for n in ["ab", "mi", "mixx", "c", "B"] {
            assert_eq!(find(&NAMES, &ORDER, n), None, "{n}");
        }
    }
}
