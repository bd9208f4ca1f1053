//! `const-fold`: evaluates pure operations on constants, and simplifies operations whose
//! result does not depend on a non-constant operand, with WGSL's *run-time* semantics,
//! exactly, or not at all.
//!
//! - **Evaluation** of scalars and vectors is [`crate::ir::eval`]'s (integers as WGSL
//!   defines them at run time; floats only when every operand and the result are finite
//!   and normal; conversions only when exact). Float expressions are never reassociated
//!   or rewritten algebraically.
//! - **Composites**: a member of a constant (including a zero value) is a constant, a
//!   matrix, array or struct constructed from constants is a constant, and inserting a
//!   constant into a constant gives a constant. Any other `insert` becomes a
//!   `construct` of the new member and the others (folded from a constant or `construct`,
//!   else `extract`ed): the form WGSL writes it in, so that lowering the raised WGSL
//!   again finds nothing more to fold and the round trip is a fixpoint.
//! - **Simplifications** that hold for every value: `select` with a constant condition,
//!   `extract` of a member of a `construct` or of an `insert` (the inserted value, or the
//!   same member of what it was inserted into), integer `x + 0`, `x - 0`, `x * 1`,
//!   `x * 0`, `x | 0`, `x ^ 0`, `x & ~0`, shifts by 0, `x / 1`, `x / 0` (`x`), `x % 0`
//!   (0), shift amounts of 32 or more reduced modulo 32, boolean `x & true`,
//!   `x | false`, and `mov`. A vector divisor's zero lanes become 1 (the same run-time
//!   result), so no divisor written out as a constant has a zero lane, nor a constant
//!   part of a `construct`ed divisor.

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::rewrite_pure;
use crate::ir::eval::{
    Const, MAX_EXPANDED_MEMBERS, constant_member, evaluate, materialize, may_read, nonzero_divisor,
    read,
};
use crate::ir::types::Scalar;
use crate::ir::{Builder, Inst, Module, Opcode, Type, Value};

pub fn run(m: &mut Module, _: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    let mut divisors = false;
    let rewritten = rewrite_pure(m, |m, i| {
        let r = simplify(m, i);
        if r.is_none() {
            divisors |= divisor_lanes_nonzero(m, i);
        }
        r
    });
    Ok(Changed::instructions_if(rewritten || divisors))
}

/// `x / C` and `x % C` where `C` is an integer vector constant with some zero lanes: the
/// zero lanes become 1, which gives what WGSL defines at run time for them (`x` for `/`,
/// 0 for `%`). A zero lane in a divisor that is a constant expression is a
/// shader-creation error in WGSL, and some compilers (naga) see one even through a
/// `let`; SPIR-V leaves division by zero undefined. (A divisor whose lanes are all zero
/// is folded away by [`simplify`].)
fn divisor_lanes_nonzero(m: &mut Module, i: Inst) -> bool {
    let Some((nonzero, ty)) = nonzero_divisor(m, i) else {
        return constructed_divisor_nonzero(m, i);
    };
    let nonzero = materialize(m, ty, &nonzero);
    m.set_operand(i, 1, nonzero);
    true
}

/// The same for a divisor `construct`ed from parts of which some are constants with a
/// zero lane (`x / vec3<i32>(0i, 0i, y)`): naga rejects such a divisor as a division by
/// zero even though only a constant expression would be one, and the source it came
/// from (`vec3(z, z, y)` with `z` a `let` that folded to 0) was valid. The division gets
/// a `construct` of its own with those parts' zero lanes 1; others may use the first.
fn constructed_divisor_nonzero(m: &mut Module, i: Inst) -> bool {
    if !matches!(m.opcode(i), Opcode::Div | Opcode::Rem) || m.num_operands(i) != 2 {
        return false;
    }
    let divisor = m.operand(i, 1);
    if m.opcode(divisor) != Opcode::Construct {
        return false;
    }
    let Some(ty) = m.ty(divisor) else {
        return false;
    };
    if !m.scalar_or_vec(ty).is_some_and(|(s, _)| s.is_int()) {
        return false;
    }
    let mut parts: Vec<Value> = m.operands(divisor).map(Value).collect();
    let mut changed = false;
    for part in parts.iter_mut() {
        let Some(mut c) = read(m, part.inst()) else {
            continue;
        };
        if !c.lanes.contains(&0) {
            continue;
        }
        for lane in c.lanes.iter_mut().filter(|l| **l == 0) {
            *lane = 1;
        }
        let Some(part_ty) = m.ty(part.inst()) else {
            return false;
        };
        *part = Value(materialize(m, part_ty, &c));
        changed = true;
    }
    if changed {
        let nonzero = crate::ir::edit::builder_before(m, i).construct(Type(ty), &parts);
        m.set_operand(i, 1, nonzero.inst());
    }
    changed
}

/// The constant `comp` with the member at `path` replaced by constant `value`.
fn insert_constant(m: &mut Module, comp: Inst, path: &[u32], value: Inst) -> Option<Inst> {
    let Some((&first, rest)) = path.split_first() else {
        return Some(value);
    };
    let t = m.ty(comp)?;
    let count = match m.opcode(t) {
        Opcode::Vec => m.vec_parts(t)?.1,
        Opcode::Mat => m.mat_parts(t)?.1,
        Opcode::Array => m.const_u32(m.operand_opt(t, 1)?)?,
        Opcode::Struct => m.struct_field_count(t) as u32,
        _ => return None,
    };
    if count > 1024 || first >= count {
        return None;
    }
    let mut parts = Vec::with_capacity(count as usize);
    for k in 0..count {
        let member = constant_member(m, comp, k)?;
        parts.push(if k == first {
            Value(insert_constant(m, member, rest, value)?)
        } else {
            Value(member)
        });
    }
    Some(Builder::new(m).const_composite(Type(t), &parts).inst())
}

/// `comp` with the member at `path` replaced by `value`, as a `construct` (nested along
/// the path) of `value` and the other members of `comp`, inserted before `at`. Each other
/// member is folded when `comp` is a constant or a `construct`, else read with `extract`.
///
/// This is the form WGSL spells an insert in (`vec4<f32>(c.x, c.y, v, c.w)`), so raising
/// and lowering it again finds nothing more to fold: the round trip is a fixpoint. A path
/// through a composite of more than [`MAX_EXPANDED_MEMBERS`] members keeps its `insert`.
fn construct_with(m: &mut Module, at: Inst, comp: Inst, path: &[u32], value: Inst) -> Option<Inst> {
    let Some((&first, rest)) = path.split_first() else {
        return Some(value);
    };
    let t = m.ty(comp)?;
    let count = member_count(m, t)?;
    if count > MAX_EXPANDED_MEMBERS || first >= count {
        return None;
    }
    if !rest.is_empty() {
        // Check the whole path before creating anything.
        let mt = m.member_type(t, Some(first))?;
        if path_too_wide(m, mt, rest)? {
            return None;
        }
    }
    let mut parts = Vec::with_capacity(count as usize);
    for k in 0..count {
        let member = member_of(m, at, comp, k)?;
        parts.push(if k == first {
            construct_with(m, at, member, rest, value)?
        } else {
            member
        });
    }
    let e = m.create(Opcode::Construct, Some(t), &parts);
    m.insert_before(at, e);
    let span = m.span(at);
    m.set_span(e, span);
    Some(e)
}

fn member_count(m: &Module, t: Inst) -> Option<u32> {
    match m.opcode(t) {
        Opcode::Vec => Some(m.vec_parts(t)?.1),
        Opcode::Mat => Some(m.mat_parts(t)?.1),
        Opcode::Array => m.const_u32(m.operand_opt(t, 1)?),
        Opcode::Struct => Some(m.struct_field_count(t) as u32),
        _ => None,
    }
}

/// Whether some level of `path` into type `t` is wider than [`construct_with`] expands
/// (`None` when the path does not fit the type).
fn path_too_wide(m: &Module, t: Inst, path: &[u32]) -> Option<bool> {
    let Some((&first, rest)) = path.split_first() else {
        return Some(false);
    };
    let count = member_count(m, t)?;
    if count > MAX_EXPANDED_MEMBERS || first >= count {
        return Some(true);
    }
    path_too_wide(m, m.member_type(t, Some(first))?, rest)
}

/// Member `k` of `comp`: a constant's member, a `construct`'s part, or a new `extract`
/// placed before `at`.
fn member_of(m: &mut Module, at: Inst, comp: Inst, k: u32) -> Option<Inst> {
    if m.opcode(comp).is_constant() {
        return constant_member(m, comp, k);
    }
    let t = m.ty(comp)?;
    let mt = m.member_type(t, Some(k))?;
    if m.opcode(comp) == Opcode::Construct && m.num_operands(comp) == member_count(m, t)? as usize {
        let part = m.operand(comp, k as usize);
        if m.ty(part) == Some(mt) {
            return Some(part);
        }
    }
    let ix = Builder::new(m).const_u32(k).inst();
    let e = m.create(Opcode::Extract, Some(mt), &[comp, ix]);
    m.insert_before(at, e);
    let span = m.span(at);
    m.set_span(e, span);
    Some(e)
}

fn is_int_const(m: &Module, x: Inst, value: u32) -> bool {
    read(m, x).is_some_and(|c| {
        matches!(c.kind, Scalar::I32 | Scalar::U32) && c.lanes.iter().all(|&l| l == value)
    })
}

fn is_bool_const(m: &Module, x: Inst, value: bool) -> bool {
    read(m, x).is_some_and(|c| c.kind == Scalar::Bool && c.lanes.iter().all(|&l| (l != 0) == value))
}

/// What `i` can be replaced with, if anything.
/// Operands `from..` of `i` as constant indices, or `None` when one is not a constant: a
/// loop rather than a collect into `Option` (each such chain was its own copy of the
/// iterator code in the package).
fn const_path(m: &Module, i: Inst, from: usize) -> Option<Vec<u32>> {
    let n = m.num_operands(i);
    let mut path = Vec::with_capacity(n.saturating_sub(from));
    for k in from..n {
        path.push(m.const_u32(m.operand(i, k))?);
    }
    Some(path)
}

pub fn simplify(m: &mut Module, i: Inst) -> Option<Inst> {
    use Opcode as O;
    let op = m.opcode(i);
    let ty = m.ty(i)?;
    if let Some(c) = evaluate(m, i) {
        return Some(materialize(m, ty, &c));
    }
    let n = m.num_operands(i);
    let same_type = |m: &Module, x: Inst| m.ty(x) == Some(ty);
    match op {
        O::Mov if n == 1 => Some(m.operand(i, 0)),
        // A matrix, array or struct built from constants is a constant (as WGSL's
        // constant evaluation would make it).
        O::Construct
            if n > 0
                && m.operands(i)
                    .all(|x| m.opcode(x).is_constant() && m.opcode(x) != O::Undef) =>
        {
            if member_count(m, ty)? as usize != n {
                return None;
            }
            let mut parts: Vec<Value> = Vec::with_capacity(n);
            for k in 0..n {
                let p = m.operand(i, k);
                if m.ty(p) != m.member_type(ty, Some(k as u32)) {
                    return None;
                }
                parts.push(Value(p));
            }
            Some(Builder::new(m).const_composite(Type(ty), &parts).inst())
        }
        O::Select if n == 3 => {
            let c = read(m, m.operand(i, 0))?;
            if c.kind != Scalar::Bool || c.lanes.iter().any(|&l| l != c.lanes[0]) {
                return None;
            }
            Some(if c.lanes[0] != 0 {
                m.operand(i, 1)
            } else {
                m.operand(i, 2)
            })
        }
        O::Extract if n >= 2 => {
            let base = m.operand(i, 0);
            let base_op = m.opcode(base);
            // Only these bases are looked into (below): the rest are turned away before
            // the path is read.
            if !(base_op.is_constant() || matches!(base_op, O::Construct | O::Insert)) {
                return None;
            }
            let path = const_path(m, i, 1)?;
            // A member of a constant is a constant.
            if m.opcode(base).is_constant() {
                let mut c = base;
                for &k in &path {
                    c = constant_member(m, c, k)?;
                }
                return (m.ty(c) == Some(ty)).then_some(c);
            }
            let (&k, rest) = path.split_first()?;
            let k = k as usize;
            let member = match m.opcode(base) {
                // One part per member: the member is the part.
                O::Construct => {
                    let bt = m.ty(base)?;
                    let members = match m.opcode(bt) {
                        O::Vec => m.vec_parts(bt)?.1 as usize,
                        O::Mat => m.mat_parts(bt)?.1 as usize,
                        O::Array => m.const_u32(m.operand_opt(bt, 1)?)? as usize,
                        O::Struct => m.struct_field_count(bt),
                        _ => return None,
                    };
                    (m.num_operands(base) == members).then(|| m.operand(base, k))?
                }
                // The inserted member, or the same member of what it was inserted into.
                O::Insert if m.num_operands(base) == 3 => {
                    let at = m.const_u32(m.operand(base, 2))? as usize;
                    if at == k {
                        m.operand(base, 1)
                    } else {
                        let inner = m.operand(base, 0);
                        if !rest.is_empty() {
                            return None;
                        }
                        let ix = m.operand(i, 1);
                        let e = m.create(O::Extract, Some(ty), &[inner, ix]);
                        m.insert_before(i, e);
                        let span = m.span(i);
                        m.set_span(e, span);
                        return Some(e);
                    }
                }
                _ => return None,
            };
            if rest.is_empty() {
                return same_type(m, member).then_some(member);
            }
            // Deeper indices: extract them from the member.
            let mut ops = vec![member];
            for k in 2..n {
                ops.push(m.operand(i, k));
            }
            let e = m.create(O::Extract, Some(ty), &ops);
            m.insert_before(i, e);
            let span = m.span(i);
            m.set_span(e, span);
            Some(e)
        }
        O::Insert if n >= 3 => {
            // Inserting a constant into a constant gives a constant; any other insert
            // becomes a `construct` of the other members.
            let (comp, value) = (m.operand(i, 0), m.operand(i, 1));
            let path = const_path(m, i, 2)?;
            if m.opcode(comp).is_constant() && m.opcode(value).is_constant() {
                return insert_constant(m, comp, &path, value);
            }
            construct_with(m, i, comp, &path, value)
        }
        O::Shl | O::Shr
            if n == 2
                && read(m, m.operand(i, 1)).is_some_and(|c| c.lanes.iter().any(|&x| x >= 32)) =>
        {
            // The amount is taken modulo 32 at run time.
            let b = m.operand(i, 1);
            let bt = m.ty(b)?;
            let mut c = read(m, b)?;
            for l in &mut c.lanes {
                *l %= 32;
            }
            let amount = materialize(m, bt, &c);
            let a = m.operand(i, 0);
            let e = m.create(op, Some(ty), &[a, amount]);
            m.insert_before(i, e);
            let span = m.span(i);
            m.set_span(e, span);
            Some(e)
        }
        // Each simplification below reads one operand as a constant (`is_int_const`,
        // `is_bool_const`): without one there is nothing to look at.
        O::Add | O::Sub | O::Or | O::Xor | O::Shl | O::Shr | O::And | O::Mul | O::Div | O::Rem
            if n == 2 && !(may_read(m, m.operand(i, 0)) || may_read(m, m.operand(i, 1))) =>
        {
            None
        }
        O::Add | O::Sub | O::Or | O::Xor | O::Shl | O::Shr if n == 2 => {
            let (a, b) = (m.operand(i, 0), m.operand(i, 1));
            let int = m
                .scalar_or_vec(ty)
                .is_some_and(|(s, _)| matches!(s, Scalar::I32 | Scalar::U32));
            if int && is_int_const(m, b, 0) && same_type(m, a) {
                return Some(a);
            }
            if int
                && matches!(op, O::Add | O::Or | O::Xor)
                && is_int_const(m, a, 0)
                && same_type(m, b)
            {
                return Some(b);
            }
            if op == O::Or && is_bool_const(m, b, false) && same_type(m, a) {
                return Some(a);
            }
            if op == O::Or && is_bool_const(m, a, false) && same_type(m, b) {
                return Some(b);
            }
            None
        }
        O::And if n == 2 => {
            let (a, b) = (m.operand(i, 0), m.operand(i, 1));
            for (x, y) in [(a, b), (b, a)] {
                if (is_int_const(m, y, u32::MAX) || is_bool_const(m, y, true)) && same_type(m, x) {
                    return Some(x);
                }
            }
            None
        }
        O::Mul | O::Div | O::Rem if n == 2 => {
            let (a, b) = (m.operand(i, 0), m.operand(i, 1));
            let int = m
                .scalar_or_vec(ty)
                .is_some_and(|(s, _)| matches!(s, Scalar::I32 | Scalar::U32));
            if !int {
                return None;
            }
            // Run-time semantics: `x / 0` is `x`, `x % 0` is 0.
            if matches!(op, O::Div | O::Rem) && is_int_const(m, b, 0) {
                if op == O::Div {
                    return same_type(m, a).then_some(a);
                }
                let (kind, lanes) = m.scalar_or_vec(ty)?;
                let zero = Const {
                    kind,
                    lanes: vec![0; lanes as usize],
                    vector: m.opcode(ty) == O::Vec,
                };
                return Some(materialize(m, ty, &zero));
            }
            if op == O::Rem {
                return None;
            }
            if is_int_const(m, b, 1) && same_type(m, a) {
                return Some(a);
            }
            if op == O::Mul && is_int_const(m, a, 1) && same_type(m, b) {
                return Some(b);
            }
            if op == O::Mul && (is_int_const(m, a, 0) || is_int_const(m, b, 0)) {
                let zero = Const {
                    kind: m.scalar_or_vec(ty)?.0,
                    lanes: vec![0; m.scalar_or_vec(ty)?.1 as usize],
                    vector: m.opcode(ty) == O::Vec,
                };
                return Some(materialize(m, ty, &zero));
            }
            None
        }
        _ => None,
    }
}
