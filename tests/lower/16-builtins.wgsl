// RUN: lower
//
// Every builtin function is one instruction named after it: `inverseSqrt` is
// `inverse_sqrt`, `countOneBits` is `count_one_bits`. `frexp` and `modf` give the result
// structures the spec names (`__frexp_result_f32`: `fract`, `exp`). Calls with constant
// arguments are folded like every other constant expression.

fn math(x: f32, v: vec3<f32>, n: u32, i: i32) -> f32 {
  let a = clamp(sin(x) * cos(x), 0.0, 1.0);
  let b = mix(v, normalize(v), a);
  let c = dot(cross(v, b), v) + length(b) + distance(v, b);
  let d = inverseSqrt(abs(x) + 1.0) + fma(x, x, 1.0) + pow(x, 2.0) + step(0.5, x);
  let e = f32(countOneBits(n) + reverseBits(n) + extractBits(n, 2u, 3u)) + f32(firstLeadingBit(i));
  let fr = frexp(x);
  let mo = modf(v);
  let packed = pack2x16float(vec2<f32>(x, a));
  let unpacked = unpack4x8unorm(packed);
  let folded = sqrt(16.0) + max(3.0, 4.0);
  let all_true = all(v > vec3<f32>()) || any(b < v);
  return select(a, c + d + e, all_true) + fr.fract + f32(fr.exp) + mo.whole.x + unpacked.w + folded + determinant(mat2x2<f32>(1.0, x, x, 1.0));
}

// CHECK: struct @__frexp_result_f32 {
// NEXT:   %fract: f32
// NEXT:   %exp: i32
// NEXT: }
// NEXT: struct @__modf_result_vec3_f32 {
// NEXT:   %fract: vec3<f32>
// NEXT:   %whole: vec3<f32>
// NEXT: }
// NEXT: func @math(%x: f32, %v: vec3<f32>, %n: u32, %i: i32) -> f32 {
// NEXT: ^0:
// NEXT:   %0: f32 = sin %x
// NEXT:   %1: f32 = cos %x
// NEXT:   %2: f32 = mul %0, %1
// NEXT:   %a: f32 = clamp %2, 0.0f, 1.0f
// NEXT:   %3: vec3<f32> = normalize %v
// NEXT:   %b: vec3<f32> = mix %v, %3, %a
// NEXT:   %4: vec3<f32> = cross %v, %b
// NEXT:   %5: f32 = dot %4, %v
// NEXT:   %6: f32 = length %b
// NEXT:   %7: f32 = add %5, %6
// NEXT:   %8: f32 = distance %v, %b
// NEXT:   %c: f32 = add %7, %8
// NEXT:   %9: f32 = abs %x
// NEXT:   %10: f32 = add %9, 1.0f
// NEXT:   %11: f32 = inverse_sqrt %10
// NEXT:   %12: f32 = fma %x, %x, 1.0f
// NEXT:   %13: f32 = add %11, %12
// NEXT:   %14: f32 = pow %x, 2.0f
// NEXT:   %15: f32 = add %13, %14
// NEXT:   %16: f32 = step 0.5f, %x
// NEXT:   %d: f32 = add %15, %16
// NEXT:   %17: u32 = count_one_bits %n
// NEXT:   %18: u32 = reverse_bits %n
// NEXT:   %19: u32 = add %17, %18
// NEXT:   %20: u32 = extract_bits %n, 2u, 3u
// NEXT:   %21: u32 = add %19, %20
// NEXT:   %22: f32 = convert %21
// NEXT:   %23: i32 = first_leading_bit %i
// NEXT:   %24: f32 = convert %23
// NEXT:   %e: f32 = add %22, %24
// NEXT:   %fr: @__frexp_result_f32 = frexp %x
// NEXT:   %mo: @__modf_result_vec3_f32 = modf %v
// NEXT:   %25: vec2<f32> = construct %x, %a
// NEXT:   %packed: u32 = pack2x16float %25
// NEXT:   %unpacked: vec4<f32> = unpack4x8unorm %packed
// NEXT:   %26: vec3<bool> = gt %v, vec3<f32>(0.0f, 0.0f, 0.0f)
// NEXT:   %27: bool = all %26
// NEXT:   if_else %27, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   br ^3(true)
// NEXT: ^2:
// NEXT:   %28: vec3<bool> = lt %b, %v
// NEXT:   %29: bool = any %28
// NEXT:   br ^3(%29)
// NEXT: ^3(%all_true: bool):
// NEXT:   %30: f32 = add %c, %d
// NEXT:   %31: f32 = add %30, %e
// NEXT:   %32: f32 = select %all_true, %31, %a
// NEXT:   %33: f32 = extract %fr, 0u
// NEXT:   %34: f32 = add %32, %33
// NEXT:   %35: i32 = extract %fr, 1u
// NEXT:   %36: f32 = convert %35
// NEXT:   %37: f32 = add %34, %36
// NEXT:   %38: vec3<f32> = extract %mo, 1u
// NEXT:   %39: f32 = extract %38, 0u
// NEXT:   %40: f32 = add %37, %39
// NEXT:   %41: f32 = extract %unpacked, 3u
// NEXT:   %42: f32 = add %40, %41
// NEXT:   %43: f32 = add %42, 8.0f
// NEXT:   %44: mat2x2<f32> = construct 1.0f, %x, %x, 1.0f
// NEXT:   %45: f32 = determinant %44
// NEXT:   %46: f32 = add %43, %45
// NEXT:   return %46
// NEXT: }
