//! Float algebra at emission: the rewrites of `+ - *` on `f32`/`f16` leaves that WGSL
//! allows and that Mesa's NIR makes, so that the simulator's results are the reference's
//! bit for bit. The differential harness runs naga's SPIR-V on lavapipe, whose NIR
//! optimizer rewrites every float operation a module does not mark `NoContraction` (naga
//! marks none); where two rewrites round differently, both are WGSL, and the harness's
//! bit-for-bit rule (`tools/diffexec/src/gen.rs`) needs the one lavapipe takes.
//!
//! # The rules
//!
//! Each is allowed by the spec ("Floating Point Evaluation", "Reassociation and Fusion"):
//! - **Identities** that change no finite result but the sign of a zero (which an
//!   implementation may ignore), under the Finite Math Assumption (an implementation may
//!   assume no infinity or NaN at run time): `x - x → 0`, `x ± 0 → x`, `0 + x → x`,
//!   `x * 0 → 0`, `x * 1 → x`, `x * -1 → -x`, `(p + q) - p → q`, `x + (p - x) → p`,
//!   `(p - q) - p → -q`.
//! - **Factoring**: `a*b + a*c → a*(b + c)`, in any operand order. This is reassociation
//!   ("the reordering of operations in an expression such that the answer is the same if
//!   computed exactly", which an implementation may do); it changes the rounding, so it
//!   decides which bits come out. The identities matter because they expose it:
//!   `((x - x) + y) * z + y * w` factors on `y`.
//! - **Value numbering**: a pure float operation on the same operands in one block is
//!   one value (NIR's common-subexpression elimination), so `abs(x)*y + abs(x)*z` factors
//!   on `abs(x)` although the source computes it twice. A negation is the exception: NIR
//!   moves it out of a product (`(-a)*b → -(a*b)`) before it finds two equal ones equal,
//!   so `(-x)*y + (-x)*z` is not factored there, while `x*(-y) + x*z` is.
//!
//! Matrix products and `dot` have their own orders (`ops.rs`, `mul`, `column_sum`,
//! `dot`): a `dot` of three or four components is one NIR operation through the
//! algebra, so nothing here applies inside it, and a run of matrix columns that are one
//! value before value numbering ([`copy_equal`]) is one term.
//!
//! Each rule, and each rule left out, was measured on lavapipe (Mesa 22.3, LLVM 15)
//! through the harness, on programs that print each pattern for 256 inputs: no factoring
//! of a difference (`a*b - a*c`), of a negated product (`-(a*b) + a*c`) or across a sum
//! of three terms (`(a*b + w) + a*c`); all the rules above fire.
//!
//! A factor that is a constant is compared by its bits and loaded again where it is
//! used, since constants live for one instruction (see the module essay of `lower`).
//! Factoring recurses into the new sum (`a*(x*b) + a*(x*c)` factors twice, as NIR's rules
//! applied to a fixed point do); the recursion is bounded by [`MAX_DEPTH`].

use super::super::ir::{BlockId, Op, Reg, Ty};
use super::Lower;
use crate::ir::{Inst, Module, Opcode};
use crate::util::map::Map;

/// Deepest nesting of factorings started by one emitted operation.
const MAX_DEPTH: u32 = 64;

/// What a float register was defined as, where that matters to the rules.
#[derive(Clone, Copy, Debug)]
enum Def {
    Const(u32),
    /// A product of two registers.
    Mul(Reg, Reg),
    Add(Reg, Reg),
    Sub(Reg, Reg),
}

/// The definitions the rules look at, by register, and the block's value numbers.
#[derive(Default)]
pub(super) struct Algebra {
    /// By register number (registers are dense, so a vector rather than a hash table).
    defs: Vec<Option<Def>>,
    depth: u32,
    /// Float operations emitted in block `numbered` since lowering entered it last, by
    /// operation and operands (commutative ones with their operands sorted).
    numbers: Map<(Op, Ty, [u64; 2]), Reg>,
    numbered: Option<BlockId>,
}

impl Algebra {
    pub(super) fn note_const(&mut self, r: Reg, ty: Ty, bits: u32) {
        if ty.is_float() {
            self.note(r, Def::Const(bits));
        }
    }

    fn note(&mut self, r: Reg, def: Def) {
        let k = r.0 as usize;
        if self.defs.len() <= k {
            self.defs.resize(k + 1, None);
        }
        self.defs[k] = Some(def);
    }

    fn def(&self, r: Reg) -> Option<Def> {
        self.defs.get(r.0 as usize).copied().flatten()
    }

    fn bits(&self, r: Reg) -> Option<u32> {
        match self.def(r) {
            Some(Def::Const(b)) => Some(b),
            _ => None,
        }
    }

    fn is_zero(&self, r: Reg, ty: Ty) -> bool {
        let mask = if ty == Ty::HF { 0x7fff } else { 0x7fff_ffff };
        self.bits(r).is_some_and(|b| b & mask == 0)
    }

    fn is_one(&self, r: Reg, ty: Ty) -> bool {
        let one = if ty == Ty::HF { 0x3c00 } else { 0x3f80_0000 };
        self.bits(r) == Some(one)
    }

    fn is_minus_one(&self, r: Reg, ty: Ty) -> bool {
        let minus_one = if ty == Ty::HF { 0xbc00 } else { 0xbf80_0000 };
        self.bits(r) == Some(minus_one)
    }

    /// The same value: one register, or two constants with the same bits.
    fn same(&self, a: Reg, b: Reg) -> bool {
        a == b || matches!((self.bits(a), self.bits(b)), (Some(x), Some(y)) if x == y)
    }

    /// `p + q` as `f * (x + y)` when both are products sharing the factor `f`.
    fn common_factor(&self, p: Reg, q: Reg) -> Option<(Reg, Reg, Reg)> {
        let (Some(Def::Mul(a, b)), Some(Def::Mul(c, d))) = (self.def(p), self.def(q)) else {
            return None;
        };
        if self.same(a, c) {
            Some((a, b, d))
        } else if self.same(a, d) {
            Some((a, b, c))
        } else if self.same(b, c) {
            Some((b, a, d))
        } else if self.same(b, d) {
            Some((b, a, c))
        } else {
            None
        }
    }
}

/// Whether IR values `a` and `b` are one value before any common-subexpression
/// elimination: the same instruction, or the same swizzle, extract, construct or splat of
/// such values (constants are interned, so equal ones are one instruction). This is when
/// NIR sees one SSA value right after translating naga's SPIR-V, where its copy
/// propagation has looked through the rearrangements but nothing has been merged yet.
pub(super) fn copy_equal(m: &Module, a: Inst, b: Inst, depth: u32) -> bool {
    if a == b {
        return true;
    }
    let op = m.opcode(a);
    if depth == 0
        || op != m.opcode(b)
        || !matches!(
            op,
            Opcode::Swizzle | Opcode::Extract | Opcode::Construct | Opcode::Splat
        )
        || m.num_operands(a) != m.num_operands(b)
        || m.ty(a) != m.ty(b)
    {
        return false;
    }
    (0..m.num_operands(a)).all(|k| copy_equal(m, m.operand(a, k), m.operand(b, k), depth - 1))
}

/// One term of a matrix column sum: the columns `cols` (one value, so one product), whose
/// vector entries are summed left to right, the two halves apart when `split` is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Term {
    pub cols: std::ops::Range<usize>,
    pub split: Option<usize>,
}

/// The terms of `m × v` over the `n` columns of matrix value `mat`, as NIR merges Mesa's
/// chain `acc = m[j] * v[j] + acc` (last column first) of fused multiply-adds before
/// llvmpipe splits them: one pass from the first column merges each pair of neighbours
/// that are one value ([`copy_equal`]), `m[j]*v[j] + (m[j]*v[j+1] + acc) → m[j]*(v[j] +
/// v[j+1]) + acc`, a merged column taking no part in the next pair; then a merged pair
/// takes the last term in too when that is the same column (`m*s + m*t → m*(s + t)`).
/// Measured on lavapipe for every pattern of equal columns of `mat4x4` and `mat3x3`.
pub(super) fn column_terms(m: &Module, mat: Inst, n: usize) -> Vec<Term> {
    let col = |j: usize| {
        (m.opcode(mat) == Opcode::Construct && m.num_operands(mat) == n).then(|| m.operand(mat, j))
    };
    let same = |i: usize, j: usize| matches!((col(i), col(j)), (Some(x), Some(y)) if copy_equal(m, x, y, 8));
    let mut terms: Vec<Term> = Vec::new();
    let mut j = 0;
    while j < n {
        let len = if j + 1 < n && same(j, j + 1) { 2 } else { 1 };
        terms.push(Term {
            cols: j..j + len,
            split: None,
        });
        j += len;
    }
    if let [.., prev, last] = terms.as_mut_slice()
        && prev.cols.len() == 2
        && same(prev.cols.start, last.cols.start)
    {
        let merged = Term {
            cols: prev.cols.start..last.cols.end,
            split: Some(last.cols.start),
        };
        terms.pop();
        *terms.last_mut().expect("two terms") = merged;
    }
    terms
}

/// Operations whose operands may be swapped.
fn commutative(op: Op) -> bool {
    matches!(op, Op::Add | Op::Mul | Op::Min | Op::Max)
}

impl Lower<'_> {
    /// A pure float operation on one or two registers (`b` repeats `a` for one), emitted
    /// once per block: the same operation on the same registers is the same value, so it
    /// is computed once, as NIR's common-subexpression elimination does, and the rules
    /// see that `a*b` and `a*c` share `a` when `a` was written twice in the source.
    pub(super) fn numbered(&mut self, op: Op, ty: Ty, src: &[Reg]) -> Reg {
        // A constant is its bits (each use loads it again).
        let key_of = |r: Reg| match self.algebra.bits(r) {
            Some(bits) => 1 << 32 | u64::from(bits),
            None => u64::from(r.0),
        };
        let (mut a, mut b) = (key_of(src[0]), key_of(*src.get(1).unwrap_or(&src[0])));
        if commutative(op) && b < a {
            std::mem::swap(&mut a, &mut b);
        }
        if self.algebra.numbered != Some(self.cur) {
            self.algebra.numbers.clear();
            self.algebra.numbered = Some(self.cur);
        }
        let key = (op, ty, [a, b]);
        if let Some(&r) = self.algebra.numbers.get(&key) {
            return r;
        }
        let r = self.emit(op, ty, src);
        self.algebra.numbers.insert(key, r);
        r
    }

    /// `op` on float leaves `a` and `b` after the rules, or `None` when none applies.
    pub(super) fn float_algebra(&mut self, op: Op, ty: Ty, a: Reg, b: Reg) -> Option<Reg> {
        match op {
            Op::Add => self.add_rules(ty, a, b),
            Op::Sub => self.sub_rules(ty, a, b),
            Op::Mul => self.mul_rules(ty, a, b),
            _ => None,
        }
    }

    fn add_rules(&mut self, ty: Ty, a: Reg, b: Reg) -> Option<Reg> {
        let al = &self.algebra;
        if al.is_zero(a, ty) {
            return Some(self.reuse(ty, b));
        }
        if al.is_zero(b, ty) {
            return Some(self.reuse(ty, a));
        }
        // x + (p - x) → p and (p - x) + x → p.
        if let Some(Def::Sub(p, q)) = al.def(b)
            && al.same(q, a)
        {
            return Some(self.reuse(ty, p));
        }
        if let Some(Def::Sub(p, q)) = al.def(a)
            && al.same(q, b)
        {
            return Some(self.reuse(ty, p));
        }
        if al.depth >= MAX_DEPTH {
            return None;
        }
        let (f, x, y) = al.common_factor(a, b)?;
        self.algebra.depth += 1;
        let sum = self.float_op(Op::Add, ty, x, y);
        let f = self.reuse(ty, f);
        let r = self.float_op(Op::Mul, ty, f, sum);
        self.algebra.depth -= 1;
        Some(r)
    }

    fn sub_rules(&mut self, ty: Ty, a: Reg, b: Reg) -> Option<Reg> {
        let al = &self.algebra;
        if a == b {
            return Some(self.loadi(ty, 0));
        }
        if al.is_zero(b, ty) {
            return Some(self.reuse(ty, a));
        }
        // (p + q) - p → q, (p + q) - q → p, (p - q) - p → -q.
        match al.def(a) {
            Some(Def::Add(p, q)) if al.same(p, b) => Some(self.reuse(ty, q)),
            Some(Def::Add(p, q)) if al.same(q, b) => Some(self.reuse(ty, p)),
            Some(Def::Sub(p, q)) if al.same(p, b) => Some(self.float_neg(ty, q)),
            _ => None,
        }
    }

    fn mul_rules(&mut self, ty: Ty, a: Reg, b: Reg) -> Option<Reg> {
        let al = &self.algebra;
        if al.is_zero(a, ty) || al.is_zero(b, ty) {
            return Some(self.loadi(ty, 0));
        }
        for (x, y) in [(a, b), (b, a)] {
            if self.algebra.is_one(x, ty) {
                return Some(self.reuse(ty, y));
            }
            if self.algebra.is_minus_one(x, ty) {
                return Some(self.float_neg(ty, y));
            }
        }
        None
    }

    /// A float `+ - *` through the rules; the result's definition is noted.
    pub(super) fn float_op(&mut self, op: Op, ty: Ty, a: Reg, b: Reg) -> Reg {
        if let Some(r) = self.float_algebra(op, ty, a, b) {
            return r;
        }
        let d = self.numbered(op, ty, &[a, b]);
        let def = match op {
            Op::Mul => Def::Mul(a, b),
            Op::Add => Def::Add(a, b),
            _ => Def::Sub(a, b),
        };
        self.algebra.note(d, def);
        d
    }

    /// Register `r` used once more: a constant is loaded again.
    fn reuse(&mut self, ty: Ty, r: Reg) -> Reg {
        match self.algebra.bits(r) {
            Some(bits) => self.loadi(ty, bits),
            None => r,
        }
    }

    /// A float negation. Each is its own value (two negations of `x` are not one): NIR
    /// moves a negation out of a product (`(-a)*b → -(a*b)`) before it finds two equal
    /// ones equal, so `(-x)*y + (-x)*z` is not factored on `-x` there.
    pub(super) fn float_neg(&mut self, ty: Ty, a: Reg) -> Reg {
        self.emit(Op::Neg, ty, &[a])
    }
}
