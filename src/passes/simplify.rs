//! `simplify`: algebraic simplification by a table of rewrite rules, in the spirit of
//! NIR's `nir_algebraic`: each rule is a pattern over an instruction and its operands, a
//! condition on the types, and what the instruction becomes.
//!
//! **Exact, always.** A rule holds for every value of its operands, with WGSL's run-time
//! semantics, bit for bit. Integer arithmetic wraps, so `(x + y) - y` is `x` for every
//! `x` and `y`; booleans are two values. Floats get no algebraic rule at all: `x + 0.0`
//! changes `-0.0`, `x * 0.0` changes infinities and NaNs, reassociation changes rounding,
//! and even `x * 1.0`, `min(x, x)` or `-(-x)`, exact in IEEE arithmetic, may differ on an
//! implementation that flushes subnormals in arithmetic (which WGSL allows) from the `x`
//! they would be replaced with. The rules that do apply to floats look at no value:
//! `select(c, a, a)` is `a`, and a member of a `splat` is its operand.
//!
//! The operations on constants and the identities with one constant operand (`x + 0`,
//! `x * 1`, shifts by 0, `x & ~0`, …) are `const-fold`'s ([`super::const_fold`]); the
//! rules here match the *shape* of operands: the same value twice, an operation of an
//! operation. See [`RULES`] for the table.
//!
//! **Algorithm.** A work list over the pure instructions of every function, in layout
//! order. An instruction that a rule rewrites is replaced everywhere by what the rule
//! gives (an operand, a constant, or a new instruction placed just before it) and
//! removed; its users go back on the list, since a rewrite may make theirs apply (`!!b`
//! once `b` is itself simplified). A new instruction is never larger than the one it
//! replaces and always leaves the old operand chain dead or shorter, so the list ends;
//! operands it made dead are left to `dce`.
//!
//! Cost: each instruction is tried against the rules for its opcode (a few, each O(1)),
//! and is revisited only when an operand of it was rewritten: linear in the function
//! times the (short) longest chain of rewrites.
//!
//! **Invariants kept.** A replacement has the type of what it replaces and is defined
//! before it (an operand of it, a constant, or a new instruction inserted right before
//! it), so SSA dominance holds; blocks and edges are untouched (`Changed::Instructions`).
//! Only pure instructions are matched and made, so no effect, memory access or
//! uniformity-sensitive operation is moved, added or removed, with one exception: a
//! member of a load of memory nothing writes during the dispatch (uniform, immediate,
//! read-only storage: what `gvn` merges like a pure value) is read by a load of that
//! member, when the member is all the load is used for. The load it replaces goes with
//! it, so no access is added; it reads less, and two reads of one member, whole or
//! through a larger load, become one value for `gvn` (and the WGSL this writes, which
//! spells both `u.a[1].x`, compiles to what it compiled from).

use crate::diag::Diagnostic;
use crate::ir::analysis::{Analyses, Changed};
use crate::ir::edit::rewrite_pure;
use crate::ir::eval::{Const, materialize, read, same_constant};
use crate::ir::types::Scalar;
use crate::ir::{Builder, Inst, Module, Opcode, Type};

pub fn run(m: &mut Module, _: &mut Analyses, _: &()) -> Result<Changed, Diagnostic> {
    Ok(Changed::instructions_if(rewrite_pure(m, rewrite)))
}

/// One rewrite rule: what it matches (for documentation and tests), the opcode it
/// applies to, and the rewrite, which returns the replacement or `None` when the
/// instruction does not match.
pub struct Rule {
    pub pattern: &'static str,
    pub op: Opcode,
    pub apply: fn(&mut Module, Inst) -> Option<Inst>,
}

macro_rules! rule {
    ($pattern:literal, $op:ident, $apply:expr) => {
        Rule {
            pattern: $pattern,
            op: Opcode::$op,
            apply: $apply,
        }
    };
}

/// The rules. "int" means `i32`, `u32` or vectors of them, "bool" `bool` or its vectors;
/// `c`, `d` are any values, `x`, `y` values of the kinds named. A constant on the right
/// has the instruction's type (a vector of it for a vector).
pub const RULES: &[Rule] = &[
    rule!("x - x → 0 (int)", Sub, |m, i| same_operands(m, i, INT)
        .then(|| splat(m, i, 0))),
    rule!("x ^ x → 0 (int), false (bool)", Xor, |m, i| {
        same_operands(m, i, INT | BOOL).then(|| splat(m, i, 0))
    }),
    rule!("x & x → x (int, bool)", And, idempotent),
    rule!("x | x → x (int, bool)", Or, idempotent),
    rule!("x & 0 → 0 (int), b & false → false", And, |m, i| {
        absorbing(m, i, 0)
    }),
    rule!("x | ~0 → ~0 (int), b | true → true", Or, |m, i| {
        absorbing(m, i, u32::MAX)
    }),
    rule!("x & (x | y) → x (int, bool)", And, |m, i| {
        absorption(m, i, Opcode::Or)
    }),
    rule!("x | (x & y) → x (int, bool)", Or, |m, i| {
        absorption(m, i, Opcode::And)
    }),
    rule!("x == x → true (int, bool)", Eq, self_compare),
    rule!("x <= x → true (int)", Le, self_compare),
    rule!("x >= x → true (int)", Ge, self_compare),
    rule!("x != x → false (int, bool)", Ne, self_compare),
    rule!("x < x → false (int)", Lt, self_compare),
    rule!("x > x → false (int)", Gt, self_compare),
    rule!("min(x, x) → x (int)", Min, |m, i| same_operands(
        m, i, INT
    )
    .then(|| m.operand(i, 0))),
    rule!("max(x, x) → x (int)", Max, |m, i| same_operands(
        m, i, INT
    )
    .then(|| m.operand(i, 0))),
    rule!("clamp(x, c, c) → c (int)", Clamp, |m, i| {
        let ok = m.num_operands(i) == 3
            && m.operand(i, 1) == m.operand(i, 2)
            && kind_is(m, i, INT)
            && m.ty(m.operand(i, 1)) == m.ty(i);
        ok.then(|| m.operand(i, 1))
    }),
    rule!("-(-x) → x (int)", Neg, |m, i| involution(m, i, INT)),
    rule!("!!b → b", Not, |m, i| involution(m, i, BOOL)),
    rule!("~~x → x", BitNot, |m, i| involution(m, i, INT)),
    rule!("abs(abs(x)) → abs(x) (int)", Abs, |m, i| {
        let x = m.operand_opt(i, 0)?;
        (m.opcode(x) == Opcode::Abs && kind_is(m, i, INT) && m.ty(x) == m.ty(i)).then_some(x)
    }),
    rule!(
        "!(x op y) → x (negated op) y (int, bool)",
        Not,
        negated_compare
    ),
    rule!("select(c, a, a) → a (any type)", Select, |m, i| {
        if m.num_operands(i) != 3 {
            return None;
        }
        let (a, b) = (m.operand(i, 1), m.operand(i, 2));
        (a == b || same_constant(m, a, b)).then_some(a)
    }),
    rule!("select(b, true, false) → b", Select, |m, i| bool_select(
        m, i, true
    )),
    rule!("select(b, false, true) → !b", Select, |m, i| bool_select(
        m, i, false
    )),
    rule!("b == true → b", Eq, |m, i| bool_compare(m, i, 1)),
    rule!("b != false → b", Ne, |m, i| bool_compare(m, i, 0)),
    rule!("(x + y) - y → x, (x + y) - x → y (int)", Sub, sub_of_add),
    rule!("(x - y) + y → x, y + (x - y) → x (int)", Add, add_of_sub),
    rule!("all(b) → b (scalar bool)", All, scalar_reduction),
    rule!("any(b) → b (scalar bool)", Any, scalar_reduction),
    rule!("splat(x)[k] → x (any type)", Extract, |m, i| {
        let base = m.operand_opt(i, 0)?;
        let x = m.operand_opt(base, 0)?;
        let ok = m.num_operands(i) == 2 && m.opcode(base) == Opcode::Splat && m.ty(x) == m.ty(i);
        ok.then_some(x)
    }),
    rule!(
        "swizzle(v, 0, 1, …, n-1) → v (v of n lanes)",
        Swizzle,
        |m, i| {
            let v = m.operand_opt(i, 0)?;
            let identity = m.ty(v) == m.ty(i)
                && (1..m.num_operands(i))
                    .all(|k| m.const_u32(m.operand(i, k)) == Some(k as u32 - 1));
            identity.then_some(v)
        }
    ),
    rule!(
        "swizzle(swizzle(v, a…), k…) → swizzle(v, a[k]…)",
        Swizzle,
        |m, i| {
            let inner = m.operand_opt(i, 0)?;
            let picks = lanes_of_swizzle(m, i, inner)?;
            let mut ops = vec![m.operand(inner, 0)];
            ops.extend(picks);
            Some(new_before(m, i, Opcode::Swizzle, &ops))
        }
    ),
    rule!(
        "swizzle(construct(s…), k…) → construct(s[k]…) (one scalar a lane)",
        Swizzle,
        |m, i| {
            let base = m.operand_opt(i, 0)?;
            let parts = scalar_parts(m, base)?;
            let mut ops = Vec::with_capacity(m.num_operands(i) - 1);
            for k in 1..m.num_operands(i) {
                ops.push(*parts.get(m.const_u32(m.operand(i, k))? as usize)?);
            }
            Some(new_before(m, i, Opcode::Construct, &ops))
        }
    ),
    rule!(
        "load(p)[k…] → load(access(p, k…)) (p read-only memory, the load's one use)",
        Extract,
        narrow_load
    ),
    rule!("swizzle(v, a…)[k] → v[a[k]]", Extract, |m, i| {
        let inner = m.operand_opt(i, 0)?;
        if m.num_operands(i) != 2 {
            return None;
        }
        let pick = lanes_of_swizzle(m, i, inner)?[0];
        let v = m.operand(inner, 0);
        Some(new_before(m, i, Opcode::Extract, &[v, pick]))
    }),
    rule!(
        "construct(v[0], v[1], …, v[n-1]) → v (v of the result's type)",
        Construct,
        |m, i| {
            let n = m.num_operands(i);
            let first = m.operand_opt(i, 0)?;
            let v = m.operand_opt(first, 0)?;
            if m.ty(v) != m.ty(i) || m.opcode(m.ty(i)?) != Opcode::Vec {
                return None;
            }
            let whole = (0..n).all(|k| {
                let e = m.operand(i, k);
                m.opcode(e) == Opcode::Extract
                    && m.num_operands(e) == 2
                    && m.operand(e, 0) == v
                    && m.const_u32(m.operand(e, 1)) == Some(k as u32)
            });
            (whole && m.vec_parts(m.ty(i)?)?.1 as usize == n).then_some(v)
        }
    ),
    rule!(
        "access(access(p, i…), j…) → access(p, i…, j…)",
        Access,
        combine_access
    ),
    rule!("convert(x) → x (same type)", Convert, same_type_cast),
    rule!("bitcast(x) → x (same type)", Bitcast, same_type_cast),
    rule!(
        "bitcast(bitcast(x)) → x (back to x's type)",
        Bitcast,
        |m, i| {
            let inner = m.operand_opt(i, 0)?;
            let x = m.operand_opt(inner, 0)?;
            (m.opcode(inner) == Opcode::Bitcast && m.ty(x) == m.ty(i)).then_some(x)
        }
    ),
];

/// Most indices a combined access chain takes (a bound on the rewrite, far above what
/// programs nest).
const MAX_ACCESS_INDICES: usize = 32;

/// One access chain for an access into an access: the same pointer, one instruction
/// (the inner chain stays while something else uses it).
fn combine_access(m: &mut Module, i: Inst) -> Option<Inst> {
    let inner = m.operand_opt(i, 0)?;
    if m.opcode(inner) != Opcode::Access || m.num_operands(i) < 2 {
        return None;
    }
    let ops = chain_operands(m, inner, m.operands(i).skip(1))?;
    let e = m.create(Opcode::Access, m.ty(i), &ops);
    m.insert_before(i, e);
    Some(e)
}

/// The operands of one access chain from `base` through `indices`: an access chain as
/// `base` gives its own pointer and indices first. `None` past [`MAX_ACCESS_INDICES`].
fn chain_operands(
    m: &Module,
    base: Inst,
    indices: impl Iterator<Item = Inst>,
) -> Option<Vec<Inst>> {
    let mut ops: Vec<Inst> = if m.opcode(base) == Opcode::Access {
        m.operands(base).collect()
    } else {
        vec![base]
    };
    ops.extend(indices);
    (ops.len() <= MAX_ACCESS_INDICES + 1).then_some(ops)
}

/// A load of the member an `extract` takes from a load of read-only memory that has no
/// other use (see the module essay).
fn narrow_load(m: &mut Module, i: Inst) -> Option<Inst> {
    let whole = m.operand_opt(i, 0)?;
    if m.opcode(whole) != Opcode::Load || m.num_operands(whole) != 1 || m.uses(whole).count() != 1 {
        return None;
    }
    let p = m.operand(whole, 0);
    let (space, _, access) = m.ty(p).and_then(|t| m.ptr_parts(t))?;
    if !super::gvn::reads_immutable(m, p) {
        return None;
    }
    let ops = chain_operands(m, p, m.operands(i).skip(1))?;
    let ty = m.ty(i)?;
    let ptr = Builder::new(m).ty_ptr(space, Type(ty), access).inst();
    let chain = m.create(Opcode::Access, Some(ptr), &ops);
    m.insert_before(i, chain);
    let span = m.span(i);
    m.set_span(chain, span);
    Some(new_before(m, i, Opcode::Load, &[chain]))
}

/// The index operands of swizzle `inner` that `i` (a swizzle, or an extract) picks
/// with its constant indices, when `inner` is a swizzle.
fn lanes_of_swizzle(m: &Module, i: Inst, inner: Inst) -> Option<Vec<Inst>> {
    if m.opcode(inner) != Opcode::Swizzle {
        return None;
    }
    let mut picks = Vec::with_capacity(m.num_operands(i) - 1);
    for k in 1..m.num_operands(i) {
        let lane = m.const_u32(m.operand(i, k))? as usize;
        picks.push(m.operand_opt(inner, 1 + lane)?);
    }
    Some(picks)
}

/// The operands of a vector `construct` that has one scalar operand a lane.
fn scalar_parts(m: &Module, base: Inst) -> Option<Vec<Inst>> {
    if m.opcode(base) != Opcode::Construct {
        return None;
    }
    let (_, lanes) = m.vec_parts(m.ty(base)?)?;
    let parts: Vec<Inst> = m.operands(base).collect();
    (parts.len() == lanes as usize).then_some(parts)
}

/// What `i` becomes under the first rule for its opcode that matches.
pub fn rewrite(m: &mut Module, i: Inst) -> Option<Inst> {
    let op = m.opcode(i);
    m.ty(i)?;
    RULES
        .iter()
        .filter(|r| r.op == op)
        .find_map(|r| (r.apply)(m, i))
}

const INT: u8 = 1;
const BOOL: u8 = 2;

/// Whether `i`'s first operand is a scalar or vector of a kind in `kinds`.
fn kind_is(m: &Module, i: Inst, kinds: u8) -> bool {
    let Some(x) = m.operand_opt(i, 0) else {
        return false;
    };
    match m.ty(x).and_then(|t| m.scalar_or_vec(t)) {
        Some((s, _)) if s.is_int() => kinds & INT != 0,
        Some((Scalar::Bool, _)) => kinds & BOOL != 0,
        _ => false,
    }
}

/// A binary operation whose two operands are the same value, of a kind in `kinds`.
fn same_operands(m: &Module, i: Inst, kinds: u8) -> bool {
    m.num_operands(i) == 2 && m.operand(i, 0) == m.operand(i, 1) && kind_is(m, i, kinds)
}

/// The constant of `i`'s type (a scalar or vector) with every lane `bits`.
fn splat(m: &mut Module, i: Inst, bits: u32) -> Inst {
    let ty = m.ty(i).expect("rules run on typed instructions");
    let (kind, n) = m.scalar_or_vec(ty).expect("rules make scalars or vectors");
    // A boolean lane is 0 or 1: "every bit set" is `true`.
    let bits = if kind == Scalar::Bool { bits & 1 } else { bits };
    let c = Const {
        kind,
        lanes: vec![bits; n as usize],
        vector: m.opcode(ty) == Opcode::Vec,
    };
    materialize(m, ty, &c)
}

/// Whether `x` is a constant with every lane `bits` (a boolean `true` is 1).
fn is_splat_const(m: &Module, x: Inst, bits: u32) -> bool {
    read(m, x).is_some_and(|c| {
        let bits = if c.kind == Scalar::Bool {
            bits & 1
        } else {
            bits
        };
        c.kind != Scalar::F32 && c.kind != Scalar::F16 && c.lanes.iter().all(|&l| l == bits)
    })
}

fn idempotent(m: &mut Module, i: Inst) -> Option<Inst> {
    same_operands(m, i, INT | BOOL).then(|| m.operand(i, 0))
}

/// `x & 0` (all bits clear) or `x | ~0` (all set): the constant, whichever side it is on.
fn absorbing(m: &mut Module, i: Inst, bits: u32) -> Option<Inst> {
    if m.num_operands(i) != 2 || !kind_is(m, i, INT | BOOL) {
        return None;
    }
    let (a, b) = (m.operand(i, 0), m.operand(i, 1));
    [a, b]
        .into_iter()
        .find(|&c| is_splat_const(m, c, bits))
        .map(|_| splat(m, i, bits))
}

/// `x & (x | y)` → `x` (`inner` is `or`), `x | (x & y)` → `x` (`inner` is `and`), with the
/// operands of either in any order.
fn absorption(m: &mut Module, i: Inst, inner: Opcode) -> Option<Inst> {
    if m.num_operands(i) != 2 || !kind_is(m, i, INT | BOOL) {
        return None;
    }
    let (a, b) = (m.operand(i, 0), m.operand(i, 1));
    for (x, other) in [(a, b), (b, a)] {
        if m.opcode(other) == inner
            && m.num_operands(other) == 2
            && (m.operand(other, 0) == x || m.operand(other, 1) == x)
            && m.ty(x) == m.ty(i)
        {
            return Some(x);
        }
    }
    None
}

/// A comparison of a value with itself: integers and booleans only (a float NaN is not
/// equal to itself).
fn self_compare(m: &mut Module, i: Inst) -> Option<Inst> {
    if !same_operands(m, i, INT | BOOL) {
        return None;
    }
    let holds = matches!(m.opcode(i), Opcode::Eq | Opcode::Le | Opcode::Ge);
    Some(splat(m, i, u32::from(holds)))
}

/// `op(op(x))` → `x` for an operation that is its own inverse on `kinds`.
fn involution(m: &mut Module, i: Inst, kinds: u8) -> Option<Inst> {
    let inner = m.operand_opt(i, 0)?;
    let x = m.operand_opt(inner, 0)?;
    let ok = m.opcode(inner) == m.opcode(i)
        && m.num_operands(inner) == 1
        && kind_is(m, i, kinds)
        && m.ty(x) == m.ty(i);
    ok.then_some(x)
}

/// `!(a op b)` → `a op' b` where `op'` is the negation of `op`, when the comparison has no
/// other use (else the rewrite would add an instruction, not replace one). Integers and
/// booleans only: for floats `!(a < b)` is not `a >= b` when either is NaN.
fn negated_compare(m: &mut Module, i: Inst) -> Option<Inst> {
    use Opcode as O;
    let cmp = m.operand_opt(i, 0)?;
    let negated = match m.opcode(cmp) {
        O::Eq => O::Ne,
        O::Ne => O::Eq,
        O::Lt => O::Ge,
        O::Le => O::Gt,
        O::Gt => O::Le,
        O::Ge => O::Lt,
        _ => return None,
    };
    if m.num_operands(cmp) != 2 || !kind_is(m, cmp, INT | BOOL) || m.uses(cmp).count() != 1 {
        return None;
    }
    let ops = [m.operand(cmp, 0), m.operand(cmp, 1)];
    Some(new_before(m, i, negated, &ops))
}

/// A new pure instruction with `i`'s type and span, inserted just before `i`.
fn new_before(m: &mut Module, i: Inst, op: Opcode, operands: &[Inst]) -> Inst {
    let e = m.create(op, m.ty(i), operands);
    m.insert_before(i, e);
    let span = m.span(i);
    m.set_span(e, span);
    if let Some(name) = m.name(i).map(str::to_string) {
        m.set_name(e, &name);
    }
    e
}

/// `select(b, true, false)` → `b` (`keep`), `select(b, false, true)` → `!b`, when the
/// condition has the result's type.
fn bool_select(m: &mut Module, i: Inst, keep: bool) -> Option<Inst> {
    if m.num_operands(i) != 3 {
        return None;
    }
    let (c, t, f) = (m.operand(i, 0), m.operand(i, 1), m.operand(i, 2));
    let ok = m.ty(c) == m.ty(i)
        && kind_is(m, i, BOOL)
        && is_splat_const(m, t, u32::from(keep))
        && is_splat_const(m, f, u32::from(!keep));
    if !ok {
        return None;
    }
    Some(if keep {
        c
    } else {
        new_before(m, i, Opcode::Not, &[c])
    })
}

/// `b == true` and `b != false` (`keeps` is the constant that keeps `b`: 1 for `==`, 0 for
/// `!=`), with the constant on either side.
fn bool_compare(m: &mut Module, i: Inst, keeps: u32) -> Option<Inst> {
    if m.num_operands(i) != 2 || !kind_is(m, i, BOOL) {
        return None;
    }
    let (a, b) = (m.operand(i, 0), m.operand(i, 1));
    for (x, c) in [(a, b), (b, a)] {
        if is_splat_const(m, c, keeps) && m.ty(x) == m.ty(i) {
            return Some(x);
        }
    }
    None
}

/// The two operands of a binary `op` instruction `x`, if it is one.
fn binary(m: &Module, x: Inst, op: Opcode) -> Option<(Inst, Inst)> {
    (m.opcode(x) == op && m.num_operands(x) == 2).then(|| (m.operand(x, 0), m.operand(x, 1)))
}

/// `(x + y) - y` → `x` and `(x + y) - x` → `y`, integers (wrapping, so exact).
fn sub_of_add(m: &mut Module, i: Inst) -> Option<Inst> {
    if m.num_operands(i) != 2 || !kind_is(m, i, INT) {
        return None;
    }
    let (sum, z) = (m.operand(i, 0), m.operand(i, 1));
    let (x, y) = binary(m, sum, Opcode::Add)?;
    let r = if y == z {
        x
    } else if x == z {
        y
    } else {
        return None;
    };
    (m.ty(r) == m.ty(i)).then_some(r)
}

/// `(x - y) + y` → `x`, with the sum's operands in either order; integers.
fn add_of_sub(m: &mut Module, i: Inst) -> Option<Inst> {
    if m.num_operands(i) != 2 || !kind_is(m, i, INT) {
        return None;
    }
    let (a, b) = (m.operand(i, 0), m.operand(i, 1));
    for (diff, z) in [(a, b), (b, a)] {
        if let Some((x, y)) = binary(m, diff, Opcode::Sub) {
            if y == z && m.ty(x) == m.ty(i) {
                return Some(x);
            }
        }
    }
    None
}

/// `all(b)` or `any(b)` of a scalar boolean is `b`.
fn scalar_reduction(m: &mut Module, i: Inst) -> Option<Inst> {
    let b = m.operand_opt(i, 0)?;
    (m.num_operands(i) == 1 && m.ty(b) == m.ty(i)).then_some(b)
}

/// A conversion or bit cast to the type its operand already has.
fn same_type_cast(m: &mut Module, i: Inst) -> Option<Inst> {
    let x = m.operand_opt(i, 0)?;
    (m.num_operands(i) == 1 && m.ty(x) == m.ty(i)).then_some(x)
}
