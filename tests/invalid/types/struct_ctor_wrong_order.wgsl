struct Vertex {
  pos: vec3f,
  uv: vec2f,
}
fn make() -> Vertex {
  return Vertex(vec2f(0.0), vec3f(1.0)); //~ E1102
}
