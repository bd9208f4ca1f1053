//! Expressions: literals, names, member and index access, unary and binary operators
//! (§"Expressions"). Calls are in [`super::calls`].
//!
//! Memory views follow the spec's reference rules: a name of a `var` is a reference,
//! `*p` turns a pointer into a reference, and member, swizzle and index access on a
//! reference (or, by `pointer_composite_access`, on a pointer) give references. A
//! multi-component swizzle of a memory view reads the vector, so it is a value.

use super::Checker;
use super::types::type_info;
use crate::diag::{Diagnostic, codes};
use crate::sema::builtins::operators::{binary_overloads, resolve_binary, resolve_unary};
use crate::sema::builtins::{Arg, ResolveError};
use crate::sema::consteval::{self, EvalError, Value};
use crate::sema::program::{
    DeclInfo, EvalStage, ExprClass, ExprInfo, ExprSem, LocalKind, Name, Swizzle,
};
use crate::sema::resolve::{Predeclared, Resolved};
use crate::sema::types::{Access, AddressSpace, ArraySize, Scalar, TypeId, TypeKind};
use crate::syntax::ast::{
    BinaryOp, ExprId, ExprKind, FloatSuffix, Ident, IdentExpr, IntSuffix, Literal, LiteralValue,
    UnaryOp,
};

pub(crate) fn value_info(ty: TypeId, stage: EvalStage) -> ExprInfo {
    ExprInfo {
        class: ExprClass::Value,
        ty: Some(ty),
        stage,
        loaded: false,
    }
}

impl Checker<'_> {
    /// Checks an expression in any position, records and returns what it is.
    pub(crate) fn expr(&mut self, e: ExprId) -> ExprInfo {
        let m = self.m;
        let info = match &m.expr(e).kind {
            ExprKind::Literal(l) => self.literal(e, l),
            ExprKind::Ident(ie) => self.ident(e, ie),
            ExprKind::Call { callee, args } => self.call(e, callee, args, false),
            ExprKind::Paren(inner) => {
                let info = self.expr(*inner);
                if let Some(v) = self.value_of(*inner) {
                    self.set_value(e, v);
                }
                ExprInfo {
                    loaded: false,
                    ..info
                }
            }
            ExprKind::Member { base, member } => self.member(e, *base, *member),
            ExprKind::Index { base, index } => self.index(e, *base, *index),
            ExprKind::Unary { op, operand } => self.unary(e, *op, *operand),
            ExprKind::Binary { op, lhs, rhs } => self.binary(e, *op, *lhs, *rhs),
        };
        self.set(e, info)
    }

    fn literal(&mut self, e: ExprId, l: &Literal) -> ExprInfo {
        let (v, s) = match l.value {
            LiteralValue::Bool(b) => (Value::Bool(b), Scalar::Bool),
            LiteralValue::Int { value, suffix } => match suffix {
                IntSuffix::None => (Value::AbstractInt(value as i64), Scalar::AbstractInt),
                IntSuffix::I => (Value::I32(value as i32), Scalar::I32),
                IntSuffix::U => (Value::U32(value as u32), Scalar::U32),
            },
            LiteralValue::Float { value, suffix } => match suffix {
                FloatSuffix::None => (Value::AbstractFloat(value), Scalar::AbstractFloat),
                FloatSuffix::F => (Value::F32(value as f32), Scalar::F32),
                FloatSuffix::H => {
                    self.require_f16(self.span(e));
                    (Value::F16(half::f16::from_f64(value)), Scalar::F16)
                }
            },
        };
        self.set_value(e, v);
        value_info(self.p.types.scalar(s), EvalStage::Const)
    }

    fn ident(&mut self, e: ExprId, ie: &IdentExpr) -> ExprInfo {
        let Some(r) = self.res.names[e.index()] else {
            if let Some(t) = ie.template_list() {
                self.check_all(t);
            }
            return ExprInfo::ERROR;
        };
        let templates = ie.template_list();
        match r {
            Resolved::Predeclared(p) => {
                self.p.sems[e.index()] = ExprSem::Name(Name::Predeclared);
                match p {
                    Predeclared::Type(kind) => {
                        let name = self.sym(ie.ident.name);
                        self.predeclared_type(self.span(e), name, kind, templates)
                    }
                    Predeclared::Generator(g) => {
                        let name = self.sym(ie.ident.name);
                        self.generator_type(self.span(e), name, g, templates)
                    }
                    Predeclared::Builtin(f) => {
                        self.p.sems[e.index()] = ExprSem::Name(Name::Builtin(f));
                        if let Some(t) = templates {
                            self.check_all(t);
                        }
                        self.report(
                            Diagnostic::error(
                                codes::NOT_A_VALUE,
                                format!("builtin function `{}` must be called", f.name()),
                            )
                            .with_primary(self.span(e), "not called")
                            .with_note(format!("call it as `{}(…)`", f.name())),
                        );
                        ExprInfo::ERROR
                    }
                    Predeclared::Enumerant(en) => {
                        if !self.no_templates(e, ie.ident, templates) {
                            return ExprInfo::ERROR;
                        }
                        ExprInfo {
                            class: ExprClass::Enumerant(en),
                            ty: None,
                            stage: EvalStage::Const,
                            loaded: false,
                        }
                    }
                }
            }
            Resolved::Name(n) => {
                self.p.sems[e.index()] = ExprSem::Name(n);
                if !self.no_templates(e, ie.ident, templates) {
                    return ExprInfo::ERROR;
                }
                match n {
                    Name::Local(s) => self.local_ref(e, s),
                    Name::Param(i) => match self.f.params.get(i as usize).copied().flatten() {
                        Some(ty) => value_info(ty, EvalStage::Runtime),
                        None => ExprInfo::ERROR,
                    },
                    Name::Global(d) => self.global_ref(e, d, ie.ident),
                    Name::Predeclared | Name::Builtin(_) => ExprInfo::ERROR,
                }
            }
        }
    }

    fn no_templates(&mut self, e: ExprId, ident: Ident, templates: Option<&[ExprId]>) -> bool {
        let Some(t) = templates else {
            return true;
        };
        self.check_all(t);
        let name = self.sym(ident.name);
        self.error(
            codes::TEMPLATE_ARGUMENTS,
            self.span(e),
            format!("`{name}` takes no template arguments"),
            "unexpected template list",
        );
        false
    }

    fn local_ref(&mut self, e: ExprId, s: crate::syntax::ast::StmtId) -> ExprInfo {
        let Some(local) = &self.p.locals[s.index()] else {
            return ExprInfo::ERROR;
        };
        let (kind, ty) = (local.kind, local.ty);
        match kind {
            LocalKind::Var => {
                let r = self
                    .p
                    .types
                    .reference(AddressSpace::Function, ty, Access::ReadWrite);
                value_info(r, EvalStage::Runtime)
            }
            LocalKind::Let => value_info(ty, EvalStage::Runtime),
            LocalKind::Const => {
                let v = self.p.locals[s.index()]
                    .as_ref()
                    .and_then(|l| l.value.clone());
                if let Some(v) = v {
                    self.set_value(e, v);
                }
                value_info(ty, EvalStage::Const)
            }
        }
    }

    fn global_ref(&mut self, e: ExprId, d: crate::sema::program::DeclId, ident: Ident) -> ExprInfo {
        match &self.p.decls[d.index()] {
            DeclInfo::Var(v) => {
                let (space, ty, access) = (v.space, v.ty, v.access);
                self.note_global_use(d, ident.span);
                let r = self.p.types.reference(space, ty, access);
                value_info(r, EvalStage::Runtime)
            }
            DeclInfo::Const { ty, value } => {
                let (ty, value) = (*ty, value.clone());
                self.set_value(e, value);
                value_info(ty, EvalStage::Const)
            }
            DeclInfo::Override(o) => {
                let ty = o.ty;
                self.note_global_use(d, ident.span);
                value_info(ty, EvalStage::Override)
            }
            DeclInfo::Alias(ty) | DeclInfo::Struct(ty) => type_info(*ty),
            DeclInfo::Fn(_) => {
                let name = self.sym(ident.name);
                self.report(
                    self.error_declared_here(
                        codes::NOT_A_VALUE,
                        format!("function `{name}` cannot be used as a value"),
                        ident.span,
                        "not called",
                        d,
                        name,
                    )
                    .with_note(format!("call it as `{name}(…)`")),
                );
                ExprInfo::ERROR
            }
            DeclInfo::ConstAssert | DeclInfo::Error => ExprInfo::ERROR,
        }
    }

    // ---- Member access ---------------------------------------------------------------

    fn member(&mut self, e: ExprId, base: ExprId, member: Ident) -> ExprInfo {
        let bi = self.expr(base);
        match bi.class {
            ExprClass::Value => {}
            ExprClass::Error => return ExprInfo::ERROR,
            _ => {
                self.use_as_value(base, bi);
                return ExprInfo::ERROR;
            }
        }
        let Some(bty) = bi.ty else {
            return ExprInfo::ERROR;
        };
        let name = self.sym(member.name);
        // A memory view (reference, or pointer with `pointer_composite_access`).
        let view = match self.p.types.kind(bty) {
            TypeKind::Ref {
                space,
                store,
                access,
            }
            | TypeKind::Ptr {
                space,
                store,
                access,
            } => Some((space, store, access)),
            _ => None,
        };
        let target = view.map_or(bty, |(_, store, _)| store);
        match self.p.types.kind(target) {
            TypeKind::Struct(id) => {
                let def = self.p.types.struct_def(id);
                let Some((index, m)) = def.member(name) else {
                    let sname = def.name.clone();
                    let n_members = def.members.len();
                    let members = crate::sema::quoted_list(
                        &mut def.members.iter().map(|m| m.name.as_str()),
                        ", ",
                    );
                    let decl_span = def.span;
                    let mut d = Diagnostic::error(
                        codes::NO_SUCH_MEMBER,
                        format!("structure `{sname}` has no member `{name}`"),
                    )
                    .with_primary(member.span, "unknown member");
                    if !decl_span.is_detached() {
                        d = d.with_secondary(decl_span, format!("`{sname}` is declared here"));
                    }
                    if n_members <= 12 {
                        d = d.with_note(format!("its members are {members}"));
                    }
                    self.report(d);
                    return ExprInfo::ERROR;
                };
                let mty = m.ty;
                self.p.sems[e.index()] = ExprSem::Member(index as u32);
                match view {
                    Some((space, _, access)) => {
                        let r = self.p.types.reference(space, mty, access);
                        value_info(r, EvalStage::Runtime)
                    }
                    None => {
                        if let Some(v) = self.value_of(base) {
                            if let Some(c) = v.components().get(index) {
                                self.set_value(e, c.clone());
                            }
                        }
                        value_info(mty, bi.stage)
                    }
                }
            }
            TypeKind::Vector { size, scalar } => {
                let Some(swz) = self.swizzle(member, size) else {
                    return ExprInfo::ERROR;
                };
                self.p.sems[e.index()] = ExprSem::Swizzle(swz);
                let result = self.p.types.scalar_or_vector(swz.len, scalar);
                match view {
                    Some((space, _, access)) if swz.len == 1 => {
                        let r = self.p.types.reference(space, result, access);
                        value_info(r, EvalStage::Runtime)
                    }
                    Some((_, store, access)) => {
                        // A multi-component swizzle reads the whole vector.
                        if !access.can_read() {
                            self.error(
                                codes::ACCESS_MODE,
                                self.span(base),
                                "cannot read from a `write`-only memory view".to_string(),
                                "read by this swizzle",
                            );
                            return ExprInfo::ERROR;
                        }
                        if matches!(self.p.types.kind(bty), TypeKind::Ref { .. }) {
                            self.p.exprs[base.index()].loaded = true;
                        }
                        self.note_access(base, true, false);
                        let _ = store;
                        value_info(result, EvalStage::Runtime)
                    }
                    None => {
                        if let Some(v) = self.value_of(base) {
                            let picks = swz.components();
                            if v.components().len() == usize::from(size) {
                                let sv = consteval::swizzle(&v, picks, result);
                                self.set_value(e, sv);
                            }
                        }
                        value_info(result, bi.stage)
                    }
                }
            }
            _ => {
                let shown = self.tn(target);
                let mut d = Diagnostic::error(
                    codes::NO_SUCH_MEMBER,
                    format!("`{shown}` has no member `{name}`"),
                )
                .with_primary(member.span, "unknown member");
                if let TypeKind::Ptr { store, .. } = self.p.types.kind(bty) {
                    d = d.with_note(format!(
                        "`{}` is a pointer to `{}`",
                        self.tn(bty),
                        self.tn(store)
                    ));
                } else {
                    d = d.with_note("only structures have members and only vectors have swizzles");
                }
                self.report(d);
                ExprInfo::ERROR
            }
        }
    }

    /// Parses a swizzle name for a vector of `size` components.
    fn swizzle(&mut self, member: Ident, size: u8) -> Option<Swizzle> {
        let text = self.sym(member.name);
        let bytes = text.as_bytes();
        let mut comps = [0u8; 4];
        let mut set: Option<bool> = None; // true: xyzw, false: rgba
        let bad = |s: &mut Self, why: String| {
            s.report(
                Diagnostic::error(codes::INVALID_SWIZZLE, why)
                    .with_primary(member.span, "invalid swizzle"),
            );
            None
        };
        if bytes.is_empty() || bytes.len() > 4 {
            return bad(
                self,
                format!("`{text}` is not a swizzle: a swizzle has 1 to 4 components"),
            );
        }
        for (i, &b) in bytes.iter().enumerate() {
            let (c, xyzw) = match b {
                b'x' => (0, true),
                b'y' => (1, true),
                b'z' => (2, true),
                b'w' => (3, true),
                b'r' => (0, false),
                b'g' => (1, false),
                b'b' => (2, false),
                b'a' => (3, false),
                _ => {
                    return bad(
                        self,
                        format!(
                            "`{text}` is not a member of a vector: swizzles use the letters `xyzw` or `rgba`"
                        ),
                    );
                }
            };
            if *set.get_or_insert(xyzw) != xyzw {
                return bad(
                    self,
                    format!("swizzle `{text}` mixes the `xyzw` and `rgba` letter sets"),
                );
            }
            if c >= size {
                return bad(
                    self,
                    format!(
                        "swizzle `{text}` selects component `{}` of a vector with {size} components",
                        b as char
                    ),
                );
            }
            comps[i] = c;
        }
        Some(Swizzle {
            len: bytes.len() as u8,
            components: comps,
        })
    }

    // ---- Indexing --------------------------------------------------------------------

    fn index(&mut self, e: ExprId, base: ExprId, index: ExprId) -> ExprInfo {
        let bi = self.expr(base);
        let idx = self.rvalue(index);
        match bi.class {
            ExprClass::Value => {}
            ExprClass::Error => return ExprInfo::ERROR,
            _ => {
                self.use_as_value(base, bi);
                return ExprInfo::ERROR;
            }
        }
        let (Some(bty), Some((ity, istage))) = (bi.ty, idx) else {
            return ExprInfo::ERROR;
        };
        if !matches!(self.p.types.kind(ity), TypeKind::Scalar(s) if s.is_integer()) {
            self.error(
                codes::INVALID_INDEX,
                self.span(index),
                format!(
                    "an index must be an integer, but this is `{}`",
                    self.tn(ity)
                ),
                "not an integer",
            );
            return ExprInfo::ERROR;
        }
        let view = match self.p.types.kind(bty) {
            TypeKind::Ref {
                space,
                store,
                access,
            }
            | TypeKind::Ptr {
                space,
                store,
                access,
            } => Some((space, store, access)),
            _ => None,
        };
        let target = view.map_or(bty, |(_, store, _)| store);
        let (elem, count) = match self.p.types.kind(target) {
            TypeKind::Vector { size, scalar } => {
                (self.p.types.scalar(scalar), Some(u64::from(size)))
            }
            TypeKind::Matrix { cols, rows, scalar } => {
                (self.p.types.vector(rows, scalar), Some(u64::from(cols)))
            }
            TypeKind::Array { elem, size } => (
                elem,
                match size {
                    ArraySize::Const(n) => Some(u64::from(n)),
                    _ => None,
                },
            ),
            _ => {
                let shown = self.tn(target);
                let mut d =
                    Diagnostic::error(codes::INVALID_INDEX, format!("`{shown}` cannot be indexed"))
                        .with_primary(self.span(base), format!("`{shown}`"));
                d = d.with_note("only vectors, matrices and arrays can be indexed");
                self.report(d);
                return ExprInfo::ERROR;
            }
        };
        // Abstract composites keep abstract indices only when everything is constant.
        let all_const =
            istage == EvalStage::Const && bi.stage == EvalStage::Const && view.is_none();
        if !all_const {
            self.concretize_expr(index, ity);
        }
        // Constant index checks.
        let ivalue = if istage == EvalStage::Const {
            self.value_of(index).and_then(|v| v.as_i64())
        } else {
            None
        };
        if let Some(i) = ivalue {
            let out = i < 0 || count.is_some_and(|n| i as u64 >= n);
            if out {
                let msg = match count {
                    Some(n) => format!(
                        "index {i} is out of bounds for `{}`, which has {n} element{}",
                        self.tn(target),
                        if n == 1 { "" } else { "s" }
                    ),
                    None => format!("index {i} is negative"),
                };
                if self.quiet_eval == 0 {
                    self.report(
                        Diagnostic::error(codes::CONST_INDEX_OUT_OF_BOUNDS, msg)
                            .with_primary(self.span(index), "out of bounds"),
                    );
                }
                return ExprInfo::ERROR;
            }
        }
        match view {
            Some((space, _, access)) => {
                let r = self.p.types.reference(space, elem, access);
                value_info(r, EvalStage::Runtime)
            }
            None => {
                let stage = bi.stage.max(istage);
                let mut elem = elem;
                if istage != EvalStage::Const && self.p.types.is_abstract(bty) {
                    let c = self.concretize_expr(base, bty);
                    elem = self.p.types.element_of(c).unwrap_or(elem);
                }
                if stage == EvalStage::Const {
                    if let (Some(v), Some(i)) = (self.value_of(base), ivalue) {
                        match consteval::index(&mut self.p.types, &v, i) {
                            Ok(x) => self.set_value(e, x),
                            Err(err) => self.eval_error(self.span(index), err),
                        }
                    }
                }
                value_info(elem, stage)
            }
        }
    }

    // ---- Operators -------------------------------------------------------------------

    fn unary(&mut self, e: ExprId, op: UnaryOp, operand: ExprId) -> ExprInfo {
        match op {
            UnaryOp::AddressOf => return self.address_of(operand),
            UnaryOp::Deref => {
                let Some((ty, _)) = self.rvalue(operand) else {
                    return ExprInfo::ERROR;
                };
                return match self.p.types.kind(ty) {
                    TypeKind::Ptr {
                        space,
                        store,
                        access,
                    } => value_info(
                        self.p.types.reference(space, store, access),
                        EvalStage::Runtime,
                    ),
                    _ => {
                        self.report(
                            Diagnostic::error(
                                codes::INVALID_DEREF,
                                format!(
                                    "cannot dereference `{}`, which is not a pointer",
                                    self.tn(ty)
                                ),
                            )
                            .with_primary(self.span(e), "`*` needs a pointer"),
                        );
                        ExprInfo::ERROR
                    }
                };
            }
            _ => {}
        }
        let Some((ty, stage)) = self.rvalue(operand) else {
            return ExprInfo::ERROR;
        };
        let arg = Arg {
            ty,
            is_const: stage == EvalStage::Const,
        };
        let r = match resolve_unary(&mut self.p.types, op, arg) {
            Ok(r) => r,
            Err(_) => {
                let what = match op {
                    UnaryOp::Negate => {
                        "negation `-` applies to signed integers and floating point numbers"
                    }
                    UnaryOp::Not => "`!` applies to `bool` and vectors of `bool`",
                    _ => "`~` applies to integers and vectors of integers",
                };
                let mut d = Diagnostic::error(
                    codes::NO_MATCHING_OVERLOAD,
                    format!("no operator `{}` for `{}`", op.as_str(), self.tn(ty)),
                )
                .with_primary(self.span(e), "invalid operand")
                .with_note(what);
                if op == UnaryOp::Negate && self.p.types.scalar_of(ty) == Some(Scalar::U32) {
                    d = d.with_note(
                        "`u32` values cannot be negated; use `i32`, or `0u - x` for wrapping",
                    );
                }
                self.report(d);
                return ExprInfo::ERROR;
            }
        };
        let param = r.params[0];
        let ret = r.ret.unwrap_or(param);
        if !self.materialize(operand, param) {
            return ExprInfo::ERROR;
        }
        if stage == EvalStage::Const {
            if let Some(v) = self.value_of(operand) {
                match consteval::eval_unary(&mut self.p.types, op, &v, ret) {
                    Ok(x) => self.set_value(e, x),
                    Err(err) => self.eval_error(self.span(e), err),
                }
            }
        }
        value_info(ret, stage)
    }

    fn address_of(&mut self, operand: ExprId) -> ExprInfo {
        let info = self.expr(operand);
        if info.class != ExprClass::Value {
            if info.class != ExprClass::Error {
                self.use_as_value(operand, info);
            }
            return ExprInfo::ERROR;
        }
        let Some(ty) = info.ty else {
            return ExprInfo::ERROR;
        };
        let TypeKind::Ref {
            space,
            store,
            access,
        } = self.p.types.kind(ty)
        else {
            let what = if matches!(self.p.types.kind(ty), TypeKind::Ptr { .. }) {
                "it is already a pointer"
            } else {
                "only variables and parts of them have an address"
            };
            self.report(
                Diagnostic::error(
                    codes::INVALID_ADDRESS_OF,
                    format!(
                        "cannot take the address of a value of type `{}`",
                        self.tn(ty)
                    ),
                )
                .with_primary(self.span(operand), "not a memory view")
                .with_note(what),
            );
            return ExprInfo::ERROR;
        };
        if space == AddressSpace::Handle {
            self.report(
                Diagnostic::error(
                    codes::INVALID_ADDRESS_OF,
                    format!("cannot take the address of `{}`", self.tn(store)),
                )
                .with_primary(self.span(operand), "a texture or sampler variable")
                .with_note("textures and samplers live in the `handle` address space, which has no pointers"),
            );
            return ExprInfo::ERROR;
        }
        if self.is_vector_component(operand) {
            self.report(
                Diagnostic::error(
                    codes::INVALID_ADDRESS_OF,
                    "cannot take the address of a vector component",
                )
                .with_primary(self.span(operand), "a vector component")
                .with_note("take the address of the whole vector instead"),
            );
            return ExprInfo::ERROR;
        }
        value_info(self.p.types.ptr(space, store, access), EvalStage::Runtime)
    }

    /// Whether a memory view expression denotes one component of a vector.
    fn is_vector_component(&self, e: ExprId) -> bool {
        let e = self.strip_parens(e);
        let base = match self.m.expr(e).kind {
            ExprKind::Member { base, .. } | ExprKind::Index { base, .. } => base,
            _ => return false,
        };
        let Some(bty) = self.p.exprs[base.index()].ty else {
            return false;
        };
        let store = self.p.types.store_type(bty).unwrap_or(bty);
        matches!(self.p.types.kind(store), TypeKind::Vector { .. })
    }

    fn binary(&mut self, e: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> ExprInfo {
        let l = self.rvalue(lhs);
        // The right side of a short-circuited `&&` / `||` is not evaluated.
        let short = matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr)
            && l.is_some_and(|(_, s)| s == EvalStage::Const)
            && self.value_of(lhs).and_then(|v| v.as_bool()) == Some(op == BinaryOp::LogicalOr);
        if short {
            self.quiet_eval += 1;
        }
        let r = self.rvalue(rhs);
        if short {
            self.quiet_eval -= 1;
        }
        let (Some((lt, ls)), Some((rt, rs))) = (l, r) else {
            return ExprInfo::ERROR;
        };
        let stage = ls.max(rs);
        let args = [
            Arg {
                ty: lt,
                is_const: ls == EvalStage::Const,
            },
            Arg {
                ty: rt,
                is_const: rs == EvalStage::Const,
            },
        ];
        let resolved = match resolve_binary(&mut self.p.types, op, args[0], args[1]) {
            Ok(r) => r,
            Err(err) => {
                self.report_binary_mismatch(e, op, lhs, rhs, lt, rt, err);
                return ExprInfo::ERROR;
            }
        };
        let ret = resolved.ret.unwrap_or(lt);
        if !self.materialize(lhs, resolved.params[0]) | !self.materialize(rhs, resolved.params[1]) {
            return ExprInfo::ERROR;
        }
        if stage == EvalStage::Const {
            if short {
                let v = Value::Bool(op == BinaryOp::LogicalOr);
                self.set_value(e, v);
            } else if let (Some(a), Some(b)) = (self.value_of(lhs), self.value_of(rhs)) {
                match consteval::eval_binary(&mut self.p.types, op, &a, &b, ret) {
                    Ok(x) => self.set_value(e, x),
                    Err(err) => self.eval_error(self.span(e), err),
                }
            }
        } else if rs == EvalStage::Const {
            self.check_const_rhs(op, rhs, resolved.params[0]);
        }
        value_info(ret, stage)
    }

    /// The errors the spec gives for a runtime left operand and a constant right operand:
    /// integer division by zero and shifts by at least the bit width.
    pub(crate) fn check_const_rhs(&mut self, op: BinaryOp, rhs: ExprId, lhs_ty: TypeId) {
        let Some(v) = self.value_of(rhs) else {
            return;
        };
        let Some(s) = self.p.types.scalar_of(lhs_ty) else {
            return;
        };
        let scalars = v.scalars();
        let err = match op {
            BinaryOp::Div | BinaryOp::Rem if s.is_integer() => scalars
                .iter()
                .any(|x| x.as_i64() == Some(0))
                .then(|| EvalError::new(codes::CONST_DIVISION_BY_ZERO, "integer division by zero")),
            BinaryOp::ShiftLeft | BinaryOp::ShiftRight if !s.is_abstract() => {
                let width = i64::from(s.bit_width());
                scalars
                    .iter()
                    .filter_map(|x| x.as_i64())
                    .find(|&n| n >= width)
                    .map(|n| {
                        EvalError::new(
                            codes::CONST_SHIFT,
                            format!(
                                "shift amount {n} is not less than the bit width {width} of `{}`",
                                s.name()
                            ),
                        )
                    })
            }
            _ => None,
        };
        if let Some(err) = err {
            self.eval_error(self.span(rhs), err);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn report_binary_mismatch(
        &mut self,
        e: ExprId,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
        lt: TypeId,
        rt: TypeId,
        err: ResolveError,
    ) {
        let (l, r) = (self.tn(lt), self.tn(rt));
        let message = match err {
            ResolveError::Ambiguous(_) => {
                format!(
                    "operator `{}` is ambiguous for `{l}` and `{r}`",
                    op.as_str()
                )
            }
            ResolveError::NoMatch => {
                format!("no operator `{}` for `{l}` and `{r}`", op.as_str())
            }
        };
        let op_span = self.op_span(e, op, lhs, rhs);
        let mut d = Diagnostic::error(codes::NO_MATCHING_OVERLOAD, message)
            .with_primary(op_span, "operator used here")
            .with_secondary(self.span(lhs), format!("`{l}`"))
            .with_secondary(self.span(rhs), format!("`{r}`"));
        let t = &self.p.types;
        let (ls, rs) = (t.scalar_of(lt), t.scalar_of(rt));
        if let (Some(a), Some(b)) = (ls, rs) {
            if a != b && !a.is_abstract() && !b.is_abstract() {
                d = d.with_note(format!(
                    "WGSL does not convert between `{}` and `{}` implicitly; convert one side, e.g. `{}(…)`",
                    a.name(),
                    b.name(),
                    a.name()
                ));
            }
        }
        if matches!(op, BinaryOp::ShiftLeft | BinaryOp::ShiftRight) {
            d = d.with_note("the shift amount must be `u32` (or a vector of `u32`)");
        }
        if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
            d = d.with_note("`&&` and `||` take `bool` operands; for vectors use `&` and `|`");
        }
        let _ = binary_overloads(op);
        self.report(d);
    }

    /// The span of a binary operator's token: between its operands.
    fn op_span(&self, e: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> crate::diag::Span {
        let (l, r) = (self.span(lhs), self.span(rhs));
        let text = op.as_str();
        if l.end <= r.start {
            if let Some(between) = self.src.get(l.range().end..r.range().start) {
                if let Some(i) = between.find(text) {
                    let start = l.end + i as u32;
                    return crate::diag::Span::new(start, start + text.len() as u32);
                }
            }
        }
        self.span(e)
    }
}
