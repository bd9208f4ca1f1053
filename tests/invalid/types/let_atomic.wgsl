fn f() {
  let a = atomic<i32>(); //~ E1103
}
