@vertex
fn f(
  @align(4) //~ E1500
  x: f32) -> @builtin(position) vec4f { return vec4f(); } //~ E1505
