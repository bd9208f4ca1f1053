//! The resource interface of each entry point, kept: a resource variable the source's
//! entry point statically used stays part of its interface after the code that used it
//! went (`_ = u;` in the source, or a load whose value `optimize` found unused).
//!
//! Why it matters: WebGPU's `layout: "auto"` makes a pipeline layout of exactly the
//! bindings the entry point statically uses, so WGSL written without the use has a
//! different layout from its source, and a bind group made for the source's no longer
//! fits. It also decides the round trip: `-O2` keeps every resource variable (the last
//! `unused-globals`), but compiling the WGSL again finds no use of it and drops it.
//!
//! The IR does not say which entry point used what (a module-scope variable has uses
//! only where code reads it), so the compile pipeline hands the raiser the source's
//! interfaces ([`super::Options::interface`], from the checked program, as it hands it
//! the diagnostic filters). For each entry point raised, the names its written body and
//! every function it calls mention are collected from the syntax tree; each listed
//! resource variable the module still declares and the body no longer mentions gets a
//! phony assignment at the start of the entry point: `_ = u;`, or, when the variable's
//! type is not constructible (a phony assignment cannot load it), an expression that
//! still lowers to a use of it (`_ = arrayLength(&u);`, see [`use_of`]). A module raised
//! from IR alone (no source) has no list and gets nothing.
//!
//! Names are unique across the written module and locals never take a module-scope
//! name ([`crate::raise::names`]), so a mention of a variable's or function's name is a
//! use of it. Cost: one walk over each function's tree (the tree shares the nodes of
//! types and constants, so the walk is at most the printed text), plus the call graph.

use super::build::{Ast, stmt_parts, walk_names};
use super::cx::Cx;
use crate::ir::enums::AddressSpace;
use crate::ir::{Inst, Module, Opcode};
use crate::syntax::ast::{self, StmtKind, UnaryOp};
use crate::util::Symbol;
use crate::util::map::{Map, Set};

/// Prepends `_ = u;` to each entry point of `decls` (the module's functions `funcs`, in
/// the same order) for every resource variable of its source interface that its body
/// and callees no longer mention.
pub(super) fn keep_interface(
    cx: &Cx<'_>,
    ast: &mut Ast,
    funcs: &[Inst],
    decls: &mut [ast::FnDecl],
) {
    let m = cx.m;
    if cx.options.interface.is_empty() {
        return;
    }
    // The resource variables still declared, by their source name, and the functions,
    // by their written name.
    let mut resources: Map<&str, Inst> = Map::default();
    for c in m.children(m.root()) {
        if m.opcode(c) == Opcode::Var && is_resource(m, c) {
            if let Some(name) = m.name(c) {
                resources.insert(name, c);
            }
        }
    }
    let mut func_of: Map<Symbol, usize> = Map::default();
    for (k, d) in decls.iter().enumerate() {
        func_of.insert(d.name.name, k);
    }
    let mentions: Vec<Set<Symbol>> = decls.iter().map(|d| mentioned(&ast.module, d)).collect();
    for (k, &f) in funcs.iter().enumerate() {
        if m.decoration(f, Opcode::DecoVertex).is_none()
            && m.decoration(f, Opcode::DecoFragment).is_none()
            && m.decoration(f, Opcode::DecoCompute).is_none()
        {
            continue;
        }
        let Some(name) = m.name(f) else { continue };
        let Some((_, used)) = cx.options.interface.iter().find(|(ep, _)| ep == name) else {
            continue;
        };
        let reached = reachable(k, &mentions, &func_of);
        let mut phonies = Vec::new();
        for u in used {
            let Some(&v) = resources.get(u.as_str()) else {
                continue;
            };
            let Some(written) = cx.global_name(v) else {
                continue;
            };
            let sym = ast.module.symbols.intern(written);
            if reached.iter().any(|&j| mentions[j].contains(&sym)) {
                continue;
            }
            let e = use_of(cx, ast, v, sym);
            phonies.push(ast.stmt(StmtKind::Assign {
                lhs: None,
                op: None,
                rhs: e,
            }));
        }
        if !phonies.is_empty() {
            let body = &mut decls[k].body.stmts;
            phonies.append(body);
            *body = phonies;
        }
    }
}

/// What the phony assignment of resource variable `v` (written `name`) evaluates: an
/// expression the next compile lowers to an instruction that uses `v`, so that the
/// variable survives until the passes remove the instruction and keep the variable. The
/// variable itself (`u`: a load, or a handle) when its type is constructible; else
/// `arrayLength(&u)` or `arrayLength(&u.last)` for a runtime-sized buffer, or the first
/// constructible member of a structure (`u.count` beside an atomic); else `&u`, which
/// WGSL counts as a use but which lowers to no instruction.
fn use_of(cx: &Cx<'_>, ast: &mut Ast, v: Inst, name: Symbol) -> ast::ExprId {
    let m = cx.m;
    let base = ast.name_sym(name);
    let Some((_, store, _)) = m.ty(v).and_then(|t| m.ptr_parts(t)) else {
        return ast.unary(UnaryOp::AddressOf, base);
    };
    if m.is_constructible(store) || m.is_handle_type(store) {
        return base;
    }
    if m.opcode(store) == Opcode::RuntimeArray {
        let p = ast.unary(UnaryOp::AddressOf, base);
        return ast.call("arrayLength", Vec::new(), vec![p]);
    }
    if m.opcode(store) == Opcode::Struct {
        let fields = m.struct_fields(store);
        let runtime = |f: Inst| m.ty(f).is_some_and(|t| m.opcode(t) == Opcode::RuntimeArray);
        let pick = match fields.last() {
            Some(&f) if runtime(f) => Some((fields.len() - 1, true)),
            _ => fields
                .iter()
                .position(|&f| m.ty(f).is_some_and(|t| m.is_constructible(t)))
                .map(|k| (k, false)),
        };
        if let Some((k, runtime)) = pick {
            if let Some(member) = cx.member_name(store, k) {
                let e = ast.member(base, member);
                if !runtime {
                    return e;
                }
                let p = ast.unary(UnaryOp::AddressOf, e);
                return ast.call("arrayLength", Vec::new(), vec![p]);
            }
        }
    }
    ast.unary(UnaryOp::AddressOf, base)
}

/// Whether a module-scope variable is bound by the pipeline (uniform, storage,
/// immediate or handle), and so part of an entry point's interface.
fn is_resource(m: &Module, v: Inst) -> bool {
    m.ty(v)
        .and_then(|t| m.ptr_parts(t))
        .is_some_and(|(space, _, _)| {
            matches!(
                space,
                AddressSpace::Uniform
                    | AddressSpace::Storage
                    | AddressSpace::Handle
                    | AddressSpace::Immediate
            )
        })
}

/// Every name a function's body mentions.
fn mentioned(module: &ast::Module, d: &ast::FnDecl) -> Set<Symbol> {
    let mut names = Set::default();
    let mut stmts: Vec<(ast::StmtId, u32)> = d.body.stmts.iter().map(|&s| (s, 0)).collect();
    let mut exprs: Vec<(ast::ExprId, u32)> = Vec::new();
    while let Some((s, _)) = stmts.pop() {
        exprs.clear();
        stmt_parts(&module.stmt(s).kind, &mut exprs, &mut stmts);
        for &(e, _) in &exprs {
            walk_names(module, e, &mut |n| {
                names.insert(n);
            });
        }
    }
    names
}

/// The functions (by index) that function `k` is or calls, directly or not.
fn reachable(k: usize, mentions: &[Set<Symbol>], func_of: &Map<Symbol, usize>) -> Vec<usize> {
    let mut seen = vec![false; mentions.len()];
    seen[k] = true;
    let mut todo = vec![k];
    let mut out = Vec::new();
    while let Some(f) = todo.pop() {
        out.push(f);
        for n in &mentions[f] {
            if let Some(&c) = func_of.get(n) {
                if !seen[c] {
                    seen[c] = true;
                    todo.push(c);
                }
            }
        }
    }
    out
}
