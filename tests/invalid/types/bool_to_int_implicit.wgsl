fn f() {
  let i: i32 = true; //~ E1100
}
