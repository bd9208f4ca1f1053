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
pub fn by_key<T>(v: &mut [T], key: impl Fn(&T) -> u64) {
    if v.len() < 2 {
        return;
    }
    // A loop rather than `map(key).collect()`: that would be another copy of the
    // iterator and collect code for each caller's key.
    let mut keys = Vec::with_capacity(v.len());
    for x in v.iter() {
        keys.push(key(x));
    }
    let order = sorted_positions(keys);
    permute(v, &order);
}

/// The positions of `keys` in sorted order (ties by position): the part of [`by_key`]
/// that does not depend on the element type, so each instantiation carries only the
/// key reads and the swaps of [`permute`].
#[inline(never)]
fn sorted_positions(keys: Vec<u64>) -> Vec<usize> {
    let mut order = Vec::with_capacity(keys.len());
    for (i, &k) in keys.iter().enumerate() {
        order.push(u128::from(k) << 64 | i as u128);
    }
    sort_keys(&mut order);
    let mut positions = Vec::with_capacity(order.len());
    for &k in &order {
        positions.push(k as u64 as usize);
    }
    positions
}

/// Rearranges `v` so that its `k`-th element is the one that was at `order[k]` (a
/// permutation of its positions), one cycle of the permutation at a time, by swaps.
fn permute<T>(v: &mut [T], order: &[usize]) {
    let mut done = vec![false; order.len()];
    for start in 0..order.len() {
        let mut at = start;
        while !done[at] {
            done[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
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
    fn agrees_with_the_standard_stable_sort() {
        for n in [2, 3, 17, 500] {
            let mut v: Vec<(u64, usize)> = (0..n).map(|i| ((i * 7919 % 13) as u64, i)).collect();
            let mut expected = v.clone();
            expected.sort_by_key(|&(k, _)| k);
            by_key(&mut v, |&(k, _)| k);
            assert_eq!(v, expected);
        }
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
