struct Particles {
  pos: array<vec4f>,
}
@group(0) @binding(0) var<storage> particles: Particles;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  particles.pos[id.x] = vec4f(0.0); //~ E1701
}
