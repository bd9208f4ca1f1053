fn f() {
  continue; //~ E1704
}
