fn f(v: vec4f) -> vec2f {
  return v.xg; //~ E1106
}
