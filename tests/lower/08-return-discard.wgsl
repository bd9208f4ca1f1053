// RUN: lower
//
// Code after `return`, `break` and `continue` never runs and is not lowered; a function
// that falls off its end returns. WGSL's `discard` statement demotes the invocation to a
// helper invocation and carries on (its behaviour is {Next}, and helpers still take part
// in derivatives), so it is the `demote` instruction and the statements after it are
// lowered. The `discard` terminator, which ends the invocation, is not used.

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

fn early(x: i32) -> i32 {
  if x > 0 {
    return 1;
    let dead = x * 2;
  }
  loop {
    break;
    out[0] = 1.0;
  }
  return 0;
}

@fragment
fn fs(@location(0) alpha: f32) -> @location(0) vec4<f32> {
  if alpha < 0.5 {
    discard;
  }
  let shade = dpdx(alpha);
  return vec4<f32>(shade, alpha, 0.0, 1.0);
}

// CHECK: @out: ptr<storage, array<f32, stride=4>, read_write> = var @group(0) @binding(0)
// NEXT: func @early(%x: i32) -> i32 {
// NEXT: ^0:
// NEXT:   %0: bool = gt %x, 0i
// NEXT:   if_else %0, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   return 1i
// NEXT: ^2:
// NEXT:   br ^3
// NEXT: ^3:
// NEXT:   loop ^4, merge ^6, continue ^5
// NEXT: ^4:
// NEXT:   br ^6
// NEXT: ^5:
// NEXT:   unreachable
// NEXT: ^6:
// NEXT:   return 0i
// NEXT: }
// NEXT: func @fs(%alpha: f32 @location(0)) -> @location(0) vec4<f32> @fragment {
// NEXT: ^0:
// NEXT:   %0: bool = lt %alpha, 0.5f
// NEXT:   if_else %0, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   demote
// NEXT:   br ^3
// NEXT: ^2:
// NEXT:   br ^3
// NEXT: ^3:
// NEXT:   %shade: f32 = dpdx %alpha
// NEXT:   %1: vec4<f32> = construct %shade, %alpha, 0.0f, 1.0f
// NEXT:   return %1
// NEXT: }
