const c = 1;
fn f() {
  let p = &c; //~ E1108
}
