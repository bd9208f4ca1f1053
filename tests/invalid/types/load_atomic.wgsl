var<workgroup> w: atomic<i32>;
fn f() {
  let a = w; //~ E1115
}
