fn f() {
  let a = array<i32>(); //~ E1103
}
