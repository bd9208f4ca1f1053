fn f() -> void { //~ E1001
  return;
}
