@fragment
fn main(
  a : vec4f) //~ E1505
  -> @location(0) vec4f { return a; }
