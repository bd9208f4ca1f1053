fn f() {
  let a = 1.0f;
  let b: i32 = a; //~ E1100
}
