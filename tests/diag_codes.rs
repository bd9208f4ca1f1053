//! The diagnostic code registry has no duplicates and every code is well-formed.

use refract::diag::codes;
use std::collections::HashSet;

#[test]
fn codes_are_unique_and_well_formed() {
    let mut seen = HashSet::new();
    for (code, meaning) in codes::ALL {
        assert!(seen.insert(*code), "duplicate diagnostic code {code}");
        assert!(
            code.len() == 5
                && code.starts_with('E')
                && code[1..].chars().all(|c| c.is_ascii_digit()),
            "malformed code {code}"
        );
        assert!(!meaning.is_empty(), "code {code} has no meaning");
    }
}
