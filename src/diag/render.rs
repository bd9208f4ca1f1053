//! The two renderings of diagnostics: human text and DESIGN §9's JSON.

use super::{Diagnostic, LineIndex, Severity};
use crate::util::json::object;
use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;
use serde_json::Value;

/// Renders diagnostics for a person, with source excerpts, as `codespan-reporting` lays
/// them out. `name` is the file name shown in the excerpt headers.
pub fn render_human(name: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    let file = SimpleFile::new(name, source);
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics {
        let severity = match d.severity {
            Severity::Error => cs::Severity::Error,
            Severity::Warning => cs::Severity::Warning,
            Severity::Note => cs::Severity::Note,
        };
        let labels = d
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
        let diag = cs::Diagnostic::new(severity)
            .with_code(d.code)
            .with_message(d.message.clone())
            .with_labels(labels)
            .with_notes(d.notes.clone());
        match term::emit_into_string(&config, &file, &diag) {
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
    let list = diagnostics
        .iter()
        .map(|d| diagnostic_json(&index, d))
        .collect();
    object(&mut [("diagnostics", Value::Array(list))])
}

fn diagnostic_json(index: &LineIndex<'_>, d: &Diagnostic) -> Value {
    let labels = d
        .labels
        .iter()
        .filter(|l| !l.span.is_detached())
        .map(|l| {
            let (line, column) = index.line_col(l.span.start);
            object(&mut [
                ("start", l.span.start.into()),
                ("end", l.span.end.into()),
                ("line", line.into()),
                ("column", column.into()),
                ("message", l.message.as_str().into()),
                ("primary", l.primary.into()),
            ])
        })
        .collect();
    object(&mut [
        ("severity", d.severity.as_str().into()),
        ("code", d.code.into()),
        ("message", d.message.as_str().into()),
        ("labels", Value::Array(labels)),
        ("notes", d.notes.clone().into()),
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

    #[test]
    fn human_survives_bad_spans() {
        let src = "é";
        let d = Diagnostic::error("E0000", "bad").with_primary(Span::new(1, 99), "here");
        let text = render_human("x.wgsl", src, &[d]);
        assert!(text.contains("E0000"));
    }
}
