// A colored triangle: the "hello world" of WebGPU.
// The vertex stage makes the positions from the vertex index, so no buffers are needed.

struct VertexOut {
  @builtin(position) position: vec4f,
  @location(0) color: vec3f,
}

const POSITIONS = array(
  vec2f(0.0, 0.6),
  vec2f(-0.55, -0.45),
  vec2f(0.55, -0.45),
);

const COLORS = array(
  vec3f(1.0, 0.35, 0.3),
  vec3f(0.3, 0.85, 0.45),
  vec3f(0.3, 0.5, 1.0),
);

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> VertexOut {
  var out: VertexOut;
  out.position = vec4f(POSITIONS[index], 0.0, 1.0);
  out.color = COLORS[index];
  return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4f {
  // Gamma-encode the interpolated linear color.
  return vec4f(pow(in.color, vec3f(1.0 / 2.2)), 1.0);
}
