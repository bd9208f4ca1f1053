@group(0) @binding(0) var<storage, read_write> a: atomic<u32>;
@compute @workgroup_size(64) fn m() {
  if atomicLoad(&a) == 0u {
    workgroupBarrier(); //~ E1852
  }
}
