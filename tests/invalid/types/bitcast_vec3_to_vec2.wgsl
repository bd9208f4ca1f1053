fn f(v: vec3u) -> vec2f {
  return bitcast<vec2f>(v); //~ E1101
}
