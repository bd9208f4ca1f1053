fn f() {
  const_assert 1 == 2; //~ E1307
}
