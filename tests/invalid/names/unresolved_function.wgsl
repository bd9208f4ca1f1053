fn f() {
  nothing(); //~ E1001
}
