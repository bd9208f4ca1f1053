struct O { @location(0) c: vec4f }
@vertex fn m() -> O { //~ E1514
  return O();
}
