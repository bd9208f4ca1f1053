fn h() {
  discard; //~ E1402
}
@vertex fn m() -> @builtin(position) vec4f {
  h();
  return vec4f();
}
