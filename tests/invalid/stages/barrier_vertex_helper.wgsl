fn sync() {
  workgroupBarrier(); //~ E1402
}
@vertex
fn main() -> @builtin(position) vec4f {
  sync();
  return vec4f(0.0);
}
