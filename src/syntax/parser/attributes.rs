//! Attributes (spec §"Attributes") and diagnostic controls.
//!
//! Each known attribute has a fixed argument shape in the grammar: none (`@vertex`), one
//! expression (`@location(0)`), one to three expressions (`@workgroup_size`), or bare
//! names (`@builtin(position)`, `@builtin(frag_depth, less)`,
//! `@interpolate(flat, either)`). A wrong shape is reported and the attribute kept as
//! written, so sema sees what the author meant. An unknown attribute is reported, with a
//! suggestion, and dropped: the AST has no place for it.

use super::super::ast::{Attribute, AttributeKind, DiagnosticControl, ExprKind, IdentExpr};
use super::{Abort, PResult, Parser};
use crate::diag::{Diagnostic, Span, codes};
use crate::syntax::token::TokenKind;

/// What an attribute's parentheses hold.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// No parentheses at all.
    None,
    /// Between `min` and `max` expressions.
    Exprs(usize, usize),
    /// Between `min` and `max` bare names.
    Names(usize, usize),
}

fn shape(kind: AttributeKind) -> Shape {
    use AttributeKind::*;
    match kind {
        Const | Invariant | MustUse | Vertex | Fragment | Compute => Shape::None,
        Align | Binding | BlendSrc | Group | Id | Location | Size | SubgroupSize => {
            Shape::Exprs(1, 1)
        }
        WorkgroupSize => Shape::Exprs(1, 3),
        // A second name is the depth mode of `frag_depth` (language extension
        // `fragment_depth`), checked by sema.
        Builtin => Shape::Names(1, 2),
        Interpolate => Shape::Names(1, 2),
        Diagnostic(_) => Shape::Names(2, 2),
    }
}

/// Every attribute name the grammar knows (editor completion lists them too).
pub(crate) const KNOWN_ATTRIBUTES: &[&str] = &[
    "align",
    "binding",
    "blend_src",
    "builtin",
    "compute",
    "const",
    "diagnostic",
    "fragment",
    "group",
    "id",
    "interpolate",
    "invariant",
    "location",
    "must_use",
    "size",
    "subgroup_size",
    "vertex",
    "workgroup_size",
];

impl<'s> Parser<'s> {
    /// `attribute*`.
    pub(super) fn attributes(&mut self) -> PResult<Vec<Attribute>> {
        let mut list = Vec::new();
        while self.at(TokenKind::At) {
            if let Some(a) = self.attribute()? {
                list.push(a);
            }
        }
        Ok(list)
    }

    /// One attribute; `None` for an unknown one (reported and skipped).
    fn attribute(&mut self) -> PResult<Option<Attribute>> {
        let at = self.bump();
        let name_token = self.peek_token();
        if !matches!(
            name_token.kind,
            TokenKind::Ident | TokenKind::Const | TokenKind::Diagnostic
        ) {
            let d = self
                .unexpected(codes::EXPECTED_NAME, "an attribute name after `@`")
                .with_secondary(at.span(), "this `@` starts an attribute");
            self.report(d);
            return Err(Abort);
        }
        self.bump();
        let name = self.intern(name_token);
        let text = self.text(name_token);
        if name_token.kind == TokenKind::Diagnostic {
            let control = self.diagnostic_control("`@diagnostic`")?;
            return Ok(Some(Attribute {
                kind: AttributeKind::Diagnostic(control),
                name,
                args: Some(Vec::new()),
                span: self.span_from(at.start),
            }));
        }
        let Some(kind) = AttributeKind::from_name(text) else {
            self.report_unknown_attribute(at.start, name_token.span(), text);
            if self.at(TokenKind::LParen) {
                self.argument_list("the attribute's arguments")?;
            }
            return Ok(None);
        };
        let shape = shape(kind);
        let args = if self.at(TokenKind::LParen) {
            let open = self.peek_token();
            let args = match shape {
                Shape::Names(..) => self.name_arguments()?,
                _ => self.argument_list("the attribute's arguments")?,
            };
            self.check_argument_count(
                text,
                shape,
                open.span().join(Span::new(open.start, self.prev_end())),
                args.len(),
            );
            Some(args)
        } else {
            if shape != Shape::None {
                let example = match kind {
                    AttributeKind::Builtin => "@builtin(position)",
                    AttributeKind::Interpolate => "@interpolate(flat)",
                    AttributeKind::WorkgroupSize => "@workgroup_size(64)",
                    _ => "",
                };
                let mut d = Diagnostic::error(
                    codes::ATTRIBUTE_ARGUMENTS,
                    format!("`@{text}` needs arguments in parentheses"),
                )
                .with_primary(
                    Span::new(at.start, name_token.end),
                    "arguments expected after this",
                );
                d = if example.is_empty() {
                    d.with_note(format!("write it as `@{text}(…)`"))
                } else {
                    d.with_note(format!("for example `{example}`"))
                };
                self.report(d);
            }
            None
        };
        Ok(Some(Attribute {
            kind,
            name,
            args,
            span: self.span_from(at.start),
        }))
    }

    /// `( name, name… )` for `@builtin` and `@interpolate`: names, not expressions.
    fn name_arguments(&mut self) -> PResult<Vec<super::super::ast::ExprId>> {
        let open = self.bump();
        let mut args = Vec::new();
        while !self.at(TokenKind::RParen) {
            let ident = self.expect_ident("a name")?;
            let id = self.add_expr(
                ExprKind::Ident(IdentExpr {
                    ident,
                    template_args: None,
                }),
                ident.span,
            )?;
            args.push(id);
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        self.expect_closing(TokenKind::RParen, open, "the attribute's arguments")?;
        Ok(args)
    }

    fn check_argument_count(&mut self, name: &str, shape: Shape, span: Span, count: usize) {
        let (min, max, what) = match shape {
            Shape::None => (0, 0, "arguments"),
            Shape::Exprs(min, max) => (min, max, "expression"),
            Shape::Names(min, max) => (min, max, "name"),
        };
        if shape != Shape::None && (min..=max).contains(&count) {
            return;
        }
        let expected = match (min, max) {
            (0, 0) => "no arguments".to_string(),
            (1, 1) => format!("one {what}"),
            (a, b) if a == b => format!("{a} {what}s"),
            (a, b) => format!("{a} to {b} {what}s"),
        };
        let given = match count {
            0 => "none were given".to_string(),
            1 => "1 was given".to_string(),
            n => format!("{n} were given"),
        };
        let message = if shape == Shape::None {
            format!("`@{name}` takes no arguments")
        } else {
            format!("`@{name}` takes {expected}, but {given}")
        };
        let d = Diagnostic::error(codes::ATTRIBUTE_ARGUMENTS, message)
            .with_primary(span, format!("expected {expected}"));
        let d = if shape == Shape::None {
            d.with_note(format!("write `@{name}` without parentheses"))
        } else {
            d
        };
        self.report(d);
    }

    fn report_unknown_attribute(&mut self, at: u32, name_span: Span, text: &str) {
        let mut d = Diagnostic::error(
            codes::UNKNOWN_ATTRIBUTE,
            format!("unknown attribute `@{text}`"),
        )
        .with_primary(Span::new(at, name_span.end), "not a WGSL attribute");
        let hint = match text {
            "stage" => {
                Some("entry points are marked `@vertex`, `@fragment` or `@compute`".to_string())
            }
            "block" => {
                Some("`@block` was removed from WGSL; structures need no attribute".to_string())
            }
            "offset" => Some("member offsets are set with `@align(n)` and `@size(n)`".to_string()),
            "stride" => {
                Some("array strides are implied by the element type; remove `@stride`".to_string())
            }
            _ => closest(text, KNOWN_ATTRIBUTES).map(|s| format!("did you mean `@{s}`?")),
        };
        if let Some(hint) = hint {
            d = d.with_note(hint);
        }
        self.report(d);
    }

    /// `diagnostic_control`: `( severity , rule )`, for the directive and the attribute.
    pub(super) fn diagnostic_control(&mut self, what: &str) -> PResult<DiagnosticControl> {
        let open = self.expect(TokenKind::LParen, &format!("after {what}"))?;
        let severity = self.expect_ident("a severity (`error`, `warning`, `info` or `off`)")?;
        self.expect(TokenKind::Comma, "after the severity")?;
        let rule = self.expect_ident("a diagnostic rule name")?;
        let rule_suffix = if self.eat(TokenKind::Period).is_some() {
            Some(self.expect_ident("the second part of the rule name")?)
        } else {
            None
        };
        self.eat(TokenKind::Comma);
        self.expect_closing(TokenKind::RParen, open, "the diagnostic control")?;
        Ok(DiagnosticControl {
            severity,
            rule,
            rule_suffix,
        })
    }
}

use crate::util::spelling::closest;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(closest("locaton", KNOWN_ATTRIBUTES), Some("location"));
        assert_eq!(
            closest("workgroupsize", KNOWN_ATTRIBUTES),
            Some("workgroup_size")
        );
        assert_eq!(closest("zzzzzz", KNOWN_ATTRIBUTES), None);
    }

    #[test]
    fn shapes_are_checked() {
        let (_, d) = crate::syntax::parse("@vertex() @location(1, 2) @builtin fn f() {}");
        let codes: Vec<_> = d.iter().map(|d| d.code).collect();
        assert_eq!(codes, vec!["E0210", "E0210", "E0210"]);
        let (m, d) =
            crate::syntax::parse("@stage(vertex) @compute @workgroup_size(8, 8,) fn f() {}");
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, "E0209");
        let crate::syntax::ast::GlobalDeclKind::Fn(f) = &m.decls[0].kind else {
            panic!()
        };
        assert_eq!(f.attributes.len(), 2);
    }
}
