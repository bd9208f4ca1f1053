@compute @workgroup_size(1) fn main(
  @builtin(global_invocation_id) //~ E1507
  id : vec3i) {}
