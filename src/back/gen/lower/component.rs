//! The component-wise operations and builtins: one component at a time, on the
//! registers of that component of each operand (`Lower::map` calls [`Lower::component`]
//! once per component, a scalar operand serving every component).
//!
//! Most map one for one onto a Gen IR operation ([`direct`]: one table, one call site
//! each for the unary, binary and n-ary forms); the rest are the formulas WGSL states
//! their accuracy by ("inherited from"), so their error is the one the spec allows.
//! Unary and binary forms go through `b1`/`b2`, so float `+ - *` meet the algebra rules
//! and other float operations are numbered (`algebra.rs`); the n-ary form (`math`, `mad`,
//! bit fields) is emitted as it is.

use super::super::ir::{Cond, Deriv, MathFn, Op, Reg, Ty};
use super::Lower;
use crate::ir::Opcode;

const PI: f32 = std::f32::consts::PI;

/// How a direct operation takes its operands.
#[derive(Clone, Copy)]
enum Form {
    /// `b1(op, a[0])`.
    Unary,
    /// `b2(op, a[0], a[1])`.
    Binary,
    /// `emit(op, a)`: every operand, no algebra.
    Nary,
}

/// The Gen IR operation an opcode is, component by component, and its form.
fn direct(op: Opcode) -> Option<(Form, Op)> {
    use Form::{Binary, Nary, Unary};
    use Opcode as O;
    Some(match op {
        O::Neg => (Unary, Op::Neg),
        O::Not | O::BitNot => (Unary, Op::Not),
        O::Ceil => (Unary, Op::Rndu),
        O::Floor => (Unary, Op::Rndd),
        O::Round => (Unary, Op::Rnde),
        O::Trunc => (Unary, Op::Rndz),
        O::Fract => (Unary, Op::Frc),
        O::CountOneBits => (Unary, Op::Cbit),
        O::ReverseBits => (Unary, Op::Bfrev),
        O::Add => (Binary, Op::Add),
        O::Sub => (Binary, Op::Sub),
        O::And => (Binary, Op::And),
        O::Or => (Binary, Op::Or),
        O::Xor => (Binary, Op::Xor),
        O::Shl => (Binary, Op::Shl),
        O::Shr => (Binary, Op::Shr),
        O::Min => (Binary, Op::Min),
        O::Max => (Binary, Op::Max),
        O::MulHi => (Binary, Op::MulHi),
        O::Sqrt => (Nary, Op::Math(MathFn::Sqrt)),
        O::InverseSqrt | O::Rsq => (Nary, Op::Math(MathFn::Rsq)),
        O::Rcp => (Nary, Op::Math(MathFn::Inv)),
        O::Sin => (Nary, Op::Math(MathFn::Sin)),
        O::Cos => (Nary, Op::Math(MathFn::Cos)),
        O::Exp2 => (Nary, Op::Math(MathFn::Exp2)),
        O::Log2 => (Nary, Op::Math(MathFn::Log2)),
        O::Pow => (Nary, Op::Math(MathFn::Pow)),
        O::Fma | O::Mad => (Nary, Op::Mad),
        O::ExtractBits => (Nary, Op::Bfe),
        O::Dpdx | O::DpdxCoarse => (Unary, Op::Deriv(Deriv::X)),
        O::DpdxFine => (Unary, Op::Deriv(Deriv::XFine)),
        O::Dpdy | O::DpdyCoarse => (Unary, Op::Deriv(Deriv::Y)),
        O::DpdyFine => (Unary, Op::Deriv(Deriv::YFine)),
        O::InsertBits => (Nary, Op::Bfi),
        _ => return None,
    })
}

impl Lower<'_> {
    /// One component of `op` over its operands' registers `a`, of result type `t`;
    /// `None` when `op` is not component-wise.
    pub(super) fn component(&mut self, op: Opcode, t: Ty, a: &[Reg]) -> Option<Reg> {
        use Opcode as O;
        if let Some((form, g)) = direct(op) {
            return Some(match form {
                Form::Unary => self.b1(g, t, a[0]),
                Form::Binary => self.b2(g, t, a[0], a[1]),
                Form::Nary => self.emit(g, t, a),
            });
        }
        Some(match op {
            O::Div => {
                let f = if t.is_float() {
                    MathFn::Fdiv
                } else {
                    MathFn::IntDiv
                };
                self.b2(Op::Math(f), t, a[0], a[1])
            }
            O::Rem => {
                if t.is_float() {
                    // x - y * trunc(x / y)
                    let q = self.fdiv(t, a[0], a[1]);
                    let tq = self.b1(Op::Rndz, t, q);
                    let p = self.mul(t, a[1], tq);
                    self.sub(t, a[0], p)
                } else {
                    self.b2(Op::Math(MathFn::IntRem), t, a[0], a[1])
                }
            }
            O::Abs => {
                if t == Ty::UD || t == Ty::UW {
                    a[0]
                } else {
                    self.b1(Op::Abs, t, a[0])
                }
            }
            O::Exp => {
                let k = self.fconst(t, std::f32::consts::LOG2_E);
                let x = self.mul(t, a[0], k);
                self.b1(Op::Math(MathFn::Exp2), t, x)
            }
            O::Log => self.ln(t, a[0]),
            O::Tan => {
                let s = self.b1(Op::Math(MathFn::Sin), t, a[0]);
                let c = self.b1(Op::Math(MathFn::Cos), t, a[0]);
                self.fdiv(t, s, c)
            }
            O::Sinh | O::Cosh | O::Tanh => self.hyperbolic(op, t, a[0]),
            O::Asinh | O::Acosh => {
                // log(x + sqrt(x² ± 1))
                let one = self.fconst(t, 1.0);
                let x2 = self.mul(t, a[0], a[0]);
                let pm = if op == O::Asinh { Op::Add } else { Op::Sub };
                let s = self.b2(pm, t, x2, one);
                let r = self.b1(Op::Math(MathFn::Sqrt), t, s);
                let y = self.add(t, a[0], r);
                self.ln(t, y)
            }
            O::Atanh => {
                // 0.5 * log((1 + x) / (1 - x))
                let one = self.fconst(t, 1.0);
                let p = self.add(t, one, a[0]);
                let q = self.sub(t, one, a[0]);
                let d = self.fdiv(t, p, q);
                let lg = self.ln(t, d);
                let h = self.fconst(t, 0.5);
                self.mul(t, h, lg)
            }
            O::Atan => {
                let one = self.fconst(t, 1.0);
                self.atan2(t, a[0], one)
            }
            O::Atan2 => self.atan2(t, a[0], a[1]),
            O::Asin | O::Acos => {
                let one = self.fconst(t, 1.0);
                let x2 = self.mul(t, a[0], a[0]);
                let s = self.sub(t, one, x2);
                let r = self.b1(Op::Math(MathFn::Sqrt), t, s);
                if op == O::Asin {
                    self.atan2(t, a[0], r)
                } else {
                    self.atan2(t, r, a[0])
                }
            }
            O::Clamp => {
                let x = self.max(t, a[0], a[1]);
                self.min(t, x, a[2])
            }
            O::Saturate => {
                let z = self.fconst(t, 0.0);
                let o = self.fconst(t, 1.0);
                let x = self.max(t, a[0], z);
                self.min(t, x, o)
            }
            O::Mix => {
                // e1 * (1 - e3) + e2 * e3
                let one = self.fconst(t, 1.0);
                let s = self.sub(t, one, a[2]);
                let p = self.mul(t, a[0], s);
                let q = self.mul(t, a[1], a[2]);
                self.add(t, p, q)
            }
            O::Step => {
                let c = self.cmp(Cond::Ge, t, a[1], a[0]);
                let one = self.fconst(t, 1.0);
                let z = self.fconst(t, 0.0);
                self.sel(t, c, one, z)
            }
            O::Smoothstep => {
                let num = self.sub(t, a[2], a[0]);
                let den = self.sub(t, a[1], a[0]);
                let q = self.fdiv(t, num, den);
                let z = self.fconst(t, 0.0);
                let o = self.fconst(t, 1.0);
                let x = self.max(t, q, z);
                let x = self.min(t, x, o);
                let two = self.fconst(t, 2.0);
                let three = self.fconst(t, 3.0);
                let tx = self.mul(t, two, x);
                let s = self.sub(t, three, tx);
                let x2 = self.mul(t, x, x);
                self.mul(t, x2, s)
            }
            O::Sign => {
                let (z, p, n) = if t.is_float() {
                    (
                        self.fconst(t, 0.0),
                        self.fconst(t, 1.0),
                        self.fconst(t, -1.0),
                    )
                } else {
                    (self.loadi(t, 0), self.loadi(t, 1), self.loadi(t, u32::MAX))
                };
                let gt = self.cmp(Cond::Gt, t, a[0], z);
                let lt = self.cmp(Cond::Lt, t, a[0], z);
                let r = self.sel(t, lt, n, z);
                self.sel(t, gt, p, r)
            }
            O::Degrees | O::Radians => {
                let k = if op == O::Degrees {
                    180.0 / PI
                } else {
                    PI / 180.0
                };
                let k = self.fconst(t, k);
                self.mul(t, a[0], k)
            }
            O::Ldexp => self.ldexp(t, a[0], a[1]),
            O::QuantizeToF16 => {
                let h = self.cvt(t, Ty::HF, a[0]);
                self.cvt(Ty::HF, t, h)
            }
            O::CountLeadingZeros => {
                let u = self.as_ud(t, a[0]);
                let h = self.b1(Op::Fbh, Ty::UD, u);
                let k31 = self.ud(31);
                let r = self.sub(Ty::UD, k31, h);
                let z = self.ud(0);
                let is0 = self.cmp(Cond::Eq, Ty::UD, u, z);
                let k32 = self.ud(32);
                let r = self.sel(Ty::UD, is0, k32, r);
                self.ud_to(t, r)
            }
            O::CountTrailingZeros => {
                let u = self.as_ud(t, a[0]);
                let lo = self.b1(Op::Fbl, Ty::UD, u);
                let k32 = self.ud(32);
                let r = self.min(Ty::UD, lo, k32);
                self.ud_to(t, r)
            }
            O::FirstTrailingBit | O::FirstLeadingBit => {
                let mut u = self.as_ud(t, a[0]);
                let find = if op == O::FirstTrailingBit {
                    Op::Fbl
                } else {
                    if t == Ty::D {
                        let z = self.loadi(Ty::D, 0);
                        let neg = self.cmp(Cond::Lt, Ty::D, a[0], z);
                        let inv = self.b1(Op::Not, Ty::UD, u);
                        u = self.sel(Ty::UD, neg, inv, u);
                    }
                    Op::Fbh
                };
                let r = self.b1(find, Ty::UD, u);
                self.ud_to(t, r)
            }
            O::Fwidth | O::FwidthCoarse | O::FwidthFine => {
                let (x, y) = if op == O::FwidthFine {
                    (Deriv::XFine, Deriv::YFine)
                } else {
                    (Deriv::X, Deriv::Y)
                };
                let x = self.b1(Op::Deriv(x), t, a[0]);
                let y = self.b1(Op::Deriv(y), t, a[0]);
                let ax = self.b1(Op::Abs, t, x);
                let ay = self.b1(Op::Abs, t, y);
                self.add(t, ax, ay)
            }
            _ => return None,
        })
    }
}
