//! Diagnostic filtering (§"Diagnostic Filtering").
//!
//! [`FilterMap::build`] collects every filter of a module: the `@diagnostic` attributes,
//! each with its affected range, and the global `diagnostic` directives. The uniformity
//! analysis asks it for the nearest enclosing filter of a builtin's call site
//! ([`FilterMap::severity_at`]), as the spec's call site tags require, and triggers each
//! diagnostic with its final severity (`off` drops it, `info` makes it a note).
//!
//! Building the map also checks the attributes: their controls (severity and rule
//! names), and conflicts (two filters with the same affected range and rule but
//! different severities).

use crate::diag::{Diagnostic, Span, codes};
use crate::sema::directives::{Directives, FilterSeverity, Rule, check_control};
use crate::syntax::ast::{
    Attribute, AttributeKind, Block, GlobalDeclKind, Module, StmtId, StmtKind,
};

/// A range diagnostic filter.
#[derive(Clone, Copy, Debug)]
struct RangeFilter {
    range: Span,
    rule: Rule,
    severity: FilterSeverity,
}

/// Every diagnostic filter of a module.
#[derive(Clone, Debug, Default)]
pub struct FilterMap {
    ranges: Vec<RangeFilter>,
    globals: Vec<(Rule, FilterSeverity)>,
}

impl FilterMap {
    /// Collects (and checks) the filters of `module`.
    pub fn build(module: &Module, dir: &Directives, diags: &mut Vec<Diagnostic>) -> FilterMap {
        let mut ranges = Vec::new();
        for d in &module.decls {
            if let GlobalDeclKind::Fn(f) = &d.kind {
                collect(module, &f.attributes, d.span, &mut ranges, diags);
                block(module, &f.body, &mut ranges, diags);
            }
        }
        FilterMap {
            ranges,
            globals: dir.global_filters.clone(),
        }
    }

    /// The new severity of the nearest filter for `rule` enclosing `at`, if any.
    pub fn severity_at(&self, rule: Rule, at: u32) -> Option<FilterSeverity> {
        // The innermost range filter (the first of the shortest), else the global one.
        let mut best: Option<&RangeFilter> = None;
        for f in &self.ranges {
            if f.rule == rule
                && f.range.start <= at
                && at < f.range.end
                && best.is_none_or(|b| f.range.len() < b.range.len())
            {
                best = Some(f);
            }
        }
        if let Some(f) = best {
            return Some(f.severity);
        }
        for &(r, s) in &self.globals {
            if r == rule {
                return Some(s);
            }
        }
        None
    }
}

/// Records the filters of one attribute list affecting `range`, reporting conflicts.
fn collect(
    module: &Module,
    attrs: &[Attribute],
    range: Span,
    out: &mut Vec<RangeFilter>,
    diags: &mut Vec<Diagnostic>,
) {
    let first = out.len();
    for a in attrs {
        let AttributeKind::Diagnostic(c) = &a.kind else {
            continue;
        };
        let Some((rule, severity)) = check_control(module, c, diags) else {
            continue;
        };
        if let Some(prev) = out[first..]
            .iter()
            .find(|f| f.rule == rule && f.severity != severity)
        {
            let _ = prev;
            diags.push(
                Diagnostic::error(
                    codes::DIAGNOSTIC_CONFLICT,
                    format!("conflicting diagnostic filters for `{}`", rule.name()),
                )
                .with_primary(a.span, "conflicts with an earlier filter on the same range"),
            );
            continue;
        }
        out.push(RangeFilter {
            range,
            rule,
            severity,
        });
    }
}

fn block(module: &Module, b: &Block, out: &mut Vec<RangeFilter>, diags: &mut Vec<Diagnostic>) {
    collect(module, &b.attributes, b.span, out, diags);
    for &s in &b.stmts {
        stmt(module, s, out, diags);
    }
}

fn stmt(module: &Module, s: StmtId, out: &mut Vec<RangeFilter>, diags: &mut Vec<Diagnostic>) {
    let span = module.stmt(s).span;
    match &module.stmt(s).kind {
        StmtKind::Block(b) => block(module, b, out, diags),
        StmtKind::If {
            attributes,
            then_branch,
            else_branch,
            ..
        } => {
            collect(module, attributes, span, out, diags);
            block(module, then_branch, out, diags);
            if let Some(e) = else_branch {
                stmt(module, *e, out, diags);
            }
        }
        StmtKind::Switch {
            attributes,
            body_attributes,
            clauses,
            ..
        } => {
            collect(module, attributes, span, out, diags);
            // The clauses' joined spans (a loop: a `reduce` chain is a copy of the
            // iterator code).
            let mut body: Option<Span> = None;
            for c in clauses {
                body = Some(body.map_or(c.span, |b| b.join(c.span)));
            }
            let body = body.unwrap_or(span);
            collect(module, body_attributes, body, out, diags);
            for c in clauses {
                block(module, &c.body, out, diags);
            }
        }
        StmtKind::Loop {
            attributes,
            body,
            continuing,
        } => {
            collect(module, attributes, span, out, diags);
            block(module, body, out, diags);
            if let Some(c) = continuing {
                collect(module, &c.body.attributes, c.span, out, diags);
                for &s in &c.body.stmts {
                    stmt(module, s, out, diags);
                }
            }
        }
        StmtKind::For {
            attributes, body, ..
        }
        | StmtKind::While {
            attributes, body, ..
        } => {
            collect(module, attributes, span, out, diags);
            block(module, body, out, diags);
        }
        _ => {}
    }
}
