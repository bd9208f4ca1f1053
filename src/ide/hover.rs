//! Hover and go to definition: what the name or expression under the cursor is.
//!
//! The cursor's target is found by one scan over the tree's arenas: every place a name is
//! written (a declaration's name, a parameter's, a member's, an identifier, a call's
//! callee, a member access's member) whose span holds the offset, else one that ends
//! exactly there (the cursor just after a word, as when typing), else the innermost
//! expression around the offset, of which only the type is told.

use super::{Analysis, Def, Kind, name_span};
use crate::diag::Span;
use crate::sema::program::{CallTarget, ExprClass, ExprSem};
use crate::sema::types::TypeKind;
use crate::syntax::ast::{ExprId, ExprKind, GlobalDeclKind, StmtKind};

/// What the cursor is on.
#[derive(Clone, Debug, PartialEq)]
pub struct Hover {
    /// The name or expression hovered.
    pub span: Span,
    pub kind: Kind,
    /// The declaration as WGSL text (one entry), or every overload of a builtin function.
    pub signatures: Vec<String>,
    /// The type of the value (a function's: its return type), when sema knows it.
    pub ty: Option<String>,
    /// One line about it, built from sema's tables (builtins, structure members).
    pub description: Option<String>,
    /// Where it is declared, for a user declaration.
    pub definition: Option<Span>,
}

/// A place a name is written.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// The name in a declaration.
    Def(Def),
    /// An identifier, a call's callee or a member access's member.
    Expr(ExprId),
}

impl Analysis {
    /// The name or expression at byte `offset`, with what it is.
    pub fn hover(&self, offset: u32) -> Option<Hover> {
        let offset = self.clamp(offset);
        if self.in_comment(offset) {
            return None;
        }
        match self.name_at(offset) {
            Some((span, Target::Def(def))) => Some(self.def_hover(span, def)),
            Some((span, Target::Expr(e))) => self
                .expr_def(e)
                .map(|def| self.def_hover(span, def))
                .or_else(|| self.expr_hover(span, e)),
            None => {
                let e = self.expr_at(offset)?;
                self.expr_hover(self.module.expr(e).span, e)
            }
        }
    }

    /// Where the name at byte `offset` is declared: the span of the declared name (a
    /// declaration's own name gives itself). `None` for builtins, predeclared names and
    /// anything that is not a name.
    pub fn definition(&self, offset: u32) -> Option<Span> {
        let offset = self.clamp(offset);
        if self.in_comment(offset) {
            return None;
        }
        let def = match self.name_at(offset)? {
            (_, Target::Def(def)) => def,
            (_, Target::Expr(e)) => self.expr_def(e)?,
        };
        self.def_span(def)
    }

    pub(crate) fn in_comment(&self, offset: u32) -> bool {
        self.module
            .comments
            .iter()
            .any(|c| c.span.start < offset && offset < c.span.end)
    }

    /// The written name holding `offset`, else the one ending there.
    fn name_at(&self, offset: u32) -> Option<(Span, Target)> {
        let mut holding: Option<(Span, Target)> = None;
        let mut ending: Option<(Span, Target)> = None;
        let mut consider = |span: Span, t: Target| {
            if span.start <= offset && offset < span.end {
                holding = Some((span, t));
            } else if span.end == offset && !span.is_empty() {
                ending = Some((span, t));
            }
        };
        for (i, d) in self.module.decls.iter().enumerate() {
            if !(d.span.start <= offset && offset <= d.span.end) {
                continue;
            }
            let id = crate::sema::program::DeclId::from_index(i);
            if let Some(name) = crate::sema::resolve::decl_name(&d.kind) {
                consider(name.span, Target::Def(Def::Global(id)));
            }
            match &d.kind {
                GlobalDeclKind::Fn(f) => {
                    for (k, p) in f.params.iter().enumerate() {
                        consider(p.name.span, Target::Def(Def::Param(id, k as u32)));
                    }
                }
                GlobalDeclKind::Struct(s) => {
                    let sid = self
                        .def_type(Def::Global(id))
                        .and_then(|t| self.struct_of(t));
                    for (k, m) in s.members.iter().enumerate() {
                        if let Some(sid) = sid {
                            consider(m.name.span, Target::Def(Def::Member(sid, k as u32)));
                        }
                    }
                }
                _ => {}
            }
        }
        for (i, s) in self.module.stmts.iter().enumerate() {
            let name = match &s.kind {
                StmtKind::Var(v) => v.name,
                StmtKind::Let(v) | StmtKind::Const(v) => v.name,
                _ => continue,
            };
            consider(
                name.span,
                Target::Def(Def::Local(crate::syntax::ast::StmtId::from_index(i))),
            );
        }
        for i in 0..self.module.exprs.len() {
            let e = ExprId::from_index(i);
            if let Some(span) = name_span(&self.module, e) {
                consider(span, Target::Expr(e));
            }
        }
        holding.or(ending)
    }

    /// The innermost expression holding `offset`.
    fn expr_at(&self, offset: u32) -> Option<ExprId> {
        let mut best: Option<(u32, ExprId)> = None;
        for (i, x) in self.module.exprs.iter().enumerate() {
            if x.span.start <= offset && offset < x.span.end && !x.span.is_detached() {
                let len = x.span.len();
                if best.is_none_or(|(l, _)| len < l) {
                    best = Some((len, ExprId::from_index(i)));
                }
            }
        }
        best.map(|(_, e)| e)
    }

    /// What an identifier, callee or member name denotes: sema's answer, else the
    /// scopes' for a name sema did not resolve.
    pub(crate) fn expr_def(&self, e: ExprId) -> Option<Def> {
        let at = self.module.expr(e).span.start;
        let by_name = |sym| self.lookup(sym, at);
        match (&self.module.expr(e).kind, self.program.sem(e)) {
            (ExprKind::Ident(_), ExprSem::Name(n)) => self.def_of_name(n, at),
            (ExprKind::Ident(ie), ExprSem::None) => by_name(ie.ident.name),
            (ExprKind::Call { .. }, ExprSem::Call(CallTarget::Function(d))) => Some(Def::Global(d)),
            (ExprKind::Call { .. }, ExprSem::Call(CallTarget::Builtin { func, .. })) => {
                Some(Def::Builtin(func))
            }
            (ExprKind::Call { .. }, ExprSem::Call(CallTarget::Constructor)) => {
                // A structure's constructor: the structure; a predeclared type's: nothing.
                let sid = self.program.type_of(e).and_then(|t| self.struct_of(t))?;
                let decl = self.program.types.struct_def(sid).decl?;
                Some(Def::Global(crate::sema::program::DeclId::from_index(decl)))
            }
            (ExprKind::Call { callee, .. }, _) => by_name(callee.ident.name),
            (ExprKind::Member { base, .. }, ExprSem::Member(i)) => {
                let sid = self
                    .program
                    .type_of(*base)
                    .and_then(|t| self.struct_of(t))?;
                Some(Def::Member(sid, i))
            }
            _ => None,
        }
    }

    fn def_hover(&self, span: Span, def: Def) -> Hover {
        Hover {
            span,
            kind: self.def_kind(def),
            signatures: self.def_signatures(def),
            ty: self.def_type(def).map(|t| self.type_name(t)),
            description: self.def_description(def),
            definition: self.def_span(def),
        }
    }

    /// A hover from the expression's type alone: a type, an enumerant, a swizzle, a
    /// literal or an operation.
    fn expr_hover(&self, span: Span, e: ExprId) -> Option<Hover> {
        let info = self.program.expr(e);
        let ty = self.program.type_of(e);
        let name = || self.text(span).to_string();
        let (kind, signature) = match (info.class, self.program.sem(e)) {
            (ExprClass::Type, _) => {
                let t = ty?;
                // A structure or an alias named here is hovered as its declaration.
                (Kind::Type, self.type_name(t))
            }
            (ExprClass::Enumerant(_), _) => (Kind::Enumerant, name()),
            (_, ExprSem::Swizzle(_)) => (Kind::Swizzle, name()),
            (ExprClass::Value, _) => (
                Kind::Expression,
                self.text(self.module.expr(e).span).to_string(),
            ),
            _ => return None,
        };
        let ty = ty.map(|t| {
            let types = &self.program.types;
            match types.kind(t) {
                TypeKind::Ref { store, .. } => self.type_name(store),
                _ => self.type_name(t),
            }
        });
        Some(Hover {
            span,
            kind,
            signatures: vec![signature],
            ty,
            description: None,
            definition: None,
        })
    }
}
