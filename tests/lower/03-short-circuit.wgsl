// RUN: lower
//
// `&&` and `||` evaluate their right side only when needed, so they become an
// `if_else` whose merge block receives the result as its parameter (the IR has no phis):
//
//   a && b     if_else %a, ^rhs, ^short, merge ^m   ^rhs: br ^m(%b)   ^short: br ^m(false)
//   a || b     if_else %a, ^short, ^rhs, merge ^m   ^short: br ^m(true)   ^rhs: br ^m(%b)
//
// The right side's own instructions (here a call) live in its arm. `&` and `|` on bools
// evaluate both sides: they are plain `and` and `or`. When the left side is a constant
// that decides the result, the right side is never evaluated and the result is that
// constant.

fn expensive(x: i32) -> bool {
  return x > 10;
}

fn logic(a: bool, x: i32) -> bool {
  let both = a && expensive(x);
  let either = a || expensive(x + 1);
  let nested = (a || both) && (either || x == 0);
  let eager = a & both;
  let decided = false && expensive(x);
  return both != either && nested != eager && !decided;
}

// CHECK: func @expensive(%x: i32) -> bool {
// NEXT: ^0:
// NEXT:   %0: bool = gt %x, 10i
// NEXT:   return %0
// NEXT: }
// NEXT: func @logic(%a: bool, %x: i32) -> bool {
// NEXT: ^0:
// NEXT:   if_else %a, ^1, ^2, merge ^3
// NEXT: ^1:
// NEXT:   %0: bool = call @expensive(%x)
// NEXT:   br ^3(%0)
// NEXT: ^2:
// NEXT:   br ^3(false)
// NEXT: ^3(%both: bool):
// NEXT:   if_else %a, ^4, ^5, merge ^6
// NEXT: ^4:
// NEXT:   br ^6(true)
// NEXT: ^5:
// NEXT:   %1: i32 = add %x, 1i
// NEXT:   %2: bool = call @expensive(%1)
// NEXT:   br ^6(%2)
// NEXT: ^6(%either: bool):
// NEXT:   if_else %a, ^7, ^8, merge ^9
// NEXT: ^7:
// NEXT:   br ^9(true)
// NEXT: ^8:
// NEXT:   br ^9(%both)
// NEXT: ^9(%3: bool):
// NEXT:   if_else %3, ^10, ^14, merge ^15
// NEXT: ^10:
// NEXT:   if_else %either, ^11, ^12, merge ^13
// NEXT: ^11:
// NEXT:   br ^13(true)
// NEXT: ^12:
// NEXT:   %4: bool = eq %x, 0i
// NEXT:   br ^13(%4)
// NEXT: ^13(%5: bool):
// NEXT:   br ^15(%5)
// NEXT: ^14:
// NEXT:   br ^15(false)
// NEXT: ^15(%nested: bool):
// NEXT:   %eager: bool = and %a, %both
// NEXT:   %6: bool = ne %both, %either
// NEXT:   if_else %6, ^16, ^17, merge ^18
// NEXT: ^16:
// NEXT:   %7: bool = ne %nested, %eager
// NEXT:   br ^18(%7)
// NEXT: ^17:
// NEXT:   br ^18(false)
// NEXT: ^18(%8: bool):
// NEXT:   if_else %8, ^19, ^20, merge ^21
// NEXT: ^19:
// NEXT:   %9: bool = not false
// NEXT:   br ^21(%9)
// NEXT: ^20:
// NEXT:   br ^21(false)
// NEXT: ^21(%10: bool):
// NEXT:   return %10
// NEXT: }
