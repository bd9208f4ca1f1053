//! Expressions: one instruction per operation, operands left to right.
//!
//! An expression with a constant value is that constant. Otherwise a memory view
//! (reference) lowers to a pointer: the `var`, the pointer parameter or `let`, or an
//! `access` chain from it; `&` and `*` convert between references and pointers, which
//! the IR does not tell apart, so they emit nothing. Where sema marked the Load Rule, the
//! pointer is loaded. Member, swizzle and index access on a value use `extract` and
//! `swizzle`; on a memory view, `access`.
//!
//! ```text
//!   a && b        ^h: %a = …; if_else %a, ^rhs, ^short, merge ^m
//!                 ^rhs: %b = …; br ^m(%b)      ^short: br ^m(false)
//!                 ^m(%r: bool): …
//! ```
//!
//! At module scope (override-expressions) there are no blocks, so `&&` and `||` are the
//! plain `and` and `or` of their operands, which have no side effects there.

use super::{Lowerer, R};
use crate::ir::types::Scalar as IrScalar;
use crate::ir::{Func, Opcode, Value};
use crate::sema::program::{CallTarget, ExprSem, Name};
use crate::sema::types::{ArraySize, TypeId, TypeKind};
use crate::syntax::ast::{BinaryOp, ExprId, ExprKind, GlobalDeclKind, UnaryOp};

/// The IR opcode of a binary operator; `None` for the short-circuit operators.
pub(super) fn binary_opcode(op: BinaryOp) -> Option<Opcode> {
    Some(match op {
        BinaryOp::Add => Opcode::Add,
        BinaryOp::Sub => Opcode::Sub,
        BinaryOp::Mul => Opcode::Mul,
        BinaryOp::Div => Opcode::Div,
        BinaryOp::Rem => Opcode::Rem,
        BinaryOp::And => Opcode::And,
        BinaryOp::Or => Opcode::Or,
        BinaryOp::Xor => Opcode::Xor,
        BinaryOp::ShiftLeft => Opcode::Shl,
        BinaryOp::ShiftRight => Opcode::Shr,
        BinaryOp::Equal => Opcode::Eq,
        BinaryOp::NotEqual => Opcode::Ne,
        BinaryOp::Less => Opcode::Lt,
        BinaryOp::LessEqual => Opcode::Le,
        BinaryOp::Greater => Opcode::Gt,
        BinaryOp::GreaterEqual => Opcode::Ge,
        BinaryOp::LogicalAnd | BinaryOp::LogicalOr => return None,
    })
}

impl Lowerer<'_, '_> {
    /// Lowers an expression to the value its context reads: a constant if it has one,
    /// a pointer for a memory view the context does not load.
    pub(super) fn expr(&mut self, e: ExprId) -> R<Value> {
        if let Some(v) = self.p.value(e) {
            let c = self.constant(v)?;
            self.name_module_constant(e, c);
            return Ok(c);
        }
        let prev = self.b.set_span(self.expr_span(e));
        let r = self.expr_uncached(e);
        self.b.set_span(prev);
        r
    }

    fn expr_uncached(&mut self, e: ExprId) -> R<Value> {
        let raw = match &self.ast.expr(e).kind {
            ExprKind::Ident(_) => self.ident(e)?,
            ExprKind::Call { args, .. } => self.call(e, args)?,
            ExprKind::Paren(inner) => self.expr(*inner)?,
            ExprKind::Member { base, .. } => self.member(e, *base)?,
            ExprKind::Index { base, index } => self.index(e, *base, *index)?,
            ExprKind::Unary { op, operand } => self.unary(e, *op, *operand)?,
            ExprKind::Binary { op, lhs, rhs } => self.binary(e, *op, *lhs, *rhs)?,
            ExprKind::Literal(_) => {
                return Err(self.internal(self.expr_span(e), "a literal without a value"));
            }
        };
        if !self.p.expr(e).loaded {
            return Ok(raw);
        }
        let Some(t) = self.p.value_type(e) else {
            return Err(self.internal(self.expr_span(e), "a load of an untyped expression"));
        };
        let t = self.ty(t)?;
        Ok(self.b.value(Opcode::Load, t, &[raw]))
    }

    /// Gives a composite constant the name of the module-scope `const` that `e` reads, so
    /// the round-tripped WGSL declares `const POSITIONS = …` rather than `const c = …`.
    /// Constants are hash-consed, so equal values share one instruction and its first
    /// name; scalars are written inline and keep no name.
    fn name_module_constant(&mut self, e: ExprId, c: Value) {
        let ExprSem::Name(Name::Global(d)) = self.p.sem(e) else {
            return;
        };
        let Some(GlobalDeclKind::Const(decl)) = self.ast.decls.get(d.index()).map(|x| &x.kind)
        else {
            return;
        };
        let m = &mut self.b.module;
        if m.opcode(c.inst()) == Opcode::Composite && m.name(c.inst()).is_none() {
            let name = self.ast.name(decl.name.name);
            m.set_name(c.inst(), name);
        }
    }

    /// The sema type of the value lowering gives for `e` (after its Load Rule).
    fn lowered_type(&mut self, e: ExprId) -> R<TypeId> {
        match self.p.value_type(e) {
            Some(t) => Ok(t),
            None => Err(self.internal(self.expr_span(e), "an expression without a type")),
        }
    }

    /// Whether `e` lowers to a pointer (a reference or pointer not loaded).
    fn is_view(&mut self, e: ExprId) -> R<bool> {
        let t = self.lowered_type(e)?;
        Ok(matches!(
            self.p.types.kind(t),
            TypeKind::Ref { .. } | TypeKind::Ptr { .. }
        ))
    }

    fn ident(&mut self, e: ExprId) -> R<Value> {
        let found = match self.p.sem(e) {
            ExprSem::Name(Name::Local(s)) if !self.module_scope => {
                self.locals.get(s.index()).copied().flatten()
            }
            ExprSem::Name(Name::Param(k)) if !self.module_scope => {
                self.f.params.get(k as usize).copied()
            }
            ExprSem::Name(Name::Global(d)) => self
                .decls
                .get(d.index())
                .copied()
                .flatten()
                .map(crate::ir::Value),
            _ => None,
        };
        found.ok_or_else(|| {
            self.internal(
                self.expr_span(e),
                "a name that resolves to nothing lowered yet",
            )
        })
    }

    fn member(&mut self, e: ExprId, base: ExprId) -> R<Value> {
        let v = self.expr(base)?;
        let view = self.is_view(base)?;
        let rt = self.expr_ty(e)?;
        match self.p.sem(e) {
            ExprSem::Member(k) => {
                let k = self.scalar_const(IrScalar::U32, k);
                let op = if view {
                    Opcode::Access
                } else {
                    Opcode::Extract
                };
                Ok(self.b.value(op, rt, &[v, k]))
            }
            ExprSem::Swizzle(sw) => {
                let comps = sw.components();
                if comps.len() == 1 {
                    let k = self.scalar_const(IrScalar::U32, u32::from(comps[0]));
                    let op = if view {
                        Opcode::Access
                    } else {
                        Opcode::Extract
                    };
                    return Ok(self.b.value(op, rt, &[v, k]));
                }
                // A multi-component swizzle reads the vector; sema loads a reference
                // base, but a pointer base (`p.xy`) is loaded here.
                let v = if view {
                    let vt = self.lowered_type(base)?;
                    let Some(store) = self.p.types.store_type(vt) else {
                        return Err(self.internal(self.expr_span(base), "a swizzle of a view"));
                    };
                    let st = self.ty(store)?;
                    self.b.value(Opcode::Load, st, &[v])
                } else {
                    v
                };
                let mut ops = Vec::with_capacity(1 + comps.len());
                ops.push(v);
                for &c in comps {
                    ops.push(self.scalar_const(IrScalar::U32, u32::from(c)));
                }
                Ok(self.b.value(Opcode::Swizzle, rt, &ops))
            }
            _ => Err(self.internal(self.expr_span(e), "a member access sema did not resolve")),
        }
    }

    fn index(&mut self, e: ExprId, base: ExprId, index: ExprId) -> R<Value> {
        let v = self.expr(base)?;
        let mut i = self.expr(index)?;
        let view = self.is_view(base)?;
        if self.b.module.opcode(i.inst()) == Opcode::Constant {
            i = self.clamp_constant_index(base, i)?;
        }
        let op = if view {
            Opcode::Access
        } else {
            Opcode::Extract
        };
        let rt = self.expr_ty(e)?;
        Ok(self.b.value(op, rt, &[v, i]))
    }

    /// A constant index that is not a const-expression (a `let` of a constant) may be
    /// out of bounds, which WGSL allows at run time: a read gives some element's value
    /// and a write goes to some element or nowhere. The IR wants constant indices in
    /// bounds, so such an index is clamped to the nearest element.
    fn clamp_constant_index(&mut self, base: ExprId, i: Value) -> R<Value> {
        let t = self.lowered_type(base)?;
        let t = self.p.types.store_type(t).unwrap_or(t);
        let count = match self.p.types.kind(t) {
            TypeKind::Vector { size, .. } => Some(u32::from(size)),
            TypeKind::Matrix { cols, .. } => Some(u32::from(cols)),
            TypeKind::Array {
                size: ArraySize::Const(n),
                ..
            } => Some(n),
            _ => None,
        };
        let m = &self.b.module;
        let bits = m.literal(i.inst());
        let signed = m.ty(i.inst()).is_some_and(|t| m.opcode(t) == Opcode::I32);
        let k = if signed && (bits as i32) < 0 { 0 } else { bits };
        let k = match count {
            Some(n) if k >= n => n - 1,
            _ => k,
        };
        Ok(if k == bits {
            i
        } else {
            self.scalar_const(IrScalar::U32, k)
        })
    }

    fn unary(&mut self, e: ExprId, op: UnaryOp, operand: ExprId) -> R<Value> {
        let code = match op {
            // References and pointers are both pointers in the IR.
            UnaryOp::AddressOf | UnaryOp::Deref => return self.expr(operand),
            UnaryOp::Negate => Opcode::Neg,
            UnaryOp::Not => Opcode::Not,
            UnaryOp::Complement => Opcode::BitNot,
        };
        let v = self.expr(operand)?;
        let rt = self.expr_ty(e)?;
        Ok(self.b.value(code, rt, &[v]))
    }

    fn binary(&mut self, e: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> R<Value> {
        let code = match binary_opcode(op) {
            Some(code) => code,
            None if self.module_scope => {
                if op == BinaryOp::LogicalAnd {
                    Opcode::And
                } else {
                    Opcode::Or
                }
            }
            None => return self.short_circuit(op, lhs, rhs),
        };
        let a = self.expr(lhs)?;
        let b = self.expr(rhs)?;
        let rt = self.expr_ty(e)?;
        Ok(self.b.value(code, rt, &[a, b]))
    }

    /// `a && b` and `a || b`: the right side runs in one arm of an `if_else`, and the
    /// merge block receives the result as its parameter.
    fn short_circuit(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> R<Value> {
        let and = op == BinaryOp::LogicalAnd;
        if self.p.value(lhs).and_then(|v| v.as_bool()) == Some(!and) {
            // `false && e` and `true || e` never evaluate `e`, which sema may have left
            // unevaluable (a constant error there does not count).
            return Ok(self.scalar_const(IrScalar::Bool, u32::from(!and)));
        }
        let a = self.expr(lhs)?;
        let (rhs_b, short_b, m) = (self.new_block(), self.new_block(), self.new_block());
        let (then, els) = if and {
            (rhs_b, short_b)
        } else {
            (short_b, rhs_b)
        };
        self.if_else(a, then, els, m);
        let bool_t = self.b.ty_bool();
        let r = self.b.param(m, bool_t);
        let short = self.scalar_const(IrScalar::Bool, u32::from(!and));
        for arm in [then, els] {
            self.start(arm);
            if arm == rhs_b {
                let b = self.expr(rhs)?;
                self.br(m, &[b]);
            } else {
                self.br(m, &[short]);
            }
        }
        self.start(m);
        Ok(r)
    }

    fn call(&mut self, e: ExprId, args: &[ExprId]) -> R<Value> {
        match self.p.sem(e) {
            ExprSem::Call(CallTarget::Function(d)) => {
                let Some(f) = self.decls.get(d.index()).copied().flatten() else {
                    return Err(
                        self.internal(self.expr_span(e), "a call of a function not lowered yet")
                    );
                };
                let vals = self.args(args)?;
                Ok(self.b.call(Func(f), &vals))
            }
            ExprSem::Call(CallTarget::Builtin { func, .. }) => self.builtin_call(e, func, args),
            ExprSem::Call(CallTarget::Constructor) => self.construct(e, args),
            _ => Err(self.internal(self.expr_span(e), "a call sema did not resolve")),
        }
    }

    /// Arguments, left to right.
    pub(super) fn args(&mut self, args: &[ExprId]) -> R<Vec<Value>> {
        let mut vals = Vec::with_capacity(args.len());
        for &a in args {
            vals.push(self.expr(a)?);
        }
        Ok(vals)
    }

    /// A value constructor or conversion: the zero value, an identity, a `convert`, a
    /// `splat`, or a `construct` from components, columns, elements or members.
    fn construct(&mut self, e: ExprId, args: &[ExprId]) -> R<Value> {
        let Some(t) = self.p.type_of(e) else {
            return Err(self.internal(self.expr_span(e), "an untyped constructor"));
        };
        let rt = self.ty(t)?;
        if args.is_empty() {
            return Ok(self.b.zero(rt));
        }
        let vals = self.args(args)?;
        let single = vals.len() == 1;
        let kind = self.p.types.kind(t);
        let one_part = matches!(
            kind,
            TypeKind::Scalar(_) | TypeKind::Vector { .. } | TypeKind::Matrix { .. }
        );
        if single && one_part {
            let at = self.p.value_type(args[0]);
            if at == Some(t) {
                return Ok(vals[0]);
            }
            let arg_is_scalar = at.is_some_and(|a| self.p.types.is_scalar(a));
            let op = if matches!(kind, TypeKind::Vector { .. }) && arg_is_scalar {
                Opcode::Splat
            } else {
                Opcode::Convert
            };
            return Ok(self.b.value(op, rt, &vals));
        }
        Ok(self.b.value(Opcode::Construct, rt, &vals))
    }
}
