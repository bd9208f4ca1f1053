// A particle system: a compute pass integrates positions under gravity and a vortex,
// respawning particles that die; a render pass draws each particle as a camera-facing quad.

struct Particle {
  position: vec3f,
  life: f32,
  velocity: vec3f,
  seed: u32,
}

struct Sim {
  dt: f32,
  time: f32,
  count: u32,
}

struct Camera {
  view_proj: mat4x4f,
  right: vec3f,
  up: vec3f,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<uniform> sim: Sim;
@group(1) @binding(0) var<uniform> camera: Camera;
@group(1) @binding(1) var<storage, read> drawn: array<Particle>;

// PCG hash: a good, cheap integer hash for per-particle randomness.
fn pcg(v: u32) -> u32 {
  let state = v * 747796405u + 2891336453u;
  let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}

fn random01(seed: ptr<function, u32>) -> f32 {
  *seed = pcg(*seed);
  return f32(*seed) / 4294967295.0;
}

fn respawn(p: ptr<function, Particle>) {
  var seed = (*p).seed;
  let angle = random01(&seed) * 6.2831853;
  let speed = 1.5 + random01(&seed);
  (*p).position = vec3f(0.0);
  (*p).velocity = vec3f(cos(angle) * 0.4, speed * 2.0, sin(angle) * 0.4);
  (*p).life = 2.0 + 2.0 * random01(&seed);
  (*p).seed = seed;
}

@compute @workgroup_size(64)
fn simulate(@builtin(global_invocation_id) id: vec3u) {
  if (id.x >= sim.count) {
    return;
  }
  var p = particles[id.x];
  p.life -= sim.dt;
  if (p.life <= 0.0) {
    respawn(&p);
  } else {
    let swirl = vec3f(-p.position.z, 0.0, p.position.x) * 1.5;
    let gravity = vec3f(0.0, -2.5, 0.0);
    p.velocity += (gravity + swirl) * sim.dt;
    p.velocity *= 0.995;
    p.position += p.velocity * sim.dt;
  }
  particles[id.x] = p;
}

struct Varyings {
  @builtin(position) position: vec4f,
  @location(0) corner: vec2f,
  @location(1) fade: f32,
}

@vertex
fn draw(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> Varyings {
  let corner = vec2f(f32(v & 1u), f32((v >> 1u) & 1u)) * 2.0 - 1.0;
  let p = drawn[i];
  let size = 0.03;
  let world = p.position + (camera.right * corner.x + camera.up * corner.y) * size;
  var out: Varyings;
  out.position = camera.view_proj * vec4f(world, 1.0);
  out.corner = corner;
  out.fade = clamp(p.life, 0.0, 1.0);
  return out;
}

@fragment
fn glow(in: Varyings) -> @location(0) vec4f {
  let falloff = 1.0 - smoothstep(0.0, 1.0, length(in.corner));
  let color = mix(vec3f(1.0, 0.3, 0.1), vec3f(1.0, 0.9, 0.5), falloff);
  return vec4f(color * falloff * in.fade, falloff * in.fade);
}
