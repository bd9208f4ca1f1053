fn f(uv: vec2f) -> vec4f {
  return vec4f(uv); //~ E1102
}
