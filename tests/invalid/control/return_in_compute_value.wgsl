@compute @workgroup_size(1) fn m() {
  return 1; //~ E1706
}
