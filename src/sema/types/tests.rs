use super::convert::{concretize, conversion_rank, scalar_rank};
use super::layout::{LayoutViolation, check_address_space_layout};
use super::*;

fn member(name: &str, ty: TypeId) -> NewMember {
    NewMember {
        name: name.into(),
        ty,
        span: Span::DETACHED,
        explicit_align: None,
        explicit_size: None,
    }
}

fn member_with(name: &str, ty: TypeId, align: Option<u32>, size: Option<u32>) -> NewMember {
    NewMember {
        explicit_align: align,
        explicit_size: size,
        ..member(name, ty)
    }
}

#[test]
fn interning_gives_one_id_per_type() {
    let mut t = TypeTable::new();
    let a = t.vector(4, Scalar::F32);
    let b = t.intern(TypeKind::Vector {
        size: 4,
        scalar: Scalar::F32,
    });
    assert_eq!(a, b);
    assert_ne!(a, t.vector(3, Scalar::F32));
    let f32_ = t.f32();
    assert_eq!(t.scalar(Scalar::F32), f32_);
    let arr1 = t.array(f32_, ArraySize::Const(4));
    let arr2 = t.array(f32_, ArraySize::Const(4));
    assert_eq!(arr1, arr2);
}

#[test]
fn types_are_spelled_as_wgsl_spells_them() {
    let mut t = TypeTable::new();
    let v = t.vector(4, Scalar::F32);
    assert_eq!(t.name(v), "vec4<f32>");
    let m = t.matrix(2, 3, Scalar::F16);
    assert_eq!(t.name(m), "mat2x3<f16>");
    let u = t.u32();
    let a = t.array(u, ArraySize::Const(8));
    assert_eq!(t.name(a), "array<u32, 8>");
    let rt = t.array(v, ArraySize::Runtime);
    assert_eq!(t.name(rt), "array<vec4<f32>>");
    let s = t.add_struct("S".into(), Span::DETACHED, Some(0), vec![member("a", u)]);
    let p = t.ptr(AddressSpace::Storage, s, Access::ReadWrite);
    assert_eq!(t.name(p), "ptr<storage, S, read_write>");
    let r = t.reference(AddressSpace::Function, u, Access::ReadWrite);
    assert_eq!(t.name(r), "ref<function, u32, read_write>");
    let at = t.intern(TypeKind::Atomic(Scalar::I32));
    assert_eq!(t.name(at), "atomic<i32>");
    let tex = t.intern(TypeKind::Texture(TextureKind::Storage {
        dim: TextureDim::D2Array,
        format: TexelFormat::Rgba8Unorm,
        access: Access::Write,
    }));
    assert_eq!(t.name(tex), "texture_storage_2d_array<rgba8unorm, write>");
    let tex = t.intern(TypeKind::Texture(TextureKind::Sampled {
        dim: TextureDim::CubeArray,
        sampled: Scalar::I32,
    }));
    assert_eq!(t.name(tex), "texture_cube_array<i32>");
    let tex = t.intern(TypeKind::Texture(TextureKind::DepthMultisampled));
    assert_eq!(t.name(tex), "texture_depth_multisampled_2d");
    let smp = t.intern(TypeKind::Sampler { comparison: true });
    assert_eq!(t.name(smp), "sampler_comparison");
    let ai = t.scalar(Scalar::AbstractInt);
    assert_eq!(t.name(ai), "AbstractInt");
    let buf = t.intern(TypeKind::Buffer(ArraySize::Const(16)));
    assert_eq!(t.name(buf), "buffer<16>");
    let buf = t.intern(TypeKind::Buffer(ArraySize::Runtime));
    assert_eq!(t.name(buf), "buffer");
    let ov = ArraySize::Override(3);
    t.set_override_spelling(ov, "blockSize".into());
    let wa = t.array(u, ov);
    assert_eq!(t.name(wa), "array<u32, blockSize>");
    let fr = t.builtin_struct(BuiltinStruct::Frexp {
        scalar: Scalar::F32,
        width: 3,
    });
    assert_eq!(t.name(fr), "__frexp_result_vec3_f32");
    let md = t.builtin_struct(BuiltinStruct::Modf {
        scalar: Scalar::AbstractFloat,
        width: 1,
    });
    assert_eq!(t.name(md), "__modf_result_abstract");
    let ace = t.builtin_struct(BuiltinStruct::AtomicCompareExchange {
        scalar: Scalar::U32,
    });
    assert_eq!(t.name(ace), "__atomic_compare_exchange_result_u32");
    let def = t.as_struct(ace).unwrap();
    assert_eq!(def.members[0].name, "old_value");
    assert_eq!(def.members[1].name, "exchanged");
}

#[test]
fn predeclared_aliases_and_generators() {
    assert_eq!(
        predeclared_plain_type("vec3f"),
        Some(TypeKind::Vector {
            size: 3,
            scalar: Scalar::F32
        })
    );
    assert_eq!(
        predeclared_plain_type("mat4x4h"),
        Some(TypeKind::Matrix {
            cols: 4,
            rows: 4,
            scalar: Scalar::F16
        })
    );
    assert_eq!(
        predeclared_plain_type("vec2u"),
        Some(TypeKind::Vector {
            size: 2,
            scalar: Scalar::U32
        })
    );
    assert_eq!(predeclared_plain_type("mat2x2i"), None);
    assert_eq!(predeclared_plain_type("vec5f"), None);
    assert_eq!(predeclared_plain_type("vec3"), None);
    assert_eq!(
        TypeGenerator::from_name("mat3x2"),
        Some(TypeGenerator::Mat(3, 2))
    );
    assert_eq!(TypeGenerator::from_name("mat3x5"), None);
    assert_eq!(
        TypeGenerator::from_name("texture_storage_3d"),
        Some(TypeGenerator::StorageTexture(TextureDim::D3))
    );
    // Every alias the spec lists.
    for n in 2..=4 {
        for s in ["i", "u", "f", "h"] {
            assert!(predeclared_plain_type(&format!("vec{n}{s}")).is_some());
        }
        for r in 2..=4 {
            for s in ["f", "h"] {
                assert!(predeclared_plain_type(&format!("mat{n}x{r}{s}")).is_some());
            }
        }
    }
}

#[test]
fn conversion_rank_table_of_the_spec() {
    use Scalar::*;
    let expected = [
        (AbstractFloat, F32, Some(1)),
        (AbstractFloat, F16, Some(2)),
        (AbstractInt, I32, Some(3)),
        (AbstractInt, U32, Some(4)),
        (AbstractInt, AbstractFloat, Some(5)),
        (AbstractInt, F32, Some(6)),
        (AbstractInt, F16, Some(7)),
        (I32, I32, Some(0)),
        (I32, U32, None),
        (I32, AbstractInt, None),
        (F32, F16, None),
        (F16, F32, None),
        (AbstractFloat, I32, None),
        (AbstractFloat, AbstractInt, None),
        (U32, F32, None),
        (Bool, I32, None),
    ];
    for (s, d, r) in expected {
        assert_eq!(scalar_rank(s, d), r, "{s:?} -> {d:?}");
    }
    let mut t = TypeTable::new();
    let vai = t.vector(3, AbstractInt);
    let vf = t.vector(3, F32);
    let vf2 = t.vector(2, F32);
    assert_eq!(conversion_rank(&t, vai, vf), Some(6));
    assert_eq!(conversion_rank(&t, vai, vf2), None);
    let maf = t.matrix(2, 2, AbstractFloat);
    let mh = t.matrix(2, 2, F16);
    assert_eq!(conversion_rank(&t, maf, mh), Some(2));
    let ai = t.scalar(AbstractInt);
    let u = t.u32();
    let arr_ai = t.array(ai, ArraySize::Const(2));
    let arr_u = t.array(u, ArraySize::Const(2));
    let arr_u3 = t.array(u, ArraySize::Const(3));
    assert_eq!(conversion_rank(&t, arr_ai, arr_u), Some(4));
    assert_eq!(conversion_rank(&t, arr_ai, arr_u3), None);
    // The Load Rule.
    let r = t.reference(AddressSpace::Private, u, Access::ReadWrite);
    assert_eq!(conversion_rank(&t, r, u), Some(0));
    let w = t.reference(AddressSpace::Storage, u, Access::Write);
    assert_eq!(conversion_rank(&t, w, u), None);
    // frexp and modf results.
    let fa = t.builtin_struct(BuiltinStruct::Frexp {
        scalar: AbstractFloat,
        width: 2,
    });
    let ff = t.builtin_struct(BuiltinStruct::Frexp {
        scalar: F32,
        width: 2,
    });
    let fh = t.builtin_struct(BuiltinStruct::Frexp {
        scalar: F16,
        width: 2,
    });
    let ff3 = t.builtin_struct(BuiltinStruct::Frexp {
        scalar: F32,
        width: 3,
    });
    assert_eq!(conversion_rank(&t, fa, ff), Some(1));
    assert_eq!(conversion_rank(&t, fa, fh), Some(2));
    assert_eq!(conversion_rank(&t, fa, ff3), None);
    assert_eq!(conversion_rank(&t, ff, fh), None);
    assert_eq!(concretize(&mut t, fa), ff);
}

#[test]
fn concretization() {
    let mut t = TypeTable::new();
    let ai = t.scalar(Scalar::AbstractInt);
    assert_eq!(concretize(&mut t, ai), t.i32());
    let af = t.scalar(Scalar::AbstractFloat);
    assert_eq!(concretize(&mut t, af), t.f32());
    let v = t.vector(4, Scalar::AbstractFloat);
    let vf = t.vector(4, Scalar::F32);
    assert_eq!(concretize(&mut t, v), vf);
    let inner = t.array(v, ArraySize::Const(2));
    let outer = t.array(inner, ArraySize::Const(3));
    let c = concretize(&mut t, outer);
    assert_eq!(t.name(c), "array<array<vec4<f32>, 2>, 3>");
    assert!(t.is_abstract(outer));
    assert!(!t.is_abstract(c));
}

#[test]
fn scalar_vector_matrix_layouts_of_the_spec_table() {
    let mut t = TypeTable::new();
    let cases: &[(TypeKind, u32, u64)] = &[
        (TypeKind::Scalar(Scalar::Bool), 4, 4),
        (TypeKind::Scalar(Scalar::F16), 2, 2),
        (TypeKind::Atomic(Scalar::U32), 4, 4),
        (
            TypeKind::Vector {
                size: 2,
                scalar: Scalar::F32,
            },
            8,
            8,
        ),
        (
            TypeKind::Vector {
                size: 2,
                scalar: Scalar::F16,
            },
            4,
            4,
        ),
        (
            TypeKind::Vector {
                size: 3,
                scalar: Scalar::U32,
            },
            16,
            12,
        ),
        (
            TypeKind::Vector {
                size: 3,
                scalar: Scalar::F16,
            },
            8,
            6,
        ),
        (
            TypeKind::Vector {
                size: 4,
                scalar: Scalar::F16,
            },
            8,
            8,
        ),
    ];
    for &(kind, align, size) in cases {
        let ty = t.intern(kind);
        assert_eq!(t.layout(ty), Some(Layout { align, size }), "{}", t.name(ty));
    }
    // mat C x R: (align, size) for f32 and f16, straight from the spec's table.
    let mats = [
        (2, 2, (8, 16), (4, 8)),
        (3, 2, (8, 24), (4, 12)),
        (4, 2, (8, 32), (4, 16)),
        (2, 3, (16, 32), (8, 16)),
        (3, 3, (16, 48), (8, 24)),
        (4, 3, (16, 64), (8, 32)),
        (2, 4, (16, 32), (8, 16)),
        (3, 4, (16, 48), (8, 24)),
        (4, 4, (16, 64), (8, 32)),
    ];
    for (c, r, f32_, f16_) in mats {
        let m = t.matrix(c, r, Scalar::F32);
        assert_eq!(
            t.layout(m),
            Some(Layout {
                align: f32_.0,
                size: f32_.1
            }),
            "{}",
            t.name(m)
        );
        let m = t.matrix(c, r, Scalar::F16);
        assert_eq!(
            t.layout(m),
            Some(Layout {
                align: f16_.0,
                size: f16_.1
            }),
            "{}",
            t.name(m)
        );
    }
    let ai = t.scalar(Scalar::AbstractInt);
    assert_eq!(t.layout(ai), None);
    let v3 = t.vector(3, Scalar::F32);
    let arr = t.array(v3, ArraySize::Const(8));
    assert_eq!(
        t.layout(arr),
        Some(Layout {
            align: 16,
            size: 128
        })
    );
    let f = t.f32();
    let arr = t.array(f, ArraySize::Const(8));
    assert_eq!(t.layout(arr), Some(Layout { align: 4, size: 32 }));
}

/// The spec's "Layout of structures using implicit member sizes and alignments".
fn spec_structs(t: &mut TypeTable, explicit: bool) -> (TypeId, TypeId) {
    let f = t.f32();
    let v2 = t.vector(2, Scalar::F32);
    let v3 = t.vector(3, Scalar::F32);
    let i = t.i32();
    let x_size = explicit.then_some(16);
    let a = t.add_struct(
        "A".into(),
        Span::DETACHED,
        Some(0),
        vec![
            member("u", f),
            member("v", f),
            member("w", v2),
            member_with("x", f, None, x_size),
        ],
    );
    let arr = t.array(a, ArraySize::Const(3));
    let e_align = explicit.then_some(16);
    let b = t.add_struct(
        "B".into(),
        Span::DETACHED,
        Some(1),
        vec![
            member("a", v2),
            member("b", v3),
            member("c", f),
            member("d", f),
            member_with("e", a, e_align, None),
            member("f", v3),
            member("g", arr),
            member("h", i),
        ],
    );
    (a, b)
}

fn offsets(t: &TypeTable, ty: TypeId) -> Vec<(u64, u32, u64)> {
    t.as_struct(ty)
        .unwrap()
        .members
        .iter()
        .map(|m| (m.offset, m.align, m.size))
        .collect()
}

#[test]
fn struct_layout_with_implicit_sizes() {
    let mut t = TypeTable::new();
    let (a, b) = spec_structs(&mut t, false);
    assert_eq!(t.layout(a), Some(Layout { align: 8, size: 24 }));
    assert_eq!(
        offsets(&t, a),
        vec![(0, 4, 4), (4, 4, 4), (8, 8, 8), (16, 4, 4)]
    );
    assert_eq!(
        t.layout(b),
        Some(Layout {
            align: 16,
            size: 160
        })
    );
    assert_eq!(
        offsets(&t, b),
        vec![
            (0, 8, 8),
            (16, 16, 12),
            (28, 4, 4),
            (32, 4, 4),
            (40, 8, 24),
            (64, 16, 12),
            (80, 8, 72),
            (152, 4, 4)
        ]
    );
}

#[test]
fn struct_layout_with_explicit_sizes() {
    let mut t = TypeTable::new();
    let (a, b) = spec_structs(&mut t, true);
    assert_eq!(t.layout(a), Some(Layout { align: 8, size: 32 }));
    assert_eq!(
        t.layout(b),
        Some(Layout {
            align: 16,
            size: 208
        })
    );
    assert_eq!(
        offsets(&t, b),
        vec![
            (0, 8, 8),
            (16, 16, 12),
            (28, 4, 4),
            (32, 4, 4),
            (48, 16, 32),
            (80, 16, 12),
            (96, 8, 96),
            (192, 4, 4)
        ]
    );
    // The explicit-layout B is valid in the uniform address space, as the spec's example
    // declares it there.
    assert_eq!(
        check_address_space_layout(&t, b, AddressSpace::Uniform, false),
        Ok(())
    );
}

#[test]
fn uniform_layout_rules_from_the_spec_examples() {
    let mut t = TypeTable::new();
    let f = t.f32();
    let s = t.add_struct("S".into(), Span::DETACHED, Some(0), vec![member("x", f)]);
    let invalid = t.add_struct(
        "Invalid".into(),
        Span::DETACHED,
        Some(1),
        vec![member("a", s), member("b", f)],
    );
    let valid = t.add_struct(
        "Valid".into(),
        Span::DETACHED,
        Some(2),
        vec![member("a", s), member_with("b", f, Some(16), None)],
    );
    // `a: S` at offset 0 is fine; `b` 4 bytes later is too close.
    assert_eq!(
        check_address_space_layout(&t, invalid, AddressSpace::Uniform, false),
        Err(LayoutViolation::UniformStructSpacing {
            struct_ty: invalid,
            member: 0,
            spacing: 4,
            required: 16
        })
    );
    assert_eq!(
        check_address_space_layout(&t, valid, AddressSpace::Uniform, false),
        Ok(())
    );
    // The storage address space and the standard uniform layout accept both.
    assert_eq!(
        check_address_space_layout(&t, invalid, AddressSpace::Storage, false),
        Ok(())
    );
    assert_eq!(
        check_address_space_layout(&t, invalid, AddressSpace::Uniform, true),
        Ok(())
    );

    let arr = t.array(f, ArraySize::Const(8));
    let small = t.add_struct(
        "small_stride".into(),
        Span::DETACHED,
        Some(3),
        vec![member("a", arr)],
    );
    let err = check_address_space_layout(&t, small, AddressSpace::Uniform, false).unwrap_err();
    assert_eq!(
        err,
        LayoutViolation::ArrayStride {
            array_ty: arr,
            stride: 4,
            required_align: 16
        }
    );
    assert_eq!(
        err.message(&t, AddressSpace::Uniform),
        "`array<f32, 8>` has an element stride of 4 bytes, which is not a multiple of 16 as \
         the `uniform` address space requires"
    );
    let wrapped = t.add_struct(
        "wrapped_f32".into(),
        Span::DETACHED,
        Some(4),
        vec![member_with("elem", f, None, Some(16))],
    );
    let warr = t.array(wrapped, ArraySize::Const(8));
    let big = t.add_struct(
        "big_stride".into(),
        Span::DETACHED,
        Some(5),
        vec![member("a", warr)],
    );
    assert_eq!(
        check_address_space_layout(&t, big, AddressSpace::Uniform, false),
        Ok(())
    );

    // A structure member of structure type must sit at a multiple of 16 in uniform.
    let v2 = t.vector(2, Scalar::F32);
    let inner = t.add_struct(
        "Inner".into(),
        Span::DETACHED,
        Some(6),
        vec![member("v", v2)],
    );
    let outer = t.add_struct(
        "Outer".into(),
        Span::DETACHED,
        Some(7),
        vec![member("a", f), member("b", inner)],
    );
    assert!(matches!(
        check_address_space_layout(&t, outer, AddressSpace::Uniform, false),
        Err(LayoutViolation::MemberOffset {
            member: 1,
            offset: 8,
            required_align: 16,
            ..
        })
    ));
    // Runtime-sized arrays are not allowed in uniform at all.
    let rt = t.array(f, ArraySize::Runtime);
    assert_eq!(
        check_address_space_layout(&t, rt, AddressSpace::Uniform, true),
        Err(LayoutViolation::RuntimeArrayInUniform { array_ty: rt })
    );
}

#[test]
fn type_flags() {
    let mut t = TypeTable::new();
    let f = t.f32();
    let b = t.bool();
    let at = t.intern(TypeKind::Atomic(Scalar::U32));
    let rt = t.array(f, ArraySize::Runtime);
    let fixed = t.array(f, ArraySize::Const(4));
    let ov = t.array(f, ArraySize::Override(0));
    let with_atomic = t.add_struct("A".into(), Span::DETACHED, Some(0), vec![member("a", at)]);
    let with_rt = t.add_struct(
        "R".into(),
        Span::DETACHED,
        Some(1),
        vec![member("n", f), member("data", rt)],
    );
    let tex = t.intern(TypeKind::Texture(TextureKind::External));
    let ptr = t.ptr(AddressSpace::Function, f, Access::ReadWrite);

    assert!(t.is_constructible(f) && t.is_host_shareable(f));
    assert!(t.is_constructible(b) && !t.is_host_shareable(b));
    assert!(!t.is_constructible(at) && t.is_host_shareable(at));
    assert!(!t.is_constructible(rt) && t.is_host_shareable(rt));
    assert!(!t.has(rt, TypeFlags::FIXED_FOOTPRINT));
    assert!(t.is_constructible(fixed));
    assert!(!t.is_constructible(ov) && t.has(ov, TypeFlags::FIXED_FOOTPRINT));
    assert!(!t.has(ov, TypeFlags::CREATION_FIXED_FOOTPRINT));
    assert!(!t.is_constructible(with_atomic) && t.has(with_atomic, TypeFlags::CONTAINS_ATOMIC));
    assert!(t.has(with_rt, TypeFlags::CONTAINS_RUNTIME_ARRAY) && t.is_host_shareable(with_rt));
    assert!(t.is_storable(tex) && !t.is_constructible(tex) && !t.is_host_shareable(tex));
    assert!(!t.is_storable(ptr));
    let ai = t.scalar(Scalar::AbstractInt);
    assert!(t.is_abstract(ai) && !t.is_storable(ai) && t.is_constructible(ai));
    let v = t.vector(3, Scalar::F32);
    let m = t.matrix(4, 4, Scalar::F32);
    let nested = t.array(m, ArraySize::Const(2));
    assert_eq!(t.nest_depth(v), 1);
    assert_eq!(t.nest_depth(m), 2);
    assert_eq!(t.nest_depth(nested), 3);
    assert_eq!(t.nest_depth(with_rt), 2);
}

#[test]
fn huge_arrays_saturate_instead_of_overflowing() {
    let mut t = TypeTable::new();
    let v = t.vector(4, Scalar::F32);
    let a = t.array(v, ArraySize::Const(u32::MAX));
    let b = t.array(a, ArraySize::Const(u32::MAX));
    let c = t.array(b, ArraySize::Const(u32::MAX));
    assert_eq!(t.layout(c).unwrap().size, u64::MAX);
}
