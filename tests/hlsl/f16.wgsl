// f16 is half (Shader Model 6.2, -enable-16bit-types); in buffers it is read and written
// as the 32-bit words holding it, and a lone half is merged into its word atomically.
enable f16;

struct Particle {
  position: vec3<f16>,
  weight: f16,
  tint: vec2<f16>,
  age: f16,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;

@compute @workgroup_size(64)
fn age(@builtin(global_invocation_id) id: vec3<u32>) {
  var p = particles[id.x];
  p.position = p.position + vec3<f16>(p.tint, 0.0h) * p.weight;
  p.age = p.age + 1.0h;
  particles[id.x] = p;
}
