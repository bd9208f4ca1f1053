fn f() {
  abs(1); //~ E1400
}
