@fragment
fn main(@builtin(num_workgroups) n: vec3u) -> @location(0) vec4f { //~ E1506
  return vec4f(0.0);
}
