@compute @workgroup_size(1) fn m() {
  _ = fwidth(1.0); //~ E1402
}
