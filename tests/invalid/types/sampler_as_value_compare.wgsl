@group(0) @binding(0) var s: sampler;
@group(0) @binding(1) var s2: sampler;
fn f() -> bool {
  return s == s2; //~ E1101
}
