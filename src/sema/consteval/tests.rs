//! Const-evaluation edge cases, most straight from the spec's examples and rules. Each test
//! goes through overload resolution first, as sema does, so the conversions of abstract
//! operands are exercised too.

use super::*;
use crate::sema::builtins::constructors::{Ctor, resolve_constructor};
use crate::sema::builtins::operators::{resolve_binary, resolve_unary};
use crate::sema::builtins::{Arg, BuiltinFn};
use crate::syntax::ast::{BinaryOp, UnaryOp};

fn arg(t: &TypeTable, v: &Value) -> Arg {
    Arg {
        ty: v.ty(t),
        is_const: true,
    }
}

fn bin(t: &mut TypeTable, op: BinaryOp, a: Value, b: Value) -> EvalResult {
    let res = resolve_binary(t, op, arg(t, &a), arg(t, &b)).expect("overload");
    let a = convert(t, &a, res.params[0])?;
    let b = convert(t, &b, res.params[1])?;
    eval_binary(t, op, &a, &b, res.ret.unwrap())
}

fn un(t: &mut TypeTable, op: UnaryOp, a: Value) -> EvalResult {
    let res = resolve_unary(t, op, arg(t, &a)).expect("overload");
    let a = convert(t, &a, res.params[0])?;
    eval_unary(t, op, &a, res.ret.unwrap())
}

fn call(t: &mut TypeTable, f: BuiltinFn, args: &[Value]) -> EvalResult {
    call_t(t, f, &[], args)
}

fn call_t(t: &mut TypeTable, f: BuiltinFn, templates: &[TypeId], args: &[Value]) -> EvalResult {
    let a: Vec<Arg> = args.iter().map(|v| arg(t, v)).collect();
    let res = f.resolve(t, templates, &a).expect("overload");
    let mut conv = Vec::new();
    for (v, &p) in args.iter().zip(res.params.iter()) {
        conv.push(convert(t, v, p)?);
    }
    eval_builtin(t, f, templates, &conv, res.ret.unwrap())
}

fn ctor(t: &mut TypeTable, c: Ctor, args: &[Value]) -> EvalResult {
    let a: Vec<Arg> = args.iter().map(|v| arg(t, v)).collect();
    let res = resolve_constructor(t, c, &a).expect("overload");
    let mut conv = Vec::new();
    for (v, &p) in args.iter().zip(res.params.iter()) {
        conv.push(convert(t, v, p)?);
    }
    construct(t, res.ret.unwrap(), &conv)
}

fn vec_of(t: &mut TypeTable, s: Scalar, comps: Vec<Value>) -> Value {
    let ty = t.vector(comps.len() as u8, s);
    composite(ty, comps)
}

use Value::{AbstractFloat as AF, AbstractInt as AI, F16 as H, F32, I32, U32};

fn code(r: EvalResult) -> &'static str {
    r.expect_err("expected an error").code
}

#[test]
fn abstract_arithmetic_from_the_spec() {
    let mut t = TypeTable::new();
    // 1 + 2.5 is AbstractFloat 3.5.
    assert_eq!(bin(&mut t, BinaryOp::Add, AI(1), AF(2.5)), Ok(AF(3.5)));
    // (0x1ffffffff / 8) is in range again as an AbstractInt.
    assert_eq!(
        bin(&mut t, BinaryOp::Div, AI(0x1_ffff_ffff), AI(8)),
        Ok(AI(0x3fff_ffff))
    );
    // 0x1ffffffff / 8u needs the AbstractInt to fit in u32.
    assert_eq!(
        code(bin(&mut t, BinaryOp::Div, AI(0x1_ffff_ffff), U32(8))),
        codes::CONST_OVERFLOW
    );
    // (1 - 2) + 1u: -1 is out of range of u32.
    let m1 = bin(&mut t, BinaryOp::Sub, AI(1), AI(2)).unwrap();
    assert_eq!(
        code(bin(&mut t, BinaryOp::Add, m1, U32(1))),
        codes::CONST_OVERFLOW
    );
    // -1 * i32(-2147483648) wraps in i32.
    assert_eq!(
        bin(&mut t, BinaryOp::Mul, AI(-1), I32(i32::MIN)),
        Ok(I32(i32::MIN))
    );
    // AbstractInt overflow is an error.
    assert_eq!(
        code(bin(&mut t, BinaryOp::Mul, AI(i64::MAX), AI(2))),
        codes::CONST_OVERFLOW
    );
    // Concrete integer overflow wraps.
    assert_eq!(
        bin(&mut t, BinaryOp::Add, I32(i32::MAX), I32(1)),
        Ok(I32(i32::MIN))
    );
    assert_eq!(
        bin(&mut t, BinaryOp::Mul, U32(u32::MAX), U32(2)),
        Ok(U32(u32::MAX - 1))
    );
    // -2147483648 is an AbstractInt that converts to i32.
    let min = un(&mut t, UnaryOp::Negate, AI(2147483648)).unwrap();
    let i32_ = t.i32();
    assert_eq!(convert(&mut t, &min, i32_), Ok(I32(i32::MIN)));
    let too_big = AI(2147483648);
    assert_eq!(code(convert(&mut t, &too_big, i32_)), codes::CONST_OVERFLOW);
    let u32_ = t.u32();
    assert_eq!(convert(&mut t, &AI(2147483649), u32_), Ok(U32(2147483649)));
}

#[test]
fn division_rules() {
    let mut t = TypeTable::new();
    assert_eq!(
        code(bin(&mut t, BinaryOp::Div, I32(1), I32(0))),
        codes::CONST_DIVISION_BY_ZERO
    );
    assert_eq!(
        code(bin(&mut t, BinaryOp::Rem, U32(1), U32(0))),
        codes::CONST_DIVISION_BY_ZERO
    );
    assert_eq!(
        code(bin(&mut t, BinaryOp::Div, I32(i32::MIN), I32(-1))),
        codes::CONST_OVERFLOW
    );
    assert_eq!(
        code(bin(&mut t, BinaryOp::Rem, I32(i32::MIN), I32(-1))),
        codes::CONST_OVERFLOW
    );
    // Truncating division; the remainder takes the dividend's sign.
    assert_eq!(bin(&mut t, BinaryOp::Div, I32(-7), I32(2)), Ok(I32(-3)));
    assert_eq!(bin(&mut t, BinaryOp::Rem, I32(-7), I32(2)), Ok(I32(-1)));
    assert_eq!(bin(&mut t, BinaryOp::Rem, AF(-7.5), AF(2.0)), Ok(AF(-1.5)));
    // Float division by zero is infinite: an error.
    assert_eq!(
        code(bin(&mut t, BinaryOp::Div, F32(1.0), F32(0.0))),
        codes::CONST_OVERFLOW
    );
    assert_eq!(
        code(bin(&mut t, BinaryOp::Rem, F32(1.0), F32(0.0))),
        codes::CONST_OVERFLOW
    );
}

#[test]
fn shift_rules() {
    let mut t = TypeTable::new();
    // 1i << 31u changes the sign: an error. 1u << 31u is fine.
    assert_eq!(
        code(bin(&mut t, BinaryOp::ShiftLeft, I32(1), U32(31))),
        codes::CONST_SHIFT
    );
    assert_eq!(
        bin(&mut t, BinaryOp::ShiftLeft, U32(1), U32(31)),
        Ok(U32(0x8000_0000))
    );
    assert_eq!(
        code(bin(&mut t, BinaryOp::ShiftLeft, U32(2), U32(31))),
        codes::CONST_SHIFT
    );
    assert_eq!(
        code(bin(&mut t, BinaryOp::ShiftLeft, U32(1), U32(32))),
        codes::CONST_SHIFT
    );
    assert_eq!(
        bin(&mut t, BinaryOp::ShiftLeft, I32(-1), U32(31)),
        Ok(I32(i32::MIN))
    );
    // Abstract shifts use 64 bits.
    assert_eq!(
        bin(&mut t, BinaryOp::ShiftLeft, AI(1), AI(40)),
        Ok(AI(1 << 40))
    );
    assert_eq!(
        code(bin(&mut t, BinaryOp::ShiftLeft, AI(1), AI(63))),
        codes::CONST_SHIFT
    );
    assert_eq!(
        bin(&mut t, BinaryOp::ShiftLeft, AI(-1), AI(63)),
        Ok(AI(i64::MIN))
    );
    // Right shifts: arithmetic for signed, logical for unsigned; concrete amounts < width.
    assert_eq!(
        bin(&mut t, BinaryOp::ShiftRight, I32(-8), U32(1)),
        Ok(I32(-4))
    );
    assert_eq!(
        bin(&mut t, BinaryOp::ShiftRight, U32(0x8000_0000), U32(31)),
        Ok(U32(1))
    );
    assert_eq!(
        code(bin(&mut t, BinaryOp::ShiftRight, I32(1), U32(32))),
        codes::CONST_SHIFT
    );
    assert_eq!(
        bin(&mut t, BinaryOp::ShiftRight, AI(-1), AI(100)),
        Ok(AI(-1))
    );
}

#[test]
fn float_rounding_is_correct_per_type() {
    let mut t = TypeTable::new();
    // 0.1f + 0.2f in f32 is 0.3f rounded once (0.30000001192…), not the f64 sum.
    let r = bin(&mut t, BinaryOp::Add, F32(0.1), F32(0.2)).unwrap();
    assert_eq!(r, F32(0.1f32 + 0.2f32));
    // f16: 1h + 0.0004h rounds to the nearest f16.
    let a = f16::from_f32(1.0);
    let b = f16::from_f32(0.000_4);
    let r = bin(&mut t, BinaryOp::Add, H(a), H(b)).unwrap();
    assert_eq!(r, H(f16::from_f64(f64::from(a) + f64::from(b))));
    // f16 overflow: 65504h * 2h.
    let max = f16::MAX;
    assert_eq!(
        code(bin(&mut t, BinaryOp::Mul, H(max), H(f16::from_f32(2.0)))),
        codes::CONST_OVERFLOW
    );
    // f32 overflow of an AbstractFloat conversion: 0x1p500 as f32.
    let f32_ = t.f32();
    assert_eq!(
        code(convert(&mut t, &AF(2f64.powi(500)), f32_)),
        codes::CONST_OVERFLOW
    );
    // AbstractInt to f32 rounds.
    assert_eq!(
        convert(&mut t, &AI(16_777_217), f32_),
        Ok(F32(16_777_216.0))
    );
}

#[test]
fn comparisons_and_vectors() {
    let mut t = TypeTable::new();
    let a = vec_of(&mut t, Scalar::F32, vec![F32(1.0), F32(2.0), F32(3.0)]);
    let b = vec_of(&mut t, Scalar::F32, vec![F32(3.0), F32(2.0), F32(1.0)]);
    let r = bin(&mut t, BinaryOp::Less, a.clone(), b.clone()).unwrap();
    assert_eq!(
        r.components(),
        &[Value::Bool(true), Value::Bool(false), Value::Bool(false)]
    );
    // Vector times an abstract scalar splats it.
    let r = bin(&mut t, BinaryOp::Mul, a.clone(), AI(2)).unwrap();
    assert_eq!(r.components(), &[F32(2.0), F32(4.0), F32(6.0)]);
    // dot and cross.
    assert_eq!(
        call(&mut t, BuiltinFn::Dot, &[a.clone(), b.clone()]),
        Ok(F32(10.0))
    );
    let c = call(&mut t, BuiltinFn::Cross, &[a, b]).unwrap();
    assert_eq!(c.components(), &[F32(-4.0), F32(8.0), F32(-4.0)]);
}

#[test]
fn matrices() {
    let mut t = TypeTable::new();
    // mat2x2(1, 2, 3, 4) is columns (1,2) and (3,4).
    let m = ctor(&mut t, Ctor::Mat(2, 2), &[AI(1), AI(2), AI(3), AI(4)]).unwrap();
    assert_eq!(t.name(m.ty(&t)), "mat2x2<AbstractFloat>");
    let v = ctor(&mut t, Ctor::Vec(2), &[AI(1), AI(1)]).unwrap();
    // m * v = (1+3, 2+4).
    let r = bin(&mut t, BinaryOp::Mul, m.clone(), v.clone()).unwrap();
    assert_eq!(r.components(), &[AF(4.0), AF(6.0)]);
    // v * m = (1+2, 3+4).
    let r = bin(&mut t, BinaryOp::Mul, v, m.clone()).unwrap();
    assert_eq!(r.components(), &[AF(3.0), AF(7.0)]);
    // m * m.
    let r = bin(&mut t, BinaryOp::Mul, m.clone(), m.clone()).unwrap();
    let cols: Vec<Vec<Value>> = r
        .components()
        .iter()
        .map(|c| c.components().to_vec())
        .collect();
    assert_eq!(
        cols,
        vec![vec![AF(7.0), AF(10.0)], vec![AF(15.0), AF(22.0)]]
    );
    assert_eq!(
        call(&mut t, BuiltinFn::Determinant, std::slice::from_ref(&m)),
        Ok(AF(-2.0))
    );
    let tr = call(&mut t, BuiltinFn::Transpose, std::slice::from_ref(&m)).unwrap();
    assert_eq!(tr.components()[0].components(), &[AF(1.0), AF(3.0)]);
    // m + m is column-wise.
    let r = bin(&mut t, BinaryOp::Add, m.clone(), m).unwrap();
    assert_eq!(r.components()[1].components(), &[AF(6.0), AF(8.0)]);
    // 3x3 determinant.
    let m3 = ctor(
        &mut t,
        Ctor::Mat(3, 3),
        &[
            AF(2.0),
            AF(0.0),
            AF(0.0),
            AF(0.0),
            AF(3.0),
            AF(0.0),
            AF(0.0),
            AF(0.0),
            AF(4.0),
        ],
    )
    .unwrap();
    assert_eq!(call(&mut t, BuiltinFn::Determinant, &[m3]), Ok(AF(24.0)));
}

#[test]
fn builtin_rules_from_the_spec() {
    let mut t = TypeTable::new();
    // log2(32) in AbstractFloat.
    assert_eq!(call(&mut t, BuiltinFn::Log2, &[AI(32)]), Ok(AF(5.0)));
    // Outside the domain.
    assert!(call(&mut t, BuiltinFn::Sqrt, &[AF(-1.0)]).is_err());
    assert!(call(&mut t, BuiltinFn::Log, &[F32(0.0)]).is_err());
    assert!(call(&mut t, BuiltinFn::Acos, &[AF(2.0)]).is_err());
    assert!(call(&mut t, BuiltinFn::InverseSqrt, &[F32(0.0)]).is_err());
    // clamp with low > high.
    assert_eq!(
        code(call(&mut t, BuiltinFn::Clamp, &[AI(1), AI(5), AI(0)])),
        codes::CONST_DOMAIN
    );
    assert_eq!(
        call(&mut t, BuiltinFn::Clamp, &[AI(7), AI(0), AI(5)]),
        Ok(AI(5))
    );
    // smoothstep with equal edges.
    assert_eq!(
        code(call(
            &mut t,
            BuiltinFn::Smoothstep,
            &[F32(1.0), F32(1.0), F32(0.5)]
        )),
        codes::CONST_DOMAIN
    );
    assert_eq!(
        call(&mut t, BuiltinFn::Smoothstep, &[AF(0.0), AF(1.0), AF(0.5)]),
        Ok(AF(0.5))
    );
    // ldexp exponent limits: e2 > bias + 1 is an error.
    assert_eq!(
        call(&mut t, BuiltinFn::Ldexp, &[F32(1.0), I32(3)]),
        Ok(F32(8.0))
    );
    assert_eq!(
        code(call(&mut t, BuiltinFn::Ldexp, &[F32(1.0), I32(129)])),
        codes::CONST_DOMAIN
    );
    // 0.5 * 2^128 = 2^127 is fine in f32.
    assert_eq!(
        call(&mut t, BuiltinFn::Ldexp, &[F32(0.5), I32(128)]),
        Ok(F32(2f32.powi(127)))
    );
    assert!(call(&mut t, BuiltinFn::Ldexp, &[F32(1.0), I32(128)]).is_err());
    assert_eq!(
        call(&mut t, BuiltinFn::Ldexp, &[F32(1.0), I32(-1000)]),
        Ok(F32(0.0))
    );
    // quantizeToF16.
    assert_eq!(
        call(&mut t, BuiltinFn::QuantizeToF16, &[F32(1.0001)]),
        Ok(F32(f32::from(f16::from_f32(1.0001))))
    );
    assert!(call(&mut t, BuiltinFn::QuantizeToF16, &[F32(70000.0)]).is_err());
    // round is to even.
    assert_eq!(call(&mut t, BuiltinFn::Round, &[AF(2.5)]), Ok(AF(2.0)));
    assert_eq!(call(&mut t, BuiltinFn::Round, &[AF(3.5)]), Ok(AF(4.0)));
    // sign, abs of the most negative value.
    assert_eq!(
        call(&mut t, BuiltinFn::Abs, &[I32(i32::MIN)]),
        Ok(I32(i32::MIN))
    );
    assert_eq!(call(&mut t, BuiltinFn::Sign, &[AF(-3.0)]), Ok(AF(-1.0)));
    // fract and modf/frexp.
    assert_eq!(call(&mut t, BuiltinFn::Fract, &[AF(-1.25)]), Ok(AF(0.75)));
    let fr = call(&mut t, BuiltinFn::Frexp, &[AF(1.5)]).unwrap();
    assert_eq!(fr.components(), &[AF(0.75), AI(1)]);
    let fr = call(&mut t, BuiltinFn::Frexp, &[F32(-12.0)]).unwrap();
    assert_eq!(fr.components(), &[F32(-0.75), I32(4)]);
    let md = call(&mut t, BuiltinFn::Modf, &[AF(-2.5)]).unwrap();
    assert_eq!(md.components(), &[AF(-0.5), AF(-2.0)]);
}

#[test]
fn bit_builtins() {
    let mut t = TypeTable::new();
    assert_eq!(
        call(&mut t, BuiltinFn::CountOneBits, &[U32(0xf0f0)]),
        Ok(U32(8))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::CountLeadingZeros, &[I32(1)]),
        Ok(I32(31))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::FirstLeadingBit, &[I32(-1)]),
        Ok(I32(-1))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::FirstLeadingBit, &[I32(-2)]),
        Ok(I32(0))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::FirstLeadingBit, &[U32(0)]),
        Ok(U32(u32::MAX))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::FirstLeadingBit, &[U32(0x100)]),
        Ok(U32(8))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::FirstTrailingBit, &[U32(0)]),
        Ok(U32(u32::MAX))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::ReverseBits, &[U32(1)]),
        Ok(U32(0x8000_0000))
    );
    // extractBits sign-extends for i32.
    assert_eq!(
        call(
            &mut t,
            BuiltinFn::ExtractBits,
            &[I32(0b1100), U32(2), U32(2)]
        ),
        Ok(I32(-1))
    );
    assert_eq!(
        call(
            &mut t,
            BuiltinFn::ExtractBits,
            &[U32(0b1100), U32(2), U32(2)]
        ),
        Ok(U32(3))
    );
    assert_eq!(
        code(call(
            &mut t,
            BuiltinFn::ExtractBits,
            &[U32(1), U32(30), U32(3)]
        )),
        codes::CONST_DOMAIN
    );
    assert_eq!(
        call(
            &mut t,
            BuiltinFn::InsertBits,
            &[U32(0), U32(0xff), U32(8), U32(4)]
        ),
        Ok(U32(0xf00))
    );
    // Packed dot products.
    assert_eq!(
        call(
            &mut t,
            BuiltinFn::Dot4U8Packed,
            &[U32(0x0102_0304), U32(0x0101_0101)]
        ),
        Ok(U32(10))
    );
    assert_eq!(
        call(
            &mut t,
            BuiltinFn::Dot4I8Packed,
            &[U32(0xffff_ffff), U32(0x0101_0101)]
        ),
        Ok(I32(-4))
    );
}

#[test]
fn packing() {
    let mut t = TypeTable::new();
    let v = vec_of(
        &mut t,
        Scalar::F32,
        vec![F32(1.0), F32(-1.0), F32(0.5), F32(0.0)],
    );
    assert_eq!(
        call(&mut t, BuiltinFn::Pack4x8Snorm, std::slice::from_ref(&v)),
        Ok(U32(0x0040_817f))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::Pack4x8Unorm, &[v]),
        Ok(U32(0x0080_00ff))
    );
    let v2 = vec_of(&mut t, Scalar::F32, vec![F32(1.0), F32(-2.0)]);
    assert_eq!(
        call(&mut t, BuiltinFn::Pack2x16Float, &[v2]),
        Ok(U32(0xc000_3c00))
    );
    let big = vec_of(&mut t, Scalar::F32, vec![F32(1e6), F32(0.0)]);
    assert_eq!(
        code(call(&mut t, BuiltinFn::Pack2x16Float, &[big])),
        codes::CONST_DOMAIN
    );
    let u = call(&mut t, BuiltinFn::Unpack2x16Float, &[U32(0xc000_3c00)]).unwrap();
    assert_eq!(u.components(), &[F32(1.0), F32(-2.0)]);
    let u = call(&mut t, BuiltinFn::Unpack4x8Snorm, &[U32(0x0000_8081)]).unwrap();
    assert_eq!(u.components()[0], F32(-1.0));
    assert_eq!(u.components()[1], F32(-1.0));
    let vi = vec_of(
        &mut t,
        Scalar::I32,
        vec![I32(-1), I32(300), I32(-300), I32(5)],
    );
    assert_eq!(
        call(&mut t, BuiltinFn::Pack4xI8Clamp, std::slice::from_ref(&vi)),
        Ok(U32(0x0580_7fff))
    );
    assert_eq!(
        call(&mut t, BuiltinFn::Pack4xI8, &[vi]),
        Ok(U32(0x05d4_2cff))
    );
    let u = call(&mut t, BuiltinFn::Unpack4xI8, &[U32(0x05d4_2cff)]).unwrap();
    assert_eq!(u.components(), &[I32(-1), I32(44), I32(-44), I32(5)]);
}

#[test]
fn bitcasts_and_conversions() {
    let mut t = TypeTable::new();
    let u32_ = t.u32();
    let f32_ = t.f32();
    let i32_ = t.i32();
    assert_eq!(
        call_t(&mut t, BuiltinFn::Bitcast, &[u32_], &[F32(1.0)]),
        Ok(U32(0x3f80_0000))
    );
    assert_eq!(
        call_t(&mut t, BuiltinFn::Bitcast, &[u32_], &[AI(-1)]),
        Ok(U32(u32::MAX))
    );
    assert_eq!(
        call_t(&mut t, BuiltinFn::Bitcast, &[i32_], &[U32(u32::MAX)]),
        Ok(I32(-1))
    );
    // A NaN pattern is not a valid constant.
    assert!(call_t(&mut t, BuiltinFn::Bitcast, &[f32_], &[U32(0x7fc0_0000)]).is_err());
    // vec2<f16> to u32.
    let h = vec_of(
        &mut t,
        Scalar::F16,
        vec![H(f16::from_f32(1.0)), H(f16::from_f32(-2.0))],
    );
    assert_eq!(
        call_t(&mut t, BuiltinFn::Bitcast, &[u32_], &[h]),
        Ok(U32(0xc000_3c00))
    );
    // Value constructor conversions.
    assert_eq!(ctor(&mut t, Ctor::Type(i32_), &[F32(-3.9)]), Ok(I32(-3)));
    assert_eq!(ctor(&mut t, Ctor::Type(u32_), &[F32(-1.0)]), Ok(U32(0)));
    assert_eq!(
        ctor(&mut t, Ctor::Type(u32_), &[F32(1e20)]),
        Ok(U32(4294967040))
    );
    assert_eq!(
        ctor(&mut t, Ctor::Type(i32_), &[F32(1e20)]),
        Ok(I32(2147483520))
    );
    assert_eq!(
        ctor(&mut t, Ctor::Type(i32_), &[F32(-1e20)]),
        Ok(I32(i32::MIN))
    );
    assert_eq!(
        ctor(&mut t, Ctor::Type(u32_), &[I32(-1)]),
        Ok(U32(u32::MAX))
    );
    // u32(4*1000*1000*1000) works through the AbstractInt overload.
    assert_eq!(
        ctor(&mut t, Ctor::Type(u32_), &[AI(4_000_000_000)]),
        Ok(U32(4_000_000_000))
    );
    assert_eq!(
        code(ctor(&mut t, Ctor::Type(i32_), &[AI(5_000_000_000)])),
        codes::CONST_OVERFLOW
    );
    let b = t.bool();
    assert_eq!(
        ctor(&mut t, Ctor::Type(b), &[F32(-0.0)]),
        Ok(Value::Bool(false))
    );
    assert_eq!(
        ctor(&mut t, Ctor::Type(f32_), &[Value::Bool(true)]),
        Ok(F32(1.0))
    );
}

#[test]
fn constructors_zero_values_and_indexing() {
    let mut t = TypeTable::new();
    // vec4(1, vec2(2, 3), 4).
    let inner = ctor(&mut t, Ctor::Vec(2), &[AI(2), AI(3)]).unwrap();
    let v = ctor(&mut t, Ctor::Vec(4), &[AI(1), inner, AI(4)]).unwrap();
    assert_eq!(v.components(), &[AI(1), AI(2), AI(3), AI(4)]);
    // Splat with conversion: vec3<f32>(1).
    let v3 = t.vector(3, Scalar::F32);
    let v = ctor(&mut t, Ctor::Type(v3), &[AI(1)]).unwrap();
    assert_eq!(v.components(), &[F32(1.0), F32(1.0), F32(1.0)]);
    // Zero values.
    let arr = t.array(v3, crate::sema::types::ArraySize::Const(2));
    let z = ctor(&mut t, Ctor::Type(arr), &[]).unwrap();
    assert_eq!(z.components().len(), 2);
    assert!(z.is_zero());
    // Indexing in and out of bounds.
    let a = ctor(&mut t, Ctor::Array, &[AI(10), AI(20), AI(30)]).unwrap();
    assert_eq!(index(&mut t, &a, 2), Ok(AI(30)));
    assert_eq!(code(index(&mut t, &a, 3)), codes::CONST_INDEX_OUT_OF_BOUNDS);
    assert_eq!(
        code(index(&mut t, &a, -1)),
        codes::CONST_INDEX_OUT_OF_BOUNDS
    );
    // Swizzles.
    let v = ctor(&mut t, Ctor::Vec(3), &[AI(1), AI(2), AI(3)]).unwrap();
    let v2 = t.vector(2, Scalar::AbstractInt);
    assert_eq!(swizzle(&v, &[2, 0], v2).components(), &[AI(3), AI(1)]);
    // Concretizing a whole array converts every element.
    let aty = a.ty(&t);
    let c = crate::sema::types::convert::concretize(&mut t, aty);
    let concrete = convert(&mut t, &a, c).unwrap();
    assert_eq!(concrete.components(), &[I32(10), I32(20), I32(30)]);
    assert_eq!(concrete.display(&t), "array<i32, 3>(10i, 20i, 30i)");
}

/// A value of type `ty` whose scalars are `float` (floats) or `int` (integers).
fn sample(t: &mut TypeTable, ty: TypeId, float: f64, int: i64) -> Value {
    use crate::sema::types::TypeKind;
    match t.kind(ty) {
        TypeKind::Scalar(s) => match s {
            Scalar::Bool => Value::Bool(true),
            Scalar::AbstractInt | Scalar::I32 | Scalar::U32 => {
                make_int_exact(s, i128::from(int)).unwrap()
            }
            _ => make_float(s, float).unwrap(),
        },
        _ => {
            let n = t.width_of(ty).map(usize::from).unwrap_or(0);
            let n = match t.kind(ty) {
                TypeKind::Matrix { cols, .. } => usize::from(cols),
                _ => n,
            };
            let comps = component_types(t, ty, n);
            // Vary components so matrices are not singular and vectors not parallel.
            let vals = comps
                .iter()
                .enumerate()
                .map(|(i, &c)| sample(t, c, float + 0.125 * i as f64, int + i as i64))
                .collect();
            composite(ty, vals)
        }
    }
}

/// Every `@const` builtin is evaluated: for each, some argument list resolves and
/// evaluates without error.
#[test]
fn every_const_builtin_evaluates() {
    use crate::sema::types::ArraySize;
    let mut t = TypeTable::new();
    let mut kinds = Vec::new();
    for s in [
        Scalar::F32,
        Scalar::I32,
        Scalar::U32,
        Scalar::Bool,
        Scalar::F16,
    ] {
        kinds.push(t.scalar(s));
        for n in 2..=4 {
            kinds.push(t.vector(n, s));
        }
    }
    kinds.push(t.matrix(3, 3, Scalar::F32));
    kinds.push(t.matrix(2, 3, Scalar::F32));
    let _ = t.array(kinds[0], ArraySize::Const(2));
    let (u32_, i32_, f32_, b) = (t.u32(), t.i32(), t.f32(), t.bool());
    let v3 = t.vector(3, Scalar::F32);
    let mut tried = 0;
    for &f in BuiltinFn::ALL.iter().filter(|f| f.is_const()) {
        let arity = f.overloads()[0].params.len();
        let mut tuples: Vec<Vec<TypeId>> = kinds.iter().map(|&k| vec![k; arity]).collect();
        for &k in &kinds {
            tuples.push(vec![k, u32_, u32_]);
            tuples.push(vec![k, k, u32_, u32_]);
            tuples.push(vec![k, i32_]);
            tuples.push(vec![k, k, b]);
            tuples.push(vec![k, k, f32_]);
        }
        tuples.push(vec![v3, v3, f32_]);
        let templates: Vec<TypeId> = if f == BuiltinFn::Bitcast {
            vec![u32_]
        } else {
            vec![]
        };
        let mut ok = false;
        'tuples: for tuple in tuples.iter().filter(|tu| tu.len() == arity) {
            let args: Vec<Arg> = tuple.iter().map(|&ty| Arg { ty, is_const: true }).collect();
            let Ok(res) = f.resolve(&mut t, &templates, &args) else {
                continue;
            };
            for base in [0.25, 1.25] {
                let vals: Vec<Value> = res
                    .params
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| sample(&mut t, p, base + 0.25 * i as f64, 1 + i as i64))
                    .collect();
                if eval_builtin(&mut t, f, &templates, &vals, res.ret.unwrap()).is_ok() {
                    ok = true;
                    break 'tuples;
                }
            }
        }
        assert!(ok, "no sample call of `{}` evaluates", f.name());
        tried += 1;
    }
    assert!(tried >= 81, "only {tried} const builtins");
}

#[test]
fn debug_text_is_the_derived_debug_form() {
    let mut t = TypeTable::new();
    let ty = t.vector(2, Scalar::F32);
    let v = composite(ty, vec![Value::F32(1.5), Value::F32(-0.0)]);
    assert_eq!(
        v.debug_text(),
        format!("Composite({ty:?}, [F32(1.5), F32(-0.0)])")
    );
    assert_eq!(format!("{v:?}"), v.debug_text());
    assert_eq!(
        Value::AbstractFloat(1e20).debug_text(),
        "AbstractFloat(1e20)"
    );
    assert_eq!(Value::I32(-3).debug_text(), "I32(-3)");
    assert_eq!(Value::Bool(true).debug_text(), "Bool(true)");
    assert_eq!(Value::Zero(ty).debug_text(), format!("Zero({ty:?})"));
}
