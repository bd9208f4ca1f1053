fn f() {
  let x: i32 = 1.5; //~ E1100
}
