fn f(a: i32) {
  let p = &a; //~ E1108
}
