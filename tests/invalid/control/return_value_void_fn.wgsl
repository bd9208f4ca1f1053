fn f() {
  return 1; //~ E1706
}
