override o = 1;
fn f() {
  o = 2; //~ E1700
}
