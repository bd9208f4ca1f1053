@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  var i = 0u;
  loop {
    if (i >= gid.x) { break; }
    workgroupBarrier(); //~ E1852
    i++;
  }
}
