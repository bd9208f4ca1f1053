fn f() {
  let x = extractBits(1.0, 0u, 1u); //~ E1101
}
