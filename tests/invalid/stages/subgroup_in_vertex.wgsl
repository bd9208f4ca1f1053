enable subgroups;
@vertex fn m() -> @builtin(position) vec4f {
  _ = subgroupElect(); //~ E1402
  return vec4f();
}
