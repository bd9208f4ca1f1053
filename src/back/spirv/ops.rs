//! Ordinary instructions: operands, arithmetic, comparisons, conversions, composites,
//! memory and calls. The builtin functions are in `builtins.rs`, textures in `image.rs`.

use super::writer::Writer;
use super::{Error, Result, Version};
use crate::ir::types::Scalar;
use crate::ir::{Inst, Opcode};
use spirv::{GlslStd450Op as Gl, Op};

impl Writer<'_> {
    // ---- operands -----------------------------------------------------------------------

    /// The id of a value used as an operand.
    pub(super) fn value(&mut self, v: Inst) -> Result<u32> {
        let m = self.m;
        let op = m.opcode(v);
        if !m.is_global(v) {
            return Ok(self.local_id(v));
        }
        match op {
            Opcode::Func | Opcode::Block => Ok(self.local_id(v)),
            Opcode::Var => {
                let id = self.global_var(v)?;
                if self.is_wrapped(v) {
                    // The buffer's value is member 0 of its block.
                    let ty = self.type_of(v)?;
                    let zero = self.const_u32(0)?;
                    let p = self.alloc();
                    self.out().op(Op::AccessChain, &[ty, p, id, zero]);
                    return Ok(p);
                }
                Ok(id)
            }
            _ if op.is_constant() => self.constant(v),
            Opcode::Override => match self.spec_value(v) {
                Ok(id) => Ok(id),
                // An override whose default is an expression SPIR-V cannot make a
                // specialization constant is that expression, computed in the function.
                Err(e) => match m.operand_opt(v, 0) {
                    Some(init) if m.opcode(init) != Opcode::Constant => self.value(init),
                    _ => Err(e),
                },
            },
            _ => {
                if let Some(&id) = self.fx.local_globals.get(&v) {
                    return Ok(id);
                }
                if let Ok(id) = self.spec_value(v) {
                    return Ok(id);
                }
                // An override expression SPIR-V cannot make a specialization constant:
                // computed once at the top of the function.
                let was = self.fx.in_prologue;
                self.fx.in_prologue = true;
                let r = self.operation(v);
                self.fx.in_prologue = was;
                r?;
                Ok(self.fx.local_globals[&v])
            }
        }
    }

    /// The result id of an instruction being written.
    pub(super) fn result(&mut self, i: Inst) -> u32 {
        if self.m.is_global(i) {
            if let Some(&id) = self.fx.local_globals.get(&i) {
                return id;
            }
            let id = self.alloc();
            self.fx.local_globals.insert(i, id);
            return id;
        }
        self.local_id(i)
    }

    /// Makes `src` the result of `i`, which has the same value: no instruction, unless
    /// something already referred to `i`'s id (a loop header's `OpPhi`, written before
    /// the loop's body) or `i` is a module-scope expression; then `OpCopyObject`.
    pub(super) fn same_as(&mut self, i: Inst, ty: u32, src: u32) {
        if !self.m.is_global(i) && self.ids[i.index()] == 0 {
            self.ids[i.index()] = src;
            return;
        }
        let id = self.result(i);
        self.emit(Op::CopyObject, ty, id, &[src]);
    }

    /// Writes `op ty id args…`.
    pub(super) fn emit(&mut self, op: Op, ty: u32, id: u32, args: &[u32]) {
        let out = self.out();
        let s = out.begin(op);
        out.words.extend_from_slice(&[ty, id]);
        out.words.extend_from_slice(args);
        out.end(s);
    }

    /// A fresh value `op ty args…`.
    pub(super) fn fresh(&mut self, op: Op, ty: u32, args: &[u32]) -> u32 {
        let id = self.alloc();
        self.emit(op, ty, id, args);
        id
    }

    /// `OpExtInst ty id GLSL.std.450 op args…`.
    pub(super) fn glsl_op(&mut self, ty: u32, id: u32, op: Gl, args: &[u32]) {
        let set = self.glsl();
        let out = self.out();
        let s = out.begin(Op::ExtInst);
        out.words.extend_from_slice(&[ty, id, set, op as u32]);
        out.words.extend_from_slice(args);
        out.end(s);
    }

    pub(super) fn fresh_glsl(&mut self, ty: u32, op: Gl, args: &[u32]) -> u32 {
        let id = self.alloc();
        self.glsl_op(ty, id, op, args);
        id
    }

    /// The values of operands `k..` of `i`.
    pub(super) fn values(&mut self, i: Inst, from: usize) -> Result<Vec<u32>> {
        let m = self.m;
        let n = m.num_operands(i);
        let mut out = Vec::with_capacity(n.saturating_sub(from));
        for k in from..n {
            out.push(self.value(m.operand(i, k))?);
        }
        Ok(out)
    }

    /// Scalar kind and component count of a value's type.
    pub(super) fn shape(&self, v: Inst) -> Option<(Scalar, u32)> {
        self.m.ty(v).and_then(|t| self.m.scalar_or_vec(t))
    }

    /// `v` splatted to an `n`-vector of type `vec_ty` (no-op for `n == 1`).
    pub(super) fn splat(&mut self, v: u32, vec_ty: u32, n: u32) -> u32 {
        if n == 1 {
            return v;
        }
        let parts = vec![v; n as usize];
        self.fresh(Op::CompositeConstruct, vec_ty, &parts)
    }

    // ---- dispatch -----------------------------------------------------------------------

    /// Writes one non-terminator instruction.
    pub(super) fn operation(&mut self, i: Inst) -> Result<()> {
        use crate::ir::Class;
        let op = self.m.opcode(i);
        match op {
            Opcode::Load => self.load(i),
            Opcode::Store => self.store(i),
            Opcode::Call => self.call(i),
            Opcode::Demote => self.demote(i),
            Opcode::Var => Err(Error::malformed("a misplaced `var`", i)),
            _ if op.is_in(Class::Texture) => self.texture_op(i),
            _ if op.is_in(Class::Derivative) => self.derivative(i),
            _ if op.is_in(Class::Subgroup) => self.subgroup(i),
            _ if op.is_in(Class::Atomic) => self.atomic(i),
            _ if op.is_in(Class::Barrier) => self.barrier(i),
            _ if op.is_pure() => self.pure(i),
            _ => Err(Error::malformed(
                format!("`{}` cannot appear in a function body", op.name()),
                i,
            )),
        }
    }

    fn pure(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        match m.opcode(i) {
            Opcode::Neg | Opcode::Not | Opcode::BitNot => self.unary(i),
            Opcode::Add
            | Opcode::Sub
            | Opcode::Mul
            | Opcode::Div
            | Opcode::Rem
            | Opcode::And
            | Opcode::Or
            | Opcode::Xor
            | Opcode::Shl
            | Opcode::Shr => self.binary(i),
            Opcode::Eq | Opcode::Ne | Opcode::Lt | Opcode::Le | Opcode::Gt | Opcode::Ge => {
                self.compare(i)
            }
            Opcode::Select => self.select(i),
            Opcode::Convert => self.convert(i),
            Opcode::Bitcast => {
                let ty = self.type_of(i)?;
                let a = self.value(m.operand(i, 0))?;
                let id = self.result(i);
                self.emit(Op::Bitcast, ty, id, &[a]);
                Ok(())
            }
            Opcode::Construct => self.construct(i),
            Opcode::Splat => {
                let ty = self.type_of(i)?;
                let a = self.value(m.operand(i, 0))?;
                let n = self.shape(i).map_or(1, |s| s.1);
                let id = self.result(i);
                let parts = vec![a; n as usize];
                self.emit(Op::CompositeConstruct, ty, id, &parts);
                Ok(())
            }
            Opcode::Extract => self.extract(i),
            Opcode::Insert => self.insert(i),
            Opcode::Swizzle => {
                let ty = self.type_of(i)?;
                let a = self.value(m.operand(i, 0))?;
                let mut args = vec![a, a];
                for k in 1..m.num_operands(i) {
                    args.push(m.const_u32(m.operand(i, k)).unwrap_or(0));
                }
                let id = self.result(i);
                self.emit(Op::VectorShuffle, ty, id, &args);
                Ok(())
            }
            Opcode::Access => self.access(i),
            Opcode::ArrayLength => self.array_length_op(i),
            Opcode::BufferView | Opcode::BufferArrayView | Opcode::BufferLength => {
                Err(Error::unsupported(
                    "buffer views (the `buffer_view` language extension) are not supported by the SPIR-V back end",
                    i,
                ))
            }
            Opcode::Mov => {
                let ty = self.type_of(i)?;
                let a = self.value(m.operand(i, 0))?;
                self.same_as(i, ty, a);
                Ok(())
            }
            _ => self.builtin_fn(i),
        }
    }

    // ---- arithmetic -----------------------------------------------------------------------

    fn unary(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let a_inst = m.operand(i, 0);
        let ty = self.type_of(i)?;
        let a = self.value(a_inst)?;
        let s = self.shape(a_inst).map(|x| x.0);
        let op = match (m.opcode(i), s) {
            (Opcode::Neg, Some(s)) if s.is_float() => Op::FNegate,
            (Opcode::Neg, _) => {
                // A matrix negation is column by column.
                if let Some((col_ty, n)) = m.ty(a_inst).and_then(|t| m.mat_parts(t)) {
                    let col = self.type_id(col_ty)?;
                    let mut cols = Vec::with_capacity(n as usize);
                    for k in 0..n {
                        let c = self.fresh(Op::CompositeExtract, col, &[a, k]);
                        cols.push(self.fresh(Op::FNegate, col, &[c]));
                    }
                    let id = self.result(i);
                    self.emit(Op::CompositeConstruct, ty, id, &cols);
                    return Ok(());
                }
                Op::SNegate
            }
            (Opcode::Not, _) => Op::LogicalNot,
            _ => Op::Not,
        };
        let id = self.result(i);
        self.emit(op, ty, id, &[a]);
        Ok(())
    }

    fn binary(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let (ai, bi) = (m.operand(i, 0), m.operand(i, 1));
        let (sa, sb) = (self.shape(ai), self.shape(bi));
        let ty = self.type_of(i)?;
        let mut a = self.value(ai)?;
        let mut b = self.value(bi)?;
        let op = m.opcode(i);
        let (Some((s, na)), Some((_, nb))) = (sa, sb) else {
            return self.matrix_arith(i, a, b);
        };
        // Vector-scalar forms: float multiplication has its own instruction; everything
        // else works on the scalar splatted to a vector.
        if na != nb {
            if op == Opcode::Mul && s.is_float() {
                let (v, sc) = if na > nb { (a, b) } else { (b, a) };
                let id = self.result(i);
                self.emit(Op::VectorTimesScalar, ty, id, &[v, sc]);
                return Ok(());
            }
            if na < nb {
                a = self.splat(a, ty, nb);
            } else {
                b = self.splat(b, ty, na);
            }
        }
        let spv = simple_op(op, s)
            .ok_or_else(|| Error::malformed("an unexpected binary operation", i))?;
        let id = self.result(i);
        self.emit(spv, ty, id, &[a, b]);
        Ok(())
    }

    /// Matrix arithmetic: `+`/`-` column by column, and the products.
    fn matrix_arith(&mut self, i: Inst, a: u32, b: u32) -> Result<()> {
        let m = self.m;
        let (ai, bi) = (m.operand(i, 0), m.operand(i, 1));
        let ta = m.ty(ai).and_then(|t| m.mat_parts(t));
        let tb = m.ty(bi).and_then(|t| m.mat_parts(t));
        let ty = self.type_of(i)?;
        let id = self.result(i);
        match (m.opcode(i), ta, tb) {
            (Opcode::Add | Opcode::Sub, Some((col_ty, n)), Some(_)) => {
                let col = self.type_id(col_ty)?;
                let op = if m.opcode(i) == Opcode::Add {
                    Op::FAdd
                } else {
                    Op::FSub
                };
                let mut cols = Vec::with_capacity(n as usize);
                for k in 0..n {
                    let x = self.fresh(Op::CompositeExtract, col, &[a, k]);
                    let y = self.fresh(Op::CompositeExtract, col, &[b, k]);
                    cols.push(self.fresh(op, col, &[x, y]));
                }
                self.emit(Op::CompositeConstruct, ty, id, &cols);
            }
            (Opcode::Mul, Some(_), Some(_)) => self.emit(Op::MatrixTimesMatrix, ty, id, &[a, b]),
            (Opcode::Mul, Some(_), None) => {
                if self.shape(bi).is_some_and(|s| s.1 > 1) {
                    self.emit(Op::MatrixTimesVector, ty, id, &[a, b]);
                } else {
                    self.emit(Op::MatrixTimesScalar, ty, id, &[a, b]);
                }
            }
            (Opcode::Mul, None, Some(_)) => {
                if self.shape(ai).is_some_and(|s| s.1 > 1) {
                    self.emit(Op::VectorTimesMatrix, ty, id, &[a, b]);
                } else {
                    self.emit(Op::MatrixTimesScalar, ty, id, &[b, a]);
                }
            }
            _ => return Err(Error::malformed("an unexpected matrix operation", i)),
        }
        Ok(())
    }

    fn compare(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let ai = m.operand(i, 0);
        let ty = self.type_of(i)?;
        let a = self.value(ai)?;
        let b = self.value(m.operand(i, 1))?;
        let s = self
            .shape(ai)
            .map(|x| x.0)
            .ok_or_else(|| Error::malformed("a comparison of non-scalars", i))?;
        let spv = simple_op(m.opcode(i), s)
            .ok_or_else(|| Error::malformed("an unexpected comparison", i))?;
        let id = self.result(i);
        self.emit(spv, ty, id, &[a, b]);
        Ok(())
    }

    /// `select %c, %t, %f`: `%c ? %t : %f`. Before SPIR-V 1.4 a vector select needs a
    /// vector condition.
    fn select(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let ty = self.type_of(i)?;
        let mut c = self.value(m.operand(i, 0))?;
        let t = self.value(m.operand(i, 1))?;
        let f = self.value(m.operand(i, 2))?;
        let n = self.shape(i).map_or(1, |s| s.1);
        let cn = self.shape(m.operand(i, 0)).map_or(1, |s| s.1);
        if n > 1 && cn == 1 {
            let b = self.bool_type()?;
            let bv = self.vec_type(b, n)?;
            c = self.splat(c, bv, n);
        }
        let id = self.result(i);
        self.emit(Op::Select, ty, id, &[c, t, f]);
        Ok(())
    }

    /// Value conversions between scalar kinds (float↔int saturation is legalized before).
    fn convert(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let ai = m.operand(i, 0);
        let ty = self.type_of(i)?;
        let a = self.value(ai)?;
        if m.ty(ai) == m.ty(i) {
            self.same_as(i, ty, a);
            return Ok(());
        }
        let id = self.result(i);
        // Matrices (f32 <-> f16) column by column.
        if let (Some((from_col, n)), Some((to_col, _))) = (
            m.ty(ai).and_then(|t| m.mat_parts(t)),
            m.ty(i).and_then(|t| m.mat_parts(t)),
        ) {
            let fc = self.type_id(from_col)?;
            let tc = self.type_id(to_col)?;
            let mut cols = Vec::with_capacity(n as usize);
            for k in 0..n {
                let c = self.fresh(Op::CompositeExtract, fc, &[a, k]);
                cols.push(self.fresh(Op::FConvert, tc, &[c]));
            }
            self.emit(Op::CompositeConstruct, ty, id, &cols);
            return Ok(());
        }
        let from = self.shape(ai);
        let to = self.shape(i);
        let (Some((fs, n)), Some((ts, _))) = (from, to) else {
            return Err(Error::malformed("a conversion of non-scalars", i));
        };
        use Scalar as S;
        let op = match (fs, ts) {
            _ if fs == ts => Op::CopyObject,
            (S::F32 | S::F16, S::F32 | S::F16) => Op::FConvert,
            (S::F32 | S::F16, S::I32) => Op::ConvertFToS,
            (S::F32 | S::F16, S::U32) => Op::ConvertFToU,
            (S::I32, S::F32 | S::F16) => Op::ConvertSToF,
            (S::U32, S::F32 | S::F16) => Op::ConvertUToF,
            (S::I32 | S::U32, S::I32 | S::U32) => Op::Bitcast,
            (S::Bool, _) => {
                // true -> 1, false -> 0
                let elem = m
                    .ty(i)
                    .and_then(|t| m.scalar_type_of(t))
                    .ok_or_else(|| Error::malformed("an untyped conversion", i))?;
                let one = self.const_like(elem, 1)?;
                let zero = self.const_like(elem, 0)?;
                let (one, zero) = (
                    self.splat_const(one, ty, n)?,
                    self.splat_const(zero, ty, n)?,
                );
                self.emit(Op::Select, ty, id, &[a, one, zero]);
                return Ok(());
            }
            (_, S::Bool) => {
                let elem = m
                    .ty(ai)
                    .and_then(|t| m.scalar_type_of(t))
                    .ok_or_else(|| Error::malformed("an untyped conversion", i))?;
                let from_ty = self.type_of(ai)?;
                let zero = self.const_like(elem, 0)?;
                let zero = self.splat_const(zero, from_ty, n)?;
                let op = if fs.is_float() {
                    Op::FUnordNotEqual
                } else {
                    Op::INotEqual
                };
                self.emit(op, ty, id, &[a, zero]);
                return Ok(());
            }
        };
        self.emit(op, ty, id, &[a]);
        Ok(())
    }

    /// A constant splatted to a constant vector.
    pub(super) fn splat_const(&mut self, c: u32, vec_ty: u32, n: u32) -> Result<u32> {
        if n == 1 {
            return Ok(c);
        }
        self.key_const(super::types::ConstKey::Composite {
            ty: vec_ty,
            parts: vec![c; n as usize],
        })
    }

    // ---- composites ------------------------------------------------------------------------

    fn construct(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let rt = m
            .ty(i)
            .ok_or_else(|| Error::malformed("an untyped construct", i))?;
        let ty = self.type_id(rt)?;
        let mut parts = self.values(i, 0)?;
        // A matrix from scalars: build the columns first.
        if let Some((col_ty, cols)) = m.mat_parts(rt) {
            let rows = m.vec_parts(col_ty).map_or(0, |x| x.1) as usize;
            if parts.len() == cols as usize * rows && rows > 0 && parts.len() != cols as usize {
                let col = self.type_id(col_ty)?;
                let mut cs = Vec::with_capacity(cols as usize);
                for chunk in parts.chunks(rows) {
                    cs.push(self.fresh(Op::CompositeConstruct, col, chunk));
                }
                parts = cs;
            }
        }
        let id = self.result(i);
        self.emit(Op::CompositeConstruct, ty, id, &parts);
        Ok(())
    }

    /// `extract %v, indices…`: constant indices are literals; a dynamic index is only
    /// left (by legalization) as the last index into a vector.
    fn extract(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let ty = self.type_of(i)?;
        let mut base = self.value(m.operand(i, 0))?;
        let n = m.num_operands(i);
        let mut t = m
            .ty(m.operand(i, 0))
            .ok_or_else(|| Error::malformed("an untyped composite", i))?;
        let mut literals = Vec::new();
        for k in 1..n {
            let ix = m.operand(i, k);
            if let Some(c) = m.const_u32(ix).filter(|_| m.opcode(ix) == Opcode::Constant) {
                literals.push(c);
                t = m
                    .member_type(t, Some(c))
                    .ok_or_else(|| Error::malformed("an index out of range", i))?;
                continue;
            }
            if k + 1 != n || m.opcode(t) != Opcode::Vec {
                return Err(Error::malformed(
                    "a dynamic index into a value array or matrix reached the writer (legalization spills it to a variable)",
                    i,
                ));
            }
            if !literals.is_empty() {
                let vt = self.type_id(t)?;
                let mut args = vec![base];
                args.append(&mut literals);
                base = self.fresh(Op::CompositeExtract, vt, &args);
            }
            let x = self.value(ix)?;
            let id = self.result(i);
            self.emit(Op::VectorExtractDynamic, ty, id, &[base, x]);
            return Ok(());
        }
        let mut args = vec![base];
        args.extend(literals);
        let id = self.result(i);
        self.emit(Op::CompositeExtract, ty, id, &args);
        Ok(())
    }

    fn insert(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let ty = self.type_of(i)?;
        let base = self.value(m.operand(i, 0))?;
        let part = self.value(m.operand(i, 1))?;
        let n = m.num_operands(i);
        if n == 3 {
            let ix = m.operand(i, 2);
            if m.opcode(ix) != Opcode::Constant {
                let x = self.value(ix)?;
                let id = self.result(i);
                self.emit(Op::VectorInsertDynamic, ty, id, &[base, part, x]);
                return Ok(());
            }
        }
        let mut args = vec![part, base];
        for k in 2..n {
            let ix = m.operand(i, k);
            let c = m
                .const_u32(ix)
                .filter(|_| m.opcode(ix) == Opcode::Constant)
                .ok_or_else(|| {
                    Error::malformed(
                        "a dynamic index into a value array or matrix reached the writer",
                        i,
                    )
                })?;
            args.push(c);
        }
        let id = self.result(i);
        self.emit(Op::CompositeInsert, ty, id, &args);
        Ok(())
    }

    // ---- memory ----------------------------------------------------------------------------

    /// `access %p, indices…` → `OpAccessChain`; into a wrapped buffer, through member 0.
    fn access(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let base_inst = m.operand(i, 0);
        let ty = self.type_of(i)?;
        let mut args = Vec::with_capacity(m.num_operands(i) + 1);
        if m.opcode(base_inst) == Opcode::Var
            && m.is_global(base_inst)
            && self.is_wrapped(base_inst)
        {
            args.push(self.global_var(base_inst)?);
            args.push(self.const_u32(0)?);
        } else {
            args.push(self.value(base_inst)?);
        }
        for k in 1..m.num_operands(i) {
            args.push(self.index(m.operand(i, k))?);
        }
        if args.len() == 1 {
            self.same_as(i, ty, args[0]);
        } else {
            let id = self.result(i);
            self.emit(Op::AccessChain, ty, id, &args);
        }
        Ok(())
    }

    /// An index operand: struct member indices must be 32-bit integer constants, which
    /// IR constants are.
    fn index(&mut self, ix: Inst) -> Result<u32> {
        self.value(ix)
    }

    /// `array_length %p`: `OpArrayLength` on the block holding the runtime array.
    fn array_length_op(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let ty = self.type_of(i)?;
        let p = m.operand(i, 0);
        let (block, member) = if m.opcode(p) == Opcode::Var && m.is_global(p) {
            // A bare runtime array: member 0 of its wrapper.
            (self.global_var(p)?, 0)
        } else if m.opcode(p) == Opcode::Access
            && m.num_operands(p) == 2
            && m.opcode(m.operand(p, 0)) == Opcode::Var
            && m.is_global(m.operand(p, 0))
            && !self.is_wrapped(m.operand(p, 0))
        {
            let member = m
                .const_u32(m.operand(p, 1))
                .ok_or_else(|| Error::malformed("a dynamic struct member index", p))?;
            (self.global_var(m.operand(p, 0))?, member)
        } else {
            return Err(Error::unsupported(
                "`arrayLength` of a runtime-sized array reached through a pointer the SPIR-V back end cannot trace to its buffer",
                i,
            ));
        };
        let id = self.result(i);
        self.emit(Op::ArrayLength, ty, id, &[block, member]);
        Ok(())
    }

    fn load(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let ty = self.type_of(i)?;
        let p = self.value(m.operand(i, 0))?;
        let id = self.result(i);
        self.emit(Op::Load, ty, id, &[p]);
        Ok(())
    }

    fn store(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let p = self.value(m.operand(i, 0))?;
        let v = self.value(m.operand(i, 1))?;
        self.out().op(Op::Store, &[p, v]);
        Ok(())
    }

    fn call(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let ty = self.type_of(i)?;
        let f = self.local_id(m.operand(i, 0));
        let mut args = vec![f];
        args.extend(self.values(i, 1)?);
        let id = self.result(i);
        self.emit(Op::FunctionCall, ty, id, &args);
        Ok(())
    }

    fn demote(&mut self, i: Inst) -> Result<()> {
        if self.opts.version() < Version::V1_6 {
            if !self.opts.has_demote() {
                return Err(Error::malformed(
                    "`demote` reached the writer for a target without demotion (legalization emulates it)",
                    i,
                ));
            }
            self.extension("SPV_EXT_demote_to_helper_invocation");
        }
        self.capability(spirv::Capability::DemoteToHelperInvocation);
        self.out().op(Op::DemoteToHelperInvocation, &[]);
        Ok(())
    }
}

/// The SPIR-V instruction for an IR arithmetic, bitwise, shift or comparison opcode on
/// scalars (or vectors) of kind `s`, component by component.
pub(super) fn simple_op(op: Opcode, s: Scalar) -> Option<Op> {
    let float = s.is_float();
    let signed = s == Scalar::I32;
    let pick = |f: Op, i: Op, u: Op| {
        Some(if float {
            f
        } else if signed {
            i
        } else {
            u
        })
    };
    match (op, s) {
        (Opcode::Add, _) => pick(Op::FAdd, Op::IAdd, Op::IAdd),
        (Opcode::Sub, _) => pick(Op::FSub, Op::ISub, Op::ISub),
        (Opcode::Mul, _) => pick(Op::FMul, Op::IMul, Op::IMul),
        (Opcode::Div, _) => pick(Op::FDiv, Op::SDiv, Op::UDiv),
        (Opcode::Rem, _) => pick(Op::FRem, Op::SRem, Op::UMod),
        (Opcode::And, Scalar::Bool) => Some(Op::LogicalAnd),
        (Opcode::Or, Scalar::Bool) => Some(Op::LogicalOr),
        (Opcode::Xor | Opcode::Ne, Scalar::Bool) => Some(Op::LogicalNotEqual),
        (Opcode::Eq, Scalar::Bool) => Some(Op::LogicalEqual),
        (Opcode::And, _) => Some(Op::BitwiseAnd),
        (Opcode::Or, _) => Some(Op::BitwiseOr),
        (Opcode::Xor, _) => Some(Op::BitwiseXor),
        (Opcode::Shl, _) => Some(Op::ShiftLeftLogical),
        (Opcode::Shr, _) => pick(
            Op::ShiftRightLogical,
            Op::ShiftRightArithmetic,
            Op::ShiftRightLogical,
        ),
        (Opcode::Eq, _) => pick(Op::FOrdEqual, Op::IEqual, Op::IEqual),
        // NaN != x is true.
        (Opcode::Ne, _) => pick(Op::FUnordNotEqual, Op::INotEqual, Op::INotEqual),
        (Opcode::Lt, _) => pick(Op::FOrdLessThan, Op::SLessThan, Op::ULessThan),
        (Opcode::Le, _) => pick(
            Op::FOrdLessThanEqual,
            Op::SLessThanEqual,
            Op::ULessThanEqual,
        ),
        (Opcode::Gt, _) => pick(Op::FOrdGreaterThan, Op::SGreaterThan, Op::UGreaterThan),
        (Opcode::Ge, _) => pick(
            Op::FOrdGreaterThanEqual,
            Op::SGreaterThanEqual,
            Op::UGreaterThanEqual,
        ),
        _ => None,
    }
}
