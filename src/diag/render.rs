//! The two renderings of diagnostics: human text and DESIGN §9's JSON.
//!
//! Human text is `codespan-reporting`'s, which prints each labeled source line whole. A
//! line longer than [`LONG_LINE`] bytes (a minified shader, a generated one, or a hostile
//! one of megabytes) is shown instead as a window of at most [`WINDOW_COLUMNS`] columns
//! around its first label, cut with `...`: a report's size and the time it takes stay
//! bounded by the number of diagnostics, whatever the lines. Lines, columns and every
//! other diagnostic print as before.

use super::line_index::CharCounts;
use super::{Diagnostic, LineIndex, Severity};
use crate::util::json::object;
use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::{self, Files, SimpleFile};
use codespan_reporting::term;
use serde_json::Value;
use std::ops::Range;

/// Source lines longer than this many bytes are shown as a window in human diagnostics.
pub const LONG_LINE: usize = 512;
/// The most columns of a long line a human diagnostic shows (the cut marks aside).
pub const WINDOW_COLUMNS: usize = 120;
/// Columns a window shows before its label, where the line has them.
const WINDOW_BEFORE: usize = 40;
/// What stands for the cut part of a long line.
const CUT: &str = "...";

/// Renders diagnostics for a person, with source excerpts, as `codespan-reporting` lays
/// them out. `name` is the file name shown in the excerpt headers.
pub fn render_human(name: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    let file = SimpleFile::new(name, source);
    let lines = Lines::new(source);
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics {
        let severity = match d.severity {
            Severity::Error => cs::Severity::Error,
            Severity::Warning => cs::Severity::Warning,
            Severity::Note => cs::Severity::Note,
        };
        let labels: Vec<cs::Label<()>> = d
            .labels
            .iter()
            .filter(|l| !l.span.is_detached())
            .map(|l| {
                let range = clamp_range(source, l.span.range());
                let style = if l.primary {
                    cs::LabelStyle::Primary
                } else {
                    cs::LabelStyle::Secondary
                };
                cs::Label::new(style, (), range).with_message(l.message.clone())
            })
            .collect();
        let long = labels.iter().any(|l| lines.near_long_line(&l.range));
        let diag = cs::Diagnostic::new(severity)
            .with_code(d.code)
            .with_message(d.message.clone());
        let text = if long {
            let mut excerpt = Excerpt::new(name, &lines, &labels);
            let diag = diag
                .with_labels(std::mem::take(&mut excerpt.labels))
                .with_notes(std::mem::take(&mut excerpt.notes))
                .with_notes(d.notes.clone());
            term::emit_into_string(&config, &excerpt, &diag)
        } else {
            let diag = diag.with_labels(labels).with_notes(d.notes.clone());
            term::emit_into_string(&config, &file, &diag)
        };
        match text {
            Ok(text) => out.push_str(&text),
            // codespan only fails on ranges it cannot map; fall back to a plain line.
            Err(_) => {
                out.push_str(&format!(
                    "{}[{}]: {}\n",
                    d.severity.as_str(),
                    d.code,
                    d.message
                ));
            }
        }
    }
    out
}

/// A source's lines as `codespan-reporting` counts them (a line ends after each `\n`),
/// which of them are long, and its scalar-value counts for columns.
struct Lines<'a> {
    source: &'a str,
    starts: Vec<usize>,
    /// The indices of the lines longer than [`LONG_LINE`], in order.
    long: Vec<usize>,
    chars: CharCounts<'a>,
}

impl<'a> Lines<'a> {
    fn new(source: &'a str) -> Self {
        let starts: Vec<usize> = files::line_starts(source).collect();
        let long = (0..starts.len())
            .filter(|&i| {
                let end = starts.get(i + 1).copied().unwrap_or(source.len());
                end - starts[i] > LONG_LINE
            })
            .collect();
        Lines {
            source,
            starts,
            long,
            chars: CharCounts::new(source),
        }
    }

    fn line_of(&self, byte: usize) -> usize {
        self.starts
            .binary_search(&byte)
            .unwrap_or_else(|next| next - 1)
    }

    /// Line `i`'s text without its line break.
    fn text_range(&self, i: usize) -> Range<usize> {
        let start = self.starts[i];
        let end = self.starts.get(i + 1).copied().unwrap_or(self.source.len());
        let text = self.source[start..end].trim_end_matches(['\n', '\r']);
        start..start + text.len()
    }

    /// Whether codespan would print a long line for a label over `range`: the lines it
    /// covers and the one on either side (codespan may fill a one-line gap).
    fn near_long_line(&self, range: &Range<usize>) -> bool {
        let first = self.line_of(range.start).saturating_sub(1);
        let last = self.line_of(range.end) + 1;
        let at = self.long.partition_point(|&i| i < first);
        self.long.get(at).is_some_and(|&i| i <= last)
    }

    /// The 1-based column of `byte`, in scalar values from its line's start.
    fn column(&self, line: usize, byte: usize) -> usize {
        (self.chars.before(byte) - self.chars.before(self.starts[line])) as usize + 1
    }

    /// The byte `n` scalar values after `from`, stopping at `limit`.
    fn forward(&self, from: usize, n: usize, limit: usize) -> usize {
        self.source[from..limit]
            .char_indices()
            .nth(n)
            .map_or(limit, |(i, _)| from + i)
    }

    /// The byte `n` scalar values before `from`, stopping at `limit`.
    fn backward(&self, from: usize, n: usize, limit: usize) -> usize {
        self.source[limit..from]
            .char_indices()
            .rev()
            .nth(n.saturating_sub(1))
            .map_or(limit, |(i, _)| limit + i)
    }
}

/// One diagnostic's source lines, a window of each long one, as a small file of its own
/// for codespan: its line numbers and columns are those of the real source.
struct Excerpt<'n, 'a> {
    name: &'n str,
    lines: &'n Lines<'a>,
    text: String,
    /// Each excerpt line: its start in `text` and, for a source line, its number (0-based)
    /// and the source byte its first shown character stands for. Two empty lines stand
    /// between source lines that are not neighbours, so codespan marks the gap.
    rows: Vec<Row>,
    /// The labels, on the excerpt's text.
    labels: Vec<cs::Label<()>>,
    /// Labels outside their line's window, as notes.
    notes: Vec<String>,
}

struct Row {
    start: usize,
    source: Option<(usize, usize)>,
}

impl<'n, 'a> Excerpt<'n, 'a> {
    /// Each label is shown on its first line (a long line has no room for more); a label
    /// that starts outside its line's window becomes a note with its line and column.
    fn new(name: &'n str, lines: &'n Lines<'a>, labels: &[cs::Label<()>]) -> Self {
        let mut by_line: Vec<(usize, usize)> = labels
            .iter()
            .enumerate()
            .map(|(k, l)| (lines.line_of(l.range.start), k))
            .collect();
        // Each line's window is around its primary label, else its first label.
        by_line.sort_by_key(|&(line, k)| {
            (
                line,
                labels[k].style != cs::LabelStyle::Primary,
                labels[k].range.start,
            )
        });
        let mut excerpt = Excerpt {
            name,
            lines,
            text: String::new(),
            rows: Vec::new(),
            labels: Vec::new(),
            notes: Vec::new(),
        };
        let mut window = 0..0;
        let mut shift = 0isize;
        let mut last_line = None;
        for &(line, k) in &by_line {
            let label = &labels[k];
            if last_line != Some(line) {
                if last_line.is_some_and(|l: usize| l + 1 != line) {
                    excerpt.text.push('\n');
                    excerpt.rows.push(Row {
                        start: excerpt.text.len() - 1,
                        source: None,
                    });
                    excerpt.text.push('\n');
                    excerpt.rows.push(Row {
                        start: excerpt.text.len() - 1,
                        source: None,
                    });
                }
                let (w, s) = excerpt.push_line(line, label.range.start);
                (window, shift) = (w, s);
                last_line = Some(line);
            }
            let start = label.range.start;
            if start < window.start || start > window.end {
                let column = lines.column(line, start);
                let note = if label.message.is_empty() {
                    format!("and at {}:{}:{column}", name, line + 1)
                } else {
                    format!("{}:{}:{column}: {}", name, line + 1, label.message)
                };
                excerpt.notes.push(note);
                continue;
            }
            let end = label.range.end.clamp(start, window.end);
            let map = |b: usize| (b as isize + shift) as usize;
            excerpt.labels.push(
                cs::Label::new(label.style, (), map(start)..map(end))
                    .with_message(label.message.clone()),
            );
        }
        excerpt
    }

    /// Adds source line `line` to the excerpt, whole or as a window around `anchor`:
    /// the window's source range and what maps a source byte in it into the excerpt.
    fn push_line(&mut self, line: usize, anchor: usize) -> (Range<usize>, isize) {
        let whole = self.lines.text_range(line);
        let window = if whole.len() <= LONG_LINE {
            whole.clone()
        } else {
            let anchor = anchor.clamp(whole.start, whole.end);
            let start = self.lines.backward(anchor, WINDOW_BEFORE, whole.start);
            start..self.lines.forward(start, WINDOW_COLUMNS, whole.end)
        };
        let row_start = self.text.len();
        if window.start > whole.start {
            self.text.push_str(CUT);
        }
        let shift = self.text.len() as isize - window.start as isize;
        self.text.push_str(&self.lines.source[window.clone()]);
        if window.end < whole.end {
            self.text.push_str(CUT);
        }
        self.text.push('\n');
        self.rows.push(Row {
            start: row_start,
            source: Some((line, window.start)),
        });
        (window, shift)
    }

    fn row_range(&self, i: usize) -> Option<Range<usize>> {
        let start = self.rows.get(i)?.start;
        let end = self.rows.get(i + 1).map_or(self.text.len(), |r| r.start);
        Some(start..end)
    }
}

impl<'f> Files<'f> for Excerpt<'_, '_> {
    type FileId = ();
    type Name = &'f str;
    type Source = &'f str;

    fn name(&'f self, (): ()) -> Result<&'f str, files::Error> {
        Ok(self.name)
    }

    fn source(&'f self, (): ()) -> Result<&'f str, files::Error> {
        Ok(&self.text)
    }

    fn line_index(&'f self, (): (), byte: usize) -> Result<usize, files::Error> {
        Ok(self.rows.partition_point(|r| r.start <= byte).max(1) - 1)
    }

    fn line_number(&'f self, (): (), i: usize) -> Result<usize, files::Error> {
        // A gap row takes the number after the row before it (codespan never prints it).
        let numbered = self.rows[..=i.min(self.rows.len().saturating_sub(1))]
            .iter()
            .rev()
            .find_map(|r| r.source);
        Ok(numbered.map_or(1, |(line, _)| line + 1))
    }

    fn column_number(&'f self, (): (), i: usize, byte: usize) -> Result<usize, files::Error> {
        let range = self.row_range(i).ok_or(files::Error::LineTooLarge {
            given: i,
            max: self.rows.len().saturating_sub(1),
        })?;
        let Some((line, first)) = self.rows[i].source else {
            return Ok(1);
        };
        // Past a leading cut mark, the excerpt's bytes are the source's from `first`.
        let lead = if first > self.lines.starts[line] {
            CUT.len()
        } else {
            0
        };
        let offset = byte.saturating_sub(range.start + lead);
        Ok(self.lines.column(line, first + offset))
    }

    fn line_range(&'f self, (): (), i: usize) -> Result<Range<usize>, files::Error> {
        self.row_range(i).ok_or(files::Error::LineTooLarge {
            given: i,
            max: self.rows.len().saturating_sub(1),
        })
    }
}

/// Keeps a label range inside the source and on character boundaries, so a bad span from
/// any stage can never make rendering fail.
fn clamp_range(source: &str, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let fix = |mut x: usize| {
        x = x.min(source.len());
        while x > 0 && !source.is_char_boundary(x) {
            x -= 1;
        }
        x
    };
    let start = fix(range.start);
    let end = fix(range.end).max(start);
    start..end
}

/// The JSON value `{"diagnostics":[…]}` of DESIGN §9.
pub fn to_json_value(source: &str, diagnostics: &[Diagnostic]) -> serde_json::Value {
    let index = LineIndex::new(source);
    let mut list = Vec::with_capacity(diagnostics.len());
    for d in diagnostics {
        list.push(diagnostic_json(&index, d));
    }
    object(&mut [("diagnostics", Value::Array(list))])
}

fn diagnostic_json(index: &LineIndex<'_>, d: &Diagnostic) -> Value {
    let mut labels = Vec::with_capacity(d.labels.len());
    for l in &d.labels {
        if l.span.is_detached() {
            continue;
        }
        let (line, column) = index.line_col(l.span.start);
        labels.push(object(&mut [
            ("start", l.span.start.into()),
            ("end", l.span.end.into()),
            ("line", line.into()),
            ("column", column.into()),
            ("message", l.message.as_str().into()),
            ("primary", l.primary.into()),
        ]));
    }
    let mut notes = Vec::with_capacity(d.notes.len());
    for n in &d.notes {
        notes.push(Value::String(n.clone()));
    }
    object(&mut [
        ("severity", d.severity.as_str().into()),
        ("code", d.code.into()),
        ("message", d.message.as_str().into()),
        ("labels", Value::Array(labels)),
        ("notes", Value::Array(notes)),
    ])
}

/// `{"diagnostics":[…]}` as one line of JSON text.
pub fn render_json(source: &str, diagnostics: &[Diagnostic]) -> String {
    to_json_value(source, diagnostics).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{Diagnostic, Span};

    #[test]
    fn json_shape() {
        let src = "fn f() {\n  let x = 1;\n}\n";
        let d = Diagnostic::error("E0000", "bad")
            .with_primary(Span::new(15, 16), "here")
            .with_note("a note");
        let v = to_json_value(src, &[d]);
        let d0 = &v["diagnostics"][0];
        assert_eq!(d0["severity"], "error");
        assert_eq!(d0["code"], "E0000");
        assert_eq!(d0["labels"][0]["line"], 2);
        assert_eq!(d0["labels"][0]["column"], 7);
        assert_eq!(d0["labels"][0]["primary"], true);
        assert_eq!(d0["notes"][0], "a note");
    }

    /// The longest line of a rendering, in scalar values.
    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_label() {
        // One line of 100,000 statements, a multi-byte character before the label.
        let src = format!("fn f() {{é{}}}\n", "x;".repeat(100_000));
        let at = (src.len() / 2) & !1; // an `x`
        let column = src[..at].chars().count() + 1;
        let d = Diagnostic::error("E0215", "this expression is not a statement")
            .with_primary(
                Span::new(at as u32, at as u32 + 1),
                "its value would be unused",
            )
            .with_secondary(Span::new(0, 2), "in this function")
            .with_note("a note");
        let text = render_human("long.wgsl", &src, &[d]);
        assert!(
            widest(&text) <= WINDOW_COLUMNS + 2 * CUT.len() + 8,
            "{text}"
        );
        assert!(text.contains(&format!("long.wgsl:1:{column}")), "{text}");
        // The caret sits under the label's `x`, the window cut on both sides.
        let lines: Vec<&str> = text.lines().collect();
        let source_line = lines.iter().position(|l| l.starts_with("1 │ ...")).unwrap();
        let shown = lines[source_line];
        let caret = lines[source_line + 1];
        assert!(shown.ends_with("..."), "{text}");
        let col = caret.find('^').expect("a caret");
        assert_eq!(&shown[col..col + 1], "x", "{text}");
        // The label far before the window is a note with its place.
        assert!(text.contains("= long.wgsl:1:1: in this function"), "{text}");
        assert!(text.contains("= a note"), "{text}");
    }

    #[test]
    fn long_lines_keep_their_numbers_and_gaps() {
        let long = "a".repeat(2 * LONG_LINE);
        let src = format!("fn f() {{\n{long}\n\n\n{long}\n}}\n");
        let first = 9 + 700;
        let second = 9 + long.len() + 3 + 5;
        let d = Diagnostic::error("E0000", "bad")
            .with_primary(Span::new(first as u32, first as u32 + 3), "here")
            .with_secondary(Span::new(second as u32, second as u32 + 1), "and here");
        let text = render_human("x.wgsl", &src, &[d]);
        assert!(text.contains("x.wgsl:2:701"), "{text}");
        assert!(text.contains("2 │ ...aaa"), "{text}");
        // Lines 2 and 5 are not neighbours: codespan's gap mark stands between them.
        assert!(text.contains("  ·\n"), "{text}");
        assert!(text.contains("5 │ aaaa"), "{text}");
        assert!(
            widest(&text) <= WINDOW_COLUMNS + 2 * CUT.len() + 8,
            "{text}"
        );
    }

    #[test]
    fn lines_of_ordinary_length_print_whole() {
        let line = format!("let x = {};", "1 + ".repeat(100) + "1");
        assert!(line.len() <= LONG_LINE);
        let src = format!("fn f() {{\n  {line}\n}}\n");
        let d = Diagnostic::error("E0000", "bad").with_primary(Span::new(300, 301), "here");
        let text = render_human("x.wgsl", &src, &[d]);
        assert!(text.contains(&line) && !text.contains("..."), "{text}");
    }

    #[test]
    fn human_survives_bad_spans() {
        let src = "é";
        let d = Diagnostic::error("E0000", "bad").with_primary(Span::new(1, 99), "here");
        let text = render_human("x.wgsl", src, &[d]);
        assert!(text.contains("E0000"));
    }
}
