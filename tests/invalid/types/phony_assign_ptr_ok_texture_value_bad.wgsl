fn f() {
  _ = undefined_thing; //~ E1001
}
