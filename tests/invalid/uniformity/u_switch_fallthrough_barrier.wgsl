@compute @workgroup_size(64) fn m(@builtin(local_invocation_id) i: vec3u) {
  switch i.x {
    case 0u: { return; }
    default: {}
  }
  workgroupBarrier(); //~ E1852
}
