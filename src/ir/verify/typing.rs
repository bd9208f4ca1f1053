//! Operand and result types of every opcode, the form of types and constants, and the
//! operands of decorations. Each check returns the rule it enforces with a message.

use super::Rule;
use crate::ir::enums::{
    AccessMode, AddressSpace, BuiltinValue, DepthMode, InterpolationSampling, InterpolationType,
    TexelFormat, TextureDim,
};
use crate::ir::module::{Inst, Module};
use crate::ir::opcode::Opcode;
use crate::ir::types::Scalar;

type Check = Result<(), (Rule, String)>;

fn fail<T>(rule: Rule, msg: impl Into<String>) -> Result<T, (Rule, String)> {
    Err((rule, msg.into()))
}

/// A type's name for a message, formatted only if the message is.
struct Tn<'m>(&'m Module, Option<Inst>);

impl std::fmt::Display for Tn<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.1 {
            Some(t) => write!(f, "`{}`", self.0.type_name(t)),
            None => f.write_str("an untyped value"),
        }
    }
}

fn tn(m: &Module, t: Option<Inst>) -> Tn<'_> {
    Tn(m, t)
}

/// Scalar kind and component count of a scalar or vector type.
fn sv(m: &Module, t: Option<Inst>) -> Option<(Scalar, u32)> {
    m.scalar_or_vec(t?)
}

fn is_int(s: Scalar) -> bool {
    s.is_int()
}

/// Type-structural equality: hash-consing makes equal global types identical, so this
/// is identity, except that two distinct local types are compared by their parts.
fn same(a: Option<Inst>, b: Option<Inst>) -> bool {
    a.is_some() && a == b
}

/// The shape `(scalar, n)` as a type id, if the module has it.
fn shaped(m: &Module, t: Option<Inst>, s: Scalar, n: u32) -> bool {
    sv(m, t) == Some((s, n)) && t.is_some_and(|t| n == 1 || m.opcode(t) == Opcode::Vec)
}

struct Cx<'m> {
    m: &'m Module,
    op: Opcode,
    ops: Vec<Inst>,
    rt: Option<Inst>,
}

impl Cx<'_> {
    fn n(&self) -> usize {
        self.ops.len()
    }

    fn count(&self, min: usize, max: usize) -> Check {
        let n = self.n();
        if n < min || n > max {
            let want = if min == max {
                format!("{min}")
            } else if max == usize::MAX {
                format!("at least {min}")
            } else {
                format!("{min} to {max}")
            };
            return fail(
                Rule::OperandCount,
                format!("`{}` takes {want} operands, not {n}", self.op.name()),
            );
        }
        Ok(())
    }

    fn ty(&self, k: usize) -> Option<Inst> {
        self.ops.get(k).and_then(|&x| self.m.ty(x))
    }

    fn sv(&self, k: usize) -> Option<(Scalar, u32)> {
        sv(self.m, self.ty(k))
    }

    /// Fails with `operand-types` unless `ok`.
    fn want(&self, ok: bool, k: usize, what: impl std::fmt::Display) -> Check {
        if ok {
            return Ok(());
        }
        let got = match self.ops.get(k) {
            Some(&x) if self.m.is_type_valued(x) => "a type".to_string(),
            Some(_) => tn(self.m, self.ty(k)).to_string(),
            None => "nothing".into(),
        };
        fail(
            Rule::OperandTypes,
            format!(
                "operand {k} of `{}` must be {what}, not {got}",
                self.op.name()
            ),
        )
    }

    /// Fails with `result-type` unless `ok`.
    fn result(&self, ok: bool, what: &str) -> Check {
        if ok {
            return Ok(());
        }
        fail(
            Rule::ResultType,
            format!(
                "`{}` gives {what}, but the instruction's type is {}",
                self.op.name(),
                tn(self.m, self.rt)
            ),
        )
    }

    fn result_is(&self, t: Option<Inst>) -> Check {
        if same(self.rt, t) {
            return Ok(());
        }
        let what = tn(self.m, t).to_string();
        self.result(false, &what)
    }

    fn result_void(&self) -> Check {
        self.result(
            self.rt.is_some_and(|t| self.m.opcode(t) == Opcode::Void),
            "no value (`void`)",
        )
    }

    fn result_shape(&self, s: Scalar, n: u32) -> Check {
        if shaped(self.m, self.rt, s, n) {
            return Ok(());
        }
        let what = if n == 1 {
            format!("`{}`", scalar_name(s))
        } else {
            format!("`vec{n}<{}>`", scalar_name(s))
        };
        self.result(shaped(self.m, self.rt, s, n), &what)
    }

    fn value(&self, k: usize) -> Check {
        let ok = self
            .ops
            .get(k)
            .is_some_and(|&x| !self.m.is_type_valued(x) && self.m.opcode(x) != Opcode::Block);
        self.want(ok, k, "a value")
    }

    fn int_scalar(&self, k: usize) -> Check {
        self.want(
            matches!(self.sv(k), Some((s, 1)) if is_int(s)),
            k,
            "an `i32` or `u32`",
        )
    }

    fn ptr(&self, k: usize) -> Result<(AddressSpace, Inst, AccessMode), (Rule, String)> {
        match self.ty(k).and_then(|t| self.m.ptr_parts(t)) {
            Some(p) => Ok(p),
            None => {
                self.want(false, k, "a pointer")?;
                unreachable!()
            }
        }
    }
}

fn scalar_name(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "bool",
        Scalar::I32 => "i32",
        Scalar::U32 => "u32",
        Scalar::F32 => "f32",
        Scalar::F16 => "f16",
    }
}

/// Checks one operation (not a type or constant). `result` is the enclosing function's
/// result type, for `return`.
pub fn check_inst(m: &Module, i: Inst, result: Option<Inst>) -> Check {
    let cx = Cx {
        m,
        op: m.opcode(i),
        ops: m.operands(i).collect(),
        rt: m.ty(i),
    };
    let op = cx.op;
    use Opcode as O;
    match op {
        O::Neg => {
            cx.count(1, 1)?;
            cx.want(
                matches!(cx.sv(0), Some((s, _)) if s.is_numeric() && s != Scalar::U32),
                0,
                "a signed number or vector",
            )?;
            cx.result_is(cx.ty(0))
        }
        O::Not => {
            cx.count(1, 1)?;
            cx.want(
                matches!(cx.sv(0), Some((Scalar::Bool, _))),
                0,
                "a `bool` or `vecN<bool>`",
            )?;
            cx.result_is(cx.ty(0))
        }
        O::BitNot => {
            cx.count(1, 1)?;
            cx.want(
                matches!(cx.sv(0), Some((s, _)) if is_int(s)),
                0,
                "an integer or integer vector",
            )?;
            cx.result_is(cx.ty(0))
        }
        O::Add | O::Sub | O::Mul | O::Div | O::Rem => arith(&cx),
        O::And | O::Or | O::Xor => {
            cx.count(2, 2)?;
            cx.want(
                matches!(cx.sv(0), Some((s, _)) if is_int(s) || s == Scalar::Bool),
                0,
                "an integer or boolean scalar or vector",
            )?;
            cx.want(same(cx.ty(0), cx.ty(1)), 1, tn(m, cx.ty(0)))?;
            cx.result_is(cx.ty(0))
        }
        O::Shl | O::Shr => {
            cx.count(2, 2)?;
            let a = cx.sv(0);
            cx.want(
                matches!(a, Some((s, _)) if is_int(s)),
                0,
                "an integer or integer vector",
            )?;
            let n = a.map_or(1, |x| x.1);
            cx.want(
                shaped(m, cx.ty(1), Scalar::U32, n),
                1,
                "a `u32` shift amount of the same shape",
            )?;
            cx.result_is(cx.ty(0))
        }
        O::Eq | O::Ne | O::Lt | O::Le | O::Gt | O::Ge => {
            cx.count(2, 2)?;
            let a = cx.sv(0);
            let ordered = !matches!(op, O::Eq | O::Ne);
            cx.want(
                matches!(a, Some((s, _)) if !ordered || s.is_numeric()),
                0,
                if ordered {
                    "a number or numeric vector"
                } else {
                    "a scalar or vector"
                },
            )?;
            cx.want(same(cx.ty(0), cx.ty(1)), 1, tn(m, cx.ty(0)))?;
            cx.result_shape(Scalar::Bool, a.map_or(1, |x| x.1))
        }
        O::Select => {
            cx.count(3, 3)?;
            let c = cx.sv(0);
            let t = cx.sv(1);
            cx.want(t.is_some(), 1, "a scalar or vector")?;
            cx.want(same(cx.ty(1), cx.ty(2)), 2, tn(m, cx.ty(1)))?;
            let n = t.map_or(1, |x| x.1);
            cx.want(
                matches!(c, Some((Scalar::Bool, k)) if k == 1 || k == n),
                0,
                "a `bool` condition (or a `vecN<bool>` of the operands' size)",
            )?;
            cx.result_is(cx.ty(1))
        }
        O::Convert => {
            cx.count(1, 1)?;
            let (a, r) = (cx.sv(0), sv(m, cx.rt));
            match (a, r) {
                (Some((_, n)), Some((_, k))) if n == k => Ok(()),
                _ => {
                    let ma = cx.ty(0).and_then(|t| m.mat_parts(t));
                    let mr = cx.rt.and_then(|t| m.mat_parts(t));
                    let ok = match (ma, mr) {
                        (Some((ca, na)), Some((cr, nr))) => {
                            na == nr && sv(m, Some(ca)).map(|x| x.1) == sv(m, Some(cr)).map(|x| x.1)
                        }
                        _ => false,
                    };
                    cx.want(ok, 0, "a scalar, vector or matrix of the result's shape")
                }
            }
        }
        O::Bitcast => {
            cx.count(1, 1)?;
            let width = |x: Option<(Scalar, u32)>| {
                x.filter(|(s, _)| s.is_numeric())
                    .map(|(s, n)| n * if s == Scalar::F16 { 16 } else { 32 })
            };
            let (a, r) = (width(cx.sv(0)), width(sv(m, cx.rt)));
            cx.want(a.is_some(), 0, "a numeric scalar or vector")?;
            cx.result(
                r.is_some() && r == a,
                "a numeric type of the operand's bit width",
            )
        }
        O::Construct => construct(&cx),
        O::Splat => {
            cx.count(1, 1)?;
            let a = cx.sv(0);
            cx.want(matches!(a, Some((_, 1))), 0, "a scalar")?;
            let r = sv(m, cx.rt);
            cx.result(
                matches!((a, r), (Some((s, 1)), Some((rs, n))) if s == rs && n > 1),
                "a vector of the operand's type",
            )
        }
        O::Extract | O::Insert => {
            let first_index = if op == O::Extract { 1 } else { 2 };
            cx.count(first_index + 1, usize::MAX)?;
            cx.value(0)?;
            let mut t = cx.ty(0);
            for k in first_index..cx.n() {
                t = member(&cx, t, k)?;
            }
            if op == O::Extract {
                cx.result_is(t)
            } else {
                cx.want(same(cx.ty(1), t), 1, tn(m, t))?;
                cx.result_is(cx.ty(0))
            }
        }
        O::Swizzle => {
            cx.count(3, 5)?;
            let a = cx.sv(0);
            let Some((s, n)) = a.filter(|&(_, n)| n > 1) else {
                return cx.want(false, 0, "a vector");
            };
            for k in 1..cx.n() {
                let c = m.const_u32(cx.ops[k]);
                cx.want(
                    c.is_some_and(|c| c < n),
                    k,
                    &format!("a constant component index below {n}"),
                )?;
            }
            cx.result_shape(s, (cx.n() - 1) as u32)
        }
        O::Access => {
            cx.count(1, usize::MAX)?;
            let (space, mut t, access) = cx.ptr(0)?;
            for k in 1..cx.n() {
                t = member(&cx, Some(t), k)?.unwrap_or(t);
            }
            let ok = cx
                .rt
                .and_then(|r| m.ptr_parts(r))
                .is_some_and(|(s2, t2, a2)| s2 == space && t2 == t && a2 == access);
            cx.result(
                ok,
                &format!(
                    "a pointer to `{}` in the same address space and access mode",
                    m.type_name(t)
                ),
            )
        }
        O::ArrayLength => {
            cx.count(1, 1)?;
            let (_, t, _) = cx.ptr(0)?;
            cx.want(
                m.opcode(t) == O::RuntimeArray,
                0,
                "a pointer to a runtime-sized array",
            )?;
            cx.result_shape(Scalar::U32, 1)
        }
        O::BufferView | O::BufferArrayView | O::BufferLength => {
            let n = match op {
                O::BufferLength => 1,
                O::BufferView => 2,
                _ => 3,
            };
            cx.count(n, n)?;
            let (space, t, access) = cx.ptr(0)?;
            cx.want(
                matches!(m.opcode(t), O::Buffer | O::RuntimeBuffer),
                0,
                "a pointer to a buffer",
            )?;
            for k in 1..n {
                cx.int_scalar(k)?;
            }
            if op == O::BufferLength {
                return cx.result_shape(Scalar::U32, 1);
            }
            let ok = cx
                .rt
                .and_then(|r| m.ptr_parts(r))
                .is_some_and(|(s2, _, a2)| s2 == space && a2 == access);
            cx.result(
                ok,
                "a pointer in the buffer's address space and access mode",
            )
        }
        O::Load => {
            cx.count(1, 1)?;
            let (_, store, access) = cx.ptr(0)?;
            if access == AccessMode::Write {
                return fail(Rule::MemoryAccess, "`load` through a write-only pointer");
            }
            if m.opcode(store) == O::Atomic {
                return fail(
                    Rule::MemoryAccess,
                    "an atomic is read with `atomic_load`, not `load`",
                );
            }
            cx.result_is(Some(store))
        }
        O::Store => {
            cx.count(2, 2)?;
            let (_, store, access) = cx.ptr(0)?;
            if access == AccessMode::Read {
                return fail(Rule::MemoryAccess, "`store` through a read-only pointer");
            }
            if !m.is_constructible(store) {
                return fail(
                    Rule::MemoryAccess,
                    format!("`{}` cannot be stored as a whole", m.type_name(store)),
                );
            }
            cx.want(
                same(cx.ty(1), Some(store)),
                1,
                &format!("`{}`", m.type_name(store)),
            )?;
            cx.result_void()
        }
        O::Var => {
            cx.count(0, 1)?;
            let Some((space, store, _)) = cx.rt.and_then(|t| m.ptr_parts(t)) else {
                return cx.result(false, "a pointer");
            };
            if !m.is_global(i) && space != AddressSpace::Function {
                return fail(
                    Rule::AddressSpaceRule,
                    format!(
                        "a function-scope variable is in the `function` address space, not `{}`",
                        space.name()
                    ),
                );
            }
            if cx.n() == 1 {
                cx.want(
                    same(cx.ty(0), Some(store)),
                    0,
                    &format!("an initializer of type `{}`", m.type_name(store)),
                )?;
            }
            Ok(())
        }
        O::Override => {
            cx.count(0, 1)?;
            cx.result(sv(m, cx.rt).is_some_and(|(_, n)| n == 1), "a scalar")?;
            if cx.n() == 1 {
                cx.want(same(cx.ty(0), cx.rt), 0, tn(m, cx.rt))?;
            }
            Ok(())
        }
        O::Call => {
            cx.count(1, usize::MAX)?;
            let f = cx.ops[0];
            if !matches!(m.opcode(f), O::Func) {
                return cx.want(false, 0, "a function");
            }
            let Some((res, params)) = m.ty(f).and_then(|t| m.fn_parts(t)) else {
                return fail(Rule::Call, "the callee has no function type");
            };
            if params.len() != cx.n() - 1 {
                return fail(
                    Rule::Call,
                    format!(
                        "{} takes {} arguments, but the call passes {}",
                        super::name(m, f),
                        params.len(),
                        cx.n() - 1
                    ),
                );
            }
            for (k, &p) in params.iter().enumerate() {
                if !same(cx.ty(k + 1), Some(p)) {
                    return fail(
                        Rule::Call,
                        format!(
                            "argument {k} has type {}, but the parameter has type `{}`",
                            tn(m, cx.ty(k + 1)),
                            m.type_name(p)
                        ),
                    );
                }
            }
            cx.result_is(Some(res))
        }
        O::Demote | O::StorageBarrier | O::TextureBarrier | O::WorkgroupBarrier => {
            cx.count(0, 0)?;
            cx.result_void()
        }
        O::WorkgroupUniformLoad => {
            cx.count(1, 1)?;
            let (space, store, _) = cx.ptr(0)?;
            cx.want(
                space == AddressSpace::Workgroup,
                0,
                "a pointer into `workgroup` memory",
            )?;
            cx.result_is(Some(store))
        }
        O::Mov => {
            cx.count(1, 1)?;
            cx.value(0)?;
            cx.result_is(cx.ty(0))
        }
        O::Mad => {
            cx.count(3, 3)?;
            cx.want(
                matches!(cx.sv(0), Some((s, 1)) if s.is_numeric()),
                0,
                "a numeric scalar",
            )?;
            for k in 1..3 {
                cx.want(same(cx.ty(k), cx.ty(0)), k, tn(m, cx.ty(0)))?;
            }
            cx.result_is(cx.ty(0))
        }
        O::Rcp | O::Rsq => {
            cx.count(1, 1)?;
            cx.want(
                matches!(cx.sv(0), Some((s, 1)) if s.is_float()),
                0,
                "a float scalar",
            )?;
            cx.result_is(cx.ty(0))
        }
        O::MulHi => {
            cx.count(2, 2)?;
            cx.want(
                matches!(cx.sv(0), Some((s, 1)) if is_int(s)),
                0,
                "an integer scalar",
            )?;
            cx.want(same(cx.ty(1), cx.ty(0)), 1, tn(m, cx.ty(0)))?;
            cx.result_is(cx.ty(0))
        }
        O::Br => {
            cx.count(1, usize::MAX)?;
            cx.result_void()
        }
        O::IfElse => {
            cx.count(4, 4)?;
            cx.want(
                shaped(m, cx.ty(0), Scalar::Bool, 1),
                0,
                "a `bool` condition",
            )?;
            cx.result_void()
        }
        O::Loop => {
            cx.count(3, usize::MAX)?;
            cx.result_void()
        }
        O::Switch => {
            cx.count(3, usize::MAX)?;
            if cx.n() % 2 == 0 {
                return fail(
                    Rule::OperandCount,
                    "`switch` cases come in (value, block) pairs",
                );
            }
            let sel = cx.sv(0);
            cx.want(
                matches!(sel, Some((s, 1)) if is_int(s)),
                0,
                "an `i32` or `u32` selector",
            )?;
            let mut seen = Vec::new();
            let mut k = 3;
            while k < cx.n() {
                let v = cx.ops[k];
                if m.opcode(v) != O::Constant || !same(m.ty(v), cx.ty(0)) {
                    return fail(
                        Rule::SwitchCases,
                        format!(
                            "case {} must be a constant of the selector's type {}",
                            (k - 3) / 2,
                            tn(m, cx.ty(0))
                        ),
                    );
                }
                if seen.contains(&v) {
                    return fail(
                        Rule::SwitchCases,
                        format!("the case value {} appears twice", super::name(m, v)),
                    );
                }
                seen.push(v);
                k += 2;
            }
            cx.result_void()
        }
        O::Return => {
            cx.count(0, 1)?;
            let want = result.filter(|&r| m.opcode(r) != O::Void);
            let got = cx.ty(0);
            let ok = match want {
                None => cx.n() == 0,
                Some(r) => same(got, Some(r)),
            };
            if !ok {
                return fail(
                    Rule::ReturnType,
                    format!(
                        "the function returns {}, but this `return` gives {}",
                        want.map_or("nothing".into(), |r| format!("`{}`", m.type_name(r))),
                        if cx.n() == 0 {
                            "nothing".to_string()
                        } else {
                            tn(m, got).to_string()
                        }
                    ),
                );
            }
            cx.result_void()
        }
        O::Discard | O::Unreachable => {
            cx.count(0, 0)?;
            cx.result_void()
        }
        _ if op.is_in(crate::ir::opcode::Class::Texture) => texture(&cx),
        _ if op.is_in(crate::ir::opcode::Class::Atomic) => atomic(&cx),
        _ if op.is_in(crate::ir::opcode::Class::Subgroup) => subgroup(&cx),
        _ if op.is_in(crate::ir::opcode::Class::Derivative) => {
            cx.count(1, 1)?;
            cx.want(
                matches!(cx.sv(0), Some((Scalar::F32, _))),
                0,
                "an `f32` or `vecN<f32>`",
            )?;
            cx.result_is(cx.ty(0))
        }
        _ if op.is_pure() => builtin(&cx),
        _ => Ok(()),
    }
}

/// The type of member `k`'s index applied to composite type `t`.
fn member(cx: &Cx<'_>, t: Option<Inst>, k: usize) -> Result<Option<Inst>, (Rule, String)> {
    let m = cx.m;
    let Some(t) = t else {
        return cx.want(false, k, "an index into a composite").map(|_| None);
    };
    let ix = cx.ops[k];
    let is_struct = m.opcode(t) == Opcode::Struct;
    let constant = m.const_u32(ix);
    if is_struct || m.opcode(ix) == Opcode::Constant {
        cx.want(constant.is_some(), k, "a constant index")?;
    } else {
        cx.int_scalar(k)?;
    }
    match m.member_type(t, constant) {
        Some(mt) => Ok(Some(mt)),
        None => fail(
            Rule::OperandTypes,
            format!(
                "index {} is out of range for `{}`",
                constant.map_or("?".into(), |c| c.to_string()),
                m.type_name(t)
            ),
        ),
    }
}

fn arith(cx: &Cx<'_>) -> Check {
    let m = cx.m;
    cx.count(2, 2)?;
    let (ta, tb) = (cx.ty(0), cx.ty(1));
    let (a, b) = (cx.sv(0), cx.sv(1));
    let mat = |t: Option<Inst>| t.and_then(|t| m.mat_parts(t));
    let (ma, mb) = (mat(ta), mat(tb));
    // Scalar and vector forms: same type, or a vector with a scalar of its element.
    if let (Some((sa, na)), Some((sb, nb))) = (a, b) {
        cx.want(sa.is_numeric(), 0, "a number or numeric vector")?;
        cx.want(
            sa == sb && (na == nb || na == 1 || nb == 1),
            1,
            &format!("a value of type {} or its element type", tn(m, ta)),
        )?;
        let r = if na >= nb { ta } else { tb };
        return cx.result_is(r);
    }
    match cx.op {
        Opcode::Add | Opcode::Sub => {
            cx.want(
                ma.is_some() && same(ta, tb),
                1,
                &format!("the same matrix type as operand 0 ({})", tn(m, ta)),
            )?;
            cx.result_is(ta)
        }
        Opcode::Mul => {
            let scalar_of = |t: Option<Inst>| t.and_then(|t| m.scalar_type_of(t));
            match (ma, mb, a, b) {
                // mat * scalar, scalar * mat
                (Some(_), None, None, Some((_, 1))) | (None, Some(_), Some((_, 1)), None) => {
                    cx.want(
                        scalar_of(ta) == scalar_of(tb),
                        1,
                        "a scalar of the matrix's element type",
                    )?;
                    cx.result_is(if ma.is_some() { ta } else { tb })
                }
                // matCxR * vecC -> vecR
                (Some((col, c)), None, None, Some((_, n))) => {
                    cx.want(
                        n == c && scalar_of(ta) == scalar_of(tb),
                        1,
                        &format!("a vec{c} of the matrix's element type"),
                    )?;
                    cx.result_is(Some(col))
                }
                // vecR * matCxR -> vecC
                (None, Some((col, c)), Some((_, n)), None) => {
                    let rows = m.vec_parts(col).map_or(0, |x| x.1);
                    cx.want(
                        n == rows && scalar_of(ta) == scalar_of(tb),
                        0,
                        &format!("a vec{rows} of the matrix's element type"),
                    )?;
                    let s = scalar_of(ta).and_then(|s| m.scalar(s));
                    match s {
                        Some(s) => cx.result_shape(s, c),
                        None => cx.result(false, "a vector"),
                    }
                }
                // matKxR * matCxK -> matCxR
                (Some((col_a, k)), Some((col_b, c)), None, None) => {
                    let rows_b = m.vec_parts(col_b).map_or(0, |x| x.1);
                    cx.want(
                        rows_b == k && scalar_of(ta) == scalar_of(tb),
                        1,
                        "a matrix whose row count is operand 0's column count",
                    )?;
                    let ok = cx.rt.and_then(|r| m.mat_parts(r)) == Some((col_a, c));
                    cx.result(
                        ok,
                        &format!("a matrix with {c} columns of operand 0's column type"),
                    )
                }
                _ => cx.want(false, 1, "an operand that can multiply operand 0"),
            }
        }
        _ => cx.want(false, 0, "a number or numeric vector"),
    }
}

fn construct(cx: &Cx<'_>) -> Check {
    let m = cx.m;
    let Some(rt) = cx.rt else {
        return cx.result(false, "a composite type");
    };
    match m.opcode(rt) {
        Opcode::Vec => {
            let Some((e, n)) = m.vec_parts(rt) else {
                return cx.result(false, "a composite type");
            };
            let mut total = 0;
            for k in 0..cx.n() {
                match cx.sv(k) {
                    Some((s, c)) if Some(s) == m.scalar(e) => total += c,
                    _ => {
                        return cx.want(
                            false,
                            k,
                            &format!("a scalar or vector of `{}`", m.type_name(e)),
                        );
                    }
                }
            }
            if total != n {
                return fail(
                    Rule::OperandCount,
                    format!(
                        "the parts of a `{}` must have {n} components in all, not {total}",
                        m.type_name(rt)
                    ),
                );
            }
            Ok(())
        }
        Opcode::Mat => {
            let Some((col, c)) = m.mat_parts(rt) else {
                return cx.result(false, "a composite type");
            };
            let rows = m.vec_parts(col).map_or(0, |x| x.1);
            if cx.n() == c as usize {
                for k in 0..cx.n() {
                    cx.want(
                        same(cx.ty(k), Some(col)),
                        k,
                        &format!("a column of type `{}`", m.type_name(col)),
                    )?;
                }
                Ok(())
            } else if cx.n() == (c * rows) as usize {
                let e = m.scalar_type_of(col);
                for k in 0..cx.n() {
                    cx.want(
                        same(cx.ty(k), e),
                        k,
                        "a scalar of the matrix's element type",
                    )?;
                }
                Ok(())
            } else {
                fail(
                    Rule::OperandCount,
                    format!(
                        "a `{}` is built from {c} columns or {} scalars",
                        m.type_name(rt),
                        c * rows
                    ),
                )
            }
        }
        Opcode::Array => {
            let e = m.operand_opt(rt, 0);
            let count = m.operand_opt(rt, 1).and_then(|c| m.const_u32(c));
            if count != Some(cx.n() as u32) {
                return fail(
                    Rule::OperandCount,
                    format!(
                        "a `{}` needs {} elements, not {}",
                        m.type_name(rt),
                        count.map_or("a constant number of".into(), |c| c.to_string()),
                        cx.n()
                    ),
                );
            }
            for k in 0..cx.n() {
                cx.want(same(cx.ty(k), e), k, tn(m, e))?;
            }
            Ok(())
        }
        Opcode::Struct => {
            let fields = m.struct_fields(rt);
            if fields.len() != cx.n() {
                return fail(
                    Rule::OperandCount,
                    format!(
                        "`{}` has {} members, not {}",
                        m.type_name(rt),
                        fields.len(),
                        cx.n()
                    ),
                );
            }
            for (k, &f) in fields.iter().enumerate() {
                cx.want(same(cx.ty(k), m.ty(f)), k, tn(m, m.ty(f)))?;
            }
            Ok(())
        }
        _ => cx.result(
            false,
            "a vector, matrix, array or struct (the types `construct` builds)",
        ),
    }
}

fn float_sv(x: Option<(Scalar, u32)>) -> bool {
    matches!(x, Some((s, _)) if s.is_float())
}

fn builtin(cx: &Cx<'_>) -> Check {
    use Opcode as O;
    let m = cx.m;
    let op = cx.op;
    let t0 = cx.ty(0);
    let a = cx.sv(0);
    let same_as_0 = |k: usize| cx.want(same(cx.ty(k), t0), k, tn(m, t0));
    match op {
        O::All | O::Any => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((Scalar::Bool, _))),
                0,
                "a `bool` or `vecN<bool>`",
            )?;
            cx.result_shape(Scalar::Bool, 1)
        }
        O::Abs => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            cx.result_is(t0)
        }
        O::Sign => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_float() || s == Scalar::I32),
                0,
                "a float or signed integer (vector)",
            )?;
            cx.result_is(t0)
        }
        O::Acos
        | O::Acosh
        | O::Asin
        | O::Asinh
        | O::Atan
        | O::Atanh
        | O::Ceil
        | O::Cos
        | O::Cosh
        | O::Degrees
        | O::Exp
        | O::Exp2
        | O::Floor
        | O::Fract
        | O::InverseSqrt
        | O::Log
        | O::Log2
        | O::Radians
        | O::Round
        | O::Saturate
        | O::Sin
        | O::Sinh
        | O::Sqrt
        | O::Tan
        | O::Tanh
        | O::Trunc => {
            cx.count(1, 1)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            cx.result_is(t0)
        }
        O::QuantizeToF16 => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((Scalar::F32, _))),
                0,
                "an `f32` or `vecN<f32>`",
            )?;
            cx.result_is(t0)
        }
        O::CountLeadingZeros
        | O::CountOneBits
        | O::CountTrailingZeros
        | O::ReverseBits
        | O::FirstLeadingBit
        | O::FirstTrailingBit => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if is_int(s)),
                0,
                "an integer or integer vector",
            )?;
            cx.result_is(t0)
        }
        O::Atan2 | O::Pow | O::Step => {
            cx.count(2, 2)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            same_as_0(1)?;
            cx.result_is(t0)
        }
        O::Max | O::Min => {
            cx.count(2, 2)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            same_as_0(1)?;
            cx.result_is(t0)
        }
        O::Clamp => {
            cx.count(3, 3)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            same_as_0(1)?;
            same_as_0(2)?;
            cx.result_is(t0)
        }
        O::Fma | O::Smoothstep => {
            cx.count(3, 3)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            same_as_0(1)?;
            same_as_0(2)?;
            cx.result_is(t0)
        }
        O::Mix => {
            cx.count(3, 3)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            same_as_0(1)?;
            let c = cx.sv(2);
            cx.want(
                same(cx.ty(2), t0) || matches!((a, c), (Some((s, _)), Some((s2, 1))) if s == s2),
                2,
                "the operands' type or their element type",
            )?;
            cx.result_is(t0)
        }
        O::FaceForward | O::Reflect => {
            let n = if op == O::FaceForward { 3 } else { 2 };
            cx.count(n, n)?;
            cx.want(
                matches!(a, Some((s, k)) if s.is_float() && k > 1),
                0,
                "a float vector",
            )?;
            for k in 1..n {
                same_as_0(k)?;
            }
            cx.result_is(t0)
        }
        O::Refract => {
            cx.count(3, 3)?;
            cx.want(
                matches!(a, Some((s, k)) if s.is_float() && k > 1),
                0,
                "a float vector",
            )?;
            same_as_0(1)?;
            let s0 = t0.and_then(|t| m.scalar_type_of(t));
            cx.want(
                same(cx.ty(2), s0),
                2,
                "a scalar of the vectors' element type",
            )?;
            cx.result_is(t0)
        }
        O::Cross => {
            cx.count(2, 2)?;
            cx.want(
                matches!(a, Some((s, 3)) if s.is_float()),
                0,
                "a `vec3` of floats",
            )?;
            same_as_0(1)?;
            cx.result_is(t0)
        }
        O::Dot => {
            cx.count(2, 2)?;
            cx.want(
                matches!(a, Some((s, k)) if s.is_numeric() && k > 1),
                0,
                "a numeric vector",
            )?;
            same_as_0(1)?;
            cx.result_is(t0.and_then(|t| m.scalar_type_of(t)))
        }
        O::Length | O::Distance => {
            let n = if op == O::Length { 1 } else { 2 };
            cx.count(n, n)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            if n == 2 {
                same_as_0(1)?;
            }
            cx.result_is(t0.and_then(|t| m.scalar_type_of(t)))
        }
        O::Normalize => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, k)) if s.is_float() && k > 1),
                0,
                "a float vector",
            )?;
            cx.result_is(t0)
        }
        O::Determinant => {
            cx.count(1, 1)?;
            let mp = t0.and_then(|t| m.mat_parts(t));
            let square = mp.is_some_and(|(col, c)| m.vec_parts(col).is_some_and(|(_, r)| r == c));
            cx.want(square, 0, "a square matrix")?;
            cx.result_is(t0.and_then(|t| m.scalar_type_of(t)))
        }
        O::Transpose => {
            cx.count(1, 1)?;
            let Some((col, c)) = t0.and_then(|t| m.mat_parts(t)) else {
                return cx.want(false, 0, "a matrix");
            };
            let r = m.vec_parts(col).map_or(0, |x| x.1);
            let ok = cx.rt.and_then(|rt| m.mat_parts(rt)).is_some_and(|(rc, n)| {
                n == r
                    && m.vec_parts(rc)
                        .is_some_and(|(e, k)| k == c && Some(e) == m.scalar_type_of(col))
            });
            cx.result(ok, &format!("a mat{r}x{c} of the same element type"))
        }
        O::ExtractBits | O::InsertBits => {
            let n = if op == O::ExtractBits { 3 } else { 4 };
            cx.count(n, n)?;
            cx.want(
                matches!(a, Some((s, _)) if is_int(s)),
                0,
                "an integer or integer vector",
            )?;
            if op == O::InsertBits {
                same_as_0(1)?;
            }
            for k in n - 2..n {
                cx.want(shaped(m, cx.ty(k), Scalar::U32, 1), k, "a `u32`")?;
            }
            cx.result_is(t0)
        }
        O::Ldexp => {
            cx.count(2, 2)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            let n = a.map_or(1, |x| x.1);
            cx.want(
                shaped(m, cx.ty(1), Scalar::I32, n),
                1,
                "an `i32` exponent of the same shape",
            )?;
            cx.result_is(t0)
        }
        O::Frexp | O::Modf => {
            cx.count(1, 1)?;
            cx.want(float_sv(a), 0, "a float or float vector")?;
            let fields = cx.rt.map(|r| m.struct_fields(r)).unwrap_or_default();
            let n = a.map_or(1, |x| x.1);
            let ok = fields.len() == 2
                && same(m.ty(fields[0]), t0)
                && if op == O::Modf {
                    same(m.ty(fields[1]), t0)
                } else {
                    shaped(m, m.ty(fields[1]), Scalar::I32, n)
                };
            cx.result(
                ok,
                "a struct of the fraction and the exponent (or whole part)",
            )
        }
        O::Dot4U8Packed | O::Dot4I8Packed => {
            cx.count(2, 2)?;
            cx.want(shaped(m, t0, Scalar::U32, 1), 0, "a `u32`")?;
            same_as_0(1)?;
            cx.result_shape(
                if op == O::Dot4U8Packed {
                    Scalar::U32
                } else {
                    Scalar::I32
                },
                1,
            )
        }
        O::Pack4x8Snorm
        | O::Pack4x8Unorm
        | O::Pack4xI8
        | O::Pack4xU8
        | O::Pack4xI8Clamp
        | O::Pack4xU8Clamp
        | O::Pack2x16Snorm
        | O::Pack2x16Unorm
        | O::Pack2x16Float => {
            cx.count(1, 1)?;
            let (s, n) = match op {
                O::Pack4xI8 | O::Pack4xI8Clamp => (Scalar::I32, 4),
                O::Pack4xU8 | O::Pack4xU8Clamp => (Scalar::U32, 4),
                O::Pack4x8Snorm | O::Pack4x8Unorm => (Scalar::F32, 4),
                _ => (Scalar::F32, 2),
            };
            cx.want(
                shaped(m, t0, s, n),
                0,
                &format!("a `vec{n}<{}>`", scalar_name(s)),
            )?;
            cx.result_shape(Scalar::U32, 1)
        }
        O::Unpack4x8Snorm
        | O::Unpack4x8Unorm
        | O::Unpack4xI8
        | O::Unpack4xU8
        | O::Unpack2x16Snorm
        | O::Unpack2x16Unorm
        | O::Unpack2x16Float => {
            cx.count(1, 1)?;
            cx.want(shaped(m, t0, Scalar::U32, 1), 0, "a `u32`")?;
            let (s, n) = match op {
                O::Unpack4xI8 => (Scalar::I32, 4),
                O::Unpack4xU8 => (Scalar::U32, 4),
                O::Unpack4x8Snorm | O::Unpack4x8Unorm => (Scalar::F32, 4),
                _ => (Scalar::F32, 2),
            };
            cx.result_shape(s, n)
        }
        _ => Ok(()),
    }
}

fn subgroup(cx: &Cx<'_>) -> Check {
    use Opcode as O;
    let m = cx.m;
    let a = cx.sv(0);
    match cx.op {
        O::SubgroupElect => {
            cx.count(0, 0)?;
            cx.result_shape(Scalar::Bool, 1)
        }
        O::SubgroupAll | O::SubgroupAny => {
            cx.count(1, 1)?;
            cx.want(shaped(m, cx.ty(0), Scalar::Bool, 1), 0, "a `bool`")?;
            cx.result_shape(Scalar::Bool, 1)
        }
        O::SubgroupBallot => {
            cx.count(1, 1)?;
            cx.want(shaped(m, cx.ty(0), Scalar::Bool, 1), 0, "a `bool`")?;
            cx.result_shape(Scalar::U32, 4)
        }
        O::SubgroupAnd | O::SubgroupOr | O::SubgroupXor => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if is_int(s)),
                0,
                "an integer or integer vector",
            )?;
            cx.result_is(cx.ty(0))
        }
        O::SubgroupBroadcast
        | O::SubgroupShuffle
        | O::SubgroupShuffleDown
        | O::SubgroupShuffleUp
        | O::SubgroupShuffleXor
        | O::QuadBroadcast => {
            cx.count(2, 2)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            cx.int_scalar(1)?;
            cx.result_is(cx.ty(0))
        }
        _ => {
            cx.count(1, 1)?;
            cx.want(
                matches!(a, Some((s, _)) if s.is_numeric()),
                0,
                "a number or numeric vector",
            )?;
            cx.result_is(cx.ty(0))
        }
    }
}

fn atomic(cx: &Cx<'_>) -> Check {
    use Opcode as O;
    let m = cx.m;
    let n = match cx.op {
        O::AtomicLoad => 1,
        O::AtomicCompareExchangeWeak => 3,
        _ => 2,
    };
    cx.count(n, n)?;
    let (space, store, access) = cx.ptr(0)?;
    let scalar = (m.opcode(store) == O::Atomic)
        .then(|| m.operand_opt(store, 0))
        .flatten();
    cx.want(scalar.is_some(), 0, "a pointer to an atomic")?;
    if !matches!(space, AddressSpace::Storage | AddressSpace::Workgroup) {
        return fail(
            Rule::MemoryAccess,
            "atomics live in `storage` or `workgroup` memory",
        );
    }
    if cx.op != O::AtomicLoad && access != AccessMode::ReadWrite {
        return fail(
            Rule::MemoryAccess,
            "an atomic write needs a `read_write` pointer",
        );
    }
    for k in 1..n {
        cx.want(same(cx.ty(k), scalar), k, tn(m, scalar))?;
    }
    match cx.op {
        O::AtomicStore => cx.result_void(),
        O::AtomicCompareExchangeWeak => {
            let fields = cx.rt.map(|r| m.struct_fields(r)).unwrap_or_default();
            let ok = fields.len() == 2
                && same(m.ty(fields[0]), scalar)
                && shaped(m, m.ty(fields[1]), Scalar::Bool, 1);
            cx.result(ok, "a struct of the old value and a `bool`")
        }
        _ => cx.result_is(scalar),
    }
}

/// Texture kind of a texture type: (opcode, dim, channel scalar).
fn texture_info(
    m: &Module,
    t: Option<Inst>,
) -> Option<(Opcode, Option<TextureDim>, Option<Scalar>)> {
    let t = t?;
    let op = m.opcode(t);
    let dim = m
        .operand_opt(t, 0)
        .and_then(|d| m.const_u32(d))
        .and_then(TextureDim::from_u32);
    let channel = match op {
        Opcode::TextureSampled | Opcode::TextureMultisampled => {
            m.operand_opt(t, 1).and_then(|s| m.scalar(s))
        }
        Opcode::TextureDepth | Opcode::TextureDepthMultisampled | Opcode::TextureExternal => {
            Some(Scalar::F32)
        }
        Opcode::TextureStorage => m
            .operand_opt(t, 1)
            .and_then(|f| m.const_u32(f))
            .and_then(TexelFormat::from_u32)
            .map(|f| match f.channel_kind() {
                1 => Scalar::I32,
                2 => Scalar::U32,
                _ => Scalar::F32,
            }),
        _ => return None,
    };
    let dim = if op == Opcode::TextureExternal {
        Some(TextureDim::D2)
    } else {
        dim
    };
    Some((op, dim, channel))
}

fn coord_size(dim: TextureDim) -> u32 {
    match dim {
        TextureDim::D1 => 1,
        TextureDim::D2 | TextureDim::D2Array => 2,
        _ => 3,
    }
}

fn texture(cx: &Cx<'_>) -> Check {
    use Opcode as O;
    let m = cx.m;
    // `texture_gather` may start with a component index.
    let first =
        usize::from(cx.op == O::TextureGather && cx.ty(0).is_some_and(|t| m.scalar(t).is_some()));
    if first == 1 {
        cx.int_scalar(0)?;
    }
    let Some((kind, dim, channel)) = texture_info(m, cx.ty(first)) else {
        return cx.want(false, first, "a texture");
    };
    let dim = dim.unwrap_or(TextureDim::D2);
    let arrayed = matches!(dim, TextureDim::D2Array | TextureDim::CubeArray);
    let depth = matches!(kind, O::TextureDepth | O::TextureDepthMultisampled);
    let channel = channel.unwrap_or(Scalar::F32);
    let sampled_kinds = matches!(kind, O::TextureSampled | O::TextureDepth);
    match cx.op {
        O::TextureDimensions => {
            cx.count(1, 2)?;
            let n = if dim == TextureDim::D1 {
                1
            } else if dim == TextureDim::D3 {
                3
            } else {
                2
            };
            cx.result_shape(Scalar::U32, n)
        }
        O::TextureNumLayers | O::TextureNumLevels | O::TextureNumSamples => {
            cx.count(1, 1)?;
            let ok = match cx.op {
                O::TextureNumLayers => arrayed,
                O::TextureNumLevels => sampled_kinds,
                _ => matches!(kind, O::TextureMultisampled | O::TextureDepthMultisampled),
            };
            cx.want(ok, 0, "a texture this query applies to")?;
            cx.result_shape(Scalar::U32, 1)
        }
        O::TextureLoad => {
            cx.count(2, 4)?;
            cx.want(
                matches!(cx.sv(1), Some((s, n)) if is_int(s) && n == coord_size(dim)),
                1,
                "integer coordinates of the texture's dimension",
            )?;
            if depth {
                cx.result_shape(Scalar::F32, 1)
            } else {
                cx.result_shape(channel, 4)
            }
        }
        O::TextureStore => {
            cx.count(3, 4)?;
            cx.want(kind == O::TextureStorage, 0, "a storage texture")?;
            cx.want(
                matches!(cx.sv(1), Some((s, n)) if is_int(s) && n == coord_size(dim)),
                1,
                "integer coordinates of the texture's dimension",
            )?;
            let last = cx.n() - 1;
            cx.want(
                shaped(m, cx.ty(last), channel, 4),
                last,
                &format!("a `vec4<{}>` texel", scalar_name(channel)),
            )?;
            cx.result_void()
        }
        _ => {
            // Sampling and gathering: texture, sampler, float coordinates, then the
            // overload's extra operands.
            let (min, max) = match cx.op {
                O::TextureSampleBaseClampToEdge => (3, 3),
                O::TextureSample | O::TextureGather => (3 + first, 5 + first),
                O::TextureSampleGrad => (5, 7),
                _ => (4, 6),
            };
            cx.count(min, max)?;
            cx.want(
                matches!(
                    kind,
                    O::TextureSampled | O::TextureDepth | O::TextureExternal
                ),
                first,
                "a sampled or depth texture",
            )?;
            let s = first + 1;
            let comparison = matches!(
                cx.op,
                O::TextureSampleCompare | O::TextureSampleCompareLevel | O::TextureGatherCompare
            );
            let sampler_ok = cx.ty(s).is_some_and(|t| {
                m.opcode(t)
                    == if comparison {
                        O::SamplerComparison
                    } else {
                        O::Sampler
                    }
            });
            cx.want(
                sampler_ok,
                s,
                if comparison {
                    "a `sampler_comparison`"
                } else {
                    "a `sampler`"
                },
            )?;
            cx.want(
                matches!(cx.sv(s + 1), Some((Scalar::F32, n)) if n == coord_size(dim)),
                s + 1,
                "`f32` coordinates of the texture's dimension",
            )?;
            let gather = matches!(cx.op, O::TextureGather | O::TextureGatherCompare);
            if gather {
                cx.result_shape(if depth { Scalar::F32 } else { channel }, 4)
            } else if depth || comparison {
                cx.result_shape(Scalar::F32, 1)
            } else {
                cx.result_shape(Scalar::F32, 4)
            }
        }
    }
}

/// The form of a type instruction.
pub fn check_type(m: &Module, t: Inst) -> Check {
    use Opcode as O;
    let bad = |msg: String| fail(Rule::TypeForm, msg);
    let ops: Vec<Inst> = m.operands(t).collect();
    let n = ops.len();
    let is_ty = |x: Inst| m.is_type_valued(x);
    let value_type =
        |x: Inst| is_ty(x) && !matches!(m.opcode(x), O::Void | O::Label | O::TypeKind | O::FnType);
    let enum_ok = |x: Inst, max: usize| {
        m.ty(x).is_some_and(|ty| m.opcode(ty) == O::U32)
            && m.const_u32(x).is_some_and(|v| (v as usize) < max)
    };
    let op = m.opcode(t);
    let arity = match op {
        O::Vec | O::Mat => 2..=2,
        O::Array => 2..=3,
        O::RuntimeArray => 1..=2,
        O::Atomic | O::Buffer => 1..=1,
        O::Ptr | O::TextureStorage => 3..=3,
        O::TextureSampled | O::TextureMultisampled => 2..=2,
        O::TextureDepth | O::TextureDepthMultisampled => 1..=1,
        O::FnType => 1..=usize::MAX,
        _ => 0..=0,
    };
    if !arity.contains(&n) {
        return bad(format!("`{}` takes {arity:?} operands, not {n}", op.name()));
    }
    match op {
        O::Vec => {
            if !m.scalar(ops[0]).is_some() && !(is_ty(ops[0]) && !m.is_global(ops[0])) {
                return bad("a vector's elements are scalars".into());
            }
            if !m.const_u32(ops[1]).is_some_and(|c| (2..=4).contains(&c)) {
                return bad("a vector has 2, 3 or 4 elements".into());
            }
        }
        O::Mat => {
            let float_col = m
                .vec_parts(ops[0])
                .is_some_and(|(e, _)| m.scalar(e).is_some_and(Scalar::is_float));
            if !float_col {
                return bad("a matrix's columns are vectors of `f32` or `f16`".into());
            }
            if !m.const_u32(ops[1]).is_some_and(|c| (2..=4).contains(&c)) {
                return bad("a matrix has 2, 3 or 4 columns".into());
            }
        }
        O::Array | O::RuntimeArray => {
            if !value_type(ops[0]) || m.opcode(ops[0]) == O::RuntimeArray {
                return bad("an array's element must be a fixed-size value type".into());
            }
            if op == O::Array {
                let c = ops[1];
                let count_ok = match m.opcode(c) {
                    O::Constant => m.const_u32(c).is_some_and(|v| v > 0),
                    _ => m.ty(c).and_then(|ty| m.scalar(ty)).is_some_and(is_int),
                };
                if !count_ok {
                    return bad(
                        "an array's count is a positive integer constant or an override value"
                            .into(),
                    );
                }
            }
            let stride_k = if op == O::Array { 2 } else { 1 };
            if let Some(&s) = ops.get(stride_k) {
                if !m.const_u32(s).is_some_and(|v| v > 0) {
                    return bad("an array's stride is a positive `u32` constant".into());
                }
            }
        }
        O::Atomic => {
            if !matches!(m.scalar(ops[0]), Some(Scalar::I32 | Scalar::U32)) {
                return bad("an atomic holds an `i32` or `u32`".into());
            }
        }
        O::Ptr => {
            if !enum_ok(ops[0], AddressSpace::ALL.len()) || !enum_ok(ops[2], AccessMode::ALL.len())
            {
                return bad("a pointer's address space and access mode must be valid".into());
            }
            if !is_ty(ops[1]) || matches!(m.opcode(ops[1]), O::Void | O::Label | O::TypeKind) {
                return bad("a pointer points to a storable type".into());
            }
        }
        O::TextureSampled
        | O::TextureMultisampled
        | O::TextureDepth
        | O::TextureDepthMultisampled
        | O::TextureStorage => {
            if !enum_ok(ops[0], TextureDim::ALL.len()) {
                return bad("a texture needs a valid dimension".into());
            }
            let dim = m
                .const_u32(ops[0])
                .and_then(TextureDim::from_u32)
                .unwrap_or(TextureDim::D2);
            use TextureDim as D;
            let dim_ok = match op {
                O::TextureSampled => true,
                O::TextureMultisampled | O::TextureDepthMultisampled => dim == D::D2,
                O::TextureDepth => matches!(dim, D::D2 | D::D2Array | D::Cube | D::CubeArray),
                _ => matches!(dim, D::D1 | D::D2 | D::D2Array | D::D3),
            };
            if !dim_ok {
                return bad(format!(
                    "`{}` cannot have dimension `{}`",
                    op.name(),
                    dim.name()
                ));
            }
            if matches!(op, O::TextureSampled | O::TextureMultisampled)
                && !matches!(
                    m.scalar(ops[1]),
                    Some(Scalar::F32 | Scalar::I32 | Scalar::U32)
                )
            {
                return bad("a sampled texture's channel type is `f32`, `i32` or `u32`".into());
            }
            if op == O::TextureStorage
                && (!enum_ok(ops[1], TexelFormat::ALL.len())
                    || !enum_ok(ops[2], AccessMode::ALL.len()))
            {
                return bad("a storage texture needs a valid texel format and access mode".into());
            }
        }
        O::Buffer => {
            if m.const_u32(ops[0]).is_none() {
                return bad("a buffer's size is a `u32` constant".into());
            }
        }
        O::FnType => {
            if !ops.iter().all(|&x| is_ty(x)) {
                return bad("a function type's result and parameters are types".into());
            }
        }
        O::Struct => {
            if m.first_child(t).is_none() {
                return bad("a struct has at least one member".into());
            }
        }
        _ => {}
    }
    Ok(())
}

/// The form of a constant.
pub fn check_constant(m: &Module, c: Inst) -> Check {
    use Opcode as O;
    let bad = |msg: String| fail(Rule::ConstantForm, msg);
    let Some(t) = m.ty(c) else {
        return bad("a constant needs a type".into());
    };
    match m.opcode(c) {
        O::Constant => {
            let bits = m.literal(c);
            match m.scalar(t) {
                None => {
                    return bad(format!(
                        "a literal's type is a scalar, not `{}`",
                        m.type_name(t)
                    ));
                }
                Some(Scalar::Bool) if bits > 1 => return bad("a `bool` literal is 0 or 1".into()),
                Some(Scalar::F16) if bits > 0xffff => {
                    return bad("an `f16` literal has 16 bits".into());
                }
                _ => {}
            }
        }
        O::Composite => {
            let ops: Vec<Inst> = m.operands(c).collect();
            if ops.iter().any(|&x| {
                !matches!(
                    m.opcode(x),
                    O::Constant | O::Composite | O::Zero | O::Undef | O::Override | O::Param
                )
            }) && m.is_global(c)
            {
                return bad("a composite constant's parts are constants".into());
            }
            let members: Vec<Option<Inst>> = match m.opcode(t) {
                O::Vec | O::Mat => {
                    let n = if m.opcode(t) == O::Vec {
                        m.vec_parts(t).map(|x| x.1)
                    } else {
                        m.mat_parts(t).map(|x| x.1)
                    };
                    (0..n.unwrap_or(0))
                        .map(|k| m.member_type(t, Some(k)))
                        .collect()
                }
                O::Array => {
                    let n = m
                        .operand_opt(t, 1)
                        .and_then(|x| m.const_u32(x))
                        .unwrap_or(0);
                    (0..n).map(|k| m.member_type(t, Some(k))).collect()
                }
                O::Struct => m.struct_fields(t).iter().map(|&f| m.ty(f)).collect(),
                _ => return bad(format!("`{}` is not a composite type", m.type_name(t))),
            };
            if members.len() != ops.len() {
                return bad(format!(
                    "a `{}` constant has {} parts, not {}",
                    m.type_name(t),
                    members.len(),
                    ops.len()
                ));
            }
            for (k, (&x, mt)) in ops.iter().zip(members).enumerate() {
                if mt.is_none() || m.ty(x) != mt {
                    return bad(format!(
                        "part {k} of the constant has type {}, not {}",
                        tn(m, m.ty(x)),
                        tn(m, mt)
                    ));
                }
            }
        }
        O::Zero => {
            if m.num_operands(c) != 0 || !m.is_constructible(t) {
                return bad(format!("`{}` has no zero value", m.type_name(t)));
            }
        }
        O::Undef => {
            if m.num_operands(c) != 0 || matches!(m.opcode(t), O::Void | O::Label | O::TypeKind) {
                return bad("`undef` takes no operands and needs a value type".into());
            }
        }
        _ => {}
    }
    Ok(())
}

/// The operands of a decoration.
pub fn check_decoration(m: &Module, d: Inst) -> Result<(), String> {
    use Opcode as O;
    let ops: Vec<Inst> = m.operands(d).collect();
    let u32_const =
        |x: Inst| m.ty(x).is_some_and(|t| m.opcode(t) == O::U32) && m.const_u32(x).is_some();
    let enum_ok =
        |x: Inst, max: usize| u32_const(x) && m.const_u32(x).is_some_and(|v| (v as usize) < max);
    let op = m.opcode(d);
    let ok = match op {
        O::DecoBuiltin => {
            (ops.len() == 1 || ops.len() == 2)
                && enum_ok(ops[0], BuiltinValue::ALL.len())
                && ops.get(1).is_none_or(|&x| enum_ok(x, DepthMode::ALL.len()))
        }
        O::DecoInterpolate => {
            (ops.len() == 1 || ops.len() == 2)
                && enum_ok(ops[0], InterpolationType::ALL.len())
                && ops
                    .get(1)
                    .is_none_or(|&x| enum_ok(x, InterpolationSampling::ALL.len()))
        }
        O::DecoLocation
        | O::DecoBlendSrc
        | O::DecoGroup
        | O::DecoBinding
        | O::DecoId
        | O::DecoOffset
        | O::DecoAlign
        | O::DecoSize => ops.len() == 1 && u32_const(ops[0]),
        O::DecoInvariant | O::DecoVertex | O::DecoFragment | O::DecoCompute => ops.is_empty(),
        O::DecoWorkgroupSize => {
            (1..=3).contains(&ops.len())
                && ops.iter().all(|&x| {
                    m.is_global(x) && m.ty(x).and_then(|t| m.scalar(t)).is_some_and(is_int)
                })
        }
        O::DecoSubgroupSize => {
            ops.len() == 1
                && m.is_global(ops[0])
                && m.ty(ops[0]).and_then(|t| m.scalar(t)).is_some_and(is_int)
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("the operands of `@{}` are malformed", op.name()))
    }
}
