fn kill() {
  discard; //~ E1402
}
@compute @workgroup_size(1)
fn main() {
  kill();
}
