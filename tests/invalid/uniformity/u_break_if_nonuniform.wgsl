@compute @workgroup_size(64) fn m(@builtin(local_invocation_index) i: u32) {
  var j = 0u;
  loop {
    workgroupBarrier(); //~ E1852
    j++;
    continuing {
      break if j > i;
    }
  }
}
