fn f() {
  let a = bitcast(1u); //~ E1009
}
