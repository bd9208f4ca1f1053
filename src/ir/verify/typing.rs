//! Operand and result types of every opcode, the form of types and constants, and the
//! operands of decorations. Each check returns the rule it enforces with a message.

use super::Rule;
use crate::ir::enums::{AccessMode, AddressSpace};
use crate::ir::module::{Inst, Module};
use crate::ir::opcode::Opcode;
use crate::ir::types::Scalar;

pub(super) type Check = Result<(), (Rule, String)>;

pub(super) fn fail<T>(rule: Rule, msg: impl Into<String>) -> Result<T, (Rule, String)> {
    Err((rule, msg.into()))
}

/// A type's name for a message, formatted only if the message is.
pub(super) struct Tn<'m>(&'m Module, Option<Inst>);

impl std::fmt::Display for Tn<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.1 {
            Some(t) => write!(f, "`{}`", self.0.type_name(t)),
            None => f.write_str("an untyped value"),
        }
    }
}

pub(super) fn tn(m: &Module, t: Option<Inst>) -> Tn<'_> {
    Tn(m, t)
}

/// Scalar kind and component count of a scalar or vector type.
pub(super) fn sv(m: &Module, t: Option<Inst>) -> Option<(Scalar, u32)> {
    m.scalar_or_vec(t?)
}

pub(super) fn is_int(s: Scalar) -> bool {
    s.is_int()
}

/// Type-structural equality: hash-consing makes equal global types identical, so this
/// is identity, except that two distinct local types are compared by their parts.
pub(super) fn same(a: Option<Inst>, b: Option<Inst>) -> bool {
    a.is_some() && a == b
}

/// The shape `(scalar, n)` as a type id, if the module has it.
pub(super) fn shaped(m: &Module, t: Option<Inst>, s: Scalar, n: u32) -> bool {
    sv(m, t) == Some((s, n)) && t.is_some_and(|t| n == 1 || m.opcode(t) == Opcode::Vec)
}

pub(super) struct Cx<'m> {
    pub(super) m: &'m Module,
    pub(super) op: Opcode,
    pub(super) ops: &'m [Inst],
    pub(super) rt: Option<Inst>,
}

impl Cx<'_> {
    pub(super) fn n(&self) -> usize {
        self.ops.len()
    }

    pub(super) fn count(&self, min: usize, max: usize) -> Check {
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

    pub(super) fn ty(&self, k: usize) -> Option<Inst> {
        self.ops.get(k).and_then(|&x| self.m.ty(x))
    }

    pub(super) fn sv(&self, k: usize) -> Option<(Scalar, u32)> {
        sv(self.m, self.ty(k))
    }

    /// Fails with `operand-types` unless `ok`.
    pub(super) fn want(&self, ok: bool, k: usize, what: impl std::fmt::Display) -> Check {
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
    pub(super) fn result(&self, ok: bool, what: impl std::fmt::Display) -> Check {
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

    pub(super) fn result_is(&self, t: Option<Inst>) -> Check {
        if same(self.rt, t) {
            return Ok(());
        }
        self.result(false, tn(self.m, t))
    }

    pub(super) fn result_void(&self) -> Check {
        self.result(
            self.rt.is_some_and(|t| self.m.opcode(t) == Opcode::Void),
            "no value (`void`)",
        )
    }

    pub(super) fn result_shape(&self, s: Scalar, n: u32) -> Check {
        if shaped(self.m, self.rt, s, n) {
            return Ok(());
        }
        if n == 1 {
            self.result(false, format_args!("`{}`", scalar_name(s)))
        } else {
            self.result(false, format_args!("`vec{n}<{}>`", scalar_name(s)))
        }
    }

    pub(super) fn value(&self, k: usize) -> Check {
        let ok = self
            .ops
            .get(k)
            .is_some_and(|&x| !self.m.is_type_valued(x) && self.m.opcode(x) != Opcode::Block);
        self.want(ok, k, "a value")
    }

    pub(super) fn int_scalar(&self, k: usize) -> Check {
        self.want(
            matches!(self.sv(k), Some((s, 1)) if is_int(s)),
            k,
            "an `i32` or `u32`",
        )
    }

    pub(super) fn ptr(&self, k: usize) -> Result<(AddressSpace, Inst, AccessMode), (Rule, String)> {
        match self.ty(k).and_then(|t| self.m.ptr_parts(t)) {
            Some(p) => Ok(p),
            None => {
                self.want(false, k, "a pointer")?;
                unreachable!()
            }
        }
    }
}

pub(super) fn scalar_name(s: Scalar) -> &'static str {
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
    check_inst_with(m, i, result, &mut Vec::new())
}

/// [`check_inst`] with a reusable buffer for the operands, for the verifier's hot loop.
pub fn check_inst_with(
    m: &Module,
    i: Inst,
    result: Option<Inst>,
    scratch: &mut Vec<Inst>,
) -> Check {
    scratch.clear();
    scratch.extend(m.operands(i));
    let cx = Cx {
        m,
        op: m.opcode(i),
        ops: scratch,
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
                    format_args!("a constant component index below {n}"),
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
                format_args!(
                    "a pointer to {} in the same address space and access mode",
                    tn(m, Some(t))
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
            cx.want(same(cx.ty(1), Some(store)), 1, tn(m, Some(store)))?;
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
                    format_args!("an initializer of type {}", tn(m, Some(store))),
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
            // On an atomic it loads the atomic's value, as WGSL's overload does.
            let value = if m.opcode(store) == O::Atomic {
                m.operand_opt(store, 0)
            } else {
                Some(store)
            };
            cx.result_is(value)
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
            let mut seen = crate::util::distinct::Distinct::new();
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
                if !seen.push(v) {
                    return fail(
                        Rule::SwitchCases,
                        format!("the case value {} appears twice", super::name(m, v)),
                    );
                }
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
        _ if op.is_in(crate::ir::opcode::Class::Texture) => super::builtins::texture(&cx),
        _ if op.is_in(crate::ir::opcode::Class::Atomic) => super::builtins::atomic(&cx),
        _ if op.is_in(crate::ir::opcode::Class::Subgroup) => super::builtins::subgroup(&cx),
        _ if op.is_in(crate::ir::opcode::Class::Derivative) => {
            cx.count(1, 1)?;
            cx.want(
                matches!(cx.sv(0), Some((Scalar::F32, _))),
                0,
                "an `f32` or `vecN<f32>`",
            )?;
            cx.result_is(cx.ty(0))
        }
        _ if op.is_pure() => super::builtins::builtin(&cx),
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
            format_args!("a value of type {} or its element type", tn(m, ta)),
        )?;
        let r = if na >= nb { ta } else { tb };
        return cx.result_is(r);
    }
    match cx.op {
        Opcode::Add | Opcode::Sub => {
            cx.want(
                ma.is_some() && same(ta, tb),
                1,
                format_args!("the same matrix type as operand 0 ({})", tn(m, ta)),
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
                        format_args!("a vec{c} of the matrix's element type"),
                    )?;
                    cx.result_is(Some(col))
                }
                // vecR * matCxR -> vecC
                (None, Some((col, c)), Some((_, n)), None) => {
                    let rows = m.vec_parts(col).map_or(0, |x| x.1);
                    cx.want(
                        n == rows && scalar_of(ta) == scalar_of(tb),
                        0,
                        format_args!("a vec{rows} of the matrix's element type"),
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
                        format_args!("a matrix with {c} columns of operand 0's column type"),
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
                            format_args!("a scalar or vector of {}", tn(m, Some(e))),
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
                        format_args!("a column of type {}", tn(m, Some(col))),
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
