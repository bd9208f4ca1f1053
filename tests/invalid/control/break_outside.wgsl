fn f() {
  break; //~ E1703
}
