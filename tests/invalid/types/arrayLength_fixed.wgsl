@group(0) @binding(0) var<storage> a: array<u32, 4>;
@compute @workgroup_size(1) fn m() {
  _ = arrayLength(&a); //~ E1101
}
