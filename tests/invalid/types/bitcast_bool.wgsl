fn f() {
  let x = bitcast<u32>(true); //~ E1101
}
