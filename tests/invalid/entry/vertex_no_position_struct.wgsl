struct VSOut {
  @location(0) color: vec4f,
  @location(1) uv: vec2f,
}

@vertex
fn main(@location(0) pos: vec3f) -> VSOut { //~ E1514
  var out: VSOut;
  out.color = vec4f(pos, 1.0);
  out.uv = pos.xy;
  return out;
}
