// RUN: lower
//
// Expressions: one instruction per operation, operands left to right.
//
// - Unary and binary operators map one to one: `-` is `neg`, `!` is `not`, `~` is
//   `bit_not`; `+ - * / %` are `add sub mul div rem`; `& | ^ << >>` are
//   `and or xor shl shr`; comparisons are `eq ne lt le gt ge`.
// - A constant expression is its value, however it is written.
// - Member access on a value is `extract` with the member's index; a one-letter swizzle
//   is `extract` too, a longer one `swizzle`; indexing a value is `extract` with the
//   index.
// - Value constructors: no arguments is the zero value `T()`; one scalar for a vector is
//   `splat`; a conversion is `convert`; otherwise `construct` from the parts. A
//   constructor of the value's own type is the value itself.
// - `bitcast<T>(e)` is `bitcast` to `T`; `select(f, t, c)` is `select %c, %t, %f`.

struct Pair { a: f32, b: vec3<f32> }

fn operators(i: i32, u: u32, f: f32, b: bool, v: vec3<f32>, m: mat3x3<f32>) -> f32 {
  let n = -i;
  let nb = !b;
  let c = ~u;
  let s = i + 2 - n;
  let q = (i * 3) / 2 % 5;
  let bits = (u & 0xffu) | (u ^ 1u);
  let sh = (u << 4u) >> 2u;
  let cmp = (i < 3) == (f >= 1.0);
  let mv = m * v;
  let vm = v * m;
  let sv = 2.0 * v;
  let folded = 3 * (4 + 5);
  return f32(s + q + folded) + f32(bits + sh + c) + mv.x + vm.y + sv.z + select(0.0, 1.0, cmp && nb);
}

fn access(p: Pair, v: vec4<f32>, arr: array<i32, 4>, i: i32, m: mat2x2<f32>) -> f32 {
  let member = p.b;
  let one = v.y;
  let many = v.zyx;
  let elem = arr[i];
  let col = m[1];
  return member.x + one + many.z + f32(elem) + col.y;
}

fn constructors(f: f32, i: i32, v2: vec2<f32>) -> vec4<f32> {
  let zero = vec3<f32>();
  let splat = vec3<f32>(f);
  let conv = vec2<f32>(vec2<i32>(i, i));
  let parts = vec4<f32>(v2, f, 1.0);
  let same = vec2<f32>(v2);
  let mat = mat2x2<f32>(v2, conv);
  let arr = array<f32, 2>(f, f);
  let s = Pair(f, splat);
  let u = bitcast<u32>(f);
  let back = f32(u);
  return parts + vec4<f32>(zero + s.b, arr[1] + mat[0].x + same.x + back);
}

// CHECK: struct @Pair {
// NEXT:   %a: f32 @offset(0)
// NEXT:   %b: vec3<f32> @offset(16)
// NEXT: } @size(32) @align(16)
// NEXT: func @operators(%i: i32, %u: u32, %f: f32, %b: bool, %v: vec3<f32>, %m: mat3x3<f32>) -> f32 {
// NEXT: ^0:
// NEXT:   %n: i32 = neg %i
// NEXT:   %nb: bool = not %b
// NEXT:   %c: u32 = bit_not %u
// NEXT:   %0: i32 = add %i, 2i
// NEXT:   %s: i32 = sub %0, %n
// NEXT:   %1: i32 = mul %i, 3i
// NEXT:   %2: i32 = div %1, 2i
// NEXT:   %q: i32 = rem %2, 5i
// NEXT:   %3: u32 = and %u, 255u
// NEXT:   %4: u32 = xor %u, 1u
// NEXT:   %bits: u32 = or %3, %4
// NEXT:   %5: u32 = shl %u, 4u
// NEXT:   %sh: u32 = shr %5, 2u
// NEXT:   %6: bool = lt %i, 3i
// NEXT:   %7: bool = ge %f, 1.0f
// NEXT:   %cmp: bool = eq %6, %7
// NEXT:   %mv: vec3<f32> = mul %m, %v
// NEXT:   %vm: vec3<f32> = mul %v, %m
// NEXT:   %sv: vec3<f32> = mul 2.0f, %v
// NEXT:   %8: i32 = add %s, %q
// NEXT:   %9: i32 = add %8, 27i
// NEXT:   %10: f32 = convert %9
// NEXT:   %11: u32 = add %bits, %sh
// NEXT:   %12: u32 = add %11, %c
// NEXT:   %13: f32 = convert %12
// NEXT:   %14: f32 = add %10, %13
// NEXT:   %15: f32 = extract %mv, 0u
// NEXT:   %16: f32 = add %14, %15
// NEXT:   %17: f32 = extract %vm, 1u
// NEXT:   %18: f32 = add %16, %17
// NEXT:   %19: f32 = extract %sv, 2u
// NEXT:   %20: f32 = add %18, %19
// NEXT:   if_else %cmp, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   br ^3(%nb)
// NEXT: ^2:
// NEXT:   br ^3(false)
// NEXT: ^3(%21: bool):
// NEXT:   %22: f32 = select %21, 1.0f, 0.0f
// NEXT:   %23: f32 = add %20, %22
// NEXT:   return %23
// NEXT: }
// NEXT: func @access(%p: @Pair, %v: vec4<f32>, %arr: array<i32, 4, stride=4>, %i: i32, %m: mat2x2<f32>) -> f32 {
// NEXT: ^0:
// NEXT:   %member: vec3<f32> = extract %p, 1u
// NEXT:   %one: f32 = extract %v, 1u
// NEXT:   %many: vec3<f32> = swizzle %v, 2u, 1u, 0u
// NEXT:   %elem: i32 = extract %arr, %i
// NEXT:   %col: vec2<f32> = extract %m, 1i
// NEXT:   %0: f32 = extract %member, 0u
// NEXT:   %1: f32 = add %0, %one
// NEXT:   %2: f32 = extract %many, 2u
// NEXT:   %3: f32 = add %1, %2
// NEXT:   %4: f32 = convert %elem
// NEXT:   %5: f32 = add %3, %4
// NEXT:   %6: f32 = extract %col, 1u
// NEXT:   %7: f32 = add %5, %6
// NEXT:   return %7
// NEXT: }
// NEXT: func @constructors(%f: f32, %i: i32, %v2: vec2<f32>) -> vec4<f32> {
// NEXT: ^0:
// NEXT:   %splat: vec3<f32> = splat %f
// NEXT:   %0: vec2<i32> = construct %i, %i
// NEXT:   %conv: vec2<f32> = convert %0
// NEXT:   %parts: vec4<f32> = construct %v2, %f, 1.0f
// NEXT:   %mat: mat2x2<f32> = construct %v2, %conv
// NEXT:   %arr: array<f32, 2, stride=4> = construct %f, %f
// NEXT:   %s: @Pair = construct %f, %splat
// NEXT:   %u: u32 = bitcast %f
// NEXT:   %back: f32 = convert %u
// NEXT:   %1: vec3<f32> = extract %s, 1u
// NEXT:   %2: vec3<f32> = add vec3<f32>(0.0f, 0.0f, 0.0f), %1
// NEXT:   %3: f32 = extract %arr, 1i
// NEXT:   %4: vec2<f32> = extract %mat, 0i
// NEXT:   %5: f32 = extract %4, 0u
// NEXT:   %6: f32 = add %3, %5
// NEXT:   %7: f32 = extract %v2, 0u
// NEXT:   %8: f32 = add %6, %7
// NEXT:   %9: f32 = add %8, %back
// NEXT:   %10: vec4<f32> = construct %2, %9
// NEXT:   %11: vec4<f32> = add %parts, %10
// NEXT:   return %11
// NEXT: }
