@fragment fn m() -> @location(0) @invariant vec4f { //~ E1511
  return vec4f();
}
