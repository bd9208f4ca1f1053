@compute @workgroup_size(64) fn main() {
  _ = subgroupElect(); //~ E1800
}
