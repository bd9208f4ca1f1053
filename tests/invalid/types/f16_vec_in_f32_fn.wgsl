enable f16;
fn f(v: vec3h) -> vec3f {
  return v; //~ E1100
}
