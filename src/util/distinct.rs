//! Distinct values in first-seen order, in linear time.
//!
//! Successor lists, switch targets and case values are deduplicated in many places. A
//! `contains` scan over the values kept so far is the fastest way for the handful a
//! branch has, but a `switch` with 40,000 cases made each such scan quadratic: seconds of
//! work for a source that checks in a tenth of a second. [`Distinct`] scans while the
//! list is short and keeps a hash set beside it once it grows, so both stay cheap.

use std::hash::Hash;

/// Past this many values a hash set answers membership instead of a scan.
const SCAN_LIMIT: usize = 16;

/// Values in the order first pushed, each once.
pub struct Distinct<T> {
    values: Vec<T>,
    set: Option<crate::util::map::Set<T>>,
}

impl<T: Copy + Eq + Hash> Default for Distinct<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Eq + Hash> Distinct<T> {
    pub fn new() -> Self {
        Distinct {
            values: Vec::new(),
            set: None,
        }
    }

    /// Whether `v` was pushed.
    pub fn contains(&self, v: &T) -> bool {
        match &self.set {
            Some(set) => set.contains(v),
            None => self.values.contains(v),
        }
    }

    /// Adds `v` unless it is there; true when it was new.
    pub fn push(&mut self, v: T) -> bool {
        if self.contains(&v) {
            return false;
        }
        self.values.push(v);
        if let Some(set) = &mut self.set {
            set.insert(v);
        } else if self.values.len() > SCAN_LIMIT {
            self.set = Some(self.values.iter().copied().collect());
        }
        true
    }

    /// Forgets every value, keeping the list's room for the next use.
    pub fn clear(&mut self) {
        self.values.clear();
        self.set = None;
    }

    /// The distinct values, in first-seen order.
    pub fn into_vec(self) -> Vec<T> {
        self.values
    }

    pub fn as_slice(&self) -> &[T] {
        &self.values
    }
}

#[cfg(test)]
mod tests {
    use super::Distinct;

    #[test]
    fn keeps_first_seen_order_past_the_scan_limit() {
        let mut d = Distinct::new();
        for i in (0..100u32).chain(0..100).chain([7, 300]) {
            d.push(i % 50);
        }
        let want: Vec<u32> = (0..50).collect();
        assert_eq!(d.as_slice(), &want[..]);
        assert!(d.contains(&49) && !d.contains(&50));
        assert!(!d.push(3) && d.push(51));
    }
}
