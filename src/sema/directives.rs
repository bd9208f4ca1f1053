//! Directives (§"Directives"): `enable`, `requires` and the global `diagnostic` filter.
//!
//! - `enable` names enable-extensions; each must be one refract implements. Repeating
//!   one is fine. `subgroup_size_control` also enables `subgroups`.
//! - `requires` names language extensions; refract supports every one the spec lists, so
//!   the directive only documents their use, and an unknown name is an error.
//! - `diagnostic(severity, rule)` sets a global filter. The severity must be `error`,
//!   `warning`, `info` or `off`. An unknown one-token rule gets a warning, as the spec
//!   recommends; two-token rules (`vendor.rule`) are accepted silently. Two global
//!   filters for the same rule with different severities conflict.

use crate::diag::{Diagnostic, Severity, Span, codes};
use crate::sema::program::Extensions;
use crate::syntax::ast::{DiagnosticControl, DirectiveKind, Module};

/// The filterable triggering rules the spec defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    DerivativeUniformity,
    SubgroupUniformity,
}

impl Rule {
    pub fn from_name(name: &str) -> Option<Rule> {
        match name {
            "derivative_uniformity" => Some(Rule::DerivativeUniformity),
            "subgroup_uniformity" => Some(Rule::SubgroupUniformity),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::DerivativeUniformity => "derivative_uniformity",
            Rule::SubgroupUniformity => "subgroup_uniformity",
        }
    }
}

/// A diagnostic filter's new severity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FilterSeverity {
    Off,
    Info,
    Warning,
    Error,
}

impl FilterSeverity {
    pub fn from_name(name: &str) -> Option<FilterSeverity> {
        Some(match name {
            "off" => FilterSeverity::Off,
            "info" => FilterSeverity::Info,
            "warning" => FilterSeverity::Warning,
            "error" => FilterSeverity::Error,
            _ => return None,
        })
    }

    /// The severity a diagnostic gets; `None` drops it.
    pub fn severity(self) -> Option<Severity> {
        match self {
            FilterSeverity::Off => None,
            FilterSeverity::Info => Some(Severity::Note),
            FilterSeverity::Warning => Some(Severity::Warning),
            FilterSeverity::Error => Some(Severity::Error),
        }
    }
}

/// The enable-extensions refract implements.
pub const ENABLE_EXTENSIONS: &[&str] = &[
    "f16",
    "clip_distances",
    "dual_source_blending",
    "subgroups",
    "primitive_index",
    "subgroup_size_control",
];

/// What the directives say.
#[derive(Clone, Debug, Default)]
pub struct Directives {
    pub extensions: Extensions,
    /// Global diagnostic filters for rules refract knows.
    pub global_filters: Vec<(Rule, FilterSeverity)>,
}

/// Checks a `diagnostic` control (directive or attribute): the severity and the rule.
/// Returns the filter for a known rule.
pub fn check_control(
    module: &Module,
    c: &DiagnosticControl,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Rule, FilterSeverity)> {
    let sev_name = module.name(c.severity.name);
    let severity = FilterSeverity::from_name(sev_name);
    if severity.is_none() {
        diags.push(
            Diagnostic::error(
                codes::DIAGNOSTIC_SEVERITY,
                format!("`{sev_name}` is not a diagnostic severity"),
            )
            .with_primary(c.severity.span, "unknown severity")
            .with_note("the severities are `error`, `warning`, `info` and `off`"),
        );
    }
    let rule_name = module.name(c.rule.name);
    if c.rule_suffix.is_some() {
        // A vendor rule (`chromium.unreachable_code`): not one refract triggers.
        return None;
    }
    let rule = Rule::from_name(rule_name);
    if rule.is_none() {
        let mut d = Diagnostic::warning(
            codes::UNKNOWN_DIAGNOSTIC_RULE,
            format!("unknown diagnostic rule `{rule_name}`"),
        )
        .with_primary(c.rule.span, "not a rule refract knows");
        d = d.with_note("the rules are `derivative_uniformity` and `subgroup_uniformity`");
        diags.push(d);
    }
    Some((rule?, severity?))
}

/// Processes the module's directives.
pub fn process(module: &Module, diags: &mut Vec<Diagnostic>) -> Directives {
    let mut out = Directives::default();
    let mut global_spans: Vec<(Rule, FilterSeverity, Span)> = Vec::new();
    for d in &module.directives {
        match &d.kind {
            DirectiveKind::Enable(names) => {
                for n in names {
                    let name = module.name(n.name);
                    let e = &mut out.extensions;
                    match name {
                        "f16" => e.f16 = true,
                        "clip_distances" => e.clip_distances = true,
                        "dual_source_blending" => e.dual_source_blending = true,
                        "subgroups" => e.subgroups = true,
                        "primitive_index" => e.primitive_index = true,
                        "subgroup_size_control" => {
                            e.subgroup_size_control = true;
                            e.subgroups = true;
                        }
                        _ => {
                            let mut diag = Diagnostic::error(
                                codes::UNKNOWN_EXTENSION,
                                format!("unknown or unsupported extension `{name}`"),
                            )
                            .with_primary(n.span, "not an extension refract supports");
                            if let Some(s) = closest(name, ENABLE_EXTENSIONS) {
                                diag = diag.with_note(format!("did you mean `{s}`?"));
                            } else if crate::sema::check::LANGUAGE_FEATURES.contains(&name) {
                                diag = diag.with_note(format!(
                                    "`{name}` is a language extension: write `requires {name};`"
                                ));
                            } else {
                                diag = diag.with_note(format!(
                                    "the supported extensions are {}",
                                    super::quoted_list(
                                        &mut ENABLE_EXTENSIONS.iter().copied(),
                                        ", "
                                    )
                                ));
                            }
                            diags.push(diag);
                        }
                    }
                }
            }
            DirectiveKind::Requires(names) => {
                for n in names {
                    let name = module.name(n.name);
                    if !crate::sema::check::LANGUAGE_FEATURES.contains(&name) {
                        let mut diag = Diagnostic::error(
                            codes::UNKNOWN_LANGUAGE_FEATURE,
                            format!("unknown or unsupported language extension `{name}`"),
                        )
                        .with_primary(n.span, "not a language extension refract supports");
                        if let Some(s) = closest(name, crate::sema::check::LANGUAGE_FEATURES) {
                            diag = diag.with_note(format!("did you mean `{s}`?"));
                        } else if ENABLE_EXTENSIONS.contains(&name) {
                            diag = diag.with_note(format!(
                                "`{name}` is an enable-extension: write `enable {name};`"
                            ));
                        }
                        diags.push(diag);
                    }
                }
            }
            DirectiveKind::Diagnostic(c) => {
                if let Some((rule, sev)) = check_control(module, c, diags) {
                    if let Some(&(_, prev, prev_span)) = global_spans
                        .iter()
                        .find(|(r, s, _)| *r == rule && *s != sev)
                    {
                        let _ = prev;
                        diags.push(
                            Diagnostic::error(
                                codes::DIAGNOSTIC_CONFLICT,
                                format!(
                                    "conflicting global diagnostic filters for `{}`",
                                    rule.name()
                                ),
                            )
                            .with_primary(d.span, "this filter")
                            .with_secondary(prev_span, "conflicts with this one"),
                        );
                    } else {
                        global_spans.push((rule, sev, d.span));
                        out.global_filters.push((rule, sev));
                    }
                }
            }
        }
    }
    out
}

pub(crate) use crate::util::spelling::closest;
