//! The WGSL back end: raise the IR to a syntax tree ([`crate::raise`]) and print it with
//! the syntax layer's printer. The output reads back through refract's parser and is
//! valid WGSL for other compilers too (naga's validator checks it in the tests).

use crate::diag::Diagnostic;
use crate::ir::Module;

/// Options of the WGSL writer.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// How the raiser shapes statements and expressions.
    pub raise: crate::raise::Options,
}

/// Why a module could not be written as WGSL.
#[derive(Clone, Debug)]
pub struct Error {
    pub diagnostics: Vec<Diagnostic>,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{}: {}", d.code, d.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<Error> for Vec<Diagnostic> {
    fn from(e: Error) -> Self {
        e.diagnostics
    }
}

/// Writes a verified IR module as WGSL text.
pub fn write_string(module: &Module, options: &Options) -> Result<String, Error> {
    crate::raise::raise_to_wgsl(module, &options.raise).map_err(|diagnostics| Error { diagnostics })
}

/// The diagnostic filters for a module read from IR, for
/// [`crate::raise::Options::diagnostics`]: the IR does not promise WGSL's uniformity, so
/// a module with a derivative, an implicit-level sample or a subgroup or quad operation
/// turns the two filterable uniformity rules off, and the WGSL written from it is
/// accepted (a filter changes which diagnostics are reported, never what the program
/// computes). Barriers in non-uniform control flow have no filter; WGSL refuses them.
pub fn ir_filters(m: &Module) -> Vec<(String, String)> {
    let needs_uniformity = |i| {
        let name = m.opcode(i).name();
        ["dp", "fwidth", "subgroup_", "quad_"]
            .iter()
            .any(|p| name.starts_with(p))
            || matches!(
                name,
                "texture_sample" | "texture_sample_bias" | "texture_sample_compare"
            )
    };
    let any = m
        .children(m.root())
        .any(|f| m.children(f).any(|b| m.children(b).any(needs_uniformity)));
    if !any {
        return Vec::new();
    }
    ["derivative_uniformity", "subgroup_uniformity"]
        .map(|rule| ("off".to_string(), rule.to_string()))
        .to_vec()
}

/// Each entry point's resource interface in a checked source module, for
/// [`crate::raise::Options::interface`]: the entry point's name and the names of the
/// bound and `immediate` variables its shader statically uses (what `layout: "auto"`
/// builds its pipeline layout from). The IR keeps no such list: the optimizing passes
/// may remove the only code that used a variable, and the WGSL writer keeps the use.
pub fn source_interface(
    source: &crate::syntax::ast::Module,
    program: &crate::sema::program::Program,
) -> Vec<(String, Vec<String>)> {
    use crate::sema::program::DeclInfo;
    use crate::sema::types::AddressSpace;
    let mut out = Vec::with_capacity(program.entry_points.len());
    for ep in &program.entry_points {
        let mut names = Vec::new();
        for &g in &ep.globals {
            if let DeclInfo::Var(v) = program.decl(g) {
                if v.binding.is_some() || v.space == AddressSpace::Immediate {
                    if let Some(i) = crate::sema::resolve::decl_name(&source.decls[g.index()].kind)
                    {
                        names.push(source.name(i.name).to_string());
                    }
                }
            }
        }
        out.push((ep.name.clone(), names));
    }
    out
}

/// The diagnostic filters of a source module, for [`crate::raise::Options::diagnostics`]:
/// one global `(severity, rule)` per triggering rule, with the most relaxed severity any
/// directive or attribute of the source gives it. The IR keeps no filters; this makes
/// the output accepted wherever the source was (a filter only changes which diagnostics
/// are reported, never what the program computes).
pub fn diagnostic_filters(source: &crate::syntax::ast::Module) -> Vec<(String, String)> {
    use crate::syntax::ast::{AttributeKind, DiagnosticControl, DirectiveKind, GlobalDeclKind};
    let rank = |s: &str| match s {
        "off" => 0,
        "info" => 1,
        "warning" => 2,
        _ => 3,
    };
    let mut out: Vec<(String, String)> = Vec::new();
    // Where each rule is in `out`: a scan per directive would be quadratic in their count.
    let mut at: crate::util::map::Map<String, usize> = crate::util::map::Map::default();
    let mut add = |c: &DiagnosticControl| {
        let mut rule = source.name(c.rule.name).to_string();
        if let Some(s) = c.rule_suffix {
            rule.push('.');
            rule.push_str(source.name(s.name));
        }
        let severity = source.name(c.severity.name).to_string();
        match at.get(&rule) {
            Some(&i) if rank(&severity) < rank(&out[i].0) => out[i].0 = severity,
            Some(_) => {}
            None => {
                at.insert(rule.clone(), out.len());
                out.push((severity, rule));
            }
        }
    };
    for d in &source.directives {
        if let DirectiveKind::Diagnostic(c) = &d.kind {
            add(c);
        }
    }
    let mut attrs = |list: &[crate::syntax::ast::Attribute]| {
        for a in list {
            if let AttributeKind::Diagnostic(c) = &a.kind {
                add(c);
            }
        }
    };
    for d in &source.decls {
        if let GlobalDeclKind::Fn(f) = &d.kind {
            attrs(&f.attributes);
            attrs(&f.body.attributes);
        }
    }
    for s in &source.stmts {
        use crate::syntax::ast::StmtKind as S;
        match &s.kind {
            S::Block(b) => attrs(&b.attributes),
            S::If {
                attributes,
                then_branch,
                ..
            } => {
                attrs(attributes);
                attrs(&then_branch.attributes);
            }
            S::Switch {
                attributes,
                body_attributes,
                clauses,
                ..
            } => {
                attrs(attributes);
                attrs(body_attributes);
                for c in clauses {
                    attrs(&c.body.attributes);
                }
            }
            S::Loop {
                attributes,
                body,
                continuing,
            } => {
                attrs(attributes);
                attrs(&body.attributes);
                if let Some(c) = continuing {
                    attrs(&c.body.attributes);
                }
            }
            S::For {
                attributes, body, ..
            }
            | S::While {
                attributes, body, ..
            } => {
                attrs(attributes);
                attrs(&body.attributes);
            }
            _ => {}
        }
    }
    out
}
