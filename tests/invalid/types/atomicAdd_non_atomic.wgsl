var<workgroup> w: u32;
@compute @workgroup_size(1) fn m() {
  atomicAdd(&w, 1u); //~ E1101
}
