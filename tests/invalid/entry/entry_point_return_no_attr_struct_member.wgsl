struct O { @builtin(position) p: vec4f, extra: f32 } //~ E1505
@vertex fn m() -> O {
  return O();
}
