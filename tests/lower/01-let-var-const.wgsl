// RUN: lower
//
// Declarations in a function.
//
// - `var` is a `var` instruction, a pointer in the `function` address space. It always
//   has an initializer: WGSL zero-initializes a `var` without one, and the IR says so.
// - `let` names a value: the initializer's instruction takes the name. A `let` of a value
//   that already exists (a constant, a parameter) emits nothing; its uses use that value.
// - `const` is folded: its uses are constants.
// - Scopes are flattened. A name declared again (shadowing, or in a sibling scope) is
//   renamed in its debug name: `x`, `x_1`, `x_2`.

fn declarations(a: i32) -> i32 {
  var zeroed: vec2<f32>;
  var counter = 1;
  let sum = a + 2;
  let same = a;
  const K = 3 * 4;
  counter = counter + K + same;
  let x = sum * 2;
  {
    let x = x + 1;
    counter = counter + x;
  }
  {
    var x = 5;
    x = x + counter;
    counter = x;
  }
  return counter + i32(zeroed.x);
}

// CHECK: func @declarations(%a: i32) -> i32 {
// NEXT: ^0:
// NEXT:   %zeroed: ptr<function, vec2<f32>, read_write> = var vec2<f32>()
// NEXT:   %counter: ptr<function, i32, read_write> = var 1i
// NEXT:   %sum: i32 = add %a, 2i
// NEXT:   %0: i32 = load %counter
// NEXT:   %1: i32 = add %0, 12i
// NEXT:   %2: i32 = add %1, %a
// NEXT:   store %counter, %2
// NEXT:   %x: i32 = mul %sum, 2i
// NEXT:   %x_1: i32 = add %x, 1i
// NEXT:   %3: i32 = load %counter
// NEXT:   %4: i32 = add %3, %x_1
// NEXT:   store %counter, %4
// NEXT:   %x_2: ptr<function, i32, read_write> = var 5i
// NEXT:   %5: i32 = load %x_2
// NEXT:   %6: i32 = load %counter
// NEXT:   %7: i32 = add %5, %6
// NEXT:   store %x_2, %7
// NEXT:   %8: i32 = load %x_2
// NEXT:   store %counter, %8
// NEXT:   %9: i32 = load %counter
// NEXT:   %10: ptr<function, f32, read_write> = access %zeroed, 0u
// NEXT:   %11: f32 = load %10
// NEXT:   %12: i32 = convert %11
// NEXT:   %13: i32 = add %9, %12
// NEXT:   return %13
// NEXT: }
