//! The WGSL emitter: the plan's [`Emitter`] building [`crate::syntax::ast`] nodes.

use super::behavior::{self, Behaviors};
use super::build::Ast;
use super::cx::{Cx, MAX_DEPTH, WGSL};
use super::expr::{
    abstract_int, builtin_name, constant_operand_rejected, folded_expr, index_expr,
    is_constant_expression_op, op_expr, reverses_operands, zero_expr,
};
use super::globals::{global_value_expr, io_attributes, stage_attributes, stage_of};
use super::shape::{
    assignment, check_depth, expr_names, fold_for_init, negate, push_if, push_loop,
    return_after_tail_loops, stmt_names,
};
use super::types::type_expr;
use crate::diag::Span;
use crate::ir::eval::nonzero_divisor;
use crate::ir::{Func, Inst, Module, Opcode};
use crate::raise::error::RaiseError;
use crate::raise::plan::{
    Bind, CaseLabel, Clause, Effect, Emitter, Finish, Index, Logic, conflicts,
};
use crate::syntax::ast::{self, ExprId, StmtId, StmtKind, UnaryOp};
use crate::util::Symbol;

/// The WGSL emitter: the module-wide context, the tree being built, and the behaviours
/// of the statements of the function being written.
pub(super) struct Wgsl<'a, 'm> {
    pub cx: &'a Cx<'m>,
    pub ast: &'a mut Ast,
    behaviors: Behaviors,
    /// The parameters of the function being written, for [`Finish::function`].
    params: Vec<ast::Param>,
}

impl<'a, 'm> Wgsl<'a, 'm> {
    pub fn new(cx: &'a Cx<'m>, ast: &'a mut Ast) -> Wgsl<'a, 'm> {
        Wgsl {
            cx,
            ast,
            behaviors: Behaviors::default(),
            params: Vec::new(),
        }
    }

    /// The expression of `i` with operand `k` bound to a `let` first, so WGSL does not
    /// treat it as a constant expression.
    fn with_runtime_operand(
        &mut self,
        b: &mut Bind<'_, '_>,
        i: Inst,
        mut ops: Vec<ExprId>,
        k: usize,
    ) -> Result<ExprId, RaiseError> {
        if let Some(first) = ops.get(k).copied() {
            let of = self.cx.m.operand(i, k);
            ops[k] = b.bind(self, of, first, "k")?;
        }
        op_expr(self.cx, self.ast, i, ops)
    }
}

/// Whether every operand of `i` is a constant (so WGSL would evaluate it at shader
/// creation).
fn constant_operands(m: &Module, i: Inst) -> bool {
    m.num_operands(i) > 0 && m.operands(i).all(|x| m.opcode(x).is_constant())
}

impl Emitter for Wgsl<'_, '_> {
    fn language(&self) -> &'static str {
        WGSL
    }

    fn max_expression_height(&self) -> u32 {
        self.cx.options.max_expression_height
    }

    fn max_nesting(&self) -> u32 {
        MAX_DEPTH
    }

    fn reverses_operands(&self, m: &Module, i: Inst) -> bool {
        reverses_operands(m, i)
    }

    /// WGSL evaluates operands left to right: what the IR orders the same way shares an
    /// expression, and two reads may swap.
    fn may_share(&self, first: Effect, second: Effect, in_ir_order: bool) -> bool {
        in_ir_order || !conflicts(first, second)
    }

    fn intern(&mut self, name: &str) -> Symbol {
        self.ast.module.symbols.intern(name)
    }

    fn local(&mut self, name: Symbol) -> ExprId {
        self.ast.name_sym(name)
    }

    fn global(&mut self, var: Inst) -> Result<ExprId, RaiseError> {
        let cx = self.cx;
        let name = cx
            .global_name(var)
            .ok_or_else(|| cx.malformed(var, "global variable"))?;
        Ok(self.ast.name(name))
    }

    fn global_value(&mut self, v: Inst) -> Result<ExprId, RaiseError> {
        global_value_expr(self.cx, self.ast, v, 0)
    }

    fn zero(&mut self, ty: Inst) -> Result<ExprId, RaiseError> {
        zero_expr(self.cx, self.ast, ty)
    }

    fn height(&self, e: ExprId) -> u32 {
        self.ast.height(e)
    }

    fn mentions(&self, e: ExprId, name: Symbol) -> bool {
        self.ast.mentions(e, name)
    }

    fn operation(
        &mut self,
        b: &mut Bind<'_, '_>,
        i: Inst,
        ops: Vec<ExprId>,
    ) -> Result<ExprId, RaiseError> {
        let m = self.cx.m;
        if is_constant_expression_op(m.opcode(i)) && constant_operands(m, i) {
            // WGSL would evaluate this at shader creation (and may reject it) where the
            // IR means the run-time operation, and lowering the output again would
            // fold what `const-fold` did not: write the folded value, or make an
            // operand a run-time value.
            let ty = m.ty(i).ok_or_else(|| self.cx.malformed(i, "type"))?;
            return match crate::ir::eval::evaluate(m, i) {
                Some(c) => folded_expr(self.cx, self.ast, ty, &c),
                None => self.with_runtime_operand(b, i, ops, 0),
            };
        }
        if let Some((divisor, ty)) = nonzero_divisor(m, i) {
            // An integer divisor constant with zero lanes: those lanes are written as
            // 1, which gives WGSL's run-time result for them (`x / 0` is `x`,
            // `x % 0` is 0); bound to a `let`, some compilers (naga) still reject it.
            let mut ops = ops;
            ops[1] = folded_expr(self.cx, self.ast, ty, &divisor)?;
            return op_expr(self.cx, self.ast, i, ops);
        }
        if let Some(k) = constant_operand_rejected(m, i) {
            // A constant shift of 32 or more, constant bit offsets past 32 bits: an error
            // in WGSL even when the other operand is not constant.
            return self.with_runtime_operand(b, i, ops, k);
        }
        op_expr(self.cx, self.ast, i, ops)
    }

    fn access(
        &mut self,
        base: ExprId,
        base_ty: Inst,
        index: Index<ExprId>,
    ) -> Result<ExprId, RaiseError> {
        index_expr(self.cx, self.ast, base, base_ty, index)
    }

    fn construct(&mut self, ty: Inst, parts: Vec<ExprId>) -> Result<ExprId, RaiseError> {
        let t = type_expr(self.cx, self.ast, ty)?;
        Ok(self.ast.construct(t, parts))
    }

    fn address_of(&mut self, reference: ExprId) -> ExprId {
        self.ast.unary(UnaryOp::AddressOf, reference)
    }

    fn deref(&mut self, pointer: ExprId) -> ExprId {
        self.ast.unary(UnaryOp::Deref, pointer)
    }

    fn not(&mut self, cond: ExprId) -> ExprId {
        negate(self.ast, cond)
    }

    fn short_circuit(&mut self, op: Logic, a: ExprId, b: ExprId) -> ExprId {
        let op = match op {
            Logic::And => ast::BinaryOp::LogicalAnd,
            Logic::Or => ast::BinaryOp::LogicalOr,
        };
        self.ast.binary(op, a, b)
    }

    fn param(&mut self, p: Inst, name: Symbol) -> Result<(), RaiseError> {
        let ty = self
            .cx
            .m
            .ty(p)
            .ok_or_else(|| self.cx.malformed(p, "parameter"))?;
        let attributes = io_attributes(self.cx, self.ast, p)?;
        let ty = type_expr(self.cx, self.ast, ty)?;
        self.params.push(ast::Param {
            attributes,
            name: Ast::ident(name),
            ty,
            span: Span::DETACHED,
        });
        Ok(())
    }

    fn let_decl(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        _of: Inst,
        init: ExprId,
    ) -> Result<(), RaiseError> {
        out.push(self.ast.stmt(StmtKind::Let(ast::ValueDecl {
            name: Ast::ident(name),
            ty: None,
            init,
        })));
        Ok(())
    }

    /// `var x: T;`, or `var x = e;` (the type is left to the initializer).
    fn var_decl(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        ty: Inst,
        init: Option<ExprId>,
    ) -> Result<(), RaiseError> {
        let ty = match init {
            Some(_) => None,
            None => Some(type_expr(self.cx, self.ast, ty)?),
        };
        out.push(self.ast.stmt(StmtKind::Var(ast::VarDecl {
            attributes: Vec::new(),
            template_args: Vec::new(),
            template_span: None,
            name: Ast::ident(name),
            ty,
            init,
        })));
        Ok(())
    }

    /// `name = value;`, folding `var x: T;` + `x = e;` into `var x = e;`.
    fn assign(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Symbol,
        value: ExprId,
    ) -> Result<(), RaiseError> {
        if let Some(&last) = out.last() {
            if let StmtKind::Var(decl) = &self.ast.module.stmt(last).kind {
                if decl.name.name == name && decl.init.is_none() && !self.ast.mentions(value, name)
                {
                    let mut decl = decl.clone();
                    decl.init = Some(value);
                    decl.ty = None;
                    self.ast.module.stmts[last.index()].kind = StmtKind::Var(decl);
                    return Ok(());
                }
            }
        }
        let lhs = self.ast.name_sym(name);
        self.store(out, lhs, value);
        Ok(())
    }

    fn store(&mut self, out: &mut Vec<StmtId>, reference: ExprId, value: ExprId) {
        let stmt = assignment(self.ast, reference, value);
        out.push(self.ast.stmt(stmt));
    }

    fn assign_member(&mut self, out: &mut Vec<StmtId>, lhs: ExprId, value: ExprId) {
        out.push(self.ast.stmt(StmtKind::Assign {
            lhs: Some(lhs),
            op: None,
            rhs: value,
        }));
    }

    /// A call statement, or `_ = e;` for a builtin whose result must be used.
    fn effect(&mut self, out: &mut Vec<StmtId>, i: Inst, e: ExprId) {
        let m = self.cx.m;
        let op = m.opcode(i);
        let has_value = m.ty(i).is_some_and(|t| m.opcode(t) != Opcode::Void);
        let must_use = match op {
            Opcode::Call => false,
            _ => builtin_name(op)
                .and_then(crate::sema::builtins::BuiltinFn::from_name)
                .is_some_and(|b| b.must_use()),
        };
        let stmt = if has_value && must_use {
            StmtKind::Assign {
                lhs: None,
                op: None,
                rhs: e,
            }
        } else {
            StmtKind::Call(e)
        };
        out.push(self.ast.stmt(stmt));
    }

    fn demote(&mut self, out: &mut Vec<StmtId>) {
        out.push(self.ast.stmt(StmtKind::Discard));
    }

    /// A `break` ending a switch clause is implicit.
    fn break_(&mut self, out: &mut Vec<StmtId>, ends_case: bool) {
        if !ends_case {
            out.push(self.ast.stmt(StmtKind::Break));
        }
    }

    /// A `continue` ending a loop body is implicit.
    fn continue_(&mut self, out: &mut Vec<StmtId>, ends_body: bool) {
        if !ends_body {
            out.push(self.ast.stmt(StmtKind::Continue));
        }
    }

    /// `return;` ending a function without a result is implicit.
    fn return_(&mut self, out: &mut Vec<StmtId>, value: Option<ExprId>, ends_function: bool) {
        if value.is_some() || !ends_function {
            out.push(self.ast.stmt(StmtKind::Return(value)));
        }
    }

    /// `discard;` then `return` (with the zero value when the function has a result):
    /// WGSL's `discard` demotes, the IR's terminator ends the invocation.
    fn discard(
        &mut self,
        out: &mut Vec<StmtId>,
        result_ty: Option<Inst>,
    ) -> Result<(), RaiseError> {
        out.push(self.ast.stmt(StmtKind::Discard));
        let z = match result_ty {
            Some(rt) => Some(zero_expr(self.cx, self.ast, rt)?),
            None => None,
        };
        out.push(self.ast.stmt(StmtKind::Return(z)));
        Ok(())
    }

    fn if_(
        &mut self,
        out: &mut Vec<StmtId>,
        cond: ExprId,
        then: Vec<StmtId>,
        otherwise: Vec<StmtId>,
    ) {
        push_if(self.ast, out, cond, then, otherwise);
    }

    fn switch(&mut self, out: &mut Vec<StmtId>, selector: ExprId, clauses: Vec<Clause>) {
        // Loops rather than map/collect chains: each was its own copy of the iterator code.
        let mut out_clauses = Vec::with_capacity(clauses.len());
        for c in clauses {
            let mut selectors = Vec::with_capacity(c.labels.len());
            for &l in &c.labels {
                selectors.push(match l {
                    CaseLabel::Value(x) => ast::CaseSelector::Expr(abstract_int(self.ast, x)),
                    CaseLabel::Default => ast::CaseSelector::Default(Span::DETACHED),
                });
            }
            out_clauses.push(ast::SwitchClause {
                selectors,
                body: self.ast.block(c.body),
                span: Span::DETACHED,
            });
        }
        let clauses = out_clauses;
        out.push(self.ast.stmt(StmtKind::Switch {
            attributes: Vec::new(),
            selector,
            body_attributes: Vec::new(),
            clauses,
        }));
    }

    fn loop_(
        &mut self,
        out: &mut Vec<StmtId>,
        body: Vec<StmtId>,
        continuing: Vec<StmtId>,
        break_if: Option<ExprId>,
    ) -> Result<(), RaiseError> {
        let mut body = body;
        if self.cx.options.loop_sugar {
            // The continuing block and `break if` run after the body and see its
            // declarations: a `var` they mention stays where it is.
            let mut later = Vec::new();
            for &s in &continuing {
                stmt_names(&self.ast.module, s, &mut later);
            }
            if let Some(e) = break_if {
                expr_names(&self.ast.module, e, &mut later);
            }
            fold_for_init(&mut self.ast.module, &mut body, &later);
        }
        push_loop(
            self.cx,
            self.ast,
            &mut self.behaviors,
            out,
            body,
            continuing,
            break_if,
        );
        Ok(())
    }

    /// Folds `var x = e;` into the `for` loop after it (see [`fold_for_init`]).
    fn end_list(&mut self, stmts: &mut Vec<StmtId>) {
        if self.cx.options.loop_sugar {
            fold_for_init(&mut self.ast.module, stmts, &[]);
        }
    }
}

impl Finish for Wgsl<'_, '_> {
    type Function = ast::FnDecl;

    /// The function with what WGSL's behaviour analysis needs (a final `return T();`
    /// where the body could fall through, one after a trailing loop), checked against
    /// the parser's nesting bound.
    fn function(
        &mut self,
        f: Func,
        body: Vec<StmtId>,
        result_ty: Option<Inst>,
    ) -> Result<ast::FnDecl, RaiseError> {
        let (cx, m) = (self.cx, self.cx.m);
        let params = std::mem::take(&mut self.params);
        let mut behaviors = std::mem::take(&mut self.behaviors);
        let mut body = body;
        if let Some(rt) = result_ty {
            let b = behaviors.seq(&self.ast.module, &body);
            if b & behavior::NEXT != 0 {
                let z = zero_expr(cx, self.ast, rt)?;
                body.push(self.ast.stmt(StmtKind::Return(Some(z))));
            }
            return_after_tail_loops(cx, self.ast, &mut body, rt, 0)?;
        }
        check_depth(cx, self.ast, &body, f.inst())?;
        let ret = match result_ty {
            Some(rt) => {
                let attributes = io_attributes(cx, self.ast, f.inst())?;
                let ty = type_expr(cx, self.ast, rt)?;
                Some(ast::FnReturn { attributes, ty })
            }
            None => None,
        };
        let attributes = if stage_of(m, f.inst()).is_some() {
            stage_attributes(cx, self.ast, f.inst())?
        } else {
            Vec::new()
        };
        let name = self.ast.ident_of(cx.global_name(f.inst()).unwrap_or("f"));
        let body = self.ast.block(body);
        Ok(ast::FnDecl {
            attributes,
            name,
            params,
            ret,
            body,
        })
    }
}
