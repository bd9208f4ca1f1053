struct S { //~ E1002
  next: S,
}
