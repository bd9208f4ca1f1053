struct A { //~ E1002
  b: B,
}
struct B {
  a: A,
}
