@vertex fn m(@builtin(local_invocation_index) i: u32) -> @builtin(position) vec4f { //~ E1506
  return vec4f();
}
