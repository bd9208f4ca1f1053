var<workgroup> w: u32;
@compute @workgroup_size(64) fn main() {
  if w == 0u {
    workgroupBarrier(); //~ E1852
  }
}
