// RUN: lower
//
// Assignment evaluates the reference first, then the value, then stores (WGSL's
// "evaluates r, then e, then writes").
//
// Compound assignment `e1 op= e2` and `e++`/`e--` evaluate the reference once: the
// reference, a `load` of the old value, the right-hand side, the operation, a `store`.
// Here `index()` is called once per statement and before `bump()`.
//
// `_ = e` evaluates `e` for its effects; a constant has none and emits nothing.

var<private> data: array<i32, 4>;
var<private> calls: i32;

fn index() -> i32 {
  calls += 1;
  return calls % 4;
}

fn bump() -> i32 {
  calls++;
  return calls;
}

fn assignments() {
  data[index()] = bump();
  data[index()] += bump();
  data[index()]++;
  data[0] <<= 2u;
  data[1]--;
  _ = bump();
  _ = 42;
}

// CHECK: @data: ptr<private, array<i32, 4, stride=4>, read_write> = var array<i32, 4, stride=4>()
// NEXT: @calls: ptr<private, i32, read_write> = var i32()
// NEXT: func @index() -> i32 {
// NEXT: ^0:
// NEXT:   %0: i32 = load @calls
// NEXT:   %1: i32 = add %0, 1i
// NEXT:   store @calls, %1
// NEXT:   %2: i32 = load @calls
// NEXT:   %3: i32 = rem %2, 4i
// NEXT:   return %3
// NEXT: }
// NEXT: func @bump() -> i32 {
// NEXT: ^0:
// NEXT:   %0: i32 = load @calls
// NEXT:   %1: i32 = add %0, 1i
// NEXT:   store @calls, %1
// NEXT:   %2: i32 = load @calls
// NEXT:   return %2
// NEXT: }
// NEXT: func @assignments() {
// NEXT: ^0:
// NEXT:   %0: i32 = call @index()
// NEXT:   %1: ptr<private, i32, read_write> = access @data, %0
// NEXT:   %2: i32 = call @bump()
// NEXT:   store %1, %2
// NEXT:   %3: i32 = call @index()
// NEXT:   %4: ptr<private, i32, read_write> = access @data, %3
// NEXT:   %5: i32 = load %4
// NEXT:   %6: i32 = call @bump()
// NEXT:   %7: i32 = add %5, %6
// NEXT:   store %4, %7
// NEXT:   %8: i32 = call @index()
// NEXT:   %9: ptr<private, i32, read_write> = access @data, %8
// NEXT:   %10: i32 = load %9
// NEXT:   %11: i32 = add %10, 1i
// NEXT:   store %9, %11
// NEXT:   %12: ptr<private, i32, read_write> = access @data, 0i
// NEXT:   %13: i32 = load %12
// NEXT:   %14: i32 = shl %13, 2u
// NEXT:   store %12, %14
// NEXT:   %15: ptr<private, i32, read_write> = access @data, 1i
// NEXT:   %16: i32 = load %15
// NEXT:   %17: i32 = sub %16, 1i
// NEXT:   store %15, %17
// NEXT:   %18: i32 = call @bump()
// NEXT:   return
// NEXT: }
