var<workgroup> a: atomic<i32>;
@compute @workgroup_size(1)
fn main() {
  atomicStore(&a, 1u); //~ E1101
}
