// RUN: lower
//
// `switch` becomes `switch %selector, default ^d, merge ^m, case V ^b, …` with one block
// per clause. Several selectors of one clause (`case 1, 2`) share its block, and so does
// `default` when it is written among them. `break` in a clause branches to the merge.
// Case values are constants of the selector's type.

fn cases(x: u32) -> u32 {
  var r = 0u;
  switch x {
    case 0u: {
      r = 10u;
    }
    case 1u, 2u: {
      if r == 0u {
        break;
      }
      r = 20u;
    }
    case 3u, default: {
      r = 30u;
    }
  }
  return r;
}

fn abstract_cases(x: i32) -> i32 {
  switch x {
    case 1, 2 + 3: {
      return 1;
    }
    default: {
      return 0;
    }
  }
}

// CHECK: func @cases(%x: u32) -> u32 {
// NEXT: ^0:
// NEXT:   %r: ptr<function, u32, read_write> = var 0u
// NEXT:   switch %x, default ^6, merge ^7, case 0u ^1, case 1u ^2, case 2u ^2, case 3u ^6
// NEXT: ^1:
// NEXT:   store %r, 10u
// NEXT:   br ^7
// NEXT: ^2:
// NEXT:   %0: u32 = load %r
// NEXT:   %1: bool = eq %0, 0u
// NEXT:   if_else %1, ^3, ^4, merge ^5
// NEXT: ^3:
// NEXT:   br ^7
// NEXT: ^4:
// NEXT:   br ^5
// NEXT: ^5:
// NEXT:   store %r, 20u
// NEXT:   br ^7
// NEXT: ^6:
// NEXT:   store %r, 30u
// NEXT:   br ^7
// NEXT: ^7:
// NEXT:   %2: u32 = load %r
// NEXT:   return %2
// NEXT: }
// NEXT: func @abstract_cases(%x: i32) -> i32 {
// NEXT: ^0:
// NEXT:   switch %x, default ^2, merge ^3, case 1i ^1, case 5i ^1
// NEXT: ^1:
// NEXT:   return 1i
// NEXT: ^2:
// NEXT:   return 0i
// NEXT: ^3:
// NEXT:   unreachable
// NEXT: }
