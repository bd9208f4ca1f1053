@group(0) @binding(0) var<storage, read_write> debug: array<f32>;
@vertex
fn main(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4f {
  debug[vi] = 1.0; //~ E1402
  return vec4f(0.0);
}
