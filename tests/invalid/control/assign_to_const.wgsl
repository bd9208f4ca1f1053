const SCALE = 2.0;
fn f() {
  SCALE = 3.0; //~ E1700
}
