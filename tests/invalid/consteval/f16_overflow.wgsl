enable f16;
fn f() {
  let a = f16(70000.0); //~ E1300
}
