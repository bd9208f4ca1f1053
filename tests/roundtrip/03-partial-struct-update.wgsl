// Updating some members of a struct read from memory: the other members are read back.
struct Particle {
  pos: vec3<f32>,
  life: f32,
  vel: vec3<f32>,
}

@group(0) @binding(0) var<storage, read_write> ps: array<Particle>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  var p = ps[id.x];
  p.vel = p.vel * 0.5;
  p.pos = p.pos + p.vel;
  ps[id.x] = p;
}
