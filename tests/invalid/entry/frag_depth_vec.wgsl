@fragment fn m() -> @builtin(frag_depth) vec2f { //~ E1507
  return vec2f();
}
