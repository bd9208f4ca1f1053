@vertex fn m(@builtin(position) p: vec4f) -> @builtin(position) vec4f { //~ E1506
  return p;
}
