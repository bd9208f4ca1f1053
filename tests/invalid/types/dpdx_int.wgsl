@fragment fn m() {
  _ = dpdx(1i); //~ E1101
}
