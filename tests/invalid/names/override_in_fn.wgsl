fn f() {
  override o = 1; //~ E0202
} //~ E0211
