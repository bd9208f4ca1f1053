//! Re-hoisting and re-deduplication (DESIGN §3.1): `replace_all_uses_with` turns local
//! hoistable instructions whose operands became global into global values, merging them
//! with equal global values, recursively; mutations of global values re-hash them.

use refract::ir::enums::{AccessMode, AddressSpace};
use refract::ir::{self, Builder, Module, Opcode, Type};

/// A generic `@G(%T: type)` whose body builds `ptr<function, %T, read_write>`, an array of
/// it, and an `undef` of the pointer type. Returns the module and the interesting ids.
struct Fixture {
    m: Module,
    t_param: ir::Inst,
    local_ptr: ir::Inst,
    local_array: ir::Inst,
    local_undef: ir::Inst,
    global_ptr: Type,
}

fn fixture(with_global_array: bool) -> (Fixture, Option<Type>) {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m);
    let i32t = b.ty_i32();
    // The global `ptr<function, i32, read_write>` the local one will merge into.
    let global_ptr = b.ty_ptr(AddressSpace::Function, i32t, AccessMode::ReadWrite);
    let global_array = with_global_array.then(|| b.ty_array_n(global_ptr, 4, None));
    let kind = b.ty_kind();
    let fty = b.ty_fn(&[kind], kind);
    let g = b.generic("G", fty);
    let entry = b.module.entry_block(g).expect("entry");
    let t_param = b.module.block_params(entry)[0].inst();
    let t = b.module.as_type(t_param).expect("a type parameter");
    let p = b.ty_ptr(AddressSpace::Function, t, AccessMode::ReadWrite);
    let a = b.ty_array_n(p, 4, None);
    let u = b.undef(p);
    let a_value = b
        .module
        .as_value(a.inst())
        .expect("types are values in generics");
    b.ret(Some(a_value));
    (
        Fixture {
            m,
            t_param,
            local_ptr: p.inst(),
            local_array: a.inst(),
            local_undef: u.inst(),
            global_ptr,
        },
        global_array,
    )
}

#[test]
fn local_types_are_hoisted_and_merged_when_their_parameter_is_replaced() {
    let (mut fx, global_array) = fixture(true);
    let m = &mut fx.m;
    assert!(
        !m.is_global(fx.local_ptr),
        "built from a parameter, so local"
    );
    assert!(!m.is_global(fx.local_array));
    assert!(ir::verify(m).is_ok(), "{:?}", ir::verify(m).err());
    let i32t = m
        .find_interned(Opcode::I32, Some(m.type_kind()), &[], 0)
        .expect("i32");

    m.replace_all_uses_with(fx.t_param, i32t);

    // The local pointer type became `ptr<function, i32, read_write>`, which exists: it
    // was merged into the global one and removed.
    assert!(m.is_dead(fx.local_ptr));
    // So the local array became `array<ptr<function, i32, read_write>, 4>`, which also
    // exists: merged too.
    assert!(m.is_dead(fx.local_array));
    let ga = global_array.expect("created");
    assert!(
        m.uses(ga.inst())
            .any(|u| m.opcode(u.user) == Opcode::Return)
    );
    // The undef was typed by the local pointer: it is retyped, hoisted, and global.
    assert!(!m.is_dead(fx.local_undef));
    assert_eq!(m.ty(fx.local_undef), Some(fx.global_ptr.inst()));
    assert!(m.is_global(fx.local_undef));
    // The parameter has no uses left, and the module still verifies.
    assert!(!m.has_uses(fx.t_param));
    assert!(ir::verify(m).is_ok(), "{:?}", ir::verify(m).err());
    // Printing and parsing agree with the new shape.
    let text = ir::print(m);
    assert!(
        text.contains("return array<ptr<function, i32, read_write>, 4>"),
        "{text}"
    );
    assert_eq!(ir::print(&ir::parse(&text).expect("parse")), text);
}

#[test]
fn a_hoisted_type_without_an_equal_global_becomes_the_global_one() {
    let (mut fx, _) = fixture(false);
    let m = &mut fx.m;
    let f32t = {
        let mut b = Builder::new(m);
        b.ty_f32()
    };
    m.replace_all_uses_with(fx.t_param, f32t.inst());
    // No `ptr<function, f32, read_write>` existed: the local one moved to module scope
    // and is now the hash-consed one.
    assert!(!m.is_dead(fx.local_ptr));
    assert!(m.is_global(fx.local_ptr));
    let mut b = Builder::new(m);
    let again = b.ty_ptr(AddressSpace::Function, f32t, AccessMode::ReadWrite);
    assert_eq!(
        again.inst(),
        fx.local_ptr,
        "asking again gives the hoisted instruction"
    );
    let arr = b.ty_array_n(again, 4, None);
    assert_eq!(arr.inst(), fx.local_array);
    assert!(ir::verify(m).is_ok());
}

#[test]
fn mutating_a_global_value_into_a_duplicate_merges_it() {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m);
    let f32t = b.ty_f32();
    let v2 = b.ty_vec(f32t, 2);
    let v3 = b.ty_vec(f32t, 3);
    let p3 = b.ty_ptr(AddressSpace::Private, v3, AccessMode::ReadWrite);
    let var = b.global_var("v", p3, None);
    let two = b.const_u32(2);
    // vec3 -> vec2: it now equals the existing vec2, so it is merged into it, and the
    // pointer type and the variable's type follow.
    m.set_operand(v3.inst(), 1, two.inst());
    assert!(m.is_dead(v3.inst()));
    let pt = m.ty(var.inst()).expect("typed");
    assert_eq!(m.ptr_parts(pt).map(|p| p.1), Some(v2.inst()));
    assert!(ir::verify(&m).is_ok(), "{:?}", ir::verify(&m).err());
}

#[test]
fn replacing_a_constant_merges_equal_composites() {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m);
    let f32t = b.ty_f32();
    let arr = b.ty_array_n(f32t, 2, None);
    let (one, two, three) = (b.const_f32(1.0), b.const_f32(2.0), b.const_f32(3.0));
    let c12 = b.const_composite(arr, &[one, two]);
    let c13 = b.const_composite(arr, &[one, three]);
    assert_ne!(c12, c13);
    let pt = b.ty_ptr(AddressSpace::Private, arr, AccessMode::ReadWrite);
    let var = b.global_var("v", pt, Some(c13));
    m.replace_all_uses_with(three.inst(), two.inst());
    assert!(
        m.is_dead(c13.inst()),
        "the composite became a duplicate and was merged"
    );
    assert_eq!(m.operand(var.inst(), 0), c12.inst());
    assert!(ir::verify(&m).is_ok());
}

#[test]
fn walking_a_snapshot_while_removing() {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m);
    let i32t = b.ty_i32();
    let fty = b.ty_fn(&[i32t], i32t);
    let f = b.func("f", fty);
    let entry_block = b.module.entry_block(f).expect("entry");
    let entry = entry_block.inst();
    let x = b.module.block_params(entry_block)[0];
    for _ in 0..10 {
        b.binary(Opcode::Add, x, x);
    }
    b.ret(Some(x));
    // Remove every `add` while walking a snapshot of the block.
    for i in m.children_vec(entry) {
        if m.opcode(i) == Opcode::Add {
            m.set_operands(i, &[]);
            m.remove(i);
        }
    }
    assert_eq!(m.children(entry).count(), 2);
    assert_eq!(m.uses(x.inst()).count(), 1);
    assert!(ir::verify(&m).is_ok());
}
