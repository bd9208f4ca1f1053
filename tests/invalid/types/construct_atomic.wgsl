fn f() {
  let a = atomic<i32>(1); //~ E1103
}
