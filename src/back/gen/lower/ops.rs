//! Scalarization of the pure operations, builtin functions, atomics, derivatives and
//! texture operations. Each works leaf by leaf on the operands' registers; a scalar
//! operand beside a vector one is used for every component. Builtins the Gen ISA has
//! no instruction for are expanded into the formulas WGSL states their accuracy by
//! ("inherited from"), so their error is the one the spec allows.

use super::super::ir::{AtomicOp, Cond, LaneOp, MathFn, Op, Red, Reg, Space, Special, Ty};
use super::super::layout;
use super::{Lower, Ptr, Result, Val, algebra, malformed, unsupported};
use crate::ir::{Inst, Opcode};

const PI: f32 = std::f32::consts::PI;

/// Entries `start`, `start + stride`… (`n` of them) of `a`: a row of a column-major
/// matrix.
fn strided(a: &[Reg], start: usize, stride: usize, n: usize) -> Vec<Reg> {
    let mut out = Vec::with_capacity(n);
    for j in 0..n {
        out.push(a[j * stride + start]);
    }
    out
}

/// Builtins whose accuracy WGSL gives as a bound (or inherits from a formula an
/// implementation may evaluate differently, or allows to fuse).
fn inexact(op: Opcode) -> bool {
    use Opcode as O;
    matches!(
        op,
        O::Acos
            | O::Acosh
            | O::Asin
            | O::Asinh
            | O::Atan
            | O::Atanh
            | O::Atan2
            | O::Cos
            | O::Cosh
            | O::Degrees
            | O::Distance
            | O::Exp
            | O::Exp2
            | O::FaceForward
            | O::Fma
            | O::InverseSqrt
            | O::Length
            | O::Log
            | O::Log2
            | O::Mad
            | O::Mix
            | O::Normalize
            | O::Pow
            | O::Radians
            | O::Rcp
            | O::Reflect
            | O::Refract
            | O::Rsq
            | O::Sin
            | O::Sinh
            | O::Smoothstep
            | O::Tan
            | O::Tanh
            | O::Pack4x8Snorm
            | O::Pack4x8Unorm
            | O::Pack2x16Snorm
            | O::Pack2x16Unorm
            | O::Unpack4x8Snorm
            | O::Unpack4x8Unorm
            | O::Unpack2x16Snorm
            | O::Unpack2x16Unorm
            | O::Determinant
    )
}

/// Methods for common operations (`self.add(ty, a, b)`…) through [`Lower::b2`], and
/// below them `bitcast` and `cvt` through [`Lower::b1`]. Not inlined: a call that passes
/// the operation in memory costs more, at each of the many call sites, than a call of
/// one of these (measured: 0.8 KB gzipped off the package).
macro_rules! binary_ops {
    ($($name:ident: $op:expr;)*) => {
        $(
            #[inline(never)]
            pub(super) fn $name(&mut self, ty: Ty, a: Reg, b: Reg) -> Reg {
                self.b2($op, ty, a, b)
            }
        )*
    };
}

const FRAC_PI_2: f32 = std::f32::consts::FRAC_PI_2;
const FRAC_PI_4: f32 = std::f32::consts::FRAC_PI_4;

impl Lower<'_> {
    pub(super) fn fconst(&mut self, ty: Ty, x: f32) -> Reg {
        if ty == Ty::HF {
            self.loadi(Ty::HF, u32::from(half::f16::from_f32(x).to_bits()))
        } else {
            self.loadi(Ty::F, x.to_bits())
        }
    }

    binary_ops! {
        add: Op::Add;
        sub: Op::Sub;
        mul: Op::Mul;
        fdiv: Op::Math(MathFn::Fdiv);
        min: Op::Min;
        max: Op::Max;
    }

    /// `x`'s bits, of type `from`, as a `to`.
    #[inline(never)]
    pub(super) fn bitcast(&mut self, from: Ty, to: Ty, x: Reg) -> Reg {
        self.b1(Op::Bitcast(from), to, x)
    }

    /// `x`, of type `from`, converted to a `to`.
    #[inline(never)]
    pub(super) fn cvt(&mut self, from: Ty, to: Ty, x: Reg) -> Reg {
        self.b1(Op::Cvt(from), to, x)
    }

    /// A binary operation; float `+ - *` go through the algebra rules (`algebra.rs`).
    pub(super) fn b2(&mut self, op: Op, ty: Ty, a: Reg, b: Reg) -> Reg {
        if ty.is_float() && matches!(op, Op::Add | Op::Sub | Op::Mul) {
            return self.float_op(op, ty, a, b);
        }
        if ty.is_float() {
            return self.numbered(op, ty, &[a, b]);
        }
        self.emit(op, ty, &[a, b])
    }

    pub(super) fn b1(&mut self, op: Op, ty: Ty, a: Reg) -> Reg {
        if ty.is_float() && matches!(op, Op::Neg) {
            return self.float_neg(ty, a);
        }
        if ty.is_float() {
            return self.numbered(op, ty, &[a]);
        }
        self.emit(op, ty, &[a])
    }

    pub(super) fn cmp(&mut self, c: Cond, ty: Ty, a: Reg, b: Reg) -> Reg {
        self.emit(Op::Cmp(c), ty, &[a, b])
    }

    pub(super) fn sel(&mut self, ty: Ty, c: Reg, a: Reg, b: Reg) -> Reg {
        self.emit(Op::Sel, ty, &[c, a, b])
    }

    /// Component `k` of an operand (a scalar serves every component).
    fn at(v: &[Reg], k: usize) -> Reg {
        if v.len() == 1 { v[0] } else { v[k] }
    }

    fn result_ty(&self, i: Inst) -> Result<Ty> {
        let m = self.m;
        let t = m.ty(i).ok_or_else(|| malformed(m, i, "an untyped value"))?;
        let s = m
            .scalar_type_of(t)
            .ok_or_else(|| malformed(m, i, "a non-numeric result"))?;
        layout::scalar_ty(m, s).ok_or_else(|| malformed(m, i, "a non-scalar type"))
    }

    fn operand_ty(&self, i: Inst, k: usize) -> Result<Ty> {
        self.result_ty(self.m.operand(i, k))
    }

    fn ops(&mut self, i: Inst) -> Result<Vec<Vec<Reg>>> {
        let m = self.m;
        let n = m.num_operands(i);
        let mut out = Vec::with_capacity(n);
        for k in 0..n {
            out.push(self.scalars(m.operand(i, k))?);
        }
        Ok(out)
    }

    /// A component-wise operation over the operands: [`Self::component`] once per
    /// component, a scalar operand serving every component.
    fn map(&mut self, i: Inst) -> Result<Vec<Reg>> {
        let op = self.m.opcode(i);
        let ty = self.result_ty(i)?;
        let ops = self.ops(i)?;
        let mut n = 0;
        for o in &ops {
            n = n.max(o.len());
        }
        let mut out = Vec::with_capacity(n);
        let mut args = Vec::with_capacity(ops.len());
        for k in 0..n {
            args.clear();
            for o in &ops {
                args.push(Self::at(o, k));
            }
            let r = self
                .component(op, ty, &args)
                .ok_or_else(|| malformed(self.m, i, "a component-wise operation it lacks"))?;
            out.push(r);
        }
        Ok(out)
    }

    pub(super) fn pure(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        use Opcode as O;
        let op = m.opcode(i);
        if inexact(op) {
            self.f.inexact = true;
        }
        let v: Vec<Reg> = match op {
            O::Neg
            | O::Not
            | O::BitNot
            | O::Add
            | O::Sub
            | O::Div
            | O::Rem
            | O::And
            | O::Or
            | O::Xor
            | O::Shl
            | O::Shr => self.map(i)?,
            O::Mul => self.product(i)?,
            O::Eq | O::Ne | O::Lt | O::Le | O::Gt | O::Ge => {
                let c = match op {
                    O::Eq => Cond::Eq,
                    O::Ne => Cond::Ne,
                    O::Lt => Cond::Lt,
                    O::Le => Cond::Le,
                    O::Gt => Cond::Gt,
                    _ => Cond::Ge,
                };
                let mut ty = self.operand_ty(i, 0)?;
                if ty == Ty::Bool {
                    ty = Ty::UD;
                }
                let ops = self.ops(i)?;
                let n = ops[0].len().max(ops[1].len());
                let mut out = Vec::with_capacity(n);
                for k in 0..n {
                    out.push(self.cmp(c, ty, Self::at(&ops[0], k), Self::at(&ops[1], k)));
                }
                out
            }
            O::Select => {
                let ty = self.result_ty(i)?;
                let ops = self.ops(i)?;
                let n = ops[1].len();
                let mut out = Vec::with_capacity(n);
                for k in 0..n {
                    out.push(self.sel(ty, Self::at(&ops[0], k), ops[1][k], ops[2][k]));
                }
                out
            }
            O::Convert => self.convert(i)?,
            O::Bitcast => self.bitcast_op(i)?,
            O::Construct => self.ops(i)?.concat(),
            O::Splat => {
                let a = self.scalar(m.operand(i, 0))?;
                let t = m.ty(i).ok_or_else(|| malformed(m, i, "an untyped splat"))?;
                let n = self.leaf_tys(t, i)?.len();
                vec![a; n]
            }
            O::Extract => self.extract(i)?,
            O::Insert => self.insert(i)?,
            O::Swizzle => {
                let a = self.scalars(m.operand(i, 0))?;
                let mut out = Vec::new();
                for k in 1..m.num_operands(i) {
                    let c = m.const_u32(m.operand(i, k)).unwrap_or(0) as usize;
                    out.push(
                        *a.get(c)
                            .ok_or_else(|| malformed(m, i, "a swizzle out of range"))?,
                    );
                }
                out
            }
            O::ArrayLength => vec![self.array_length(i)?],
            O::BufferLength => vec![self.buffer_length(i)?],
            O::All | O::Any => {
                let a = self.scalars(m.operand(i, 0))?;
                let f = if op == O::All { Op::And } else { Op::Or };
                let mut acc = a[0];
                for &x in &a[1..] {
                    acc = self.b2(f, Ty::Bool, acc, x);
                }
                vec![acc]
            }
            O::Mov => self.scalars(m.operand(i, 0))?,
            O::Dot => vec![self.dot_op(i)?],
            O::Cross => {
                let t = self.result_ty(i)?;
                let a = self.scalars(m.operand(i, 0))?;
                let b = self.scalars(m.operand(i, 1))?;
                let mut out = Vec::new();
                for (x, y) in [(1, 2), (2, 0), (0, 1)] {
                    let p = self.mul(t, a[x], b[y]);
                    let q = self.mul(t, a[y], b[x]);
                    out.push(self.sub(t, p, q));
                }
                out
            }
            O::Length => {
                let t = self.result_ty(i)?;
                let a = self.scalars(m.operand(i, 0))?;
                vec![self.length(t, &a)]
            }
            O::Distance => {
                let t = self.result_ty(i)?;
                let a = self.scalars(m.operand(i, 0))?;
                let b = self.scalars(m.operand(i, 1))?;
                let mut d = Vec::with_capacity(a.len());
                for (&x, &y) in a.iter().zip(&b) {
                    d.push(self.sub(t, x, y));
                }
                vec![self.length(t, &d)]
            }
            O::Normalize => {
                let t = self.result_ty(i)?;
                let a = self.scalars(m.operand(i, 0))?;
                let d = self.dot(t, &a, &a);
                let r = self.b1(Op::Math(MathFn::Rsq), t, d);
                let mut out = Vec::with_capacity(a.len());
                for &x in &a {
                    out.push(self.mul(t, x, r));
                }
                out
            }
            O::FaceForward => {
                let t = self.result_ty(i)?;
                let ops = self.ops(i)?;
                let d = self.dot(t, &ops[1], &ops[2]);
                let z = self.fconst(t, 0.0);
                let c = self.cmp(Cond::Lt, t, d, z);
                let mut out = Vec::new();
                for &x in &ops[0] {
                    let n = self.b1(Op::Neg, t, x);
                    out.push(self.sel(t, c, x, n));
                }
                out
            }
            O::Reflect => {
                let t = self.result_ty(i)?;
                let ops = self.ops(i)?;
                let d = self.dot(t, &ops[1], &ops[0]);
                let two = self.fconst(t, 2.0);
                let d2 = self.mul(t, two, d);
                let mut out = Vec::new();
                for (&x, &n) in ops[0].iter().zip(&ops[1]) {
                    let p = self.mul(t, d2, n);
                    out.push(self.sub(t, x, p));
                }
                out
            }
            O::Refract => self.refract(i)?,
            O::Determinant => vec![self.determinant(i)?],
            O::Transpose => {
                let a = self.scalars(m.operand(i, 0))?;
                let t = m.ty(m.operand(i, 0)).and_then(|t| m.mat_parts(t));
                let (col, cols) =
                    t.ok_or_else(|| malformed(m, i, "a transpose of a non-matrix"))?;
                let rows = m.vec_parts(col).map_or(0, |x| x.1) as usize;
                let cols = cols as usize;
                let mut out = Vec::new();
                for r in 0..rows {
                    for c in 0..cols {
                        out.push(a[c * rows + r]);
                    }
                }
                out
            }
            O::Frexp => self.frexp(i)?,
            O::Modf => {
                let t = self.result_ty_of_first_member(i)?;
                let a = self.scalars(m.operand(i, 0))?;
                let mut whole = Vec::with_capacity(a.len());
                for &x in &a {
                    whole.push(self.b1(Op::Rndz, t, x));
                }
                // The fractions first, then the whole parts: the result struct's order.
                let mut out = Vec::with_capacity(2 * a.len());
                for (&x, &w) in a.iter().zip(&whole) {
                    out.push(self.sub(t, x, w));
                }
                out.extend_from_slice(&whole);
                out
            }
            _ => self.builtin(i)?,
        };
        self.define(i, Val::S(v));
        Ok(())
    }

    fn result_ty_of_first_member(&self, i: Inst) -> Result<Ty> {
        let m = self.m;
        let t = m.ty(i).ok_or_else(|| malformed(m, i, "an untyped value"))?;
        let f = m
            .struct_fields(t)
            .first()
            .and_then(|&f| m.ty(f))
            .ok_or_else(|| malformed(m, i, "a result that is not a struct"))?;
        let s = m
            .scalar_type_of(f)
            .ok_or_else(|| malformed(m, i, "a non-numeric member"))?;
        layout::scalar_ty(m, s).ok_or_else(|| malformed(m, i, "a non-scalar member"))
    }

    /// Scalar, vector and matrix products.
    ///
    /// WGSL defines each element of a matrix product as a dot product of a row and a
    /// column, whose accuracy is inherited from the sum of their products, and lets an
    /// implementation reassociate and fuse those operations (spec, "Floating Point
    /// Accuracy" and "Reassociation and Fusion"), so any summation order is right. The one
    /// taken is the reference's (Mesa's SPIR-V front end, which lavapipe runs), so that
    /// the differential harness can compare these bit for bit: a matrix times a column
    /// sums by columns from the last to the first ([`Self::column_sum`]); where it sees
    /// the rows of the left operand (a vector times a matrix, whose transpose it takes, or
    /// a `transpose(m)` on the left alone) it takes `dot` products ([`Self::dot`]).
    fn product(&mut self, i: Inst) -> Result<Vec<Reg>> {
        let m = self.m;
        let (a_t, b_t) = (m.ty(m.operand(i, 0)), m.ty(m.operand(i, 1)));
        let mat = |t: Option<Inst>| t.and_then(|t| m.mat_parts(t));
        let vec_n = |t: Option<Inst>| t.and_then(|t| m.vec_parts(t)).map(|x| x.1 as usize);
        let rows_of = |t: Option<Inst>| {
            mat(t)
                .and_then(|(c, _)| m.vec_parts(c))
                .map_or(0, |x| x.1 as usize)
        };
        let transposed = |k: usize| m.opcode(m.operand(i, k)) == Opcode::Transpose;
        let ty = self.result_ty(i)?;
        let a = self.scalars(m.operand(i, 0))?;
        let b = self.scalars(m.operand(i, 1))?;
        let mut out = Vec::new();
        match (mat(a_t), mat(b_t)) {
            (Some((_, cols)), None) if vec_n(b_t).is_some() => {
                // mat × vec: r[i] = Σ_j m[j][i] v[j]
                let (rows, cols) = (rows_of(a_t), cols as usize);
                let terms = algebra::column_terms(m, m.operand(i, 0), cols);
                for r in 0..rows {
                    let row = strided(&a, r, rows, cols);
                    out.push(if transposed(0) {
                        self.dot(ty, &row, &b)
                    } else {
                        self.column_sum(ty, &terms, &row, &b)
                    });
                }
            }
            (None, Some((_, cols))) if vec_n(a_t).is_some() => {
                // vec × mat: r[j] = dot(v, m[j])
                let rows = rows_of(b_t);
                // v × transpose(m) is m × v.
                let terms = transposed(1)
                    .then(|| algebra::column_terms(m, m.operand(m.operand(i, 1), 0), rows));
                let n = vec_n(a_t).unwrap_or(0);
                for c in 0..cols as usize {
                    let col = &b[c * rows..(c + 1) * rows];
                    out.push(match &terms {
                        Some(terms) => self.column_sum(ty, terms, col, &a[..n]),
                        None => self.dot(ty, &a, col),
                    });
                }
            }
            (Some((_, k)), Some((_, cols))) => {
                let rows = rows_of(a_t);
                let k = k as usize;
                let forward = transposed(0) && !transposed(1);
                let terms = algebra::column_terms(m, m.operand(i, 0), k);
                for c in 0..cols as usize {
                    let bc = &b[c * k..(c + 1) * k];
                    for r in 0..rows {
                        let row = strided(&a, r, rows, k);
                        out.push(if forward {
                            self.dot(ty, &row, bc)
                        } else {
                            self.column_sum(ty, &terms, &row, bc)
                        });
                    }
                }
            }
            _ => {
                let n = a.len().max(b.len());
                for k in 0..n {
                    out.push(self.mul(ty, Self::at(&a, k), Self::at(&b, k)));
                }
            }
        }
        Ok(out)
    }

    /// `Σ_j m[j] * v[j]` over the columns `j` of a matrix (`m[j]` is the entry of column
    /// `j`), as Mesa's SPIR-V front end writes it: from the last column to the first,
    /// `acc = m[j] * v[j] + acc` (a fused multiply-add that llvmpipe splits into a rounded
    /// product and sum), with neighbouring columns that are one value merged into one
    /// term first ([`algebra::column_terms`]; reassociation, which WGSL allows). The
    /// float rules of `algebra.rs` apply to every product and sum, as NIR's do once the
    /// vectors are split into scalars.
    fn column_sum(&mut self, t: Ty, terms: &[algebra::Term], m: &[Reg], v: &[Reg]) -> Reg {
        let mut acc = None;
        for term in terms.iter().rev() {
            let fold = |l: &mut Self, cols: std::ops::Range<usize>| {
                let mut s = v[cols.start];
                for &x in &v[cols.start + 1..cols.end] {
                    s = l.add(t, s, x);
                }
                s
            };
            let s = match term.split {
                Some(mid) => {
                    let a = fold(self, term.cols.start..mid);
                    let b = fold(self, mid..term.cols.end);
                    self.add(t, a, b)
                }
                None => fold(self, term.cols.clone()),
            };
            let p = self.mul(t, m[term.cols.start], s);
            acc = Some(match acc {
                None => p,
                Some(acc) => self.add(t, p, acc),
            });
        }
        acc.unwrap_or_else(|| self.fconst(t, 0.0))
    }

    /// `Σ a[k] * b[k]`, left to right. NIR keeps a `dot` of three or four components one
    /// operation until after its algebra, so the rules of `algebra.rs` do not apply inside
    /// it, but splits a two-component one into `a0*b0 + a1*b1` first, where they do
    /// (measured on lavapipe: `dot(v.xx, w.yz)` is `v.x * (w.y + w.z)` there).
    fn dot(&mut self, t: Ty, a: &[Reg], b: &[Reg]) -> Reg {
        if a.len().min(b.len()) == 2 && t.is_float() {
            let p = self.mul(t, a[0], b[0]);
            let q = self.mul(t, a[1], b[1]);
            return self.add(t, p, q);
        }
        let mut acc = self.emit(Op::Mul, t, &[a[0], b[0]]);
        for k in 1..a.len().min(b.len()) {
            let p = self.emit(Op::Mul, t, &[a[k], b[k]]);
            acc = self.emit(Op::Add, t, &[acc, p]);
        }
        acc
    }

    fn dot_op(&mut self, i: Inst) -> Result<Reg> {
        let t = self.result_ty(i)?;
        let a = self.scalars(self.m.operand(i, 0))?;
        let b = self.scalars(self.m.operand(i, 1))?;
        Ok(self.dot(t, &a, &b))
    }

    fn length(&mut self, t: Ty, a: &[Reg]) -> Reg {
        if a.len() == 1 {
            return self.b1(Op::Abs, t, a[0]);
        }
        let d = self.dot(t, a, a);
        self.b1(Op::Math(MathFn::Sqrt), t, d)
    }

    fn refract(&mut self, i: Inst) -> Result<Vec<Reg>> {
        let t = self.result_ty(i)?;
        let ops = self.ops(i)?;
        let (e1, e2, eta) = (&ops[0], &ops[1], ops[2][0]);
        let d = self.dot(t, e2, e1);
        let one = self.fconst(t, 1.0);
        let d2 = self.mul(t, d, d);
        let omd = self.sub(t, one, d2);
        let eta2 = self.mul(t, eta, eta);
        let p = self.mul(t, eta2, omd);
        let k = self.sub(t, one, p);
        let zero = self.fconst(t, 0.0);
        let neg = self.cmp(Cond::Lt, t, k, zero);
        let sk = self.b1(Op::Math(MathFn::Sqrt), t, k);
        let ed = self.mul(t, eta, d);
        let f = self.add(t, ed, sk);
        let mut out = Vec::new();
        for c in 0..e1.len() {
            let x = self.mul(t, eta, e1[c]);
            let y = self.mul(t, f, e2[c]);
            let r = self.sub(t, x, y);
            out.push(self.sel(t, neg, zero, r));
        }
        Ok(out)
    }

    fn determinant(&mut self, i: Inst) -> Result<Reg> {
        let m = self.m;
        let t = self.result_ty(i)?;
        let a = self.scalars(m.operand(i, 0))?;
        let n = match a.len() {
            4 => 2,
            9 => 3,
            16 => 4,
            _ => return Err(malformed(m, i, "a determinant of a non-square matrix")),
        };
        let mut cells = Vec::with_capacity(n);
        for c in 0..n {
            cells.push(a[c * n..(c + 1) * n].to_vec());
        }
        Ok(self.det(t, &cells))
    }

    /// Cofactor expansion along the first column (`cols[c][r]`).
    fn det(&mut self, t: Ty, cols: &[Vec<Reg>]) -> Reg {
        let n = cols.len();
        if n == 1 {
            return cols[0][0];
        }
        if n == 2 {
            let p = self.mul(t, cols[0][0], cols[1][1]);
            let q = self.mul(t, cols[1][0], cols[0][1]);
            return self.sub(t, p, q);
        }
        let mut acc: Option<Reg> = None;
        for r in 0..n {
            let mut minor = Vec::with_capacity(n - 1);
            for c in &cols[1..] {
                let mut column = c[..r].to_vec();
                column.extend_from_slice(&c[r + 1..]);
                minor.push(column);
            }
            let d = self.det(t, &minor);
            let term = self.mul(t, cols[0][r], d);
            acc = Some(match acc {
                None => term,
                Some(a) if r % 2 == 1 => self.sub(t, a, term),
                Some(a) => self.add(t, a, term),
            });
        }
        acc.unwrap_or(cols[0][0])
    }

    fn frexp(&mut self, i: Inst) -> Result<Vec<Reg>> {
        let t = self.result_ty_of_first_member(i)?;
        if t != Ty::F {
            return Err(unsupported(self.m, i, "`frexp` of f16"));
        }
        let a = self.scalars(self.m.operand(i, 0))?;
        let mut fr = Vec::new();
        let mut ex = Vec::new();
        for &x in &a {
            let bits = self.bitcast(Ty::F, Ty::UD, x);
            let k23 = self.ud(23);
            let sh = self.b2(Op::Shr, Ty::UD, bits, k23);
            let kff = self.ud(0xff);
            let e = self.b2(Op::And, Ty::UD, sh, kff);
            let ed = self.bitcast(Ty::UD, Ty::D, e);
            let k126 = self.loadi(Ty::D, 126);
            let exp = self.sub(Ty::D, ed, k126);
            let mant_mask = self.ud(0x807f_ffff);
            let mb = self.b2(Op::And, Ty::UD, bits, mant_mask);
            let half = self.ud(0x3f00_0000);
            let fb = self.b2(Op::Or, Ty::UD, mb, half);
            let f = self.bitcast(Ty::UD, Ty::F, fb);
            let zero = self.fconst(Ty::F, 0.0);
            let is_zero = self.cmp(Cond::Eq, Ty::F, x, zero);
            let izero = self.loadi(Ty::D, 0);
            fr.push(self.sel(Ty::F, is_zero, x, f));
            ex.push(self.sel(Ty::D, is_zero, izero, exp));
        }
        Ok([fr, ex].concat())
    }

    fn extract(&mut self, i: Inst) -> Result<Vec<Reg>> {
        let m = self.m;
        let mut v = self.scalars(m.operand(i, 0))?;
        let mut t = m
            .ty(m.operand(i, 0))
            .ok_or_else(|| malformed(m, i, "an untyped composite"))?;
        for k in 1..m.num_operands(i) {
            let ix = m.operand(i, k);
            let (range, et) = self.member_range(t, ix, i)?;
            match range {
                Some((s, n)) => v = v[s..s + n].to_vec(),
                None => {
                    // A dynamic index into a vector: a chain of selects.
                    let x = self.scalar(ix)?;
                    let xt = self.f.ty(x);
                    let ty = self.f.ty(v[0]);
                    let mut acc = v[0];
                    for (c, &r) in v.iter().enumerate().skip(1) {
                        let kc = self.loadi(xt, c as u32);
                        let is = self.cmp(Cond::Eq, xt, x, kc);
                        acc = self.sel(ty, is, r, acc);
                    }
                    v = vec![acc];
                }
            }
            t = et;
        }
        Ok(v)
    }

    fn insert(&mut self, i: Inst) -> Result<Vec<Reg>> {
        let m = self.m;
        let mut v = self.scalars(m.operand(i, 0))?;
        let part = self.scalars(m.operand(i, 1))?;
        let t = m
            .ty(m.operand(i, 0))
            .ok_or_else(|| malformed(m, i, "an untyped composite"))?;
        let (mut start, mut len, mut t) = (0usize, v.len(), t);
        let n = m.num_operands(i);
        for k in 2..n {
            let ix = m.operand(i, k);
            let (range, et) = self.member_range(t, ix, i)?;
            match range {
                Some((s, l)) => {
                    start += s;
                    len = l;
                }
                None => {
                    if k + 1 != n {
                        return Err(malformed(m, i, "a dynamic index before the last"));
                    }
                    let x = self.scalar(ix)?;
                    let xt = self.f.ty(x);
                    for c in 0..len {
                        let kc = self.loadi(xt, c as u32);
                        let is = self.cmp(Cond::Eq, xt, x, kc);
                        let ty = self.f.ty(v[start + c]);
                        v[start + c] = self.sel(ty, is, part[0], v[start + c]);
                    }
                    return Ok(v);
                }
            }
            t = et;
        }
        if part.len() != len {
            return Err(malformed(m, i, "an insert of the wrong size"));
        }
        v[start..start + len].copy_from_slice(&part);
        Ok(v)
    }

    /// The leaf range `(start, count)` of member `ix` of type `t` (`None` for a dynamic
    /// index into a vector), and the member's type.
    fn member_range(&self, t: Inst, ix: Inst, at: Inst) -> Result<(Option<(usize, usize)>, Inst)> {
        let m = self.m;
        let c = (m.opcode(ix) == Opcode::Constant)
            .then(|| m.const_u32(ix))
            .flatten();
        let count = |t: Inst| layout::leaves(m, t).map_or(0, |l| l.len());
        match m.opcode(t) {
            Opcode::Struct => {
                let c = c.ok_or_else(|| malformed(m, at, "a dynamic struct index"))? as usize;
                let fields = m.struct_fields(t);
                let mut s = 0;
                for f in fields.iter().take(c) {
                    s += m.ty(*f).map_or(0, count);
                }
                let ft = fields
                    .get(c)
                    .and_then(|&f| m.ty(f))
                    .ok_or_else(|| malformed(m, at, "a member out of range"))?;
                Ok((Some((s, count(ft))), ft))
            }
            Opcode::Vec | Opcode::Mat | Opcode::Array => {
                let e = m
                    .member_type(t, None)
                    .ok_or_else(|| malformed(m, at, "an index into a non-composite"))?;
                let n = count(e);
                match c {
                    Some(c) => Ok((Some((c as usize * n, n)), e)),
                    None if m.opcode(t) == Opcode::Vec => Ok((None, e)),
                    None => Err(unsupported(
                        m,
                        at,
                        "a dynamic index into an array or matrix value",
                    )),
                }
            }
            _ => Err(malformed(m, at, "an index into a non-composite")),
        }
    }

    fn convert(&mut self, i: Inst) -> Result<Vec<Reg>> {
        let to = self.result_ty(i)?;
        let from = self.operand_ty(i, 0)?;
        let a = self.scalars(self.m.operand(i, 0))?;
        let mut out = Vec::new();
        for x in a {
            out.push(if from == to {
                x
            } else if from == Ty::Bool {
                let (one, zero) = if to.is_float() {
                    (self.fconst(to, 1.0), self.fconst(to, 0.0))
                } else {
                    (self.loadi(to, 1), self.loadi(to, 0))
                };
                self.sel(to, x, one, zero)
            } else if to == Ty::Bool {
                let zero = if from.is_float() {
                    self.fconst(from, 0.0)
                } else {
                    self.loadi(from, 0)
                };
                self.cmp(Cond::Ne, from, x, zero)
            } else {
                self.cvt(from, to, x)
            });
        }
        Ok(out)
    }

    fn bitcast_op(&mut self, i: Inst) -> Result<Vec<Reg>> {
        let m = self.m;
        let to = self.result_ty(i)?;
        let from = self.operand_ty(i, 0)?;
        let a = self.scalars(m.operand(i, 0))?;
        if from.size() == to.size() {
            if from == to {
                return Ok(a);
            }
            let mut out = Vec::with_capacity(a.len());
            for x in a {
                out.push(self.bitcast(from, to, x));
            }
            return Ok(out);
        }
        // 16-bit leaves to 32-bit ones: pairs, low half first.
        let ui = |l: &mut Self, x: Reg, ty: Ty| -> Reg {
            let w = if ty == Ty::UW {
                x
            } else {
                l.bitcast(ty, Ty::UW, x)
            };
            l.cvt(Ty::UW, Ty::UD, w)
        };
        if from.size() == 2 {
            let mut out = Vec::new();
            for pair in a.chunks(2) {
                let lo = ui(self, pair[0], from);
                let hi = ui(self, *pair.get(1).unwrap_or(&pair[0]), from);
                let k16 = self.ud(16);
                let hs = self.b2(Op::Shl, Ty::UD, hi, k16);
                let w = self.b2(Op::Or, Ty::UD, lo, hs);
                out.push(self.ud_to(to, w));
            }
            return Ok(out);
        }
        let mut out = Vec::new();
        for x in a {
            let w = self.as_ud(from, x);
            let kff = self.ud(0xffff);
            let lo = self.b2(Op::And, Ty::UD, w, kff);
            let k16 = self.ud(16);
            let hi = self.b2(Op::Shr, Ty::UD, w, k16);
            for h in [lo, hi] {
                let uw = self.cvt(Ty::UD, Ty::UW, h);
                out.push(if to == Ty::UW {
                    uw
                } else {
                    self.bitcast(Ty::UW, to, uw)
                });
            }
        }
        Ok(out)
    }

    fn array_length(&mut self, i: Inst) -> Result<Reg> {
        let m = self.m;
        let p_inst = m.operand(i, 0);
        let p = self.pointer(p_inst)?;
        let t = m
            .ty(p_inst)
            .and_then(|t| m.ptr_parts(t))
            .map(|x| x.1)
            .ok_or_else(|| malformed(m, i, "`arrayLength` of a non-pointer"))?;
        let stride = layout::array_stride(m, t)
            .ok_or_else(|| malformed(m, i, "`arrayLength` of a non-array"))?;
        let s = self.ud(stride.max(1));
        if m.opcode(p_inst) == Opcode::BufferArrayView {
            // The array ends `size` bytes after the view's start.
            let size = self.scalar(m.operand(p_inst, 2))?;
            return Ok(self.b2(Op::Math(MathFn::IntDiv), Ty::UD, size, s));
        }
        let Space::Buffer(bti) = p.space else {
            return Err(malformed(m, i, "`arrayLength` outside a buffer"));
        };
        let size = self.special(Special::BufferSize(bti), Ty::UD);
        let base = self.address(Ptr { dynamic: None, ..p }, 0);
        let base = match p.dynamic {
            Some(d) => self.add(Ty::UD, base, d),
            None => base,
        };
        let clamped = self.max(Ty::UD, size, base);
        let bytes = self.sub(Ty::UD, clamped, base);
        Ok(self.b2(Op::Math(MathFn::IntDiv), Ty::UD, bytes, s))
    }

    /// `bufferLength`: a sized `buffer<N>`'s N, a runtime-sized one's bound size.
    fn buffer_length(&mut self, i: Inst) -> Result<Reg> {
        let m = self.m;
        let p_inst = m.operand(i, 0);
        let p = self.pointer(p_inst)?;
        let t = m.ty(p_inst).and_then(|t| m.ptr_parts(t)).map(|x| x.1);
        if let Some(n) = t
            .filter(|&t| m.opcode(t) == Opcode::Buffer)
            .and_then(|t| m.const_u32(m.operand(t, 0)))
        {
            return Ok(self.ud(n));
        }
        match p.space {
            Space::Buffer(bti) => Ok(self.special(Special::BufferSize(bti), Ty::UD)),
            _ => Err(malformed(
                m,
                i,
                "`bufferLength` of a runtime-sized buffer outside a binding",
            )),
        }
    }

    // ---- builtin functions ---------------------------------------------------------------

    fn builtin(&mut self, i: Inst) -> Result<Vec<Reg>> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let v = match op {
            O::Abs
            | O::Ceil
            | O::Floor
            | O::Round
            | O::Trunc
            | O::Fract
            | O::Sqrt
            | O::InverseSqrt
            | O::Rsq
            | O::Rcp
            | O::Sin
            | O::Cos
            | O::Exp2
            | O::Log2
            | O::Pow
            | O::Exp
            | O::Log
            | O::Tan
            | O::Sinh
            | O::Cosh
            | O::Tanh
            | O::Asinh
            | O::Acosh
            | O::Atanh
            | O::Atan
            | O::Atan2
            | O::Asin
            | O::Acos
            | O::Min
            | O::Max
            | O::Clamp
            | O::Saturate
            | O::Fma
            | O::Mad
            | O::Mix
            | O::Step
            | O::Smoothstep
            | O::Sign
            | O::Degrees
            | O::Radians
            | O::Ldexp
            | O::QuantizeToF16
            | O::CountOneBits
            | O::ReverseBits
            | O::CountLeadingZeros
            | O::CountTrailingZeros
            | O::FirstTrailingBit
            | O::FirstLeadingBit
            | O::ExtractBits
            | O::InsertBits
            | O::MulHi => self.map(i)?,
            O::Dot4U8Packed | O::Dot4I8Packed => {
                let signed = op == O::Dot4I8Packed;
                let ty = if signed { Ty::D } else { Ty::UD };
                let a = self.scalar(m.operand(i, 0))?;
                let b = self.scalar(m.operand(i, 1))?;
                let av = self.bytes(a, signed);
                let bv = self.bytes(b, signed);
                vec![self.dot(ty, &av, &bv)]
            }
            O::Pack4x8Snorm
            | O::Pack4x8Unorm
            | O::Pack4xI8
            | O::Pack4xU8
            | O::Pack4xI8Clamp
            | O::Pack4xU8Clamp
            | O::Pack2x16Snorm
            | O::Pack2x16Unorm
            | O::Pack2x16Float => vec![self.pack(i)?],
            O::Unpack4x8Snorm
            | O::Unpack4x8Unorm
            | O::Unpack4xI8
            | O::Unpack4xU8
            | O::Unpack2x16Snorm
            | O::Unpack2x16Unorm
            | O::Unpack2x16Float => self.unpack(i)?,
            _ => return Err(unsupported(m, i, &format!("`{}`", op.name()))),
        };
        Ok(v)
    }

    pub(super) fn as_ud(&mut self, t: Ty, x: Reg) -> Reg {
        if t == Ty::UD {
            x
        } else {
            self.bitcast(t, Ty::UD, x)
        }
    }

    pub(super) fn ud_to(&mut self, t: Ty, x: Reg) -> Reg {
        if t == Ty::UD {
            x
        } else {
            self.bitcast(Ty::UD, t, x)
        }
    }

    pub(super) fn ln(&mut self, t: Ty, x: Reg) -> Reg {
        let l = self.b1(Op::Math(MathFn::Log2), t, x);
        let k = self.fconst(t, std::f32::consts::LN_2);
        self.mul(t, l, k)
    }

    pub(super) fn hyperbolic(&mut self, op: Opcode, t: Ty, x: Reg) -> Reg {
        // tanh(x) is exactly ±1 in f32 past |x| = 10; clamping keeps exp finite.
        let x = if op == Opcode::Tanh {
            let lo = self.fconst(t, -10.0);
            let hi = self.fconst(t, 10.0);
            let c = self.max(t, x, lo);
            self.min(t, c, hi)
        } else {
            x
        };
        let k = self.fconst(t, std::f32::consts::LOG2_E);
        let p = self.mul(t, x, k);
        let e = self.b1(Op::Math(MathFn::Exp2), t, p);
        let np = self.b1(Op::Neg, t, p);
        let en = self.b1(Op::Math(MathFn::Exp2), t, np);
        let h = self.fconst(t, 0.5);
        let s = self.sub(t, e, en);
        let sinh = self.mul(t, s, h);
        let c = self.add(t, e, en);
        let cosh = self.mul(t, c, h);
        match op {
            Opcode::Sinh => sinh,
            Opcode::Cosh => cosh,
            _ => self.fdiv(t, sinh, cosh),
        }
    }

    /// `atan2(y, x)`: the ratio of the smaller to the larger magnitude, reduced to
    /// `[0, tan(π/8)]`, an odd polynomial, then the octant's corrections.
    pub(super) fn atan2(&mut self, t: Ty, y: Reg, x: Reg) -> Reg {
        let ay = self.b1(Op::Abs, t, y);
        let ax = self.b1(Op::Abs, t, x);
        let big = self.max(t, ax, ay);
        let small = self.min(t, ax, ay);
        let zero = self.fconst(t, 0.0);
        let big_zero = self.cmp(Cond::Eq, t, big, zero);
        let one = self.fconst(t, 1.0);
        let den = self.sel(t, big_zero, one, big);
        let r = self.fdiv(t, small, den);
        // r in [0, 1]: above tan(π/8) use atan(r) = π/4 + atan((r - 1) / (r + 1)).
        let k = self.fconst(t, 0.414_213_57);
        let hi = self.cmp(Cond::Gt, t, r, k);
        let rm = self.sub(t, r, one);
        let rp = self.add(t, r, one);
        let q = self.fdiv(t, rm, rp);
        let z = self.sel(t, hi, q, r);
        let pi4 = self.fconst(t, FRAC_PI_4);
        let base = self.sel(t, hi, pi4, zero);
        let z2 = self.mul(t, z, z);
        let mut p = self.fconst(t, 8.053_744e-2);
        for c in [-1.387_768_6e-1, 1.997_771e-1, -3.333_295e-1] {
            let pc = self.mul(t, p, z2);
            let kc = self.fconst(t, c);
            p = self.add(t, pc, kc);
        }
        let pz = self.mul(t, p, z2);
        let pzz = self.mul(t, pz, z);
        let at = self.add(t, pzz, z);
        let a = self.add(t, base, at);
        // Octants: |y| > |x| → π/2 - a; x < 0 → π - a; y < 0 → -a.
        let steep = self.cmp(Cond::Gt, t, ay, ax);
        let pi2 = self.fconst(t, FRAC_PI_2);
        let a2 = self.sub(t, pi2, a);
        let a = self.sel(t, steep, a2, a);
        let xneg = self.cmp(Cond::Lt, t, x, zero);
        let pi = self.fconst(t, PI);
        let a3 = self.sub(t, pi, a);
        let a = self.sel(t, xneg, a3, a);
        let yneg = self.cmp(Cond::Lt, t, y, zero);
        let na = self.b1(Op::Neg, t, a);
        self.sel(t, yneg, na, a)
    }

    /// `e1 * 2^e2` as two exact multiplications by powers of two built from their bits.
    pub(super) fn ldexp(&mut self, t: Ty, x: Reg, e: Reg) -> Reg {
        let one = self.loadi(Ty::D, 1);
        let h = self.b2(Op::Shr, Ty::D, e, one);
        let rest = self.sub(Ty::D, e, h);
        let mut acc = x;
        for part in [h, rest] {
            let lo = self.loadi(Ty::D, (-126i32) as u32);
            let hi = self.loadi(Ty::D, 127);
            let c = self.max(Ty::D, part, lo);
            let c = self.min(Ty::D, c, hi);
            let bias = self.loadi(Ty::D, 127);
            let b = self.add(Ty::D, c, bias);
            let k23 = self.loadi(Ty::D, 23);
            let bits = self.b2(Op::Shl, Ty::D, b, k23);
            let p = self.bitcast(Ty::D, Ty::F, bits);
            let p = if t == Ty::HF {
                self.cvt(Ty::F, Ty::HF, p)
            } else {
                p
            };
            acc = self.mul(t, acc, p);
        }
        acc
    }

    /// The four bytes of `x`, sign- or zero-extended.
    fn bytes(&mut self, x: Reg, signed: bool) -> Vec<Reg> {
        let ty = if signed { Ty::D } else { Ty::UD };
        let xv = self.ud_to(ty, x);
        let mut out = Vec::with_capacity(4);
        for k in 0..4 {
            let off = self.loadi(ty, 8 * k);
            let n = self.loadi(ty, 8);
            out.push(self.emit(Op::Bfe, ty, &[xv, off, n]));
        }
        out
    }

    fn pack(&mut self, i: Inst) -> Result<Reg> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let a = self.scalars(m.operand(i, 0))?;
        let (bits, n) = match op {
            O::Pack2x16Snorm | O::Pack2x16Unorm | O::Pack2x16Float => (16u32, 2usize),
            _ => (8, 4),
        };
        let mask = self.ud((1u32 << bits) - 1);
        let mut acc: Option<Reg> = None;
        for k in 0..n.min(a.len()) {
            let x = a[k];
            let field = match op {
                O::Pack4x8Snorm | O::Pack2x16Snorm | O::Pack4x8Unorm | O::Pack2x16Unorm => {
                    let snorm = matches!(op, O::Pack4x8Snorm | O::Pack2x16Snorm);
                    let scale = ((1u32 << (bits - u32::from(snorm))) - 1) as f32;
                    let lo = self.fconst(Ty::F, if snorm { -1.0 } else { 0.0 });
                    let hi = self.fconst(Ty::F, 1.0);
                    let c = self.max(Ty::F, x, lo);
                    let c = self.min(Ty::F, c, hi);
                    let s = self.fconst(Ty::F, scale);
                    let v = self.mul(Ty::F, c, s);
                    let r = self.b1(Op::Rnde, Ty::F, v);
                    let d = self.cvt(Ty::F, Ty::D, r);
                    self.bitcast(Ty::D, Ty::UD, d)
                }
                O::Pack2x16Float => {
                    let h = self.cvt(Ty::F, Ty::HF, x);
                    let w = self.bitcast(Ty::HF, Ty::UW, h);
                    self.cvt(Ty::UW, Ty::UD, w)
                }
                O::Pack4xI8Clamp => {
                    let lo = self.loadi(Ty::D, (-128i32) as u32);
                    let hi = self.loadi(Ty::D, 127);
                    let c = self.max(Ty::D, x, lo);
                    let c = self.min(Ty::D, c, hi);
                    self.bitcast(Ty::D, Ty::UD, c)
                }
                O::Pack4xU8Clamp => {
                    let hi = self.ud(255);
                    self.min(Ty::UD, x, hi)
                }
                O::Pack4xI8 => self.bitcast(Ty::D, Ty::UD, x),
                _ => x,
            };
            let f = self.b2(Op::And, Ty::UD, field, mask);
            let sh = self.ud(bits * k as u32);
            let f = self.b2(Op::Shl, Ty::UD, f, sh);
            acc = Some(match acc {
                None => f,
                Some(a) => self.b2(Op::Or, Ty::UD, a, f),
            });
        }
        acc.ok_or_else(|| malformed(m, i, "a pack of nothing"))
    }

    fn unpack(&mut self, i: Inst) -> Result<Vec<Reg>> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let x = self.scalar(m.operand(i, 0))?;
        let (bits, n) = match op {
            O::Unpack2x16Snorm | O::Unpack2x16Unorm | O::Unpack2x16Float => (16u32, 2u32),
            _ => (8, 4),
        };
        let signed = matches!(op, O::Unpack4x8Snorm | O::Unpack2x16Snorm | O::Unpack4xI8);
        let mut out = Vec::new();
        for k in 0..n {
            let ty = if signed { Ty::D } else { Ty::UD };
            let xv = self.ud_to(ty, x);
            let off = self.loadi(ty, bits * k);
            let cnt = self.loadi(ty, bits);
            let f = self.emit(Op::Bfe, ty, &[xv, off, cnt]);
            out.push(match op {
                O::Unpack4xI8 | O::Unpack4xU8 => f,
                O::Unpack2x16Float => {
                    let w = self.cvt(Ty::UD, Ty::UW, f);
                    let h = self.bitcast(Ty::UW, Ty::HF, w);
                    self.cvt(Ty::HF, Ty::F, h)
                }
                _ => {
                    let v = self.cvt(ty, Ty::F, f);
                    let scale = ((1u32 << (bits - u32::from(signed))) - 1) as f32;
                    let s = self.fconst(Ty::F, scale);
                    let q = self.fdiv(Ty::F, v, s);
                    if signed {
                        let lo = self.fconst(Ty::F, -1.0);
                        self.max(Ty::F, q, lo)
                    } else {
                        q
                    }
                }
            });
        }
        Ok(out)
    }

    // ---- atomics, derivatives, textures --------------------------------------------------

    pub(super) fn atomic(&mut self, i: Inst) -> Result<()> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let p = self.pointer(m.operand(i, 0))?;
        let ty = m
            .ty(m.operand(i, 0))
            .and_then(|t| m.ptr_parts(t))
            .map(|x| x.1)
            .and_then(|a| m.scalar_type_of(m.operand_opt(a, 0).unwrap_or(a)))
            .and_then(|s| layout::scalar_ty(m, s))
            .ok_or_else(|| malformed(m, i, "an atomic through a non-atomic pointer"))?;
        let addr = self.address(p, 0);
        let aop = match op {
            O::AtomicLoad => AtomicOp::Load,
            O::AtomicStore => AtomicOp::Store,
            O::AtomicAdd => AtomicOp::Add,
            O::AtomicSub => AtomicOp::Sub,
            O::AtomicMax => AtomicOp::Max,
            O::AtomicMin => AtomicOp::Min,
            O::AtomicAnd => AtomicOp::And,
            O::AtomicOr => AtomicOp::Or,
            O::AtomicXor => AtomicOp::Xor,
            O::AtomicExchange => AtomicOp::Xchg,
            _ => AtomicOp::Cmpxchg,
        };
        let mut src = vec![addr];
        for k in 1..m.num_operands(i) {
            src.push(self.scalar(m.operand(i, k))?);
        }
        if aop == AtomicOp::Store {
            self.emit0(Op::Atomic(p.space, aop), ty, &src);
            return Ok(());
        }
        let old = self.emit(Op::Atomic(p.space, aop), ty, &src);
        if aop == AtomicOp::Cmpxchg {
            let eq = self.cmp(Cond::Eq, ty, old, src[1]);
            self.define(i, Val::S(vec![old, eq]));
        } else {
            self.define(i, Val::S(vec![old]));
        }
        Ok(())
    }

    pub(super) fn subgroup(&mut self, i: Inst) -> Result<()> {
        use Opcode as O;
        let m = self.m;
        let op = m.opcode(i);
        let red = match op {
            O::SubgroupAdd | O::SubgroupInclusiveAdd | O::SubgroupExclusiveAdd => Some(Red::Add),
            O::SubgroupMul | O::SubgroupInclusiveMul | O::SubgroupExclusiveMul => Some(Red::Mul),
            O::SubgroupMin => Some(Red::Min),
            O::SubgroupMax => Some(Red::Max),
            O::SubgroupAnd | O::SubgroupAll => Some(Red::And),
            O::SubgroupOr | O::SubgroupAny => Some(Red::Or),
            O::SubgroupXor => Some(Red::Xor),
            _ => None,
        };
        let lanes = match (op, red) {
            (O::SubgroupInclusiveAdd | O::SubgroupInclusiveMul, Some(r)) => LaneOp::Inclusive(r),
            (O::SubgroupExclusiveAdd | O::SubgroupExclusiveMul, Some(r)) => LaneOp::Exclusive(r),
            (_, Some(r)) => LaneOp::Reduce(r),
            (O::SubgroupBroadcastFirst, None) => LaneOp::First,
            (O::SubgroupElect, None) => LaneOp::Elect,
            (O::SubgroupBallot, None) => LaneOp::Ballot,
            _ => LaneOp::Shuffle,
        };
        let v: Vec<Reg> = match op {
            O::SubgroupElect => vec![self.emit(Op::Lanes(lanes), Ty::Bool, &[])],
            O::SubgroupBallot => {
                let p = match m.operand_opt(i, 0) {
                    Some(x) => self.scalar(x)?,
                    None => self.loadi(Ty::Bool, u32::MAX),
                };
                let b = self.emit(Op::Lanes(lanes), Ty::UD, &[p]);
                let z = self.ud(0);
                vec![b, z, z, z]
            }
            _ if lanes != LaneOp::Shuffle => {
                let ty = self.result_ty(i)?;
                let a = self.scalars(m.operand(i, 0))?;
                let mut out = Vec::with_capacity(a.len());
                for &x in &a {
                    out.push(self.emit(Op::Lanes(lanes), ty, &[x]));
                }
                out
            }
            _ => {
                let ty = self.result_ty(i)?;
                let a = self.scalars(m.operand(i, 0))?;
                let lane = self.special(Special::Lane, Ty::UD);
                let arg = match m.operand_opt(i, 1) {
                    Some(x) => {
                        let r = self.scalar(x)?;
                        let t = self.f.ty(r);
                        self.as_ud(t, r)
                    }
                    None => self.ud(0),
                };
                let idx = match op {
                    O::SubgroupShuffleXor => self.b2(Op::Xor, Ty::UD, lane, arg),
                    O::SubgroupShuffleUp => self.sub(Ty::UD, lane, arg),
                    O::SubgroupShuffleDown => self.add(Ty::UD, lane, arg),
                    O::QuadBroadcast => {
                        let mask = self.ud(!3);
                        let base = self.b2(Op::And, Ty::UD, lane, mask);
                        self.add(Ty::UD, base, arg)
                    }
                    O::QuadSwapX | O::QuadSwapY | O::QuadSwapDiagonal => {
                        let k = match op {
                            O::QuadSwapX => 1,
                            O::QuadSwapY => 2,
                            _ => 3,
                        };
                        let kk = self.ud(k);
                        self.b2(Op::Xor, Ty::UD, lane, kk)
                    }
                    _ => arg,
                };
                let mut out = Vec::with_capacity(a.len());
                for &x in &a {
                    out.push(self.emit(Op::Lanes(LaneOp::Shuffle), ty, &[x, idx]));
                }
                out
            }
        };
        self.define(i, Val::S(v));
        Ok(())
    }

    pub(super) fn derivative(&mut self, i: Inst) -> Result<()> {
        let v = self.map(i)?;
        self.define(i, Val::S(v));
        Ok(())
    }

    pub(super) fn texture(&mut self, i: Inst) -> Result<()> {
        let m = self.m;
        let mut texture = 0u8;
        let mut sampler = 0u8;
        let mut src = Vec::new();
        for k in 0..m.num_operands(i) {
            let x = m.operand(i, k);
            let is_handle = m.ty(x).is_some_and(|t| m.is_handle_type(t));
            if is_handle {
                let n = self.handle_index(x)?;
                if m.ty(x).is_some_and(|t| {
                    matches!(m.opcode(t), Opcode::Sampler | Opcode::SamplerComparison)
                }) {
                    sampler = n;
                } else {
                    texture = n;
                }
                continue;
            }
            src.extend(self.scalars(x)?);
        }
        let dst_tys = match m.ty(i).filter(|&t| m.opcode(t) != Opcode::Void) {
            Some(t) => self.leaf_tys(t, i)?,
            None => Vec::new(),
        };
        let mut dst = Vec::with_capacity(dst_tys.len());
        for &t in &dst_tys {
            dst.push(self.f.new_reg(t));
        }
        let ty = dst_tys.first().copied().unwrap_or(Ty::F);
        self.push(super::super::ir::Inst {
            op: Op::Texture {
                opcode: m.opcode(i) as u16,
                texture,
                sampler,
            },
            ty,
            dst: dst.clone(),
            src,
        });
        if !dst.is_empty() {
            self.define(i, Val::S(dst));
        }
        Ok(())
    }

    /// The binding-table slot of a texture or sampler handle: its binding's position
    /// among the module's handle variables.
    fn handle_index(&self, x: Inst) -> Result<u8> {
        let m = self.m;
        // The handle is a `load` of a module-scope variable.
        let var = if m.opcode(x) == Opcode::Load {
            m.operand(x, 0)
        } else {
            x
        };
        // Its position among the handle variables (0 when it is none of them).
        let mut n = 0;
        for v in m.children(m.root()) {
            let handle = m.opcode(v) == Opcode::Var
                && m.ty(v)
                    .and_then(|t| m.ptr_parts(t))
                    .is_some_and(|p| p.0 == crate::ir::enums::AddressSpace::Handle);
            if !handle {
                continue;
            }
            if v == var {
                return Ok(u8::try_from(n).unwrap_or(u8::MAX));
            }
            n += 1;
        }
        Ok(0)
    }
}
