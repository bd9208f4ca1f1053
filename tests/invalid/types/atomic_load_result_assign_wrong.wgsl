var<workgroup> a: atomic<u32>;
@compute @workgroup_size(1)
fn main() {
  let v: i32 = atomicLoad(&a); //~ E1100
}
