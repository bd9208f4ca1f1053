@compute @workgroup_size(1) fn main() {
  discard; //~ E1402
}
