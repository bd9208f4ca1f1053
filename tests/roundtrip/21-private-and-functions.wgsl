// A private variable, helper functions with results, and a vertex entry point.
var<private> seed: u32 = 7u;

fn next() -> u32 {
  seed = seed * 1664525u + 1013904223u;
  return seed;
}

fn unit(x: u32) -> f32 {
  return f32(x & 0xffffu) / 65535.0;
}

@vertex
fn main(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4<f32> {
  seed = vi;
  let x = unit(next());
  let y = unit(next());
  return vec4<f32>(x, y, 0.0, 1.0);
}
