@compute @workgroup_size(64)
fn main() {
  let x = subgroupBroadcast(1u, 0u); //~ E1800
}
