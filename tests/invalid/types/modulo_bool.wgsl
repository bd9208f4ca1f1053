fn f() {
  let a = true % false; //~ E1101
}
