fn f() {
  let x = 1
  let y = 2; //~ E0201
}
