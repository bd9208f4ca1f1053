//! "Did you mean …?" suggestions: the known name nearest to a misspelt one.
//!
//! Shared by the parser (attribute names) and sema (extensions, language features,
//! diagnostic rules). A suggestion is only made within edit distance 2, and never when the
//! word is so short that every candidate is that close.

/// The candidate within edit distance 2 of `word`, if exactly one is closest.
pub(crate) fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for &c in candidates {
        let d = edit_distance(word, c);
        if d <= 2 && d < word.len().max(2) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Levenshtein distance over chars, in one row of memory.
fn edit_distance(a: &str, b: &str) -> usize {
    let mut chars = Vec::with_capacity(b.len());
    for c in b.chars() {
        chars.push(c);
    }
    let b = chars;
    let mut row = Vec::with_capacity(b.len() + 1);
    for j in 0..=b.len() {
        row.push(j);
    }
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
