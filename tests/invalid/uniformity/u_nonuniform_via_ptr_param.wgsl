fn g(p: ptr<function, u32>) {
  if *p == 0u {
    workgroupBarrier(); //~ E1852
  }
}
@compute @workgroup_size(64) fn m(@builtin(local_invocation_index) i: u32) {
  var x = i;
  g(&x);
}
