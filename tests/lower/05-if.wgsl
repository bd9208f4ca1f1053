// RUN: lower
//
// `if` becomes `if_else` with both arms always present; an arm that does not leave
// branches to the merge block. `else if` nests an `if_else` in the else arm.
//
// When no branch reaches a merge block (both arms return), the merge holds
// `unreachable` and the statements after the `if` are dead: they are not lowered.

fn classify(x: i32) -> i32 {
  var r = 0;
  if x < 0 {
    r = -1;
  } else if x == 0 {
    r = 0;
  } else if x < 10 {
    r = 1;
  } else {
    r = 2;
  }
  if r == 2 {
    r = 3;
  }
  return r;
}

fn both_return(b: bool) -> i32 {
  if b {
    return 1;
  } else {
    return 2;
  }
}

// CHECK: func @classify(%x: i32) -> i32 {
// NEXT: ^0:
// NEXT:   %r: ptr<function, i32, read_write> = var 0i
// NEXT:   %0: bool = lt %x, 0i
// NEXT:   if_else %0, ^1, ^2, merge ^9
// NEXT: ^1:
// NEXT:   store %r, -1i
// NEXT:   br ^9
// NEXT: ^2:
// NEXT:   %1: bool = eq %x, 0i
// NEXT:   if_else %1, ^3, ^4, merge ^8
// NEXT: ^3:
// NEXT:   store %r, 0i
// NEXT:   br ^8
// NEXT: ^4:
// NEXT:   %2: bool = lt %x, 10i
// NEXT:   if_else %2, ^5, ^6, merge ^7
// NEXT: ^5:
// NEXT:   store %r, 1i
// NEXT:   br ^7
// NEXT: ^6:
// NEXT:   store %r, 2i
// NEXT:   br ^7
// NEXT: ^7:
// NEXT:   br ^8
// NEXT: ^8:
// NEXT:   br ^9
// NEXT: ^9:
// NEXT:   %3: i32 = load %r
// NEXT:   %4: bool = eq %3, 2i
// NEXT:   if_else %4, ^10, ^11, merge ^12
// NEXT: ^10:
// NEXT:   store %r, 3i
// NEXT:   br ^12
// NEXT: ^11:
// NEXT:   br ^12
// NEXT: ^12:
// NEXT:   %5: i32 = load %r
// NEXT:   return %5
// NEXT: }
// NEXT: func @both_return(%b: bool) -> i32 {
// NEXT: ^0:
// NEXT:   if_else %b, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   return 1i
// NEXT: ^2:
// NEXT:   return 2i
// NEXT: ^3:
// NEXT:   unreachable
// NEXT: }
