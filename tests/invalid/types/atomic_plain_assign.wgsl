@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;

@compute @workgroup_size(1)
fn main() {
  counter = counter + 1u; //~ E1115
}
