fn fade(v: vec3f) -> vec3f {
  return smoothstep(0.0, 1.0, v); //~ E1101
}
