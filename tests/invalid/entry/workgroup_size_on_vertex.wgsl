@vertex @workgroup_size(1) fn m() -> @builtin(position) vec4f { //~ E1513
  return vec4f();
}
