@fragment fn m() -> @builtin(position) vec4f { //~ E1506
  return vec4f();
}
