//! Module scope: names, directives, structs, global variables, overrides, constants, and
//! the functions (each through the plan, [`crate::raise::plan::function`], with the
//! emitter of [`super::emitter`]).

use super::build::Ast;
use super::cx::{Cx, MAX_DEPTH};
use super::emitter::Wgsl;
use super::expr::{builtin_struct_members, constant_expr, is_all_zero};
use super::globals::{global_op_expr, global_value_expr, io_attributes, stage_of};
use super::interface::keep_interface;
use super::keywords::keywords;
use super::options::Options;
use super::types::{struct_layout_attrs, type_expr};
use crate::ir::enums::{AccessMode, AddressSpace, BuiltinValue};
use crate::ir::opcode::Class;
use crate::ir::{Func, Inst, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::raise::names::Namer;
use crate::raise::plan::{self, Tables, decoration_u32};
use crate::syntax::ast::{self, AttributeKind, GlobalDeclKind};
use crate::util::map::{Map, Set};

pub(super) fn raise_module(m: &Module, options: &Options) -> Result<ast::Module, RaiseError> {
    let root = m.root();
    let children = m.children_vec(root);
    // Loops rather than filter/map/collect chains in this function: each chain was its
    // own copy of the iterator code in the package.
    let mut funcs: Vec<Inst> = Vec::new();
    for &c in &children {
        if m.opcode(c) == Opcode::Func {
            funcs.push(c);
        }
    }

    // The result structures of builtins are never declared.
    let mut members: Map<Inst, Vec<String>> = Map::default();
    let mut builtin_structs = Set::default();
    for &f in &funcs {
        for b in m.children(f) {
            for i in m.children(b) {
                if let (Some(names), Some(t)) = (builtin_struct_members(m.opcode(i)), m.ty(i)) {
                    if m.opcode(t) == Opcode::Struct && builtin_structs.insert(t) {
                        let mut list = Vec::with_capacity(names.len());
                        for s in names.iter() {
                            list.push(s.to_string());
                        }
                        members.insert(t, list);
                    }
                }
            }
        }
    }

    // Names: entry points and overrides first, as written when possible.
    let mut namer = Namer::new(keywords());
    let mut names: Map<Inst, String> = Map::default();
    for &c in &children {
        let exact = match m.opcode(c) {
            Opcode::Func => stage_of(m, c).is_some(),
            Opcode::Override => true,
            _ => false,
        };
        if exact {
            let fallback = if m.opcode(c) == Opcode::Func {
                "main"
            } else {
                "o"
            };
            names.insert(c, namer.exact(m.name(c), fallback));
        }
    }
    for &c in &children {
        if names.contains_key(&c) {
            continue;
        }
        let op = m.opcode(c);
        let fallback = match op {
            Opcode::Struct if !builtin_structs.contains(&c) => "S",
            Opcode::Var => "g",
            Opcode::Func => "f",
            Opcode::Composite if declares_const(m, c) => "c",
            _ if op.is_pure() => {
                // An override's initializer is written out in the declaration, as it
                // was in the source: naming it would add a declaration each round trip.
                let initializer_only = m.uses(c).next().is_some()
                    && m.uses(c).all(|u| m.opcode(u.user) == Opcode::Override);
                if m.ty(c).and_then(|t| m.scalar(t)).is_some() && !initializer_only {
                    "o"
                } else {
                    // Non-scalar override expressions are written out where used.
                    continue;
                }
            }
            _ => continue,
        };
        names.insert(c, namer.name(m.name(c), fallback));
    }
    for &c in &children {
        if m.opcode(c) == Opcode::Struct && !builtin_structs.contains(&c) {
            let mut member_namer = Namer::new(keywords());
            let fields = m.struct_fields(c);
            let mut list = Vec::with_capacity(fields.len());
            for (k, &f) in fields.iter().enumerate() {
                list.push(member_namer.member(m.name(f), &format!("m{k}")));
            }
            members.insert(c, list);
        }
    }
    let cx = Cx {
        m,
        options,
        names,
        members,
        builtin_structs,
    };

    // About one expression per instruction.
    let mut ast = Ast::with_capacity(m.capacity());
    directives(&cx, &mut ast, &children);
    // Structs, then the other module-scope declarations in IR order, then functions.
    for &c in &children {
        if m.opcode(c) == Opcode::Struct && cx.struct_name(c).is_some() {
            let decl = struct_decl(&cx, &mut ast, c)?;
            push_decl(&mut ast, decl);
        }
    }
    for &c in &children {
        let decl = match m.opcode(c) {
            Opcode::Var => Some(global_var(&cx, &mut ast, c)?),
            Opcode::Override => Some(override_decl(&cx, &mut ast, c)?),
            Opcode::Composite if cx.global_name(c).is_some() => {
                let init = constant_expr(&cx, &mut ast, c, true, 0)?;
                let name = ast.ident_of(cx.global_name(c).unwrap_or("c"));
                Some(GlobalDeclKind::Const(ast::ValueDecl {
                    name,
                    ty: None,
                    init,
                }))
            }
            op if op.is_pure() && cx.global_name(c).is_some() => {
                let init = global_op_expr(&cx, &mut ast, c, true, 0)?;
                let name = ast.ident_of(cx.global_name(c).unwrap_or("o"));
                if depends_on_override(m, c, 0) {
                    // Typed, as lowering it again gives a typed override.
                    let t = m.ty(c).ok_or_else(|| cx.malformed(c, "override type"))?;
                    Some(GlobalDeclKind::Override(ast::OverrideDecl {
                        attributes: Vec::new(),
                        name,
                        ty: Some(type_expr(&cx, &mut ast, t)?),
                        init: Some(init),
                    }))
                } else {
                    Some(GlobalDeclKind::Const(ast::ValueDecl {
                        name,
                        ty: None,
                        init,
                    }))
                }
            }
            Opcode::Generic => {
                return Err(cx.unsupported(c, "a generic, which must be specialized first"));
            }
            _ => None,
        };
        if let Some(d) = decl {
            push_decl(&mut ast, d);
        }
    }
    let base_namer = namer;
    let mut tables = Tables::new(m);
    let mut em = Wgsl::new(&cx, &mut ast);
    let mut decls = Vec::with_capacity(funcs.len());
    for &f in &funcs {
        decls.push(plan::function(
            &mut em,
            m,
            &base_namer,
            &mut tables,
            Func(f),
        )?);
    }
    keep_interface(&cx, &mut ast, &funcs, &mut decls);
    for decl in decls {
        push_decl(&mut ast, GlobalDeclKind::Fn(decl));
    }
    Ok(ast.module)
}

fn push_decl(ast: &mut Ast, kind: GlobalDeclKind) {
    ast.module.decls.push(ast::GlobalDecl {
        kind,
        span: crate::diag::Span::DETACHED,
    });
}

/// Whether a composite constant gets a module-scope `const`: arrays and structs that
/// something other than another constant uses.
fn declares_const(m: &Module, c: Inst) -> bool {
    let Some(t) = m.ty(c) else { return false };
    matches!(m.opcode(t), Opcode::Array | Opcode::Struct)
        && !is_all_zero(m, c, 0)
        && m.uses(c).any(|u| !m.opcode(u.user).is_constant())
}

fn depends_on_override(m: &Module, v: Inst, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match m.opcode(v) {
        Opcode::Override => true,
        op if op.is_pure() => m.operands(v).any(|x| depends_on_override(m, x, depth + 1)),
        _ => false,
    }
}

/// `enable` and `requires` directives for what the module uses.
fn directives(cx: &Cx<'_>, ast: &mut Ast, children: &[Inst]) {
    let m = cx.m;
    let mut f16 = false;
    let mut subgroups = false;
    let mut subgroup_ops = false;
    let mut clip = false;
    let mut blend = false;
    let mut primitive = false;
    let mut subgroup_size = false;
    let mut buffer_view = false;
    let mut look_at_decorations = |i: Inst| {
        for d in m.decorations(i) {
            match m.opcode(d) {
                Opcode::DecoBuiltin => {
                    let b = m
                        .operand_opt(d, 0)
                        .and_then(|x| m.const_u32(x))
                        .and_then(BuiltinValue::from_u32);
                    match b {
                        Some(
                            BuiltinValue::SubgroupInvocationId
                            | BuiltinValue::SubgroupSize
                            | BuiltinValue::SubgroupId
                            | BuiltinValue::NumSubgroups,
                        ) => subgroups = true,
                        Some(BuiltinValue::ClipDistances) => clip = true,
                        Some(BuiltinValue::PrimitiveIndex) => primitive = true,
                        _ => {}
                    }
                }
                Opcode::DecoBlendSrc => blend = true,
                Opcode::DecoSubgroupSize => subgroup_size = true,
                _ => {}
            }
        }
    };
    for &c in children {
        match m.opcode(c) {
            Opcode::F16 if m.has_uses(c) => f16 = true,
            Opcode::Buffer | Opcode::RuntimeBuffer if m.has_uses(c) => buffer_view = true,
            Opcode::Struct => {
                for fld in m.struct_fields(c) {
                    look_at_decorations(fld);
                }
            }
            Opcode::Func => {
                look_at_decorations(c);
                for b in m.children(c) {
                    for i in m.children(b) {
                        if m.opcode(i) == Opcode::Param {
                            look_at_decorations(i);
                        }
                        if m.opcode(i).is_in(Class::Subgroup) {
                            subgroup_ops = true;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut enables: Vec<&str> = Vec::new();
    if f16 {
        enables.push("f16");
    }
    if subgroups || subgroup_ops || subgroup_size {
        enables.push("subgroups");
    }
    if subgroup_size {
        enables.push("subgroup_size_control");
    }
    if clip {
        enables.push("clip_distances");
    }
    if blend {
        enables.push("dual_source_blending");
    }
    if primitive {
        enables.push("primitive_index");
    }
    if !enables.is_empty() {
        let mut names = Vec::with_capacity(enables.len());
        for e in &enables {
            names.push(ast.ident_of(e));
        }
        ast.module.directives.push(ast::Directive {
            kind: ast::DirectiveKind::Enable(names),
            span: crate::diag::Span::DETACHED,
        });
    }
    if buffer_view {
        let names = vec![ast.ident_of("buffer_view")];
        ast.module.directives.push(ast::Directive {
            kind: ast::DirectiveKind::Requires(names),
            span: crate::diag::Span::DETACHED,
        });
    }
    for (severity, rule) in &cx.options.diagnostics {
        let (rule, suffix) = match rule.split_once('.') {
            Some((a, b)) => (a, Some(b)),
            None => (rule.as_str(), None),
        };
        let control = ast::DiagnosticControl {
            severity: ast.ident_of(severity),
            rule: ast.ident_of(rule),
            rule_suffix: suffix.map(|s| ast.ident_of(s)),
        };
        ast.module.directives.push(ast::Directive {
            kind: ast::DirectiveKind::Diagnostic(control),
            span: crate::diag::Span::DETACHED,
        });
    }
}

fn struct_decl(cx: &Cx<'_>, ast: &mut Ast, s: Inst) -> Result<GlobalDeclKind, RaiseError> {
    let m = cx.m;
    let layout = struct_layout_attrs(m, s)
        .map_err(|why| cx.unsupported(s, &format!("a struct layout WGSL cannot express: {why}")))?;
    let mut members = Vec::new();
    for (k, f) in m.struct_fields(s).into_iter().enumerate() {
        let ty = m.ty(f).ok_or_else(|| cx.malformed(f, "struct member"))?;
        let mut attributes = Vec::new();
        if let Some(a) = layout.get(k) {
            if let Some(al) = a.align {
                attributes.push(ast.int_attribute(AttributeKind::Align, "align", &[al]));
            }
            if let Some(sz) = a.size {
                attributes.push(ast.int_attribute(AttributeKind::Size, "size", &[sz]));
            }
        }
        attributes.extend(io_attributes(cx, ast, f)?);
        let ty = type_expr(cx, ast, ty)?;
        let name = ast.ident_of(cx.member_name(s, k).unwrap_or("m"));
        members.push(ast::StructMember {
            attributes,
            name,
            ty,
            span: crate::diag::Span::DETACHED,
        });
    }
    if members.is_empty() {
        return Err(cx.unsupported(s, "a struct without members"));
    }
    let name = ast.ident_of(cx.struct_name(s).unwrap_or("S"));
    Ok(GlobalDeclKind::Struct(ast::StructDecl { name, members }))
}

fn global_var(cx: &Cx<'_>, ast: &mut Ast, v: Inst) -> Result<GlobalDeclKind, RaiseError> {
    let m = cx.m;
    let pt = m.ty(v).ok_or_else(|| cx.malformed(v, "variable type"))?;
    let (space, store, access) = m
        .ptr_parts(pt)
        .ok_or_else(|| cx.malformed(v, "variable type"))?;
    let mut attributes = Vec::new();
    if let Some(g) = decoration_u32(m, v, Opcode::DecoGroup) {
        attributes.push(ast.int_attribute(AttributeKind::Group, "group", &[g]));
    }
    if let Some(b) = decoration_u32(m, v, Opcode::DecoBinding) {
        attributes.push(ast.int_attribute(AttributeKind::Binding, "binding", &[b]));
    }
    let template_args = match space {
        AddressSpace::Handle => Vec::new(),
        AddressSpace::Storage => {
            let a = if access == AccessMode::Write {
                AccessMode::ReadWrite
            } else {
                access
            };
            vec![ast.name("storage"), ast.name(a.name())]
        }
        AddressSpace::Function => {
            return Err(cx.unsupported(v, "a `function` variable at module scope"));
        }
        s => vec![ast.name(s.name())],
    };
    let init = match m.operand_opt(v, 0) {
        Some(x) => Some(global_value_expr(cx, ast, x, 0)?),
        None => None,
    };
    let ty = Some(type_expr(cx, ast, store)?);
    let name = ast.ident_of(cx.global_name(v).unwrap_or("g"));
    Ok(GlobalDeclKind::Var(ast::VarDecl {
        attributes,
        template_args,
        template_span: None,
        name,
        ty,
        init,
    }))
}

fn override_decl(cx: &Cx<'_>, ast: &mut Ast, o: Inst) -> Result<GlobalDeclKind, RaiseError> {
    let m = cx.m;
    let mut attributes = Vec::new();
    if let Some(id) = decoration_u32(m, o, Opcode::DecoId) {
        attributes.push(ast.int_attribute(AttributeKind::Id, "id", &[id]));
    }
    let t = m.ty(o).ok_or_else(|| cx.malformed(o, "override type"))?;
    let ty = Some(type_expr(cx, ast, t)?);
    let init = match m.operand_opt(o, 0) {
        Some(x) => Some(global_value_expr(cx, ast, x, 0)?),
        None => None,
    };
    let name = ast.ident_of(cx.global_name(o).unwrap_or("o"));
    Ok(GlobalDeclKind::Override(ast::OverrideDecl {
        attributes,
        name,
        ty,
        init,
    }))
}
