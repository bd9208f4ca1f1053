//! The error limit: how many errors one report holds.
//!
//! A mistake repeated through a source (a name declared again in every copy of a pasted
//! block, a generator gone wrong) would otherwise give one diagnostic per copy, hundreds
//! of thousands of them, seconds to render and to hand to JavaScript. Nobody reads past the first screens, and the first
//! errors are the ones to fix first (later ones are often their echoes). clang stops
//! after 20 errors (`-ferror-limit`), rustc after the parse errors; refract stops after
//! [`DEFAULT_ERROR_LIMIT`].
//!
//! Rules:
//! - **The limit counts errors**, not warnings or notes, and `0` means no limit. The
//!   default, 100, is five times clang's: a playground lists every error at once, and a
//!   shader whose mistake repeats (one wrong type used by every function) still shows
//!   the pattern. At that size any report renders in a millisecond.
//! - **The first errors by position.** Reports are sorted by position; the limit keeps
//!   everything up to and including the limit-th error (the warnings among them too) and
//!   drops the rest. One final error, [`codes::TOO_MANY_ERRORS`], says so: how many errors
//!   were dropped, or that checking stopped early so that more may follow. It has no label
//!   (it is about the report, not a place) and sorts last.
//! - **Phases stop working once the rest cannot change the first errors**, which keeps a
//!   huge broken source as cheap to check as a valid one:
//!   - the parser stops at a declaration boundary once the limit's errors lie before it
//!     (its errors never point back into an earlier declaration; the lexer's are all
//!     known before it starts);
//!   - semantic analysis skips functions that start after the limit-th error known so far
//!     when nothing before that point uses them (see `sema::analyze_with_error_limit`).
//!
//!   Everything they skip could only have reported errors after the ones shown.
//! - **Warnings and notes are limited too, to the same number** ([`limit_warnings`]): a
//!   pattern repeated through a source (320,000 `diagnostic` directives naming an unknown
//!   rule) would otherwise hand JavaScript one object per copy, seconds of work in a
//!   browser. The report keeps the first `limit` of them by position, counts the rest,
//!   and says how many it left out in one final note, [`codes::TOO_MANY_WARNINGS`]
//!   (before [`codes::TOO_MANY_ERRORS`] when both close a report). A limit of 0 keeps
//!   every warning as it keeps every error.
//! - A [`Horizon`] tracks where the limit-th error is while errors come in, in any order,
//!   in O(log limit) per error.
//! - **An error past the horizon is counted, not kept** ([`Horizon::keep`]): it can never
//!   be among the first errors, and keeping it would make one declaration or function
//!   with a mistake on every line cost memory (and allocator time) per line. The count
//!   goes into [`limit_errors`]' "N more errors" as if the errors had been kept.

use super::{Diagnostic, codes};
use std::collections::BinaryHeap;

/// How many errors a report holds unless the caller asks otherwise.
pub const DEFAULT_ERROR_LIMIT: u32 = 100;

/// The position a diagnostic sorts by: its primary label's start (unlabeled ones last).
pub fn sort_position(d: &Diagnostic) -> u32 {
    d.primary_span().map_or(u32::MAX, |s| s.start)
}

/// Sorts diagnostics by position, keeping the order of those at one position.
pub fn sort_by_position(diagnostics: &mut [Diagnostic]) {
    crate::util::sort::by_key(diagnostics, |d| u64::from(sort_position(d)));
}

/// The position of the limit-th error by position among the errors seen so far: nothing
/// after it can be among the first `limit` errors.
#[derive(Clone, Debug)]
pub struct Horizon {
    limit: usize,
    /// The smallest `limit` error positions seen, largest on top.
    nearest: BinaryHeap<u32>,
    /// How many diagnostics of the list being followed were already looked at.
    seen: usize,
    /// Errors [`Horizon::keep`] turned away.
    dropped: usize,
}

impl Horizon {
    /// A horizon for `limit` errors (0: no limit, the horizon never closes).
    pub fn new(limit: u32) -> Horizon {
        Horizon {
            limit: limit as usize,
            nearest: BinaryHeap::new(),
            seen: 0,
            dropped: 0,
        }
    }

    /// Takes in the diagnostics of `list` added since the last call (the list only grows).
    pub fn follow(&mut self, list: &[Diagnostic]) {
        let start = self.seen.min(list.len());
        for d in &list[start..] {
            self.add(d);
        }
        self.seen = list.len();
    }

    pub fn add(&mut self, d: &Diagnostic) {
        if self.limit == 0 || !d.is_error() {
            return;
        }
        let at = sort_position(d);
        if self.nearest.len() < self.limit {
            self.nearest.push(at);
        } else if self.nearest.peek().is_some_and(|&top| at < top) {
            self.nearest.pop();
            self.nearest.push(at);
        }
    }

    /// Takes in `d` and says whether its list must keep it: not when it is an error past
    /// the horizon, which [`limit_errors`] would drop whatever comes later (the horizon
    /// only moves back), so it is only counted ([`Horizon::dropped`]). A list fed through
    /// this is not [`Horizon::follow`]ed as well, which would count its errors twice.
    pub fn keep(&mut self, d: &Diagnostic) -> bool {
        if d.is_error() && self.is_past(sort_position(d)) {
            self.dropped += 1;
            return false;
        }
        self.add(d);
        true
    }

    /// How many errors [`Horizon::keep`] turned away.
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// The limit-th smallest error position, once `limit` errors are known.
    pub fn position(&self) -> Option<u32> {
        (self.limit > 0 && self.nearest.len() == self.limit)
            .then(|| self.nearest.peek().copied())
            .flatten()
    }

    /// Whether everything from `at` on is past the first `limit` errors.
    pub fn is_past(&self, at: u32) -> bool {
        self.position().is_some_and(|h| at > h)
    }
}

/// Applies the limit to a report sorted by position: keeps it up to its `limit`-th error
/// and, when errors were dropped or `complete` is false (a phase stopped early), ends it
/// with a [`codes::TOO_MANY_ERRORS`] error. `limit` 0 keeps everything. `dropped` errors
/// past the limit were already left out of the report ([`Horizon::keep`]), so the
/// report holds `limit` errors before them.
pub fn limit_errors(diagnostics: &mut Vec<Diagnostic>, limit: u32, complete: bool, dropped: usize) {
    if limit == 0 {
        return;
    }
    let mut errors = 0;
    let Some(cut) = diagnostics.iter().position(|d| {
        errors += usize::from(d.is_error());
        errors == limit as usize
    }) else {
        return;
    };
    let rest = &diagnostics[cut + 1..];
    let rest_errors = rest.iter().filter(|d| d.is_error()).count();
    let dropped_others = rest.len() - rest_errors;
    let dropped_errors = rest_errors + dropped;
    if dropped_errors == 0 && complete {
        return;
    }
    let found = match (dropped_errors, dropped_others) {
        (0, _) => String::new(),
        (e, 0) => format!("{e} more {}", plural(e, "error", "errors")),
        (e, w) => format!(
            "{e} more {} and {w} {}",
            plural(e, "error", "errors"),
            plural(w, "warning or note", "warnings or notes")
        ),
    };
    let rest = match (complete, found.is_empty()) {
        (true, _) => format!(
            "{found} {} not shown",
            plural(dropped_errors + dropped_others, "is", "are")
        ),
        (false, true) => "checking stopped there, so there may be more".to_string(),
        (false, false) => format!(
            "{found} {} found, and checking stopped early, so there may be others",
            plural(dropped_errors + dropped_others, "was", "were")
        ),
    };
    let shown = if limit == 1 {
        "only the first is reported".to_string()
    } else {
        format!("only the first {limit} are reported")
    };
    let message = format!("too many errors: {shown}; {rest}");
    diagnostics.truncate(cut + 1);
    diagnostics.push(
        Diagnostic::error(codes::TOO_MANY_ERRORS, message).with_note(format!(
            "refract reports at most {limit} errors, the first ones by position; \
             the command line's `--error-limit N` changes that (0: no limit)"
        )),
    );
}

/// Applies the limit to the warnings and notes of a report sorted by position (after
/// [`limit_errors`]): keeps the first `limit` of them and every error, and when some were
/// left out, adds a [`codes::TOO_MANY_WARNINGS`] note that counts them, before a final
/// [`codes::TOO_MANY_ERRORS`]. `limit` 0 keeps everything.
pub fn limit_warnings(diagnostics: &mut Vec<Diagnostic>, limit: u32) {
    if limit == 0 {
        return;
    }
    let mut kept = 0;
    let mut dropped = 0;
    diagnostics.retain(|d| {
        if d.is_error() {
            return true;
        }
        if kept < limit as usize {
            kept += 1;
            return true;
        }
        dropped += 1;
        false
    });
    if dropped == 0 {
        return;
    }
    let shown = if limit == 1 {
        "only the first is reported".to_string()
    } else {
        format!("only the first {limit} are reported")
    };
    let note = Diagnostic::note(
        codes::TOO_MANY_WARNINGS,
        format!(
            "too many warnings: {shown}; {dropped} more {} {} not shown",
            plural(dropped, "warning or note", "warnings or notes"),
            plural(dropped, "is", "are"),
        ),
    )
    .with_note(format!(
        "refract reports at most {limit} warnings and notes, the first ones by position; \
         the command line's `--error-limit N` changes that with the error limit (0: no limit)"
    ));
    let at = match diagnostics.last() {
        Some(last) if last.code == codes::TOO_MANY_ERRORS => diagnostics.len() - 1,
        _ => diagnostics.len(),
    };
    diagnostics.insert(at, note);
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Span;

    fn error_at(at: u32) -> Diagnostic {
        Diagnostic::error("E1000", "e").with_primary(Span::new(at, at + 1), "here")
    }

    fn warning_at(at: u32) -> Diagnostic {
        Diagnostic::warning("E1900", "w").with_primary(Span::new(at, at + 1), "here")
    }

    #[test]
    fn keeps_the_first_errors_and_the_warnings_among_them() {
        let mut list = vec![
            error_at(1),
            warning_at(2),
            error_at(3),
            warning_at(4),
            error_at(5),
            error_at(6),
        ];
        limit_errors(&mut list, 2, true, 0);
        let codes: Vec<&str> = list.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["E1000", "E1900", "E1000", codes::TOO_MANY_ERRORS]);
        let last = list.last().unwrap();
        assert!(last.is_error() && last.labels.is_empty());
        assert!(
            last.message
                .contains("2 more errors and 1 warning or note are not shown"),
            "{}",
            last.message
        );
    }

    #[test]
    fn nothing_changes_at_or_under_the_limit_or_without_one() {
        let list = vec![error_at(1), warning_at(2), error_at(3)];
        for limit in [0, 2, 3, 10] {
            let mut l = list.clone();
            limit_errors(&mut l, limit, true, 0);
            assert_eq!(l, list, "limit {limit}");
        }
        // Warnings after the last kept error stay when no error is dropped.
        let mut l = vec![error_at(1), warning_at(2)];
        limit_errors(&mut l, 1, true, 0);
        assert_eq!(l.len(), 2);
    }

    #[test]
    fn an_early_stop_is_said_even_when_nothing_was_dropped() {
        let mut list = vec![error_at(1), error_at(2)];
        limit_errors(&mut list, 2, false, 0);
        assert_eq!(list.len(), 3);
        assert_eq!(list[2].code, codes::TOO_MANY_ERRORS);
        assert_eq!(
            list[2].message,
            "too many errors: only the first 2 are reported; \
             checking stopped there, so there may be more"
        );
        let mut list = vec![error_at(1), error_at(2), error_at(3)];
        limit_errors(&mut list, 1, false, 0);
        assert_eq!(
            list[1].message,
            "too many errors: only the first is reported; \
             2 more errors were found, and checking stopped early, so there may be others"
        );
    }

    #[test]
    fn errors_turned_away_count_as_dropped() {
        let mut h = Horizon::new(2);
        let incoming = [
            error_at(5),
            error_at(9),
            error_at(7),
            warning_at(20),
            error_at(3),
            error_at(6),
            error_at(8),
        ];
        let mut kept = Vec::new();
        for d in incoming.iter().cloned() {
            if h.keep(&d) {
                kept.push(d);
            }
        }
        // 7 comes while the horizon is at 9 and is kept; warnings are always kept; once 3
        // moves the horizon to 5, the errors at 6 and 8 are past it.
        let at: Vec<u32> = kept.iter().map(sort_position).collect();
        assert_eq!(at, [5, 9, 7, 20, 3]);
        assert_eq!(h.dropped(), 2);
        // The same report as keeping everything.
        let mut all = incoming.to_vec();
        sort_by_position(&mut all);
        limit_errors(&mut all, 2, true, 0);
        sort_by_position(&mut kept);
        limit_errors(&mut kept, 2, true, h.dropped());
        assert_eq!(kept, all);
        assert!(
            all.last()
                .unwrap()
                .message
                .contains("4 more errors and 1 warning or note are not shown"),
            "{}",
            all.last().unwrap().message
        );
    }

    #[test]
    fn the_horizon_is_the_limit_th_error_in_any_order() {
        let mut h = Horizon::new(3);
        let list = vec![error_at(50), warning_at(1), error_at(40), error_at(30)];
        h.follow(&list[..2]);
        assert_eq!(h.position(), None);
        h.follow(&list);
        assert_eq!(h.position(), Some(50));
        h.add(&error_at(10));
        assert_eq!(h.position(), Some(40));
        assert!(h.is_past(41) && !h.is_past(40));
        h.add(&error_at(60));
        assert_eq!(h.position(), Some(40));
        // Unlabeled errors sort last.
        h.add(&Diagnostic::error("E0001", "no label"));
        assert_eq!(h.position(), Some(40));
        let open = Horizon::new(0);
        assert_eq!(open.position(), None);
        assert!(!open.is_past(u32::MAX));
    }
}
