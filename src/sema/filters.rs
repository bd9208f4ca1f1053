//! Diagnostic filtering (§"Diagnostic Filtering").
//!
//! Filterable diagnostics (the uniformity rules) are first triggered with their default
//! severity. This pass then gives each the severity of the nearest enclosing filter for
//! its rule: the `@diagnostic` attribute whose affected range is the smallest one holding
//! the diagnostic's triggering location (its primary label), else the global
//! `diagnostic` directive. Diagnostics set to `off` are dropped, `info` ones become notes.
//!
//! The attributes are also checked here: their controls (severity and rule names), and
//! conflicts (two filters with the same affected range and rule but different
//! severities).

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

/// The rule a diagnostic code is triggered by, for filterable diagnostics.
pub fn rule_of(code: &str) -> Option<Rule> {
    match code {
        codes::DERIVATIVE_UNIFORMITY => Some(Rule::DerivativeUniformity),
        codes::SUBGROUP_UNIFORMITY => Some(Rule::SubgroupUniformity),
        _ => None,
    }
}

/// Checks every `@diagnostic` attribute and applies all filters to `diags`.
pub fn apply(module: &Module, dir: &Directives, diags: &mut Vec<Diagnostic>) {
    let mut filters = Vec::new();
    let mut new = Vec::new();
    for d in &module.decls {
        if let GlobalDeclKind::Fn(f) = &d.kind {
            collect(module, &f.attributes, d.span, &mut filters, &mut new);
            block(module, &f.body, &mut filters, &mut new);
        }
    }
    diags.append(&mut new);
    if filters.is_empty() && dir.global_filters.is_empty() {
        return;
    }
    diags.retain_mut(|d| {
        let Some(rule) = rule_of(d.code) else {
            return true;
        };
        let Some(at) = d.primary_span() else {
            return true;
        };
        let nearest = filters
            .iter()
            .filter(|f| f.rule == rule && f.range.start <= at.start && at.start < f.range.end)
            .min_by_key(|f| f.range.len())
            .map(|f| f.severity)
            .or_else(|| {
                dir.global_filters
                    .iter()
                    .find(|(r, _)| *r == rule)
                    .map(|&(_, s)| s)
            });
        match nearest {
            None => true,
            Some(s) => match s.severity() {
                None => false,
                Some(sev) => {
                    d.severity = sev;
                    true
                }
            },
        }
    });
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
            let body = clauses
                .iter()
                .map(|c| c.span)
                .reduce(Span::join)
                .unwrap_or(span);
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
