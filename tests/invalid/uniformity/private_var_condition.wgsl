var<private> p: f32;
@compute @workgroup_size(1) fn main() {
  if p > 0.0 {
    storageBarrier(); //~ E1852
  }
}
