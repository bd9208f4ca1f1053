//! Module-scope declarations, in sema's dependency order: structures, `var`s with their
//! bindings, `override`s with their ids and defaults, and functions. `const`, `alias` and
//! `const_assert` emit nothing.

use super::{FnState, Lowerer, R};
use crate::ir::{InsertPoint, Opcode, Value};
use crate::sema::program::{DeclId, DeclInfo, EntryPoint, FnInfo, GlobalVar, OverrideInfo};
use crate::sema::types::AddressSpace;
use crate::syntax::ast::{self, ExprId, GlobalDeclKind};

impl Lowerer<'_, '_> {
    /// Lowers the whole module. Errors are collected in `self.diags`; a declaration that
    /// fails is left incomplete and the others are still lowered.
    pub(super) fn module(&mut self) {
        let p = self.p;
        let ast = self.ast;
        let mut entry_of: Vec<Option<&EntryPoint>> = vec![None; ast.decls.len()];
        for ep in &p.entry_points {
            if let Some(slot) = entry_of.get_mut(ep.decl.index()) {
                *slot = Some(ep);
            }
        }
        for &d in &p.order {
            let Some(decl) = ast.decls.get(d.index()) else {
                continue;
            };
            let span = decl.span;
            let r = match (&decl.kind, p.decl(d)) {
                (GlobalDeclKind::Struct(_), DeclInfo::Struct(t)) => self.ty(*t).map(|_| ()),
                (GlobalDeclKind::Var(v), DeclInfo::Var(info)) => {
                    self.at(span, |cx| cx.global_var(d, v, info))
                }
                (GlobalDeclKind::Override(o), DeclInfo::Override(info)) => {
                    self.at(span, |cx| cx.override_decl(d, o, info))
                }
                (GlobalDeclKind::Fn(f), DeclInfo::Fn(info)) => {
                    let ep = entry_of.get(d.index()).copied().flatten();
                    self.at(span, |cx| cx.function(d, f, info, ep))
                }
                (GlobalDeclKind::Const(_), _)
                | (GlobalDeclKind::Alias(_), _)
                | (GlobalDeclKind::ConstAssert(_), _) => Ok(()),
                _ => Err(self.internal(span, "a declaration sema did not check")),
            };
            // The error is in `self.diags`; carry on with the next declaration.
            let _ = r;
        }
    }

    /// An override-expression (or const-expression) evaluated at module scope: a
    /// constant, or pure instructions over `override`s placed at module scope.
    pub(super) fn module_expr(&mut self, e: ExprId) -> R<Value> {
        if let Some(v) = self.p.value(e) {
            return self.constant(v);
        }
        let at = self.b.insert_point();
        self.b.set_insert_point(InsertPoint::None);
        let outer = std::mem::replace(&mut self.module_scope, true);
        let r = self.expr(e);
        self.module_scope = outer;
        self.b.set_insert_point(at);
        r
    }

    fn global_var(&mut self, d: DeclId, v: &ast::VarDecl, info: &GlobalVar) -> R<()> {
        let store = self.ty(info.ty)?;
        let ptr = self.b.ty_ptr(
            super::types::space(info.space),
            store,
            super::types::access(info.access),
        );
        let init = match v.init {
            Some(e) => Some(self.module_expr(e)?),
            // WGSL zero-initializes private variables; say so.
            None if info.space == AddressSpace::Private => Some(self.b.zero(store)),
            None => None,
        };
        let name = self.name_of(v.name.name);
        let var = self.b.global_var(name, ptr, init);
        let span = self.ast.decls[d.index()].span;
        self.b.module.set_span(var.inst(), span);
        if let Some(rb) = info.binding {
            self.b
                .decorate_u32(var.inst(), Opcode::DecoGroup, &[rb.group]);
            self.b
                .decorate_u32(var.inst(), Opcode::DecoBinding, &[rb.binding]);
        }
        self.decls[d.index()] = Some(var.inst());
        Ok(())
    }

    fn override_decl(&mut self, d: DeclId, o: &ast::OverrideDecl, info: &OverrideInfo) -> R<()> {
        let ty = self.ty(info.ty)?;
        let init = match o.init {
            Some(e) => Some(self.module_expr(e)?),
            None => None,
        };
        let name = self.name_of(o.name.name);
        let v = self.b.override_const(name, ty, init);
        let span = self.ast.decls[d.index()].span;
        self.b.module.set_span(v.inst(), span);
        if let Some(id) = info.id {
            self.b.decorate_u32(v.inst(), Opcode::DecoId, &[id]);
        }
        self.decls[d.index()] = Some(v.inst());
        Ok(())
    }

    fn function(
        &mut self,
        d: DeclId,
        f: &ast::FnDecl,
        info: &FnInfo,
        ep: Option<&EntryPoint>,
    ) -> R<()> {
        let mut params = Vec::with_capacity(info.params.len());
        for &t in &info.params {
            params.push(self.ty(t)?);
        }
        let ret = match info.ret {
            Some(t) => self.ty(t)?,
            None => self.b.ty_void(),
        };
        let sizes = match ep {
            Some(ep) => Some(self.entry_sizes(f, ep)?),
            None => None,
        };
        let fn_ty = self.b.ty_fn(&params, ret);
        let name = self.name_of(f.name.name);
        let func = self.b.func(name, fn_ty);
        let span = self.ast.decls[d.index()].span;
        self.b.module.set_span(func.inst(), span);
        self.decls[d.index()] = Some(func.inst());
        let Some(entry) = self.b.module.entry_block(func) else {
            return Err(self.internal(span, "a function without an entry block"));
        };
        // The tables of the function before are emptied and reused: they hold about as
        // much for each function, and grow only while lowering the first few.
        let mut reached = std::mem::take(&mut self.f.reached);
        reached.clear();
        let mut names = std::mem::take(&mut self.f.names);
        names.clear();
        self.f = FnState {
            func: Some(func),
            cur: Some(entry),
            params: self.b.module.block_params(entry),
            reached,
            names,
            ..FnState::default()
        };
        for (k, param) in f.params.iter().enumerate() {
            let base = self.name_of(param.name.name);
            match self.f.params.get(k) {
                Some(&v) => {
                    self.set_unique_name(v.inst(), base);
                    self.b.module.set_span(v.inst(), param.span);
                }
                None => {
                    self.unique_name(base);
                }
            }
        }
        if let (Some(ep), Some(sizes)) = (ep, sizes) {
            self.entry_point(func, ep, sizes)?;
        }
        self.b.switch_to(entry);
        self.block(&f.body)?;
        if self.f.cur.is_some() {
            self.at(f.body.span, |cx| {
                if info.ret.is_none() {
                    cx.b.ret(None);
                } else {
                    // Sema's behaviour analysis proves this end unreachable.
                    cx.b.unreachable();
                }
            });
            self.f.cur = None;
        }
        Ok(())
    }
}
