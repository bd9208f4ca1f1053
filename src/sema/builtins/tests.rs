use super::constructors::{Ctor, resolve_constructor};
use super::operators::{resolve_binary, resolve_unary};
use super::*;
use crate::sema::types::{
    Access, AddressSpace, ArraySize, Scalar, TextureDim, TextureKind, TypeKind,
};
use crate::syntax::ast::{BinaryOp, UnaryOp};

fn c(ty: TypeId) -> Arg {
    Arg { ty, is_const: true }
}

fn r(ty: TypeId) -> Arg {
    Arg {
        ty,
        is_const: false,
    }
}

#[test]
fn every_table_parses() {
    for &f in BuiltinFn::ALL {
        assert!(!f.overloads().is_empty(), "{} has no overloads", f.name());
    }
    for op in [
        BinaryOp::Add,
        BinaryOp::Mul,
        BinaryOp::ShiftLeft,
        BinaryOp::LogicalOr,
    ] {
        assert!(!operators::binary_overloads(op).is_empty());
    }
    let t = TypeTable::new();
    for k in 2..=4 {
        assert!(!constructors::overloads(&t, Ctor::Vec(k)).is_empty());
        for r in 2..=4 {
            assert!(!constructors::overloads(&t, Ctor::Mat(k, r)).is_empty());
        }
    }
}

#[test]
fn names_round_trip() {
    for &f in BuiltinFn::ALL {
        assert_eq!(BuiltinFn::from_name(f.name()), Some(f));
    }
    assert_eq!(
        BuiltinFn::from_name("textureSample"),
        Some(BuiltinFn::TextureSample)
    );
    assert_eq!(BuiltinFn::from_name("vec3"), None);
}

#[test]
fn facts_about_builtins() {
    assert_eq!(BuiltinFn::Dpdx.stages(), Stages::FragmentOnly);
    assert_eq!(
        BuiltinFn::TextureSample.uniformity(),
        Uniformity::Derivative
    );
    assert_eq!(BuiltinFn::TextureSampleLevel.uniformity(), Uniformity::None);
    assert_eq!(BuiltinFn::TextureSampleLevel.stages(), Stages::All);
    assert_eq!(BuiltinFn::WorkgroupBarrier.stages(), Stages::ComputeOnly);
    assert_eq!(
        BuiltinFn::WorkgroupBarrier.uniformity(),
        Uniformity::Barrier
    );
    assert_eq!(BuiltinFn::AtomicAdd.stages(), Stages::NotVertex);
    assert_eq!(
        BuiltinFn::SubgroupBallot.requirement(),
        Requirement::Extension("subgroups")
    );
    assert_eq!(
        BuiltinFn::QuadSwapX.requirement(),
        Requirement::Extension("subgroups")
    );
    assert!(!BuiltinFn::AtomicLoad.must_use());
    assert!(BuiltinFn::WorkgroupUniformLoad.must_use());
    assert!(BuiltinFn::Ldexp.is_const() && !BuiltinFn::ArrayLength.is_const());
    assert_eq!(
        BuiltinFn::TextureSampleLevel.const_argument_range("offset"),
        Some((-8, 7))
    );
    assert_eq!(
        BuiltinFn::TextureGather.const_argument_range("component"),
        Some((0, 3))
    );
    assert_eq!(
        BuiltinFn::QuadBroadcast.const_argument_range("id"),
        Some((0, 3))
    );
    assert_eq!(BuiltinFn::SubgroupShuffle.const_argument_range("id"), None);
    // Every parameter with a range is one the tables mark `@const`.
    for &f in BuiltinFn::ALL {
        for o in f.overloads() {
            for p in &o.params {
                if f.const_argument_range(&p.name).is_some() {
                    assert!(p.must_be_const, "{}: `{}` should be @const", o.text, p.name);
                }
            }
        }
    }
}

fn resolve_builtin(
    t: &mut TypeTable,
    f: BuiltinFn,
    args: &[Arg],
) -> Result<Resolved, ResolveError> {
    f.resolve(t, &[], args)
}

#[test]
fn abstract_arguments_pick_the_lowest_rank() {
    let mut t = TypeTable::new();
    let ai = t.scalar(Scalar::AbstractInt);
    let af = t.scalar(Scalar::AbstractFloat);
    let f32_ = t.f32();
    let i32_ = t.i32();
    let u32_ = t.u32();
    // log2(32) computes in AbstractFloat.
    let res = resolve_builtin(&mut t, BuiltinFn::Log2, &[c(ai)]).unwrap();
    assert_eq!(res.ret, Some(af));
    // Most preferred candidate is clamp(i32,i32,i32) when not all const; all-const stays
    // abstract.
    let res = resolve_builtin(&mut t, BuiltinFn::Clamp, &[c(ai), c(ai), c(ai)]).unwrap();
    assert_eq!(res.ret, Some(ai));
    // clamp(5, 0, u32_var) is clamp(u32, u32, u32).
    let res = resolve_builtin(&mut t, BuiltinFn::Clamp, &[c(ai), c(ai), r(u32_)]).unwrap();
    assert_eq!(*res.params, [u32_, u32_, u32_]);
    // clamp(0, f32_var, 1) is f32.
    let res = resolve_builtin(&mut t, BuiltinFn::Clamp, &[c(ai), r(f32_), c(ai)]).unwrap();
    assert_eq!(res.ret, Some(f32_));
    // clamp(1u, 0, 1i) has no overload.
    assert_eq!(
        resolve_builtin(&mut t, BuiltinFn::Clamp, &[c(u32_), c(ai), c(i32_)]),
        Err(ResolveError::NoMatch)
    );
    // A runtime argument forces concrete types: countOneBits takes no abstract anyway.
    let res = resolve_builtin(&mut t, BuiltinFn::CountOneBits, &[c(ai)]).unwrap();
    assert_eq!(res.ret, Some(i32_));
}

#[test]
fn operators_follow_the_spec_examples() {
    let mut t = TypeTable::new();
    let ai = t.scalar(Scalar::AbstractInt);
    let af = t.scalar(Scalar::AbstractFloat);
    let f32_ = t.f32();
    let u32_ = t.u32();
    let i32_ = t.i32();
    // 1 + 2.5 is AbstractFloat.
    let res = resolve_binary(&mut t, BinaryOp::Add, c(ai), c(af)).unwrap();
    assert_eq!(res.ret, Some(af));
    // 1u + 2.5 is an error.
    assert_eq!(
        resolve_binary(&mut t, BinaryOp::Add, c(u32_), c(af)),
        Err(ResolveError::NoMatch)
    );
    // -1 * i32(-2147483648): i32 multiplication.
    let res = resolve_binary(&mut t, BinaryOp::Mul, c(ai), c(i32_)).unwrap();
    assert_eq!(*res.params, [i32_, i32_]);
    // vector * scalar keeps the scalar.
    let v3 = t.vector(3, Scalar::F32);
    let res = resolve_binary(&mut t, BinaryOp::Mul, r(v3), c(ai)).unwrap();
    assert_eq!(*res.params, [v3, f32_]);
    assert_eq!(res.ret, Some(v3));
    // matrix * vector and matrix * matrix.
    let m23 = t.matrix(2, 3, Scalar::F32);
    let v2 = t.vector(2, Scalar::F32);
    let res = resolve_binary(&mut t, BinaryOp::Mul, r(m23), r(v2)).unwrap();
    assert_eq!(res.ret, Some(v3));
    let res = resolve_binary(&mut t, BinaryOp::Mul, r(v3), r(m23)).unwrap();
    assert_eq!(res.ret, Some(v2));
    let m32 = t.matrix(3, 2, Scalar::F32);
    let m33 = t.matrix(3, 3, Scalar::F32);
    let res = resolve_binary(&mut t, BinaryOp::Mul, r(m23), r(m32)).unwrap();
    assert_eq!(res.ret, Some(m33));
    // Comparisons of vectors give bool vectors.
    let vb = t.vector(3, Scalar::Bool);
    let res = resolve_binary(&mut t, BinaryOp::Less, r(v3), r(v3)).unwrap();
    assert_eq!(res.ret, Some(vb));
    // Shifts take u32 amounts; an abstract lhs stays abstract when all is const.
    let res = resolve_binary(&mut t, BinaryOp::ShiftLeft, c(ai), c(ai)).unwrap();
    assert_eq!(*res.params, [ai, u32_]);
    let res = resolve_binary(&mut t, BinaryOp::ShiftLeft, c(ai), r(u32_)).unwrap();
    assert_eq!(*res.params, [i32_, u32_]);
    assert!(resolve_binary(&mut t, BinaryOp::ShiftLeft, r(i32_), r(i32_)).is_err());
    // Unary minus on u32 is invalid; on AbstractInt fine.
    assert!(resolve_unary(&mut t, UnaryOp::Negate, r(u32_)).is_err());
    assert_eq!(
        resolve_unary(&mut t, UnaryOp::Negate, c(ai)).unwrap().ret,
        Some(ai)
    );
    // bool & bool and the Load Rule.
    let b = t.bool();
    let rb = t.reference(AddressSpace::Function, b, Access::ReadWrite);
    let res = resolve_binary(&mut t, BinaryOp::And, r(rb), c(b)).unwrap();
    assert_eq!(res.ret, Some(b));
}

#[test]
fn texture_and_atomic_builtins() {
    let mut t = TypeTable::new();
    let tex = t.intern(TypeKind::Texture(TextureKind::Sampled {
        dim: TextureDim::D2Array,
        sampled: Scalar::F32,
    }));
    let smp = t.intern(TypeKind::Sampler { comparison: false });
    let v2 = t.vector(2, Scalar::F32);
    let ai = t.scalar(Scalar::AbstractInt);
    let u32_ = t.u32();
    let vi2 = t.vector(2, Scalar::AbstractInt);
    let v4 = t.vector(4, Scalar::F32);
    let res = BuiltinFn::TextureSample
        .resolve(&mut t, &[], &[r(tex), r(smp), r(v2), c(ai), c(vi2)])
        .unwrap();
    assert_eq!(res.ret, Some(v4));
    let i32_ = t.i32();
    let vi2c = t.vector(2, Scalar::I32);
    assert_eq!(*res.params, [tex, smp, v2, i32_, vi2c]);
    let o = &BuiltinFn::TextureSample.overloads()[res.overload];
    assert!(o.params[4].must_be_const);
    // Storage texture load gives the format's channel type.
    let st = t.intern(TypeKind::Texture(TextureKind::Storage {
        dim: TextureDim::D2,
        format: crate::sema::types::TexelFormat::R32Uint,
        access: Access::Read,
    }));
    let vu2 = t.vector(2, Scalar::U32);
    let vu4 = t.vector(4, Scalar::U32);
    let res = BuiltinFn::TextureLoad
        .resolve(&mut t, &[], &[r(st), r(vu2)])
        .unwrap();
    assert_eq!(res.ret, Some(vu4));
    // textureStore into a read-only storage texture has no overload.
    assert!(
        BuiltinFn::TextureStore
            .resolve(&mut t, &[], &[r(st), r(vu2), r(vu4)])
            .is_err()
    );
    // Atomics: the value converts to the atomic's type.
    let at = t.intern(TypeKind::Atomic(Scalar::U32));
    let p = t.ptr(AddressSpace::Storage, at, Access::ReadWrite);
    let res = BuiltinFn::AtomicAdd
        .resolve(&mut t, &[], &[r(p), c(ai)])
        .unwrap();
    assert_eq!(res.ret, Some(u32_));
    let res = BuiltinFn::AtomicCompareExchangeWeak
        .resolve(&mut t, &[], &[r(p), c(ai), c(ai)])
        .unwrap();
    assert_eq!(
        t.name(res.ret.unwrap()),
        "__atomic_compare_exchange_result_u32"
    );
    let pp = t.ptr(AddressSpace::Private, at, Access::ReadWrite);
    assert!(
        BuiltinFn::AtomicLoad
            .resolve(&mut t, &[], &[r(pp)])
            .is_err()
    );
    // arrayLength.
    let f = t.f32();
    let rt = t.array(f, ArraySize::Runtime);
    let prt = t.ptr(AddressSpace::Storage, rt, Access::Read);
    let res = BuiltinFn::ArrayLength
        .resolve(&mut t, &[], &[r(prt)])
        .unwrap();
    assert_eq!(res.ret, Some(u32_));
    // frexp of an abstract vector.
    let vaf = t.vector(3, Scalar::AbstractFloat);
    let res = BuiltinFn::Frexp.resolve(&mut t, &[], &[c(vaf)]).unwrap();
    assert_eq!(t.name(res.ret.unwrap()), "__frexp_result_vec3_abstract");
    // bitcast.
    let f32_ = t.f32();
    let res = BuiltinFn::Bitcast
        .resolve(&mut t, &[u32_], &[r(f32_)])
        .unwrap();
    assert_eq!(res.ret, Some(u32_));
    let res = BuiltinFn::Bitcast
        .resolve(&mut t, &[u32_], &[c(ai)])
        .unwrap();
    assert_eq!(*res.params, [ai]);
    let vh2 = t.vector(2, Scalar::F16);
    let res = BuiltinFn::Bitcast
        .resolve(&mut t, &[f32_], &[r(vh2)])
        .unwrap();
    assert_eq!(res.ret, Some(f32_));
    // ldexp keeps abstract only when both are abstract.
    let af = t.scalar(Scalar::AbstractFloat);
    let res = BuiltinFn::Ldexp
        .resolve(&mut t, &[], &[c(af), c(ai)])
        .unwrap();
    assert_eq!(res.ret, Some(af));
    let res = BuiltinFn::Ldexp
        .resolve(&mut t, &[], &[c(af), r(i32_)])
        .unwrap();
    assert_eq!(res.ret, Some(f32_));
}

#[test]
fn constructors_infer_and_convert() {
    let mut t = TypeTable::new();
    let ai = t.scalar(Scalar::AbstractInt);
    let af = t.scalar(Scalar::AbstractFloat);
    let f32_ = t.f32();
    // vec3(1, 2.0, 3) is vec3<AbstractFloat>.
    let res = resolve_constructor(&mut t, Ctor::Vec(3), &[c(ai), c(af), c(ai)]).unwrap();
    assert_eq!(t.name(res.ret.unwrap()), "vec3<AbstractFloat>");
    // vec4(v2, 1, 2) with a runtime vec2<f32>.
    let v2 = t.vector(2, Scalar::F32);
    let res = resolve_constructor(&mut t, Ctor::Vec(4), &[r(v2), c(ai), c(ai)]).unwrap();
    assert_eq!(t.name(res.ret.unwrap()), "vec4<f32>");
    // vec3<f32>(1): splat.
    let v3 = t.vector(3, Scalar::F32);
    let res = resolve_constructor(&mut t, Ctor::Type(v3), &[c(ai)]).unwrap();
    assert_eq!(*res.params, [f32_]);
    // vec3<f32>(vec3<i32>): conversion.
    let vi3 = t.vector(3, Scalar::I32);
    let res = resolve_constructor(&mut t, Ctor::Type(v3), &[r(vi3)]).unwrap();
    assert_eq!(res.ret, Some(v3));
    // vec2() is vec2<AbstractInt>.
    let res = resolve_constructor(&mut t, Ctor::Vec(2), &[]).unwrap();
    assert_eq!(t.name(res.ret.unwrap()), "vec2<AbstractInt>");
    // Wrong component counts fail.
    assert!(resolve_constructor(&mut t, Ctor::Type(v3), &[c(ai), c(ai)]).is_err());
    // mat2x2(1, 2, 3, 4) is mat2x2<AbstractFloat>.
    let res = resolve_constructor(&mut t, Ctor::Mat(2, 2), &[c(ai), c(ai), c(ai), c(ai)]).unwrap();
    assert_eq!(t.name(res.ret.unwrap()), "mat2x2<AbstractFloat>");
    // mat2x3<f32>(vec3, vec3).
    let m = t.matrix(2, 3, Scalar::F32);
    let res = resolve_constructor(&mut t, Ctor::Type(m), &[r(v3), r(v3)]).unwrap();
    assert_eq!(res.ret, Some(m));
    // u32(4*1000*1000*1000) keeps the argument abstract.
    let u32_ = t.u32();
    let res = resolve_constructor(&mut t, Ctor::Type(u32_), &[c(ai)]).unwrap();
    assert_eq!(*res.params, [ai]);
    // array(1, 2.0) is array<AbstractFloat, 2>; array(1, x_f32) is array<f32, 2>.
    let res = resolve_constructor(&mut t, Ctor::Array, &[c(ai), c(af)]).unwrap();
    assert_eq!(t.name(res.ret.unwrap()), "array<AbstractFloat, 2>");
    let res = resolve_constructor(&mut t, Ctor::Array, &[c(ai), r(f32_)]).unwrap();
    assert_eq!(t.name(res.ret.unwrap()), "array<f32, 2>");
    assert!(resolve_constructor(&mut t, Ctor::Array, &[c(u32_), r(f32_)]).is_err());
    // array<f32, 2>(…) and structures.
    let arr = t.array(f32_, ArraySize::Const(2));
    assert!(resolve_constructor(&mut t, Ctor::Type(arr), &[c(ai), c(af)]).is_ok());
    assert!(resolve_constructor(&mut t, Ctor::Type(arr), &[c(ai)]).is_err());
    assert!(resolve_constructor(&mut t, Ctor::Type(arr), &[]).is_ok());
    // Atomics cannot be constructed.
    let at = t.intern(TypeKind::Atomic(Scalar::U32));
    assert!(resolve_constructor(&mut t, Ctor::Type(at), &[]).is_err());
}
