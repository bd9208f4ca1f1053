//! The HLSL emitter: the raising plan's [`Emitter`] building HLSL statements and
//! expressions ([`super::stmt`], [`super::expr`]).
//!
//! HLSL has no pointers: a reference and a pointer are the same expression, and a pointer
//! parameter is an `inout` parameter (WGSL forbids the aliasing that would tell the two
//! apart). Its operand evaluation order is unspecified, so the plan's default sharing
//! policy applies: no two conflicting reads or effects share one expression.
//!
//! Composite values HLSL can only spell as initializer lists (arrays, structs) are
//! declared as temporaries where they are used in any other position. Statements that
//! write through out parameters (atomics, `GetDimensions`) go before the statement being
//! built, through the plan's [`Bind`].

use super::expr::{Bin, E, Node, Sym, ViewStore};
use super::memory::LANES;
use super::stmt::{self, Stmt};
use super::template::{fill, fill_into};
use super::writer::{
    Writer, is_dropped, is_entry_point, local_index_member, wave_builtin, workgroup_invocations,
    workgroup_size,
};
use crate::ir::enums::BuiltinValue;
use crate::ir::{Func, Inst, Module, Opcode};
use crate::raise::RaiseError;
use crate::raise::plan::{Bind, Clause, Emitter, Finish, Index, Logic, StmtId};

/// The emitter, writing into the module's [`Writer`]; each function's text goes to
/// `functions` in the order written.
pub struct Hlsl<'w, 'm> {
    pub w: &'w mut Writer<'m>,
    pub functions: Vec<String>,
    /// The statements of the function being written, numbered by the plan's handles
    /// ([`StmtId`]): the plan keeps lists of handles, and each list it hands back is
    /// taken out of here ([`Self::take`]) into the statement tree.
    stmts: Vec<Stmt>,
    /// The parameters of the function being written.
    params: Vec<String>,
}

impl<'w, 'm> Hlsl<'w, 'm> {
    pub fn new(w: &'w mut Writer<'m>) -> Self {
        Hlsl {
            w,
            functions: Vec::new(),
            stmts: Vec::new(),
            params: Vec::new(),
        }
    }

    /// `s`, numbered for the plan.
    pub(super) fn put(&mut self, s: Stmt) -> StmtId {
        self.stmts.push(s);
        StmtId::from_index(self.stmts.len() - 1)
    }

    /// The statements of a list the plan hands back, in order. The plan hands each
    /// statement back once; its slot keeps a placeholder.
    fn take(&mut self, list: Vec<StmtId>) -> Vec<Stmt> {
        // A loop rather than a map/collect chain: each chain was its own copy of the
        // iterator code in the package.
        let mut out = Vec::with_capacity(list.len());
        for s in list {
            out.push(std::mem::replace(&mut self.stmts[s.index()], Stmt::Break));
        }
        out
    }

    /// `list` numbered for the plan again, after a change that needed the statements.
    fn put_all(&mut self, list: Vec<Stmt>) -> Vec<StmtId> {
        let mut out = Vec::with_capacity(list.len());
        for s in list {
            out.push(self.put(s));
        }
        out
    }
}

impl<'m> Hlsl<'_, 'm> {
    fn m(&self) -> &'m Module {
        self.w.m
    }

    pub(super) fn add(&mut self, node: Node) -> E {
        self.w.x.add(node)
    }

    pub(super) fn lit(&mut self, text: &str) -> E {
        self.w.x.lit(text)
    }

    /// `name(args)`: one function for every call the emitter spells, so that no call
    /// site builds its own argument vector.
    pub(super) fn call(&mut self, name: &str, args: &[E]) -> E {
        self.w.x.call(name, args)
    }

    fn unsupported(&self, at: Inst, what: &str) -> RaiseError {
        RaiseError::new(
            crate::diag::codes::HLSL_UNSUPPORTED,
            format!("cannot write HLSL for this module: it uses {what}"),
            at,
        )
    }

    fn malformed(&self, at: Inst, what: &str) -> RaiseError {
        RaiseError::malformed(at, what)
    }

    fn type_text(&mut self, t: Inst, at: Inst) -> Result<String, RaiseError> {
        self.w.type_text(t).map_err(|w| self.unsupported(at, w))
    }

    pub(super) fn ty_of(&self, v: Inst) -> Result<Inst, RaiseError> {
        self.m()
            .ty(v)
            .ok_or_else(|| self.malformed(v, "value without a type"))
    }

    /// The subgroup builtin that member `f` of the input struct `s` (read from `base`)
    /// carries, through wave intrinsics ([`wave_builtin`]).
    fn wave_input(&mut self, base: E, s: Inst, f: Inst) -> Result<E, RaiseError> {
        let m = self.m();
        if wave_builtin(m, f) == Some(BuiltinValue::SubgroupInvocationId) {
            return Ok(self.call("WaveGetLaneIndex", &[]));
        }
        let count = self.call("WaveGetLaneCount", &[]);
        Ok(match wave_builtin(m, f) {
            Some(BuiltinValue::SubgroupSize) => count,
            Some(BuiltinValue::SubgroupId) => {
                let k = local_index_member(m, s)
                    .or_else(|| m.struct_fields(s).iter().position(|&x| x == f))
                    .ok_or_else(|| self.malformed(f, "a member of another struct"))?;
                let index = self.add(Node::Member(base, self.w.member_name(s, k)));
                self.add(Node::Binary(Bin::Div, index, count))
            }
            _ => {
                let n = workgroup_invocations(m, s).ok_or_else(|| {
                    self.unsupported(f, "`num_subgroups` outside a compute shader")
                })?;
                let n = self.lit(&format!("{}u", n.saturating_sub(1)));
                let count2 = self.call("WaveGetLaneCount", &[]);
                let sum = self.add(Node::Binary(Bin::Add, count, n));
                self.add(Node::Binary(Bin::Div, sum, count2))
            }
        })
    }

    /// `e` bound to a temporary declared before the statement being built, unless it is
    /// already a name or a literal.
    pub(super) fn temp(
        &mut self,
        b: &mut Bind<'_, '_>,
        of: Inst,
        e: E,
        hint: &str,
    ) -> Result<E, RaiseError> {
        match self.w.x.node(e) {
            Node::Name(_) | Node::Lit(_) => Ok(e),
            _ => b.bind(self, of, e, hint),
        }
    }

    /// A fresh local declared (uninitialized) before the statement being built, for an
    /// out parameter.
    pub(super) fn out_var(
        &mut self,
        b: &mut Bind<'_, '_>,
        ty: &str,
        hint: &str,
    ) -> Result<E, RaiseError> {
        let name = b.fresh_name(hint);
        let s = self.w.intern(&name);
        let decl = self.put(Stmt::Decl {
            ty: super::types::Spelled {
                base: ty.to_string(),
                suffix: String::new(),
            },
            name: s,
            init: None,
            constant: false,
            defaulted: false,
        });
        b.out().push(decl);
        Ok(self.add(Node::Name(s)))
    }
}

impl<'m> Emitter for Hlsl<'_, 'm> {
    fn language(&self) -> &'static str {
        "HLSL"
    }

    fn max_expression_height(&self) -> u32 {
        12
    }

    fn max_nesting(&self) -> u32 {
        crate::syntax::MAX_NESTING_DEPTH as u32
    }

    fn intern(&mut self, name: &str) -> Sym {
        self.w.intern(name)
    }

    fn local(&mut self, name: Sym) -> E {
        self.add(Node::Name(name))
    }

    fn global(&mut self, var: Inst) -> Result<E, RaiseError> {
        let s = *self
            .w
            .globals
            .get(&var)
            .ok_or_else(|| self.malformed(var, "an unnamed module-scope variable"))?;
        Ok(self.add(Node::Name(s)))
    }

    fn global_value(&mut self, v: Inst) -> Result<E, RaiseError> {
        self.w.module_value(v, 0).map_err(|e| {
            let d = &e.diagnostics[0];
            RaiseError::new(d.code, d.message.clone(), v)
        })
    }

    fn zero(&mut self, ty: Inst) -> Result<E, RaiseError> {
        let text = self.w.zero_text(ty).map_err(|w| self.unsupported(ty, w))?;
        Ok(self.lit(&text))
    }

    fn height(&self, e: E) -> u32 {
        self.w.x.height(e)
    }

    fn mentions(&self, e: E, name: Sym) -> bool {
        self.w.x.mentions(e, name)
    }

    fn operation(&mut self, b: &mut Bind<'_, '_>, i: Inst, ops: Vec<E>) -> Result<E, RaiseError> {
        self.op(b, i, ops)
    }

    fn access(&mut self, base: E, base_ty: Inst, index: Index<E>) -> Result<E, RaiseError> {
        let m = self.m();
        Ok(match (m.opcode(base_ty), index) {
            (Opcode::Struct, Index::Const(k)) => {
                let field = m.struct_fields(base_ty).get(k as usize).copied();
                match field.filter(|&f| wave_builtin(m, f).is_some()) {
                    Some(f) => self.wave_input(base, base_ty, f)?,
                    None => {
                        let member = self.w.member_name(base_ty, k as usize);
                        self.add(Node::Member(base, member))
                    }
                }
            }
            (Opcode::Vec, Index::Const(k)) if k < 4 => self.w.x.member(base, LANES[k as usize]),
            (_, Index::Const(k)) => {
                let ix = self.lit(&k.to_string());
                self.add(Node::Index(base, ix))
            }
            (_, Index::Dynamic(ix)) => self.add(Node::Index(base, ix)),
        })
    }

    fn construct(&mut self, ty: Inst, parts: Vec<E>) -> Result<E, RaiseError> {
        self.constructor(ty, parts)
    }

    fn address_of(&mut self, reference: E) -> E {
        reference
    }

    fn deref(&mut self, pointer: E) -> E {
        pointer
    }

    fn not(&mut self, cond: E) -> E {
        self.add(Node::Prefix("!", cond))
    }

    fn short_circuit(&mut self, op: Logic, a: E, b: E) -> E {
        let op = match op {
            Logic::And => Bin::And,
            Logic::Or => Bin::Or,
        };
        self.add(Node::Binary(op, a, b))
    }

    fn param(&mut self, p: Inst, name: Sym) -> Result<(), RaiseError> {
        let m = self.m();
        let ty = self.ty_of(p)?;
        if m.opcode(ty) == Opcode::Struct && is_dropped(m, ty) {
            return Ok(());
        }
        let text = &self.w.names[name.index()].clone();
        let param = if let Some((_, store, _)) = m.ptr_parts(ty) {
            let spelled = self
                .w
                .spell_type(store)
                .map_err(|w| self.unsupported(p, w))?;
            fill("inout $0", &[&spelled.declare(text)])
        } else {
            let spelled = self.w.spell_type(ty).map_err(|w| self.unsupported(p, w))?;
            spelled.declare(text)
        };
        self.params.push(param);
        Ok(())
    }

    fn let_decl(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Sym,
        of: Inst,
        init: E,
    ) -> Result<(), RaiseError> {
        let ty = self.ty_of(of)?;
        let ty = match self.m().ptr_parts(ty) {
            // A pointer bound by name is never made (pointers are rewritten at each use);
            // if it is, it is the place it points to.
            Some(_) => return Err(self.unsupported(of, "a pointer bound to a name")),
            None => ty,
        };
        let spelled = self.w.spell_type(ty).map_err(|w| self.unsupported(of, w))?;
        let s = self.put(Stmt::Decl {
            ty: spelled,
            name,
            init: Some(init),
            constant: true,
            defaulted: false,
        });
        out.push(s);
        Ok(())
    }

    fn var_decl(
        &mut self,
        out: &mut Vec<StmtId>,
        name: Sym,
        ty: Inst,
        init: Option<E>,
    ) -> Result<(), RaiseError> {
        let spelled = self.w.spell_type(ty).map_err(|w| self.unsupported(ty, w))?;
        let defaulted = init.is_none();
        let init = match init {
            Some(e) => e,
            None => self.zero(ty)?,
        };
        let s = self.put(Stmt::Decl {
            ty: spelled,
            name,
            init: Some(init),
            constant: false,
            defaulted,
        });
        out.push(s);
        Ok(())
    }

    fn assign(&mut self, out: &mut Vec<StmtId>, name: Sym, value: E) -> Result<(), RaiseError> {
        let lhs = self.add(Node::Name(name));
        let s = self.put(Stmt::Assign(lhs, value));
        out.push(s);
        Ok(())
    }

    fn store(&mut self, out: &mut Vec<StmtId>, reference: E, value: E) {
        if let Node::View {
            store,
            buffer,
            offset,
            ..
        } = self.w.x.node(reference)
        {
            // The parts, not the whole `Node`, copied out of the arena (see `quarter`).
            let (store, buffer, offset) = (store.clone(), *buffer, *offset);
            let call = match store {
                Some(ViewStore::Method { method, convert }) => {
                    let v = match convert {
                        Some(f) => self.call(f, &[value]),
                        None => value,
                    };
                    let b = self.add(Node::Name(buffer));
                    self.w.x.method(b, &method, &[offset, v])
                }
                Some(ViewStore::Helper(name)) => self.call(&name, &[offset, value]),
                Some(ViewStore::Word { place, convert }) => {
                    let v = match convert {
                        Some(f) => self.call(f, &[value]),
                        None => value,
                    };
                    let s = self.put(Stmt::Assign(place, v));
                    out.push(s);
                    return;
                }
                // A store into a read-only buffer does not verify; keep the text honest.
                None => self.call("store_into_read_only_buffer", &[offset, value]),
            };
            let s = self.put(Stmt::Expr(call));
            out.push(s);
            return;
        }
        let s = self.put(Stmt::Assign(reference, value));
        out.push(s);
    }

    fn assign_member(&mut self, out: &mut Vec<StmtId>, lhs: E, value: E) {
        let s = self.put(Stmt::Assign(lhs, value));
        out.push(s);
    }

    fn effect(&mut self, out: &mut Vec<StmtId>, _i: Inst, e: E) {
        // Atomics and other out-parameter calls were written before, leaving only the
        // name of their result.
        if matches!(self.w.x.node(e), Node::Name(_) | Node::Lit(_)) {
            return;
        }
        let s = self.put(Stmt::Expr(e));
        out.push(s);
    }

    fn demote(&mut self, out: &mut Vec<StmtId>) {
        // HLSL's `discard` lets the invocation go on as a helper, as WGSL's does.
        let s = self.put(Stmt::Discard);
        out.push(s);
    }

    fn break_(&mut self, out: &mut Vec<StmtId>, _ends_case: bool) {
        let s = self.put(Stmt::Break);
        out.push(s);
    }

    fn continue_(&mut self, out: &mut Vec<StmtId>, ends_body: bool) {
        if !ends_body {
            let s = self.put(Stmt::Continue);
            out.push(s);
        }
    }

    fn return_(&mut self, out: &mut Vec<StmtId>, value: Option<E>, ends_function: bool) {
        if value.is_none() && ends_function {
            return;
        }
        let s = self.put(Stmt::Return(value));
        out.push(s);
    }

    fn discard(
        &mut self,
        out: &mut Vec<StmtId>,
        result_ty: Option<Inst>,
    ) -> Result<(), RaiseError> {
        let s = self.put(Stmt::Discard);
        out.push(s);
        let value = match result_ty {
            Some(t) => Some(self.zero(t)?),
            None => None,
        };
        let s = self.put(Stmt::Return(value));
        out.push(s);
        Ok(())
    }

    fn if_(&mut self, out: &mut Vec<StmtId>, cond: E, then: Vec<StmtId>, otherwise: Vec<StmtId>) {
        let (then, otherwise) = (self.take(then), self.take(otherwise));
        if then.is_empty() && !otherwise.is_empty() {
            let not = self.not(cond);
            let s = self.put(Stmt::If(not, otherwise, then));
            out.push(s);
        } else {
            let s = self.put(Stmt::If(cond, then, otherwise));
            out.push(s);
        }
    }

    fn end_list(&mut self, stmts: &mut Vec<StmtId>) {
        let mut list = self.take(std::mem::take(stmts));
        stmt::fold_declarations(&self.w.x, &mut list);
        *stmts = self.put_all(list);
    }

    fn switch(&mut self, out: &mut Vec<StmtId>, selector: E, clauses: Vec<Clause>) {
        let mut arms = Vec::with_capacity(clauses.len());
        for c in clauses {
            let mut body = self.take(c.body);
            if !stmt::ends_in_jump(&body) {
                body.push(Stmt::Break);
            }
            arms.push((c.labels, body));
        }
        let s = self.put(Stmt::Switch(selector, arms));
        out.push(s);
    }

    fn loop_(
        &mut self,
        out: &mut Vec<StmtId>,
        body: Vec<StmtId>,
        continuing: Vec<StmtId>,
        break_if: Option<E>,
    ) -> Result<(), RaiseError> {
        let (mut body, continuing) = (self.take(body), self.take(continuing));
        let needs_flag = stmt::continues(&body) && (!continuing.is_empty() || break_if.is_some());
        stmt::fold_declarations(&self.w.x, &mut body);
        let first = if needs_flag {
            // The continuing runs at the top of the next iteration, outside the body's
            // scope: the body's declarations it reads move before the loop.
            self.hoist_for_continuing(out, &mut body, &continuing, break_if);
            let name = self.w.namer_fresh("loop_first");
            Some(self.w.intern(&name))
        } else {
            None
        };
        let s = self.put(Stmt::Loop {
            body,
            continuing,
            break_if,
            first,
        });
        out.push(s);
        Ok(())
    }
}

impl Finish for Hlsl<'_, '_> {
    type Function = ();

    fn function(
        &mut self,
        f: Func,
        body: Vec<StmtId>,
        result_ty: Option<Inst>,
    ) -> Result<(), RaiseError> {
        let m = self.m();
        let params = std::mem::take(&mut self.params);
        let body = self.take(body);
        // Every list of the function is in its body now.
        self.stmts.clear();
        let mut text = String::new();
        if let Some(size) = workgroup_size(m, f.inst()) {
            let [x, y, z] = size.map(|n| n.to_string());
            fill_into(&mut text, "[numthreads($0, $1, $2)]\n", &[&x, &y, &z]);
        }
        let ret = match result_ty {
            Some(t) => self.type_text(t, f.inst())?,
            None => "void".to_string(),
        };
        let name = self
            .w
            .globals
            .get(&f.inst())
            .map(|s| self.w.names[s.index()].clone());
        let name = name.ok_or_else(|| self.malformed(f.inst(), "an unnamed function"))?;
        let semantic = if is_entry_point(m, f.inst()) {
            result_semantic(m, f.inst())
        } else {
            String::new()
        };
        fill_into(
            &mut text,
            "$0 $1($2)$3 {\n",
            &[&ret, &name, &params.join(", "), &semantic],
        );
        let mut p = stmt::Printer {
            x: &self.w.x,
            names: &self.w.names,
            out: text,
        };
        p.stmts(&body, 1);
        let mut text = p.out;
        text.push_str("}\n");
        self.functions.push(text);
        Ok(())
    }
}

/// The semantic of an entry point's result, when the result itself carries one (after
/// `shader-io` results are structs, whose members carry them).
fn result_semantic(m: &Module, f: Inst) -> String {
    let fragment = m.decoration(f, Opcode::DecoFragment).is_some();
    super::writer::io_semantic(m, f, fragment).1
}
