//! Sorting through one instantiation of the standard library's sort.
//!
//! Each `sort*` call on a new element type or key closure instantiates the whole standard
//! sort (driftsort or ipnsort with their small-sort networks, pivot selection and
//! fallbacks): 5 to 10 KB of wasm per call site. Every sort in refract orders by a key
//! that fits in 64 bits (ids, positions, source offsets), so they all go through
//! [`by_key`], which sorts `key << 64 | position` as `u128`s, the only instantiation,
//! then moves the elements into that order. The position breaks ties, so the sort is
//! stable; a caller that wants a total order on pairs packs both halves into the key.

/// Sorts `v` by `key`, stably.
pub fn by_key<T>(v: &mut Vec<T>, key: impl Fn(&T) -> u64) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<u128> = v
        .iter()
        .enumerate()
        .map(|(i, x)| u128::from(key(x)) << 64 | i as u128)
        .collect();
    sort_keys(&mut order);
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(
        order
            .iter()
            .filter_map(|&k| slots[k as u64 as usize].take()),
    );
}

/// A pair as one key: `a` first, then `b`.
pub fn pair(a: u32, b: u32) -> u64 {
    u64::from(a) << 32 | u64::from(b)
}

#[inline(never)]
fn sort_keys(keys: &mut [u128]) {
    keys.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_by_key() {
        let mut v = vec![(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e')];
        by_key(&mut v, |&(k, _)| k);
        assert_eq!(v, [(0, 'd'), (1, 'b'), (1, 'e'), (3, 'a'), (3, 'c')]);
    }

    #[test]
    fn pairs_order_like_tuples() {
        let mut v: Vec<(u32, u32)> = vec![(2, 1), (1, 9), (2, 0), (1, 3), (u32::MAX, 0)];
        let mut expected = v.clone();
        expected.sort_unstable();
        by_key(&mut v, |&(a, b)| pair(a, b));
        assert_eq!(v, expected);
    }
}
