fn f() {
  let a = array<i32, 2>();
  let x = a.length; //~ E1105
}
