@vertex fn m() -> @builtin(position) vec4f {
  storageBarrier(); //~ E1402
  return vec4f();
}
