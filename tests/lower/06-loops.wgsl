// RUN: lower
//
// `for`, `while` and `loop` all become the IR's one `loop`:
//
//   ^pre:  loop ^header, merge ^exit, continue ^cont
//   ^header: … the body (`br ^exit` is break, `br ^cont` is continue)
//   ^cont:   … the continuing statements, then the back edge `br ^header`
//   ^exit:   after the loop
//
// A `for` runs its initializer before the loop and its update in the continue block. The
// condition of `for` and `while` is an `if_else` at the top of the body whose false arm
// breaks. `continuing { … break if c; }` ends in the break-if shape: an `if_else` whose
// arms only break and only loop back, with an unreachable merge.

fn loops(n: i32) -> i32 {
  var total = 0;
  for (var i = 0; i < n; i++) {
    if i == 3 {
      continue;
    }
    total += i;
  }
  var j = n;
  while j > 0 {
    j -= 2;
    if j == 5 {
      break;
    }
  }
  var k = 0;
  loop {
    k++;
    if k > 100 {
      break;
    }
    continuing {
      total += k;
      break if total > 1000;
    }
  }
  return total + j + k;
}

fn nested(n: i32) -> i32 {
  var count = 0;
  for (var i = 0; i < n; i++) {
    for (var j = 0; j < i; j++) {
      switch j {
        case 0: {
          continue;
        }
        default: {
          count++;
        }
      }
    }
  }
  return count;
}

fn infinite() -> i32 {
  loop {
    return 1;
  }
}

// CHECK: func @loops(%n: i32) -> i32 {
// NEXT: ^0:
// NEXT:   %total: ptr<function, i32, read_write> = var 0i
// NEXT:   %i: ptr<function, i32, read_write> = var 0i
// NEXT:   loop ^1, merge ^9, continue ^8
// NEXT: ^1:
// NEXT:   %0: i32 = load %i
// NEXT:   %1: bool = lt %0, %n
// NEXT:   if_else %1, ^2, ^3, merge ^4
// NEXT: ^2:
// NEXT:   br ^4
// NEXT: ^3:
// NEXT:   br ^9
// NEXT: ^4:
// NEXT:   %2: i32 = load %i
// NEXT:   %3: bool = eq %2, 3i
// NEXT:   if_else %3, ^5, ^6, merge ^7
// NEXT: ^5:
// NEXT:   br ^8
// NEXT: ^6:
// NEXT:   br ^7
// NEXT: ^7:
// NEXT:   %4: i32 = load %total
// NEXT:   %5: i32 = load %i
// NEXT:   %6: i32 = add %4, %5
// NEXT:   store %total, %6
// NEXT:   br ^8
// NEXT: ^8:
// NEXT:   %7: i32 = load %i
// NEXT:   %8: i32 = add %7, 1i
// NEXT:   store %i, %8
// NEXT:   br ^1
// NEXT: ^9:
// NEXT:   %j: ptr<function, i32, read_write> = var %n
// NEXT:   loop ^10, merge ^18, continue ^17
// NEXT: ^10:
// NEXT:   %9: i32 = load %j
// NEXT:   %10: bool = gt %9, 0i
// NEXT:   if_else %10, ^11, ^12, merge ^13
// NEXT: ^11:
// NEXT:   br ^13
// NEXT: ^12:
// NEXT:   br ^18
// NEXT: ^13:
// NEXT:   %11: i32 = load %j
// NEXT:   %12: i32 = sub %11, 2i
// NEXT:   store %j, %12
// NEXT:   %13: i32 = load %j
// NEXT:   %14: bool = eq %13, 5i
// NEXT:   if_else %14, ^14, ^15, merge ^16
// NEXT: ^14:
// NEXT:   br ^18
// NEXT: ^15:
// NEXT:   br ^16
// NEXT: ^16:
// NEXT:   br ^17
// NEXT: ^17:
// NEXT:   br ^10
// NEXT: ^18:
// NEXT:   %k: ptr<function, i32, read_write> = var 0i
// NEXT:   loop ^19, merge ^27, continue ^23
// NEXT: ^19:
// NEXT:   %15: i32 = load %k
// NEXT:   %16: i32 = add %15, 1i
// NEXT:   store %k, %16
// NEXT:   %17: i32 = load %k
// NEXT:   %18: bool = gt %17, 100i
// NEXT:   if_else %18, ^20, ^21, merge ^22
// NEXT: ^20:
// NEXT:   br ^27
// NEXT: ^21:
// NEXT:   br ^22
// NEXT: ^22:
// NEXT:   br ^23
// NEXT: ^23:
// NEXT:   %19: i32 = load %total
// NEXT:   %20: i32 = load %k
// NEXT:   %21: i32 = add %19, %20
// NEXT:   store %total, %21
// NEXT:   %22: i32 = load %total
// NEXT:   %23: bool = gt %22, 1000i
// NEXT:   if_else %23, ^24, ^25, merge ^26
// NEXT: ^24:
// NEXT:   br ^27
// NEXT: ^25:
// NEXT:   br ^19
// NEXT: ^26:
// NEXT:   unreachable
// NEXT: ^27:
// NEXT:   %24: i32 = load %total
// NEXT:   %25: i32 = load %j
// NEXT:   %26: i32 = add %24, %25
// NEXT:   %27: i32 = load %k
// NEXT:   %28: i32 = add %26, %27
// NEXT:   return %28
// NEXT: }
// NEXT: func @nested(%n: i32) -> i32 {
// NEXT: ^0:
// NEXT:   %count: ptr<function, i32, read_write> = var 0i
// NEXT:   %i: ptr<function, i32, read_write> = var 0i
// NEXT:   loop ^1, merge ^15, continue ^14
// NEXT: ^1:
// NEXT:   %0: i32 = load %i
// NEXT:   %1: bool = lt %0, %n
// NEXT:   if_else %1, ^2, ^3, merge ^4
// NEXT: ^2:
// NEXT:   br ^4
// NEXT: ^3:
// NEXT:   br ^15
// NEXT: ^4:
// NEXT:   %j: ptr<function, i32, read_write> = var 0i
// NEXT:   loop ^5, merge ^13, continue ^12
// NEXT: ^5:
// NEXT:   %2: i32 = load %j
// NEXT:   %3: i32 = load %i
// NEXT:   %4: bool = lt %2, %3
// NEXT:   if_else %4, ^6, ^7, merge ^8
// NEXT: ^6:
// NEXT:   br ^8
// NEXT: ^7:
// NEXT:   br ^13
// NEXT: ^8:
// NEXT:   %5: i32 = load %j
// NEXT:   switch %5, default ^10, merge ^11, case 0i ^9
// NEXT: ^9:
// NEXT:   br ^12
// NEXT: ^10:
// NEXT:   %6: i32 = load %count
// NEXT:   %7: i32 = add %6, 1i
// NEXT:   store %count, %7
// NEXT:   br ^11
// NEXT: ^11:
// NEXT:   br ^12
// NEXT: ^12:
// NEXT:   %8: i32 = load %j
// NEXT:   %9: i32 = add %8, 1i
// NEXT:   store %j, %9
// NEXT:   br ^5
// NEXT: ^13:
// NEXT:   br ^14
// NEXT: ^14:
// NEXT:   %10: i32 = load %i
// NEXT:   %11: i32 = add %10, 1i
// NEXT:   store %i, %11
// NEXT:   br ^1
// NEXT: ^15:
// NEXT:   %12: i32 = load %count
// NEXT:   return %12
// NEXT: }
// NEXT: func @infinite() -> i32 {
// NEXT: ^0:
// NEXT:   loop ^1, merge ^3, continue ^2
// NEXT: ^1:
// NEXT:   return 1i
// NEXT: ^2:
// NEXT:   unreachable
// NEXT: ^3:
// NEXT:   unreachable
// NEXT: }
