//! Whole-program rules, checked once every declaration is typed.
//!
//! - [`entry`]: each entry point's interface: builtin values for the right stage,
//!   direction and type; locations; interpolation; `@invariant`; dual-source blending;
//!   the vertex `position` output. The result is recorded as [`EntryPoint`]s.
//! - Shader-stage restrictions (§"Shader Stages" and the builtins' stage rules): every
//!   function reachable from an entry point is checked against the entry point's stage:
//!   derivatives and implicit-derivative sampling only in fragment shaders, barriers only
//!   in compute shaders, `discard` only in fragment shaders, `workgroup` variables only in
//!   compute shaders, and no writable storage (buffers or textures) in vertex shaders.
//!   The error is on the use, with a note naming the entry point and the call chain.
//! - The resource interface: two resources a shader statically accesses must not share a
//!   group and binding, and a shader uses at most one immediate data variable.

pub(crate) mod entry;

use crate::diag::{Diagnostic, Span, codes};
use crate::sema::builtins::Stages;
use crate::sema::check::{Finished, StageUse};
use crate::sema::program::{DeclId, DeclInfo, EntryPoint, ShaderStage};
use crate::sema::types::{Access, AddressSpace, TextureKind, TypeKind};
use crate::syntax::ast::{GlobalDeclKind, Module};

pub(crate) fn run(m: &Module, fin: &mut Finished, diags: &mut Vec<Diagnostic>) {
    let mut reported = crate::util::map::Set::default();
    for i in 0..m.decls.len() {
        let d = DeclId::from_index(i);
        let Some(stage) = fin.program.function(d).and_then(|f| f.stage) else {
            continue;
        };
        let Some(mut ep) = entry::entry_point(m, fin, d, stage, diags) else {
            continue;
        };
        let reach = reachable(fin, d);
        stage_rules(m, fin, &ep, &reach, &mut reported, diags);
        ep.globals = statically_accessed(fin, d);
        resource_rules(m, fin, &ep, &reach, diags);
        fin.program.entry_points.push(ep);
    }
}

/// The functions reachable from `root` (itself included), each with the function that
/// first calls it, in breadth-first order.
fn reachable(fin: &Finished, root: DeclId) -> Vec<(DeclId, Option<DeclId>)> {
    let mut seen = vec![false; fin.facts.len()];
    seen[root.index()] = true;
    let mut out = vec![(root, None)];
    let mut next = 0;
    while next < out.len() {
        let (f, _) = out[next];
        next += 1;
        for &(callee, _) in &fin.facts[f.index()].calls {
            if !seen[callee.index()] {
                seen[callee.index()] = true;
                out.push((callee, Some(f)));
            }
        }
    }
    out
}

/// "called from entry point `main` through `a` → `b`" for a function reached from an
/// entry point.
fn call_chain_note(
    m: &Module,
    reach: &[(DeclId, Option<DeclId>)],
    f: DeclId,
    ep: &EntryPoint,
) -> String {
    let name = |d: DeclId| {
        crate::sema::resolve::decl_name(&m.decls[d.index()].kind)
            .map_or("?", |i| m.name(i.name))
            .to_string()
    };
    if f == ep.decl {
        return format!("in the {} entry point `{}`", ep.stage.name(), ep.name);
    }
    let mut chain = vec![name(f)];
    let mut cur = f;
    while let Some(&(_, Some(parent))) = reach.iter().find(|(d, _)| *d == cur) {
        chain.push(name(parent));
        cur = parent;
        if chain.len() > reach.len() {
            break;
        }
    }
    chain.reverse();
    let path = crate::sema::quoted_list(&mut chain.iter().map(String::as_str), " → ");
    format!(
        "`{}` is called from the {} entry point `{}`: {path}",
        name(f),
        ep.stage.name(),
        ep.name,
    )
}

fn stage_allows(stages: Stages, stage: ShaderStage) -> bool {
    match stages {
        Stages::All => true,
        Stages::FragmentOnly => stage == ShaderStage::Fragment,
        Stages::ComputeOnly => stage == ShaderStage::Compute,
        Stages::FragmentAndCompute => stage != ShaderStage::Vertex,
        Stages::NotVertex => stage != ShaderStage::Vertex,
    }
}

fn stages_text(stages: Stages) -> &'static str {
    match stages {
        Stages::All => "every shader stage",
        Stages::FragmentOnly => "fragment shaders",
        Stages::ComputeOnly => "compute shaders",
        Stages::FragmentAndCompute | Stages::NotVertex => "fragment and compute shaders",
    }
}

fn stage_rules(
    m: &Module,
    fin: &Finished,
    ep: &EntryPoint,
    reach: &[(DeclId, Option<DeclId>)],
    reported: &mut crate::util::map::Set<(u32, u32)>,
    diags: &mut Vec<Diagnostic>,
) {
    let stage = ep.stage;
    // Each global is reported once per entry point, at its use nearest the entry point.
    let mut globals_done = crate::util::map::Set::default();
    for &(f, _) in reach {
        let facts = &fin.facts[f.index()];
        for &(u, span) in &facts.stage_uses {
            let (ok, message, note) = match u {
                StageUse::Builtin(b) => (
                    stage_allows(b.stages(), stage),
                    format!("`{}` cannot be used in a {} shader", b.name(), stage.name()),
                    format!(
                        "`{}` is only available in {}",
                        b.name(),
                        stages_text(b.stages())
                    ),
                ),
                StageUse::Discard => (
                    stage == ShaderStage::Fragment,
                    format!("`discard` cannot be used in a {} shader", stage.name()),
                    "`discard` is only available in fragment shaders".to_string(),
                ),
            };
            if ok || !reported.insert((span.start, span.end)) {
                continue;
            }
            diags.push(
                Diagnostic::error(codes::STAGE_RESTRICTION, message)
                    .with_primary(span, "not allowed in this stage")
                    .with_note(note)
                    .with_note(call_chain_note(m, reach, f, ep)),
            );
        }
        for &(g, span) in &facts.globals {
            let DeclInfo::Var(v) = fin.program.decl(g) else {
                continue;
            };
            let name = crate::sema::resolve::decl_name(&m.decls[g.index()].kind)
                .map_or("?", |i| m.name(i.name));
            let problem = match (v.space, stage) {
                (AddressSpace::Workgroup, ShaderStage::Vertex | ShaderStage::Fragment) => Some((
                    format!(
                        "workgroup variable `{name}` cannot be used in a {} shader",
                        stage.name()
                    ),
                    "`workgroup` variables are only available in compute shaders".to_string(),
                )),
                (AddressSpace::Storage, ShaderStage::Vertex) if v.access != Access::Read => Some((
                    format!(
                        "storage buffer `{name}` with `read_write` access cannot be used in a vertex shader"
                    ),
                    "vertex shaders may only read storage buffers: declare it `var<storage, read>`"
                        .to_string(),
                )),
                (AddressSpace::Handle, ShaderStage::Vertex) => match fin.program.types.kind(v.ty) {
                    TypeKind::Texture(TextureKind::Storage { access, .. })
                        if access != Access::Read =>
                    {
                        Some((
                            format!(
                                "storage texture `{name}` with `{}` access cannot be used in a vertex shader",
                                access.name()
                            ),
                            "vertex shaders may only use read-only storage textures".to_string(),
                        ))
                    }
                    _ => None,
                },
                _ => None,
            };
            if let Some((message, note)) = problem {
                if !globals_done.insert(g.index() as u32)
                    || !reported.insert((span.start, span.end))
                {
                    continue;
                }
                diags.push(
                    Diagnostic::error(codes::STAGE_RESTRICTION, message)
                        .with_primary(span, "used here")
                        .with_secondary(decl_span(m, g), format!("`{name}` is declared here"))
                        .with_note(note)
                        .with_note(call_chain_note(m, reach, f, ep)),
                );
            }
        }
    }
}

fn decl_span(m: &Module, d: DeclId) -> Span {
    crate::sema::resolve::decl_name(&m.decls[d.index()].kind)
        .map_or(m.decls[d.index()].span, |i| i.span)
}

/// The module-scope `var`s and `override`s a shader statically accesses: everything
/// reachable from the entry point through the declarations each mentions, in
/// declaration order.
fn statically_accessed(fin: &Finished, root: DeclId) -> Vec<DeclId> {
    let mut seen = vec![false; fin.deps.len()];
    let mut stack = vec![root];
    seen[root.index()] = true;
    while let Some(d) = stack.pop() {
        for &(to, _) in &fin.deps[d.index()] {
            if !seen[to.index()] {
                seen[to.index()] = true;
                stack.push(to);
            }
        }
    }
    let mut out = Vec::new();
    for (i, &s) in seen.iter().enumerate() {
        let d = DeclId::from_index(i);
        if s && matches!(
            fin.program.decl(d),
            DeclInfo::Var(_) | DeclInfo::Override(_)
        ) {
            out.push(d);
        }
    }
    out
}

fn resource_rules(
    m: &Module,
    fin: &Finished,
    ep: &EntryPoint,
    reach: &[(DeclId, Option<DeclId>)],
    diags: &mut Vec<Diagnostic>,
) {
    let mut bindings: crate::util::map::Map<(u32, u32), DeclId> = crate::util::map::Map::default();
    let mut immediate: Option<DeclId> = None;
    for &g in &ep.globals {
        let DeclInfo::Var(v) = fin.program.decl(g) else {
            continue;
        };
        if v.space == AddressSpace::Immediate {
            if let Some(prev) = immediate {
                // The use of the second variable nearest the entry point.
                let use_span = reach
                    .iter()
                    .find_map(|&(f, _)| {
                        fin.facts[f.index()]
                            .globals
                            .iter()
                            .find(|(x, _)| *x == g)
                            .map(|&(_, s)| s)
                    })
                    .unwrap_or(decl_span(m, g));
                diags.push(
                    Diagnostic::error(
                        codes::IMMEDIATE_DATA,
                        format!(
                            "entry point `{}` uses two immediate data variables",
                            ep.name
                        ),
                    )
                    .with_primary(ep_name_span(m, ep), "this entry point")
                    .with_secondary(use_span, "the second immediate variable is used here")
                    .with_secondary(decl_span(m, prev), "first immediate variable")
                    .with_note(
                        "each entry point may statically access at most one `var<immediate>`",
                    ),
                );
            } else {
                immediate = Some(g);
            }
        }
        let Some(b) = v.binding else {
            continue;
        };
        if let Some(&prev) = bindings.get(&(b.group, b.binding)) {
            let attr_span = binding_attr_span(m, g).unwrap_or(decl_span(m, g));
            let prev_span = binding_attr_span(m, prev).unwrap_or(decl_span(m, prev));
            diags.push(
                Diagnostic::error(
                    codes::BINDING_COLLISION,
                    format!(
                        "two resources of entry point `{}` are bound at `@group({}) @binding({})`",
                        ep.name, b.group, b.binding
                    ),
                )
                .with_primary(attr_span, "this binding")
                .with_secondary(prev_span, "is also used here")
                .with_note("resources used by one shader need distinct group and binding pairs"),
            );
        } else {
            bindings.insert((b.group, b.binding), g);
        }
    }
}

/// The span from `@group` to `@binding` of a resource variable's declaration.
fn binding_attr_span(m: &Module, d: DeclId) -> Option<Span> {
    let GlobalDeclKind::Var(v) = &m.decls[d.index()].kind else {
        return None;
    };
    // A loop: a `filter`, `map` and `reduce` chain is a copy of the iterator code.
    let mut span: Option<Span> = None;
    for a in &v.attributes {
        if matches!(
            a.kind,
            crate::syntax::ast::AttributeKind::Group | crate::syntax::ast::AttributeKind::Binding
        ) {
            span = Some(span.map_or(a.span, |s| s.join(a.span)));
        }
    }
    span
}

/// The span of an entry point's name.
fn ep_name_span(m: &Module, ep: &EntryPoint) -> Span {
    decl_span(m, ep.decl)
}
